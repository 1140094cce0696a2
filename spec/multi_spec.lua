-- impact.solve_multi: several simultaneous contacts through the Lua API.
-- Benchmarks with known answers (a ball in a corner, Newton's cradle,
-- Housner's rocking block), one contact against solve2d, Kane's pendulum
-- gaining energy under Newton's law, every error message, and invariants on
-- random problems.
local impact = require("impact")

local MODELS = { "moreau", "poisson", "sequential" }

local function copy(t, extra)
  local o = {}
  for k, v in pairs(t) do o[k] = v end
  for k, v in pairs(extra or {}) do o[k] = v end
  return o
end

-- A unit disc (m = 1, I = 0.1) in the corner of the floor (normal +y) and
-- a wall at its left (normal +x), moving into both.
local function corner(e, extra)
  return copy({
    M = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 0.1 } }, qdot = { -1, -2, 0 },
    -- contact frame rows: tangent, normal; the floor at (0, -r), the wall at (-r, 0), r = 1
    contacts = { { J = { { 1, 0, 1 }, { 0, 1, 0 } }, e = e },
                 { J = { { 0, -1, 1 }, { 1, 0, 0 } }, e = e } },
  }, extra)
end

-- Three equal balls on a line, the first moving into the others (e = 1).
local function cradle(model)
  local s = impact.system2d{
    bodies = { { m = 1, I = 0.1, x = 0, vx = 1 }, { m = 1, I = 0.1, x = 2 }, { m = 1, I = 0.1, x = 4 } },
    contacts = { { a = 2, b = 1, point = { 1, 0 }, normal = { 1, 0 }, e = 1 },
                 { a = 3, b = 2, point = { 3, 0 }, normal = { 1, 0 }, e = 1 } } }
  s.model = model
  return s
end

-- A block of half-width b and half-height h rocking about its right corner
-- (rate w = 1) as its left corner lands (Housner 1963).
local function housner(b, h, model)
  local m = 1
  local s = impact.system2d{
    bodies = { { m = m, I = m * (b * b + h * h) / 3, x = 0, y = h, vx = -h, vy = -b, w = 1 } },
    contacts = { { a = 1, point = { -b, 0 }, normal = { 0, 1 } },
                 { a = 1, point = { b, 0 }, normal = { 0, 1 } } },
    mu = 10, e = 0 }
  s.model = model
  return s
end

describe("solve_multi benchmarks", function()
  it("a ball in a corner rebounds with (-e vx, -e vy) under every model", function()
    for _, model in ipairs(MODELS) do
      for _, e in ipairs{ 0, 0.5, 1 } do
        local r = impact.solve_multi(corner(e, { model = model }))
        assert.is.near(e * 1, r.qdot[1], 1e-12, model)
        assert.is.near(e * 2, r.qdot[2], 1e-12, model)
        assert.is.near(0, r.qdot[3], 1e-12, model)
        assert.are.equal(model, r.model)
        assert.is_false(r.energy_gain)
        assert.is.near(e * e, r.energy_ratio, 1e-12)
      end
    end
  end)

  it("Newton's cradle: moreau and poisson give (-1/3, 2/3, 2/3), sequential (0, 0, 1)", function()
    local want = { moreau = { -1 / 3, 2 / 3, 2 / 3 }, poisson = { -1 / 3, 2 / 3, 2 / 3 },
                   sequential = { 0, 0, 1 } }
    for _, model in ipairs(MODELS) do
      local r = impact.solve_multi(cradle(model))
      for i = 1, 3 do assert.is.near(want[model][i], r.qdot[3 * i - 2], 1e-12, model) end
      assert.is.near(0, r.dT, 1e-12)
    end
    local r = impact.solve_multi(cradle("sequential"))
    assert.are.same({ 1, 2 }, r.order)
    assert.is_nil(r.residual)
    assert.is_number(impact.solve_multi(cradle("poisson")).residual)
  end)

  it("Housner's rocking block: w'/w = 1 - 1.5 sin^2(alpha)", function()
    for _, model in ipairs{ "moreau", "poisson" } do
      for _, ratio in ipairs{ 0.05, 0.25, 0.5, 1 } do
        local h = 1
        local b = ratio * h
        local r = impact.solve_multi(housner(b, h, model))
        local s2 = b * b / (b * b + h * h)
        assert.is.near(1 - 1.5 * s2, r.qdot[3], 1e-12, model .. " b/h = " .. ratio)
        assert.are.equal("open", r.contacts[2].mode)
        assert.are.equal("sticking", r.contacts[1].mode)
      end
    end
  end)
end)

