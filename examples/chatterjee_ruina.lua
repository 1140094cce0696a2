-- Chatterjee & Ruina's two-parameter law (1998) on Wang & Mason's rod (WM92,
-- S0 = 1, C0 = -1, e = 0.5): the tangential restitution e_t asked for against
-- the one obtained (et = -S/S0), inside the friction cone or brought onto it,
-- beside Routh's path; then the same law on Sun & Baruh's rod in 3D.
-- Run: scripts/run examples/chatterjee_ruina.lua
local impact = require "impact"

local rod = { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 1, C0 = -1, e = 0.5 }
local function with(t, extra)
  local c = {}
  for k, v in pairs(t) do c[k] = v end
  for k, v in pairs(extra) do c[k] = v end
  return c
end

print("WM92 rod, S0 = 1, C0 = -1, e = 0.5 (C = 0.5 always)")
print(string.format("%5s %5s %10s %10s %10s %10s %8s %8s %7s   %s", "mu", "e_t", "Px", "Py", "S", "dT",
                    "et", "kappa", "cone", "Routh's S (Poisson)"))
for _, mu in ipairs{ 0.3, 0.8, 5 } do
  local routh = impact.solve2d(with(rod, { mu = mu }))
  for _, et in ipairs{ -1, -0.5, 0, 0.5, 1 } do
    local r = impact.solve2d(with(rod, { model = "chatterjee-ruina", mu = mu, e_t = et }))
    print(string.format("%5.1f %5.1f %10.6f %10.6f %10.6f %10.6f %8.4f %8.4f %7s   %.6f", mu, et, r.Px, r.Py,
                        r.S, r.dT, r.et, r.kappa, r.cone, routh.S))
  end
end

print()
print("SB22 rod (Sun & Baruh's example), v = (0.4, -1, 0), e = 0.7: 3D, for a few mu and e_t")
local body = impact.rod{ m = 1, L = 2.3, radius = 0.5, theta1_deg = 20, theta2_deg = 15 }
for _, mu in ipairs{ 0.2, 0.4 } do
  for _, et in ipairs{ 0, 0.5 } do
    local r = impact.solve3d{ body = body, v = { 0.4, -1, 0 }, e = 0.7, mu = mu, e_t = et,
                              model = "chatterjee-ruina" }
    print(string.format("mu = %.1f e_t = %.1f: P = (%.6f, %.6f, %.6f) vC = (%.6f, %.6f, %.6f) dT = %.6f et = %.4f %s",
                        mu, et, r.P.x, r.P.y, r.P.z, r.vC.x, r.vC.y, r.vC.z, r.dT, r.et, r.cone))
  end
end
local exact = impact.solve3d{ body = body, v = { 0.4, -1, 0 }, e = 0.7, mu = 0.4, law = "newton" }
print(string.format("exact path, Newton's law, mu = 0.4: P = (%.6f, %.6f, %.6f) dT = %.6f (%s)",
                    exact.P.x, exact.P.y, exact.P.z, exact.dT, exact.mode))
