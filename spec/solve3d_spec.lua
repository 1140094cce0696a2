-- impact.solve3d and impact.rod against SB22's rod and a box (vectors
-- rounded to 6 decimals, the box to 5: tolerances 1.5e-6 and 1e-5).
local impact = require("impact")

local TOL, BOX = 1.5e-6, 1e-5

local function near3(expected, actual, tol)
  for i = 1, 3 do assert.is.near(expected[i], actual[i], tol) end
end

local rod = impact.rod{ m = 1, L = 2.3, radius = 0.5, theta1_deg = 20, theta2_deg = 15 }
local function rodcase(t)
  t.body = rod
  t.v = t.v or { 0.4, -1, 0 }
  return impact.solve3d(t)
end

local box = { m = 1, inertia = { 0.52 / 12, 1.16 / 12, 1.36 / 12 }, r = { -0.5, -0.3, -0.2 } }
local function boxcase(t)
  for k, v in pairs(box) do t[k] = v end
  return impact.solve3d(t)
end

describe("impact.rod", function()
  it("builds Sun & Baruh's cylinder in the master frame (SB22's rod)", function()
    near3({ -0.759842, -2.087649, -0.595284 }, rod.r, TOL)
    assert.is.near(0.0625 + 2.3 ^ 2 / 3, rod.inertia[1], 1e-12)
    assert.is.near(0.125, rod.inertia[2], 1e-12)
    assert.is.near(20 * math.pi / 180, rod.theta1, 1e-15)
  end)

  it("offers the end-cap contact point as an option", function()
    local capped = impact.rod{ m = 1, L = 2.3, radius = 0.5, theta1 = 0.3, cap = true }
    local plain = impact.rod{ m = 1, L = 2.3, radius = 0.5, theta1 = 0.3 }
    assert.is.near(plain.r.y - 0.5, capped.r.y, 1e-15)
  end)

  it("rejects bad fields by name", function()
    assert.has_error(function() impact.rod{ m = 1, L = 0, radius = 0.5 } end,
      "rod: field 'L' must be positive, got 0")
    assert.has_error(function() impact.rod{ m = 1, L = 1 } end,
      "rod: field 'radius' is required (a number)")
  end)
end)

