-- The mechanism builders chain2d, system2d, system3d: M, J and qdot checked
-- against closed forms, Kane's double pendulum, solve2d's and solve3d's body
-- forms (the contact-space coefficients W = J M^-1 J^T and J qdot), the
-- kinetic energy, and every error message.
local impact = require "impact"

local d = math.pi / 180

-- Solves A X = B (A n x n, B n x k; both rows) by Gaussian elimination with
-- partial pivoting.
local function solve(A, B)
  local n, k = #A, #B[1]
  local a, b = {}, {}
  for i = 1, n do
    a[i], b[i] = {}, {}
    for j = 1, n do a[i][j] = A[i][j] end
    for j = 1, k do b[i][j] = B[i][j] end
  end
  for c = 1, n do
    local p = c
    for r = c + 1, n do if math.abs(a[r][c]) > math.abs(a[p][c]) then p = r end end
    a[c], a[p], b[c], b[p] = a[p], a[c], b[p], b[c]
    for r = c + 1, n do
      local f = a[r][c] / a[c][c]
      for j = c, n do a[r][j] = a[r][j] - f * a[c][j] end
      for j = 1, k do b[r][j] = b[r][j] - f * b[c][j] end
    end
  end
  local x = {}
  for i = n, 1, -1 do
    x[i] = {}
    for j = 1, k do
      local s = b[i][j]
      for l = i + 1, n do s = s - a[i][l] * x[l][j] end
      x[i][j] = s / a[i][i]
    end
  end
  return x
end

local function transpose(A)
  local T = {}
  for j = 1, #A[1] do
    T[j] = {}
    for i = 1, #A do T[j][i] = A[i][j] end
  end
  return T
end

-- W = J M^-1 J^T and vC0 = J qdot.
local function contact_space(M, J, qdot)
  local X = solve(M, transpose(J))          -- M^-1 J^T
  local W, v = {}, {}
  for i = 1, #J do
    W[i], v[i] = {}, 0
    for j = 1, #J do
      local s = 0
      for l = 1, #M do s = s + J[i][l] * X[l][j] end
      W[i][j] = s
    end
    for l = 1, #M do v[i] = v[i] + J[i][l] * qdot[l] end
  end
  return W, v
end

local function coefficients(t)
  local W, v = contact_space(t.M, t.J, t.qdot)
  return { B1 = W[1][1], B2 = W[2][2], B3 = -W[1][2], S0 = v[1], C0 = v[2] }
end

local function energy(M, qdot)
  local T = 0
  for i = 1, #M do
    for j = 1, #M do T = T + 0.5 * qdot[i] * M[i][j] * qdot[j] end
  end
  return T
end

local function near(expected, actual, tol, what)
  assert.is_true(math.abs(expected - actual) <= tol * math.max(1, math.abs(expected)),
                 string.format("%s: expected %.17g, got %.17g", what or "value", expected, actual))
end

