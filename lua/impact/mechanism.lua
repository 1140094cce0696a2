-- Builders of mechanisms: impact.chain2d, impact.system2d, impact.system3d
-- turn a description of rigid bodies into generalized coordinates, the
-- generalized mass matrix M (n x n, rows), the contact Jacobian J (rows =
-- contact-frame components of the relative velocity of body a's contact
-- point with respect to body b's, columns = qdot) and qdot. Pure Lua; the
-- solvers use W = J M^-1 J^T and vC0 = J qdot (Kane 1984 set the double
-- pendulum problem; CS01 gives the generalized-coordinate framework).
local core = require("impact.core")
local fmt = string.format

-- Solver options that pass through a builder unchanged (to the top level,
-- or to a contact's entry).
local PASS = { "mu", "mu_s", "mu_k", "mu_0", "friction", "e", "law", "model", "method", "rtol",
               "max_steps", "ratio", "moment", "K", "eta" }

-- The descriptive fields a builder adds besides M, J, qdot and contacts:
-- the solvers accept them as known fields.
local DESCRIPTIVE = { "tip", "frame" }

local function set_of(...)
  local s = {}
  for _, list in ipairs{ ... } do
    for _, k in ipairs(list) do s[k] = true end
  end
  return s
end
local PASS_SET = set_of(PASS)

local function fail(fn, f, ...)
  error(fn .. ": " .. fmt(f, ...), 0)
end

-- Every key of t must be in the set `known`; prefix names the table
-- ("links[2]."). The message and the nearest name come from the binding's
-- check, the one every function of the module uses.
local lists = setmetatable({}, { __mode = "k" })
local function check_keys(fn, t, known, prefix)
  local list = lists[known]
  if not list then
    list = {}
    for k in pairs(known) do list[#list + 1] = k end
    table.sort(list)
    lists[known] = list
  end
  local msg = core._check_fields(fn, t, list, prefix ~= "" and prefix or nil)
  if msg then error(msg, 0) end
end

-- A finite number t[k] (default `def` when absent; required when def is nil).
local function number(fn, t, k, name, def, positive)
  local v = t[k]
  if v == nil then
    if def ~= nil then return def end
    fail(fn, "field '%s' is required (a number)", name)
  end
  if math.type(v) == nil then fail(fn, "field '%s' must be a number, got %s", name, type(v)) end
  if v ~= v or v == math.huge or v == -math.huge then
    fail(fn, "field '%s' must be a finite number, got %s", name, tostring(v))
  end
  if positive and not (v > 0) then fail(fn, "field '%s' must be positive, got %.17g", name, v) end
  return v + 0.0
end

-- A list (a sequence table) t[k], required, non-empty unless allow_empty.
local function list(fn, t, k, name, what)
  local v = t[k]
  if v == nil then fail(fn, "field '%s' is required (%s)", name, what) end
  if type(v) ~= "table" then fail(fn, "field '%s' must be %s, got %s", name, what, type(v)) end
  if #v == 0 then fail(fn, "field '%s' must be %s, got an empty table", name, what) end
  local count = 0
  for key in pairs(v) do
    if math.type(key) ~= "integer" or key < 1 or key > #v then
      fail(fn, "field '%s' must be %s (a list), it has the key %s", name, what, tostring(key))
    end
    count = count + 1
  end
  if count ~= #v then fail(fn, "field '%s' must be %s (a list without holes)", name, what) end
  return v
end

-- A vector of n components, {x, y[, z]} or {x =, y =[, z =]}.
local NAMES = { "x", "y", "z" }
local function vector(fn, t, k, name, n, def)
  local v = t[k]
  if v == nil then
    if def then return { table.unpack(def) } end
    fail(fn, "field '%s' is required (a vector {%s})", name, n == 2 and "x, y" or "x, y, z")
  end
  if type(v) ~= "table" then
    fail(fn, "field '%s' must be a vector {%s}, got %s", name, n == 2 and "x, y" or "x, y, z", type(v))
  end
  local out = {}
  for i = 1, n do
    local c = v[i]
    if c == nil then c = v[NAMES[i]] end
    if math.type(c) == nil or c ~= c or c == math.huge or c == -math.huge then
      fail(fn, "field '%s' component %s must be a finite number, got %s", name, NAMES[i], tostring(c))
    end
    out[i] = c + 0.0
  end
  return out
end

local function finite(x) return x == x and x ~= math.huge and x ~= -math.huge end

local function zeros(r, c)
  local m = {}
  for i = 1, r do
    m[i] = {}
    for j = 1, c do m[i][j] = 0.0 end
  end
  return m
end

local function copy_pass(fn, from, to, prefix)
  for k, v in pairs(from) do
    if PASS_SET[k] then
      if to[k] ~= nil then
        fail(fn, "field '%s%s' conflicts with the top-level '%s' (give it in one place)", prefix, k, k)
      end
      to[k] = v
    end
  end
end

local function is_table(fn, v, name, what)
  if type(v) ~= "table" then fail(fn, "field '%s' must be %s, got %s", name, what, type(v)) end
  return v
end

---------------------------------------------------------------------------
-- chain2d

local CHAIN_KEYS = set_of(PASS, { "links", "q", "qdot", "base" })
local LINK_KEYS = set_of{ "m", "L", "I" }

local function chain2d(t)
  local fn = "chain2d"
  is_table(fn, t, "t", "a table")
  check_keys(fn, t, CHAIN_KEYS, "")
  local links = list(fn, t, "links", "links", "a list of links {m =, L =, I =}")
  local base = t.base
  if base == nil then base = "pinned" end
  if base ~= "pinned" and base ~= "free" then
    fail(fn, "field 'base' must be \"pinned\" or \"free\", got %s", type(base) == "string" and fmt("%q", base) or type(base))
  end
  local n, k = #links, base == "free" and 2 or 0
  local N = n + k
  if N > core._coordinates_max then   -- before any N x N matrix: no solver takes more
    fail(fn, "field 'links' has %d links, %d coordinates: the solvers take at most %d", n, N, core._coordinates_max)
  end
  local m, L, I = {}, {}, {}
  for i, l in ipairs(links) do
    local p = fmt("links[%d].", i)
    is_table(fn, l, fmt("links[%d]", i), "a link {m =, L =, I =}")
    check_keys(fn, l, LINK_KEYS, p)
    m[i] = number(fn, l, "m", p .. "m", nil, true)
    L[i] = number(fn, l, "L", p .. "L", nil, true)
    I[i] = number(fn, l, "I", p .. "I", m[i] * L[i] * L[i] / 12, true)
  end
  local what = base == "free" and fmt("a list of %d numbers: base x, y and %d link angles", N, n)
                               or fmt("a list of %d link angles", n)
  local q = list(fn, t, "q", "q", what)
  local qdot = list(fn, t, "qdot", "qdot", (what:gsub("angles", "rates"):gsub("base x, y", "base vx, vy")))
  if #q ~= N then fail(fn, "field 'q' must have %d entries (%s), got %d", N, what, #q) end
  if #qdot ~= N then fail(fn, "field 'qdot' must have %d entries (as many as q), got %d", N, #qdot) end
  local qv, qd = {}, {}
  for i = 1, N do
    qv[i] = number(fn, q, i, fmt("q[%d]", i))
    qd[i] = number(fn, qdot, i, fmt("qdot[%d]", i))
  end

  -- Jc: Jacobian (2 x N) of the current point along the chain.
  local M = zeros(N, N)
  local Jp = zeros(2, N)          -- the joint at the start of the current link
  local px, py = 0.0, 0.0
  if base == "free" then
    Jp[1][1], Jp[2][2] = 1.0, 1.0
    px, py = qv[1], qv[2]
  end
  for i = 1, n do
    local th = qv[k + i]
    local c, s = math.cos(th), math.sin(th)
    local Jc = { {}, {} }         -- the link's centre
    for j = 1, N do Jc[1][j], Jc[2][j] = Jp[1][j], Jp[2][j] end
    Jc[1][k + i] = -0.5 * L[i] * s
    Jc[2][k + i] = 0.5 * L[i] * c
    for a = 1, N do
      for b = 1, N do
        M[a][b] = M[a][b] + m[i] * (Jc[1][a] * Jc[1][b] + Jc[2][a] * Jc[2][b])
      end
    end
    M[k + i][k + i] = M[k + i][k + i] + I[i]
    Jp[1][k + i] = -L[i] * s
    Jp[2][k + i] = L[i] * c
    px, py = px + L[i] * c, py + L[i] * s
  end
  for a = 1, N do            -- exactly symmetric
    for b = a + 1, N do M[b][a] = M[a][b] end
  end
  -- m L^2 overflows (or inf - inf gives NaN) at extreme magnitudes: named, never returned
  for a = 1, N do
    for b = 1, N do
      if not finite(M[a][b]) then
        fail(fn, "fields 'links' (m, L, I) give a mass matrix beyond double's range (M[%d][%d] = %s)", a, b, M[a][b])
      end
    end
  end
  if not (finite(px) and finite(py)) then fail(fn, "fields 'links' (L) and 'q' give a tip beyond double's range") end

  local out = { M = M, J = Jp, qdot = qd, tip = { px, py, x = px, y = py } }
  for key, v in pairs(t) do
    if PASS_SET[key] then out[key] = v end
  end
  return out
end

---------------------------------------------------------------------------
-- system2d / system3d: shared contact handling

local CONTACT_KEYS = set_of(PASS, { "a", "b", "point", "normal" })
local SYSTEM_KEYS = set_of(PASS, { "bodies", "contacts" })

local function body_index(fn, c, key, p, nb, required)
  local v = c[key]
  if v == nil then
    if required then fail(fn, "field '%s%s' is required (the index of a body)", p, key) end
    return nil
  end
  if math.type(v) ~= "integer" and not (math.type(v) == "float" and v == math.floor(v)) then
    fail(fn, "field '%s%s' must be the index of a body (an integer), got %s", p, key, tostring(v))
  end
  v = math.tointeger(v)
  if not v or v < 1 or v > nb then
    fail(fn, "field '%s%s' must be a body index in 1..%d, got %s", p, key, nb, tostring(c[key]))
  end
  return v
end

-- The contacts, each {a, b, point, normal (unit), extra = {pass fields}}.
local function read_contacts(fn, t, nb, dim)
  local cs = list(fn, t, "contacts", "contacts", "a list of contacts {a =, b =, point =, normal =}")
  local out = {}
  for i, c in ipairs(cs) do
    local p = fmt("contacts[%d].", i)
    is_table(fn, c, fmt("contacts[%d]", i), "a contact {a =, b =, point =, normal =}")
    check_keys(fn, c, CONTACT_KEYS, p)
    local a = body_index(fn, c, "a", p, nb, true)
    local b = body_index(fn, c, "b", p, nb, false)
    if a == b then fail(fn, "field '%sb' must differ from '%sa' (a body cannot strike itself), got %d", p, p, b) end
    local point = vector(fn, c, "point", p .. "point", dim)
    local normal = vector(fn, c, "normal", p .. "normal", dim)
    local len = 0
    for j = 1, dim do len = len + normal[j] * normal[j] end
    len = math.sqrt(len)
    if not (len > 0) or len == math.huge then
      fail(fn, "field '%snormal' must be a nonzero vector, got length %g", p, len)
    end
    for j = 1, dim do normal[j] = normal[j] / len end
    local extra = {}
    for k, v in pairs(c) do
      if PASS_SET[k] then extra[k] = v end
    end
    out[i] = { a = a, b = b, point = point, normal = normal, extra = extra }
  end
  return out
end

-- Assemble the result: one contact -> solve2d/solve3d's table; several ->
-- M, qdot, contacts = {{J =, frame =, ...}}.
local function assemble(fn, t, M, qdot, contacts, Js, frames)
  for i, J in ipairs(Js) do   -- the arm point - centre overflows at extreme positions
    for _, row in ipairs(J) do
      for _, x in ipairs(row) do
        if not finite(x) then
          fail(fn, "field 'contacts[%d].point' gives a Jacobian beyond double's range (its arm from a body's centre overflows)", i)
        end
      end
    end
  end
  local out = { M = M, qdot = qdot }
  for k, v in pairs(t) do
    if PASS_SET[k] then out[k] = v end
  end
  if #contacts == 1 then
    out.J, out.frame = Js[1], frames[1]
    copy_pass(fn, contacts[1].extra, out, "contacts[1].")
  else
    out.contacts = {}
    for i, c in ipairs(contacts) do
      local e = { J = Js[i], frame = frames[i] }
      for k, v in pairs(c.extra) do e[k] = v end
      out.contacts[i] = e
    end
  end
  return out
end

---------------------------------------------------------------------------
-- system2d

local BODY2D_KEYS = set_of{ "m", "I", "rho", "x", "y", "phi", "vx", "vy", "w" }

-- The bodies of a system: t's keys and each body's checked, then
-- body(b, p, m, o, M, qdot) fills body i's block of M and qdot (offset o,
-- dof coordinates a body) and returns its position. -> nb, N, M, qdot, pos.
local function read_bodies(fn, t, dof, what, keys, body)
  is_table(fn, t, "t", "a table")
  check_keys(fn, t, SYSTEM_KEYS, "")
  local bodies = list(fn, t, "bodies", "bodies", "a list of bodies " .. what)
  local nb = #bodies
  local N = dof * nb
  -- Checked before the N x N matrix is built: no solver takes more.
  for i, b in ipairs(bodies) do is_table(fn, b, fmt("bodies[%d]", i), "a body " .. what) end
  if N > core._coordinates_max then
    fail(fn, "field 'bodies' has %d bodies, %d coordinates: the solvers take at most %d (%d bodies)",
         nb, N, core._coordinates_max, core._coordinates_max // dof)
  end
  local M, qdot, pos = zeros(N, N), {}, {}
  for i, b in ipairs(bodies) do
    local p = fmt("bodies[%d].", i)
    check_keys(fn, b, keys, p)
    local m = number(fn, b, "m", p .. "m", nil, true)
    pos[i] = body(b, p, m, dof * (i - 1), M, qdot)
    local o = dof * (i - 1)
    for r = o + 1, o + dof do
      for c = o + 1, o + dof do
        if not finite(M[r][c]) then
          fail(fn, "field '%s' gives a mass matrix beyond double's range (M[%d][%d] = %s)", fmt("bodies[%d]", i), r, c, M[r][c])
        end
      end
    end
  end
  return nb, N, M, qdot, pos
end

local function body2d(b, p, m, o, M, qdot)
  local fn = "system2d"
  local I
  if b.I ~= nil and b.rho ~= nil then fail(fn, "field '%srho' conflicts with '%sI' (give one)", p, p) end
  if b.rho ~= nil then
    local rho = number(fn, b, "rho", p .. "rho", nil, true)
    I = m * rho * rho
  else
    I = number(fn, b, "I", p .. "I", nil, true)
  end
  local pos = { number(fn, b, "x", p .. "x", 0), number(fn, b, "y", p .. "y", 0) }
  number(fn, b, "phi", p .. "phi", 0)
  M[o + 1][o + 1], M[o + 2][o + 2], M[o + 3][o + 3] = m, m, I
  qdot[o + 1] = number(fn, b, "vx", p .. "vx", 0)
  qdot[o + 2] = number(fn, b, "vy", p .. "vy", 0)
  qdot[o + 3] = number(fn, b, "w", p .. "w", 0)
  return pos
end

local function system2d(t)
  local fn = "system2d"
  local nb, N, M, qdot, pos = read_bodies(fn, t, 3, "{m =, I =, x =, y =, ...}", BODY2D_KEYS, body2d)
  local contacts = read_contacts(fn, t, nb, 2)
  local Js, frames = {}, {}
  for i, c in ipairs(contacts) do
    local n = c.normal
    local tx, ty = n[2], -n[1]          -- the normal turned by -90 degrees
    local J = zeros(2, N)
    local dirs = { { tx, ty }, { n[1], n[2] } }
    for _, side in ipairs{ { c.a, 1.0 }, { c.b, -1.0 } } do
      local bi, sg = side[1], side[2]
      if bi then
        local rx, ry = c.point[1] - pos[bi][1], c.point[2] - pos[bi][2]
        local o = 3 * (bi - 1)
        for r, d in ipairs(dirs) do
          J[r][o + 1] = sg * d[1]
          J[r][o + 2] = sg * d[2]
          J[r][o + 3] = sg * (rx * d[2] - ry * d[1])
        end
      end
    end
    Js[i] = J
    frames[i] = { x = { tx, ty }, y = { n[1], n[2] } }
  end
  return assemble(fn, t, M, qdot, contacts, Js, frames)
end

---------------------------------------------------------------------------
-- system3d

local BODY3D_KEYS = set_of{ "m", "inertia", "R", "q", "x", "v", "w" }

local function matmul(A, B)
  local C = zeros(3, 3)
  for i = 1, 3 do
    for j = 1, 3 do
      local s = 0.0
      for k = 1, 3 do s = s + A[i][k] * B[k][j] end
      C[i][j] = s
    end
  end
  return C
end

local function transpose(A)
  local T = zeros(3, 3)
  for i = 1, 3 do
    for j = 1, 3 do T[i][j] = A[j][i] end
  end
  return T
end

-- Eigenvalues of a symmetric 3x3 matrix (closed form, ascending).
local function eig3(A)
  local p1 = A[1][2] ^ 2 + A[1][3] ^ 2 + A[2][3] ^ 2
  local q = (A[1][1] + A[2][2] + A[3][3]) / 3
  local p2 = (A[1][1] - q) ^ 2 + (A[2][2] - q) ^ 2 + (A[3][3] - q) ^ 2 + 2 * p1
  if p2 == 0 then return { q, q, q } end
  local p = math.sqrt(p2 / 6)
  local B = zeros(3, 3)
  for i = 1, 3 do
    for j = 1, 3 do B[i][j] = (A[i][j] - (i == j and q or 0)) / p end
  end
  local detB = B[1][1] * (B[2][2] * B[3][3] - B[2][3] * B[3][2])
             - B[1][2] * (B[2][1] * B[3][3] - B[2][3] * B[3][1])
             + B[1][3] * (B[2][1] * B[3][2] - B[2][2] * B[3][1])
  local r = math.max(-1, math.min(1, detB / 2))
  local phi = math.acos(r) / 3
  local e1 = q + 2 * p * math.cos(phi)
  local e3 = q + 2 * p * math.cos(phi + 2 * math.pi / 3)
  return { e3, 3 * q - e1 - e3, e1 }
end

local function triangle_ok(I)
  local tol = 1e-12 * (math.abs(I[1]) + math.abs(I[2]) + math.abs(I[3]))
  return I[1] + I[2] >= I[3] - tol and I[2] + I[3] >= I[1] - tol and I[1] + I[3] >= I[2] - tol
end

-- The body-frame inertia tensor (3x3 rows), from {I1, I2, I3} or a 3x3.
local function read_inertia(fn, b, p)
  local v = b.inertia
  local name = p .. "inertia"
  if v == nil then fail(fn, "field '%s' is required ({I1, I2, I3} or a 3x3 table)", name) end
  if type(v) ~= "table" then fail(fn, "field '%s' must be {I1, I2, I3} or a 3x3 table, got %s", name, type(v)) end
  if type(v[1]) == "number" then
    if #v ~= 3 then fail(fn, "field '%s' must be {I1, I2, I3} (principal) or a 3x3 table", name) end
    local I = {}
    for i = 1, 3 do I[i] = number(fn, v, i, fmt("%s[%d]", name, i), nil, true) end
    if not triangle_ok(I) then
      fail(fn, "field '%s' must satisfy the triangle inequality (I1 + I2 >= I3 and permutations), got {%.17g, %.17g, %.17g}",
           name, I[1], I[2], I[3])
    end
    return { { I[1], 0, 0 }, { 0, I[2], 0 }, { 0, 0, I[3] } }
  end
  local A = {}
  for i = 1, 3 do
    if type(v[i]) ~= "table" or #v[i] ~= 3 then
      fail(fn, "field '%s' must be {I1, I2, I3} (principal) or a 3x3 table (rows)", name)
    end
    A[i] = {}
    for j = 1, 3 do A[i][j] = number(fn, v[i], j, fmt("%s[%d][%d]", name, i, j)) end
  end
  local s = 0
  for i = 1, 3 do for j = 1, 3 do s = math.max(s, math.abs(A[i][j])) end end
  for i = 1, 3 do
    for j = i + 1, 3 do
      if math.abs(A[i][j] - A[j][i]) > 1e-12 * s then fail(fn, "field '%s' must be symmetric", name) end
    end
  end
  local e = eig3(A)
  if not (s > 0) or not (e[1] > 1e-14 * s) then
    fail(fn, "field '%s' must be positive definite (a principal moment is <= 0)", name)
  end
  if not triangle_ok(e) then
    fail(fn, "field '%s' must satisfy the triangle inequality (I1 + I2 >= I3 and permutations)", name)
  end
  return A
end

-- The orientation (body to world): R (3x3 rows), q = {w, x, y, z}, or identity.
local function read_rotation(fn, b, p)
  if b.R ~= nil and b.q ~= nil then
    fail(fn, "field '%sq' conflicts with '%sR' (give one orientation)", p, p)
  end
  if b.R ~= nil then
    local v, name = b.R, p .. "R"
    if type(v) ~= "table" then fail(fn, "field '%s' must be a 3x3 rotation matrix (rows), got %s", name, type(v)) end
    local R = {}
    for i = 1, 3 do
      if type(v[i]) ~= "table" then fail(fn, "field '%s' must be a 3x3 rotation matrix (rows)", name) end
      R[i] = {}
      for j = 1, 3 do R[i][j] = number(fn, v[i], j, fmt("%s[%d][%d]", name, i, j)) end
    end
    local RRt = matmul(R, transpose(R))
    for i = 1, 3 do
      for j = 1, 3 do
        if math.abs(RRt[i][j] - (i == j and 1 or 0)) > 1e-9 then
          fail(fn, "field '%s' must be a rotation matrix (orthonormal rows)", name)
        end
      end
    end
    local det = R[1][1] * (R[2][2] * R[3][3] - R[2][3] * R[3][2])
              - R[1][2] * (R[2][1] * R[3][3] - R[2][3] * R[3][1])
              + R[1][3] * (R[2][1] * R[3][2] - R[2][2] * R[3][1])
    if det < 0 then fail(fn, "field '%s' must be a rotation matrix (determinant +1, got -1: a reflection)", name) end
    return R
  elseif b.q ~= nil then
    local v, name = b.q, p .. "q"
    if type(v) ~= "table" then fail(fn, "field '%s' must be a quaternion {w, x, y, z}, got %s", name, type(v)) end
    local qn, q = { "w", "x", "y", "z" }, {}
    for i = 1, 4 do
      local c = v[i]
      if c == nil then c = v[qn[i]] end
      if math.type(c) == nil or c ~= c or c == math.huge or c == -math.huge then
        fail(fn, "field '%s' component %s must be a finite number, got %s", name, qn[i], tostring(c))
      end
      q[i] = c
    end
    local n = math.sqrt(q[1] ^ 2 + q[2] ^ 2 + q[3] ^ 2 + q[4] ^ 2)
    if not (math.abs(n - 1) <= 1e-6) then
      fail(fn, "field '%s' must be a unit quaternion {w, x, y, z}, got |q| = %.17g", name, n)
    end
    local w, x, y, z = q[1] / n, q[2] / n, q[3] / n, q[4] / n
    return {
      { 1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y) },
      { 2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x) },
      { 2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y) },
    }
  end
  return { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } }
