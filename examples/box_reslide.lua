-- A box whose slip stops, cannot stick, and restarts in a new direction
-- (PHYSICS.md E.5 (c)). In 3D the re-slide direction u is the unique unit
-- vector with  Wtn - mu_k Wtt u = lambda u,  lambda > 0; Sun & Baruh's
-- approximation uses Wtn/|Wtn| instead, which is right only when Wtn is an
-- eigenvector of Wtt (e.g. an on-axis rod).
-- Run: impact examples/box_reslide.lua
local impact = impact or require("impact")

local box = { m = 1, inertia = { 0.52 / 12, 1.16 / 12, 1.36 / 12 }, r = { -0.5, -0.3, -0.2 } }
local function solve(t)
  for k, v in pairs(box) do t[k] = v end
  return impact.solve3d(t)
end

print("box: m = 1, I = diag(0.52, 1.16, 1.36)/12, r = (-0.5, -0.3, -0.2)")
local d = solve{ v = { 0, -1, 0 }, mu = 0.2 }
print(string.format("rho_req = |Wtt^-1 Wtn| = %.6f: sticking needs mu_s >= %.6f", d.rho_req, d.rho_req))

print("\nre-slide directions (a direct impact slides along u from the start)")
print("  mu_k   u_x        u_z        lambda")
for _, mu in ipairs{ 0.2, 0.5, 0.8 } do
  local s = solve{ v = { 0, -1, 0 }, mu = mu, e = 0.6 }.stages[1]
  print(string.format("  %.1f   % .6f  % .6f  %.6f", mu, s.u.x, s.u.z, s.lambda))
end

print("\nv = (0.3, -1, 0.1), mu = 0.8, e = 0.6: the slip stops, cannot stick (0.8715 > 0.8), re-slides")
for _, law in ipairs{ "poisson", "energetic", "newton" } do
  local x = solve{ v = { 0.3, -1, 0.1 }, mu = 0.8, e = 0.6, law = law }
  local a = solve{ v = { 0.3, -1, 0.1 }, mu = 0.8, e = 0.6, law = law, method = "algebraic" }
  print(string.format("  %-9s exact     P = (%.5f, %.5f, %.5f)  dT = %.6f  %s, stop at p = %.6f, u = (%.6f, %.6f)",
    law, x.P.x, x.P.y, x.P.z, x.dT, x.mode, x.p_stop, x.stages[2].u.x, x.stages[2].u.z))
  print(string.format("  %-9s algebraic P = (%.5f, %.5f, %.5f)  dT = %.6f  %s, stop at p = %.6f, u = (%.6f, %.6f)",
    "", a.P.x, a.P.y, a.P.z, a.dT, a.mode, a.p_stop, a.stages[2].u.x, a.stages[2].u.z))
end

local x = solve{ v = { 0.3, -1, 0.1 }, mu = 0.8, e = 0.6 }
local n = math.sqrt(x.vC.x ^ 2 + x.vC.z ^ 2)
print(string.format("\nfinal slip direction (%.6f, %.6f) = u: the slip keeps the re-slide direction", x.vC.x / n, x.vC.z / n))

print("\nthe slip hodograph around the stop (p, vt_x, vt_z): the approach turns as |vt| -> 0")
print("(followed in tau = ln(s0/|vt|) down to |vt| = 1e-6 |vC0|, then a stop), then grows along u")
local h = x.hodograph
local shown = 0
for i = 1, #h.p do
  if h.p[i] > 0.095 and h.p[i] < 0.13 and (i % 4 == 0 or (h.x[i] == 0 and h.z[i] == 0)) then
    print(string.format("  %.7f  % .3e  % .3e", h.p[i], h.x[i], h.z[i]))
    shown = shown + 1
  end
end
print()
print(x)
