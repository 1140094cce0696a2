-- Wang & Mason 1992, figure 4: the cases of tangential impact (C0 = 0: the
-- contact slides, its normal velocity zero). Rows: B3 < 0, B3 = 0,
-- B3 > 0; columns: S0 < 0 and S0 > 0 (the paper's layout turned, to fit a
-- column). The line of maximum compression C
-- passes through the origin; only where S0 B3 < 0 (S0 < 0 with B3 > 0, or
-- S0 > 0 with B3 < 0: "yes") can the line of limiting friction run below
-- it, for mu > B2/|B3|: compression and then restitution follow as in a
-- meeting impact. Elsewhere no impulse arises (the workbench's mode
-- "none", the principle of constraints of WM92 sec 3.4.1).
--
-- The paper's panels are sketches; these are B1 = B2 = 2.5, B3 = -1.5, 0,
-- 1.5, S0 = -0.2 and 0.2 (the rod of WM92 fig 10, case 4), mu = 2
-- (> 5/3), Poisson e = 0.5, every panel at the same scale.
-- Run: impact examples/figures/wm92_fig04.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/common/?.lua;" .. package.path
local impact = require("impact")
local fig = require("figlib")

local list, titles = {}, {}
local function sign(x) return x > 0 and ">" or x < 0 and "<" or "=" end
for _, B3 in ipairs{ -1.5, 0, 1.5 } do
  for _, S0 in ipairs{ -0.2, 0.2 } do
    local r = impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = B3, S0 = S0, C0 = 0, mu = 2, e = 0.5 }
    list[#list + 1] = r
    titles[#titles + 1] = string.format("S₀%s0, B₃%s0: %s", sign(S0), sign(B3), r.mode == "none" and "no" or "yes")
    fig.report(string.format("fig04 S0=%g B3=%g", S0, B3), { mode = r.mode, Px = r.Px, Py = r.Py })
  end
end
fig.draw(impact.plot.path, list, { panels = { 3, 2 }, titles = titles, xrange = { -0.25, 0.25 }, yrange = { 0, 0.25 },
  title = "WM92 fig. 4: tangential impact (C₀ = 0), μ = 2, Poisson e = 0.5: an impulse only where S₀ B₃ < 0" },
  "wm92_fig04")