end

-- The contact frame (x, y = n, z = x cross y) for a unit normal n: x and z
-- are the world x and z turned by the smallest rotation taking +y onto n;
-- for n_y < 0, by the half-turn about world x followed by the smallest
-- rotation taking -y onto n (so n = -y gives x = world x, z = -world z).
local function frame3(n)
  local nx, ny, nz = n[1], n[2], n[3]
  local x, z
  if ny >= 0 then
    local h = 1 / (1 + ny)
    x = { 1 - nx * nx * h, -nx, -nx * nz * h }
    z = { -nx * nz * h, -nz, 1 - nz * nz * h }
  else
    local h = 1 / (1 - ny)
    x = { 1 - nx * nx * h, nx, -nx * nz * h }
    z = { nx * nz * h, -nz, -(1 - nz * nz * h) }
  end
  return x, z
end

local function cross(a, b)
  return { a[2] * b[3] - a[3] * b[2], a[3] * b[1] - a[1] * b[3], a[1] * b[2] - a[2] * b[1] }
end

local function body3d(b, p, m, o, M, qdot)
  local fn = "system3d"
  local Ib = read_inertia(fn, b, p)
  local R = read_rotation(fn, b, p)
  local Iw = matmul(matmul(R, Ib), transpose(R))
  local pos = vector(fn, b, "x", p .. "x", 3, { 0, 0, 0 })
  local v = vector(fn, b, "v", p .. "v", 3, { 0, 0, 0 })
  local w = vector(fn, b, "w", p .. "w", 3, { 0, 0, 0 })
  for j = 1, 3 do
    M[o + j][o + j] = m
    for k = 1, 3 do
      -- exactly symmetric
      M[o + 3 + j][o + 3 + k] = j <= k and Iw[j][k] or Iw[k][j]
    end
    qdot[o + j], qdot[o + 3 + j] = v[j], w[j]
  end
  return pos
