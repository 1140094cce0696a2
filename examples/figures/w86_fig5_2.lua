-- Wang 1986, figure 5.2: the locus of the translation lines (dw = 0, no
-- change of rotation) over the impact space for every coefficient of
-- restitution, mu = 0.25, r = 1.414 (Poisson). At e = 0 (plastic) the
-- sticking segment is the straight line theta = gamma (slope 45 degrees):
-- the body turns as it would in the quasi-static limit; e = 1 (perfectly
-- elastic) is the other limit, and every e in between lies between them
-- (the paper shades that region; drawn here are e = 0, 0.25, 0.5, 0.75,
-- 1; drawn over gamma in -50..50 and theta in -30..30 degrees, where
-- they differ). In the
-- sliding region every line is theta = atan(mu), from
-- tan(gamma) = (1+e) mu on.
--
-- Each line is impact.space_map's translation line (closed forms in the
-- sticking regions, W86 sec 5); examples/impact_space.lua writes the same
-- data as CSV.
-- Run: impact examples/figures/w86_fig5_2.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/common/?.lua;" .. package.path
local impact = require("impact")
local fig = require("figlib")

local r, mu = 1.414, 0.25
local curves = {}
local COL = { "#d73027", "#fc8d59", "#91bfdb", "#4575b4", "#000000" }
for i, e in ipairs{ 0, 0.25, 0.5, 0.75, 1 } do
  local m = impact.space_map{ r = r, mu = mu, e = e, gamma_deg = { -89, 89, 179 }, theta_deg = { -89, 89, 179 } }
  local x, y = fig.w86_translation(m, e, mu)
  curves[i] = { x = x, y = y, label = string.format("e = %g", e), color = COL[i],
                width = (e == 0 or e == 1) and 3 or 1.5, dash = not (e == 0 or e == 1) and "-" or nil }
  -- a few of its points, for the spec
  local t = m.translation
  for k = 1, #t.theta, 25 do
    fig.report(string.format("w86 5.2 e=%g point %d", e, k), { gamma = t.gamma[k], theta = t.theta[k], segment = t.segment[k] })
  end
end
fig.draw(impact.plot.curves, curves, { xrange = { -50, 50 }, yrange = { -30, 30 },
  xlabel = "γ (deg): incident velocity from the normal", ylabel = "θ (deg): centre of mass from the normal",
  title = "W86 fig. 5.2: translation lines for e = 0 .. 1, μ = 0.25, r = 1.414" }, "w86_fig5_2")
