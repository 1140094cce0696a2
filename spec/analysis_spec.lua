local scratch = require("spec.scratch")   -- scratch files, removed after the run
local impact = require("impact")

local TOL = 1e-6
local MU30 = math.tan(math.rad(30))

local function err(f, t, pat)
  local ok, msg = pcall(f, t)
  assert.is_false(ok)
  assert.matches(pat, msg, 1, true)
end

describe("impact.space (Wang 1986, W86)", function()
  -- The W86 (4.1)-(4.3) test table: r = 1.414, mu = 0.25, e = 0.8, Poisson, m = rho = |vc0| = 1.
  local T = {
    { 30, 20, "sliding", 0.329483, 1.317934, -0.659480, 0.751754, 0.877255, -0.528307 },
    { 0, 30, "C-sticking", 0.166700, 1.558846, 0, 0.692820, 0, 0.235714 },
    { -40, 10, "C-reversed", -0.207725, 1.058212, 0.416725, 0.743088, -0.560802, 0.736806 },
    { -40, 40, "R-reversed", 0.044007, 0.665409, 0.107954, 0.492385, -0.219247, 0.652459 },
    { -40, 75, "sliding", 0.056204, 0.224818, -0.622442, 0.207055, 3.006162, 0.265217 },
    { 10, 25, "R-sticking", 0.338477, 1.673510, 0, 0.752366, 0, 0.060424 },
  }

  it("reproduces every striking state of the W86 (4.1)-(4.3) table", function()
    for _, v in ipairs(T) do
      local s = impact.space{ r = 1.414, mu = 0.25, e = 0.8, theta_deg = v[1], gamma_deg = v[2] }
      assert.equal(v[3], s.mode)
      assert.equal(v[3], s.region)
      assert.is.near(v[4], s.Px, TOL)
      assert.is.near(v[5], s.Py, TOL)
      assert.is.near(v[6], s.S, TOL)
      assert.is.near(v[7], s.C, TOL)
      assert.is.near(v[8], s.tan_gr, TOL)
      assert.is.near(v[9], s.dw, TOL)
      assert.equal(v[9] > 0 and "counter-clockwise" or "clockwise", s.sense)
      -- mirror (gamma, theta) -> (-gamma, -theta): same mode, Px and S flip
      local m = impact.space{ r = 1.414, mu = 0.25, e = 0.8, theta_deg = -v[1], gamma_deg = -v[2] }
      assert.equal(v[3], m.mode)
      assert.is.near(-v[4], m.Px, TOL)
      assert.is.near(v[5], m.Py, TOL)
    end
  end)

  it("gives the rebound angle gamma_r everywhere, also at e = 0 (W86 sec 5)", function()
    local s = impact.space{ r = 1.414, mu = 0.25, e = 0, theta_deg = 10, gamma_deg = 30 }
    assert.equal("sliding", s.mode)
    assert.equal(0, s.C)
    assert.is_nil(s.tan_gr)                         -- -S/C with C = 0: leaves tangentially
    assert.equal(math.pi / 2, s.gamma_r)
    assert.equal(90, s.gamma_r_deg)
    s = impact.space{ r = 1.414, mu = 0.25, e = 0, theta_deg = 0, gamma_deg = 10 }
    assert.equal("C-sticking", s.mode)
    assert.equal(0, s.tan_gr); assert.equal(0, s.gamma_r)
    s = impact.space{ r = 1.414, mu = 0.25, e = 0.8, theta_deg = 30, gamma_deg = 20 }
    assert.is.near(math.deg(math.atan(0.877255)), s.gamma_r_deg, 1e-4)
    assert.is.near(s.tan_gr, math.tan(s.gamma_r), 1e-12)
    local m = impact.space_map{ r = 1.414, mu = 0.25, e = 0, gamma_deg = { 1, 89, 12 },
                                theta_deg = { -89, 89, 13 } }
    for i = 1, m.n do
      -- tan_gr is NaN (not defined) exactly where the contact leaves
      -- tangentially: C = 0 while it still slides (S ~= 0)
      local tangential = m.columns.C[i] == 0 and m.columns.S[i] ~= 0
      assert.equal(not tangential, m.columns.tan_gr[i] == m.columns.tan_gr[i])
      assert.is_true(m.columns.gamma_r[i] == m.columns.gamma_r[i])
      assert.is.near(m.columns.gamma_r[i], math.rad(m.columns.gamma_r_deg[i]), 1e-15)
    end
  end)

  it("gives Wang's rebound constant c in the sliding region (W86 sec 5)", function()
    local s = impact.space{ r = 1.414, mu = 0.25, e = 0.8, theta_deg = 30, gamma_deg = 20 }
    assert.is.near(0.8 * s.tan_gr, math.tan(math.rad(20)) + s.rebound_c, 1e-12)
    s = impact.space{ r = 1.414, mu = 0.25, e = 0.8, theta_deg = -40, gamma_deg = 75 }
    assert.is.near(0.8 * s.tan_gr, math.tan(math.rad(75)) + s.rebound_c, 1e-12)
  end)

  it("reports the reversal condition and interval (W86 4.4)", function()
    local s = impact.space{ r = 1.414, mu = 0.25, e = 0.8, theta_deg = 0, gamma_deg = 30 }
    assert.is_true(s.reversal.exists)
    assert.is.near(0.577234, s.reversal.ratio_max, TOL)
    assert.is.near(-82.507, s.reversal.theta_lo_deg, 1e-3)
    assert.is.near(-21.529, s.reversal.theta_hi_deg, 1e-3)
    s = impact.space{ r = 1.414, mu = 0.6, e = 0.8, theta_deg = 0, gamma_deg = 30 }
    assert.is_false(s.reversal.exists)
  end)

  it("gives the sphere case with the factor 1 + r^2 (W86 sec 3.4)", function()
    local function sph(r, g) return impact.space{ r = r, mu = 0.3, e = 0.5, theta = 0, gamma_deg = g } end
    local s = sph(0, 20)
    assert.is_true(s.sphere.sticks); assert.equal("R-sticking", s.mode)
    s = sph(0, 40)
    assert.is_false(s.sphere.sticks); assert.is.near(0.389100, s.sphere.e_tan_gr, TOL)
    assert.is.near(0.389100, 0.5 * s.tan_gr, TOL)
    assert.is.near(1.282051, sph(0, 60).sphere.e_tan_gr, TOL)
    local r = math.sqrt(2.5)
    assert.is_true(sph(r, 40).sphere.sticks)
    s = sph(r, 60)
    assert.is_false(s.sphere.sticks)
    assert.is.near(0.157051, s.sphere.e_tan_gr, TOL)
    assert.is.near(0.157051, 0.5 * s.tan_gr, TOL)
  end)

  it("accepts a body and scales the results to it", function()
    local th, ga, v = math.rad(30), math.rad(20), 2
    local m, rho = 3, 0.5
    local l = 1.414 * rho
    local body = { m = m, rho = rho, x = l * math.sin(th), y = l * math.cos(th),
                   vx = -v * math.sin(ga), vy = -v * math.cos(ga), w = 0 }
    local s = impact.space{ body1 = body, mu = 0.25, e = 0.8 }
    assert.is.near(30, s.theta_deg, 1e-9)
    assert.is.near(20, s.gamma_deg, 1e-9)
    assert.equal("sliding", s.mode)
    assert.is.near(0.329483 * m * v, s.Px, 1e-5)
    assert.is.near(0.877255, s.tan_gr, TOL)
    -- the same impulse from solve2d with the body
    local r = impact.solve2d{ body1 = body, mu = 0.25, e = 0.8 }
    assert.is.near(r.Px, s.Px, 1e-12)
    assert.is.near(r.body1.w - body.w, s.dw, 1e-12)
  end)

  it("names the field on bad input", function()
    err(impact.space, { r = 1, mu = 0.25, gamma_deg = 10 }, "space: field 'theta' is required")
    err(impact.space, { r = 1, mu = 0.25, theta_deg = 95, gamma_deg = 10 }, "field 'theta_deg' must be in (-90, 90)")
    err(impact.space, { r = -1, theta = 0, gamma = 0.1 }, "field 'r'")
    err(impact.space, { r = 1, theta = 0, gamma = 0.1, e = 2 }, "field 'e' must be in [0, 1]")
    err(impact.space, { r = 1, theta = 0, gamma = 0.1, mu_s = 0.5, mu_k = 0.3 }, "field 'mu_s' must equal mu_k")
    err(impact.space, { r = 1, theta = 0, gamma = 0 / 0 }, "field 'gamma'")
    err(impact.space, { theta = 0, gamma = 0.1 }, "field 'l' is required")
    -- B1*B2 - B3^2 = 1 + r^2 lost to rounding: name r and why (was "space: invalid input")
    err(impact.space, { r = 1e200, mu = 0.25, e = 0.8, theta_deg = 10, gamma_deg = 20 },
        "space: field 'r' gives r = 1e+200, too large for double precision")
    err(impact.space_map, { r = 1e200, mu = 0.25, e = 0.8, gamma_deg = { 1, 89, 3 }, theta_deg = { -60, 60, 3 } },
        "space_map: field 'r' gives r = 1e+200, too large")
    err(impact.space, { l = 1e200, rho = 1, mu = 0.25, e = 0.8, theta_deg = 10, gamma_deg = 20 },
        "space: field 'l' gives r = 1e+200")
    assert.equal("C-sticking", impact.space{ r = 1e8, mu = 0.25, e = 0.8, theta_deg = 10, gamma_deg = 20 }.mode)
  end)
end)

