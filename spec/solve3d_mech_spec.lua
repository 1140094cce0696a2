-- impact.solve3d with two moving bodies (body2) and with a mechanism (M, J,
-- qdot): conservation laws, the limits that reduce to the fixed plane and
-- to the planar solver, random mechanisms, and the error messages.
local impact = require("impact")

local rng = { s = 12345 }
local function rand()    -- a small LCG: the cases do not depend on math.random's seed
  rng.s = (rng.s * 1103515245 + 12345) % 2147483648
  return rng.s / 2147483648
end
local function urand(a, b) return a + (b - a) * rand() end

local function cross(a, b)
  return { a[2] * b[3] - a[3] * b[2], a[3] * b[1] - a[1] * b[3], a[1] * b[2] - a[2] * b[1] }
end

local function relerr(a, b, scale)
  return math.abs(a - b) / math.max(math.abs(b), scale or 0, 1e-300)
end

local function near_rel(expected, actual, tol, scale)
  local e = relerr(actual, expected, scale)
  if e > tol then error(string.format("expected %.17g, got %.17g (relative error %.3g > %g)",
    expected, actual, e, tol), 2) end
end

local METHODS = { "exact", "algebraic" }

-- a body with a diagonal inertia in the world frame (no orientation)
local function random_body(below)
  local m = urand(0.5, 3)
  local a, b = urand(0.2, 1), urand(0.2, 1)
  local r = { urand(-1, 1), below and urand(0.3, 1) or urand(-1, -0.3), urand(-1, 1) }
  return { m = m, inertia = { a, b, urand(math.abs(a - b) + 0.05, a + b) }, r = r,
           v = { urand(-1, 1), below and urand(-0.5, 0.5) or urand(-2, -1), urand(-1, 1) },
           w = { urand(-1, 1), urand(-1, 1), urand(-1, 1) } }
end

