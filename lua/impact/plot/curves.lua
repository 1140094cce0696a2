-- impact.plot.curves: several named curves y(x) on one pair of axes, with a
-- legend (the models' answers over a parameter, as the multi-contact
-- examples draw them).
local gp = require("impact.plot.gnuplot")
local lib = require("impact.plot.lib")

local M = {}

local STYLES = { lines = true, points = true, linespoints = true }

-- One curve: check_line's fields plus style and a point type.
local function check_curve(F, i, c)
  lib.check_line(F, i, c, "curves")
  local at = string.format("curves[%d]", i)
  if c.style ~= nil and not STYLES[c.style] then
    error(string.format("%s: field '%s.style' must be \"lines\", \"points\" or \"linespoints\", got %s",
      F, at, tostring(c.style)), 0)
  end
  if c.point ~= nil and not (math.tointeger(c.point) and c.point >= 1) then
    error(string.format("%s: field '%s.point' must be a gnuplot point type (1, 2, ...), got %s",
      F, at, tostring(c.point)), 0)
  end
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

function M.curves(curves, opts)
  local F = "plot.curves"
  opts = lib.opt_table(F, opts)
  if type(curves) ~= "table" or #curves == 0 then
    error(F .. ": argument 1 must be a list of curves {x = {...}, y = {...}, title =}, got "
      .. (type(curves) == "table" and "an empty table" or type(curves)), 0)
  end
  local blocks, plots = {}, {}
  for i, c in ipairs(curves) do
    check_curve(F, i, c)
    local rows = {}
    for j = 1, #c.x do rows[j] = { c.x[j], c.y[j] } end
    blocks[i] = { comment = (c.title or ("curve " .. i)) .. ": x y", rows = rows }
    plots[i] = string.format("data index %d using 1:2 %s title %s", i - 1, spec(i, c),
      c.title and gp.str(c.title) or "\"\"")
  end
  local body = {
    "set title " .. gp.str(opts.title or ""),
    "set xlabel " .. gp.str(opts.xlabel or "x"),
    "set ylabel " .. gp.str(opts.ylabel or "y"),
    "set grid lc rgb \"#e0e0e0\"",
    "set key " .. (opts.key or "outside below"),
  }
  if (opts.key or "outside below") == "outside below" then
    -- gnuplot lays the legend under the axis over the x label: room for
    -- the rows it will take (about 7.5 px a character, 90 px for the sample).
    local long = 1
    for _, c in ipairs(curves) do long = math.max(long, #(c.title or "")) end
    local cols = math.max(1, math.floor((opts.size or { 900 })[1] / (7.5 * long + 90)))
    body[#body + 1] = string.format("set bmargin %d", 4 + math.ceil(1.3 * math.ceil(#curves / cols)))
  end
  if opts.logx then body[#body + 1] = "set logscale x" end
  if opts.xrange then body[#body + 1] = string.format("set xrange [%s:%s]", gp.num(opts.xrange[1]), gp.num(opts.xrange[2])) end
  if opts.yrange then body[#body + 1] = string.format("set yrange [%s:%s]", gp.num(opts.yrange[1]), gp.num(opts.yrange[2])) end
  if opts.xtics then
    local tics = {}
    for i, tic in ipairs(opts.xtics) do tics[i] = gp.str(tic[2]) .. " " .. gp.num(tic[1]) end
    body[#body + 1] = "set xtics (" .. table.concat(tics, ", ") .. ")"
  end
  body[#body + 1] = "plot " .. table.concat(plots, ", \\\n     ")
  return gp.render(F, opts.out or "curves.png", {
    what = "impact.plot.curves: " .. (opts.title or "curves"), blocks = blocks, body = body,
    size = opts.size or { 900, 620 }, run = opts.run, command = require("impact.plot").gnuplot })
end

return M
