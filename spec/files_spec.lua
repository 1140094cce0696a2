-- Nothing lost, nothing silent: every file the workbench writes (sweep CSV
-- and JSON on both paths, merges, plot data, space_map) is written whole or
-- not at all, and a write error (/dev/full, a file-size limit, an injected
-- failure) raises an error naming the file; two processes writing one file
-- leave one whole file; reads and counts that could not end are refused up
-- front; bad option types are named, not compared inside the library.
local scratch = require("spec.scratch")   -- scratch files, removed after the run
local impact = require("impact")
local core = impact.core
local BIN = os.getenv("IMPACT_BIN")

local function q(s) return "'" .. tostring(s):gsub("'", "'\\''") .. "'" end

local function slurp(path) return (assert(scratch.read(path))) end

local function exists(path)
  local f = io.open(path, "r")
  if f then f:close() end
  return f ~= nil
end

-- The names in dir, sorted (private ".tmp" files left behind show here).
local function listing(dir)
  local t = assert(core._list_dir(dir))
  table.sort(t)
  return table.concat(t, " ")
end

local BASE = { B1 = 2.5, B2 = 2.5, B3 = 1.5, C0 = -1, e = 0.5 }

local function rod_sweep(t)
  local spec = { base = BASE, vary = { S0 = impact.range(-2, 2, t.n or 300) }, progress = false }
  for k, v in pairs(t) do if k ~= "n" then spec[k] = v end end
  return spec
end

-- A 4-point sweep's JSON file with pattern replaced by repl (gsub).
local function edited_json(pattern, repl)
  local path = scratch.subdir() .. "/e.json"
  impact.sweep(rod_sweep{ n = 4, json = path })
  local text = slurp(path):gsub(pattern, repl)
  local f = assert(io.open(path, "w")) f:write(text) f:close()
  return path
end

local function err_of(f, ...)
  local ok, err = pcall(f, ...)
  assert.is_false(ok, "expected an error")
  return tostring(err)
end

