-- Housner's rocking block in motion (Housner, Bull. Seism. Soc. Am. 53,
-- 1963): a rigid rectangle (half-width b, half-height h, R = sqrt(b^2 +
-- h^2), slenderness alpha = atan(b/h), uniform: I_O = 4 m R^2/3 about a
-- corner) released from rest tilted by theta0 on its right corner. It
-- pivots, I_O theta'' = -m g R sin(alpha sgn(theta) - theta), until the
-- other corner strikes the ground; with e = 0 at the corners and friction
-- that holds, each impact keeps the angular momentum about the new corner:
-- theta'_after / theta'_before = r = 1 - (3/2) sin^2(alpha).
--
-- impact.simulate follows the whole motion (both bottom corners are
-- contacts of a scene2d; the impacts are two-contact impacts under
-- solve_multi's moreau model). Printed against the closed forms:
--   * every impact's ratio against r;
--   * the amplitudes: between impacts the energy is conserved, so the
--     amplitude after impact k follows exactly from the one before,
--     cos(alpha - theta_k) = cos(alpha) + r^2 (cos(alpha - theta_{k-1}) - cos(alpha));
--     measured here as the largest tilt between two impacts (the samples
--     around the turning point, refined by a parabola);
--   * the impact times: Housner's linearised quarter period from rest at
--     theta, T(theta) = (1/p) arccosh(1/(1 - theta/alpha)), p^2 = 3g/(4R),
--     and the same quarter period of the full nonlinear equation (an RK4
--     quadrature written here): t_1 = T(theta0), t_{k+1} = t_k + 2 T(theta_k).
--     The linearised form is off by O(alpha^2); the nonlinear one agrees
--     to the quadrature's accuracy.
-- The half-periods shrink with the amplitude (T ~ sqrt(2 theta/alpha)/p):
-- the impacts accumulate in finite time and the block comes to rest
-- upright (here after about 290 impacts, at 23.3 s, the run's status
-- "rest").
-- Run: impact examples/housner_rocking.lua [DIR]  (with DIR: the figures
-- DIR/sim_housner_tilt.png (tilt against time with Housner's linearised
-- solution) and DIR/sim_housner_frames.png (a strobe), with .svg, .dat, .gp)
local impact = require "impact"

local g, m, b, h = 9.81, 1.0, 0.15, 1.0
local R, alpha = math.sqrt(b * b + h * h), math.atan(b / h)
local I_O = 4 * m * R * R / 3
local p = math.sqrt(m * g * R / I_O)
local r = 1 - 1.5 * math.sin(alpha) ^ 2
local theta0 = 0.6 * alpha

-- phi = -theta: a clockwise turn about the right corner (b, -h) lifts the left one
local block = impact.scene2d{ gravity = { 0, -g }, mu = 5, e = 0,
  lines = { { point = { 0, 0 }, normal = { 0, 1 } } },
  bodies = { { m = m, I = m * R * R / 3, phi = -theta0,
               x = b - b * math.cos(theta0) + h * math.sin(theta0), y = h * math.cos(theta0) + b * math.sin(theta0),
               points = { { b, -h }, { -b, -h }, { -b, h }, { b, h } } } } }
local t_end = 30
local run = impact.simulate(block, { t_end = t_end, dt = 1e-3 })

-- The quarter period of the nonlinear equation from rest at th (> 0):
-- th'' = -p^2 sin(alpha - th), RK4 to th = 0, the last step cut by Newton.
local function rk4(th, w, dt)
  local function acc(x) return -p * p * math.sin(alpha - x) end
  local k1, l1 = w, acc(th)
  local k2, l2 = w + 0.5 * dt * l1, acc(th + 0.5 * dt * k1)
  local k3, l3 = w + 0.5 * dt * l2, acc(th + 0.5 * dt * k2)
  local k4, l4 = w + dt * l3, acc(th + dt * k3)
  return th + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4), w + dt / 6 * (l1 + 2 * l2 + 2 * l3 + l4)
end
local function quarter_nonlinear(th0)
  local dt = 2e-3 / p * math.sqrt(th0 / alpha)     -- 1e3+ steps whatever the amplitude
  local t, th, w = 0, th0, 0
  while true do
    local th1, w1 = rk4(th, w, dt)
    if th1 <= 0 then break end
    th, w, t = th1, w1, t + dt
  end
  local d = dt
  for _ = 1, 50 do
    local th1, w1 = rk4(th, w, d)
    local dn = d - th1 / w1
    if math.abs(dn - d) <= 1e-16 * (t + d) then d = dn break end
    d = dn
  end
  return t + d
end
local function quarter_linear(th0) return math.log(1 / (1 - th0 / alpha) + math.sqrt((1 / (1 - th0 / alpha)) ^ 2 - 1)) / p end
local function next_amplitude(th)
  return alpha - math.acos(math.cos(alpha) + r * r * (math.cos(alpha - th) - math.cos(alpha)))
end

