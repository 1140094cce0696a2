-- The tangential half of a law, against what it extends (issue 25's
-- targets), from Lua, results included, medians of repeated CPU times:
--  * stronge_over_exact3d: Stronge's compliant 2D solve of a uniform solid
--    sphere (B1 = 3.5, B2 = 1, B3 = 0; nu = 0.3) over the exact 3D solve
--    of the same sphere (m = 1, I = 0.4, radius 1) with the energetic law
--    (target: at most 3);
--  * friction_eval_over_law_eval: one evaluation of a Lua friction law
--    (its solve's extra time over a constant mu, per call) over one of a
--    Lua restitution law (likewise over the built-in energetic law), on
--    Wang & Mason's rod (target: at most 1).
local impact = require("impact")
local REPS = 7

local function median(f, n)
  local s = {}
  for i = 1, REPS do
    local t0 = os.clock()
    for _ = 1, n do f() end
    s[i] = (os.clock() - t0) / n * 1e6
  end
  table.sort(s)
  return s[(REPS + 1) // 2]
end

-- the sphere, slipping at psi = |S0|/(mu |C0|) = 3 (slip, stick, slip)
local S0, C0, mu, e = 0.9, -1, 0.3, 0.8
local sphere2d = { B1 = 3.5, B2 = 1, B3 = 0, S0 = S0, C0 = C0, mu = mu, e = e, compliance = { nu = 0.3 } }
local sphere3d = { m = 1, inertia = { 0.4, 0.4, 0.4 }, r = { 0, -1, 0 }, v = { S0, C0, 0 },
                   mu = mu, e = e, law = "energetic" }
local a = impact.solve2d(sphere2d)
local b = impact.solve3d(sphere3d)
-- the same body: the energetic law ends both at the same normal impulse
assert(math.abs(b.P[2] - a.Py) < 1e-6 * a.Py, "the 2D and 3D spheres differ")
local stronge = median(function() impact.solve2d(sphere2d) end, 2000)
local exact = median(function() impact.solve3d(sphere3d) end, 2000)
print(string.format("stronge2d_us: %.2f", stronge))
print(string.format("exact3d_sphere_us: %.2f", exact))
print(string.format("stronge_over_exact3d: %.2f", stronge / exact))

-- per evaluation: the extra time over the built-in solve, per call
local rod = { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, e = 0.5 }
local function with(extra)
  local t = {}
  for k, v in pairs(rod) do t[k] = v end
  for k, v in pairs(extra) do t[k] = v end
  return t
end
local calls = 0
local fric = with{ friction = function(s) calls = calls + 1 return 0.3 + 0.5 * math.abs(s.vt) end, law = "energetic" }
local law = with{ mu = 0.3, law = function(s) calls = calls + 1 return s.Wr + 0.25 * s.Wc end }
local plain = with{ mu = 0.3, law = "energetic" }
local function per_call(t)
  calls = 0
  impact.solve2d(t)
  local n = calls
  local with_fn = median(function() impact.solve2d(t) end, 200)
  local base = median(function() impact.solve2d(plain) end, 200)
  return (with_fn - base) / n * 1e3, n   -- ns
end
local fns, fn_calls = per_call(fric)
local lns, law_calls = per_call(law)
print(string.format("friction_eval_ns: %.0f", fns))
print(string.format("friction_calls_per_solve: %d", fn_calls))
print(string.format("law_eval_ns: %.0f", lns))
print(string.format("law_calls_per_solve: %d", law_calls))
print(string.format("friction_eval_over_law_eval: %.2f", fns / lns))
