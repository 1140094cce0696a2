-- impact.sweep and impact.range (impact.sweep_merge, impact.sweep_read: see
-- study/merge.lua). A sweep: check the specification (study/options), number
-- the points (study/points), learn the columns (study/columns), then solve
-- the points in C (study/fast) or one Lua call each (here), writing rows to
-- the columns, the CSV and at the end the JSON (study/output).
local points = require("impact.study.points")
local csv = require("impact.study.csv")
local output = require("impact.study.output")
local progress = require("impact.study.progress")
local serialize = require("impact.study.serialize")
local options = require("impact.study.options")
local columns = require("impact.study.columns")
local fast = require("impact.study.fast")

local FNAME = "sweep"
local NAN = 0 / 0

local function deepcopy(v, depth)
  if type(v) ~= "table" or depth > 20 then return v end
  local out = {}
  for k, x in pairs(v) do out[k] = deepcopy(x, depth + 1) end
  return out
end

local function describe_point(p, names)
  local parts = {}
  for _, name in ipairs(names) do parts[#parts + 1] = name .. "=" .. csv.field(p[name]) end
  return table.concat(parts, ", ")
end

local function is_interrupt(err)
  return type(err) == "string" and err:find("interrupted!", 1, true) ~= nil
end

local result_mt = {
  __name = "impact.Sweep",
  __tostring = function(s)
    return string.format("sweep: %d points%s%s, columns: %s", s.n,
      #s.failures > 0 and string.format(" (%d failed)", #s.failures) or "",
      s.interrupted and " (interrupted)" or "", table.concat(s.names, ", "))
  end,
}

-- The Lua path: one call of the solver per point, rows in order.
local function run_lua(st)
  local core, result, cols, o = st.core, st.result, st.cols, st.opts
  local names, source, nvary, nnum = cols.names, cols.source, cols.nvary, cols.nnum
  local columns_ = result.columns
  local row, lastflush = {}, core._now()
  for i = st.first, st.last do
    if core._interrupted() then error("interrupted!", 0) end
    local c = cols.cached[i]
    local p, ok, res
    if c then p, ok, res = c[1], c[2], c[3] else p, ok, res = st.solve_point(i) end
    if not ok then
      if is_interrupt(res) or core._interrupted() then error("interrupted!", 0) end
      res = tostring(res)
    end
    local n = result.n + 1
    for j = 1, #names do
      local v
      if j <= nvary then
        v = p[names[j]]
      elseif ok then
        v = res[source[j]]
        if v == nil then v = j <= nvary + nnum and NAN or "" end
      else
        v = j <= nvary + nnum and NAN or (source[j] == "mode" and "error" or "")
      end
      row[j] = v
      if o.keep then columns_[names[j]][n] = v end
    end
    if not ok then st.failed(i, p, res) end
    if st.writer then
      -- The row, its failure comment and the writer's count in one C call.
      st.writer:row(row, not ok and output.failure_line(i, res) or nil)
      local now = core._now()
      if now - lastflush > 0.5 then st.writer:flush() lastflush = now end
    end
    result.n = n
    st.bar:tick(n)
  end
end

return function(impact, core)
  impact.range = points.range
  columns.use_core(core)

  function impact.sweep(spec)
    impact.interrupted_sweep = nil
    local o = options.read(spec, impact)
    local design = points.build(spec, FNAME)
    options.check_names(o, design, core)
    local total, shard = design.total, o.shard
    local first = (shard[1] - 1) * total // shard[2] + 1
    local last = shard[1] * total // shard[2]

    local base, map, solve = o.base, o.map, o.solve
    local function problem(p)
      if map then
        local prob = map(p, deepcopy(base, 0))
        if type(prob) ~= "table" then
          error("map returned a " .. type(prob) .. ", not a problem table", 0)
        end
        return prob
      end
      local prob = deepcopy(base, 0)
      for _, name in ipairs(design.names) do points.set(prob, name, p[name]) end
      return prob
    end
    -- Solvers are called straight from pcall so that their error messages
    -- carry no location of this file.
    local function solve_point(i)
      local p = design.point(i)
      local ok, res = pcall(problem, p)
      if ok then ok, res = pcall(solve, res) end
      if ok then ok, res = pcall(columns.flatten, res) end
      return p, ok, res
    end

    core._clear_interrupt()
    local cols = columns.learn{ total = total, first = first, last = last, names = design.names,
      solve_point = solve_point,
      interrupted = function(ok, res) return (not ok and is_interrupt(res)) or core._interrupted() end }
    local names = cols.names

    local csvpath = o.out and output.shard_path(o.out, shard[1], shard[2])
    local jsonpath = o.json and output.shard_path(o.json, shard[1], shard[2])
    local writer = csvpath and output.csv_writer(FNAME, csvpath, output.prelude{
      version = impact.version, solve = o.solvename, base = serialize.literal(base),
      map = map and "function" or nil, describe = design.describe(),
      total = total, shard = shard, first = first, last = last,
    }, names, core)

    local data = {}
    for _, n in ipairs(names) do data[n] = {} end
    local result = setmetatable({
      n = 0, names = names, columns = data, failures = {}, interrupted = false,
      total = total, first = first, last = last, shard = shard, solve = o.solvename,
      out = csvpath, json = jsonpath, fast = false, threads = o.threads, keep = o.keep,
    }, result_mt)

    -- The state both paths work on.
    local st = {
      core = core, spec = spec, opts = o, design = design, cols = cols, result = result,
      first = first, last = last, writer = writer, solve_point = solve_point,
      bar = progress.new(core, last - first + 1, o.progress), is_interrupt = is_interrupt,
    }
    function st.failed(i, p, msg)
      if o.on_error == "raise" then
        error(string.format("%s: point %d (%s): %s", FNAME, i, describe_point(p, design.names), msg), 0)
      end
      result.failures[#result.failures + 1] = { index = i, point = p, message = msg }
    end

    local t0 = core._now()
    local ok, err = pcall(function()
      if cols.stopped then error("interrupted!", 0) end
      local plan = fast.plan(st)
      if plan then fast.run(plan, st) else run_lua(st) end
    end)
    if not ok then
      if not is_interrupt(err) and not core._interrupted() then
        if writer then writer:close() end
        error(err, 0)
      end
      result.interrupted = true
      -- The rows done: with a CSV, those in the file (its count is kept in
      -- C with each write); else those counted. Ctrl-C may come between
      -- filling a row and counting or writing it: the columns (the fast
      -- path's are built up to result.n) and failures are cut back to them.
      if writer then result.n = writer.rows end
      if not result.fast and o.keep then
        for _, name in ipairs(names) do
          local col = data[name]
          for j = #col, result.n + 1, -1 do col[j] = nil end
        end
      end
      local fails, lastpt = result.failures, first + result.n - 1
      while #fails > 0 and fails[#fails].index > lastpt do fails[#fails] = nil end
    end
    st.bar:finish(result.n)
    result.elapsed = core._now() - t0
    if writer then
      writer:close(result.interrupted
        and csv.comment(string.format("interrupted after %d of %d points", result.n, last - first + 1))
        or output.end_line(result.n, #result.failures))
    end
    if jsonpath then
      for _, name in ipairs(names) do local _ = data[name] end   -- build lazy columns
      output.write_json(FNAME, jsonpath, {
        version = impact.version, solve = o.solvename, base = serialize.plain(base),
        vary = design.describe(), points = total, shard = shard, first = first, last = last,
        n = result.n, names = names, columns = data, interrupted = result.interrupted,
        failures = result.failures,
      })
    end
    if result.interrupted then
      -- Ctrl-C stops the calling chunk too, as it stops any Lua code; what
      -- is done stays in the files and in impact.interrupted_sweep.
      impact.interrupted_sweep = result
      core._clear_interrupt()
      local files = {}
      if csvpath then files[#files + 1] = csvpath end
      if jsonpath then files[#files + 1] = jsonpath end
      io.stderr:write(string.format("sweep: interrupted after %d of %d points; the rows done are kept in %simpact.interrupted_sweep\n",
        result.n, last - first + 1, #files > 0 and table.concat(files, " and ") .. " and in " or ""))
      error("interrupted!", 0)
    end
    return result
  end

  require("impact.study.merge")(impact, result_mt)
end
