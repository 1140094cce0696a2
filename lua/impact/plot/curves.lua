-- impact.plot.curves: named curves y(x) on one pair of axes with a legend,
-- given either as a list of curves {x =, y =} (the models' answers over a
-- parameter, as the multi-contact examples draw them) or as columns of a
-- sweep against one of its columns; with shaded bands of x (where
-- something happens: a gain of energy, a mode) and overlay lines.
local gp = require("impact.plot.gnuplot")
local lib = require("impact.plot.lib")
local finite, literal, opt_table, symbol = lib.finite, lib.literal, lib.opt_table, lib.symbol

local M = {}
local F = "plot.curves"

local STYLES = { lines = true, points = true, linespoints = true }

local function bad(name, want, v)
  error(string.format("%s: option '%s' must be %s, got %s", F, name, want,
    type(v) == "table" and "a table" or type(v) == "string" and string.format("%q", v) or tostring(v)), 0)
end

-- A curve of the list form: check_line's fields plus style, a point type
-- and label (its legend text, as title).
local function check_curve(i, c)
  lib.check_line(F, i, c, "curves")
  local at = string.format("curves[%d]", i)
  if c.label ~= nil and type(c.label) ~= "string" then
    error(string.format("%s: field '%s.label' must be a string, got %s", F, at, tostring(c.label)), 0)
  end
  if c.style ~= nil and not STYLES[c.style] then
    error(string.format("%s: field '%s.style' must be \"lines\", \"points\" or \"linespoints\", got %s",
      F, at, tostring(c.style)), 0)
  end
  if c.point ~= nil and not (type(c.point) == "number" and math.tointeger(c.point) and c.point >= 1) then
    error(string.format("%s: field '%s.point' must be a gnuplot point type (1, 2, ...), got %s",
      F, at, tostring(c.point)), 0)
  end
end

-- A numeric column of the sweep, named by option `what`.
local function column(s, key, what)
  local col = type(key) == "string" and s.columns[key] or nil
  if type(col) ~= "table" then
    error(string.format("%s: field '%s' must name a column of the sweep (columns: %s), got %s",
      F, what, table.concat(s.names or {}, ", "), tostring(key)), 0)
  end
  for i = 1, s.n or #col do
    if col[i] ~= nil and type(col[i]) ~= "number" then
      error(string.format("%s: field '%s' must name a numeric column, '%s' holds %q at row %d",
        F, what, key, tostring(col[i]), i), 0)
    end
  end
  return col
end

