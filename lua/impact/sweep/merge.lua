-- impact.sweep_read and impact.sweep_merge: sweeps saved to files, back in
-- memory, and shard files joined into the file one run would have written.
local core = require("impact.core")
local csv = require("impact.sweep.csv")
local mt = require("impact.sweep.result")
local output = require("impact.sweep.output")
local whole = require("impact.files")   -- files written whole or not at all
local options = require("impact.sweep.options")

local function fail(fname, fmt, ...) error(fname .. ": " .. string.format(fmt, ...), 0) end

-- "failed point 17: message" comments -> the failures list.
local function failures_of(body)
  local out = {}
  for _, line in ipairs(body) do
    local i, msg = line:match("^# failed point (%d+): (.*)$")
    if i then out[#out + 1] = { index = tonumber(i), message = msg } end
  end
  return out
end

local function from_csv(t, mt, path)
  local interrupted = false
  for _, line in ipairs(t.body) do
    if line:match("^# interrupted after") then interrupted = true end
  end
  return setmetatable({ n = t.n, names = t.names, columns = t.columns,
    failures = failures_of(t.body), interrupted = interrupted, out = path,
    comments = t.prelude }, mt)
end

-- lua-cjson decodes every number as a float: counts and indices back to integers.
local function integers(doc)
  if type(doc) ~= "table" then return doc end
  local function int(v) return math.type(v) == "float" and math.tointeger(v) or v end
  doc.n, doc.first, doc.last, doc.points = int(doc.n), int(doc.first), int(doc.last), int(doc.points)
  if type(doc.shard) == "table" then doc.shard[1], doc.shard[2] = int(doc.shard[1]), int(doc.shard[2]) end
  if type(doc.failures) == "table" then
    for _, f in ipairs(doc.failures) do
      if type(f) == "table" then f.index = int(f.index) end
    end
  end
  return doc
end

-- A decoded sweep document's shape, checked before any loop over its rows
-- (n is read from the file: a count no column holds is refused, not run).
local function check_doc(F, path, doc)
  local function bad(fmt, ...)
    fail(F, "%s is not a sweep's JSON file (%s)", path, string.format(fmt, ...))
  end
  if type(doc) ~= "table" then bad("a %s, not an object", type(doc)) end
  if type(doc.names) ~= "table" then bad("field 'names' must be a list of column names, got %s", type(doc.names)) end
  if type(doc.columns) ~= "table" then bad("field 'columns' must be an object, got %s", type(doc.columns)) end
  if math.type(doc.n) ~= "integer" or doc.n < 0 then bad("field 'n' must be a row count, got %s", tostring(doc.n)) end
  for i, name in pairs(doc.names) do
    if math.type(i) ~= "integer" or type(name) ~= "string" then
      bad("field 'names' must be a list of column names, got %s at %s", type(name), tostring(i))
    end
    local col = doc.columns[name]
    if type(col) ~= "table" or #col < doc.n then
      bad("column '%s' has fewer than n = %d rows", name, doc.n)
    end
  end
  return doc
end

local function from_json(doc, mt, path)
  local null = require("cjson").null
  check_doc("sweep_read", path, doc)
  for _, name in ipairs(doc.names) do
    local col = doc.columns[name]
    for i = 1, doc.n do
      if col[i] == null then col[i] = 0 / 0 end
    end
  end
  return setmetatable({ n = doc.n, names = doc.names, columns = doc.columns,
    failures = doc.failures or {}, interrupted = doc.interrupted or false, json = path,
    shard = doc.shard, first = doc.first, last = doc.last, total = doc.points }, mt)
end

-- The shard sets beside base in its directory: n -> list of the paths
-- base.k-of-n (k ascending), whatever n (a stray m.2-of-4.csv beside a
-- complete 3-shard set is seen).
local function shard_sets(F, base)
  local dir, name = base:match("^(.*)/([^/]*)$")
  if not dir then dir, name = ".", base end
  local entries, err = core._list_dir(dir == "" and "/" or dir)
  if not entries then fail(F, "cannot list the directory of %s: %s", base, tostring(err)) end
  local pat = "^" .. output.shard_path(name, "\1", "\2"):gsub("%p", "%%%0")
    :gsub("\1", "([1-9]%%d*)"):gsub("\2", "([1-9]%%d*)") .. "$"
  local sets = {}
  for _, e in ipairs(entries) do
    local k, n = e:match(pat)
    k, n = math.tointeger(tonumber(k)), math.tointeger(tonumber(n))
    if k and n and n >= 2 and k <= n then
      sets[n] = sets[n] or {}
      table.insert(sets[n], k)
    end
  end
  for n, ks in pairs(sets) do
    table.sort(ks)
    for i, k in ipairs(ks) do ks[i] = output.shard_path(base, k, n) end
  end
  return sets
end

-- The shard files next to the sweep's own file name: study.k-of-N.csv, for
-- the N given, or the one N for which such files exist (files of another
-- N, a set left from an earlier run or one stray file, are refused: which
-- set is meant is not known).
local function shard_files(F, base, want)
  local sets = shard_sets(F, base)
  local n = want
  if not n then
    local sizes, names = {}, {}
    for m in pairs(sets) do sizes[#sizes + 1] = m end
    table.sort(sizes)
    for i, m in ipairs(sizes) do names[i] = output.shard_path(base, "k", m) end
    if #sizes == 0 then
      fail(F, "no shards of %s exist (looked for %s)", base, output.shard_path(base, "k", "n"))
    end
    if #sizes > 1 then
      fail(F, "shard sets of %s files exist for %s (%s): name the one to merge, e.g. impact.sweep_merge(%q, {n = %d})",
        table.concat(sizes, ", "), base, table.concat(names, ", "), base, sizes[#sizes])
    end
    n = sizes[1]
  end
  local files = sets[n]
  if not files then fail(F, "no shards of %s exist (looked for %s)", base, output.shard_path(base, "k", n)) end
  return files
end

-- The first k in 1..n with no shard, or nil: count shards (distinct k in
-- 1..n) are there, so at most count + 1 looks, whatever n.
local function missing(shards, count, n)
  if count >= n then return nil end
  for k = 1, count + 1 do
    if not shards[k] then return k end
  end
end

-- The CSV shard files of one sweep -> the file one run writes (byte for byte).
local function merge_csv(F, files, out, mt)
  local shards, n, total, head, prelude, firstpath, firstlines = {}, nil, nil, nil, nil, nil, nil
  local count = 0
  for _, path in ipairs(files) do
    local t = csv.read(path, F)
    local k, m, a, b, T, common = nil, nil, nil, nil, nil, {}
    for _, line in ipairs(t.prelude) do
      local k1, m1, a1, b1, T1 = line:match("^# shard: (%d+)/(%d+) points (%d+)%-(%d+) of (%d+)$")
      if k1 then
        k, m, a, b, T = tonumber(k1), tonumber(m1), tonumber(a1), tonumber(b1), tonumber(T1)
      else
        common[#common + 1] = line
      end
    end
    if not k then fail(F, "%s is not a shard file (no '# shard:' line)", path) end
    if k < 1 or k > m then fail(F, "%s is not a shard file (shard %d/%d)", path, k, m) end
    n = n or m
    total = total or T
    if m ~= n or T ~= total then fail(F, "%s belongs to another split (%d/%d of %d points)", path, k, m, T) end
    if shards[k] then fail(F, "shard %d/%d given twice (%s)", k, n, path) end
    local h = table.concat(t.names, ",")
    head = head or h
    if h ~= head then fail(F, "%s has other columns than the first shard", path) end
    -- The same sweep: version, solver, base, varied fields, points.
    local p = table.concat(common, "\n")
    if not prelude then prelude, firstpath, firstlines = p, path, common end
    if p ~= prelude then
      local i = 1
      while common[i] == firstlines[i] do i = i + 1 end
      fail(F, "%s describes another sweep than %s: '%s' against '%s'", path, firstpath,
        tostring(common[i] or "(no line)"), tostring(firstlines[i] or "(no line)"))
    end
    local endline = t.body[#t.body]
    local done = endline and endline:match("^# end: (%d+) points")
    if not done then fail(F, "%s is incomplete (interrupted or still running)", path) end
    if tonumber(done) ~= b - a + 1 or t.n ~= b - a + 1 then
      fail(F, "%s has %d rows, expected %d", path, t.n, b - a + 1)
    end
    shards[k] = t
    count = count + 1
  end
  local gap = missing(shards, count, n)
  if gap then fail(F, "shard %d/%d is missing", gap, n) end

  -- The merged file: the common prelude, the header, every shard's rows in
  -- order, one end line: byte for byte what one run writes.
  local names = shards[1].names
  local columns, rows, body = {}, 0, {}
  for _, name in ipairs(names) do columns[name] = {} end
  for k = 1, n do
    local t = shards[k]
    for i = 1, #t.body - 1 do body[#body + 1] = t.body[i] end
    for _, name in ipairs(names) do
      local src, dst = t.columns[name], columns[name]
      for i = 1, t.n do dst[rows + i] = src[i] end
    end
    rows = rows + t.n
  end
  local failures = failures_of(body)
  if out then
    local w = whole.open(F, out)
    w:write(prelude, "\n", csv.line(names, #names), "\n")
    for _, line in ipairs(body) do w:write(line, "\n") end
    w:write(output.end_line(rows, #failures), "\n")
    w:commit()
  end
  return setmetatable({ n = rows, names = names, columns = columns, failures = failures,
    interrupted = false, out = out, total = total, first = 1, last = total,
    shard = { 1, 1 } }, mt)
end

-- Plain data (decoded JSON) compared by value.
local function same(a, b)
  if type(a) ~= "table" or type(b) ~= "table" then return a == b end
  for k, v in pairs(a) do if not same(v, b[k]) then return false end end
  for k in pairs(b) do if a[k] == nil then return false end end
  return true
end

-- The JSON shard files of one sweep -> the document one run writes (the
-- same values; lua-cjson orders an object's keys as it likes).
local function merge_json(F, files, out, mt)
  local shards, n, first, count = nil, nil, nil, 0
  for _, path in ipairs(files) do
    local doc = integers(output.read_json(F, path))
    local sh = type(doc) == "table" and doc.shard
    if type(sh) ~= "table" or type(sh[1]) ~= "number" or type(sh[2]) ~= "number"
        or type(doc.n) ~= "number" or type(doc.first) ~= "number" or type(doc.last) ~= "number"
        or type(doc.names) ~= "table" or type(doc.columns) ~= "table" then
      fail(F, "%s is not a sweep's JSON file (no shard, n, names or columns)", path)
    end
    check_doc(F, path, doc)
    local k, m = sh[1], sh[2]
    if math.type(k) ~= "integer" or math.type(m) ~= "integer" or k < 1 or k > m then
      fail(F, "%s is not a sweep's JSON file (shard %s/%s)", path, tostring(k), tostring(m))
    end
    shards = shards or {}
    n, first = n or m, first or doc
    if m ~= n or doc.points ~= first.points then
      fail(F, "%s belongs to another split (%d/%d of %s points)", path, k, m, tostring(doc.points))
    end
    if shards[k] then fail(F, "shard %d/%d given twice (%s)", k, n, path) end
    if not same(doc.names, first.names) then fail(F, "%s has other columns than the first shard", path) end
    if doc.solve ~= first.solve or doc.version ~= first.version or not same(doc.base, first.base)
        or not same(doc.vary, first.vary) then
      fail(F, "%s describes another sweep than %s (its version, solver, base or varied fields differ)",
        path, files[1])
    end
    if doc.interrupted then fail(F, "%s is incomplete (interrupted)", path) end
    if doc.n ~= doc.last - doc.first + 1 then
      fail(F, "%s has %d rows, expected %d", path, doc.n, doc.last - doc.first + 1)
    end
    shards[k] = doc
    count = count + 1
  end
  local gap = missing(shards, count, n)
  if gap then fail(F, "shard %d/%d is missing", gap, n) end

  local null = require("cjson").null
  local names = first.names
  local columns, failures, rows = {}, {}, 0
  for _, name in ipairs(names) do columns[name] = {} end
  for k = 1, n do
    local doc = shards[k]
    for _, name in ipairs(names) do
      local src, dst = doc.columns[name], columns[name]
      for i = 1, doc.n do
        local v = type(src) == "table" and src[i]
        if v == null or v == nil then v = 0 / 0 end
        dst[rows + i] = v
      end
    end
    for _, f in ipairs(doc.failures or {}) do failures[#failures + 1] = f end
    rows = rows + doc.n
  end
  if out then
    output.write_json(F, out, {
      version = first.version, solve = first.solve, base = first.base, vary = first.vary,
      points = first.points, shard = { 1, 1 }, first = 1, last = first.points,
      n = rows, names = names, columns = columns, interrupted = false, failures = failures,
    })
  end
  return setmetatable({ n = rows, names = names, columns = columns, failures = failures,
    interrupted = false, json = out, total = first.points, first = 1, last = first.points,
    shard = { 1, 1 } }, mt)
end
local M = {}

function M.sweep_read(path)
  if type(path) ~= "string" then fail("sweep_read", "expected a file name, got %s", type(path)) end
  if path:match("%.json$") then
    return from_json(integers(output.read_json("sweep_read", path)), mt, path)
  end
  return from_csv(csv.read(path, "sweep_read"), mt, path)
end

-- sweep_merge(files [, out]) or sweep_merge("study.csv" [, out]): the
-- shards of one sweep (any order) -> the one-run result, written to out.
-- The second argument may be {out =, n =}: n picks the set of n shards.
function M.sweep_merge(files, opts)
  local F = "sweep_merge"
  local out, n = opts, nil
  if type(opts) == "table" then
    local msg = core._check_fields(F, opts, { "out", "n" })
    if msg then error(msg, 0) end
    out, n = opts.out, opts.n
    if n ~= nil and not options.integer(n, 2) then
      fail(F, "option 'n' must be an integer >= 2 (the number of shards), got %s", options.show(n))
    end
  end
  if out ~= nil and type(out) ~= "string" then fail(F, "argument 'out' must be a file name") end
  if type(files) == "string" then
    out = out or files
    files = shard_files(F, files, n and math.tointeger(n))
  end
  if type(files) ~= "table" or #files == 0 then
    fail(F, "expected a list of shard files or the sweep's file name")
  end
  local json = 0
  for i, path in ipairs(files) do
    if type(path) ~= "string" then fail(F, "file %d must be a file name, got %s", i, type(path)) end
    if path:match("%.json$") then json = json + 1 end
  end
  if json == #files then return merge_json(F, files, out, mt) end
  if json > 0 then fail(F, "cannot merge CSV and JSON shard files together") end
  return merge_csv(F, files, out, mt)
end

return M
