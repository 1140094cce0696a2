-- Wang & Mason (1992), section 6: a uniform rod (m = 1, length 1) leaning
-- at 45 degrees strikes the ground with its lower tip, without spin. Four
-- cases of the tip's velocity (S0, C0), each under Poisson's, Newton's and
-- Stronge's energetic restitution, e = 0.5. Run: scripts/run examples/wang_mason_rod.lua
local impact = require "impact"

local h = math.sqrt(2) / 4                 -- CM at (h, h) from the tip
local rod = { m = 1, rho = math.sqrt(1 / 12), x = h, y = h }

local cases = {
  { "1 direct",     0,    -1, { 0.3, 0.8 } },
  { "2 reversal",   0.6,  -1, { 0.3, 0.8 } },
  { "3 forward",    -1,   -1, { 0.5, 0.95, 1.2 } },
  { "4 tangential", -0.2, 0,  { 1.5, 2 } },
}
local e = 0.5

print(string.format("Wang & Mason's falling rod, e = %g (B1 = B2 = 2.5, B3 = 1.5: sticking holds iff mu >= 0.6)", e))
print(string.format("%-13s %5s  %-9s  %-10s %9s %9s %9s %9s %9s", "case", "mu", "law",
                    "mode", "Px", "Py", "S", "C", "dT"))
print(string.rep("-", 93))
for _, c in ipairs(cases) do
  local name, S0, C0, mus = c[1], c[2], c[3], c[4]
  for _, mu in ipairs(mus) do
    for _, law in ipairs{ "poisson", "newton", "energetic" } do
      local body = { m = rod.m, rho = rod.rho, x = rod.x, y = rod.y, vx = S0, vy = C0 }
      local r = impact.solve2d{ body1 = body, mu = mu, e = e, law = law }
      print(string.format("%-13s %5.2f  %-9s  %-10s %9.6f %9.6f %9.6f %9.6f %9.6f",
                          name, mu, law, r.mode, r.Px, r.Py, r.S, r.C, r.dT))
      name = ""
    end
  end
end
print()
print("Newton gains energy in case 2 once e > 0.8 (mu >= 0.6):")
local r = impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.8, e = 1, law = "newton" }
print(string.format("  e = 1: dT = %+.6f (Poisson %+.6f)", r.dT,
      impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.8, e = 1 }.dT))
