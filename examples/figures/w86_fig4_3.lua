-- Wang 1986, figure 4.3: the effect of r = l/rho on the impact space
-- (mu = 0.25, e = 0.8). (a) a large r: most of the space slides or reverses;
-- (b) a small r, below the reversal threshold r^2/sqrt(1 + r^2) > 2 mu
-- (W86 4.4): no reversed sliding, sticking for every orientation near
-- gamma = 0; (c) r = 0: the modes do not depend on theta.
-- The paper's values of r for (a) and (b) are not in the extracted text:
-- r = 3 and r = 0.6 are used here (0.6 is below the threshold 0.7416 at
-- mu = 0.25).
--
-- Drawn over the map (computed by the tracer): the boundaries of W86 (4.1),
-- (4.3) and the corrected (4.2).
-- Where the workbench differs: the reversal condition uses the corrected
-- sign of W86 (4.2) (help("papers")).
-- Run: impact examples/figures/w86_fig4_3.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/common/?.lua;" .. package.path
local impact = require("impact")
local fig = require("figlib")
local dir = fig.outdir()

for _, c in ipairs{ { "a", 3 }, { "b", 0.6 }, { "c", 0 } } do
  local s = fig.w86(c[2], 0.25, 0.8, 179)
  print(string.format("(%s) r = %g: %s", c[1], c[2], tostring(s)))
  print(impact.plot.map(s, { x = "gamma_deg", y = "theta_deg", color = "mode",
    out = dir .. "/w86_fig4_3" .. c[1] .. ".png", xlabel = "γ (deg)", ylabel = "θ (deg)",
    title = string.format("W86 fig. 4.3(%s): r = %g, μ = 0.25, e = 0.8", c[1], c[2]),
    lines = fig.w86_lines(c[2], 0.25, 0.8) }).png)
end
