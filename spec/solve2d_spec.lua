-- impact.solve2d, classify2d and sb2d against Wang & Mason's falling rod
-- (WM92 sec 6) and Sun & Baruh's rod (SB22 sec 2) (the vectors are rounded
-- to 6 decimals) and the invariants of the method.
local impact = require("impact")

local V = 1.5e-6            -- rounded vectors
local X = 1e-12             -- exact identities
local h = math.sqrt(2) / 4  -- the WM92 rod: CM at (h, h) from the tip

local function rod(S0, C0, mu, e, law, extra)
  local t = { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = S0, C0 = C0, mu = mu, e = e, law = law }
  for k, v in pairs(extra or {}) do t[k] = v end
  return impact.solve2d(t)
end

local function rod_body(S0, C0, mu, e, law)
  return impact.solve2d{ body1 = { m = 1, rho = math.sqrt(1 / 12), x = h, y = h, vx = S0, vy = C0 },
                         mu = mu, e = e, law = law }
end

local function expect(r, want, tol)
  for k, v in pairs(want) do
    if type(v) == "number" then
      assert.is.near(v, r[k], tol or V)
    else
      assert.are.equal(v, r[k])
    end
  end
end

describe("impact.solve2d: Wang & Mason's falling rod (WM92 sec 6)", function()
  local LAWS = { "poisson", "newton", "energetic" }

  it("case 1, direct impact: C-sticking, sliding and frictionless, every law", function()
    for _, law in ipairs(LAWS) do
      for _, solve in ipairs{ rod, rod_body } do
        expect(solve(0, -1, 0.8, 0.5, law), { mode = "C-sticking", class = "direct",
          Px = 0.5625, Py = 0.9375, S = 0, C = 0.5, dT = -0.234375 })
        expect(solve(0, -1, 0.3, 0.5, law), { mode = "sliding", Px = 0.219512, Py = 0.731707,
          S = -0.548780, C = 0.5, dT = -0.243159 })
        expect(solve(0, -1, 0, 0.5, law), { Px = 0, Py = 0.6, S = -0.9, C = 0.5, dT = -0.15 })
      end
    end
    for e = 0, 1, 0.25 do
      expect(rod(0, -1, 0.6, e), { Py = 0.625 * (1 + e), Px = 0.375 * (1 + e), C = e,
        dT = -0.3125 * (1 - e * e) }, X)
    end
  end)

  it("case 2 with mu >= 0.6: C-sticking, Newton's Py = 0.4 + 0.625 e (corrected)", function()
    for e = 0, 1, 0.25 do
      for _, mu in ipairs{ 0.6, 0.8, 2 } do
        expect(rod(0.6, -1, mu, e, "poisson"), { mode = "C-sticking", Px = 0.24 * e,
          Py = 0.4 * (1 + e), S = 0, C = 0.64 * e, dT = 0.5 * (0.256 * e * e - 0.4) }, X)
        expect(rod(0.6, -1, mu, e, "newton"), { Px = 0.375 * e, Py = 0.4 + 0.625 * e,
          C = e, dT = 0.5 * (0.625 * e * e - 0.4) }, X)
      end
      expect(rod(0.6, -1, 0.8, e, "energetic"), { Py = 0.4 + 0.445613 * e,
        Px = 0.267368 * e, C = 0.712982 * e, Wc = -0.158857 })
    end
    expect(rod(0.6, -1, 0.8, 0.5, "energetic"), { Px = 0.133684, Py = 0.622807, dT = -0.160286 })
    expect(rod(0.6, -1, 0.8, 1, "energetic"), { dT = -0.041143 })
    expect(rod(0.6, -1, 0.8, 0.5, "poisson"), { Px = 0.12, Py = 0.6, dT = -0.168 })
    expect(rod(0.6, -1, 0.8, 0.5, "newton"), { Px = 0.1875, Py = 0.7125, dT = -0.121875 })
    expect(rod(0.6, -1, 0.8, 1, "newton"), { dT = 0.1125 })   -- Newton gains energy
  end)

  it("case 2 with mu < 0.6: C-reversed", function()
    local r = rod_body(0.6, -1, 0.3, 0.5, "poisson")
    expect(r, { mode = "C-reversed", Px = 0.006829, Py = 0.556098, S = -0.217073, C = 0.38,
      dT = -0.171083, Pc = 0.370732 })
    assert.are.equal("reverse", r.path[2].event)
    assert.is.near(4 / 15, r.path[2].Py, X)
    expect(rod(0.6, -1, 0.3, 0.5, "newton"), { Px = 0.024390, Py = 0.614634, S = -0.260976,
      C = 0.5, dT = -0.149524 })
    expect(rod(0.6, -1, 0.3, 0.5, "energetic"), { Px = 0.012822, Py = 0.576074, dT = -0.164428 })
    expect(rod(0.6, -1, 0.3, 1, "poisson"), { Px = 0.062439, Py = 0.741463, dT = -0.081361 })
    expect(rod(0.6, -1, 0.3, 1, "newton"), { Px = 0.097561, Py = 0.858537, dT = 0.007615 })
    expect(rod(0.6, -1, 0.3, 1, "energetic"), { Px = 0.074425, Py = 0.781416, dT = -0.053809 })
    expect(rod(0.6, -1, 0.5, 1, "newton"), { Px = 0.259740, Py = 0.955844, dT = 0.053972 })
    expect(rod(0.6, -1, 0.5, 1, "poisson"), { Px = 0.166234, Py = 0.768831, dT = -0.087381 })
    expect(rod(0.6, -1, 0.2, 1, "newton"), { dT = 0.001653 })
  end)

  it("case 3: sliding, R-sticking and C-sticking", function()
    for _, law in ipairs(LAWS) do
      expect(rod(-1, -1, 0.5, 0.5, law), { mode = "sliding", Px = 0.428571, Py = 0.857143,
        S = -1.214286, C = 0.5, dT = -0.688776 })
    end
    expect(rod(-1, -1, 0.95, 0.5, "poisson"), { mode = "R-sticking", Pc = 0.930233,
      Px = 1.237209, Py = 1.395349, C = 0.632558, dT = -0.874959 })
    expect(rod(-1, -1, 0.95, 0.5, "newton"), { Px = 1.1875, Py = 1.3125, C = 0.5, dT = -0.921875 })
    expect(rod(-1, -1, 0.95, 0.5, "energetic"), { Px = 1.220766, Py = 1.367943, C = 0.588709,
      dT = -0.891694 })
    expect(rod(-1, -1, 1.2, 0.5, "poisson"), { mode = "C-sticking", Pc = 1, Px = 1.3, Py = 1.5,
      C = 0.8, dT = -0.8 })
    expect(rod(-1, -1, 1.2, 0.5, "newton"), { Px = 1.1875, Py = 1.3125, dT = -0.921875 })
    expect(rod(-1, -1, 1.2, 0.5, "energetic"), { Px = 1.259808, Py = 1.433013, C = 0.692820,
      Wc = -0.6, Wr = 0.15, Wf = -0.4, dT = -0.85 })
    local r = rod(-1, -1, 0.95, 0.5)
    assert.are.equal("max-compression", r.path[2].event)
    assert.are.equal("stick", r.path[3].event)
    assert.is.near(8 / 7, r.path[3].Py, X)
  end)

  it("case 4, tangential impact: no impulse for mu <= 5/3, sticking above", function()
    for _, law in ipairs(LAWS) do
      for _, mu in ipairs{ 0, 0.5, 1.6, 5 / 3 } do
        expect(rod(-0.2, 0, mu, 0.5, law), { mode = "none", class = "tangential", Px = 0, Py = 0, dT = 0 })
      end
    end
    for e = 0, 1, 0.25 do
      expect(rod(-0.2, 0, 2, e, "poisson"), { mode = "C-sticking", class = "tangential",
        Py = 0.075 * (1 + e), Px = 0.08 + 0.045 * (1 + e), S = 0, C = 0.12 * e,
        dT = 0.5 * (0.009 * e * e - 0.025), Pc = 0.075 }, X)
      expect(rod(-0.2, 0, 2, e, "newton"), { Px = 0.125, Py = 0.075, C = 0, dT = -0.0125 }, X)
    end
    expect(rod(-0.2, 0, 1.7, 0.5), { Px = 0.1475, Py = 0.1125, C = 0.06, dT = -0.011375 })
    expect(rod(-0.2, 0, 2, 0.5, "energetic"), { Px = 0.135979, Py = 0.093298, C = 0.029277,
      dT = -0.012232 })
    expect(rod(-0.2, 0, 3, 0.5, "energetic"), { Px = 0.141771, Py = 0.102951, C = 0.044721 })
  end)

  it("a parting contact (C0 > 0) gives no impulse", function()
    expect(rod(0.3, 0.5, 1, 0.5), { mode = "none", Px = 0, Py = 0, dT = 0, S = 0.3, C = 0.5 })
  end)

  it("classify2d gives WM92's P_d, P_q, mu_D, mu_Q and the signed stick_slope", function()
    for mu = 0.05, 3, 0.25 do
      local k = impact.classify2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = mu, e = 0.5 }
      assert.is.near(0.6 * (2.5 + 1.5 * mu), k.P_d, X)
      assert.is.near(2.5 * mu + 1.5, k.P_q, X)
      assert.are.equal(mu >= 0.6 and "C-sticking" or "C-reversed", k.mode)
      assert.is.near(-0.6, k.stick_slope, X)
      assert.is_nil(k.mu_s)            -- WM92's slope is not the friction coefficient
      assert.are.equal(1, k.s)
    end
    for e = 0, 1, 0.25 do
      local k = impact.classify2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = -1, C0 = -1, mu = 1, e = e }
      assert.is.near((3 * (1 + e) + 5) / (5 * (1 + e) + 3), k.mu_D, X)
      assert.is.near(1, k.mu_Q, X)
    end
    local k = impact.classify2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = -1, C0 = -1, mu = 0.95, e = 0.5 }
    expect(k, { mode = "R-sticking", class = "eccentric", sb_case = 3, s = -1, sticks = true,
      p_s = 8 / 7 })
    assert.is.near(0.904762, k.mu_D, V)
    -- a direct impact: no R1 or R3, |B3|/B1 as R2
    k = impact.classify2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0, C0 = -1, mu = 0.3, e = 0.5 }
    expect(k, { mode = "sliding", class = "direct", s = -1, sb_case = 6, R2 = 0.6 })
    assert.is_nil(k.R1)
  end)

  it("classify2d gives the closed-form impulses of the three laws (WM92 eqs 39-55, WM92 sec 6 case 3)", function()
    local k = impact.classify2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = -1, C0 = -1, mu = 0.95, e = 0.5 }
    expect(k.closed.poisson, { Px = 1.237209, Py = 1.395349, Pc = 0.930233, S = 0, C = 0.632558,
      dT = -0.874959 })
    expect(k.closed.newton, { Px = 1.1875, Py = 1.3125, Pc = 0.930233, S = 0, C = 0.5, dT = -0.921875 })
    expect(k.closed.energetic, { Px = 1.220766, Py = 1.367943, Pc = 0.930233, S = 0, C = 0.588709,
      dT = -0.891694 })
    k = impact.classify2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.3, e = 0.5 }
    expect(k.closed.poisson, { Px = 0.006829, Py = 0.556098, S = -0.217073, C = 0.38, dT = -0.171083 })
    expect(k.closed.newton, { Px = 0.024390, Py = 0.614634, S = -0.260976, C = 0.5, dT = -0.149524 })
    -- parting: no impulse, the velocities unchanged
    k = impact.classify2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.3, C0 = 0.5, mu = 1, e = 0.5 }
    expect(k.closed.energetic, { Px = 0, Py = 0, Pc = 0, S = 0.3, C = 0.5, dT = 0 })
  end)

  it("classify2d's closed forms equal the tracer on 12000 random one- and two-body impacts", function()
    local rand = require("impact.sweep.rng").new(2024)
    local function body(lower)
      return { m = 0.1 * 100 ^ rand(), rho = 0.05 * 40 ^ rand(), x = 2 * rand() - 1,
               y = lower and -rand() or rand(), vx = 2 * rand() - 1, vy = 2 * rand() - 1.5,
               w = 4 * rand() - 2 }
    end
    local laws = { "poisson", "newton", "energetic" }
    local n, modes, bad = 0, {}, {}
    -- plain comparisons in the loop (luassert per value costs seconds here)
    local function near(what, a, b, tol)
      if not (math.abs(a - b) <= tol) and #bad < 5 then
        bad[#bad + 1] = string.format("%s: tracer %.17g, closed %.17g", what, a, b)
      end
    end
    for i = 1, 12000 do
      local t = { body1 = body(false), body2 = i % 2 == 0 and body(true) or nil, e = rand() }
      local u = rand()
      if u < 0.05 then t.body1.vx, t.body1.w = 0, 0 if t.body2 then t.body2.vx, t.body2.w = 0, 0 end end
      t.mu_k = u < 0.1 and 0 or 2 * rand()
      t.mu_s = rand() < 0.5 and t.mu_k or t.mu_k + rand()
      local k = impact.classify2d(t)
      for _, law in ipairs(laws) do
        t.law = law
        local r, q = impact.solve2d(t), k.closed[law]
        local P = math.abs(r.Px) + math.abs(r.Py) + 1e-300
        local v = math.abs(k.S0) + math.abs(k.C0) + math.abs(r.S) + math.abs(r.C)
        if r.mode ~= k.mode and #bad < 5 then bad[#bad + 1] = r.mode .. " vs " .. k.mode end
        near(law .. " Px", r.Px, q.Px, 1e-12 * P)
        near(law .. " Py", r.Py, q.Py, 1e-12 * P)
        near(law .. " Pc", r.Pc, q.Pc, 1e-12 * P)
        near(law .. " S", r.S, q.S, r.S == 0 and 0 or 1e-12 * v)
        near(law .. " C", r.C, q.C, 1e-12 * v)
        near(law .. " dT", r.dT, q.dT, 1e-12 * P * v)
        modes[r.mode] = true
        n = n + 1
      end
    end
    assert.are.same({}, bad)
    assert.are.equal(36000, n)
    for _, m in ipairs{ "none", "sliding", "C-sticking", "R-sticking", "C-reversed", "R-reversed" } do
      assert.is_true(modes[m], "no " .. m)
    end
  end)
end)

