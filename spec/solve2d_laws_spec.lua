-- Custom restitution laws written in Lua (API.md) and solve2d's bad-input
-- messages: every error names its field or the law; the process keeps running.
local impact = require("impact")

local rodc = { B1 = 2.5, B2 = 2.5, B3 = 1.5 }
local function rod(S0, C0, mu, e, law)
  return impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = S0, C0 = C0, mu = mu, e = e, law = law }
end

local function as_lua(name, e)
  if name == "poisson" then return function(s) return s.Pn - (1 + e) * s.Pc end end
  if name == "newton" then return function(s) return s.vn + e * s.vn0 end end
  return function(s) return s.Wr + e ^ 2 * s.Wc end
end

describe("impact.solve2d with custom Lua laws", function()
  it("equals the built-ins when Poisson, Newton and Stronge are written in Lua", function()
    local cases = { { 0, -1, 0.8 }, { 0, -1, 0.3 }, { 0.6, -1, 0.8 }, { 0.6, -1, 0.3 },
                    { -1, -1, 0.5 }, { -1, -1, 0.95 }, { -1, -1, 1.2 }, { -0.2, 0, 2 } }
    for _, law in ipairs{ "poisson", "newton", "energetic" } do
      for _, e in ipairs{ 0, 0.3, 0.5, 1 } do
        for _, c in ipairs(cases) do
          local a = rod(c[1], c[2], c[3], e, law)
          local b = rod(c[1], c[2], c[3], e, as_lua(law, e))
          assert.are.equal("custom", b.law)
          assert.are.equal(a.mode, b.mode)
          assert.is.near(a.Px, b.Px, 1e-12)
          assert.is.near(a.Py, b.Py, 1e-12)
          assert.is.near(a.C, b.C, 1e-12)
          assert.is.near(a.dT, b.dT, 1e-12)
          assert.are.equal(#a.path, #b.path)
        end
      end
    end
  end)

  it("equals the built-ins on random two-body impacts", function()
    local seed = 7
    local function rand()
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed / 2147483648
    end
    for i = 1, 500 do
      local t = { body1 = { m = 0.1 + 5 * rand(), rho = 0.1 + rand(), x = rand() - 0.5, y = rand(),
                            vx = rand() - 0.5, vy = -rand(), w = rand() - 0.5 },
                  body2 = { m = 0.1 + 5 * rand(), rho = 0.1 + rand(), x = rand() - 0.5, y = -rand() },
                  mu = 2 * rand(), e = rand() }
      for _, law in ipairs{ "poisson", "newton", "energetic" } do
        t.law = law
        local a = impact.solve2d(t)
        t.law = as_lua(law, t.e)
        local b = impact.solve2d(t)
        assert.are.equal(a.mode, b.mode)
        assert.is.near(a.Px, b.Px, 1e-11 * (math.abs(a.Py) + 1))
        assert.is.near(a.Py, b.Py, 1e-11 * (math.abs(a.Py) + 1))
        assert.is.near(a.body1.w, b.body1.w, 1e-9)
      end
    end
  end)

  it("sees the documented state: phase, Pn, Pc, vn, vn0, Wc, Wr, Pt, vt, vt0", function()
    local seen
    rod(0.6, -1, 0.3, 0.5, function(s)
      seen = seen or { phase = s.phase, Pn = s.Pn, Pc = s.Pc, vn = s.vn, vn0 = s.vn0, Wc = s.Wc,
                       Wr = s.Wr, Pt = s.Pt, vt = s.vt, vt0 = s.vt0 }
      return s.Pn - 1.5 * s.Pc
    end)
    assert.are.equal("restitution", seen.phase)
    assert.is.near(0.370732, seen.Pn, 1e-6)     -- first evaluated at max compression
    assert.are.equal(seen.Pn, seen.Pc)
    assert.are.equal(0, seen.vn)
    assert.are.equal(-1, seen.vn0)
    assert.are.equal(0, seen.Wr)
    assert.is_true(seen.Wc < 0)
    assert.are.equal(0.6, seen.vt0)
    assert.is_number(seen.Pt)
    assert.is_number(seen.vt)
  end)

  it("a velocity-dependent law: e falls with the approach speed", function()
    local function e_of(v) return 0.9 / (1 + 0.5 * v) end
    local law = function(s) return s.vn + e_of(-s.vn0) * s.vn0 end
    for _, v in ipairs{ 0.1, 1, 3 } do
      local r = rod(0.6, -v, 0.3, 0, law)
      local n = rod(0.6, -v, 0.3, e_of(v), "newton")
      assert.is.near(n.Py, r.Py, 1e-12 * v)
      assert.is.near(e_of(v) * v, r.C, 1e-12 * v)
    end
  end)

  it("accepts a callable table", function()
    local law = setmetatable({}, { __call = function(_, s) return s.Pn - 1.5 * s.Pc end })
    assert.is.near(rod(0.6, -1, 0.3, 0.5).Py, rod(0.6, -1, 0.3, 0.5, law).Py, 1e-12)
  end)

  it("reports a law that errors, returns a non-number or NaN, or never reaches zero", function()
    local function err(law, pattern)
      local ok, msg = pcall(rod, 0.6, -1, 0.3, 0.5, law)
      assert.is_false(ok)
      assert.matches(pattern, msg)
      assert.matches("solve2d: law %(function <", msg)
    end
    err(function() error("boom") end, "raised an error: .*boom")
    err(function() return "x" end, "must return a finite number, got string")
    err(function() return nil end, "must return a finite number, got nil")
    err(function() return 0 / 0 end, "must return a finite number, got nan")
    err(function() return math.huge end, "must return a finite number, got inf")
    err(function() return -1 end, "never reached zero")
    err(function(s) return s.nonsense + 1 end, "raised an error")
    -- the process keeps running, and the next solve is fine
    assert.is.near(0.556098, rod(0.6, -1, 0.3, 0.5).Py, 1e-6)
  end)

  it("keeps the state object valid only during the call", function()
    local kept
    rod(0.6, -1, 0.3, 0.5, function(s) kept = s return 0 end)
    local ok, msg = pcall(function() return kept.Pn end)
    assert.is_false(ok)
    assert.matches("outside a law evaluation", msg)
    -- also after a law error cut the solve short
    pcall(rod, 0.6, -1, 0.3, 0.5, function(s) kept = s error("stop") end)
    ok, msg = pcall(function() return kept.Pn end)
    assert.is_false(ok)
    assert.matches("outside a law evaluation", msg)
  end)

  it("shows every field current, however late a law first reads it", function()
    -- law "all" reads every field at every evaluation; law "late" has the same
    -- residual but reads field f only from evaluation k on (and the
    -- tangential ones of 3D component by component): both see the same
    -- sequence of states, so what "late" reads must equal what "all" read.
    local names = { "Pn", "Pc", "vn", "vn0", "Wc", "Wr", "Pt", "vt", "vt0", "phase" }
    local function copy(v) return type(v) == "table" and { x = v.x, z = v.z, v[1], v[2] } or v end
    local function check(solve)
      local all = {}
      solve(function(s)
        local rec = {}
        for _, f in ipairs(names) do rec[f] = copy(s[f]) end
        all[#all + 1] = rec
        return s.Pn - 1.6 * s.Pc
      end)
      assert.is_true(#all >= 3)
      for _, f in ipairs(names) do
        for _, k in ipairs{ 1, 2, #all } do
          local n = 0
          solve(function(s)
            n = n + 1
            if n >= k then
              local want, got = all[n][f], s[f]
              if type(want) == "table" then
                assert.are.same(want, { x = got.x, z = got.z, got[1], got[2] })
              else
                assert.are.equal(want, got)
              end
            end
            return s.Pn - 1.6 * s.Pc
          end)
          assert.are.equal(#all, n)
        end
      end
    end
    check(function(law) return rod(0.6, -1, 0.3, 0.5, law) end)
    check(function(law)
      return impact.solve3d{ m = 1, inertia = { 1, 2, 2.5 }, r = { 0.2, -1, 0.1 },
                             v = { 0.3, -1, 0.1 }, w = { 0, 0, 0 }, mu = 0.8, e = 0.6, law = law }
    end)
  end)

  it("allows a solve inside a law (the state object is shared and restored)", function()
    local inner = 0
    local r = rod(0.6, -1, 0.3, 0.5, function(s)
      local pn = s.Pn
      inner = inner + impact.solve2d{ B1 = 1, B2 = 1, B3 = 0, S0 = 0, C0 = -1, e = 0.5,
                                      law = function(q) return q.Pn - 1.5 * q.Pc end }.Py
      return pn - 1.5 * s.Pc          -- s still reads the outer state
    end)
    assert.is.near(0.556098, r.Py, 1e-6)
    assert.is_true(inner > 0)
  end)

  it("stores a custom law's path at once (the law may not be repeatable)", function()
    local calls = 0
    local r = rod(0.6, -1, 0.3, 0.5, function(s) calls = calls + 1 return s.Pn - 1.5 * s.Pc end)
    assert.is_table(rawget(r, "path"))
    local n = calls
    assert.are.equal("end", r.path[#r.path].event)
    assert.are.equal(n, calls)
  end)
end)

describe("impact.solve2d bad input", function()
  local function err(t, pattern)
    local ok, msg = pcall(impact.solve2d, t)
    assert.is_false(ok)
    assert.matches(pattern, msg)
  end
  local function coef(extra)
    local t = { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0, C0 = -1, e = 0.5 }
    for k, v in pairs(extra) do t[k] = v end
    return t
  end

  it("names the field and what was expected", function()
    err(nil, "solve2d: expected a table, got nil")
    err(coef{ e = 1.3 }, "solve2d: field 'e' must be in %[0, 1%], got 1.3")
    err(coef{ e = "0.5" }, "field 'e' must be a number, got string")
    err(coef{ e = 0 / 0 }, "field 'e' must be a finite number")
    err(coef{ B2 = false }, "field 'B2' must be a number, got boolean")
    err({ B1 = 2.5, B2 = 2.5, S0 = 0, C0 = -1, e = 0.5 }, "field 'B3' is required")
    err({ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0, C0 = -1 }, "field 'e' is required")
    err(coef{ B3 = 2.5 }, "field 'B3' must satisfy B1%*B2 > B3%^2")
    err(coef{ B1 = -1 }, "field 'B1' must be positive, got %-1")
    err(coef{ C0 = math.huge }, "field 'C0' must be a finite number")
    err(coef{ mu = -0.1 }, "field 'mu' must be in")
    err(coef{ mu_s = 0.2, mu_k = 0.3 }, "field 'mu_k' must not exceed mu_s %(0.3 > 0.2%)")
    -- the coefficient given is blamed, not the one mu supplied
    err(coef{ mu = 0.5, mu_s = 0.2 }, "field 'mu_s' must be at least the kinetic coefficient "
        .. "mu_k = 0.5 %(taken from mu; give mu_k too, or a larger mu_s%), got 0.2")
    err(coef{ mu = 0.1, mu_k = 0.3 }, "field 'mu_k' must not exceed the static coefficient "
        .. "mu_s = 0.1 %(taken from mu; give mu_s too, or a smaller mu_k%), got 0.3")
    err(coef{ mu_k = 0.3 }, "field 'mu_k' must not exceed the static coefficient mu_s = 0 %(taken from the default")
    err(coef{ law = "stronge" }, "field 'law' must be one of \"poisson\", \"newton\", \"energetic\", got \"stronge\"")
    err(coef{ law = 3 }, "field 'law' must be")
    err(coef{ body1 = { m = 1, rho = 1 } }, "field 'B1' cannot be combined with body1")
    -- data at the limits of double: an error, never inf or NaN
    err({ B1 = 1, B2 = 1e-300, B3 = 0, S0 = 0, C0 = -1e300, e = 0.5 }, "the result is outside double's range")
    -- tiny but valid coefficients are not mistaken for a degenerate contact
    assert.is.near(1.5, impact.solve2d{ B1 = 1e-300, B2 = 1e-300, B3 = 0, S0 = 0, C0 = -1e-100,
                                        e = 0.5 }.Py / 1e200, 1e-12)
    err({ body1 = { m = 1e-300, rho = 1e-300, x = 1, y = 1, vy = -1e300 }, e = 0.5 },
        "solve2d: .*overflow")
  end)

  it("checks bodies field by field", function()
    local function body(b, extra)
      local t = { body1 = b, e = 0.5 }
      for k, v in pairs(extra or {}) do t[k] = v end
      return t
    end
    err(body{ m = -1, rho = 1 }, "field 'body1.m' must be positive, got %-1")
    err(body{ m = 0, rho = 1 }, "field 'body1.m' must be positive, got 0")
    err(body{ rho = 1 }, "field 'body1.m' is required")
    err(body{ m = 1 }, "field 'body1.rho' is required")
    err(body{ m = 1, rho = 0 }, "field 'body1.rho' must be positive")
    err(body{ m = 1, I = -2 }, "field 'body1.I' must be positive")
    err(body{ m = 1, I = 2, rho = 1 }, "field 'body1.I' cannot be given together with rho")
    err(body{ m = 1, rho = 1, vx = "fast" }, "field 'body1.vx' must be a number, got string")
    err(body({ m = 1, rho = 1 }, { body2 = { m = 1, rho = -1 } }), "field 'body2.rho' must be positive")
    err(body({ m = 1, rho = 1 }, { body2 = 3 }), "field 'body2' must be a table")
    err(body(7), "field 'body1' must be a table")
  end)

  it("classify2d and sb2d check their input too", function()
    local ok, msg = pcall(impact.classify2d, coef{ e = 2 })
    assert.is_false(ok)
    assert.matches("classify2d: field 'e' must be in", msg)
    ok, msg = pcall(impact.sb2d, { mu = 0.4, e = 0.7 })
    assert.is_false(ok)
    assert.matches("sb2d: field 'theta' is required", msg)
    ok, msg = pcall(impact.sb2d, { theta = 0.3, e = 0.7, alpha = 0 })
    assert.matches("sb2d: field 'alpha' must be positive", msg)
    ok, msg = pcall(impact.sb2d, { theta = 0.3, e = 0.7, ratio = -1 })
    assert.matches("sb2d: field 'ratio' must be in", msg)
  end)
end)
