-- Wang & Mason 1992, figure 3: every case of a meeting impact (C0 < 0) in
-- impulse space. Rows: the direction of the initial slip (S0 > 0, S0 = 0:
-- direct impact, S0 < 0); columns: the configuration (B3 < 0, B3 = 0:
-- generalised central impact, B3 > 0). The paper draws the line of
-- sticking S and of maximum compression C of each case; drawn here with
-- them Routh's path for mu = 0.3 under Poisson's law (e = 0.5) and its
-- lines of limiting friction L and RF and of termination T (Poisson's
-- Py = (1+e) Pc, a level line).
--
-- The paper's panels are sketches; these are B1 = B2 = 2.5, B3 = -1.5, 0,
-- 1.5 (the falling rod's |B3|, WM92 fig 6), S0 = 1, 0, -1, C0 = -1. At
-- S0 = 0 the slip starts in the frictionless direction s = -sgn(B3) (not
-- WM92 eq 49's s = +1; help("papers")): the middle row's paths lean away
-- from the side the centre of mass is on.
-- Run: impact examples/figures/wm92_fig03.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/common/?.lua;" .. package.path
local impact = require("impact")
local fig = require("figlib")

local list, titles = {}, {}
local function sign(x) return x > 0 and ">" or x < 0 and "<" or "=" end
for _, S0 in ipairs{ 1, 0, -1 } do
  for _, B3 in ipairs{ -1.5, 0, 1.5 } do
    local r = impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = B3, S0 = S0, C0 = -1, mu = 0.3, e = 0.5 }
    list[#list + 1] = r
    titles[#titles + 1] = string.format("S₀%s0, B₃%s0", sign(S0), sign(B3))
    fig.report(string.format("fig03 S0=%g B3=%g", S0, B3), { mode = r.mode, class = r.class, Px = r.Px, Py = r.Py })
  end
end
fig.draw(impact.plot.path, list, { panels = { 3, 3 }, titles = titles,
  title = "WM92 fig. 3: the cases of meeting impact (C₀ = -1): S, C, and the path for μ = 0.3, Poisson e = 0.5" },
  "wm92_fig03")
