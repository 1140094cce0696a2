-- model = "chatterjee-ruina" (Chatterjee & Ruina 1998) in solve2d, solve3d
-- and compare: the published vectors, an independent plain-Lua version of
-- the law compared on random problems, and the errors for bad input.
local impact = require("impact")

local function near(a, b, tol, what)
  assert(math.abs(a - b) <= tol * math.max(1, math.abs(b)),
         string.format("%s: %.17g vs %.17g (tol %g)", what or "value", a, b, tol))
end

-- The law written from CR98's statement, apart from the C code: W (3x3
-- rows, index 2 the normal), v0 -> P, kappa, "inside"/"on".
local function solve3(A, b)            -- Cramer's rule
  local function det(M)
    return M[1][1] * (M[2][2] * M[3][3] - M[2][3] * M[3][2])
         - M[1][2] * (M[2][1] * M[3][3] - M[2][3] * M[3][1])
         + M[1][3] * (M[2][1] * M[3][2] - M[2][2] * M[3][1])
  end
  local d, x = det(A), {}
  for k = 1, 3 do
    local M = {}
    for i = 1, 3 do M[i] = {} for j = 1, 3 do M[i][j] = j == k and b[i] or A[i][j] end end
    x[k] = det(M) / d
  end
  return x
end

local function cr_lua(W, v0, mu, e, et)
  local PI = { 0, -v0[2] / W[2][2], 0 }
  local PII = solve3(W, { -v0[1], -v0[2], -v0[3] })
  local D = { PII[1] - PI[1], PII[2] - PI[2], PII[3] - PI[3] }
  local Ph = {}
  for i = 1, 3 do Ph[i] = (1 + e) * PI[i] + (1 + et) * D[i] end
  local kappa, cone = 1 + et, "inside"
  if math.sqrt(Ph[1] ^ 2 + Ph[3] ^ 2) > mu * Ph[2] then
    kappa = mu * (1 + e) * PI[2] / (math.sqrt(PII[1] ^ 2 + PII[3] ^ 2) - mu * (PII[2] - PI[2]))
    cone = "on"
  end
  local P = {}
  for i = 1, 3 do P[i] = (1 + e) * PI[i] + kappa * D[i] end
  local v = {}
  for i = 1, 3 do v[i] = v0[i] + W[i][1] * P[1] + W[i][2] * P[2] + W[i][3] * P[3] end
  local dT = 0
  for i = 1, 3 do dT = dT + P[i] * (v0[i] + v[i]) / 2 end
  return P, v, dT, kappa, cone
end

-- a seeded generator (the spec's own, not math.random's state)
local seed = 12345
local function urand(lo, hi)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return lo + (hi - lo) * seed / 2147483648
end

local NONE = {}   -- in an override list: remove the field

