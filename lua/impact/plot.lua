-- impact.plot: figures through gnuplot. Each function writes NAME.dat (the
-- data), NAME.gp (an editable gnuplot script) and renders NAME.png and
-- NAME.svg; it returns {png =, svg =, script =, data =}.
--   path(result2d)      Routh's impulse-space diagram (WM92 figs 2, 7-10)
--   map(sweep, opts)    mode maps with a legend, scalar maps with a colour bar
--   hodograph(result3d) the slip-velocity path of an exact 3D result
local gp = require("impact.study.gnuplot")

local MODES = { "none", "sliding", "C-sticking", "R-sticking", "C-reversed", "R-reversed", "error" }
local MODE_COLOR = {
  none = "#bdbdbd", sliding = "#4575b4", ["C-sticking"] = "#1a9850", ["R-sticking"] = "#a6d96a",
  ["C-reversed"] = "#d73027", ["R-reversed"] = "#fdae61", error = "#000000",
}
local CYCLE = { "#4575b4", "#d73027", "#1a9850", "#fdae61", "#984ea3", "#a6d96a", "#7f7f7f", "#e7298a" }
local VIRIDIS = "set palette defined (0 '#440154', 1 '#3b528b', 2 '#21908d', 3 '#5dc863', 4 '#fde725')"

-- A column name as literal text in gnuplot's enhanced mode ("_" is a subscript there).
local function literal(name) return (tostring(name):gsub("_", "\\_")) end

local function finite(x) return type(x) == "number" and x == x and math.abs(x) ~= math.huge end

local function opt_table(fname, opts)
  if opts == nil then return {} end
  if type(opts) ~= "table" then error(fname .. ": options must be a table, got " .. type(opts), 0) end
  return opts
end

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

local function law_text(r)
  local law = type(r.law) == "string" and r.law or (r.law and "custom" or "poisson")
  return law
end