describe("solve3d with two bodies (body2)", function()
  it("conserves linear momentum and angular momentum about the contact point", function()
    local worst_p, worst_l = 0, 0
    for _ = 1, 40 do
      local b1, b2 = random_body(false), random_body(true)
      for _, method in ipairs(METHODS) do
        for _, law in ipairs{ "poisson", "newton", "energetic" } do
          local ok, r = pcall(impact.solve3d, { body = b1, body2 = b2, mu = urand(0, 1), e = urand(0, 1),
                                                law = law, method = method })
          if ok then
            assert.are.same({ r.v[1], r.v[2], r.v[3] }, { r.body1.v[1], r.body1.v[2], r.body1.v[3] })
            assert.are.same(r.w, r.body1.w)
            for i = 1, 3 do
              local p0 = b1.m * b1.v[i] + b2.m * b2.v[i]
              local p1 = b1.m * r.body1.v[i] + b2.m * r.body2.v[i]
              worst_p = math.max(worst_p, math.abs(p1 - p0) / (math.abs(b1.m * b1.v[i]) + math.abs(b2.m * b2.v[i]) + 1))
            end
            -- about the contact point: each centre of mass sits at -r_i
            local function L(b, v, w)
              local x = { -b.r[1], -b.r[2], -b.r[3] }
              local l = cross(x, { b.m * v[1], b.m * v[2], b.m * v[3] })
              return { l[1] + b.inertia[1] * w[1], l[2] + b.inertia[2] * w[2], l[3] + b.inertia[3] * w[3] }
            end
            local l0a, l0b = L(b1, b1.v, b1.w), L(b2, b2.v, b2.w)
            local l1a, l1b = L(b1, r.body1.v, r.body1.w), L(b2, r.body2.v, r.body2.w)
            for i = 1, 3 do
              worst_l = math.max(worst_l, math.abs(l1a[i] + l1b[i] - l0a[i] - l0b[i])
                / (math.abs(l0a[i]) + math.abs(l0b[i]) + 1))
            end
          else
            assert.matches("no admissible solution", r)   -- Sun & Baruh's model only
            assert.are.equal("algebraic", method)
          end
        end
      end
    end
    if os.getenv("IMPACT_SPEC_VERBOSE") then print("momentum", worst_p, worst_l) end
    assert.is_true(worst_p < 1e-14, "linear momentum error " .. worst_p)
    assert.is_true(worst_l < 1e-14, "angular momentum error " .. worst_l)
  end)

  it("reduces to the fixed plane when body 2 is huge and at rest", function()
    local rod = impact.rod{ m = 1, L = 2.3, radius = 0.5, theta1_deg = 20, theta2_deg = 15 }
    local ground = { m = 1e12, inertia = { 1e12, 1e12, 1e12 }, r = { 0.3, 1, -0.2 } }
    for _, method in ipairs(METHODS) do
      for _, mu in ipairs{ 0.1, 0.2, 0.6 } do
        local t = { body = rod, v = { 0.4, -1, 0.1 }, w = { 0.2, 0, -0.3 }, mu = mu, e = 0.7, method = method }
        local a = impact.solve3d(t)
        t.body2 = ground
        local b = impact.solve3d(t)
        assert.are.equal(a.mode, b.mode)
        for _, k in ipairs{ "P", "vC", "v", "w" } do
          for i = 1, 3 do near_rel(a[k][i], b[k][i], 1e-9, 1) end
        end
        near_rel(a.dT, b.dT, 1e-9, 1)
      end
    end
  end)

  it("matches solve2d's two-body result for planar data", function()
    local worst = 0
    for _ = 1, 30 do
      local b1, b2 = random_body(false), random_body(true)
      for _, b in ipairs{ b1, b2 } do
        b.r[3], b.v[3], b.w[1], b.w[2] = 0, 0, 0, 0
      end
      local mu, e = urand(0, 1), urand(0, 1)
      local r3 = impact.solve3d{ body = b1, body2 = b2, mu = mu, e = e, method = "exact" }
      local function b2d(b)
        return { m = b.m, I = b.inertia[3], x = -b.r[1], y = -b.r[2], vx = b.v[1], vy = b.v[2], w = b.w[3] }
      end
      local r2 = impact.solve2d{ body1 = b2d(b1), body2 = b2d(b2), mu = mu, e = e }
      local s = math.abs(r2.Py) + math.abs(r2.Px)
      for _, pair in ipairs{ { r2.Px, r3.P.x }, { r2.Py, r3.P.y }, { 0, r3.P.z } } do
        worst = math.max(worst, relerr(pair[2], pair[1], s))
      end
      for _, k in ipairs{ "body1", "body2" } do
        local v2, v3 = r2[k], r3[k]
        for _, pair in ipairs{ { v2.vx, v3.v[1] }, { v2.vy, v3.v[2] }, { v2.w, v3.w[3] }, { 0, v3.v[3] } } do
          worst = math.max(worst, relerr(pair[2], pair[1], 1))
        end
      end
      worst = math.max(worst, relerr(r3.dT, r2.dT, 1))
    end
    if os.getenv("IMPACT_SPEC_VERBOSE") then print("planar 2 bodies", worst) end
    assert.is_true(worst < 1e-9, "planar error " .. worst)
  end)
end)

-- A unit quaternion and its rotation matrix (rows).
local function random_quat()
  local q = { urand(-1, 1), urand(-1, 1), urand(-1, 1), urand(-1, 1) }
  local n = math.sqrt(q[1] ^ 2 + q[2] ^ 2 + q[3] ^ 2 + q[4] ^ 2)
  for i = 1, 4 do q[i] = q[i] / n end
  return q
end

