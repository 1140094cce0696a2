-- Wang & Mason 1992, figure 2: the impact process diagram (Routh's
-- construction). Impulse space (Px, Py) with the line of sticking S
-- (S0 + B1 Px - B3 Py = 0, WM92 eq 29), of maximum compression C
-- (C0 - B3 Px + B2 Py = 0) and of termination T (Newton's, WM92 eq 26),
-- the line of limiting friction L (Px = -s mu Py, eq 30) and of reversed
-- limiting friction RF. (a) the lines, the representative point P at the
-- origin; (b) P slides along L until it terminates (small mu); (c) P
-- reaches S and follows it (mu large enough to hold the contact).
--
-- The paper's figure is a sketch without numbers; drawn here is one
-- problem, the falling rod of WM92 fig 6 (B1 = B2 = 2.5, B3 = 1.5) with
-- S0 = 1, C0 = -1, Newton's law (the T line of the caption), e = 0.5:
-- mu = 0.05 slides, mu = 0.8 sticks (R-sticking: P meets S after C).
-- Run: impact examples/figures/wm92_fig02.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/common/?.lua;" .. package.path
local impact = require("impact")
local fig = require("figlib")

local base = { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 1, C0 = -1, e = 0.5, law = "newton" }
local function solve(mu)
  local t = { mu = mu }
  for k, v in pairs(base) do t[k] = v end
  return impact.solve2d(t)
end
local slide, stick = solve(0.05), solve(0.8)
fig.report("fig02 b", { mode = slide.mode, Px = slide.Px, Py = slide.Py })
fig.report("fig02 c", { mode = stick.mode, Px = stick.Px, Py = stick.Py })
-- (a): the lines of (c)'s problem, P still at the origin
local start = setmetatable({}, { __index = stick })
start.path = { { Px = 0, Py = 0, event = "start" } }
fig.draw(impact.plot.path, { start, slide, stick }, {
  panels = { 1, 3 }, xrange = { -0.5, 0.3 }, yrange = { 0, 0.8 },
  titles = { "(a) lines, P at O", "(b) sliding on L", "(c) L, then S" },
  title = "WM92 fig. 2: impact process diagrams (rod, S₀ = 1, C₀ = -1, Newton e = 0.5; μ = 0.05 in (b), 0.8 in (a), (c))",
}, "wm92_fig02")
