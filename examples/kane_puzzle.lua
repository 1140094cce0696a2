-- Kane's dynamics puzzle (Kane 1984): a double pendulum (two uniform links,
-- m = 1, L = 1, pinned) strikes the ground with its tip, qdot = (-1, -1).
-- With mu = 0.8 and e = 1, Newton's law of restitution gains kinetic
-- energy near the singular configuration q2 = -50 degrees (Keller 1986;
-- Stronge 1990 on the energetic law). For fixed q1 = -40 degrees, a sweep
-- of q2: dT per law and for model "kane", and the mode under Poisson's law;
-- each configuration is prepared once (impact.prepare_mechanism) for its
-- four solves.
-- The figure of this sweep (T'/T per law, finer): examples/figures/kane_puzzle.lua.
-- Run: scripts/run examples/kane_puzzle.lua
local impact = require "impact"

local d = math.pi / 180
local mu, e, q1 = 0.8, 1, -40

local function pendulum(q2, extra)
  local t = { links = { { m = 1, L = 1 }, { m = 1, L = 1 } }, q = { q1 * d, q2 * d },
              qdot = { -1, -1 }, mu = mu, e = e }
  for k, v in pairs(extra) do t[k] = v end
  return impact.chain2d(t)
end

print(string.format("Kane's double pendulum, q1 = %d deg, qdot = (-1, -1), mu = %g, e = %g", q1, mu, e))
print(string.format("%6s  %-12s %10s %10s %10s %10s  %s", "q2", "mode", "poisson", "newton",
                    "energetic", "kane", "T'/T newton"))
for q2 = -80, -5, 5 do
  local row, gain = {}, ""
  if q2 == q1 then   -- links in line: the tip cannot move along the link
    print(string.format("%6d  (singular: J M^-1 J^T has rank 1)", q2))
    goto continue
  end
  -- one configuration, four solves: M and J prepared once
  local p = pendulum(q2, {})
  local m = impact.prepare_mechanism{ M = p.M, J = p.J }
  local function solve(extra)
    local t = { mechanism = m, qdot = p.qdot, mu = mu, e = e }
    for k, v in pairs(extra) do t[k] = v end
    return impact.solve2d(t)
  end
  for _, law in ipairs{ "poisson", "newton", "energetic" } do
    row[#row + 1] = solve{ law = law }
  end
  local kane = solve{ model = "kane" }
  if row[2].dT > 0 then gain = "  <- Newton gains energy" end
  print(string.format("%6d  %-12s %10.6f %10.6f %10.6f %10.6f  %.6f%s", q2, row[1].mode,
                      row[1].dT, row[2].dT, row[3].dT, kane.dT, row[2].energy_ratio, gain))
  ::continue::
end
print("(columns poisson .. kane: dT, the change of kinetic energy; T0 = "
      .. string.format("%.6f)", impact.solve2d(pendulum(-50, {})).T0))
