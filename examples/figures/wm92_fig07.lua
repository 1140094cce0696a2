-- Wang & Mason 1992, figure 7: impact process diagram of the falling rod,
-- case 1 (direct impact, S0 = 0, C0 = -1). The paper draws the lines of
-- sticking S, maximum compression C and termination T, and two lines of
-- limiting friction: L for mu < 0.6 (the tip slides) and L' for mu > 0.6
-- (it sticks in compression).
--
-- Where the workbench differs: WM92 eq 49 takes the slip sign s = +1 when
-- S0 = 0; the slip starts in the frictionless direction s = -sgn(B3), and
-- this rod (B3 = +1.5) slides towards -x (WM92 sec 3.4.1). The path for
-- mu = 0.3 therefore leans to +x (friction opposes a slip towards -x).
-- Run: impact examples/figures/wm92_fig07.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/common/?.lua;" .. package.path
local impact = require("impact")
local fig = require("figlib")
local dir = arg and arg[1] or "."
local rod = fig.wm92_rod

local slide, stick = rod(0, -1, 0.3, 0.5), rod(0, -1, 0.8, 0.5)
print(string.format("mu = 0.3: %s, P = (%.6f, %.6f)", slide.mode, slide.Px, slide.Py))
print(string.format("mu = 0.8: %s, P = (%.6f, %.6f)", stick.mode, stick.Px, stick.Py))
local out = impact.plot.path({ slide, stick }, { out = dir .. "/wm92_fig07.png",
  title = "WM92 fig. 7: falling rod, case 1 (S₀ = 0, C₀ = -1), Poisson e = 0.5: L (μ = 0.3) slides, L' (μ = 0.8) sticks" })
print(out.png)
