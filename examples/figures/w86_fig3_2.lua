-- Wang 1986, figure 3.2: impact process diagrams (Routh's method) in
-- impulse space, Pt (here Px, positive when the friction pushes the body
-- towards +x: the contact slides to the left) across, Pn (Py) up. (a) the
-- lines of sticking S, maximum compression C and termination T, of
-- limiting friction L and of reversed limiting friction RF; (b) the
-- representative point travels along L to the end (sliding); (c) it meets
-- S and follows it (the limiting friction can hold the contact); (d) it
-- meets S and turns along RF (it cannot: the friction reverses).
--
-- The paper's panels are sketches; drawn here is one striking state of
-- W86's body (r = 1.414, theta = -30 degrees, gamma = 50 degrees, e = 0.8,
-- Poisson: T is Py = (1+e) Pc, a level line) with mu = 0.05 (b), 0.6 (a, c)
-- and 0.25 (d), every panel at one scale.
-- Run: impact examples/figures/w86_fig3_2.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/common/?.lua;" .. package.path
local impact = require("impact")
local fig = require("figlib")

local function solve(mu) return fig.w86_solve(1.414, -30, 50, mu, 0.8) end
local slide, stick, rev = solve(0.05), solve(0.6), solve(0.25)
for name, r in pairs{ b = slide, c = stick, d = rev } do
  fig.report("w86 3.2 " .. name, { mode = r.mode, Px = r.Px, Py = r.Py, mu = r.mu_k,
    B1 = r.B1, B2 = r.B2, B3 = r.B3, S0 = r.S0, C0 = r.C0 })
end
local start = setmetatable({}, { __index = stick })
start.path = { { Px = 0, Py = 0, event = "start" } }
-- one box for all: the paths with room around them
local x0, x1, y1 = 0, 0, 0
for _, r in ipairs{ slide, stick, rev } do
  for _, v in ipairs(r.path) do x0, x1, y1 = math.min(x0, v.Px), math.max(x1, v.Px), math.max(y1, v.Py) end
end
local pad = 0.2 * (x1 - x0 + y1)
fig.draw(impact.plot.path, { start, slide, stick, rev }, {
  panels = { 2, 2 }, xrange = { x0 - pad, x1 + pad }, yrange = { 0, 1.2 * y1 },
  titles = { "(a) the lines, P at O (μ = 0.6)", "(b) μ = 0.05: sliding on L", "(c) μ = 0.6: L, then S", "(d) μ = 0.25: L, then RF" },
  title = "W86 fig. 3.2: impact process diagrams (r = 1.414, θ = -30°, γ = 50°, Poisson e = 0.8)",
}, "w86_fig3_2")
