-- Slips that turn onto a new direction in 3D (Keller 1986's exact method; SB22).
-- The re-slide direction u is the unique unit vector with
-- Wtn - mu_k Wtt u = lambda u, lambda > 0 (the centrifugal invariant ray);
-- Sun & Baruh's approximation uses Wtn/|Wtn| instead, which is right only
-- when Wtn is an eigenvector of Wtt (e.g. an on-axis rod). A slip reaches
-- zero only along an attracting centripetal ray; the box below approaches
-- a repelling one, so its slip only nearly stops (|vt| = 4.5e-7) and then
-- turns onto u without stopping.
-- Run: impact examples/box_reslide.lua
local impact = require "impact"

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

print("\nv = (0.3, -1, 0.1), mu = 0.8, e = 0.6: the slip nearly stops, then turns onto u(0.8)")
for _, law in ipairs{ "poisson", "energetic", "newton" } do
  local x = solve{ v = { 0.3, -1, 0.1 }, mu = 0.8, e = 0.6, law = law }
  local a = solve{ v = { 0.3, -1, 0.1 }, mu = 0.8, e = 0.6, law = law, method = "algebraic" }
  print(string.format("  %-9s exact     P = (%.5f, %.5f, %.5f)  dT = %.6f  %s, min |vt| = %.3g",
    law, x.P.x, x.P.y, x.P.z, x.dT, x.mode, x.min_slip))
  print(string.format("  %-9s algebraic P = (%.5f, %.5f, %.5f)  dT = %.6f  %s, stop at p = %.6f, u = (%.6f, %.6f)",
    "", a.P.x, a.P.y, a.P.z, a.dT, a.mode, a.p_stop, a.stages[2].u.x, a.stages[2].u.z))
end

local x = solve{ v = { 0.3, -1, 0.1 }, mu = 0.8, e = 0.6 }
local n = math.sqrt(x.vC.x ^ 2 + x.vC.z ^ 2)
print(string.format("\nfinal slip direction (%.6f, %.6f) = u(0.8): the slip ends on the centrifugal ray", x.vC.x / n, x.vC.z / n))

print("\nthe slip hodograph around the close approach (p, vt_x, vt_z, |vt|): it turns as |vt| -> 4.5e-7")
local h = x.hodograph
local imin, smin = 1, math.huge
for i = 1, #h.p do
  local s = math.sqrt(h.x[i] ^ 2 + h.z[i] ^ 2)
  if s < smin then imin, smin = i, s end
end
local decade
for i = 1, #h.p do     -- one point per decade of |vt| on each side of the minimum
  local s = math.sqrt(h.x[i] ^ 2 + h.z[i] ^ 2)
  local dd = math.floor(math.log(s, 10))
  if (s < 1e-2 and dd ~= decade) or i == imin then
    print(string.format("  %.9f  % .3e  % .3e  %.3e%s", h.p[i], h.x[i], h.z[i], s, i == imin and "  (minimum)" or ""))
  end
  decade = dd
end
print()
print(x)

-- A slip that does stop (it lands on an attracting centripetal ray) and,
-- with mu_s = 0.5 < rho_req = 0.544, restarts along u; with mu_s = 0.6 it sticks.
local body = { m = 1, inertia = { 0.9412, 0.7445, 0.9352 }, r = { -0.6470, -0.6447, 0.9426 },
  v = { 0.0476, -1, -0.1628 }, e = 0.6 }
print("\na body whose slip stops (rho_req = 0.544):")
for _, mu_s in ipairs{ 0.5, 0.6 } do
  body.mu_k, body.mu_s = 0.5, mu_s
  local r = impact.solve3d(body)
  local s = r.stages[2]
  print(string.format("  mu_k = 0.5, mu_s = %.1f: %s, stop at p = %.6f, then %s%s", mu_s, r.mode, r.p_stop, s.name,
    s.slip and string.format(" along u = (%.6f, %.6f), lambda = %.6f", s.u.x, s.u.z, s.lambda) or ""))
end
