-- impact.simulate, impact.scene2d, impact.system: motion through impacts
-- from the Lua side. The expected values are closed forms:
-- the bouncing ball (impact times, rebound speeds e^k v1, the accumulation
-- time t1 (1 + e)/(1 - e)), as a scene and as a system of Lua functions;
-- the pendulum against a wall (w_after = -e w_before); then the run's
-- shape, every bad input named, a custom law, Ctrl-C, the files and plots.
local scratch = require("spec.scratch")
local impact = require("impact")

local G, H, R, E = 9.81, 1.0, 0.1, 0.5   -- gravity, drop height (lowest point), radius, restitution
local T1, V1 = math.sqrt(2 * H / G), math.sqrt(2 * G * H)
local T_INF = T1 * (1 + E) / (1 - E)

local function rel(a, b) return math.abs(a - b) / math.max(math.abs(b), 1e-300) end

local function ball_scene(extra)
  local t = { gravity = { 0, -G }, e = E,
              lines = { { point = { 0, 0 }, normal = { 0, 1 } } },
              bodies = { { m = 2, rho = 0.04, y = H + R, radius = R } } }
  for k, v in pairs(extra or {}) do t[k] = v end
  return impact.scene2d(t)
end

-- The ball as a point mass in (x, y), its lowest point R below the centre.
local function ball_system(extra)
  local m = 2
  local t = { q = { 0, H + R }, qdot = { 0, 0 }, M = { { m, 0 }, { 0, m } }, e = E,
              force = function() return { 0, -m * G } end,
              potential = function(q) return m * G * q[2] end,
              contacts = { { gap = function(q) return q[2] - R end,
                             J = function() return { { 1, 0 }, { 0, 1 } } end } } }
  for k, v in pairs(extra or {}) do t[k] = v end
  return impact.system(t)
end

