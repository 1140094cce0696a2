-- impact.sweep{ simulate = {...}, measure = {...} }: a quantity of a run as
-- a function of parameters. Checked against the bouncing ball's closed
-- form (rest at t1 (1 + e)/(1 - e)), against a plain loop of
-- impact.simulate whose measures are read here from each run (written
-- apart from the sweep's), bit for bit on one thread and on several, the
-- Lua path (a system of Lua functions) equal to the loop too, the files,
-- and every bad input named.
local scratch = require("spec.scratch")
local impact = require("impact")

local G, H, R = 9.81, 1.0, 0.1
local T1 = math.sqrt(2 * H / G)

local function ball(e)
  return { gravity = { 0, -G }, e = e,
           lines = { { point = { 0, 0 }, normal = { 0, 1 } } },
           bodies = { { m = 2, rho = 0.04, y = H + R, radius = R } } }
end

-- Housner's block (b = 0.2, h = 1) released tilted by th: rocking on two
-- corners, moreau's impacts on both at once.
local B, HH = 0.2, 1.0
local function block(th, e, mu)
  return { gravity = { 0, -G }, e = e or 0, mu = mu or 5,
           lines = { { point = { 0, 0 }, normal = { 0, 1 } } },
           bodies = { { m = 3, I = (B * B + HH * HH), phi = -th,
                        x = B - B * math.cos(th) + HH * math.sin(th), y = HH * math.cos(th) + B * math.sin(th),
                        points = { { B, -HH }, { -B, -HH }, { -B, HH }, { B, HH } } } } }
end

-- exact text of a number (every NaN one: its sign bit is not a result)
local function bits(x)
  if x ~= x then return "nan" end
  return type(x) == "number" and string.format("%a", x) or tostring(x)
end

-- What a run gives for each measure, read from impact.simulate's run.
local function from_run(run, name)
  if name == "status" then return run.status end
  if name == "t_reached" then return run.t_reached end
  if name == "t_rest" then return run.status == "rest" and run.t_reached or 0 / 0 end
  if name == "n_impacts" then return run.n_impacts end
  if name == "n_events" then return #run.events end
  if name == "t_first_impact" or name == "t_accumulation" then
    local want = name == "t_first_impact" and "impact" or "rest"
    for _, ev in ipairs(run.events) do if ev.kind == want then return ev.t end end
    return 0 / 0
  end
  if name == "energy" then return run.energy[#run.energy] end
  local head, i = name:match("^(%a+)(%d+)$")
  return (head == "q" and run.q or run.qdot)[#run.t][tonumber(i)]
end

describe("sweep over simulations", function()
  it("gives the bouncing ball's accumulation time t1 (1 + e)/(1 - e)", function()
    local s = impact.sweep{ base = ball(0.5), vary = { e = impact.range(0.1, 0.8, 8) },
      simulate = { t_end = 10 }, measure = { "t_rest", "t_accumulation", "t_first_impact", "n_rest" },
      progress = false }
    assert.equal(8, s.n)
    assert.same({ "e", "t_rest", "t_accumulation", "t_first_impact", "n_rest", "status" }, s.names)
    for i = 1, s.n do
      local e = s.columns.e[i]
      local want = T1 * (1 + e) / (1 - e)
      assert.equal("rest", s.columns.status[i])
      assert.is_true(math.abs(s.columns.t_accumulation[i] - want) < 1e-9 * want, tostring(e))
      assert.equal(s.columns.t_accumulation[i], s.columns.t_rest[i])
      assert.is_true(math.abs(s.columns.t_first_impact[i] - T1) < 1e-12)
      assert.equal(1, s.columns.n_rest[i])
    end
  end)

  it("equals a loop of impact.simulate, bit for bit, on one thread and on two", function()
    local measures = { "t_reached", "t_rest", "t_first_impact", "t_accumulation", "n_impacts",
                       "n_events", "energy", "q1", "q2", "q3", "qdot1", "qdot2", "qdot3" }
    local ths, es = { 0.05, 0.1, 0.15 }, { 0, 0.3 }
    -- the block's position follows its angle: a map makes the scene
    local spec = { vary = { { "th", ths }, { "e", es } }, map = function(p) return block(p.th, p.e) end,
      simulate = { t_end = 2 }, measure = measures, progress = false }
    spec.threads = 1
    local one = impact.sweep(spec)
    spec.threads = 2
    local two = impact.sweep(spec)
    assert.equal(6, one.n)
    local k = 0
    for _, th in ipairs(ths) do
      for _, e in ipairs(es) do
        k = k + 1
        local run = impact.simulate(block(th, e), { t_end = 2 })
        for _, name in ipairs(measures) do
          assert.equal(bits(from_run(run, name)), bits(one.columns[name][k]), name .. " at point " .. k)
          assert.equal(bits(one.columns[name][k]), bits(two.columns[name][k]), name .. " at point " .. k)
        end
        assert.equal(run.status, one.columns.status[k])
      end
    end
    assert.is_true(one.columns.n_impacts[1] > 3)   -- it rocks
  end)

  it("runs a system of Lua functions one point at a time, the same as the loop", function()
    local function system(e)
      return { q = { 0, H + R }, qdot = { 0, 0 }, M = { { 2, 0 }, { 0, 2 } }, e = e,
               force = function() return { 0, -2 * G } end,
               potential = function(q) return 2 * G * q[2] end,
               contacts = { { gap = function(q) return q[2] - R end,
                              J = function() return { { 1, 0 }, { 0, 1 } } end } } }
    end
    local s = impact.sweep{ base = system(0.5), vary = { e = { 0.3, 0.6 } }, threads = 2,
      simulate = { t_end = 5 }, measure = { "t_rest", "q" }, progress = false }
    assert.same({ "e", "t_rest", "q1", "q2", "status" }, s.names)
    for i, e in ipairs{ 0.3, 0.6 } do
      local run = impact.simulate(system(e), { t_end = 5 })
      for _, name in ipairs{ "t_rest", "q1", "q2" } do
        assert.equal(bits(from_run(run, name)), bits(s.columns[name][i]), name)
      end
    end
  end)

  it("writes its rows to CSV that reads back, and records a failed point with simulate's message", function()
    local out = scratch.name(".csv")
    local s = impact.sweep{ base = ball(0.5), vary = { ["bodies.1.y"] = { 1.1, 0.05, 0.6 } },
      simulate = { t_end = 3 }, measure = { "t_rest" }, out = out, progress = false }
    assert.equal(3, s.n)
    assert.equal(1, #s.failures)
    assert.equal(2, s.failures[1].index)
    assert.matches("starts inside", s.failures[1].message)
    assert.equal("error", s.columns.status[2])
    assert.is_true(s.columns.t_rest[2] ~= s.columns.t_rest[2])
    local text = io.open(out):read("a")
    assert.matches("# simulate: {t_end = 3}", text, 1, true)
    assert.matches("# failed point 2: simulate: ", text, 1, true)
    local back = impact.sweep_read(out)
    assert.equal(bits(s.columns.t_rest[3]), bits(back.columns.t_rest[3]))
    local want = math.sqrt(2 * 0.5 / G) * 3
    assert.is_true(math.abs(back.columns.t_rest[3] - want) < 1e-9)
  end)

  it("names every bad field", function()
    local function err(spec)
      spec.progress = false
      local ok, msg = pcall(impact.sweep, spec)
      assert.is_false(ok)
      return msg
    end
    assert.matches("'simulate'", err{ base = ball(0.5), solve = "simulate", vary = { e = { 0.5 } } })
    assert.matches("simulate.t_ned", err{ base = ball(0.5), vary = { e = { 0.5 } }, simulate = { t_ned = 1 } })
    assert.matches("measure%[1%]' is not a measure: 't_rset'",
      err{ base = ball(0.5), vary = { e = { 0.5 } }, simulate = { t_end = 1 }, measure = { "t_rset" } })
    assert.matches("q4", err{ base = ball(0.5), vary = { e = { 0.5 } }, simulate = { t_end = 1 }, measure = { "q4" } })
    assert.matches("'measure' goes with solve = \"simulate\"",
      err{ base = { e = 0.5 }, vary = { e = { 0.5 } }, measure = { "q" } })
    assert.matches("vary.bodys", err{ base = ball(0.5), vary = { ["bodys.1.y"] = { 1 } }, simulate = { t_end = 1 } })
    assert.matches("t_end", err{ base = ball(0.5), vary = { e = { 0.5 } }, simulate = { t_end = -1 } })
  end)
end)
