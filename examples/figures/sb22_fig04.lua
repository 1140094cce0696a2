-- Sun & Baruh 2022, figure 4: as figure 3 with the energetic coefficient of
-- restitution (Stronge): -vCy after / (vCy before e) and the energy ratio
-- over theta and vCx/vCy (mu = 0.4, e = 0.7). The modes equal figure 3's.
--
-- Where the workbench differs: as in figure 3 (R2 corrected, alpha = 1/3
-- assumed). The energetic law is solved exactly on the impulse path
-- (Routh's method, WM92 sec 3.3); SB22's trapezoid work formula is exact
-- too (their stages are straight in impulse space), so
-- the two agree.
-- Run: impact examples/figures/sb22_fig04.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/common/?.lua;" .. package.path
local impact = require("impact")
local fig = require("figlib")
local dir = fig.outdir()

local s = fig.sb22_2d("energetic", 0.4, 0.7, 141)
print(s)
fig.panels(s, "theta_deg", "ratio", "sb22_fig04", "SB22 fig. 4 (2D, energetic, μ = 0.4, e = 0.7)", dir,
  { xlabel = "θ (deg)", ylabel = "v_{Cx} / v_{Cy}" })