-- The sweep form as a list of curves: opts.y is one column name, or a list
-- of curves, each a column name or {column, label =, color =, dash =,
-- width =} (title = is label's old name); x is the column opts.x, the
-- points in increasing x. group = "column": one curve per value of that
-- column (and per y), titled by the value, in the order of first
-- appearance. The laws and modes keep plot.map's colours.
local function gstr(v) return type(v) == "number" and string.format("%g", v) or tostring(v) end

local function sweep_curves(s, opts)
  local ys = type(opts.y) == "string" and { opts.y } or opts.y
  if type(ys) ~= "table" or #ys == 0 then bad("y", "a column name or a list of curves", opts.y) end
  -- y first: a y that names no column is blamed on y, whatever x is
  local cols = {}
  for k, c in ipairs(ys) do
    local at = type(opts.y) == "string" and "y" or string.format("y[%d]", k)
    if type(c) == "string" then c = { c } end
    if type(c) ~= "table" then bad(at, "a column name or {column, label =, color =, dash =, width =}", c) end
    -- a misspelt key is named; the style checks of plot.map's overlays name y[k].dash, ...
    local keys = {}
    for key, v in pairs(c) do if key ~= 1 then keys[key] = v end end
    local msg = require("impact.core")._check_fields(F .. ": " .. at, keys, { "color", "dash", "label", "title", "width" })
    if msg then error(msg, 0) end
    lib.check_style(F, at, c)
    if c.label ~= nil and type(c.label) ~= "string" then bad(at .. ".label", "a string", c.label) end
    cols[k] = { c = c, Y = column(s, c[1], at) }
  end
  local X = column(s, opts.x, "x")
  local n = s.n or #X
  local G
  if opts.group then
    G = s.columns[opts.group]
    if type(G) ~= "table" then
      error(string.format("%s: option 'group' must name a column of the sweep (columns: %s), got %q",
        F, table.concat(s.names or {}, ", "), opts.group), 0)
    end
  end
  -- the groups: the values of the group column in order of appearance
  local groups, gseen = {}, {}
  for i = 1, n do
    local g = G and gstr(G[i]) or ""
    if not gseen[g] then gseen[g] = true groups[#groups + 1] = g end
  end
  local order = {}
  for i = 1, n do if finite(X[i]) then order[#order + 1] = i end end
  table.sort(order, function(a, b) return X[a] < X[b] end)
  local out, names, keys = {}, {}, {}
  for k, col in ipairs(cols) do
    local c = col.c
    names[k] = c[1]
    for _, g in ipairs(groups) do
      local x, y = {}, {}
      for _, i in ipairs(order) do
        if not G or gstr(G[i]) == g then x[#x + 1], y[#y + 1] = X[i], col.Y[i] end
      end
      local title = lib.text(opts, c.label or c.title) or symbol(c[1])
      if G then
        title = (#cols > 1 and (title .. ", ") or "") .. (G and type(G[1]) == "number" and (symbol(opts.group) .. " = " .. g) or literal(g))
      end
      local key = G and (#cols > 1 and (c[1] .. "/" .. g) or g) or c[1]
      out[#out + 1] = { x = x, y = y, title = title, color = c.color, dash = c.dash,
                        width = c.width, column = key }
      keys[#keys + 1] = key
    end
  end
  local color = lib.category_colors(keys)
  for _, c in ipairs(out) do c.color = c.color or color[c.column] end
  return out, names, n
end

-- bands: a list of {lo, hi, title =, color =} (lo < hi, numbers).
local function check_bands(bands)
  if bands == nil then return {} end
  if type(bands) ~= "table" then bad("bands", "a list of {lo, hi, title =, color =}", bands) end
  for i, b in ipairs(bands) do
    local at = string.format("bands[%d]", i)
    if type(b) ~= "table" or not finite(b[1]) or not finite(b[2]) or not (b[1] < b[2]) then
      bad(at, "{lo, hi} with numbers lo < hi", b)
    end
    if b.title ~= nil and type(b.title) ~= "string" then bad(at .. ".title", "a string", b.title) end
    if b.color ~= nil and type(b.color) ~= "string" then bad(at .. ".color", "a colour name or \"#rrggbb\"", b.color) end
  end
  return bands
end

-- One data block per curve; a point that cannot be drawn (NaN, or not
-- positive on a logarithmic axis) leaves a blank line: the curve breaks
-- there instead of joining across it.
local function curve_rows(c, opts)
  local rows, gap = {}, false
  for j = 1, #c.x do
    local x, y = c.x[j], c.y[j]
    if finite(x) and finite(y) and not (opts.logy and y <= 0) and not (opts.logx and x <= 0) then
      rows[#rows + 1] = { x, y }
      gap = false
    elseif not gap and #rows > 0 then
      rows[#rows + 1] = {}
      gap = true
    end
  end
  if gap then rows[#rows] = nil end   -- nothing after the break
  return rows
end

-- The line spec of curve i: its style, colour (else the cycle's), width,
-- dash and point type.
local function spec(i, c)
  local style = c.style or "lines"
  local color = c.color or lib.CYCLE[(i - 1) % #lib.CYCLE + 1]
  local s = string.format("with %s lw %s lc rgb %s%s", style, gp.num(c.width or 2), gp.str(color),
    lib.dash_type(c.dash))
  if style ~= "lines" then s = s .. string.format(" pt %d ps 1.3", c.point or (i - 1) % 13 + 1) end
  return s
end

-- The legend's titles: the curves', the titled bands' (one per title) and
-- the titled overlays'.
local function legend_titles(curves, opts)
  local t, seen = {}, {}
  for _, c in ipairs(curves) do t[#t + 1] = c.title or "" end
  for _, b in ipairs(opts.bands or {}) do
    if b.title and not seen[b.title] then seen[b.title] = true; t[#t + 1] = lib.text(opts, b.title) end
  end
  for _, l in ipairs(opts.lines or {}) do if l.title then t[#t + 1] = lib.text(opts, l.title) end end
  return t
end

-- The axes, legend and ranges.
local function frame(curves, opts, labels, size)
  -- on a column's width a legend inside the plot covers the curves: below
  local key = opts.key or "outside below"
  if size[1] < 480 and key ~= "outside right" then key = "outside below" end
  local title = lib.title(lib.text(opts, opts.title) or labels.title, size)
  -- the axis labels wrapped too (x to the canvas' width, y to its height)
  -- (centred on the plot, right of the y tics)
  local xlabel = lib.wrap(lib.text(opts, opts.xlabel) or labels.x, math.max(20, math.floor((size[1] - 100) / lib.CHAR_W)))
  local ylabel = lib.wrap(lib.text(opts, opts.ylabel) or labels.y, math.max(20, math.floor((size[2] - 160) / lib.CHAR_W)))
  local body = {
    "set title " .. gp.str(title),
    "set xlabel " .. gp.str(xlabel),
    "set ylabel " .. gp.str(ylabel),
    "set grid back lt 1 lw 1 lc rgb \"#e4e4e4\"",
    "set tics out",
  }
  local rows = 0
  if key == "outside below" then
    -- at the canvas' foot, in the columns that fit (gnuplot's own lays
    -- the legend under the axis over the x label)
    local line, margin
    line, margin, rows = lib.key_below(legend_titles(curves, opts), size)
    body[#body + 1] = line
    -- (a wrapped x label's lines too)
    local xl = select(2, xlabel:gsub("\n", ""))
    body[#body + 1] = xl > 0 and margin:gsub("%d+", function(d) return tostring(tonumber(d) + xl) end) or margin
  else
    body[#body + 1] = "set key " .. key
  end
  -- a legend beside the plot takes its width from the plot's
  local right = 0
  if key == "outside right" then
    for _, t in ipairs(legend_titles(curves, opts)) do right = math.max(right, (lib.textlen(t) + 6) * lib.CHAR_W) end
  end
  -- a preset's height: room for the plot (half its width at least) under
  -- the title, above the x label and the legend
  local tlines = title == "" and 0 or select(2, title:gsub("\n", "")) + 1
  local xlines = select(2, xlabel:gsub("\n", "")) + 1
  local pw = size[1] - right - 9 * lib.CHAR_W
  local frame = (tlines + xlines + 5 + rows) * lib.LINE_H
  -- (and the legend's rows beside it: gnuplot drops a legend taller than the plot)
  if type(opts.size) == "string" then size[2] = math.max(size[2], math.floor(frame + math.max(0.5 * pw, (rows + 1) * lib.LINE_H) + 0.5)) end
  -- tics spaced for their labels on the plot area (the canvas less the y
  -- tics and label, the title, the x tics and label and the legend)
  local x0, x1, y0, y1 = math.huge, -math.huge, math.huge, -math.huge
  for _, c in ipairs(curves) do
    for j = 1, #c.x do
      if finite(c.x[j]) and finite(c.y[j]) then
        x0, x1 = math.min(x0, c.x[j]), math.max(x1, c.x[j])
        y0, y1 = math.min(y0, c.y[j]), math.max(y1, c.y[j])
      end
    end
  end
  if opts.xrange then x0, x1 = opts.xrange[1], opts.xrange[2] end
  if opts.yrange then y0, y1 = opts.yrange[1], opts.yrange[2] end
  if not opts.xtics then
    body[#body + 1] = lib.tics("x", x0, x1, size[1] - right - (lib.tic_width(y0, y1) + 6) * lib.CHAR_W, opts.logx)
  end
  body[#body + 1] = lib.tics("y", y0, y1, size[2] - frame, opts.logy)
  if opts.logx then body[#body + 1] = "set logscale x" end
  if opts.logy then body[#body + 1] = "set logscale y" end
  if opts.xrange then body[#body + 1] = string.format("set xrange [%s:%s]", gp.num(opts.xrange[1]), gp.num(opts.xrange[2])) end
  if opts.yrange then body[#body + 1] = string.format("set yrange [%s:%s]", gp.num(opts.yrange[1]), gp.num(opts.yrange[2])) end
  -- equal scales on both axes (directions, angles: W86 fig 3.5's cones)
  if opts.equal then body[#body + 1] = "set size ratio -1" end
  if opts.xtics then
    local tics = {}
    for i, tic in ipairs(opts.xtics) do tics[i] = gp.str(tic[2]) .. " " .. gp.num(tic[1]) end
    body[#body + 1] = "set xtics (" .. table.concat(tics, ", ") .. ")"
  end
  return body
end

function M.curves(data, opts)
  opts = opt_table(F, opts)
  if type(data) == "string" then data = require("impact.sweep.merge").sweep_read(data) end
  if type(data) ~= "table" or (type(data.columns) ~= "table" and #data == 0) then
    error(F .. ": argument 1 must be a list of curves {x = {...}, y = {...}, title =} or a sweep result "
      .. "(or its CSV or JSON file), got " .. (type(data) == "table" and "an empty table" or type(data)), 0)
  end
  local curves, labels, what
  if type(data.columns) == "table" then
    local names, n
    curves, names, n = sweep_curves(data, opts)
    local list = table.concat(names, ", ")
    local syms = {}
    for i, k in ipairs(names) do syms[i] = symbol(k) end
    labels = { title = string.format("%s over %s%s", table.concat(syms, ", "), symbol(opts.x),
                 opts.group and (", by " .. symbol(opts.group)) or ""),
               x = symbol(opts.x), y = #names == 1 and symbol(names[1]) or "" }
    what = string.format("impact.plot.curves: %s against %s%s, %d points", list, opts.x,
      opts.group and (" by " .. opts.group) or "", n)
  else
    if opts.group then bad("group", "used with a sweep (a list of curves is grouped already)", opts.group) end
    curves = {}
    for i, c in ipairs(data) do
      check_curve(i, c)
      local t = c.label or c.title
      curves[i] = setmetatable({ title = t and lib.text(opts, t), raw = t }, { __index = c })
    end
    labels = { title = "", x = "x", y = "y" }
    what = "impact.plot.curves: " .. (opts.title or "curves")
  end
  local bands = check_bands(opts.bands)
  local out = opts.out or "curves.png"
  local size = gp.size_of(F, opts.size, out, { 900, 620 })
  local body, blocks, plots = frame(curves, opts, labels, size), {}, {}
  -- Bands behind the curves, spanning the plot's height; a titled band has
  -- a legend entry (one per title: bands of one meaning share it).
  local keyed = {}
  for i, b in ipairs(bands) do
    local c = b.color or "#fdae61"
    body[#body + 1] = string.format("set object %d rect from first %s, graph 0 to first %s, graph 1 behind fc rgb %s fs solid 0.35 noborder",
      i, gp.num(b[1]), gp.num(b[2]), gp.str(c))
    if b.title and not keyed[b.title] then
      keyed[b.title] = true
      plots[#plots + 1] = string.format("keyentry with boxes fs solid 0.35 noborder lc rgb %s title %s", gp.str(c), gp.str(lib.text(opts, b.title)))
    end
  end
  for i, c in ipairs(curves) do
    blocks[#blocks + 1] = { comment = (c.label or c.raw or c.title or ("curve " .. i)) .. ": x y", rows = curve_rows(c, opts) }
    plots[#plots + 1] = string.format("data index %d using 1:2 %s title %s", #blocks - 1, spec(i, c),
      c.title and gp.str(c.title) or "\"\"")
  end
  for i, l in ipairs(opts.lines or {}) do
    blocks[#blocks + 1] = { comment = "overlay: " .. (l.title or ("line " .. i)), rows = curve_rows(l, opts) }
    plots[#plots + 1] = string.format("data index %d using 1:2 with lines lw %s%s lc rgb %s %s",
      #blocks - 1, gp.num(l.width or 1), lib.dash_type(l.dash), gp.str(l.color or "black"),
      l.title and ("title " .. gp.str(lib.text(opts, l.title))) or "notitle")
  end
  body[#body + 1] = "plot " .. table.concat(plots, ", \\\n     ")
  return gp.render(F, out, {
    what = what, blocks = blocks, body = body, size = size, run = opts.run,
    command = require("impact.plot").gnuplot })
end

return M
