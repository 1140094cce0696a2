-- Compliant normal laws (law = { "kelvin-voigt" | "hertz" | "hunt-crossley", ... }):
-- the table form and its checks, the 3D exact path against closed forms and
-- the 2D path, and the paths that take a law (mechanisms, sequential).
local impact = require("impact")

local function with(t, extra)
  local u = {}
  for k, v in pairs(t) do u[k] = v end
  for k, v in pairs(extra) do u[k] = v end
  return u
end

local rod = { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.8 }

describe("compliant laws: the law table", function()
  local function err(t, pattern)
    local ok, msg = pcall(impact.solve2d, with(rod, t))
    assert.is_false(ok)
    assert.matches(pattern, msg, 1, true)
  end

  it("checks each parameter by name", function()
    err({ law = { "kelvin-voigt", c = 1 } }, "field 'law.k' is required")
    err({ law = { "kelvin-voigt", k = -1, c = 1 } }, "field 'law.k' must be > 0, got -1")
    err({ law = { "kelvin-voigt", k = 1 / 0, c = 1 } }, "field 'law.k' must be a finite number")
    err({ law = { "kelvin-voigt", k = 1, c = -2 } }, "field 'law.c' must be >= 0, got -2")
    err({ law = { "kelvin-voigt", k = 1, zeta = 1 } }, "field 'law.zeta' must be in [0, 1), got 1")
    err({ law = { "kelvin-voigt", k = 1, zeta = 0.1, c = 1 } }, "field 'law.zeta' cannot be given together with c")
    err({ law = { "kelvin-voigt", k = 1 } }, "field 'law.c' is required")
    err({ law = { "kelvin-voigt", k = 1, c = 1, tension = 1 } }, "field 'law.tension' must be a boolean, got number")
    err({ law = { "hertz", k = 1 } }, "field 'law.e' is required")
    err({ law = { "hertz", k = 1, e = 1.2 } }, "field 'law.e' must be in [0, 1], got 1.2")
    err({ law = { "hunt-crossley", k = 1, n = 0, c = 1 } }, "field 'law.n' must be > 0, got 0")
    err({ law = { "hunt-crossley", k = 1, e = 0.5 } }, "field 'law.damping' is required with e")
    err({ law = { "hunt-crossley", k = 1, e = 0, damping = "flores" } }, "field 'law.e' must be in (0, 1], got 0")
    err({ law = { "hunt-crossley", k = 1, e = 0.5, damping = "lankarani" } }, "field 'law.damping'")
    err({ law = { "hunt-crossley", k = 1, e = 0.5, c = 1 } }, "field 'law.e' cannot be given together with c")
    err({ law = { "hunt-crossley", k = 1, c = 1, damping = "flores" } }, "field 'law.damping' goes with e")
    err({ law = { "hunt-crossley", k = "1", c = 1 } }, "field 'law.k' must be a number, got string")
  end)

  it("names unknown keys, unknown laws and a stray e", function()
    err({ law = { "kelvin-voigt", k = 1, C = 1 } }, "unknown field 'law.C' (did you mean 'c'?)")
    err({ law = { "hertz", k = 1, e = 0.5, zeta = 0.1 } }, "unknown field 'law.zeta' (the hertz law reads k, e)")
    err({ law = { "hertz", k = 1, e = 0.5, 7 } }, "unknown field 'law[2]'")
    err({ law = { "maxwell", k = 1 } }, "field 'law.1' must be \"kelvin-voigt\", \"hertz\" or \"hunt-crossley\"")
    err({ law = { "hertz", k = 1, e = 0.5 }, e = 0.5 }, "field 'e' is not read with a compliant law")
    local ok, msg = pcall(impact.solve2d, with(rod, { law = "hertz", e = 0.5 }))
    assert.is_false(ok)
    assert.matches("field 'law' must be one of", msg, 1, true)
    ok, msg = pcall(impact.solve3d, { m = 1, inertia = { 1, 1, 1 }, r = { 0, -1, 0 }, v = { 0, -1, 0 },
                                      method = "algebraic", law = { "hertz", k = 1, e = 0.5 } })
    assert.is_false(ok)
    assert.matches("field 'law' (\"hertz\", a compliant law) needs method = \"exact\"", msg, 1, true)
  end)

  it("reports e_eff, duration, F_max and delta_max, finite, and the law's name", function()
    local r = impact.solve2d(with(rod, { law = { "hunt-crossley", k = 1e5, e = 0.7, damping = "flores" } }))
    assert.are.equal("hunt-crossley", r.law)
    assert.is_nil(r.e)
    for _, f in ipairs{ "e_eff", "duration", "F_max", "delta_max", "Px", "Py", "dT" } do
      assert.is_true(r[f] == r[f] and math.abs(r[f]) < math.huge, f)
    end
    assert.is.near(r.e_eff, -r.C / rod.C0, 1e-15)
    assert.is_true(r.duration > 0 and r.F_max > 0 and r.delta_max > 0)
    assert.is_true(r.dT <= 0)
    assert.is_table(r.path)
  end)
end)

