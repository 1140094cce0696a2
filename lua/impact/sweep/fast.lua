-- The C fast path of sweeps: solve2d, or solve3d with one body on the
-- plane or two bodies, with a built-in law, no map function, numeric fields
-- the C problem can set (and "law" over the built-in laws' names, solve3d's
-- "method"). plan() returns nil whenever the sweep does not qualify, and the
-- sweep then runs point by point in Lua; run() solves the points chunk by
-- chunk in C (core/sweep2d.c on worker threads, which also format the CSV
-- rows), writes the rows in order and leaves the columns to be built from
-- the plan when first read.
local points = require("impact.sweep.points")
local output = require("impact.sweep.output")

local M = {}

-- Chunks: the first (M.chunk) a few ms of work, so that progress shows soon.
-- Later chunks, unless spec.chunk fixes their size, are sized from the rate
-- measured (solving, formatting and writing the rows) to about CHUNK_S of
-- work (the progress bar redraws at most that often anyway): each chunk
-- ends in a join of the threads, so fewer chunks keep them busier. Ctrl-C
-- does not wait for a chunk's end (the workers poll it every batch of 512
-- points, formatting included). A sweep that keeps no columns reuses
-- BUFFER rows (or the first chunk's, if more); with a CSV, chunks hold at
-- most TEXT rows (their text, about 300 bytes a row, is held until written).
local CHUNK_S, BUFFER, TEXT = 0.1, 262144, 131072

local names = require("impact.names")
local LAWS = names.set(names.LAWS)

local COEF = { B1 = true, B2 = true, B3 = true, S0 = true, C0 = true }

local function deepcopy(v)
  if type(v) ~= "table" then return v end
  local out = {}
  for k, x in pairs(v) do out[k] = deepcopy(x) end
  return out
end

-- Whether the C problem sets this field the way solve2d reads the table.
local function settable(name, base)
  local body, field = name:match("^(body[12])%.(.+)$")
  if body then
    -- With I given, solve2d derives rho = sqrt(I/m) per point; C keeps rho.
    if (field == "m" or field == "rho") and type(base[body]) == "table" and base[body].I ~= nil then
      return false
    end
    return type(base[body]) == "table"
  end
  if COEF[name] then return base.body1 == nil end
  if name == "mu" then return base.mu_s == nil and base.mu_k == nil end
  if name == "law" then return true end   -- names checked with the values
  return name == "mu_s" or name == "mu_k" or name == "e"
end

-- Whether the C 3D problem sets this field the way solve3d reads the table:
-- a vector's component in the form the base gives the vector ("v.x" where
-- the vector has x, y, z; "v.1" where it is a list); the angles when the
-- body gives no other orientation; a principal moment ("inertia.2") of a
-- list {I1, I2, I3}. Body 1's fields are at the top level, or
-- under "body." when the base has a body table (its v and w only where the
-- top level gives none: solve3d takes those first); body 2's under "body2.".
local METHODS = { exact = true, algebraic = true }
local function component(t, comp)
  if type(t) ~= "table" then return false end
  if comp:match("^[xyz]$") then return t.x ~= nil and t[1] == nil end
  return comp:match("^[123]$") ~= nil and t[1] ~= nil and t.x == nil
end
local function body_settable(b, field, vw)
  local head, comp = field:match("^([vwr])%.(.+)$")
  if head then return (head == "r" or vw) and component(b[head], comp) end
  comp = field:match("^inertia%.([123])$")   -- a moment of a principal list {I1, I2, I3}
  if comp then
    local I = b.inertia
    return component(I, comp) and rawlen(I) == 3 and type(I[1]) == "number"
  end
  if field == "theta1" or field == "theta2" then
    return b.R == nil and b.q == nil and b.theta1_deg == nil and b.theta2_deg == nil
  end
  return field == "m"
