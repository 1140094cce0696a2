-- Sweep benchmarks (run by scripts/bench in the host). Prints:
--   sweep2d_ns_per_point   impact.sweep of the built-in 2D solver, one thread
--   sweep2d_c_ratio        that figure / solve2d_c_ns (a plain C loop of solves)
--   sweep_thread_speedup   one thread's time / all threads' time
-- solve2d_c_ns is read from bench_solve2d (the 2D solver's benchmark) when it
-- was built, else from bench_sweep2d's solve2d_direct_ns (the same grid as
-- here, solved in a plain C loop). Medians of repeated runs.
local impact = require("impact")

local REPS = 5
local spec = {
  base = { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0, C0 = -1, law = "poisson" },
  vary = { { "S0", impact.range(-2, 2, 401) }, { "mu", impact.range(0, 1.1, 111) }, { "e", { 0, 0.5, 1 } } },
  progress = false,
}

local function median(t)
  table.sort(t)
  return t[(#t + 1) // 2]
end

-- clock: os.clock (CPU time, steady when other processes load the machine)
-- for one thread; wall time to compare thread counts.
local function time_sweep(threads, clock)
  spec.threads = threads
  local t = {}
  local s
  for r = 1, REPS do
    collectgarbage()
    local t0 = clock()
    s = impact.sweep(spec)
    t[r] = clock() - t0
  end
  return median(t), s
end

local function read_key(cmd, key)
  local p = io.popen(cmd .. " 2>/dev/null")
  if not p then return nil end
  local text = p:read("a")
  p:close()
  return tonumber(text:match(key .. ":%s*([%d%.eE+-]+)"))
end

local cpu, s = time_sweep(1, os.clock)
local one = time_sweep(1, impact.core._now)
local all = time_sweep(impact.core._ncpu(), impact.core._now)
local ns = 1e9 * cpu / s.n
local c_ns = read_key("build-bench/bench_solve2d", "solve2d_c_ns")
  or read_key("build-bench/bench_sweep2d", "solve2d_direct_ns")
print(string.format("sweep2d_ns_per_point: %.1f", ns))
if c_ns then print(string.format("sweep2d_c_ratio: %.2f", ns / c_ns)) end
print(string.format("sweep_thread_speedup: %.2f", one / all))
if not s.fast then io.stderr:write("bench/sweep.lua: the C fast path did not run (Lua path measured)\n") end
