-- 3D sweep benchmarks (run by scripts/bench in the host). Prints:
--   sweep3d_exact_us_per_point  impact.sweep of solve3d, exact method, one
--                          thread: Sun & Baruh's rod (mu = 0.4, e = 0.7) over
--                          20 000 values of v.1 in [-0.5, 0.5]
--   sweep3d_c_ratio        that / the same points solved in a plain C loop
--                          (core._solve3d_bench), in this process, CPU time
--   sweep3d_thread_speedup one thread's wall time / all threads' wall time
--   sweep3d_algebraic_us_per_point  the same sweep with the algebraic method
--   sweep3d_pair_*         the three first for two moving bodies: the rod
--                          striking a block (body2) moving at body2.v.1 over
--                          20 000 values in [-0.5, 0.5], rtol = 1e-9
-- Medians of repeated runs.
local impact = require("impact")
local core = impact.core

local REPS = 5
local N = 20000
local rod = impact.rod{ m = 1, L = 2.3, radius = 0.5, theta1_deg = 20, theta2_deg = 15 }
local base = { m = rod.m, inertia = rod.inertia, theta1 = rod.theta1, theta2 = rod.theta2, r = rod.r,
  v = { 0.4, -1, 0 }, mu = 0.4, e = 0.7, method = "exact" }
local values = impact.range(-0.5, 0.5, N)
local spec = { solve = "solve3d", base = base, vary = { ["v.1"] = values }, progress = false }

local function median(t)
  table.sort(t)
  return t[(#t + 1) // 2]
end

local function run(threads, clock)
  spec.threads = threads
  collectgarbage()
  local t0 = clock()
  local s = impact.sweep(spec)
  if not s.fast then io.stderr:write("bench/sweep3d.lua: the C fast path did not run (Lua path measured)\n") end
  return clock() - t0, s
end

-- us a point (one thread, CPU time), that over the plain C loop's, and
-- one thread's wall time over all threads'.
local function measure(field)
  local per_point, ratio, one, all = {}, {}, {}, {}
  for r = 1, REPS do
    local t, s = run(1, os.clock)
    per_point[r] = 1e6 * t / s.n
    ratio[r] = per_point[r] / core._solve3d_bench(spec.base, field, values)
    one[r] = run(1, core._now)
    all[r] = run(core._ncpu(), core._now)
  end
  return median(per_point), median(ratio), median(one) / median(all)
end

local us, ratio, speedup = measure("v.1")
print(string.format("sweep3d_exact_us_per_point: %.2f", us))
print(string.format("sweep3d_c_ratio: %.2f", ratio))
print(string.format("sweep3d_thread_speedup: %.2f", speedup))
base.method = "algebraic"
local alg = {}
for r = 1, REPS do alg[r] = 1e6 * run(1, os.clock) / N end
print(string.format("sweep3d_algebraic_us_per_point: %.2f", median(alg)))

spec.base = { m = rod.m, inertia = rod.inertia, theta1 = rod.theta1, theta2 = rod.theta2, r = rod.r,
  v = { 0.4, -1, 0 }, mu = 0.4, e = 0.7, rtol = 1e-9,
  body2 = { m = 3, inertia = { 0.5, 0.7, 0.9 }, r = { 0.1, 0.4, -0.2 }, v = { 0, 0.2, 0 } } }
spec.vary = { ["body2.v.1"] = values }
us, ratio, speedup = measure("body2.v.1")
print(string.format("sweep3d_pair_us_per_point: %.2f", us))
print(string.format("sweep3d_pair_c_ratio: %.2f", ratio))
print(string.format("sweep3d_pair_thread_speedup: %.2f", speedup))
