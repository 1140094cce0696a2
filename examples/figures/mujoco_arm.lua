-- The three-link arm of examples/mujoco_arm.lua (impact.mujoco.sample
-- "arm3": m = 4, 2.5, 1; L = 0.5, 0.4, 0.25) strikes the table with its
-- fingertip, swinging down at the approach speeds 0.05 .. 2 m/s, with the
-- contact's friction 0.2, 0.5 and 1 (both geoms; MuJoCo takes the larger).
-- MuJoCo's run through the impact (its soft contact, default solref,
-- gravity off) beside the exact one: solve2d on the M and J MuJoCo gives,
-- at MuJoCo's measured e and its mu. Drawn: the fingertip's tangential over
-- normal velocity change (the direction of the impulse in contact
-- velocities), and the kinetic energy kept T'/T. The rigid impact is
-- scale-free (a line in speed); MuJoCo's departs from it where its contact
-- lasts long against the arm's motion, and where its pyramidal friction
-- cone slips differently. Needs a build with MuJoCo.
-- Writes mujoco_arm_impulse.png and mujoco_arm_energy.png.
-- Run: impact examples/figures/mujoco_arm.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/common/?.lua;" .. package.path
local impact = require("impact")
local fig = require("figlib")
local dir = fig.outdir()

if not impact.mujoco.available then
  print("impact.mujoco: built without MuJoCo (install libmujoco-dev and rebuild): nothing to draw")
  return
end

local d = math.pi / 180
local L = { 0.5, 0.4, 0.25 }
local r_tip, table_y = 0.01, -0.6
local q1, q2 = -20 * d, -45 * d
local q3 = math.asin((table_y + r_tip - L[1] * math.sin(q1) - L[2] * math.sin(q2)) / L[3])
local qpos = { q1, q2 - q1, q3 - q2 }                  -- MuJoCo's hinge angles are relative
local x = L[1] * math.cos(q1) + L[2] * math.cos(q2) + L[3] * math.cos(q3)
local contacts = { { body = "hand", point = { x, table_y, 0 }, normal = { 0, 1 } } }
local rates = { -0.4, -0.8, -1.2 }                     -- absolute, examples/robot_arm.lua's
local dq = { rates[1], rates[2] - rates[1], rates[3] - rates[2] }

local src = assert(io.open(impact.mujoco.sample("arm3"))):read("a")
local function arm_with(mu)
  local fr = string.format(' friction="%g 0.005 0.0001"', mu)
  local xml = src:gsub('(<geom name="table")', "%1" .. fr):gsub('(<geom name="fingertip")', "%1" .. fr)
  local path = os.tmpname() .. ".xml"
  local f = assert(io.open(path, "w"))
  f:write(xml)
  f:close()
  local m = impact.mujoco.load(path)
  os.remove(path)
  return m
end

local speeds = {}
for i = 1, 11 do speeds[i] = 0.05 * 40 ^ ((i - 1) / 10) end
local curves_i, curves_e = {}, {}
print(string.format("%5s %7s %8s %9s %9s %8s %8s", "mu", "speed", "e_mj", "dvt/dvn mj", "rigid", "T'/T mj", "rigid"))
for k, mu in ipairs{ 0.2, 0.5, 1 } do
  local arm = arm_with(mu)
  local unit = arm:mechanism{ qpos = qpos, qvel = dq, contacts = contacts }
  local vn = 0
  for j = 1, 3 do vn = vn + unit.J[2][j] * dq[j] end
  local rm, rr, em, er = {}, {}, {}, {}
  for i, speed in ipairs(speeds) do
    local s = speed / -vn
    local qvel = { dq[1] * s, dq[2] * s, dq[3] * s }
    local r = arm:impact{ qpos = qpos, qvel = qvel, contacts = contacts }
    -- the fingertip's velocity change, MuJoCo's and the exact one
    local function ratio(q1dot)
      local dv = { 0, 0 }
      for row = 1, 2 do
        for j = 1, 3 do dv[row] = dv[row] + r.mechanism.J[row][j] * (q1dot[j] - qvel[j]) end
      end
      return dv[1] / dv[2]
    end
    rm[i], rr[i] = ratio(r.mujoco.qvel), ratio(r.rigid.qdot)
    em[i], er[i] = r.mujoco.energy_ratio, r.rigid.energy_ratio
    print(string.format("%5.2f %7.3f %8.4f %9.4f %9.4f %8.4f %8.4f", mu, speed, r.mujoco.e, rm[i], rr[i], em[i], er[i]))
  end
  local c = ({ "#1f5fa8", "#c0392b", "#2e8b3d" })[k]     -- one colour per friction
  local tag = string.format("μ = %g", mu)
  curves_i[#curves_i + 1] = { x = speeds, y = rm, title = "MuJoCo, " .. tag, style = "points", point = 6 + k, color = c }
  curves_i[#curves_i + 1] = { x = speeds, y = rr, title = "exact, " .. tag, color = c }
  curves_e[#curves_e + 1] = { x = speeds, y = em, title = "MuJoCo, " .. tag, style = "points", point = 6 + k, color = c }
  curves_e[#curves_e + 1] = { x = speeds, y = er, title = "exact, " .. tag, color = c }
end

for _, size in ipairs{ "column", "full" } do
  local sfx = size == "full" and "" or "_column"
  print(impact.plot.curves(curves_i, { logx = true, xrange = { 0.04, 2.5 }, size = size, out = dir .. "/mujoco_arm_impulse" .. sfx .. ".png",
    xlabel = "fingertip approach speed (m/s)", ylabel = "tangential / normal velocity change",
    title = "Arm striking the table: the impulse's direction" }).png)
  print(impact.plot.curves(curves_e, { logx = true, xrange = { 0.04, 2.5 }, size = size, out = dir .. "/mujoco_arm_energy" .. sfx .. ".png",
    xlabel = "fingertip approach speed (m/s)", ylabel = "kinetic energy kept T'/T",
    title = "Arm striking the table: energy (exact at MuJoCo's e)" }).png)
end
