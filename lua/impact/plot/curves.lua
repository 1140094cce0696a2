-- impact.plot.curves: columns of a sweep against one of its columns, one
-- curve per column, with shaded bands of x (where something happens: a gain
-- of energy, a mode) and overlay lines (a reference level).
local gp = require("impact.plot.gnuplot")
local lib = require("impact.plot.lib")
local finite, literal, opt_table = lib.finite, lib.literal, lib.opt_table

local M = {}
local F = "plot.curves"

local function bad(name, want, v)
  error(string.format("%s: option '%s' must be %s, got %s", F, name, want,
    type(v) == "table" and "a table" or type(v) == "string" and string.format("%q", v) or tostring(v)), 0)
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

-- y: one column name, or a list of curves, each a column name or
-- {column, title =, color =, dash =, width =}.
local function curves_of(s, opts)
  local ys = type(opts.y) == "string" and { opts.y } or opts.y
  if type(ys) ~= "table" or #ys == 0 then bad("y", "a column name or a list of curves", opts.y) end
  local out = {}
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
    out[k] = { name = c[1], values = column(s, c[1], at), title = c.title or literal(c[1]),
               color = c.color, dash = c.dash, width = c.width }
  end
  return out
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

-- One block per curve, rows in increasing x; a point that cannot be drawn
-- (NaN, or not positive on a logarithmic axis) leaves a blank line: the
-- curve breaks there instead of joining across it.
local function curve_rows(X, Y, n, opts)
  local order = {}
  for i = 1, n do if finite(X[i]) then order[#order + 1] = i end end
  table.sort(order, function(a, b) return X[a] < X[b] end)
  local rows, gap = {}, false
  for _, i in ipairs(order) do
    local y = Y[i]
    if finite(y) and not (opts.logy and y <= 0) and not (opts.logx and X[i] <= 0) then
      rows[#rows + 1] = { X[i], y }
      gap = false
    elseif not gap and #rows > 0 then
      rows[#rows + 1] = {}
      gap = true
    end
  end
  if gap then rows[#rows] = nil end   -- nothing after the break
  return rows
end

function M.curves(s, opts)
  opts = opt_table(F, opts)
  if type(s) == "string" then s = require("impact.sweep.merge").sweep_read(s) end
  if type(s) ~= "table" or type(s.columns) ~= "table" then
    error(F .. ": argument 1 must be a sweep result (or its CSV or JSON file), got " .. type(s), 0)
  end
  local X = column(s, opts.x, "x")
  local n = s.n or #X
  local curves, bands = curves_of(s, opts), check_bands(opts.bands)
  local names = {}
  for k, c in ipairs(curves) do names[k] = c.name end
  local color = lib.category_colors(names)
  for _, c in ipairs(curves) do color[c.name] = c.color or color[c.name] end
  local blocks, plots = {}, {}
  local body = {
    "set title " .. gp.str(opts.title or literal(string.format("%s over %s", table.concat(names, ", "), opts.x))),
    "set xlabel " .. gp.str(opts.xlabel or literal(opts.x)),
    "set ylabel " .. gp.str(opts.ylabel or literal(#names == 1 and names[1] or "")),
    "set key outside below height 1.5",
    "set grid back lt 1 lw 1 lc rgb \"#e4e4e4\"",
    "set tics out",
  }
  if opts.xrange then body[#body + 1] = string.format("set xrange [%s:%s]", gp.num(opts.xrange[1]), gp.num(opts.xrange[2])) end
  if opts.yrange then body[#body + 1] = string.format("set yrange [%s:%s]", gp.num(opts.yrange[1]), gp.num(opts.yrange[2])) end
  if opts.logx then body[#body + 1] = "set logscale x" end
  if opts.logy then body[#body + 1] = "set logscale y" end
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
  for k, c in ipairs(curves) do
    blocks[#blocks + 1] = { comment = string.format("%s against %s: x y", c.name, opts.x), rows = curve_rows(X, c.values, n, opts) }
    plots[#plots + 1] = string.format("data index %d using 1:2 with lines lw %s%s lc rgb %s title %s",
      #blocks - 1, gp.num(c.width or 2), lib.dash_type(c.dash), gp.str(color[c.name]), gp.str(c.title))
  end
  for i, l in ipairs(opts.lines or {}) do
    local rows = {}
    for j = 1, #l.x do rows[j] = { l.x[j], l.y[j] } end
    blocks[#blocks + 1] = { comment = "overlay: " .. (l.title or ("line " .. i)), rows = rows }
    plots[#plots + 1] = string.format("data index %d using 1:2 with lines lw %s%s lc rgb %s %s",
      #blocks - 1, gp.num(l.width or 1), lib.dash_type(l.dash), gp.str(l.color or "black"),
      l.title and ("title " .. gp.str(l.title)) or "notitle")
  end
  body[#body + 1] = "plot " .. table.concat(plots, ", \\\n     ")
  return gp.render(F, opts.out or "curves.png", {
    what = string.format("impact.plot.curves: %s against %s, %d points", table.concat(names, ", "), opts.x, n),
    blocks = blocks, body = body, size = opts.size, run = opts.run, command = require("impact.plot").gnuplot })
end

return M