local function impacts_of(run)
  local out = {}
  for _, ev in ipairs(run.events) do if ev.kind == "impact" then out[#out + 1] = ev end end
  return out
end

-- The k-th impact's time: t1 + sum_{j=1}^{k-1} 2 e^j v1 / g.
local function impact_time(k)
  local t = T1
  for j = 1, k - 1 do t = t + 2 * E ^ j * V1 / G end
  return t
end

-- The ball's checks, with iy the index of the vertical coordinate.
local function check_ball(run, iy, e)
  e = e or E
  local imps = impacts_of(run)
  assert.is_true(#imps >= 8, "impacts: " .. #imps)
  for k = 1, 8 do
    local ev = imps[k]
    assert.same({ 1 }, ev.contacts)
    assert.is_true(rel(ev.t, impact_time(k)) < 1e-10, string.format("impact %d at %.17g, expected %.17g", k, ev.t, impact_time(k)))
    assert.is_true(rel(ev.qdot_before[iy], -e ^ (k - 1) * V1) < 1e-10, "speed before impact " .. k)
    assert.is_true(rel(ev.qdot_after[iy], e ^ k * V1) < 1e-12,
      string.format("rebound %d: %.17g, expected %.17g", k, ev.qdot_after[iy], e ^ k * V1))
    -- the rebound against the speed before it: e exactly
    assert.is_true(rel(ev.qdot_after[iy], -e * ev.qdot_before[iy]) < 1e-12, "ratio at impact " .. k)
  end
  local rest
  for _, ev in ipairs(run.events) do if ev.kind == "rest" then rest = ev end end
  assert.is_truthy(rest, "no rest event")
  assert.is_true(math.abs(rest.t - T_INF) < 1e-9, string.format("rest at %.17g, expected %.17g", rest.t, T_INF))
  assert.is_true(rest.impacts_resolved >= 8)
  assert.equal("rest", run.status)
end

describe("impact.simulate: the bouncing ball (closed forms)", function()
  it("as a scene2d: impact times, rebounds e^k v1, rest at t1 (1 + e)/(1 - e)", function()
    local run = impact.simulate(ball_scene(), { t_end = 2 * T_INF, dt = 0.01 })
    check_ball(run, 2)
    local ev = impacts_of(run)[1]
    -- the impact's result is solve2d's (Routh's path on the contact's W)
    assert.equal("impact.Result2D", getmetatable(ev.result).__name)
    assert.is_true(rel(ev.result.Py, 2 * (1 + E) * V1) < 1e-12)   -- m (1 + e) v1
    assert.is_true(rel(ev.result.C, E * V1) < 1e-12)
    assert.is_true(math.abs(ev.result.Px) < 1e-12)
    assert.is_true(rel(ev.dT, -0.5 * 2 * V1 ^ 2 * (1 - E ^ 2)) < 1e-10)
    -- the energy above rest (m g R) after impact k is e^(2k) of the initial
    local e0 = run.energy[1] - 2 * G * R
    assert.is_true(rel(e0, 2 * G * H) < 1e-12)
    local imps = impacts_of(run)
    for k = 1, 5 do
      local t_mid = (imps[k].t + imps[k + 1].t) / 2
      for j = 1, #run.t do
        if run.t[j] >= t_mid then
          assert.is_true(rel(run.energy[j] - 2 * G * R, E ^ (2 * k) * e0) < 1e-9, "energy after impact " .. k)
          break
        end
      end
    end
    -- at rest on the ground at the end
    local n = #run.t
    assert.is_true(math.abs(run.q[n][2] - R) < 1e-9)
    assert.is_true(math.abs(run.qdot[n][2]) < 1e-9)
  end)

  it("as an impact.system of Lua functions: the same numbers", function()
    local run = impact.simulate(ball_system(), { t_end = 2 * T_INF, dt = 0.01 })
    check_ball(run, 2)
  end)

  it("with a custom law (Poisson's, written in Lua): the same rebounds", function()
    local calls = 0
    local law = function(s) calls = calls + 1 return s.Pn - (1 + E) * s.Pc end
    local run = impact.simulate(ball_scene{ e = 0, law = law }, { t_end = 2 * T_INF, dt = 0.01 })
    check_ball(run, 2)
    assert.is_true(calls > 0)
    assert.equal(law, run.system.law)
  end)
end)

describe("impact.simulate: a pendulum against a wall", function()
  -- unit mass at the tip of a massless rod (l = 1), released at theta0;
  -- the wall at theta = 0: gap l sin(theta), normal row l cos(theta)
  local L, TH0, e = 1, 0.5, 0.8
  local function pendulum()
    return impact.system{ q = { TH0 }, qdot = { 0 }, M = { { L * L } }, e = e,
      force = function(_, q) return { -G * L * math.sin(q[1]) } end,
      potential = function(q) return -G * L * math.cos(q[1]) end,
      contacts = { { gap = function(q) return L * math.sin(q[1]) end,
                     J = function(q) return { { -L * math.sin(q[1]) }, { L * math.cos(q[1]) } } end } } }
  end

  it("rebounds with w_after = -e w_before, w_before from the energy", function()
    local run = impact.simulate(pendulum(), { t_end = 1.5, dt = 0.01 })
    local imps = impacts_of(run)
    assert.is_true(#imps >= 1)
    local ev = imps[1]
    local w0 = -math.sqrt(2 * G / L * (1 - math.cos(TH0)))
    assert.is_true(rel(ev.qdot_before[1], w0) < 1e-9, string.format("w_before %.17g, expected %.17g", ev.qdot_before[1], w0))
    assert.is_true(rel(ev.qdot_after[1], -e * ev.qdot_before[1]) < 1e-12)
    assert.is_true(math.abs(ev.q[1]) < 1e-10)
  end)

  it("keeps rebounding with -e at every impact, its tangent row sin(theta) ~ 1e-17 at the wall", function()
    -- J's rows are parallel (one coordinate): solved with the normal row alone
    local run = impact.simulate(pendulum(), { t_end = 6 })
    local imps = impacts_of(run)
    assert.is_true(#imps >= 5, #imps .. " impacts")
    for k, ev in ipairs(imps) do
      assert.is_true(rel(ev.qdot_after[1], -e * ev.qdot_before[1]) < 1e-12, "impact " .. k)
    end
  end)
end)

describe("impact.simulate: several contacts, and contacts in space", function()
  it("a disk thrown into a frictionless corner: both contacts at once, (-e vx, -e vy) under every model", function()
    for _, model in ipairs{ "moreau", "poisson", "sequential" } do
      local corner = impact.scene2d{ e = E, model = model,
        lines = { { point = { 0, 0 }, normal = { 0, 1 } }, { point = { 0, 0 }, normal = { 1, 0 } } },
        bodies = { { m = 1, I = 0.1, x = 1.1, y = 1.1, vx = -1, vy = -1, radius = 0.1 } } }
      local run = impact.simulate(corner, { t_end = 2, dt = 0.1 })
      assert.equal(1, run.n_impacts, model)
      local ev = run.events[1]
      assert.same({ 1, 2 }, ev.contacts)
      assert.equal("multi", ev.solver)
      assert.equal("impact.MultiResult", getmetatable(ev.result).__name)
      assert.equal(model, ev.result.model)
      assert.is_true(math.abs(ev.t - 1) < 1e-12, model .. ": t = " .. ev.t)
      assert.is_true(rel(ev.qdot_after[1], E) < 1e-12 and rel(ev.qdot_after[2], E) < 1e-12, model)
      assert.is_true(math.abs(ev.qdot_after[3]) < 1e-12)
      assert.same({ -1, -1 }, { ev.result.contacts[1].v0[2], ev.result.contacts[2].v0[2] })
      assert.matches("^solve_multi %(" .. model .. "%): 2 contacts", tostring(ev.result))
    end
  end)

  it("the same corner as an impact.system of Lua functions", function()
    local r = 0.1
    local corner = impact.system{ q = { 1.1, 1.1, 0 }, qdot = { -1, -1, 0 }, e = E,
      M = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 0.1 } },
      contacts = { { gap = function(q) return q[2] - r end, J = function() return { { 1, 0, r }, { 0, 1, 0 } } end },
                   { gap = function(q) return q[1] - r end, J = function() return { { 0, -1, r }, { 1, 0, 0 } } end } } }
    local run = impact.simulate(corner, { t_end = 2, dt = 0.1 })
    local ev = run.events[1]
    assert.same({ 1, 2 }, ev.contacts)
    assert.equal("impact.MultiResult", getmetatable(ev.result).__name)
    assert.is_true(rel(ev.qdot_after[1], E) < 1e-12 and rel(ev.qdot_after[2], E) < 1e-12)
    assert.same({ -1, -1 }, { ev.result.contacts[1].v0[2], ev.result.contacts[2].v0[2] })
  end)

  it("a point mass on a rough floor through a 3-row contact: it sticks, rebounds e v1", function()
    -- mu (1 + e) v1 >= |vt|: the slip stops within the impact
    local sys = impact.system{ q = { 0, H, 0 }, qdot = { 1, 0, 0.5 }, M = function() return { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } } end,
      mu = 0.3, e = E,
      force = function() return { 0, -G, 0 } end,
      contacts = { { gap = function(q) return q[2] end,
                     J = function() return { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } } end } } }
    assert.equal(3, sys.contacts[1].rows)
    local run = impact.simulate(sys, { t_end = 0.6 })
    local ev = impacts_of(run)[1]
    assert.equal("exact3d", ev.solver)
    assert.is_true(rel(ev.t, T1) < 1e-12)
    assert.is_true(math.abs(ev.qdot_after[1]) < 1e-12 and math.abs(ev.qdot_after[3]) < 1e-12)
    assert.is_true(rel(ev.qdot_after[2], E * V1) < 1e-12)
    assert.is_true(rel(ev.result.P[2], (1 + E) * V1) < 1e-12)
  end)
end)

