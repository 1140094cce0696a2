local scratch = require("spec.scratch")   -- scratch files, removed after the run
local impact = require("impact")

-- Unique scratch file names (in spec/scratch.lua's directory).
local function tmpname(ext) return scratch.name(ext) end

local function slurp(path) return (assert(scratch.read(path))) end

local function lines(path)
  local out = {}
  for l in io.lines(path) do out[#out + 1] = l end
  return out
end

-- A cheap solver with a 2D-like result, and the mode as a string.
local function toy(p)
  local x, y = p.x or 0, (p.body1 and p.body1.vx) or 0
  return { Px = x + y, Py = x * y, dT = -x, mode = x > 0.5 and "sliding" or "C-sticking",
           class = "eccentric", path = { { Px = 0, Py = 0, event = "start" } },
           body1 = { vx = 2 * y, vy = 0, w = 1 } }
end

-- Runs impact.sweep(spec), which Ctrl-C must stop by raising "interrupted!"
-- (as it stops any Lua code) after keeping what is done in
-- impact.interrupted_sweep; returns that partial result.
-- pcall(f, ...) with what f writes to io.stderr caught: returns the text
-- said, then pcall's results (a test run prints no stray lines).
local function caught(f, ...)
  local said, stderr = {}, io.stderr
  io.stderr = { write = function(self, ...)
    for _, s in ipairs{ ... } do said[#said + 1] = tostring(s) end
    return self
  end }
  local r = table.pack(pcall(f, ...))
  io.stderr = stderr
  return table.concat(said), table.unpack(r, 1, r.n)
end

-- What the sweep says on stderr is checked.
local function interrupted(spec)
  impact.interrupted_sweep = "stale"
  local said, ok, err = caught(impact.sweep, spec)
  assert.is_false(ok)
  assert.are.equal("interrupted!", err)
  assert.matches("sweep: interrupted after %d+ of %d+ points; the rows done are kept in .*impact%.interrupted_sweep\n$",
    said)
  assert.is_false(impact.core._interrupted())
  return impact.interrupted_sweep
end

describe("impact.range", function()
  it("gives n evenly spaced values with exact ends", function()
    local r = impact.range(0, 1, 5)
    assert.are.same({ 0, 0.25, 0.5, 0.75, 1 }, r)
    assert.are.same({ 2 }, impact.range(2, 3, 1))
    local g = impact.range(1, 100, 3, "log")
    assert.is.near(10, g[2], 1e-12)
    assert.are.equal(100, g[3])
  end)

  it("stays finite between ends near double's limits", function()
    local g = impact.range(1e-308, 10, 5, "log")
    assert.are.equal(1e-308, g[1])
    assert.are.equal(10, g[5])
    -- the middle is the geometric mean sqrt(1e-307) = 3.16227766e-154
    assert.is.near(1, g[3] / math.sqrt(1e-307), 1e-14)
    for i = 2, 5 do assert.is_true(g[i] > g[i - 1] and g[i] < math.huge) end
    local r = impact.range(-1.7e308, 1.7e308, 5)
    assert.are.equal(-1.7e308, r[1])
    assert.are.equal(1.7e308, r[5])
    for i, x in ipairs{ -8.5e307, 0, 8.5e307 } do assert.is.near(x, r[i + 1], 1.7e308 * 4e-16) end
  end)

  it("rejects bad arguments by name", function()
    assert.has_error(function() impact.range(0, 1, 0) end,
      "range: argument 'n' must be a positive integer, got 0")
    assert.has_error(function() impact.range(0 / 0, 1, 3) end)
    assert.has_error(function() impact.range(-1, 1, 3, "log") end)
  end)
end)

describe("impact.sweep", function()
  it("runs a cartesian grid, first field slowest, with dotted fields", function()
    local s = impact.sweep{ base = { body1 = { m = 1 } },
      vary = { { "x", { 0, 1 } }, { "body1.vx", { 10, 20, 30 } } }, solve = toy }
    assert.are.equal(6, s.n)
    -- The result's body1.vx (post-impact) is renamed: body1.vx is varied.
    assert.are.same({ "x", "body1.vx", "Px", "Py", "dT", "result.body1.vx", "body1.vy", "body1.w",
      "mode", "class" }, s.names)
    assert.are.same({ 20, 40, 60, 20, 40, 60 }, s.columns["result.body1.vx"])
    assert.are.same({ 0, 0, 0, 1, 1, 1 }, s.columns.x)
    assert.are.same({ 10, 20, 30, 10, 20, 30 }, s.columns["body1.vx"])
    assert.are.same({ 10, 20, 30, 11, 21, 31 }, s.columns.Px)
    assert.are.same({ "C-sticking", "C-sticking", "C-sticking", "sliding", "sliding", "sliding" },
      s.columns.mode)
    assert.are.equal(0, #s.failures)
    assert.is_false(s.interrupted)
  end)

  it("orders a map of fields by name and keeps the base untouched", function()
    local base = { body1 = { m = 1, vx = 5 } }
    local s = impact.sweep{ base = base, vary = { x = { 1, 2 }, ["body1.vx"] = { 3 } }, solve = toy }
    assert.are.same({ "body1.vx", "x" }, { s.names[1], s.names[2] })
    assert.are.equal(5, base.body1.vx)
    assert.is_nil(base.x)
  end)

  it("maps samples to problems with a function (derived parameters)", function()
    local seen = {}
    local s = impact.sweep{
      base = { k = 2 },
      vary = { angle_deg = { 0, 90 }, ratio = { 1, 3 } },
      map = function(p, base)
        seen[#seen + 1] = base
        return { x = base.k * p.ratio * math.cos(math.rad(p.angle_deg)) }
      end,
      solve = toy }
    assert.are.equal(4, s.n)
    assert.is.near(2, s.columns.Px[1], 1e-12)
    assert.is.near(6, s.columns.Px[2], 1e-12)
    assert.is.near(0, s.columns.Px[3], 1e-12)
    assert.are_not.equal(seen[1], seen[2])   -- a fresh copy of base each time
  end)

  it("accepts a solver returning a plain number", function()
    local s = impact.sweep{ vary = { x = { 1, 2 } }, solve = function(p) return p.x ^ 2 end }
    assert.are.same({ 1, 4 }, s.columns.value)
  end)

  it("draws seeded, reproducible random and Latin-hypercube samples", function()
    local function run(method, seed)
      return impact.sweep{ sample = { n = 50, method = method, seed = seed,
        ranges = { x = { -1, 1 }, ["body1.vx"] = { 0, 10 } } }, solve = toy }
    end
    for _, m in ipairs{ "random", "lhs" } do
      local a, b, c = run(m, 7), run(m, 7), run(m, 8)
      assert.are.same(a.columns.x, b.columns.x)
      assert.are.same(a.columns["body1.vx"], b.columns["body1.vx"])
      assert.are_not.same(a.columns.x, c.columns.x)
      for i = 1, 50 do
        assert.is_true(a.columns.x[i] >= -1 and a.columns.x[i] < 1)
        assert.is_true(a.columns["body1.vx"][i] >= 0 and a.columns["body1.vx"][i] < 10)
      end
    end
    -- Latin hypercube: exactly one point in each of the n strata per field.
    local s = run("lhs", 3)
    for _, f in ipairs{ { "x", -1, 1 }, { "body1.vx", 0, 10 } } do
      local hit = {}
      for i = 1, 50 do
        local k = math.floor((s.columns[f[1]][i] - f[2]) / (f[3] - f[2]) * 50) + 1
        assert.is_nil(hit[k])
        hit[k] = true
      end
    end
  end)

  it("combines a grid with a sample, the sample innermost", function()
    local s = impact.sweep{ vary = { y = { 1, 2 } }, sample = { n = 3, ranges = { x = { 0, 1 } } },
      solve = function(p) return { v = p.x + p.y } end }
    assert.are.equal(6, s.n)
    assert.are.same({ 1, 1, 1, 2, 2, 2 }, s.columns.y)
    assert.are.same({ s.columns.x[1], s.columns.x[2], s.columns.x[3] },
      { s.columns.x[4], s.columns.x[5], s.columns.x[6] })
  end)

  it("records a failing point and goes on, or raises naming the point", function()
    local function picky(p)
      if p.x == 2 then error("solve2d: field 'e' must be in [0, 1], got 1.3", 0) end
      return toy(p)
    end
    local s = impact.sweep{ vary = { x = { 1, 2, 3 } }, solve = picky }
    assert.are.equal(3, s.n)
    assert.are.equal(1, #s.failures)
    assert.are.equal(2, s.failures[1].index)
    assert.are.equal(2, s.failures[1].point.x)
    assert.matches("field 'e' must be", s.failures[1].message)
    assert.are.equal("error", s.columns.mode[2])
    assert.is_true(s.columns.Px[2] ~= s.columns.Px[2])   -- NaN marks the failed point
    assert.are.equal(3, s.columns.Px[3])
    assert.has_error(function()
      impact.sweep{ vary = { x = { 1, 2, 3 } }, solve = picky, on_error = "raise" }
    end, "sweep: point 2 (x=2): solve2d: field 'e' must be in [0, 1], got 1.3")
  end)

  it("flattens a result in C exactly as in Lua (core._flatten)", function()
    local columns = require("impact.sweep.columns")
    local core = impact.core
    local function lua_flatten(res)
      columns.use_core({})
      local ok, out = pcall(columns.flatten, res)
      columns.use_core(core)
      assert.is_true(ok, out)
      return out
    end
    local pairs_mt = { __pairs = function(t) return next, { only = 1 }, nil end }
    local cases = {
      { Px = 1, Py = 2.5, mode = "slip", class = "x", law = "poisson", [1] = 3, [2.5] = "x",
        P = { x = 1, y = -2, [1] = 5, s = "no" }, flag = true, ["P.x"] = 9, n = 7 },
      { mode = 3, class = {}, ["mode\0x"] = "s", body1 = { vx = 1, w = 0 / 0 }, empty = {} },
      { sub = setmetatable({ a = 1 }, pairs_mt), b = 2 },
      setmetatable({ a = 1 }, pairs_mt),
      {},
    }
    if impact.solve2d then
      cases[#cases + 1] = impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.3, e = 0.5 }
    end
    local function equal(want, got, what)   -- NaN equals NaN here
      local n = 0
      for k, v in pairs(got) do
        n = n + 1
        assert.is_true(v == want[k] or (v ~= v and want[k] ~= want[k]), what .. " key " .. k)
        assert.are.equal(math.type(want[k]), math.type(v), what .. " key " .. k)
      end
      for _ in pairs(want) do n = n - 1 end
      assert.are.equal(0, n, what)
    end
    for i, res in ipairs(cases) do
      local want = lua_flatten(res)
      equal(want, columns.flatten(res), "case " .. i)
      local c = core._flatten(res)
      if c then equal(want, c, "C case " .. i) end
    end
    assert.is_nil(core._flatten(3))
    assert.is_nil(core._flatten(setmetatable({}, pairs_mt)))
    assert.is_not_nil(core._flatten({ a = 1 }))
  end)

  it("takes the columns from points spread over the sweep (optional fields too)", function()
    local s = impact.sweep{ vary = { x = impact.range(1, 50, 50) },
      solve = function(p) return { v = p.x, late = p.x > 40 and 1 or nil } end }
    assert.are.same({ "x", "late", "v", "mode" }, s.names)
    assert.is_true(s.columns.late[1] ~= s.columns.late[1])
    assert.are.equal(1, s.columns.late[50])
  end)

  it("takes the columns from the first point that solves, even when it fails first", function()
    local s = impact.sweep{ vary = { x = { 1, 2 } },
      solve = function(p) if p.x == 1 then error("no") end return toy(p) end }
    assert.are.equal("Px", s.names[2])
    assert.are.equal("error", s.columns.mode[1])
  end)

  it("stops cleanly on an interrupt, keeps what is done and raises 'interrupted!'", function()
    local path = tmpname(".csv")
    -- (points 1-4, 10, 19, ... are solved first to learn the columns)
    local s = interrupted{ vary = { x = impact.range(1, 100, 100) }, out = path,
      solve = function(p)
        if p.x == 7 then error("interrupted!") end
        return toy(p)
      end }
    assert.is_true(s.interrupted)
    assert.are.equal(6, s.n)
    assert.are.same({ 1, 2, 3, 4, 5, 6 }, s.columns.x)
    local back = impact.sweep_read(path)
    assert.are.equal(6, back.n)
    assert.is_true(back.interrupted)
    assert.are.same(s.columns.Px, back.columns.Px)
    assert.are.equal("# interrupted after 6 of 100 points", lines(path)[#lines(path)])
    os.remove(path)

    -- The flag the host's Ctrl-C handler raises stops it the same way.
    local core = impact.core
    local s2 = interrupted{ vary = { x = impact.range(1, 100, 100) },
      solve = function(p)
        if p.x == 6 then core._raise_interrupt() end
        return toy(p)
      end }
    assert.is_true(s2.interrupted)
    assert.are.equal(6, s2.n)
    assert.is_false(core._interrupted())
    -- Ctrl-C while the first points are solved to learn the columns.
    local s3 = interrupted{ vary = { x = impact.range(1, 100, 100) },
      solve = function(p)
        if p.x == 2 then core._raise_interrupt() end
        return toy(p)
      end }
    assert.is_true(s3.interrupted)
    assert.are.equal(0, s3.n)
    -- The next sweep forgets it.
    impact.sweep{ vary = { x = { 1 } }, solve = toy }
    assert.is_nil(impact.interrupted_sweep)
  end)

  it("keeps the CSV, the JSON and the columns of an interrupted sweep alike, failures included", function()
    local path, jpath = tmpname(".csv"), tmpname(".json")
    local spec = { vary = { x = impact.range(1, 100, 100) }, out = path, json = jpath,
      solve = function(p)
        if p.x == 30 then impact.core._raise_interrupt() end
        if p.x == 12 or p.x == 31 then error("bad point") end
        return toy(p)
      end }
    local s = interrupted(spec)
    assert.are.equal(30, s.n)
    for _, name in ipairs(s.names) do assert.are.equal(30, #s.columns[name], name) end
    assert.are.equal(1, #s.failures)
    assert.are.equal(12, s.failures[1].index)
    local back = impact.sweep_read(path)
    assert.are.equal(30, back.n)
    assert.are.equal(1, #back.failures)
    local doc = require("cjson").decode(slurp(jpath))
    assert.are.equal(30, doc.n)
    assert.is_true(doc.interrupted)
    assert.are.equal(30, #doc.columns.x)
    for i = 1, 30 do assert.is.near(s.columns.x[i], doc.columns.x[i], 1e-12) end
    assert.are.equal(1, #doc.failures)
    os.remove(path) os.remove(jpath)
  end)

  it("writes CSV with comments, a header and rows that read back exactly", function()
    local path = tmpname(".csv")
    local s = impact.sweep{ base = { e = 0.5 }, vary = { x = impact.range(0, 1, 7) },
      sample = { n = 4, ranges = { ["body1.vx"] = { 0, 1 } } }, solve = toy, out = path }
    local L = lines(path)
    assert.matches("^# impact .* sweep$", L[1])
    assert.are.equal("# solve: function", L[2])
    assert.are.equal("# base: {e = 0.5}", L[3])
    local header
    for _, l in ipairs(L) do
      if not l:match("^#") then header = l break end
    end
    assert.are.equal("x,body1.vx,Px,Py,dT,result.body1.vx,body1.vy,body1.w,mode,class", header)
    assert.are.equal("# end: 28 points, 0 failed", L[#L])
    local back = impact.sweep_read(path)
    assert.are.equal(28, back.n)
    assert.are.same(s.names, back.names)
    for _, name in ipairs(s.names) do
      assert.are.same(s.columns[name], back.columns[name])
    end
    os.remove(path)
  end)

  it("records the varied values in the CSV comments exactly, as the rows write numbers", function()
    local path = tmpname(".csv")
    local irregular = { 0, 0.1, 0.2, 0.30000000000000004, 0.5, 0.8, 1.3, 2.1, 3.4 }
    impact.sweep{ vary = { { "S0", { -2, -1.0, 0.0, 1 / 3, 2 } }, { "mu", impact.range(0, 1.5, 61) },
      { "e", impact.range(0.01, 1, 12, "log") }, { "x", irregular }, { "law", { "poisson", "a b" } } },
      sample = { n = 2, ranges = { y = { 0.1, 1 / 3 } } },
      solve = function() return { v = 1 } end, out = path }
    local L = lines(path)
    assert.are.same({
      "# vary S0: -2 -1 0 0.3333333333333333 2",
      "# vary mu: range(0, 1.5, 61)",
      '# vary e: range(0.01, 1, 12, "log")',
      "# vary x: 0 0.1 0.2 0.30000000000000004 0.5 0.8 1.3 2.1 3.4",
      '# vary law: poisson "a b"',
      "# sample lhs n=2 seed=1: y in [0.1, 0.3333333333333333]",
    }, { table.unpack(L, 4, 9) })
    os.remove(path)
  end)

  it("writes JSON through lua-cjson", function()
    local path = tmpname(".json")
    local s = impact.sweep{ vary = { x = { 0.25, 1, 2 } }, out = path,
      solve = function(p) if p.x == 1 then error("bad") end return toy(p) end }
    local text = slurp(path)
    local doc = require("cjson").decode(text)
    assert.are.equal(3, doc.n)
    assert.are.same(s.names, doc.names)
    assert.are.same({ 0.25, 1, 2 }, doc.columns.x)
    assert.are.equal(require("cjson").null, doc.columns.Px[2])
    local back = impact.sweep_read(path)
    assert.are.same(s.columns.x, back.columns.x)
    assert.is_true(back.columns.Px[2] ~= back.columns.Px[2])
    assert.truthy(text:find('"failures":[{', 1, true))
    -- No failure: still a list, [] and not {}.
    impact.sweep{ vary = { x = { 0.25 } }, out = path, solve = toy }
    assert.truthy(slurp(path):find('"failures":[]', 1, true))
    os.remove(path)
  end)

  -- 35 points, three of them failing, written to out or json.
  local function shard_spec(key, path, shard)
    return { base = { e = 0.5 }, vary = { x = impact.range(0, 1, 5) },
      sample = { n = 7, seed = 11, ranges = { ["body1.vx"] = { 0, 1 } } },
      solve = function(p)
        if p.x == 0.25 and p.body1.vx > 0.5 then error("a failing point") end
        return toy(p)
      end, [key] = path, shard = shard }
  end

  it("splits into deterministic shards whose merge equals one run", function()
    local spec = function(out, shard) return shard_spec("out", out, shard) end
    local one = tmpname(".csv")
    local whole = impact.sweep(spec(one))
    local base = tmpname(".csv")
    local parts = {}
    for k = 1, 4 do parts[k] = impact.sweep(spec(base, { k, 4 })) end
    local total = 0
    for k = 1, 4 do
      assert.are.same({ k, 4 }, parts[k].shard)
      total = total + parts[k].n
      assert.are.equal(parts[k].last - parts[k].first + 1, parts[k].n)
    end
    assert.are.equal(35, total)
    local merged = impact.sweep_merge(base)
    assert.are.equal(slurp(one), slurp(base))
    assert.are.equal(whole.n, merged.n)
    assert.are.same(whole.names, merged.names)
    for _, name in ipairs(whole.names) do
      for i = 1, whole.n do
        local a, b = whole.columns[name][i], merged.columns[name][i]
        if a == a then assert.are.equal(a, b) else assert.is_true(b ~= b) end
      end
    end
    assert.are.equal(#whole.failures, #merged.failures)
    -- A missing or incomplete shard is refused by name.
    local p3 = base:gsub("%.csv$", ".3-of-4.csv")
    local keep = slurp(p3)
    local f = assert(io.open(p3, "w"))
    f:write((keep:gsub("# end: %d+ points, %d+ failed\n$", "")))
    f:close()
    assert.has_error(function() impact.sweep_merge(base) end,
      "sweep_merge: " .. p3 .. " is incomplete (interrupted or still running)")
    os.remove(p3)
    assert.has_error(function() impact.sweep_merge(base) end, "sweep_merge: shard 3/4 is missing")
    for k = 1, 4 do os.remove((base:gsub("%.csv$", "." .. k .. "-of-4.csv"))) end
    os.remove(one)
    os.remove(base)
    -- No shards at all: said of the file named.
    local none = tmpname(".csv")
    assert.has_error(function() impact.sweep_merge(none) end, "sweep_merge: no shards of " .. none ..
      " exist (looked for " .. none:gsub("%.csv$", ".k-of-n.csv") .. ")")
    assert.has_error(function() impact.sweep_merge("nosuch.csv", { n = 3 }) end,
      "sweep_merge: no shards of nosuch.csv exist (looked for nosuch.k-of-3.csv)")
  end)

  it("refuses to guess between shard sets of two sizes, and names a shard of another sweep", function()
    local base = tmpname(".csv")
    local function spec(e, out, shard)
      local t = shard_spec("out", out, shard)
      t.base.e = e
      return t
    end
    local function shard(k, n) return (base:gsub("%.csv$", "." .. k .. "-of-" .. n .. ".csv")) end
    for k = 1, 4 do impact.sweep(spec(0.3, base, { k, 4 })) end
    for k = 1, 8 do impact.sweep(spec(0.9, base, { k, 8 })) end
    assert.has_error(function() impact.sweep_merge(base) end, string.format(
      "sweep_merge: shard sets of 4, 8 files exist for %s (%s, %s): name the one to merge, e.g. impact.sweep_merge(%q, {n = 8})",
      base, shard("k", 4), shard("k", 8), base))
    assert.is_nil(io.open(base, "r"))
    -- Named, each set merges to its own one-run file.
    local one = tmpname(".csv")
    impact.sweep(spec(0.9, one))
    local m = impact.sweep_merge(base, { n = 8 })
    assert.are.equal(35, m.n)
    assert.are.equal(slurp(one), slurp(base))
    impact.sweep(spec(0.3, one))
    impact.sweep_merge(base, { n = 4, out = base })
    assert.are.equal(slurp(one), slurp(base))
    -- A shard of another sweep in the set is named, with the line that differs.
    impact.sweep(spec(0.9, base, { 3, 4 }))
    assert.has_error(function() impact.sweep_merge(base, { n = 4 }) end, string.format(
      "sweep_merge: %s describes another sweep than %s: '# base: {e = 0.9}' against '# base: {e = 0.3}'",
      shard(3, 4), shard(1, 4)))
    assert.has_error(function() impact.sweep_merge(base, { n = 1 }) end,
      "sweep_merge: option 'n' must be an integer >= 2 (the number of shards), got 1")
    for k = 1, 4 do os.remove(shard(k, 4)) end
    for k = 1, 8 do os.remove(shard(k, 8)) end
    os.remove(one) os.remove(base)
  end)

  it("merges JSON shards into the document one run writes", function()
    local cjson = require("cjson")
    local spec = function(json, shard) return shard_spec("json", json, shard) end
    local one = tmpname(".json")
    local whole = impact.sweep(spec(one))
    local base = tmpname(".json")
    for k = 1, 3 do impact.sweep(spec(base, { k, 3 })) end
    local merged = impact.sweep_merge(base)
    assert.are.equal(35, merged.n)
    assert.are.equal(math.type(35), math.type(merged.n))
    assert.are.same({ 1, 1 }, merged.shard)
    assert.are.same(whole.names, merged.names)
    -- The same document, value for value (14 digits in JSON both ways).
    local a, b = cjson.decode(slurp(one)), cjson.decode(slurp(base))
    assert.are.same(a, b)
    assert.are.equal(3, #b.failures)
    assert.are.equal(#whole.failures, #merged.failures)
    assert.are.equal(whole.failures[1].index, merged.failures[1].index)
    assert.are.equal(cjson.null, b.columns.Px[whole.failures[1].index])
    local back = impact.sweep_read(base)
    assert.are.equal(35, back.n)
    assert.is_true(back.columns.Px[whole.failures[1].index] ~= back.columns.Px[whole.failures[1].index])
    -- A missing, interrupted or foreign shard is refused by name; CSV and JSON do not mix.
    local p2 = base:gsub("%.json$", ".2-of-3.json")
    local doc = cjson.decode(slurp(p2))
    doc.interrupted = true
    local f = assert(io.open(p2, "w"))
    f:write(cjson.encode(doc))
    f:close()
    assert.has_error(function() impact.sweep_merge(base) end,
      "sweep_merge: " .. p2 .. " is incomplete (interrupted)")
    os.remove(p2)
    assert.has_error(function() impact.sweep_merge(base) end, "sweep_merge: shard 2/3 is missing")
    assert.has_error(function() impact.sweep_merge({ one:gsub("%.json$", ".csv"), one }) end,
      "sweep_merge: cannot merge CSV and JSON shard files together")
    for k = 1, 3 do os.remove((base:gsub("%.json$", "." .. k .. "-of-3.json"))) end
    os.remove(one)
    os.remove(base)
  end)

  it("uses impact.default_shard when no shard is given", function()
    impact.default_shard = { 2, 3 }
    local ok, s = pcall(impact.sweep, { vary = { x = impact.range(1, 9, 9) }, solve = toy })
    impact.default_shard = nil
    assert.is_true(ok, s)
    assert.are.same({ 4, 5, 6 }, s.columns.x)
    local s2 = impact.sweep{ vary = { x = impact.range(1, 9, 9) }, solve = toy, shard = "3/3" }
    assert.are.same({ 7, 8, 9 }, s2.columns.x)
  end)

  it("rejects bad specifications by field", function()
    assert.has_error(function() impact.sweep{ solve = toy } end,
      "sweep: give 'vary' (a grid) or 'sample' (random points)")
    assert.has_error(function() impact.sweep{ vary = { x = {} }, solve = toy } end,
      "sweep: field 'vary.x' must be a non-empty list of values")
    assert.has_error(function() impact.sweep{ vary = { x = { 1, 0 / 0 } }, solve = toy } end,
      "sweep: field 'vary.x[2]' must be finite, got " .. tostring(0 / 0))
    assert.has_error(function() impact.sweep{ vary = { x = { 1 } }, solve = "nope" } end,
      "sweep: field 'solve' must be a solver name (\"solve2d\", \"solve3d\", ...) or a function, got \"nope\"")
    assert.has_error(function() impact.sweep{ vary = { x = { 1 } }, solve = toy, shard = { 3, 2 } } end,
      "sweep: field 'shard' must be {k, n} with 1 <= k <= n, got {3, 2}")
    assert.has_error(function()
      impact.sweep{ sample = { n = 0, ranges = { x = { 0, 1 } } }, solve = toy }
    end, "sweep: field 'sample.n' must be a positive integer, got 0")
    assert.has_error(function()
      impact.sweep{ sample = { n = 3, ranges = { x = { 1, 0 } } }, solve = toy }
    end, "sweep: field 'sample.ranges.x' must be {lo, hi} with finite lo <= hi")
    assert.has_error(function()
      impact.sweep{ vary = { x = { 1 } }, solve = toy, map = function() return 3 end, on_error = "raise" }
    end, "sweep: point 1 (x=1): map returned a number, not a problem table")
  end)
end)

describe("impact.sweep with solve2d", function()
  local has2d = type(impact.solve2d) == "function"

  local function same_columns(a, b)
    assert.are.equal(a.n, b.n)
    assert.are.same(a.names, b.names)
    for _, name in ipairs(a.names) do
      local x, y = a.columns[name], b.columns[name]
      for i = 1, a.n do
        if x[i] == x[i] then
          assert.are.equal(x[i], y[i], name .. "[" .. i .. "]")
        else
          assert.is_true(y[i] ~= y[i], name .. "[" .. i .. "] is NaN in one only")
        end
      end
    end
  end

  -- The WM92 rod (WM92 sec 6) over S0, mu and e: every contact mode,
  -- and a few invalid points (e = 1.3, mu < 0).
  local function rod_spec(extra)
    local spec = {
      base = { B1 = 2.5, B2 = 2.5, B3 = 1.5, C0 = -1, law = "poisson" },
      vary = { { "S0", impact.range(-2, 2, 21) }, { "mu", { -0.1, 0, 0.3, 0.6, 0.95, 1.2 } },
               { "e", { 0, 0.5, 1, 1.3 } } },
    }
    for k, v in pairs(extra or {}) do spec[k] = v end
    return spec
  end

  it("runs in C for built-in laws and equals the Lua path, failures included", function()
    if not has2d then pending("impact.solve2d is not built") return end
    for _, law in ipairs{ "poisson", "newton", "energetic" } do
      local spec = rod_spec()
      spec.base.law = law
      local fast = impact.sweep(spec)
      spec.fast = false
      local slow = impact.sweep(spec)
      assert.is_true(fast.fast)
      assert.is_false(slow.fast)
      same_columns(fast, slow)
      assert.are.equal(#slow.failures, #fast.failures)
      assert.is_true(#fast.failures > 0)
      for i, f in ipairs(fast.failures) do
        assert.are.equal(slow.failures[i].index, f.index)
        assert.are.equal(slow.failures[i].message, f.message)
        assert.are.same(slow.failures[i].point, f.point)
      end
      local modes = {}
      for i = 1, fast.n do modes[fast.columns.mode[i]] = true end
      for _, m in ipairs{ "sliding", "C-sticking", "R-sticking", "C-reversed", "R-reversed", "error" } do
        assert.is_true(modes[m], law .. ": no " .. m)
      end
    end
  end)

  it("names the bad field of a failed point", function()
    if not has2d then pending("impact.solve2d is not built") return end
    local s = impact.sweep(rod_spec())
    local seen = {}
    for _, f in ipairs(s.failures) do seen[f.message] = true end
    assert.is_true(seen["solve2d: field 'e' must be in [0, 1], got 1.3"])
    assert.has_error(function() impact.sweep(rod_spec{ on_error = "raise" }) end,
      "sweep: point 1 (S0=-2, mu=-0.1, e=0): " .. select(2, pcall(impact.solve2d,
        { B1 = 2.5, B2 = 2.5, B3 = 1.5, C0 = -1, S0 = -2, mu = -0.1, e = 0 })))
  end)

  it("gives the same results on any number of threads", function()
    if not has2d then pending("impact.solve2d is not built") return end
    local one = impact.sweep(rod_spec{ threads = 1 })
    for _, t in ipairs{ 2, 3, 8 } do
      same_columns(one, impact.sweep(rod_spec{ threads = t }))
    end
  end)

  it("varies body fields and samples in C as the Lua path does", function()
    if not has2d then pending("impact.solve2d is not built") return end
    local c = math.sqrt(2) / 4
    local spec = {
      base = { body1 = { m = 1, rho = math.sqrt(1 / 12), x = c, y = c, vx = 0, vy = -1, w = 0 },
               law = "energetic", e = 0.5 },
      vary = { mu = { 0.2, 0.5, 0.9 } },
      sample = { n = 40, seed = 5, ranges = { ["body1.vx"] = { -1.5, 1.5 }, ["body1.w"] = { -2, 2 } } },
    }
    local fast = impact.sweep(spec)
    spec.fast = false
    local slow = impact.sweep(spec)
    assert.is_true(fast.fast)
    same_columns(fast, slow)
    assert.is_truthy(fast.columns["result.body1.vx"])   -- post-impact, renamed
  end)

  it("writes the same CSV as the Lua path, and its shards merge to it", function()
    if not has2d then pending("impact.solve2d is not built") return end
    local a, b, base = tmpname(".csv"), tmpname(".csv"), tmpname(".csv")
    impact.sweep(rod_spec{ out = a })
    impact.sweep(rod_spec{ out = b, fast = false })
    assert.are.equal(slurp(b), slurp(a))
    for k = 1, 3 do
      local part = impact.sweep(rod_spec{ out = base, shard = { k, 3 } })
      assert.is_true(part.fast)
    end
    impact.sweep_merge(base)
    assert.are.equal(slurp(a), slurp(base))
    for k = 1, 3 do os.remove((base:gsub("%.csv$", "." .. k .. "-of-3.csv"))) end
    os.remove(a) os.remove(b) os.remove(base)
  end)

  it("stops at Ctrl-C between chunks and keeps the rows done", function()
    if not has2d then pending("impact.solve2d is not built") return end
    local path = tmpname(".csv")
    local spec = {
      base = { B1 = 2.5, B2 = 2.5, B3 = 1.5, C0 = -1, e = 0.5 },
      vary = { S0 = impact.range(-2, 2, 200), mu = impact.range(0, 1, 100) },
      threads = 1, out = path, chunk = 1000,
      progress = function(done) if done > 0 then impact.core._raise_interrupt() end end,
    }
    local s = interrupted(spec)
    assert.is_true(s.fast)
    assert.is_true(s.interrupted)
    assert.are.equal(1000, s.n)
    assert.are.equal(s.n, #s.columns.Px)
    local back = impact.sweep_read(path)
    assert.is_true(back.interrupted)
    assert.are.equal(s.n, back.n)
    assert.are.same(s.columns.Py, back.columns.Py)
    os.remove(path)
  end)

  it("words a failed point's friction as solve2d does, in C and in Lua", function()
    if not has2d then pending("impact.solve2d is not built") return end
    -- mu_s varied below the base's mu: the point's mu_s is to blame
    local spec = { base = { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.5, e = 0.5 },
                   vary = { mu_s = { 0.8, 0.2 } } }
    local fast = impact.sweep(spec)
    spec.fast = false
    local slow = impact.sweep(spec)
    assert.is_true(fast.fast)
    assert.are.equal(1, #fast.failures)
    assert.are.equal(slow.failures[1].message, fast.failures[1].message)
    assert.matches("field 'mu_s' must be at least the kinetic coefficient mu_k = 0.5", fast.failures[1].message)
    -- and an overflow reads the same in both
    spec = { base = { B1 = 8.29e-16, B2 = 9.37e-16, B3 = 8.81e-16, S0 = 0.6, mu = 1, e = 1 },
             vary = { C0 = { -1.1e299, -1 } } }
    fast = impact.sweep(spec)
    spec.fast = false
    slow = impact.sweep(spec)
    assert.is_true(fast.fast)
    assert.are.equal(1, #fast.failures)
    assert.are.equal(slow.failures[1].message, fast.failures[1].message)
    assert.matches("the result is outside double's range", fast.failures[1].message)
  end)

  it("keeps as many rows in the columns, the CSV and the JSON as it counts after Ctrl-C in C", function()
    if not has2d then pending("impact.solve2d is not built") return end
    -- Ctrl-C as the third chunk returns from C, before Lua counts or writes
    -- its rows (the host's hook raises at the next Lua instruction): the
    -- plan holds three chunks solved, the columns and the JSON must end at
    -- n, with the CSV. (Two chunks of 90 rows of 21 columns are fewer
    -- values than the JSON writer writes before it first weighs stopping
    -- after a Ctrl-C (l_json.c's JSON_POLL, 4096), so the JSON is always
    -- finished: with 2000-row chunks the choice hung on the machine's speed.)
    local core = impact.core
    for _, out in ipairs{ true, false } do
      local path, jpath = out and tmpname(".csv") or nil, tmpname(".json")
      local runs = 0
      debug.sethook(function()
        if debug.getinfo(2, "f").func == core._sweep2d_run then
          runs = runs + 1
          if runs == 3 then
            debug.sethook()
            core._raise_interrupt()
            error("interrupted!", 0)
          end
        end
      end, "r")
      local s = interrupted{
        base = { B1 = 2.5, B2 = 2.5, B3 = 1.5, C0 = -1, e = 0.5 },
        vary = { S0 = impact.range(-2, 2, 300), mu = impact.range(0, 1, 300) },
        threads = 2, out = path, json = jpath, chunk = 90, progress = false }
      debug.sethook()
      assert.are.equal(3, runs)
      assert.is_true(s.fast)
      assert.are.equal(21, #s.names)
      assert.are.equal(180, s.n)
      for _, name in ipairs(s.names) do assert.are.equal(s.n, #s.columns[name], name) end
      if out then
        local back = impact.sweep_read(path)
        assert.are.equal(s.n, back.n)
        assert.are.same(back.columns.Px, s.columns.Px)
        os.remove(path)
      end
      local doc = require("cjson").decode(slurp(jpath))
      assert.are.equal(s.n, doc.n)
      assert.are.equal(s.n, #doc.columns.Px)
      assert.are.equal(s.n, #doc.columns.mode)
      os.remove(jpath)
    end
  end)

  it("varies the law over the built-in names in C, byte for byte as the Lua path", function()
    if not has2d then pending("impact.solve2d is not built") return end
    local a, b = tmpname(".csv"), tmpname(".csv")
    local spec = rod_spec{ out = a }
    table.insert(spec.vary, 2, { "law", { "poisson", "newton", "energetic" } })
    spec.base.law = nil
    local fast = impact.sweep(spec)
    spec.fast, spec.out = false, b
    local slow = impact.sweep(spec)
    assert.is_true(fast.fast)
    same_columns(fast, slow)
    assert.are.equal(slurp(b), slurp(a))
    assert.are.same({ "poisson", "newton", "energetic", "poisson" },
      { fast.columns.law[1], fast.columns.law[25], fast.columns.law[49], fast.columns.law[73] })
    -- The three laws part where the contact sticks (S0 = -2, mu = 1.2, e = 0.5).
    assert.is.near(2.0625, fast.columns.Py[22], 1e-12)
    assert.is.near(1.6875, fast.columns.Py[46], 1e-12)
    assert.is.near(1.846865, fast.columns.Py[70], 1e-6)
    -- A name C does not know: the Lua path, where solve2d names the field.
    spec.vary[2][2] = { "poisson", "stronge" }
    spec.fast, spec.out = nil, nil
    local other = impact.sweep(spec)
    assert.is_false(other.fast)
    assert.matches("field 'law' must be", other.failures[#other.failures].message)
    os.remove(a) os.remove(b)
  end)

  it("writes a sweep too big for memory to its CSV only, and says what to do without one", function()
    if not has2d then pending("impact.solve2d is not built") return end
    local a, b = tmpname(".csv"), tmpname(".csv")
    impact.sweep(rod_spec{ out = a })
    impact.core._sweep2d_max_rows(100)   -- as if 504 rows did not fit
    local said, ok, s = caught(impact.sweep, rod_spec{ out = b, chunk = 100 })
    local ok2, err = pcall(impact.sweep, rod_spec())
    impact.core._sweep2d_max_rows(0)
    assert.is_true(ok, s)
    assert.are.equal("sweep: 504 points do not fit in memory (0.0 MB for the columns): their rows go to " ..
      b .. " only, as with keep = false\n", said)
    assert.is_true(s.fast)
    assert.is_false(s.keep)
    assert.are.equal(504, s.n)
    assert.are.equal(0, #s.columns.Px)
    assert.are.equal(slurp(a), slurp(b))
    assert.is_false(ok2)
    assert.matches("^sweep: 504 points do not fit in memory %(0%.0 MB for the columns%): give out = \"FILE.csv\" with keep = false, or split the sweep with shard$", err)
    os.remove(a) os.remove(b)
  end)

  it("keeps the Lua path when C cannot do what solve2d does", function()
    if not has2d then pending("impact.solve2d is not built") return end
    local base = { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu_s = 0.9, e = 0.5 }
    -- mu_s in the base overrides a varied mu (only mu_k follows it).
    local s = impact.sweep{ base = base, vary = { mu = { 0.3, 0.6 } } }
    assert.is_false(s.fast)
    assert.are.same({ 0.9, 0.9 }, s.columns.mu_s)
    assert.are.same({ 0.3, 0.6 }, s.columns.mu_k)
    local m = impact.sweep{ base = base, vary = { x = { 1 } },
      map = function(p, b) b.e = 0.5 return b end }
    assert.is_false(m.fast)
    local law = impact.sweep{ base = { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.3,
      law = function(st) return st.Pn - 1.5 * st.Pc end }, vary = { S0 = { 0.6 } } }
    assert.is_false(law.fast)
    local poisson = impact.sweep{ base = { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.3, e = 0.5 },
      vary = { S0 = { 0.6 } } }
    assert.is.near(poisson.columns.Py[1], law.columns.Py[1], 1e-12)
  end)

  it("reproduces the WM92 rod vectors through the sweep (WM92 sec 6)", function()
    if not has2d then pending("impact.solve2d is not built") return end
    local s = impact.sweep{ base = { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, e = 0.5 },
      vary = { { "mu", { 0.3, 0.8 } }, { "law", { "poisson", "newton", "energetic" } } } }
    -- mu = 0.3: C-reversed; mu = 0.8: C-sticking (Poisson (0.12, 0.6), Newton (0.1875, 0.7125)).
    assert.is.near(0.006829, s.columns.Px[1], 1e-6)
    assert.is.near(0.556098, s.columns.Py[1], 1e-6)
    assert.is.near(0.024390, s.columns.Px[2], 1e-6)
    assert.is.near(0.576074, s.columns.Py[3], 1e-6)
    assert.is.near(0.12, s.columns.Px[4], 1e-6)
    assert.is.near(0.7125, s.columns.Py[5], 1e-6)
    assert.is.near(0.622807, s.columns.Py[6], 1e-6)
    assert.are.same({ "C-reversed", "C-reversed", "C-reversed", "C-sticking", "C-sticking", "C-sticking" },
      s.columns.mode)
  end)
end)

describe("impact.sweep field names", function()
  it("sets numeric path components as list entries and drops echoed inputs", function()
    local seen
    local s = impact.sweep{ base = { v = { 0.4, -1, 0 }, e = 0.5 }, vary = { ["v.1"] = { 0.1, 0.2 }, e = { 0.7 } },
      solve = function(p) seen = p return { e = p.e, v = { x = p.v[1] * 2 }, Py = 1 } end }
    assert.are.same({ 0.2, -1, 0 }, seen.v)
    assert.are.same({ "e", "v.1", "Py", "v.x", "mode" }, s.names)
  end)
end)

describe("impact.sweep with other solvers", function()
  it("sweeps a published model through base.model (one Lua call per point)", function()
    if type(impact.solve2d) ~= "function" then pending("impact.solve2d is not built") return end
    local s = impact.sweep{ base = { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, e = 0.5, model = "kane" },
      vary = { mu = { 0.3, 0.8 } } }
    assert.is_false(s.fast)
    local r = impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, e = 0.5, mu = 0.3, model = "kane" }
    assert.are.equal(r.Px, s.columns.Px[1])
    assert.are.equal(r.Py, s.columns.Py[1])
  end)

  it("sweeps solve3d with flattened vector columns", function()
    if type(impact.solve3d) ~= "function" then pending("impact.solve3d is not built") return end
    local s = impact.sweep{
      base = { v = { 0.4, -1, 0 }, w = { 0, 0, 0 }, e = 0.7, method = "exact" },
      vary = { { "theta1_deg", { 20 } }, { "mu", { 0.4, 0.2 } } },
      map = function(p, b)
        b.body = impact.rod{ m = 1, L = 2.3, radius = 0.5, theta1 = math.rad(p.theta1_deg),
                             theta2 = math.rad(15) }
        b.mu = p.mu
        b.e = p.mu == 0.2 and 0.8 or 0.7
        return b
      end,
      solve = "solve3d" }
    assert.are.same({ "theta1_deg", "mu", "P.x", "P.y", "P.z", "vC.x", "vC.y", "vC.z" },
      { table.unpack(s.names, 1, 8) })
    -- SB22's rod at mu = 0.4, e = 0.7 and at mu = 0.2, e = 0.8, exact Poisson.
    assert.is.near(0.227868, s.columns["P.x"][1], 1e-5)
    assert.is.near(1.325820, s.columns["P.y"][1], 1e-5)
    assert.is.near(0.258927, s.columns["P.z"][1], 1e-5)
    assert.is.near(0.101015, s.columns["P.x"][2], 1e-5)
    assert.is.near(1.276136, s.columns["P.y"][2], 1e-5)
    assert.are.same({ "C-sticking", "sliding" }, s.columns.mode)
  end)
end)

describe("impact.sweep without keeping columns", function()
  it("writes the same CSV with the default (growing) chunks, kept or not, on 1 or 2 threads", function()
    if type(impact.solve2d) ~= "function" then pending("impact.solve2d is not built") return end
    local function spec(out, keep, threads, chunk)
      return { base = { B1 = 2.5, B2 = 2.5, B3 = 1.5, C0 = -1 },
        vary = { S0 = impact.range(-2, 2, 201), mu = impact.range(-0.01, 1.2, 101), e = { 0.5, 1 } },
        out = out, keep = keep, threads = threads, chunk = chunk, progress = false }
    end
    local a, b, c = tmpname(".csv"), tmpname(".csv"), tmpname(".csv")
    local fixed = impact.sweep(spec(a, true, 1, 4099))
    local lean = impact.sweep(spec(b, false, 2))
    local full = impact.sweep(spec(c, true, 2))
    assert.is_true(fixed.fast and lean.fast and full.fast)
    assert.are.equal(40602, full.n)
    assert.are.equal(402, #fixed.failures)   -- mu = -0.01
    assert.are.equal(402, #lean.failures)
    assert.are.equal(slurp(a), slurp(b))
    assert.are.equal(slurp(a), slurp(c))
    os.remove(a) os.remove(b) os.remove(c)
  end)

  it("writes the same CSV with keep = false, on both paths", function()
    local function spec(out, keep, fast)
      return { base = { B1 = 2.5, B2 = 2.5, B3 = 1.5, C0 = -1 },
        vary = { S0 = impact.range(-2, 2, 37), mu = impact.range(0, 1.2, 25), e = { 0.5, 1.2 } },
        out = out, keep = keep, fast = fast, chunk = 500,
        solve = type(impact.solve2d) == "function" and "solve2d"
          or function(p) return { Px = p.S0 * p.mu, mode = "sliding" } end }
    end
    local a, b, c = tmpname(".csv"), tmpname(".csv"), tmpname(".csv")
    local full = impact.sweep(spec(a))
    local lean = impact.sweep(spec(b, false))
    local slow = impact.sweep(spec(c, false, false))
    assert.are.equal(full.n, lean.n)
    assert.are.equal(full.n, slow.n)
    assert.are.equal(0, #lean.columns[lean.names[1]])
    assert.are.equal(#full.failures, #lean.failures)
    assert.are.equal(slurp(a), slurp(b))
    assert.are.equal(slurp(a), slurp(c))
    os.remove(a) os.remove(b) os.remove(c)
    assert.has_error(function() impact.sweep(spec(nil, false)) end,
      "sweep: field 'keep' = false needs 'out' (a CSV file)")
  end)
end)

describe("impact.sweep fast path guards", function()
  it("keeps the Lua path when a body gives I and its mass is varied", function()
    if type(impact.solve2d) ~= "function" then pending("impact.solve2d is not built") return end
    local c = math.sqrt(2) / 4
    local spec = { base = { body1 = { m = 1, I = 1 / 12, x = c, y = c, vx = 0.6, vy = -1, w = 0 },
      mu = 0.3, e = 0.5 }, vary = { ["body1.m"] = { 1, 2 } } }
    local s = impact.sweep(spec)
    assert.is_false(s.fast)
    local r = impact.solve2d{ body1 = { m = 2, I = 1 / 12, x = c, y = c, vx = 0.6, vy = -1, w = 0 },
      mu = 0.3, e = 0.5 }
    assert.are.equal(r.Py, s.columns.Py[2])
    spec.vary = { ["body1.vx"] = { 0.6, 0.7 } }
    assert.is_true(impact.sweep(spec).fast)
  end)
end)

describe("CSV lines", function()
  it("are the same from the C formatter and from Lua", function()
    local csv = require("impact.sweep.csv")
    local u = require("impact.sweep.rng").new(3)
    for _ = 1, 200 do
      local vals = {}
      for j = 1, 12 do
        local k = math.floor(u() * 6)
        vals[j] = k == 0 and (u() - 0.5) * 10 ^ math.floor(u() * 40 - 20)
          or k == 1 and math.floor(u() * 1e6) - 500000
          or k == 2 and ({ "sliding", "a,b", "#c", " d", "e\"f", "" })[math.floor(u() * 6) + 1]
          or k == 3 and ({ 0 / 0, math.huge, -math.huge, -0.0, 0.1, 1 / 3 })[math.floor(u() * 6) + 1]
          or k == 4 and nil or u()
      end
      assert.are.equal(csv.line(vals, 12), impact.core._csv_line(vals, 12))
    end
  end)

  it("format numbers alike in C and Lua (ties, carries, exponents, subnormals)", function()
    local csv = require("impact.sweep.csv")
    local u = require("impact.sweep.rng").new(11)
    local fixed = { 0.5, 1e15, 1e16 + 2, 2 ^ 53 + 2, 9.9999999999999995e22, 1e-5, 1e-4, 123456.5,
      0.000123456789012345, 1.2345678901234567e15, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308,
      1e100, 1e-100, 99999999999999.95, 0.30000000000000004, 1 / 3, 2 / 3, 1e21, 1e22 }
    for _ = 1, 1500 do
      local vals = {}
      for j = 1, 12 do
        local k = math.floor(u() * 5)
        local x = k == 0 and fixed[math.floor(u() * #fixed) + 1]
          or k == 1 and math.floor(u() * 2e6) / 2 ^ math.floor(u() * 60) * 10 ^ math.floor(u() * 30 - 15)
          or k == 2 and (u() - 0.5) * 10 ^ math.floor(u() * 600 - 300)
          or k == 3 and math.floor(u() * 1e15) / 10 ^ math.floor(u() * 20) + 5 * 10 ^ -math.floor(u() * 20)
          or (u() - 0.5) * 10 ^ math.floor(u() * 40 - 20)
        vals[j] = u() < 0.5 and -x or x
      end
      assert.are.equal(csv.line(vals, 12), impact.core._csv_line(vals, 12))
    end
  end)
end)

describe("impact.sweep's vary lists", function()
  local base = { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.3, e = 0.5 }
  it("refuse a hole or a non-list key by the entry, before any point or file", function()
    assert.has_error(function()
      impact.sweep{ base = base, vary = { mu = { 0.1, 0.2, nil, { 1 }, 0.5 } }, json = tmpname(".json"), progress = false }
    end, "sweep: field 'vary.mu[3]' is nil: the list has a hole (4 entries up to [5])")
    assert.has_error(function()
      impact.sweep{ base = base, vary = { mu = { 0.1, 0.2, x = 1 } }, progress = false }
    end, "sweep: field 'vary.mu' must be a list of values, it has the key x")
  end)
end)
