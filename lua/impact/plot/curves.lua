-- impact.plot.curves: named curves y(x) on one pair of axes with a legend,
-- given either as a list of curves {x =, y =} (the models' answers over a
-- parameter, as the multi-contact examples draw them) or as columns of a
-- sweep against one of its columns; with shaded bands of x (where
-- something happens: a gain of energy, a mode) and overlay lines.
local gp = require("impact.plot.gnuplot")
local lib = require("impact.plot.lib")
local finite, literal, opt_table = lib.finite, lib.literal, lib.opt_table

local M = {}
local F = "plot.curves"

local STYLES = { lines = true, points = true, linespoints = true }

local function bad(name, want, v)
  error(string.format("%s: option '%s' must be %s, got %s", F, name, want,
    type(v) == "table" and "a table" or type(v) == "string" and string.format("%q", v) or tostring(v)), 0)
end

-- A curve of the list form: check_line's fields plus style and a point type.
local function check_curve(i, c)
  lib.check_line(F, i, c, "curves")
  local at = string.format("curves[%d]", i)
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
-- of curves, each a column name or {column, title =, color =, dash =,
-- width =}; x is the column opts.x, the points in increasing x. The laws
-- and modes keep plot.map's colours.
local function sweep_curves(s, opts)
  local X = column(s, opts.x, "x")
  local n = s.n or #X
  local order = {}
  for i = 1, n do if finite(X[i]) then order[#order + 1] = i end end
  table.sort(order, function(a, b) return X[a] < X[b] end)
  local ys = type(opts.y) == "string" and { opts.y } or opts.y
  if type(ys) ~= "table" or #ys == 0 then bad("y", "a column name or a list of curves", opts.y) end
  local out, names = {}, {}
  for k, c in ipairs(ys) do
    local at = string.format("y[%d]", k)
    if type(c) == "string" then c = { c } end
    if type(c) ~= "table" then bad(at, "a column name or {column, title =, color =, dash =, width =}", c) end
    -- a misspelt key is named; the style checks of plot.map's overlays name y[k].dash, ...
    local keys = {}
    for key, v in pairs(c) do if key ~= 1 then keys[key] = v end end
    local msg = require("impact.core")._check_fields(F .. ": " .. at, keys, { "color", "dash", "title", "width" })
    if msg then error(msg, 0) end
    lib.check_style(F, at, c)
    local Y, x, y = column(s, c[1], at), {}, {}
    for j, i in ipairs(order) do x[j], y[j] = X[i], Y[i] end
    out[k] = { x = x, y = y, title = c.title or literal(c[1]), color = c.color, dash = c.dash,
               width = c.width, column = c[1] }
    names[k] = c[1]
  end
  local color = lib.category_colors(names)
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
    if b.title and not seen[b.title] then seen[b.title] = true; t[#t + 1] = b.title end
  end
  for _, l in ipairs(opts.lines or {}) do if l.title then t[#t + 1] = l.title end end
  return t
end

-- The axes, legend and ranges.
local function frame(curves, opts, labels)
  local key = opts.key or "outside below"
  local body = {
    "set title " .. gp.str(opts.title or labels.title),
    "set xlabel " .. gp.str(opts.xlabel or labels.x),
    "set ylabel " .. gp.str(opts.ylabel or labels.y),
    "set grid back lt 1 lw 1 lc rgb \"#e4e4e4\"",
    "set tics out",
    "set key " .. key,
  }
  if key == "outside below" then
    -- gnuplot lays the legend under the axis over the x label: room for
    -- the rows it will take (about 7.5 px a character, 90 px for the sample).
    local titles, long = legend_titles(curves, opts), 1
    for _, t in ipairs(titles) do long = math.max(long, #t) end
    local cols = math.max(1, math.floor((opts.size or { 900 })[1] / (7.5 * long + 90)))
    body[#body + 1] = string.format("set bmargin %d", 4 + math.ceil(1.3 * math.ceil(#titles / cols)))
  end
  if opts.logx then body[#body + 1] = "set logscale x" end
  if opts.logy then body[#body + 1] = "set logscale y" end
  if opts.xrange then body[#body + 1] = string.format("set xrange [%s:%s]", gp.num(opts.xrange[1]), gp.num(opts.xrange[2])) end
  if opts.yrange then body[#body + 1] = string.format("set yrange [%s:%s]", gp.num(opts.yrange[1]), gp.num(opts.yrange[2])) end
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
    labels = { title = literal(string.format("%s over %s", list, opts.x)), x = literal(opts.x),
               y = literal(#names == 1 and names[1] or "") }
    what = string.format("impact.plot.curves: %s against %s, %d points", list, opts.x, n)
  else
    for i, c in ipairs(data) do check_curve(i, c) end
    curves, labels = data, { title = "", x = "x", y = "y" }
    what = "impact.plot.curves: " .. (opts.title or "curves")
  end
  local bands = check_bands(opts.bands)
  local body, blocks, plots = frame(curves, opts, labels), {}, {}
  -- Bands behind the curves, spanning the plot's height; a titled band has
  -- a legend entry (one per title: bands of one meaning share it).
  local keyed = {}
  for i, b in ipairs(bands) do
    local c = b.color or "#fdae61"
    body[#body + 1] = string.format("set object %d rect from first %s, graph 0 to first %s, graph 1 behind fc rgb %s fs solid 0.35 noborder",
      i, gp.num(b[1]), gp.num(b[2]), gp.str(c))
    if b.title and not keyed[b.title] then
      keyed[b.title] = true
      plots[#plots + 1] = string.format("keyentry with boxes fs solid 0.35 noborder lc rgb %s title %s", gp.str(c), gp.str(b.title))
    end
  end
  for i, c in ipairs(curves) do
    blocks[#blocks + 1] = { comment = (c.title or ("curve " .. i)) .. ": x y", rows = curve_rows(c, opts) }
    plots[#plots + 1] = string.format("data index %d using 1:2 %s title %s", #blocks - 1, spec(i, c),
      c.title and gp.str(c.title) or "\"\"")
  end
  for i, l in ipairs(opts.lines or {}) do
    blocks[#blocks + 1] = { comment = "overlay: " .. (l.title or ("line " .. i)), rows = curve_rows(l, opts) }
    plots[#plots + 1] = string.format("data index %d using 1:2 with lines lw %s%s lc rgb %s %s",
      #blocks - 1, gp.num(l.width or 1), lib.dash_type(l.dash), gp.str(l.color or "black"),
      l.title and ("title " .. gp.str(l.title)) or "notitle")
  end
  body[#body + 1] = "plot " .. table.concat(plots, ", \\\n     ")
  return gp.render(F, opts.out or "curves.png", {
    what = what, blocks = blocks, body = body, size = opts.size or { 900, 620 }, run = opts.run,
    command = require("impact.plot").gnuplot })
end

return M
