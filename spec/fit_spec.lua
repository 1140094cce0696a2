-- impact.fit: synthetic rebounds of Wang & Mason's rod recovered within
-- their intervals, confounded parameters reported, the intervals' coverage
-- over 200 seeded data sets, comparing laws, CSV data, and the errors.
local impact = require("impact")

-- a seeded generator (splitmix64) and Box-Muller normals
local function generator(seed)
  local s = seed
  local function u()
    s = s + 0x9E3779B97F4A7C15
    local z = s
    z = (z ~ (z >> 30)) * 0xBF58476D1CE4E5B9
    z = (z ~ (z >> 27)) * 0x94D049BB133111EB
    z = z ~ (z >> 31)
    return ((z >> 11) + 0.5) / 2 ^ 53
  end
  return function() return math.sqrt(-2 * math.log(u())) * math.cos(2 * math.pi * u()) end
end

local ROD = { B1 = 2.5, B2 = 2.5, B3 = 1.5, C0 = -1 }
local function rod(S0, e, mu)
  return { B1 = ROD.B1, B2 = ROD.B2, B3 = ROD.B3, C0 = ROD.C0, S0 = S0, e = e, mu = mu }
end
local function rod_problem(row, p) return rod(row.S0, p.e, p.mu) end

local function rod_data(rows, sigma, seed)
  local normal = generator(seed)
  local d = { S0 = {}, S = {}, C = {} }
  for i = 1, rows do
    local S0 = -2 + 4 * (i - 1) / (rows - 1)
    local r = impact.solve2d(rod(S0, 0.6, 0.3))
    d.S0[i], d.S[i], d.C[i] = S0, r.S + sigma * normal(), r.C + sigma * normal()
  end
  return d
end

local PARAMS = { e = { 0.8, lo = 0, hi = 1 }, mu = { 0.5, lo = 0, hi = 2 } }

