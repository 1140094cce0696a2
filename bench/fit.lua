-- impact.fit benchmarks (run by scripts/bench in the host), issue 29's
-- target: a two-parameter fit of 1000 2D observations (500 rows of Wang &
-- Mason's rod, S and C observed, e and mu fitted) in under 50 ms. Prints
--   fit2d_1000_ms           impact.fit with its defaults (5 starts, profile intervals)
--   fit2d_1000_noprof_ms    5 starts, no profile intervals
--   fit2d_1000_one_ms       1 start, no profile intervals
-- Medians of repeated runs, in the process's CPU time. Every solve goes
-- through the Lua callbacks (problem, solve2d, observe) today.
local impact = require("impact")

local REPS = 5
local data = { S0 = {}, S = {}, C = {} }
for i = 1, 500 do
  local S0 = -2 + 4 * i / 500
  local r = impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = S0, C0 = -1, e = 0.6, mu = 0.3 }
  data.S0[i], data.S[i], data.C[i] = S0, r.S + 0.01 * (-1) ^ i, r.C - 0.01 * (-1) ^ (i // 2)
end
local function problem(row, p)
  return { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = row.S0, C0 = -1, e = p.e, mu = p.mu }
end

local function median_ms(opts)
  local t = {}
  for k = 1, REPS do
    collectgarbage()
    local t0 = os.clock()
    impact.fit{ data = data, problem = problem, observe = { "S", "C" },
                params = { e = { 0.8, lo = 0, hi = 1 }, mu = { 0.5, lo = 0, hi = 2 } },
                starts = opts.starts, profile = opts.profile }
    t[k] = (os.clock() - t0) * 1e3
  end
  table.sort(t)
  return t[(#t + 1) // 2]
end

print(string.format("fit2d_1000_ms: %.1f", median_ms{}))
print(string.format("fit2d_1000_noprof_ms: %.1f", median_ms{ profile = false }))
print(string.format("fit2d_1000_one_ms: %.1f", median_ms{ starts = 1, profile = false }))
