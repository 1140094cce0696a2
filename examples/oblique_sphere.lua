-- A hard sphere striking a flat at an angle: the DEM benchmark of Chung &
-- Ooi (2011, test 4; the experiments of Kharaz, Gorham & Salman 2001): an
-- aluminium oxide sphere, 2.5 mm across (E = 380 GPa, nu = 0.23, rho =
-- 4000 kg/m^3, mu = 0.092, e = 0.98), at 3.9 m/s and incidence 5 to 85
-- degrees from the normal. Printed against the incidence: the tangential
-- coefficient of restitution at the contact (et = -vt'/vt), the spin after
-- the impact and the rebound angle of the centre, with Stronge's tangential
-- compliance (compliance = { nu = 0.23 }: Mindlin's eta2 = (2 - nu)/(2 (1 -
-- nu))) beside the rigid contact (Coulomb, energetic law). Below the
-- gross-slip angle the rigid contact sticks (et = 0, the sphere rolls off);
-- the compliant one springs back (et > 0: the contact point's slip
-- reverses) and spins less. Above it both slide: the same numbers.
local impact = require "impact"

local R, rho, V, mu, e = 1.25e-3, 4000, 3.9, 0.092, 0.98
local m = rho * 4 / 3 * math.pi * R ^ 3
local I = 0.4 * m * R * R

local function strike(deg, compliance)
  local th = math.rad(deg)
  local t = { m = m, inertia = { I, I, I }, r = { 0, -R, 0 }, v = { V * math.sin(th), -V * math.cos(th), 0 },
              mu = mu, e = e, law = "energetic", compliance = compliance }
  local r = impact.solve3d(t)
  return { et = -r.vC[1] / r.vC0[1], spin = r.w[3], rebound = math.deg(math.atan(r.v[1], r.v[2])) }
end

print(string.format("m = %.4g kg, I = %.4g kg m^2; spin in rad/s, angles in degrees from the normal", m, I))
print(string.format("%5s  %8s %10s %8s | %8s %10s %8s", "theta", "et", "spin", "rebound", "et", "spin", "rebound"))
print(string.format("%5s  %28s | %28s", "", "compliant (nu = 0.23)", "rigid"))
for deg = 5, 85, 5 do
  local c, r = strike(deg, { nu = 0.23 }), strike(deg)
  print(string.format("%5g  %8.4f %10.1f %8.2f | %8.4f %10.1f %8.2f", deg, c.et, c.spin, c.rebound,
    r.et, r.spin, r.rebound))
end
