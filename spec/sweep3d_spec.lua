-- impact.sweep with solve3d: the C fast path (one body on the plane or two
-- bodies, given at the top level or as tables, a built-in law, both
-- methods, any rtol) writes byte for byte the CSV of the Lua path
-- (fast = false) on 1, 2 and 4 threads and from merged shards, keeps the
-- same columns and failures, stops at Ctrl-C with a valid CSV, and leaves
-- to the Lua path what it cannot set.
local scratch = require("spec.scratch")
local impact = require("impact")

local function slurp(path) return (assert(scratch.read(path))) end

-- Sun & Baruh's rod (a list form of r and inertia) with extra fields.
local function rod(extra)
  local b = impact.rod{ m = 1, L = 1, radius = 0.05, theta1 = 0.3, theta2 = 0.4 }
  b.r = { b.r[1], b.r[2], b.r[3] }
  b.inertia = { b.inertia[1], b.inertia[2], b.inertia[3] }
  b.v = { 0.1, -1, 0.2 }
  for k, v in pairs(extra or {}) do
    if v == false then b[k] = nil else b[k] = v end   -- false: drop the field
  end
  return b
end

local function caught(f, ...)
  local stderr = io.stderr
  io.stderr = { write = function(self) return self end }
  local r = table.pack(pcall(f, ...))
  io.stderr = stderr
  return table.unpack(r, 1, r.n)
end

