-- solve2d_lua_ns: one impact.solve2d call from Lua, input table and result
-- included; law_lua_ns: the cost of one custom-law evaluation (calling the
-- Lua law from C with the reused state object, the law reading two state
-- fields). Medians of repeated runs of CPU time (os.clock). For scale, the
-- cost of a bare Lua table constructor with the result's 20 fields is
-- printed as lua_table20_ns. solve2d_lua_over_plain_lua: how many times
-- faster solve2d is than a plain-Lua tracer on the same cases (below).
local impact = require("impact")
local REPS, N = 9, 50000

local function median(f)
  local t = {}
  for i = 1, REPS do
    local t0 = os.clock()
    f()
    t[i] = (os.clock() - t0) / N * 1e9
  end
  table.sort(t)
  return t[(REPS + 1) // 2]
end

print(string.format("lua_table20_ns: %.0f", median(function()
  for _ = 1, N do
    local t = { Px = 1, Py = 2, S = 3, C = 4, dT = 5, Wc = 6, Wr = 7, Wf = 8, Pc = 9, mode = "a",
                class = "b", law = "c", e = 1, mu_s = 2, mu_k = 3, B1 = 1, B2 = 2, B3 = 3, S0 = 4, C0 = 5 }
  end
end)))

local coef = { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.3, e = 0.5 }
local solve2d = impact.solve2d
local lua_ns = median(function() for _ = 1, N do solve2d(coef) end end)
print(string.format("solve2d_lua_ns: %.0f", lua_ns))

-- Against a peer: the same cases (every built-in law; sliding, sticking,
-- reversed) solved by bench/plain_routh.lua, a straightforward plain-Lua
-- Routh tracer that spec/plain_routh_spec.lua holds to solve2d's results;
-- interleaved runs, the median of the per-run ratios.
local plain = dofile((arg and arg[0] or "bench/solve2d.lua"):gsub("[^/]*$", "") .. "plain_routh.lua")
local CASES = {
  { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.3, e = 0.5 },
  { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0, C0 = -1, mu = 0.8, e = 0.5 },
  { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.2, C0 = -1, mu = 0.5, e = 0.5, law = "newton" },
  { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 1, C0 = -1, mu = 0.4, e = 0.5, law = "energetic" },
}
local function run_cases(f)
  local t0 = os.clock()
  for _ = 1, N // 10 do
    for i = 1, #CASES do f(CASES[i]) end
  end
  return (os.clock() - t0) / (N // 10 * #CASES) * 1e9
end
local own, peer, over = {}, {}, {}
for i = 1, REPS do
  own[i], peer[i] = run_cases(solve2d), run_cases(plain.solve)
  over[i] = peer[i] / own[i]
end
for _, l in ipairs{ own, peer, over } do table.sort(l) end
print(string.format("solve2d_cases_lua_ns: %.0f", own[(REPS + 1) // 2]))
print(string.format("solve2d_plain_lua_ns: %.0f", peer[(REPS + 1) // 2]))
print(string.format("solve2d_lua_over_plain_lua: %.2f", over[(REPS + 1) // 2]))

local h = math.sqrt(2) / 4
local body = { body1 = { m = 1, rho = math.sqrt(1 / 12), x = h, y = h, vx = 0.6, vy = -1 },
               mu = 0.3, e = 0.5 }
print(string.format("solve2d_lua_bodies_ns: %.0f", median(function() for _ = 1, N do solve2d(body) end end)))

-- a fresh input table per call, as a script building problems would
print(string.format("solve2d_lua_fresh_input_ns: %.0f", median(function()
  for i = 1, N do solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.3, e = 0.5 } end
end)))

-- The overhead of one custom-law evaluation: the same problem under two Lua
-- laws of the same cost whose roots lie at different distances, so that
-- they need different numbers of evaluations; the per-solve costs (the
-- protected call, the eagerly stored path) cancel in the difference.
local function law_K(K, count)
  return function(s)
    if count then count[1] = count[1] + 1 end
    return s.Pn - K * s.Pc
  end
end
local function problem(law)
  return { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.3, e = 0.5, law = law }
end
local function evals(K)
  local count = { 0 }
  solve2d(problem(law_K(K, count)))
  return count[1]
end
local K1, K2 = 1.5, 1e5
local n1, n2 = evals(K1), evals(K2)
local p1, p2 = problem(law_K(K1)), problem(law_K(K2))
local function run(p)
  local t0 = os.clock()
  for _ = 1, N // 10 do solve2d(p) end
  return (os.clock() - t0) / (N // 10) * 1e9
end
-- interleaved runs, so that a change of machine load hits both alike
local t1s, diffs = {}, {}
for i = 1, 3 * REPS do
  local t1, t2 = run(p1), run(p2)
  t1s[i], diffs[i] = t1, (t2 - t1) / (n2 - n1)
end
table.sort(t1s)
table.sort(diffs)
print(string.format("solve2d_lua_custom_ns: %.0f", t1s[(#t1s + 1) // 2]))
print(string.format("law_evals_per_solve: %d", n1))
print(string.format("law_lua_ns: %.0f", diffs[(#diffs + 1) // 2]))

-- A mechanism (M, J, qdot) from Lua: a pinned chain of n uniform links
-- (chain2d, built once), against the coefficient form above: the
-- mechanism's overhead is reading M, factoring it and computing qdot'.
-- _prepared_us: the same call with the mechanism prepared once
-- (impact.prepare_mechanism, mechanism = and qdot): the overhead left is
-- reading qdot, the rates and qdot'.
local d = math.pi / 180
for _, n in ipairs{ 2, 7, 12 } do
  local links, q, qdot = {}, {}, {}
  for i = 1, n do
    links[i] = { m = 1, L = 1 / n }
    q[i], qdot[i] = (-60 + 40 * (i - 1) / n) * d, -1
  end
  local mech = impact.chain2d{ links = links, q = q, qdot = qdot, mu = 0.3, e = 0.5 }
  local us = median(function() for _ = 1, N // 10 do solve2d(mech) end end) / 1e3 * 10
  print(string.format("mech2d_n%d_us: %.3f  (x%.1f the coefficient form)", n, us, us * 1e3 / lua_ns))
  print(string.format("mech2d_n%d_ratio: %.2f", n, us * 1e3 / lua_ns))
  local prep = { mechanism = impact.prepare_mechanism{ M = mech.M, J = mech.J }, qdot = qdot,
                 mu = 0.3, e = 0.5 }
  us = median(function() for _ = 1, N // 10 do solve2d(prep) end end) / 1e3 * 10
  print(string.format("mech2d_n%d_prepared_us: %.3f  (x%.1f the coefficient form)", n, us, us * 1e3 / lua_ns))
  print(string.format("mech2d_n%d_prepared_ratio: %.2f", n, us * 1e3 / lua_ns))
end
