-- solve2d, classify2d and the published models on a mechanism (M, J, qdot):
-- Kane's double pendulum (Kane 1984) against reference values, the body
-- forms reproduced by system2d's M = diag(m, m, I), the energy gain of
-- Newton's law near a singular configuration (Keller 1986), random
-- mechanisms' energy invariants, and every error message.
local impact = require "impact"

local d = math.pi / 180

local function near(want, got, tol, what)
  local err = math.abs(got - want) / math.max(1, math.abs(want))
  assert(err <= tol, string.format("%s: want %.15g, got %.15g (error %.3g)", what, want, got, err))
end

local function pendulum(q1, q2, extra)
  local t = { links = { { m = 1, L = 1 }, { m = 1, L = 1 } }, q = { q1 * d, q2 * d }, qdot = { -1, -1 } }
  for k, v in pairs(extra) do t[k] = v end
  return impact.chain2d(t)
end

describe("solve2d on Kane's double pendulum (chain2d, pinned, q = (-60, -30) degrees)", function()
  local cases = {
    { "poisson", 0.5, 0.2, 0.137452213, 0.687261066, -1.518632072, 1.665457770, -0.361742197 },
    { "poisson", 0.5, 1.0, 0.528068692, 0.528068692, -1.279843512, 1.527593131, -0.631997504 },
    { "newton", 0.9, 0.5, 0.391057096, 0.782114193, -1.524309222, 2.299675582, -0.353805624 },
  }
  for _, c in ipairs(cases) do
    it(string.format("%s e = %g mu = %g: sliding, the impulse and qdot after", c[1], c[2], c[3]), function()
      local r = impact.solve2d(pendulum(-60, -30, { law = c[1], e = c[2], mu = c[3] }))
      assert.equal("sliding", r.mode)
      near(c[4], r.Px, 1e-9, "Px")
      near(c[5], r.Py, 1e-9, "Py")
      near(c[6], r.qdot[1], 1e-9, "qdot[1]")
      near(c[7], r.qdot[2], 1e-9, "qdot[2]")
      near(c[8], r.dT, 1e-9, "dT")
      assert.equal(2, #r.qdot)
      assert.is_nil(r.body1)
      assert.is_nil(r.body2)
      near(0.5 * (4 / 3 + 1 / 3 + 2 * 0.4330127019 * 1), r.T0, 1e-9, "T0")
      near((r.T0 + r.dT) / r.T0, r.energy_ratio, 1e-12, "energy_ratio")
      assert.equal("max-compression", r.path[2].event)   -- the lazy path
      near(r.Px, r.path[#r.path].Px, 1e-12, "path end")
    end)
  end

  it("gives every published model and compare the same qdot fields", function()
    local r = impact.solve2d(pendulum(-60, -30, { model = "kane", e = 0.9, mu = 0.5 }))
    near(0.391057096, r.Px, 1e-9, "Px")
    near(-1.524309222, r.qdot[1], 1e-9, "qdot[1]")
    for _, m in ipairs{ "newton-frictionless", "brach", "smith", "glocker-pfeiffer", "cs" } do
      local q = impact.solve2d(pendulum(-60, -30, { model = m, e = 0.5, mu = 0.2 }))
      assert.equal(2, #q.qdot, m)
      assert(q.T0 > 0 and q.energy_ratio > 0, m)
    end
    local cmp = impact.compare(pendulum(-60, -30, { e = 0.5, mu = 0.2 }))
    assert.is_table(cmp)
  end)

  it("classify2d reads the mechanism's coefficients", function()
    local p = pendulum(-60, -30, { e = 0.5, mu = 0.2 })
    local k = impact.classify2d(p)
    local r = impact.solve2d(p)
    assert.equal(r.mode, k.mode)
    for _, f in ipairs{ "B1", "B2", "B3", "S0", "C0" } do assert.equal(r[f], k[f], f) end
    near(r.Px, k.closed.poisson.Px, 1e-9, "closed Px")
  end)

  it("near the singular configuration (-40, -50): Newton gains energy, Poisson and energetic lose", function()
    local function solve(extra) return impact.solve2d(pendulum(-40, -50, extra)) end
    local n = solve{ law = "newton", e = 1, mu = 0.8 }
    assert(n.dT > 0 and n.energy_ratio > 1, "newton dT " .. n.dT)
    assert.is_true(solve{ model = "kane", e = 1, mu = 0.8 }.energy_gain)
    for _, law in ipairs{ "poisson", "energetic" } do
      local r = solve{ law = law, e = 1, mu = 0.8 }
      assert(r.dT <= 0, law .. " dT " .. r.dT)
    end
  end)

  -- Newton's gain region of examples/figures/kane_puzzle.lua (q1 = -40,
  -- mu = 0.8, e = 1). Where the tip sticks, Newton's impulse brings the
  -- contact velocity from (S0, C0) to (0, -C0), so P = W^-1 (-S0, -2 C0) and
  -- dT = P.(v0 + v1)/2 = Px S0 / 2: the gain starts where Px changes sign.
  -- W from M's 2x2 inverse in Lua (the solver uses a Cholesky factor).
  it("Newton's gain starts where the sticking impulse's Px changes sign (q2 = -76.89 degrees)", function()
    local function px(q2)
      local p = pendulum(-40, q2, {})
      local M, J, v = p.M, p.J, p.qdot
      local det = M[1][1] * M[2][2] - M[1][2] * M[2][1]
      local Mi = { { M[2][2] / det, -M[1][2] / det }, { -M[2][1] / det, M[1][1] / det } }
      local W = { { 0, 0 }, { 0, 0 } }
      for a = 1, 2 do for b = 1, 2 do for i = 1, 2 do for j = 1, 2 do
        W[a][b] = W[a][b] + J[a][i] * Mi[i][j] * J[b][j]
      end end end end
      local S0, C0 = J[1][1] * v[1] + J[1][2] * v[2], J[2][1] * v[1] + J[2][2] * v[2]
      local dv = { -S0, -2 * C0 }
      local wd = W[1][1] * W[2][2] - W[1][2] * W[2][1]
      return (W[2][2] * dv[1] - W[1][2] * dv[2]) / wd * S0
    end
    local function gain(q2)
      return impact.solve2d(pendulum(-40, q2, { law = "newton", e = 1, mu = 0.8 })).energy_ratio - 1
    end
    local function root(f, lo, hi)
      for _ = 1, 60 do
        local mid = (lo + hi) / 2
        if (f(mid) > 0) == (f(hi) > 0) then hi = mid else lo = mid end
      end
      return (lo + hi) / 2
    end
    local oracle, solver = root(px, -80, -75), root(gain, -80, -75)
    assert.are.equal("C-sticking", impact.solve2d(pendulum(-40, oracle, { law = "newton", e = 1, mu = 0.8 })).mode)
    near(oracle, solver, 1e-9, "start of Newton's gain")
    assert.are.equal("-76.89", string.format("%.2f", solver))
    -- the other ends the figure reports: the sticking ends at -47.28, and
    -- after the singular q2 = q1 the gain lasts to -28.78
    assert.are.equal("-47.28", string.format("%.2f", root(gain, -48, -47)))
    assert.are.equal("-28.78", string.format("%.2f", root(gain, -30, -28)))
    assert.is_true(gain(-39.9) > 0)
  end)
end)

-- Every field of the result, compared to 1e-12 relative.
local FIELDS = { "Px", "Py", "S", "C", "dT", "Wc", "Wr", "Wf", "Pc", "B1", "B2", "B3", "S0", "C0", "Delta",
                 "energy_ratio", "e", "mu_s", "mu_k" }
local function same(a, b, what)
  for _, f in ipairs(FIELDS) do
    local x, y = a[f], b[f]
    -- a custom law's results have no e (both forms alike)
    if f == "e" and x == nil then assert.is_nil(y, what .. " e") goto next end
    local tol = 1e-12 * math.max(math.abs(x), math.abs(a.Py), 1e-300)
    assert(math.abs(x - y) <= tol, string.format("%s %s: %.17g vs %.17g", what, f, x, y))
    ::next::
  end
  for _, f in ipairs{ "mode", "class", "law" } do assert.equal(a[f], b[f], what .. " " .. f) end
  assert.equal(#a.path, #b.path, what .. " path")
end

local function custom(e)
  return function(s) return s.Pn - (1 + e) * s.Pc end
end

describe("solve2d on system2d's planar bodies (M = diag(m, m, I))", function()
  local b1 = { m = 1.5, I = 0.25, x = 0.3, y = 0.9, vx = 0.4, vy = -1.2, w = 0.6 }
  local b2 = { m = 2.5, I = 0.6, x = -0.5, y = -0.8, vx = -0.2, vy = 0.7, w = -1.1 }
  local function body(b) -- solve2d's form, contact at the origin, frame (x, y)
    return { m = b.m, I = b.I, x = b.x, y = b.y, vx = b.vx, vy = b.vy, w = b.w }
  end
  local laws = { "poisson", "newton", "energetic", "custom" }
  for _, law in ipairs(laws) do
    for _, mu in ipairs{ 0.05, 0.3, 2 } do
      it(string.format("reproduces the body form, one body and two, law %s, mu = %g", law, mu), function()
        local l = law == "custom" and custom(0.6) or law
        local one = impact.system2d{ bodies = { b1 }, contacts = { { a = 1, point = { 0, 0 }, normal = { 0, 1 } } },
                                     mu = mu, e = 0.6, law = l }
        local a = impact.solve2d(one)
        local b = impact.solve2d{ body1 = body(b1), mu = mu, e = 0.6, law = l }
        same(b, a, "one body")
        near(b.body1.vx, a.qdot[1], 1e-12, "vx")
        near(b.body1.vy, a.qdot[2], 1e-12, "vy")
        near(b.body1.w, a.qdot[3], 1e-12, "w")
        local two = impact.system2d{ bodies = { b1, b2 },
                                     contacts = { { a = 1, b = 2, point = { 0, 0 }, normal = { 0, 1 } } },
                                     mu = mu, e = 0.6, law = l }
        a = impact.solve2d(two)
        b = impact.solve2d{ body1 = body(b1), body2 = body(b2), mu = mu, e = 0.6, law = l }
        same(b, a, "two bodies")
        near(b.body2.w, a.qdot[6], 1e-12, "w2")
      end)
    end
  end
end)

-- A random symmetric positive definite matrix with condition number cond
-- (Q diag(...) Q^T, Q from Gram-Schmidt on a random matrix; rnd uniform in
-- [0, 1)).
local random_spd = dofile("tests/mech_invariants.lua").random_spd

describe("solve2d on random mechanisms", function()
  it("2000 mechanisms (n = 1..12, cond(M) up to 1e8): dT from M = contact dT (to 1e-10 relative, "
     .. "beyond the rounding of qdot' and of this sum), Poisson and energetic lose", function()
    local seed = 12345
    local function rnd()
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed / 2147483648
    end
    local laws = { "poisson", "newton", "energetic" }
    local worst, eps = 0, 2.0 ^ -52
    for i = 1, 2000 do
      local n = 1 + (i - 1) % 12
      local cond = 10 ^ (8 * rnd())
      local M = random_spd(n, cond, rnd)
      local J, qdot = { {}, {} }, {}
      for k = 1, n do
        J[1][k], J[2][k], qdot[k] = rnd() * 2 - 1, rnd() * 2 - 1, rnd() * 2 - 1
      end
      if n == 1 then J[1][1] = 0 end                     -- one coordinate: W is singular
      local law = laws[1 + i % 3]
      local ok, r = pcall(impact.solve2d, { M = M, J = J, qdot = qdot, mu = 2 * rnd(), e = rnd(), law = law })
      if ok then
        -- dT from M: (qdot + qdot')^T M (qdot' - qdot) / 2
        local dTM, terms, stiff = 0, 0, 0
        for a = 1, n do
          for b = 1, n do
            local x = (qdot[a] + r.qdot[a]) * M[a][b] * (r.qdot[b] - qdot[b]) / 2
            dTM, terms = dTM + x, terms + math.abs(x)
            stiff = stiff + math.abs(r.qdot[a] * M[a][b] * r.qdot[b])
          end
        end
        -- what this check itself cannot resolve: qdot' rounded (a few ulps,
        -- which M amplifies along its stiff directions: q'^T M dq') and this
        -- sum's own rounding; the rest must be within 1e-10 of dT
        local slack = 4 * eps * stiff + (n * n + 4) * eps * terms
        local err = math.abs(dTM - r.dT) / (1e-10 * math.max(math.abs(r.dT), terms * 1e-6) + slack)
        worst = math.max(worst, err)
        if law ~= "newton" then assert(r.dT <= 1e-12 * r.T0, law .. " gains energy " .. r.dT) end
      else
        assert.matches("field 'J' must let the contact move", r)
      end
    end
    assert(worst <= 1, "worst dT disagreement (in units of the bound) " .. worst)
  end)
end)

describe("solve2d on a mechanism, reentrant", function()
  it("a custom law that solves another mechanism at each call, and a table with a metatable", function()
    local other = pendulum(-50, -20, { e = 0.3, mu = 0.1 })
    local calls = 0
    local law = function(s)
      calls = calls + 1
      assert(impact.solve2d(other).Py > 0)
      return s.Pn - 1.5 * s.Pc
    end
    local r = impact.solve2d(pendulum(-60, -30, { law = law, mu = 0.2 }))
    assert(calls > 0)
    near(-1.518632072, r.qdot[1], 1e-9, "qdot[1]")
    near(1.665457770, r.qdot[2], 1e-9, "qdot[2]")
    local p = pendulum(-60, -30, {})
    local proxied = setmetatable({ M = p.M, J = p.J, qdot = p.qdot }, { __index = function(_, k)
      if k == "e" then impact.solve2d(other) return 0.5 end
      if k == "mu" then return 0.2 end
    end })
    near(1.665457770, impact.solve2d(proxied).qdot[2], 1e-9, "metatable qdot[2]")
  end)

  it("sweeps vary an entry of qdot by \"qdot.1\" and give the result's qdot as columns", function()
    local s = impact.sweep{ base = pendulum(-60, -30, { e = 0.5, mu = 0.2 }), vary = { ["qdot.1"] = { -1, -2 } } }
    near(-1.518632072, s.columns["result.qdot.1"][1], 1e-9, "qdot.1 after")
    near(1.665457770, s.columns["qdot.2"][1], 1e-9, "qdot.2 after")
    local twice = impact.solve2d(pendulum(-60, -30, { e = 0.5, mu = 0.2, qdot = { -2, -1 } }))
    near(twice.Px, s.columns.Px[2], 1e-12, "Px at qdot[1] = -2")
  end)

  it("compare runs every model on the mechanism", function()
    local c = impact.compare(pendulum(-60, -30, { e = 0.5, mu = 0.2 }))
    assert.truthy(tostring(c):match("kane"))
  end)
end)

describe("solve2d's mechanism errors", function()
  local I2 = { { 1, 0 }, { 0, 1 } }
  local J = { { 1, 0 }, { 0, 1 } }
  local function err(t, fn)
    local ok, msg = pcall(impact[fn or "solve2d"], t)
    assert.is_false(ok)
    return msg
  end
  local function base(extra)
    local t = { M = I2, J = J, qdot = { 1, -1 }, mu = 0.2, e = 0.5 }
    for k, v in pairs(extra) do t[k] = v end
    return t
  end
  local cases = {
    { { M = { { 1, 2 }, { 2, 1 } } },
      "solve2d: field 'M' must be symmetric positive definite (the generalized mass matrix), it is not positive definite (found at entry [2][2])" },
    { { M = { { 1, 0.5 }, { 0, 1 } } },
      "solve2d: field 'M' must be symmetric positive definite (the generalized mass matrix), entries [1][2] and [2][1] differ" },
    { { M = { { 1, 0 }, { 0, 0 / 0 } } }, "solve2d: field 'M' must have finite numbers, entry [2][2] is not finite" },
    { { M = { { 1, 0 }, { 0 } } }, "solve2d: field 'M' must have rows of 2 entries (one per coordinate, as qdot), row 2 has 1" },
    { { M = { { 1, "x" }, { 0, 1 } } }, "solve2d: field 'M' must have finite numbers, entry [1][2] is string" },
    { { M = { { 1, 0 } } }, "solve2d: field 'M' must have 2 rows (one per coordinate, as qdot), got 1" },
    { { M = { { 1, 0 }, 3 } }, "solve2d: field 'M' must be a list of rows (tables of numbers), row 2 is a number" },
    { { M = 1 }, "solve2d: field 'M' must be a list of rows (tables of numbers), got number" },
    { { J = { { 1, 0 }, { 2, 0 } } },
      "solve2d: field 'J' must let the contact move along every direction (J M^-1 J^T is singular or too badly conditioned)" },
    { { J = { { 1, 0 } } }, "solve2d: field 'J' must have 2 rows (tangent, normal), got 1" },
    { { J = { { 1, 0, 0 }, { 0, 1, 0 } } }, "solve2d: field 'J' must have rows of 2 entries (one per coordinate, as qdot), row 1 has 3" },
    { { J = { { 1, 0 }, true } }, "solve2d: field 'J' must be a list of rows (tables of numbers), row 2 is a boolean" },
    { { qdot = { 1, 0 / 0 } }, "solve2d: field 'qdot' must have finite numbers, entry [2] is not finite" },
    { { qdot = { 1 } }, "solve2d: field 'M' must have 1 row (one per coordinate, as qdot), got 2" },
    { { qdot = {} }, "solve2d: field 'qdot' must have 1 to 64 entries, got 0" },
    { { qdot = { 1, "a" } }, "solve2d: field 'qdot' must have finite numbers, entry [2] is string" },
    { { qdot = false }, "solve2d: field 'qdot' must be a list of numbers, got boolean" },
    { { B1 = 1 }, "solve2d: field 'B1' cannot be combined with M (give a mechanism, bodies or coefficients)" },
    { { body1 = { m = 1, rho = 1 } },
      "solve2d: field 'body1' cannot be combined with M (give a mechanism, bodies or coefficients)" },
  }
  for _, c in ipairs(cases) do
    it(c[2], function()
      assert.equal(c[2], err(base(c[1])))
      assert.equal((c[2]:gsub("^solve2d", "classify2d")), err(base(c[1]), "classify2d"))
    end)
  end
  it("needs J and qdot with M", function()
    assert.equal("solve2d: field 'J' is required with M (the contact Jacobian, rows tangent and normal)",
                 err{ M = I2, qdot = { 1, -1 }, e = 0.5 })
    assert.equal("solve2d: field 'qdot' is required with M (the generalized velocities before impact)",
                 err{ M = I2, J = J, e = 0.5 })
  end)
  it("a model reports the mechanism's errors too", function()
    assert.equal("solve2d: field 'M' must have 1 row (one per coordinate, as qdot), got 2",
                 err(base{ qdot = { 1 }, model = "kane" }))
  end)
end)
