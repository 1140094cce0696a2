-- solve3d{ friction = function(s) return mu end }: friction laws on the exact
-- 3D path. A constant law is the constant-mu solver; planar data give
-- solve2d's friction-law path; the body, two-body and mechanism forms; the
-- law's state; energy; the errors naming 'friction'.
local impact = require("impact")

local rng = { s = 4242 }
local function rand()    -- a small LCG: the cases do not depend on math.random's seed
  rng.s = (rng.s * 1103515245 + 12345) % 2147483648
  return rng.s / 2147483648
end
local function urand(a, b) return a + (b - a) * rand() end

local function message(f, ...)
  local ok, err = pcall(f, ...)
  assert.is_false(ok)
  return tostring(err)
end

local function random_body()
  local a, b = urand(0.1, 1), urand(0.1, 1)
  return { m = urand(0.3, 3), inertia = { a, b, urand(math.abs(a - b) + 0.05, a + b) },
           r = { urand(-1, 1), urand(-1, -0.1), urand(-1, 1) },
           v = { urand(-1, 1), urand(-2, -0.3), urand(-1, 1) },
           w = { urand(-1, 1), urand(-1, 1), urand(-1, 1) } }
end

local function with(t, x)
  local o = {}
  for k, v in pairs(t) do o[k] = v end
  for k, v in pairs(x) do o[k] = v end
  return o
end

-- |vt| in either dimension (a number in 2D, {x =, z =} in 3D)
local function speed(vt)
  return type(vt) == "table" and math.sqrt(vt.x ^ 2 + vt.z ^ 2) or math.abs(vt)
end