describe("impact.fit", function()
  it("recovers e and mu of Wang & Mason's rod within their intervals", function()
    local f = impact.fit{ data = rod_data(20, 0.01, 29), problem = rod_problem, observe = { "S", "C" },
                          params = PARAMS }
    assert.is_true(f.converged and f.identifiable)
    assert.are.same({}, f.confounded)
    assert.are.equal(40, f.n)
    for name, truth in pairs{ e = 0.6, mu = 0.3 } do
      assert.is_true(f.ci[name][1] <= truth and truth <= f.ci[name][2], name)
      assert.is_true(f.ci_wald[name][1] <= truth and truth <= f.ci_wald[name][2], name)
      assert.is_true(math.abs(f.estimate[name] - truth) < 4 * f.se[name], name)
    end
    assert.is_true(math.abs(f.cov.e.mu - f.cov.mu.e) <= 1e-15)
    assert.near(f.se.e, math.sqrt(f.cov.e.e), 1e-15)
    assert.near(f.rss / (f.n - 2), f.s2, 1e-15)
    assert.near(f.n * math.log(f.rss / f.n) + 4, f.aic, 1e-12)
    local text = tostring(f)
    assert.truthy(text:find("converged, identifiable", 1, true), text)
    assert.truthy(text:find("95% profile CI", 1, true), text)
    assert.are.equal(impact.help.text("fit"), impact.help.text(f))
  end)

  it("gives bootstrap intervals and standard errors near the others", function()
    local data = rod_data(10, 0.01, 5)
    local f = impact.fit{ data = data, problem = rod_problem, observe = { "S", "C" },
                          params = PARAMS, starts = 2, bootstrap = 60, seed = 3 }
    assert.are.equal(60, f.bootstrap.n)
    for _, name in ipairs{ "e", "mu" } do
      assert.near(f.se[name], f.se_bootstrap[name], 0.35 * f.se[name])
      local lo, hi = f.ci_bootstrap[name][1], f.ci_bootstrap[name][2]
      assert.is_true(lo < f.estimate[name] and f.estimate[name] < hi)
    end
    assert.truthy(tostring(f):find("95% bootstrap CI (60)", 1, true))
    -- observations row by row, the columns in order (C, S): y = f + r/sqrt(w)
    assert.are.same({ "C", "S" }, f.observed)
    for i = 1, f.rows do
      for j, col in ipairs(f.observed) do
        local o = (i - 1) * 2 + j
        assert.near(data[col][i], f.fitted[o] + f.residuals[o] / math.sqrt(f.weights[o]), 1e-12)
      end
    end
  end)

  it("recovers e and mu from 3D rebounds of Sun & Baruh's rod (solve3d)", function()
    local body = impact.rod{ m = 1, L = 2.3, radius = 0.5, theta1 = math.rad(20), theta2 = math.rad(15) }
    local normal = generator(11)
    local d = { vx0 = {}, vx = {}, vy = {}, vz = {} }
    for i = 1, 8 do
      local vx0 = -0.7 + 0.2 * i
      local r = impact.solve3d{ body = body, v = { vx0, -1, 0 }, mu = 0.2, e = 0.8 }
      d.vx0[i], d.vx[i], d.vy[i], d.vz[i] = vx0, r.v.x + 0.005 * normal(), r.v.y + 0.005 * normal(),
                                             r.v.z + 0.005 * normal()
    end
    local f = impact.fit{ data = d, solve = "solve3d", starts = 6, profile = false,
                          problem = function(row, p) return { body = body, v = { row.vx0, -1, 0 }, mu = p.mu, e = p.e } end,
                          observe = { vx = function(r) return r.v.x end, vy = function(r) return r.v.y end,
                                      vz = function(r) return r.v.z end },
                          params = { e = { 0.5, lo = 0, hi = 1 }, mu = { 0.5, lo = 0, hi = 1 } } }
    assert.is_true(f.converged and f.identifiable)
    for name, truth in pairs{ e = 0.8, mu = 0.2 } do
      assert.is_true(f.ci[name][1] <= truth and truth <= f.ci[name][2], name)
    end
  end)

  it("converges from every start in the bounds on a well-posed fit", function()
    local data = rod_data(12, 0.005, 7)
    for seed = 1, 4 do
      local f = impact.fit{ data = data, problem = rod_problem, observe = { "S", "C" }, params = PARAMS,
                            starts = 6, seed = seed, profile = false }
      assert.is_true(f.converged)
      assert.near(0.6, f.estimate.e, 0.01)
      assert.near(0.3, f.estimate.mu, 0.01)
    end
  end)

  it("reports parameters entering only through their product as confounded", function()
    local f = impact.fit{ data = rod_data(10, 0.01, 3), observe = { "S", "C" },
                          problem = function(row, p) return rod(row.S0, p.a * p.b, p.mu) end,
                          params = { a = { 0.9, lo = 0.7, hi = 1 }, b = { 0.9, lo = 0.7, hi = 1 },
                                     mu = { 0.5, lo = 0, hi = 2 } }, starts = 1 }
    assert.is_false(f.identifiable)
    assert.are.same({ "a", "b" }, f.confounded)
    assert.near(0.6, f.estimate.a * f.estimate.b, 0.01)
    assert.near(math.abs(f.direction.a), math.abs(f.direction.b), 0.05)
    assert.is_true(math.abs(f.direction.mu) < 0.01)
    assert.are.same({ 0.7, 1 }, f.ci.a)
    assert.truthy(tostring(f):find("confounded: a, b", 1, true))
  end)

  it("reports mu as confounded when every row sticks without slipping", function()
    local d = { C0 = {}, C = {}, S = {} }
    for i = 1, 8 do
      local r = impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0, C0 = -i / 4, e = 0.6, mu = 1 }
      d.C0[i], d.C[i], d.S[i] = -i / 4, r.C + 0.001 * (-1) ^ i, r.S
    end
    local f = impact.fit{ data = d, observe = { "C", "S" },
                          problem = function(row, p)
                            return { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0, C0 = row.C0, e = p.e, mu = p.mu }
                          end,
                          params = { e = { 0.8, lo = 0, hi = 1 }, mu = { 1, lo = 0.7, hi = 2 } }, starts = 2 }
    assert.is_false(f.identifiable)
    assert.are.same({ "mu" }, f.confounded)
    assert.near(0.6, f.estimate.e, 0.01)
  end)

  it("gives 95% intervals that contain the truth 93-97% of the time (200 data sets)", function()
    -- a cheap model: a rebound speed v = e0 exp(-k v0) v0 from a Lua solve function
    local normal = generator(20261127)
    local v0 = {}
    for i = 1, 10 do v0[i] = 0.5 * i end
    local solve = function(t) return { v = t.e0 * math.exp(-t.k * t.v0) * t.v0 } end
    local problem = function(row, p) return { v0 = row.v0, e0 = p.e0, k = p.k } end
    local truth = { e0 = 0.9, k = 0.1 }
    local inside = { profile = { e0 = 0, k = 0 }, wald = { e0 = 0, k = 0 } }
    local sets = 200
    for _ = 1, sets do
      local v = {}
      for i = 1, #v0 do v[i] = truth.e0 * math.exp(-truth.k * v0[i]) * v0[i] + 0.05 * normal() end
      local f = impact.fit{ data = { v0 = v0, v = v }, problem = problem, solve = solve, observe = { "v" },
                            params = { e0 = { 0.5, lo = 0, hi = 2 }, k = { 0.5, lo = 0, hi = 2 } }, starts = 1 }
      assert.is_true(f.converged and f.identifiable)
      for name, x in pairs(truth) do
        if f.ci[name][1] <= x and x <= f.ci[name][2] then inside.profile[name] = inside.profile[name] + 1 end
        if f.ci_wald[name][1] <= x and x <= f.ci_wald[name][2] then inside.wald[name] = inside.wald[name] + 1 end
      end
    end
    for kind, counts in pairs(inside) do
      for name, c in pairs(counts) do
        assert.is_true(c >= 0.93 * sets and c <= 0.97 * sets,
                       string.format("%s %s: %d of %d", kind, name, c, sets))
      end
    end
  end)
  it("runs solve2d fits in C, with the Lua path's results bit for bit on any thread count", function()
    local d = rod_data(40, 0.01, 7)
    local function run(fast, threads, problem)
      return impact.fit{ data = d, problem = problem or rod_problem, observe = { "S", "C" }, params = PARAMS,
                         fast = fast, threads = threads }
    end
    local lua, c1, c2 = run(false), run(true, 1), run(true, 2)
    assert.is_false(lua.fast)
    assert.is_true(c1.fast and c2.fast)
    assert.are.equal(2, c2.threads)
    for _, f in ipairs{ c1, c2 } do
      for _, k in ipairs{ "rss", "s2" } do assert.are.equal(string.format("%a", lua[k]), string.format("%a", f[k])) end
      assert.are.equal(lua.evaluations, f.evaluations)
      for _, name in ipairs{ "e", "mu" } do
        assert.are.equal(string.format("%a", lua.estimate[name]), string.format("%a", f.estimate[name]))
        assert.are.equal(string.format("%a", lua.se[name]), string.format("%a", f.se[name]))
        for j = 1, 2 do
          assert.are.equal(string.format("%a", lua.ci[name][j]), string.format("%a", f.ci[name][j]))
        end
      end
      for i = 1, lua.n do assert.are.equal(lua.residuals[i], f.residuals[i]) end
    end
    -- a problem that computes with a parameter, or an observation that is a
    -- function, goes through Lua (and gives the same fit)
    local half = run(nil, nil, function(row, p) return rod(row.S0, p.e, p.mu) end)
    assert.is_true(half.fast)
    local computed = impact.fit{ data = d, observe = { "S", "C" },
                                 problem = function(row, p) return rod(row.S0, p.e, 2 * p.h) end,
                                 params = { e = { 0.8, lo = 0, hi = 1 }, h = { 0.25, lo = 0, hi = 1 } } }
    assert.is_false(computed.fast)
    assert.is_true(math.abs(2 * computed.estimate.h - lua.estimate.mu) < 1e-6)
    local fn = impact.fit{ data = d, problem = rod_problem, params = PARAMS,
                           observe = { S = function(r) return r.S end, C = "C" } }
    assert.is_false(fn.fast)
    assert.are.equal(string.format("%a", lua.rss), string.format("%a", fn.rss))
  end)

  it("gives 95% intervals on the rod (solve2d in C) that contain the truth 93-97% of the time (200 sets)", function()
    local inside, sets = { e = 0, mu = 0 }, 200
    for k = 1, sets do
      local f = impact.fit{ data = rod_data(12, 0.02, 1000 + k), problem = rod_problem, observe = { "S", "C" },
                            params = PARAMS, starts = 1 }
      assert.is_true(f.fast and f.converged and f.identifiable)
      if f.ci.e[1] <= 0.6 and 0.6 <= f.ci.e[2] then inside.e = inside.e + 1 end
      if f.ci.mu[1] <= 0.3 and 0.3 <= f.ci.mu[2] then inside.mu = inside.mu + 1 end
    end
    for name, c in pairs(inside) do
      assert.is_true(c >= 0.93 * sets and c <= 0.97 * sets, string.format("%s: %d of %d", name, c, sets))
    end
  end)
end)