describe("chatterjee-ruina", function()
  it("gives the published 2D values (WM92 rod)", function()
    local rows = {
      { 0.3, 0.3, -0.152542372881, 0.508474576271, -0.144067796610, -0.192401608733, 0.610169491525, "on" },
      { 0.8, 0.3, -0.324324324324, 0.405405405405, -0.418918918919, -0.195580715851, 1.297297297297, "on" },
      { 5, 1, -0.5, 0.3, -0.7, -0.15, 2, "inside" },
      { 0.8, -1, 0, 0.6, 0.1, -0.15, 0, "inside" },
    }
    for _, w in ipairs(rows) do
      local r = impact.solve2d{ model = "chatterjee-ruina", B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 1, C0 = -1,
                                e = 0.5, mu = w[1], e_t = w[2] }
      near(r.Px, w[3], 1e-11, "Px"); near(r.Py, w[4], 1e-11, "Py")
      near(r.S, w[5], 1e-11, "S"); assert.are.equal(0.5, r.C)
      near(r.dT, w[6], 1e-11, "dT"); near(r.kappa, w[7], 1e-11, "kappa")
      assert.are.equal(w[8], r.cone)
      assert.are.equal(w[2], r.e_t)
      near(r.et, -r.S / 1, 1e-15, "et")
      assert.are.equal("chatterjee-ruina", r.model)
      assert.are.equal("exact", r.status)
      assert.is_false(r.energy_gain)
      assert.is_true(r.coulomb_ok)
    end
  end)

  it("gives the 3D values on the SB22 rod", function()
    local rod = impact.rod{ m = 1, L = 2.3, radius = 0.5, theta1_deg = 20, theta2_deg = 15 }
    local vec = {
      { 0.4, 0.7, 0.5, { 0.131749699, 1.302265372, 0.223827931 }, { -0.315049936, 0.7, -0.090133690 }, -0.199830952 },
      { 0.2, 0.8, 0, { 0.087833133, 1.309590331, 0.149218621 }, { -0.460199745, 0.8, -0.360534759 }, -0.160502049 },
    }
    for _, w in ipairs(vec) do
      local r = impact.solve3d{ body = rod, v = { 0.4, -1, 0 }, model = "chatterjee-ruina",
                                mu = w[1], e = w[2], e_t = w[3] }
      for i = 1, 3 do
        near(r.P[i], w[4][i], 1e-9, "P")
        near(r.vC[i], w[5][i], 1e-9, "vC")
      end
      near(r.dT, w[6], 1e-9, "dT")
      assert.are.equal("inside", r.cone)
      near(r.et, -(r.vC[1] * 0.4) / 0.16, 1e-14, "et")
      assert.are.equal("chatterjee-ruina", r.model)
      assert.is_string(tostring(r))
    end
  end)

  it("agrees with a plain-Lua version of the law on random 2D problems", function()
    for _ = 1, 500 do
      local B1, B2 = urand(0.2, 4), urand(0.2, 4)
      local B3 = urand(-0.95, 0.95) * math.sqrt(B1 * B2)
      local S0, C0 = urand(-2, 2), -urand(0.05, 2)
      local mu, e, et = urand(0, 2), urand(0, 1), urand(-1, 1)
      local r = impact.solve2d{ model = "chatterjee-ruina", B1 = B1, B2 = B2, B3 = B3, S0 = S0, C0 = C0,
                                mu = mu, e = e, e_t = et }
      local W = { { B1, -B3, 0 }, { -B3, B2, 0 }, { 0, 0, 1 } }
      local P, v, dT, kappa, cone = cr_lua(W, { S0, C0, 0 }, mu, e, et)
      local sc = math.abs(P[1]) + math.abs(P[2])
      near(r.Px, P[1], 1e-10 * sc, "Px"); near(r.Py, P[2], 1e-10 * sc, "Py")
      near(r.S, v[1], 1e-10, "S"); near(r.C, v[2], 1e-10, "C")
      near(r.dT, dT, 1e-10, "dT"); near(r.kappa, kappa, 1e-10, "kappa")
      assert.are.equal(cone, r.cone)
      assert.is_true(r.dT <= 1e-13)
      assert.is_true(math.abs(r.Px) <= mu * r.Py * (1 + 1e-12) + 1e-15)
    end
  end)

  it("agrees with the plain-Lua version on random 3D mechanisms (W = J J^T)", function()
    local worst, n = -math.huge, 0
    for _ = 1, 300 do
      local J = {}
      for i = 1, 3 do J[i] = { urand(-1, 1), urand(-1, 1), urand(-1, 1) } end
      local qdot = { urand(-1, 1), urand(-1, 1), urand(-1, 1) }
      local W, v0 = {}, {}
      for i = 1, 3 do
        W[i] = {}
        for j = 1, 3 do W[i][j] = J[i][1] * J[j][1] + J[i][2] * J[j][2] + J[i][3] * J[j][3] end
        v0[i] = J[i][1] * qdot[1] + J[i][2] * qdot[2] + J[i][3] * qdot[3]
      end
      local cond_ok = math.abs(W[1][1] * W[2][2] * W[3][3]) > 0
      if v0[2] < -0.05 and cond_ok then
        local mu, e, et = urand(0, 2), urand(0, 1), urand(-1, 1)
        local ok, r = pcall(impact.solve3d, { M = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } }, J = J, qdot = qdot,
                                              model = "chatterjee-ruina", mu = mu, e = e, e_t = et })
        if ok then   -- (a J too close to singular is refused, naming J)
          local P, v, dT, kappa, cone = cr_lua(W, v0, mu, e, et)
          local sc = math.abs(P[1]) + math.abs(P[2]) + math.abs(P[3])
          for i = 1, 3 do near(r.P[i], P[i], 1e-8 * sc, "P") end
          near(r.vC[2], -e * v0[2], 1e-12, "v_n")
          near(r.dT, dT, 1e-8 * r.T0, "dT")
          assert.are.equal(cone, r.cone)
          near(r.kappa, kappa, 1e-8, "kappa")
          assert.is_true(math.sqrt(r.P[1] ^ 2 + r.P[3] ^ 2) <= mu * r.P[2] * (1 + 1e-12) + 1e-14)
          assert.is_false(r.energy_gain)
          worst = math.max(worst, r.dT / r.T0)
          n = n + 1
        end
      end
    end
    assert.is_true(worst <= 0)
    assert.is_true(n >= 100, n .. " problems solved")
  end)

  it("is in compare, with the problem's e_t (default 0)", function()
    local t = { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 1, C0 = -1, e = 0.5, mu = 0.3, e_t = 0.3 }
    local c = impact.compare(t)
    near(c["chatterjee-ruina"].Px, -0.152542372881, 1e-11)
    assert.are.equal("exact", c["chatterjee-ruina"].status)
    assert.truthy(tostring(c):find("chatterjee%-ruina"))
    t.e_t = nil
    c = impact.compare(t, { "kane", "chatterjee-ruina" })
    assert.are.equal(0, c["chatterjee-ruina"].e_t)
    -- e_t = 0: P^ = (1+e) P_I + (P_II - P_I) = (-0.25, 0.45), outside mu = 0.3's cone
    assert.are.equal("on", c["chatterjee-ruina"].cone)
    c = impact.compare(t, { { "chatterjee-ruina", e_t = -1, label = "frictionless" } })
    assert.are.equal(0, c.frictionless.Px)
    assert.has_error(function() impact.compare({ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 1, C0 = -1, e_t = 0.2 },
                                               { "kane" }) end)
  end)

  it("refuses bad input, naming the field", function()
    local function err2(extra, pattern)
      local t = { model = "chatterjee-ruina", B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 1, C0 = -1, e = 0.5, mu = 0.3 }
      for k, v in pairs(extra) do if v == NONE then t[k] = nil else t[k] = v end end
      local ok, msg = pcall(impact.solve2d, t)
      assert.is_false(ok)
      assert.truthy(tostring(msg):find(pattern), msg)
    end
    err2({ e_t = 1.5 }, "field 'e_t' must be in %[%-1, 1%]")
    err2({ e_t = -1.01 }, "field 'e_t' must be in")
    err2({ e_t = 0 / 0 }, "field 'e_t'")
    err2({ e_t = "0.3" }, "field 'e_t'")
    err2({ e = 1.2 }, "field 'e'")
    err2({ mu = NONE, mu_s = 0.5, mu_k = 0.3 }, "field 'mu_s' must equal mu_k")
    err2({ law = "poisson" }, "field 'law' is not used by model \"chatterjee%-ruina\"")
    err2({ model = "kane", e_t = 0.3 }, "field 'e_t' is only used by model \"chatterjee%-ruina\"")
    err2({ model = NONE, e_t = 0.3 }, "field 'e_t' is only used by model \"chatterjee%-ruina\"")
    local rod = impact.rod{ m = 1, L = 2.3, radius = 0.5, theta1_deg = 20, theta2_deg = 15 }
    local function err3(extra, pattern)
      local t = { body = rod, v = { 0.4, -1, 0 }, model = "chatterjee-ruina", e = 0.5, mu = 0.3 }
      for k, v in pairs(extra) do if v == NONE then t[k] = nil else t[k] = v end end
      local ok, msg = pcall(impact.solve3d, t)
      assert.is_false(ok)
      assert.truthy(tostring(msg):find(pattern), msg)
    end
    err3({ e_t = 2 }, "field 'e_t' must be in %[%-1, 1%]")
    err3({ e_t = 0 / 0 }, "field 'e_t'")
    err3({ mu = NONE, mu_s = 0.5, mu_k = 0.3 }, "field 'mu_s' must equal mu_k")
    err3({ model = "chatterjee" }, "field 'model' must be one of \"chatterjee%-ruina\"")
    err3({ model = 1 }, "field 'model' must be a string")
    err3({ model = NONE, e_t = 0.2 }, "field 'e_t' is only used by model \"chatterjee%-ruina\"")
    err3({ method = "exact" }, "field 'method' is not used by model")
    err3({ rtol = 1e-8 }, "field 'rtol' is not used by model")
    err3({ law = "energetic" }, "field 'law' is not used by model")
    err3({ law = function() return 0 end }, "field 'law' is not used by model")
  end)

  it("gives the same impulse for bodies, a mechanism and coefficients", function()
    local b = { m = 1, rho = 0.5, x = 0.3, y = 0.4, vx = 1, vy = -1, w = 0 }
    local r = impact.solve2d{ body1 = b, mu = 0.3, e = 0.5, e_t = 0.4, model = "chatterjee-ruina" }
    -- the same body as a mechanism: q = (x, y, theta), contact at -(x, y) from the CM
    local m = impact.solve2d{ M = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 0.25 } }, J = { { 1, 0, -0.4 }, { 0, 1, 0.3 } },
                              qdot = { 1, -1, 0 }, mu = 0.3, e = 0.5, e_t = 0.4, model = "chatterjee-ruina" }
    local c = impact.solve2d{ B1 = r.B1, B2 = r.B2, B3 = r.B3, S0 = r.S0, C0 = r.C0, mu = 0.3, e = 0.5, e_t = 0.4,
                              model = "chatterjee-ruina" }
    for _, k in ipairs{ "Px", "Py", "S", "C", "dT", "kappa" } do
      near(m[k], r[k], 1e-12, k); near(c[k], r[k], 1e-12, k)
    end
    -- the body's momentum changes by the impulse
    near(r.body1.vx - b.vx, r.Px / b.m, 1e-14, "vx"); near(r.body1.vy - b.vy, r.Py / b.m, 1e-14, "vy")
    -- two bodies in 3D: momentum kept
    local I = { 5.552e-5, 5.552e-5, 5.552e-5 }
    local cue = { m = 0.17, inertia = I, r = { 0, -0.028575, 0 }, v = { 1, -1.732, 0 }, w = { 60.6, 35, 0 } }
    local ball = { m = 0.17, inertia = I, r = { 0, 0.028575, 0 } }
    local p = impact.solve3d{ body = cue, body2 = ball, mu = 0.06, e = 0.93, e_t = 0.2, model = "chatterjee-ruina" }
    for i = 1, 3 do near(0.17 * p.body1.v[i] + 0.17 * p.body2.v[i], 0.17 * cue.v[i], 1e-13, "momentum") end
    near(p.vC[2], -0.93 * p.vC0[2], 1e-12, "v_n")
    assert.is_true(p.dT < 0)
  end)

  it("lets impact.fit recover e_t from rebounds (a sphere: S = -e_t S0)", function()
    local rows = { S0 = {}, S = {} }
    for i, S0 in ipairs{ 0.2, 0.5, 1, 1.5, 2 } do rows.S0[i], rows.S[i] = S0, -0.35 * S0 end
    local f = impact.fit{ data = rows, solve = "solve2d",
      problem = function(row, p)
        return { B1 = 2.5, B2 = 2.5, B3 = 0, S0 = row.S0, C0 = -1, e = 0.5, mu = 5, e_t = p.e_t,
                 model = "chatterjee-ruina" }
      end,
      observe = { S = function(r) return r.S end }, params = { e_t = { 0, lo = -1, hi = 1 } } }
    assert.is_true(f.converged)
    near(f.estimate.e_t, 0.35, 1e-9, "e_t")
  end)

  it("gives no impulse when the contact separates", function()
    local r = impact.solve2d{ model = "chatterjee-ruina", B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 1, C0 = 0.5,
                              e = 0.5, mu = 0.3, e_t = 0.5 }
    assert.are.equal(0, r.Px); assert.are.equal(0, r.Py); assert.are.equal("none", r.mode)
    assert.is_nil(r.kappa)
    local r3 = impact.solve3d{ m = 1, inertia = { 0.5, 0.7, 0.9 }, r = { -0.3, -0.4, -0.1 }, v = { 0.4, 1, 0 },
                               model = "chatterjee-ruina", mu = 0.3, e = 0.5 }
    assert.are.same({ 0, 0, 0 }, { r3.P[1], r3.P[2], r3.P[3] })
    assert.are.equal("none", r3.mode)
  end)
end)