local function near_matrix(E, A, tol, what)
  assert.equal(#E, #A, what)
  for i = 1, #E do
    assert.equal(#E[i], #A[i], what)
    for j = 1, #E[i] do near(E[i][j], A[i][j], tol, string.format("%s[%d][%d]", what or "M", i, j)) end
  end
end

local function symmetric(M)
  for i = 1, #M do
    for j = 1, #M do assert.equal(M[i][j], M[j][i]) end
  end
end

local function dot(a, b) local s = 0 for i = 1, #a do s = s + a[i] * b[i] end return s end
local function cross(a, b)
  return { a[2] * b[3] - a[3] * b[2], a[3] * b[1] - a[1] * b[3], a[1] * b[2] - a[2] * b[1] }
end

describe("chain2d", function()
  local pend = { links = { { m = 1, L = 1 }, { m = 1, L = 1 } }, q = { -60 * d, -30 * d },
                 qdot = { -1, -1 }, mu = 0.2, e = 0.5, law = "poisson" }

  it("gives Kane's double pendulum: M, J, the tip and B1, B2, B3, S0, C0", function()
    local p = impact.chain2d(pend)
    near_matrix({ { 4 / 3, 0.4330127019 }, { 0.4330127019, 1 / 3 } }, p.M, 1e-9, "M")
    near_matrix({ { 0.8660254038, 0.5 }, { 0.5, 0.8660254038 } }, p.J, 1e-9, "J")
    symmetric(p.M)
    near(1.3660254038, p.tip.x, 1e-9, "tip.x")
    near(-1.3660254038, p.tip.y, 1e-9, "tip.y")
    assert.equal(p.tip.x, p.tip[1])
    assert.equal(p.tip.y, p.tip[2])
    local c = coefficients(p)
    near(0.810810811, c.B1, 1e-9, "B1")
    near(2.756756757, c.B2, 1e-9, "B2")
    near(-1.123492416, c.B3, 1e-9, "B3")
    near(-1.366025404, c.S0, 1e-9, "S0")
    near(-1.366025404, c.C0, 1e-9, "C0")
    -- the solver options pass through; the chain's own fields do not
    assert.equal(0.2, p.mu)
    assert.equal(0.5, p.e)
    assert.equal("poisson", p.law)
    assert.is_nil(p.links)
    assert.is_nil(p.q)
    assert.is_nil(p.base)
    assert.same({ -1, -1 }, p.qdot)
    assert.are_not.equal(pend.qdot, p.qdot)
  end)

  it("matches the closed form of one pinned link", function()
    for _, c in ipairs{ { m = 2, L = 1.5, th = -40 * d, w = 0.7 }, { m = 0.3, L = 0.2, th = 1, w = -2, I = 0.01 } } do
      local I = c.I or c.m * c.L ^ 2 / 12
      local p = impact.chain2d{ links = { { m = c.m, L = c.L, I = c.I } }, q = { c.th }, qdot = { c.w } }
      local Mp = c.m * c.L ^ 2 / 4 + I
      near_matrix({ { Mp } }, p.M, 1e-14, "M")
      near_matrix({ { -c.L * math.sin(c.th) }, { c.L * math.cos(c.th) } }, p.J, 1e-14, "J")
      local k = coefficients(p)
      near(c.L ^ 2 * math.sin(c.th) ^ 2 / Mp, k.B1, 1e-14, "B1")
      near(c.L ^ 2 * math.cos(c.th) ^ 2 / Mp, k.B2, 1e-14, "B2")
      near(c.L ^ 2 * math.sin(c.th) * math.cos(c.th) / Mp, k.B3, 1e-14, "B3")
      near(-c.L * math.sin(c.th) * c.w, k.S0, 1e-14, "S0")
      near(c.L * math.cos(c.th) * c.w, k.C0, 1e-14, "C0")
      near(c.L * math.cos(c.th), p.tip.x, 1e-14, "tip.x")
      near(c.L * math.sin(c.th), p.tip.y, 1e-14, "tip.y")
    end
  end)

  it("with a free base adds the base point's x, y; the angle block is the pinned M", function()
    local links = { { m = 1.5, L = 0.8 }, { m = 0.7, L = 1.2, I = 0.2 }, { m = 1, L = 0.5 } }
    local q = { 0.3, -0.4, -1 }
    local qdot = { 0.5, -1, 2 }
    local pinned = impact.chain2d{ links = links, q = q, qdot = qdot }
    local free = impact.chain2d{ links = links, q = { 2, 3, table.unpack(q) }, qdot = { 0, 0, table.unpack(qdot) },
                                 base = "free" }
    assert.equal(5, #free.M)
    symmetric(free.M)
    for i = 1, 3 do
      for j = 1, 3 do near(pinned.M[i][j], free.M[i + 2][j + 2], 1e-15, "angle block") end
      near(pinned.J[1][i], free.J[1][i + 2], 1e-15, "J x")
      near(pinned.J[2][i], free.J[2][i + 2], 1e-15, "J y")
    end
    near_matrix({ { 3.2, 0 }, { 0, 3.2 } }, { { free.M[1][1], free.M[1][2] }, { free.M[2][1], free.M[2][2] } }, 1e-15, "mass")
    near_matrix({ { 1, 0 }, { 0, 1 } }, { { free.J[1][1], free.J[1][2] }, { free.J[2][1], free.J[2][2] } }, 0, "J base")
    near(pinned.tip.x + 2, free.tip.x, 1e-15, "tip.x")
    near(pinned.tip.y + 3, free.tip.y, 1e-15, "tip.y")
    -- a base at rest: the same contact velocity; a free base is more compliant
    local kp, kf = coefficients(pinned), coefficients(free)
    near(kp.S0, kf.S0, 1e-14, "S0")
    near(kp.C0, kf.C0, 1e-14, "C0")
    assert.is_true(kf.B2 > kp.B2 and kf.B1 > kp.B1)
  end)

  it("a free one-link chain is the planar body of system2d (the same W and contact velocity)", function()
    local m, L, I, th, vx, vy, w = 2, 1.4, 0.5, -0.7, 0.3, -1.1, 0.9
    local chain = impact.chain2d{ links = { { m = m, L = L, I = I } }, base = "free",
                                  q = { 0.1, 0.2, th }, qdot = { vx, vy, w } }
    -- the body: centre of mass at mid-link, moving with the base
    local cx, cy = 0.1 + L / 2 * math.cos(th), 0.2 + L / 2 * math.sin(th)
    local body = impact.system2d{
      bodies = { { m = m, I = I, x = cx, y = cy, phi = th,
                   vx = vx - L / 2 * math.sin(th) * w, vy = vy + L / 2 * math.cos(th) * w, w = w } },
      contacts = { { a = 1, point = { chain.tip.x, chain.tip.y }, normal = { 0, 1 } } } }
    local a, b = coefficients(chain), coefficients(body)
    for _, k in ipairs{ "B1", "B2", "B3", "S0", "C0" } do near(b[k], a[k], 1e-13, k) end
    near(energy(body.M, body.qdot), energy(chain.M, chain.qdot), 1e-13, "T")
  end)

  it("has the links' kinetic energy", function()
    local links = { { m = 1.5, L = 0.8 }, { m = 0.7, L = 1.2, I = 0.2 }, { m = 1, L = 0.5 } }
    local q, qdot = { 0.5, -0.2, 0.3, -0.4, -1 }, { 0.4, -0.3, 0.5, -1, 2 }
    local p = impact.chain2d{ links = links, q = q, qdot = qdot, base = "free" }
    local T, jx, jy, vx, vy = 0, q[1], q[2], qdot[1], qdot[2]
    for i, l in ipairs(links) do
      local th, w = q[i + 2], qdot[i + 2]
      local I = l.I or l.m * l.L ^ 2 / 12
      local cvx, cvy = vx - l.L / 2 * math.sin(th) * w, vy + l.L / 2 * math.cos(th) * w
      T = T + 0.5 * l.m * (cvx ^ 2 + cvy ^ 2) + 0.5 * I * w ^ 2
      vx, vy = vx - l.L * math.sin(th) * w, vy + l.L * math.cos(th) * w
      jx, jy = jx + l.L * math.cos(th), jy + l.L * math.sin(th)
    end
    near(T, energy(p.M, p.qdot), 1e-14, "T")
    near(jx, p.tip.x, 1e-14, "tip.x")
    near(jy, p.tip.y, 1e-14, "tip.y")
    local _, v = contact_space(p.M, p.J, p.qdot)
    near(vx, v[1], 1e-14, "tip vx")
    near(vy, v[2], 1e-14, "tip vy")
  end)
end)

-- solve2d's body form of a system2d body for the contact frame (t, n).
local function body_form(b, point, t, n)
  local X, Y = b.x - point[1], b.y - point[2]
  return { m = b.m, I = b.I, x = X * t[1] + Y * t[2], y = X * n[1] + Y * n[2],
           vx = b.vx * t[1] + b.vy * t[2], vy = b.vx * n[1] + b.vy * n[2], w = b.w }
end

local function check_solve2d(s, body1, body2)
  local r = impact.solve2d{ body1 = body1, body2 = body2, mu = 0.3, e = 0.5 }
  local k = coefficients(s)
  for _, key in ipairs{ "B1", "B2", "B3", "S0", "C0" } do near(r[key], k[key], 1e-12, key) end
end

describe("system2d", function()
  it("gives one body against the ground M = diag(m, m, I), J = [[1, 0, y1], [0, 1, -x1]]", function()
    local b = { m = 2, I = 0.3, x = 0.4, y = 0.7, phi = 0.2, vx = 0.6, vy = -1, w = 1.5 }
    local s = impact.system2d{ bodies = { b }, contacts = { { a = 1, point = { 0.1, 0.05 }, normal = { 0, 1 },
                                                              mu = 0.3, e = 0.5, law = "newton" } } }
    near_matrix({ { 2, 0, 0 }, { 0, 2, 0 }, { 0, 0, 0.3 } }, s.M, 0, "M")
    local x1, y1 = 0.4 - 0.1, 0.7 - 0.05
    near_matrix({ { 1, 0, y1 }, { 0, 1, -x1 } }, s.J, 1e-15, "J")
    assert.same({ 0.6, -1, 1.5 }, s.qdot)
    assert.same({ x = { 1, 0 }, y = { 0, 1 } }, s.frame)
    assert.equal(0.3, s.mu)
    assert.equal(0.5, s.e)
    assert.equal("newton", s.law)
    assert.is_nil(s.contacts)
    assert.is_nil(s.bodies)
    check_solve2d(s, body_form(b, { 0.1, 0.05 }, { 1, 0 }, { 0, 1 }))
    near(0.5 * 2 * (0.36 + 1) + 0.5 * 0.3 * 1.5 ^ 2, energy(s.M, s.qdot), 1e-15, "T")
  end)

  it("agrees with solve2d's body form for a tilted normal (tangent = normal turned by -90 degrees)", function()
    local b = { m = 1.3, I = 0.2, x = -0.4, y = 1.2, vx = 0.5, vy = -2, w = -0.8 }
    local nx, ny = 3 / 5, 4 / 5
    local s = impact.system2d{ bodies = { b }, contacts = { { a = 1, point = { 0.2, 0.3 }, normal = { 3, 4 } } } }
    near(nx, s.frame.y[1], 1e-16, "n.x")
    near(ny, s.frame.y[2], 1e-16, "n.y")
    near(ny, s.frame.x[1], 1e-16, "t.x")
    near(-nx, s.frame.x[2], 1e-16, "t.y")
    check_solve2d(s, body_form(b, { 0.2, 0.3 }, s.frame.x, s.frame.y))
  end)

  it("agrees with solve2d's two-body form (body b receives -P)", function()
    local b1 = { m = 1.5, I = 0.25, x = 0.3, y = 0.9, vx = 0.4, vy = -1.2, w = 0.6 }
    local b2 = { m = 2.5, I = 0.6, x = -0.5, y = -0.8, vx = -0.2, vy = 0.7, w = -1.1 }
    local point, normal = { 0.05, 0.1 }, { -1, 2 }
    local s = impact.system2d{ bodies = { b2, b1 }, contacts = { { a = 2, b = 1, point = point, normal = normal } } }
    assert.equal(6, #s.M)
    near(energy(s.M, s.qdot), 0.5 * 1.5 * (0.16 + 1.44) + 0.5 * 0.25 * 0.36
                              + 0.5 * 2.5 * (0.04 + 0.49) + 0.5 * 0.6 * 1.21, 1e-15, "T")
    check_solve2d(s, body_form(b1, point, s.frame.x, s.frame.y), body_form(b2, point, s.frame.x, s.frame.y))
  end)

  it("accepts rho for I and passes the system's options through", function()
    local s = impact.system2d{ bodies = { { m = 2, rho = 0.5 } }, model = "kane",
                               contacts = { { a = 1, point = { 0, -1 }, normal = { 0, 1 } } } }
    assert.equal(0.5, s.M[3][3])
    assert.equal("kane", s.model)
  end)

  it("with several contacts gives M, qdot and one {J, frame, ...} per contact", function()
    local s = impact.system2d{
      bodies = { { m = 1, I = 0.1, y = 1, vy = -1 }, { m = 2, I = 0.2, x = 1, y = 2, vy = -3 } },
      contacts = { { a = 1, point = { 0, 0 }, normal = { 0, 1 }, mu = 0.1, e = 0.5, K = 2, eta = 1.5 },
                   { a = 2, b = 1, point = { 0.5, 1.5 }, normal = { 0, 1 }, mu = 0.4, e = 0.2 } },
      model = "moreau" }
    assert.equal("moreau", s.model)
    assert.is_nil(s.J)
    assert.is_nil(s.mu)
    assert.equal(2, #s.contacts)
    assert.equal(0.1, s.contacts[1].mu)
    assert.equal(2, s.contacts[1].K)
    assert.equal(1.5, s.contacts[1].eta)
    assert.equal(0.4, s.contacts[2].mu)
    assert.is_nil(s.contacts[2].a)
    assert.is_nil(s.contacts[2].point)
    near_matrix({ { 1, 0, 1, 0, 0, 0 }, { 0, 1, 0, 0, 0, 0 } }, s.contacts[1].J, 0, "J1")
    -- contact 2: body 2's point from its centre r2 = (-0.5, -0.5); body 1's r1 = (0.5, 0.5)
    near_matrix({ { -1, 0, 0.5, 1, 0, 0.5 }, { 0, -1, -0.5, 0, 1, -0.5 } }, s.contacts[2].J, 0, "J2")
    for _, k in ipairs{ "M", "qdot", "contacts", "model" } do assert.is_not_nil(s[k]) end
  end)
end)

-- The rotation by `angle` about `axis`, as a matrix (rows) and a quaternion {w, x, y, z}.
local function rotation(axis, angle)
  local n = math.sqrt(dot(axis, axis))
  local x, y, z = axis[1] / n, axis[2] / n, axis[3] / n
  local c, s = math.cos(angle), math.sin(angle)
  local C = 1 - c
  return { { c + x * x * C, x * y * C - z * s, x * z * C + y * s },
           { y * x * C + z * s, c + y * y * C, y * z * C - x * s },
           { z * x * C - y * s, z * y * C + x * s, c + z * z * C } }, { math.cos(angle / 2), x * math.sin(angle / 2),
           y * math.sin(angle / 2), z * math.sin(angle / 2) }
end

local function mat_vec(A, v)
  return { dot(A[1], v), dot(A[2], v), dot(A[3], v) }
end

describe("system3d", function()
  local R, q = rotation({ 1, 2, -0.5 }, 0.8)
  local body = { m = 1.7, inertia = { 0.3, 0.4, 0.5 }, R = R, x = { 0.2, 0.9, -0.1 },
                 v = { 0.4, -1.3, 0.2 }, w = { 0.5, -0.7, 1.1 } }
  local point = { 0.05, 0, 0.3 }

  it("reproduces solve3d's pre-impact contact velocity vC0 for one body", function()
    local s = impact.system3d{ bodies = { body }, contacts = { { a = 1, point = point, normal = { 0, 1, 0 },
                                                                 mu = 0.3, e = 0.5, method = "algebraic" } } }
    assert.equal(6, #s.M)
    symmetric(s.M)
    assert.equal(0.3, s.mu)
    assert.equal("algebraic", s.method)
    assert.same({ x = { 1, 0, 0 }, y = { 0, 1, 0 }, z = { 0, 0, 1 } }, s.frame)
    local r = impact.solve3d{ m = body.m, inertia = body.inertia, R = R, v = body.v, w = body.w, mu = 0.3, e = 0.5,
                              r = { point[1] - 0.2, point[2] - 0.9, point[3] + 0.1 } }
    local W, v = contact_space(s.M, s.J, s.qdot)
    for i = 1, 3 do near(r.vC0[i], v[i], 1e-12, "vC0") end
    -- and W is the contact compliance 1/m - [r]x I^-1 [r]x (the response to unit impulses)
    local rr = { point[1] - 0.2, point[2] - 0.9, point[3] + 0.1 }
    local Iw = {}
    for i = 1, 3 do Iw[i] = { s.M[i + 3][4], s.M[i + 3][5], s.M[i + 3][6] } end
    for j = 1, 3 do
      local P = { 0, 0, 0 }
      P[j] = 1
      local dw = solve(Iw, { { cross(rr, P)[1] }, { cross(rr, P)[2] }, { cross(rr, P)[3] } })
      local dv = cross({ dw[1][1], dw[2][1], dw[3][1] }, rr)
      for i = 1, 3 do near((i == j and 1 / body.m or 0) + dv[i], W[i][j], 1e-12, "W") end
    end
    -- the energy of the body
    local Iw_w = mat_vec(Iw, body.w)
    near(0.5 * body.m * dot(body.v, body.v) + 0.5 * dot(body.w, Iw_w), energy(s.M, s.qdot), 1e-14, "T")
  end)

  it("takes the orientation as R or q, and a 3x3 body tensor as principal moments", function()
    local base = { bodies = { body }, contacts = { { a = 1, point = point, normal = { 0, 1, 0 } } } }
    local a = impact.system3d(base)
    local bq = { m = body.m, inertia = body.inertia, q = q, x = body.x, v = body.v, w = body.w }
    local b = impact.system3d{ bodies = { bq }, contacts = base.contacts }
    near_matrix(a.M, b.M, 1e-14, "M")
    near_matrix(a.J, b.J, 1e-14, "J")
    local bt = { m = body.m, inertia = { { 0.3, 0, 0 }, { 0, 0.4, 0 }, { 0, 0, 0.5 } }, R = R, x = body.x }
    local c = impact.system3d{ bodies = { bt }, contacts = base.contacts }
    near_matrix(a.M, c.M, 1e-15, "M")
  end)

  it("has a right-handed orthonormal frame with y = the normal for every direction", function()
    local normals = { { 0, 1, 0 }, { 0, -1, 0 }, { 1, 0, 0 }, { -1, 0, 0 }, { 0, 0, 1 }, { 0, 0, -1 },
                      { 1, 2, 3 }, { -1, -2, 0.5 }, { 0.3, -1e-9, 0.2 }, { 1e-12, -1, 1e-12 } }
    for _, n in ipairs(normals) do
      local s = impact.system3d{ bodies = { { m = 1, inertia = { 1, 1, 1 } } },
                                 contacts = { { a = 1, point = { 0, 0, 0 }, normal = n } } }
      local f = s.frame
      local len = math.sqrt(dot(n, n))
      for i = 1, 3 do near(n[i] / len, f.y[i], 1e-15, "y") end
      near(1, dot(f.x, f.x), 1e-14, "|x|")
      near(1, dot(f.z, f.z), 1e-14, "|z|")
      near(0, dot(f.x, f.y), 1e-14, "x.y")
      near(0, dot(f.z, f.y), 1e-14, "z.y")
      local z = cross(f.x, f.y)
      for i = 1, 3 do near(z[i], f.z[i], 1e-14, "z = x cross y") end
      -- a unit ball at the contact point: J's rows are the frame's vectors
      for i = 1, 3 do
        near(f.x[i], s.J[1][i], 0, "J x")
        near(f.y[i], s.J[2][i], 0, "J y")
        near(f.z[i], s.J[3][i], 0, "J z")
      end
    end
    local s = impact.system3d{ bodies = { { m = 1, inertia = { 1, 1, 1 } } },
                               contacts = { { a = 1, point = { 0, 0, 0 }, normal = { 0, -2, 0 } } } }
    assert.same({ x = { 1, 0, 0 }, y = { 0, -1, 0 }, z = { 0, 0, -1 } }, s.frame)
  end)

  it("gives two bodies W = W_1 + W_2 and the relative contact velocity; the normal part is frame-free", function()
    local R2 = rotation({ 0, 1, 1 }, -0.5)
    local b2 = { m = 3, inertia = { 1, 1.5, 2 }, R = R2, x = { -0.1, -0.8, 0.3 }, v = { -0.2, 0.5, 0.1 },
                 w = { 0.3, 0.2, -0.4 } }
    local n = { 0.2, 1, -0.3 }
    local s = impact.system3d{ bodies = { body, b2 }, contacts = { { a = 1, b = 2, point = point, normal = n } } }
    assert.equal(12, #s.M)
    local W, v = contact_space(s.M, s.J, s.qdot)
    local function vel(b)       -- the velocity of b's material point at `point`
      local r = { point[1] - b.x[1], point[2] - b.x[2], point[3] - b.x[3] }
      local wr = cross(b.w, r)
      return { b.v[1] + wr[1], b.v[2] + wr[2], b.v[3] + wr[3] }
    end
    local v1, v2 = vel(body), vel(b2)
    local rel = { v1[1] - v2[1], v1[2] - v2[2], v1[3] - v2[3] }
    local f = s.frame
    near(dot(rel, f.x), v[1], 1e-13, "vC0 x")
    near(dot(rel, f.y), v[2], 1e-13, "vC0 y")
    near(dot(rel, f.z), v[3], 1e-13, "vC0 z")
    -- the normal entry of W is the sum of the two bodies' alone
    local one = {}
    for i, b in ipairs{ body, b2 } do
      local c = impact.system3d{ bodies = { b }, contacts = { { a = 1, point = point, normal = n } } }
      one[i] = contact_space(c.M, c.J, c.qdot)
    end
    for i = 1, 3 do
      for j = 1, 3 do near(one[1][i][j] + one[2][i][j], W[i][j], 1e-13, "W") end
    end
    -- energy of both bodies
    local T = 0
    for _, b in ipairs{ body, b2 } do
      local Rb = b.R
      local Ib = { { b.inertia[1], 0, 0 }, { 0, b.inertia[2], 0 }, { 0, 0, b.inertia[3] } }
      local wb = { dot({ Rb[1][1], Rb[2][1], Rb[3][1] }, b.w), dot({ Rb[1][2], Rb[2][2], Rb[3][2] }, b.w),
                   dot({ Rb[1][3], Rb[2][3], Rb[3][3] }, b.w) }   -- R^T w: body frame
      T = T + 0.5 * b.m * dot(b.v, b.v) + 0.5 * dot(wb, mat_vec(Ib, wb))
    end
    near(T, energy(s.M, s.qdot), 1e-14, "T")
  end)

  it("with several contacts gives one {J, frame, ...} per contact", function()
    local s = impact.system3d{ bodies = { body }, method = "exact",
                               contacts = { { a = 1, point = point, normal = { 0, 1, 0 }, mu = 0.2 },
                                            { a = 1, point = { 0.4, 0, 0.3 }, normal = { 0, 1, 0 }, mu = 0.5 } } }
    assert.equal(2, #s.contacts)
    assert.equal(3, #s.contacts[2].J)
    assert.equal(0.5, s.contacts[2].mu)
    assert.equal("exact", s.method)
    assert.is_nil(s.J)
  end)
end)

describe("the builders' descriptive fields", function()
  it("are listed in impact.mechanism_fields", function()
    assert.same({ "tip", "frame" }, impact.mechanism_fields.descriptive)
    local pass = {}
    for _, k in ipairs(impact.mechanism_fields.pass) do pass[k] = true end
    for _, k in ipairs{ "mu", "mu_s", "mu_k", "e", "law", "model", "method", "K", "eta" } do
      assert.is_true(pass[k], k)
    end
  end)
end)

describe("the builders' errors", function()
  local link = { m = 1, L = 1 }
  local function chain(t)
    local base = { links = { link, link }, q = { 0, 0 }, qdot = { 0, 0 } }
    for k, v in pairs(t) do base[k] = v end
    return base
  end
  local b2 = { m = 1, I = 1 }
  local ground = { a = 1, point = { 0, 0 }, normal = { 0, 1 } }
  local b3 = { m = 1, inertia = { 1, 1, 1 } }
  local ground3 = { a = 1, point = { 0, 0, 0 }, normal = { 0, 1, 0 } }
  local function sys3(body, contact) return { bodies = { body }, contacts = { contact or ground3 } } end

  local cases = {
    { impact.chain2d, 1, "chain2d: field 't' must be a table, got number" },
    { impact.chain2d, chain{ links = { link, { m = -1, L = 1 } } }, "chain2d: field 'links[2].m' must be positive, got -1" },
    { impact.chain2d, chain{ links = { link, { m = 0 / 0, L = 1 } } }, "chain2d: field 'links[2].m' must be a finite number, got " },
    { impact.chain2d, chain{ links = { { L = 1 }, link } }, "chain2d: field 'links[1].m' is required (a number)" },
    { impact.chain2d, chain{ links = { link, { m = 1, L = 0 } } }, "chain2d: field 'links[2].L' must be positive, got 0" },
    { impact.chain2d, chain{ links = { link, { m = 1, L = 1, I = -2 } } }, "chain2d: field 'links[2].I' must be positive, got -2" },
    { impact.chain2d, chain{ links = { link, { m = 1, L = 1, l = 1 } } }, "chain2d: unknown field 'links[2].l' (did you mean 'links[2].L'?)" },
    { impact.chain2d, chain{ links = {} }, "chain2d: field 'links' must be a list of links {m =, L =, I =}, got an empty table" },
    { impact.chain2d, chain{ links = 3 }, "chain2d: field 'links' must be a list of links {m =, L =, I =}, got number" },
    { impact.chain2d, chain{ links = { link, 5 } }, "chain2d: field 'links[2]' must be a link {m =, L =, I =}, got number" },
    { impact.chain2d, chain{ q = { 0 } }, "chain2d: field 'q' must have 2 entries (a list of 2 link angles), got 1" },
    { impact.chain2d, chain{ qdot = { 0, 0, 0 } }, "chain2d: field 'qdot' must have 2 entries (as many as q), got 3" },
    { impact.chain2d, chain{ qdot = { 0, "1" } }, "chain2d: field 'qdot[2]' must be a number, got string" },
    { impact.chain2d, chain{ q = { 0, math.huge } }, "chain2d: field 'q[2]' must be a finite number, got inf" },
    { impact.chain2d, chain{ qdot = nil, qdots = { 0, 0 } }, "chain2d: unknown field 'qdots' (did you mean 'qdot'?)" },
    { impact.chain2d, chain{ base = "fixed" }, "chain2d: field 'base' must be \"pinned\" or \"free\", got \"fixed\"" },
    { impact.chain2d, chain{ base = "free" }, "chain2d: field 'q' must have 4 entries (a list of 4 numbers: base x, y and 2 link angles), got 2" },
    { impact.chain2d, chain{ lnks = 1 }, "chain2d: unknown field 'lnks' (did you mean 'links'?)" },
    { impact.chain2d, chain{ zeta = 1 }, "chain2d: unknown field 'zeta'" },
    { impact.chain2d, chain{ [1] = 1 }, "chain2d: unknown field [1] (known fields: K, base, e, eta, friction, law, links, " },

    { impact.system2d, { bodys = { b2 }, contacts = { ground } }, "system2d: unknown field 'bodys' (did you mean 'bodies'?)" },
    { impact.system2d, { bodies = { b2 } }, "system2d: field 'contacts' is required (a list of contacts {a =, b =, point =, normal =})" },
    { impact.system2d, { bodies = { { m = 0, I = 1 } }, contacts = { ground } }, "system2d: field 'bodies[1].m' must be positive, got 0" },
    { impact.system2d, { bodies = { { m = 1 } }, contacts = { ground } }, "system2d: field 'bodies[1].I' is required (a number)" },
    { impact.system2d, { bodies = { { m = 1, I = -1 } }, contacts = { ground } }, "system2d: field 'bodies[1].I' must be positive, got -1" },
    { impact.system2d, { bodies = { { m = 1, I = 1, rho = 1 } }, contacts = { ground } }, "system2d: field 'bodies[1].rho' conflicts with 'bodies[1].I' (give one)" },
    { impact.system2d, { bodies = { { m = 1, I = 1, vx = 0 / 0 } }, contacts = { ground } }, "system2d: field 'bodies[1].vx' must be a finite number, got " },
    { impact.system2d, { bodies = { { m = 1, I = 1, omega = 1 } }, contacts = { ground } }, "system2d: unknown field 'bodies[1].omega'" },
    { impact.system2d, { bodies = { { m = 1, I = 1, vz = 1 } }, contacts = { ground } }, "system2d: unknown field 'bodies[1].vz' (did you mean 'bodies[1].vx'?)" },
    { impact.system2d, { bodies = { b2 }, contacts = { { a = 1, point = { 0, 0 }, normal = { 0, 0 } } } }, "system2d: field 'contacts[1].normal' must be a nonzero vector, got length 0" },
    { impact.system2d, { bodies = { b2 }, contacts = { { a = 2, point = { 0, 0 }, normal = { 0, 1 } } } }, "system2d: field 'contacts[1].a' must be a body index in 1..1, got 2" },
    { impact.system2d, { bodies = { b2, b2 }, contacts = { { a = 1, b = 3, point = { 0, 0 }, normal = { 0, 1 } } } }, "system2d: field 'contacts[1].b' must be a body index in 1..2, got 3" },
    { impact.system2d, { bodies = { b2 }, contacts = { { a = 1.5, point = { 0, 0 }, normal = { 0, 1 } } } }, "system2d: field 'contacts[1].a' must be the index of a body (an integer), got 1.5" },
    { impact.system2d, { bodies = { b2 }, contacts = { { point = { 0, 0 }, normal = { 0, 1 } } } }, "system2d: field 'contacts[1].a' is required (the index of a body)" },
    { impact.system2d, { bodies = { b2, b2 }, contacts = { { a = 2, b = 2, point = { 0, 0 }, normal = { 0, 1 } } } }, "system2d: field 'contacts[1].b' must differ from 'contacts[1].a' (a body cannot strike itself), got 2" },
    { impact.system2d, { bodies = { b2 }, contacts = { { a = 1, normal = { 0, 1 } } } }, "system2d: field 'contacts[1].point' is required (a vector {x, y})" },
    { impact.system2d, { bodies = { b2 }, contacts = { { a = 1, point = { 0 }, normal = { 0, 1 } } } }, "system2d: field 'contacts[1].point' component y must be a finite number, got nil" },
    { impact.system2d, { bodies = { b2 }, contacts = { { a = 1, point = { 0, 0 }, normals = { 0, 1 } } } }, "system2d: unknown field 'contacts[1].normals' (did you mean 'contacts[1].normal'?)" },
    { impact.system2d, { bodies = { b2 }, mu = 0.1, contacts = { { a = 1, point = { 0, 0 }, normal = { 0, 1 }, mu = 0.2 } } }, "system2d: field 'contacts[1].mu' conflicts with the top-level 'mu' (give it in one place)" },
    -- sizes are checked before the N x N matrix is built (2000 non-bodies took 3 s and 800 MB)
    { impact.system2d, { bodies = (function() local b = {} for i = 1, 2000 do b[i] = 0 end return b end)(), contacts = { ground } },
      "system2d: field 'bodies[1]' must be a body {m =, I =, x =, y =, ...}, got number" },
    { impact.system2d, { bodies = (function() local b = {} for i = 1, 1500 do b[i] = b2 end return b end)(), contacts = { ground } },
      "system2d: field 'bodies' has 1500 bodies, 4500 coordinates: the solvers take at most 64 (21 bodies)" },
    { impact.system3d, { bodies = (function() local b = {} for i = 1, 11 do b[i] = b3 end return b end)(), contacts = { ground3 } },
      "system3d: field 'bodies' has 11 bodies, 66 coordinates: the solvers take at most 64 (10 bodies)" },
    { impact.chain2d, chain{ links = (function() local l = {} for i = 1, 65 do l[i] = link end return l end)() },
      "chain2d: field 'links' has 65 links, 65 coordinates: the solvers take at most 64" },
    { impact.system2d, { bodies = { { m = 1, rho = 1e155 } }, contacts = { ground } },
      "system2d: field 'bodies[1]' gives a mass matrix beyond double's range (M[3][3] = inf)" },
    { impact.system2d, { bodies = { b2 }, contacts = { ground, x = ground } }, "system2d: field 'contacts' must be a list of contacts {a =, b =, point =, normal =} (a list), it has the key x" },

    { impact.system3d, sys3{ m = 1 }, "system3d: field 'bodies[1].inertia' is required ({I1, I2, I3} or a 3x3 table)" },
    { impact.system3d, sys3{ m = -2, inertia = { 1, 1, 1 } }, "system3d: field 'bodies[1].m' must be positive, got -2" },
    { impact.system3d, sys3{ m = 1, inertia = { 1, 0, 1 } }, "system3d: field 'bodies[1].inertia[2]' must be positive, got 0" },
    { impact.system3d, sys3{ m = 1, inertia = { 1, 1, 3 } }, "system3d: field 'bodies[1].inertia' must satisfy the triangle inequality (I1 + I2 >= I3 and permutations), got {1, 1, 3}" },
    { impact.system3d, sys3{ m = 1, inertia = { { 1, 0.5, 0 }, { 0, 1, 0 }, { 0, 0, 1 } } }, "system3d: field 'bodies[1].inertia' must be symmetric" },
    { impact.system3d, sys3{ m = 1, inertia = { { 1, 2, 0 }, { 2, 1, 0 }, { 0, 0, 1 } } }, "system3d: field 'bodies[1].inertia' must be positive definite (a principal moment is <= 0)" },
    { impact.system3d, sys3{ m = 1, inertia = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 3 } } }, "system3d: field 'bodies[1].inertia' must satisfy the triangle inequality (I1 + I2 >= I3 and permutations)" },
    { impact.system3d, sys3{ m = 1, inertia = { 1, 1 } }, "system3d: field 'bodies[1].inertia' must be {I1, I2, I3} (principal) or a 3x3 table" },
    { impact.system3d, sys3{ m = 1, inertia = { 1, 1, 1 }, R = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, -1 } } }, "system3d: field 'bodies[1].R' must be a rotation matrix (determinant +1, got -1: a reflection)" },
    { impact.system3d, sys3{ m = 1, inertia = { 1, 1, 1 }, R = { { 1, 0, 0 }, { 0, 2, 0 }, { 0, 0, 1 } } }, "system3d: field 'bodies[1].R' must be a rotation matrix (orthonormal rows)" },
    { impact.system3d, sys3{ m = 1, inertia = { 1, 1, 1 }, q = { 2, 0, 0, 0 } }, "system3d: field 'bodies[1].q' must be a unit quaternion {w, x, y, z}, got |q| = 2" },
    { impact.system3d, sys3{ m = 1, inertia = { 1, 1, 1 }, q = { 1, 0, 0 } }, "system3d: field 'bodies[1].q' component z must be a finite number, got nil" },
    { impact.system3d, sys3{ m = 1, inertia = { 1, 1, 1 }, q = { 1, 0, 0, 0 }, R = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } } }, "system3d: field 'bodies[1].q' conflicts with 'bodies[1].R' (give one orientation)" },
    { impact.system3d, sys3{ m = 1, inertia = { 1, 1, 1 }, v = { 0, 0 / 0, 0 } }, "system3d: field 'bodies[1].v' component y must be a finite number, got " },
    { impact.system3d, sys3{ m = 1, inertia = { 1, 1, 1 }, r = { 0, 0, 0 } }, "system3d: unknown field 'bodies[1].r' (did you mean 'bodies[1].R'?)" },
    { impact.system3d, sys3{ m = 1, intertia = { 1, 1, 1 } }, "system3d: unknown field 'bodies[1].intertia' (did you mean 'bodies[1].inertia'?)" },
    { impact.system3d, sys3(b3, { a = 1, point = { 0, 0, 0 }, normal = { 0, 0, 0 } }), "system3d: field 'contacts[1].normal' must be a nonzero vector, got length 0" },
    { impact.system3d, sys3(b3, { a = 1, b = 1, point = { 0, 0, 0 }, normal = { 0, 1, 0 } }), "system3d: field 'contacts[1].b' must differ from 'contacts[1].a' (a body cannot strike itself), got 1" },
    { impact.system3d, sys3(b3, { a = 0, point = { 0, 0, 0 }, normal = { 0, 1, 0 } }), "system3d: field 'contacts[1].a' must be a body index in 1..1, got 0" },
    { impact.system3d, sys3(b3, { a = 1, point = { 0, 0 }, normal = { 0, 1, 0 } }), "system3d: field 'contacts[1].point' component z must be a finite number, got nil" },
    { impact.system3d, { bodies = { b3 }, contact = { ground3 } }, "system3d: unknown field 'contact' (did you mean 'contacts'?)" },
  }

  for i, c in ipairs(cases) do
    it("#" .. i .. ": " .. c[3], function()
      local ok, err = pcall(c[1], c[2])
      assert.is_false(ok)
      assert.equal(c[3], tostring(err):sub(1, #c[3]))
    end)
  end
end)
