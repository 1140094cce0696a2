-- Fitting the rigid Coulomb contact and Stronge's tangential compliance to
-- an oblique sphere's rebounds (examples/fit_oblique_sphere.lua: SYNTHETIC
-- data, what the compliant theory predicts for Chung & Ooi 2011 test 4's
-- inputs plus seeded noise): the data and each law's fitted curve, e_t and
-- the rebound angle against the incidence.
-- Run: impact examples/figures/fit_oblique_sphere.lua [DIR [SIZE]]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/common/?.lua;" .. package.path
local impact = require("impact")
local fig = require("figlib")
local dir = fig.outdir()
local size = arg and arg[2] or nil

local study = dofile(here .. "/../fit_oblique_sphere.lua")
local cmp = study.comparison
local angles, fitted = {}, { rigid = { et = {}, rebound = {} }, compliant = { et = {}, rebound = {} } }
for deg = 1, 89 do angles[#angles + 1] = deg end
for name, compliance in pairs{ rigid = false, compliant = { nu = 0.23 } } do
  local est = cmp.fits[name].estimate
  for i, deg in ipairs(angles) do
    local r = study.solve(study.problem(compliance or nil)({ theta = deg }, est))
    fitted[name].et[i] = study.observe.et(r)
    fitted[name].rebound[i] = study.observe.rebound(r)
  end
end
local function label(name)
  local f = cmp.fits[name]
  return string.format("%s: μ %.3f, e %.2f, AIC %.0f", name, f.estimate.mu, f.estimate.e, f.aic)
end
local function draw(key, ylabel, title)
  return impact.plot.curves({
    { x = study.data.theta, y = study.data[key], title = "synthetic data", style = "points" },
    { x = angles, y = fitted.compliant[key], title = label("compliant") },
    { x = angles, y = fitted.rigid[key], title = label("rigid"), dash = true } }, {
    xrange = { 0, 90 }, out = dir .. "/fit_oblique_sphere_" .. key .. ".png", size = size,
    xlabel = "incidence from the normal (deg)", ylabel = ylabel, title = title }).png
end
print(draw("et", "e_t at the contact", "Alumina sphere (synthetic): fitted e_t"))
print(draw("rebound", "rebound angle (deg)", "Alumina sphere (synthetic): rebound angle"))