describe("impact.simulate: the run's shape", function()
  local run
  setup(function() run = impact.simulate(ball_scene(), { t_end = 1, dt = 0.05 }) end)

  it("has samples of n coordinates, the events, the status and the counts", function()
    assert.equal(3, run.n)
    assert.equal("scene2d", run.kind)
    local n = #run.t
    assert.is_true(n > 20)
    assert.equal(n, #run.q)
    assert.equal(n, #run.qdot)
    assert.equal(n, #run.energy)
    for k = 1, n do
      assert.equal(3, #run.q[k])
      assert.equal(3, #run.qdot[k])
      if k > 1 then assert.is_true(run.t[k] >= run.t[k - 1]) end
    end
    assert.equal(0, run.t[1])
    assert.equal("t_end", run.status)
    assert.equal(#run.events, run.n_events)
    assert.equal(#impacts_of(run), run.n_impacts)
    assert.equal(run.n_impacts, run.counts.impact)
    assert.is_true(run.n_impacts >= 2)
    assert.matches("^simulate: t = 0 %.%. 1 %(t_end = 1%), status t_end", tostring(run))
    assert.matches("impact " .. run.n_impacts, tostring(run), 1, true)
    assert.equal("impact.simulate(system, {t_end =, dt =, max_events =, ...}) -> run",
      impact.help.text(run):match("^[^\n]*"))
    assert.equal(impact.help.text("scene2d"), impact.help.text(run.system))
    assert.equal(impact.help.text("system"), impact.help.text(ball_system()))
    assert.matches("^scene2d: 1 body, 1 line, 1 contact", tostring(run.system))
  end)

  it("has the instants just before and after every event among its samples", function()
    for _, ev in ipairs(run.events) do
      local before, after = false, false
      for k = 1, #run.t do
        if run.t[k] == ev.t then
          if run.qdot[k][2] == ev.qdot_before[2] then before = true end
          if run.qdot[k][2] == ev.qdot_after[2] then after = true end
        end
      end
      assert.is_true(before and after, string.format("%s at t = %.17g", ev.kind, ev.t))
    end
  end)

  it("ends at rest, unless the force depends on t (time_dependent): then it lifts off when pushed", function()
    local function resting(td)
      return impact.system{ q = { 0, R }, qdot = { 0, 0 }, M = { { 1, 0 }, { 0, 1 } }, e = E, time_dependent = td,
        force = function(t) return { 0, t > 0.5 and 20 or -G } end,
        contacts = { { gap = function(q) return q[2] - R end, J = function() return { { 1, 0 }, { 0, 1 } } end } } }
    end
    local r = impact.simulate(resting(false), { t_end = 1, dt = 0.1 })
    assert.equal("rest", r.status)
    r = impact.simulate(resting(true), { t_end = 1, dt = 0.1 })
    assert.equal("t_end", r.status)
    assert.equal("liftoff", r.events[1].kind)
    assert.is_true(math.abs(r.events[1].t - 0.5) < 1e-9)
    assert.is_true(math.abs(r.q[#r.q][2] - (R + 0.5 * 20 * 0.5 ^ 2)) < 1e-9)
  end)

  it("stops at max_events", function()
    local r = impact.simulate(ball_scene(), { t_end = 10, max_events = 3 })
    assert.equal("max_events", r.status)
    assert.equal(3, r.n_events)
  end)

  it("keeps the part done on Ctrl-C in impact.interrupted_run", function()
    local sys = ball_system{ force = function(t)
      if t > 0.3 then error("interrupted!", 0) end   -- as the host's hook raises it
      return { 0, -2 * G }
    end }
    local stderr = io.stderr
    io.stderr = { write = function() end }   -- the notice, not printed here
    local ok, err = pcall(impact.simulate, sys, { t_end = 1, dt = 0.01 })
    io.stderr = stderr
    assert.is_false(ok)
    assert.equal("interrupted!", err)
    local part = impact.interrupted_run
    assert.is_table(part)
    assert.equal("interrupted", part.status)
    assert.is_true(#part.t > 10)
    assert.is_true(part.t[#part.t] <= 0.31)
    impact.simulate(ball_scene(), { t_end = 0.1 })
    assert.is_nil(impact.interrupted_run)
  end)
end)

describe("impact.simulate, scene2d, system: bad input names the field", function()
  local function fails(fn, arg, opts, pattern)
    local ok, err = pcall(fn, arg, opts)
    assert.is_false(ok, "no error for " .. pattern)
    assert.truthy(tostring(err):find(pattern, 1, true), "\n  expected: " .. pattern .. "\n  got:      " .. tostring(err))
  end
  local line = { point = { 0, 0 }, normal = { 0, 1 } }
  local disk = { m = 1, I = 1, y = 2, radius = 1 }

  it("scene2d", function()
    local S = impact.scene2d
    fails(S, { bodies = { disk }, lines = { line, { point = { 0, 0 }, normal = { 0, 0 } } } }, nil,
      "scene2d: field 'lines[2].normal' must be a nonzero vector")
    fails(S, { bodies = { disk }, lines = { { point = { 0 }, normal = { 0, 1 } } } }, nil, "field 'lines[1].point' must be")
    fails(S, { bodies = { { m = -1, I = 1 } } }, nil, "scene2d: field 'bodies[1].m' must be positive, got -1")
    fails(S, { bodies = { { m = 1, I = 0 } } }, nil, "field 'bodies[1].I' must be positive")
    fails(S, { bodies = { { m = 1 } } }, nil, "field 'bodies[1].I' is required")
    fails(S, { bodies = { { m = 1, I = 1, rho = 1 } } }, nil, "field 'bodies[1].I' cannot be given together with rho")
    fails(S, { bodies = { { m = 1, I = 1, radius = -1 } } }, nil, "field 'bodies[1].radius' must be positive")
    fails(S, { bodies = { { m = 1, I = 1, points = { { 0, 0 }, { 1 } } } } }, nil, "field 'bodies[1].points[2]' must be")
    fails(S, { bodies = { { m = 1, I = 1, Radius = 1 } } }, nil, "unknown field 'bodies[1].Radius' (did you mean 'bodies[1].radius'?)")
    fails(S, { bodies = {} }, nil, "field 'bodies' must have 1 to")
    fails(S, { bodies = { disk }, gravity = { 0, 0 / 0 } }, nil, "field 'gravity' must be")
    fails(S, { bodies = { disk }, e = 1.5 }, nil, "field 'e' must be in [0, 1], got 1.5")
    fails(S, { bodies = { disk }, lines = { { point = { 0, 0 }, normal = { 0, 1 }, e = -1 } } }, nil, "field 'lines[1].e' must be in [0, 1]")
    fails(S, { bodies = { disk }, mu_s = 0.1, mu_k = 0.2 }, nil, "field 'mu_k'")
    fails(S, { bodies = { disk }, model = "newton" }, nil, "field 'model' must be one of")
    fails(S, { bodies = { disk }, law = 3 }, nil, "field 'law' must be")
    fails(S, { bodies = { { m = 1, I = 1, y = 0.5, radius = 1 } }, lines = { line } }, nil,
      "bodies[1]'s disk against lines[1] starts inside it: penetration 0.5")
    fails(S, { bodies = { { m = 1, I = 1, y = 1, points = { { 0, 0 }, { 0.5, -1.25 } } } }, lines = { line } }, nil,
      "bodies[1].points[2] against lines[1] starts inside it: penetration 0.25")
  end)

  it("system, its functions' results named with the index", function()
    local Y = impact.system
    local J2 = function() return { { 1, 0 }, { 0, 1 } } end
    local base = function(extra)
      local t = { q = { 0, 1 }, qdot = { 0, 0 }, M = { { 1, 0 }, { 0, 1 } } }
      for k, v in pairs(extra) do t[k] = v end
      return t
    end
    fails(Y, base{ force = function() return { 0, 0 / 0 } end }, nil, "system: field 'force' returned NaN at index 2 (t = 0)")
    fails(Y, base{ force = function() return { 0 } end }, nil, "system: field 'force' returned 1 values, expected 2")
    fails(Y, base{ force = function() return "x" end }, nil, "system: field 'force' returned string, expected a list of 2 numbers")
    fails(Y, base{ force = function() error("boom") end }, nil, "system: field 'force' raised an error:")
    fails(Y, base{ contacts = { { gap = function(q) return q[2] end, J = J2 },
                                { gap = function(q) return q[2] end, J = function() return { { 1, 0 }, { 0, 1 }, { 0, 0 } } end, rows = 2 } } },
      nil, "system: field 'contacts[2].J' returned 3 rows, expected 2")
    fails(Y, base{ contacts = { { gap = function(q) return q[2] end, J = J2 },
                                { gap = function(q) return q[2] end, J = function() return { { 1, 0 }, { 0, 1 }, { 0, 0 } } end } } },
      nil, "system: field 'contacts[2].J' returned 3 rows, expected 2")   -- every contact as contacts[1]
    fails(Y, base{ contacts = { { gap = function(q) return q[2] end, J = J2 },
                                { gap = function(q) return q[2] end, J = J2, rows = 3 } } },
      nil, "field 'contacts[2].rows' must be 2, as contacts[1]'s")
    fails(Y, base{ time_dependent = 1 }, nil, "field 'time_dependent'")
    fails(Y, base{ contacts = { { gap = function(q) return q[2] end, J = function() return { { 1, 0 } } end } } }, nil,
      "field 'contacts[1].J' returned 1 rows, expected 2 (tangent, normal) or 3")
    fails(Y, base{ contacts = { { gap = function(q) return q[2] end, J = function() return { { 1, 0 }, { 0, 1 / 0 } } end } } }, nil,
      "field 'contacts[1].J' returned inf at [2][2]")
    fails(Y, base{ contacts = { { gap = function() return nil end, J = J2 } } }, nil,
      "field 'contacts[1].gap' returned nil, expected a finite number")
    fails(Y, base{ contacts = { { gap = function() return -0.5 end, J = J2 } } }, nil,
      "contacts[1] starts inside: its gap is -0.5 (penetration 0.5)")
    fails(Y, base{ contacts = { { J = J2 } } }, nil, "field 'contacts[1].gap' must be a function")
    fails(Y, base{ M = { { 1, 2 }, { 0, 1 } } }, nil, "field 'M' must be symmetric")
    fails(Y, base{ M = { { 1, 0 }, { 0, -1 } } }, nil, "field 'M' must be positive definite")
    fails(Y, base{ M = function() return { { 1, 0 } } end }, nil, "system: field 'M' returned 1 rows, expected 2")
    fails(Y, base{ qdot = { 0 } }, nil, "field 'qdot' must have as many entries as q (2), got 1")
    fails(Y, base{ forse = 1 }, nil, "unknown field 'forse' (did you mean 'force'?)")
    fails(Y, base{ contacts = { { gap = function(q) return q[2] end, J = J2, mu_s = 0.1, mu_k = 0.3 } } }, nil,
      "field 'contacts[1].mu_k'")
  end)

  it("simulate: the options and errors raised during the run", function()
    local scene = ball_scene()
    fails(impact.simulate, scene, {}, "simulate: field 't_end' is required")
    fails(impact.simulate, scene, { t_end = -1 }, "simulate: field 't_end' must be greater than t0 = 0")
    fails(impact.simulate, scene, { t_end = 1, dt = -1 }, "field 'dt' must be positive")
    fails(impact.simulate, scene, { t_end = 1, max_events = 0 }, "field 'max_events'")
    fails(impact.simulate, scene, { t_end = 1, tend = 2 }, "unknown field 'tend'")
    fails(impact.simulate, { x = 1 }, { t_end = 1 }, "simulate: argument 1 must be a system made by impact.scene2d")
    fails(impact.simulate, { bodies = {} }, { t_end = 1 }, "simulate: field 'bodies' must have 1 to")   -- a scene2d's table
    fails(impact.simulate, { q = { 1 } }, { t_end = 1 }, "simulate: field 'qdot' must be a list")      -- a system's
    fails(impact.simulate, scene, nil, "simulate: argument 2 must be the options")
    -- a function that goes wrong during the run: named, with the index and t
    local sys = ball_system{ force = function(t) return { 0, t > 0.2 and 0 / 0 or -2 * G } end }
    local ok, err = pcall(impact.simulate, sys, { t_end = 1 })
    assert.is_false(ok)
    assert.matches("simulate: force returned NaN at index 2 %(t = 0%.2", err)
    sys = ball_system{ contacts = { { gap = function(q) return q[2] - R end,
      J = function(q) if q[2] < 0.6 then return { { 1, 0 }, { 0, 1 }, { 0, 0 } } end return { { 1, 0 }, { 0, 1 } } end } } }
    fails(impact.simulate, sys, { t_end = 1 }, "simulate: contacts[1].J returned 3 rows, expected 2")
    -- a custom law that raises
    local bad = ball_scene{ law = function() error("no law today") end }
    ok, err = pcall(impact.simulate, bad, { t_end = 1 })
    assert.is_false(ok)
    assert.matches("simulate: law %(function <.->%) raised an error: .*no law today", err)
    -- an edited scene is checked again
    scene.bodies[1].m = -2
    fails(impact.simulate, scene, { t_end = 1 }, "simulate: field 'bodies[1].m' must be positive, got -2")
  end)
end)

describe("a run's files", function()
  local run
  setup(function() run = impact.simulate(ball_scene(), { t_end = 1, dt = 0.05 }) end)

  local function same_run(a, b)
    assert.equal(#a.t, #b.t)
    for k = 1, #a.t do
      assert.equal(a.t[k], b.t[k])
      assert.same(a.q[k], b.q[k])
      assert.same(a.qdot[k], b.qdot[k])
      assert.equal(a.energy[k], b.energy[k])
    end
    assert.equal(#a.events, #b.events)
    for k, ev in ipairs(a.events) do
      local o = b.events[k]
      assert.equal(ev.t, o.t)
      assert.equal(ev.kind, o.kind)
      assert.same(ev.contacts, o.contacts)
      assert.same(ev.qdot_before, o.qdot_before)
      assert.same(ev.qdot_after, o.qdot_after)
    end
    for _, k in ipairs{ "status", "kind", "n_events", "n_impacts", "t_end", "t_reached" } do
      assert.equal(a[k], b[k], k)
    end
  end

  it("round-trips through CSV exactly", function()
    local path = scratch.name(".csv")
    assert.equal(path, run:write(path))
    same_run(run, impact.read_run(path))
  end)

  it("round-trips through JSON exactly", function()
    local path = scratch.name(".json")
    impact.write_run(run, path)
    local back = impact.read_run(path)
    same_run(run, back)
    assert.matches("^simulate:", tostring(back))
  end)

  it("refuses other names and non-runs", function()
    local ok, err = pcall(impact.write_run, run, scratch.name(".txt"))
    assert.is_false(ok)
    assert.matches("write_run: the file name must end in .csv or .json", err, 1, true)
    ok, err = pcall(impact.write_run, { t = {} }, scratch.name(".csv"))
    assert.matches("write_run: argument 1 must be a run", err, 1, true)
  end)
end)

describe("impact.plot.run and impact.plot.frames", function()
  local has_gnuplot = os.execute("command -v gnuplot >/dev/null 2>&1") == true
  local run
  setup(function() run = impact.simulate(ball_scene(), { t_end = 1, dt = 0.01 }) end)

  it("write the data and the script, and render", function()
    local dir = scratch.subdir()
    local p = impact.plot.run(run, { y = { "q2", "qdot2", "energy" }, out = dir .. "/ball.png", run = has_gnuplot })
    local dat = scratch.read(p.data)
    assert.matches("impacts: t", dat, 1, true)
    local gp = scratch.read(p.script)
    assert.matches("v_{y}", gp, 1, true)
    local f = impact.plot.frames(run, { every = 10, out = dir .. "/frames.pdf", run = has_gnuplot })
    assert.matches("with circles", scratch.read(f.script), 1, true)
    if has_gnuplot then
      assert.is_truthy(scratch.read(p.png))
      assert.is_truthy(scratch.read(f.pdf))
    end
    local ph = impact.plot.run(run, { x = "q2", y = "qdot2", out = dir .. "/phase.png", size = "column", run = false })
    assert.matches("before, after", scratch.read(ph.data), 1, true)
  end)

  it("name a bad option", function()
    assert.has_error(function() impact.plot.run(run, { y = "q4" }) end)
    local ok, err = pcall(impact.plot.run, run, { yy = "q1" })
    assert.matches("plot.run: unknown field 'yy' %(did you mean 'y'%?%)", err)
    ok, err = pcall(impact.plot.frames, run, { times = { 0 }, every = 2 })
    assert.matches("give 'times' or 'every', not both", err, 1, true)
  end)
end)
