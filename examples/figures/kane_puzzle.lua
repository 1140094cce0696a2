-- Kane's dynamics puzzle (Kane 1984; Keller 1986; Stronge 1990): the
-- double pendulum of examples/kane_puzzle.lua (two uniform links, m = 1,
-- L = 1, pinned, q1 = -40 degrees, qdot = (-1, -1), mu = 0.8, e = 1) whose
-- tip strikes the ground, swept over the second link's angle q2. Drawn:
-- the energy ratio T'/T (logarithmic) under Poisson's, Newton's and the
-- energetic law and for model = "kane", with the q2 where Newton's law
-- gains energy (T'/T > 1) shaded. Poisson's and the energetic law never
-- gain; at q2 = q1 the links are in line and the tip cannot move along
-- them (no impact: the curves break there). Above q2 = -18.6 degrees the
-- tip slides throughout and the four coincide.
-- Run: impact examples/figures/kane_puzzle.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/common/?.lua;" .. package.path
local impact = require("impact")
local fig = require("figlib")
local dir = fig.outdir()

local d = math.pi / 180
local q1, mu, e = -40, 0.8, 1
local KINDS = { { "poisson", { law = "poisson" } }, { "newton", { law = "newton" } },
                { "energetic", { law = "energetic" } }, { "kane", { model = "kane" } } }

local s = impact.sweep{ vary = { q2 = impact.range(-89.9, -0.1, 899) }, solve = function(p)
  local row = {}
  for _, k in ipairs(KINDS) do
    local t = { links = { { m = 1, L = 1 }, { m = 1, L = 1 } }, q = { q1 * d, p.q2 * d },
                qdot = { -1, -1 }, mu = mu, e = e }
    for key, v in pairs(k[2]) do t[key] = v end
    -- q2 = q1: the links in line, J M^-1 J^T singular; a gap in the curves
    local ok, r = pcall(impact.solve2d, impact.chain2d(t))
    row[k[1]] = ok and r.energy_ratio or 0 / 0
    if k[1] == "poisson" then row.mode = ok and r.mode or "singular" end
  end
  return row
end }
print(s)

-- The intervals of q2 where a column exceeds 1, their ends where the
-- sampled ratio crosses 1 (linear), or at the last point before a gap.
local function gains(col)
  local q, v, out, lo = s.columns.q2, s.columns[col], {}, nil
  for i = 1, s.n do
    local up = v[i] == v[i] and v[i] > 1
    if up and not lo then
      local p = i - 1
      lo = (p >= 1 and v[p] == v[p]) and q[p] + (1 - v[p]) / (v[i] - v[p]) * (q[i] - q[p]) or q[i]
    elseif not up and lo then
      local p = i - 1
      out[#out + 1] = { lo, v[i] == v[i] and q[p] + (1 - v[p]) / (v[i] - v[p]) * (q[i] - q[p]) or q[p] }
      lo = nil
    end
  end
  if lo then out[#out + 1] = { lo, q[s.n] } end
  return out
end

local bands = {}
for _, col in ipairs{ "newton", "kane" } do
  local g, txt = gains(col), {}
  for _, b in ipairs(g) do txt[#txt + 1] = string.format("(%.2f, %.2f)", b[1], b[2]) end
  print(string.format("%s gains energy (T'/T > 1) for q2 in %s degrees", col, table.concat(txt, ", ")))
  if col == "newton" then
    for _, b in ipairs(g) do bands[#bands + 1] = { b[1], b[2], title = "Newton gains energy (T'/T > 1)" } end
  end
end
local top, at = 0, nil
for i = 1, s.n do
  if s.columns.newton[i] > top then top, at = s.columns.newton[i], s.columns.q2[i] end
end
print(string.format("Newton's largest T'/T: %.3f at q2 = %.1f degrees", top, at))

print(impact.plot.curves(s, { x = "q2", logy = true,
  -- Kane's model is Newton's law where the tip sticks (q2 < -48.5): dashed, over it
  y = { { "poisson", title = "Poisson" }, { "newton", title = "Newton" }, { "energetic", title = "energetic" },
        { "kane", title = "model = \"kane\"", dash = true, width = 3 } },
  bands = bands, lines = { { x = { -90, 0 }, y = { 1, 1 }, dash = true, title = "T'/T = 1" } },
  xrange = { -90, 0 }, out = dir .. "/kane_puzzle.png",
  xlabel = "q2 (deg): angle of the second link from +x (q1 = -40 deg)",
  ylabel = "T'/T: kinetic energy after / before",
  title = "Kane's double pendulum: energy ratio, μ = 0.8, e = 1, qdot = (-1, -1)" }).png)