describe("writes", function()
  it("raise naming /dev/full on both sweep paths, for the CSV and the JSON", function()
    for _, fast in ipairs{ true, false } do
      assert.has_error(function() impact.sweep(rod_sweep{ out = "/dev/full", fast = fast }) end,
        "sweep: cannot write /dev/full: No space left on device")
      assert.has_error(function() impact.sweep(rod_sweep{ json = "/dev/full", fast = fast }) end,
        "sweep: cannot write /dev/full: No space left on device")
    end
  end)

  it("raise naming /dev/full for merges, space_map and plot data", function()
    local dir = scratch.subdir()
    local base = dir .. "/m.csv"
    for k = 1, 2 do
      impact.sweep(rod_sweep{ n = 20, out = base, json = dir .. "/m.json", shard = { k, 2 } })
    end
    assert.has_error(function() impact.sweep_merge(base, "/dev/full") end,
      "sweep_merge: cannot write /dev/full: No space left on device")
    assert.has_error(function() impact.sweep_merge(dir .. "/m.json", { out = "/dev/full" }) end,
      "sweep_merge: cannot write /dev/full: No space left on device")
    assert.has_error(function()
      impact.space_map{ r = 1.414, mu = 0.25, e = 0, gamma_deg = { 1, 89, 4 }, theta_deg = { -89, 89, 5 },
                        out = "/dev/full" }
    end, "space_map: cannot write /dev/full: No space left on device")
    -- A plot's data file that is a link to /dev/full: written in place, checked.
    assert.is_true(os.execute("ln -s /dev/full " .. q(dir .. "/fig.dat")))
    local r = impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.3, e = 0.5 }
    assert.has_error(function() impact.plot.path(r, { out = dir .. "/fig.png", run = false }) end,
      "plot.path: cannot write " .. dir .. "/fig.dat: No space left on device")
  end)

  it("never leave a partial file under the name: an injected write failure keeps the old file", function()
    local dir = scratch.subdir()
    local path = dir .. "/s.csv"
    local old = "# an older complete file\n"
    local f = assert(io.open(path, "w")) f:write(old) f:close()
    local real = core._csv_row
    local rows = 0
    core._csv_row = function(...)
      rows = rows + 1
      if rows == 50 then return nil, "injected failure" end
      return real(...)
    end
    local ok, err = pcall(impact.sweep, rod_sweep{ out = path, fast = false })
    core._csv_row = real
    assert.is_false(ok)
    assert.are.equal("sweep: cannot write " .. path .. ": injected failure", err)
    assert.are.equal(old, slurp(path))            -- untouched: the rows went to a private file
    assert.are.equal("s.csv", listing(dir))       -- which is removed
    -- A point raising (on_error = "raise") likewise leaves no partial file.
    os.remove(path)
    assert.has_error(function()
      impact.sweep{ vary = { x = impact.range(1, 10, 10) }, out = path, progress = false, on_error = "raise",
        solve = function(p) if p.x > 5 then error("bad point", 0) end return { y = p.x } end }
    end)
    assert.are.equal("", listing(dir))
  end)

  it("appear under the name only once complete", function()
    local dir = scratch.subdir()
    local path, json = dir .. "/w.csv", dir .. "/w.json"
    local seen
    impact.sweep(rod_sweep{ out = path, json = json, fast = false, progress = function(done)
      if done > 0 and not seen then seen = listing(dir) end
    end })
    assert.matches("^w%.csv%.%d+%-1%.tmp$", seen)
    assert.are.equal("w.csv w.json", listing(dir))
    local text = slurp(path)
    assert.matches("# end: 300 points, 0 failed\n$", text)
    assert.are.equal(300, impact.sweep_read(json).n)
  end)

  it("fail loudly at a file-size limit on both paths, leaving no file (a process with ulimit -f)", function()
    if not BIN then pending("IMPACT_BIN not set") return end
    local dir = scratch.subdir()
    for _, case in ipairs{ { "out", "true" }, { "out", "false" }, { "json", "true" } } do
      local path = dir .. "/big." .. (case[1] == "out" and "csv" or "json")
      local code = string.format("impact.sweep{base = {B1 = 2.5, B2 = 2.5, B3 = 1.5, C0 = -1, e = 0.5}, " ..
        "vary = {S0 = impact.range(-2, 2, 300)}, %s = %q, fast = %s} print('returned')", case[1], path, case[2])
      local errf = dir .. "/err.txt"
      local ok = os.execute("bash -c " .. q("trap '' XFSZ; ulimit -f 8; exec " .. q(BIN) .. " -e " .. q(code)) ..
        " >/dev/null 2>" .. q(errf))
      local err = slurp(errf)
      os.remove(errf)
      assert.is_not_true(ok, err)
      assert.truthy(err:find("sweep: cannot write " .. path .. ": File too large", 1, true), err)
      assert.are.equal("", listing(dir))
    end
  end)
end)

-- The JSON as lua-cjson wrote it whole before the columns were streamed by
-- C (14 significant digits, NaN and inf as null): the oracle.
local function old_cjson()
  local cj = require("cjson").new()
  cj.encode_invalid_numbers("null")
  cj.encode_number_precision(14)
  return cj
end

-- new (decoded from the file) against old (decoded from the old encoder's
-- text) and exact (the columns written, or nil): same keys and strings,
-- numbers equal to old at old's 14 digits and to exact, null where exact
-- is not finite.
local function same_json(new, old, exact, null, where)
  if type(old) == "table" then
    assert.are.equal("table", type(new), where)
    for k in pairs(old) do assert.is_not_nil(new[k], where .. "." .. tostring(k)) end
    for k, v in pairs(new) do
      same_json(v, old[k], type(exact) == "table" and exact[k], null, where .. "." .. tostring(k))
    end
  elseif old == null then
    assert.are.equal(null, new, where)
    if type(exact) == "number" then assert.is_false(exact == exact and math.abs(exact) < math.huge, where) end
  elseif type(old) == "number" then
    assert.are.equal("number", type(new), where)
    assert.are.equal(old, tonumber(string.format("%.14g", new)), where)   -- -0 == 0 too
    if type(exact) == "number" then assert.are.equal(exact, new, where) end
  else
    assert.are.equal(old, new, where)
  end
