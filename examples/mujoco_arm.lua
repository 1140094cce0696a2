-- The three-link arm of examples/robot_arm.lua, read from its MJCF file
-- (impact.mujoco.sample("arm3")), strikes the table with its fingertip:
-- MuJoCo's own run through the impact (its soft contact, default solref,
-- friction 1) beside the rigid answer on the M and J MuJoCo gives, over the
-- approach speed; then the e -> solref map for the sample ball. Needs a
-- build with MuJoCo (libmujoco-dev); without it, says so.
-- Run: scripts/run examples/mujoco_arm.lua
local impact = require "impact"

if not impact.mujoco.available then
  print("impact.mujoco: built without MuJoCo (install libmujoco-dev and rebuild): nothing to run")
  return
end

local d = math.pi / 180
local arm = impact.mujoco.load(impact.mujoco.sample("arm3"))
local L = { 0.5, 0.4, 0.25 }
local r_tip, table_y = 0.01, -0.6

-- Absolute link angles q1, q2 and the wrist angle q3 that puts the
-- fingertip sphere on the table (its centre r_tip above y = -0.6).
local q1, q2 = -20 * d, -45 * d
local s3 = (table_y + r_tip - L[1] * math.sin(q1) - L[2] * math.sin(q2)) / L[3]
local q3 = math.asin(s3)                 -- the wrist pointing down and forward
local qabs = { q1, q2, q3 }
local qpos = { q1, q2 - q1, q3 - q2 }    -- MuJoCo's hinge angles are relative
local x = L[1] * math.cos(q1) + L[2] * math.cos(q2) + L[3] * math.cos(q3)
local point = { x, table_y, 0 }

-- joint rates swinging down (robot_arm.lua's), scaled to a fingertip speed
local abs_rates = { -0.4, -0.8, -1.2 }
local dir = { abs_rates[1], abs_rates[2] - abs_rates[1], abs_rates[3] - abs_rates[2] }   -- MuJoCo's relative rates
local unit = arm:mechanism{ qpos = qpos, qvel = dir,
                            contacts = { { body = "hand", point = point, normal = { 0, 1 } } } }
local vn = 0
for j = 1, 3 do vn = vn + unit.J[2][j] * dir[j] end

print(string.format("arm3 (m = 4, 2.5, 1; L = 0.5, 0.4, 0.25) at q = (%.1f, %.1f, %.1f) deg, fingertip on the table y = -0.6",
                    qabs[1] / d, qabs[2] / d, qabs[3] / d))
print("MuJoCo 2.2, timestep 0.0005, solref (0.02, 1), friction 1; rigid: solve2d on MuJoCo's M, J at MuJoCo's e and mu")
print(string.format("%8s %8s %8s %8s %9s %9s %10s %10s  %-11s", "speed", "e_mj", "T'/T mj", "T'/T rig",
                    "t_c (ms)", "depth", "|dqvel|", "dvt/dvn mj", "rigid mode"))
for _, speed in ipairs{ 0.05, 0.2, 0.5, 1, 2 } do
  local k = speed / -vn
  local qvel = { dir[1] * k, dir[2] * k, dir[3] * k }
  local r = arm:impact{ qpos = qpos, qvel = qvel,
                        contacts = { { body = "hand", point = point, normal = { 0, 1 } } } }
  local m = r.mujoco
  -- the tangential to normal velocity change ratio at the tip, MuJoCo's
  -- beside the rigid one (like with like: the impulse ratio Px/Py is
  -- another number, W mixing the rows)
  local function ratio(q1)
    local dv = { 0, 0 }
    for row = 1, 2 do
      for j = 1, 3 do dv[row] = dv[row] + r.mechanism.J[row][j] * (q1[j] - qvel[j]) end
    end
    return dv[1] / dv[2]
  end
  print(string.format("%8.2f %8.4f %8.4f %8.4f %9.2f %9.2e %10.2e %10.4f  %-11s (rigid %.4f)", speed, m.e,
                      m.energy_ratio, r.rigid.energy_ratio, m.duration * 1e3, m.depth_max, r.dqvel_max,
                      ratio(m.qvel), r.rigid.mode, ratio(r.rigid.qdot)))
end

print()
print("solref for a restitution: the sample ball (m = 1, radius 0.1) dropped at speed, timestep 0.002, timeconst 0.02")
print(string.format("%6s %6s %10s %10s %10s %5s", "e", "speed", "dampratio", "e_mj", "residual", "runs"))
for _, speed in ipairs{ 0.5, 2 } do
  for _, e in ipairs{ 0.2, 0.5, 0.8, 0.95 } do
    local s = impact.mujoco.solref{ e = e, speed = speed }
    print(string.format("%6.2f %6.2f %10.6f %10.6f %10.2e %5d", e, speed, s.solref[2], s.e_achieved, s.residual, s.runs))
  end
end
