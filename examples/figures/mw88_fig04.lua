-- Mason & Wang 1988, figure 4: impact analysis of the sliding rod. The rod
-- (m = 1, rho = 1, ends at l = 4 from its centre of mass, at theta = 75
-- degrees from the surface) slides to the left with mu = tan 30 degrees:
-- no finite contact force keeps it on the surface (Painleve; a < 0, MW88
-- eq 20), and the tangential impact (C0 = 0) resolves it. Impulse space:
-- the line of sticking (MW88 eq 30), of maximum compression (eq 31) and
-- the friction line Pt = mu Pn. The characteristic point moves along the
-- friction line, meets the line of sticking and follows it to maximum
-- compression, where a plastic impact ends; a perfectly elastic one goes
-- on along it until Pn is doubled. Both are drawn (impact.painleve's
-- resolving impact, without e and with e = 1).
--
-- The workbench's Px is MW88's Pt (the rod slides towards -x, friction
-- pushes towards +x).
-- Run: impact examples/figures/mw88_fig04.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/common/?.lua;" .. package.path
local impact = require("impact")
local fig = require("figlib")

local rod = { l = 4, theta_deg = 75, mu = math.tan(math.rad(30)) }
local plastic = impact.painleve(rod)
rod.e = 1
local elastic = impact.painleve(rod)
fig.report("mw88 a", { a = plastic.a, consistent = tostring(plastic.consistent) })
for name, p in pairs{ plastic = plastic, elastic = elastic } do
  local r = p.impact
  local stick = r.path[2]
  fig.report("mw88 " .. name, { mode = r.mode, Px = r.Px, Py = r.Py, Px_stick = stick.Px, Py_stick = stick.Py })
end
fig.draw(impact.plot.path, { plastic.impact, elastic.impact }, {
  label = { "plastic (e = 0)", "perfectly elastic (e = 1)" },
  title = "MW88 fig. 4: the sliding rod's tangential impact (l = 4, θ = 75°, μ = tan 30°, sliding left)",
}, "mw88_fig04")
