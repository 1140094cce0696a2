-- Sun & Baruh 2022, figure 13: at theta1 = 20, theta2 = 15 deg the mode
-- changes with e for some levels of friction, which SB22 call rare; their
-- figure 13 shows this case (Poisson). The extracted text does not give
-- its axes: drawn here as a close view of figure 12 around the
-- friction at which sticking starts (mu 0.30..0.36, e 0..1). In the
-- workbench it is the exact method whose mode changes with e there: just
-- below the C-sticking threshold (mu = 0.34) an R-sticking band widens as e
-- grows (the slip stops in restitution); the algebraic model's
-- reversal/stick boundary does not move with e.
--
-- Where the workbench differs: SB22 choose each sliding stage's friction
-- direction from the frictionless solution and test the slip stop with that
-- constant direction; this is not exact in 3D (their rod at mu = 0.2,
-- e = 0.8: the exact slip never stops, SB22's stages predict a reversal). Both methods are drawn: "algebraic" is SB22's model,
-- "exact" integrates the Darboux-Keller equations; the _methods map shows
-- where their modes differ. The signs lost in the extracted SB22 text are
-- reconstructed from their own examples; the rod is the cylinder of radius 0.5 (I_t =
-- m(rc^2/4 + L^2/3)).
-- Run: impact examples/figures/sb22_fig13.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/common/?.lua;" .. package.path
local impact = require("impact")
local fig = require("figlib")
local dir = fig.outdir()

local N = tonumber(os.getenv("IMPACT_FIG_N")) or 101
fig.sb22_3d_both("sb22_fig13", "SB22 fig. 13 (3D, θ_1 = 20°, θ_2 = 15°, Poisson, detail)",
  { law = "poisson", mu_values = impact.range(0.30, 0.36, N), e_values = impact.range(0, 1, N), normalize = false },
  dir, { x = "mu", y = "e", xlabel = "μ_k = μ_s", ylabel = "e", vy_title = ": -vCy after / vCy before",
    vy_label = "rebound ratio -vCy after / vCy before" })
