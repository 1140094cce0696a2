-- Two billiard balls in 3D: a cue ball with topspin and sidespin strikes a
-- resting object ball off-centre (a 30 degree cut), solve3d{ body =, body2 = }.
--
-- Geometry (the contact frame is the world frame): the line of centres is
-- the normal +y, pointing from the object ball (body 2, below) into the cue
-- ball (body 1, above); the table is the x-y plane (up = +z), so both
-- centres are at the same height. The cue ball travels in the table plane at 2 m/s,
-- 30 degrees off the line of centres; "roll" is natural roll (w = z x v / R,
-- no slip on the cloth), "side" adds sidespin about +z. Standard balls:
-- m = 0.17 kg, R = 28.575 mm, I = 2/5 m R^2; ball-ball mu = 0.06, e = 0.93
-- (Poisson's law). The cloth is ignored during the impact.
--
-- The spheres' contact points lie on the line of centres (r parallel to the
-- normal), so W has no normal-tangential coupling and an isotropic tangential
-- block: the slip keeps its direction, and Sun & Baruh's algebraic model
-- (fixed friction direction per stage) agrees with the exact Darboux-Keller
-- integration (Keller 1986) to rounding. The spin throws the object ball:
-- the tangential slip of the contact is (1 + R w_z, -, -R w_x): the cut and
-- sidespin throw it along x, topspin gives a vertical impulse (P.z > 0 lifts
-- the cue ball; the object ball's downward push goes into the cloth, which
-- the model leaves out).
-- Run: impact examples/cue_ball.lua
local impact = require "impact"

local m, R = 0.17, 0.028575
local I = 2 / 5 * m * R ^ 2
local speed, cut = 2.0, math.rad(30)
local v1 = { speed * math.sin(cut), -speed * math.cos(cut), 0 }
local roll = { -v1[2] / R, v1[1] / R, 0 }          -- z x v / R

local function ball(r, v, w)
  return { m = m, inertia = { I, I, I }, r = r, v = v, w = w }
end

local cases = {
  { "stun (no spin)", { 0, 0, 0 } },
  { "natural roll", roll },
  { "roll + side w_z = +40", { roll[1], roll[2], 40 } },
  { "roll + side w_z = -40 (near gearing: the x slip almost cancels)", { roll[1], roll[2], -40 } },
}

print(string.format("cue ball v = (%.4f, %.4f, 0) m/s, natural roll w = (%.2f, %.2f, 0) rad/s; mu = 0.06, e = 0.93",
  v1[1], v1[2], roll[1], roll[2]))
for _, c in ipairs(cases) do
  print(string.format("\n%s: w = (%.2f, %.2f, %.2f) rad/s", c[1], c[2][1], c[2][2], c[2][3]))
  for _, method in ipairs{ "exact", "algebraic" } do
    local r = impact.solve3d{ body = ball({ 0, -R, 0 }, v1, c[2]),
                              body2 = ball({ 0, R, 0 }, { 0, 0, 0 }, { 0, 0, 0 }),
                              mu = 0.06, e = 0.93, law = "poisson", method = method }
    local o, q = r.body2.v, r.body1
    -- throw: the object ball's direction off the line of centres (-y)
    local throw = math.deg(math.atan(o[1], -o[2]))
    print(string.format("  %-9s P = (%.6f, %.6f, %.6f) N s  %-8s dT = %.6f J", method,
      r.P.x, r.P.y, r.P.z, r.mode, r.dT))
    print(string.format("            object ball v = (%.5f, %.5f, %.5f)  throw %.3f deg  w = (%.3f, %.3f, %.3f)",
      o[1], o[2], o[3], throw, r.body2.w[1], r.body2.w[2], r.body2.w[3]))
    print(string.format("            cue ball    v = (%.5f, %.5f, %.5f)  w = (%.3f, %.3f, %.3f)",
      q.v[1], q.v[2], q.v[3], q.w[1], q.w[2], q.w[3]))
  end
end
