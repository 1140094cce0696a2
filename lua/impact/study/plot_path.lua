-- impact.plot.path: Routh's impulse-space diagram of 2D results (WM92
-- figures 2, 7-10): the lines S, C, T, L, RF and the paths with their events.
local gp = require("impact.study.gnuplot")
local lib = require("impact.study.plotlib")
local finite, literal, opt_table, law_text = lib.finite, lib.literal, lib.opt_table, lib.law_text

-- The part of the line a*x + b*y + c = 0 inside the box, as two points.
local function clip(a, b, c, x0, x1, y0, y1)
  local pts = {}
  local eps = 1e-12 * (math.abs(x1 - x0) + math.abs(y1 - y0))
  if b ~= 0 then
    for _, x in ipairs{ x0, x1 } do
      local y = -(a * x + c) / b
      if y >= y0 - eps and y <= y1 + eps then pts[#pts + 1] = { x, y } end
    end
  end
  if a ~= 0 then
    for _, y in ipairs{ y0, y1 } do
      local x = -(b * y + c) / a
      if x >= x0 - eps and x <= x1 + eps then pts[#pts + 1] = { x, y } end
    end
  end
  local best, p, q = -1, nil, nil
  for i = 1, #pts do
    for j = i + 1, #pts do
      local d = (pts[i][1] - pts[j][1]) ^ 2 + (pts[i][2] - pts[j][2]) ^ 2
      if d > best then best, p, q = d, pts[i], pts[j] end
    end
  end
  if not p or best <= 0 then return {} end
  return { p, q }
end

return function(impact, plot)
  local PATH_COLORS = { "black", "#7b3294", "#008837", "#e66101" }

  local function check_result2d(F, r, where)
    if type(r) ~= "table" then error(F .. ": expected a solve2d result, got " .. type(r), 0) end
    for _, k in ipairs{ "B1", "B2", "B3", "S0", "C0" } do
      if not finite(r[k]) then
        error(F .. ": field '" .. where .. k .. "' must be a number (give a solve2d result)", 0)
      end
    end
    if type(r.path) ~= "table" or #r.path == 0 then
      error(F .. ": field '" .. where .. "path' must be the list of path vertices (give a solve2d result)", 0)
    end
    for i, v in ipairs(r.path) do
      if not finite(v.Px) or not finite(v.Py) then
        error(string.format("%s: field '%spath[%d]' must have numbers Px and Py", F, where, i), 0)
      end
    end
  end

  -- The zero-energy-change ellipse B1 Px^2 - 2 B3 Px Py + B2 Py^2 + 2 S0 Px + 2 C0 Py = 0
  -- (WM92 fig 8): centre c = -W^-1 V0, then P = c + L^-T u, |u| = k, W = L L^T.
  local function ellipse(B1, B2, B3, S0, C0)
    local D = B1 * B2 - B3 * B3
    local cx, cy = -(B2 * S0 + B3 * C0) / D, -(B3 * S0 + B1 * C0) / D
    local k = math.sqrt(math.max(0, B1 * cx * cx - 2 * B3 * cx * cy + B2 * cy * cy))
    local l11 = math.sqrt(B1)
    local l21 = -B3 / l11
    local l22 = math.sqrt(B2 - l21 * l21)
    local rows = {}
    for i = 0, 180 do
      local t = 2 * math.pi * i / 180
      local u1, u2 = k * math.cos(t), k * math.sin(t)
      local x2 = u2 / l22
      local x1 = (u1 - l21 * x2) / l11
      rows[#rows + 1] = { cx + x1, cy + x2 }
    end
    return rows
  end

  -- path(result or {result, ...}, opts): one diagram; several results of the
  -- same problem (different mu, say) share the lines S, C, T and each adds its
  -- limiting-friction lines and its path.
  function plot.path(r, opts)
    local F = "plot.path"
    opts = opt_table(F, opts)
    local list = (type(r) == "table" and r[1] ~= nil and r.path == nil) and r or { r }
    for i, ri in ipairs(list) do check_result2d(F, ri, #list > 1 and ("[" .. i .. "].") or "") end
    r = list[1]
    local B1, B2, B3, S0, C0 = r.B1, r.B2, r.B3, r.S0, r.C0
    local law = law_text(r)
    local e = r.e or 0
    local s = S0 > 0 and 1 or S0 < 0 and -1 or (B3 > 0 and -1 or B3 < 0 and 1 or 1)

    -- The box: the paths with room around them, and Q (stick meets C = 0) when near.
    local ymax, xmin, xmax = 0, 0, 0
    for _, ri in ipairs(list) do
      for _, v in ipairs(ri.path) do
        ymax = math.max(ymax, v.Py)
        xmin, xmax = math.min(xmin, v.Px), math.max(xmax, v.Px)
      end
    end
    local D = B1 * B2 - B3 * B3
    local PxQ, PyQ = -(B2 * S0 + B3 * C0) / D, -(B1 * C0 + B3 * S0) / D
    if PyQ > 0 and PyQ < 2 * math.max(ymax, 1e-300) then
      ymax = math.max(ymax, PyQ)
      xmin, xmax = math.min(xmin, PxQ), math.max(xmax, PxQ)
    end
    if ymax <= 0 then ymax = C0 < 0 and -C0 / B2 or 1 end
    local y1 = 1.25 * ymax
    local half = math.max((xmax - xmin) / 2 * 1.3, 0.45 * y1)
    local xc = (xmin + xmax) / 2
    local x0, x1 = xc - half, xc + half
    if opts.xrange then x0, x1 = opts.xrange[1], opts.xrange[2] end
    if opts.yrange then y1 = opts.yrange[2] end

    local lines = {
      { "S: sticking line (S = 0)", B1, -B3, S0, "#1a9850", "lw 2" },
      { "C: maximum compression (C = 0)", -B3, B2, C0, "#4575b4", "lw 2" },
    }
    local multi = #list > 1
    if law == "newton" then
      lines[#lines + 1] = { string.format("T: Newton termination (C = -e C0, e = %g)", e), -B3, B2, (1 + e) * C0, "#984ea3", "lw 2 dt 2" }
    end
    local fric = { "#d73027", "#fdae61", "#e7298a", "#66c2a5" }
    for i, ri in ipairs(list) do
      local mu = ri.mu_k or ri.mu or 0
      local mus = ri.mu_s or mu
      local tag = multi and string.format(" (mu = %g)", mu) or string.format(", mu = %g", mu)
      -- One path: red friction lines; several: each in its path's colour.
      local col = multi and PATH_COLORS[(i - 1) % #PATH_COLORS + 1] or fric[1]
      local ei = ri.e or e
      if law_text(ri) == "poisson" and finite(ri.Pc) and ri.Pc > 0 then
        lines[#lines + 1] = { string.format("T: Poisson termination Py = (1+e) Pc, e = %g%s", ei, multi and tag or ""),
          0, 1, -(1 + ei) * ri.Pc, multi and col or "#984ea3", "lw 2 dt 2" }
      end
      if mu > 0 then
        lines[#lines + 1] = { string.format("L: limiting friction Px = %s mu Py%s", s > 0 and "-" or "+", tag), 1, s * mu, 0, col, "lw 1.5" }
        lines[#lines + 1] = { "RF: reversed limiting friction" .. tag, 1, -s * mu, 0, multi and col or fric[2], "lw 1.5 dt 3" }
        if mus > mu then
          lines[#lines + 1] = { string.format("static friction cone (mu_s = %g)", mus), 1, mus, 0, "#7f7f7f", "lw 1 dt 4" }
          lines[#lines + 1] = { "", 1, -mus, 0, "#7f7f7f", "lw 1 dt 4" }
        end
      elseif i == 1 then
        lines[#lines + 1] = { "frictionless (Px = 0)", 1, 0, 0, col, "lw 1.5" }
      end
    end

    local blocks, plots = {}, {}
    for i, ri in ipairs(list) do
      local rows = {}
      for j, v in ipairs(ri.path) do rows[j] = { v.Px, v.Py, v.event or "" } end
      blocks[i] = { comment = string.format("path %d (mode %s, mu = %g): Px Py event", i,
        tostring(ri.mode), ri.mu_k or ri.mu or 0), rows = rows }
    end
    for _, l in ipairs(lines) do
      local seg = clip(l[2], l[3], l[4], x0, x1, 0, y1)
      blocks[#blocks + 1] = { comment = (l[1] ~= "" and l[1] or "static friction cone") ..
        string.format(": %s*Px + %s*Py + %s = 0", gp.num(l[2]), gp.num(l[3]), gp.num(l[4])), rows = seg }
      plots[#plots + 1] = string.format("data index %d with lines %s lc rgb %s %s", #blocks - 1, l[6],
        gp.str(l[5]), l[1] ~= "" and ("title " .. gp.str(l[1])) or "notitle")
    end
    if opts.ellipse then
      blocks[#blocks + 1] = { comment = "energy ellipse dT = 0 (inside: energy lost)", rows = ellipse(B1, B2, B3, S0, C0) }
      plots[#plots + 1] = string.format("data index %d with lines lw 1.5 dt 2 lc rgb \"#636363\" title \"dT = 0 (energy lost inside)\"", #blocks - 1)
    end
    for i, ri in ipairs(list) do
      local label = #list > 1 and string.format("path, mu = %g: %s", ri.mu_k or ri.mu or 0, tostring(ri.mode)) or "impulse path"
      plots[#plots + 1] = string.format("data index %d using 1:2 with linespoints lw 3 pt 7 ps 1.3 lc rgb %s title %s",
        i - 1, gp.str(PATH_COLORS[(i - 1) % #PATH_COLORS + 1]), gp.str(label))
      plots[#plots + 1] = string.format("data index %d using 1:2:3 with labels left offset char 0.8,0.6 font \",10\" notitle", i - 1)
    end

    local mus = {}
    for i, ri in ipairs(list) do mus[i] = string.format("%g", ri.mu_k or ri.mu or 0) end
    local title = opts.title or string.format("Impulse space: %s, %s law, e = %g, mu = %s  (B1 = %.4g, B2 = %.4g, B3 = %.4g, S0 = %.4g, C0 = %.4g)",
      #list == 1 and tostring(r.mode) or (#list .. " paths"), law, e, table.concat(mus, ", "), B1, B2, B3, S0, C0)
    local body = {
      "set title " .. gp.str(title) .. " font \",10\"",
      "set xlabel \"P_x (tangential impulse on body 1)\"",
      "set ylabel \"P_y (normal impulse)\"",
      "set size ratio -1",
      string.format("set xrange [%s:%s]", gp.num(x0), gp.num(x1)),
      string.format("set yrange [0:%s]", gp.num(y1)),
      "set grid lc rgb \"#e0e0e0\"",
      "set key outside below font \",9\"",
      "set zeroaxis lt 1 lc rgb \"#909090\"",
      "plot " .. table.concat(plots, ", \\\n     "),
    }
    return gp.render(F, opts.out or "path.png", {
      what = "impact.plot.path: Routh's impulse-space diagram", blocks = blocks, body = body,
      size = opts.size, run = opts.run, command = plot.gnuplot })
  end

end
