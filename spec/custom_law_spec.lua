-- A custom law that cannot mislead (issue 25, item 5): a residual positive
-- at maximum compression is an error, every result says whether it gained
-- energy, a custom law's results name the law (no e), and a sweep's files
-- record the law and the map.
local scratch = require("spec.scratch")
local impact = require("impact")

local ROD = { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.3 }
local function rod(extra)
  local t = {}
  for k, v in pairs(ROD) do t[k] = v end
  for k, v in pairs(extra) do t[k] = v end
  return t
end
local BOX = { m = 1, inertia = { 0.1, 0.1, 0.1 }, r = { 0, -0.5, 0.1 }, v = { 0.3, -1, 0.1 },
              w = { 0, 0, 0 }, mu = 0.3 }
local function box(extra)
  local t = {}
  for k, v in pairs(BOX) do t[k] = v end
  for k, v in pairs(extra) do t[k] = v end
  return t
end
-- a two-link chain hitting the ground (2D mechanism, 2 rows of J)
local function chain(extra)
  local d = math.pi / 180
  local p = impact.chain2d{ links = { { m = 1, L = 1 }, { m = 1, L = 1 } }, q = { -40 * d, -48.8 * d },
                            qdot = { -1, -1 } }
  local t = { M = p.M, J = p.J, qdot = p.qdot, mu = 0.3 }
  for k, v in pairs(extra) do t[k] = v end
  return t
end
local function cradle(model, law)
  local s = impact.system2d{
    bodies = { { m = 1, I = 0.1, x = 0, vx = 1 }, { m = 1, I = 0.1, x = 2 }, { m = 1, I = 0.1, x = 4 } },
    contacts = { { a = 2, b = 1, point = { 1, 0 }, normal = { 1, 0 }, e = 1 },
                 { a = 3, b = 2, point = { 3, 0 }, normal = { 1, 0 }, e = 1 } } }
  s.model, s.law = model, law
  return s
end

-- (1 + e) Pc - Pn: Poisson's residual with its sign turned, positive (e Pc) at maximum compression
local function flipped(s) return 1.5 * s.Pc - s.Pn end

local function refuses(f, t, pattern)
  local ok, msg = pcall(f, t)
  assert.is_false(ok, "the sign error was accepted")
  msg = tostring(msg)
  assert.truthy(msg:find("positive at maximum compression", 1, true), msg)
  assert.truthy(msg:find("must rise to zero from below", 1, true), msg)
  assert.truthy(msg:find("function <", 1, true), msg)
  if pattern then assert.matches(pattern, msg) end
end

describe("a custom law positive at maximum compression", function()
  it("is an error in 2D (coefficients, bodies, mechanisms), naming its value", function()
    -- Pc = 0.370732 on the rod: R = 0.5 Pc = 0.185366
    refuses(impact.solve2d, rod{ law = flipped }, "R = 0%.185366")
    refuses(impact.solve2d, { body1 = { m = 1, rho = 0.3, x = 0.1, y = 0.5, vx = 0.2, vy = -1, w = 0 },
                              mu = 0.3, law = flipped })
    refuses(impact.solve2d, chain{ law = flipped })
    refuses(impact.solve2d, rod{ law = function() return 1 end }, "R = 1")
  end)

  it("is an error in 3D, both methods, and on 3D mechanisms", function()
    refuses(impact.solve3d, box{ law = flipped })
    refuses(impact.solve3d, box{ law = flipped, method = "algebraic" })
    refuses(impact.solve3d, { M = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } },
                              J = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } },
                              qdot = { 0.3, -1, 0.1 }, mu = 0.3, law = flipped })
  end)

  it("is an error in solve_multi's sequential model and in simulate", function()
    refuses(impact.solve_multi, cradle("sequential", flipped))
    local scene = impact.scene2d{ bodies = { { m = 1, I = 0.1, radius = 0.5, y = 1, vy = -1 } },
                                  lines = { { point = { 0, 0 }, normal = { 0, 1 } } },
                                  law = flipped }
    local ok, msg = pcall(impact.simulate, scene, { t_end = 2 })
    assert.is_false(ok)
    assert.truthy(tostring(msg):find("must rise to zero from below", 1, true), tostring(msg))
  end)

  it("still lets a law end at maximum compression from zero (plastic laws written in Lua)", function()
    local plastic = {
      poisson = function(s) return s.Pn - s.Pc end,
      newton = function(s) return s.vn + 0 * s.vn0 end,
      energetic = function(s) return s.Wr + 0 * s.Wc end,
    }
    for name, law in pairs(plastic) do
      local a = impact.solve2d(rod{ e = 0, law = name })
      local b = impact.solve2d(rod{ law = law })
      assert.is.near(a.Py, b.Py, 1e-12)
      assert.is.near(a.Px, b.Px, 1e-12)
      for _, method in ipairs{ "exact", "algebraic" } do
        local a3 = impact.solve3d(box{ e = 0, law = name, method = method })
        local b3 = impact.solve3d(box{ law = law, method = method })
        assert.is.near(a3.P.y, b3.P.y, 1e-9)
        assert.is.near(a3.P.x, b3.P.x, 1e-9)
      end
    end
  end)
