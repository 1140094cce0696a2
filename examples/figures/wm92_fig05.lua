-- Wang & Mason 1992, figure 5: three regions of impulse space (S0 < 0,
-- B3 < 0). The line of sticking S meets the line of maximum compression C
-- at Q and the line of termination T at D; the rays OD and OQ divide the
-- space. A line of limiting friction in region 1 (slope below mu_d, WM92
-- eq 32) ends before it reaches S: the contact slides throughout. In
-- region 2 (mu_d < mu < mu_q, eq 33) it meets C first, then S: sticking
-- (or reversal) in restitution; in region 3 (mu > mu_q) it meets S first:
-- in compression. Drawn: the rays, S, C and Newton's T, and the path for a
-- mu in each region: 0.05 (sliding), 0.8 (R-sticking), 1.3 (C-sticking);
-- all three stick rather than reverse since mu > |mu_s| = B3/B1 = 0.6.
--
-- The paper's figure is a sketch; this is the rod's B1 = B2 = 2.5 with
-- B3 = -1.5, S0 = C0 = -1, Newton's law e = 0.5 (the T of the caption;
-- Poisson's paths have the same modes, WM92 Table 1). The rays are drawn
-- through D and Q computed from the lines; their slopes are classify2d's
-- mu_d and mu_q (1/9 and 1), which the script prints.
-- Run: impact examples/figures/wm92_fig05.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/common/?.lua;" .. package.path
local impact = require("impact")
local fig = require("figlib")

local B1, B2, B3, S0, C0, e = 2.5, 2.5, -1.5, -1, -1, 0.5
local base = { B1 = B1, B2 = B2, B3 = B3, S0 = S0, C0 = C0, e = e, law = "newton" }
local function problem(mu)
  local t = { mu = mu }
  for k, v in pairs(base) do t[k] = v end
  return t
end
local paths = {}
for i, mu in ipairs{ 0.05, 0.8, 1.3 } do
  paths[i] = impact.solve2d(problem(mu))
  fig.report(string.format("fig05 mu=%g", mu), { mode = paths[i].mode, Px = paths[i].Px, Py = paths[i].Py })
end
-- Q: S (S0 + B1 Px - B3 Py = 0) meets C (C0 - B3 Px + B2 Py = 0); D: S meets
-- Newton's T ((1+e) C0 - B3 Px + B2 Py = 0). Cramer's rule.
local function meet(c2)
  local d = B1 * B2 - B3 * B3
  return (-S0 * B2 - B3 * c2) / d, (-B1 * c2 - S0 * B3) / d
end
local xQ, yQ = meet(C0)
local xD, yD = meet((1 + e) * C0)
local c = impact.classify2d(problem(0.8))
fig.report("fig05 rays", { xQ = xQ, yQ = yQ, xD = xD, yD = yD, mu_d = c.mu_d, mu_q = c.mu_q })
local top = 1.15
local function ray(x, y, title, color)
  return { x = { 0, x / y * top }, y = { 0, top }, title = title, color = color, dash = "-", width = 2 }
end
local function at(slope, frac) return slope * frac * top end
fig.draw(impact.plot.path, paths, {
  label = { "region 1 (μ = 0.05)", "region 2 (μ = 0.8)", "region 3 (μ = 1.3)" },
  xrange = { -0.35, 1.05 }, yrange = { 0, top },
  lines = { ray(xD, yD, "OD (slope μ_d)", "#000000"), ray(xQ, yQ, "OQ (slope μ_q)", "#7f7f7f") },
  notes = { { x = at(0.085, 0.95), y = 0.95 * top, text = "1" },
            { x = at((c.mu_d + c.mu_q) / 2, 0.9), y = 0.9 * top, text = "2" },
            { x = 0.85, y = 0.35, text = "3" } },
  enhanced = true,
  title = "WM92 fig. 5: three regions (S_0 = C_0 = -1, B_3 = -1.5, Newton e = 0.5), μ = 0.05, 0.8, 1.3",
}, "wm92_fig05")
