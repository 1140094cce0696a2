-- McGeer's rimless wheel rolling down a slope (McGeer, IJRR 9, 1990;
-- Coleman, Chatterjee & Ruina, Dyn. Stab. Syst. 12, 1997): N spokes of
-- length l on a hub (mass m, inertia I about the hub), on a slope gamma, no
-- slip, e = 0. Between impacts it pivots on its stance foot, an inverted
-- pendulum; at each impact the next foot strikes and the angular momentum
-- about it is kept: w+ = eta w-, eta = (I + m l^2 cos(2 beta))/(I + m l^2),
-- beta = pi/N. Over a step the hub falls 2 l sin(beta) sin(gamma):
-- w-^2 = w+^2 + K, K = 4 m g l sin(beta) sin(gamma)/(I + m l^2). The return
-- map of the post-impact rate, w_{k+1} = eta sqrt(w_k^2 + K), has the
-- fixed point w* = eta sqrt(K/(1 - eta^2)), stable with multiplier eta.
--
-- impact.simulate follows the wheel (a scene2d: the hub with its N spoke
-- tips as points, gravity tilted into the slope's frame) from two starts,
-- one slower and one faster than w*. Printed: each measured w_{k+1}
-- against the return map applied to the measured w_k, and the distance to
-- the closed-form w*. (Much faster starts leave McGeer's model: near the
-- end of a step the stance foot's normal force m (g cos(beta + gamma) -
-- w^2 l) falls towards zero and the foot slips, an event "slip": from
-- 2.5 w* it does, and that first step is off the map by 1e-3.)
-- Run: impact examples/rimless_wheel.lua [DIR]  (with DIR: the return map
-- with both runs' cobwebs, DIR/sim_rimless_wheel.png, .svg, .dat, .gp)
local impact = require "impact"

local N, m, l, g, gam = 8, 1.0, 1.0, 9.81, 0.08
local I = 0.25 * m * l * l
local beta = math.pi / N
local J = I + m * l * l
local eta = (I + m * l * l * math.cos(2 * beta)) / J
local K = 4 * m * g * l * math.sin(beta) * math.sin(gam) / J
local w_star = eta * math.sqrt(K / (1 - eta * eta))
-- the slowest post-impact rate that still carries the hub over the top
local w_min = math.sqrt(2 * m * g * l * (1 - math.cos(beta - gam)) / J)
local function map(w) return eta * math.sqrt(w * w + K) end

print(string.format("Rimless wheel: N = %d, l = %g, I = %g m l^2, slope %.3f rad: eta = %.12f, K = %.12f", N, l, I / (m * l * l), gam, eta, K))
print(string.format("  fixed point w* = eta sqrt(K/(1 - eta^2)) = %.12f rad/s (multiplier eta); over the top needs w+ > %.6f", w_star, w_min))

local points = {}
for j = 0, N - 1 do
  local a = beta - math.pi / 2 + 2 * beta * j
  points[#points + 1] = { l * math.cos(a), l * math.sin(a) }
end

-- just after an impact, foot 0 at the origin, the hub behind it by beta, turning at rate w0 (clockwise)
local function wheel_run(w0, t_end)
  local wheel = impact.scene2d{ gravity = { g * math.sin(gam), -g * math.cos(gam) }, mu = 5, e = 0,
    lines = { { point = { 0, 0 }, normal = { 0, 1 } } },
    bodies = { { m = m, I = I, x = -l * math.sin(beta), y = l * math.cos(beta), phi = 0,
                 vx = w0 * l * math.cos(beta), vy = w0 * l * math.sin(beta), w = -w0, points = points } } }
  return impact.simulate(wheel, { t_end = t_end, dt = 0.01 })
end

local runs, iterates = {}, {}
for i, w0 in ipairs{ 0.8 * w_star, 1.8 * w_star } do
  assert(w0 > w_min)
  local run = wheel_run(w0, 50)
  runs[i] = run
  local ws = { w0 }
  local worst = 0
  print(string.format("\nstart w0 = %.6f (%.1f w*): %d events (%d impacts), status %s", w0, w0 / w_star, run.n_events,
    run.n_impacts, run.status))
  print(string.format("%4s %18s %18s %10s %12s", "k", "w_k (measured)", "eta sqrt(w^2+K)", "rel.err", "w_k - w*"))
  for _, ev in ipairs(run.events) do
    if ev.kind == "impact" then
      local w = -ev.qdot_after[3]
      local pred = map(ws[#ws])
      local err = math.abs(w - pred) / pred
      worst = math.max(worst, err)
      ws[#ws + 1] = w
      local k = #ws - 1
      if k <= 8 or k % 10 == 0 then
        print(string.format("%4d %18.12f %18.12f %10.1e %12.3e", k, w, pred, err, w - w_star))
      end
    end
  end
  iterates[i] = ws
  print(string.format("  %d impacts; every step against the return map: rel.err < 1e%d; last |w_k - w*|/w* = %.1e (eta^k = %.1e)",
    #ws - 1, math.ceil(math.log(math.max(worst, 1e-16), 10)), math.abs(ws[#ws] - w_star) / w_star, eta ^ (#ws - 1)))
end

local dir = arg and arg[1]
if dir then
  -- the map, the diagonal, and each run's cobweb (w_k, w_k) -> (w_k, w_{k+1}) -> (w_{k+1}, w_{k+1})
  local lo, hi = 0.6 * w_star, 2 * w_star
  local mx, my = {}, {}
  for i = 0, 200 do
    local w = lo + (hi - lo) * i / 200
    mx[#mx + 1], my[#my + 1] = w, map(w)
  end
  local curves = {
    { x = mx, y = my, title = "η √(w² + K)", color = "black", width = 3 },
    { x = { lo, hi }, y = { lo, hi }, title = "w_{k+1} = w_k", color = "#7f7f7f", dash = true },
  }
  local colors = { "#4575b4", "#d73027" }
  for i, ws in ipairs(iterates) do
    local cx, cy = { ws[1] }, { lo }
    for k = 1, math.min(#ws - 1, 12) do
      cx[#cx + 1], cy[#cy + 1] = ws[k], ws[k + 1]
      cx[#cx + 1], cy[#cy + 1] = ws[k + 1], ws[k + 1]
    end
    curves[#curves + 1] = { x = cx, y = cy, style = "linespoints", point = 7, color = colors[i],
      title = string.format("simulate, w_0 = %.1f w*", ws[1] / w_star) }
  end
  curves[#curves + 1] = { x = { w_star }, y = { w_star }, style = "points", point = 6, color = "black",
    title = string.format("w* = %.4f", w_star) }
  local f = impact.plot.curves(curves, { out = dir .. "/sim_rimless_wheel.png", xrange = { lo, hi }, yrange = { lo, hi }, key = "top left",
    title = string.format("Rimless wheel: N = %d, slope %.2f rad", N, gam),
    xlabel = "w_k after impact k (rad/s)", ylabel = "w_{k+1} (rad/s)", enhanced = true })
  print("figure: " .. f.png)
end