describe("solve_multi's lzb model in space, with friction", function()
  local body = { m = 1, inertia = { 0.2, 0.3, 0.4 } }
  local function one(r3, v, w, mu, e)
    local s = impact.system3d{
      bodies = { { m = 1, inertia = body.inertia, x = { -r3[1], -r3[2], -r3[3] }, v = v, w = w } },
      contacts = { { a = 1, point = { 0, 0, 0 }, normal = { 0, 1, 0 } } } }
    return { M = s.M, qdot = s.qdot, contacts = { { J = s.J, mu = mu, e = e } }, model = "lzb", rtol = 1e-12 }
  end
  it("with one contact equals solve3d's exact method with the energetic law", function()
    local cases = {   -- sliding throughout, the slip turning; stopping and sticking; direct
      { { 0.3, -0.5, 0.1 }, { 0.4, -1, 0.2 }, { 0.5, 0, 1 }, 0.2, 0.8 },
      { { 0.3, -0.5, 0.1 }, { 0.1, -1, -0.1 }, { 0.2, 0.3, 0 }, 0.9, 0.5 },
      { { -0.2, -0.4, 0.3 }, { 0, -1, 0 }, { 0, 0, 0 }, 0.1, 0.3 },
      { { 0.5, -0.3, -0.2 }, { 0.3, -1, 0.1 }, { 0, 0, 0 }, 0.8, 0.6 },
    }
    for n, c in ipairs(cases) do
      local ref = impact.solve3d{ body = { m = 1, inertia = body.inertia, r = c[1], v = c[2], w = c[3] },
                                  mu = c[4], e = c[5], law = "energetic", rtol = 1e-12 }
      local r = impact.solve_multi(one(c[1], c[2], c[3], c[4], c[5]))
      for i, k in ipairs{ "x", "y", "z" } do
        assert.is.near(ref.P[k], r.contacts[1].P[i], 1e-9 * math.abs(ref.P.y), "case " .. n)
      end
      assert.is.near(ref.dT, r.dT, 1e-9 * math.abs(ref.dT), "case " .. n)
    end
  end)
  it("keeps momentum, the cone and the energy on random bodies in contact", function()
    local seed = 7
    local function rnd(a, b) seed = (seed * 16807) % 2147483647; return a + (b - a) * seed / 2147483647 end
    for _ = 1, 20 do
      local bodies, contacts, nb = {}, {}, 2 + math.floor(rnd(0, 2))
      for i = 1, nb do
        bodies[i] = { m = rnd(0.5, 2), inertia = { rnd(0.3, 0.5), rnd(0.3, 0.5), rnd(0.3, 0.5) },
                      x = { 2 * i, rnd(-0.2, 0.2), rnd(-0.2, 0.2) },
                      v = { rnd(-1, 1), rnd(-1, 1), rnd(-1, 1) }, w = { rnd(-1, 1), rnd(-1, 1), rnd(-1, 1) } }
      end
      for i = 1, nb - 1 do   -- body i + 1 on body i, and body 1 on the ground
        contacts[#contacts + 1] = { a = i + 1, b = i, point = { 2 * i + 1, rnd(-0.2, 0.2), rnd(-0.2, 0.2) },
                                    normal = { 1, 0, 0 }, mu = rnd(0, 1), e = rnd(0, 1) }
      end
      contacts[#contacts + 1] = { a = 1, point = { 2, -0.5, 0 }, normal = { 0, 1, 0 }, mu = rnd(0, 1), e = rnd(0, 1) }
      bodies[1].v[2] = -1
      local s = impact.system3d{ bodies = bodies, contacts = contacts, model = "lzb" }
      local r = impact.solve_multi(s)
      -- M (qdot' - qdot) = sum_i J_i^T P_i
      for a = 1, #s.qdot do
        local lhs, rhs = 0, 0
        for b = 1, #s.qdot do lhs = lhs + s.M[a][b] * (r.qdot[b] - s.qdot[b]) end
        for i, c in ipairs(s.contacts) do
          for row = 1, 3 do rhs = rhs + c.J[row][a] * r.contacts[i].P[row] end
        end
        assert.is.near(rhs, lhs, 1e-9)
      end
      for i, c in ipairs(r.contacts) do
        assert.is_true(math.sqrt(c.P[1] ^ 2 + c.P[3] ^ 2) <= s.contacts[i].mu * c.P[2] + 1e-12)
        assert.is_true(c.P[2] == c.P[2] and c.P[2] >= 0)
      end
      assert.is_true(r.dT <= 1e-12 and not r.energy_gain)
    end
  end)
end)

describe("solve_multi's sequential model in space", function()
  it("passes the cradle's impulse on ball by ball: (0, 0, 1)", function()
    local b = function(x, vx) return { m = 1, inertia = { 0.1, 0.1, 0.1 }, x = { x, 0, 0 }, v = { vx, 0, 0 } } end
    local s = impact.system3d{
      bodies = { b(0, 1), b(2, 0), b(4, 0) },
      contacts = { { a = 2, b = 1, point = { 1, 0, 0 }, normal = { 1, 0, 0 }, e = 1, mu = 0.3 },
                   { a = 3, b = 2, point = { 3, 0, 0 }, normal = { 1, 0, 0 }, e = 1, mu = 0.3 } },
      model = "sequential" }
    local r = impact.solve_multi(s)
    for i, want in ipairs{ 0, 0, 1 } do assert.is.near(want, r.qdot[6 * i - 5], 1e-12) end
    assert.are.same({ 1, 2 }, r.order)
    assert.is.near(0, r.dT, 1e-12)
  end)
  it("with one contact equals solve3d's exact method", function()
    local r3, v, w = { 0.3, -0.5, 0.1 }, { 0.4, -1, 0.2 }, { 0.5, 0, 1 }
    local ref = impact.solve3d{ body = { m = 1, inertia = { 0.2, 0.3, 0.4 }, r = r3, v = v, w = w },
                                mu = 0.2, e = 0.8 }
    local s = impact.system3d{
      bodies = { { m = 1, inertia = { 0.2, 0.3, 0.4 }, x = { -r3[1], -r3[2], -r3[3] }, v = v, w = w } },
      contacts = { { a = 1, point = { 0, 0, 0 }, normal = { 0, 1, 0 } } } }
    local r = impact.solve_multi{ M = s.M, qdot = s.qdot, contacts = { { J = s.J, mu = 0.2, e = 0.8 } },
                                  model = "sequential", law = "poisson" }
    for i, k in ipairs{ "x", "y", "z" } do
      assert.is.near(ref.P[k], r.contacts[1].P[i], 1e-9 * math.abs(ref.P.y))
    end
  end)
end)

describe("solve_multi's lzb model (Liu, Zhao & Brogliato)", function()
  it("rebounds a ball in a corner with (-e vx, -e vy)", function()
    for _, e in ipairs{ 0, 0.5, 1 } do
      local r = impact.solve_multi(corner(e, { model = "lzb", rtol = 1e-11 }))
      assert.is.near(e * 1, r.qdot[1], 1e-8)
      assert.is.near(e * 2, r.qdot[2], 1e-8)
      assert.is_false(r.energy_gain)
    end
  end)
  it("spreads the cradle's impulse as the compliant springs do (e = 1)", function()
    -- the final ball velocities of a compliant integration of the same
    -- power-law springs, frictionless, three equal balls
    local want = { [1] = { -0.130262, 0.150230, 0.980032 }, [1.5] = { -0.070952, 0.076403, 0.994549 } }
    for eta, v in pairs(want) do
      local t = cradle("lzb")
      t.eta, t.rtol = eta, 1e-10
      local r = impact.solve_multi(t)
      for i = 1, 3 do assert.is.near(v[i], r.qdot[3 * i - 2], 1e-6, "eta = " .. eta) end
      assert.is.near(0, r.dT, 1e-9)
      assert.is_true(r.steps > 0)
      -- e = 1, no friction: the model keeps the energy, dT is all error
      assert.is.near(r.dT, r.energy_residual, 1e-15)
      assert.is_false(r.energy_gain)
    end
  end)
end)

-- A disc (m = 1, I = 1/2, radius 1) striking floor and wall at once at
-- unit speed, theta below the horizontal; sym: vy = vx exactly (at 45
-- degrees cos and sin differ by one ulp).
local function disc_corner(deg, e, mu, sym)
  local th = math.rad(deg)
  local vx, vy = -math.cos(th), -math.sin(th)
  return impact.system2d{
    bodies = { { m = 1, I = 0.5, vx = vx, vy = sym and vx or vy } },
    contacts = { { a = 1, point = { 0, -1 }, normal = { 0, 1 } },
                 { a = 1, point = { -1, 0 }, normal = { 1, 0 } } },
    e = e, mu = mu, model = "lzb" }
end

describe("solve_multi's lzb model with simultaneous events", function()
  -- Both contacts reach maximum compression and end their expansion
  -- together: the integration must neither chatter between primaries nor
  -- divide by a primary's zero energy.
  it("handles the symmetric and the one-ulp corner as cheaply as 30 degrees", function()
    for _, mu in ipairs{ 0, 0.3 } do
      for _, e in ipairs{ 0, 0.5, 0.8, 1 } do
        local r30 = impact.solve_multi(disc_corner(30, e, mu))
        local rs = impact.solve_multi(disc_corner(45, e, mu, true))
        local ru = impact.solve_multi(disc_corner(45, e, mu))
        local what = string.format("e = %g, mu = %g", e, mu)
        for _, r in ipairs{ rs, ru } do
          assert.is_true(r.steps <= 1.25 * r30.steps, what .. ": " .. r.steps .. " steps vs " .. r30.steps)
          assert.is_true(r.primary_switches <= 3, what)
          assert.is_false(r.energy_gain, what)
          -- the reflection about the diagonal swaps the contacts: no spin
          assert.is.near(r.qdot[1], r.qdot[2], 1e-8, what)
          assert.is.near(0, r.qdot[3], 1e-8, what)
          for i = 1, 2 do assert.is.near(rs.qdot[i], ru.qdot[i], 1e-8, what) end
          if mu == 0 then        -- W is diagonal: (e vx, e vy) exactly
            assert.is.near(e * math.cos(math.rad(45)), r.qdot[1], 1e-8, what)
            assert.is.near(e * math.sin(math.rad(45)), r.qdot[2], 1e-8, what)
            assert.is.near(e * e, r.energy_ratio, 1e-8, what)
          end
        end
      end
    end
  end)
end)

-- W = [[B1, -B3], [-B3, B2]] as a mechanism: J = I, M = W^-1, qdot = (S0, C0).
local function one_contact(c, extra)
  local D = c.B1 * c.B2 - c.B3 * c.B3
  local M = { { c.B2 / D, c.B3 / D }, { c.B3 / D, c.B1 / D } }
  return copy({ M = M, qdot = { c.S0, c.C0 },
                contacts = { copy({ J = { { 1, 0 }, { 0, 1 } } }, extra) } })
end

describe("solve_multi with one contact", function()
  local cases = {
    { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, e = 0.5, mu = 0.5 },
    { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.1, C0 = -1, e = 0.8, mu = 0.9 },
    { B1 = 1, B2 = 3, B3 = -0.5, S0 = -0.3, C0 = -2, e = 0, mu = 0.2 },
  }
  it("moreau equals Kane's model of solve2d", function()
    for _, c in ipairs(cases) do
      local k = impact.solve2d(copy(c, { model = "kane" }))
      local r = impact.solve_multi(copy(one_contact(c, { e = c.e, mu = c.mu }), { model = "moreau" }))
      assert.is.near(k.Px, r.contacts[1].P[1], 1e-12)
      assert.is.near(k.Py, r.contacts[1].P[2], 1e-12)
    end
  end)
  it("lzb equals solve2d with the energetic law", function()
    for _, c in ipairs(cases) do
      local k = impact.solve2d(copy(c, { law = "energetic" }))
      local r = impact.solve_multi(copy(one_contact(c, { e = c.e, mu = c.mu }), { model = "lzb", rtol = 1e-12 }))
      assert.is.near(k.Px, r.contacts[1].P[1], 1e-9 * math.abs(k.Py))
      assert.is.near(k.Py, r.contacts[1].P[2], 1e-9 * math.abs(k.Py))
      assert.is.near(k.dT, r.dT, 1e-9 * math.abs(k.dT))
    end
  end)
  it("sequential equals solve2d with its law", function()
    for _, c in ipairs(cases) do
      for _, law in ipairs{ "poisson", "newton", "energetic" } do
        local k = impact.solve2d(copy(c, { law = law }))
        local r = impact.solve_multi(copy(one_contact(c, { e = c.e, mu = c.mu }),
                                          { model = "sequential", law = law }))
        assert.is.near(k.Px, r.contacts[1].P.x, 1e-12, law)
        assert.is.near(k.Py, r.contacts[1].P.y, 1e-12, law)
        assert.is.near(k.dT, r.dT, 1e-12, law)
      end
    end
  end)
end)

describe("solve_multi energy", function()
  it("flags moreau's energy gain on Kane's pendulum", function()
    local d = math.pi / 180
    local p = impact.chain2d{ links = { { m = 1, L = 1 }, { m = 1, L = 1 } },
                              q = { -40 * d, -50 * d }, qdot = { -1, -1 } }
    local r = impact.solve_multi{ M = p.M, qdot = p.qdot, model = "moreau",
                                  contacts = { { J = p.J, mu = 0.8, e = 1 } } }
    assert.is_true(r.energy_gain)
    assert.is_true(r.dT > 0)
    assert.is_true(r.energy_ratio > 1)
  end)
  it("does not flag lzb's integration error on the elastic cradle", function()
    for _, rtol in ipairs{ 1e-6, 1e-9 } do
      local t = cradle("lzb")
      t.rtol = rtol
      local r = impact.solve_multi(t)
      assert.is_false(r.energy_gain)
      assert.is_true(math.abs(r.dT) <= 10 * rtol * r.T0)
      assert.is.near(r.dT, r.energy_residual, 1e-15)
    end
  end)
end)

describe("solve_multi errors", function()
  local function base(extra)
    return copy(corner(0.5), extra)
  end
  local function fails(t, msg)
    local ok, err = pcall(impact.solve_multi, t)
    assert.is_false(ok)
    assert.are.equal("solve_multi: " .. msg, err:sub(1, #msg + 13))
  end
  local function with_contact(i, key, v, extra)
    local t = base(extra)
    t.contacts = { copy(t.contacts[1]), copy(t.contacts[2]) }
    t.contacts[i][key] = v
    return t
  end
  it("names the field of every bad input", function()
    fails(base{ M = { { -1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 0.1 } } }, "field 'M' must be symmetric positive definite (the generalized mass matrix), it is not positive definite (found at entry [1][1])")
    fails(base{ M = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, -0.1 } } },
          "field 'M' must be symmetric positive definite (the generalized mass matrix), it is not positive definite (found at entry [3][3])")
    fails(base{ M = { { 1, 0.5, 0 }, { 0, 1, 0 }, { 0, 0, 0.1 } } }, "field 'M' must be symmetric positive definite (the generalized mass matrix), entries [1][2] and [2][1] differ")
    fails(base{ M = { { 1, 0 }, { 0, 1 } } }, "field 'M' must have 3 rows (one per coordinate, as qdot), got 2")
    fails(base{ M = { { 1, 0, 0 }, { 0, 0 / 0, 0 }, { 0, 0, 0.1 } } }, "field 'M' must have finite numbers, entry [2][2] is not finite")
    fails(base{ M = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, "0.1" } } }, "field 'M' must have finite numbers, entry [3][3] is string")
    fails(base{ M = 1 }, "field 'M' must be a list of rows (tables of numbers), got number")
    fails(base{ qdot = { -1, 0 / 0, 0 } }, "field 'qdot' must have finite numbers, entry [2] is not finite")
    fails(base{ qdot = "fast" }, "field 'qdot' must be a list of numbers, got string")
    fails(with_contact(2, "J", { { 1, 0, 1 }, { 2, 0, 2 } }),
          "field 'contacts[2].J' must let the contact move along every direction")
    fails(with_contact(2, "J", { { 1, 0, 1 } }),
          "field 'contacts[2].J' must have 2 rows (planar: tangent, normal) or 3 (x, normal, z), got 1")
    fails(with_contact(2, "J", { { 1, 0, 1 }, { 1, 0 } }),
          "field 'contacts[2].J' must have rows of 3 entries (one per coordinate, as qdot), row 2 has 2")
    fails(with_contact(2, "J", { { 1, 0, 1 }, false }),
          "field 'contacts[2].J' must be a list of rows (tables of numbers), row 2 is a boolean")
    fails(with_contact(2, "J", 7), "field 'contacts[2].J' must be a list of rows (tables of numbers), got number")
    fails(with_contact(2, "J", { { 1, 0, 1 }, { 1, 0, 0 }, { 0, 0, 1 } }),
          "field 'contacts[2].J' has 3 rows but contacts[1].J has 2 (the contacts must be all planar or all spatial)")
    fails(with_contact(1, "J", { { 1, 0 / 0, 1 }, { 0, 1, 0 } }), "field 'contacts[1].J' must have finite numbers, entry [1][2] is not finite")
    fails(with_contact(1, "mu", -1), "field 'contacts[1].mu' must be in [0, inf], got -1")
    fails(with_contact(1, "e", 1.5), "field 'contacts[1].e' must be in [0, 1], got 1.5")
    local t = with_contact(1, "mu_k", 0.3)
    t.contacts[1].mu_s = 0.2
    fails(t, "field 'contacts[1].mu_k' must not exceed mu_s (0.3 > 0.2)")
    fails(with_contact(1, "K", 0), "field 'contacts[1].K' must be positive, got 0")
    fails(with_contact(1, "eta", 0.5), "field 'contacts[1].eta' must be >= 1 (a force exponent), got 0.5")
    fails(with_contact(2, "muu", 1), "unknown field 'contacts[2].muu' (did you mean 'contacts[2].mu'?)")
    fails(base{ modle = "moreau" }, "unknown field 'modle' (did you mean 'model'?)")
    fails(base{ e = 2 }, "field 'e' must be in [0, 1], got 2")
    local many = base()
    for i = 3, 17 do many.contacts[i] = many.contacts[1] end
    fails(many, "field 'contacts' must have 1 to 16 contacts, got 17")
    fails(base{ contacts = {} }, "field 'contacts' must have 1 to 16 contacts, got 0")
    fails(base{ contacts = { 3 } }, "field 'contacts[1]' must be a contact {J =, mu =, e =}, got number")
    fails(base{ model = "kane" }, "field 'model' must be one of \"moreau\", \"poisson\", \"sequential\", \"lzb\", got \"kane\"")
    fails(base{ law = "newton" }, "field 'law' is only used by model \"sequential\"")
    fails(base{ model = "sequential", law = 3 },
          "field 'law' must be \"poisson\", \"newton\", \"energetic\" or a function, got number")
    fails(3, "expected a table, got number")
  end)
  it("accepts top-level defaults and the builders' frame field", function()
    local t = corner(0.5, { mu = 0.3, e = 1 })
    t.contacts[1].e, t.contacts[2].e = nil, nil
    t.contacts[1].frame = { x = { 1, 0 }, y = { 0, 1 } }
    local r = impact.solve_multi(t)
    assert.is.near(1, r.qdot[1], 1e-12)
    assert.is.near(2, r.qdot[2], 1e-12)
  end)
end)

