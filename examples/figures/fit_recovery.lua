-- impact.fit on synthetic rebounds with known parameters
-- (examples/fit_recovery.lua): each estimate and its 95% profile interval
-- divided by the truth (1 = recovered exactly), for Wang & Mason's rod in
-- 2D and Sun & Baruh's rod in 3D.
-- Run: impact examples/figures/fit_recovery.lua [DIR [SIZE]]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/common/?.lua;" .. package.path
local impact = require("impact")
local fig = require("figlib")
local dir = fig.outdir()
local size = arg and arg[2] or nil

local study = dofile(here .. "/../fit_recovery.lua")
local curves, n = {}, 0
local colours = { ["rod 2D"] = "#1f77b4", ["rod 3D"] = "#d62728" }
for _, s in ipairs(study.studies) do
  local name, f, truth = s[1], s[2], s[3]
  -- each study's intervals as one curve, the segments apart (x = NaN breaks the line)
  local xs, ys, bx, by = {}, {}, {}, {}
  for _, k in ipairs{ "e", "mu" } do
    n = n + 1
    xs[#xs + 1], ys[#ys + 1] = n, f.estimate[k] / truth[k]
    for _, v in ipairs{ f.ci[k][1], f.ci[k][2] } do bx[#bx + 1], by[#by + 1] = n, v / truth[k] end
    if k == "e" then bx[#bx + 1], by[#by + 1] = 0 / 0, 0 / 0 end
  end
  curves[#curves + 1] = { x = bx, y = by, style = "linespoints", color = colours[name], title = name .. ": 95% intervals" }
  curves[#curves + 1] = { x = xs, y = ys, style = "points", color = colours[name], title = name .. ": estimate" }
end
local x = { n = n }
curves[#curves + 1] = { x = { 0.5, x.n + 0.5 }, y = { 1, 1 }, title = "truth", dash = true, color = "black" }
print(impact.plot.curves(curves, {
  out = dir .. "/fit_recovery.png", size = size, xrange = { 0.5, x.n + 0.5 },
  xlabel = "", ylabel = "estimate / truth",
  -- no x label: at the "full" size plot.curves set the legend over it
  title = "Synthetic data, estimates / truth: 1 e, 2 μ (rod 2D); 3 e, 4 μ (rod 3D)" }).png)
