-- A 2.5 mm aluminium oxide sphere striking a flat at 3.9 m/s (Chung & Ooi
-- 2011, test 4; examples/oblique_sphere.lua prints the numbers): the
-- tangential coefficient of restitution at the contact (et = -vt'/vt), the
-- spin after the impact and the rebound angle against the incidence, with
-- Stronge's tangential compliance (nu = 0.23) and with a rigid contact.
-- Run: impact examples/figures/oblique_sphere.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/common/?.lua;" .. package.path
local impact = require("impact")
local fig = require("figlib")
local dir = fig.outdir()

local R, rho, V, mu, e = 1.25e-3, 4000, 3.9, 0.092, 0.98
local m = rho * 4 / 3 * math.pi * R ^ 3
local I = 0.4 * m * R * R
local angles, cols = {}, { compliant = { et = {}, spin = {}, rebound = {} }, rigid = { et = {}, spin = {}, rebound = {} } }
for deg = 1, 89 do
  angles[#angles + 1] = deg
  local th = math.rad(deg)
  for name, compliance in pairs{ compliant = { nu = 0.23 }, rigid = false } do
    local r = impact.solve3d{ m = m, inertia = { I, I, I }, r = { 0, -R, 0 },
                              v = { V * math.sin(th), -V * math.cos(th), 0 }, mu = mu, e = e,
                              law = "energetic", compliance = compliance or nil }
    local c = cols[name]
    c.et[#angles] = -r.vC[1] / r.vC0[1]
    c.spin[#angles] = r.w[3]
    c.rebound[#angles] = math.deg(math.atan(r.v[1], r.v[2]))
  end
end
local function draw(key, ylabel, title)
  return impact.plot.curves({
    { x = angles, y = cols.compliant[key], title = "tangential compliance, ν = 0.23" },
    { x = angles, y = cols.rigid[key], title = "rigid contact (Coulomb)", dash = true } }, {
    xrange = { 0, 90 }, out = dir .. "/oblique_sphere_" .. key .. ".png",
    -- (enhanced: e_t and v_t subscripted, not printed with underscores)
    xlabel = "incidence from the normal (deg)", ylabel = ylabel, title = title, enhanced = true }).png
end
print(draw("et", "e_t = -v_t'/v_t at the contact", "Alumina sphere at 3.9 m/s: tangential restitution"))
print(draw("spin", "spin after the impact (rad/s)", "Alumina sphere at 3.9 m/s: spin"))
print(draw("rebound", "rebound angle from the normal (deg)", "Alumina sphere at 3.9 m/s: rebound angle"))
