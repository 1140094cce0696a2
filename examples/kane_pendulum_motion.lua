-- Kane's double pendulum in motion (Kane 1984; the impact studied alone in
-- examples/kane_puzzle.lua): two uniform links (m = 1, L = 1, pinned at
-- the origin, absolute angles q1, q2 from +x) swing down under gravity and
-- the tip strikes the ground y = -Y again and again, with friction
-- mu = 0.8. An impact.system with Lua callbacks: M(q) and the tip's J(q)
-- from impact.chain2d at each q, the gap tip.y + Y, and the generalized
-- forces written here (gravity, and the velocity terms of the coupled
-- links: with s = sin(q1 - q2), a = m L^2/2,
--   f1 = -1.5 m g L cos q1 - a s q2'^2,  f2 = -0.5 m g L cos q2 + a s q1'^2).
-- Printed: every impact against impact.solve2d on impact.chain2d at the
-- impact's configuration and incoming rates (the same solver, so the same
-- numbers to rounding), the energy between impacts (conserved: its drift
-- over each swing) and at each impact (dT, never > 0 for Poisson's law),
-- the bounces accumulating to a rest (the tip then held by friction),
-- and the same run under Newton's law, e = 1, which gains energy at the
-- impacts in Kane's region (Kane's puzzle, now in motion).
-- Run: impact examples/kane_pendulum_motion.lua [DIR]  (with DIR: the
-- angles and the energy against time, DIR/sim_kane_pendulum.png, .svg,
-- .dat, .gp)
local impact = require "impact"

local m, L, g, Y, mu = 1, 1, 9.81, 1.3, 0.8
local links = { { m = m, L = L }, { m = m, L = L } }
local a = 0.5 * m * L * L

local function chain(q, qdot, extra)
  local t = { links = links, q = { q[1], q[2] }, qdot = { qdot and qdot[1] or 0, qdot and qdot[2] or 0 } }
  for k, v in pairs(extra or {}) do t[k] = v end
  return impact.chain2d(t)
end

local function pendulum(law, e, q0)
  return impact.system{ q = q0, qdot = { 0, 0 }, mu = mu, e = e, law = law,
    M = function(q) return chain(q).M end,
    force = function(_, q, qd)
      local s = math.sin(q[1] - q[2])
      return { -1.5 * m * g * L * math.cos(q[1]) - a * s * qd[2] ^ 2,
               -0.5 * m * g * L * math.cos(q[2]) + a * s * qd[1] ^ 2 }
    end,
    potential = function(q) return m * g * L * (1.5 * math.sin(q[1]) + 0.5 * math.sin(q[2])) end,
    contacts = { { gap = function(q) return L * (math.sin(q[1]) + math.sin(q[2])) + Y end,
                   J = function(q) return chain(q).J end } } }
end

local d = math.pi / 180
local Q0 = { -20 * d, 10 * d }
local function study(law, e, t_end, show)
  local run = impact.simulate(pendulum(law, e, Q0), { t_end = t_end, dt = 0.002, max_events = 200 })
  print(string.format("\nlaw %s, e = %g, mu = %g: released at rest at q = (%g, %g) deg, ground y = -%g; %d events, status %s",
    law, e, mu, Q0[1] / d, Q0[2] / d, Y, run.n_events, run.status))
  print(string.format("%3s %12s %9s %9s %-11s %11s %9s %11s %9s", "k", "t", "q1 (deg)", "q2 (deg)", "mode", "Py", "vs solve2d",
    "dT", "drift"))
  local worst_solve, worst_drift, k, gains, last_t, last_E = 0, 0, 0, 0, 0, run.energy[1]
  local j = 1
  for _, ev in ipairs(run.events) do
    -- the energy just before the event, from the samples (they hold the instants before and after)
    while j < #run.t and run.t[j + 1] <= ev.t and not (run.t[j + 1] == ev.t and run.qdot[j + 1][1] ~= ev.qdot_before[1]) do j = j + 1 end
    local drift = math.abs(run.energy[j] - last_E) / math.abs(run.energy[1])
    if ev.kind ~= "rest" then worst_drift = math.max(worst_drift, drift) end
    if ev.kind == "impact" then
      k = k + 1
      local ref = impact.solve2d(chain(ev.q, ev.qdot_before, { mu = mu, e = e, law = law }))
      local err = math.max(math.abs(ref.Py - ev.result.Py), math.abs(ref.Px - ev.result.Px),
        math.abs(ref.qdot[1] - ev.qdot_after[1]), math.abs(ref.qdot[2] - ev.qdot_after[2]))
      worst_solve = math.max(worst_solve, err)
      if ev.dT > 1e-12 then gains = gains + 1 end
      if k <= show then
        print(string.format("%3d %12.8f %9.3f %9.3f %-11s %11.6f %9.1e %11.6f %9.1e", k, ev.t, ev.q[1] / d, ev.q[2] / d,
          ev.result.mode, ev.result.Py, err, ev.dT, drift))
      end
    elseif k <= show then
      -- a rest closes the contact at the extrapolated accumulation time:
      -- the energy of the bounces left (about that of the last) goes with them
      print(string.format("    %12.8f %9.3f %9.3f %s%s", ev.t, ev.q[1] / d, ev.q[2] / d, ev.kind,
        ev.kind == "rest" and string.format(" after %d impacts (the energy of the bounces left, %.1e, closed off)",
          ev.impacts_resolved, math.abs(run.energy[j] - last_E)) or ""))
    end
    -- the energy just after
    while j < #run.t and run.t[j] <= ev.t do j = j + 1 end
    last_E = run.energy[j - 1]
  end
  print(string.format("%d impacts: against solve2d < %.0e; energy drift between events < %.0e; impacts gaining energy: %d",
    k, math.max(worst_solve, 1e-16), math.max(worst_drift, 1e-16), gains))
  return run, worst_solve, worst_drift, gains
end

local run_p, s_p, d_p, g_p = study("poisson", 0.5, 3, 12)
assert(s_p < 1e-10 and g_p == 0)
local run_n, s_n, d_n, g_n = study("newton", 1, 1.5, 12)
assert(s_n < 1e-10)

local dir = arg and arg[1]
if dir then
  local function series(run, idx)
    local x, y = {}, {}
    for i = 1, #run.t do x[i], y[i] = run.t[i], run.q[i][idx] / d end
    return x, y
  end
  local x1, y1 = series(run_p, 1)
  local x2, y2 = series(run_p, 2)
  local ix, iy = {}, {}
  for _, ev in ipairs(run_p.events) do
    if ev.kind == "impact" then ix[#ix + 1], iy[#iy + 1] = ev.t, ev.q[2] / d end
  end
  local f = impact.plot.curves({
    { x = x1, y = y1, title = "q₁ (upper link)", color = "#4575b4", width = 3 },
    { x = x2, y = y2, title = "q₂ (lower link)", color = "#d73027", width = 3 },
    { x = ix, y = iy, title = "tip strikes the ground", style = "points", point = 7, color = "black" },
  }, { out = dir .. "/sim_kane_pendulum.png", key = "outside below",
       title = string.format("Kane's pendulum, μ = %g, e = 0.5", mu),
       xlabel = "t (s)", ylabel = "link angle from +x (degrees)" })
  print("figure: " .. f.png)
end