describe("impact.sb2d and solve2d: Sun & Baruh's rod (SB22 sec 2)", function()
  it("gives the ratios P, Q, R, R1, R2, R3", function()
    expect(impact.sb2d{ theta_deg = 40, mu = 0.4, e = 0.7 }, { Pbar = 1.477212, Qbar = 2.239528,
      Rbar = 2.760472, R1 = 0.912023, R2 = 0.535130, R3 = 1.550439 })
    expect(impact.sb2d{ theta = math.rad(20), mu = 0.4, e = 0.7 }, { Pbar = 0.964181,
      Qbar = 1.350933, Rbar = 3.649067, R1 = 1.395716, R2 = 0.264227, R3 = 2.372717 })
    -- the WM92 rod seen from SB22
    assert.is.near(0.6, math.abs(impact.sb2d{ theta_deg = -45, mu = 0.4, e = 0.7 }.R2), X)
    assert.is_nil(impact.sb2d{ theta_deg = 40, mu = 0.4, e = 0.7 }.case)
  end)

  it("solves the table of SB22's 2D rod with the case and mode of Table 1", function()
    local rows = {
      { 40, 0.4, 2, "poisson", 0.212967, 0.842326, -0.256405, 0.571816, -0.165045 },
      { 40, 0.4, 2, "energetic", 0.217747, 0.854278, -0.260863, 0.591520, -0.159329 },
      { 40, 0.4, 2, "newton", 0.244067, 0.920077, -0.285408, 0.7, -0.124028 },
      { 40, 1.2, 4, "poisson", -0.131643, 0.600619, -0.050640, 0.539569, -0.213925 },
      { 40, 1.2, 4, "energetic", -0.123805, 0.620215, -0.057949, 0.571875, -0.203461 },
      { 40, 2.0, 0, "poisson", -0.240248, 0.600619, 0.449561, 0.7, -0.384344 },
      { 40, 2.0, 0, "newton", -0.240248, 0.600619, 0.449561, 0.7, -0.384344 },
      { 40, 2.0, 0, "energetic", -0.240248, 0.600619, 0.449561, 0.7, -0.384344 },
      { 20, 0.4, 1, "poisson", 0.256850, 1.386942, 0, 0.626016, -0.207977 },
      { 20, 0.4, 1, "energetic", 0.258643, 1.393728, 0, 0.633455, -0.203703 },
      { 20, 2.0, 3, "poisson", -0.289428, 0.978921, 0, 0.601518, -0.484469 },
      { 40, 0, 6, "poisson", 0.412460, 1.031151, -0.384643, 0.7, -0.233998 },
      { 40, 0, 6, "energetic", 0.412460, 1.031151, -0.384643, 0.7, -0.233998 },
      { 20, 0, 5, "poisson", 0.409777, 1.550853, 0, 0.7, -0.232628 },
      { 20, 0, 5, "newton", 0.409777, 1.550853, 0, 0.7, -0.232628 },
    }
    local modes = { [0] = "sliding", "C-sticking", "C-reversed", "R-sticking", "R-reversed",
                    "C-sticking", "sliding" }
    for _, w in ipairs(rows) do
      local q = impact.sb2d{ theta_deg = w[1], mu = 0.4, e = 0.7, ratio = w[2] }
      assert.are.equal(w[3], q.case)
      assert.are.equal(modes[w[3]], q.mode)
      q.problem.law = w[4]
      local r = impact.solve2d(q.problem)
      expect(r, { mode = modes[w[3]], Px = w[5], Py = w[6], S = w[7], C = w[8], dT = w[9] })
      local k = impact.classify2d(q.problem)
      assert.are.equal(w[3], k.sb_case)
      assert.are.equal(r.mode, k.mode)
    end
    local r = impact.solve2d(impact.sb2d{ theta_deg = 40, mu = 0.4, e = 0.7, vCx = 0.4 }.problem)
    assert.are.equal("reverse", r.path[2].event)
    assert.is.near(0.154955, r.path[2].Py, V)
    assert.are.equal("max-compression", r.path[3].event)
    assert.is.near(0.495486, r.path[3].Py, V)
  end)
end)

