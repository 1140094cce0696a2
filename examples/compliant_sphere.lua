-- The compliant sphere's tangential rebound (Maw, Barber & Fawcett 1976;
-- Stronge 2000): a uniform solid sphere (B1 = 3.5/m, B2 = 1/m, B3 = 0) hits
-- the ground obliquely; S/S0 (the contact point's tangential velocity after
-- / before) against psi = |S0|/(mu |C0|), for Stronge's tangential
-- compliance (eta2 from Poisson's ratio nu) and for the rigid contact.
-- The tangential velocity reverses (S/S0 < 0: the contact springs back)
-- over a band of psi below gross slip; a rigid contact can only stop it.
-- Run: scripts/run examples/compliant_sphere.lua
local impact = require "impact"

local mu, C0 = 0.3, -1
local cols = { { e = 1, nu = 0.23 }, { e = 1, nu = 0.33 }, { e = 0.8, nu = 0.23 },
               { e = 0.8, nu = 0.33 }, { e = 0.5, nu = 0.33 } }
local function ratio(psi, e, compliance)
  local S0 = psi * mu * -C0
  local r = impact.solve2d{ B1 = 3.5, B2 = 1, B3 = 0, S0 = S0, C0 = C0, mu = mu, e = e,
                            law = "energetic", compliance = compliance }
  return r.S / S0
end

local head = { "   psi" }
for _, c in ipairs(cols) do head[#head + 1] = string.format("e=%.1f nu=%.2f", c.e, c.nu) end
head[#head + 1] = "rigid e=1"
print(table.concat(head, "  "))
for _, psi in ipairs{ 0.1, 0.5, 1, 1.5, 2, 3, 4, 5, 6, 8, 10 } do
  local row = { string.format("%6.1f", psi) }
  for _, c in ipairs(cols) do row[#row + 1] = string.format("%13.6f", ratio(psi, c.e, { nu = c.nu })) end
  row[#row + 1] = string.format("%9.6f", ratio(psi, 1, nil))
  print(table.concat(row, "  "))
end

-- the two ends: S/S0 -> cos(Omega pi (1+e)/2) as psi -> 0 (the stuck particle
-- rides one tangential oscillation, Omega = sqrt(B1/(eta2 B2))); gross slip
-- (never sticking: Routh's sliding line) from psi = max(B1/B2, (1+e) B1/B2 - eta2/e)
print()
for _, c in ipairs(cols) do
  local eta2 = (2 - c.nu) / (2 * (1 - c.nu))
  local Om = math.sqrt(3.5 / eta2)
  print(string.format("e = %.1f, nu = %.2f: eta2 = %.4f, Omega = %.3f; psi -> 0: %.6f (psi = 1e-3: %.6f); "
                      .. "gross slip from psi = %.4f", c.e, c.nu, eta2, Om, math.cos(Om * math.pi * (1 + c.e) / 2),
                      ratio(1e-3, c.e, { nu = c.nu }), math.max(3.5, (1 + c.e) * 3.5 - eta2 / c.e)))
end
