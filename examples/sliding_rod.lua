-- Mason & Wang 1988: Painleve's sliding rod (MW88).
-- A rod (m = 1, J = 1, CM at l = 4 from its lower end) slides to the left on a
-- table with mu = tan 30 deg at theta = 75 deg from the table. No finite
-- normal force keeps the contact (a < 0); a tangential impact resolves it.
-- Run: scripts/run examples/sliding_rod.lua   (or lua5.4 with the module installed)
local impact = require "impact"

local mu = math.tan(math.rad(30))
-- rounding leaves -1e-17 where the exact value is 0
local function z(v) return math.abs(v) < 1e-12 and 0 or v end
local p = impact.painleve{ l = 4, theta_deg = 75, mu = mu, e = 0.5 }
print(string.format("MW88 rod: l = 4, theta = 75 deg, mu = tan 30 deg = %.6f", mu))
print(string.format("  B1 = %.6f  B2 = %.6f  B3 = %.6f  Delta = %.6f", p.B1, p.B2, p.B3, p.Delta))
print(string.format("  a = B2 - mu*B3 = %.6f  (9 - 16/sqrt 3 = %.6f): %s", p.a, 9 - 16 / math.sqrt(3),
                    p.consistent and "a finite-force solution exists" or "no finite-force solution"))
print(string.format("  inconsistent for mu > B2/B3 = %.6f", p.mu_crit))

local b = impact.painleve_bands{ l = 4, mu = mu }
print(string.format("  orientations with a < 0 (sliding left): %.3f to %.3f deg (needs mu > %.6f)",
                    b.bands[1].lo_deg, b.bands[1].hi_deg, b.mu_min))

print("\nThe resolving tangential impact (S0 = -1, C0 = 0), per restitution law:")
print(string.format("%-10s %4s %10s %10s %10s %10s %10s  %s", "law", "e", "Px", "Py", "S_f", "C_f", "dT", "mode"))
for _, law in ipairs{ "poisson", "newton", "energetic" } do
  for _, e in ipairs{ 0, 0.5, 1 } do
    local q = impact.painleve{ l = 4, theta_deg = 75, mu = mu, law = law, e = e }.impact
    print(string.format("%-10s %4.1f %10.6f %10.6f %10.6f %10.6f %10.6f  %s", law, e,
                        z(q.Px), z(q.Py), z(q.S), z(q.C), q.dT, q.mode))
  end
end
print("Newton's law cannot express elasticity here (-e*C0 = 0): always the plastic impact.")

print("\nThe path of the Poisson e = 0.5 impact in impulse space:")
for _, v in ipairs(impact.painleve{ l = 4, theta_deg = 75, mu = mu, e = 0.5 }.impact.path) do
  print(string.format("  %-16s Px = %.6f  Py = %.6f", v.event, v.Px, v.Py))
end

print("\na over the orientations (sliding left):")
for th = 60, 90, 5 do
  local q = impact.painleve{ l = 4, theta_deg = th, mu = mu, e = 0.5 }
  print(string.format("  theta = %2d deg  a = %9.6f  %s", th, q.a, q.consistent and "" or "<- impact"))
end
