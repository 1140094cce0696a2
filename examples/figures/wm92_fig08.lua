-- Wang & Mason 1992, figure 8: the falling rod, case 2 (S0 = 0.6, C0 = -1):
-- reversed sliding for mu < 0.6, sticking for mu > 0.6. The paper draws the
-- ellipse bounding the region of energy loss and Newton's line of
-- termination T tangent to it: with Newton's law and sticking, the rod
-- gains energy for e > 0.8 (at e = 1 by +0.1125).
--
-- Drawn here: mu = 0.8 (sticking) with Newton's law at e = 0.8, where the
-- final impulse D lies on the ellipse (dT = 0), and a second diagram with
-- mu = 0.3 (C-reversed) and Poisson's law at e = 0.5.
-- Where the workbench differs: the extracted WM92 text prints
-- Py = 0.4 + 0.0625 e for Newton; the correct value (point D, which
-- reproduces the printed C = e and dT) is Py = 0.4 + 0.625 e (PHYSICS.md A.8).
-- Run: impact examples/figures/wm92_fig08.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/common/?.lua;" .. package.path
local impact = require("impact")
local fig = require("figlib")
local dir = arg and arg[1] or "."
local rod = fig.wm92_rod

local newton = rod(0.6, -1, 0.8, 0.8, "newton")
print(string.format("Newton, mu = 0.8, e = 0.8: %s, P = (%.6f, %.6f), dT = %.6f",
  newton.mode, newton.Px, newton.Py, newton.dT))
print(impact.plot.path(newton, { out = dir .. "/wm92_fig08.png", ellipse = true,
  title = "WM92 fig. 8: falling rod, case 2 (S0 = 0.6, C0 = -1), mu = 0.8, Newton e = 0.8: D on the energy ellipse" }).png)

local rev = rod(0.6, -1, 0.3, 0.5, "poisson")
print(string.format("Poisson, mu = 0.3, e = 0.5: %s, P = (%.6f, %.6f), dT = %.6f",
  rev.mode, rev.Px, rev.Py, rev.dT))
print(impact.plot.path(rev, { out = dir .. "/wm92_fig08_reversed.png", ellipse = true,
  title = "WM92 case 2 (S0 = 0.6, C0 = -1), mu = 0.3 < 0.6, Poisson e = 0.5: reversed sliding" }).png)
