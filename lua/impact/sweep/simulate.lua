-- Sweeps over simulations: impact.sweep{ base = <a scene2d or system table>,
-- vary = {...}, simulate = { t_end =, ... }, measure = {...} }. Each point
-- is a run of impact.simulate; its row is the chosen measures of the run
-- (core._sim_measures, the core's registry: t_rest, n_impacts, the final
-- q1.., ...) and its status. A scene with a built-in law runs in C on the
-- sweep's threads (core._simulate_sweep, one run per batch); a system of
-- Lua functions or a law written in Lua runs one impact.simulate call a
-- point, its measures read here from the run (the same numbers: the spec
-- compares both ways).
local points = require("impact.sweep.points")
local output = require("impact.sweep.output")

local M = {}

local NAN = 0 / 0
local CHUNK_S = 0.25   -- seconds of work per chunk (progress, Ctrl-C, rows written)

local function fail(fmt, ...) error("sweep: " .. string.format(fmt, ...), 0) end

local function deepcopy(v, depth)
  if type(v) ~= "table" or depth > 20 then return v end
  local out = {}
  for k, x in pairs(v) do out[k] = deepcopy(x, depth + 1) end
  return out
end

-- The coordinates of the base: 3 per body of a scene, #q of a system.
local function ncoord(base)
  if type(base.bodies) == "table" then return 3 * #base.bodies end
  if type(base.q) == "table" then return #base.q end
  return 0
end