end)

describe("energy_gain on every result", function()
  local gain = function(s) return s.Pn - 2.5 * s.Pc end     -- Poisson with e = 1.5
  local lossy = function(s) return s.Pn - 1.5 * s.Pc end

  it("solve2d: coefficients, bodies and mechanisms", function()
    for _, t in ipairs{ { B1 = 2, B2 = 2, B3 = 0, S0 = 0, C0 = -1 },
                        { body1 = { m = 1, rho = 0.3, x = 0, y = 0.5, vx = 0, vy = -1, w = 0 } },
                        chain{ mu = 0 } } do
      t.law = gain
      local r = impact.solve2d(t)
      assert.is_true(r.dT > 0)
      assert.are.equal(true, r.energy_gain)
      t.law = lossy
      assert.are.equal(false, impact.solve2d(t).energy_gain)
      t.law, t.e = "poisson", 0.5
      assert.are.equal(false, impact.solve2d(t).energy_gain)
    end
  end)

  it("solve3d: both methods and mechanisms", function()
    for _, method in ipairs{ "exact", "algebraic" } do
      local r = impact.solve3d(box{ mu = 0, law = gain, method = method })
      assert.is_true(r.dT > 0)
      assert.are.equal(true, r.energy_gain)
      assert.are.equal(false, impact.solve3d(box{ law = lossy, method = method }).energy_gain)
    end
    local r = impact.solve3d{ M = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } }, J = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } },
                              qdot = { 0.3, -1, 0.1 }, mu = 0.3, law = gain }
    assert.are.equal(true, r.energy_gain)
  end)

  it("compare's rows and every solve_multi model", function()
    local c = impact.compare(rod{ e = 0.5 }, { "routh", "kane" })
    for _, name in ipairs{ "routh", "kane" } do assert.are.equal("boolean", type(c[name].energy_gain)) end
    for _, model in ipairs(require("impact.names").MULTI_MODELS) do
      local r = impact.solve_multi(cradle(model))
      assert.are.equal("boolean", type(r.energy_gain), model)
    end
    local r = impact.solve_multi(cradle("sequential", gain))
    assert.is_true(r.dT > 0)
    assert.are.equal(true, r.energy_gain)
  end)
end)

