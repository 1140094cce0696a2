-- Housner's rocking block (1963) under lzb with sticking friction: when
-- the lifting corner's tangent row repeats the landing corner's (a
-- redundant sticking pair), lzb still gives Housner's ratio, and gives it
-- the same way whatever was solved before (no uninitialised state); and
-- the printed summary of an lzb result.
local impact = require("impact")

-- Half-width tan(alpha), half-height 1, rocking about its right corner
-- (w = 1) as its left corner lands; e = 0, mu = 10 (sticks).
local function block(alpha, model)
  local b, h = math.tan(alpha), 1
  return impact.system2d{
    bodies = { { m = 1, I = (b * b + h * h) / 3, x = 0, y = h, vx = -h, vy = -b, w = 1 } },
    contacts = { { a = 1, point = { -b, 0 }, normal = { 0, 1 } },
                 { a = 1, point = { b, 0 }, normal = { 0, 1 } } },
    mu = 10, e = 0, model = model }
end

describe("lzb on Housner's rocking block", function()
  it("gives w'/w = 1 - 1.5 sin^2(alpha) up to where the block stops (sin^2 = 2/3)", function()
    for _, alpha in ipairs{ 0.05, 0.3, 0.6, 0.7, 0.8, 0.9, 0.95 } do
      local r = impact.solve_multi(block(alpha, "lzb"))
      assert.is.near(1 - 1.5 * math.sin(alpha) ^ 2, r.qdot[3], 1e-9, "alpha = " .. alpha)
      assert.is.near(0, r.contacts[2].P[2], 1e-9)
      assert.are.equal("sticking", r.contacts[1].mode)
    end
  end)

  it("does not depend on what was solved before", function()
    local first = impact.solve_multi(block(0.8, "lzb")).qdot[3]
    for _, alpha in ipairs{ 0.9, 0.3, 1.0, 0.6 } do impact.solve_multi(block(alpha, "lzb")) end
    assert.are.equal(first, impact.solve_multi(block(0.8, "lzb")).qdot[3])
  end)

  it("prints its steps and primary switches", function()
    local r = impact.solve_multi(block(0.3, "lzb"))
    local text = tostring(r)
    assert.truthy(text:find("^solve_multi %(lzb%): 2 contacts"))
    assert.truthy(text:find(string.format("\n%d steps, %d primary switches$", r.steps, r.primary_switches)))
  end)
end)