end

local function system3d(t)
  local fn = "system3d"
  local nb, N, M, qdot, pos = read_bodies(fn, t, 6, "{m =, inertia =, R | q =, x =, v =, w =}",
                                          BODY3D_KEYS, body3d)
  local contacts = read_contacts(fn, t, nb, 3)
  local Js, frames = {}, {}
  for i, c in ipairs(contacts) do
    local n = c.normal
    local fx, fz = frame3(n)
    local dirs = { fx, n, fz }
    local J = zeros(3, N)
    for _, side in ipairs{ { c.a, 1.0 }, { c.b, -1.0 } } do
      local bi, sg = side[1], side[2]
      if bi then
        local r = { c.point[1] - pos[bi][1], c.point[2] - pos[bi][2], c.point[3] - pos[bi][3] }
        local o = 6 * (bi - 1)
        for row, d in ipairs(dirs) do
          local rd = cross(r, d)     -- d . (w x r) = w . (r x d)
          for j = 1, 3 do
            J[row][o + j] = sg * d[j]
            J[row][o + 3 + j] = sg * rd[j]
          end
        end
      end
    end
    Js[i] = J
    frames[i] = { x = fx, y = { n[1], n[2], n[3] }, z = fz }
  end
  return assemble(fn, t, M, qdot, contacts, Js, frames)
end

return {
  chain2d = chain2d,
  system2d = system2d,
  system3d = system3d,
  -- Fields a builder's result may carry besides the solvers' own inputs
  -- (M, J, qdot, contacts and the options in `pass`): `descriptive` lists
  -- those that only describe the system (tip, frame).
  mechanism_fields = { descriptive = { table.unpack(DESCRIPTIVE) }, pass = { table.unpack(PASS) } },
}
