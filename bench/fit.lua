-- impact.fit benchmarks (run by scripts/bench in the host), issue 29's
-- target: a two-parameter fit of 1000 2D observations (500 rows of Wang &
-- Mason's rod, S and C observed, e and mu fitted) in under 50 ms. Prints
--   fit2d_1000_ms             impact.fit with its defaults (5 starts, profile
--                             intervals; the C path, all threads)
--   fit2d_1000_noprof_ms      5 starts, no profile intervals
--   fit2d_1000_one_ms         1 start, no profile intervals
--   fit2d_1000_lua_ms         the defaults through the Lua path (fast = false)
--   fit2d_1000_thread_speedup one thread's time / all threads' (C path)
--   fit2d_20000_thread_speedup the same for 20000 observations (1 start)
-- Medians of repeated runs, wall time (threads share the CPU time).
local impact = require("impact")
local core = impact.core

local REPS = 5
local function rod_data(rows)
  local data = { S0 = {}, S = {}, C = {} }
  for i = 1, rows do
    local S0 = -2 + 4 * i / rows
    local r = impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = S0, C0 = -1, e = 0.6, mu = 0.3 }
    data.S0[i], data.S[i], data.C[i] = S0, r.S + 0.01 * (-1) ^ i, r.C - 0.01 * (-1) ^ (i // 2)
  end
  return data
end
local function problem(row, p)
  return { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = row.S0, C0 = -1, e = p.e, mu = p.mu }
end

local function median_ms(data, opts, reps)
  local t = {}
  for k = 1, reps or REPS do
    collectgarbage()
    local t0 = core._now()
    local f = impact.fit{ data = data, problem = problem, observe = { "S", "C" },
                          params = { e = { 0.8, lo = 0, hi = 1 }, mu = { 0.5, lo = 0, hi = 2 } },
                          starts = opts.starts, profile = opts.profile, fast = opts.fast,
                          threads = opts.threads }
    t[k] = (core._now() - t0) * 1e3
    assert(f.fast == (opts.fast ~= false), "the fit did not take the path asked for")
  end
  table.sort(t)
  return t[(#t + 1) // 2]
end

local d500, ncpu = rod_data(500), core._ncpu()
local all = median_ms(d500, {})
print(string.format("fit2d_1000_ms: %.1f", all))
print(string.format("fit2d_1000_noprof_ms: %.1f", median_ms(d500, { profile = false })))
print(string.format("fit2d_1000_one_ms: %.1f", median_ms(d500, { starts = 1, profile = false })))
print(string.format("fit2d_1000_lua_ms: %.1f", median_ms(d500, { fast = false }, 3)))
print(string.format("fit2d_1000_thread_speedup: %.2f", median_ms(d500, { threads = 1 }) / all))
local d10k, one = rod_data(10000), { starts = 1, profile = false }
local t1 = median_ms(d10k, { starts = 1, profile = false, threads = 1 }, 3)
print(string.format("fit2d_20000_thread_speedup: %.2f", t1 / median_ms(d10k, one, 3)))
print(string.format("fit_threads: %d", ncpu))
