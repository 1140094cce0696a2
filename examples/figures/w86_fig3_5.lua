-- Wang 1986, figure 3.5: the motion of the sphere of figure 3.4 and its
-- impulse, against the friction cones. Directions in the plane of the
-- impact (across: +x, up: the normal): the real friction cone (half angle
-- alpha = atan mu), the effective friction cone (alpha_e), the incident
-- contact velocity reversed (-v_c), the total impulse P and the contact
-- velocity after (v_c'). (a) gamma = 40 degrees, inside the effective
-- cone: the impulse lies inside the real cone and the contact point leaves
-- straight up (the sphere rolls). (b) gamma = 70 degrees, outside: the
-- impulse lies on the real cone's edge, the contact point leaves up and to
-- the left (the sphere slides and bounces).
--
-- mu = 0.25, e = 0.8, Poisson, a solid sphere (r = sqrt(5/2)): alpha_e
-- has the factor 1 + r^2 that W86 (3.20) leaves out (see w86_fig3_4).
-- Unit directions, equal scales.
-- Run: impact examples/figures/w86_fig3_5.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/common/?.lua;" .. package.path
local impact = require("impact")
local fig = require("figlib")

local r, mu, e = math.sqrt(5 / 2), 0.25, 0.8
local alpha, alpha_e = math.atan(mu), math.atan((1 + e) * (1 + r * r) * mu)
local function cone(a, len) return { len * math.sin(-a), 0, len * math.sin(a) }, { len * math.cos(a), 0, len * math.cos(a) } end
local curves = {}
local function add(x, y, label, color, width, dash)
  curves[#curves + 1] = { x = x, y = y, label = label, color = color, width = width, dash = dash }
end
local x, y = cone(alpha, 1.3)
add(x, y, "real friction cone (α)", "#7f7f7f", 2)
x, y = cone(alpha_e, 1.3)
add(x, y, string.format("effective friction cone (α_e = %.1f°)", math.deg(alpha_e)), "#7f7f7f", 2, "-")
local COL = { a = "#1a9850", b = "#d73027" }
for _, case in ipairs{ { "a", 40 }, { "b", 70 } } do
  local k, g = case[1], case[2]
  local res = fig.w86_solve(r, 0, g, mu, e)
  local P = math.sqrt(res.Px ^ 2 + res.Py ^ 2)
  local V = math.sqrt(res.S ^ 2 + res.C ^ 2)
  fig.report("w86 3.5 " .. k, { mode = res.mode, P_angle_deg = math.deg(math.atan(res.Px, res.Py)),
    rebound_angle_deg = math.deg(math.atan(-res.S, res.C)) })
  add({ 0, math.sin(math.rad(g)) }, { 0, math.cos(math.rad(g)) }, string.format("(%s) -v_c, γ = %d°", k, g), COL[k], 3, "-")
  add({ 0, res.Px / P }, { 0, res.Py / P }, string.format("(%s) impulse P: %s", k, res.mode), COL[k], 3)
  add({ 0, res.S / V }, { 0, res.C / V }, string.format("(%s) v_c' after", k), COL[k], 1.5, ".")
end
fig.draw(impact.plot.curves, curves, { equal = true, xrange = { -1.1, 1.1 }, yrange = { 0, 1.15 },
  xlabel = "tangential (+x)", ylabel = "normal", enhanced = true,
  title = "W86 fig. 3.5: a solid sphere's impulse and the friction cones (μ = 0.25, e = 0.8)" }, "w86_fig3_5")
