-- A three-link planar arm (pinned at the shoulder) strikes a table with its
-- tip: the robotic setting of W86 (Wang's impacts of manipulators with
-- friction). impact.chain2d gives M, J and qdot; solve2d gives the tip
-- impulse, the joint-velocity jumps and the contact mode over a grid of the
-- elbow and wrist angles (absolute, degrees), shoulder fixed at 20 degrees.
-- The maps on a 1-degree grid: examples/figures/robot_arm.lua.
-- Run: scripts/run examples/robot_arm.lua
local impact = require "impact"

local d = math.pi / 180
local links = { { m = 4, L = 0.5 }, { m = 2.5, L = 0.4 }, { m = 1, L = 0.25 } }
local qdot = { -0.4, -0.8, -1.2 }   -- rad/s: the arm swings down

print("three-link arm, links m = (4, 2.5, 1) kg, L = (0.5, 0.4, 0.25) m, qdot = (-0.4, -0.8, -1.2) rad/s")
print("mu = 0.5, Poisson's law e = 0.3; q1 = 20 deg")
print(string.format("%5s %5s  %-11s %9s %9s %9s %9s %9s  %s", "q2", "q3", "mode", "Px", "Py",
                    "dqdot1", "dqdot2", "dqdot3", "T'/T"))
for q2 = -60, 0, 30 do
  for q3 = -120, -30, 30 do
    local p = impact.chain2d{ links = links, q = { 20 * d, q2 * d, q3 * d }, qdot = qdot,
                              mu = 0.5, e = 0.3 }
    local ok, r = pcall(impact.solve2d, p)
    if ok then
      print(string.format("%5d %5d  %-11s %9.5f %9.5f %9.5f %9.5f %9.5f  %.4f", q2, q3, r.mode, r.Px, r.Py,
                          r.qdot[1] - qdot[1], r.qdot[2] - qdot[2], r.qdot[3] - qdot[3], r.energy_ratio))
    else
      print(string.format("%5d %5d  (%s)", q2, q3, r:match("C0.-$") or r))
    end
  end
end
