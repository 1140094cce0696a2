-- impact.sweep, impact.range, impact.sweep_merge, impact.sweep_read: many
-- impacts from one call. Points come from impact.study.points, rows go to
-- memory (columns), CSV and JSON (impact.study.output); the built-in 2D
-- solver runs in C over whole chunks (impact.study.fast) when it can.
local points = require("impact.study.points")
local csv = require("impact.study.csv")
local output = require("impact.study.output")
local progress = require("impact.study.progress")
local serialize = require("impact.study.serialize")
local fast = require("impact.study.fast")

local FNAME = "sweep"
local NAN = 0 / 0
local PROBES = 64   -- points tried to find one that solves
local SPREAD = 12   -- points spread over the sweep whose fields make the columns

-- Result fields that lead the columns, in this order; the rest follow sorted.
local PRIORITY = { "Px", "Py", "Pz", "P.x", "P.y", "P.z", "S", "C", "vC.x", "vC.y", "vC.z",
  "dT", "Wc", "Wr", "Wf", "Pc", "energy_ratio" }
local RANK = {}
for i, k in ipairs(PRIORITY) do RANK[k] = i end
local STRINGS = { "mode", "class" }

local function fail(fmt, ...) error(FNAME .. ": " .. string.format(fmt, ...), 0) end

local function callable(f)
  if type(f) == "function" then return true end
  local mt = getmetatable(f)
  return type(mt) == "table" and mt.__call ~= nil
end

local function deepcopy(v, depth)
  if type(v) ~= "table" or depth > 20 then return v end
  local out = {}
  for k, x in pairs(v) do out[k] = deepcopy(x, depth + 1) end
  return out
end

-- The numbers of a result (one level of sub-tables: "P.x", "body1.vx") and
-- its mode and class. A solver returning a plain number gives "value".
local function flatten(res)
  if type(res) == "number" then return { value = res } end
  if type(res) ~= "table" then
    error("the solver returned a " .. type(res) .. ", not a result table", 0)
  end
  local out = {}
  for k, v in pairs(res) do
    if type(k) == "string" then
      local tv = type(v)
      if tv == "number" then
        out[k] = v
      elseif tv == "string" and (k == "mode" or k == "class") then
        out[k] = v
      elseif tv == "table" then
        for k2, v2 in pairs(v) do
          if type(k2) == "string" and type(v2) == "number" then out[k .. "." .. k2] = v2 end
        end
      end
    end
  end
  return out
end

