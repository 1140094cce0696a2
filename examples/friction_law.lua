-- Friction laws written in Lua: the coefficient of friction
-- as a function of the impact state, re-evaluated along Routh's path.
-- Wang & Mason's rod (B1 = B2 = 2.5, B3 = 1.5, C0 = -1, e = 0.5, Poisson)
-- under Coulomb's constant mu and three laws that vary along the impact:
-- with the slip speed, with the normal impulse, and with the phase (a
-- stick reached in compression breaks where mu drops at maximum
-- compression). Run: scripts/run examples/friction_law.lua
local impact = require "impact"

local laws = {
  { "Coulomb mu = 0.3", function() return 0.3 end },
  { "0.3 + 0.5 |vt|", function(s) return 0.3 + 0.5 * math.abs(s.vt) end },
  { "0.3 + 0.4 Pn", function(s) return 0.3 + 0.4 * s.Pn end },
  { "0.8 compression, 0.3 after", function(s) return s.phase == "compression" and 0.8 or 0.3 end },
}

print(string.format("%-28s %10s %10s %10s %10s  %-11s %s", "friction", "Px", "Py", "S", "dT", "mode",
                    "events (Py)"))
for _, l in ipairs(laws) do
  local r = impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, e = 0.5,
                            friction = l[2] }
  local ev = {}
  for i = 2, #r.path - 1 do
    ev[#ev + 1] = string.format("%s %.4f", r.path[i].event, r.path[i].Py)
  end
  print(string.format("%-28s %10.6f %10.6f %10.6f %10.6f  %-11s %s", l[1], r.Px, r.Py, r.S, r.dT,
                      r.mode, table.concat(ev, ", ")))
end
