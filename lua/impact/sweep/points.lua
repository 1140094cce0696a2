-- The points of a sweep: a cartesian grid over `vary` and, optionally, a
-- seeded random or Latin-hypercube sample over `sample.ranges`. Points are
-- numbered 1..total in a fixed order (first grid field slowest, the sample
-- innermost), so any point, hence any shard, is computed on its own.
local rng = require("impact.sweep.rng")
local csv = require("impact.sweep.csv")

local core = require("impact.core")

local M = {}

-- A Lua array of n numbers takes 16 bytes an entry: n things of `per`
-- bytes (default 16) that could not fit in this machine's memory are
-- refused up front (building them would run for minutes, then fail).
-- Returns the message, or nil.
function M.too_many(n, per, what)
  local need, mem = n * (per or 16), core._memory()
  if mem <= 0 or need <= mem then return nil end
  local function size(b)
    if b >= 2 ^ 40 then return string.format("%.0f TB", b / 2 ^ 40) end
    return string.format("%.1f GB", b / 2 ^ 30)
  end
  return string.format("%d %s need %s, more than this machine's memory (%s)", n, what or "values",
    size(need), size(mem))
end

-- impact.range(a, b, n [, "log"]): n evenly spaced values from a to b.
function M.range(a, b, n, spacing)
  if type(a) ~= "number" or a ~= a or math.abs(a) == math.huge then
    error("range: argument 'a' must be a finite number, got " .. tostring(a), 2)
  end
  if type(b) ~= "number" or b ~= b or math.abs(b) == math.huge then
    error("range: argument 'b' must be a finite number, got " .. tostring(b), 2)
  end
  local m = type(n) == "number" and math.tointeger(n)
  if not m or m < 1 then
    error("range: argument 'n' must be a positive integer, got " .. (type(n) == "string" and string.format("the string %q", n) or tostring(n)), 2)
  end
  if spacing ~= nil and spacing ~= "linear" and spacing ~= "log" then
    error("range: argument 'spacing' must be \"linear\" or \"log\", got " .. tostring(spacing), 2)
  end
  if spacing == "log" and (a <= 0 or b <= 0) then
    error("range: a log range needs a > 0 and b > 0", 2)
  end
  local big = M.too_many(m)
  if big then error("range: argument 'n': " .. big, 2) end
  if m == 1 then return { a } end
  -- b - a and b / a overflow for ends near double's limits (1.7e308 and
  -- -1.7e308; 1e-308 and 10): then each point is taken in halves, whose
  -- every partial result lies between the ends.
  local ratio, span = b / a, b - a
  local wide = spacing == "log" and ratio == math.huge or spacing ~= "log" and math.abs(span) == math.huge
  local root = spacing == "log" and math.sqrt(b) / math.sqrt(a)
  local out = {}
  for i = 0, m - 1 do
    local t = i / (m - 1)
    if spacing == "log" then
      out[i + 1] = wide and a * root ^ t * root ^ t or a * ratio ^ t
    else
      out[i + 1] = wide and a + (b / 2 - a / 2) * t + (b / 2 - a / 2) * t or a + span * t
    end
  end
  out[1], out[m] = a, b   -- exact ends
  return out
end

-- A varied value as the CSV comments write it: numbers as in the rows,
-- strings quoted when they hold a space, comma or quote.
local function text(x)
  if type(x) == "number" then return csv.number(x) end
  if type(x) == "string" and (x == "" or x:find('[%s,"]')) then
    return '"' .. x:gsub('"', '""') .. '"'
  end
  return tostring(x)
end

-- "range(a, b, n)" (or with "log") when the list is exactly what
-- impact.range gives, so that the comment reproduces the grid.
local function as_range(v)
  local n = #v
  for _, spacing in ipairs{ "linear", "log" } do
    local ok, r = pcall(M.range, v[1], v[n], n, spacing)
    local same = ok
    for i = 1, n do
      if not same then break end
      same = r[i] == v[i] and math.type(r[i]) == math.type(v[i])
    end
    if same then
      return string.format("range(%s, %s, %d%s)", text(v[1]), text(v[n]), n,
        spacing == "log" and ', "log"' or "")
    end
  end
