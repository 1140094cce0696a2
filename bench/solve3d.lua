-- Benchmark: one impact.solve3d call from Lua (SB22's rod at mu = 0.4, e = 0.7), for
-- each method, and the same call on mechanisms (M, J, qdot) of n = 3, 7, 12
-- generalized coordinates (n = 3 is the smallest: a 3-row J on fewer
-- coordinates always leaves W = J M^-1 J^T singular) and on the rod as a
-- 6-coordinate mechanism (impact.system3d), against the body form; prints
-- medians in microseconds and the ratios (solve3d_exact_over_algebraic: the
-- two methods timed in alternation). mech3d_n7*_prepared: the n = 7 call on
-- the mechanism prepared once (impact.prepare_mechanism{M =, J =}).
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

local body_us = {}
for _, m in ipairs{ "algebraic", "exact" } do
  median_us(problems[m], 200, 3)      -- warm up
  body_us[m] = median_us(problems[m], 2000, 11)
  print(string.format("solve3d_%s_us: %.2f", m, body_us[m]))
end

-- exact over algebraic side by side: rounds of each in turn, the median of
-- the rounds' ratios (a load that comes and goes hits both alike)
do
  local ratios = {}
  for k = 1, 11 do
    ratios[k] = median_us(problems.exact, 500, 1) / median_us(problems.algebraic, 2000, 1)
  end
  table.sort(ratios)
  print(string.format("solve3d_exact_over_algebraic: %.2f", ratios[6]))
end

-- A fixed mechanism of n coordinates: M = A A^T + n I (well conditioned),
-- J and qdot from a small LCG, the contact approaching.
local function mechanism(n, method)
  local s = 7
  local function rand() s = (s * 1103515245 + 12345) % 2147483648 return s / 2147483648 - 0.5 end
  local A, M, J, qdot = {}, {}, { {}, {}, {} }, {}
  for i = 1, n do A[i] = {} for j = 1, n do A[i][j] = rand() end end
  for i = 1, n do
    M[i] = {}
    for j = 1, n do
      local x = i == j and n or 0
      for k = 1, n do x = x + A[i][k] * A[j][k] end
      M[i][j] = x
    end
  end
  for i = 1, n do for j = 1, i - 1 do M[i][j] = M[j][i] end end
  for r = 1, 3 do for j = 1, n do J[r][j] = rand() end end
  local vy = 0
  for j = 1, n do qdot[j] = rand() vy = vy + J[2][j] * qdot[j] end
  if vy > 0 then for j = 1, n do qdot[j] = -qdot[j] end end
  return { M = M, J = J, qdot = qdot, mu = 0.4, e = 0.7, method = method }
end

-- the rod as impact.system3d's one-body mechanism: the same impact as the body form
local function rod_mechanism(method)
  local c1, s1 = math.cos(rod.theta1), math.sin(rod.theta1)
  local c2, s2 = math.cos(rod.theta2), math.sin(rod.theta2)
  local R = { { c1, s1 * c2, -s1 * s2 }, { -s1, c1 * c2, -c1 * s2 }, { 0, s2, c2 } }  -- Rz(-t1) Rx(t2)
  local t = impact.system3d{ bodies = { { m = 1, inertia = rod.inertia, R = R, v = { 0.4, -1, 0 },
                                          x = { -rod.r[1], -rod.r[2], -rod.r[3] } } },
                             contacts = { { a = 1, point = { 0, 0, 0 }, normal = { 0, 1, 0 } } } }
  t.mu, t.e, t.method = 0.4, 0.7, method
  return t
end

for _, m in ipairs{ "algebraic", "exact" } do
  local suffix = m == "exact" and "_exact" or ""
  local t6 = rod_mechanism(m)
  median_us(t6, 200, 3)
  local us6 = median_us(t6, 2000, 11)
  print(string.format("mech3d_rod_n6%s_us: %.2f", suffix, us6))
  print(string.format("mech3d_rod_n6%s_ratio: %.2f", suffix, us6 / body_us[m]))
  for _, n in ipairs{ 3, 7, 12 } do
    local t = mechanism(n, m)
    median_us(t, 200, 3)
    local us = median_us(t, 2000, 11)
    print(string.format("mech3d_n%d%s_us: %.2f", n, suffix, us))
    if n == 7 then
      print(string.format("mech3d_n7%s_ratio: %.2f", suffix, us / body_us[m]))
      -- the same call on the mechanism prepared once (impact.prepare_mechanism)
      local p = { mechanism = impact.prepare_mechanism{ M = t.M, J = t.J }, qdot = t.qdot,
                  mu = t.mu, e = t.e, method = m }
      median_us(p, 200, 3)
      us = median_us(p, 2000, 11)
      print(string.format("mech3d_n7%s_prepared_us: %.2f", suffix, us))
      print(string.format("mech3d_n7%s_prepared_ratio: %.2f", suffix, us / body_us[m]))
    end
  end
end
