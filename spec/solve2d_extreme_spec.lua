-- solve2d and classify2d at the edges of double precision (the audit of
-- issue 3): tiny slips, extreme scales, bodies with a small radius of
-- gyration. Expected values from PHYSICS.md A.6 and the scaling of G.14.
local impact = require("impact")

local function rel(a, b) return math.abs(a - b) / math.max(math.abs(b), 1e-300) end

describe("impact.solve2d at the edges of double precision", function()
  it("stops a slip so small that S*kS underflows", function()
    local t = { B1 = 1, B2 = 1, B3 = 0, S0 = 5e-324, C0 = -1, mu = 0.1, e = 1 }
    local r = impact.solve2d(t)
    assert.are.equal("C-sticking", r.mode)
    assert.are.equal(impact.classify2d(t).mode, r.mode)
    assert.are.equal(0, r.S)
    assert.is.near(2, r.Py, 1e-15)
    assert.is_true(r.dT <= 0)
  end)

  it("takes Delta from the bodies: a small radius of gyration", function()
    for _, rho in ipairs{ 1e-4, 1e-8, 1e-9, 1e-12 } do
      local t = { body1 = { m = 1, rho = rho, x = 0.3, y = 0.4, vy = -1 }, mu = 1, e = 0.5 }
      local r = impact.solve2d(t)
      local r2 = 0.25 / rho ^ 2
      local Pc = (1 + 0.16 / rho ^ 2) / (1 + r2)    -- B1*|C0|/Delta, Delta = 1 + r^2
      assert.are.equal("C-sticking", r.mode)
      assert.is_true(rel(r.Delta, 1 + r2) < 1e-15)
      assert.is.near(1.5 * Pc, r.Py, 1e-14)
      assert.is.near(-0.25 * r.Py, r.dT, 1e-14)
      -- the post-impact velocities give the contact's: S = vx + w*y = 0, C = vy - w*x
      local b = r.body1
      assert.is.near(0, b.vx + b.w * 0.4, 1e-14)
      assert.is.near(0.5, b.vy - b.w * 0.3, 1e-14)
      assert.is.near(-0.3 * r.Py / (rho ^ 2 + 0.16), b.w, 1e-12)   -- (y*Px - x*Py)/(m rho^2) at the stick
      local path = r.path                          -- traced again with the stored Delta
      assert.are.equal(r.Py, path[#path].Py)
      local k = impact.classify2d(t)
      assert.are.equal(r.mode, k.mode)
      assert.are.equal(r.Delta, k.Delta)
    end
  end)
end)
