-- The compliant sphere's tangential rebound, a Maw, Barber & Fawcett (1976)
-- type curve: S/S0 of a uniform solid sphere against psi = |S0|/(mu |C0|)
-- with Stronge's tangential compliance (eta2 from Poisson's ratio nu;
-- Stronge 2000) and for the rigid contact (Routh: max(0, 1 - (1+e) 3.5/psi)).
-- The linear lumped springs reproduce the band of reversal (S/S0 < 0) below
-- gross slip; towards psi -> 0 they tend to cos(Omega pi (1+e)/2), not to
-- Maw's Hertzian negative end.
-- Run: impact examples/figures/maw_compliant_sphere.lua [DIR]
local impact = require "impact"
local dir = arg and arg[1] or "."

local mu, C0 = 0.3, -1
local function ratio(psi, e, compliance)
  local S0 = psi * mu * -C0
  local r = impact.solve2d{ B1 = 3.5, B2 = 1, B3 = 0, S0 = S0, C0 = C0, mu = mu, e = e,
                            law = "energetic", compliance = compliance }
  return r.S / S0
end

local psis = {}
for i = 0, 199 do psis[#psis + 1] = 0.02 + i * 0.05 end
local curves = {}
for _, c in ipairs{ { e = 1, nu = 0.23 }, { e = 1, nu = 0.33 }, { e = 0.8, nu = 0.33 },
                    { e = 0.5, nu = 0.33 } } do
  local y, low, at = {}, 1, nil
  for i, psi in ipairs(psis) do
    y[i] = ratio(psi, c.e, { nu = c.nu })
    if y[i] < low then low, at = y[i], psi end
  end
  print(string.format("e = %.1f, nu = %.2f: deepest reversal S/S0 = %.6f at psi = %.2f", c.e, c.nu, low, at))
  curves[#curves + 1] = { x = psis, y = y, title = string.format("compliant, e = %.1f, nu = %.2f", c.e, c.nu) }
end
local rigid = {}
for i, psi in ipairs(psis) do rigid[i] = ratio(psi, 1, nil) end
curves[#curves + 1] = { x = psis, y = rigid, title = "rigid (Routh), e = 1", dash = true, width = 3 }
local out = impact.plot.curves(curves, { out = dir .. "/maw_compliant_sphere.png",
  lines = { { x = { 0, 10 }, y = { 0, 0 }, dash = true, title = "S/S₀ = 0" } },
  xrange = { 0, 10 }, xlabel = "ψ = |S₀| / (μ |C₀|)", ylabel = "S/S₀: tangential velocity after / before",
  title = "Compliant sphere (Stronge's tangential compliance), μ = 0.3: tangential rebound" })
print(out.png)