-- The result columns, from one flattened result, minus the varied names.
local function layout(flat, varied)
  local nums, strs = {}, {}
  for k, v in pairs(flat) do
    -- A top-level field named like a varied one is the solver's echo of its
    -- input: dropped. A sub-table one (body1.vx) is post-impact state: kept.
    if type(v) == "number" and not (varied[k] and not k:find(".", 1, true)) then
      nums[#nums + 1] = k
    end
  end
  table.sort(nums, function(a, b)
    local ra, rb = RANK[a] or math.huge, RANK[b] or math.huge
    if ra ~= rb then return ra < rb end
    return a < b
  end)
  for _, k in ipairs(STRINGS) do
    if (flat[k] ~= nil or k == "mode") and not varied[k] then strs[#strs + 1] = k end
  end
  return nums, strs
end

local function parse_shard(s, default)
  if s == nil then s = default end
  if s == nil then return { 1, 1 } end
  local k, n
  if type(s) == "string" then
    k, n = s:match("^%s*(%d+)%s*/%s*(%d+)%s*$")
    k, n = tonumber(k), tonumber(n)
  elseif type(s) == "table" then
    k, n = math.tointeger(s[1] or s.k), math.tointeger(s[2] or s.n)
  end
  if not k or not n or n < 1 or k < 1 or k > n then
    fail("field 'shard' must be {k, n} with 1 <= k <= n, got %s", type(s) == "table"
      and string.format("{%s, %s}", tostring(s[1] or s.k), tostring(s[2] or s.n)) or tostring(s))
  end
  return { math.tointeger(k), math.tointeger(n) }
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
  __name = "impact.sweep",
  __tostring = function(s)
    return string.format("sweep: %d points%s%s, columns: %s", s.n,
      #s.failures > 0 and string.format(" (%d failed)", #s.failures) or "",
      s.interrupted and " (interrupted)" or "", table.concat(s.names, ", "))
  end,
}

return function(impact, core)
  -- impact.range(a, b, n [, "log"]): n evenly spaced values from a to b.
  function impact.range(a, b, n, spacing)
    if type(a) ~= "number" or a ~= a or math.abs(a) == math.huge then
      error("range: argument 'a' must be a finite number, got " .. tostring(a), 2)
    end
    if type(b) ~= "number" or b ~= b or math.abs(b) == math.huge then
      error("range: argument 'b' must be a finite number, got " .. tostring(b), 2)
    end
    local m = math.tointeger(n)
    if not m or m < 1 then error("range: argument 'n' must be a positive integer, got " .. tostring(n), 2) end
    if spacing ~= nil and spacing ~= "linear" and spacing ~= "log" then
      error("range: argument 'spacing' must be \"linear\" or \"log\", got " .. tostring(spacing), 2)
    end
    if spacing == "log" and (a <= 0 or b <= 0) then
      error("range: a log range needs a > 0 and b > 0", 2)
    end
    local out = {}
    if m == 1 then return { a } end
    for i = 0, m - 1 do
      local t = i / (m - 1)
      if spacing == "log" then
        out[i + 1] = a * (b / a) ^ t
      else
        out[i + 1] = a + (b - a) * t
      end
    end
    out[1], out[m] = a, b   -- exact ends
    return out
  end

  function impact.sweep(spec)
    if type(spec) ~= "table" then fail("expected a table, got %s", type(spec)) end
    local base = spec.base
    if base == nil then base = {} end
    if type(base) ~= "table" then fail("field 'base' must be a table, got %s", type(base)) end
    local map = spec.map
    if map ~= nil and not callable(map) then fail("field 'map' must be a function, got %s", type(map)) end

    local solve, solvename = spec.solve, nil
    if solve == nil then solve = "solve2d" end
    if type(solve) == "string" then
      solvename = solve
      solve = impact[solvename]
      if type(solve) ~= "function" then
        fail("field 'solve' must be a solver name (\"solve2d\", \"solve3d\", ...) or a function, got %q", solvename)
      end
    elseif callable(solve) then
      solvename = "function"
    else
      fail("field 'solve' must be a solver name or a function, got %s", type(solve))
    end
    local on_error = spec.on_error or "record"
    if on_error ~= "record" and on_error ~= "raise" then
      fail("field 'on_error' must be \"record\" or \"raise\", got %s", tostring(on_error))
    end
    if spec.out ~= nil and type(spec.out) ~= "string" then fail("field 'out' must be a file name") end
    if spec.json ~= nil and type(spec.json) ~= "string" then fail("field 'json' must be a file name") end
    if spec.chunk ~= nil and (not math.tointeger(spec.chunk) or spec.chunk < 1) then
      fail("field 'chunk' must be a positive integer, got %s", tostring(spec.chunk))
    end
    local threads = spec.threads
    if threads ~= nil and (not math.tointeger(threads) or threads < 1 or threads > 1024) then
      fail("field 'threads' must be an integer in [1, 1024], got %s", tostring(threads))
    end

    local design = points.build(spec, FNAME)
    local shard = parse_shard(spec.shard, impact.default_shard)
    local total = design.total
    local first = (shard[1] - 1) * total // shard[2] + 1
    local last = shard[1] * total // shard[2]
    local varied = {}
    for _, name in ipairs(design.names) do varied[name] = true end

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
      if ok then ok, res = pcall(flatten, res) end
      return p, ok, res
    end

    -- The column layout: the union of the fields of a few points of the
    -- whole sweep (the first ones and some spread over it; optional result
    -- fields such as solve3d's p_stop show up in some points only), the
    -- same for every shard. Probed results are reused when in this shard.
    core._clear_interrupt()
    local cached, union, solved = {}, {}, nil
    local probes, seen = {}, {}
    local function probe(i)
      if i < 1 or i > total or seen[i] then return end
      seen[i] = true
      probes[#probes + 1] = i
    end
    for i = 1, math.min(total, 4) do probe(i) end
    for k = 0, SPREAD - 1 do probe(1 + (total - 1) * k // math.max(1, SPREAD - 1)) end
    local function try(i)
      local p, ok, res = solve_point(i)
      if i >= first and i <= last then cached[i] = { p, ok, res } end
      if ok then
        solved = solved or i
        for k, v in pairs(res) do union[k] = v end
      end
      return ok, res
    end
    local stopped = false   -- Ctrl-C while probing
    for _, i in ipairs(probes) do
      local ok, res = try(i)
      if (not ok and is_interrupt(res)) or core._interrupted() then stopped = true break end
    end
    if not solved and not stopped then   -- none of those solved: look further for one
      for i = 1, math.min(total, PROBES) do
        if not seen[i] then
          local ok, res = try(i)
          if (not ok and is_interrupt(res)) or core._interrupted() then stopped = true break end
          if ok then break end
        end
      end
    end
    local nums, strs = { }, { "mode" }
    if solved then
      nums, strs = layout(union, varied)
    end
    -- Column names; a result sub-table field named like a varied field (the
    -- post-impact body1.vx when body1.vx is varied) becomes result.NAME.
    -- source[j]: the result field behind column j.
    local names, source = {}, {}
    for _, n in ipairs(design.names) do names[#names + 1] = n end
    for _, n in ipairs(nums) do
      names[#names + 1] = varied[n] and ("result." .. n) or n
      source[#names] = n
    end
    for _, n in ipairs(strs) do
      names[#names + 1] = varied[n] and ("result." .. n) or n
      source[#names] = n
    end
    local columns = {}
    for _, n in ipairs(names) do columns[n] = {} end
    local nvary, nnum = #design.names, #nums
    local columns_known = {}
    for _, n in ipairs(names) do columns_known[n] = true end

    local info = {
      version = impact.version, solve = solvename, base = serialize.literal(base),
      map = map and "function" or nil, describe = design.describe(),
      total = total, shard = shard, first = first, last = last,
    }
    local csvpath, jsonpath = spec.out, spec.json
    if csvpath and csvpath:match("%.json$") then csvpath, jsonpath = nil, csvpath end
    if csvpath then csvpath = output.shard_path(csvpath, shard[1], shard[2]) end
    if jsonpath then jsonpath = output.shard_path(jsonpath, shard[1], shard[2]) end
    local writer = csvpath and output.csv_writer(FNAME, csvpath, output.prelude(info), names)

    local result = setmetatable({
      n = 0, names = names, columns = columns, failures = {}, interrupted = false,
      total = total, first = first, last = last, shard = shard, solve = solvename,
      out = csvpath, json = jsonpath, fast = false,
    }, result_mt)

    local row = {}
    local function record(i, p, ok, res)
      local n = result.n + 1
      for j = 1, nvary do
        local v = p[names[j]]
        row[j] = v
        columns[names[j]][n] = v
      end
      for j = nvary + 1, #names do
        local name = names[j]
        local v
        if ok then
          v = res[source[j]]
          if v == nil then v = (j <= nvary + nnum) and NAN or "" end
        else
          v = (j <= nvary + nnum) and NAN or (source[j] == "mode" and "error" or "")
        end
        row[j] = v
        columns[name][n] = v
      end
      if writer then
        writer:row(row)
        if not ok then writer:line(output.failure_line(i, res)) end
      end
      if not ok then
        result.failures[#result.failures + 1] = { index = i, point = p, message = res }
      end
      result.n = n
    end

    local bar = progress.new(core, last - first + 1, spec.progress)
    local t0 = core._now()
    local plan = solved and not stopped and fast.plan(impact, core, spec, design, names, source, nvary, nnum, map,
      solvename, first, last, solved)

    local function run()
      if stopped then error("interrupted!", 0) end
      if plan then
        -- Chunks of points in C; rows are written in order from each chunk,
        -- and the columns are built from the plan when first read.
        result.fast = true
        for _, name in ipairs(names) do columns[name] = nil end
        setmetatable(columns, {
          __index = function(t, name)
            if not varied[name] and not columns_known[name] then return nil end
            local col = plan.column(name)
            rawset(t, name, col)
            return col
          end,
          __pairs = function(t)
            for _, name in ipairs(names) do local _ = t[name] end
            return next, t, nil
          end,
        })
        local nthreads = threads or core._ncpu()
        -- a few ms of work per chunk: progress and Ctrl-C stay live
        local chunk = spec.chunk or math.max(32768, 8192 * nthreads)
        local i = first
        while i <= last do
          local count = math.min(chunk, last - i + 1)
          local n0 = result.n
          local done, fails, stopped = plan.run(i, count, nthreads)
          local failed_at = {}
          for _, f in ipairs(fails) do
            -- The message solve2d itself gives (failures are rare: one Lua
            -- call each), so that both paths report a bad point alike.
            local p, ok, msg = solve_point(f.index)
            msg = ok and f.message or tostring(msg)
            if on_error == "raise" then
              error(string.format("%s: point %d (%s): %s", FNAME, f.index,
                describe_point(p, design.names), msg), 0)
            end
            result.failures[#result.failures + 1] = { index = f.index, point = p, message = msg }
            failed_at[f.index] = msg
          end
          if writer and done > 0 then
            local cols = {}
            for j, name in ipairs(names) do cols[j] = plan.column(name, n0 + 1, n0 + done) end
            for r = 1, done do
              for j = 1, #names do row[j] = cols[j][r] end
              writer:row(row)
              local msg = failed_at[i + r - 1]
              if msg then writer:line(output.failure_line(i + r - 1, msg)) end
            end
            writer:flush()
          end
          result.n = n0 + done
          bar:tick(result.n)
          if stopped then error("interrupted!", 0) end
          i = i + done
        end
        return
      end
      local lastflush = t0
      for i = first, last do
        if core._interrupted() then error("interrupted!", 0) end
        local c = cached[i]
        local p, ok, res
        if c then p, ok, res = c[1], c[2], c[3] else p, ok, res = solve_point(i) end
        if not ok then
          if is_interrupt(res) or core._interrupted() then error("interrupted!", 0) end
          res = tostring(res)
          if on_error == "raise" then
            error(string.format("%s: point %d (%s): %s", FNAME, i, describe_point(p, design.names), res), 0)
          end
        end
        record(i, p, ok, res)
        bar:tick(result.n)
        if writer then
          local now = core._now()
          if now - lastflush > 0.5 then writer:flush() lastflush = now end
        end
      end
    end

    local ok, err = pcall(run)
    if not ok then
      if not is_interrupt(err) and not core._interrupted() then
        if writer then writer:close() end
        error(err, 0)
      end
      result.interrupted = true
      core._clear_interrupt()
      -- An interrupt between filling the columns and counting the row leaves
      -- longer columns: cut them back to the rows counted.
      if not result.fast then
        for _, name in ipairs(names) do
          local col = columns[name]
          for j = #col, result.n + 1, -1 do col[j] = nil end
        end
      end
    end
    bar:finish(result.n)
    result.elapsed = core._now() - t0
    if writer then
      writer:close(result.interrupted
        and csv.comment(string.format("interrupted after %d of %d points", result.n, last - first + 1))
        or output.end_line(result.n, #result.failures))
    end
    if result.interrupted then
      io.stderr:write(string.format("sweep: interrupted after %d of %d points; the rows done are kept\n",
        result.n, last - first + 1))
    end
    if jsonpath then
      for _, name in ipairs(names) do local _ = columns[name] end   -- build lazy columns
      output.write_json(FNAME, jsonpath, {
        version = impact.version, solve = solvename, base = serialize.plain(base),
        points = total, shard = shard, first = first, last = last,
        n = result.n, names = names, columns = columns, interrupted = result.interrupted,
        failures = result.failures,
      })
    end
    return result
  end

  require("impact.study.merge")(impact, result_mt)
end
