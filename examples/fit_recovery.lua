-- impact.fit recovers known parameters from noisy synthetic rebounds, and
-- says when it cannot. Three studies, each printed as estimate, 95%
-- profile interval and truth:
--  * Wang & Mason's rod (2D, solve2d on the C path): 12 drops at slip
--    speeds S0 in [-2, 2], S and C with noise sd 0.02; e = 0.6, mu = 0.3.
--  * Sun & Baruh's rod in 3D (solve3d, tilted 20 and 15 degrees): 8 drops,
--    the centre's velocity with noise sd 0.005; e = 0.8, mu = 0.2.
--  * A confounded fit: the rod with e = a b, a and b fitted apart. The data
--    see only the product: identifiable = false, the direction named.
local impact = require "impact"

local seed = 7
local function u() seed = seed * 16807 % 2147483647; return seed / 2147483647 end
local function normal() return math.sqrt(-2 * math.log(u())) * math.cos(2 * math.pi * u()) end

local function rod(S0, e, mu) return { B1 = 2.5, B2 = 2.5, B3 = 1.5, C0 = -1, S0 = S0, e = e, mu = mu } end
local d2 = { S0 = {}, S = {}, C = {} }
for i = 1, 12 do
  local S0 = -2 + 4 * (i - 1) / 11
  local r = impact.solve2d(rod(S0, 0.6, 0.3))
  d2.S0[i], d2.S[i], d2.C[i] = S0, r.S + 0.02 * normal(), r.C + 0.02 * normal()
end
local rod2d = impact.fit{ data = d2, observe = { "S", "C" },
                          problem = function(row, p) return rod(row.S0, p.e, p.mu) end,
                          params = { e = { 0.8, lo = 0, hi = 1 }, mu = { 0.5, lo = 0, hi = 2 } } }

local body = impact.rod{ m = 1, L = 2.3, radius = 0.5, theta1 = math.rad(20), theta2 = math.rad(15) }
local d3 = { vx0 = {}, vx = {}, vy = {}, vz = {} }
for i = 1, 8 do
  local vx0 = -0.7 + 0.2 * i
  local r = impact.solve3d{ body = body, v = { vx0, -1, 0 }, mu = 0.2, e = 0.8 }
  d3.vx0[i], d3.vx[i], d3.vy[i], d3.vz[i] = vx0, r.v.x + 0.005 * normal(), r.v.y + 0.005 * normal(),
                                            r.v.z + 0.005 * normal()
end
local rod3d = impact.fit{ data = d3, solve = "solve3d", starts = 6,
                          problem = function(row, p) return { body = body, v = { row.vx0, -1, 0 }, mu = p.mu, e = p.e } end,
                          observe = { vx = function(r) return r.v.x end, vy = function(r) return r.v.y end,
                                      vz = function(r) return r.v.z end },
                          params = { e = { 0.5, lo = 0, hi = 1 }, mu = { 0.5, lo = 0, hi = 1 } } }

local confounded = impact.fit{ data = d2, observe = { "S", "C" }, starts = 1,
                               problem = function(row, p) return rod(row.S0, p.a * p.b, p.mu) end,
                               params = { a = { 0.9, lo = 0.7, hi = 1 }, b = { 0.9, lo = 0.7, hi = 1 },
                                          mu = { 0.5, lo = 0, hi = 2 } } }

local studies = {
  { "rod 2D", rod2d, { e = 0.6, mu = 0.3 } },
  { "rod 3D", rod3d, { e = 0.8, mu = 0.2 } },
}
print(string.format("%-7s %-5s %9s  %-22s %6s  %s", "study", "param", "estimate", "95% interval", "truth", "inside"))
for _, s in ipairs(studies) do
  local name, f, truth = s[1], s[2], s[3]
  for _, k in ipairs{ "e", "mu" } do
    local ci = f.ci[k]
    print(string.format("%-7s %-5s %9.5f  [%.5f, %.5f]  %6.3f  %s", name, k, f.estimate[k], ci[1], ci[2],
                        truth[k], tostring(ci[1] <= truth[k] and truth[k] <= ci[2])))
  end
end
print(string.format("confounded (e = a b): identifiable = %s, confounded = {%s}, direction a %.3f, b %.3f, mu %.3f;"
                    .. " a b = %.4f (truth 0.6)", tostring(confounded.identifiable),
                    table.concat(confounded.confounded, ", "), confounded.direction.a, confounded.direction.b,
                    confounded.direction.mu, confounded.estimate.a * confounded.estimate.b))
return { studies = studies, confounded = confounded }
