-- Housner's rocking block (Housner 1963), the textbook multiple impact of
-- earthquake engineering: a rectangular block (width 2b, height 2h,
-- slenderness alpha = atan(b/h), uniform: I = m (b^2 + h^2)/3) rocks about
-- its right corner with rate w = 1 and lands on its left corner. Both
-- corners are contacts (the right one touches with zero normal velocity);
-- e = 0 and mu = 10 (the landing corner sticks). Housner's answer, from
-- the angular momentum about the landing corner, is w'/w = 1 - 1.5
-- sin^2(alpha) with the right corner lifting off. It holds while that is
-- >= 0, i.e. alpha <= asin(sqrt(2/3)) = 0.9553; a slenderer-than-that block
-- cannot rock on: the right corner would have to go down, both corners
-- stop it and it comes to rest (every model then gives w' ~ 0).
--
-- All four models of solve_multi give Housner's ratio: only one contact
-- closes and the other can only lift off, so there is nothing for the
-- models to disagree about. Beyond the limit lzb's compliant corners
-- leave a trace of rotation: with e = 0 each stops at its own maximum
-- compression, one after the other, and the later one's impulse lifts the
-- earlier one a little.
-- Run: scripts/run examples/rocking_block.lua [DIR]  (with DIR: the figure
-- DIR/multi_rocking_block.png, .svg, .dat, .gp)
local impact = require "impact"

local MODELS = { "moreau", "poisson", "sequential", "lzb" }

local function block(alpha, model)
  local b, h = math.tan(alpha), 1
  return impact.system2d{
    bodies = { { m = 1, I = (b * b + h * h) / 3, x = 0, y = h, vx = -h, vy = -b, w = 1 } },
    contacts = { { a = 1, point = { -b, 0 }, normal = { 0, 1 } },    -- landing corner
                 { a = 1, point = { b, 0 }, normal = { 0, 1 } } },   -- pivot, lifts off
    mu = 10, e = 0, model = model }
end

local function housner(alpha) return 1 - 1.5 * math.sin(alpha) ^ 2 end
local LIMIT = math.asin(math.sqrt(2 / 3))

print("Housner's rocking block: w'/w after landing (e = 0, mu = 10)")
print(string.format("%6s %10s %10s %10s %10s %10s", "alpha", "Housner", table.unpack(MODELS)))
local worst = { moreau = 0, poisson = 0, sequential = 0, lzb = 0 }
for _, alpha in ipairs{ 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.96, 1.0 } do
  local row = {}
  for i, m in ipairs(MODELS) do
    local w = impact.solve_multi(block(alpha, m)).qdot[3]
    row[i] = string.format("%10.6f", math.abs(w) < 5e-7 and 0 or w)   -- no "-0.000000"
    if alpha <= LIMIT then worst[m] = math.max(worst[m], math.abs(w - housner(alpha))) end
  end
  print(string.format("%6.2f %10.6f %s", alpha, housner(alpha), table.concat(row, " ")))
end
-- as a power of ten above it (the last bits differ between builds)
local function bound(x) return string.format("1e%d", math.ceil(math.log(math.max(x, 1e-16), 10))) end
print(string.format("|w'/w - Housner| for alpha <= %.4f: moreau < %s, poisson < %s, sequential < %s, lzb < %s",
  LIMIT, bound(worst.moreau), bound(worst.poisson), bound(worst.sequential), bound(worst.lzb)))

local dir = arg and arg[1]
if dir then
  -- Lines on 96 slendernesses; the point series on every 5th, staggered.
  local x, curve, px = {}, { housner = {} }, { sequential = {}, lzb = {} }
  for _, m in ipairs(MODELS) do curve[m] = {} end
  for i = 0, 95 do
    local alpha = 0.05 + i * 0.95 / 95
    x[#x + 1] = alpha
    curve.housner[#x] = housner(alpha)
    for _, m in ipairs(MODELS) do
      local w = impact.solve_multi(block(alpha, m)).qdot[3]
      if px[m] then
        if i % 5 == (m == "lzb" and 2 or 0) then px[m][#px[m] + 1], curve[m][#px[m] + 1] = alpha, w end
      else
        curve[m][#x] = w
      end
    end
  end
  local out = impact.plot.curves({
    { x = x, y = curve.housner, title = "Housner: 1 - 1.5 sin^2({/Symbol a})", color = "black", width = 7 },
    { x = x, y = curve.moreau, title = "moreau", width = 4, color = "#a6cee3" },
    { x = x, y = curve.poisson, title = "poisson", dash = true, color = "#d73027" },
    { x = px.sequential, y = curve.sequential, title = "sequential", style = "points", point = 6, color = "#1a9850" },
    { x = px.lzb, y = curve.lzb, title = "lzb (eta = 3/2)", style = "points", point = 2, color = "#ff7f00" },
    { x = { LIMIT, LIMIT }, y = { -0.1, 1.05 }, title = "sin^2{/Symbol a} = 2/3: the block stops", color = "#7f7f7f",
      dash = "." },
  }, { out = dir .. "/multi_rocking_block.png", key = "bottom left", yrange = { -0.1, 1.05 },
       title = "Rocking block landing on its corner (e = 0, sticking): every model gives Housner's ratio",
       xlabel = "slenderness {/Symbol a} = atan(b/h) (rad)", ylabel = "w'/w (post-impact / pre-impact rate)",
       enhanced = true })   -- the texts are gnuplot markup (sin^2, {/Symbol a})
  print(out.png)
end
