-- A rod landing flat with a small tilt of its velocity: a uniform rod
-- (length 2, m = 1, I = 1/3) lying level falls at vy = -1 while turning at
-- w, so both ends strike together, the left one faster (-1 - w) than the
-- right one (-1 + w, still closing for w < 1). Two contacts, e = 0.8; no
-- end slides (the ends are level with the centre), so friction plays no
-- part.
--   moreau, poisson  Newton's (or Poisson's) law at each end at once:
--               each end rebounds with -e times its own speed, so the
--               rod rebounds at e and its turn is reversed: w' = -e w.
--   sequential  the faster end first, then the other: the first impulse
--               turns the rod the other way and the second end strikes
--               harder. It breaks the symmetry even at w = 0 (one end must
--               go first: here the first contact), and loses more energy.
--   lzb         both ends compress together as springs: the turn is mostly
--               kept (w' ~ +w for small w at e = 1), between the two.
-- At w = 0 moreau, poisson and lzb agree (vy' = e, no turn: the textbook
-- benchmark); any tilt separates them.
-- Run: scripts/run examples/rod_flat.lua [DIR]  (with DIR: the figure
-- DIR/multi_rod_flat.png, .svg, .dat, .gp)
local impact = require "impact"

local MODELS = { "moreau", "poisson", "sequential", "lzb" }
local E = 0.8

local function rod(w, model)
  return impact.system2d{
    bodies = { { m = 1, I = 1 / 3, x = 0, y = 0, vy = -1, w = w } },
    contacts = { { a = 1, point = { -1, 0 }, normal = { 0, 1 } },
                 { a = 1, point = { 1, 0 }, normal = { 0, 1 } } },
    e = E, model = model }
end

print(string.format("A rod landing flat at vy = -1, turning at w (e = %g): vy', w' and T1/T0 per model", E))
print((string.format("%5s  %-26s  %-26s  %-26s  %-26s", "", table.unpack(MODELS)):gsub("%s+$", "")))
print(string.format("%5s%s", "w", string.rep(string.format("  %8s %9s %7s", "vy'", "w'", "T1/T0"), 4)))
for _, w in ipairs{ 0, 0.05, 0.1, 0.2, 0.5, 0.9 } do
  local cells = {}
  for i, m in ipairs(MODELS) do
    local r = impact.solve_multi(rod(w, m))
    local wp = math.abs(r.qdot[3]) < 5e-7 and 0 or r.qdot[3]
    cells[i] = string.format("%8.5f %9.5f %7.4f", r.qdot[2], wp, r.energy_ratio)
  end
  print(string.format("%5.2f  %s", w, table.concat(cells, "  ")))
end

local dir = arg and arg[1]
if dir then
  local x, curves = {}, {}
  local STYLE = { moreau = { width = 5, color = "#a6cee3" }, poisson = { dash = true, color = "#d73027" },
                  sequential = { style = "linespoints", point = 6, color = "#1a9850" }, lzb = { style = "linespoints", point = 2, color = "#ff7f00" } }
  for _, m in ipairs(MODELS) do
    curves[#curves + 1] = { x = x, y = {}, title = m }
    for k, v in pairs(STYLE[m]) do curves[#curves][k] = v end
  end
  for i = 0, 18 do
    x[#x + 1] = i * 0.05
    for c, m in ipairs(MODELS) do curves[c].y[#x] = impact.solve_multi(rod(x[#x], m)).qdot[3] end
  end
  local out = impact.plot.curves(curves, { out = dir .. "/multi_rod_flat.png", key = "top left",
    title = string.format("A rod landing flat (vy = -1) while turning at w, e = %g: the turn after the impact", E),
    xlabel = "w (pre-impact rate; the ends strike at -1 - w and -1 + w)", ylabel = "w' (post-impact rate)" })
  print(out.png)
end