return function(impact)
  local plot = { gnuplot = "gnuplot" }   -- the command run on the scripts
  impact.plot = plot

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

  local function column(F, s, key, what)
    local col = s.columns[key]
    if type(col) ~= "table" then
      error(string.format("%s: field '%s' must name a column of the sweep (columns: %s), got %s",
        F, what, table.concat(s.names or {}, ", "), tostring(key)), 0)
    end
    return col
  end

  -- Edges between neighbouring grid values: value -> {lo, hi}.
  local function cells(values)
    local u, seen = {}, {}
    for _, v in ipairs(values) do
      if finite(v) and not seen[v] then seen[v] = true u[#u + 1] = v end
    end
    table.sort(u)
    local out = {}
    for i, v in ipairs(u) do
      local lo = i > 1 and (u[i - 1] + v) / 2 or (u[2] and v - (u[2] - v) / 2 or v - 0.5)
      local hi = i < #u and (v + u[i + 1]) / 2 or (u[i - 1] and v + (v - u[i - 1]) / 2 or v + 0.5)
      out[v] = { lo, hi }
    end
    return out, #u, u
  end

  -- Evenly spaced sorted values (a grid gnuplot can draw as an image).
  local function even(u)
    if #u < 2 then return false end
    local d = (u[#u] - u[1]) / (#u - 1)
    for i = 2, #u do
      if math.abs(u[i] - u[i - 1] - d) > 1e-6 * math.abs(d) then return false end
    end
    return true
  end

  local function rgb(hex)
    return tonumber(hex:sub(2, 3), 16), tonumber(hex:sub(4, 5), 16), tonumber(hex:sub(6, 7), 16)
  end

  function plot.map(s, opts)
    local F = "plot.map"
    opts = opt_table(F, opts)
    if type(s) == "string" then s = impact.sweep_read(s) end
    if type(s) ~= "table" or type(s.columns) ~= "table" then
      error(F .. ": expected a sweep result (or its file), got " .. type(s), 0)
    end
    local xk, yk, ck = opts.x, opts.y, opts.color or "mode"
    local X, Y, Cv = column(F, s, xk, "x"), column(F, s, yk, "y"), column(F, s, ck, "color")
    local n = s.n or #X
    local categorical = false
    for i = 1, n do
      if type(Cv[i]) == "string" then categorical = true break end
    end
    local xc, nx, ux = cells(X)
    local yc, ny, uy = cells(Y)
    local tiles = opts.tiles
    if tiles == nil then tiles = nx > 1 and ny > 1 and nx * ny <= 2 * n end
    -- A complete, evenly spaced grid is drawn as an image (exact pixels, no
    -- seams); other grids as tiles, samples as dots.
    local order = {}
    local image = tiles and not opts.logx and not opts.logy and nx * ny == n and even(ux) and even(uy)
    if image then
      local seen = {}
      for i = 1, n do
        local key = X[i] .. "," .. Y[i]
        if seen[key] then image = false break end
        seen[key] = true
        order[i] = i
      end
      table.sort(order, function(a, b)
        if Y[a] ~= Y[b] then return Y[a] < Y[b] end
        return X[a] < X[b]
      end)
    end

    local blocks, plots = {}, {}
    local function row(i, extra)
      local x, y = X[i], Y[i]
      if not finite(x) or not finite(y) then return nil end
      local r = { x, y, xc[x][1], xc[x][2], yc[y][1], yc[y][2] }
      if extra ~= nil then r[7] = extra end
      return r
    end
    local style = tiles and "using 1:2:3:4:5:6 with boxxyerror fs solid 1.0 noborder"
      or "using 1:2 with points pt 7 ps 0.7"
    local body = {}
    if categorical then
      local cats, known = {}, {}
      for _, m in ipairs(MODES) do known[m] = true end
      local present = {}
      for i = 1, n do present[tostring(Cv[i])] = true end
      for _, m in ipairs(MODES) do if present[m] then cats[#cats + 1] = m end end
      local extra = {}
      for i = 1, n do
        local c = tostring(Cv[i])
        if not known[c] and not extra[c] then extra[c] = true cats[#cats + 1] = c end
      end
      local color, legend = {}, {}
      for k, cat in ipairs(cats) do
        color[cat] = MODE_COLOR[cat] or CYCLE[(k - 1) % #CYCLE + 1]
        legend[k] = string.format("%s = %s", cat, color[cat])
      end
      if image then
        local rows = {}
        for j, i in ipairs(order) do
          local r, g, b = rgb(color[tostring(Cv[i])])
          rows[j] = { X[i], Y[i], r, g, b }
        end
        blocks[1] = { comment = string.format("x y red green blue; %s: %s", ck, table.concat(legend, ", ")), rows = rows }
        plots[1] = "data index 0 using 1:2:3:4:5 with rgbimage notitle"
        for _, cat in ipairs(cats) do
          plots[#plots + 1] = string.format("keyentry with boxes fs solid 1.0 lc rgb %s title %s",
            gp.str(color[cat]), gp.str(cat == "" and "(none)" or literal(cat)))
        end
      else
        for k, cat in ipairs(cats) do
          local rows = {}
          for i = 1, n do
            if tostring(Cv[i]) == cat then rows[#rows + 1] = row(i) end
          end
          blocks[#blocks + 1] = { comment = string.format("%s = %s: x y xlo xhi ylo yhi", ck, cat), rows = rows }
          plots[#plots + 1] = string.format("data index %d %s lc rgb %s title %s", k - 1, style,
            gp.str(color[cat]), gp.str(cat == "" and "(none)" or literal(cat)))
        end
      end
      body[#body + 1] = "set key outside right top title " .. gp.str(literal(ck))
    else
      local rows = {}
      if image then
        for j, i in ipairs(order) do
          rows[j] = { X[i], Y[i], finite(Cv[i]) and Cv[i] or 0 / 0 }
        end
        blocks[1] = { comment = string.format("x y %s", ck), rows = rows }
        plots[1] = "data index 0 using 1:2:3 with image notitle"
      else
        for i = 1, n do
          if finite(Cv[i]) then rows[#rows + 1] = row(i, Cv[i]) end
        end
        blocks[1] = { comment = string.format("x y xlo xhi ylo yhi %s", ck), rows = rows }
        plots[1] = string.format("data index 0 %s lc palette notitle",
          tiles and "using 1:2:3:4:5:6:7 with boxxyerror fs solid 1.0 noborder" or "using 1:2:7 with points pt 7 ps 0.7")
      end
      body[#body + 1] = VIRIDIS
      body[#body + 1] = "set cblabel " .. gp.str(opts.clabel or literal(ck))
      if opts.crange then
        body[#body + 1] = string.format("set cbrange [%s:%s]", gp.num(opts.crange[1]), gp.num(opts.crange[2]))
      end
      body[#body + 1] = "unset key"
    end
    for i, l in ipairs(opts.lines or {}) do
      local rows = {}
      for j = 1, #l.x do rows[j] = { l.x[j], l.y[j] } end
      blocks[#blocks + 1] = { comment = "overlay: " .. (l.title or ("line " .. i)), rows = rows }
      plots[#plots + 1] = string.format("data index %d using 1:2 with lines lw 2 lc rgb %s %s",
        #blocks - 1, gp.str(l.color or "black"), l.title and ("title " .. gp.str(l.title)) or "notitle")
      if l.title and not categorical then body[#body] = "set key outside below" end
    end
    local xr = { math.huge, -math.huge }
    local yr = { math.huge, -math.huge }
    for _, v in pairs(xc) do xr[1], xr[2] = math.min(xr[1], v[1]), math.max(xr[2], v[2]) end
    for _, v in pairs(yc) do yr[1], yr[2] = math.min(yr[1], v[1]), math.max(yr[2], v[2]) end
    table.insert(body, 1, "set title " .. gp.str(opts.title or literal(string.format("%s over (%s, %s)", ck, xk, yk))))
    table.insert(body, 2, "set xlabel " .. gp.str(opts.xlabel or literal(xk)))
    table.insert(body, 3, "set ylabel " .. gp.str(opts.ylabel or literal(yk)))
    if tiles and xr[1] < xr[2] and yr[1] < yr[2] then
      table.insert(body, 4, string.format("set xrange [%s:%s]", gp.num(opts.xrange and opts.xrange[1] or xr[1]), gp.num(opts.xrange and opts.xrange[2] or xr[2])))
      table.insert(body, 5, string.format("set yrange [%s:%s]", gp.num(opts.yrange and opts.yrange[1] or yr[1]), gp.num(opts.yrange and opts.yrange[2] or yr[2])))
    end
    if opts.logx then body[#body + 1] = "set logscale x" end
    if opts.logy then body[#body + 1] = "set logscale y" end
    body[#body + 1] = "set tics out"
    body[#body + 1] = "plot " .. table.concat(plots, ", \\\n     ")
    return gp.render(F, opts.out or "map.png", {
      what = string.format("impact.plot.map: %s over (%s, %s), %d points", ck, xk, yk, n),
      blocks = blocks, body = body, size = opts.size, run = opts.run, command = plot.gnuplot })
  end

  function plot.hodograph(r, opts)
    local F = "plot.hodograph"
    opts = opt_table(F, opts)
    if type(r) ~= "table" then error(F .. ": expected a solve3d result, got " .. type(r), 0) end
    local h = r.hodograph
    -- solve3d gives columns {p = {...}, x = {...}, z = {...}}; a list of
    -- points {p, x, z} is accepted too.
    local P, X, Z
    if type(h) == "table" and type(h.p) == "table" and type(h.x) == "table" and type(h.z) == "table" then
      P, X, Z = h.p, h.x, h.z
    elseif type(h) == "table" and #h > 0 then
      P, X, Z = {}, {}, {}
      for i, v in ipairs(h) do
        P[i], X[i], Z[i] = v.p or v[1], v.x or v[2], v.z or v[3]
      end
    end
    if not P or #P == 0 then
      error(F .. ": field 'hodograph' must be a list of {p, x, z} (give a solve3d result with method = \"exact\")", 0)
    end
    local rows = {}
    for i = 1, #P do
      if not finite(P[i]) or not finite(X[i]) or not finite(Z[i]) then
        error(string.format("%s: field 'hodograph[%d]' must have numbers p, x, z", F, i), 0)
      end
      rows[i] = { X[i], Z[i], P[i] }
    end
    local blocks = {
      { comment = "slip velocity along the impact: vt_x vt_z p", rows = rows },
      { comment = "start", rows = { { rows[1][1], rows[1][2], "start" } } },
      { comment = "end", rows = { { rows[#rows][1], rows[#rows][2], "end" } } },
      { comment = "origin (no slip)", rows = { { 0, 0 } } },
    }
    local title = opts.title or string.format("Slip hodograph: mode %s, %s law", tostring(r.mode), law_text(r))
    local body = {
      "set title " .. gp.str(title),
      "set xlabel \"v_{t,x} (slip velocity, x)\"",
      "set ylabel \"v_{t,z} (slip velocity, z)\"",
      "set size ratio -1",
      "set grid lc rgb \"#e0e0e0\"",
      "set zeroaxis lt 1 lc rgb \"#909090\"",
      "set offsets graph 0.08, graph 0.08, graph 0.08, graph 0.08",
      "set key outside below",
      "plot data index 0 using 1:2 with lines lw 2.5 lc rgb \"#4575b4\" title \"slip path v_t(p)\", \\\n" ..
      "     data index 1 using 1:2 with points pt 7 ps 1.6 lc rgb \"#1a9850\" title \"start\", \\\n" ..
      "     data index 2 using 1:2 with points pt 9 ps 1.8 lc rgb \"#d73027\" title \"end\", \\\n" ..
      "     data index 3 using 1:2 with points pt 2 ps 2 lw 2 lc rgb \"black\" title \"v_t = 0 (sticking)\"",
    }
    return gp.render(F, opts.out or "hodograph.png", {
      what = "impact.plot.hodograph: slip velocity path of an exact 3D result", blocks = blocks,
      body = body, size = opts.size, run = opts.run, command = plot.gnuplot })
  end
end
