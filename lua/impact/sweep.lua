-- impact.sweep and impact.range; returns { sweep =, range =, sweep_read =,
-- sweep_merge = } (the last two from sweep/merge.lua). A sweep, one local
-- function per stage: check the specification (sweep/options), number the
-- points (sweep/points), learn the columns (sweep/columns), then solve the
-- points in C (sweep/fast) or one Lua call each (run_lua, here), writing
-- rows to the columns, the CSV and at the end the JSON (sweep/output).
local points = require("impact.sweep.points")
local csv = require("impact.sweep.csv")
local output = require("impact.sweep.output")
local progress = require("impact.sweep.progress")
local serialize = require("impact.sweep.serialize")
local options = require("impact.sweep.options")
local columns = require("impact.sweep.columns")
local fast = require("impact.sweep.fast")
local simsweep = require("impact.sweep.simulate")

local core = require("impact.core")
local merge = require("impact.sweep.merge")
local result_mt = require("impact.sweep.result")

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

-- The shard's points first..last of total.
local function shard_range(total, shard)
  return (shard[1] - 1) * total // shard[2] + 1, shard[1] * total // shard[2]
end

-- solve_point(i) -> point, ok, flattened result or message. Solvers are
-- called straight from pcall so that their error messages carry no
-- location of this file.
local function point_solver(o, design)
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
  return function(i)
    local p = design.point(i)
    local ok, res = pcall(problem, p)
    if ok then ok, res = pcall(solve, res) end
    if ok then ok, res = pcall(columns.flatten, res) end
    return p, ok, res
  end
end

-- The CSV writer (nil without out) with the file's opening comments.
local function open_writer(impact, o, design, names, csvpath, first, last)
  return csvpath and output.csv_writer(FNAME, csvpath, output.prelude{
    version = impact.version, solve = o.solvename, base = serialize.literal(o.base),
    map = o.map and serialize.func(o.map) or nil, describe = design.describe(),
    simulate = o.sim and serialize.literal(o.sim.opts) or nil,
    total = design.total, shard = o.shard, first = first, last = last,
  }, names, core)
end

local function new_result(o, names, total, first, last, csvpath, jsonpath)
  local data = {}
  for _, n in ipairs(names) do data[n] = {} end
  return setmetatable({
    n = 0, names = names, columns = data, failures = {}, interrupted = false,
    total = total, first = first, last = last, shard = o.shard, solve = o.solvename,
    out = csvpath, json = jsonpath, fast = false, threads = o.threads, keep = o.keep,
  }, result_mt)
end

