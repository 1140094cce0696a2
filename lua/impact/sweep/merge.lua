-- impact.sweep_read and impact.sweep_merge: sweeps saved to files, back in
-- memory, and shard files joined into the file one run would have written.
local core = require("impact.core")
local csv = require("impact.sweep.csv")
local mt = require("impact.sweep.result")
local output = require("impact.sweep.output")

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

local function from_json(doc, mt, path)
  local null = require("cjson").null
  for _, name in ipairs(doc.names) do
    local col = doc.columns[name]
    if type(col) ~= "table" then col = {} doc.columns[name] = col end
    for i = 1, doc.n do
      if col[i] == null then col[i] = 0 / 0 end
    end
  end
  return setmetatable({ n = doc.n, names = doc.names, columns = doc.columns,
    failures = doc.failures or {}, interrupted = doc.interrupted or false, json = path,
    shard = doc.shard, first = doc.first, last = doc.last, total = doc.points }, mt)
end

local function exists(path)
  local f = io.open(path, "r")
  if f then f:close() end
  return f ~= nil
end

-- The shard files next to the sweep's own file name: study.k-of-N.csv, for
-- the N given, or the one N for which such files exist (a set of another N
-- left from an earlier run is refused: which one is meant is not known).
local function shard_files(F, base, want)
  local n = want
  if not n then
    local sets, names = {}, {}
    for m = 2, 4096 do
      local one = output.shard_path(base, 1, m)
      if exists(one) or exists(output.shard_path(base, m, m)) then
        sets[#sets + 1] = m
        names[#names + 1] = output.shard_path(base, "k", m)
      end
    end
    if #sets == 0 then
      fail(F, "no shards of %s exist (looked for %s, n = 2 to 4096)", base, output.shard_path(base, "k", "n"))
    end
    if #sets > 1 then
      fail(F, "shard sets of %s files exist for %s (%s): name the one to merge, e.g. impact.sweep_merge(%q, {n = %d})",
        table.concat(sets, ", "), base, table.concat(names, ", "), base, sets[#sets])
    end
    n = sets[1]
  end
  local files = {}
  for k = 1, n do
    local path = output.shard_path(base, k, n)
    if exists(path) then files[#files + 1] = path end
  end
  if #files == 0 then fail(F, "no shards of %s exist (looked for %s)", base, output.shard_path(base, "k", n)) end
  return files
end

-- The CSV shard files of one sweep -> the file one run writes (byte for byte).
local function merge_csv(F, files, out, mt)
  local shards, n, total, head, prelude, firstpath, firstlines = {}, nil, nil, nil, nil, nil, nil
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
  end
  for k = 1, n do
    if not shards[k] then fail(F, "shard %d/%d is missing", k, n) end
  end

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
    local f, err = io.open(out, "w")
    if not f then fail(F, "cannot write %s", tostring(err)) end
    f:write(prelude, "\n", csv.line(names, #names), "\n")
    for _, line in ipairs(body) do f:write(line, "\n") end
    f:write(output.end_line(rows, #failures), "\n")
    f:close()
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
  local shards, n, first
  for _, path in ipairs(files) do
    local doc = integers(output.read_json(F, path))
    local sh = type(doc) == "table" and doc.shard
    if type(sh) ~= "table" or type(sh[1]) ~= "number" or type(sh[2]) ~= "number"
        or type(doc.n) ~= "number" or type(doc.first) ~= "number" or type(doc.last) ~= "number"
        or type(doc.names) ~= "table" or type(doc.columns) ~= "table" then
      fail(F, "%s is not a sweep's JSON file (no shard, n, names or columns)", path)
    end
    local k, m = sh[1], sh[2]
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
  end
  for k = 1, n do
    if not shards[k] then fail(F, "shard %d/%d is missing", k, n) end
  end

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
    if n ~= nil and (not math.tointeger(n) or n < 2) then
      fail(F, "option 'n' must be an integer >= 2 (the number of shards), got %s", tostring(n))
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
