-- impact.plot.map: a sweep over two columns, coloured by a categorical
-- column (modes in fixed colours, with a legend) or a numeric one (colour bar).
local gp = require("impact.plot.gnuplot")
local lib = require("impact.plot.lib")
local finite, literal, opt_table, symbol = lib.finite, lib.literal, lib.opt_table, lib.symbol
local CHAR_W, LINE_H = lib.CHAR_W, lib.LINE_H
local MODES, VIRIDIS = lib.MODES, lib.VIRIDIS

local M = {}

local function column(F, s, key, what)
  local col = s.columns[key]
  if type(col) ~= "table" then
    error(string.format("%s: field '%s' must name a column of the sweep (columns: %s), got %s",
      F, what, table.concat(s.names or {}, ", "), tostring(key)), 0)
  end
  return col
end

-- Edges between neighbouring grid values: value -> {lo, hi}; halfway
-- between neighbours, or on a logarithmic axis (log = true) at their
-- geometric mean, so that the cells meet on the axis as drawn.
local function cells(values, log)
  local u, seen = {}, {}
  for _, v in ipairs(values) do
    if finite(v) and not seen[v] then seen[v] = true u[#u + 1] = v end
  end
  table.sort(u)
  local out = {}
  for i, v in ipairs(u) do
    local lo, hi
    if log then
      lo = i > 1 and math.sqrt(u[i - 1] * v) or (u[2] and v / math.sqrt(u[2] / v) or v / 1.5)
      hi = i < #u and math.sqrt(v * u[i + 1]) or (u[i - 1] and v * math.sqrt(v / u[i - 1]) or v * 1.5)
    else
      lo = i > 1 and (u[i - 1] + v) / 2 or (u[2] and v - (u[2] - v) / 2 or v - 0.5)
      hi = i < #u and (v + u[i + 1]) / 2 or (u[i - 1] and v + (v - u[i - 1]) / 2 or v + 0.5)
    end
    out[v] = { lo, hi }
  end
  return out, #u, u
end

-- Tiles are widened on their upper sides by some 0.75 pixel (of the
-- plot area, about 70 % of the canvas), so that neighbours overlap: filled
-- boxes that only touch leave antialiased white seams between them.
local function widen(c, u, log, pixels)
  if #u < 1 then return end
  local lo, hi = c[u[1]][1], c[u[#u]][2]
  for _, v in ipairs(u) do
    local e = c[v]
    if log then e[3] = e[2] * (hi / lo) ^ (0.75 / pixels) else e[3] = e[2] + (hi - lo) * 0.75 / pixels end
  end
end

-- A logarithmic axis needs positive values.
local function check_log(F, V, axis, name, n)
  for i = 1, n do
    if finite(V[i]) and V[i] <= 0 then
      error(string.format("%s: option 'log%s' needs positive values of column '%s', got %s at row %d",
        F, axis, tostring(name), gp.num(V[i]), i), 0)
    end
  end
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

-- The sweep to draw: a result, or its CSV or JSON file read back.
local function sweep_of(F, s)
  if type(s) == "string" then s = require("impact.sweep.merge").sweep_read(s) end
  if type(s) ~= "table" or type(s.columns) ~= "table" then
    error(F .. ": argument 1 must be a sweep result (or its CSV or JSON file), got " .. type(s), 0)
  end
  return s
end

-- The cells of the grid (m.xc, m.yc: value -> {lo, value, hi}), tiles or
-- dots, and whether a complete, evenly spaced grid is drawn as an image
-- (exact pixels, no seams; m.order: its points row by row); other grids
-- are drawn as tiles, samples as dots.
local function layout(m, opts)
  local X, Y, n = m.X, m.Y, m.n
  local xc, nx, ux = cells(X, opts.logx)
  local yc, ny, uy = cells(Y, opts.logy)
  local size = m.size
  widen(xc, ux, opts.logx, 0.7 * size[1])
  widen(yc, uy, opts.logy, 0.7 * size[2])
  local tiles = opts.tiles
  if tiles == nil then tiles = nx > 1 and ny > 1 and nx * ny <= 2 * n end
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
  m.xc, m.yc, m.tiles, m.image, m.order = xc, yc, tiles, image, order
end

-- A tile's or dot's data row: x y xlo xhi ylo yhi [extra]; nil off the axes.
local function row(m, i, extra)
  local x, y = m.X[i], m.Y[i]
  if not finite(x) or not finite(y) then return nil end
  local r = { x, y, m.xc[x][1], m.xc[x][3], m.yc[y][1], m.yc[y][3] }
  if extra ~= nil then r[7] = extra end
  return r
end

-- The categories present: the modes in their fixed order, then the others
-- in name order, so that the legend reads the same whatever order they
-- come in.
local function categories(Cv, n)
  local cats, known = {}, {}
  for _, m in ipairs(MODES) do known[m] = true end
  local present = {}
  for i = 1, n do present[tostring(Cv[i])] = true end
  for _, m in ipairs(MODES) do if present[m] then cats[#cats + 1] = m end end
  local extra, others = {}, {}
  for i = 1, n do
    local c = tostring(Cv[i])
    if not known[c] and not extra[c] then extra[c] = true others[#others + 1] = c end
  end
  table.sort(others)
  for _, c in ipairs(others) do cats[#cats + 1] = c end
  return cats
end

-- A categorical colour column: one colour per category, with a legend.
local function categorical_layers(m)
  local Cv, n, ck, blocks, plots = m.Cv, m.n, m.ck, m.blocks, m.plots
  local cats = categories(Cv, n)
  local color, legend = lib.category_colors(cats), {}
  for k, cat in ipairs(cats) do legend[k] = string.format("%s = %s", cat, color[cat]) end
  if m.image then
    local rows = {}
    for j, i in ipairs(m.order) do
      local r, g, b = rgb(color[tostring(Cv[i])])
      rows[j] = { m.X[i], m.Y[i], r, g, b }
    end
    blocks[1] = { comment = string.format("x y red green blue; %s: %s", ck, table.concat(legend, ", ")), rows = rows }
    plots[1] = "data index 0 using 1:2:3:4:5 with rgbimage notitle"
    for _, cat in ipairs(cats) do
      plots[#plots + 1] = string.format("keyentry with boxes fs solid 1.0 lc rgb %s title %s",
        gp.str(color[cat]), gp.str(cat == "" and "(none)" or literal(cat)))
    end
    m.keys = cats
  else
    for k, cat in ipairs(cats) do
      local rows = {}
      for i = 1, n do
        if tostring(Cv[i]) == cat then rows[#rows + 1] = row(m, i) end
      end
      blocks[#blocks + 1] = { comment = string.format("%s = %s: x y xlo xhi ylo yhi", ck, cat), rows = rows }
      plots[#plots + 1] = string.format("data index %d %s lc rgb %s title %s", k - 1, m.style,
        gp.str(color[cat]), gp.str(cat == "" and "(none)" or literal(cat)))
    end
    m.keys = cats
  end
  -- The legend beside the map where it leaves the map 60 % of the width,
  -- else below it in rows (on a column's width it overprinted the map).
  local long = #ck
  for _, c in ipairs(cats) do long = math.max(long, utf8.len(c) or #c) end
  m.keyw = (long + 6) * CHAR_W
  if m.keyw < 0.25 * m.size[1] then
    m.body[#m.body + 1] = "set key outside right top title " .. gp.str(symbol(ck))
    m.right = m.keyw
  else
    -- (untitled: its title met the x label; the map's title names the column)
    local titles = {}
    for i, c in ipairs(cats) do titles[i] = literal(c) end
    local key, margin, rows = lib.key_below(titles, m.size, 1.5)
    m.body[#m.body + 1] = key
    m.bmargin, m.keyrows = margin, rows
  end
end

-- A numeric colour column: the viridis palette with a colour bar.
local function scalar_layers(m, opts)
  local Cv, n, ck, body = m.Cv, m.n, m.ck, m.body
  local rows = {}
  if m.image then
    for j, i in ipairs(m.order) do
      rows[j] = { m.X[i], m.Y[i], finite(Cv[i]) and Cv[i] or 0 / 0 }
    end
    m.blocks[1] = { comment = string.format("x y %s", ck), rows = rows }
    m.plots[1] = "data index 0 using 1:2:3 with image notitle"
  else
    for i = 1, n do
      if finite(Cv[i]) then rows[#rows + 1] = row(m, i, Cv[i]) end
    end
    m.blocks[1] = { comment = string.format("x y xlo xhi ylo yhi %s", ck), rows = rows }
    m.plots[1] = string.format("data index 0 %s lc palette notitle",
      m.tiles and "using 1:2:3:4:5:6:7 with boxxyerror fs solid 1.0 noborder" or "using 1:2:7 with points pt 7 ps 0.7")
  end
  body[#body + 1] = VIRIDIS
  m.clabel = lib.text(opts, opts.clabel) or symbol(ck)
  body[#body + 1] = "set cblabel " .. gp.str(m.clabel)
  m.clabel_at = #body
  -- The colour bar spans the data (gnuplot's autoscale rounds out to
  -- whole tics: -0.2..1 for data in 0..1), unless crange says otherwise.
  local lo, hi = math.huge, -math.huge
  for i = 1, n do
    if finite(Cv[i]) then lo, hi = math.min(lo, Cv[i]), math.max(hi, Cv[i]) end
  end
  if opts.crange then lo, hi = opts.crange[1], opts.crange[2] end
  if lo < hi then
    body[#body + 1] = string.format("set cbrange [%s:%s]", gp.num(lo), gp.num(hi))
  end
  -- Room on the right for the colour box, its tic labels and the label
  -- (gnuplot's own margin leaves the label out); the box narrow, its tics
  -- spaced for their labels.
  body[#body + 1] = string.format("set rmargin %d", 10 + lib.tic_width(lo, hi))
  m.rmargin_at, m.rmargin = #body, 10 + lib.tic_width(lo, hi)
  body[#body + 1] = "set colorbox user origin graph 1.03, graph 0 size character 1.5, graph 1"
  m.right = (10 + lib.tic_width(lo, hi)) * CHAR_W
  m.cb = { lo, hi }
  body[#body + 1] = "unset key"
end

-- The overlaid lines (opts.lines); keyline: the body's line of the key.
local function overlays(m, opts, keyline)
  local blocks, plots, titled = m.blocks, m.plots, {}
  for i, l in ipairs(opts.lines or {}) do
    local rows = {}
    for j = 1, #l.x do rows[j] = { l.x[j], l.y[j] } end
    blocks[#blocks + 1] = { comment = "overlay: " .. (l.title or ("line " .. i)), rows = rows }
    plots[#plots + 1] = string.format("data index %d using 1:2 with lines lw %s%s lc rgb %s %s",
      #blocks - 1, gp.num(l.width or 2), lib.dash_type(l.dash),
      gp.str(l.color or "black"), l.title and ("title " .. gp.str(lib.text(opts, l.title))) or "notitle")
    if l.title then titled[#titled + 1] = lib.text(opts, l.title) end
  end
  if #titled > 0 then
    -- titled overlays: the legend goes below the map, leaving it its width
    -- (the categories' entries first)
    local all = {}
    for _, c in ipairs(m.keys or {}) do all[#all + 1] = literal(c) end
    for _, t in ipairs(titled) do all[#all + 1] = t end
    local key, margin, rows = lib.key_below(all, m.size)
    m.body[keyline] = key
    m.bmargin, m.keyrows = margin, rows
    if not m.cb then m.right = nil end
  end
end

-- The title, axis labels and (for tiles) ranges first; the log scales,
-- tics and the plot command last.
local function frame(m, opts, xk, yk)
  local body = m.body
  local xr = { math.huge, -math.huge }
  local yr = { math.huge, -math.huge }
  for _, v in pairs(m.xc) do xr[1], xr[2] = math.min(xr[1], v[1]), math.max(xr[2], v[2]) end
  for _, v in pairs(m.yc) do yr[1], yr[2] = math.min(yr[1], v[1]), math.max(yr[2], v[2]) end
  local title = lib.text(opts, opts.title) or string.format("%s over (%s, %s)", symbol(m.ck), symbol(xk), symbol(yk))
  title = lib.title(title, m.size)
  table.insert(body, 1, "set title " .. gp.str(title))
  -- the axis labels wrapped too (x to the canvas' width, y to its height)
  -- (both centred on the plot, the x label right of the y tics)
  local xlabel = lib.wrap(lib.text(opts, opts.xlabel) or symbol(xk), math.max(20, math.floor((m.size[1] - 100) / CHAR_W)))
  local lines = select(2, title:gsub("\n", "")) + 1
  local xl = select(2, xlabel:gsub("\n", ""))
  local frame = (lines + xl + 6 + (m.keyrows or 0)) * LINE_H
  local pw0 = m.size[1] - 8 * CHAR_W - (m.right or 2 * CHAR_W)
  -- a preset's height: room for the map (half its width at least) and
  -- for the legend's rows beside it (gnuplot drops a legend taller than
  -- the plot: "difficulty fitting plot titles into key")
  if type(opts.size) == "string" then
    m.size[2] = math.max(m.size[2], math.floor(frame + math.max(0.5 * pw0, ((m.keyrows or 0) + 1) * LINE_H) + 0.5))
  end
  local ph = m.size[2] - frame
  local ylabel = lib.wrap(lib.text(opts, opts.ylabel) or symbol(yk), math.max(20, math.floor(ph / CHAR_W)))
  if m.clabel then
    -- the colour bar's label wrapped to the plot's height, the margin
    -- widened for its lines (a long one ran off the canvas)
    local cl = lib.wrap(m.clabel, math.max(20, math.floor(ph / CHAR_W)))
    local extra = select(2, cl:gsub("\n", ""))
    -- (indices one on: the title is in front)
    body[m.clabel_at + 1] = "set cblabel " .. gp.str(cl)
    body[m.rmargin_at + 1] = string.format("set rmargin %d", m.rmargin + 2 * extra)
  end
  table.insert(body, 2, "set xlabel " .. gp.str(xlabel))
  table.insert(body, 3, "set ylabel " .. gp.str(ylabel))
  if m.tiles and xr[1] < xr[2] and yr[1] < yr[2] then
    table.insert(body, 4, string.format("set xrange [%s:%s]", gp.num(opts.xrange and opts.xrange[1] or xr[1]), gp.num(opts.xrange and opts.xrange[2] or xr[2])))
    table.insert(body, 5, string.format("set yrange [%s:%s]", gp.num(opts.yrange and opts.yrange[1] or yr[1]), gp.num(opts.yrange and opts.yrange[2] or yr[2])))
  end
  if opts.logx then body[#body + 1] = "set logscale x" end
  if opts.logy then body[#body + 1] = "set logscale y" end
  body[#body + 1] = "set tics out"
  -- Tics spaced for their labels on the plot area: the canvas less the
  -- y tics and label, the legend or colour bar, the title, the x tics and
  -- label and the legend's rows.
  local x0, x1 = opts.xrange and opts.xrange[1] or xr[1], opts.xrange and opts.xrange[2] or xr[2]
  local y0, y1 = opts.yrange and opts.yrange[1] or yr[1], opts.yrange and opts.yrange[2] or yr[2]
  local pw = m.size[1] - (lib.tic_width(y0, y1) + 5) * CHAR_W - (m.right or 2 * CHAR_W)
  if m.bmargin then
    body[#body + 1] = xl > 0 and m.bmargin:gsub("%d+", function(d) return tostring(tonumber(d) + xl) end) or m.bmargin
  end
  body[#body + 1] = lib.tics("x", x0, x1, pw, opts.logx)
  body[#body + 1] = lib.tics("y", y0, y1, ph, opts.logy)
  if m.cb then body[#body + 1] = lib.tics("cb", m.cb[1], m.cb[2], ph) end
  body[#body + 1] = "plot " .. table.concat(m.plots, ", \\\n     ")
end

function M.map(s, opts)
  local F = "plot.map"
  opts = opt_table(F, opts)
  s = sweep_of(F, s)
  local xk, yk, ck = opts.x, opts.y, opts.color or "mode"
  local X, Y, Cv = column(F, s, xk, "x"), column(F, s, yk, "y"), column(F, s, ck, "color")
  local n = s.n or #X
  local categorical = false
  for i = 1, n do
    if type(Cv[i]) == "string" then categorical = true break end
  end
  if opts.logx then check_log(F, X, "x", xk, n) end
  if opts.logy then check_log(F, Y, "y", yk, n) end
  -- What the stages share: the columns, the cells, the blocks, the plot
  -- clauses and the script's body.
  local out = opts.out or "map.png"
  local m = { X = X, Y = Y, Cv = Cv, n = n, ck = ck, blocks = {}, plots = {}, body = {},
    size = gp.size_of(F, opts.size, out, { 900, 700 }) }
  layout(m, opts)
  m.style = m.tiles and "using 1:2:3:4:5:6 with boxxyerror fs solid 1.0 noborder"
    or "using 1:2 with points pt 7 ps 0.7"
  if categorical then categorical_layers(m) else scalar_layers(m, opts) end
  overlays(m, opts, #m.body)
  frame(m, opts, xk, yk)
  return gp.render(F, out, {
    what = string.format("impact.plot.map: %s over (%s, %s), %d points", ck, xk, yk, n),
    blocks = m.blocks, body = m.body, size = m.size, run = opts.run, command = require("impact.plot").gnuplot })
end

return M
