-- impact.sweep_read and impact.sweep_merge: sweeps saved to files, back in
-- memory, and shard files joined into the file one run would have written.
local csv = require("impact.study.csv")
local output = require("impact.study.output")

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

return function(impact, mt)
  function impact.sweep_read(path)
    if type(path) ~= "string" then fail("sweep_read", "expected a file name, got %s", type(path)) end
    if path:match("%.json$") then
      return from_json(output.read_json("sweep_read", path), mt, path)
    end
    return from_csv(csv.read(path, "sweep_read"), mt, path)
  end

  -- sweep_merge(files [, out]) or sweep_merge("study.csv"): the shards of
  -- one sweep (any order) -> the one-run result, written to out.
  function impact.sweep_merge(files, out)
    local F = "sweep_merge"
    local function csv_only(path)
      if type(path) == "string" and path:match("%.json$") then
        fail(F, "merges CSV shard files (write shards with out = \"NAME.csv\"), got %s", path)
      end
    end
    csv_only(files)
    if type(files) == "table" then for _, f in ipairs(files) do csv_only(f) end end
    if type(files) == "string" then
      local base = files
      out = out or base
      local n
      for m = 2, 4096 do
        local f = io.open(output.shard_path(base, 1, m), "r")
        if f then f:close() n = m break end
      end
      if not n then fail(F, "no shard files %s found", output.shard_path(base, 1, 4)) end
      files = {}
      for k = 1, n do
        local path = output.shard_path(base, k, n)
        local f = io.open(path, "r")
        if f then f:close() files[#files + 1] = path end
      end
    end
    if type(files) ~= "table" or #files == 0 then
      fail(F, "expected a list of shard files or the sweep's file name")
    end
    if out ~= nil and type(out) ~= "string" then fail(F, "argument 'out' must be a file name") end

    local shards, n, total, head, prelude = {}, nil, nil, nil, nil
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
      local p = table.concat(common, "\n")
      prelude = prelude or p
      if p ~= prelude then fail(F, "%s describes another sweep than the first shard", path) end
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
end