describe("a custom law's results name the law", function()
  local here = "custom_law_spec.lua:" .. (debug.getinfo(1, "l").currentline + 1)
  local law = function(s) return s.Pn - 1.5 * s.Pc end

  it("in solve2d, solve3d and solve_multi results: law = \"custom\", law_source, no e", function()
    for _, r in ipairs{ impact.solve2d(rod{ law = law }), impact.solve2d(chain{ law = law }),
                        impact.solve3d(box{ law = law }), impact.solve3d(box{ law = law, method = "algebraic" }),
                        impact.solve_multi(cradle("sequential", law)) } do
      assert.are.equal("custom", r.law)
      assert.is_nil(r.e)
      assert.truthy(r.law_source:find(here, 1, true), r.law_source)
    end
    local sp = impact.space{ r = 1.414, mu = 0.25, theta_deg = 10, gamma_deg = 25, e = 0.5, law = law }
    local map = impact.space_map{ r = 1.414, mu = 0.25, e = 0.5, law = law, gamma_deg = { 1, 89, 3 },
                                  theta_deg = { -60, 60, 3 } }
    local pl = impact.painleve{ l = 4, theta_deg = 75, mu = 0.6, law = law }.impact
    for _, r in ipairs{ sp, map, pl } do
      assert.are.equal("custom", r.law)
      assert.is_nil(r.e)
      assert.truthy(r.law_source:find(here, 1, true), r.law_source)
    end
    assert.is_nil(impact.solve2d(rod{ e = 0.5 }).law_source)
    assert.are.equal(0.5, impact.solve2d(rod{ e = 0.5 }).e)
  end)

  it("in printed results", function()
    for _, r in ipairs{ impact.solve2d(rod{ law = law }), impact.solve3d(box{ law = law }),
                        impact.solve_multi(cradle("sequential", law)) } do
      local text = tostring(r)
      assert.truthy(text:find(here, 1, true), text)
      assert.falsy(text:find("e = 0", 1, true), text)
    end
  end)

  it("in plot titles", function()
    local dir = scratch.subdir()
    local out = impact.plot.path(impact.solve2d(rod{ law = law }), { out = dir .. "/p.png", run = false })
    local gp = scratch.read(out.script)
    -- the title is escaped for gnuplot's enhanced text: the file's _ as \\_
    local shown = here:gsub("_", "\\\\_"):gsub("%p", "%%%0")
    assert.truthy(gp:match("set title [^\n]*custom law %([^)]*" .. shown .. "%)"),
                  gp:match("set title [^\n]*"))
    assert.falsy(gp:find("e = 0", 1, true))
    local h = impact.plot.hodograph(impact.solve3d(box{ law = law }), { out = dir .. "/h.png", run = false })
    gp = scratch.read(h.script)
    assert.truthy(gp:match("set title [^\n]*custom law %([^)]*" .. shown .. "%)"),
                  gp:match("set title [^\n]*"))
    os.execute("rm -rf '" .. dir .. "'")
  end)
end)

describe("a custom-law sweep's files", function()
  local line = debug.getinfo(1, "l").currentline
  local law = function(st) return st.Pn - 1.5 * st.Pc end
  local map = function(p, b) b.S0 = p.S0 return b end

  it("record the law and the map: source file, line and text", function()
    local dir = scratch.subdir()
    impact.sweep{ base = rod{ law = law }, vary = { S0 = { 0.2, 0.6 } }, map = map,
                  out = dir .. "/s.csv", json = dir .. "/s.json" }
    local csv = scratch.read(dir .. "/s.csv")
    local lawsrc = "custom_law_spec.lua:" .. (line + 1)
    local mapsrc = "custom_law_spec.lua:" .. (line + 2)
    local base = csv:match("# base: ([^\n]*)")
    assert.truthy(base:find(lawsrc, 1, true), base)
    assert.truthy(base:find("function(st) return st.Pn - 1.5 * st.Pc end", 1, true), base)
    local m = csv:match("# map: ([^\n]*)")
    assert.truthy(m:find(mapsrc, 1, true), m)
    assert.truthy(m:find("function(p, b) b.S0 = p.S0 return b end", 1, true), m)
    local json = require("cjson").decode(scratch.read(dir .. "/s.json"))
    assert.truthy(json.base.law:find(lawsrc, 1, true), json.base.law)
    assert.truthy(json.map:find(mapsrc, 1, true), tostring(json.map))
    os.execute("rm -rf '" .. dir .. "'")
  end)
end)

