-- The e -> solref map of impact.mujoco.solref for a ball and a rod: for
-- each requested restitution e the solref damping ratio found (time
-- constant 0.02, MuJoCo's default) and the restitution MuJoCo then
-- produces, against the requested one. The ball (m = 1, radius 0.1, time
-- step 0.002, MuJoCo's default) drops straight onto the floor at 1 m/s; the
-- rod (a capsule, m = 1, length 0.5, tilted 30 degrees, time step 0.0005)
-- strikes it with one end at 1 m/s, its e measured at that end. MuJoCo has
-- no restitution: its soft contact's rebound is found by running it
-- (Todorov, Erez & Tassa 2012) and moves in steps, as the number of steps
-- in contact does, so each e is reached within the residual reported: the
-- tolerance 1e-3 everywhere but the rod's e = 0.05 and 0.1 (4.8e-2 and
-- 1.5e-3, printed). Needs a build with MuJoCo.
-- Writes mujoco_solref_e.png and mujoco_solref_dampratio.png.
-- Run: impact examples/figures/mujoco_solref.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/common/?.lua;" .. package.path
local impact = require("impact")
local fig = require("figlib")
local dir = fig.outdir()

if not impact.mujoco.available then
  print("impact.mujoco: built without MuJoCo (install libmujoco-dev and rebuild): nothing to draw")
  return
end

-- the rod: its lower end at the floor, the axis 30 degrees from it
local tilt = math.rad(30)
local half = 0.25
local ROD = string.format([[
<mujoco model="rod">
  <option timestep="0.0005" gravity="0 0 0"/>
  <worldbody>
    <geom name="floor" type="plane" size="2 2 0.1" friction="0 0 0"/>
    <body name="rod" pos="0 0 %.17g">
      <freejoint name="rod"/>
      <geom name="rod" type="capsule" fromto="%.17g 0 %.17g %.17g 0 %.17g" size="0.01" mass="1" friction="0 0 0"/>
    </body>
  </worldbody>
</mujoco>]], half * math.sin(tilt) + 0.01, -half * math.cos(tilt), -half * math.sin(tilt),
  half * math.cos(tilt), half * math.sin(tilt))
local path = os.tmpname() .. ".xml"
local f = assert(io.open(path, "w"))
f:write(ROD)
f:close()
local rod = impact.mujoco.load(path)
os.remove(path)
local rod_state = { model = rod, body = "rod", qpos = { 0, 0, half * math.sin(tilt) + 0.01, 1, 0, 0, 0 },
                    qvel = { 0, 0, -1, 0, 0, 0 } }

local es, got, ratio = {}, { ball = {}, rod = {} }, { ball = {}, rod = {} }
for i = 1, 19 do es[i] = 0.05 * i end
print(string.format("%6s  %10s %10s %9s  %10s %10s %9s", "e", "ball dr", "ball e", "residual",
                    "rod dr", "rod e", "residual"))
for i, e in ipairs(es) do
  local b = impact.mujoco.solref{ e = e, speed = 1 }
  local t = { e = e }
  for k, v in pairs(rod_state) do t[k] = v end
  local r = impact.mujoco.solref(t)
  got.ball[i], ratio.ball[i] = b.e_achieved, b.solref[2]
  got.rod[i], ratio.rod[i] = r.e_achieved, r.solref[2]
  print(string.format("%6.2f  %10.6f %10.6f %9.1e  %10.6f %10.6f %9.1e", e, b.solref[2], b.e_achieved,
                      b.residual, r.solref[2], r.e_achieved, r.residual))
end

for _, size in ipairs{ "column", "full" } do
  local sfx = size == "full" and "" or "_column"
  print(impact.plot.curves({
      { x = es, y = got.ball, title = "ball", style = "points", point = 7 },
      { x = es, y = got.rod, title = "rod (at its striking end)", style = "points", point = 4 } }, {
    lines = { { x = { 0, 1 }, y = { 0, 1 }, dash = true, title = "achieved = requested" } },
    xrange = { 0, 1 }, yrange = { 0, 1 }, size = size, out = dir .. "/mujoco_solref_e" .. sfx .. ".png",
    xlabel = "requested e", ylabel = "e MuJoCo achieves with the solref found",
    title = "impact.mujoco.solref: MuJoCo's restitution" }).png)
  print(impact.plot.curves({
      { x = es, y = ratio.ball, title = "ball", style = "linespoints", point = 7 },
      { x = es, y = ratio.rod, title = "rod", style = "linespoints", point = 4 } }, {
    xrange = { 0, 1 }, logy = true, size = size, out = dir .. "/mujoco_solref_dampratio" .. sfx .. ".png",
    xlabel = "requested e", ylabel = "solref damping ratio (time constant 0.02)",
    title = "impact.mujoco.solref: the solref found" }).png)
end
