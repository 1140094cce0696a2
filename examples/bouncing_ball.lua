-- A ball bouncing to rest (a closed form: impact times, rebound speeds; the impact
-- oscillator's accumulation, e.g. Brogliato, Nonsmooth Mechanics, 2016):
-- a disk (radius R) dropped from rest with its lowest point at height h on
-- a frictionless floor, restitution e. Between impacts a parabola; the
-- k-th impact comes at t1 + sum_{j<k} 2 e^j v1/g with t1 = sqrt(2h/g),
-- v1 = sqrt(2gh); the rebound after it is e^k v1 and the apex e^(2k) h.
-- The impacts accumulate at t_inf = t1 (1 + e)/(1 - e): impact.simulate
-- detects the geometric decay, extrapolates t_inf and closes the contact
-- there (event "rest"). Printed: the measured impacts against these
-- closed forms, and the rest event against t_inf.
-- Run: impact examples/bouncing_ball.lua [DIR]  (with DIR: the figure
-- DIR/sim_bouncing_ball.png, .svg, .dat, .gp: height against time, the
-- impacts marked)
local impact = require "impact"

local g, h, R, e, m = 9.81, 1.0, 0.1, 0.7, 1.0
local t1, v1 = math.sqrt(2 * h / g), math.sqrt(2 * g * h)
local t_inf = t1 * (1 + e) / (1 - e)

local ball = impact.scene2d{ gravity = { 0, -g }, e = e,
  lines = { { point = { 0, 0 }, normal = { 0, 1 } } },
  bodies = { { m = m, rho = R / math.sqrt(2), y = h + R, radius = R } } }
local run = impact.simulate(ball, { t_end = 2 * t_inf, dt = 0.002 })

print(string.format("Bouncing ball: h = %g, e = %g, g = %g: t1 = %.12f, v1 = %.12f, t_inf = t1 (1+e)/(1-e) = %.12f",
  h, e, g, t1, v1, t_inf))
print(string.format("%3s %16s %10s %16s %10s %14s %10s", "k", "t_k", "rel.err", "rebound v_k", "rel.err",
  "apex h_k", "rel.err"))
local k, tk, worst = 0, t1, { t = 0, v = 0, h = 0 }
local rest
for _, ev in ipairs(run.events) do
  if ev.kind == "impact" then
    k = k + 1
    local v = ev.qdot_after[2]
    local apex = (ev.q[2] - R) + v * v / (2 * g)          -- from the state just after the impact
    local et = math.abs(ev.t - tk) / tk
    local ev_ = math.abs(v - e ^ k * v1) / (e ^ k * v1)
    local eh = math.abs(apex - e ^ (2 * k) * h) / (e ^ (2 * k) * h)
    worst.t, worst.v, worst.h = math.max(worst.t, et), math.max(worst.v, ev_), math.max(worst.h, eh)
    if k <= 12 or k % 10 == 0 then
      print(string.format("%3d %16.12f %10.1e %16.12f %10.1e %14.6e %10.1e", k, ev.t, et, v, ev_, apex, eh))
    end
    tk = tk + 2 * e ^ k * v1 / g
  elseif ev.kind == "rest" then
    rest = ev
  end
end
local function bound(x) return string.format("1e%d", math.ceil(math.log(math.max(x, 1e-16), 10))) end
print(string.format("%d impacts resolved; worst relative errors: t_k < %s, v_k < %s, h_k < %s",
  k, bound(worst.t), bound(worst.v), bound(worst.h)))
assert(rest, "no rest event")
print(string.format("rest event at t = %.12f (t_inf = %.12f, relative error %.1e) after %d impacts; status %s",
  rest.t, t_inf, math.abs(rest.t - t_inf) / t_inf, rest.impacts_resolved, run.status))
local n = #run.t
print(string.format("final state: y - R = %.1e, vy = %.1e; energy %.6f (m g R = %.6f)",
  run.q[n][2] - R, run.qdot[n][2], run.energy[n], m * g * R))

local dir = arg and arg[1]
if dir then
  local p = impact.plot.run(run, { y = "q2", out = dir .. "/sim_bouncing_ball.png",
    title = string.format("Bouncing to rest: e = %g, t_∞ = %.4f s", e, t_inf),
    ylabel = "height of the centre y (m)", xlabel = "t (s)", enhanced = true })   -- t_∞: a subscript
  print("figure: " .. p.png .. (p.svg and (", " .. p.svg) or ""))
end