-- The measure columns of the names asked (a per-coordinate measure bare,
-- "q", gives q1 .. qn); nil: every measure.
local function columns_of(core, asked, n)
  local rows, by = core._sim_measures, {}
  for _, r in ipairs(rows) do by[r.name] = r end
  if asked == nil then
    asked = {}
    for _, r in ipairs(rows) do asked[#asked + 1] = r.name end
  elseif type(asked) == "string" then
    asked = { asked }
  elseif type(asked) ~= "table" then
    fail("field 'measure' must be a list of measure names, got %s", type(asked))
  end
  local cols, seen = {}, {}
  local function add(name)
    if seen[name] then fail("field 'measure' names '%s' twice", name) end
    seen[name] = true
    cols[#cols + 1] = name
  end
  for i, name in ipairs(asked) do
    if type(name) ~= "string" then fail("field 'measure[%d]' must be a measure name, got %s", i, type(name)) end
    local r = by[name]
    if r and r.per_coordinate then
      if n == 0 then
        fail("field 'measure[%d]' = '%s' needs the base's coordinates (a map makes the problems): name them, '%s1', '%s2', ...",
          i, name, name, name)
      end
      for j = 1, n do add(name .. j) end
    elseif r then
      add(name)
    else
      local head, j = name:match("^(%a+)(%d+)$")
      j = math.tointeger(tonumber(j))
      local most = n > 0 and n or 64   -- a map's problems: a run's own count (NaN beyond)
      if not (head and by[head] and by[head].per_coordinate and j >= 1 and j <= most) then
        local names = {}
        for _, x in ipairs(rows) do names[#names + 1] = x.name end
        fail("field 'measure[%d]' is not a measure: '%s' (measures: %s; q2, qdot2: one coordinate of %d)",
          i, name, table.concat(names, ", "), n)
      end
      add(name)
    end
  end
  return cols
end

-- Reads the simulate fields of a sweep specification into o: o.sim =
-- { opts, columns }. Called by options.read when spec.simulate is given or
-- solve is "simulate".
function M.read(spec, o, core)
  if type(spec.simulate) ~= "table" then
    fail("field 'simulate' must be the runs' options {t_end =, max_events =, ...} (impact.simulate's), got %s",
      type(spec.simulate))
  end
  local check = core._check_fields
  local msg = check("sweep", spec.simulate, core._fields.simulate, "simulate.")
  if msg then error(msg, 0) end
  local n = ncoord(o.base)
  o.sim = { opts = spec.simulate, columns = columns_of(core, spec.measure, n), n = n }
end

-- The base's fields and the varied names against scene2d's (or system's).
function M.check_names(o, design, core)
  if o.map then return end
  local kind = type(o.base.bodies) == "table" and "scene2d" or type(o.base.q) == "table" and "system"
  if not kind then
    fail("field 'base' must be a scene (impact.scene2d's table: bodies = ...) or a system (impact.system's: q = ...)")
  end
  local top = core._fields[kind]
  local base = o.base
  if getmetatable(base) then   -- a made scene or system: what the constructor added too
    base = {}
    for k, v in pairs(o.base) do if k ~= "n" and k ~= "contacts" then base[k] = v end end
  end
  local msg = core._check_fields("sweep", base, top, "base.")
  if msg then error(msg, 0) end
  for _, name in ipairs(design.names) do
    local head = name:match("^([^.]+)")
    msg = core._check_fields("sweep", { [head] = true }, top, "vary.")
    if msg then error(msg, 0) end
  end
end

-- The sweep's columns: the varied fields, the measures, then status.
function M.columns(o, design)
  local names, source = {}, {}
  for _, n in ipairs(design.names) do names[#names + 1] = n end
  for _, c in ipairs(o.sim.columns) do
    names[#names + 1] = c
    source[#names] = c
  end
  names[#names + 1] = "status"
  source[#names] = "status"
  return { names = names, source = source, nvary = #design.names, nnum = #o.sim.columns,
           cached = {}, solved = 1, stopped = false }
end

-- The problem of point p: the base (a made scene's own table without what
-- its constructor added), the varied fields set, or the map's.
local function problem(o, design, p)
  local base = deepcopy(o.base, 0)
  if getmetatable(o.base) then base.n, base.contacts = nil, nil end
  if o.map then
    local prob = o.map(p, base)
    if type(prob) ~= "table" then error("map returned a " .. type(prob) .. ", not a problem table", 0) end
    return prob
  end
  for _, name in ipairs(design.names) do points.set(base, name, p[name]) end
  return base
end

-- Whether a problem runs on the threads: a scene with a built-in law.
local function threaded(prob)
  return type(prob.bodies) == "table" and prob.q == nil and type(prob.law) ~= "function"
    and getmetatable(prob) == nil
end

-- The measures of a whole run (impact.simulate's), as the core's summary
-- gives them: the row for the Lua path.
function M.measure(run, columns)
  local first_impact, accumulation = NAN, NAN
  for _, ev in ipairs(run.events) do
    if ev.kind == "impact" and first_impact ~= first_impact then first_impact = ev.t end
    if ev.kind == "rest" and accumulation ~= accumulation then accumulation = ev.t end
  end
  local last, counts = #run.t, run.counts or {}
  local v = {
    t_reached = run.t_reached, t_rest = run.status == "rest" and run.t_reached or NAN,
    t_first_impact = first_impact, t_accumulation = accumulation,
    n_events = run.n_events, n_impacts = run.n_impacts,
    energy0 = run.energy[1] or NAN, energy = run.energy[last] or NAN,
  }
  for _, k in ipairs{ "liftoff", "stick", "slip", "rest", "inconsistent" } do v["n_" .. k] = counts[k] end
  for k, x in pairs(v) do v[k] = x + 0.0 end   -- numbers as the C path gives them (floats)
  local row = {}
  for j, c in ipairs(columns) do
    local x = v[c]
    if x == nil then
      local head, i = c:match("^(%a+)(%d+)$")
      local list = head == "q" and run.q or run.qdot
      x = last > 0 and list[last][math.tointeger(tonumber(i))] or NAN
    end
    row[j] = x or NAN
  end
  row[#columns + 1] = run.status
  return row
end

-- Runs the points first..last of the sweep state st (sweep.lua), chunk by
-- chunk, writing rows in order; raises "interrupted!" on Ctrl-C (the rows
-- done are kept).
function M.run(st)
  local impact = require("impact")
  local core, o, design, result = st.core, st.opts, st.design, st.result
  local names, nvary, columns = st.cols.names, st.cols.nvary, o.sim.columns
  local ncol = #columns
  local threads = o.threads
  local chunk = o.chunk or math.max(2 * threads, 4)
  local i = st.first
  while i <= st.last do
    if core._interrupted() then error("interrupted!", 0) end
    local hi = math.min(st.last, i + chunk - 1)
    local t0 = core._now()
    local pts, rows, cprobs, cidx = {}, {}, {}, {}
    for k = i, hi do
      local p = design.point(k)
      pts[k] = p
      local ok, prob = pcall(problem, o, design, p)
      if not ok then
        rows[k] = tostring(prob)
      elseif threaded(prob) then
        cprobs[#cprobs + 1] = prob
        cidx[#cprobs] = k
      else
        local ok2, run = pcall(impact.simulate, prob, o.sim.opts)
        if not ok2 and (run == "interrupted!" or core._interrupted()) then
          hi = k - 1
          break
        end
        rows[k] = ok2 and M.measure(run, columns) or tostring(run)
      end
    end
    local stopped = false
    if #cprobs > 0 then
      local out, done, interrupted = core._simulate_sweep(cprobs, o.sim.opts, columns, threads)
      for j = 1, done do rows[cidx[j]] = out[j] end
      if interrupted then
        stopped = true
        hi = math.min(hi, (cidx[done + 1] or hi + 1) - 1)
      end
    end
    if hi < i + chunk - 1 and hi < st.last then stopped = true end
    for k = i, hi do
      local r, p = rows[k], pts[k]
      local ok = type(r) == "table"
      local row = {}
      for j = 1, nvary do row[j] = p[names[j]] end
      for j = 1, ncol + 1 do
        if ok then row[nvary + j] = r[j] else row[nvary + j] = j <= ncol and NAN or "error" end
      end
      local n = result.n + 1
      if o.keep then
        for j = 1, #names do result.columns[names[j]][n] = row[j] end
      end
      if not ok then st.failed(k, p, r) end
      if st.writer then st.writer:row(row, not ok and output.failure_line(k, r) or nil) end
      result.n = n
    end
    if st.writer then st.writer:flush() end
    st.bar:tick(result.n)
    if stopped or core._interrupted() then error("interrupted!", 0) end
    local dt = core._now() - t0
    if not o.chunk and dt > 0 then
      chunk = math.max(2 * threads, math.min(4096, math.floor((hi - i + 1) * CHUNK_S / dt), 4 * chunk))
    end
    i = hi + 1
  end
end

return M
