local impact = require("impact")

-- solve2d's model dispatch (CS01's models).
local function solve(t)
  return impact.solve2d(t)
end

local TOL = 1e-6

-- Wang & Mason's rod (WM92 sec 6) with given S0, C0.
local function rod(S0, C0, extra)
  local t = { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = S0, C0 = C0 }
  for k, v in pairs(extra or {}) do t[k] = v end
  return t
end

-- The same rod as a body: m = 1, rho^2 = 1/12, CM at (sqrt2/4, sqrt2/4), w = 0.
local function rod_body(vx, vy, extra)
  local h = math.sqrt(2) / 4
  local t = { body1 = { m = 1, rho = math.sqrt(1 / 12), x = h, y = h, vx = vx, vy = vy, w = 0 } }
  for k, v in pairs(extra or {}) do t[k] = v end
  return t
end

local function near(r, want)
  for k, v in pairs(want) do
    assert.is.near(v, r[k], TOL, k)
  end
end

describe("solve2d published models", function()
  it("newton-frictionless: rod case 1 (CS01)", function()
    local r = solve(rod(0, -1, { e = 0.5, model = "newton-frictionless" }))
    near(r, { Px = 0, Py = 0.6, S = -0.9, C = 0.5, dT = -0.15 })
    assert.equal("exact", r.status)
    assert.equal("newton-frictionless", r.model)
    assert.equal("direct", r.class)
  end)

  it("kane gains energy on rod case 2 at e = 1 (Whittaker's procedure)", function()
    local r = solve(rod(0.6, -1, { e = 1, mu = 0.5, mu_0 = 0.5, model = "kane" }))
    near(r, { Px = 0.375, Py = 1.025, S = 0, C = 1, dT = 0.1125, ratio = 0.365854 })
    assert.is_true(r.energy_gain)
    assert.is_true(r.coulomb_ok)
    -- the impulse applied along the line to D sticks at its end, after C = 0
    assert.equal("R-sticking", r.mode)
    assert.equal("sticking", r.model_mode)
    assert.equal("reconstructed", r.status)
    assert.matches("reconstructed", r.notes)
    local text = tostring(r)
    assert.matches("model kane %(reconstructed%)", text)
    assert.matches("energy GAINED", text)
  end)

  it("brach: the ratio rule and the energy step (Brach, as CS01 and WM92 describe it)", function()
    local r = solve(rod(0.6, -1, { e = 0.5, mu = 0.3, model = "brach" }))
    near(r, { mu0 = 0.263158, ratio = 0.263158, Px = 0.1875, Py = 0.7125, dT = -0.121875 })
    r = solve(rod(0.6, -1, { e = 1, mu = 0.3, model = "brach" }))
    near(r, { mu0 = 0.365854, ratio = 0, Px = 0, Py = 0.8, S = -0.6, C = 1, dT = 0 })
    assert.is_false(r.energy_gain)
    assert.equal("energy", r.ratio_limited)
    assert.matches("e_m was not recovered", r.notes)
  end)

  it("brach limits a given ratio so that friction does not reverse the slip (Brach, as CS01 and WM92 describe it)", function()
    local r = solve(rod(0.6, -1, { e = 0.5, mu = 0.3, model = "brach", ratio = -1e6 }))
    near(r, { ratio = 0, Px = 0, Py = 0.6, S = -0.3 })   -- was S = -0.99
    assert.equal("reversal", r.ratio_limited)
    assert.equal(-1e6, r.ratio_requested)
    r = solve(rod(0.6, -1, { e = 0.5, mu = 0.3, model = "brach", ratio = 1e6 }))
    near(r, { ratio = 0.263158, Px = 0.1875, Py = 0.7125, S = 0, dT = -0.121875 })
    assert.equal("reversal", r.ratio_limited)
    r = solve(rod(0.6, -1, { e = 0.5, mu = 0.3, model = "brach", ratio = 0.1 }))
    assert.equal(0.1, r.ratio); assert.is_false(r.ratio_limited)
    r = solve(rod(0.6, -1, { e = 1, mu = 0.3, model = "brach", ratio = 0.5 }))
    assert.equal(0, r.ratio); assert.equal("reversal+energy", r.ratio_limited)
  end)

  it("glocker-pfeiffer case 1 (CS01)", function()
    local r = solve(rod(0.6, -1, { e = 0.5, mu = 0.3, model = "glocker-pfeiffer" }))
    near(r, { PxC = 0, PyC = 0.4, Px = 0.06, Py = 0.6, S = -0.15, C = 0.41, dT = -0.1635 })
    -- stuck at Q when compression ends, then slides back: reversed at max compression
    assert.equal("C-reversed", r.mode)
    assert.equal("reversed", r.model_mode)
    assert.equal("poisson", r.law)
    r = solve(rod(0.6, -1, { e = 1, mu = 0.8, model = "glocker-pfeiffer" }))
    near(r, { Px = 0.24, Py = 0.8, S = 0 })
  end)

  it("smith (Smith 1991)", function()
    local r = solve(rod(0.6, -1, { e = 0.5, mu = 0.3, model = "smith" }))
    near(r, { Px = -0.041646, Py = 0.575012, S = -0.366634, C = 0.5, dT = -0.148612, nroots = 1 })
    r = solve(rod(-1, -1, { e = 0.5, mu = 1.2, model = "smith" }))
    near(r, { Px = 1.266310, Py = 1.359786, S = 0.126096, dT = -0.893263, nroots = 1 })
    assert.equal("R-reversed", r.mode)
    assert.equal("reversed", r.model_mode)
    r = solve(rod(0.6, -1, { e = 1, mu = 0.8, model = "smith" }))
    near(r, { Px = 0, Py = 0.8, dT = 0 })
    assert.matches("to be verified", r.notes)
  end)

  it("smith is scale-invariant: huge S0, huge mu, grazing C0", function()
    local Py = 1.5 / 2.95                      -- sliding throughout: Py = N/(B2 + mu B3)
    for _, S0 in ipairs{ 3e7, 1e8, 1e20 } do
      local r = solve(rod(S0, -1, { e = 0.5, mu = 0.3, model = "smith" }))
      assert.is.near(Py, r.Py, 1e-15)
      assert.is.near(-0.3 * Py, r.Px, 1e-15)
      assert.is.near(0.5, r.C, 1e-15)
      assert.is_true(r.coulomb_ok)
      assert.equal(1, r.nroots)
    end
    -- mu -> inf reflects the slip (S = -S0); no spurious root with Py ~ 0
    local r = solve(rod(0.6, -1, { e = 0.5, mu = 1e17, model = "smith" }))
    near(r, { Px = -0.1875, Py = 0.4875, S = -0.6, C = 0.5, dT = -0.121875, nroots = 1 })
    local law = r.Px * (0.6 + math.abs(r.S)) + 1e17 * r.Py * (0.6 + r.S)
    assert.is_true(math.abs(law) <= 1e-12 * 1e17 * r.Py)
    -- grazing: |Px|/Py = mu to rounding
    for _, C0 in ipairs{ -1e-6, -1e-8 } do
      r = solve(rod(1, C0, { e = 0.5, mu = 0.3, model = "smith" }))
      assert.is_true(r.coulomb_ok)
      assert.is.near(0.3, math.abs(r.Px) / r.Py, 1e-15)
    end
  end)

  it("cs without a moment law is glocker-pfeiffer case 1, marked uncertain (CS01)", function()
    local g = solve(rod(0.6, -1, { e = 0.5, mu = 0.3, model = "glocker-pfeiffer" }))
    local c = solve(rod(0.6, -1, { e = 0.5, mu = 0.3, model = "cs" }))
    assert.equal(g.Px, c.Px); assert.equal(g.Py, c.Py); assert.equal(g.dT, c.dT)
    assert.equal("uncertain", c.status)
    assert.matches("not recovered", c.notes)
    assert.equal(0, c.Mq)
  end)

  it("cs with a moment law: energy and velocities from the body update", function()
    local b = { m = 2, rho = math.sqrt(0.3), x = 0.3, y = 0.4, vx = 0.5, vy = -1, w = 0.7 }
    local seen = {}
    local r = solve{ body1 = b, e = 0.6, mu = 0.4, model = "cs",
                     moment = function(s) seen[#seen + 1] = s.phase
                       return s.phase == "compression" and -0.05 or 0.02 end }
    assert.same({ "compression", "restitution" }, seen)
    assert.is.near(-0.03, r.Mq, 1e-15)
    local I = b.m * b.rho ^ 2
    local a = r.body1
    assert.is.near(b.vx + r.Px / b.m, a.vx, 1e-12)
    assert.is.near(b.w + (b.y * r.Px - b.x * r.Py + r.Mq) / I, a.w, 1e-12)
    assert.is.near(a.vx + a.w * b.y, r.S, 1e-12)
    assert.is.near(a.vy - a.w * b.x, r.C, 1e-12)
    local T0 = 0.5 * b.m * (b.vx ^ 2 + b.vy ^ 2) + 0.5 * I * b.w ^ 2
    local T1 = 0.5 * b.m * (a.vx ^ 2 + a.vy ^ 2) + 0.5 * I * a.w ^ 2
    assert.is.near(T1 - T0, r.dT, 1e-12)
    -- the path starts from the velocities before the impact (and its moment)
    assert.equal(r.S0, r.path[1].S); assert.equal(r.C0, r.path[1].C)
    assert.equal("end", r.path[#r.path].event); assert.equal(r.S, r.path[#r.path].S)
    assert.matches("^[CR]?%-?[a-z]+", r.mode)
    for _, m in ipairs{ "sliding", "C-sticking", "R-sticking", "C-reversed", "R-reversed" } do
      if r.mode == m then return end
    end
    error("mode " .. r.mode)
  end)

  it("brach takes a moment law as the e_m plug-in, marked uncertain", function()
    local b = { m = 2, rho = math.sqrt(0.3), x = 0.3, y = 0.4, vx = 0.5, vy = -1, w = 0.7 }
    local phases = {}
    local r = solve{ body1 = b, e = 0.6, mu = 0.4, model = "brach",
                     moment = function(s) phases[#phases + 1] = s.phase return -0.05 end }
    assert.same({ "impact" }, phases)
    assert.equal(-0.05, r.Mq)
    assert.equal("uncertain", r.status)
    assert.matches("e_m plug%-in", r.notes)
    local I = b.m * b.rho ^ 2
    local a = r.body1
    local T0 = 0.5 * b.m * (b.vx ^ 2 + b.vy ^ 2) + 0.5 * I * b.w ^ 2
    local T1 = 0.5 * b.m * (a.vx ^ 2 + a.vy ^ 2) + 0.5 * I * a.w ^ 2
    assert.is.near(T1 - T0, r.dT, 1e-12)
    local z = solve{ body1 = b, e = 0.6, mu = 0.4, model = "brach", moment = function() return 0 end }
    local n = solve{ body1 = b, e = 0.6, mu = 0.4, model = "brach" }
    assert.equal(n.Px, z.Px); assert.equal(n.Py, z.Py)
  end)

  it("gives mode in solve2d's vocabulary and a path (model_mode keeps the model's label)", function()
    local API = { sliding = true, ["C-sticking"] = true, ["R-sticking"] = true,
                  ["C-reversed"] = true, ["R-reversed"] = true }
    for _, m in ipairs{ "newton-frictionless", "kane", "brach", "smith", "glocker-pfeiffer", "cs" } do
      for _, S0 in ipairs{ 0.6, -1, 0, 2 } do
        for _, mu in ipairs{ 0, 0.3, 0.8, 1.2 } do
          for _, e in ipairs{ 0, 0.5, 1 } do
            local r = solve(rod(S0, -1, { e = e, mu = mu, model = m }))
            assert.is_true(API[r.mode], m .. ": " .. tostring(r.mode))
            assert.is_truthy(r.model_mode)
            local p = r.path
            assert.equal("start", p[1].event); assert.equal("end", p[#p].event)
            assert.equal(r.Px, p[#p].Px); assert.equal(r.Py, p[#p].Py)
            local ic, ie
            for i, v in ipairs(p) do
              if v.event == "max-compression" then ic = i; assert.equal(0, v.C) end
              if v.event == "stick" or v.event == "reverse" then ie = i; assert.equal(0, v.S) end
            end
            assert.is_truthy(ic)
            if ie then assert.equal(r.mode:sub(1, 1) == "C", ie < ic) end
            if e == 0 then assert.is_nil(r.mode:match("^R%-")) end
          end
        end
      end
    end
    -- mu = 0: the tracer's conventions (rod case 2 reverses at max compression)
    local n = solve(rod(0.6, -1, { e = 0.5, model = "newton-frictionless" }))
    local t = impact.solve2d(rod(0.6, -1, { e = 0.5, mu = 0, law = "newton" }))
    assert.equal("C-reversed", n.mode); assert.equal(t.mode, n.mode)
    assert.equal("frictionless", n.model_mode)
    for i, v in ipairs(t.path) do
      assert.equal(v.event, n.path[i].event)
      assert.is.near(v.Py, n.path[i].Py, 1e-12)
    end
    assert.equal("none", solve(rod(0.6, 0.5, { e = 0.5, model = "kane" })).mode)
    assert.matches("mode R%-sticking %(model's own: sticking%)",
                   tostring(solve(rod(0.6, -1, { e = 1, mu = 0.5, model = "kane" }))))
  end)

  it("bodies and coefficients give the same result", function()
    -- rod case 2 (S0 = 0.6, C0 = -1) as a body with w = 0
    for _, m in ipairs{ "kane", "brach", "smith", "glocker-pfeiffer" } do
      local a = solve(rod(0.6, -1, { e = 0.7, mu = 0.4, model = m }))
      local b = solve(rod_body(0.6, -1, { e = 0.7, mu = 0.4, model = m }))
      for _, k in ipairs{ "Px", "Py", "S", "C", "dT" } do assert.is.near(a[k], b[k], 1e-12) end
      assert.is.near(0.6 + b.Px, b.body1.vx, 1e-12)
    end
  end)

  it("all models agree when frictionless (CS01)", function()
    for _, S0 in ipairs{ 0.6, -1, 0 } do
      for _, e in ipairs{ 0, 0.5, 1 } do
        local n = solve(rod(S0, -1, { e = e, model = "newton-frictionless" }))
        for _, m in ipairs{ "kane", "brach", "smith", "glocker-pfeiffer", "cs" } do
          local r = solve(rod(S0, -1, { e = e, mu = 0, model = m }))
          assert.is.near(0, r.Px, 1e-12)
          assert.is.near(n.Py, r.Py, 1e-12)
          assert.is.near(n.dT, r.dT, 1e-12)
        end
      end
    end
  end)

  it("agrees with WM92 case 1 when a direct impact slides throughout (mu = 0.3)", function()
    for _, m in ipairs{ "kane", "brach", "smith", "glocker-pfeiffer", "cs" } do
      local r = solve(rod(0, -1, { e = 0.5, mu = 0.3, model = m }))
      near(r, { Px = 0.219512, Py = 0.731707, S = -0.548780, C = 0.5, dT = -0.243159 })
      assert.equal("sliding", r.mode)
      assert.equal("sliding", r.model_mode)
    end
  end)

  it("raises a clear error instead of NaN when the result is outside double's range", function()
    for _, m in ipairs{ "kane", "brach", "glocker-pfeiffer", "cs", "newton-frictionless", "smith" } do
      local ok, msg = pcall(solve, rod(0.6, -1e300, { e = 0.5, mu = 0.3, model = m }))
      assert.is_false(ok)
      assert.matches('solve2d: model "' .. m:gsub("%-", "%%-") .. '": the result is outside double\'s range', msg)
      -- representable answers at extreme scales: no NaN, scaled exactly
      local r = solve(rod(0.6, -1e150, { e = 0.5, mu = 0.3, model = m }))
      local u = solve(rod(0.6e-150, -1, { e = 0.5, mu = 0.3, model = m }))
      for _, k in ipairs{ "Px", "Py", "S", "C" } do assert.is.near(u[k] * 1e150, r[k], 1e-12 * math.abs(r[k]) + 1e-300) end
      assert.is.near(u.dT * 1e300, r.dT, 1e-12 * math.abs(r.dT))
    end
  end)

  it("gives no impulse for separating contacts", function()
    local r = solve(rod(0.6, 0.5, { e = 0.5, mu = 0.3, model = "smith" }))
    assert.equal(0, r.Py); assert.equal("none", r.mode)
  end)

  it("names the field on bad input", function()
    local function err(t, pat)
      local ok, msg = pcall(solve, t)
      assert.is_false(ok)
      assert.matches(pat, msg, 1, true)
    end
    err(rod(0.6, -1, { model = "kan" }), "field 'model' must be one of")
    err(rod(0.6, -1, { model = "kane", e = 1.3 }), "solve2d: field 'e' must be in [0, 1], got 1.3")
    err(rod(0.6, -1, { model = "kane", e = 0.5, mu = 0.5, mu_0 = 0.2 }), "field 'mu_0' must not be below")
    err(rod(0.6, -1, { model = "smith", e = 0.5, mu = -1 }), "field 'mu'")
    err(rod(0.6, -1, { model = "brach", e = 0.5, e_m = 0.5 }), "field 'e_m'")
    err(rod(0.6, -1, { model = "glocker-pfeiffer", e = 0.5, nu = 0.5 }), "field 'nu'")
    err(rod(0.6, -1, { model = "cs", e = 0.5, e_mC = 0.5 }), "field 'e_mC'")
    err(rod(0.6, -1, { model = "cs", e = 0.5, moment = function() return 0 end }), "field 'moment' needs bodies")
    err(rod(0.6, -1, { model = "kane", e = 0.5, moment = function() return 0 end }), "field 'moment' is only used")
    err({ model = "smith", B1 = 1, B2 = 1, B3 = 2, S0 = 0, C0 = -1, e = 0.5 }, "B3")
    err(rod(0.6, -1, { model = "smith" }), "solve2d: field 'e' is required")
    err(rod_body(0.6, -1, { model = "cs", e = 0.5, moment = function() error("boom") end }),
        "field 'moment' raised an error")
    err(rod_body(0.6, -1, { model = "cs", e = 0.5, moment = function() return "x" end }),
        "field 'moment' must return a finite number")
    err(rod_body(0 / 0, -1, { model = "smith", e = 0.5 }), "field 'body1.vx'")
    -- a parameter the chosen model would ignore is a mistake
    err(rod(0.6, -1, { model = "smith", e = 0.5, mu = 0.3, mu_0 = 0.5 }),
        "solve2d: field 'mu_0' is only used by model \"kane\", not by \"smith\"")
    err(rod(0.6, -1, { model = "kane", e = 0.5, mu = 0.3, ratio = 0.2 }),
        "solve2d: field 'ratio' is only used by model \"brach\", not by \"kane\"")
    err(rod(0.6, -1, { model = "smith", e = 0.5, nu = 0.2 }), "field 'nu' is only used by model \"glocker-pfeiffer\"")
    err(rod(0.6, -1, { model = "kane", e = 0.5, law = "energetic" }),
        "solve2d: field 'law' is not used by model \"kane\": it fixes Newton's law")
    err(rod(0.6, -1, { model = "cs", e = 0.5, law = "newton" }), "it fixes Poisson's law")
    err(rod(0.6, -1, { model = "smith", e = 0.5, law = function(q) return q.Pn end }), "field 'law' is not used")
    -- naming the model's own law is harmless
    assert.equal("newton", solve(rod(0.6, -1, { model = "kane", e = 0.5, law = "newton" })).law)
    assert.equal("poisson", solve(rod(0.6, -1, { model = "glocker-pfeiffer", e = 0.5, law = "poisson" })).law)
  end)

  it("solve across double's range: scaled by powers of two, refused only when the answer overflows", function()
    -- Smith with |S0|/|C0| ~ 1e366 (C0 once vanished in the scaling: "no
    -- admissible solution"): a Coulomb slide, Py = -(1+e) C0/(B2 + mu B3)
    -- for S0 < 0, and C = -e C0
    local t = { B1 = 5.2413940584572395e-227, B2 = 6.037403828594076e+50, B3 = 9.6407712936413739e-89,
                S0 = -4.9448437197047561e+124, C0 = -1.4610524870498994e-242,
                e = 0.012583983823094558, mu = 1e-300 }
    for _, m in ipairs{ "smith", "kane", "brach", "glocker-pfeiffer", "cs", "newton-frictionless" } do
      t.model = m
      local r = solve(t)
      assert.is.near(1, r.Py / (-(1 + t.e) * t.C0 / (t.B2 - t.mu * t.B3)), 1e-15)
      assert.is.near(1, r.Py / 2.4504545164012039e-293, 1e-15)
      assert.is.near(0, (r.C + t.e * t.C0) / t.C0, 1e-15)   -- C0 + B2 Py: to ulps of C0
      assert.equal(t.S0, r.S)
    end
    -- mu = 0: every model is Newton's Py = -C0/B2 = 6.38e292/9.1154e-244,
    -- which overflows: the overflow message, not "no admissible solution"
    for _, m in ipairs{ "kane", "brach", "glocker-pfeiffer", "cs", "smith", "newton-frictionless" } do
      local ok, msg = pcall(solve, { model = m, mu = 0, e = 0, B1 = 1.4364e113, B2 = 9.1154e-244,
                                     B3 = -1.1e-65, S0 = 0, C0 = -6.38e292 })
      assert.is_false(ok)
      assert.equal('solve2d: model "' .. m .. '": the result is outside double\'s range (the inputs\' magnitudes are too extreme for double precision)', msg)
      -- 2^-900 of that C0: Py = 8.3e264, Newton's to the last bit
      local r = solve{ model = m, mu = 0, e = 0, B1 = 1.4364e113, B2 = 9.1154e-244,
                       B3 = -1.1e-65, S0 = 0, C0 = -6.38e292 * 2 ^ -900 }
      assert.equal(6.38e292 * 2 ^ -900 / 9.1154e-244, r.Py)
      assert.equal(0, r.Px)
    end
    -- C-S with a moment law on a body with m rho^2 = 1e320 (past DBL_MAX):
    -- Py = (1+e) |C0|/B2 with B2 = 1/m + x^2/I, the spin change below 1e-20
    local b = { m = 1e300, rho = 1e10, x = 0.3, y = 0.4, vx = 0.5, vy = -1, w = 0.7 }
    local r = solve{ body1 = b, e = 0.6, mu = 0.4, model = "cs",
                     moment = function(s) return s.phase == "compression" and -0.05 or 0.02 end }
    assert.is.near(1, r.Py / (1.6 * 1.21e300), 1e-14)
    assert.is.near(-0.03, r.Mq, 1e-15)
    assert.is.near(-0.4, r.Px / r.Py, 1e-14)   -- sliding against S0 > 0 throughout
    assert.equal(0.7, r.body1.w)
  end)

  it("raises a model's failures naming the model, with the moment law's own failure", function()
    local function fails(t)
      local ok, msg = pcall(solve, t)
      assert.is_false(ok)
      return msg
    end
    for _, m in ipairs{ "cs", "brach" } do
      local pre = 'solve2d: model "' .. m .. '": field \'moment\' '
      local function moment(f) return rod_body(0.6, -1, { model = m, e = 0.5, mu = 0.3, moment = f }) end
      assert.equal(pre .. "raised an error: boom", fails(moment(function() error("boom", 0) end)))
      assert.matches("^" .. pre:gsub("%p", "%%%0") .. "raised an error: .*models_spec%.lua:%d+: boom$",
                     fails(moment(function() error("boom") end)))
      assert.equal(pre .. "raised an error: table", fails(moment(function() error({}) end)))
      assert.equal(pre .. "must return a finite number, got string", fails(moment(function() return "x" end)))
      assert.equal(pre .. "must return a finite number, got nil", fails(moment(function() end)))
      assert.equal(pre .. "must return a finite number, got nan", fails(moment(function() return 0 / 0 end)))
      assert.equal(pre .. "must return a finite number, got inf", fails(moment(function() return math.huge end)))
      assert.equal(pre .. "must return a finite number, got -inf", fails(moment(function() return -math.huge end)))
      -- the law's failure in its second call (C-S: restitution) as in its first
      if m == "cs" then
        assert.equal(pre .. "must return a finite number, got nan", fails(moment(function(s)
          return s.phase == "restitution" and 0 / 0 or 0.1 end)))
      end
    end
    assert.equal('solve2d: model "smith": the result is outside double\'s range (the inputs\' magnitudes are too extreme for double precision)',
                 fails(rod(0.6, -1e300, { e = 0.5, mu = 0.3, model = "smith" })))
    -- statuses no input of ordinary magnitude reaches, through the same channel
    local core = impact.core
    assert.has_error(function() core._model2d_raise("kane", "nosolution") end,
                     'solve2d: model "kane" has no admissible solution for this impact (no root with Py > 0)')
    assert.has_error(function() core._model2d_raise("smith", "noconv") end,
                     'solve2d: model "smith": the iteration did not converge')
  end)
end)

describe("impact.compare", function()
  it("returns results keyed by model and prints a side-by-side table", function()
    local c = impact.compare(rod(0.6, -1, { e = 1, mu = 0.5 }),
                             { "newton-frictionless", "kane", "brach", "glocker-pfeiffer" })
    assert.is.near(0.1125, c.kane.dT, TOL)
    assert.is_true(c.kane.energy_gain)
    assert.is_false(c.brach.energy_gain)
    local s = tostring(c)
    assert.matches("kane", s)
    assert.matches("GAIN", s)
    assert.matches("dT", s)
    assert.matches("reconstructed", s)
  end)

  it("includes Routh's path by default and agrees when frictionless", function()
    local c = impact.compare(rod(0.6, -1, { e = 0.5, mu = 0 }))
    for _, m in ipairs{ "routh", "newton-frictionless", "kane", "brach", "smith",
                        "glocker-pfeiffer", "cs" } do
      assert.is.near(0.6, c[m].Py, 1e-12)
      assert.is.near(0, c[m].Px, 1e-12)
    end
    assert.equal("exact", c.routh.status)
    assert.is_true(c.routh.coulomb_ok)
  end)

  it("flags Newton's energy gain on rod case 2 at e = 1 (G item 1)", function()
    local c = impact.compare(rod(0.6, -1, { e = 1, mu = 0.5 }),
                             { "routh", { "routh", law = "newton" }, "kane", "glocker-pfeiffer", "smith" })
    assert.is.near(0.053972, c["routh/newton"].dT, TOL)
    assert.is_true(c["routh/newton"].energy_gain)
    assert.is_true(c.kane.energy_gain)
    assert.is_false(c.routh.energy_gain)
    assert.is_false(c["glocker-pfeiffer"].energy_gain)
    assert.is_false(c.smith.energy_gain)
    assert.has_error(function() impact.compare(rod(0.6, -1, { e = 1 }), { "kane", "kane" }) end,
                     "compare: model 'kane' is listed twice")
  end)

  it("prints huge and grazing values with six significant digits", function()
    local s = tostring(impact.compare(rod(0.6, -1e150, { e = 0.5, mu = 0.3 }), { "routh", "kane" }))
    assert.matches("5.08475e%+149", s)              -- kane's Py; %.6f made it 150 characters
    for line in s:gmatch("[^\n]+") do assert.is_true(#line < 120) end
    s = tostring(impact.compare(rod(1, -1e-8, { e = 0.5, mu = 0.3 }), { "smith", "kane" }))
    assert.matches("5.08475e%-09", s)               -- not 0.000000
    assert.not_matches("0%.000000", s)
    local long = string.rep("x", 150)
    s = tostring(impact.compare(rod(0.6, -1, { e = 0.5, mu = 0.3 }), { { "kane", label = long } }))
    assert.matches("xxx~", s)
  end)

  it("shows body velocities when bodies are given", function()
    local c = impact.compare(rod_body(0.6, -1, { e = 0.5, mu = 0.3 }), { "kane", "smith" })
    assert.matches("body1.vx", tostring(c))
  end)

  it("rejects bad arguments", function()
    assert.has_error(function() impact.compare(5) end, "compare: expected a problem table, got number")
    assert.has_error(function() impact.compare(rod(0.6, -1), { 3 }) end,
                     "compare: models[1] must be a model name, got number")
    local ok, msg = pcall(impact.compare, rod(0.6, -1, { e = 2 }), { "kane" })
    assert.is_false(ok)
    assert.matches("field 'e'", msg)
    -- a failing model is named by its entry
    ok, msg = pcall(impact.compare, rod(0.6, -1e300, { e = 0.5, mu = 0.3 }), { "routh", "smith" })
    assert.is_false(ok)
    assert.matches('compare: models%[1%] %("routh"%): solve2d: the result is outside double\'s range', msg)
    ok, msg = pcall(impact.compare, rod(0.6, -1, { e = 0.5, mu = 0.3 }), { "routh", { "kane", mu_0 = 0.1 } })
    assert.is_false(ok)
    assert.matches('compare: models%[2%] %("kane"%): solve2d: field \'mu_0\'', msg)
    -- each model gets only its own fields; one nobody reads is a mistake
    local c = impact.compare(rod(0.6, -1, { e = 0.5, mu = 0.3, mu_0 = 0.5, ratio = 0.1, law = "energetic" }),
                             { "routh", "kane", "brach", "smith" })
    assert.equal("energetic", c.routh.law)
    assert.equal(0.5, c.kane.mu_0)
    assert.equal(0.1, c.brach.ratio)
    assert.has_error(function() impact.compare(rod(0.6, -1, { e = 0.5, ratio = 0.1 }), { "kane", "smith" }) end,
                     "compare: field 'ratio' is only used by model \"brach\", which is not in 'models'")
  end)
end)