end
local function settable3d(name, base)
  local which, field = name:match("^(body2?)%.(.+)$")
  if which then
    local b = base[which]
    if type(b) ~= "table" then return false end
    local head = field:match("^([vw])%.")
    return body_settable(b, field, which == "body2" or head and base[head] == nil)
  end
  local head = name:match("^([vw])%.")
  if type(base.body) == "table" then   -- body 1's shape is in the body table
    if head then return body_settable(base, name, true) end
  elseif body_settable(base, name, true) then
    return true
  end
  if name == "mu" then return base.mu_s == nil and base.mu_k == nil end
  return name == "mu_s" or name == "mu_k" or name == "e" or name == "law"
    or name == "method" or name == "rtol"
end

-- The form of problem the fast path can take, or nil: "solve2d", "solve3d".
local function form(o)
  local base = o.base
  -- a friction law (a Lua function) and tangential compliance: per point,
  -- the solver's own call
  if base.friction ~= nil or base.compliance ~= nil then return nil end
  if o.solvename == "solve2d" then
    if base.model ~= nil and base.model ~= "routh" then return nil end
    if base.M ~= nil then return nil end   -- a mechanism: qdot per point, in Lua
    return "solve2d"
  elseif o.solvename == "solve3d" then
    -- one body on the plane or two bodies, not a mechanism
    if base.M ~= nil or base.J ~= nil or base.qdot ~= nil then return nil end
    return "solve3d"
  end
end