-- The measured amplitudes: the largest |phi| between successive impacts,
-- refined by a parabola through the three samples around it.
local impacts = {}
for _, ev in ipairs(run.events) do if ev.kind == "impact" then impacts[#impacts + 1] = ev end end
local function amplitude_between(t_a, t_b)
  local best, j = -1, nil
  for i = 1, #run.t do
    local t = run.t[i]
    if t > t_a and t < t_b and math.abs(run.q[i][3]) > best then best, j = math.abs(run.q[i][3]), i end
  end
  if not j or run.t[j - 1] <= t_a or run.t[j + 1] >= t_b then return best end
  local y0, y1, y2 = math.abs(run.q[j - 1][3]), best, math.abs(run.q[j + 1][3])
  local den = y0 - 2 * y1 + y2
  return den < 0 and y1 - (y2 - y0) ^ 2 / (8 * den) or y1
end

print(string.format("Housner's rocking block: b = %g, h = %g (alpha = %.6f rad), released at theta0 = %.6f (0.6 alpha), e = 0, mu = 5",
  b, h, alpha, theta0))
print(string.format("  r = 1 - 1.5 sin^2(alpha) = %.15f;  p = sqrt(3g/(4R)) = %.6f rad/s", r, p))
print(string.format("%3s %14s %14s %9s %14s %9s %12s %12s %9s", "k", "t_k", "nonlinear", "rel.err", "Housner lin.",
  "rel.err", "w+/w-", "theta_k", "rel.err"))
local t_nl, t_lin = quarter_nonlinear(theta0), quarter_linear(theta0)
local th, worst = theta0, { ratio = 0, t = 0, lin = 0, amp = 0 }
for k, ev in ipairs(impacts) do
  local ratio = ev.qdot_after[3] / ev.qdot_before[3]
  local th_next = next_amplitude(th)
  local amp = impacts[k + 1] and amplitude_between(ev.t, impacts[k + 1].t)
  local e_t, e_lin = math.abs(ev.t - t_nl) / t_nl, math.abs(ev.t - t_lin) / t_lin
  local e_amp = amp and math.abs(amp - th_next) / th_next
  worst.ratio = math.max(worst.ratio, math.abs(ratio - r) / r)
  worst.t, worst.lin = math.max(worst.t, e_t), math.max(worst.lin, e_lin)
  -- amplitudes measured from samples 1e-3 s apart: while they are large
  if e_amp and th_next > 1e-3 then worst.amp = math.max(worst.amp, e_amp) else e_amp = nil end
  if k <= 10 or k % 50 == 0 or k == #impacts then
    print(string.format("%3d %14.10f %14.10f %9.1e %14.10f %9.1e %12.9f %12.3e %9s", k, ev.t, t_nl, e_t, t_lin, e_lin,
      ratio, th_next, e_amp and string.format("%9.1e", e_amp) or "-"))
  end
  th = th_next
  t_nl, t_lin = t_nl + 2 * quarter_nonlinear(th), t_lin + 2 * quarter_linear(th)
end
local function bound(x) return string.format("1e%d", math.ceil(math.log(math.max(x, 1e-16), 10))) end
print(string.format("%d impacts; |w+/w- - r|/r < %s at every impact; impact times against the nonlinear quarter",
  #impacts, bound(worst.ratio)))
print(string.format("  periods < %s, against Housner's linearised ones %.1e (alpha^2 = %.1e); amplitudes above 1e-3 rad < %s",
  bound(worst.t), worst.lin, alpha * alpha, bound(worst.amp)))
for _, ev in ipairs(run.events) do
  if ev.kind == "rest" then
    print(string.format("the impacts accumulate: rest at t = %.10f after %d impacts (status %s)", ev.t, ev.impacts_resolved,
      run.status))
  end
end
print(string.format("run: %d events (%s), status %s, t reached %.6f", run.n_events,
  (function() local s = {} for kd, n in pairs(run.counts) do if n > 0 then s[#s + 1] = kd .. " " .. n end end table.sort(s) return table.concat(s, ", ") end)(),
  run.status, run.t_reached))

local dir = arg and arg[1]
if dir then
  -- The tilt theta = -phi against time, and Housner's linearised solution
  -- theta(t) = alpha - (alpha - theta_k) cosh(p (t - t_apex)) piecewise
  -- (its amplitudes from the linearised energy, alpha^2 - (alpha - theta)^2
  -- scaled by r^2 at each impact), over the first 2.5 s.
  local T_SHOW = 2.5
  local tx, ty = {}, {}
  for i = 1, #run.t do
    if run.t[i] <= T_SHOW then tx[#tx + 1], ty[#ty + 1] = run.t[i], -run.q[i][3] end
  end
  local lx, ly = {}, {}
  local a, t_apex, sign = theta0, 0, 1
  while t_apex < T_SHOW do
    local T = quarter_linear(a)
    for i = -50, 50 do
      local t = t_apex + T * i / 50
      if t >= 0 and t <= T_SHOW then
        lx[#lx + 1], ly[#ly + 1] = t, sign * (alpha - (alpha - a) * math.cosh(p * (t - t_apex)))
      end
    end
    local a2 = alpha - math.sqrt(alpha * alpha - r * r * (alpha * alpha - (alpha - a) ^ 2))
    t_apex, a, sign = t_apex + T + quarter_linear(a2), a2, -sign
  end
  local ix, iy = {}, {}
  for _, ev in ipairs(impacts) do if ev.t <= T_SHOW then ix[#ix + 1], iy[#iy + 1] = ev.t, 0 end end
  local f = impact.plot.curves({
    { x = tx, y = ty, title = "impact.simulate (nonlinear)", width = 4, color = "#4575b4" },
    { x = lx, y = ly, title = "Housner 1963, linearised", dash = true, color = "#d73027" },
    { x = ix, y = iy, title = "impacts", style = "points", point = 2, color = "black" },
  }, { out = dir .. "/sim_housner_tilt.png", key = "outside below",
       title = string.format("Rocking block: α = %.3f, θ₀ = 0.6 α, r = %.4f", alpha, r),
       xlabel = "t (s)", ylabel = "tilt θ (rad)" })
  print("figure: " .. f.png)
  -- A strobe of the first rocking cycle.
  local times = {}
  local t_cycle = impacts[2] and impacts[2].t or 1
  for i = 0, 10 do times[#times + 1] = t_cycle * i / 10 end
  local s = impact.plot.frames(run, { times = times, out = dir .. "/sim_housner_frames.png",
    title = "Rocking block: the first cycle, 11 instants" })
  print("figure: " .. s.png)
end