describe("solve3d with a friction law", function()
  it("a constant law gives the constant-mu result (100 random problems, bit for bit)", function()
    local laws, same = { "poisson", "newton", "energetic" }, 0
    for i = 1, 100 do
      local b = random_body()
      local mu, e = urand(0, 1.2), urand(0, 1)
      local t = with(b, { e = e, law = laws[i % 3 + 1] })
      local a = impact.solve3d(with(t, { mu = mu }))
      local f = impact.solve3d(with(t, { friction = function() return mu end }))
      local eq = true
      for k = 1, 3 do
        assert.is.near(a.P[k], f.P[k], 1e-12 * math.abs(a.P.y))
        eq = eq and a.P[k] == f.P[k] and a.v[k] == f.v[k] and a.w[k] == f.w[k]
      end
      assert.are.equal(a.mode, f.mode)
      if eq and a.dT == f.dT and a.Wf == f.Wf then same = same + 1 end
    end
    assert.are.equal(100, same)
  end)

  it("planar data give solve2d's friction-law result", function()
    local laws = {
      function(s) return 0.3 + 0.5 * speed(s.vt) end,
      function(s) return 0.3 + 0.4 * s.Pn end,
      function(s) return 0.9 * math.exp(-0.5 * s.Pn) end,    -- sticks, then breaks
      function(s) return s.phase == "compression" and 0.8 or 0.3 end,
    }
    local modes = {}
    for i = 1, 40 do
      local m, I, x, y = urand(0.5, 2), urand(0.1, 1), urand(-1, 1), urand(0.1, 1)
      local vx, vy, w = urand(-1, 1), urand(-2, -0.3), urand(-1, 1)
      if i % 5 == 0 then vx = -w * y end   -- S0 = 0
      local law = laws[i % 4 + 1]
      local e = urand(0.2, 1)
      local r2 = impact.solve2d{ body1 = { m = m, I = I, x = x, y = y, vx = vx, vy = vy, w = w },
                                 e = e, friction = law }
      local r3 = impact.solve3d{ m = m, inertia = { I / 2 + 0.05, I / 2 + 0.05, I }, r = { -x, -y, 0 },
                                 v = { vx, vy, 0 }, w = { 0, 0, w }, e = e, friction = law, rtol = 1e-13 }
      assert.is.near(r2.Px, r3.P.x, 1e-10 * r2.Py)
      assert.is.near(r2.Py, r3.P.y, 1e-10 * r2.Py)
      assert.is.near(0, r3.P.z, 1e-13 * r2.Py)
      assert.is.near(r2.dT, r3.dT, 1e-9 * math.abs(r2.dT))
      assert.are.equal(r2.mode, r3.mode)
      modes[r3.mode] = true
    end
    assert.truthy(modes["C-sticking"] or modes["R-sticking"])
    assert.truthy(modes["C-reversed"] or modes["R-reversed"])
    assert.truthy(modes["sliding"])
  end)

  it("gives the law the 3D state: vt, Pt, vt0 as {x, z}, Pn, vn, phase, Pc, Wc, Wr", function()
    local b = { m = 1, inertia = { 0.4, 0.3, 0.2 }, r = { 0.1, -0.5, 0.2 }, v = { 1, -2, 0.5 },
                w = { 0.3, 0.1, -0.2 }, e = 0.6 }
    local first, restit, maxPn = nil, nil, 0
    local r = impact.solve3d(with(b, { friction = function(s)
      if not first then
        first = { Pn = s.Pn, vn = s.vn, vt = { s.vt.x, s.vt.z, s.vt[1], s.vt[2] },
                  vt0 = { s.vt0.x, s.vt0.z }, Pt = { s.Pt.x, s.Pt.z }, phase = s.phase, Wc = s.Wc }
      end
      if s.phase == "restitution" and not restit then restit = { Pc = s.Pc, Wc = s.Wc, Wr = s.Wr } end
      maxPn = math.max(maxPn, s.Pn)
      return 0.2 + 0.3 * s.Pn
    end }))
    assert.are.equal(0, first.Pn)
    assert.are.equal(r.vC0.y, first.vn)
    assert.are.same({ r.vC0.x, r.vC0.z, r.vC0.x, r.vC0.z }, first.vt)
    assert.are.same({ r.vC0.x, r.vC0.z }, first.vt0)
    assert.are.same({ 0, 0 }, first.Pt)
    assert.are.equal("compression", first.phase)
    assert.are.equal(0, first.Wc)
    assert.is.near(r.Pc, restit.Pc, 1e-12 * r.Pc)
    assert.is.near(r.Wc, restit.Wc, 1e-12 * math.abs(r.Wc))
    assert.truthy(restit.Wr >= 0)
    assert.truthy(maxPn <= r.P.y * (1 + 1e-9))
    -- the result: friction in place of mu_s, mu_k; the energy balance
    assert.are.equal("function", type(r.friction))
    assert.is_nil(r.mu_s)
    assert.is_nil(r.mu_k)
    assert.is.near(r.dT, r.Wc + r.Wr + r.Wf, 1e-10)
    assert.truthy(r.Wf <= 0)
    assert.are.equal(r.P.y, r.hodograph.p[#r.hodograph.p])
    assert.truthy(tostring(r):find("friction law", 1, true))
  end)

  it("never gains energy with the energetic law (mu(s) >= 0)", function()
    for i = 1, 40 do
      local b = random_body()
      local a, c = urand(0, 1), urand(0, 1)
      local law = ({ function(s) return a + c * speed(s.vt) end, function(s) return a + c * s.Pn end,
                     function(s) return s.phase == "compression" and a or c end })[i % 3 + 1]
      local r = impact.solve3d(with(b, { e = urand(0, 1), law = "energetic", friction = law }))
      assert.truthy(r.dT <= 1e-12 * r.T0)
      assert.is.near(r.dT, r.Wc + r.Wr + r.Wf, 1e-9 * r.T0)
    end
  end)

  it("runs in the mechanism form (M, J, qdot with 3-row J) as in the body form", function()
    local b = { m = 1.3, inertia = { 0.4, 0.3, 0.5 }, r = { 0.3, -0.6, 0.2 }, v = { 0.8, -1.5, -0.4 },
                w = { 0.2, -0.3, 0.1 } }
    local law = function(s) return 0.1 + 0.6 * speed(s.vt) end
    local rb = impact.solve3d(with(b, { e = 0.7, friction = law }))
    local r, I, m = b.r, b.inertia, b.m
    local M = { { m, 0, 0, 0, 0, 0 }, { 0, m, 0, 0, 0, 0 }, { 0, 0, m, 0, 0, 0 },
                { 0, 0, 0, I[1], 0, 0 }, { 0, 0, 0, 0, I[2], 0 }, { 0, 0, 0, 0, 0, I[3] } }
    local J = { { 1, 0, 0, 0, r[3], -r[2] }, { 0, 1, 0, -r[3], 0, r[1] }, { 0, 0, 1, r[2], -r[1], 0 } }
    local qdot = { b.v[1], b.v[2], b.v[3], b.w[1], b.w[2], b.w[3] }
    local rm = impact.solve3d{ M = M, J = J, qdot = qdot, e = 0.7, friction = law }
    for k = 1, 3 do assert.is.near(rb.P[k], rm.P[k], 1e-8 * rb.P.y) end
    assert.are.equal(rb.mode, rm.mode)
    -- two bodies: a constant law is Coulomb's
    local b2 = { m = 2, inertia = { 0.5, 0.6, 0.7 }, r = { 0.1, 0.4, -0.2 }, v = { 0, 0.2, 0 }, w = { 0, 0, 0 } }
    local p1 = impact.solve3d{ body = b, body2 = b2, e = 0.5, mu = 0.4 }
    local p2 = impact.solve3d{ body = b, body2 = b2, e = 0.5, friction = function() return 0.4 end }
    assert.are.same({ p1.P[1], p1.P[2], p1.P[3] }, { p2.P[1], p2.P[2], p2.P[3] })
  end)

  it("raises errors naming 'friction' and the function", function()
    local b = { body = impact.rod{ m = 1, L = 1, radius = 0.1, theta1 = 0.3, theta2 = 0.2 },
                v = { 0.5, -1, 0.2 }, w = { 0, 0, 0 }, e = 0.5 }
    assert.matches("solve3d: field 'friction' %(function <.*friction3d_spec.lua:%d+>%) returned %-0%.1 at Pn = .*vt = {.*}.*must be >= 0",
      message(impact.solve3d, with(b, { friction = function(s) return s.Pn > 0.1 and -0.1 or 0.3 end })))
    assert.matches("field 'friction' .* got nan",
      message(impact.solve3d, with(b, { friction = function() return 0 / 0 end })))
    assert.matches("field 'friction' .* got string",
      message(impact.solve3d, with(b, { friction = function() return "0.3" end })))
    assert.matches("field 'friction' %(function <.*>%) raised an error at Pn = .*%(restitution%): .*boom",
      message(impact.solve3d, with(b, { friction = function(s)
        if s.phase == "restitution" then error("boom") end return 0.3 end })))
    assert.matches("field 'friction' must be a function .* got number",
      message(impact.solve3d, with(b, { friction = 0.3 })))
    assert.matches("field 'friction' cannot be given together with mu",
      message(impact.solve3d, with(b, { friction = function() return 0.3 end, mu = 0.3 })))
    assert.matches("field 'friction' needs method = \"exact\"",
      message(impact.solve3d, with(b, { friction = function() return 0.3 end, method = "algebraic" })))
    assert.matches("field 'friction' cannot be given with model",
      message(impact.solve3d, with(b, { friction = function() return 0.3 end, model = "chatterjee-ruina",
                                         e_t = 0.5 })))
    assert.matches("field 'law' is a compliant law",
      message(impact.solve3d, { body = b.body, v = b.v, w = b.w, friction = function() return 0.3 end,
                                law = { "hertz", k = 1e6, e = 0.5 } }))
  end)
end)
