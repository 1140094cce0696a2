-- Sun & Baruh 2022, figure 12: the 3D rod at theta1 = 20, theta2 = 15 deg,
-- v = (0.4, -1, 0), over mu_k (= mu_s) and e, Poisson: mode, -vCy after /
-- vCy before (the rebound ratio, positive; not normalised by e here, as in
-- the paper), energy ratio.
-- Low friction: sliding that turns towards z; more friction: the slip stops
-- and reverses; high friction: sticking. e hardly changes the mode.
-- The ranges mu in 0..1, e in 0..1 are ours.
--
-- Where the workbench differs: SB22 choose each sliding stage's friction
-- direction from the frictionless solution and test the slip stop with that
-- constant direction; this is not exact in 3D (their rod at mu = 0.2,
-- e = 0.8: the exact slip never stops, SB22's stages predict a reversal). Both methods are drawn: "algebraic" is SB22's model,
-- "exact" integrates the Darboux-Keller equations; the _methods map shows
-- where their modes differ. The signs lost in the extracted SB22 text are
-- reconstructed from their own examples; the rod is the cylinder of radius 0.5 (I_t =
-- m(rc^2/4 + L^2/3)).
-- Run: impact examples/figures/sb22_fig12.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/common/?.lua;" .. package.path
local impact = require("impact")
local fig = require("figlib")
local dir = fig.outdir()

local N = tonumber(os.getenv("IMPACT_FIG_N")) or 101
fig.sb22_3d_both("sb22_fig12", "SB22 fig. 12 (3D, θ_1 = 20°, θ_2 = 15°, Poisson)",
  { law = "poisson", mu_values = impact.range(0, 1, N), e_values = impact.range(0, 1, N), normalize = false },
  dir, { x = "mu", y = "e", xlabel = "μ_k = μ_s", ylabel = "e", vy_title = ": -vCy after / vCy before",
    vy_label = "rebound ratio -vCy after / vCy before" })
