-- Wang 1986, figure 4.4: the effect of the coefficient of restitution
-- (mu = 0.25, r = 1.414). e = 0 removes the R-modes (no restitution period);
-- a larger e enlarges the regions of sticking and reversed sliding. Drawn
-- for e = 0 and e = 1 (the paper's values are not in the extracted text).
--
-- Drawn over the map (computed by the tracer): the boundaries of W86 (4.1),
-- (4.3) and the corrected (4.2).
-- Where the workbench differs: the reversal condition uses the corrected
-- sign of W86 (4.2) (help("papers")).
-- Run: impact examples/figures/w86_fig4_4.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/common/?.lua;" .. package.path
local impact = require("impact")
local fig = require("figlib")
local dir = fig.outdir()

for _, e in ipairs{ 0, 1 } do
  local s = fig.w86(1.414, 0.25, e, 179)
  print(string.format("e = %g: %s", e, tostring(s)))
  print(impact.plot.map(s, { x = "gamma_deg", y = "theta_deg", color = "mode",
    out = string.format("%s/w86_fig4_4_e%g.png", dir, e), xlabel = "γ (deg)", ylabel = "θ (deg)",
    title = string.format("W86 fig. 4.4: e = %g, μ = 0.25, r = 1.414", e),
    lines = fig.w86_lines(1.414, 0.25, e) }).png)
end