describe("impact.space_map", function()
  it("returns columns over the grid that agree with impact.space", function()
    local m = impact.space_map{ r = 1.414, mu = 0.25, e = 0.8,
                                gamma_deg = { 10, 40, 4 }, theta_deg = { -40, 30, 8 } }
    assert.equal(32, m.n)
    for _, k in ipairs(m.order) do assert.equal(32, #m.columns[k]) end
    for i = 1, m.n do assert.equal(m.columns.mode[i], m.columns.region[i]) end
    -- row i*ng + j: theta_i, gamma_j, gamma fastest
    assert.is.near(10, m.columns.gamma_deg[1], 1e-12)
    assert.is.near(20, m.columns.gamma_deg[2], 1e-12)
    assert.is.near(-30, m.columns.theta_deg[5], 1e-12)
    local s = impact.space{ r = 1.414, mu = 0.25, e = 0.8, theta_deg = -40, gamma_deg = 10 }
    assert.is.near(s.Px, m.columns.Px[1], 1e-12)
    assert.equal("C-reversed", m.columns.mode[1])
  end)

  it("locates the translation line (W86 sec 5), the 45 degree line at e = 0", function()
    local m = impact.space_map{ r = 1.414, mu = 0.25, e = 0,
                                gamma_deg = { 1, 89, 89 }, theta_deg = { 2, 30, 15 } }
    local tl = m.translation
    assert.is_true(#tl.theta > 0)
    for i = 1, #tl.theta do
      if tl.segment[i] == "C-sticking" then assert.is.near(tl.theta[i], tl.gamma[i], 1e-12) end
      local s = impact.space{ r = 1.414, mu = 0.25, e = 0, theta = tl.theta[i], gamma = tl.gamma[i] }
      assert.is.near(0, s.dw, 1e-9)
    end
    assert.is.near(math.atan(0.25), tl.sliding_theta, 1e-15)
    assert.is_true(#tl.grid.theta > 0)
  end)

  it("gives the translation line for every law: closed form or root of dw (W86 sec 5)", function()
    for _, law in ipairs{ "poisson", "newton", "energetic" } do
      local m = impact.space_map{ r = 1.414, mu = 0.25, e = 0.8, law = law,
                                  gamma_deg = { 1, 89, 3 }, theta_deg = { 1, 60, 60 } }
      local tl = m.translation
      assert.is_true(#tl.theta >= 10)
      local g = impact.space_map{ r = 1.414, mu = 0.25, e = 0.8, law = law,
                                  gamma_deg = { -89, 89, 37 }, theta_deg = { -89, 89, 37 } }
      for i = 1, g.n do assert.equal(g.columns.mode[i], g.columns.region[i]) end
      for i = 1, #tl.theta do
        local s = impact.space{ r = 1.414, mu = 0.25, e = 0.8, law = law,
                                theta = tl.theta[i], gamma = tl.gamma[i] }
        assert.is_true(math.abs(s.dw) <= 1e-12, law .. ": dw = " .. s.dw)
        assert.equal(s.mode, tl.segment[i])
        assert.equal(law == "energetic" and "numerical" or "closed-form", tl.method[i])
        if law == "newton" then
          assert.is.near(1.8 * math.tan(tl.theta[i]), math.tan(tl.gamma[i]), 1e-12)
        end
      end
    end
  end)

  it("keeps the translation line inside a negative gamma grid, mirrored", function()
    local m = impact.space_map{ r = 1.414, mu = 0.25, e = 0.8, gamma_deg = { -60, -1, 20 },
                                theta_deg = { -60, 60, 25 } }
    local p = impact.space_map{ r = 1.414, mu = 0.25, e = 0.8, gamma_deg = { 60, 1, 20 },
                                theta_deg = { 60, -60, 25 } }
    local tl, tp = m.translation, p.translation
    assert.is_true(#tl.gamma > 0)
    assert.equal(#tp.gamma, #tl.gamma)
    for i = 1, #tl.gamma do
      assert.is_true(tl.gamma[i] >= math.rad(-60) - 1e-15 and tl.gamma[i] <= math.rad(-1) + 1e-15)
      assert.is.near(-tp.gamma[i], tl.gamma[i], 1e-12)
      assert.is.near(-tp.theta[i], tl.theta[i], 1e-15)
    end
    assert.is.near(-math.atan(0.25), tl.sliding_theta, 1e-15)
    assert.is_nil(tl.sliding_theta_neg)
    local b = impact.space_map{ r = 1.414, mu = 0.25, e = 0.8, gamma_deg = { -60, 60, 5 },
                                theta_deg = { -60, 60, 5 } }
    assert.is.near(math.atan(0.25), b.translation.sliding_theta, 1e-15)
    assert.is.near(-math.atan(0.25), b.translation.sliding_theta_neg, 1e-15)
  end)

  it("has no translation line at r = 0 (dw = 0 everywhere)", function()
    local m = impact.space_map{ r = 0, mu = 0.25, e = 0.8, gamma_deg = { 1, 89, 20 },
                                theta_deg = { -60, 60, 25 } }
    assert.equal(500, m.n)
    assert.equal(0, #m.translation.theta)
    assert.equal(0, #m.translation.grid.theta)
    assert.is_true(m.translation.everywhere)
  end)

  it("gives no region and no closed forms for a custom law", function()
    local law = function(s) return s.Pn - 1.8 * s.Pc end
    local s = impact.space{ r = 1.414, mu = 0.25, theta_deg = 10, gamma_deg = 25, law = law }
    assert.equal("R-sticking", s.mode)
    assert.is_nil(s.region); assert.is_nil(s.rebound_c); assert.is_nil(s.e)
    assert.is_nil(impact.space{ r = 1.414, mu = 0.25, theta = 0, gamma_deg = 25, law = law }.sphere)
    -- the same law as Poisson e = 0.8: the same impulse, and region = mode there
    local q = impact.space{ r = 1.414, mu = 0.25, e = 0.8, theta_deg = 10, gamma_deg = 25 }
    assert.is.near(q.Px, s.Px, 1e-12)
    assert.equal(q.mode, q.region)
    local f = scratch.name()
    local m = impact.space_map{ r = 1.414, mu = 0.25, law = law, gamma_deg = { 1, 89, 30 },
                                theta_deg = { -60, 60, 30 }, out = f }
    assert.is_nil(m.columns.region)
    for _, k in ipairs(m.order) do assert.is_not.equal("region", k) end
    for i = 1, #m.translation.theta do
      local p = impact.space{ r = 1.414, mu = 0.25, law = law, theta = m.translation.theta[i],
                              gamma = m.translation.gamma[i] }
      assert.is_true(math.abs(p.dw) <= 1e-12)
      assert.equal("numerical", m.translation.method[i])
    end
    local fh = io.open(f); local head = fh:read("l"); fh:close(); os.remove(f)
    assert.is_nil(head:find("region"))
  end)

  it("writes CSV columns", function()
    local f = scratch.name()
    local m = impact.space_map{ r = 2, mu = 0.5, e = 0.8, gamma_deg = { 5, 85, 3 },
                                theta_deg = { -60, 60, 3 }, out = f }
    local fh = io.open(f)
    local head = fh:read("l")
    local n = 0
    for _ in fh:lines() do n = n + 1 end
    fh:close()
    os.remove(f)
    assert.equal(table.concat(m.order, ","), head)
    assert.equal(9, n)
  end)

  it("runs custom laws like the built-in ones", function()
    local e = 0.8
    local g = { r = 1.414, mu = 0.25, e = e, gamma_deg = { 1, 89, 10 }, theta_deg = { -80, 80, 10 } }
    local a = impact.space_map(g)
    g.law = function(s) return s.Wr + e ^ 2 * s.Wc end
    local b = impact.space_map(g)
    g.law = "energetic"
    local c = impact.space_map(g)
    assert.equal("custom", b.law)
    for i = 1, b.n do
      assert.is.near(c.columns.Py[i], b.columns.Py[i], 1e-9)
      assert.equal(a.columns.mode[i], b.columns.mode[i])   -- the mode does not depend on the law
    end
    g.law = function() error("bad") end
    err(impact.space_map, g, "space_map: law")
    err(impact.painleve, { l = 4, theta_deg = 75, mu = 0.6, law = function() return -1 end },
        "never reached zero")
  end)

  it("names the field on bad input", function()
    err(impact.space_map, { r = 1, gamma_deg = { 0, 95, 3 } }, "field 'gamma_deg' entry 2 must be in")
    err(impact.space_map, { r = 1, theta = { 0, 1, 0 } }, "field 'theta' entry 3 (n) must be an integer")
    err(impact.space_map, { r = 1, theta = 3 }, "field 'theta' must be a table {from, to, n}")
    err(impact.space_map, { r = 1, out = 3 }, "space_map: field 'out' must be a file name")
  end)
end)

describe("impact.painleve (Mason & Wang 1988, MW88)", function()
  local shape = { l = 4, theta_deg = 75, mu = MU30, e = 0.5 }
  local function with(t, extra)
    local c = {}
    for k, v in pairs(t) do c[k] = v end
    for k, v in pairs(extra or {}) do c[k] = v end
    return c
  end

  it("computes MW88's a and the impulse-space data", function()
    local p = impact.painleve(shape)
    assert.is.near(-0.237604, p.a, TOL)
    assert.is.near(9 - 16 / math.sqrt(3), p.a, 1e-12)
    assert.is_false(p.consistent)
    assert.is.near(15.928203, p.B1, TOL)
    assert.is.near(2.071797, p.B2, TOL)
    assert.is.near(4, p.B3, 1e-12)
    assert.is.near(17, p.Delta, 1e-12)
    assert.is.near(0.517949, p.mu_crit, TOL)
    assert.equal(-1, p.s)
    -- upright (theta = pi/2 as a double): B3 = 0, no friction makes it
    -- inconsistent, so no mu_crit (it was 1.02e15 from cos(pi/2) = 6e-17)
    local u = impact.painleve{ l = 4, theta = math.pi / 2, mu = 0.5, e = 0.5 }
    assert.equal(0, u.B3)
    assert.is_nil(u.mu_crit)
    assert.is_true(u.consistent)
    assert.equal(1, u.a)
  end)

  it("resolves it with the tangential impact under each law (the D table)", function()
    local rows = {
      { 0, "poisson", 0.121870, 0.235294, 0, -0.060935 },
      { 0.5, "poisson", 0.151415, 0.352941, 0.125563, -0.053549 },
      { 0.5, "energetic", 0.134477, 0.285496, 0.053580, -0.059590 },
      { 1, "poisson", 0.180959, 0.470588, 0.251127, -0.031391 },
      { 1, "energetic", 0.147085, 0.335698, 0.107160, -0.055556 },
      { 0.5, "newton", 0.121870, 0.235294, 0, -0.060935 },
      { 1, "newton", 0.121870, 0.235294, 0, -0.060935 },
    }
    for _, v in ipairs(rows) do
      local p = impact.painleve(with(shape, { e = v[1], law = v[2] }))
      local q = p.impact
      assert.is.near(v[3], q.Px, TOL)
      assert.is.near(v[4], q.Py, TOL)
      assert.is.near(v[5], q.C, TOL)
      assert.is.near(v[6], q.dT, TOL)
      assert.is.near(0, q.S, 1e-12)
      assert.equal("tangential", q.class)
    end
    local p = impact.painleve(with(shape, { e = 1 }))
    assert.is.near(0.251127, p.impact.C, TOL)           -- 4e/B1
    assert.is.near((4 * p.impact.Py + 1) / p.B1, p.impact.Px, 1e-12)
  end)

  it("takes a body as in solve2d, or the coefficients", function()
    local th = math.rad(75)
    local b = impact.painleve{ body1 = { m = 1, rho = 1, x = 4 * math.cos(th), y = 4 * math.sin(th), vx = -1 },
                               mu = MU30, e = 0.5 }
    assert.is.near(-0.237604, b.a, TOL)
    assert.is.near(0.151415, b.impact.Px, TOL)
    assert.is.near(-1 + 0.151415, b.impact.body1.vx, TOL)
    local c = impact.painleve{ B1 = b.B1, B2 = b.B2, B3 = b.B3, s = -1, mu = MU30, e = 0.5 }
    assert.is.near(0.352941, c.impact.Py, TOL)
  end)

  it("needs no e: the analysis, and the impact stopped at maximum compression (MW88's plastic impact)", function()
    local p = impact.painleve{ l = 4, theta_deg = 75, mu = MU30 }
    assert.is.near(9 - 16 / math.sqrt(3), p.a, 1e-12)
    assert.is_false(p.consistent)
    assert.equal("max-compression", p.resolution)
    local q = p.impact
    assert.is.near(0.121870, q.Px, TOL)
    assert.is.near(4 / 17, q.Py, 1e-12)                -- = Pc
    assert.is.near(q.Pc, q.Py, 1e-12)
    assert.is.near(0, q.C, 1e-12)
    assert.is.near(-0.060935, q.dT, TOL)
    assert.equal("C-sticking", q.mode)
    assert.matches("stopped at maximum compression %(no e given: Mason & Wang's plastic impact%)", tostring(p))
    local th = math.rad(75)
    local b = impact.painleve{ body1 = { m = 1, rho = 1, x = 4 * math.cos(th), y = 4 * math.sin(th), vx = -1 },
                               mu = MU30 }
    assert.equal("max-compression", b.resolution)
    assert.is.near(0.121870, b.impact.Px, TOL)
    assert.is.near(-1 + 0.121870, b.impact.body1.vx, TOL)
    local c = impact.painleve{ B1 = b.B1, B2 = b.B2, B3 = b.B3, s = -1, mu = MU30, law = "energetic" }
    assert.is.near(4 / 17, c.impact.Py, 1e-12)
    local w = impact.painleve(shape)                   -- e given: the law ends it
    assert.equal("law", w.resolution)
    assert.matches("law poisson %(e = 0%.5%)", tostring(w))
    local f = impact.painleve{ l = 4, theta_deg = 60, mu = MU30 }
    assert.is_true(f.consistent)
    assert.is_nil(f.impact)
    assert.is_nil(f.resolution)
  end)

  it("has no impulse where the finite-force solution exists", function()
    local p = impact.painleve(with(shape, { theta_deg = 60 }))
    assert.is.near(1, p.a, 1e-12)
    assert.is_true(p.consistent)
    assert.is_nil(p.impact)
    p = impact.painleve(with(shape, { mu = 0.5 }))          -- below B2/B3 = 0.518
    assert.is_true(p.consistent)
  end)

  it("finds the band of orientations where a < 0", function()
    local b = impact.painleve_bands{ l = 4, mu = MU30 }
    assert.equal(1, #b.bands)
    local lo, hi = b.bands[1].lo_deg, b.bands[1].hi_deg
    assert.is_true(lo < 75 and 75 < hi)
    assert.is.near(0, impact.painleve(with(shape, { theta_deg = lo })).a, 1e-9)
    assert.is.near(0, impact.painleve(with(shape, { theta_deg = hi })).a, 1e-9)
    assert.is.near(2 * math.sqrt(17) / 16, b.mu_min, 1e-12)
    assert.equal(0, #impact.painleve_bands{ l = 4, mu = 0.5 }.bands)
    local m = impact.painleve_bands{ r = 4, mu = MU30, s = 1 }
    assert.is.near(180 - hi, m.bands[1].lo_deg, 1e-9)
  end)

  it("names the field on bad input", function()
    err(impact.painleve, { l = 4, mu = MU30 }, "painleve: field 'theta' is required")
    err(impact.painleve, { l = -4, theta_deg = 75 }, "painleve: field 'l' must be positive")
    err(impact.painleve, with(shape, { s = 2 }), "field 's' must be 1 or -1")
    err(impact.painleve, with(shape, { e = 1.5 }), "field 'e' must be in [0, 1]")
    err(impact.painleve, { B1 = 2, B2 = 1, B3 = 0.5 }, "field 's' is required")
    err(impact.painleve, { B1 = 2, B2 = 1, B3 = 0.5, S0 = 1, s = -1 }, "field 's' (-1) contradicts")
    err(impact.painleve, { body1 = { m = 0, rho = 1 }, e = 0.5 }, "field 'body1.m' must be positive")
    err(impact.painleve, { body1 = { m = 1, rho = 1, x = 1, y = 4, vx = -1, vy = -0.5 }, e = 0.5 },
        "field 'body1' must slide along the contact")
    err(impact.painleve, with(shape, { law = function() error("boom") end }), "law")
    err(impact.painleve_bands, { l = 4, mu = -1 }, "painleve_bands: field 'mu'")
  end)
end)

describe("analysis results print as summaries", function()
  it("painleve, its impact, painleve_bands, space and space_map", function()
    local p = impact.painleve{ l = 4, theta_deg = 75, mu = MU30, e = 0.5 }
    local t = tostring(p)
    assert.matches("^painleve: contact sliding with s = %-1", t)
    assert.matches("a = %-0%.237604, INCONSISTENT", t)
    assert.matches("resolving tangential impact: C%-sticking, Px = 0%.151415", t)
    t = tostring(p.impact)                          -- a solve2d result, printed as one
    assert.matches("^solve2d: tangential impact, mode C%-sticking", t)
    assert.matches("path %(Px, Py%)  start", t)
    assert.equal(0, p.impact.C0)
    assert.equal(p.mu, p.impact.mu_k)
    t = tostring(impact.painleve_bands{ l = 4, mu = MU30 })
    assert.matches("a < 0 for theta in %(68%.4884, 81%.5116%) deg", t)
    t = tostring(impact.space{ r = 1.414, mu = 0.25, e = 0.8, theta_deg = -40, gamma_deg = 10 })
    assert.matches("^space: r = 1%.414", t)
    assert.matches("mode        C%-reversed", t)
    assert.matches("gamma_r = %-29%.2838 deg", t)
    t = tostring(impact.space_map{ r = 1.414, mu = 0.25, e = 0.8, gamma_deg = { 1, 89, 9 },
                                   theta_deg = { -60, 60, 9 } })
    assert.matches("^space_map: 81 points %(9 gamma x 9 theta%)", t)
    assert.matches("translation %d+ points", t)
    for _, v in ipairs{ p, p.impact } do assert.is_nil(tostring(v):match("^table: ")) end
  end)
end)