describe("compliant laws in 3D (exact)", function()
  local body = { m = 2, inertia = { 0.3, 0.5, 0.4 }, r = { 0.3, -0.5, 0.1 }, v = { 0.4, -1, 0.2 },
                 w = { 0.1, 0.2, -0.3 }, mu = 0.3 }

  it("Hertz's impulses are the energetic law's", function()
    for _, mu in ipairs{ 0, 0.3, 1 } do
      local h = impact.solve3d(with(body, { mu = mu, law = { "hertz", k = 1e5, e = 0.6 } }))
      local en = impact.solve3d(with(body, { mu = mu, law = "energetic", e = 0.6 }))
      for i = 1, 3 do assert.is.near(en.P[i], h.P[i], 1e-10) end
      assert.is_true(h.duration > 0 and h.F_max > 0)
    end
  end)

  it("Kelvin-Voigt with tension, frictionless: e_eff = exp(-zeta pi / sqrt(1 - zeta^2))", function()
    for _, z in ipairs{ 0.1, 0.4, 0.8 } do
      local r = impact.solve3d(with(body, { mu = 0, law = { "kelvin-voigt", k = 3e4, zeta = z, tension = true } }))
      assert.is.near(math.exp(-z * math.pi / math.sqrt(1 - z * z)), r.e_eff, 1e-10)
      assert.is.near(0, r.P[1], 1e-14)
      assert.is.near(0, r.P[3], 1e-14)
    end
  end)

  it("equals the 2D path on planar data, and gains no energy", function()
    local p3 = { m = 1, inertia = { 1, 1, 0.4 }, r = { 0.5, -0.8, 0 }, v = { 0.6, -1, 0 }, w = { 0, 0, 0 } }
    local p2 = { body1 = { m = 1, I = 0.4, x = -0.5, y = 0.8, vx = 0.6, vy = -1, w = 0 } }
    for _, law in ipairs{ { "hunt-crossley", k = 1e5, e = 0.7, damping = "hunt-crossley" },
                          { "kelvin-voigt", k = 1e4, c = 30 }, { "hertz", k = 1e5, e = 0.4 } } do
      for _, mu in ipairs{ 0.1, 0.5, 2 } do
        local r3 = impact.solve3d(with(p3, { mu = mu, law = law }))
        local r2 = impact.solve2d(with(p2, { mu = mu, law = law }))
        assert.is.near(r2.Px, r3.P[1], 1e-9)
        assert.is.near(r2.Py, r3.P[2], 1e-9)
        assert.is.near(r2.e_eff, r3.e_eff, 1e-9)
        assert.is.near(r2.duration, r3.duration, 1e-9 * r2.duration)
        assert.are.equal(r2.mode, r3.mode)
      end
    end
    for _, mu in ipairs{ 0.1, 0.3, 0.6, 1.5 } do
      local r = impact.solve3d(with(body, { mu = mu, law = { "kelvin-voigt", k = 1e4, zeta = 0.2 } }))
      assert.is_true(r.dT <= 1e-12 and not r.energy_gain)
    end
  end)

  it("on a turning slip, agrees with itself at a tighter tolerance", function()
    local law = { "hunt-crossley", k = 1e5, e = 0.5, damping = "lankarani-nikravesh" }
    local a = impact.solve3d(with(body, { law = law }))
    local b = impact.solve3d(with(body, { law = law, rtol = 1e-13 }))
    for i = 1, 3 do assert.is.near(b.P[i], a.P[i], 1e-8) end
    assert.is.near(b.e_eff, a.e_eff, 1e-8)
  end)
end)

