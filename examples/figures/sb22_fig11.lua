-- Sun & Baruh 2022, figure 11: as figure 10 with e = 0.5 (mu = 0.4,
-- Poisson): more energy lost, velocity ratios (normalised by e) slightly
-- changed, the modes unchanged.
--
-- Where the workbench differs: SB22 choose each sliding stage's friction
-- direction from the frictionless solution and test the slip stop with that
-- constant direction; this is not exact in 3D (their rod at mu = 0.2,
-- e = 0.8: the exact slip never stops, SB22's stages predict a reversal). Both methods are drawn: "algebraic" is SB22's model,
-- "exact" integrates the Darboux-Keller equations; the _methods map shows
-- where their modes differ. The signs lost in the extracted SB22 text are
-- reconstructed from their own examples; the rod is the cylinder of radius 0.5 (I_t =
-- m(rc^2/4 + L^2/3)).
-- Run: impact examples/figures/sb22_fig11.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/common/?.lua;" .. package.path
local impact = require("impact")
local fig = require("figlib")
local dir = fig.outdir()

local N = tonumber(os.getenv("IMPACT_FIG_N")) or 101
fig.sb22_3d_both("sb22_fig11", "SB22 fig. 11 (3D, Poisson, μ = 0.4, e = 0.5)",
  { mu = 0.4, e = 0.5, law = "poisson", theta1 = impact.range(-50, 50, N), theta2 = impact.range(-50, 50, N) },
  dir, { x = "theta1_deg", y = "theta2_deg", xlabel = "θ_1 (deg)", ylabel = "θ_2 (deg)" })
