-- impact.sweep with solve2d's and solve3d's tangential fields: a friction
-- law, Stronge's tangential compliance, model = "chatterjee-ruina" with
-- e_t. Every point equals the single solve bit for bit.
local scratch = require("spec.scratch")
local impact = require("impact")

local function slurp(path) return (assert(scratch.read(path))) end

local function copy(t)
  if type(t) ~= "table" then return t end
  local out = {}
  for k, v in pairs(t) do out[k] = copy(v) end
  return out
end

-- Each numeric column of the sweep against the single solve at each point
-- (set(problem, value) makes the point's problem), printed with %a.
local function same_as_single(s, solve, base, set, values)
  assert.are.equal(#values, s.n)
  assert.are.equal(0, #s.failures)
  local compared = 0
  for i, v in ipairs(values) do
    local p = copy(base)
    set(p, v)
    local flat = require("impact.sweep.columns").flatten(solve(p))
    for _, name in ipairs(s.names) do
      local want, got = flat[name], s.columns[name][i]
      if type(got) == "number" and type(want) == "number" then
        assert.are.equal(string.format("%a", want), string.format("%a", got), name .. " at point " .. i)
        compared = compared + 1
      elseif want ~= nil then
        assert.are.equal(want, got, name)
      end
    end
  end
  assert.is_true(compared > 0)
end

local B2D = { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, e = 0.5 }
local function with(t, extra)
  local out = copy(t)
  for k, v in pairs(extra) do out[k] = v end
  return out
end

describe("sweep with a friction law", function()
  local law = function(s) return 0.3 + 0.5 * math.abs(s.vt) end

  it("solves each point as solve2d does, and the header names the law", function()
    local out, json = scratch.name("csv"), scratch.name("json")
    local base = with(B2D, { friction = law })
    local s = impact.sweep{ base = base, vary = { e = { 0.2, 0.5, 0.8 } }, out = out, json = json }
    assert.is_false(s.fast)
    same_as_single(s, impact.solve2d, base, function(p, v) p.e = v end, { 0.2, 0.5, 0.8 })
    assert.is_not_nil(s.columns.Wf)
    local csv = slurp(out)
    assert.matches("friction = <function [^\n]*sweep_tangential_spec%.lua:%d+: function%(s%) return 0%.3", csv)
    assert.matches('"friction":"<function [^"]*sweep_tangential_spec%.lua:%d+', slurp(json))
  end)

  it("in 3D, solves each point as solve3d does", function()
    local rod = impact.rod{ m = 1, L = 2.3, radius = 0.5, theta1_deg = 20, theta2_deg = 15 }
    local base = { body = rod, v = { 0.8, -1, 0.3 }, e = 0.7,
      friction = function(s) return 0.2 + 0.5 * math.sqrt(s.vt.x ^ 2 + s.vt.z ^ 2) end }
    local s = impact.sweep{ solve = "solve3d", base = base, vary = { e = { 0.3, 0.7 } } }
    same_as_single(s, impact.solve3d, base, function(p, v) p.e = v end, { 0.3, 0.7 })
  end)

  it("names a bad friction field", function()
    local ok, err = pcall(impact.sweep, { base = with(B2D, { friction = "fast" }), vary = { e = { 0.5 } },
      on_error = "raise" })
    assert.is_false(ok)
    assert.matches("field 'friction'", err)
    ok, err = pcall(impact.sweep, { base = with(B2D, { frictoin = law }), vary = { e = { 0.5 } } })
    assert.is_false(ok)
    assert.matches("unknown field 'base.frictoin'", err)
  end)
end)

describe("sweep with tangential compliance", function()
  it("varies compliance.eta2 and keeps the compliance result fields", function()
    local out, json = scratch.name("csv"), scratch.name("json")
    local base = with(B2D, { mu = 0.3, compliance = { eta2 = 2 } })
    local values = { 1, 2, 4 }
    local s = impact.sweep{ base = base, vary = { ["compliance.eta2"] = values }, out = out, json = json }
    assert.is_false(s.fast)
    same_as_single(s, impact.solve2d, base, function(p, v) p.compliance.eta2 = v end, values)
    for _, name in ipairs{ "et", "eta2", "Wn", "Wt", "D_f", "E_c", "events" } do
      assert.is_not_nil(s.columns[name], name)
    end
    assert.are.equal(s.columns["compliance.eta2"][3], s.columns.eta2[3])
    local csv = slurp(out)
    assert.matches("# base: {[^\n]*compliance = {eta2 = 2}", csv)
    assert.matches("# vary compliance.eta2: 1 2 4", csv, 1, true)
    assert.matches('"compliance":{"eta2":2}', slurp(json), 1, true)
  end)

  it("varies compliance.nu, in 2D and for a sphere in 3D", function()
    local base = with(B2D, { mu = 0.3, compliance = { nu = 0.3 } })
    local s = impact.sweep{ base = base, vary = { ["compliance.nu"] = { 0, 0.25, 0.5 } } }
    same_as_single(s, impact.solve2d, base, function(p, v) p.compliance.nu = v end, { 0, 0.25, 0.5 })
    local sphere = { m = 2, inertia = { 0.32, 0.32, 0.32 }, r = { 0, -0.632455532033676, 0 },
      v = { 0.3, -1, -0.4 }, w = { 0, 0, 0 }, mu = 0.3, e = 0.8, compliance = { nu = 0.3 } }
    s = impact.sweep{ solve = "solve3d", base = sphere, vary = { ["compliance.nu"] = { 0.1, 0.3 }, e = { 0.5, 0.8 } } }
    assert.are.equal(4, s.n)
    assert.is_not_nil(s.columns.et)
    for i = 1, 4 do
      local p = copy(sphere)
      p.compliance.nu, p.e = s.columns["compliance.nu"][i], s.columns.e[i]
      local r = impact.solve3d(p)
      assert.are.equal(string.format("%a", r.et), string.format("%a", s.columns.et[i]))
      assert.are.equal(string.format("%a", r.P[2]), string.format("%a", s.columns["P.2"][i]))
    end
  end)

  it("samples compliance.eta2 and e_t by their dotted names", function()
    local base = with(B2D, { mu = 0.3, compliance = { eta2 = 2 } })
    local s = impact.sweep{ base = base, sample = { n = 5, seed = 3, ranges = { ["compliance.eta2"] = { 0.5, 4 } } } }
    assert.are.equal(5, s.n)
    assert.are.equal(0, #s.failures)
    for i = 1, s.n do
      local p = copy(base)
      p.compliance.eta2 = s.columns["compliance.eta2"][i]
      assert.are.equal(string.format("%a", impact.solve2d(p).et), string.format("%a", s.columns.et[i]))
    end
    local ok, err = pcall(impact.sweep, { base = base, sample = { n = 2, ranges = { ["compliance.nu2"] = { 0, 1 } } } })
    assert.is_false(ok)
    assert.matches("unknown field 'sample.ranges.compliance.nu2'", err, 1, true)
  end)

  it("names the compliance field in errors", function()
    local base = with(B2D, { mu = 0.3, compliance = { eta2 = 2 } })
    local ok, err = pcall(impact.sweep, { base = base, vary = { ["compliance.eta"] = { 1 } } })
    assert.is_false(ok)
    assert.matches("unknown field 'vary.compliance.eta'", err, 1, true)
    ok, err = pcall(impact.sweep, { base = with(B2D, { mu = 0.3, compliance = { eta = 2 } }), vary = { e = { 1 } } })
    assert.is_false(ok)
    assert.matches("unknown field 'base.compliance.eta'", err, 1, true)
    ok, err = pcall(impact.sweep, { base = base, vary = { ["compliance.eta2"] = { -1 } }, on_error = "raise" })
    assert.is_false(ok)
    assert.matches("field 'compliance.eta2' must be positive", err, 1, true)
    -- recorded, not raised, by default: the solver's message
    local both = with(base, { friction = function() return 0.3 end })
    both.mu = nil
    local s = impact.sweep{ base = both, vary = { e = { 0.5 } } }
    assert.are.equal(1, #s.failures)
    assert.matches("field 'compliance' cannot be combined with friction", s.failures[1].message, 1, true)
  end)
end)

describe("sweep with model = \"chatterjee-ruina\"", function()
  it("varies e_t, each point as the single solve", function()
    local base = with(B2D, { mu = 0.3, model = "chatterjee-ruina", e_t = 0.3 })
    local values = { -0.5, 0, 0.3, 0.9 }
    local s = impact.sweep{ base = base, vary = { e_t = values } }
    same_as_single(s, impact.solve2d, base, function(p, v) p.e_t = v end, values)
    assert.is_not_nil(s.columns.et)
    local rod = impact.rod{ m = 1, L = 2.3, radius = 0.5, theta1_deg = 20, theta2_deg = 15 }
    local b3 = { body = rod, v = { 0.4, -1, 0 }, model = "chatterjee-ruina", mu = 0.3, e = 0.7, e_t = 0.2 }
    s = impact.sweep{ solve = "solve3d", base = b3, vary = { e_t = { 0, 0.2, 0.5 } } }
    same_as_single(s, impact.solve3d, b3, function(p, v) p.e_t = v end, { 0, 0.2, 0.5 })
  end)
end)