-- A random SPD M (n x n), k contacts with 2 or 3 random rows each.
local function random_problem(rng, k, d, model)
  local n = d * k + 1
  local A, M, qdot = {}, {}, {}
  for i = 1, n do
    A[i] = {}
    for j = 1, n do A[i][j] = rng() * 2 - 1 end
  end
  for i = 1, n do
    M[i] = {}
    for j = 1, n do
      local s = i == j and 0.5 or 0
      for l = 1, n do s = s + A[i][l] * A[j][l] end
      M[i][j] = s
    end
    qdot[i] = rng() * 2 - 1
  end
  for i = 1, n do for j = i + 1, n do M[j][i] = M[i][j] end end
  local contacts = {}
  for c = 1, k do
    local J = {}
    for r = 1, d do
      J[r] = {}
      for j = 1, n do J[r][j] = rng() * 2 - 1 end
    end
    contacts[c] = { J = J, mu = rng(), e = rng() }
  end
  return { M = M, qdot = qdot, contacts = contacts, model = model }
end

describe("solve_multi invariants", function()
  it("momentum, dT both ways and Coulomb on random problems", function()
    local seed = 12345
    local function rng()
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed / 2147483648
    end
    local count = 0
    for trial = 1, 60 do
      local d = trial % 4 == 0 and 3 or 2
      local models = d == 3 and { "moreau", "poisson" } or MODELS
      local t = random_problem(rng, 1 + trial % 3, d, models[1 + trial % #models])
      local r = impact.solve_multi(t)
      local n = #t.qdot
      -- M (qdot' - qdot) = sum J_i^T P_i
      local T0, T1 = 0, 0
      for i = 1, n do
        local lhs, rhs = 0, 0
        for j = 1, n do
          lhs = lhs + t.M[i][j] * (r.qdot[j] - t.qdot[j])
          T0 = T0 + 0.5 * t.qdot[i] * t.M[i][j] * t.qdot[j]
          T1 = T1 + 0.5 * r.qdot[i] * t.M[i][j] * r.qdot[j]
        end
        for c, ct in ipairs(t.contacts) do
          for row = 1, d do rhs = rhs + ct.J[row][i] * r.contacts[c].P[row] end
        end
        assert.is.near(rhs, lhs, 1e-9 * (1 + math.abs(rhs)))
      end
      assert.is.near(T0, r.T0, 1e-10 * (1 + T0))
      assert.is.near(T1 - T0, r.dT, 1e-9 * (1 + T0))
      for c, ct in ipairs(t.contacts) do
        local P = r.contacts[c].P
        local Pt = d == 2 and math.abs(P[1]) or math.sqrt(P[1] ^ 2 + P[3] ^ 2)
        assert.is_true(P[2] >= -1e-12, "P_n >= 0")
        assert.is_true(Pt <= ct.mu * P[2] * (1 + 1e-9) + 1e-12, "|P_t| <= mu P_n")
      end
      count = count + 1
    end
    assert.are.equal(60, count)
  end)
end)

describe("solve_multi sequential with a custom law", function()
  it("a Lua law equal to Poisson's gives Poisson's answer", function()
    local s = cradle("sequential")
    s.law = function(st) return st.Pn - 2 * st.Pc end   -- Poisson, e = 1
    local r = impact.solve_multi(s)
    assert.is.near(0, r.qdot[1], 1e-12)
    assert.is.near(1, r.qdot[7], 1e-12)
    s.law = function() error("boom") end
    local ok, err = pcall(impact.solve_multi, s)
    assert.is_false(ok)
    assert.truthy(err:find("boom", 1, true))
  end)
end)

describe("solve_multi output", function()
  it("prints the result and compares the models", function()
    local text = tostring(impact.solve_multi(cradle("sequential")))
    assert.truthy(text:find("solve_multi (sequential): 2 contacts, T0 = 0.5, dT = 0, energy ratio 1", 1, true))
    assert.truthy(text:find("order: 1, 2", 1, true))
    local c = impact.compare(cradle(), { "moreau", "poisson", "sequential" })
    assert.is.near(2 / 3, c.moreau.qdot[7], 1e-12)
    assert.is.near(1, c.sequential.qdot[7], 1e-12)
    local shown = tostring(c)
    assert.truthy(shown:find("P2     (0, 0.666667)", 1, true))
    assert.truthy(shown:find("flags  -", 1, true))
    local ok, err = pcall(impact.compare, cradle(), { "moreau", "bogus" })
    assert.is_false(ok)
    assert.truthy(err:find('compare: models[2] ("bogus"): solve_multi: field \'model\' must be one of', 1, true), err)
  end)
  it("names the model whose result overflows, as solve2d's models do", function()
    for _, model in ipairs{ "moreau", "poisson", "sequential", "lzb" } do
      local ok, err = pcall(impact.solve_multi, corner(0.5, { model = model, qdot = { -1e300, -2e300, 0 } }))
      assert.is_false(ok)
      assert.are.equal("solve_multi: model \"" .. model .. "\": the result is outside double's range (the inputs' magnitudes are too extreme for double precision)", err)
    end
  end)

  it("names a sequential impact that never ends", function()
    -- two balls between two walls, e = 1: the impulse runs back and forth
    local s = impact.system2d{
      bodies = { { m = 1, I = 0.1, x = 1, vx = -1 }, { m = 1, I = 0.1, x = 3 } },
      contacts = { { a = 1, point = { 0, 0 }, normal = { 1, 0 } },
                   { a = 2, b = 1, point = { 2, 0 }, normal = { 1, 0 } },
                   { a = 2, point = { 4, 0 }, normal = { -1, 0 } } },
      e = 1, model = "sequential" }
    local ok, err = pcall(impact.solve_multi, s)
    assert.is_false(ok)
    assert.are.equal("solve_multi: model \"sequential\" did not converge (contacts still closing after 128 single-contact impacts)", err)
    s.e = nil
    for _, c in ipairs(s.contacts) do c.e = 0.5 end
    local r = impact.solve_multi(s)
    for i = 1, 3 do assert.is_true(r.contacts[i].v[2] >= -1e-12) end
  end)
end)

describe("solve_multi's registry of models (core._multi_models)", function()
  local core = require("impact.core")
  local names = require("impact.names")
  it("is published once, in the core's order, and names.lua reads it", function()
    local got = {}
    for i, m in ipairs(core._multi_models) do got[i] = m.name end
    assert.are.same({ "moreau", "poisson", "sequential", "lzb" }, got)
    assert.are.same(got, names.MULTI_MODELS)
    assert.are.equal(false, core._multi_models[4].scaled)
    assert.are.same({ "mu_s", "mu_k", "e", "law" }, names.MULTI_MODEL.sequential.params)
  end)
  it("says which fields each model fills, as its results have them", function()
    local common = names.set{ "qdot", "T0", "dT", "energy_ratio", "energy_gain", "model", "contacts" }
    for _, m in ipairs(core._multi_models) do
      local r = impact.solve_multi(corner(0.5, { model = m.name, mu = 0.3 }))
      local own = {}
      for _, f in ipairs(m.fields) do
        if not f:find("^contacts") then own[f] = true end
      end
      for k in pairs(r) do assert.is_true(common[k] or own[k], m.name .. ": " .. k) end
      for f in pairs(own) do assert.is_not_nil(r[f], m.name .. ": " .. f) end
      local phases = names.set(m.fields)["contacts[i].Pc"] or false
      assert.are.equal(phases, r.contacts[1].Pc ~= nil, m.name)
    end
  end)
  it("gives compare's and help's lists of models (lzb included)", function()
    local ok, err = pcall(impact.compare, corner(0.5), { 1 })
    assert.is_false(ok)
    assert.truthy(err:find('("moreau", "poisson", "sequential", "lzb")', 1, true), err)
    local row
    for _, f in ipairs(require("impact.help.multi")[1].fields) do
      if f[1] == "model" then row = f end
    end
    assert.are.same({ "model", '"moreau", "poisson", "sequential" or "lzb"', '"moreau"' }, row)
    local c = impact.compare(corner(0.5, { mu = 0.3 }), names.MULTI_MODELS)
    for _, m in ipairs(names.MULTI_MODELS) do assert.are.equal(m, c[m].model) end
  end)
end)
