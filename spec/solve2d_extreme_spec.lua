-- solve2d and classify2d at the edges of double precision (the audit of
-- issue 3): tiny slips, extreme scales, bodies with a small radius of
-- gyration. Expected values from WM92 eqs 39-55 and the homogeneity of
-- the problem (impulses scale with (S0, C0) and with 1/B).
local impact = require("impact")

local function rel(a, b) return math.abs(a - b) / math.max(math.abs(b), 1e-300) end

describe("impact.solve2d at the edges of double precision", function()
  it("stops a slip so small that S*kS underflows", function()
    local t = { B1 = 1, B2 = 1, B3 = 0, S0 = 5e-324, C0 = -1, mu = 0.1, e = 1 }
    local r = impact.solve2d(t)
    assert.are.equal("C-sticking", r.mode)
    assert.are.equal(impact.classify2d(t).mode, r.mode)
    assert.are.equal(0, r.S)
    assert.is.near(2, r.Py, 1e-15)
    assert.is_true(r.dT <= 0)
  end)

  it("keeps the energetic law elastic at extreme scales (homogeneity: P ~ v/B, W ~ v^2/B)", function()
    local r = impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0, C0 = -1e-170, mu = 1, e = 1,
                              law = "energetic" }
    assert.is_true(rel(r.Py, 1.25e-170) < 1e-15)
    assert.is_true(rel(r.C, 1e-170) < 1e-15)
    r = impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = -1e-300, C0 = -1e-300, mu = 0.95, e = 0.5,
                        law = "energetic" }
    assert.are.equal("R-sticking", r.mode)
    assert.is.near(1.367943, r.Py / 1e-300, 1e-6)   -- WM92 sec 6, case 3
    r = impact.solve2d{ B1 = 1e300, B2 = 1e300, B3 = 0, S0 = 0, C0 = -1e160, mu = 1, e = 1,
                        law = "energetic" }
    assert.is_true(rel(r.C, 1e160) < 1e-15)
    assert.is_true(rel(r.Py, 2e-140) < 1e-15)
    -- and every law scales exactly with the data
    for _, law in ipairs{ "poisson", "newton", "energetic" } do
      local a = impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.3, e = 0.5, law = law }
      local b = impact.solve2d{ B1 = 2.5e-200, B2 = 2.5e-200, B3 = 1.5e-200, S0 = 0.6e-150, C0 = -1e-150,
                                mu = 0.3, e = 0.5, law = law }
      assert.are.equal(a.mode, b.mode)
      assert.is_true(rel(b.Py, a.Py * 1e50) < 1e-15)
      assert.is_true(rel(b.dT, a.dT * 1e-100) < 1e-15)
    end
  end)

  it("reports an impulse beyond double's range as an overflow", function()
    for _, law in ipairs{ "poisson", "newton", "energetic" } do
      local ok, msg = pcall(impact.solve2d, { B1 = 8.29e-16, B2 = 9.37e-16, B3 = 8.81e-16, S0 = 5.96e299,
                                              C0 = -1.10e299, mu_s = 8.95e6, mu_k = 1e6, e = 1, law = law })
      assert.is_false(ok)
      assert.matches("solve2d: the result is outside double's range", msg)
    end
  end)

  it("takes Delta from the bodies: a small radius of gyration", function()
    for _, rho in ipairs{ 1e-4, 1e-5, 1e-6 } do   -- condition numbers 2.5e7 .. 2.5e11
      local t = { body1 = { m = 1, rho = rho, x = 0.3, y = 0.4, vy = -1 }, mu = 1, e = 0.5 }
      local r = impact.solve2d(t)
      local r2 = 0.25 / rho ^ 2
      local Pc = (1 + 0.16 / rho ^ 2) / (1 + r2)    -- B1*|C0|/Delta, Delta = 1 + r^2
      assert.are.equal("C-sticking", r.mode)
      assert.is_true(rel(r.Delta, 1 + r2) < 1e-15)
      assert.is.near(1.5 * Pc, r.Py, 1e-14)
      assert.is.near(-0.25 * r.Py, r.dT, 1e-14)
      -- the post-impact velocities give the contact's: S = vx + w*y = 0, C = vy - w*x
      local b = r.body1
      assert.is.near(0, b.vx + b.w * 0.4, 1e-14)
      assert.is.near(0.5, b.vy - b.w * 0.3, 1e-14)
      assert.is.near(-0.3 * r.Py / (rho ^ 2 + 0.16), b.w, 1e-12)   -- (y*Px - x*Py)/(m rho^2) at the stick
      local path = r.path                          -- traced again with the stored Delta
      assert.are.equal(r.Py, path[#path].Py)
      local k = impact.classify2d(t)
      assert.are.equal(r.mode, k.mode)
      assert.are.equal(r.Delta, k.Delta)
    end
  end)

  it("refuses a body form whose compliance is too ill-conditioned, as solve3d does (cond > 1e12)", function()
    -- issue 17: these gained energy without a word (energy_ratio 2.24, dT = +2.2e71)
    local function err(t) local ok, m = pcall(impact.solve2d, t); assert.is_false(ok); return m end
    local m = err{ body1 = { m = 1, rho = 1e-22, x = 1e-6, y = 1, vx = 1, vy = -0.5, w = 2e21 }, mu = 0.3, e = 0.5 }
    assert.truthy(m:find("field 'body1' makes the contact compliance too ill-conditioned", 1, true), m)
    assert.truthy(m:find("condition number ~1e+44 > 1e+12", 1, true), m)
    m = err{ body1 = { m = 1, rho = 1, x = 0.2, y = 1, vy = -1 },
             body2 = { m = 1, rho = 1e-30, x = 1e-6, y = 1, w = 2e29 }, mu = 0.3, e = 0.5, law = "energetic" }
    assert.truthy(m:find("field 'body2' makes the contact compliance", 1, true), m)
    for _, rho in ipairs{ 1e-8, 1e-12 } do
      m = err{ body1 = { m = 1, rho = rho, x = 0.3, y = 0.4, vy = -1 }, mu = 1, e = 0.5 }
      assert.truthy(m:find("field 'body1'", 1, true), m)
    end
    -- the bound is scale-free: heavy, light and mixed bodies of a fine shape pass
    local r = impact.solve2d{ body1 = { m = 1e-300, rho = 1, x = 0.3, y = 1, vy = -1 },
                              body2 = { m = 1e300, rho = 1, x = 0.3, y = 1 }, mu = 0.3, e = 0.5 }
    assert.is_true(r.energy_ratio <= 1)
    r = impact.solve2d{ body1 = { m = 1e200, rho = 1e-5, x = 0.3e-5, y = 1e-5, vy = -1 }, mu = 0.3, e = 0.5 }
    assert.is_true(r.energy_ratio <= 1)
  end)

  it("keeps its digits when a huge mu stops the slip after a subnormal impulse", function()
    -- issue 17: with mu = 1e300 the stick came after |S0|/(mu B1) = 1e-330, a subnormal, and
    -- dT was +2.95e-59 (an energy gain). Past the sticking bound, mu no longer matters:
    -- every mu gives the result of mu = 1e10 (to its 1e-10 relative share of the slide).
    local t = { B1 = 1, B2 = 0.1, B3 = -0.3, S0 = -1e-30, C0 = -1e-30, mu = 1e10, e = 1 }
    local ref = impact.solve2d(t)
    local kref = impact.classify2d(t).closed
    assert.is.near(-5e-61, ref.dT, 1e-70)
    for _, mu in ipairs{ 1e250, 1e280, 1e300, 1e308 } do
      t.mu = mu
      for _, law in ipairs{ "poisson", "energetic" } do
        t.law = law
        local r = impact.solve2d(t)
        assert.are.equal("C-sticking", r.mode)
        assert.is_true(r.dT <= 0, law .. " " .. mu)
        assert.is_true(rel(r.Py, ref.Py) < 1e-9 and rel(r.Px, ref.Px) < 1e-9, law .. " " .. mu)
        local q = impact.classify2d(t).closed[law]
        assert.is_true(rel(q.Py, kref.poisson.Py) < 1e-9 and q.dT <= 0, law .. " " .. mu)
      end
      t.law = nil
    end
  end)

  it("keeps the energetic closed form's digits when Wc/k2 is subnormal (B1 = 1e-187, B2 = 1e159)", function()
    -- frictionless and elastic: no energy change, closed form = tracer (it was 4.6e-7 off, dT > 0)
    local t = { B1 = 8.7286319776722e-187, B2 = 3.1849821337701e+159, B3 = -2.8945333180696e-14,
                S0 = -7.186031515869e-240, C0 = -1.1424963937882e+105, mu = 0, e = 1, law = "energetic" }
    local r = impact.solve2d(t)
    local q = impact.classify2d(t).closed.energetic
    assert.is_true(rel(q.Py, r.Py) < 1e-14 and q.dT <= 0)
  end)

  it("solves bodies whose arms over rho square beyond double's range (B1 = 1e110 + 1e100)", function()
    -- (y/rho)^2 = 1e400, but over m = 1e300 it is 1e100; a light body2 keeps W well conditioned
    local light = { m = 1e-110, rho = 1, x = 0, y = 0, vx = 0, vy = 0, w = 0 }
    for _, b1 in ipairs{ { m = 1e300, rho = 1, x = 0.3e200, y = 1e200, vx = 0, vy = -1, w = 0 },
                         { m = 1e300, rho = 1e-200, x = 0.3, y = 1, vx = 0, vy = -1, w = 0 } } do
      local r = impact.solve2d{ body1 = b1, body2 = light, mu = 0.3, e = 0.5 }
      local B1, B2, B3 = 1e110 + 1e100, 1e110 + 9e98, 3e99       -- 1/m + (y/rho)^2/m, ...
      assert.is_true(rel(r.B1, B1) < 1e-15 and rel(r.B2, B2) < 1e-15 and rel(r.B3, B3) < 1e-15)
      -- S0 = 0 with B3 /= 0: the slip stops at once (mu > B3/B1); Poisson Py = (1 + e) |C0| B1/Delta
      local Py = 1.5 * B1 / (B1 * B2 - B3 * B3)
      assert.are.equal("C-sticking", r.mode)
      assert.is_true(rel(r.Py, Py) < 1e-14 and rel(r.Px, B3 / B1 * Py) < 1e-14)
      assert.is_true(rel(r.body2.vy, -Py / 1e-110) < 1e-14)
      assert.are.equal(-1, r.body1.vy)                          -- 1.5e-110/1e300 is below its ulp
    end
  end)

  it("keeps the energy ratio when v^2 overflows but m v^2 does not (m = 1e-300, v = 1e200)", function()
    local b = { m = 1e-300, rho = 1, x = 0.3, y = 0.5, vx = 1e200, vy = -1e200, w = 0 }
    local r = impact.solve2d{ body1 = b, mu = 0.3, e = 0.5 }
    local function t(v) return (v.vx / 1e200) ^ 2 + (v.vy / 1e200) ^ 2 + (b.rho * v.w / 1e200) ^ 2 end
    assert.is_true(rel(r.energy_ratio, t(r.body1) / t(b)) < 1e-14)
    assert.is_true(r.energy_ratio < 1)
  end)

  it("gives energy_ratio = e^2 for a direct central impact on the ground, whatever m and v", function()
    -- T0 underflows (m = 1e-10, v = 1e-160: 5e-331) or is subnormal (m = 1e10: 5e-311) while
    -- T'/T0 = (C/C0)^2 = e^2 for every law (frictionless, or sticking: no slip). The ratio
    -- was left out or 2e-13 off there.
    for _, mv in ipairs{ { 1, 1 }, { 1e-10, 1e-160 }, { 1e10, 1e-160 }, { 1e-200, 1e-60 },
                         { 1e-300, 1e-5 }, { 1e300, 1e-150 }, { 1e-300, 1e150 } } do
      for _, law in ipairs{ "poisson", "newton", "energetic" } do
        for _, e in ipairs{ 0, 0.5, 0.9, 1 } do
          for _, mu in ipairs{ 0, 1 } do
            local r = impact.solve2d{ body1 = { m = mv[1], rho = 1, x = 0, y = 1, vy = -mv[2] },
                                      mu = mu, e = e, law = law }
            assert.is.near(e ^ 2, r.energy_ratio, 1e-14)
          end
        end
      end
    end
  end)

  it("gives energy_ratio where the kinetic energy itself overflows (T0 = 2.25e308)", function()
    -- frictionless and central: only the normal velocity changes, C' = -e C0, so
    -- T'/T0 = (vx^2 + e^2 vy^2)/(vx^2 + vy^2) = (1 + e^2)/2 for |vx| = |vy|; Wc = -1.125e308 fits
    local function ground(e, law)
      return { body1 = { m = 1e300, rho = 1, x = 0, y = 1, vx = 1.5e4, vy = -1.5e4 }, mu = 0, e = e, law = law }
    end
    -- two equal bodies, one at rest: T0 = 2 m v^2 = 2.88e308, half of it the motion of the
    -- centre of mass (kept), half relative (times e^2): again (1 + e^2)/2
    local function pair(e, law)
      return { body1 = { m = 1e300, rho = 1, x = 0, y = 1, vy = -2.4e4 },
               body2 = { m = 1e300, rho = 1, x = 0, y = -1 }, mu = 0, e = e, law = law }
    end
    for _, make in ipairs{ ground, pair } do
      for _, law in ipairs{ "poisson", "newton", "energetic" } do
        for _, e in ipairs{ 0, 0.5, 1 } do
          local r = impact.solve2d(make(e, law))
          assert.is.near((1 + e ^ 2) / 2, r.energy_ratio, 1e-15)
        end
      end
    end
    -- the ratio also where T1 is the one beyond range (e = 1: T1 = T0), and in a sweep's
    -- column, on the C path and the Lua path alike, with solve2d's bits
    for _, fast in ipairs{ true, false } do
      local s = impact.sweep{ base = pair(0.5), vary = { e = { 0, 0.5, 1 } }, fast = fast, progress = false }
      assert.are.equal(fast, s.fast)
      for i, e in ipairs{ 0, 0.5, 1 } do
        assert.are.equal(impact.solve2d(pair(e)).energy_ratio, s.columns.energy_ratio[i])
      end
    end
  end)

  it("names the condition number where it overflows double, and the slender body", function()
    local function err(t) local ok, m = pcall(impact.solve2d, t); assert.is_false(ok); return m end
    local function ill(body, k)
      return "solve2d: field '" .. body .. "' makes the contact compliance too ill-conditioned for "
             .. "double precision (condition number ~" .. k .. " > 1e+12: rho is too small against "
             .. "the arm (x, y))"
    end
    -- one body, x = 0: W = diag(1 + r^2, 1)/m with r = y/rho = 1e200, so the bound
    -- (B1 + B2)^2/Delta = (2 + r^2)^2/(1 + r^2) = 1e400 (B1 = 1e100, B2 = 1e-300 are finite)
    local slender = { m = 1e300, rho = 1e-200, x = 0, y = 1, vy = -1 }
    assert.are.equal(ill("body1", "1e+400"), err{ body1 = slender, mu = 0, e = 0.5 })
    -- with a heavy round body (in units of m: B = (2, 1.09, 0.3)), Delta = (1 + r^2) + 2.09
    -- + (2 + r^2 + 1.09 + q^2) with q = 0.3/rho = 3e199, so the bound is
    -- (1e400)^2/2.09e400 = 4.78e399; either body may be the slender one
    local round = { m = 1e300, rho = 1, x = 0.3, y = 1 }
    assert.are.equal(ill("body1", "4.78e+399"), err{ body1 = slender, body2 = round, mu = 0, e = 0.5 })
    local moving = { m = 1e300, rho = 1, x = 0.3, y = 1, vy = -1 }
    local still = { m = 1e300, rho = 1e-200, x = 0, y = 1 }
    assert.are.equal(ill("body2", "4.78e+399"), err{ body1 = moving, body2 = still, mu = 0, e = 0.5 })
    -- below double's limit, as printf gives it
    assert.are.equal(ill("body1", "1e+300"),
                     err{ body1 = { m = 1e300, rho = 1e-150, x = 0, y = 1, vy = -1 }, mu = 0, e = 0.5 })
  end)

  it("names body2 when its coefficients alone overflow", function()
    local function err(t) local ok, m = pcall(impact.solve2d, t); assert.is_false(ok); return m end
    local function degenerate(body)
      return "solve2d: field '" .. body .. "' gives a degenerate contact (B1*B2 <= B3^2 or overflow)"
    end
    local fine = { m = 1, rho = 1, x = 0.3, y = 1, vy = -1 }
    for _, bad in ipairs{ { m = 1e-310, rho = 1, x = 0.3, y = 1 },           -- 1/m
                          { m = 1e-300, rho = 1e-10, x = 0.3, y = 1 },       -- B1 = 1e320
                          { m = 1, rho = 1e-200, x = 1e-6, y = 1 } } do      -- (y/rho)^2 = 1e400
      assert.are.equal(degenerate("body2"), err{ body1 = fine, body2 = bad, mu = 0, e = 0.5 })
      bad.vy = -1
      assert.are.equal(degenerate("body1"), err{ body1 = bad, body2 = fine, mu = 0, e = 0.5 })
      -- both: body1, as before
      assert.are.equal(degenerate("body1"), err{ body1 = bad, body2 = bad, mu = 0, e = 0.5 })
    end
  end)

  it("still refuses a body form whose true coefficients overflow, naming the body", function()
    local body = { m = 1, rho = 1, x = 0.3, y = -0.5, vx = 0, vy = 0, w = 0 }
    for _, b1 in ipairs{ { m = 1e-310, rho = 1, x = 0.3, y = 0.5, vx = 0, vy = -1, w = 0 },     -- 1/m
                         { m = 1e-300, rho = 1e-10, x = 0.3, y = 1, vx = 0, vy = -1, w = 0 } } do -- B1 = 1e320
      local ok, msg = pcall(impact.solve2d, { body1 = b1, body2 = body, mu = 0.3, e = 0.5 })
      assert.is_false(ok)
      assert.matches("field 'body1' gives a degenerate contact %(B1%*B2 <= B3%^2 or overflow%)", msg)
    end
  end)

  describe("custom Lua laws equal the built-ins", function()
    local function as_lua(name, e)
      if name == "poisson" then return function(s) return s.Pn - (1 + e) * s.Pc end end
      if name == "newton" then return function(s) return s.vn + e * s.vn0 end end
      return function(s) return s.Wr + e ^ 2 * s.Wc end
    end
    local function compare(t, law)
      t.law = law
      local a = impact.solve2d(t)
      t.law = as_lua(law, t.e)
      local ok, b = pcall(impact.solve2d, t)
      assert(ok, b)
      local P = math.abs(a.Px) + math.abs(a.Py)
      assert.are.equal(a.mode, b.mode)
      assert.is.near(a.Px, b.Px, 1e-12 * P)
      assert.is.near(a.Py, b.Py, 1e-12 * P)
      return a
    end

    it("when compression ends after a tiny part of the impulse (Py/Pc > 1e6)", function()
      local t = { body1 = { m = 1, rho = 1e-4, x = -0.36, y = 0.54, vx = -1.39, vy = -0.64 },
                  mu = 1.32, e = 0.5 }
      local r = compare(t, "newton")
      assert.are.equal("R-sticking", r.mode)
      assert.is.near(0.0231, r.Py, 1e-4)
      assert.is_true(r.Py / r.Pc > 1e6)
      compare(t, "poisson")
      compare(t, "energetic")
    end)

    it("when the zero lies 1e-40 into a segment of length 1", function()
      local t = { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = -1, C0 = -1e-40, mu = 1.2, e = 0.5 }
      local r = compare(t, "energetic")
      assert.is.near(1.5 / 0.7, r.Py / 1e-40, 1e-12)     -- sliding: (1+e)|C0|/(B2 - mu B3)
      compare(t, "poisson")
      compare(t, "newton")
    end)

    it("on random bodies with a small radius of gyration", function()
      local rand = require("impact.sweep.rng").new(12345)
      local rmodes = 0
      for _ = 1, 2000 do
        local t = { body1 = { m = 0.1 * 100 ^ rand(), rho = 1e-5 * 1e4 ^ rand(), x = 2 * rand() - 1,
                              y = rand(), vx = 4 * rand() - 2, vy = -2 * rand() - 0.01, w = 2 * rand() - 1 },
                    mu = 2 * rand(), e = rand() }
        if impact.classify2d(t).C0 < 0 then
          for _, law in ipairs{ "poisson", "newton", "energetic" } do
            local r = compare(t, law)
            if r.mode:sub(1, 1) == "R" then rmodes = rmodes + 1 end
          end
        end
      end
      assert.is_true(rmodes > 100)
    end)
  end)
end)

describe("an impulse below double's range beside the other inputs", function()
  -- B2/B1 = |S0/C0| = 2^1600: Py ~ (1 + e)|C0|/B2 ~ 2^-1600 has no double
  -- (the rebound -e C0 would), so the solve is refused, never returned as
  -- Py = 0 with the contact still approaching
  local msg = "the result is outside double's range (the inputs' magnitudes are too extreme for double precision)"
  local function tiny(k, extra)
    local t = { B1 = 2 ^ -k, B2 = 2 ^ k, B3 = 0, S0 = 2 ^ k, C0 = -2 ^ -k, mu = 0.5, e = 0.5 }
    for key, v in pairs(extra or {}) do t[key] = v end
    return t
  end
  it("is refused by Routh's tracer and the models", function()
    for _, k in ipairs{ 800, 1000 } do
      local ok, err = pcall(impact.solve2d, tiny(k))
      assert.is_false(ok)
      assert.equal("solve2d: " .. msg, err)
      for _, m in ipairs{ "kane", "brach", "glocker-pfeiffer", "cs", "newton-frictionless" } do
        ok, err = pcall(impact.solve2d, tiny(k, { model = m }))
        assert.is_false(ok)
        assert.equal('solve2d: model "' .. m .. '": ' .. msg, err)
      end
    end
  end)
  it("is solved where it fits (k = 500: Py = 1.5 2^-1000 on sliding, exact scaling)", function()
    local r = impact.solve2d(tiny(500))
    assert.equal("sliding", r.mode)
    assert.is.near(1.5, r.Py * 2 ^ 1000, 1e-12)
    assert.equal(-0.5 * r.Py, r.Px)
  end)
end)
