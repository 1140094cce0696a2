-- Wang & Mason 1992, figure 10: the falling rod, case 4, a tangential impact
-- (C0 = 0, S0 = -0.2). The line of maximum compression passes through the
-- origin at atan(5/3) from the Py axis: for mu > 5/3 the limiting-friction
-- line runs below it, compression occurs and an impulse arises (sticking);
-- for mu < 5/3 there is no impulse. An impact solution exists exactly when
-- the finite-force solution does not (Painleve).
--
-- Drawn here: mu = 2 and mu = 3, Poisson e = 0.5 (both stick in compression).
-- The workbench follows the principle of constraints for mu <= 5/3 (mode
-- "none", no impulse), as WM92 sec 3.4.1 and MW88 state.
-- Run: impact examples/figures/wm92_fig10.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/common/?.lua;" .. package.path
local impact = require("impact")
local fig = require("figlib")
local dir = arg and arg[1] or "."
local rod = fig.wm92_rod

local rs = { rod(-0.2, 0, 2, 0.5), rod(-0.2, 0, 3, 0.5) }
for _, r in ipairs(rs) do
  print(string.format("mu = %g: %s, P = (%.6f, %.6f)", r.mu_k, r.mode, r.Px, r.Py))
end
local none = rod(-0.2, 0, 1.5, 0.5)
print(string.format("mu = 1.5: %s (no impulse below 5/3)", none.mode))
print(impact.plot.path(rs, { out = dir .. "/wm92_fig10.png",
  title = "WM92 fig. 10: tangential impact (S₀ = -0.2, C₀ = 0), Poisson e = 0.5, μ = 2 and 3 (> 5/3)" }).png)
