-- simulate_system_lua_us_per_event: the bouncing ball of bench_sim.c's
-- simulate_ball_us_per_event (m = 2, e = 0.5, dropped 1 m, to rest) as an
-- impact.system whose M, force, gap and J are Lua functions; the run's
-- CPU time (os.clock) divided by its events, the median of repeated runs.
-- simulate_scene_lua_us_per_event is the same ball as an impact.scene2d
-- run from Lua (the binding's cost without Lua callbacks).
local impact = require("impact")
local REPS, INNER = 15, 5
local G, H, R, m = 9.81, 1.0, 0.1, 2

local system = impact.system{
  q = { 0, H + R }, qdot = { 0, 0 }, M = { { m, 0 }, { 0, m } }, e = 0.5,
  force = function() return { 0, -m * G } end,
  potential = function(q) return m * G * q[2] end,
  contacts = { { gap = function(q) return q[2] - R end,
                 J = function() return { { 1, 0 }, { 0, 1 } } end } } }
local scene = impact.scene2d{ gravity = { 0, -G }, e = 0.5,
  lines = { { point = { 0, 0 }, normal = { 0, 1 } } },
  bodies = { { m = m, rho = 0.04, y = H + R, radius = R } } }

local function median_per_event(sys)
  local t, nev = {}, 0
  impact.simulate(sys, { t_end = 10 })                     -- warm up
  for i = 1, REPS do
    local t0 = os.clock()
    for _ = 1, INNER do nev = #impact.simulate(sys, { t_end = 10 }).events end
    t[i] = (os.clock() - t0) / INNER / nev * 1e6
  end
  table.sort(t)
  return t[(REPS + 1) // 2], nev
end

local us, nev = median_per_event(system)
print(string.format("simulate_system_lua_events: %d", nev))
print(string.format("simulate_system_lua_us_per_event: %.2f", us))
us = median_per_event(scene)
print(string.format("simulate_scene_lua_us_per_event: %.2f", us))