describe("solve3d with a mechanism (M, J, qdot)", function()
  it("reproduces the body form for one free body (system3d)", function()
    local worst = { exact = 0, algebraic = 0 }
    for _ = 1, 25 do
      local b = random_body(false)
      b.q = random_quat()
      local mu, e = urand(0, 1), urand(0, 1)
      local sys = impact.system3d{ bodies = { { m = b.m, inertia = b.inertia, q = b.q, v = b.v, w = b.w,
                                                x = { -b.r[1], -b.r[2], -b.r[3] } } },
                                   contacts = { { a = 1, point = { 0, 0, 0 }, normal = { 0, 1, 0 } } } }
      sys.mu, sys.e = mu, e
      for _, method in ipairs(METHODS) do
        sys.method = method
        local ok1, a = pcall(impact.solve3d, { body = b, mu = mu, e = e, method = method })
        local ok2, m = pcall(impact.solve3d, sys)
        assert.are.equal(ok1, ok2)
        if ok1 then
          assert.are.equal(a.mode, m.mode)
          assert.is_nil(m.v)
          assert.is_nil(m.w)
          local s = math.abs(a.P.y)
          for i = 1, 3 do
            worst[method] = math.max(worst[method], relerr(m.P[i], a.P[i], s), relerr(m.vC[i], a.vC[i], -a.vC0.y),
                                     relerr(m.qdot[i], a.v[i], 1), relerr(m.qdot[3 + i], a.w[i], 1))
          end
          worst[method] = math.max(worst[method], relerr(m.dT, a.dT, a.T0))
          near_rel(a.T0, m.T0, 1e-13)
        end
      end
    end
    -- the exact method too: it integrates the same contact-space data, so the
    -- two forms differ only by W's rounding (the same steps are taken)
    if os.getenv("IMPACT_SPEC_VERBOSE") then print("body vs mech", worst.exact, worst.algebraic) end
    assert.is_true(worst.exact < 1e-12, "exact " .. worst.exact)
    assert.is_true(worst.algebraic < 1e-12, "algebraic " .. worst.algebraic)
  end)

  -- M = Q diag(d) Q^T (Q from Gram-Schmidt), cond(M) = 10^k, k in [0, 8]
  local random_spd = dofile("tests/mech_invariants.lua").random_spd
  local function random_mech(n)
    local M = random_spd(n, 10 ^ urand(0, 8), function() return urand(0, 1) end)
    local J, qdot = { {}, {}, {} }, {}
    for r = 1, 3 do for j = 1, n do J[r][j] = urand(-1, 1) end end
    for j = 1, n do qdot[j] = urand(-1, 1) end
    local vy = 0
    for j = 1, n do vy = vy + J[2][j] * qdot[j] end
    if vy > 0 then for j = 1, n do qdot[j] = -qdot[j] end end
    return { M = M, J = J, qdot = qdot }
  end

  it("solves random mechanisms: dT both ways, no energy gain, Coulomb's cone", function()
    local stats = { solved = 0, rank = 0, inadmissible = 0, dT = 0, cone = 0 }
    for case = 1, 500 do
      local n = (case - 1) % 12 + 1
      local t = random_mech(n)
      t.mu, t.e = urand(0, 1), urand(0, 1)
      t.law = ({ "poisson", "energetic", "newton" })[case % 3 + 1]
      t.method = METHODS[case % 2 + 1]
      local ok, r = pcall(impact.solve3d, t)
      if not ok then
        if n < 3 or r:match("J M%^%-1 J%^T is singular") then
          assert.matches("solve3d: field 'J' must let the contact move along every direction", r)
          stats.rank = stats.rank + 1
        else
          assert.matches("no admissible solution", r)
          assert.are.equal("algebraic", t.method)
          stats.inadmissible = stats.inadmissible + 1
        end
      else
        stats.solved = stats.solved + 1
        -- dT = (qdot + qdot')^T M (qdot' - qdot) / 2, from M and the rates
        local dTM = 0
        for i = 1, n do
          local s = 0
          for j = 1, n do s = s + t.M[i][j] * (r.qdot[j] - t.qdot[j]) end
          dTM = dTM + (t.qdot[i] + r.qdot[i]) * s / 2
        end
        stats.dT = math.max(stats.dT, relerr(dTM, r.dT, 1e-3 * r.T0))
        if t.method == "exact" and t.law ~= "newton" then
          assert.is_true(r.dT <= 1e-12 * r.T0, "energy gain " .. r.dT)
        end
        local pt = math.sqrt(r.P.x ^ 2 + r.P.z ^ 2)
        stats.cone = math.max(stats.cone, (pt - t.mu * r.P.y) / math.max(r.P.y, 1e-300))
      end
    end
    if os.getenv("IMPACT_SPEC_VERBOSE") then for k, v in pairs(stats) do print(k, v) end end
    assert.is_true(stats.solved > 350, "solved " .. stats.solved)
    assert.is_true(stats.dT < 1e-10, "dT from M vs contact space " .. stats.dT)
    assert.is_true(stats.cone < 1e-12, "|P_t| - mu P_n " .. stats.cone)
  end)

  it("reduces planar data to the 2D solver's coefficient form (Kane's double pendulum)", function()
    local d = math.pi / 180
    for _, case in ipairs{ { "poisson", 0.5, 0.2, 0.137452213, 0.687261066, -1.518632072, 1.665457770, -0.361742197 },
                           { "poisson", 0.5, 1.0, 0.528068692, 0.528068692, -1.279843512, 1.527593131, -0.631997504 },
                           { "newton", 0.9, 0.5, 0.391057096, 0.782114193, -1.524309222, 2.299675582, -0.353805624 } } do
      local p = impact.chain2d{ links = { { m = 1, L = 1 }, { m = 1, L = 1 } }, q = { -60 * d, -30 * d },
                                qdot = { -1, -1 } }
      -- a third coordinate moves the tip along z only (mass 2)
      local M = { { p.M[1][1], p.M[1][2], 0 }, { p.M[2][1], p.M[2][2], 0 }, { 0, 0, 2 } }
      local J = { { p.J[1][1], p.J[1][2], 0 }, { p.J[2][1], p.J[2][2], 0 }, { 0, 0, 1 } }
      -- W = J M^-1 J^T for the planar block
      local a, b, c = p.M[1][1], p.M[1][2], p.M[2][2]
      local det = a * c - b * b
      local Mi = { { c / det, -b / det }, { -b / det, a / det } }
      local W = {}
      for i = 1, 2 do
        W[i] = {}
        for j = 1, 2 do
          local s = 0
          for k = 1, 2 do for l = 1, 2 do s = s + p.J[i][k] * Mi[k][l] * p.J[j][l] end end
          W[i][j] = s
        end
      end
      local S0 = p.J[1][1] * -1 + p.J[1][2] * -1
      local C0 = p.J[2][1] * -1 + p.J[2][2] * -1
      local r2 = impact.solve2d{ B1 = W[1][1], B2 = W[2][2], B3 = -W[1][2], S0 = S0, C0 = C0,
                                 law = case[1], e = case[2], mu = case[3] }
      for _, method in ipairs(METHODS) do
        local r3 = impact.solve3d{ M = M, J = J, qdot = { -1, -1, 0 }, law = case[1], e = case[2],
                                   mu = case[3], method = method }
        near_rel(r2.Px, r3.P.x, 1e-9, 1)
        near_rel(r2.Py, r3.P.y, 1e-9, 1)
        near_rel(0, r3.P.z, 1e-9, 1)
        near_rel(r2.dT, r3.dT, 1e-9, 1)
        assert.are.equal(r2.mode, r3.mode)
        -- the published test vector (9 digits)
        near_rel(case[4], r3.P.x, 1e-8, 1)
        near_rel(case[5], r3.P.y, 1e-8, 1)
        near_rel(case[6], r3.qdot[1], 1e-8, 1)
        near_rel(case[7], r3.qdot[2], 1e-8, 1)
        near_rel(0, r3.qdot[3], 1e-12, 1)
        near_rel(case[8], r3.dT, 1e-8, 1)
      end
    end
  end)
end)

