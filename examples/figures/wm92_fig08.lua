-- Wang & Mason 1992, figure 8: the falling rod, case 2 (S0 = 0.6, C0 = -1):
-- reversed sliding for mu < 0.6, sticking for mu > 0.6. The paper draws the
-- ellipse bounding the region of energy loss and Newton's line of
-- termination T tangent to it: with Newton's law and sticking, the rod
-- gains energy for e > 0.8 (at e = 1 by +0.1125).
--
-- The physics of the tangent (WM92 secs 3.2-3.3, eqs 56-58): T is the line
-- C = -e C0, and the gradient of dT is (S, C), so a line C = const touches
-- the ellipse dT = 0 where C is largest on it. For this rod that largest C
-- is 1 = -C0 (at P = (0, 0.8), where S = -0.6): T is tangent to the ellipse only at
-- e = 1, and crosses it for e < 1. The final impulse D (sticking: on S = 0)
-- is not the point of tangency: it lies on the ellipse at e = 0.8 and
-- outside it (energy gained) for e > 0.8.
--
-- Drawn here: wm92_fig08, the paper's figure: mu = 0.8 (sticking), Newton
-- at e = 1, T tangent to the ellipse and D outside it (dT = +0.1125);
-- wm92_fig08_e08: the same at e = 0.8, T crossing the ellipse at D
-- (dT = 0); wm92_fig08_reversed: mu = 0.3 (C-reversed), Poisson, e = 0.5.
-- Where the workbench differs: the extracted WM92 text prints
-- Py = 0.4 + 0.0625 e for Newton; the correct value (point D, which
-- reproduces the printed C = e and dT) is Py = 0.4 + 0.625 e.
-- Run: impact examples/figures/wm92_fig08.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/common/?.lua;" .. package.path
local impact = require("impact")
local fig = require("figlib")
local dir = arg and arg[1] or "."
local rod = fig.wm92_rod

for _, case in ipairs{
  { e = 1, out = "wm92_fig08", what = "T tangent to the ellipse, D outside (dT > 0)" },
  { e = 0.8, out = "wm92_fig08_e08", what = "T crosses the ellipse at D (dT = 0)" },
} do
  local newton = rod(0.6, -1, 0.8, case.e, "newton")
  print(string.format("Newton, mu = 0.8, e = %g: %s, P = (%.6f, %.6f), dT = %.6f",
    case.e, newton.mode, newton.Px, newton.Py, newton.dT))
  print(impact.plot.path(newton, { out = dir .. "/" .. case.out .. ".png", ellipse = true,
    title = string.format("WM92 fig. 8: case 2 (S₀ = 0.6, C₀ = -1), μ = 0.8, Newton e = %g: %s",
      case.e, case.what) }).png)
end

local rev = rod(0.6, -1, 0.3, 0.5, "poisson")
print(string.format("Poisson, mu = 0.3, e = 0.5: %s, P = (%.6f, %.6f), dT = %.6f",
  rev.mode, rev.Px, rev.Py, rev.dT))
print(impact.plot.path(rev, { out = dir .. "/wm92_fig08_reversed.png", ellipse = true,
  title = "WM92 case 2 (S₀ = 0.6, C₀ = -1), μ = 0.3 < 0.6, Poisson e = 0.5: reversed sliding" }).png)
