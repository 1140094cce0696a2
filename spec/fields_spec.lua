-- Misspelt fields are errors: every table the API takes rejects a key its
-- function does not read, naming it and the nearest known name, so that a
-- misspelt option never changes a result silently.
local impact = require("impact")

-- The exact message of f(...) (which must fail).
local function message(f, ...)
  local ok, msg = pcall(f, ...)
  assert.is_false(ok, "accepted an unknown field")
  return msg
end

local function coef(extra)
  local t = { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.3, e = 0.5 }
  for k, v in pairs(extra or {}) do t[k] = v end
  return t
end

local function body(extra)
  local t = { m = 1, rho = 0.5, x = 0.2, y = 0.6, vx = 0.5, vy = -1, w = 0 }
  for k, v in pairs(extra or {}) do t[k] = v end
  return t
end

local rod = { m = 1, inertia = { 1, 1, 1 }, r = { 0, -1, 0 } }

describe("unknown fields", function()
  it("solve2d names the misspelt field and the nearest name", function()
    -- the issue's example: it used to run frictionless with Poisson's law
    assert.equal("solve2d: unknown field 'Mu' (did you mean 'mu'?)",
      message(impact.solve2d, { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, Mu = 0.3, e = 0.5,
                                lawz = "newton" }))
    assert.equal("solve2d: unknown field 'lawz' (did you mean 'law'?)",
      message(impact.solve2d, coef{ lawz = "newton" }))
    assert.equal("solve2d: unknown field 'mu_sk' (did you mean 'mu_s'?)",
      message(impact.solve2d, coef{ mu_sk = 0.3 }))
    -- a misspelt required field is named, not reported missing
    local t = coef{ E = 0.5 }
    t.e = nil
    assert.equal("solve2d: unknown field 'E' (did you mean 'e'?)", message(impact.solve2d, t))
    -- nothing near: the known names
    assert.equal("solve2d: unknown field 'zzz' (known fields: model, body1, body2, B1, B2, B3, S0, C0, "
      .. "mu, mu_s, mu_k, e, law, M, J, qdot, tip, frame, mechanism)", message(impact.solve2d, coef{ zzz = 1 }))
    assert.equal("solve2d: unknown field [1] (known fields: model, body1, body2, B1, B2, B3, S0, C0, "
      .. "mu, mu_s, mu_k, e, law, M, J, qdot, tip, frame, mechanism)", message(impact.solve2d, coef{ 7 }))
  end)

  it("solve2d checks a table with a metatable too (its fields may come from __index)", function()
    local inherit = { __index = coef() }
    assert.equal(impact.solve2d(coef()).Px, impact.solve2d(setmetatable({ C0 = -1 }, inherit)).Px)
    assert.equal("solve2d: unknown field 'Mu' (did you mean 'mu'?)",
      message(impact.solve2d, setmetatable({ C0 = -1, Mu = 0.3 }, inherit)))
  end)

  it("solve2d checks the bodies", function()
    assert.equal("solve2d: unknown field 'body1.vxx' (did you mean 'body1.vx'?)",
      message(impact.solve2d, { body1 = body{ vxx = 1 }, e = 0.5 }))
    assert.equal("solve2d: unknown field 'body2.RHO' (did you mean 'body2.rho'?)",
      message(impact.solve2d, { body1 = body(), body2 = { m = 1, RHO = 1, y = -1 }, e = 0.5 }))
  end)

  it("solve2d says which model reads a model's parameter", function()
    assert.equal("solve2d: field 'ratio' is only used by model \"brach\", not by \"routh\"",
      message(impact.solve2d, coef{ ratio = 0.2 }))
    assert.equal("solve2d: field 'mu_0' is only used by model \"kane\", not by \"routh\"",
      message(impact.solve2d, coef{ mu_0 = 0.5 }))
    assert.equal("solve2d: field 'moment' is only used by model \"brach\" and \"cs\", not by \"routh\"",
      message(impact.solve2d, { body1 = body(), e = 0.5, moment = function() return 0 end }))
    assert.equal("solve2d: field 'ratio' is only used by model \"brach\", not by \"kane\"",
      message(impact.solve2d, coef{ model = "kane", ratio = 0.2 }))
    assert.equal("solve2d: unknown field 'rati' (did you mean 'ratio'?)",
      message(impact.solve2d, coef{ model = "brach", rati = 0.2 }))
    assert.equal("solve2d: unknown field 'mu0' (did you mean 'mu_0'?)",
      message(impact.solve2d, coef{ model = "kane", mu0 = 0.5 }))
  end)

  it("classify2d and sb2d", function()
    assert.equal("classify2d: unknown field 'model' (known fields: body1, body2, B1, B2, B3, S0, C0, "
      .. "mu, mu_s, mu_k, e, law, M, J, qdot, tip, frame, mechanism)", message(impact.classify2d, coef{ model = "kane" }))
    assert.equal("classify2d: unknown field 'body1.W' (did you mean 'body1.w'?)",
      message(impact.classify2d, { body1 = body{ W = 1 }, e = 0.5 }))
    assert.equal("sb2d: unknown field 'theta_dg' (did you mean 'theta_deg'?)",
      message(impact.sb2d, { theta_dg = 30, mu = 0.3, e = 0.5 }))
  end)

  it("solve3d, its body and rod", function()
    local t = { body = rod, v = { 0, -1, 0 }, mu = 0.3, e = 0.5, methd = "algebraic" }
    assert.equal("solve3d: unknown field 'methd' (did you mean 'method'?)", message(impact.solve3d, t))
    t = { body = { m = 1, inertia = { 1, 1, 1 }, r = { 0, -1, 0 }, thetta1 = 0.2 }, v = { 0, -1, 0 }, e = 0.5 }
    assert.equal("solve3d: unknown field 'body.thetta1' (did you mean 'body.theta1'?)",
      message(impact.solve3d, t))
    t = { m = 1, inertia = { 1, 1, 1 }, r = { 0, -1, 0 }, v = { 0, -1, 0 }, e = 0.5, rtoll = 1e-9 }
    assert.equal("solve3d: unknown field 'rtoll' (did you mean 'rtol'?)", message(impact.solve3d, t))
    t = { body = rod, v = { x = 0, y = -1, zz = 0 }, e = 0.5 }
    assert.equal("solve3d: unknown field 'v.zz' (did you mean 'v.z'?)", message(impact.solve3d, t))
    t = { body = { m = 1, inertia = { 1, 1, 1 }, r = { 0, -1, 0, 5 } }, v = { 0, -1, 0 }, e = 0.5 }
    assert.equal("solve3d: field 'body.r' has an unknown entry [4] (a vector {x, y, z})",
      message(impact.solve3d, t))
    t = { m = 1, inertia = { { 1, 0, 0 }, { 0, 1, 0, 7 }, { 0, 0, 1 } }, r = { 0, -1, 0 }, v = { 0, -1, 0 }, e = 0.5 }
    assert.equal("solve3d: field 'inertia[2]' has an unknown entry [4] (a row of three numbers)",
      message(impact.solve3d, t))
    t = { m = 1, inertia = { 1, 1, 1 }, q = { w = 1, x = 0, y = 0, zz = 0 }, r = { 0, -1, 0 }, v = { 0, -1, 0 } }
    assert.equal("solve3d: unknown field 'q.zz' (did you mean 'q.z'?)", message(impact.solve3d, t))
    t = { body = rod, v = { 0, -1, 0, z = 1 }, e = 0.5 }
    assert.equal("solve3d: field 'v.z' is given twice, differently (also as v[3])", message(impact.solve3d, t))
    -- both forms, as results carry them, when they agree
    assert.equal(impact.solve3d{ body = rod, v = { 0, -1, 0 }, e = 0.5 }.P.y,
                 impact.solve3d{ body = rod, v = { 0, -1, 0, x = 0, y = -1, z = 0 }, e = 0.5 }.P.y)
    assert.equal("rod: unknown field 'theta1_dg' (did you mean 'theta1_deg'?)",
      message(impact.rod, { m = 1, L = 1, radius = 0.1, theta1_dg = 20 }))
  end)

  it("the analyses", function()
    assert.equal("painleve: unknown field 'speeed' (did you mean 'speed'?)",
      message(impact.painleve, { l = 4, theta_deg = 75, mu = 0.5, speeed = 2 }))
    assert.equal("painleve: field 'C0' is not read: the finite-force analysis is of a sliding contact "
      .. "(C0 = 0); give B1, B2, B3 and S0, or body1",
      message(impact.painleve, { B1 = 2, B2 = 1, B3 = 1, S0 = -1, C0 = -1, mu = 0.5 }))
    assert.equal("painleve_bands: unknown field 'mu_kk' (did you mean 'mu_k'?)",
      message(impact.painleve_bands, { r = 2, mu = 0.5, mu_kk = 0.4 }))
    assert.equal("painleve_bands: unknown field 'body1.rhoo' (did you mean 'body1.rho'?)",
      message(impact.painleve_bands, { body1 = { m = 1, rhoo = 1, x = 1 }, mu = 0.5 }))
    assert.equal("space: unknown field 'gama' (did you mean 'gamma'?)",
      message(impact.space, { r = 1, theta = 0.1, gama = 0.2, mu = 0.3, e = 0.5 }))
    assert.equal("space_map: unknown field 'thetas' (did you mean 'theta'?)",
      message(impact.space_map, { r = 1, mu = 0.3, e = 0.5, thetas = { -1, 1, 3 } }))
    assert.equal("space_map: field 'theta' has an unknown entry [4] (a range {from, to, n})",
      message(impact.space_map, { r = 1, mu = 0.3, e = 0.5, theta = { -1, 1, 3, 4 } }))
    assert.equal("space_map: unknown field 'outt' (did you mean 'out'?)",
      message(impact.space_map, { r = 1, mu = 0.3, e = 0.5, outt = "map.csv" }))
  end)

  it("compare and its entries", function()
    assert.equal("compare: unknown field 'Mu' (did you mean 'mu'?)",
      message(impact.compare, coef{ Mu = 0.3 }, { "routh", "kane" }))
    assert.equal("compare: unknown field 'models[2].lwa' (did you mean 'models[2].law'?)",
      message(impact.compare, coef(), { "kane", { "routh", lwa = "newton" } }))
    assert.equal("compare: unknown field 'models[1].lable' (did you mean 'models[1].label'?)",
      message(impact.compare, coef(), { { "routh", lable = "R" } }))
    assert.equal("compare: field 'models' has an unknown entry 'smith' (a list of model names or "
      .. "{name, label =, <fields>} entries)", message(impact.compare, coef(), { "kane", smith = true }))
  end)

  it("sweep: its options, vary and sample names, and its base", function()
    local base = coef()
    assert.equal("sweep: unknown field 'vary.muu' (did you mean 'vary.mu'?)",
      message(impact.sweep, { base = base, vary = { muu = { 0.1, 0.9 } }, progress = false }))
    assert.equal("sweep: unknown field 'vary.body1.vxx' (did you mean 'vary.body1.vx'?)",
      message(impact.sweep, { base = { body1 = body(), e = 0.5 }, vary = { ["body1.vxx"] = { 1, 2 } },
                              progress = false }))
    local out = os.tmpname()
    os.remove(out)
    assert.equal("sweep: unknown field 'outt' (did you mean 'out'?)",
      message(impact.sweep, { base = base, vary = { mu = { 0.1, 0.9 } }, outt = out, progress = false }))
    assert.is_nil(io.open(out))
    assert.equal("sweep: unknown field 'sample.seeed' (did you mean 'sample.seed'?)",
      message(impact.sweep, { base = base, sample = { n = 4, seeed = 2, ranges = { mu = { 0, 1 } } },
                              progress = false }))
    assert.equal("sweep: unknown field 'sample.ranges.muu' (did you mean 'sample.ranges.mu'?)",
      message(impact.sweep, { base = base, sample = { n = 4, ranges = { muu = { 0, 1 } } },
                              progress = false }))
    assert.equal("sweep: unknown field 'base.Mu' (did you mean 'base.mu'?)",
      message(impact.sweep, { base = coef{ Mu = 0.3 }, vary = { e = { 0.1, 0.9 } }, progress = false }))
    assert.equal("sweep: unknown field 'vary.methd' (did you mean 'vary.method'?)",
      message(impact.sweep, { base = { body = rod, v = { 0, -1, 0 }, e = 0.5 }, solve = "solve3d",
                              vary = { methd = { "exact" } }, progress = false }))
    -- a map reads its own names
    local s = impact.sweep{ base = base, vary = { friction = { 0.1, 0.9 } }, progress = false,
                            map = function(p, b) b.mu = p.friction return b end }
    assert.equal(2, s.n)
    assert.equal(0, #s.failures)
  end)

  it("sweep_merge", function()
    assert.equal("sweep_merge: unknown field 'outt' (did you mean 'out'?)",
      message(impact.sweep_merge, { "a.csv" }, { outt = "b.csv" }))
  end)

  it("the plot options", function()
    local r = impact.solve2d(coef())
    assert.equal("plot.path: unknown field 'titel' (did you mean 'title'?)",
      message(impact.plot.path, r, { titel = "x", run = false }))
    assert.equal("plot.map: unknown field 'xlable' (did you mean 'xlabel'?)",
      message(impact.plot.map, { columns = {} }, { x = "mu", y = "e", xlable = "mu" }))
    assert.equal("plot.hodograph: unknown field 'sise' (did you mean 'size'?)",
      message(impact.plot.hodograph, {}, { sise = { 640, 480 } }))
  end)

  it("pretty's options", function()
    local pretty = require("impact.pretty")
    assert.equal("pretty.format: unknown field 'dept' (did you mean 'depth'?)",
      message(pretty.format, { 1, 2 }, { dept = 1 }))
    assert.equal("{ 1, 2 }", pretty.format({ 1, 2 }, { depth = 2 }))
    assert.equal("pretty.format: field 'depth' must be an integer >= 0, got string",
      message(pretty.format, { 1 }, { depth = "2" }))
    assert.equal("pretty.format: field 'indent' must be a string, got number",
      message(pretty.format, { 1 }, { indent = 2 }))
  end)

  it("survives a fuzz of misspelt, extra and wrongly typed fields (tests/fuzz_fields.lua)", function()
    local fuzz = dofile("tests/fuzz_fields.lua")
    local s = fuzz(impact, 3000, 7)
    assert.equal("", table.concat(s.bad, "\n"))
    assert.is_true(s.calls > 2500 and s.errors > 2000)
  end)

  it("the Lua side's check is the C one", function()
    local check = impact.core._check_fields
    assert.is_nil(check("f", { a = 1, b = 2 }, { "a", "b" }))
    assert.equal("f: unknown field 'p.B' (did you mean 'p.b'?)", check("f", { a = 1, B = 2 }, { "a", "b" }, "p."))
    assert.equal("f: field 'c' is read elsewhere", check("f", { c = 1 }, { "a" }, nil, { c = "is read elsewhere" }))
    -- reported in a fixed order whatever the table's traversal order
    assert.equal("f: unknown field 'A' (did you mean 'a'?)", check("f", { z = 1, A = 1, [3] = 1 }, { "a" }))
  end)
end)
