-- Chains of balls (Newton's cradle, granular chains): n equal balls in a
-- row, touching, the first moving at 1 into the others at rest; elastic
-- (e = 1), frictionless. Every model conserves the energy here, yet each
-- gives a different answer, because every contact's impulse loads its
-- neighbours (W is tridiagonal):
--   sequential  passes the impulse on ball by ball: (0, ..., 0, 1), the
--               textbook cradle;
--   moreau, poisson  solve all contacts at once and share the impulse over
--               the chain: the first ball bounces back at (2 - n)/n, the
--               rest leave together at 2/n;
--   lzb         the rigid limit of power-law springs F = K delta^eta: the
--               wave disperses down the chain, most of the momentum leaves
--               with the last ball and the others move slightly; the
--               dispersion shrinks as eta grows (stiffer contacts once
--               loaded: eta = 3/2 is Hertz's sphere).
-- Run: scripts/run examples/chains.lua [DIR]  (with DIR: the figures
-- DIR/multi_chain_models.png and DIR/multi_chain_eta.png, with .svg, .dat, .gp)
local impact = require "impact"

local MODELS = { "moreau", "poisson", "sequential", "lzb" }

local function chain(n, model, eta)
  local bodies, contacts = {}, {}
  for i = 1, n do
    bodies[i] = { m = 1, I = 0.1, x = 2 * (i - 1), vx = i == 1 and 1 or 0 }
    if i > 1 then contacts[i - 1] = { a = i, b = i - 1, point = { 2 * i - 3, 0 }, normal = { 1, 0 } } end
  end
  return impact.system2d{ bodies = bodies, contacts = contacts, e = 1, eta = eta, model = model }
end

-- The balls' outgoing velocities (x) of one solve.
local function velocities(n, model, eta)
  local r, v = impact.solve_multi(chain(n, model, eta)), {}
  for i = 1, n do v[i] = r.qdot[3 * i - 2] end
  return v, r
end

local function row(v)
  local s = {}
  for i, x in ipairs(v) do s[i] = string.format("%9.6f", x) end
  return table.concat(s, " ")
end

print("Chains of equal balls, the first at 1 into the rest (e = 1, mu = 0): outgoing velocities")
local by_model = {}
for n = 3, 5 do
  for _, m in ipairs(MODELS) do
    local v, r = velocities(n, m)
    by_model[m] = by_model[m] or {}
    by_model[m][n] = v
    print(string.format("n = %d  %-10s %s   T1/T0 = %.6f", n, m, row(v), r.energy_ratio))
  end
end
print("lzb on the chain of 5 against the force exponent eta:")
local ETAS = { 1, 1.25, 1.5, 1.75, 2 }
for _, eta in ipairs(ETAS) do
  print(string.format("eta = %-4g       %s", eta, row((velocities(5, "lzb", eta)))))
end

local dir = arg and arg[1]
if dir then
  -- The three chains side by side on one axis: balls 1-3, 5-8, 10-14, a
  -- gap (NaN) between chains; the tics number the balls, the x label names
  -- the chains (a tic "n = 3: 1" ran into the next balls' numbers on a
  -- column, and a second tic line under the x label).
  local curves, tics = {}, {}
  local STYLE = { moreau = { width = 5, color = "#a6cee3", point = 7 }, poisson = { dash = true, color = "#d73027", point = 1 },
                  sequential = { point = 6, color = "#1a9850" }, lzb = { point = 2, color = "#ff7f00" } }
  for _, m in ipairs(MODELS) do
    local c = { x = {}, y = {}, title = m .. (m == "lzb" and " (eta = 3/2)" or ""), style = "linespoints" }
    for k, v in pairs(STYLE[m]) do c[k] = v end
    local x0 = 0
    for n = 3, 5 do
      for i = 1, n do
        c.x[#c.x + 1], c.y[#c.y + 1] = x0 + i, by_model[m][n][i]
        if m == MODELS[1] then tics[#tics + 1] = { x0 + i, tostring(i) } end
      end
      c.x[#c.x + 1], c.y[#c.y + 1] = x0 + n + 0.5, 0 / 0
      x0 = x0 + n + 1
    end
    curves[#curves + 1] = c
  end
  local a = impact.plot.curves(curves, { out = dir .. "/multi_chain_models.png", xtics = tics,
    yrange = { -0.7, 1.1 },
    title = "Chains of 3, 4 and 5 equal balls, the first at 1 (e = 1): each model's outgoing velocities",
    xlabel = "ball i of the chains of n = 3, 4 and 5 (left to right)", ylabel = "outgoing velocity v_x", enhanced = true })
  -- lzb's dispersion against eta: each ball of the chain of 5.
  local eta, v = {}, {}
  for i = 0, 20 do
    eta[#eta + 1] = 1 + i / 20
    local vi = velocities(5, "lzb", eta[#eta])
    for b = 1, 5 do v[b] = v[b] or {}; v[b][#eta] = vi[b] end
  end
  local e = {}
  for b = 1, 5 do e[b] = { x = eta, y = v[b], title = "ball " .. b, style = "linespoints", point = b + 4 } end
  local b = impact.plot.curves(e, { out = dir .. "/multi_chain_eta.png", key = "outside right",
    title = "lzb on the chain of 5 (e = 1): the dispersion shrinks as the force exponent grows",
    xlabel = "force exponent eta (F = K delta^{eta}; 3/2: Hertz)", ylabel = "outgoing velocity v_x", enhanced = true })
  print(a.png)
  print(b.png)
end
