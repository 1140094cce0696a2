-- Wang 1986, figure 3.4: a sphere striking a surface (the central oblique
-- impact: theta = 0). (a) the incidence gamma is below the effective
-- friction angle alpha_e: P travels along L to the line of sticking S and
-- follows it past the end of compression (C) to the end; the sphere rolls
-- on. (b) gamma above alpha_e: P stays on L to the end, the sphere slides
-- and bounces to the left.
--
-- Where the workbench differs: W86 (3.17)-(3.20) give tan(alpha_e) =
-- (1+e) tan(alpha), the case of a body whose contact is its centre of mass
-- (r = 0). A sphere's contact lies at its radius from the centre, r =
-- R/rho = sqrt(5/2) for a solid one, and the sticking line is then B1 =
-- 1 + r^2 times steeper: tan(alpha_e) = (1+e)(1+r^2) tan(alpha)
-- (impact.space's sphere field, help("papers")). Here mu = 0.25, e = 0.8:
-- alpha_e = 57.6 degrees; gamma = 40 degrees (a) and 70 degrees (b),
-- Poisson.
-- Run: impact examples/figures/w86_fig3_4.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/common/?.lua;" .. package.path
local impact = require("impact")
local fig = require("figlib")

local r, mu, e = math.sqrt(5 / 2), 0.25, 0.8
local a, b = fig.w86_solve(r, 0, 40, mu, e), fig.w86_solve(r, 0, 70, mu, e)
local alpha_e = math.deg(math.atan((1 + e) * (1 + r * r) * mu))
fig.report("w86 3.4", { alpha_e_deg = alpha_e, a_mode = a.mode, a_Px = a.Px, a_Py = a.Py,
  b_mode = b.mode, b_Px = b.Px, b_Py = b.Py })
fig.draw(impact.plot.path, { a, b }, { panels = { 1, 2 },
  titles = { string.format("(a) γ = 40° < α_e: L, then S (rolls)"), "(b) γ = 70° > α_e: L only (slides)" },
  title = string.format("W86 fig. 3.4: a solid sphere strikes a surface (θ = 0, μ = 0.25, Poisson e = 0.8, α_e = %.1f°)", alpha_e),
  enhanced = true },
  "w86_fig3_4")
