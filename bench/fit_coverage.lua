-- The coverage of impact.fit's 95% intervals on the physics itself:
-- 2000 seeded synthetic data sets of Wang & Mason's rod (12 drops at slip
-- speeds S0 in [-2, 2], S and C measured with noise sd 0.02, truth e = 0.6,
-- mu = 0.3), each fitted from one start on the C path. Prints the share of
-- profile and Wald intervals that contain the truth (a 95% interval should
-- give 0.93-0.97; spec/fit_spec.lua runs the first 200 of these sets).
--   fit_coverage_profile_e, fit_coverage_profile_mu, fit_coverage_wald_e, fit_coverage_wald_mu
local impact = require("impact")

local function generator(seed)
  local s = seed
  local function u()
    s = s + 0x9E3779B97F4A7C15
    local z = s
    z = (z ~ (z >> 30)) * 0xBF58476D1CE4E5B9
    z = (z ~ (z >> 27)) * 0x94D049BB133111EB
    z = z ~ (z >> 31)
    return ((z >> 11) + 0.5) / 2 ^ 53
  end
  return function() return math.sqrt(-2 * math.log(u())) * math.cos(2 * math.pi * u()) end
end
local function rod(S0, e, mu) return { B1 = 2.5, B2 = 2.5, B3 = 1.5, C0 = -1, S0 = S0, e = e, mu = mu } end
local function rod_data(rows, sigma, seed)
  local normal = generator(seed)
  local d = { S0 = {}, S = {}, C = {} }
  for i = 1, rows do
    local S0 = -2 + 4 * (i - 1) / (rows - 1)
    local r = impact.solve2d(rod(S0, 0.6, 0.3))
    d.S0[i], d.S[i], d.C[i] = S0, r.S + sigma * normal(), r.C + sigma * normal()
  end
  return d
end
local sets = 2000
local inside = { e = 0, mu = 0 }
local wald = { e = 0, mu = 0 }
for k = 1, sets do
  local f = impact.fit{ data = rod_data(12, 0.02, 1000 + k), problem = function(row, p) return rod(row.S0, p.e, p.mu) end,
    observe = { "S", "C" }, params = { e = { 0.8, lo = 0, hi = 1 }, mu = { 0.5, lo = 0, hi = 2 } }, starts = 1 }
  for n, x in pairs{ e = 0.6, mu = 0.3 } do
    if f.ci[n][1] <= x and x <= f.ci[n][2] then inside[n] = inside[n] + 1 end
    if f.ci_wald[n][1] <= x and x <= f.ci_wald[n][2] then wald[n] = wald[n] + 1 end
  end
end
for _, n in ipairs{ "e", "mu" } do
  print(string.format("fit_coverage_profile_%s: %.4f", n, inside[n] / sets))
  print(string.format("fit_coverage_wald_%s: %.4f", n, wald[n] / sets))
end
