-- Mason & Wang's sliding rod in motion (Mason & Wang 1988, sec. 4;
-- Painleve's paradox): a rod (m = 1, J = 1, its lower end at distance
-- l = 4 from the centre of mass, MW88's units) leans at theta = 75 degrees
-- on a table with mu = tan 30 degrees and slides to the left (centre
-- velocity (-1, 0), no spin). There a = B2 + s mu B3 = 9 - 16/sqrt(3) < 0:
-- no finite normal force keeps the sliding end on the table.
-- impact.simulate reports the event "inconsistent" and resolves it, as
-- MW88 do, by a tangential impact (C0 = 0) computed by Routh's method;
-- then the motion continues: the rod's end bounces on the table until its
-- impacts accumulate (a "rest" of the end), the rod then slides and
-- pivots on it, sticks and slips, falls flat and rebounds, and its
-- bounces on both ends together die out.
-- Printed: the impact against MW88's closed form (Poisson, e = 0.5:
-- Py = (4/17)(1 + e), Px = (4 Py + 1)/B1, B1 = 9 + 4 sqrt 3, the slip
-- stops, C = 4e/B1) and against impact.painleve (the single-impact
-- solver), the events that follow, and over theta the first event of the
-- same slide against the sign of a.
-- Run: impact examples/painleve_rod_motion.lua [DIR]  (with DIR: a strobe
-- of the rod, DIR/sim_painleve_rod.png, .svg, .dat, .gp)
local impact = require "impact"

local L, mu, e, g = 4, math.tan(math.rad(30)), 0.5, 9.81

local function rod(theta_deg, vx)
  local th = math.rad(theta_deg)
  return impact.scene2d{ gravity = { 0, -g }, mu = mu, e = e,
    lines = { { point = { 0, 0 }, normal = { 0, 1 } } },
    -- the lower end first (body frame along the rod, phi = theta), then the upper
    bodies = { { m = 1, I = 1, x = L * math.cos(th), y = L * math.sin(th), phi = th, vx = vx or -1,
                 points = { { -L, 0 }, { L, 0 } } } } }
end

local run = impact.simulate(rod(75), { t_end = 5, dt = 0.005, max_events = 500 })
local B1 = 9 + 4 * math.sqrt(3)
local Py = 4 / 17 * (1 + e)
local Px = (4 * Py + 1) / B1
local ref = impact.painleve{ l = L, theta_deg = 75, mu = mu, e = e }
print(string.format("MW88's rod: l = %g, theta = 75 deg, mu = tan 30 deg, e = %g (Poisson), sliding left at 1: a = %.6f (9 - 16/sqrt 3 = %.6f)",
  L, e, ref.a, 9 - 16 / math.sqrt(3)))
local ev1, ev2 = run.events[1], run.events[2]
print(string.format("event 1: %s at t = %g on contact %s", ev1.kind, ev1.t, table.concat(ev1.contacts, ",")))
local r = ev2.result
print(string.format("event 2: %s at t = %g, mode %s", ev2.kind, ev2.t, r.mode))
print(string.format("%6s %16s %16s %16s %10s", "", "simulate", "MW88 closed form", "impact.painleve", "rel.err"))
local worst = 0
for _, row in ipairs{ { "Px", r.Px, Px, ref.impact.Px }, { "Py", r.Py, Py, ref.impact.Py },
                      { "S", r.S, 0, ref.impact.S }, { "C", r.C, 4 * e / B1, ref.impact.C } } do
  local err = math.abs(row[2] - row[3]) / math.max(math.abs(row[3]), 1)
  worst = math.max(worst, err)
  print(string.format("%6s %16.12f %16.12f %16.12f %10.1e", row[1], row[2], row[3], row[4], err))
end
print(string.format("  dT = %.6f (MW88's table: -0.053549)", r.dT))
assert(ev1.kind == "inconsistent" and ev2.kind == "impact" and worst < 1e-12)
print("then:")
for k = 3, #run.events do
  local ev = run.events[k]
  if k <= 10 or ev.kind ~= "impact" or #ev.contacts > 1 then
    print(string.format("  %-12s t = %.10f  contacts %s%s", ev.kind, ev.t, table.concat(ev.contacts, ","),
      ev.kind == "rest" and string.format("  (after %d impacts)", ev.impacts_resolved) or ""))
  end
end
local n, lowest = #run.t, math.huge
for i = 1, n do
  local s = math.sin(run.q[i][3])
  lowest = math.min(lowest, run.q[i][2] - L * s, run.q[i][2] + L * s)
end
assert(lowest > -1e-9, "an end below the table")
print(string.format("lowest end over the run: %.1e", lowest))
local function z(v) return math.abs(v) < 5e-5 and 0 or v end   -- no "-0.0000"
print(string.format("status %s at t = %.6f: %d events (%d impacts); theta = %.4f deg, centre (%.4f, %.4f)", run.status,
  run.t_reached, run.n_events, run.n_impacts, z(math.deg(run.q[n][3])), run.q[n][1], z(run.q[n][2])))
print("(the flat rod's bounces on both ends together end when the rebound falls below the speed tolerance:")
print(" a two-contact accumulation is not extrapolated to a \"rest\" event as a single contact's is)")

print("\nThe same slide over theta: the first event against the sign of a (inconsistent iff a < 0)")
local band = impact.painleve_bands{ l = L, mu = mu }.bands[1]
print(string.format("  a < 0 for theta in (%.3f, %.3f) deg", band.lo_deg, band.hi_deg))
local agree = 0
local thetas = { 50, 60, 65, 70, 75, 80, 85 }
for _, th in ipairs(thetas) do
  local a = impact.painleve{ l = L, theta_deg = th, mu = mu, e = e }.a
  local first = impact.simulate(rod(th), { t_end = 0.05, dt = 0.05, max_events = 2 }).events[1]
  local kind = first and first.kind or "none (slides)"
  if (a < 0) == (kind == "inconsistent") then agree = agree + 1 end
  print(string.format("  theta = %2d deg: a = %9.6f  first event: %s", th, a, kind))
end
print(string.format("  %d of %d agree", agree, #thetas))

local dir = arg and arg[1]
if dir then
  local times = {}
  local t_last = math.min(run.t_reached, 1.2)
  for i = 0, 12 do times[#times + 1] = t_last * i / 12 end
  local f = impact.plot.frames(run, { times = times, out = dir .. "/sim_painleve_rod.png",
    title = "Sliding rod (MW88): 0 .. 1.2 s" })
  print("figure: " .. f.png)
end
