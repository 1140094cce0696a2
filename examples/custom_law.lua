-- A velocity-dependent restitution law written in Lua. Experiments show the
-- coefficient of restitution falling as the impact speed grows; here
-- e(v) = e0 / (1 + v/vc), v the normal approach speed, used in Poisson's
-- form (the impact ends when the normal impulse reaches (1 + e(v)) times
-- its value at maximum compression). Compared with Poisson's law at the
-- fixed e0, for Wang & Mason's rod sliding forward (S0 = C0 = -v). Run:
-- scripts/run examples/custom_law.lua
local impact = require "impact"

local e0, vc = 0.9, 2
local function e_of(v) return e0 / (1 + v / vc) end

-- the law: a residual that reaches zero from below at the end of the impact
local function speed_dependent(s)
  return s.Pn - (1 + e_of(-s.vn0)) * s.Pc
end

local h = math.sqrt(2) / 4
local function rod(v)
  return { m = 1, rho = math.sqrt(1 / 12), x = h, y = h, vx = -v, vy = -v }
end

print(string.format("Rod sliding forward at speed v (S0 = C0 = -v), mu = 0.95; e(v) = %g/(1 + v/%g)", e0, vc))
print(string.format("%6s %7s | %-10s %9s %9s %7s | %-10s %9s %9s %7s", "v", "e(v)",
                    "mode", "Py/v", "C/v", "T'/T", "mode", "Py/v", "C/v", "T'/T"))
print(string.format("%14s | %-39s | %s", "", "custom law: Poisson with e(v)", "Poisson, e = " .. e0))
print(string.rep("-", 96))
for _, v in ipairs{ 0.1, 0.25, 0.5, 1, 2, 4, 8 } do
  local a = impact.solve2d{ body1 = rod(v), mu = 0.95, law = speed_dependent }
  local b = impact.solve2d{ body1 = rod(v), mu = 0.95, e = e0, law = "poisson" }
  print(string.format("%6.2f %7.4f | %-10s %9.5f %9.5f %7.4f | %-10s %9.5f %9.5f %7.4f", v, e_of(v),
                      a.mode, a.Py / v, a.C / v, a.energy_ratio, b.mode, b.Py / v, b.C / v, b.energy_ratio))
end
print()
print("Poisson's impulse is linear in the speed (Py/v constant); the custom law")
print("tends to it for slow impacts and dissipates more as they get harder.")
print("A law that errors is reported by name:")
local ok, msg = pcall(impact.solve2d, { body1 = rod(1), mu = 0.95,
                                         law = function(s) return s.Pn + s.nonsense end })
print("  " .. tostring(msg))
