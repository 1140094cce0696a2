-- Results at extreme magnitudes are finite or a named error, never NaN or
-- inf (issue 17): each case below returned a NaN or an inf before.
local impact = require("impact")

-- The paths of the non-finite numbers in v (nested tables walked once).
local function nonfinite(v, path, out, seen)
  out, seen = out or {}, seen or {}
  if type(v) == "number" then
    if v ~= v or v == math.huge or v == -math.huge then out[#out + 1] = path .. " = " .. tostring(v) end
  elseif type(v) == "table" and not seen[v] then
    seen[v] = true
    for k, x in pairs(v) do nonfinite(x, path .. "." .. tostring(k), out, seen) end
  end
  return out
end

local function finite(r)
  local bad = nonfinite(r, "r")
  assert.are.equal(0, #bad, table.concat(bad, ", "))
  return r
end

local function fails(f, t, text)
  local ok, msg = pcall(f, t)
  assert.is_false(ok)
  assert.truthy(msg:find(text, 1, true), msg)
end

describe("extreme magnitudes", function()
  it("solve3d exact: tiny masses and tiny mu keep Wf and the hodograph finite", function()
    local base = { inertia = { 0.45763059491267333, 0.95350412498157089, 0.96379181916441214 },
                   r = { 0.38144692683866666, -0.31069784780670995, -0.021143648632786838 },
                   v = { 0.089279845372956634, -0.39798294470426887, 0.039317182903488845 },
                   w = { -0.083987726397843576, 0.22651211038734309, 0.49961893632363297 },
                   mu = 0.6384222538339831, e = 0.97049319619673213 }
    for _, m in ipairs{ 1e-300, 1e-200 } do
      base.m = m
      local r = finite(impact.solve3d(base))
      assert.is_true(r.dT <= 0 and r.Wf <= 0)
    end
    -- contact at the centre of mass: W = 1/m, friction 1e-250 slides along a ray
    local r = finite(impact.solve3d{ m = 1, inertia = { 0.5, 0.7, 0.9 }, r = { 0, 0, 0 },
                                     v = { -0.34545219095390667, -0.26419587508692477, -0.24179100496978823 },
                                     mu = 1e-250, e = 0.3332272157356 })
    assert.is_true(r.Wf <= 0 and r.Wf >= -1e-250 * 0.43 * r.P.y)   -- |Wf| <= mu |v_t| Py
    assert.is.near((1 + 0.3332272157356) * 0.26419587508692477, r.P.y, 1e-12)
  end)

  it("solve3d exact: an event far inside a long first step is located (no energy gain)", function()
    -- frictionless: the tangential speed does not matter, 1e127 made the step 1e126 times the
    -- restitution's impulse and the law's end was passed (energy ratio 1.000025)
    local t = { e = 0.62611173252749, inertia = { 0.32781152088307, 0.50248675088788, 0.32402049061915 },
                law = "energetic", m = 0.14701130126586, mu = 0, r = { -0.12334576570861, 0, 0 },
                v = { 0, -0.10824697634744, 0 }, w = { 0, 5.6662758907855, 0 } }
    local ref = impact.solve3d(t)
    t.v[3] = 9.7290762756333e+127
    local r = finite(impact.solve3d(t))
    assert.is_true(math.abs(r.P.y - ref.P.y) <= 1e-12 * ref.P.y and r.energy_ratio <= 1)
    -- a friction of 1e-137 slides on a tau-period where p grows like 1e138 tau: max compression
    -- lies 1e-80 into the first step (P.y was 1e64 times too large)
    local u = { e = 0, inertia = { 1.2425460263591, 0.96806171959256, 1.1725384997513 }, law = "energetic",
                m = 6.3118096028549, mu = 0, r = { 0, 6.168276394445e-70, -6.9095456658215e-109 },
                v = { 0, -7.7141235396019e+54, 0.13185275647009 }, w = { 0, 0, -8.4563334843396 } }
    ref = impact.solve3d(u)
    u.mu = 1e-137
    r = finite(impact.solve3d(u))
    assert.is_true(math.abs(r.P.y - ref.P.y) <= 1e-12 * ref.P.y and r.dT <= 0)
  end)

  it("solve3d algebraic: a light body's slip stops as the exact solver's; mu at most 1e100", function()
    -- g = Wtt^-1 v_t ~ 1e-174: g.g underflowed, the slip was taken as unstoppable and
    -- the slide gained energy (energy ratio 6.2, 1e19 at mu = 1e10)
    local t = { e = 0.45919045207149, inertia = { 0.11926039007054, 0.094283576100801, 0.085816261974139 },
                m = 6.1300492846916e-175, r = { -0.12614775725957, 0, -0.25145720784382 },
                v = { 0.13909901226162, -7.4981282729737, 9.8490696071574 }, mu = 10 }
    local ex = impact.solve3d(t)
    for _, mu in ipairs{ 10, 1e10, 1e100 } do
      t.mu, t.method = mu, "algebraic"
      local r = finite(impact.solve3d(t))
      assert.are.equal("C-sticking", r.mode)
      assert.is.near(ex.energy_ratio, r.energy_ratio, 1e-12)
    end
    t.mu = 1e200
    fails(impact.solve3d, t, "solve3d: field 'mu' must be at most 1e100")
  end)

  it("solve2d and classify2d leave out a Delta that overflows (1/m^2 at m = 1e-200)", function()
    local t = { body1 = { m = 1e-200, rho = 1, x = 0.3, y = 1, vx = 1, vy = -1 }, mu = 0.3, e = 0.5 }
    local r = finite(impact.solve2d(t))
    assert.is_nil(r.Delta)
    assert.is_true(r.energy_ratio <= 1)
    assert.is_nil(finite(impact.classify2d(t)).Delta)
    -- 1/(m rho) underflowed in the spin change (m = 1e246, rho = 1e175): the spin kept its
    -- energy and energy_ratio was 1 + 6.9e-7 while dT < 0
    local b = finite(impact.solve2d{ body1 = { m = 1.0529600429625e+246, rho = 7.2592190266679e+174,
      vy = -8.2089425931144e-61, w = -8.770640523504e-170, x = -5.2569247218767e+26, y = -6.0180231428691e+171 },
      e = 0.66307811948728, law = "energetic", mu = 7.2878257790162e+209 })
    local T0 = 0.5 * 1.0529600429625e+246 * (7.2592190266679e+174 * 8.770640523504e-170) ^ 2
    assert.is.near(1 + b.dT / T0, b.energy_ratio, 1e-12)
    assert.is_true(b.energy_ratio < 1)
  end)

  it("painleve, painleve_bands and space refuse r or rho beyond double's range", function()
    fails(impact.painleve, { l = 4, theta_deg = 75, mu = 0.5, e = 0.5, rho = 1e-160 },
          "painleve: field 'rho' gives coefficients beyond double's range")
    finite(impact.painleve{ l = 4, theta_deg = 75, mu = 0.5, e = 0.5, rho = 1e-140 })
    fails(impact.painleve_bands, { l = 4, mu = 0.5, rho = 1e-308 }, "painleve_bands: field 'l' gives r = inf")
    fails(impact.space, { r = 3.6e153, mu = 0.25, e = 0.8, theta_deg = -40, gamma_deg = 10 },
          "space: field 'r' gives r = 3.6e+153, too large for double precision")
    -- large r below the bound: the band and the reversal bounds from r^4-free roots
    local b = finite(impact.painleve_bands{ r = 1e100, mu = 0.5 })
    assert.is.near(math.deg(math.atan(2)), b.bands[1].lo_deg, 1e-9)   -- roots -> 1/mu and 90 deg
    assert.is.near(90, b.bands[1].hi_deg, 1e-9)
    assert.is.near(2e-100, b.mu_min, 1e-112)
    assert.is_nil(finite(impact.painleve_bands{ r = 0, mu = 0.5 }).mu_min)   -- no mu gives a band
    for _, th in ipairs{ -80, -40, 0, 40, 80 } do
      local s = finite(impact.space{ r = 1e150, mu = 0.25, e = 0.8, theta_deg = th, gamma_deg = 10 })
      assert.is.near(-90, s.reversal.theta_lo_deg, 1e-9)
      assert.is.near(-math.deg(math.atan(0.25)), s.reversal.theta_hi_deg, 1e-9)   -- -atan(mu), r -> inf
    end
  end)

  it("solve3d: W's rotational part at |r| = 1e-244 does not underflow (cond shows, refused)", function()
    -- |r|^2 = 1e-487 underflowed to 0 in W = 1/m + [r]x I^-1 [r]x^T: W
    -- looked like 1/m (cond ~3) while w' = w + I^-1 (r x P) spun the body
    -- up (dT = +2e18, +1.6e259): an energy gain in every method and law
    local one = { e = 0.5983536290726057, law = "poisson", m = 1.3561652770010355e+232, mu = 1.1228561197188696,
                  inertia = { 7.1654521634858252e-307, 5.0279079800355405e-307, 7.9769687187319039e-307 },
                  r = { -3.6650217687863949e-244, -9.8520872249052928e-312, 0 },
                  v = { -7.4178787247565553e-128, -2.2998391373989702e-133, 6.144517864675398e-237 },
                  w = { 0, 1.3322288402849118, -6.8181059126092023e-322 } }
    local cond = "field 'inertia' makes the contact compliance W too ill-conditioned for double precision"
    for _, method in ipairs{ "exact", "algebraic" } do
      one.method = method
      fails(impact.solve3d, one, cond)
      fails(impact.solve3d, one, "m |r|^2 = 1.82165e-255")   -- not 0: m |r| |r|
    end
    fails(impact.solve3d, { e = 0.75082832181183812, law = "energetic", m = 2.5173666413835447e+221,
                            inertia = { 1.6790217431314509e-140, 2.6525551202535552e-140, 2.3186328480023619e-140 },
                            method = "exact", mu = 8.9324319074381311,
                            r = { -2.1772776874042216e-257, 7.4442476414697702e-163, 0 },
                            v = { -9.2137830604626672, -0.2935403384523631, 0 },
                            w = { -3.2630416305263165e+123, 0, 9.8396078551638324e+89 } }, cond)
    -- the pair forms W1 + W2 the same way
    one.method = "exact"
    local body = { m = one.m, inertia = one.inertia, r = one.r, v = one.v, w = one.w }
    fails(impact.solve3d, { body = body, e = 0.6, law = "poisson", mu = 1.12, method = "exact",
                            body2 = { m = 1e300, inertia = { 1, 1, 1 }, r = { 0, -1e-200, 0 } } },
          "make the pair's contact compliance W = W1 + W2 too ill-conditioned")
  end)

  it("solve2d energetic: the end is found with a subnormal B2 (2 kC T underflowed)", function()
    -- B2 = 1.3e-308 < DBL_MIN: 2 B2 T underflowed to 0, the end went to
    -- infinity and the slip reversed at Py = 6.8e265 (Wr = +3e223). With
    -- mu = 0, kC = B2 throughout: the energetic end is Poisson's, (1 + e) Pc
    local c = { B1 = 7.7142875606232272e+280, B2 = 1.3415037219509343e-308, B3 = 7.2262782467887215e-15,
                C0 = -6.1494952698233534e-210, S0 = 4.9021301396692982e+251, e = 0.033694516054575074,
                law = "energetic", mu = 0 }
    local r = finite(impact.solve2d(c))
    local Pc = -c.C0 / c.B2
    assert.are.equal("sliding", r.mode)
    assert.is.near(1, r.Pc / Pc, 1e-14)
    assert.is.near(1, r.Py / ((1 + c.e) * Pc), 1e-12)
    assert.is.near(1, r.Wr / (-c.e ^ 2 * r.Wc), 1e-12)
    assert.is_true(r.dT <= 0)
    assert.are.equal(c.S0, r.S)   -- S0 + B3 Py: B3 Py = 3e84 is below S0's last digit
    assert.is.near(1, r.C / (-c.e * c.C0), 1e-12)
  end)

  it("survives a fuzz at extreme magnitudes (tests/fuzz_extreme.lua)", function()
    local fuzz = dofile("tests/fuzz_extreme.lua")
    local s = fuzz(impact, 2000, 11)   -- every public solver, multi-contact models included
    assert.equal("", table.concat(s.bad, "\n"))
    assert.is_true(s.ok > 900 and s.errors > 250)
    assert.is_true(s.by["solve_multi"].ok > 0 and s.by["system3d"].ok > 0 and s.by["chain2d"].ok > 0)
  end)

  it("solve_multi: a jammed body stops, or lzb names its failure; never an energy gain", function()
    -- three contacts jam one planar body: from vy = -1e-124 lzb returned qdot ~ 1e66 and
    -- energy_ratio = inf (at vy = -1 the same divergence overflowed and was refused);
    -- on the problem scaled by powers of two (M, qdot, each contact's J) it stops the
    -- body at every scale, as moreau and poisson do
    local t = { bodies = { { I = 0.12918789523021515, m = 0.1502391070232876, phi = 4.8792242084992683, vx = 0,
                             vy = -9.9819242739372681e-124, x = 0.89713432804124371, y = -0.1135629516009812 } },
                contacts = { { a = 1, e = 0, mu = 0.12610245482420671, normal = { -0.80841219375399553, 0.58861678959222041 },
                               point = { 0.60668578822095487, -0.55544429214103697 } },
                             { a = 1, e = 0, mu = 0.59546381057049069, normal = { 0.86557694292463561, -0.50077595377298434 },
                               point = { -0.55526831755845207, -0.26827730422247403 } },
                             { a = 1, e = 1, mu = 0, normal = { -0.62812851839630512, -0.77810960948780383 },
                               point = { 0.57723829263979998, 0.29937374823863694 } } } }
    -- moreau and poisson stop it at every scale (M, qdot, each contact's J
    -- scaled by powers of two in the binding)
    for _, vy in ipairs{ -9.9819242739372681e-124, -1, -1e100 } do
      t.bodies[1].vy = vy
      local s = impact.system2d(t)
      for _, model in ipairs{ "moreau", "poisson" } do
        s.model = model
        local r = finite(impact.solve_multi(s))
        assert.is_true(r.energy_ratio < 1e-20 and not r.energy_gain, model)
      end
    end
    -- lzb's integration of the jam is chaotic: a change of its arithmetic
    -- at rounding level flips a given start between converging and
    -- diverging. What holds for every start is the contract: a named
    -- failure (diverged, or the step budget since the primary hands over
    -- only at twice the energy), or a finite result that loses energy;
    -- never a result that gains it.
    local converged = 0
    for _, start in ipairs{ { 0, -9.9819242739372681e-124 }, { 0, -1 }, { 0, -1e100 }, { -1e-3, -1 },
                            { -1e-2, -1 }, { 1e-3, -1 }, { 0.1, -1 }, { -0.1, -1 } } do
      t.bodies[1].w, t.bodies[1].vy = start[1], start[2]
      local s = impact.system2d(t)
      s.model = "lzb"
      local ok, r = pcall(impact.solve_multi, s)
      if ok then
        finite(r)
        assert.is_true(r.dT < 0 and r.energy_ratio < 1 and not r.energy_gain)
        converged = converged + 1
      else
        assert.truthy(r:find('solve_multi: model "lzb" failed: the integration diverged', 1, true)
                      or r:find('solve_multi: model "lzb" exceeded its step budget', 1, true), r)
      end
    end
    assert.is_true(converged > 0)
  end)

  it("chain2d, system2d and system3d name a mass matrix or a Jacobian beyond double's range", function()
    -- m L^2 overflowed: chain2d returned M[3][3] = inf (and inf - inf = NaN off the diagonal)
    fails(impact.chain2d, { links = { { m = 0.109, L = 0.358 }, { m = 9.08, L = 0.140 }, { m = 0.321, L = 4.97e293 } },
                            q = { 5.53, 3.62, 1.29 }, qdot = { 1, 3.63, 0 } },
          "chain2d: fields 'links' (m, L, I) give a mass matrix beyond double's range (M[3][3] = inf)")
    local ok = finite(impact.chain2d{ links = { { m = 1e-100, L = 1e100 } }, q = { 1 }, qdot = { 1 } })
    assert.is.near(1e100 / 3, ok.M[1][1], 1e88)   -- m L^2 / 3 about the pivot
    -- the arm point - centre overflowed: J = inf
    fails(impact.system2d, { bodies = { { m = 0.3, I = 0.4, x = -1.62e308, y = 4.6e307 } },
                             contacts = { { a = 1, point = { 1.1e308, 0 }, normal = { 0, 1 } } } },
          "system2d: field 'contacts[1].point' gives a Jacobian beyond double's range")
    fails(impact.system3d, { bodies = { { m = 0.47, inertia = { 0.36, 0.4, 0.28 }, x = { 1.1e308, 6.6e307, 1.1e308 } } },
                             contacts = { { a = 1, point = { -1e308, 0, 0 }, normal = { 0, 1, 0 } } } },
          "system3d: field 'contacts[1].point' gives a Jacobian beyond double's range")
  end)

  it("rod, sb2d and the brach model: overflowing shapes are named, mu0 beyond range left out", function()
    fails(impact.rod, { m = 1, L = 1e200, radius = 0.5 }, "rod: field 'L' gives moments of inertia beyond")
    fails(impact.rod, { m = 1e300, L = 1e10, radius = 0.5 }, "rod: field 'm' gives moments of inertia beyond")
    fails(impact.sb2d, { theta_deg = 40, mu = 0.4, e = 0.7, ratio = 0.4, alpha = 1e-320 },
          "sb2d: field 'alpha' is too small")
    -- Px/Py = -1.97e13 / 1.09e-295 overflowed to -inf in the cs and glocker-pfeiffer models;
    -- both phases slide, so the ratio is -mu = -DBL_MAX up to the rounding of Px and Py
    local big = { B1 = 6.0457936452309977e-29, B2 = 7.9195314321576138, B3 = 1.4123649912646731e-14,
                  C0 = -0.1484855801796828, S0 = 46991870853.576401, e = 0.87065639969946518,
                  mu = 1.7976931348623157e+308 }
    for _, m in ipairs{ "cs", "glocker-pfeiffer" } do
      big.model = m
      assert.is.near(-1, finite(impact.solve2d(big)).ratio / 1.7976931348623157e+308, 4 * 2 ^ -52)
    end
    local r = finite(impact.solve2d{ B1 = 5e-320, B2 = 1, B3 = 0, S0 = -1, C0 = -1, mu = 0.3, e = 0.5,
                                     model = "brach" })
    assert.is_nil(r.mu0)
    assert.is.near(0.3, r.ratio, 1e-15)   -- the rule min(mu, |mu0|) with mu0 beyond range
  end)
end)
