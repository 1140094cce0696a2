-- Wang 1986, figure 3.3: all the cases of the impact process. Rows: the
-- direction of the incident contact velocity (gamma > 0: moving to the
-- left; gamma = 0: the directed impact; gamma < 0); columns: where the
-- centre of mass lies (theta < 0; theta = 0: the central impact; theta >
-- 0). The paper draws the lines of sticking S and of maximum compression C
-- of each; drawn here with them the path, its L, RF and (Poisson) T.
--
-- The paper's panels are sketches; these are W86's body with r = 1.414,
-- gamma and theta of +-30 degrees or 0, mu = 0.25, e = 0.8 (Poisson). The
-- same cases in Wang & Mason's coefficients are wm92_fig03 (gamma > 0 is
-- S0 < 0; theta > 0 is B3 > 0).
--
-- Where the workbench differs: W86's rule 2 (sec 3.5) sends a directed
-- impact (gamma = 0) along the line of sticking. That holds only when
-- mu > |B3|/B1 (WM92 eqs 37-38); at theta = +-30 degrees |B3|/B1 = 0.346
-- > mu = 0.25, so the contact slides, in the direction it would slide
-- without friction (s = -sgn(B3)), as in wm92_fig03.
-- Run: impact examples/figures/w86_fig3_3.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/common/?.lua;" .. package.path
local impact = require("impact")
local fig = require("figlib")

local list, titles = {}, {}
local function sign(x) return x > 0 and ">" or x < 0 and "<" or "=" end
for _, g in ipairs{ 30, 0, -30 } do
  for _, th in ipairs{ -30, 0, 30 } do
    local r = fig.w86_solve(1.414, th, g, 0.25, 0.8)
    list[#list + 1] = r
    titles[#titles + 1] = string.format("γ%s0, θ%s0", sign(g), sign(th))
    fig.report(string.format("w86 3.3 gamma=%g theta=%g", g, th), { mode = r.mode, Px = r.Px, Py = r.Py })
  end
end
fig.draw(impact.plot.path, list, { panels = { 3, 3 }, titles = titles,
  title = "W86 fig. 3.3: the cases of the impact process (r = 1.414, |γ|, |θ| = 30° or 0, μ = 0.25, Poisson e = 0.8)" },
  "w86_fig3_3")
