-- Stronge's tangential compliance (compliance = {eta2 =} | {nu =}) in
-- solve2d and solve3d: the fields of the result, the bad-input messages
-- (naming compliance, law or the sub-field), bodies and mechanisms reduced
-- to the same coefficients, and a 3D sphere equal to the 2D solution.
local impact = require("impact")

local function rod(t)
  local p = { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.3, e = 0.5,
              compliance = { eta2 = 1.2 } }
  for k, v in pairs(t or {}) do p[k] = v end
  return p
end

local function err(f, t)
  local ok, msg = pcall(f, t)
  assert.is_false(ok)
  return msg
end

describe("impact.solve2d with compliance", function()
  it("gives the WM92 rod's test vector with its events", function()
    local r = impact.solve2d(rod())
    assert.is.near(-0.144261761, r.Px, 1e-9)
    assert.is.near(0.511052605, r.Py, 1e-9)
    assert.is.near(-0.527233309, r.S, 1e-9)
    assert.is.near(0.494024153, r.C, 1e-9)
    assert.is.near(0.878722181, r.et, 1e-9)
    assert.is.near(-0.134538863, r.dT, 1e-9)
    assert.is.near(0.169559578, r.E_c, 1e-9)
    assert.is.near(0.007369179, r.D_f, 1e-9)
    assert.is.near(-(1 - 0.25) * r.E_c, r.Wn, 1e-15)
    assert.is.near(r.dT, r.Wn + r.Wt, 1e-12)
    assert.is.near(r.dT, r.Wc + r.Wr + r.Wf, 1e-12)
    assert.are.equal("energetic", r.law)
    assert.are.equal(1.2, r.eta2)
    assert.are.equal("C-reversed", r.mode)
    local ev = {}
    for i, v in ipairs(r.path) do ev[i] = v.event end
    assert.are.same({ "start", "stick", "max-compression", "slip", "end" }, ev)
    assert.is.near(0.202020202, r.path[2].Py, 1e-9)
    assert.is.near(0.509289963, r.path[4].Py, 1e-9)
  end)

  it("reads nu as Mindlin's eta2 = (2 - nu)/(2 (1 - nu))", function()
    local r = impact.solve2d(rod{ compliance = { nu = 0.3 } })
    assert.is.near(-0.144516162, r.Px, 1e-9)
    assert.is.near(1.7 / 1.4, r.eta2, 1e-15)
  end)

  it("is frictionless at mu = 0 and has no et when S0 = 0, no impulse when C0 >= 0", function()
    local r = impact.solve2d(rod{ mu = 0 })
    assert.is.near(0, r.Px, 1e-14)
    assert.is.near(1.5 / 2.5, r.Py, 1e-13)
    r = impact.solve2d(rod{ S0 = 0 })
    assert.is_nil(r.et)
    r = impact.solve2d(rod{ C0 = 0.5 })
    assert.are.equal("none", r.mode)
    assert.are.equal(0, r.Py)
  end)

  it("reduces bodies and mechanisms to the same coefficients", function()
    local body = { m = 1.3, rho = 0.4, x = 0.3, y = 0.5, vx = 0.4, vy = -1.1, w = 0.2 }
    local rb = impact.solve2d{ body1 = body, mu = 0.4, e = 0.7, compliance = { nu = 0.25 } }
    local c = impact.classify2d{ body1 = body, mu = 0.4, e = 0.7 }
    local rc = impact.solve2d{ B1 = c.B1, B2 = c.B2, B3 = c.B3, S0 = c.S0, C0 = c.C0, mu = 0.4,
                               e = 0.7, compliance = { nu = 0.25 } }
    assert.is.near(rc.Px, rb.Px, 1e-13)
    assert.is.near(rc.Py, rb.Py, 1e-13)
    -- the body's velocities after the impulse (independent: momentum balance)
    local I = body.m * body.rho ^ 2
    assert.is.near(body.vx + rb.Px / body.m, rb.body1.vx, 1e-13)
    assert.is.near(body.vy + rb.Py / body.m, rb.body1.vy, 1e-13)
    -- contact point at -(x, y) from the CM: torque (-x, -y) x (Px, Py)
    assert.is.near(body.w + (-body.x * rb.Py + body.y * rb.Px) / I, rb.body1.w, 1e-12)
    -- a mechanism: the same body as generalized coordinates (x, y, theta)
    local M = { { body.m, 0, 0 }, { 0, body.m, 0 }, { 0, 0, I } }
    local J = { { 1, 0, body.y }, { 0, 1, -body.x } }
    local rm = impact.solve2d{ M = M, J = J, qdot = { body.vx, body.vy, body.w }, mu = 0.4, e = 0.7,
                               compliance = { nu = 0.25 } }
    assert.is.near(rb.Px, rm.Px, 1e-12)
    assert.is.near(rb.Py, rm.Py, 1e-12)
    assert.is.near(rb.body1.w, rm.qdot[3], 1e-12)
  end)

  it("names compliance, its sub-fields or law in bad input", function()
    local f = impact.solve2d
    assert.matches("field 'compliance.eta2' must be positive", err(f, rod{ compliance = { eta2 = 0 } }))
    assert.matches("field 'compliance.eta2'", err(f, rod{ compliance = { eta2 = 0 / 0 } }))
    assert.matches("field 'compliance.eta2'", err(f, rod{ compliance = { eta2 = math.huge } }))
    assert.matches("field 'compliance.nu' must be in %[0, 1%)", err(f, rod{ compliance = { nu = 1 } }))
    assert.matches("field 'compliance.nu' must be in", err(f, rod{ compliance = { nu = -0.1 } }))
    assert.matches("field 'compliance.nu' cannot be given together with eta2",
                   err(f, rod{ compliance = { nu = 0.3, eta2 = 1 } }))
    assert.matches("unknown field 'compliance.eta' %(did you mean 'compliance.eta2'%?%)",
                   err(f, rod{ compliance = { eta = 1 } }))
    assert.matches("field 'compliance' needs eta2", err(f, rod{ compliance = {} }))
    assert.matches("field 'compliance' must be a table", err(f, rod{ compliance = 1.2 }))
    assert.matches("field 'law' must be \"energetic\"", err(f, rod{ law = "poisson" }))
    assert.matches("field 'law' must be \"energetic\"", err(f, rod{ law = function(s) return 0 end }))
    assert.matches("field 'compliance' needs one friction coefficient",
                   err(f, rod{ mu = nil, mu_s = 0.4, mu_k = 0.3 }))
    assert.matches("field 'compliance' cannot be combined with friction",
                   err(f, rod{ friction = function() return 0.3 end }))
    assert.matches("field 'compliance' cannot be combined with model",
                   err(f, rod{ model = "kane" }))
    assert.matches("unknown field 'Mu'", err(f, rod{ Mu = 0.3 }))
    assert.matches("field 'e'", err(f, rod{ e = 1.5 }))
    assert.matches("field 'mu'", err(f, rod{ mu = -1 }))
    -- law = "energetic" given explicitly is accepted
    assert.is.near(-0.144261761, f(rod{ law = "energetic" }).Px, 1e-9)
  end)
end)

