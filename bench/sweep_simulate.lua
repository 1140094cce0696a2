-- sweep_simulate_thread_speedup: a sweep over simulations (Housner's block,
-- b = 0.2, h = 1, mu = 5, released at 24 angles from 0.02 to 0.16 rad under
-- 2 restitutions, 4 s of history each: 48 runs of a few ms) on one thread
-- over the same on every thread (core._ncpu), wall time, medians of 5
-- repeats; sweep_simulate_ms the all-threads sweep's time. A quiet machine
-- is needed for the ratio (it measures wall time).
local impact = require("impact")
local REPS = 5
local G, B, H = 9.81, 0.2, 1.0

local function block(p)
  local th = p.th
  return { gravity = { 0, -G }, e = p.e, mu = 5,
           lines = { { point = { 0, 0 }, normal = { 0, 1 } } },
           bodies = { { m = 3, I = B * B + H * H, phi = -th,
                        x = B - B * math.cos(th) + H * math.sin(th), y = H * math.cos(th) + B * math.sin(th),
                        points = { { B, -H }, { -B, -H }, { -B, H }, { B, H } } } } }
end

local function time(threads)
  local t0 = impact.core._now()
  local s = impact.sweep{ vary = { { "th", impact.range(0.02, 0.16, 24) }, { "e", { 0, 0.2 } } },
    map = block, simulate = { t_end = 4 }, measure = { "n_impacts", "t_reached" },
    threads = threads, progress = false }
  assert(s.n == 48 and #s.failures == 0)
  return impact.core._now() - t0
end

local function median(t) table.sort(t) return t[(#t + 1) // 2] end
local all = impact.core._ncpu()
time(1)
local one, many = {}, {}
for i = 1, REPS do
  one[i] = time(1)
  many[i] = time(all)
end
print(string.format("sweep_simulate_threads: %d", all))
print(string.format("sweep_simulate_ms: %.1f", median(many) * 1e3))
print(string.format("sweep_simulate_thread_speedup: %.2f", median(one) / median(many)))
