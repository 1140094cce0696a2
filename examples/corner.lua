-- A ball in a corner: a uniform disc (radius 1, m = 1, I = 1/2) strikes the
-- floor and the wall at its left at once, moving at unit speed at angle
-- theta below the horizontal, without spin; e = 0.8.
--   Without friction the two contacts do not interact (W is diagonal: each
--   normal passes through the centre and the normals are perpendicular):
--   every model gives the rebound (e vx, e vy) and T1/T0 = e^2.
--   With friction (mu = 0.3) the floor's tangential impulse moves the wall's
--   contact point along the wall's normal, and the wall's the floor's:
--   the models part. moreau keeps the frictionless rebound exactly
--   (Newton's law fixes each contact's normal velocity, so the normal
--   impulses grow to make up for friction) and adds spin: it keeps more
--   energy than without friction. poisson's expansion impulses are e
--   times the compression's, which friction has already shortened, so it
--   loses the most; sequential and lzb lie between.
-- Run: scripts/run examples/corner.lua [DIR]  (with DIR: the figure
-- DIR/multi_corner.png, .svg, .dat, .gp)
local impact = require "impact"

local MODELS = { "moreau", "poisson", "sequential", "lzb" }
local E = 0.8

local function corner(deg, model, mu)
  local th = math.rad(deg)
  return impact.system2d{
    bodies = { { m = 1, I = 0.5, vx = -math.cos(th), vy = -math.sin(th) } },
    contacts = { { a = 1, point = { 0, -1 }, normal = { 0, 1 } },    -- the floor
                 { a = 1, point = { -1, 0 }, normal = { 1, 0 } } },  -- the wall
    e = E, mu = mu, model = model }
end

print(string.format("A disc in a corner at unit speed, theta below the horizontal (e = %g): vx', vy', w', T1/T0", E))
local function line(what, r)
  local q = {}
  for i = 1, 3 do q[i] = math.abs(r.qdot[i]) < 5e-7 and 0 or r.qdot[i] end   -- no "-0.000000"
  return string.format("%-26s %9.6f %9.6f %9.6f  %.6f", what, q[1], q[2], q[3], r.energy_ratio)
end
for _, deg in ipairs{ 10, 30, 60 } do
  local spread, r1 = 0, impact.solve_multi(corner(deg, MODELS[1], 0))
  for _, m in ipairs(MODELS) do
    local r = impact.solve_multi(corner(deg, m, 0))
    for i = 1, 3 do spread = math.max(spread, math.abs(r.qdot[i] - r1.qdot[i])) end
  end
  print(line(string.format("theta = %d, mu = 0", deg), r1) .. string.format("  (all models, to 1e%d)", math.ceil(math.log(spread + 1e-16, 10))))
  for _, m in ipairs(MODELS) do print(line(string.format("  mu = 0.3, %s", m), impact.solve_multi(corner(deg, m, 0.3)))) end
end

local dir = arg and arg[1]
if dir then
  -- theta = 2.5, 7.5, ..., 87.5 degrees; the frictionless e^2 for reference
  local x, curves = {}, { { x = {}, y = {}, title = "every model, μ = 0: e^2", color = "black", dash = "." } }
  local STYLE = { moreau = { width = 5, color = "#a6cee3" }, poisson = { dash = true, color = "#d73027" },
                  sequential = { style = "linespoints", point = 6, color = "#1a9850" }, lzb = { style = "linespoints", point = 2, color = "#ff7f00" } }
  for _, m in ipairs(MODELS) do
    curves[#curves + 1] = { x = x, y = {}, title = m .. ", μ = 0.3" }
    for k, v in pairs(STYLE[m]) do curves[#curves][k] = v end
  end
  for i = 0, 17 do
    x[#x + 1] = 2.5 + 5 * i
    curves[1].x[#x], curves[1].y[#x] = x[#x], impact.solve_multi(corner(x[#x], "lzb", 0)).energy_ratio
    for c, m in ipairs(MODELS) do curves[c + 1].y[#x] = impact.solve_multi(corner(x[#x], m, 0.3)).energy_ratio end
  end
  local out = impact.plot.curves(curves, { out = dir .. "/multi_corner.png", yrange = { 0, 0.8 },
    title = string.format("A disc striking floor and wall at once (e = %g, no spin): the kinetic energy kept", E),
    xlabel = "θ (degrees below the horizontal; 45: into the corner)", ylabel = "T1/T0", enhanced = true })
  print(out.png)
end
