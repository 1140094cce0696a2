-- Newton's cradle over time, as disks on disks: five equal disks (m = 1,
-- radius 0.1) on a frictionless table seen from above, no gravity; four
-- touch in a row at rest, the fifth strikes the row at v = 1; walls at
-- both ends send the disks back into the row again and again; e = 1
-- everywhere. Each strike of the row is one multiple impact of four
-- disk-disk contacts (the row's three touching contacts take part), and
-- the multiple-impact model decides what comes out:
--   * moreau and poisson (one simultaneous impact, the row's contacts
--     staying closed): the row moves as one body of mass 4 m, the
--     two-body elastic collision: striker (1 - 4)/5 v = -0.6 v, row 2/5 v;
--   * sequential (the contacts resolved one after another: the textbook
--     cradle): the striker stops, the far disk leaves with v;
--   * lzb (compliant contacts with Hertz's exponent 3/2 integrated through
--     the impact, Liu, Zhao & Brogliato 2008): nearly the textbook answer,
--     with the small dispersion of a real cradle (the far disk 0.989 v).
-- Energy is conserved by all four (e = 1, no friction; lzb to its
-- integration's tolerance). Printed: each model's first impact against
-- these closed forms, and over 3 s the events and the final energy.
-- Run: impact examples/newtons_cradle.lua [DIR]  (with DIR: the disks'
-- positions over time under moreau, sequential and lzb,
-- DIR/sim_newtons_cradle.png, .svg, .dat, .gp)
local impact = require "impact"

local r, v, N, T_END = 0.1, 1.0, 5, 3
local MODELS = { "moreau", "poisson", "sequential", "lzb" }

local function cradle(model)
  local bodies = { { m = 1, I = 0.5 * r * r, x = -0.5, y = 0, vx = v, radius = r } }
  for i = 0, N - 2 do bodies[#bodies + 1] = { m = 1, I = 0.5 * r * r, x = 2 * r * i, y = 0, radius = r } end
  return impact.scene2d{ e = 1, model = model, bodies = bodies,
    lines = { { point = { -1, 0 }, normal = { 1, 0 } }, { point = { 1.5, 0 }, normal = { -1, 0 } } } }
end

local expected = {
  moreau = { (1 - (N - 1)) / N * v, 2 / N * v, 2 / N * v, 2 / N * v, 2 / N * v },
  poisson = { (1 - (N - 1)) / N * v, 2 / N * v, 2 / N * v, 2 / N * v, 2 / N * v },
  sequential = { 0, 0, 0, 0, v },
}
print(string.format("Newton's cradle: %d disks, the striker at v = %g into a row of %d at rest, e = 1, t = 0 .. %g", N, v, N - 1, T_END))
local runs = {}
for _, model in ipairs(MODELS) do
  local run = impact.simulate(cradle(model), { t_end = T_END, dt = 0.005 })
  runs[model] = run
  local ev = run.events[1]
  local after, err = {}, 0
  for i = 1, N do
    after[i] = ev.qdot_after[3 * i - 2]
    if expected[model] then err = math.max(err, math.abs(after[i] - expected[model][i])) end
  end
  local line = {}
  for i = 1, N do line[i] = string.format("%8.5f", after[i]) end
  print(string.format("\n%-10s first impact at t = %.12f, contacts %s: v after = %s", model, ev.t,
    table.concat(ev.contacts, ","), table.concat(line, " ")))
  if expected[model] then
    print(string.format("           closed form %s: max |error| %.1e", model == "sequential" and "(0, 0, 0, 0, v)"
      or "((1-4)/5 v, 2/5 v, ...)", err))
    assert(err < 1e-12, model)
  end
  -- the energy at the end (the momentum changes at the walls)
  local n, T = #run.t, 0
  for i = 1, N do
    local vx, vy, w = run.qdot[n][3 * i - 2], run.qdot[n][3 * i - 1], run.qdot[n][3 * i]
    T = T + 0.5 * (vx * vx + vy * vy) + 0.5 * 0.5 * r * r * w * w
  end
  print(string.format("           %d events (%d impacts) to t = %g; energy at the end %.12f (start %.12f)",
    run.n_events, run.n_impacts, run.t[n], T, 0.5 * v * v))
  assert(math.abs(T - 0.5 * v * v) < (model == "lzb" and 1e-8 or 1e-12), model .. ": energy")
end
print("\n(moreau and poisson agree: with e = 1 and the row's contacts closed, Poisson's and Newton's")
print(" laws give the same impulses)")

local dir = arg and arg[1]
if dir then
  local style = { moreau = { color = "#d73027", width = 2 }, sequential = { color = "#7f7f7f", width = 5 },
                  lzb = { color = "#4575b4", width = 2, dash = true } }
  -- one curve per model, the disks' paths separated by breaks (NaN)
  local curves = {}
  for _, model in ipairs{ "sequential", "moreau", "lzb" } do
    local run, x, y = runs[model], {}, {}
    for i = 1, N do
      if i > 1 then x[#x + 1], y[#y + 1] = 0 / 0, 0 / 0 end
      for k = 1, #run.t do x[#x + 1], y[#y + 1] = run.t[k], run.q[k][3 * i - 2] end
    end
    curves[#curves + 1] = { x = x, y = y, color = style[model].color, width = style[model].width,
      dash = style[model].dash, title = model }
  end
  local f = impact.plot.curves(curves, { out = dir .. "/sim_newtons_cradle.png", key = "outside below",
    title = "Newton's cradle between two walls, e = 1", xlabel = "t (s)", ylabel = "centre x of each disk (m)" })
  print("figure: " .. f.png)
end