describe("impact.solve3d with compliance", function()
  local function sphere(v, w)
    return { m = 2, inertia = { 0.32, 0.32, 0.32 }, r = { 0, -0.632455532033676, 0 },
             v = v, w = w or { 0, 0, 0 }, mu = 0.3, e = 0.8, compliance = { nu = 0.3 } }
  end

  it("solves a sphere as the 2D problem along v_t0", function()
    -- solid sphere: I = 2/5 m R^2 with R^2 = 0.4: B1 = 1/m + R^2/I = 3.5/m, B2 = 1/m
    local v = { 0.3, -1, -0.4 }
    local r = impact.solve3d(sphere(v))
    local vt = math.sqrt(0.3 ^ 2 + 0.4 ^ 2)
    local r2 = impact.solve2d{ B1 = 3.5 / 2, B2 = 1 / 2, B3 = 0, S0 = vt, C0 = -1, mu = 0.3, e = 0.8,
                               compliance = { nu = 0.3 } }
    assert.is.near(r2.Px * 0.3 / vt, r.P[1], 1e-12)
    assert.is.near(r2.Py, r.P[2], 1e-12)
    assert.is.near(r2.Px * -0.4 / vt, r.P[3], 1e-12)
    assert.is.near(r2.et, r.et, 1e-12)
    assert.is.near(r2.dT, r.dT, 1e-12)
    assert.is.near(r2.D_f, r.D_f, 1e-12)
    assert.are.equal(r2.mode, r.mode)
    -- the reference sphere row: psi = vt/(mu |C0|) = 5/3 is between its points;
    -- psi = 2 exactly: S/S0 = -0.537185484
    r = impact.solve3d(sphere{ 0.6 * 0.6, -1, 0.6 * 0.8 })
    assert.is.near(0.537185484, r.et, 1e-9)
    -- the contact point's velocity after: v + w x r (independent of the binding)
    local P, rr = r.P, { 0, -0.632455532033676, 0 }
    assert.is.near(r.v[1] + r.w[2] * rr[3] - r.w[3] * rr[2], r.vC[1], 1e-13)
    assert.is.near(r.v[3] + r.w[1] * rr[2] - r.w[2] * rr[1], r.vC[3], 1e-13)
    assert.is.near(0.36 + P[1] / 2, r.v[1], 1e-13)
  end)

  it("solves a planar motion in 3D as the 2D rod", function()
    -- WM92's rod as a 3D body moving in the x-y plane (symmetric about z)
    local b = { m = 1, rho = 0.5, x = 0.4, y = 0.6 }
    local I = b.m * b.rho ^ 2
    local r3 = impact.solve3d{ m = 1, inertia = { I, I, I }, r = { -0.4, -0.6, 0 },
                               v = { 0.5, -1, 0 }, w = { 0, 0, 0.3 }, mu = 0.3, e = 0.5,
                               compliance = { eta2 = 1.2 } }
    local r2 = impact.solve2d{ body1 = { m = 1, rho = 0.5, x = 0.4, y = 0.6, vx = 0.5, vy = -1, w = 0.3 },
                               mu = 0.3, e = 0.5, compliance = { eta2 = 1.2 } }
    assert.is.near(r2.Px, r3.P[1], 1e-12)
    assert.is.near(r2.Py, r3.P[2], 1e-12)
    assert.is.near(0, r3.P[3], 1e-15)
    assert.is.near(r2.body1.w, r3.w[3], 1e-12)
    assert.is.near(r2.dT, r3.dT, 1e-12)
  end)

  it("raises for a general body, naming compliance, and checks the rest", function()
    local f = impact.solve3d
    assert.matches("field 'compliance' is not yet supported for a general body",
                   err(f, { m = 1, inertia = { 0.4, 0.5, 0.6 }, r = { 0.2, -1, 0.1 }, v = { 0.3, -1, 0.4 },
                            mu = 0.3, e = 0.8, compliance = { nu = 0.3 } }))
    assert.matches("field 'law' must be \"energetic\"",
                   err(f, { m = 1, inertia = { 0.4, 0.4, 0.4 }, r = { 0, -1, 0 }, v = { 0.3, -1, 0.4 },
                            mu = 0.3, e = 0.8, law = "newton", compliance = { nu = 0.3 } }))
    assert.matches("field 'compliance.eta2' must be positive",
                   err(f, { m = 1, inertia = { 0.4, 0.4, 0.4 }, r = { 0, -1, 0 }, v = { 0.3, -1, 0.4 },
                            mu = 0.3, e = 0.8, compliance = { eta2 = -1 } }))
    assert.matches("field 'compliance' needs one friction coefficient",
                   err(f, { m = 1, inertia = { 0.4, 0.4, 0.4 }, r = { 0, -1, 0 }, v = { 0.3, -1, 0.4 },
                            mu_s = 0.5, mu_k = 0.3, e = 0.8, compliance = { eta2 = 1 } }))
    assert.matches("unknown field 'vv'",
                   err(f, { m = 1, inertia = { 0.4, 0.4, 0.4 }, r = { 0, -1, 0 }, vv = { 0.3, -1, 0.4 },
                            mu = 0.3, e = 0.8, compliance = { eta2 = 1 } }))
  end)
end)
