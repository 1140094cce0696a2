-- The published damping formulas of the Hunt-Crossley law,
-- F = k delta^n (1 + c delta'), each meant to give a coefficient of
-- restitution e: Hunt & Crossley 1975 (c = 3(1-e)/(2 v0)), Lankarani &
-- Nikravesh 1990 (c = 3(1-e^2)/(4 v0)), Flores et al. 2011
-- (c = 8(1-e)/(5 e v0)). A direct impact of a mass m = 1 (B2 = 1) on a
-- Hertzian contact (n = 3/2, k = 1e6) at approach speed v0: the e_eff the
-- force produces against the e the formula aimed at. Since every formula
-- scales c with 1/v0, e_eff does not depend on v0 (nor on k or m): the
-- three speeds below agree, and the formulas' error is a function of e
-- alone. Kelvin-Voigt's linear dashpot, for comparison, gives
-- exp(-zeta pi / sqrt(1 - zeta^2)) with tension, whatever the speed.
-- Run: impact examples/compliant_damping.lua
local impact = require "impact"

local formulas = { "hunt-crossley", "lankarani-nikravesh", "flores" }
local function e_eff(e, damping, v0)
  return impact.solve2d{ B1 = 1, B2 = 1, B3 = 0, S0 = 0, C0 = -v0, mu = 0,
                         law = { "hunt-crossley", k = 1e6, e = e, damping = damping } }.e_eff
end

print("Hunt-Crossley direct impact: e_eff produced by each damping formula")
print(string.format("%5s | %-23s | %-23s | %-23s", "e", formulas[1], formulas[2], formulas[3]))
print(string.format("%5s | %-23s | %-23s | %-23s", "", "v0 = 0.1, 1, 10", "v0 = 0.1, 1, 10", "v0 = 0.1, 1, 10"))
print(string.rep("-", 83))
for _, e in ipairs{ 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1 } do
  local cells = {}
  for i, d in ipairs(formulas) do
    local a, b, c = e_eff(e, d, 0.1), e_eff(e, d, 1), e_eff(e, d, 10)
    cells[i] = string.format("%.4f %.4f %.4f", a, b, c)
  end
  print(string.format("%5.2f | %-23s | %-23s | %-23s", e, cells[1], cells[2], cells[3]))
end

print()
print("Kelvin-Voigt (k = 1e4, B2 = 1), e_eff with and without tension")
print(string.format("%5s %10s %10s %10s", "zeta", "tension", "closed", "no pull"))
for _, z in ipairs{ 0.05, 0.1, 0.2, 0.3, 0.5, 0.7 } do
  local function run(tension)
    return impact.solve2d{ B1 = 1, B2 = 1, B3 = 0, S0 = 0, C0 = -1, mu = 0,
                           law = { "kelvin-voigt", k = 1e4, zeta = z, tension = tension } }
  end
  print(string.format("%5.2f %10.6f %10.6f %10.6f", z, run(true).e_eff,
                      math.exp(-z * math.pi / math.sqrt(1 - z * z)), run(false).e_eff))
end