describe("impact.solve3d, exact method", function()
  it("reproduces SB22's rod (mu = 0.4, e = 0.7) for the three laws", function()
    local rows = {
      { "poisson", { 0.227868, 1.325820, 0.258927 }, 0.628177, -0.200911, 0.653602 },
      { "energetic", { 0.229379, 1.331710, 0.260110 }, 0.634955, -0.197191, 0.660016 },
      { "newton", { 0.243879, 1.388239, 0.271470 }, 0.7, -0.159460, 0.725069 },
    }
    for _, row in ipairs(rows) do
      local r = rodcase{ mu = 0.4, e = 0.7, law = row[1] }
      near3(row[2], r.P, TOL)
      assert.is.near(row[3], r.vC.y, TOL)
      assert.is.near(row[4], r.dT, TOL)
      assert.is.near(row[5], r.energy_ratio, TOL)
      assert.is.near(0, r.vC.x, 1e-12)
      assert.is.near(0, r.vC.z, 1e-12)
      assert.is.near(0.259183, r.p_stop, TOL)
      assert.is.near(0.779894, r.Pc, TOL)
      assert.is.near(-0.357529, r.Wc, TOL)
      assert.are.equal("C-sticking", r.mode)
      assert.are.equal("exact", r.method)
      assert.are.equal("sliding", r.stages[1].name)
      assert.are.equal("sticking", r.stages[2].name)
      assert.is_false(r.energy_gain)
      assert.is.near(r.dT, r.Wc + r.Wr + r.Wf, 1e-8)
      assert.is.near(0.325854, r.rho_req, 1e-6)
    end
  end)

  it("counts the slide's last point in min_slip (a slip that only shrinks)", function()
    -- A uniform ball: the slip shrinks along a straight line all through
    -- the impact, so its smallest size is the one at the end.
    local r = impact.solve3d{ m = 1, inertia = { 0.4, 0.4, 0.4 }, r = { 0, -1, 0 },
                              v = { 1, -1, 0.5 }, mu = 0.1, e = 0.5 }
    assert.are.equal("sliding", r.mode)
    local s1 = math.sqrt(r.vC.x ^ 2 + r.vC.z ^ 2)
    assert.is.near(0.593033988749895, s1, 1e-12)
    assert.is.near(s1, r.min_slip, 1e-12 * s1)
  end)

  it("reproduces SB22's rod at mu = 0.2, e = 0.8: the slip never stops and turns", function()
    local r = rodcase{ mu = 0.2, e = 0.8 }
    near3({ 0.101015, 1.276136, 0.158925 }, r.P, TOL)
    near3({ -0.386332, 0.731414, -0.305085 }, r.vC, TOL)
    assert.is.near(-0.194929, r.dT, TOL)
    assert.is.near(0.663916, r.energy_ratio, TOL)
    assert.are.equal("sliding", r.mode)
    assert.is_nil(r.p_stop)
    assert.is.near(0.0871, r.min_slip, 1e-4)
    local s = r.stages[1]
    assert.is_true(s.u.x > 0.99 and s.u_end.x < 0 and s.u_end.z < 0)
    near3({ 0.102459, 1.285333, 0.160065 }, rodcase{ mu = 0.2, e = 0.8, law = "energetic" }.P, TOL)
  end)

  -- The box at v = (0.3, -1, 0.1): a first hand analysis read the slip as
  -- stopping at p = 0.100631 and re-sliding along u(0.8). It only nearly stops: the centripetal ray it
  -- approaches repels the slip direction, |vt| has a minimum of 4.509e-7
  -- there, and the slip turns onto the centrifugal ray u(0.8) without
  -- stopping. An independent integrator (RK4 in p, and in tau = -ln|vt|
  -- through the approach, converged to ~1e-11; the 3D audit) gives Poisson
  -- P = (0.163542042619, 0.441027388799, 0.116190536097).
  local BOX_REF = { 0.163542042619, 0.441027388799, 0.116190536097 }

  it("reproduces the box of examples/box_reslide.lua: a close approach (no stop) that turns onto u", function()
    local rows = {
      { "poisson", { 0.16354, 0.44103, 0.11619 }, -0.097112 },
      { "energetic", { 0.17063, 0.45098, 0.11980 }, -0.092953 },
      { "newton", { 0.20508, 0.49931, 0.13737 }, -0.069131 },
    }
    for _, row in ipairs(rows) do
      local r = boxcase{ v = { 0.3, -1, 0.1 }, mu = 0.8, e = 0.6, law = row[1] }
      near3(row[2], r.P, BOX)
      assert.is.near(row[3], r.dT, TOL)
      assert.is_nil(r.p_stop)
      assert.is.near(0.275642, r.Pc, TOL)
      assert.are.equal("sliding", r.mode)
      assert.are.equal(1, #r.stages)
      assert.is_true(r.min_slip > 4.50e-7 and r.min_slip < 4.52e-7)
      local n = math.sqrt(r.vC.x ^ 2 + r.vC.z ^ 2)
      assert.is.near(-0.890898, r.vC.x / n, 1e-6)   -- u(0.8), the box of examples/box_reslide.lua
      assert.is.near(-0.454204, r.vC.z / n, 1e-6)
      if row[1] == "poisson" then
        near3(BOX_REF, r.P, 1e-9 * BOX_REF[2])
        near3({ -0.04282, 0.44365, -0.02183 }, r.vC, BOX)
      end
    end
  end)

  it("gives the re-slide directions of the box of examples/box_reslide.lua for a direct impact", function()
    local rows = { { 0.2, -0.790243, -0.612794, 1.393695 }, { 0.5, -0.859276, -0.511513, 0.744235 } }
    for _, row in ipairs(rows) do
      local s = boxcase{ v = { 0, -1, 0 }, mu = row[1], e = 0.6 }.stages[1]
      assert.is.near(row[2], s.u.x, 1e-6)
      assert.is.near(row[3], s.u.z, 1e-6)
      assert.is.near(row[4], s.lambda, 1e-6)
    end
    for _, law in ipairs{ "poisson", "newton", "energetic" } do
      local r = boxcase{ v = { 0, -1, 0 }, mu = 0.5, e = 0.6, law = law }
      near3({ 0.214404, 0.499034, 0.127631 }, r.P, TOL)
      near3({ -0.319134, 0.6, -0.189975 }, r.vC, TOL)
      assert.is.near(-0.146142, r.dT, TOL)
      assert.are.equal("sliding", r.mode)
    end
  end)

  it("is accurate to ~1e-9 at the default rtol and converges as rtol tightens", function()
    -- references: the independent integrator's box (above); SB22's rod (mu = 0.4, e = 0.7) with
    -- Newton's law ends stuck with vC = (0, 0.7, 0), so P = W^-1 (vC - vC0)
    -- whatever the path, with the compliance matrix's closed form for the on-axis rod,
    -- W = a 1 - r r^T/I_t, a = 1/m + L^2/I_t, W^-1 = (1 + m r r^T/I_t)/a
    local It, L = 0.0625 + 2.3 ^ 2 / 3, 2.3
    local a, r = 1 + L ^ 2 / It, rod.r
    local b = { 0 - 0.4, 0.7 + 1, 0 }
    local rb = r[1] * b[1] + r[2] * b[2] + r[3] * b[3]
    local newton = {}
    for i = 1, 3 do newton[i] = (b[i] + r[i] * rb / It) / a end
    -- (at rtol = 1e-13 the bound is the reference's own accuracy)
    for _, c in ipairs{ { 1e-6, 1e-6 }, { 1e-8, 1e-8 }, { 1e-10, 1e-9 }, { 1e-13, 5e-11 } } do
      local rtol, tol = c[1], c[2]
      near3(BOX_REF, boxcase{ v = { 0.3, -1, 0.1 }, mu = 0.8, e = 0.6, rtol = rtol }.P, tol * BOX_REF[2])
      -- a stop located on its ray and a stuck state that holds v_t = 0: exact
      local x = rodcase{ mu = 0.4, e = 0.7, law = "newton", rtol = rtol }
      near3(newton, x.P, 1e-12 * newton[2])
      assert.are.equal("C-sticking", x.mode)
    end
    -- planar data against solve2d's closed forms
    local r2 = impact.solve2d{ body1 = { m = 1, I = 0.3, x = 0.4, y = 0.7, vx = 0.5, vy = -1, w = 0.2 },
      mu = 0.3, e = 0.6, law = "energetic" }
    for _, rtol in ipairs{ 1e-10, 1e-13 } do
      local r3 = impact.solve3d{ m = 1, inertia = { 0.2, 0.2, 0.3 }, r = { -0.4, -0.7, 0 },
        v = { 0.5, -1, 0 }, w = { 0, 0, 0.2 }, mu = 0.3, e = 0.6, law = "energetic", rtol = rtol }
      assert.is.near(r2.Px, r3.P.x, 1e-9 * r2.Py)
      assert.is.near(r2.Py, r3.P.y, 1e-9 * r2.Py)
    end
  end)

  it("records the slip hodograph lazily", function()
    local r = boxcase{ v = { 0.3, -1, 0.1 }, mu = 0.8, e = 0.6 }
    assert.is_nil(rawget(r, "hodograph"))
    local h = r.hodograph
    assert.are.equal(#h.p, #h.x)
    assert.are.equal(#h.p, #h.z)
    assert.are.equal(#h.p, #h.y)
    assert.are.equal(0, h.p[1])
    assert.are.equal(0.3, h.x[1])
    assert.is.near(r.P.y, h.p[#h.p], 1e-15)
    -- the slip is integrated as a state of its own: it meets the final
    -- contact velocity (from P) to the integration accuracy
    assert.is.near(r.vC.x, h.x[#h.x], 1e-10)
    assert.is.near(r.vC.y, h.y[#h.y], 1e-12)
    assert.are.equal(h, r.hodograph)
  end)

  it("solves a built-in law's hodograph again on first read: the points a custom law records", function()
    -- Poisson's residual as a custom law is recorded while it runs; up to
    -- maximum compression (the law is not read before it) the two
    -- integrations are the same, point for point
    local t = { v = { 0.3, -1, 0.1 }, mu = 0.8, e = 0.6 }
    local lazy = boxcase(t)
    t.law = function(s) return s.Pn - 1.6 * s.Pc end
    local recorded = boxcase(t)
    local a, b, n = lazy.hodograph, recorded.hodograph, 0
    for i = 1, #b.p do
      if b.p[i] > recorded.Pc then break end
      for _, k in ipairs{ "p", "x", "y", "z" } do assert.are.equal(b[k][i], a[k][i]) end
      n = i
    end
    assert.is_true(n > 10)
    assert.are.equal(lazy.Pc, a.p[n])
  end)

  it("runs custom laws with the 3D state", function()
    local seen
    local r = boxcase{ v = { 0.3, -1, 0.1 }, mu = 0.8, e = 0.6,
      law = function(s)
        seen = seen or (type(s.Pt) == "table" and type(s.vt.z) == "number" and s.vt0.x == 0.3)
        return s.Pn - 1.6 * s.Pc
      end }
    assert.is_true(seen)
    near3(boxcase{ v = { 0.3, -1, 0.1 }, mu = 0.8, e = 0.6 }.P, r.P, 1e-12)
    local stronge = rodcase{ mu = 0.4, e = 0.7, law = function(s) return s.Wr + 0.49 * s.Wc end }
    near3({ 0.229379, 1.331710, 0.260110 }, stronge.P, TOL)
  end)

  it("flags re-compression (v_n falls back below 0 after maximum compression)", function()
    local t = { m = 1, inertia = { 0.10472786259082233, 0.11895941336582565, 0.10645226144115988 },
      theta1 = -0.1912198033466197, theta2 = 0.56050637217983024,
      r = { 0.39460369414730878, -0.54107390215546025, -0.38588145052522194 },
      v = { 1.5327904490557365, -0.41228480637299586, 1.5380152594308698 },
      w = { 0.3275111880465249, 0.55005613401858988, 0.050181549987971641 },
      mu = 1.8591971111680015, e = 0.98886640929655623 }
    local r = impact.solve3d(t)
    assert.is_true(r.recompression)
    assert.is_true(r.stages[#r.stages].recompression)
    local h, dipped = r.hodograph, false
    for i = 1, #h.p do
      if h.p[i] > r.Pc and h.y[i] < 0 then dipped = true end
    end
    assert.is_true(dipped)
    assert.is.near(r.dT, r.Wc + r.Wr + r.Wf, 1e-8)
    assert.is.near((1 + t.e) * r.Pc, r.P.y, 1e-12)
    assert.is_true(r.dT < 0)
    assert.matches("re%-compression", tostring(r))
  end)

  it("reports failing custom laws by name and keeps running", function()
    assert.has_error(function() rodcase{ mu = 0.4, law = function() error("boom") end } end)
    local ok, msg = pcall(rodcase, { mu = 0.4, law = function() error("boom") end })
    assert.is_false(ok)
    assert.matches("solve3d: law %(function <.-:%d+>%) raised an error: .*boom", msg)
    ok, msg = pcall(rodcase, { mu = 0.4, law = function() return "x" end })
    assert.matches("must return a finite number, got string", msg)
    ok, msg = pcall(rodcase, { mu = 0.4, law = function() return -1 end })
    assert.matches("never reached zero", msg)
    assert.is.near(1.325820, rodcase{ mu = 0.4, e = 0.7 }.P.y, TOL)
  end)
end)

describe("impact.solve3d, algebraic method (Sun & Baruh)", function()
  it("reproduces the stages and totals of SB22's rod (mu = 0.4, e = 0.7)", function()
    local r = rodcase{ mu = 0.4, e = 0.7, method = "algebraic" }
    assert.are.equal("algebraic", r.method)
    assert.are.equal("c1", r.stages[1].name)
    assert.are.equal("c2", r.stages[2].name)
    assert.are.equal("r", r.stages[3].name)
    assert.is.near(0.179996, r.stages[1].P.y, TOL)
    assert.is.near(-0.066046, r.stages[1].P.x, TOL)
    assert.is.near(0.028665, r.stages[1].P.z, TOL)
    near3({ 0.153880, 0.599898, 0.120554 }, r.stages[2].P, TOL)
    assert.is_false(r.stages[2].slip)
    assert.is.near(0.545926, r.stages[3].P.y, TOL)
    near3({ 0.227868, 1.325820, 0.258927 }, r.P, TOL)    -- = exact (3D coincidences)
    local en = rodcase{ mu = 0.4, e = 0.7, method = "algebraic", law = "energetic" }
    near3({ 0.229704, 1.332976, 0.260365 }, en.P, TOL)
    assert.is.near(-0.196387, en.dT, TOL)
  end)

  it("documents the discrepancy with the exact method on SB22's rod at mu = 0.2, e = 0.8", function()
    local a = rodcase{ mu = 0.2, e = 0.8, method = "algebraic" }
    local x = rodcase{ mu = 0.2, e = 0.8, method = "exact" }
    near3({ 0.126735, 1.315054, 0.179695 }, a.P, TOL)
    assert.is.near(-0.181161, a.dT, TOL)
    assert.are.equal("C-reversed", a.mode)
    assert.are.equal("sliding", x.mode)
    near3({ 0.101015, 1.276136, 0.158925 }, x.P, TOL)
  end)

  it("re-slides along Wtn/|Wtn| after a stop (SB22's direction)", function()
    local r = boxcase{ v = { 0.3, -1, 0.1 }, mu = 0.8, e = 0.6, method = "algebraic" }
    assert.are.equal("C-reversed", r.mode)
    assert.is.near(-0.690981, r.stages[2].u.x, 1e-6)
    assert.is.near(-0.722873, r.stages[2].u.z, 1e-6)
  end)

  it("flags and prints an energy gain", function()
    local q = { -0.530821, -0.372452, 0.605452, -0.461452 }
    local n = math.sqrt(q[1] ^ 2 + q[2] ^ 2 + q[3] ^ 2 + q[4] ^ 2)
    for i = 1, 4 do q[i] = q[i] / n end
    local t = { m = 1, inertia = { 0.127, 0.809, 0.708 }, q = q, r = { 0.530, -0.804, -0.253 },
      v = { 0.272, -0.497, 0.055 }, w = { 0.055, 0.595, 0.161 }, mu = 0.839, e = 0.725,
      method = "algebraic" }
    local r = impact.solve3d(t)
    assert.is_true(r.energy_gain)
    assert.is_true(r.dT > 0)
    assert.matches("GAINS kinetic energy", tostring(r))
    t.method = "exact"
    local x = impact.solve3d(t)
    assert.is_false(x.energy_gain)
    assert.is_true(x.dT < 0)
  end)

  it("runs custom laws along its stages", function()
    local r = rodcase{ mu = 0.4, e = 0.7, method = "algebraic", law = function(s) return s.Wr + 0.49 * s.Wc end }
    near3({ 0.229704, 1.332976, 0.260365 }, r.P, TOL)
    assert.are.equal("custom", r.law)
    local b = rodcase{ mu = 0.2, e = 0.8, method = "algebraic", law = function(s) return s.Pn - 1.8 * s.Pc end }
    near3({ 0.126735, 1.315054, 0.179695 }, b.P, TOL)
    local ok, msg = pcall(rodcase, { mu = 0.4, method = "algebraic", law = function() error("boom") end })
    assert.is_false(ok)
    assert.matches("solve3d: law %(function <.-:%d+>%) raised an error: .*boom", msg)
    ok, msg = pcall(rodcase, { mu = 0.4, method = "algebraic", law = function() return -1 end })
    assert.matches("never reached zero", msg)
  end)
end)

describe("impact.solve3d, coincidences and invariants", function()
  -- SB22's 2D rod: planar data (theta2 = 0, z principal) give the 2D answer
  local function planar(theta_deg, rho, law, method)
    local th = math.rad(theta_deg)
    return impact.solve3d{ m = 1, inertia = { 1 / 3, 0.01, 1 / 3 }, theta1 = th, theta2 = 0,
      r = { -math.sin(th), -math.cos(th), 0 }, v = { rho, -1, 0 }, mu = 0.4, e = 0.7,
      law = law, method = method }
  end

  it("planar data give the 2D (SB22's 2D rod) values with both methods", function()
    local rows = {
      { 40, 0.4, "poisson", 0.212967, 0.842326, -0.256405, 0.571816, -0.165045, "C-reversed" },
      { 40, 1.2, "energetic", -0.123805, 0.620215, -0.057949, 0.571875, -0.203461, "R-reversed" },
      { 20, 0.4, "energetic", 0.258643, 1.393728, 0, 0.633455, -0.203703, "C-sticking" },
      { 20, 2.0, "poisson", -0.289428, 0.978921, 0, 0.601518, -0.484469, "R-sticking" },
      { 40, 2.0, "newton", -0.240248, 0.600619, 0.449561, 0.7, -0.384344, "sliding" },
    }
    for _, method in ipairs{ "exact", "algebraic" } do
      for _, row in ipairs(rows) do
        local r = planar(row[1], row[2], row[3], method)
        assert.is.near(row[4], r.P.x, TOL)
        assert.is.near(row[5], r.P.y, TOL)
        assert.is.near(0, r.P.z, 1e-14)
        assert.is.near(row[6], r.vC.x, TOL)
        assert.is.near(row[7], r.vC.y, TOL)
        assert.is.near(row[8], r.dT, TOL)
        assert.are.equal(row[9], r.mode)
      end
    end
  end)

  it("planar data give impact.solve2d's answer with both methods (3D coincidences)", function()
    math.randomseed(7)
    local function u(a, b) return a + (b - a) * math.random() end
    for i = 1, 200 do
      local Izz, m = u(0.05, 1), u(0.3, 3)
      local rx, ry = u(-1, 1), -u(0.05, 1)
      local v, w = { u(-1, 1), -u(0.05, 1), 0 }, u(-1, 1)
      local mu, e = u(0, 1), u(0, 1)
      if i % 5 == 0 then mu = 0 end   -- frictionless: the slip may pass through zero
      for _, law in ipairs{ "poisson", "newton", "energetic" } do
        local r2 = impact.solve2d{ body1 = { m = m, I = Izz, x = -rx, y = -ry, vx = v[1], vy = v[2], w = w },
          mu = mu, e = e, law = law }
        for _, method in ipairs{ "exact", "algebraic" } do
          local r3 = impact.solve3d{ m = m, inertia = { 0.7 * Izz, 0.6 * Izz, Izz }, r = { rx, ry, 0 },
            v = v, w = { 0, 0, w }, mu = mu, e = e, law = law, method = method }
          local sc = math.max(r2.Py, 1e-300)
          assert.is.near(r2.Px, r3.P.x, 1e-9 * sc)
          assert.is.near(r2.Py, r3.P.y, 1e-9 * sc)
          assert.is.near(0, r3.P.z, 1e-14 * sc)
          assert.is.near(r2.S, r3.vC.x, 1e-8)
          assert.is.near(r2.C, r3.vC.y, 1e-8)
          assert.is.near(r2.dT, r3.dT, 1e-8)
          assert.are.equal(r2.mode, r3.mode)
        end
      end
    end
  end)

  it("a custom law gives the 2D answer on planar data", function()
    local law = function(s) return s.Wr + 0.36 * s.Wc end
    local r2 = impact.solve2d{ body1 = { m = 1, I = 0.3, x = 0.4, y = 0.7, vx = 0.5, vy = -1, w = 0.2 },
      mu = 0.3, e = 0.6, law = law }
    local r3 = impact.solve3d{ m = 1, inertia = { 0.2, 0.2, 0.3 }, r = { -0.4, -0.7, 0 },
      v = { 0.5, -1, 0 }, w = { 0, 0, 0.2 }, mu = 0.3, law = law }
    assert.is.near(r2.Px, r3.P.x, 1e-9)
    assert.is.near(r2.Py, r3.P.y, 1e-9)
    assert.are.equal(r2.mode, r3.mode)
  end)

  it("frictionless: P = (0, -(1+e) vn0/Wnn, 0) for every law and method", function()
    local t = { body = impact.rod{ m = 2, L = 1.1, radius = 0.3, theta1 = 0.6, theta2 = -0.4 },
      v = { 0.7, -1.3, -0.4 }, w = { 0.3, 0, -0.5 }, e = 0.55 }
    local ref
    for _, method in ipairs{ "exact", "algebraic" } do
      for _, law in ipairs{ "poisson", "newton", "energetic" } do
        t.method, t.law = method, law
        local r = impact.solve3d(t)
        assert.is.near(0, r.P.x, 1e-13)
        assert.is.near(0, r.P.z, 1e-13)
        assert.is.near(-0.55 * r.vC0.y, r.vC.y, 1e-10)
        ref = ref or r.P.y
        assert.is.near(ref, r.P.y, 1e-10)
      end
    end
  end)

  it("direct impact: the laws coincide", function()
    for _, method in ipairs{ "exact", "algebraic" } do
      for _, mu in ipairs{ 0.2, 0.4 } do
        local p = rodcase{ v = { 0, -1, 0 }, mu = mu, e = 0.6, method = method }
        for _, law in ipairs{ "newton", "energetic" } do
          near3(p.P, rodcase{ v = { 0, -1, 0 }, mu = mu, e = 0.6, method = method, law = law }.P, 1e-9)
        end
      end
    end
  end)

  it("mirror x -> -x flips Px only (mirror symmetry)", function()
    local I = { { 1.2, 0.1, -0.2 }, { 0.1, 0.9, 0.15 }, { -0.2, 0.15, 1.0 } }
    local M = { { 1.2, -0.1, 0.2 }, { -0.1, 0.9, 0.15 }, { 0.2, 0.15, 1.0 } }
    for _, method in ipairs{ "exact", "algebraic" } do
      local a = impact.solve3d{ m = 1.5, inertia = I, r = { 0.3, -0.8, 0.2 }, v = { 0.5, -1, 0.2 },
        w = { 0.1, 0.2, -0.3 }, mu = 0.3, e = 0.7, method = method }
      local b = impact.solve3d{ m = 1.5, inertia = M, r = { -0.3, -0.8, 0.2 }, v = { -0.5, -1, 0.2 },
        w = { 0.1, -0.2, 0.3 }, mu = 0.3, e = 0.7, method = method }
      assert.is.near(-a.P.x, b.P.x, 1e-9)
      assert.is.near(a.P.y, b.P.y, 1e-9)
      assert.is.near(a.P.z, b.P.z, 1e-9)
      assert.is.near(a.dT, b.dT, 1e-9)
      assert.are.equal(a.mode, b.mode)
    end
  end)

  it("the exact method never gains energy with Poisson or energetic (random bodies)", function()
    math.randomseed(42)
    local function u(a, b) return a + (b - a) * math.random() end
    local n, gains = 0, 0
    while n < 10000 do
      local I1, I2 = u(0.05, 2), u(0.05, 2)
      local I3 = u(math.abs(I1 - I2), I1 + I2)
      local t = { m = u(0.2, 5), inertia = { I1, I2, I3 },
        theta1 = u(-3, 3), theta2 = u(-1.5, 1.5),
        r = { u(-1, 1), -u(0.05, 1), u(-1, 1) }, v = { u(-1, 1), -u(0.05, 1), u(-1, 1) },
        w = { u(-1, 1), u(-1, 1), u(-1, 1) }, mu = u(0, 1.2), e = u(0, 1) }
      for _, law in ipairs{ "poisson", "energetic" } do
        t.law = law
        local r = impact.solve3d(t)
        if r.vC0.y < 0 then
          if r.energy_gain or r.dT > 1e-9 * r.T0 then gains = gains + 1 end
          assert.is_true(r.P.y >= 0)
          assert.is_true(math.sqrt(r.P.x ^ 2 + r.P.z ^ 2) <= r.mu_s * r.P.y * (1 + 1e-12))
        end
      end
      n = n + 1
    end
    assert.are.equal(0, gains)
  end)

  it("frictionless planar slips through zero: C-reversed with no tangential impulse, as solve2d", function()
    for _, vx in ipairs{ 0.01, 0.1, 0.3 } do
      local r2 = impact.solve2d{ body1 = { m = 1, I = 0.5, x = 0.5, y = 1, vx = vx, vy = -1, w = 0 }, mu = 0, e = 0.5 }
      for _, method in ipairs{ "exact", "algebraic" } do
        local r3 = impact.solve3d{ m = 1, inertia = { 0.5, 0.5, 0.5 }, r = { -0.5, -1, 0 }, v = { vx, -1, 0 },
          mu = 0, e = 0.5, method = method }
        assert.are.equal(0, r3.P.x)
        assert.are.equal(0, r3.P.z)
        assert.is.near(r2.Py, r3.P.y, 1e-12)
        assert.are.equal(r2.mode, r3.mode)
        assert.are.equal("C-reversed", r3.mode)
      end
    end
    -- a slip aimed (to rounding) through zero off the plane: no stop, no error
    local r = boxcase{ v = { 0.0013235294253339364, -1, 0.0013846153716447964 }, mu = 0, e = 0.5,
      method = "algebraic" }
    assert.are.equal(0, r.P.x)
    assert.are.equal(0, r.P.z)
    assert.is.near(0.5, r.vC.y, 1e-12)
  end)

  -- The invariants on random bodies of every kind, both methods, all laws:
  -- nearly singular and rod-like inertias, grazing and near-stick starts,
  -- high friction, e = 0 and 1 (a bounded version of the audit's fuzz).
  it("keeps the invariants on random bodies of every kind (both methods)", function()
    math.randomseed(2025)
    local function u(a, b) return a + (b - a) * math.random() end
    local counts = { ok = 0, inconsistent = 0 }
    for i = 1, 400 do
      local kind, I = i % 5
      if kind == 0 then I = { 1, 10 ^ u(-8, -5), 1 }                     -- rod-like
      elseif kind == 1 then local a = u(0.5, 2) I = { a, a * 10 ^ u(-8, -3), a } -- one tiny moment
      elseif kind == 2 then local s = 10 ^ u(-8, 0) I = { s, s * u(0.5, 1), s * u(0.6, 1.4) }
      else local a, b = u(0.05, 2), u(0.05, 2) I = { a, b, u(math.abs(a - b), a + b) } end
      local L, V = math.exp(u(-2, 1)), math.exp(u(-2, 2))
      local t = { m = math.exp(u(-2, 2)), inertia = I, theta1 = u(-3, 3), theta2 = u(-1.5, 1.5),
        r = { u(-1, 1) * L, -u(0.05, 1) * L, u(-1, 1) * L },
        v = { u(-1, 1) * V, -u(0.01, 1) * V, u(-1, 1) * V }, w = { 0, 0, 0 },
        mu = ({ 0, u(0, 1.2), u(1, 8), 1e-10 })[i % 4 + 1], e = ({ 0, 1, u(0, 1) })[i % 3 + 1] }
      if i % 7 == 1 then t.v[2] = -V * 10 ^ u(-11, -4) end               -- grazing
      if i % 7 == 2 then t.v[1], t.v[3] = V * 10 ^ u(-12, -4), -V * 10 ^ u(-12, -4) end -- near stick
      for _, method in ipairs{ "exact", "algebraic" } do
        for _, law in ipairs{ "poisson", "newton", "energetic" } do
          t.method, t.law = method, law
          local ok, r = pcall(impact.solve3d, t)
          if not ok then
            -- the only failures: a body too ill-conditioned to resolve, or
            -- Sun & Baruh's model without an admissible case
            assert.is_true(r:match("^solve3d: field 'inertia' makes the contact compliance W too ill%-conditioned") ~= nil
              or (method == "algebraic" and r:match("Sun & Baruh's model has no admissible solution") ~= nil), r)
            if method == "algebraic" then counts.inconsistent = counts.inconsistent + 1 end
          else
            counts.ok = counts.ok + 1
            local vs = math.sqrt(r.vC0.x ^ 2 + r.vC0.y ^ 2 + r.vC0.z ^ 2)
            assert.is_true(r.P.y >= 0)
            assert.is_true(math.sqrt(r.P.x ^ 2 + r.P.z ^ 2) <= r.mu_s * r.P.y * (1 + 1e-12),
              string.format("%s %s: |Pt|/(mu_s Pn) - 1 = %g, case %d", method, law,
                math.sqrt(r.P.x ^ 2 + r.P.z ^ 2) / (r.mu_s * r.P.y) - 1, i))
            if method == "exact" and law ~= "newton" then assert.is_false(r.energy_gain) end
            if method == "algebraic" then
              assert.is_true(r.vC.y >= -(1e-12 + 1e-15 * r.cond) * vs,
                string.format("%s: vC.y/|vC0| = %g, cond %g, case %d", law, r.vC.y / vs, r.cond, i))
            elseif not r.recompression then
              assert.is_true(r.vC.y >= -(1e-9 + 1e-15 * r.cond) * vs,
                string.format("%s: vC.y/|vC0| = %g, cond %g, case %d", law, r.vC.y / vs, r.cond, i))
            end
          end
        end
      end
    end
    assert.is_true(counts.ok > 2000)
  end)

  it("orientation by R, theta1/theta2 or q gives the same body", function()
    local t1, t2 = 0.35, 0.26
    local c1, s1, c2, s2 = math.cos(t1), math.sin(t1), math.cos(t2), math.sin(t2)
    -- R = Rz(-t1) Rx(t2)
    local R = { { c1, s1 * c2, -s1 * s2 }, { -s1, c1 * c2, -c1 * s2 }, { 0, s2, c2 } }
    -- q = qz(-t1) * qx(t2)
    local a, b = -t1 / 2, t2 / 2
    local q = { math.cos(a) * math.cos(b), math.cos(a) * math.sin(b), math.sin(a) * math.sin(b),
                math.sin(a) * math.cos(b) }
    local base = { m = 1, inertia = { 1.8, 0.125, 1.8 }, r = rod.r, v = { 0.4, -1, 0 }, mu = 0.4, e = 0.7 }
    local function with(k, v)
      local t = {}
      for kk, vv in pairs(base) do t[kk] = vv end
      t[k] = v
      if k == "theta1" then t.theta2 = t2 end
      return impact.solve3d(t)
    end
    local a1, a2, a3 = with("R", R), with("theta1", t1), with("q", q)
    near3(a1.P, a2.P, 1e-12)
    near3(a1.P, a3.P, 1e-12)
  end)

  it("reports a full 3x3 body inertia in principal axes", function()
    local r = impact.solve3d{ m = 1, inertia = { { 2, 0.5, 0 }, { 0.5, 2, 0 }, { 0, 0, 3 } },
      r = { 0.1, -1, 0 }, v = { 0.2, -1, 0 }, mu = 0.3, e = 0.5 }
    local p = r.inertia_principal
    near3({ 1.5, 2.5, 3 }, p.moments, 1e-12)
    assert.is.near(1, math.abs(p.axes[3].z), 1e-12)
    assert.is_nil(impact.solve3d{ m = 1, inertia = { 1, 2, 2.5 }, r = { 0.1, -1, 0 },
      v = { 0.2, -1, 0 } }.inertia_principal)
  end)

  it("takes v and w from the body table when the top level has none", function()
    local b = { m = rod.m, inertia = rod.inertia, theta1 = rod.theta1, theta2 = rod.theta2, r = rod.r,
      v = { 0.4, -1, 0 }, w = { 0.1, 0, 0 } }
    local a = impact.solve3d{ body = b, mu = 0.4, e = 0.7 }
    local c = rodcase{ w = { 0.1, 0, 0 }, mu = 0.4, e = 0.7 }
    near3(c.P, a.P, 1e-15)
  end)

  it("gives no impulse for a parting contact", function()
    local r = rodcase{ v = { 0.4, 0.5, 0 }, mu = 0.4, e = 0.7 }
    assert.are.equal("none", r.mode)
    assert.are.equal(0, r.P.y)
    assert.are.equal(0, #r.stages)
  end)

  it("prints a one-screen summary", function()
    local s = tostring(rodcase{ mu = 0.4, e = 0.7 })
    assert.matches("solve3d %(exact, poisson, e = 0.7", s)
    assert.matches("C%-sticking", s)
    assert.matches("sticking", s)
  end)
end)

describe("impact.solve3d, bad input", function()
  local function msg(t)
    local ok, err = pcall(impact.solve3d, t)
    assert.is_false(ok)
    return err
  end
  local good = { m = 1, inertia = { 1, 2, 2.5 }, r = { 0.1, -1, 0 }, v = { 0.2, -1, 0 }, mu = 0.3, e = 0.5 }
  local function with(changes)
    local t = {}
    for k, v in pairs(good) do t[k] = v end
    for k, v in pairs(changes) do t[k] = v end
    return t
  end

  it("names the field", function()
    assert.are.equal("solve3d: field 'm' must be positive, got -1", msg(with{ m = -1 }))
    assert.matches("field 'm' must be a finite number", msg(with{ m = 0 / 0 }))
    assert.matches("field 'v' component y must be finite", msg(with{ v = { 0, 0 / 0, 0 } }))
    assert.matches("field 'inertia' must satisfy the triangle inequality", msg(with{ inertia = { 1, 1, 3 } }))
    assert.matches("field 'inertia' must have positive principal moments", msg(with{ inertia = { 1, 0, 1 } }))
    assert.matches("field 'inertia' must be positive definite",
      msg(with{ inertia = { { 1, 2, 0 }, { 2, 1, 0 }, { 0, 0, 1 } } }))
    assert.matches("field 'inertia' must be symmetric",
      msg(with{ inertia = { { 1, 0.2, 0 }, { 0, 1, 0 }, { 0, 0, 1 } } }))
    assert.matches("field 'R' must be a rotation matrix %(orthonormal",
      msg(with{ R = { { 1, 0.1, 0 }, { 0, 1, 0 }, { 0, 0, 1 } } }))
    assert.matches("field 'R' must be a rotation matrix %(determinant",
      msg(with{ R = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, -1 } } }))
    assert.matches("field 'q' must be a unit quaternion", msg(with{ q = { 1, 1, 0, 0 } }))
    assert.matches("field 'mu_k' must not exceed mu_s", msg(with{ mu = nil, mu_s = 0.2, mu_k = 0.3 }))
    assert.matches("field 'e' must be in %[0, 1%]", msg(with{ e = 1.3 }))
    assert.matches("field 'method' must be one of \"exact\", \"algebraic\"", msg(with{ method = "fast" }))
    assert.matches("field 'r' is required", msg{ m = 1, inertia = { 1, 2, 2.5 }, v = { 0, -1, 0 } })
    assert.matches("field 'r' must be a vector", msg(with{ r = 3 }))
    assert.matches("field 'body.m' must be positive", msg{ body = { m = 0, inertia = { 1, 1, 1 }, r = { 0, -1, 0 } }, v = { 0, -1, 0 } })
    assert.matches("field 'm' conflicts with 'body'", msg{ m = 1, body = rod, v = { 0, -1, 0 } })
    assert.matches("expected a table", msg(42))
    assert.matches("field 'theta1_deg' conflicts with 'theta1'", msg(with{ theta1 = 0.1, theta1_deg = 5 }))
    assert.matches("field 'R' conflicts with another orientation", msg(with{ R = { 1, 0, 0, 0, 1, 0, 0, 0, 1 }, theta1 = 0.1 }))
    assert.matches("fields 'v', 'w' give a contact velocity or kinetic energy that overflows",
      msg(with{ v = { 1e300, -1e300, 0 } }))
    assert.matches("field 'inertia' makes the contact compliance W too ill%-conditioned",
      msg(with{ inertia = { 1, 1, 1e-20 } }))
    assert.matches("field 'rtol' must be in", msg(with{ rtol = 0 }))
    -- SB22's checks: Sun & Baruh's r stage would end still approaching the plane
    assert.matches("^solve3d: algebraic stage r %(poisson%): the stage ends with the contact still approaching",
      msg{ method = "algebraic", m = 2.9074686365122662,
        inertia = { 0.29213746661898304, 1.968090813191639, 2.0909888044495117 },
        theta1 = 0.81917528850243571, theta2 = -1.0651840948730524,
        r = { -0.74982756674313356, -0.92404009776335438, -0.63605905647027217 },
        v = { 0.55256127630380569, -0.69320354663117822, 0.25275581727865926 },
        w = { -0.50264315531009451, 0.87208247432428543, -0.60794872804162714 },
        mu = 0.88413497733958657, e = 0.83532735378282574 })
    assert.matches("field 'max_steps' %(10%) was exceeded by the integrator %(exact, poisson, sliding period in compression%)",
      msg{ m = 1, inertia = box.inertia, r = box.r, v = { 0.3, -1, 0.1 }, mu = 0.8, e = 0.6, max_steps = 10 })
  end)
end)
