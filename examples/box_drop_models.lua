-- A box dropped flat with friction, the same drop under the four
-- multiple-impact models of solve_multi (moreau, poisson, sequential, lzb)
-- side by side. The box (1 x 0.4, m = 1, uniform) falls 0.3 with a
-- horizontal speed of 1.5 onto a rough floor (mu = 0.3, Poisson e = 0.6 at
-- the corners). Both bottom corners strike at once: a two-contact impact
-- with friction, which the models resolve differently (Moreau's
-- velocity-level problem and Poisson's leave the box level the first time,
-- the sequential and LZB models spin it), so the motion after it differs:
-- which corner strikes next, when, how hard. Later impacts are on one
-- corner at a time (the single-contact solver, the same for all) or on
-- both again. The control, frictionless corners: the impact is central and
-- moreau and poisson give (vx, e v1, 0) to rounding, lzb to its
-- integration's tolerance (1e-8); the sequential model resolves one corner
-- after the other and spins the box even then (its known asymmetry),
-- losing more energy (T'/T = 0.447 against 0.537 for the others).
-- Printed: for each model the first impact's outcome, the following
-- impacts, where and when the box comes to rest, and the lowest corner
-- over the run (no corner below the ground).
-- Run: impact examples/box_drop_models.lua [DIR]  (with DIR: the tilt and
-- height of the four runs against time, DIR/sim_box_drop_models.png, .svg,
-- .dat, .gp)
local impact = require "impact"

local b, h, g, e, mu, vx, drop = 0.5, 0.2, 9.81, 0.6, 0.3, 1.5, 0.3
local T_END = 1.5
local MODELS = { "moreau", "poisson", "sequential", "lzb" }

local function box(model, mu_)
  return impact.scene2d{ gravity = { 0, -g }, mu = mu_, e = e, model = model,
    lines = { { point = { 0, 0 }, normal = { 0, 1 } } },
    bodies = { { m = 1, I = (4 * b * b + 4 * h * h) / 12, x = 0, y = h + drop, vx = vx,
                 points = { { -b, -h }, { b, -h }, { b, h }, { -b, h } } } } }
end
local function lowest_corner(q)
  local c, s = math.cos(q[3]), math.sin(q[3])
  return math.min(q[2] - b * s - h * c, q[2] + b * s - h * c)
end

print(string.format("A box (2b = %g, 2h = %g) dropped flat from %g with vx = %g: mu = %g, e = %g (Poisson), t = 0 .. %g s",
  2 * b, 2 * h, drop, vx, mu, e, T_END))
local t1 = math.sqrt(2 * drop / g)
print(string.format("both corners strike at t1 = sqrt(2 d/g) = %.12f with vy = -%.12f", t1, g * t1))

local runs = {}
for _, model in ipairs(MODELS) do
  local run = impact.simulate(box(model, mu), { t_end = T_END, dt = 0.002 })
  runs[model] = run
  local first = run.events[1]
  assert(first.kind == "impact" and #first.contacts == 2, model .. ": the first impact is not on both corners")
  assert(math.abs(first.t - t1) < 1e-12, model .. ": first impact time")
  local a = first.qdot_after
  print(string.format("\n%-10s first impact at %.12f on corners %s: after vx = %9.6f  vy = %9.6f  w = %9.6f  (dT = %.6f)",
    model, first.t, table.concat(first.contacts, ","), a[1], a[2], a[3], first.dT))
  local lines = {}
  for k = 2, #run.events do
    local ev = run.events[k]
    if #lines < 6 then
      lines[#lines + 1] = string.format("%s %s@%.4f", ev.kind, table.concat(ev.contacts, ","), ev.t)
    end
  end
  print("           then: " .. table.concat(lines, "  ") .. (#run.events > 7 and "  ..." or ""))
  local lo = math.huge
  for i = 1, #run.t do lo = math.min(lo, lowest_corner(run.q[i])) end
  local n = #run.t
  print(string.format("           %d events (%d impacts), %s at t = %.6f: x = %.6f  y = %.6f  phi = %9.2e; lowest corner %.1e",
    run.n_events, run.n_impacts, run.status, run.t[n], run.q[n][1], run.q[n][2], run.q[n][3], lo))
  assert(lo > -1e-9, model .. ": a corner went below the ground")
end

-- The control: frictionless corners, a central symmetric impact.
print("\nfrictionless control (mu = 0): the state after the first impact (expected vx = " .. vx ..
  string.format(", vy = e v1 = %.12f, w = 0)", e * g * t1))
for _, model in ipairs(MODELS) do
  local run = impact.simulate(box(model, 0), { t_end = t1 + 0.01, dt = 0.01 })
  local ev = run.events[1]
  local a = ev.qdot_after
  print(string.format("  %-10s vx = %.12f  vy = %.12f  w = %9.2e   T'/T = %.6f", model, a[1], a[2], a[3],
    (ev.T0 + ev.dT) / ev.T0))
  if model ~= "sequential" then
    local tol = model == "lzb" and 1e-7 or 1e-12
    assert(math.abs(a[2] - e * g * t1) < tol and math.abs(a[3]) < tol and math.abs(a[1] - vx) < tol, model .. ": control")
  end
end

local dir = arg and arg[1]
if dir then
  local colors = { moreau = "#4575b4", poisson = "#d73027", sequential = "#1a9850", lzb = "#ff7f00" }
  local dashes = { moreau = nil, poisson = true, sequential = ".", lzb = "-." }
  local curves = {}
  for _, model in ipairs(MODELS) do
    local run, x, y = runs[model], {}, {}
    for i = 1, #run.t do x[i], y[i] = run.t[i], math.deg(run.q[i][3]) end
    curves[#curves + 1] = { x = x, y = y, title = model, color = colors[model], dash = dashes[model],
      width = model == "moreau" and 4 or 2 }
  end
  local f = impact.plot.curves(curves, { out = dir .. "/sim_box_drop_models.png", key = "outside below",
    title = string.format("Box dropped flat, μ = %g, e = %g: four impact models", mu, e),
    xlabel = "t (s)", ylabel = "tilt φ (degrees)" })
  print("figure: " .. f.png)
end
