-- Sweep benchmarks (run by scripts/bench in the host). Prints:
--   sweep2d_ns_per_point   impact.sweep of the built-in 2D solver, one thread
--                          (133 533 points of the WM92 rod over S0, mu, e)
--   sweep2d_c_ratio        that / solve2d_c_ns, one imp_path2d_solve call measured
--                          as bench_solve2d.c does (core._solve2d_bench)
--   sweep_thread_speedup   one thread's wall time / all threads' wall time,
--                          on the same grid with 10 times as many S0 values
--                          (1 332 333 points, about 50 ms of solving)
--   sweep_thread_speedup_small  the same on the 133 533 points (about 5 ms)
--   sweep2d_csv_ns_per_point  the same sweep writing its CSV (out =), one
--                          thread: solving plus formatting and writing rows
-- Medians of repeated runs. The per-point figure and the ratio use the
-- process's CPU time, measured in turn in this process, so that other
-- programs loading the machine disturb them little; the speedup needs
-- wall time and a quiet machine. Why two sizes: on the 2-vCPU VMs we
-- develop on, a thread started for a job of a few ms runs late (two
-- threads each looping 4 ms by hand took as long as one doing both, 1.01x;
-- at 40 ms each, 1.95x), so the 5 ms sweep measures the hypervisor's
-- wake-up latency as much as the sweep; the large one measures the sweep.
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

local function run(threads, clock, sp)
  sp = sp or spec
  sp.threads = threads
  collectgarbage()
  local t0 = clock()
  local s = impact.sweep(sp)
  return clock() - t0, s
end

local large = {
  base = spec.base,
  vary = { { "S0", impact.range(-2, 2, 4001) }, spec.vary[2], spec.vary[3] },
  progress = false,
}

-- Each figure in a loop of its own: a CSV sweep holds some 40 MB of row
-- text, and a large sweep 100 MB of outputs, which glibc maps and unmaps
-- afresh; run in between, they left the small sweeps' outputs to fault in
-- page by page each time (72 ns a point instead of 42 on these VMs, the
-- same binary with glibc's heap pinned by GLIBC_TUNABLES giving 42; 2 MiB
-- pages cut that to 55 but slowed every sweep that reuses its memory).
-- The per-point figures are those of sweeps that reuse their memory, as a
-- study's later sweeps do; a process's first sweep pays the faults.
local per_point, ratio, one, all, csv, big1, bigall = {}, {}, {}, {}, {}, {}, {}
local csvpath = os.tmpname()
local s
for r = 1, REPS do
  local t
  t, s = run(1, os.clock)
  per_point[r] = 1e9 * t / s.n
  ratio[r] = per_point[r] / core._solve2d_bench(200000)
  one[r] = run(1, core._now)
  all[r] = run(core._ncpu(), core._now)
end
for r = 1, REPS do
  big1[r] = run(1, core._now, large)
  bigall[r] = run(core._ncpu(), core._now, large)
end
spec.out = csvpath
for r = 1, REPS do csv[r] = 1e9 * run(1, os.clock) / s.n end
spec.out = nil
os.remove(csvpath)
print(string.format("sweep2d_ns_per_point: %.1f", median(per_point)))
print(string.format("sweep2d_c_ratio: %.2f", median(ratio)))
print(string.format("sweep_thread_speedup: %.2f", median(big1) / median(bigall)))
print(string.format("sweep_thread_speedup_small: %.2f", median(one) / median(all)))
print(string.format("sweep2d_csv_ns_per_point: %.1f", median(csv)))
if not s.fast then io.stderr:write("bench/sweep.lua: the C fast path did not run (Lua path measured)\n") end