describe("impact.solve2d results", function()
  it("carry the inputs, the works and a lazily built path", function()
    local r = rod(0.6, -1, 0.3, 0.5, "energetic")
    expect(r, { law = "energetic", e = 0.5, mu_s = 0.3, mu_k = 0.3, B1 = 2.5, B2 = 2.5, B3 = 1.5,
      S0 = 0.6, C0 = -1, class = "eccentric" }, 0)
    assert.is.near(r.dT, r.Wc + r.Wr + r.Wf, X)
    assert.is_nil(rawget(r, "path"))            -- not built until read
    local path = r.path
    assert.are.equal(path, rawget(r, "path"))   -- built once, then a plain field
    local events = {}
    for i, v in ipairs(path) do events[i] = v.event end
    assert.are.same({ "start", "reverse", "max-compression", "end" }, events)
    assert.are.equal(r.Px, path[4].Px)
    assert.are.equal(r.Py, path[4].Py)
    assert.are.equal(0, path[1].Px)
    assert.are.equal("impact.Result2D", getmetatable(r).__name)
    assert.is_nil(rod(0.6, -1, 0.3, 0.5)[1])
  end)

  -- The path is traced again from a private copy of the problem: edits of
  -- the result's public fields change neither it nor the other fields.
  it("keep their path and fields when the user edits them", function()
    local function same_path(a, b)
      assert.are.equal(#a, #b)
      for i, v in ipairs(a) do
        for _, k in ipairs{ "Px", "Py", "S", "C", "event" } do assert.are.equal(v[k], b[i][k]) end
      end
    end
    local problems = {
      function() return rod(0.6, -1, 0.3, 0.5) end,
      function() return rod(0.2, -1, 0.5, 0.5, "newton") end,
      function() return rod_body(0.6, -1, 0.3, 0.5, "energetic") end,
    }
    for _, make in ipairs(problems) do
      local want = make()
      local want_path = want.path
      -- edited before any lazy field was read
      local r = make()
      r.e, r.mu, r.mu_s, r.mu_k, r.law = 0.9, 2, 0, 0, "newton"
      r.B1, r.B3, r.S0, r.C0, r.Px, r.Py = 1, 0, -3, 5, 7, 8
      same_path(want_path, r.path)
      assert.are.same({ 0.9, 0, 1, 0, -3, 5 }, { r.e, r.mu_s, r.B1, r.B3, r.S0, r.C0 })
      assert.are.equal(want.B2, r.B2)       -- built from the private copy, not the edits
      assert.are.equal(want.Delta, r.Delta)
      -- edited after they were built, the path removed and read again
      local q = make()
      assert.are.equal(want.mu_k, q.mu_k)
      q.e, q.mu_s, q.B1, q.Delta, q.law, q.path = 0.1, 5, 9, nil, nil, nil
      same_path(want_path, q.path)
      assert.is_nil(q.law)                  -- a removed field stays removed
      assert.are.equal(want.B2, q.B2)
    end
  end)

  it("show their lazily built fields to pairs, print and the REPL's completion", function()
    local r = rod(0.6, -1, 0.3, 0.5)
    local keys = {}
    for k, v in pairs(r) do
      assert.are.equal("string", type(k))   -- the private copy's key is hidden
      keys[k] = v
    end
    local want = { "Px", "Py", "S", "C", "dT", "Wc", "Wr", "Wf", "Pc", "mode", "class",
                   "law", "e", "mu_s", "mu_k", "B1", "B2", "B3", "S0", "C0", "Delta" }
    for _, k in ipairs(want) do assert.is_not_nil(keys[k], k) end
    assert.are.equal(0.3, keys.mu_s)
    assert.are.equal("poisson", keys.law)
    local lazy = {}
    for _, k in ipairs(getmetatable(r).__lazy) do lazy[k] = true end
    for _, k in ipairs{ "path", "law", "e", "mu_s", "mu_k", "B1", "C0", "Delta" } do
      assert.is_true(lazy[k], k)
    end
    local s = tostring(rod(0.6, -1, 0.3, 0.5))
    assert.matches("law poisson %(e = 0.5%), mu_s = 0.3, mu_k = 0.3", s)
    assert.matches("B1 = 2.5  B2 = 2.5  B3 = 1.5   S0 = 0.6  C0 = %-1", s)
  end)

  it("print as a one-screen summary", function()
    local s = tostring(rod(0.6, -1, 0.3, 0.5))
    assert.matches("mode C%-reversed", s)
    assert.matches("Px = 0.00682927", s)
    assert.matches("max%-compression", s)
    local _, lines = s:gsub("\n", "")
    assert.is_true(lines < 20)
  end)

  it("give post-impact velocities of two bodies that conserve momentum", function()
    local b1 = { m = 1, rho = 0.3, x = 0.2, y = 0.5, vx = 0.4, vy = -1, w = 0.7 }
    local b2 = { m = 2, I = 2 * 0.25, x = -0.1, y = -0.6, vx = -0.2, vy = 0.3, w = -0.4 }
    for _, law in ipairs{ "poisson", "newton", "energetic" } do
      local r = impact.solve2d{ body1 = b1, body2 = b2, mu_s = 0.6, mu_k = 0.4, e = 0.5, law = law }
      assert.is.near(b1.m * b1.vx + b2.m * b2.vx, b1.m * r.body1.vx + b2.m * r.body2.vx, X)
      assert.is.near(b1.m * b1.vy + b2.m * b2.vy, b1.m * r.body1.vy + b2.m * r.body2.vy, X)
      local S = (r.body1.vx + r.body1.w * b1.y) - (r.body2.vx + r.body2.w * b2.y)
      local C = (r.body1.vy - r.body1.w * b1.x) - (r.body2.vy - r.body2.w * b2.x)
      assert.is.near(r.S, S, X)
      assert.is.near(r.C, C, X)
      local function T(b, v) return 0.5 * b.m * (v.vx ^ 2 + v.vy ^ 2) + 0.5 * (b.I or b.m * b.rho ^ 2) * v.w ^ 2 end
      local T0, T1 = T(b1, b1) + T(b2, b2), T(b1, r.body1) + T(b2, r.body2)
      assert.is.near(T1 - T0, r.dT, X)
      assert.is.near(T1 / T0, r.energy_ratio, X)
    end
    -- point-symmetric identical bodies double B3: the plus sign of body 2
    local a = impact.solve2d{ body1 = { m = 1, rho = 0.5, x = 0.3, y = 0.4, vy = -1 }, e = 0 }
    local b = impact.solve2d{ body1 = { m = 1, rho = 0.5, x = 0.3, y = 0.4, vy = -1 },
                              body2 = { m = 1, rho = 0.5, x = -0.3, y = -0.4 }, e = 0 }
    assert.is.near(2 * a.B3, b.B3, X)
  end)

  it("accept model = \"routh\" as the default method", function()
    local r = rod(0.6, -1, 0.3, 0.5, nil, { model = "routh" })
    assert.is.near(0.556098, r.Py, V)
  end)
end)

describe("impact.solve2d invariants on random impacts", function()
  local seed = 12345
  local function rand()   -- a small LCG: the same cases under every interpreter
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed / 2147483648
  end
  local function uni(a, b) return a + (b - a) * rand() end
  local function random_problem()
    local b1 = { m = uni(0.1, 10), rho = uni(0.05, 2), x = uni(-1, 1), y = uni(0, 1),
                 vx = uni(-1, 1), vy = uni(-1, 0), w = uni(-2, 2) }
    local t = { body1 = b1, e = rand() }
    if rand() < 0.5 then
      t.body2 = { m = uni(0.1, 10), rho = uni(0.05, 2), x = uni(-1, 1), y = uni(-1, 0),
                  vx = uni(-1, 1), vy = uni(0, 1), w = uni(-2, 2) }
    end
    if rand() < 0.05 then b1.vx, b1.w = 0, 0; if t.body2 then t.body2.vx, t.body2.w = 0, 0 end end
    t.mu_k = uni(0, 2)
    t.mu_s = rand() < 0.5 and t.mu_k or t.mu_k + uni(0, 1)
    return t
  end
  local function scale(r)     -- energy scale: impulse times approach speed
    return (math.abs(r.Px) + math.abs(r.Py) + 1e-300) * (math.abs(r.S0) + math.abs(r.C0))
  end

  it("Poisson and energetic never gain energy (1e5 cases); Newton can", function()
    local gains = { poisson = 0, newton = 0, energetic = 0 }
    local laws = { "poisson", "newton", "energetic" }
    for i = 1, 100000 do
      local t = random_problem()
      t.law = laws[i % 3 + 1]
      local r = impact.solve2d(t)
      if r.dT > 1e-12 * scale(r) then gains[t.law] = gains[t.law] + 1 end
    end
    assert.are.equal(0, gains.poisson)
    assert.are.equal(0, gains.energetic)
    assert.is_true(gains.newton > 0)
  end)

  it("keep |Px| <= mu_s Py, C >= 0, dT = Wc + Wr + Wf and each law's end", function()
    for i = 1, 5000 do
      local t = random_problem()
      for _, law in ipairs{ "poisson", "newton", "energetic" } do
        t.law = law
        local r = impact.solve2d(t)
        local E = scale(r)
        assert.is_true(math.abs(r.Px) <= t.mu_s * r.Py * (1 + 1e-12) + 1e-300)
        assert.is_true(r.C >= -1e-12 * (math.abs(r.C0) + math.abs(r.S0)))
        assert.is_true(math.abs(r.Wc + r.Wr + r.Wf - r.dT) <= 1e-11 * E)
        assert.is_true(r.Wf <= 1e-13 * E)
        if r.mode:match("sticking") then assert.are.equal(0, r.S) end
        if law == "poisson" then assert.is.near((1 + t.e) * r.Pc, r.Py, 1e-12 * (r.Py + 1)) end
        if law == "newton" and r.mode ~= "none" then assert.are.equal(-t.e * r.C0, r.C) end
        if law == "energetic" then assert.is_true(math.abs(r.Wr + t.e ^ 2 * r.Wc) <= 1e-11 * E) end
      end
    end
  end)

  it("are mirror symmetric under x -> -x", function()
    for i = 1, 3000 do
      local t = random_problem()
      local m = { mu_s = t.mu_s, mu_k = t.mu_k, e = t.e }
      for _, k in ipairs{ "body1", "body2" } do
        local b = t[k]
        if b then
          m[k] = { m = b.m, rho = b.rho, x = -b.x, y = b.y, vx = -b.vx, vy = b.vy, w = -b.w }
        end
      end
      local r, q = impact.solve2d(t), impact.solve2d(m)
      assert.are.equal(r.mode, q.mode)
      assert.is.near(-r.Px, q.Px, 1e-12 * (math.abs(r.Px) + math.abs(r.Py) + 1e-300))
      assert.is.near(r.Py, q.Py, 1e-12 * (r.Py + 1e-300))
      assert.is.near(r.dT, q.dT, 1e-12 * (math.abs(r.dT) + 1e-300))
    end
  end)

  it("coincide for all laws when frictionless, direct, central, sliding or e = 0", function()
    local function all(t)
      local out = {}
      for _, law in ipairs{ "poisson", "newton", "energetic" } do
        t.law = law
        out[#out + 1] = impact.solve2d(t)
      end
      return out
    end
    local function same(rs)
      for i = 2, 3 do
        assert.is.near(rs[1].Px, rs[i].Px, 1e-12 * (math.abs(rs[1].Py) + 1))
        assert.is.near(rs[1].Py, rs[i].Py, 1e-12 * (math.abs(rs[1].Py) + 1))
      end
    end
    local function check(t, r)
      local c = { B1 = r.B1, B2 = r.B2, B3 = r.B3, S0 = r.S0, C0 = r.C0, e = t.e, mu_s = t.mu_s, mu_k = t.mu_k }
      local f = all{ B1 = c.B1, B2 = c.B2, B3 = c.B3, S0 = c.S0, C0 = c.C0, e = c.e }
      same(f)
      assert.is.near(-(1 + c.e) * c.C0 / c.B2, f[1].Py, 1e-12 * f[1].Py)
      same(all{ B1 = c.B1, B2 = c.B2, B3 = c.B3, S0 = 0, C0 = c.C0, e = c.e, mu_s = c.mu_s, mu_k = c.mu_k })
      same(all{ B1 = c.B1, B2 = c.B2, B3 = 0, S0 = c.S0, C0 = c.C0, e = c.e, mu_s = c.mu_s, mu_k = c.mu_k })
      local z = all{ B1 = c.B1, B2 = c.B2, B3 = c.B3, S0 = c.S0, C0 = c.C0, e = 0, mu_s = c.mu_s, mu_k = c.mu_k }
      same(z)
      assert.are.equal(z[1].Pc, z[1].Py)
      if r.mode == "sliding" then same(all(t)) end
    end
    local done = 0
    while done < 2000 do
      local t = random_problem()
      local r = impact.solve2d(t)
      if r.C0 < 0 then         -- approaching: an impulse arises
        check(t, r)
        done = done + 1
      end
    end
  end)
end)
