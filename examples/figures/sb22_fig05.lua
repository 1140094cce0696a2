-- Sun & Baruh 2022, figure 5: Poisson's results divided by the energetic
-- ones, for the vertical velocity of the contact point and the energy left
-- (the 2D rod of figures 3 and 4, mu = 0.4, e = 0.7). SB22 find them very
-- similar, with up to 25% difference in the velocity ratio near the angle
-- where the mode changes.
--
-- Where the workbench differs: as in figures 3 and 4 (R2 corrected,
-- alpha = 1/3 assumed).
-- Run: impact examples/figures/sb22_fig05.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/common/?.lua;" .. package.path
local impact = require("impact")
local fig = require("figlib")
local dir = fig.outdir()

local p = fig.sb22_2d("poisson", 0.4, 0.7, 141)
local en = fig.sb22_2d("energetic", 0.4, 0.7, 141)
fig.add_column(p, "vy_poisson_over_energetic", function(i) return p.columns.C[i] / en.columns.C[i] end)
fig.add_column(p, "energy_poisson_over_energetic", function(i)
  return p.columns.energy_ratio[i] / en.columns.energy_ratio[i]
end)
print(impact.plot.map(p, { x = "theta_deg", y = "ratio", color = "vy_poisson_over_energetic",
  out = dir .. "/sb22_fig05_vy.png", xlabel = "θ (deg)", ylabel = "v_{Cx} / v_{Cy}", enhanced = true,
  title = "SB22 fig. 5 (top): vCy after, Poisson / energetic", clabel = "Poisson / energetic" }).png)
print(impact.plot.map(p, { x = "theta_deg", y = "ratio", color = "energy_poisson_over_energetic",
  out = dir .. "/sb22_fig05_energy.png", xlabel = "θ (deg)", ylabel = "v_{Cx} / v_{Cy}", enhanced = true,
  title = "SB22 fig. 5 (bottom): energy after, Poisson / energetic", clabel = "Poisson / energetic" }).png)
