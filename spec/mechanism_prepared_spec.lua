-- impact.prepare_mechanism{M =, J =}: a mechanism factored once and solved
-- for many rates. Every solver that takes M, J, qdot gives, with
-- `mechanism =` and the same qdot, the same result bit for bit (2D: every
-- law, custom ones included, the published models, classify2d, compare,
-- sweeps; 3D: both methods); Kane's double pendulum keeps its reference
-- values; bad input is an error naming the field.
local impact = require "impact"

local d = math.pi / 180

local function chain(n, extra)
  local links, q, qdot = {}, {}, {}
  for i = 1, n do
    links[i] = { m = 1 + i / 10, L = 1 / n }
    q[i], qdot[i] = (-60 + 40 * (i - 1) / n) * d, -1 + 0.3 * i
  end
  local t = { links = links, q = q, qdot = qdot }
  for k, v in pairs(extra or {}) do t[k] = v end
  return impact.chain2d(t)
end

-- the same problem, M and J replaced by the prepared mechanism
local function prepared(p, m)
  local t = { mechanism = m or impact.prepare_mechanism{ M = p.M, J = p.J } }
  for k, v in pairs(p) do
    if k ~= "M" and k ~= "J" and k ~= "tip" then t[k] = v end
  end
  return t
end

local function same(a, b, what)
  for _, k in ipairs{ "Px", "Py", "S", "C", "dT", "Wc", "Wr", "Wf", "Pc", "T0", "energy_ratio",
                      "B1", "B2", "B3", "S0", "C0", "mode", "class" } do
    assert(a[k] == b[k], string.format("%s: %s differs: %s against %s", what, k, tostring(a[k]), tostring(b[k])))
  end
  assert.equal(#a.qdot, #b.qdot)
  for i = 1, #a.qdot do assert(a.qdot[i] == b.qdot[i], what .. ": qdot[" .. i .. "]") end
end

describe("impact.prepare_mechanism in 2D", function()
  it("gives solve2d's result bit for bit, for every law and n = 2 .. 12", function()
    local laws = { "poisson", "newton", "energetic", function(s) return s.Pn - 1.5 * s.Pc end }
    for n = 2, 12 do
      for i, law in ipairs(laws) do
        for _, mu in ipairs{ 0, 0.2, 0.9 } do
          local p = chain(n, { law = law, e = 0.3 + 0.1 * i, mu = mu })
          same(impact.solve2d(p), impact.solve2d(prepared(p)), string.format("n = %d law %d mu %g", n, i, mu))
        end
      end
    end
  end)

  it("keeps Kane's double pendulum's reference values (Poisson, e = 0.5, mu = 0.2)", function()
    local p = impact.chain2d{ links = { { m = 1, L = 1 }, { m = 1, L = 1 } }, q = { -60 * d, -30 * d },
                              qdot = { -1, -1 }, law = "poisson", e = 0.5, mu = 0.2 }
    local r = impact.solve2d(prepared(p))
    assert.equal("sliding", r.mode)
    assert.near(0.137452213, r.Px, 1e-9)
    assert.near(0.687261066, r.Py, 1e-9)
    assert.near(-1.518632072, r.qdot[1], 1e-9)
    assert.near(1.665457770, r.qdot[2], 1e-9)
    assert.near(-0.361742197, r.dT, 1e-9)
  end)

  it("is reused for many rates: each call equals the call with M and J", function()
    local p = chain(7, { e = 0.5, mu = 0.3 })
    local m = impact.prepare_mechanism{ M = p.M, J = p.J }
    for k = 1, 20 do
      local q = {}
      for i = 1, 7 do q[i] = math.sin(k * i) end
      p.qdot = q
      local t = prepared(p, m)
      collectgarbage()
      same(impact.solve2d(p), impact.solve2d(t), "rates " .. k)
    end
  end)

  it("works with the published models, classify2d, compare and sweeps", function()
    local p = impact.chain2d{ links = { { m = 1, L = 1 }, { m = 1, L = 1 } }, q = { -40 * d, 60 * d },
                              qdot = { -1, -1 }, e = 0.5, mu = 0.3 }
    local t = prepared(p)
    for _, model in ipairs{ "kane", "brach", "smith" } do
      p.model, t.model = model, model
      local a, b = impact.solve2d(p), impact.solve2d(t)
      assert(a.Px == b.Px and a.Py == b.Py and a.dT == b.dT, model)
    end
    p.model, t.model = nil, nil
    local ca, cb = impact.classify2d(p), impact.classify2d(t)
    assert.equal(ca.mode, cb.mode)
    assert.equal(ca.class, cb.class)
    local ra = impact.compare(p, { "routh", "kane" })
    local rb = impact.compare(t, { "routh", "kane" })
    for _, model in ipairs{ "routh", "kane" } do
      assert(ra[model].Py and ra[model].Py == rb[model].Py, "compare " .. model)
    end
    local sa = impact.sweep{ base = p, vary = { ["qdot.1"] = { -1, -2 }, mu = { 0.1, 0.5 } } }
    local sb = impact.sweep{ base = t, vary = { ["qdot.1"] = { -1, -2 }, mu = { 0.1, 0.5 } } }
    local plain = require("impact.sweep.serialize").plain(t)   -- a sweep's JSON base
    assert.same({ M = p.M, J = p.J }, plain.mechanism)
    for i = 1, 4 do
      assert(sa.columns.dT[i] == sb.columns.dT[i], "sweep dT " .. i)
      assert(sa.columns["qdot.2"][i] == sb.columns["qdot.2"][i], "sweep qdot.2 " .. i)
    end
  end)

  it("shows n, dim, M, J, W and the bound on cond(W)", function()
    local p = chain(3, { e = 0.5, mu = 0.3 })
    local m = impact.prepare_mechanism{ M = p.M, J = p.J }
    local r = impact.solve2d(prepared(p, m))
    assert.equal(3, m.n)
    assert.equal(2, m.dim)
    assert.equal(r.B1, m.W[1][1])
    assert.equal(-r.B3, m.W[1][2])
    assert.equal(r.B2, m.W[2][2])
    assert.is_true(m.cond >= 1)
    for i = 1, 3 do
      for j = 1, 3 do assert.equal(p.M[i][j], m.M[i][j]) end   -- (symmetric as built)
      for k = 1, 2 do assert.equal(p.J[k][i], m.J[k][i]) end
    end
    assert.matches("^impact%.Mechanism: n = 3, 2D contact, cond%(W%) <= ", tostring(m))
  end)
end)

describe("impact.prepare_mechanism in 3D", function()
  local M = { { 2, 0.3, 0.1, 0 }, { 0.3, 1.5, 0.2, 0.1 }, { 0.1, 0.2, 1, 0.05 }, { 0, 0.1, 0.05, 0.8 } }
  local J = { { 1, 0.2, 0.3, 0.1 }, { 0.1, 1, 0.2, 0.4 }, { 0.2, 0.1, 1, 0.3 } }
  it("gives solve3d's result bit for bit, both methods", function()
    local m = impact.prepare_mechanism{ M = M, J = J }
    assert.equal(3, m.dim)
    for _, method in ipairs{ "algebraic", "exact" } do
      for _, qdot in ipairs{ { 0.3, -1, 0.2, 0.1 }, { 0, -1, 0, 0 }, { 1, -0.2, -1, 0.5 } } do
        local a = impact.solve3d{ M = M, J = J, qdot = qdot, mu = 0.4, e = 0.6, method = method }
        local b = impact.solve3d{ mechanism = m, qdot = qdot, mu = 0.4, e = 0.6, method = method }
        for i = 1, 3 do assert(a.P[i] == b.P[i], method .. " P") end
        for i = 1, 4 do assert(a.qdot[i] == b.qdot[i], method .. " qdot") end
        assert(a.dT == b.dT and a.T0 == b.T0 and a.energy_ratio == b.energy_ratio, method)
        assert.equal(a.mode, b.mode)
      end
    end
  end)
end)

describe("impact.prepare_mechanism's errors", function()
  local p = chain(2, { e = 0.5, mu = 0.3 })
  local m2 = impact.prepare_mechanism{ M = p.M, J = p.J }
  local I3 = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } }
  local m3 = impact.prepare_mechanism{ M = I3, J = I3 }
  local function fails(f, t, msg)
    local ok, err = pcall(f, t)
    assert.is_false(ok)
    assert.equal(msg, err)
  end
  it("names the field", function()
    fails(impact.prepare_mechanism, { M = p.M, J = p.J, qdot = p.qdot },
          "prepare_mechanism: unknown field 'qdot' (known fields: M, J)")
    fails(impact.prepare_mechanism, { M = { { 1, 0 }, { 0, -1 } }, J = p.J },
          "prepare_mechanism: field 'M' must be symmetric positive definite (the generalized mass matrix), it is not positive definite (found at entry [2][2])")
    fails(impact.prepare_mechanism, { M = p.M, J = { p.J[1] } },
          "prepare_mechanism: field 'J' must have 2 rows (tangent, normal) or 3 (x, y = normal, z), got 1")
    fails(impact.solve2d, { mechanism = 3, qdot = p.qdot },
          "solve2d: field 'mechanism' must be a prepared mechanism (impact.prepare_mechanism{M =, J =}), got number")
    fails(impact.solve2d, { mechanism = m2, e = 0.5 },
          "solve2d: field 'qdot' is required with mechanism (the generalized velocities before impact)")
    fails(impact.solve2d, { mechanism = m2, M = p.M, qdot = p.qdot },
          "solve2d: field 'M' cannot be combined with mechanism (it holds M and J)")
    fails(impact.solve2d, { mechanism = m2, B1 = 1, qdot = p.qdot },
          "solve2d: field 'B1' cannot be combined with mechanism (give a mechanism, bodies or coefficients)")
    fails(impact.solve2d, { mechanism = m2, qdot = { 1, 0 / 0 } },
          "solve2d: field 'qdot' must have finite numbers, entry [2] is not finite")
    fails(impact.solve2d, { mechanism = m2, qdot = { 1, 1, 1 } },
          "solve2d: field 'qdot' must have 2 entries (one per coordinate of the mechanism), got 3")
    fails(impact.solve3d, { mechanism = m3, qdot = { 1 } },
          "solve3d: field 'qdot' must have 3 entries (one per coordinate of the mechanism), got 1")
    fails(impact.prepare_mechanism, { M = {}, J = p.J },
          "prepare_mechanism: field 'M' must have 1 to 64 rows, got 0")
    fails(impact.solve2d, { mechanism = m3, qdot = { 1, 1, 1 } },
          "solve2d: field 'mechanism' has a 3D contact (J has 3 rows); solve2d needs 2 rows")
    fails(impact.solve3d, { mechanism = m2, qdot = { 1, 1 } },
          "solve3d: field 'mechanism' has a 2D contact (J has 2 rows); solve3d needs 3 rows")
    fails(impact.solve3d, { mechanism = m3, qdot = { 1, 1, 1 }, body = {} },
          "solve3d: field 'body' conflicts with 'mechanism' (give a mechanism as M, J, qdot, or bodies, not both)")
  end)
end)
