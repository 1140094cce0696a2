-- Sun & Baruh 2022, figure 3: the 2D rod (m = 1, L = 2.3) over the
-- orientation theta (-70 to 70 degrees) and the velocity ratio vCx/vCy,
-- mu_s = mu_k = 0.4, e = 0.7, w = 0, Poisson's law. Top: the mode (SB22's
-- seven cases; here the Wang-Mason names: case 0 sliding, 1 C-sticking,
-- 2 C-reversed, 3 R-sticking, 4 R-reversed, 5 C-sticking and 6 sliding at
-- vCx = 0); middle: -vCy after / (vCy before e); bottom: energy after/before.
-- The mode boundaries are nearly vertical lines in theta (SB22 Table 2).
--
-- Where the workbench differs: the extracted SB22 text prints
-- R2 = sin(theta)/(alpha + cos^2 theta) compared with 1; the boundary that
-- the stage equations give (and the tracer finds) is
-- R2 = sin(theta)cos(theta)/(alpha + cos^2 theta) compared with mu_s
-- (SB22 Table 2, corrected). alpha = 1/3 (slender rod) is assumed: SB22 do not say
-- which value their 2D plots used. The velocity-ratio range 0..2 is ours.
-- Run: impact examples/figures/sb22_fig03.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/common/?.lua;" .. package.path
local impact = require("impact")
local fig = require("figlib")
local dir = fig.outdir()

local s = fig.sb22_2d("poisson", 0.4, 0.7, 141)
print(s)
fig.panels(s, "theta_deg", "ratio", "sb22_fig03", "SB22 fig. 3 (2D, Poisson, μ = 0.4, e = 0.7)", dir,
  { xlabel = "θ (deg)", ylabel = "v_{Cx} / v_{Cy}" })
