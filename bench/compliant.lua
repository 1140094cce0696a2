-- The compliant normal laws' cost against the energetic law's on the same
-- problem (Wang & Mason's rod, B1 = B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1,
-- mu = 0.8), from Lua, result table included: compliant_<law>_us each, and
-- compliant_over_energetic, the largest ratio (issue 28's target: within
-- 5x). Medians of repeated runs of CPU time (os.clock).
local impact = require("impact")
local REPS = 7

local function median(t, n)
  local s = {}
  for i = 1, REPS do
    local t0 = os.clock()
    for _ = 1, n do impact.solve2d(t) end
    s[i] = (os.clock() - t0) / n * 1e6
  end
  table.sort(s)
  return s[(REPS + 1) // 2]
end

local rod = { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.8 }
local function with(law, e)
  local t = { law = law, e = e }
  for k, v in pairs(rod) do t[k] = v end
  return t
end
local base = median(with("energetic", 0.5), 20000)
print(string.format("energetic_us: %.3f", base))
local worst = 0
for _, law in ipairs{ { "hertz", k = 1e5, e = 0.5 }, { "kelvin-voigt", k = 1e5, c = 30 },
                      { "hunt-crossley", k = 1e5, e = 0.5, damping = "flores" } } do
  local us = median(with(law), 300)
  print(string.format("compliant_%s_us: %.2f", law[1]:gsub("-", "_"), us))
  worst = math.max(worst, us / base)
end
print(string.format("compliant_over_energetic: %.1f", worst))
