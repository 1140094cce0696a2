-- Wang 1986, figure 4.5: impact with very large friction, alpha = 89.99
-- degrees (mu = tan alpha = 5729.6), e = 0.8, r = 1.414: most striking
-- states stick; sliding occurs only at very large angles of incidence.
--
-- Drawn over the map (computed by the tracer): the boundaries of W86 (4.1),
-- (4.3) and the corrected (4.2).
-- Where the workbench differs: nothing specific; the reversal condition
-- uses the corrected sign of W86 (4.2) (help("papers")), and with mu this
-- large reversal needs r^2/sqrt(1 + r^2) > 2 mu, so it does not occur.
-- Run: impact examples/figures/w86_fig4_5.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/common/?.lua;" .. package.path
local impact = require("impact")
local fig = require("figlib")
local dir = fig.outdir()

local mu = math.tan(math.rad(89.99))
local s = fig.w86(1.414, mu, 0.8, 179)
print(s)
print(impact.plot.map(s, { x = "gamma_deg", y = "theta_deg", color = "mode",
  out = dir .. "/w86_fig4_5.png", xlabel = "γ (deg)", ylabel = "θ (deg)",
  title = string.format("W86 fig. 4.5: very large friction (α = 89.99 deg, μ = %.1f), e = 0.8, r = 1.414", mu),
  lines = fig.w86_lines(1.414, mu, 0.8) }).png)
