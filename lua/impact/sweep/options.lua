-- Reads and checks the fields of a sweep specification (every error names
-- the field: "sweep: field 'threads' must be ...").
local M = {}

local FNAME = "sweep"

local function fail(fmt, ...) error(FNAME .. ": " .. string.format(fmt, ...), 0) end
M.fail = fail

-- core._check_fields raising its message (an unknown field, named) at
-- `level` (default 0: no position, as this file's other messages).
function M.checker(core, level)
  local check = core._check_fields
  return function(...)
    local msg = check(...)
    if msg then error(msg, level or 0) end
  end
end

-- Whether v is a number with an integer value in [lo, hi] (a string such
-- as "7" is not: the messages then say what was given).
function M.integer(v, lo, hi)
  if type(v) ~= "number" or not math.tointeger(v) then return false end
  return v >= lo and (hi == nil or v <= hi)
end

-- v as a message shows it: numbers as written, strings quoted, else the type.
function M.show(v)
  if type(v) == "number" then return tostring(v) end
  if type(v) == "string" then return string.format("the string %q", v) end
  return type(v)
end

function M.callable(f)
  if type(f) == "function" then return true end
  local mt = getmetatable(f)
  return type(mt) == "table" and mt.__call ~= nil
end

-- shard: {k, n}, {k =, n =} or "k/n"; nil: default (impact.default_shard) or {1, 1}.
function M.shard(s, default)
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

-- The default thread count: $IMPACT_THREADS when set (one thread per
-- process when GNU parallel runs several), else the processors this
-- process may run on (its CPU affinity: taskset, Slurm's --cpus-per-task).
function M.default_threads(core)
  local env = os.getenv("IMPACT_THREADS")
  if env ~= nil and env ~= "" then
    local n = math.tointeger(tonumber(env))
    if not n or n < 1 or n > 1024 then
      fail("IMPACT_THREADS must be an integer in [1, 1024], got '%s'", env)
    end
    return n
  end
  return core and core._ncpu and core._ncpu() or 1
end

-- The fields of a sweep specification and of its sample (a key not listed
-- is an error naming it, as every table the API takes).
M.FIELDS = { "base", "vary", "sample", "map", "solve", "on_error", "out", "json", "chunk",
             "threads", "progress", "keep", "shard", "fast", "simulate", "measure" }
M.SAMPLE_FIELDS = { "n", "method", "seed", "ranges" }

-- read(spec, impact) -> options { base, map, solve, solvename, on_error,
-- out, json, chunk, threads, shard }
function M.read(spec, impact)
  if type(spec) ~= "table" then fail("expected a table, got %s", type(spec)) end
  local check = M.checker(impact.core)
  check(FNAME, spec, M.FIELDS)
  if type(spec.sample) == "table" then check(FNAME, spec.sample, M.SAMPLE_FIELDS, "sample.") end
  local o = {}
  o.base = spec.base
  if o.base == nil then o.base = {} end
  if type(o.base) ~= "table" then fail("field 'base' must be a table, got %s", type(o.base)) end
  o.map = spec.map
  if o.map ~= nil and not M.callable(o.map) then
    fail("field 'map' must be a function, got %s", type(o.map))
  end

  local solve = spec.solve
  if solve == nil then solve = spec.simulate ~= nil and "simulate" or "solve2d" end
  if solve ~= "simulate" and (spec.simulate ~= nil or spec.measure ~= nil) then
    fail("field '%s' goes with solve = \"simulate\" (a sweep over simulations), got solve = %s",
      spec.simulate ~= nil and "simulate" or "measure", M.show(solve))
  end
  if type(solve) == "string" then
    o.solvename = solve
    o.solve = impact[solve]
    if type(o.solve) ~= "function" then
      fail("field 'solve' must be a solver name (\"solve2d\", \"solve3d\", ...) or a function, got %q", solve)
    end
  elseif M.callable(solve) then
    o.solvename, o.solve = "function", solve
  else
    fail("field 'solve' must be a solver name or a function, got %s", type(solve))
  end

  o.on_error = spec.on_error or "record"
  if o.on_error ~= "record" and o.on_error ~= "raise" then
    fail("field 'on_error' must be \"record\" or \"raise\", got %s", tostring(o.on_error))
  end
  if spec.out ~= nil and type(spec.out) ~= "string" then fail("field 'out' must be a file name") end
  if spec.json ~= nil and type(spec.json) ~= "string" then fail("field 'json' must be a file name") end
  o.out, o.json = spec.out, spec.json
  if o.out and o.out:match("%.json$") then o.out, o.json = nil, o.out end
  if spec.chunk ~= nil and not M.integer(spec.chunk, 1) then
    fail("field 'chunk' must be a positive integer, got %s", M.show(spec.chunk))
  end
  o.chunk = spec.chunk
  o.threads = spec.threads
  if o.threads ~= nil and not M.integer(o.threads, 1, 1024) then
    fail("field 'threads' must be an integer in [1, 1024], got %s", M.show(o.threads))
  end
  if o.threads == nil then o.threads = M.default_threads(impact.core) end
  if spec.progress ~= nil and type(spec.progress) ~= "boolean" and not M.callable(spec.progress) then
    fail("field 'progress' must be true, false or a function, got %s", type(spec.progress))
  end
  o.progress = spec.progress
  if spec.keep ~= nil and type(spec.keep) ~= "boolean" then
    fail("field 'keep' must be a boolean, got %s", type(spec.keep))
  end
  o.keep = spec.keep ~= false
  if not o.keep and not o.out then fail("field 'keep' = false needs 'out' (a CSV file)") end
  if not o.keep and o.json then fail("field 'json' needs the columns: not with keep = false") end
  o.shard = M.shard(spec.shard, impact.default_shard)
  if o.solvename == "simulate" then require("impact.sweep.simulate").read(spec, o, impact.core) end
  return o
end

-- The tangential fields of solve2d and solve3d that their published lists
-- (core._fields) leave out: each solver reads them before its list.
M.TANGENTIAL = { "friction", "compliance" }

-- list with the names of extra it lacks appended (a new table).
function M.with(list, extra)
  local out, seen = {}, {}
  for _, n in ipairs(list) do out[#out + 1] = n seen[n] = true end
  for _, n in ipairs(extra) do if not seen[n] then out[#out + 1] = n end end
  return out
end

-- The base table and the varied names, against the fields the named solver
-- reads (core._fields; its bodies' fields for "body1.vx" and the like):
-- a misspelt name would otherwise fail every point, or with a solver that
-- ignored it give identical rows. A map or a solver function reads what it
-- likes: not checked.
function M.check_names(o, design, core)
  if o.sim then return require("impact.sweep.simulate").check_names(o, design, core) end
  local fields = core._fields
  local top = fields and fields[o.solvename]
  if o.map or not top then return end
  local check = M.checker(core)
  local sub = o.solvename == "solve3d" and { body = fields.body3d }
    or { body1 = fields.body2d, body2 = fields.body2d }
  if o.solvename == "solve2d" or o.solvename == "solve3d" then
    -- the tangential fields these solvers read besides their published
    -- lists: a friction law and Stronge's tangential compliance
    top = M.with(top, M.TANGENTIAL)
    sub.compliance = fields.compliance
  end
  check(FNAME, o.base, top, "base.")
  for key, list in pairs(sub) do
    if type(o.base[key]) == "table" then check(FNAME, o.base[key], list, "base." .. key .. ".") end
  end
  local sampled = {}
  for _, a in ipairs(design.axes) do
    if a.kind == "sample" then
      for _, name in ipairs(a.sample.names) do sampled[name] = true end
    end
  end
  for _, name in ipairs(design.names) do
    local prefix = sampled[name] and "sample.ranges." or "vary."
    local head, rest = name:match("^([^.]+)%.?([^.]*)")
    check(FNAME, { [head] = true }, top, prefix)
    local list = o.base[head]
    if rest ~= "" and type(list) == "table" and #list > 0 then
      -- a component of a list (qdot.2): an index the list has, or every
      -- point would solve another problem than the one named; solve3d's
      -- vectors also take v.x, but a mechanism's coordinates have no names
      local k = math.tointeger(tonumber(rest:match("^%d+$") or ""))
      local named = not k and rest:match("^[xyz]$") and head ~= "qdot" and head ~= "q"
      if not named and (not k or k > #list) then
        error(string.format("%s: field '%s%s' must name an entry of base.%s, a list of %d (%s.1 .. %s.%d)",
          FNAME, prefix, name, head, #list, head, head, #list), 0)
      end
    end
    if rest ~= "" and sub[head] then
      check(FNAME, { [rest] = true }, sub[head], prefix .. head .. ".")
    end
  end
end

return M