end

describe("the sweep's JSON, its columns streamed by C", function()
  local output = require("impact.sweep.output")
  local cj = old_cjson()

  local function check(doc, path)
    local new = cj.decode(slurp(path))
    local old = cj.decode(output.encode_json(cj, doc))
    same_json(new, old, nil, cj.null, "doc")
    same_json(new.columns, old.columns, doc.columns, cj.null, "columns")   -- exact there
    return new
  end

  it("reads back as the old encoder's document on a sweep with NaN, strings and failed points", function()
    local dir = scratch.subdir()
    local real, doc = output.write_json, nil
    output.write_json = function(f, p, d) doc = d return real(f, p, d) end
    local r = impact.sweep{ base = BASE, vary = { S0 = impact.range(-2, 2, 7), e = { 0.5, -1 } },
      progress = false, json = dir .. "/s.json" }
    output.write_json = real
    assert.are.equal(7, #r.failures)
    assert.are.equal("error", r.columns.mode[2])
    assert.are.equal("", r.columns.class[2])
    local new = check(doc, dir .. "/s.json")
    assert.are.equal(cj.null, new.columns.Px[2])
    assert.are.equal(r.columns.S[1], new.columns.S[1])   -- exact: more than 14 digits
    assert.are_not.equal(r.columns.S[1], tonumber(string.format("%.14g", r.columns.S[1])))
    local back = impact.sweep_read(dir .. "/s.json")
    assert.are.same(r.names, back.names)
    for _, name in ipairs(r.names) do
      for i = 1, r.n do
        local a, b = r.columns[name][i], back.columns[name][i]
        if a ~= a then assert.is_true(b ~= b, name) else assert.are.equal(a, b, name .. i) end
      end
    end
    for k, f in ipairs(r.failures) do
      assert.are.equal(f.index, back.failures[k].index)
      assert.are.equal(f.message, back.failures[k].message)
    end
    assert.are.equal("s.json", listing(dir))
  end)

  it("writes inf as null, empty columns as [] and escapes strings as lua-cjson", function()
    local path = scratch.subdir() .. "/x.json"
    local doc = { n = 3, names = { "a", "b/c", "e" }, failures = {},
      columns = { a = { 1 / 0, -1 / 0, 0 / 0, -0.0, 0.1, 2 ^ 70, 2 ^ -1074 },
        ["b/c"] = { 'q"\\/', "\1\31\127 \b\f\n\r\t", "é" }, e = {} } }
    output.write_json("t", path, doc)
    local text = slurp(path)
    assert.truthy(text:find('"columns":{"a":[null,null,null,0,0.1,1.1805916207174113e+21,4.94065645841247e-324],' ..
      '"b\\/c":["q\\"\\\\\\/","\\u0001\\u001f\\u007f \\b\\f\\n\\r\\t","é"],"e":[]}}\n', 1, true), text)
    check(doc, path)
    assert.has_error(function() output.write_json("t", path, { n = 1, names = { "a" }, columns = { a = { {} } } }) end,
      "column 'a' row 1: cannot write a table in JSON")
  end)

  it("stops on a Ctrl-C before a long write, leaving no file, and finishes a short one", function()
    local dir = scratch.subdir()
    local col = {}
    for i = 1, 1000000 do col[i] = i / 7 end
    local doc = { n = #col, names = {}, columns = {} }   -- 10 million values: seconds
    for j = 1, 10 do doc.names[j] = "c" .. j doc.columns["c" .. j] = col end
    core._raise_interrupt()
    local t0 = core._now()
    local ok, err = pcall(output.write_json, "t", dir .. "/big.json", doc)
    local spent = core._now() - t0
    core._clear_interrupt()
    assert.is_false(ok)
    assert.are.equal("interrupted!", err)
    assert.is_true(spent < 0.5, spent)
    assert.are.equal("", listing(dir))
    -- a short one is finished: a moment's work
    core._raise_interrupt()
    ok, err = pcall(output.write_json, "t", dir .. "/small.json", { n = 3, names = { "a" }, columns = { a = { 1, 2, 3 } } })
    core._clear_interrupt()
    assert.is_true(ok, err)
    assert.are.equal("small.json", listing(dir))
  end)
end)

describe("Ctrl-C while the files are written", function()
  it("keeps the CSV written, the result in impact.interrupted_sweep, and no private file", function()
    local output = require("impact.sweep.output")
    local dir = scratch.subdir()
    local real = output.write_json
    output.write_json = function() error("interrupted!", 0) end   -- Ctrl-C during the JSON
    local said, stderr = {}, io.stderr
    io.stderr = { write = function(self, t) said[#said + 1] = t return self end }
    impact.interrupted_sweep = nil
    local ok, err = pcall(impact.sweep, rod_sweep{ n = 40, out = dir .. "/i.csv", json = dir .. "/i.json" })
    io.stderr, output.write_json = stderr, real
    assert.is_false(ok)
    assert.are.equal("interrupted!", err)
    local s = impact.interrupted_sweep
    assert.is_true(s.interrupted)
    assert.are.equal(40, s.n)
    assert.are.equal(40, #s.columns.Px)
    assert.are.equal("sweep: interrupted after 40 of 40 points; the rows done are kept in " .. dir ..
      "/i.csv and in impact.interrupted_sweep\n", table.concat(said))
    assert.are.equal("i.csv", listing(dir))
    assert.are.equal(40, impact.sweep_read(dir .. "/i.csv").n)
    assert.is_false(core._interrupted())
  end)
end)

describe("Ctrl-C (SIGINT) while a fast-path sweep writes its JSON", function()
  it("returns within a second, the JSON whole or absent, the result kept", function()
    if not BIN then pending("IMPACT_BIN not set") return end
    local dir = scratch.subdir()
    local json, out, err, took = dir .. "/big.json", dir .. "/out.txt", dir .. "/err.txt", dir .. "/took.txt"
    -- "ready" once every point is solved: the JSON (100,000 rows) is next.
    local code = string.format("impact.sweep{base = {B1 = 2.5, B2 = 2.5, B3 = 1.5, C0 = -1, e = 0.5}, " ..
      "vary = {S0 = impact.range(-2, 2, 250), mu = impact.range(0, 1, 400)}, json = %q, " ..
      "progress = function(done, total) if done == total then io.write('ready\\n') io.stdout:flush() end end}", json)
    local sh = table.concat({
      q(BIN) .. " -e " .. q(code) .. " >" .. q(out) .. " 2>" .. q(err) .. " </dev/null &",
      "pid=$!; i=0",
      "while ! grep -q ready " .. q(out) .. " 2>/dev/null && [ $i -lt 600 ]; do sleep 0.05; i=$((i+1)); done",
      "sleep 0.1; kill -INT $pid; t0=$(date +%s%N)",
      "( sleep 60; kill -9 $pid 2>/dev/null ) & guard=$!",
      "wait $pid; rc=$?; t1=$(date +%s%N); kill $guard 2>/dev/null",
      "echo $(( (t1 - t0) / 1000000 )) >" .. q(took) .. "; exit $rc",
    }, "\n")
    local _, how, code_ = os.execute(sh)
    local said = slurp(err)
    local ms = tonumber(slurp(took))
    os.remove(took)
    assert.are.equal("exit", how)
    assert.are.equal(1, code_, said)
    assert.is_true(ms < 1000, ms .. " ms after SIGINT")
    local kept = said:find(json, 1, true) ~= nil
    assert.truthy(said:find("sweep: interrupted after 100000 of 100000 points; the rows done are kept in " ..
      (kept and json .. " and in " or "") .. "impact.interrupted_sweep\nimpact: interrupted!\n", 1, true), said)
    if kept then   -- finished: whole
      local back = impact.sweep_read(json)
      assert.are.equal(100000, back.n)
      assert.are.equal(100000, #back.columns.Px)
      assert.are.equal("big.json err.txt out.txt", listing(dir))
    else           -- stopped: no file, no private file
      assert.are.equal("err.txt out.txt", listing(dir))
    end
  end)
end)

describe("two processes writing the same out", function()
  it("leave one whole file, the same as one run's, both exiting 0", function()
    if not BIN then pending("IMPACT_BIN not set") return end
    local dir = scratch.subdir()
    local path, one = dir .. "/c.csv", dir .. "/one.csv"
    local code = "impact.sweep{base = {B1 = 2.5, B2 = 2.5, B3 = 1.5, C0 = -1, e = 0.5}, " ..
      "vary = {S0 = impact.range(-2, 2, 400), mu = impact.range(0, 1, 100)}, threads = 1, out = %q}"
    local run = q(BIN) .. " -e " .. q(string.format(code, path))
    local sh = run .. " & a=$!; " .. run .. " & b=$!; wait $a; ra=$?; wait $b; rb=$?; exit $((ra + rb))"
    assert.is_true(os.execute(sh))
    impact.sweep{ base = BASE, vary = { S0 = impact.range(-2, 2, 400), mu = impact.range(0, 1, 100) },
                  threads = 1, out = one, progress = false }
    local text = slurp(path)
    assert.is_nil(text:find("\0", 1, true))
    local _, ends = text:gsub("\n# end:", "")
    assert.are.equal(1, ends)
    assert.are.equal(slurp(one), text)
    assert.are.equal("c.csv one.csv", listing(dir))
  end)
end)

describe("sweep_merge and shard sets", function()
  it("refuses a complete 3-shard set beside a stray shard of another split, merges it when named", function()
    local dir = scratch.subdir()
    local base = dir .. "/m.csv"
    for k = 1, 3 do impact.sweep(rod_sweep{ n = 30, out = base, shard = { k, 3 } }) end
    impact.sweep(rod_sweep{ n = 30, out = base, shard = { 2, 4 } })
    assert.has_error(function() impact.sweep_merge(base) end, string.format(
      "sweep_merge: shard sets of 3, 4 files exist for %s (%s, %s): name the one to merge, e.g. impact.sweep_merge(%q, {n = 4})",
      base, dir .. "/m.k-of-3.csv", dir .. "/m.k-of-4.csv", base))
    assert.is_false(exists(base))
    assert.are.equal(30, impact.sweep_merge(base, { n = 3 }).n)
    assert.has_error(function() impact.sweep_merge(base, { n = 4 }) end, "sweep_merge: shard 1/4 is missing")
  end)

  it("refuses a shard count no files hold at once", function()
    local t0 = core._now()
    assert.has_error(function() impact.sweep_merge("x.csv", { n = 1e9 }) end,
      "sweep_merge: no shards of x.csv exist (looked for x.k-of-1000000000.csv)")
    -- A shard file that claims a split of 10^9 shards: missing ones named, no loop over them.
    local dir = scratch.subdir()
    local p = dir .. "/h.csv"
    impact.sweep(rod_sweep{ n = 10, out = p })
    local text = slurp(p):gsub("# points: 10\n", "# points: 10\n# shard: 1/1000000000 points 1-10 of 10\n")
    local f = assert(io.open(dir .. "/h.1-of-1000000000.csv", "w")) f:write(text) f:close()
    assert.has_error(function() impact.sweep_merge({ dir .. "/h.1-of-1000000000.csv" }) end,
      "sweep_merge: shard 2/1000000000 is missing")
    assert.is_true(core._now() - t0 < 5)
  end)
end)

describe("bounded work", function()
  it("sweep_read refuses a directory and a file that is not text from its first bytes", function()
    local dir = scratch.subdir()
    assert.has_error(function() impact.sweep_read(dir) end,
      "sweep_read: " .. dir .. " is a directory, not a sweep's file")
    assert.has_error(function() impact.sweep_read("/dev/zero") end,
      "sweep_read: /dev/zero is not a sweep's file (binary data in its first bytes)")
    assert.has_error(function() impact.sweep_read(dir .. "/x.json") end)
  end)

  it("refuses counts beyond this machine's memory up front", function()
    local t0 = core._now()
    local e = err_of(impact.range, 0, 1, 2 ^ 53)
    assert.matches("range: argument 'n': 9007199254740992 values need 131072 TB, more than this machine's memory %(", e)
    e = err_of(impact.sweep, { sample = { n = 2 ^ 50, ranges = { S0 = { 0, 1 } } } })
    assert.matches("^sweep: field 'sample.n': 1125899906842624 points need %d+ TB, more than this machine's memory", e)
    assert.is_true(core._now() - t0 < 1)
    assert.are.equal(5, #impact.range(0, 1, 5))
  end)

  it("sweep_read refuses a JSON whose n no column holds", function()
    local path = edited_json('"n":4', '"n":1e15')
    assert.matches("^sweep_read: .* is not a sweep's JSON file %(column '%S+' has fewer than n = 1000000000000000 rows%)$",
      err_of(impact.sweep_read, path))
  end)
end)

describe("messages", function()
  it("name the field given a string where a count is expected", function()
    assert.has_error(function() impact.sweep(rod_sweep{ threads = "2" }) end,
      "sweep: field 'threads' must be an integer in [1, 1024], got the string \"2\"")
    assert.has_error(function() impact.sweep(rod_sweep{ chunk = "7" }) end,
      "sweep: field 'chunk' must be a positive integer, got the string \"7\"")
    assert.has_error(function() impact.sweep_merge("x.csv", { n = "3" }) end,
      "sweep_merge: option 'n' must be an integer >= 2 (the number of shards), got the string \"3\"")
    assert.has_error(function() require("impact.pretty").format({ 1 }, { depth = "3" }) end,
      "pretty.format: field 'depth' must be an integer >= 0, got string")
    assert.has_error(function() impact.sweep{ sample = { n = "3", ranges = { S0 = { 0, 1 } } } } end,
      "sweep: field 'sample.n' must be a positive integer, got the string \"3\"")
    local r = impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.3, e = 0.5 }
    assert.has_error(function() impact.plot.path(r, { size = { "3", 4 }, run = false }) end,
      "plot.path: option 'size' must be {width, height} in pixels, points for PDF and EPS (positive integers), or a preset (\"column\", \"full\", \"slide\"), got a table whose [1] is the string \"3\"")
  end)

  it("sweep_read names a JSON whose names is a number", function()
    local path = edited_json('"names":%b[]', '"names":3')
    assert.has_error(function() impact.sweep_read(path) end, "sweep_read: " .. path ..
      " is not a sweep's JSON file (field 'names' must be a list of column names, got number)")
  end)

  it("solve3d's exact failures give the impulse, not a broken format", function()
    -- A body at 1e-298 kg: the exact integrator's step underflows.
    local ok, err = pcall(impact.solve3d, {
      body = { m = 0x1.0be08d0527e1dp-990, inertia = { 0x1.ac9a7b3b7302fp-994, 0x1.4ed8b04671da4p-987, 0x1.4ed8b04671da4p-987 },
               r = { 0x1.f9b8d4921a0b2p-2, 0x1.39c9b551c3c2p-2, 0x1.0d50a7866f23p-2 },
               v = { -0x1.469c29e7bba4cp-3, -0x1.0b0c8269f960ep-2, -0x1.79d371a18b3fp-2 },
               w = { -0x1.aa38614dbeaa6p-2, 0x1.b37faefba12d2p-2, -0x1.d4c72e9455f5p-4 } },
      mu = 100, e = 0x1.e623000fa4002p-2, law = "energetic", method = "exact" })
    if ok then return end   -- solved (a later fix of tiny bodies): nothing to format
    err = tostring(err)
    assert.is_nil(err:find("invalid option", 1, true), err)
    assert.matches("^solve3d: ", err)
    if err:find("exact (", 1, true) then assert.matches("at p = %-?[%d.e+-]+", err) end
  end)
end)
