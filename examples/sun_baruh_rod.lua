-- Sun & Baruh's rod (2022, section 5) in 3D, both methods side by side:
-- method = "exact" (Darboux-Keller integration, the reference) and
-- method = "algebraic" (SB22's nine-equation stages).
-- Run: impact examples/sun_baruh_rod.lua
local impact = require "impact"

local rod = impact.rod{ m = 1, L = 2.3, radius = 0.5, theta1_deg = 20, theta2_deg = 15 }
print(string.format("rod: r = (%.6f, %.6f, %.6f), principal moments {%.6f, %.6f, %.6f}",
  rod.r.x, rod.r.y, rod.r.z, rod.inertia[1], rod.inertia[2], rod.inertia[3]))

local function row(method, law, mu, e)
  local r = impact.solve3d{ body = rod, v = { 0.4, -1, 0 }, mu = mu, e = e, law = law, method = method }
  local names = {}
  for _, s in ipairs(r.stages) do names[#names + 1] = s.name end
  print(string.format("  %-9s %-9s P = (%.6f, %.6f, %.6f)  dT = %.6f  %-10s  %s%s",
    method, law, r.P.x, r.P.y, r.P.z, r.dT, r.mode, table.concat(names, " > "),
    r.energy_gain and "  [energy gain!]" or ""))
  return r
end

print("\nmu = 0.4, e = 0.7 (the slip stops in compression and sticks)")
for _, law in ipairs{ "poisson", "energetic", "newton" } do
  row("exact", law, 0.4, 0.7)
  row("algebraic", law, 0.4, 0.7)
end
print("  (Poisson: identical, since sticking is reached in compression)")

print("\nmu = 0.2, e = 0.8 (the methods disagree)")
for _, law in ipairs{ "poisson", "energetic" } do
  row("exact", law, 0.2, 0.8)
  row("algebraic", law, 0.2, 0.8)
end
local x = impact.solve3d{ body = rod, v = { 0.4, -1, 0 }, mu = 0.2, e = 0.8 }
local s = x.stages[1]
print(string.format("  exact: the slip never stops (min |vt| = %.4f); its direction turns from (%.3f, %.3f) to (%.3f, %.3f)",
  x.min_slip, s.u.x, s.u.z, s.u_end.x, s.u_end.z))
print("  algebraic: fixing each stage's friction direction predicts a stop and a reversal")

print("\nthe exact slip hodograph of (b), every 10th point: p, vt_x, vt_z, vn")
local h = x.hodograph
for i = 1, #h.p, 10 do
  print(string.format("  %.5f  % .5f  % .5f  % .5f", h.p[i], h.x[i], h.z[i], h.y[i]))
end

print("\nmode predictions along theta2 (mu = 0.3, e = 0.7, Poisson)")
print("  theta2  exact        algebraic    Px exact  Px algebraic")
for deg = 0, 40, 10 do
  local b = impact.rod{ m = 1, L = 2.3, radius = 0.5, theta1_deg = 20, theta2_deg = deg }
  local t = { body = b, v = { 0.4, -1, 0 }, mu = 0.3, e = 0.7 }
  local ex = impact.solve3d(t)
  t.method = "algebraic"
  local al = impact.solve3d(t)
  print(string.format("  %5d   %-11s  %-11s  %.6f  %.6f", deg, ex.mode, al.mode, ex.P.x, al.P.x))
end

print("\nfull summary of (b), exact:")
print(x)
