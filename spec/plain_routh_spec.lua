-- bench/plain_routh.lua, the plain-Lua peer that bench/solve2d.lua times
-- impact.solve2d against, is an honest one: it gives solve2d's results
-- (every number within 1e-12, the same mode and path) on problems that
-- meet every mode, class and built-in law.
local impact = require("impact")
local plain = dofile("bench/plain_routh.lua")

local FIELDS = { "Px", "Py", "S", "C", "dT", "Wc", "Wr", "Wf", "Pc", "Delta" }

local function near(a, b, what)
  local tol = 1e-12 * math.max(1, math.abs(a))
  assert(math.abs(a - b) <= tol, string.format("%s: %.17g vs %.17g", what, a, b))
end

-- a rod's coefficients in every mode, a central
-- impact, a parting one and an eccentric one with mu_s > mu_k
local CASES = {
  { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0, C0 = -1, mu = 0.8 },    -- C-sticking
  { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0, C0 = -1, mu = 0.3 },    -- sliding from rest
  { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.3 },  -- the bench's case
  { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.2, C0 = -1, mu = 0.8 },  -- sticks
  { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.2, C0 = -1, mu = 0.5 },  -- reverses
  { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 1, C0 = -1, mu = 0.4 },    -- reverses in restitution
  { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = -1, C0 = -1, mu = 0.95 },
  { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = -0.2, C0 = 0, mu = 2 },    -- tangential
  { B1 = 2, B2 = 3, B3 = 0, S0 = 0.5, C0 = -2, mu = 0.2 },        -- central
  { B1 = 2, B2 = 3, B3 = 0, S0 = 0.5, C0 = 1, mu = 0.2 },         -- parting
  { B1 = 13, B2 = 1.25, B3 = -3.5, S0 = 3, C0 = -1, mu_s = 0.6, mu_k = 0.4 },
}

describe("bench/plain_routh.lua (the plain-Lua peer of solve2d)", function()
  it("gives impact.solve2d's results within 1e-12 under every built-in law", function()
    local modes = {}
    for _, law in ipairs{ "poisson", "newton", "energetic" } do
      for _, e in ipairs{ 0, 0.5, 1 } do
        for i, c in ipairs(CASES) do
          local p = {}
          for k, v in pairs(c) do p[k] = v end
          p.e, p.law = e, law
          local a, b = impact.solve2d(p), plain.solve(p)
          local what = string.format("case %d, %s, e = %g", i, law, e)
          assert.are.equal(a.mode, b.mode, what)
          assert.are.equal(a.class, b.class, what)
          modes[a.mode] = true
          for _, k in ipairs(FIELDS) do near(a[k], b[k], what .. ": " .. k) end
          assert.are.equal(#a.path, #b.path, what)
          for j, v in ipairs(a.path) do
            local w = b.path[j]
            assert.are.equal(v.event, w.event, what)
            for _, k in ipairs{ "Px", "Py", "S", "C" } do near(v[k], w[k], what .. ": path " .. k) end
          end
        end
      end
    end
    for _, m in ipairs{ "none", "sliding", "C-sticking", "R-sticking", "C-reversed", "R-reversed" } do
      assert.is_true(modes[m] ~= nil, "no case in mode " .. m)
    end
  end)
end)
