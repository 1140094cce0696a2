-- Wang & Mason 1992, figure 9: the falling rod, case 3 (S0 = C0 = -1):
-- forward sliding, then sticking. The critical values are
-- mu_d = (3(1+e) + 5)/(5(1+e) + 3) and mu_q = 1: below mu_d the tip slides
-- throughout, between them it sticks in restitution, above 1 in compression.
-- The paper draws L (mu < mu_d) and L' (mu > mu_d).
--
-- Drawn here at e = 0.5 (mu_d = 0.904762): mu = 0.5 (sliding), 0.95
-- (R-sticking) and 1.2 (C-sticking), Poisson's law. None of the
-- corrections of help("papers") applies to this case.
-- Run: impact examples/figures/wm92_fig09.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/common/?.lua;" .. package.path
local impact = require("impact")
local fig = require("figlib")
local dir = arg and arg[1] or "."
local rod = fig.wm92_rod

local rs = {}
for i, mu in ipairs{ 0.5, 0.95, 1.2 } do
  rs[i] = rod(-1, -1, mu, 0.5)
  print(string.format("mu = %.2f: %s, P = (%.6f, %.6f)", mu, rs[i].mode, rs[i].Px, rs[i].Py))
end
print(impact.plot.path(rs, { out = dir .. "/wm92_fig09.png",
  title = "WM92 fig. 9: falling rod, case 3 (S₀ = C₀ = -1), Poisson e = 0.5, μ_d = 0.905, μ_q = 1", enhanced = true }).png)
