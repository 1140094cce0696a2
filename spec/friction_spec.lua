-- Friction laws: solve2d{ friction = function(s) return mu end }.
local impact = require("impact")

local function rod(S0, f, extra)
  local t = { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = S0, C0 = -1, e = 0.5, friction = f }
  for k, v in pairs(extra or {}) do t[k] = v end
  return t
end

local function message(fn, ...)
  local ok, err = pcall(fn, ...)
  assert.is_false(ok)
  return tostring(err)
end

describe("impact.solve2d with friction", function()
  -- the reference vectors: WM92 rod, C0 = -1, e = 0.5, Poisson
  local vectors = {
    { f = function(s) return 0.3 + 0.5 * math.abs(s.vt) end, S0 = 0.6,
      want = { 0.009956360821, 0.547617106072, -0.196534757055, 0.354108223948, -0.174842169850 },
      events = { { "reverse", 0.230145658 }, { "max-compression", 0.365078071 } } },
    { f = function(s) return 0.3 + 0.4 * s.Pn end, S0 = 0.6,
      want = { 0.058464837904, 0.569026793522, -0.107378095523, 0.334869726949, -0.174837943378 },
      events = { { "reverse", 0.252498751 }, { "max-compression", 0.379351196 } } },
    { f = function(s) return 0.9 - 0.4 * s.Pn end, S0 = 0.3,
      want = { 0.3411796875, 0.76875, -0.00017578125, 0.41010546875, -0.175593743820 },
      events = { { "stick", 0.080872038 }, { "max-compression", 0.5125 }, { "reverse", 0.75 } } },
    { f = function(s) return s.phase == "compression" and 0.8 or 0.3 end, S0 = 0.6,
      want = { 0.06, 0.6, -0.15, 0.41, -0.1635 },
      events = { { "stick", 0.171428571 }, { "max-compression", 0.4 }, { "reverse", 0.4 } } },
  }

  it("reproduces the four reference vectors, their events and C-reversed modes", function()
    for _, v in ipairs(vectors) do
      local r = impact.solve2d(rod(v.S0, v.f))
      local got = { r.Px, r.Py, r.S, r.C, r.dT }
      for i = 1, 5 do assert.is.near(v.want[i], got[i], 1e-11) end
      assert.equal("C-reversed", r.mode)
      assert.equal(#v.events + 2, #r.path)
      assert.equal("start", r.path[1].event)
      assert.equal("end", r.path[#r.path].event)
      for i, ev in ipairs(v.events) do
        assert.equal(ev[1], r.path[i + 1].event)
        assert.is.near(ev[2], r.path[i + 1].Py, 1e-9)
      end
      assert.is.near(r.dT, r.Wc + r.Wr + r.Wf, 1e-13)
      assert.is_true(r.Wf <= 0)
    end
  end)

  it("mu = 0.3 + 0.4 Pn agrees with its closed form (quadratic slides) to 1e-12", function()
    -- written apart from the solver: sliding with sign sg, dPx/dp = -sg mu,
    -- S = S0 + B1 Px - B3 p, C = C0 - B3 Px + B2 p, mu = mu0 + a p
    local B1, B2, B3, S0, C0, mu0, a = 2.5, 2.5, 1.5, 0.6, -1, 0.3, 0.4
    local function Px_of(sg, p0, Px0, p) return Px0 - sg * (mu0 * (p - p0) + a * (p * p - p0 * p0) / 2) end
    local function S_of(Px, p) return S0 + B1 * Px - B3 * p end
    local function C_of(Px, p) return C0 - B3 * Px + B2 * p end
    local function bisect(g, lo, hi)   -- g(lo) < 0 <= g(hi)
      for _ = 1, 200 do
        local m = 0.5 * (lo + hi)
        if g(m) >= 0 then hi = m else lo = m end
      end
      return hi
    end
    -- the slip stops: S = 0 on the first slide (sg = +1)
    local pr = bisect(function(p) return -S_of(Px_of(1, 0, 0, p), p) end, 0, 1)
    local Pxr = Px_of(1, 0, 0, pr)
    assert.is_true((0.3 + 0.4 * pr) * B1 < B3)   -- cannot stick: reverses
    -- reversed (sg = -1): max compression, then Poisson's end at 1.5 pc
    local pc = bisect(function(p) return C_of(Px_of(-1, pr, Pxr, p), p) end, pr, 2)
    local pe = 1.5 * pc
    local Pxe = Px_of(-1, pr, Pxr, pe)
    local r = impact.solve2d(rod(0.6, function(s) return mu0 + a * s.Pn end))
    assert.is.near(pr, r.path[2].Py, 1e-12)
    assert.is.near(Pxr, r.path[2].Px, 1e-12)
    assert.is.near(pc, r.Pc, 1e-12)
    assert.is.near(pe, r.Py, 1e-12)
    assert.is.near(Pxe, r.Px, 1e-12)
    assert.is.near(S_of(Pxe, pe), r.S, 1e-12)
    assert.is.near(C_of(Pxe, pe), r.C, 1e-12)
  end)

  it("a slip that reversed may stop again and stick (mu = 0.05 + 1.2 Pn, closed form)", function()
    local B1, B2, B3, S0, C0, mu0, a = 2.5, 2.5, 1.5, 0.3, -1, 0.05, 1.2
    local function Px_of(sg, p0, Px0, p) return Px0 - sg * (mu0 * (p - p0) + a * (p * p - p0 * p0) / 2) end
    local function S_of(Px, p) return S0 + B1 * Px - B3 * p end
    local function C_of(Px, p) return C0 - B3 * Px + B2 * p end
    local function bisect(g, lo, hi)
      for _ = 1, 200 do
        local m = 0.5 * (lo + hi)
        if g(m) >= 0 then hi = m else lo = m end
      end
      return hi
    end
    local pr = bisect(function(p) return -S_of(Px_of(1, 0, 0, p), p) end, 0, 1)
    local Pxr = Px_of(1, 0, 0, pr)
    local pc = bisect(function(p) return C_of(Px_of(-1, pr, Pxr, p), p) end, pr, 2)
    -- reversed slip (S < 0) grows back to 0 once mu B1 > B3
    local ps = bisect(function(p) return S_of(Px_of(-1, pr, Pxr, p), p) end, pc, 2)
    local Pxs = Px_of(-1, pr, Pxr, ps)
    assert.is_true((mu0 + a * ps) * B1 >= B3)    -- it sticks there
    local pe = 2 * pc                             -- Poisson, e = 1
    local Pxe = Pxs + B3 / B1 * (pe - ps)         -- along the sticking line
    local r = impact.solve2d{ B1 = B1, B2 = B2, B3 = B3, S0 = S0, C0 = C0, e = 1,
                              friction = function(s) return mu0 + a * s.Pn end }
    assert.equal("C-reversed", r.mode)
    local ev = {}
    for i, v in ipairs(r.path) do ev[i] = v.event end
    assert.equal("start reverse max-compression stick end", table.concat(ev, " "))
    assert.is.near(pr, r.path[2].Py, 1e-12)
    assert.is.near(pc, r.path[3].Py, 1e-12)
    assert.is.near(ps, r.path[4].Py, 1e-12)
    assert.is.near(Pxs, r.path[4].Px, 1e-12)
    assert.is.near(pe, r.Py, 1e-12)
    assert.is.near(Pxe, r.Px, 1e-12)
    assert.equal(0, r.S)
    assert.is.near(C_of(Pxe, pe), r.C, 1e-12)
    assert.is.near(r.dT, r.Wc + r.Wr + r.Wf, 1e-13)
    assert.is_true(r.Wf <= 0)
  end)

  it("a constant function is Coulomb's constant mu to 1e-12 (100 random problems, three laws)", function()
    local seed = 7
    local function rnd(lo, hi)   -- a small LCG: the same problems on every run
      seed = (seed * 1103515245 + 12345) % 2147483648
      return lo + (hi - lo) * seed / 2147483648
    end
    local laws = { "poisson", "newton", "energetic" }
    for i = 1, 100 do
      local B1, B2 = rnd(0.3, 4), rnd(0.3, 4)
      local t = { B1 = B1, B2 = B2, B3 = rnd(-0.95, 0.95) * math.sqrt(B1 * B2),
                  S0 = i % 10 == 0 and 0 or rnd(-2, 2), C0 = rnd(-2, -0.05),
                  e = rnd(0, 1), law = laws[i % 3 + 1] }
      local mu = rnd(0, 1.5)
      t.mu = mu
      local a = impact.solve2d(t)
      t.mu = nil
      t.friction = function() return mu end
      local b = impact.solve2d(t)
      local P, V = math.abs(a.Px) + a.Py, math.abs(t.S0) + math.abs(t.C0)
      for _, k in ipairs{ "Px", "Py", "Pc" } do assert.is.near(a[k], b[k], 1e-12 * P) end
      for _, k in ipairs{ "S", "C" } do assert.is.near(a[k], b[k], 1e-12 * V) end
      for _, k in ipairs{ "dT", "Wc", "Wr", "Wf" } do assert.is.near(a[k], b[k], 1e-12 * P * V) end
      assert.equal(a.mode, b.mode)
      assert.equal(#a.path, #b.path)
      for j = 1, #a.path do assert.equal(a.path[j].event, b.path[j].event) end
    end
  end)

  it("takes bodies and mechanisms, and a Lua restitution law beside it", function()
    local body1 = { m = 1, rho = 0.3, x = 0.2, y = 0.4, vx = 0.5, vy = -1, w = 0.3 }
    local a = impact.solve2d{ body1 = body1, e = 0.5, mu = 0.4 }
    local b = impact.solve2d{ body1 = body1, e = 0.5, friction = function() return 0.4 end }
    for _, k in ipairs{ "vx", "vy", "w" } do assert.is.near(a.body1[k], b.body1[k], 1e-12) end
    local M, J = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 0.09 } }, { { 1, 0, -0.4 }, { 0, 1, 0.2 } }
    local c = impact.solve2d{ M = M, J = J, qdot = { 0.5, -1, 0.3 }, e = 0.5, mu = 0.4 }
    local d = impact.solve2d{ M = M, J = J, qdot = { 0.5, -1, 0.3 }, e = 0.5,
                              friction = function() return 0.4 end }
    for i = 1, 3 do assert.is.near(c.qdot[i], d.qdot[i], 1e-12) end
    local f = function(s) return 0.3 + 0.4 * s.Pn end
    local lua = impact.solve2d(rod(0.6, f, { law = function(s) return s.Pn - 1.5 * s.Pc end }))
    local builtin = impact.solve2d(rod(0.6, f))
    assert.is.near(builtin.Px, lua.Px, 1e-12)
    assert.is.near(builtin.Py, lua.Py, 1e-12)
    assert.equal(f, lua.friction)
    assert.is_nil(lua.mu_s)
  end)

  it("sees the custom laws' state", function()
    local seen = {}
    impact.solve2d(rod(0.6, function(s)
      seen[s.phase] = true
      assert.equal(-1, s.vn0)
      assert.equal(0.6, s.vt0)
      assert.is_true(s.Wc <= 0 and s.Wr >= 0 and s.Pn >= 0)
      if s.phase == "compression" then assert.equal(0, s.Pc) else assert.is_true(s.Pc > 0) end
      return 0.3
    end))
    assert.is_true(seen.compression and seen.restitution)
  end)

  it("raises errors naming 'friction'", function()
    assert.matches("field 'friction' cannot be given together with mu",
      message(impact.solve2d, rod(0.6, function() return 0.3 end, { mu = 0.3 })))
    assert.matches("field 'friction' cannot be given together with mu_k",
      message(impact.solve2d, rod(0.6, function() return 0.3 end, { mu_k = 0.3 })))
    assert.matches("field 'friction' must be a function .* got number",
      message(impact.solve2d, rod(0.6, 0.3)))
    assert.matches("field 'friction' %(function <.*>%) returned %-0%.1 at Pn = 0%.2.*must be >= 0",
      message(impact.solve2d, rod(0.6, function(s) return s.Pn > 0.2 and -0.1 or 0.3 end)))
    assert.matches("field 'friction' .* got nan",
      message(impact.solve2d, rod(0.6, function() return 0 / 0 end)))
    assert.matches("field 'friction' .* got string",
      message(impact.solve2d, rod(0.6, function() return "0.3" end)))
    assert.matches("field 'friction' .* got nil",
      message(impact.solve2d, rod(0.6, function() end)))
    assert.matches("field 'friction' %(function <.*>%) raised an error at Pn = .*: .*boom",
      message(impact.solve2d, rod(0.6, function(s) if s.phase == "restitution" then error("boom") end return 0.3 end)))
    assert.matches("solve_multi: field 'contacts%[1%]%.friction' is not supported",
      message(impact.solve_multi, { M = { { 1, 0 }, { 0, 1 } }, qdot = { 0, -1 }, model = "moreau",
        contacts = { { J = { { 1, 0 }, { 0, 1 } }, e = 0.5, friction = function() return 0.3 end } } }))
    assert.matches("unknown field 'Mu'", message(impact.solve2d, rod(0.6, function() return 0.3 end, { Mu = 1 })))
  end)

  it("keeps no live state after the solve, even when the restitution law raised", function()
    local kept
    local f = function(s) kept = s return 0.3 end
    message(impact.solve2d, rod(0.6, f, { law = function() error("lawboom") end }))
    assert.matches("outside a law evaluation", message(function() return kept.Pn end))
    impact.solve2d(rod(0.6, f))
    assert.matches("outside a law evaluation", message(function() return kept.Pn end))
  end)
end)

describe("a friction law's result", function()
  it("carries no compliant-law fields (its result was left partly unset) and plots with its own legend", function()
    local r = impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, e = 0.5,
                              friction = function(s) return 0.3 + 0.5 * math.abs(s.vt) end }
    for _, k in ipairs{ "e_eff", "duration", "F_max", "delta_max" } do assert.is_nil(r[k], k) end
    local scratch = require("spec.scratch")
    local dir = scratch.subdir()
    local out = impact.plot.path(r, { out = dir .. "/p.png", run = false })
    local gp = scratch.read(out.script)
    assert.truthy(gp:find("friction law", 1, true))
    assert.falsy(gp:find("frictionless", 1, true))   -- no P_x = 0 line for a law with mu > 0
    os.execute("rm -rf '" .. dir .. "'")
  end)
end)
