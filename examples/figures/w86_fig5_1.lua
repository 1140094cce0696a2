-- Wang 1986, figure 5.1: the sense of the change of rotation over the
-- impact space (gamma, the incident contact velocity from the normal;
-- theta, the centre of mass from the normal), mu = 0.5, e = 0.8, r = 2
-- (Poisson). An impulse passing to one side of the centre of mass turns
-- the body one way, to the other side the other way; on the translation
-- line (dw = 0) only the translation changes. The line has three
-- segments: theta = atan(mu) in the sliding region (the impulse stays on
-- the limiting-friction line, which then passes through the centre of
-- mass; mirrored for gamma < 0) and curves in the sticking regions (W86
-- sec 5's closed forms).
--
-- The map is impact.space_map's sense column (the tracer's impulse); the
-- line is its translation: the sticking-region points and the sliding
-- segment from the sliding boundary (W86 (4.1) at tan(theta) = mu:
-- tan(gamma) = (1+e) mu) to |gamma| = 90 degrees. The data of this figure
-- are also written as CSV by examples/impact_space.lua.
-- Run: impact examples/figures/w86_fig5_1.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/common/?.lua;" .. package.path
local impact = require("impact")
local fig = require("figlib")

local r, mu, e = 2, 0.5, 0.8
local m = impact.space_map{ r = r, mu = mu, e = e, gamma_deg = { -89, 89, 179 }, theta_deg = { -89, 89, 179 } }
local t = m.translation
local x, y, gs, ts = fig.w86_translation(m, e, mu)
local line = { x = x, y = y, title = "translation line (dw = 0)", color = "black", width = 3 }
-- the sense as a category (space_map's column is the sign of dw)
local NAME = { [1] = "counter-clockwise (dw > 0)", [-1] = "clockwise (dw < 0)", [0] = "none (dw = 0)" }
local ccw, cw, rot = 0, 0, {}
for i, s in ipairs(m.columns.sense) do
  rot[i] = NAME[s]
  if s > 0 then ccw = ccw + 1 elseif s < 0 then cw = cw + 1 end
end
m.columns.rotation = rot
fig.report("w86 5.1", { points = #t.theta, sliding_theta_deg = ts, sliding_gamma_deg = gs,
  counter_clockwise = ccw, clockwise = cw })
-- the points of the line, for the spec to check dw = 0 there
for i = 1, #t.theta, 20 do
  fig.report("w86 5.1 point " .. i, { gamma = t.gamma[i], theta = t.theta[i], segment = t.segment[i] })
end
fig.draw(impact.plot.map, m, { x = "gamma_deg", y = "theta_deg", color = "rotation", lines = { line },
  xlabel = "γ (deg): incident velocity from the normal", ylabel = "θ (deg): centre of mass from the normal",
  title = "W86 fig. 5.1: sense of the change of rotation, μ = 0.5, e = 0.8, r = 2" }, "w86_fig5_1")