describe("compliant laws on the other paths", function()
  local law = { "kelvin-voigt", k = 1e4, zeta = 0.3, tension = true }
  local e = math.exp(-0.3 * math.pi / math.sqrt(1 - 0.09))

  it("a mechanism (M, J, qdot) and solve_multi's sequential model", function()
    local r = impact.solve2d{ M = { { 1, 0 }, { 0, 1 } }, J = { { 1, 0 }, { 0, 1 } }, qdot = { 0, -1 }, law = law }
    assert.is.near(e, r.e_eff, 1e-10)
    local m = impact.solve_multi{ M = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } }, qdot = { 0, -1, 0 },
                                  model = "sequential", law = law,
                                  contacts = { { J = { { 1, 0, 0 }, { 0, 1, 0 } }, mu = 0.2 } } }
    assert.is.near(1 + e, m.contacts[1].P[2], 1e-10)
  end)

  it("simulate: a ball bouncing under Kelvin-Voigt rebounds by exp(-zeta pi / sqrt(1 - zeta^2)) each time", function()
    for _, z in ipairs{ 0.1, 0.3, 0.6 } do
      local ez = math.exp(-z * math.pi / math.sqrt(1 - z * z))
      local ball = impact.scene2d{ gravity = { 0, -9.81 }, mu = 0.5,
        lines = { { point = { 0, 0 }, normal = { 0, 1 } } },
        bodies = { { m = 1, rho = 0.05, y = 1.1, radius = 0.1 } },
        law = { "kelvin-voigt", k = 1e6, zeta = z, tension = true } }
      assert.are.equal("sequential", ball.model)        -- the model that takes a law
      local run = impact.simulate(ball, { t_end = 3, dt = 0.01 })
      local n = 0
      for _, ev in ipairs(run.events) do
        if ev.kind == "impact" then
          n = n + 1
          assert.is.near(ez, -ev.qdot_after[2] / ev.qdot_before[2], 1e-10)
          assert.is.near(ez, ev.result.e_eff, 1e-10)
          assert.is.near(0, ev.qdot_after[1], 1e-14)
        end
      end
      assert.is_true(n >= 3)
      -- the accumulation of a geometric series of rebounds: t1 (1 + e)/(1 - e)
      local t1 = math.sqrt(2 * 1.0 / 9.81)
      assert.are.equal("rest", run.status)
      assert.is.near(t1 * (1 + ez) / (1 - ez), run.events[#run.events].t, 1e-9)
    end
  end)

  it("simulate: a one-coordinate system (normal row alone) under Kelvin-Voigt", function()
    local z = 0.2
    local ez = math.exp(-z * math.pi / math.sqrt(1 - z * z))
    local s = impact.system{ q = { 0.5 }, qdot = { 0 }, M = { { 2 } },
      force = function() return { -3 } end,
      contacts = { { gap = function(q) return q[1] end, J = function() return { { 0 }, { 1 } } end } },
      law = { "kelvin-voigt", k = 1e5, zeta = z, tension = true } }
    local run = impact.simulate(s, { t_end = 2, dt = 0.01 })
    assert.is_true(#run.events >= 2)
    for _, ev in ipairs(run.events) do
      assert.is.near(ez, -ev.qdot_after[1] / ev.qdot_before[1], 1e-10)
    end
  end)

  it("simulate: a model that reads no law is refused by name", function()
    local ok, msg = pcall(impact.scene2d, { lines = { { point = { 0, 0 }, normal = { 0, 1 } } },
      bodies = { { m = 1, rho = 0.05, y = 1.1, radius = 0.1 } }, model = "lzb", law = law })
    assert.is_false(ok)
    assert.matches("scene2d: field 'model' (\"lzb\") does not take a law: a compliant law (kelvin-voigt) strikes several contacts by model = \"sequential\"", msg, 1, true)
  end)
end)

describe("a compliant law beside a friction law", function()
  it("is refused naming law (friction laws take a rigid law for now)", function()
    local ok, err = pcall(impact.solve2d, { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1,
      friction = function() return 0.3 end, law = { "hunt-crossley", k = 1e5, e = 0.5, damping = "flores" } })
    assert.is_false(ok)
    assert.are.equal("solve2d: field 'law' is a compliant law (hunt-crossley): friction laws take a rigid law (poisson, newton, energetic or a function) for now", err)
  end)
end)
