-- Each published damping formula of the Hunt-Crossley law
-- F = k delta^(3/2) (1 + c delta') against the restitution it aims at: the
-- e_eff a direct impact produces (m = 1, k = 1e6, v0 = 1; every formula
-- scales c with 1/v0, so e_eff is the same at every speed:
-- examples/compliant_damping.lua prints three) over the target e, with the
-- line e_eff = e where a formula would be exact. Hunt & Crossley 1975,
-- Lankarani & Nikravesh 1990, Flores et al. 2011.
-- Run: impact examples/figures/compliant_damping.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/common/?.lua;" .. package.path
local impact = require("impact")
local fig = require("figlib")
local dir = fig.outdir()

local formulas = { { "hunt-crossley", "Hunt-Crossley 1975" }, { "lankarani-nikravesh", "Lankarani-Nikravesh 1990" },
                   { "flores", "Flores et al. 2011" } }
local es = {}
for i = 1, 40 do es[i] = 0.025 * i end
local curves = {}
for j, f in ipairs(formulas) do
  local y = {}
  for i, e in ipairs(es) do
    y[i] = impact.solve2d{ B1 = 1, B2 = 1, B3 = 0, S0 = 0, C0 = -1, mu = 0,
                           law = { "hunt-crossley", k = 1e6, e = e, damping = f[1] } }.e_eff
  end
  curves[j] = { x = es, y = y, title = f[2] }
  print(string.format("%-20s e = 0.2: e_eff = %.4f; e = 0.5: %.4f; e = 0.8: %.4f", f[1], y[8], y[20], y[32]))
end
print(impact.plot.curves(curves, {
  lines = { { x = { 0, 1 }, y = { 0, 1 }, dash = true, title = "e_{eff} = e" } },
  xrange = { 0, 1 }, out = dir .. "/compliant_damping.png",
  xlabel = "e: the restitution the damping formula aims at",
  ylabel = "e_{eff}: the restitution the force produces",
  title = "Hunt-Crossley damping formulas: direct impact, n = 3/2 (any speed)", enhanced = true }).png)