end

local function fail(fname, fmt, ...)
  error(fname .. ": " .. string.format(fmt, ...), 0)
end

-- A field list as ordered {name, value} pairs: either a map (sorted by name)
-- or a list of pairs { {"mu", values}, {"e", values} } kept in that order.
local function ordered(fname, what, t)
  if type(t) ~= "table" then fail(fname, "field '%s' must be a table, got %s", what, type(t)) end
  local out = {}
  if #t > 0 then
    for i, pair in ipairs(t) do
      if type(pair) ~= "table" or type(pair[1]) ~= "string" or pair[2] == nil then
        fail(fname, "field '%s[%d]' must be a pair {name, values}", what, i)
      end
      out[#out + 1] = { pair[1], pair[2] }
    end
  else
    for k, v in pairs(t) do
      if type(k) ~= "string" then fail(fname, "field '%s' has a non-string key %s", what, tostring(k)) end
      out[#out + 1] = { k, v }
    end
    table.sort(out, function(a, b) return a[1] < b[1] end)
  end
  return out
end

local function check_values(fname, name, v)
  if type(v) ~= "table" or #v == 0 then
    fail(fname, "field 'vary.%s' must be a non-empty list of values", name)
  end
  -- A hole (nil) makes the list's length ambiguous and hides the entries
  -- after it from ipairs: every key must be 1..n with no gap.
  local last, count = 0, 0
  for k in pairs(v) do
    count = count + 1
    if math.type(k) ~= "integer" or k < 1 then
      fail(fname, "field 'vary.%s' must be a list of values, it has the key %s", name, tostring(k))
    end
    if k > last then last = k end
  end
  for i = 1, last do
    if v[i] == nil then
      fail(fname, "field 'vary.%s[%d]' is nil: the list has a hole (%d entries up to [%d])", name, i, count, last)
    end
  end
  for i, x in ipairs(v) do
    local tx = type(x)
    if tx == "number" then
      if x ~= x or x == math.huge or x == -math.huge then
        fail(fname, "field 'vary.%s[%d]' must be finite, got %s", name, i, tostring(x))
      end
    elseif tx ~= "string" and tx ~= "boolean" then
      fail(fname, "field 'vary.%s[%d]' must be a number, string or boolean, got %s", name, i, tx)
    end
  end
end

-- The sample: cols[j][i] is the value of names[j] at sample i (one flat
-- array per field: compact for large samples).
local function draw(fname, s)
  if type(s) ~= "table" then fail(fname, "field 'sample' must be a table, got %s", type(s)) end
  local n = type(s.n) == "number" and math.tointeger(s.n)
  if not n or n < 1 then
    fail(fname, "field 'sample.n' must be a positive integer, got %s", type(s.n) == "string" and string.format("the string %q", s.n) or tostring(s.n))
  end
  local method = s.method or "lhs"
  if method ~= "lhs" and method ~= "random" then
    fail(fname, "field 'sample.method' must be \"lhs\" or \"random\", got %s", tostring(method))
  end
  local seed = s.seed == nil and 1 or type(s.seed) == "number" and math.tointeger(s.seed)
  if not seed then fail(fname, "field 'sample.seed' must be an integer, got %s", tostring(s.seed)) end
  local ranges = ordered(fname, "sample.ranges", s.ranges or {})
  if #ranges == 0 then fail(fname, "field 'sample.ranges' must name at least one field") end
  local names, lo, hi = {}, {}, {}
  for j, r in ipairs(ranges) do
    local name, b = r[1], r[2]
    if type(b) ~= "table" or type(b[1]) ~= "number" or type(b[2]) ~= "number"
        or b[1] ~= b[1] or b[2] ~= b[2] or math.abs(b[1]) == math.huge
        or math.abs(b[2]) == math.huge or b[1] > b[2] then
      fail(fname, "field 'sample.ranges.%s' must be {lo, hi} with finite lo <= hi", name)
    end
    names[j], lo[j], hi[j] = name, b[1], b[2]
  end
  local big = M.too_many(n, 16 * (#names + 1), "points")
  if big then fail(fname, "field 'sample.n': %s", big) end
  local u = rng.new(seed)
  local cols = {}
  for j = 1, #names do cols[j] = {} end
  if method == "random" then
    for i = 1, n do
      for j = 1, #names do cols[j][i] = lo[j] + u() * (hi[j] - lo[j]) end
    end
  else
    -- Latin hypercube: each field's range cut in n strata, one point per
    -- stratum, strata matched across fields by independent permutations.
    for j = 1, #names do
      local perm = rng.permutation(u, n)
      for i = 1, n do
        cols[j][i] = lo[j] + (perm[i] - 1 + u()) / n * (hi[j] - lo[j])
      end
    end
  end
  return { names = names, cols = cols, n = n, method = method, seed = seed, lo = lo, hi = hi }
end

-- build(spec, fname) -> design { names, total, point(i) -> {name = value}, describe }
function M.build(spec, fname)
  local axes, names, seen = {}, {}, {}
  local function add_name(name)
    if seen[name] then fail(fname, "field '%s' is varied twice", name) end
    if not name:match("^[%a_][%w_]*[%.%w_]*$") or name:match("%.%.") or name:match("%.$")
        or name:match("^%d") then
      fail(fname, "field name '%s' is not a (dotted) field name", name)
    end
    seen[name] = true
    names[#names + 1] = name
  end
  if spec.vary ~= nil then
    for _, pair in ipairs(ordered(fname, "vary", spec.vary)) do
      check_values(fname, pair[1], pair[2])
      add_name(pair[1])
      axes[#axes + 1] = { kind = "grid", name = pair[1], values = pair[2], count = #pair[2] }
    end
  end
  local sample
  if spec.sample ~= nil then
    sample = draw(fname, spec.sample)
    for _, name in ipairs(sample.names) do add_name(name) end
    axes[#axes + 1] = { kind = "sample", count = sample.n, sample = sample }
  end
  if #axes == 0 then fail(fname, "give 'vary' (a grid) or 'sample' (random points)") end

  local total = 1
  for _, a in ipairs(axes) do total = total * a.count end

  local function point(i)
    local p, rest = {}, i - 1
    for k = #axes, 1, -1 do
      local a = axes[k]
      local j = rest % a.count + 1
      rest = rest // a.count
      if a.kind == "grid" then
        p[a.name] = a.values[j]
      else
        local cols = a.sample.cols
        for m, name in ipairs(a.sample.names) do p[name] = cols[m][j] end
      end
    end
    return p
  end

  -- One line per axis for the CSV comments.
  local function describe()
    local lines = {}
    for _, a in ipairs(axes) do
      if a.kind == "grid" then
        -- Long lists as impact.range when they are one, else in full.
        local v = a.values
        local txt = #v > 8 and as_range(v)
        if not txt then
          local parts = {}
          for i, x in ipairs(v) do parts[i] = text(x) end
          txt = table.concat(parts, " ")
        end
        lines[#lines + 1] = string.format("vary %s: %s", a.name, txt)
      else
        local s = a.sample
        local r = {}
        for m, name in ipairs(s.names) do
          r[m] = string.format("%s in [%s, %s]", name, text(s.lo[m]), text(s.hi[m]))
        end
        lines[#lines + 1] = string.format("sample %s n=%d seed=%d: %s", s.method, s.n, s.seed,
          table.concat(r, ", "))
      end
    end
    return lines
  end

  return { names = names, total = total, point = point, describe = describe, axes = axes }
end

-- set(t, "body1.vx", v): assign a (dotted) field, creating sub-tables.
-- A component that is a number ("v.1") is an integer key.
local function key(k) return k:match("^%d+$") and math.tointeger(tonumber(k)) or k end

function M.set(t, name, v)
  local head, rest = name:match("^([^.]+)%.(.+)$")
  if not head then t[key(name)] = v return end
  head = key(head)
  local sub = t[head]
  if type(sub) ~= "table" then sub = {} t[head] = sub end
  M.set(sub, rest, v)
end

return M