local CASES = {
  { base = rod{ method = "exact" }, vary = { mu = impact.range(0, 1, 7), ["v.1"] = impact.range(-0.5, 0.5, 5) } },
  -- e = 1.2 fails its points (the field named as solve3d names it)
  { base = rod{ method = "algebraic" }, vary = { mu = impact.range(0, 1, 7), e = { 0.2, 0.8, 1.2 } } },
  { base = rod{}, vary = { law = { "poisson", "newton", "energetic" }, method = { "exact", "algebraic" },
      mu = { 0.1, 0.4 } } },
  { base = rod{ theta1 = false, theta2 = false }, vary = { theta1 = impact.range(0, 1.5, 4),
      theta2 = impact.range(-1, 1, 3), mu = { 0.3 } } },
  { base = rod{ mu_s = 0.5, w = { 0, 0, 0 } }, vary = { mu_k = { 0.1, 0.4, 0.7 }, m = { -1, 1, 2 },
      ["w.2"] = { 0, 3 } } },
  { base = rod{ v = { x = 0.1, y = -1, z = 0.2 } }, vary = { ["v.z"] = { 0, 0.5 }, ["r.1"] = { -0.3, 0.1 },
      mu = { 0.2 } }, sample = { n = 20, ranges = { e = { 0, 1 } } } },
  -- the rod as a body table (impact.rod's form), its fields varied there;
  -- body.m = -1 fails its points, named as solve3d names it
  { base = { body = rod{ v = false }, v = { 0.1, -1, 0.2 }, mu = 0.3, e = 0.6 },
    vary = { ["body.theta1"] = impact.range(0, 1.2, 3), ["body.m"] = { -1, 2 }, ["body.r.3"] = { -0.2, 0.1 } } },
  -- v and w given in the body table only: varied there
  { base = { body = rod{ w = { 0, 0.5, 0 } }, mu = 0.4 }, vary = { ["body.v.1"] = { -0.3, 0.4 },
      ["body.w.2"] = { 0, 2 }, method = { "exact", "algebraic" } } },
  -- two moving bodies (body 1 at the top level): body2's fields, friction;
  -- body2.m = 0 fails its points
  { base = rod{ body2 = { m = 2, inertia = { 0.1, 0.2, 0.25 }, theta1 = 0.2, theta2 = -0.1,
      r = { 0.05, 0.3, -0.1 }, v = { 0, 0.3, 0 } }, e = 0.7 },
    vary = { ["body2.m"] = { 0, 0.5, 3 }, ["body2.v.1"] = { -0.4, 0.2 }, ["body2.theta2"] = { 0, 0.6 },
      mu = { 0.1, 0.5 } } },
  -- two bodies both given as tables, both methods
  { base = { body = rod{}, body2 = rod{ m = 3, v = { x = 0, y = 0.2, z = 0 } }, mu = 0.3, e = 0.5 },
    vary = { ["body.m"] = { 0.5, 1 }, ["body2.v.y"] = { 0, 0.4 }, ["body2.r.1"] = { 0, 0.1 },
      method = { "exact", "algebraic" } } },
  -- principal moments of a list {I1, I2, I3} (the rod's: 0.33396, 0.00125,
  -- 0.33396): 0.5 (beyond I2 + I3) and -1 fail
  { base = rod{}, vary = { ["inertia.1"] = { 0.3335, 0.334, 0.5, -1 }, ["inertia.2"] = { 0.001, 0.002 },
      method = { "exact", "algebraic" } } },
  { base = rod{ body2 = { m = 2, inertia = { 0.1, 0.2, 0.25 }, r = { 0.05, 0.3, -0.1 } }, mu = 0.3 },
    vary = { ["body2.inertia.2"] = { -1, 0.15, 0.3 }, ["v.2"] = { -1, -0.5 } } },
  -- the exact method's tolerance: out of [1e-14, 1e-3] fails (either method)
  { base = rod{ mu = 0.3 }, vary = { rtol = { 1e-15, 1e-12, 1e-8, 1e-3, 0.01 },
      method = { "exact", "algebraic" }, e = { 0.5, 0.9 } } },
}
local function run(c, extra)
  local spec = { solve = "solve3d", base = c.base, vary = c.vary, sample = c.sample, progress = false }
  for k, v in pairs(extra) do spec[k] = v end
  return impact.sweep(spec)
end

describe("impact.sweep with solve3d in C", function()
  it("writes the Lua path's bytes on 1, 2 and 4 threads and from merged shards", function()
    for ci, c in ipairs(CASES) do
      local path = scratch.name(".csv")
      local slow = run(c, { fast = false, out = path })
      assert.is_false(slow.fast)
      local ref = slurp(path)
      for _, threads in ipairs{ 1, 2, 4 } do
        local s = run(c, { threads = threads, out = path })
        assert.is_true(s.fast, "case " .. ci)
        assert.are.equal(ref, slurp(path), "case " .. ci .. ", threads " .. threads)
        assert.are.same(slow.names, s.names)
        for _, name in ipairs(s.names) do
          local a, b = slow.columns[name], s.columns[name]
          assert.are.equal(#a, #b, name)
          for i = 1, #a do
            assert.is_true(a[i] == b[i] or (a[i] ~= a[i] and b[i] ~= b[i]), name .. "[" .. i .. "]")
          end
        end
        assert.are.equal(#slow.failures, #s.failures)
        for i, f in ipairs(slow.failures) do assert.are.equal(f.message, s.failures[i].message) end
      end
      for k = 1, 3 do run(c, { threads = 2, out = path, shard = { k, 3 } }) end
      os.remove(path)
      impact.sweep_merge(path)
      assert.are.equal(ref, slurp(path), "case " .. ci .. ", merged")
    end
  end)

  it("agrees with solve3d point by point, and names a bad point's field", function()
    local s = run(CASES[2], {})
    for i = 1, s.n do
      local p = rod{ method = "algebraic", mu = s.columns.mu[i], e = s.columns.e[i] }
      local ok, r = pcall(impact.solve3d, p)
      if ok then
        assert.are.equal(r.P.y, s.columns["P.y"][i])
        assert.are.equal(r.mode, s.columns.mode[i])
      else
        assert.are.equal("error", s.columns.mode[i])
      end
    end
    assert.are.equal(7, #s.failures)   -- e = 1.2 at each mu
    assert.matches("field 'e'", s.failures[1].message)
  end)

  it("names a bad swept value's field as solve3d does (body, body2, rtol)", function()
    for ci, want in pairs{ [7] = "field 'body.m' must be positive, got %-1",
        [9] = "field 'body2.m' must be positive, got 0",
        [11] = "field 'inertia' must satisfy the triangle inequality",
        [12] = "field 'body2.inertia' must have positive principal moments",
        [13] = "field 'rtol' must be in %[1e%-14, 0.001%], got 1e%-15" } do
      local s = run(CASES[ci], {})
      assert.is_true(s.fast)
      assert.is_true(#s.failures > 0)
      assert.matches(want, s.failures[1].message)
    end
    -- rtol reaches the exact solver: a tighter tolerance takes more steps
    local s = run(CASES[13], {})
    local steps = {}
    for i = 1, s.n do
      if s.columns.method[i] == "exact" and s.columns.e[i] == 0.5 and s.columns.mode[i] ~= "error" then
        steps[#steps + 1] = s.columns.steps[i]
      end
    end
    assert.are.equal(3, #steps)   -- rtol = 1e-12, 1e-8, 1e-3
    assert.is_true(steps[1] > steps[2] and steps[2] > steps[3])
  end)

  it("stops at Ctrl-C between chunks and keeps a valid CSV", function()
    local bases = {
      { base = rod{}, vary = { mu = impact.range(0, 1, 40), ["v.1"] = impact.range(-1, 1, 50) } },
      { base = rod{ body2 = rod{ m = 2, v = { 0, 0.3, 0 } } }, vary = { ["body2.v.1"] = impact.range(-1, 1, 40),
          rtol = impact.range(1e-10, 1e-6, 50) } },
    }
    for _, c in ipairs(bases) do
      local path = scratch.name(".csv")
      impact.interrupted_sweep = nil
      local ok, err = caught(impact.sweep, { solve = "solve3d", base = c.base, vary = c.vary, threads = 2,
        out = path, chunk = 512,
        progress = function(done) if done > 0 then impact.core._raise_interrupt() end end })
      assert.is_false(ok)
      assert.are.equal("interrupted!", err)
      local s = impact.interrupted_sweep
      assert.is_true(s.fast)
      assert.are.equal(512, s.n)
      local back = impact.sweep_read(path)
      assert.is_true(back.interrupted)
      assert.are.equal(512, back.n)
      assert.are.same(back.columns["P.x"], s.columns["P.x"])
      assert.are.equal("# interrupted after 512 of 2000 points", slurp(path):match("[^\n]+\n$"):sub(1, -2))
      os.remove(path)
    end
  end)

  it("leaves to the Lua path what C cannot set", function()
    local vary = { mu = { 0.2, 0.4 } }
    local function fast(base, v, map)
      return impact.sweep{ solve = "solve3d", base = base, vary = v or vary, map = map, progress = false }.fast
    end
    assert.is_true(fast(rod{}))
    assert.is_false(fast(rod{ law = function(s) return s.vn - 0.5 * -s.vn0 end }))   -- a Lua law
    assert.is_true(fast({ body = rod{} }))                                    -- the body in a table
    assert.is_true(fast({ body = rod{} }, { ["body.theta2"] = { 0.1, 0.2 }, rtol = { 1e-9 } }))
    assert.is_false(fast({ body = rod{}, m = 1 }))                      -- m twice: solve3d's error
    assert.is_false(fast({ body = rod{}, v = { 0, -1, 0 } }, { ["body.v.1"] = { 0, 1 } }))   -- top-level v first
    assert.is_false(fast({ body = rod{} }, { theta1 = { 0.1 } }))       -- body 1's angle is body.theta1
    assert.is_true(fast(rod{ body2 = rod{} }, { ["body2.m"] = { 1, 2 } }))
    assert.is_false(fast(rod{ body2 = rod{} }, { ["body2.w.1"] = { 0, 1 } }))   -- no w in body2
    assert.is_false(fast(rod{}, vary, function(p, b) b.mu = p.mu return b end))
    assert.is_false(fast(rod{}, { theta1_deg = { 10, 20 } }))
    local turned = rod{ R = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } }, theta1 = false, theta2 = false }
    assert.is_true(fast(turned))
    assert.is_false(fast(turned, { theta1 = { 0.1, 0.2 } }))   -- R given: the angles would conflict
    assert.is_false(fast(rod{}, { ["v.x"] = { 0, 1 } }))   -- v is a list: "v.1"
    assert.is_false(fast(rod{}, { ["w.1"] = { 0, 1 } }))   -- no w in the base
  end)
end)