describe("solve3d's new forms with a custom Lua law", function()
  it("gives Poisson's answer for a Lua Poisson law (two bodies and a mechanism, both methods)", function()
    local poisson = function(st) return st.Pn - 1.5 * st.Pc end
    local b1 = { m = 1, inertia = { 0.5, 0.7, 0.9 }, r = { -0.3, -0.4, -0.1 }, v = { 0.4, -1, 0.2 } }
    local b2 = { m = 2, inertia = { 0.6, 0.6, 0.8 }, r = { 0.1, 0.5, 0.2 }, w = { 0, 0.3, 0 } }
    local I3 = { { 2, 0.5, 0 }, { 0.5, 1, 0 }, { 0, 0, 3 } }
    local J = { { 1, 0.2, 0 }, { 0.1, 1, 0.3 }, { 0, 0.4, 1 } }
    for _, method in ipairs(METHODS) do
      for _, t in ipairs{ { body = b1, body2 = b2 }, { M = I3, J = J, qdot = { 0.3, -1, 0.2 } } } do
        t.mu, t.method = 0.3, method
        t.law, t.e = "poisson", 0.5
        local a = impact.solve3d(t)
        t.law, t.e = poisson, nil
        local b = impact.solve3d(t)
        for i = 1, 3 do near_rel(a.P[i], b.P[i], 1e-8, math.abs(a.P.y)) end
        assert.are.equal(a.mode, b.mode)
      end
    end
  end)
end)