-- Item 4: custom normal laws in every multi-contact model that has one to
-- replace: e = function(s) (each contact's coefficient from its state before
-- the impact) in every model, a residual law in "sequential".
describe("solve_multi's custom normal laws", function()
  local names = require("impact.names")
  local function block2d()   -- a block landing on two corners, rotating, with friction
    return impact.system2d{
      bodies = { { m = 1, I = 0.2, x = 0, y = 0.5, vx = 0.3, vy = -1, w = 0.4 } },
      contacts = { { a = 1, point = { -0.5, 0 }, normal = { 0, 1 } },
                   { a = 1, point = { 0.5, 0 }, normal = { 0, 1 } } },
      mu = 0.3 }
  end
  local function block3d()
    return impact.system3d{
      bodies = { { m = 1, inertia = { 0.1, 0.12, 0.15 }, x = { 0, 0.3, 0 }, v = { 0.4, -1, 0.2 },
                   w = { 0.3, 0.5, -0.2 } } },
      contacts = { { a = 1, point = { -0.3, 0, 0.1 }, normal = { 0, 1, 0 } },
                   { a = 1, point = { 0.3, 0, -0.1 }, normal = { 0, 1, 0 } } },
      mu = 0.3 }
  end
  local function same(a, b, what)
    for i = 1, #a.qdot do assert.is.near(a.qdot[i], b.qdot[i], 1e-12, what .. " qdot " .. i) end
    for c = 1, #a.contacts do
      for j = 1, #a.contacts[c].P do
        assert.is.near(a.contacts[c].P[j], b.contacts[c].P[j], 1e-12, what .. " P")
      end
    end
    assert.is.near(a.dT, b.dT, 1e-12, what .. " dT")
  end
  -- the contacts' normal approach velocities J_n qdot
  local function vn0(s, c)
    local J, v = s.contacts[c].J[2], 0
    for j = 1, #s.qdot do v = v + J[j] * s.qdot[j] end
    return v
  end

  it("e = function(s) returning a constant equals e in every model, 2D and 3D", function()
    for _, make in ipairs{ block2d, block3d } do
      for _, model in ipairs(names.MULTI_MODELS) do
        local s = make()
        s.model, s.e = model, 0.6
        local a = impact.solve_multi(s)
        s.e = function() return 0.6 end
        local b = impact.solve_multi(s)
        same(a, b, model)
        assert.are.equal(0.6, b.contacts[1].e)
      end
    end
  end)

  it("a speed-dependent e(vn0) equals the per-contact coefficients it gives", function()
    local law = function(s) return math.max(0, 0.9 - 0.35 * math.abs(s.vn0)) end
    for _, make in ipairs{ block2d, block3d } do
      for _, model in ipairs(names.MULTI_MODELS) do
        local s = make()
        s.model = model
        local e1, e2 = law{ vn0 = vn0(s, 1) }, law{ vn0 = vn0(s, 2) }
        assert.is_true(math.abs(e1 - e2) > 0.01)   -- the contacts' coefficients differ
        s.contacts[1].e, s.contacts[2].e = e1, e2
        local a = impact.solve_multi(s)
        s.contacts[1].e, s.contacts[2].e = nil, nil
        s.e = law
        local b = impact.solve_multi(s)
        same(a, b, model)
        assert.are.equal(e1, b.contacts[1].e)
        assert.are.equal(e2, b.contacts[2].e)
        -- per contact, beside a number for the other
        s.e, s.contacts[1].e, s.contacts[2].e = nil, e1, law
        same(a, impact.solve_multi(s), model .. " per contact")
      end
    end
  end)

  it("sequential runs a residual law: Poisson, Newton and Stronge written in Lua", function()
    local lua = {
      poisson = function(s) return s.Pn - 1.6 * s.Pc end,
      newton = function(s) return s.vn + 0.6 * s.vn0 end,
      energetic = function(s) return s.Wr + 0.36 * s.Wc end,
    }
    for _, make in ipairs{ block2d, block3d } do
      for name, f in pairs(lua) do
        local s = make()
        s.model, s.e, s.law = "sequential", 0.6, name
        local a = impact.solve_multi(s)
        s.law = f
        local b = impact.solve_multi(s)
        same(a, b, "sequential " .. name)
        assert.are.same(a.order, b.order)
        assert.are.equal("custom", b.law)
        assert.are.equal(name, a.law)
      end
    end
  end)

  it("names the field, the model and the function in its errors", function()
    for _, model in ipairs{ "moreau", "poisson", "lzb" } do
      local s = block2d()
      s.model, s.law = model, function(st) return st.Pn - 1.5 * st.Pc end
      local ok, msg = pcall(impact.solve_multi, s)
      assert.is_false(ok)
      assert.truthy(msg:find("field 'law' is only used by model \"sequential\" (model \"" .. model .. "\"", 1, true), msg)
      assert.truthy(msg:find("e = function(s)", 1, true), msg)
    end
    local s = block2d()
    s.e = function() return 1.5 end
    local ok, msg = pcall(impact.solve_multi, s)
    assert.is_false(ok)
    assert.matches("solve_multi: field 'e' %(function <.-custom_law_spec.lua:%d+>%) must return a number in %[0, 1%] for contacts%[1%], got 1.5", msg)
    s.e, s.contacts[2].e = 0.5, function() return "x" end
    ok, msg = pcall(impact.solve_multi, s)
    assert.matches("field 'contacts%[2%]%.e' %(function <.->%) must return a number in %[0, 1%], got string", msg)
    s.contacts[2].e = function() error("no e today") end
    ok, msg = pcall(impact.solve_multi, s)
    assert.matches("field 'contacts%[2%]%.e' %(function <.->%) raised an error: .*no e today", msg)
  end)
end)