-- plan(st) for a sweep state st (see sweep.lua) -> { run(first, count, threads)
-- -> done, failures, interrupted; column(name [, lo, hi]) -> rows lo..hi }
function M.plan(st)
  local core, spec, o, design, cols = st.core, st.spec, st.opts, st.design, st.cols
  local solve = form(o)
  if spec.fast == false or o.map or not solve or not core._sweep2d_new
      or not cols.solved or cols.stopped then
    return nil
  end
  local base = o.base
  if base.law ~= nil and type(base.law) ~= "string" then return nil end
  for _, name in ipairs(design.names) do
    if solve == "solve2d" and not settable(name, base)
        or solve == "solve3d" and not settable3d(name, base) then
      return nil
    end
  end
  local axes = {}
  for _, a in ipairs(design.axes) do
    if a.kind == "grid" then
      local names = a.name == "law" and LAWS or a.name == "method" and solve == "solve3d" and METHODS
      for _, v in ipairs(a.values) do
        if names and not names[v] or not names and type(v) ~= "number" then return nil end
      end
      axes[#axes + 1] = { count = a.count, nfield = 1, values = a.values }
    else
      local flat, k = {}, #a.sample.names
      for j = 1, k do
        local col = a.sample.cols[j]
        for i = 1, a.count do flat[(i - 1) * k + j] = col[i] end
      end
      axes[#axes + 1] = { count = a.count, nfield = k, values = flat }
    end
  end
  -- A point that solved, parsed by solve2d's own parser: fixes the problem's form.
  local probe = deepcopy(base)
  local p1 = design.point(cols.solved)
  for _, name in ipairs(design.names) do points.set(probe, name, p1[name]) end
  local names, source, nvary, nnum = cols.names, cols.source, cols.nvary, cols.nnum
  local outs = {}
  for j = nvary + 1, nvary + nnum do outs[#outs + 1] = source[j] end
  -- Rows for the whole run, or for one chunk reused when columns are not kept.
  local function rows_for(keep)
    local rows = st.last - st.first + 1
    if not keep then rows = math.min(rows, st.opts.chunk or math.max(M.chunk(st), BUFFER)) end
    return rows
  end
  local rows = rows_for(o.keep)
  local strs = {}   -- mode and class, the CSV's last columns when present
  for j = nvary + nnum + 1, #names do strs[source[j]] = true end
  local function new(n)
    return pcall(core._sweep2d_new, probe, design.names, axes, outs, st.first, n,
      strs.mode == true, strs.class == true, solve)
  end
  local ok, plan, bytes = new(rows)
  if ok and not plan and bytes then
    -- The columns do not fit in memory. The Lua path would need more still:
    -- with a CSV (and no JSON, which needs the columns), write the rows
    -- there only (as keep = false) and say so; else say what to do.
    local gb = bytes >= 2 ^ 30 and string.format("%.1f GB", bytes / 2 ^ 30)
      or string.format("%.1f MB", bytes / 2 ^ 20)
    if not o.out or o.json then
      error(string.format("sweep: %d points do not fit in memory (%s for the columns): give out = \"FILE.csv\" with keep = false, or split the sweep with shard",
        rows, gb), 0)
    end
    io.stderr:write(string.format("sweep: %d points do not fit in memory (%s for the columns): their rows go to %s only, as with keep = false\n",
      rows, gb, st.result.out))
    o.keep = false
    st.result.keep = false
    rows = rows_for(false)
    ok, plan = new(rows)
  end
  if not ok or not plan then return nil end
  -- Where each column comes from in the plan.
  local from = {}
  for j = 1, nvary do from[names[j]] = { "field", j } end
  for j = 1, nnum do from[names[nvary + j]] = { "out", j } end
  for j = nvary + nnum + 1, #names do from[names[j]] = { source[j], 1 } end
  return {
    rows = rows,
    run = function(i, count, threads, csv) return plan:run(i, count, threads, csv) end,
    rewind = function(i) plan:rewind(i) end,
    write = function(w, comments) return w:check(plan:write(w.file, w, comments)) end,
    column = function(name, lo, hi)
      local src = from[name]
      return plan:column(src[1], src[2], lo, hi)
    end,
  }
end

-- Points of the first chunk: a few ms of work, so that progress shows soon.
function M.chunk(st)
  return st.opts.chunk or math.max(32768, 8192 * st.opts.threads)
end

-- Runs every point of the sweep state st through plan; raises
-- "interrupted!" on Ctrl-C (the rows done are kept).
function M.run(plan, st)
  local core, result, names, writer = st.core, st.result, st.cols.names, st.writer
  local keep = st.opts.keep
  result.fast = true
  if keep then
    -- The columns: built from the plan when first read, as many rows as
    -- are counted (the plan may have solved more before a Ctrl-C).
    local columns = result.columns
    for _, name in ipairs(names) do columns[name] = nil end
    local known = {}
    for _, name in ipairs(names) do known[name] = true end
    setmetatable(columns, {
      __index = function(t, name)
        if not known[name] then return nil end
        local col = plan.column(name, 1, result.n)
        rawset(t, name, col)
        return col
      end,
      __pairs = function(t)
        for _, name in ipairs(names) do local _ = t[name] end
        return next, t, nil
      end,
      __lazy = names,   -- what __index builds, for the REPL's Tab completion
    })
  end
  local threads = st.opts.threads
  local chunk0 = M.chunk(st)
  local most = math.min(plan.rows, writer and TEXT or math.huge)
  local chunk = math.min(chunk0, plan.rows)
  local i = st.first
  while i <= st.last do
    local count = math.min(chunk, st.last - i + 1)
    if not keep then plan.rewind(i) end
    local t0 = core._now()
    local done, fails, stopped = plan.run(i, count, threads, writer ~= nil)
    local comments = {}
    for _, f in ipairs(fails) do
      -- The message solve2d itself gives (failures are rare: one Lua call
      -- each), so that both paths report a bad point alike.
      local p, ok, msg = st.solve_point(f.index)
      if not ok and st.is_interrupt(msg) then error("interrupted!", 0) end
      msg = ok and f.message or tostring(msg)
      st.failed(f.index, p, msg)
      comments[f.index] = output.failure_line(f.index, msg)
    end
    if writer then
      plan.write(writer, comments)   -- the rows the workers formatted, in order
      writer:flush()
    end
    result.n = result.n + done
    st.bar:tick(result.n)
    if stopped then error("interrupted!", 0) end
    local dt = core._now() - t0
    if not st.opts.chunk and dt > 0 then
      chunk = math.max(math.min(chunk0, most), math.floor(math.min(count * CHUNK_S / dt, 8.0 * chunk, most)))
    end
    i = i + done
  end
end

return M
