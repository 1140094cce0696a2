-- Sweep benchmarks (run by scripts/bench in the host). Prints:
--   sweep2d_ns_per_point   impact.sweep of the built-in 2D solver, one thread
--                          (133 533 points of the WM92 rod over S0, mu, e)
--   sweep2d_c_ratio        that / solve2d_c_ns, one imp_solve2d call measured
--                          as bench_solve2d.c does (core._solve2d_bench)
--   sweep_thread_speedup   one thread's wall time / all threads' wall time
--   sweep2d_csv_ns_per_point  the same sweep writing its CSV (out =), one
--                          thread: solving plus formatting and writing rows
-- Medians of repeated runs. The per-point figure and the ratio use the
-- process's CPU time, measured in turn in this process, so that other
-- programs loading the machine disturb them little; the speedup needs
-- wall time and a quiet machine.
local impact = require("impact")
local core = impact.core

local REPS = 7
local spec = {
  base = { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0, C0 = -1, law = "poisson" },
  vary = { { "S0", impact.range(-2, 2, 401) }, { "mu", impact.range(0, 1.1, 111) }, { "e", { 0, 0.5, 1 } } },
  progress = false,
}

local function median(t)
  table.sort(t)
  return t[(#t + 1) // 2]
end

local function run(threads, clock)
  spec.threads = threads
  collectgarbage()
  local t0 = clock()
  local s = impact.sweep(spec)
  return clock() - t0, s
end

local per_point, ratio, one, all, csv = {}, {}, {}, {}, {}
local csvpath = os.tmpname()
local s
for r = 1, REPS do
  local t
  t, s = run(1, os.clock)
  per_point[r] = 1e9 * t / s.n
  ratio[r] = per_point[r] / core._solve2d_bench(200000)
  one[r] = run(1, core._now)
  all[r] = run(core._ncpu(), core._now)
  spec.out = csvpath
  csv[r] = 1e9 * run(1, os.clock) / s.n
  spec.out = nil
end
os.remove(csvpath)
print(string.format("sweep2d_ns_per_point: %.1f", median(per_point)))
print(string.format("sweep2d_c_ratio: %.2f", median(ratio)))
print(string.format("sweep_thread_speedup: %.2f", median(one) / median(all)))
print(string.format("sweep2d_csv_ns_per_point: %.1f", median(csv)))
if not s.fast then io.stderr:write("bench/sweep.lua: the C fast path did not run (Lua path measured)\n") end