-- After Ctrl-C: the rows done are, with a CSV, those in the file (its count
-- is kept in C with each write); else those counted. Ctrl-C may come
-- between filling a row and counting or writing it: the columns (the fast
-- path's are built up to result.n) and failures are cut back to them.
local function cut_back(st)
  local result, o = st.result, st.opts
  result.interrupted = true
  if st.writer then result.n = st.writer.rows end
  if not result.fast and o.keep then
    for _, name in ipairs(result.names) do
      local col = result.columns[name]
      for j = #col, result.n + 1, -1 do col[j] = nil end
    end
  end
  local fails, lastpt = result.failures, st.first + result.n - 1
  while #fails > 0 and fails[#fails].index > lastpt do fails[#fails] = nil end
end

-- Solves the points (the fast path when the sweep qualifies); an error
-- other than Ctrl-C (a point with on_error = "raise", a write error)
-- removes the CSV's private file (out keeps what it held) and is raised
-- again.
local function run(st)
  local ok, err = pcall(function()
    if st.cols.stopped then error("interrupted!", 0) end
    if st.opts.sim then return simsweep.run(st) end
    local plan = fast.plan(st)
    if plan then fast.run(plan, st) else run_lua(st) end
  end)
  if not ok then
    local broken = st.writer and st.writer:failed()   -- a write error, even after Ctrl-C
    if broken or not is_interrupt(err) and not core._interrupted() then
      if st.writer then st.writer:abort() end
      error(err, 0)
    end
    cut_back(st)
  end
end

-- Closes the CSV (its last comment) and writes the JSON.
local function finish_files(impact, st, jsonpath)
  local result, o, design, writer = st.result, st.opts, st.design, st.writer
  if writer then
    writer:close(result.interrupted
      and csv.comment(string.format("interrupted after %d of %d points", result.n, st.last - st.first + 1))
      or output.end_line(result.n, #result.failures))
  end
  if jsonpath then
    local data = result.columns   -- the fast path's are built as the writer reads them
    output.write_json(FNAME, jsonpath, {
      version = impact.version, solve = o.solvename, base = serialize.plain(o.base),
      map = o.map and serialize.func(o.map) or nil, vary = design.describe(),
      simulate = o.sim and serialize.plain(o.sim.opts) or nil, points = design.total, shard = o.shard, first = st.first,
      last = st.last, n = result.n, names = result.names, columns = data,
      interrupted = result.interrupted, failures = result.failures,
    })
    st.json_done = true
  end
end

-- finish_files in a coroutine: the host's Ctrl-C hook is set on the main
-- thread only, so a Ctrl-C while the files are written lets the CSV
-- complete and the JSON's writer decide (finish within half a second or
-- stop, output.write_json), and its "interrupted!" is raised, and caught
-- here, when the coroutine returns.
local function finish_whole(impact, st, jsonpath)
  local co = coroutine.create(finish_files)
  return pcall(function()
    local ok, err = coroutine.resume(co, impact, st, jsonpath)
    if not ok then error(err, 0) end
  end)
end

-- Ctrl-C stops the calling chunk too, as it stops any Lua code; what is
-- done stays in the files and in impact.interrupted_sweep.
local function raise_interrupt(impact, result, csvpath, jsonpath)
  impact.interrupted_sweep = result
  core._clear_interrupt()
  local files = {}
  if csvpath then files[#files + 1] = csvpath end
  if jsonpath then files[#files + 1] = jsonpath end
  io.stderr:write(string.format("sweep: interrupted after %d of %d points; the rows done are kept in %simpact.interrupted_sweep\n",
    result.n, result.last - result.first + 1, #files > 0 and table.concat(files, " and ") .. " and in " or ""))
  error("interrupted!", 0)
end

local M = { range = points.range, sweep_read = merge.sweep_read, sweep_merge = merge.sweep_merge }
columns.use_core(core)

-- The workbench table (impact.default_shard, impact.interrupted_sweep and
-- the solvers by name live there) is the one require("impact") returns.
function M.sweep(spec)
  local impact = require("impact")
  impact.interrupted_sweep = nil
  local o = options.read(spec, impact)
  local design = points.build(spec, FNAME)
  options.check_names(o, design, core)
  local total, shard = design.total, o.shard
  local first, last = shard_range(total, shard)
  local solve_point = point_solver(o, design)

  core._clear_interrupt()
  local cols = o.sim and simsweep.columns(o, design) or columns.learn{ total = total, first = first, last = last, names = design.names,
    solve_point = solve_point,
    interrupted = function(ok, res) return (not ok and is_interrupt(res)) or core._interrupted() end }
  local names = cols.names

  local csvpath = o.out and output.shard_path(o.out, shard[1], shard[2])
  local jsonpath = o.json and output.shard_path(o.json, shard[1], shard[2])
  local writer = open_writer(impact, o, design, names, csvpath, first, last)
  local result = new_result(o, names, total, first, last, csvpath, jsonpath)

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
  run(st)
  st.bar:finish(result.n)
  result.elapsed = core._now() - t0
  local ok, err = finish_whole(impact, st, jsonpath)
  if not ok then
    -- A private file not yet renamed is removed; Ctrl-C while the files
    -- were written keeps those written and the result.
    if writer then writer:abort() end
    if not is_interrupt(err) and not core._interrupted() then error(err, 0) end
    result.interrupted = true
    raise_interrupt(impact, result, writer and writer:done() and csvpath, st.json_done and jsonpath)
  end
  if result.interrupted then raise_interrupt(impact, result, csvpath, jsonpath) end
  return result
end

return M
