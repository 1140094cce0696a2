-- Benchmark: one impact.solve3d call from Lua (SB22's rod at mu = 0.4, e = 0.7), for
-- each method; prints medians in microseconds.
local impact = impact or require("impact")
local clock = os.clock

local rod = impact.rod{ m = 1, L = 2.3, radius = 0.5, theta1_deg = 20, theta2_deg = 15 }
local problems = {
  algebraic = { body = rod, v = { 0.4, -1, 0 }, mu = 0.4, e = 0.7, method = "algebraic" },
  exact = { body = rod, v = { 0.4, -1, 0 }, mu = 0.4, e = 0.7, method = "exact" },
}

local function median_us(t, reps, rounds)
  local times = {}
  local solve = impact.solve3d
  for k = 1, rounds do
    local t0 = clock()
    for _ = 1, reps do solve(t) end
    times[k] = (clock() - t0) / reps * 1e6
  end
  table.sort(times)
  return times[(rounds + 1) // 2]
end

for _, m in ipairs{ "algebraic", "exact" } do
  median_us(problems[m], 200, 3)      -- warm up
  print(string.format("solve3d_%s_us: %.2f", m, median_us(problems[m], 2000, 11)))
end
