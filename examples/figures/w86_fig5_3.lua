-- Wang 1986, figure 5.3: the rebound of the contact point. The rebound
-- angle gamma_r (of the contact velocity after the impact, from the
-- normal; positive towards -x as gamma) against the incidence gamma, for
-- orientations theta = -40 .. 40 degrees, mu = 0.25, e = 0.8, r = 1.414
-- (Poisson). Where the contact sticks, gamma_r = 0 (rigid bodies give no
-- tangential rebound, W86 sec 5.2); where it slides, e tan(gamma_r) =
-- tan(gamma) + c, c depending on theta alone (W86 sec 5.2); reversed
-- sliding gives negative gamma_r.
--
-- Each point is impact.space (the tracer's final contact velocity,
-- gamma_r = atan2(-S, C)); examples/impact_space.lua writes the data of
-- this figure as CSV (tan(gamma_r) for theta = -60..60).
-- Run: impact examples/figures/w86_fig5_3.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/common/?.lua;" .. package.path
local impact = require("impact")
local fig = require("figlib")

local r, mu, e = 1.414, 0.25, 0.8
local curves = {}
local COL = { "#d73027", "#fc8d59", "#000000", "#91bfdb", "#4575b4" }
for i, th in ipairs{ -40, -20, 0, 20, 40 } do
  local x, y = {}, {}
  for k = 0, 178 do
    local g = 0.5 * k
    local s = impact.space{ r = r, mu = mu, e = e, theta_deg = th, gamma_deg = g }
    x[#x + 1], y[#y + 1] = g, s.gamma_r_deg
    if k % 40 == 20 then
      fig.report(string.format("w86 5.3 theta=%g gamma=%g", th, g), { gamma_r_deg = s.gamma_r_deg, mode = s.mode,
        c = s.rebound_c })
    end
  end
  curves[i] = { x = x, y = y, label = string.format("θ = %g°", th), color = COL[i], width = 2 }
end
fig.draw(impact.plot.curves, curves, { xrange = { 0, 90 }, yrange = { -90, 90 },
  xlabel = "γ (deg): incidence",
  ylabel = "γ_r (deg): rebound angle",
  title = "W86 fig. 5.3: rebound angle against incidence, μ = 0.25, e = 0.8, r = 1.414", enhanced = true }, "w86_fig5_3")
