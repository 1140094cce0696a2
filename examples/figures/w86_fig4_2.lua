-- Wang 1986, figure 4.2: the impact space. Every striking state (gamma, the
-- direction of the incident contact-point velocity from the normal, and
-- theta, the direction of the centre of mass from the normal) maps to a
-- contact mode; here mu = 0.25, e = 0.8, r = l/rho = 1.414 (Poisson).
-- The paper's regions: sliding at large |gamma|, sticking (C and R) around
-- gamma = 0, reversed sliding where the centre of mass leans towards the
-- side the contact point moves to.
--
-- Where the workbench differs: the extracted W86 (4.2) reads
-- mu t^2 - r^2 t + mu(1 + r^2) < 0; the correct reversal condition is
-- mu t^2 + r^2 t + mu(1 + r^2) < 0 (t = tan theta, gamma > 0), so reversal
-- lies at theta < 0 for gamma > 0: here theta in (-82.5, -21.5) degrees
-- (help("papers")). The map is computed by the path tracer, not from the
-- region formulas; the boundaries of (4.1), (4.3) and the corrected (4.2)
-- are drawn over it and agree with it.
-- Run: impact examples/figures/w86_fig4_2.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/common/?.lua;" .. package.path
local impact = require("impact")
local fig = require("figlib")
local dir = fig.outdir()

local s = fig.w86(1.414, 0.25, 0.8, 179)
print(s)
print(impact.plot.map(s, { x = "gamma_deg", y = "theta_deg", color = "mode",
  out = dir .. "/w86_fig4_2.png", xlabel = "γ (deg): incident velocity from the normal",
  ylabel = "θ (deg): centre of mass from the normal",
  title = "W86 fig. 4.2: impact space, μ = 0.25, e = 0.8, r = 1.414",
  lines = fig.w86_lines(1.414, 0.25, 0.8) }).png)
