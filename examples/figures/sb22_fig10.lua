-- Sun & Baruh 2022, figure 10: the 3D rod with mu = 0.4, e = 0.7 (slide
-- parameter s = vCx/(mu vCy) = 1), Poisson, theta1 and theta2 in -50..50
-- degrees: the sticking region is larger than at mu = 0.2, and the line
-- theta2 = 0 reproduces the 2D results of figure 3 at vCx/vCy = 0.4.
--
-- Where the workbench differs: SB22 choose each sliding stage's friction
-- direction from the frictionless solution and test the slip stop with that
-- constant direction; this is not exact in 3D (their rod at mu = 0.2,
-- e = 0.8: the exact slip never stops, SB22's stages predict a reversal). Both methods are drawn: "algebraic" is SB22's model,
-- "exact" integrates the Darboux-Keller equations; the _methods map shows
-- where their modes differ. The signs lost in the extracted SB22 text are
-- reconstructed from their own examples; the rod is the cylinder of radius 0.5 (I_t =
-- m(rc^2/4 + L^2/3)).
-- Run: impact examples/figures/sb22_fig10.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/common/?.lua;" .. package.path
local impact = require("impact")
local fig = require("figlib")
local dir = fig.outdir()

local N = tonumber(os.getenv("IMPACT_FIG_N")) or 101
fig.sb22_3d_both("sb22_fig10", "SB22 fig. 10 (3D, Poisson, μ = 0.4, e = 0.7)",
  { mu = 0.4, e = 0.7, law = "poisson", theta1 = impact.range(-50, 50, N), theta2 = impact.range(-50, 50, N) },
  dir, { x = "theta1_deg", y = "theta2_deg", xlabel = "θ_1 (deg)", ylabel = "θ_2 (deg)" })