describe("solve3d on a mechanism, reentrant", function()
  it("a custom law that solves another mechanism at each call, and a table with a metatable", function()
    local I3 = { { 2, 0.5, 0 }, { 0.5, 1, 0 }, { 0, 0, 3 } }
    local J = { { 1, 0.2, 0 }, { 0.1, 1, 0.3 }, { 0, 0.4, 1 } }
    local other = { M = { { 5, 1, 0, 0 }, { 1, 4, 0, 1 }, { 0, 0, 3, 0 }, { 0, 1, 0, 2 } },
                    J = { { 1, 0, 0.5, 0 }, { 0, 1, 0, 0.2 }, { 0.3, 0, 1, 1 } },
                    qdot = { 0.1, -1, 0.4, 0.2 }, mu = 0.5, e = 0.2, law = "newton", method = "algebraic" }
    local inner = impact.solve3d(other)
    for _, method in ipairs(METHODS) do
      local t = { M = I3, J = J, qdot = { 0.3, -1, 0.2 }, mu = 0.3, e = 0.5, law = "poisson", method = method }
      local a = impact.solve3d(t)
      local calls = 0
      t.e, t.law = nil, function(st)
        calls = calls + 1
        local o = impact.solve3d(other)       -- the scratch buffer is reused in here
        near_rel(inner.qdot[4], o.qdot[4], 1e-15, 1)
        return st.Pn - 1.5 * st.Pc
      end
      local b = impact.solve3d(t)
      assert.is_true(calls > 0)
      for i = 1, 3 do near_rel(a.qdot[i], b.qdot[i], 1e-8, 1) end
      -- fields behind __index: reading them may run any Lua code
      local proxy = setmetatable({}, { __index = function(_, k)
        if k == "M" then impact.solve3d(other) end
        return ({ M = I3, J = J, qdot = { 0.3, -1, 0.2 }, mu = 0.3, e = 0.5, law = "poisson", method = method })[k]
      end })
      local c = impact.solve3d(proxy)
      for i = 1, 3 do near_rel(a.qdot[i], c.qdot[i], 1e-15, 1) end
    end
  end)
end)

