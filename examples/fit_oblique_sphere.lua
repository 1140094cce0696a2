-- Which tangential law explains an oblique sphere's rebounds? A 2.5 mm
-- aluminium oxide sphere at 3.9 m/s striking a flat at incidence 5 to 85
-- degrees (Chung & Ooi 2011, test 4's inputs: E = 380 GPa, nu = 0.23,
-- rho = 4000 kg/m^3, mu = 0.092, e = 0.98; the setting of Kharaz, Gorham
-- & Salman 2001, whose published values are not used here). The data are
-- SYNTHETIC: what Stronge's tangential compliance predicts for those
-- inputs, with seeded noise (sd 0.01 on e_t, 0.3 degree on the rebound
-- angle). impact.fit fits mu and e with the rigid Coulomb contact and with
-- the compliant one; compare_fits says which explains the data.
local impact = require "impact"

local R, rho, V = 1.25e-3, 4000, 3.9
local m = rho * 4 / 3 * math.pi * R ^ 3
local I = 0.4 * m * R * R

local function problem(compliance)
  return function(row, p)
    local th = math.rad(row.theta)
    return { m = m, inertia = { I, I, I }, r = { 0, -R, 0 }, v = { V * math.sin(th), -V * math.cos(th), 0 },
             mu = p.mu, e = p.e, law = "energetic", compliance = compliance }
  end
end
local observe = {
  et = function(r) return -r.vC[1] / r.vC0[1] end,
  rebound = function(r) return math.deg(math.atan(r.v[1], r.v[2])) end,
}

-- the synthetic data: Park & Miller's generator, Box-Muller normals
local seed = 20011
local function u() seed = seed * 16807 % 2147483647; return seed / 2147483647 end
local function normal() return math.sqrt(-2 * math.log(u())) * math.cos(2 * math.pi * u()) end
local data = { theta = {}, et = {}, rebound = {} }
local truth = problem({ nu = 0.23 })
for i, deg in ipairs{ 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 85 } do
  local r = impact.solve3d(truth({ theta = deg }, { mu = 0.092, e = 0.98 }))
  data.theta[i] = deg
  data.et[i] = observe.et(r) + 0.01 * normal()
  data.rebound[i] = observe.rebound(r) + 0.3 * normal()
end

local spec = { data = data, solve = "solve3d", observe = observe, problem = problem(nil),
               weights = function(_, column) return column == "et" and 1e4 or 1 / 0.09 end,
               params = { mu = { 0.2, lo = 0.01, hi = 1 }, e = { 0.9, lo = 0.5, hi = 1 } } }
spec.laws = { rigid = { problem = problem(nil) }, compliant = { problem = problem({ nu = 0.23 }) } }
local cmp = impact.fit(spec)
print(cmp)
for _, name in ipairs{ "compliant", "rigid" } do
  local f = cmp.fits[name]
  print(string.format("%-9s mu = %.4f [%.4f, %.4f]  e = %.4f [%.4f, %.4f]  (truth: mu = 0.092, e = 0.98)", name,
    f.estimate.mu, f.ci.mu[1], f.ci.mu[2], f.estimate.e, f.ci.e[1], f.ci.e[2]))
end
return { data = data, comparison = cmp, problem = problem, observe = observe, solve = impact.solve3d }
