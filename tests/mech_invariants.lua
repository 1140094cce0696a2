-- Invariants of solve2d and solve3d on random mechanisms (n = 1..12
-- coordinates, M = Q diag(d) Q^T with condition number up to 1e8, random J
-- and qdot, every built-in law and a custom Lua law, both 3D methods):
--
--   * dT from M, qdot'^T M qdot' / 2 - qdot^T M qdot / 2, equals the
--     solver's dT to 1e-10 of the kinetic energy T0 (qdot' is rounded to
--     doubles, which alone moves T' by up to about eps sqrt(cond M) T);
--   * the generalized impulse: M (qdot' - qdot) = J^T P;
--   * Poisson's and the energetic law never gain energy (in 2D, where
--     Routh's method guarantees it);
--   * Coulomb: |P_t| <= mu P_n;
--   * planar data in 3D (a 2D mechanism with one more, decoupled, coordinate
--     for the out-of-plane tangent) give solve2d's result (exact method).
--
--   impact tests/mech_invariants.lua [count [seed]]     (default 10000, 1)
--   (or lua5.4 tests/mech_invariants.lua with the installed module)
--
-- Prints the worst value of each measure and exits non-zero past a bound.
-- spec/solve3d_mech_spec.lua runs the 10^4 through run(impact, n, seed) (the
-- chunk returns it when loaded with dofile).
local rng = require("impact.sweep.rng")

-- M = Q diag(d) Q^T, Q from Gram-Schmidt, d log-spaced from 1 to 1/cond
-- (u: uniform in [0, 1)); the mechanism specs draw theirs with it too
local function random_spd(n, cond, u)
  local Q = {}
  for i = 1, n do
    local v = {}
    for k = 1, n do v[k] = 2 * u() - 1 end
    for _ = 1, 2 do
      for j = 1, i - 1 do
        local dot = 0
        for k = 1, n do dot = dot + v[k] * Q[j][k] end
        for k = 1, n do v[k] = v[k] - dot * Q[j][k] end
      end
    end
    local len = 0
    for k = 1, n do len = len + v[k] ^ 2 end
    len = math.sqrt(len)
    for k = 1, n do v[k] = v[k] / len end
    Q[i] = v
  end
  local d = {}
  for i = 1, n do d[i] = cond ^ (-(i - 1) / math.max(1, n - 1)) end
  local M = {}
  for i = 1, n do
    M[i] = {}
    for j = 1, i do
      local s = 0
      for k = 1, n do s = s + Q[k][i] * d[k] * Q[k][j] end
      M[i][j], M[j] = s, M[j] or {}
      M[j][i] = s
    end
  end
  return M
end

-- Error-free transformations (Knuth's two-sum, Dekker's two-product) for a
-- kinetic energy accurate to about eps^2 of its terms.
local function two_sum(a, b)
  local s = a + b
  local z = s - a
  return s, (a - (s - z)) + (b - z)
end

local function split(a)
  local c = 134217729 * a
  local hi = c - (c - a)
  return hi, a - hi
end

local function two_prod(a, b)
  local p = a * b
  local ah, al = split(a)
  local bh, bl = split(b)
  return p, ((ah * bh - p) + ah * bl + al * bh) + al * bl
end

-- x^T M x / 2 in double-double
local function energy(M, x)
  local hi, lo = 0, 0
  for a = 1, #x do
    for b = 1, #x do
      local p, e = two_prod(M[a][b], x[b])
      local p1, e1 = two_prod(x[a], p)
      local s, e2 = two_sum(hi, p1)
      hi, lo = s, lo + e2 + e1 + x[a] * e
    end
  end
  return (hi + lo) / 2
end

-- dT from M (T' - T, each accurate: what is left is the rounding of qdot'
-- to doubles, at most about eps sqrt(cond M) T) and the residual of
-- M (qdot' - qdot) = J^T P, relative to the size of its terms
local function from_M(M, J, qdot, after, P)
  local n, res = #qdot, 0
  for a = 1, n do
    local row, scale = 0, 0
    for b = 1, n do
      local x = M[a][b] * (after[b] - qdot[b])
      row, scale = row + x, scale + math.abs(x) + math.abs(M[a][b] * after[b])
    end
    for k = 1, #J do
      row, scale = row - J[k][a] * P[k], scale + math.abs(J[k][a] * P[k])
    end
    res = math.max(res, math.abs(row) / math.max(scale, 1e-300))
  end
  return energy(M, after) - energy(M, qdot), res
end

local function rel_dT(dTM, r)
  return math.abs(dTM - r.dT) / r.T0
end

local function run(impact, count, seed)
  local u = rng.new(seed or 1)
  local custom = function(s) return s.Pn - 1.6 * s.Pc end     -- Poisson's law, e = 0.6
  local laws2 = { "poisson", "newton", "energetic", custom }
  local laws3 = { "poisson", "newton", "energetic" }
  local worst = { dT2 = 0, dT3 = 0, impulse = 0, coulomb = 0, gain = -math.huge, planar = 0 }
  local solved, refused = 0, 0

  local function one(i)
    local n = 1 + (i - 1) % 12
    local M = random_spd(n, 10 ^ (8 * u()), u)
    local qdot = {}
    for k = 1, n do qdot[k] = 2 * u() - 1 end
    local mu = 1.5 * u()
    local dim = (i % 3 == 0) and 3 or 2
    local J = {}
    for r = 1, dim do
      J[r] = {}
      for k = 1, n do J[r][k] = 2 * u() - 1 end
    end
    local t = { M = M, J = J, qdot = qdot, mu = mu }
    local law
    if dim == 2 then
      law = laws2[1 + i % #laws2]
      t.law, t.e = law, (law == custom) and nil or u()
    else
      law = laws3[1 + i % #laws3]
      t.law, t.e, t.method = law, u(), (i % 2 == 0) and "exact" or "algebraic"
    end
    local ok, r = pcall(dim == 2 and impact.solve2d or impact.solve3d, t)
    if not ok then
      -- the refusals a random mechanism meets: a J whose contact cannot move
      -- along every direction (fewer coordinates than rows of J, or nearly
      -- dependent rows), and Sun & Baruh's stages without an admissible
      -- solution
      local msg = tostring(r)
      assert(msg:match("field 'J' must let the contact move") or msg:match("model has no admissible solution"),
             "unexpected error: " .. msg .. string.format(" (i=%d n=%d dim=%d law=%s method=%s)", i, n, dim, tostring(law), tostring(t.method)))
      refused = refused + 1
      return
    end
    solved = solved + 1
    local P = (dim == 2) and { r.Px, r.Py } or { r.P[1], r.P[2], r.P[3] }
    local dTM, res = from_M(M, J, qdot, r.qdot, P)
    local key = (dim == 2) and "dT2" or "dT3"
    worst[key] = math.max(worst[key], rel_dT(dTM, r))
    worst.impulse = math.max(worst.impulse, res)
    local pt = (dim == 2) and math.abs(P[1]) or math.sqrt(P[1] ^ 2 + P[3] ^ 2)
    worst.coulomb = math.max(worst.coulomb, (pt - mu * P[2]) / math.max(P[2], 1e-300))
    if dim == 2 and law ~= "newton" then worst.gain = math.max(worst.gain, r.dT / r.T0) end

    -- the same 2D mechanism in 3D: one more coordinate carries the out-of-
    -- plane tangent alone (M and J block-diagonal in it), its mass 1 / B1
    -- so that W keeps the in-plane tangent's scale (a W whose scales differ
    -- by 1e8 would cost the contact-space solver as many digits)
    if dim == 2 and law ~= custom and i % 4 == 1 then
      local M3, J3, q3 = {}, { {}, {}, {} }, {}
      for a = 1, n + 1 do
        M3[a], q3[a] = {}, qdot[a] or 0
        for b = 1, n + 1 do M3[a][b] = (a <= n and b <= n) and M[a][b] or (a == b and 1 / r.B1 or 0) end
        J3[1][a], J3[2][a] = J[1][a] or 0, J[2][a] or 0
        J3[3][a] = (a == n + 1) and 1 or 0
      end
      local r3 = impact.solve3d{ M = M3, J = J3, qdot = q3, mu = mu, e = t.e, law = law, method = "exact", rtol = 1e-12 }
      local s = math.max(math.abs(r.Px), math.abs(r.Py))
      local d = math.max(math.abs(r3.P[1] - r.Px), math.abs(r3.P[2] - r.Py), math.abs(r3.P[3])) / s
      worst.planar = math.max(worst.planar, d)
    end
  end

  for i = 1, count do one(i) end
  return worst, solved, refused
end

local bounds = { dT2 = 1e-10, dT3 = 1e-10, impulse = 1e-10, coulomb = 1e-12, gain = 1e-12, planar = 1e-9 }

-- As a script (not when loaded with dofile by the specs).
local script = arg and arg[0] and arg[0]:match("mech_invariants%.lua$")
if not script then return { run = run, bounds = bounds, random_spd = random_spd, energy = energy } end

local impact = rawget(_G, "impact") or require("impact")
local count = math.tointeger(tonumber(arg[1] or "10000")) or 10000
local seed = math.tointeger(tonumber(arg[2] or "1")) or 1
local t0 = os.clock()
local worst, solved, refused = run(impact, count, seed)
local bad = false
for _, k in ipairs({ "dT2", "dT3", "impulse", "coulomb", "gain", "planar" }) do
  local over = worst[k] > bounds[k]
  bad = bad or over
  print(string.format("%-8s worst %.3g  (bound %g)%s", k, worst[k], bounds[k], over and "  EXCEEDED" or ""))
end
print(string.format("mech_invariants: %d mechanisms solved, %d refused (J's contact cannot move along every direction, or no algebraic solution), %.1f s CPU",
  solved, refused, os.clock() - t0))
os.exit(bad and 1 or 0)