describe("solve3d's mechanism and two-body errors", function()
  local I3 = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } }
  local good = { M = I3, J = I3, qdot = { 0, -1, 0 } }
  local function with(t, k, v)
    local c = {}
    for kk, vv in pairs(t) do c[kk] = vv end
    c[k] = v
    return c
  end
  local body = { m = 1, inertia = { 1, 1, 1 }, r = { 0, -1, 0 }, v = { 0, -1, 0 } }
  local cases = {
    { with(good, "M", { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 0 / 0 } }), "solve3d: field 'M' must have finite numbers, entry [3][3] is not finite" },
    { with(good, "M", { { 1, 0.5, 0 }, { 0, 1, 0 }, { 0, 0, 1 } }), "solve3d: field 'M' must be symmetric positive definite (the generalized mass matrix), entries [1][2] and [2][1] differ" },
    { with(good, "M", { { 1, 2, 0 }, { 2, 1, 0 }, { 0, 0, 1 } }), "solve3d: field 'M' must be symmetric positive definite (the generalized mass matrix), it is not positive definite (found at entry [2][2])" },
    { with(good, "M", { { 1, 0 }, { 0, 1 } }), "solve3d: field 'M' must have 3 rows (one per coordinate, as qdot), got 2" },
    { with(good, "M", { { 1, 0, 0 }, { 0, 1 }, { 0, 0, 1 } }), "solve3d: field 'M' must have rows of 3 entries (one per coordinate, as qdot), row 2 has 2" },
    { with(good, "M", { { 1, 0, 0 }, { 0, 1, "x" }, { 0, 0, 1 } }), "solve3d: field 'M' must have finite numbers, entry [2][3] is string" },
    { with(good, "M", { { 1, 0, 0 }, 2, { 0, 0, 1 } }), "solve3d: field 'M' must be a list of rows (tables of numbers), row 2 is a number" },
    { with(good, "M", "I"), "solve3d: field 'M' must be a list of rows (tables of numbers), got string" },
    { with(good, "M", nil), "solve3d: field 'M' is required (an n x n table of rows (n = #qdot))" },
    { with(good, "J", { { 1, 0, 0 }, { 0, 1, 0 } }), "solve3d: field 'J' must have 3 rows (x, y = normal, z), got 2" },
    { with(good, "J", { { 1, 0, 0 }, { 0, 1, 0 }, { 1, 0, 0 } }), "solve3d: field 'J' must let the contact move along every direction (J M^-1 J^T is singular or too badly conditioned)" },
    { with(good, "J", { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 / 0 } }), "solve3d: field 'J' must have finite numbers, entry [3][3] is not finite" },
    { with(good, "qdot", { 0, -1 }), "solve3d: field 'J' must have rows of 2 entries (one per coordinate, as qdot), row 1 has 3" },
    { with(good, "qdot", { 0, 0 / 0, 0 }), "solve3d: field 'qdot' must have finite numbers, entry [2] is not finite" },
    { with(good, "qdot", { 0, "-1", 0 }), "solve3d: field 'qdot' must have finite numbers, entry [2] is string" },
    { with(good, "qdot", {}), "solve3d: field 'qdot' must have 1 to 64 entries, got 0" },
    { with(good, "qdot", 3), "solve3d: field 'qdot' must be a list of numbers, got number" },
    { with(good, "qdot", nil), "solve3d: field 'qdot' is required (the n pre-impact generalized velocities)" },
    { with(good, "body", body), "solve3d: field 'body' conflicts with 'M' (give a mechanism as M, J, qdot, or bodies, not both)" },
    { with(good, "v", { 0, -1, 0 }), "solve3d: field 'v' conflicts with 'M' (give a mechanism as M, J, qdot, or bodies, not both)" },
    { { body = body, body2 = 3 }, "solve3d: field 'body2' must be a table (the body below the contact plane), got number" },
    { { body = body, body2 = { m = 1, inertia = { 1, 1, 1 } } }, "solve3d: field 'body2.r' is required" },
    { { body = body, body2 = { m = 0, inertia = { 1, 1, 1 }, r = { 0, 1, 0 } } }, "solve3d: field 'body2.m' must be positive, got 0" },
    { { body = body, body2 = { m = 1, inertia = { 1, 1, 3 }, r = { 0, 1, 0 } } }, "solve3d: field 'body2.inertia'" },
    { { body = body, body2 = { m = 1, inertia = { 1, 1, 1 }, r = { 0, 1, 0 }, v = { 0, 0 / 0, 0 } } }, "solve3d: field 'body2.v'" },
    { { body = body, body2 = { m = 1, inertia = { 1, 1, 1 }, r = { 0, 1, 0 }, vv = 1 } }, "solve3d: unknown field 'body2.vv' (did you mean 'body2.v'?)" },
  }
  for i, c in ipairs(cases) do
    it("names the field: " .. c[2], function()
      local ok, msg = pcall(impact.solve3d, c[1])
      assert.is_false(ok, "case " .. i)
      assert.are.equal(c[2], msg:sub(1, #c[2]))
    end)
  end

  it("prints both bodies, or the mechanism's qdot", function()
    local pair = tostring(impact.solve3d{ body = body, body2 = { m = 1, inertia = { 1, 1, 1 }, r = { 0, 1, 0 } } })
    assert.matches("body1 v = %(0%.000000, %-0%.500000, 0%.000000%)", pair)
    assert.matches("body2 v = %(0%.000000, %-0%.500000, 0%.000000%)", pair)
    local mech = tostring(impact.solve3d(good))
    assert.matches("qdot = %(0%.000000, 0%.000000, 0%.000000%)   T0 = 0%.500000", mech)
  end)

  it("accepts system3d's table as it is (M, J, qdot, frame and the options)", function()
    local sys = impact.system3d{ bodies = { { m = 1, inertia = { 1, 1, 1 }, x = { 0, 1, 0 }, v = { 0, -1, 0 } } },
                                 contacts = { { a = 1, point = { 0, 0, 0 }, normal = { 0, 1, 0 }, mu = 0.3, e = 0.5 } } }
    local r = impact.solve3d(sys)
    assert.is.near(1.5, r.P.y, 1e-14)
    assert.are.equal(6, #r.qdot)
    assert.is.near(0.5, r.qdot[2], 1e-14)
    assert.is.near(0.25, r.energy_ratio, 1e-14)
  end)
end)

describe("solve2d and solve3d on 10^4 random mechanisms (tests/mech_invariants.lua)", function()
  it("dT from M = the solver's dT to 1e-10 T0, M dq = J^T P, Coulomb, no gain for Poisson or "
     .. "energetic in 2D, planar 3D data = 2D", function()
    local inv = dofile("tests/mech_invariants.lua")
    local worst, solved, refused = inv.run(impact, 10000, 1)
    if os.getenv("IMPACT_SPEC_VERBOSE") then
      for k, v in pairs(worst) do print(k, v) end
      print(solved, refused)
    end
    for k, bound in pairs(inv.bounds) do
      assert.is_true(worst[k] <= bound, string.format("%s: worst %.3g over the bound %g", k, worst[k], bound))
    end
    assert.is_true(solved > 8500, "solved " .. solved)
  end)
end)
