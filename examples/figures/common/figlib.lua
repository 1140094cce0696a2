-- Shared set-ups of the figure scripts: the problems of Wang 1986 (impact
-- space), Sun & Baruh 2022 (the 2D rod over orientation and velocity ratio,
-- the 3D rod over two Euler angles or over mu and e), and derived columns.
local impact = require("impact")

local M = {}

-- Where to write: arg[1] of the figure script, or the current directory.
function M.outdir()
  return (arg and arg[1]) or "."
end

-- The size and format every figure is drawn at, in one place: IMPACT_FIG_SIZE
-- (a preset, "column", "full" or "slide") overrides each figure's opts.size,
-- and IMPACT_FIG_FORMAT ("png", the default, "pdf", "svg" or "eps") the
-- extension of its opts.out, to look at a figure at the sizes a paper prints
-- it. Loading this module wraps impact.plot's functions (once) so that every
-- figure script honours both, also those drawing through impact.plot
-- directly: scripts/figures runs each script through common/run.lua, which
-- loads this module first. (png keeps each figure's own outputs.)
function M.size()
  local size = os.getenv("IMPACT_FIG_SIZE")
  if size and size ~= "" then return size end
end

function M.format()
  local f = os.getenv("IMPACT_FIG_FORMAT")
  if f and f ~= "" and f ~= "png" then return f end
end

if not impact.plot._figlib then
  impact.plot._figlib = true
  for _, k in ipairs{ "path", "map", "hodograph", "curves", "run", "frames" } do
    local f = impact.plot[k]
    impact.plot[k] = function(data, opts, ...)
      local size, fmt = M.size(), M.format()
      if size or fmt then
        opts = opts or {}
        if size then opts.size = size end
        if fmt then
          local out = (opts.out or (k .. ".png")):gsub("%.%a+$", "")
          opts.out = out .. "." .. fmt
        end
      end
      local r = f(data, opts, ...)
      if fmt and type(r) == "table" then
        r.png = r.png or r[fmt]; r.svg = r.svg or r[fmt]
      end
      return r
    end
  end
end

-- Draws one figure as DIR/NAME.png (with its SVG) and DIR/NAME.pdf, or
-- only as IMPACT_FIG_FORMAT when that is set (see above): plot(data, opts)
-- is an impact.plot function. Prints the last file's name.
function M.draw(plot, data, opts, name)
  local fmts = M.format() and { M.format() } or { "pdf", "png" }
  for _, ext in ipairs(fmts) do
    opts.out = M.outdir() .. "/" .. name .. "." .. ext
    plot(data, opts)
  end
  print(opts.out)
end

-- "%.17g" of each number: what the figure scripts print for the specs to
-- read back (spec/paper_figures_spec.lua).
function M.report(tag, t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  table.sort(keys)
  local parts = {}
  for _, k in ipairs(keys) do
    local v = t[k]
    parts[#parts + 1] = k .. " = " .. (type(v) == "number" and string.format("%.17g", v) or tostring(v))
  end
  print(tag .. ": " .. table.concat(parts, ", "))
end

-- Adds column `name` to a sweep from fn(i) for every row.
function M.add_column(s, name, fn)
  local col = {}
  for i = 1, s.n do col[i] = fn(i) end
  -- A column the sweep already has (energy_ratio from solve2d) is replaced,
  -- not named twice.
  local known = false
  for _, n in ipairs(s.names) do known = known or n == name end
  if not known then s.names[#s.names + 1] = name end
  s.columns[name] = col
  return col
end

-- Wang 1986, impact space (W86 sec 3): one body (m = 1, rho = 1, so
-- l = r) striking the ground with a unit contact-point velocity at angle
-- gamma from the normal (positive: moving towards -x), centre of mass at
-- angle theta from the normal (positive: on the +x side), w0 = 0.
function M.w86(r, mu, e, n, extra)
  local spec = {
    base = { mu = mu, e = e, law = "poisson" },
    vary = { { "gamma_deg", impact.range(-89, 89, n) }, { "theta_deg", impact.range(-89, 89, n) } },
    map = function(p, base)
      local th, g = math.rad(p.theta_deg), math.rad(p.gamma_deg)
      base.body1 = { m = 1, rho = 1, x = r * math.sin(th), y = r * math.cos(th),
                     vx = -math.sin(g), vy = -math.cos(g), w = 0 }
      return base
    end,
  }
  for k, v in pairs(extra or {}) do spec[k] = v end
  return impact.sweep(spec)
end

-- One striking state of W86's body (as M.w86: m = rho = 1, CM at r from
-- the contact at theta from the normal, unit contact velocity at gamma,
-- w0 = 0), solved by solve2d (Poisson unless law is given).
function M.w86_solve(r, theta_deg, gamma_deg, mu, e, law)
  local th, g = math.rad(theta_deg), math.rad(gamma_deg)
  return impact.solve2d{ body1 = { m = 1, rho = 1, x = r * math.sin(th), y = r * math.cos(th),
                                   vx = -math.sin(g), vy = -math.cos(g), w = 0 },
                         mu = mu, e = e, law = law or "poisson" }
end

-- The region boundaries of W86 (4.1) and (4.3) and the corrected reversal
-- interval (4.2) (help("papers")), drawn over a map computed by the tracer:
-- for gamma > 0 (t = tan theta, g = tan gamma)
--   sliding | R:  g = (1+e) [mu (1 + r^2 + t^2) - r^2 t] / [(1+r^2) t^2 - mu r^2 t + 1]
--   R | C:        g =       [mu (1 + r^2 + t^2) - r^2 t] / [(1+r^2) t^2 - mu r^2 t + 1]
-- and the mirror (gamma, theta) -> (-gamma, -theta) for gamma < 0.
function M.w86_lines(r, mu, e)
  local function curve(k)
    local x, y = {}, {}
    for i = -890, 890 do
      local th = i / 10
      local t = math.tan(math.rad(th))
      local g = k * (mu * (1 + r * r + t * t) - r * r * t) / ((1 + r * r) * t * t - mu * r * r * t + 1)
      x[#x + 1] = g > 0 and math.deg(math.atan(g)) or 0 / 0
      y[#y + 1] = th
    end
    -- the mirror half, after a break
    x[#x + 1], y[#y + 1] = 0 / 0, 0 / 0
    local n = #x - 1
    for i = 1, n do x[#x + 1], y[#y + 1] = -x[i], -y[i] end
    return x, y
  end
  local lines = {}
  local x1, y1 = curve(1 + e)
  lines[1] = { x = x1, y = y1, title = "W86 (4.1): sliding boundary", color = "black" }
  local x3, y3 = curve(1)
  lines[2] = { x = x3, y = y3, title = "W86 (4.3): C-mode boundary", color = "#555555" }
  -- (4.2) corrected: reversal for tan(theta) between the roots of mu t^2 + r^2 t + mu (1 + r^2) = 0
  local disc = r ^ 4 - 4 * mu * mu * (1 + r * r)
  if disc > 0 and mu > 0 then
    for _, t in ipairs{ (-r * r - math.sqrt(disc)) / (2 * mu), (-r * r + math.sqrt(disc)) / (2 * mu) } do
      local th = math.deg(math.atan(t))
      lines[#lines + 1] = { x = { 0, 90, 0 / 0, 0, -90 }, y = { th, th, 0 / 0, -th, -th },
        -- (a short title: "W86 (4.2) corrected: reversal interval" ran past
        -- the canvas' left edge in the legend at the column preset)
        title = #lines == 2 and "W86 (4.2), corrected: reversal" or nil,
        -- cyan dashes: seen over the red C-reversed region they bound, and the blue
        color = "#00e5ff", dash = "-", width = 3 }
    end
  end
  return lines
end

-- W86 sec 5: the translation line (dw = 0) of an impact.space_map result
-- as a curve in degrees (gamma, theta): the points of each sign of gamma
-- ordered by theta (one a row), broken where rows are missing, then the
-- two sliding segments theta = +-atan(mu) from the sliding boundary (W86
-- (4.1) at tan(theta) = mu: tan(gamma) = (1+e) mu) to |gamma| = 89.
-- -> x, y (NaN breaks), and that boundary's gamma and theta in degrees.
function M.w86_translation(m, e, mu)
  local t = m.translation
  local x, y = {}, {}
  local function add(a, b) x[#x + 1], y[#y + 1] = a, b end
  for _, sgn in ipairs{ 1, -1 } do
    local last
    for i = 1, #t.theta do
      if t.gamma[i] * sgn >= 0 then
        local th = math.deg(t.theta[i])
        if last and th - last > 1.5 then add(0 / 0, 0 / 0) end
        add(math.deg(t.gamma[i]), th)
        last = th
      end
    end
    add(0 / 0, 0 / 0)
  end
  local gs = math.deg(math.atan((1 + e) * mu))
  local ts = math.deg(t.sliding_theta)
  add(gs, ts) add(89, ts) add(0 / 0, 0 / 0) add(-gs, -ts) add(-89, -ts)
  return x, y, gs, ts
end

-- Wang & Mason 1992, the falling rod of their fig. 6: m = 1, length 1,
-- rho^2 = 1/12, at 45 degrees, w = 0, tip on the ground; (x, y) is the
-- centre of mass seen from the tip. One solve2d from the contact velocity
-- (S0, C0); law defaults to Poisson's.
function M.wm92_rod(S0, C0, mu, e, law)
  local c = math.sqrt(2) / 4
  return impact.solve2d{ body1 = { m = 1, rho = math.sqrt(1 / 12), x = c, y = c,
                                   vx = S0, vy = C0, w = 0 },
                         mu = mu, e = e, law = law or "poisson" }
end

-- Sun & Baruh 2022, 2D (SB22 sec 2): rod m = 1, L = 2.3 (centre of mass
-- to contact), I_G = alpha m L^2, alpha = 1/3 (slender rod; SB22 do not say
-- which alpha their 2D plots used), theta from the vertical (positive:
-- centre of mass ahead of the contact in the slip direction), vCy = 1
-- downwards, vCx = ratio * vCy, w = 0.
M.SB22 = { L = 2.3, alpha = 1 / 3, radius = 0.5 }

function M.sb22_2d(law, mu, e, n)
  local L, a = M.SB22.L, M.SB22.alpha
  local s = impact.sweep{
    base = { mu = mu, e = e, law = law },
    vary = { { "ratio", impact.range(0, 2, n) }, { "theta_deg", impact.range(-70, 70, n) } },
    map = function(p, base)
      local th = math.rad(p.theta_deg)
      base.body1 = { m = 1, rho = math.sqrt(a) * L, x = L * math.sin(th), y = L * math.cos(th),
                     vx = p.ratio, vy = -1, w = 0 }
      return base
    end,
  }
  -- -vCy after / (vCy before * e) (vCy before = -1: the rebound over e) and
  -- kinetic energy after / before.
  M.add_column(s, "vy_ratio", function(i) return s.columns.C[i] / e end)
  M.add_column(s, "energy_ratio", function(i)
    local T0 = 0.5 * (s.columns.ratio[i] ^ 2 + 1)
    return (T0 + s.columns.dT[i]) / T0
  end)
  return s
end

-- Sun & Baruh 2022, 3D (SB22 secs 3-5): the cylindrical rod (m = 1,
-- L = 2.3, radius 0.5) through two Euler angles, v = (0.4, -1, 0), w = 0.
function M.sb22_rod(theta1_deg, theta2_deg)
  return impact.rod{ m = 1, L = M.SB22.L, radius = M.SB22.radius,
                     theta1 = math.rad(theta1_deg), theta2 = math.rad(theta2_deg) }
end

function M.sb22_3d(spec)
  local base = { v = { 0.4, -1, 0 }, w = { 0, 0, 0 }, mu = spec.mu, e = spec.e,
                 law = spec.law, method = spec.method }
  local vary, map
  if spec.theta1 then
    vary = { { "theta1_deg", spec.theta1 }, { "theta2_deg", spec.theta2 } }
    map = function(p, b)
      b.body = M.sb22_rod(p.theta1_deg, p.theta2_deg)
      return b
    end
  else
    base.body = M.sb22_rod(20, 15)
    base.mu = nil
    vary = { { "mu", spec.mu_values }, { "e", spec.e_values } }
  end
  local s = impact.sweep{ base = base, vary = vary, map = map, solve = "solve3d" }
  local e = spec.e
  M.add_column(s, "vy_ratio", function(i)
    local vy = s.columns["vC.y"][i]
    return spec.normalize == false and vy or vy / (e or s.columns.e[i])
  end)
  return s
end

-- The three panels of SB22's figures: mode, vertical velocity ratio, energy ratio.
-- (enhanced text: the scripts' axis labels name θ_1, μ_k, ... by their symbols)
function M.panels(s, x, y, name, title, dir, opts)
  opts = opts or {}
  local outs = {}
  outs[1] = impact.plot.map(s, { x = x, y = y, color = "mode", out = dir .. "/" .. name .. "_mode.png",
    title = title .. ": mode", xlabel = opts.xlabel, ylabel = opts.ylabel, enhanced = true }).png
  outs[2] = impact.plot.map(s, { x = x, y = y, color = "vy_ratio", out = dir .. "/" .. name .. "_vy.png",
    title = title .. (opts.vy_title or ": -vCy after / (e vCy before)"), xlabel = opts.xlabel, ylabel = opts.ylabel, enhanced = true,
    clabel = opts.vy_label or "rebound ratio -vCy after / (e vCy before)" }).png
  outs[3] = impact.plot.map(s, { x = x, y = y, color = "energy_ratio", out = dir .. "/" .. name .. "_energy.png",
    title = title .. ": energy after / before", xlabel = opts.xlabel, ylabel = opts.ylabel, enhanced = true,
    clabel = "energy ratio" }).png
  for _, o in ipairs(outs) do print(o) end
  return outs
end

-- An SB22 3D figure with both methods: the algebraic (SB22's nine-equation
-- model) and the exact Darboux-Keller integration, three panels each, and a
-- map of where their modes differ.
function M.sb22_3d_both(name, title, spec, dir, axes)
  local res = {}
  for _, method in ipairs{ "algebraic", "exact" } do
    local sp = {}
    for k, v in pairs(spec) do sp[k] = v end
    sp.method = method
    local t0 = os.clock()
    local s = M.sb22_3d(sp)
    print(string.format("%s: %s (%.1f s)", method, tostring(s), os.clock() - t0))
    res[method] = s
    M.panels(s, axes.x, axes.y, name .. "_" .. method, title .. ", " .. method, dir, axes)
  end
  local a, x = res.algebraic, res.exact
  local differ = 0
  M.add_column(a, "methods", function(i)
    if a.columns.mode[i] == x.columns.mode[i] then return "same mode" end
    differ = differ + 1
    return "modes differ"
  end)
  print(string.format("modes differ at %d of %d points", differ, a.n))
  print(impact.plot.map(a, { x = axes.x, y = axes.y, color = "methods", out = dir .. "/" .. name .. "_methods.png",
    title = title .. ": where the algebraic and exact modes differ", xlabel = axes.xlabel, ylabel = axes.ylabel, enhanced = true }).png)
  return res
end

return M
