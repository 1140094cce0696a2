-- Helpers shared by the plot functions (plot/path.lua, plot/map.lua, plot/curves.lua, plot/hodograph.lua).
local M = {}

-- The modes (impact.names) and "error", a sweep's failed point.
M.MODES = { table.unpack(require("impact.names").MODES) }
M.MODES[#M.MODES + 1] = "error"
M.MODE_COLOR = {
  none = "#bdbdbd", sliding = "#4575b4", ["C-sticking"] = "#1a9850", ["R-sticking"] = "#a6d96a",
  ["C-reversed"] = "#d73027", ["R-reversed"] = "#fdae61", error = "#000000",
}
M.CYCLE = { "#4575b4", "#d73027", "#1a9850", "#fdae61", "#984ea3", "#a6d96a", "#7f7f7f", "#e7298a" }

-- Fixed colours of the other categories the workbench writes (the same in
-- every map, whatever order the categories come in): impact classes, laws,
-- and the "methods" comparison of the 3D figures.
M.CATEGORY_COLOR = {
  direct = "#4575b4", central = "#1a9850", eccentric = "#fdae61", tangential = "#984ea3",
  poisson = "#4575b4", newton = "#d73027", energetic = "#1a9850",
  ["same mode"] = "#c6dbef", ["modes differ"] = "#d73027",
}

-- Colours of the categories of a map: the fixed ones, then any other name
-- from CYCLE by a hash of the name (taken in name order, stepping past
-- colours already used), so that a category keeps its colour from map to map.
function M.category_colors(cats)
  local color, used, other = {}, {}, {}
  for _, c in ipairs(cats) do
    local fixed = M.MODE_COLOR[c] or M.CATEGORY_COLOR[c]
    if fixed then color[c] = fixed used[fixed] = true else other[#other + 1] = c end
  end
  table.sort(other)
  for _, c in ipairs(other) do
    local h = 5381
    for i = 1, #c do h = (h * 33 + c:byte(i)) % 2147483648 end
    local k = h % #M.CYCLE
    for _ = 1, #M.CYCLE do
      if not used[M.CYCLE[k + 1]] then break end
      k = (k + 1) % #M.CYCLE
    end
    color[c] = M.CYCLE[k + 1]
    used[color[c]] = true
  end
  return color
end
-- The legend places plot.curves offers (gnuplot's 'set key' words).
M.KEYS = { ["outside below"] = true, ["outside right"] = true, ["top left"] = true,
  ["top right"] = true, ["bottom left"] = true, ["bottom right"] = true }
M.VIRIDIS = "set palette defined (0 '#440154', 1 '#3b528b', 2 '#21908d', 3 '#5dc863', 4 '#fde725')"

-- About how many characters gnuplot's tic labels take on an axis from lo to
-- hi (its tics: a 1, 2 or 5 step giving some 4 to 10 of them).
function M.tic_width(lo, hi)
  if not (M.finite(lo) and M.finite(hi)) or hi <= lo then return 4 end
  local step = 10 ^ math.floor(math.log(hi - lo, 10))
  local dec = math.max(0, -math.floor(math.log(step / 2, 10) + 1e-9))
  local w = 1
  for _, v in ipairs{ lo, hi, (lo + hi) / 2 } do
    w = math.max(w, #string.format("%." .. dec .. "f", v))
  end
  return w
end

-- A column name as literal text in gnuplot's enhanced mode ("_" is a subscript there).
function M.literal(name) return (tostring(name):gsub("_", "\\_")) end

function M.finite(x) return type(x) == "number" and x == x and math.abs(x) ~= math.huge end

-- The values each plot function's options take (checked in one place, so
-- that a wrong type is named before gnuplot sees a broken script).
--   string, boolean, positive: the Lua value; range: {lo, hi} with lo < hi;
--   size: {width, height}, positive integers; lines: a list of overlays.
M.OPTIONS = {
  ["plot.path"] = { out = "string", title = "string", xrange = "range", yrange = "range",
    ellipse = "boolean", size = "size", run = "boolean" },
  ["plot.map"] = { out = "string", title = "string", x = "string", y = "string", color = "string",
    xlabel = "string", ylabel = "string", clabel = "string", xrange = "range", yrange = "range",
    crange = "range", logx = "boolean", logy = "boolean", tiles = "boolean", lines = "lines",
    size = "size", run = "boolean" },
  -- y and bands are checked by plot.curves itself
  ["plot.curves"] = { out = "string", title = "string", x = "string", y = "curves",
    bands = "curves", xlabel = "string", ylabel = "string", xrange = "range", yrange = "range",
    logx = "boolean", logy = "boolean", lines = "lines", key = "key", xtics = "tics", size = "size",
    run = "boolean" },
  ["plot.hodograph"] = { out = "string", title = "string", size = "size", run = "boolean" },
}

local function bad(fname, name, want, v)
  error(string.format("%s: option '%s' must be %s, got %s", fname, name, want,
    type(v) == "table" and "a table" or type(v) == "string" and string.format("%q", v) or tostring(v)), 0)
end

local function is_num(x) return M.finite(x) end

-- One overlay of plot.map's lines: {x = {...}, y = {...}, color =, width =,
-- dash =, title =} (a NaN in x or y breaks the line); dash is true (dashed), false, a gnuplot dash type (a
-- positive integer) or a pattern of ".", "-", "_" and spaces.
-- (list: the option's name in messages, default "lines").
local function check_line(fname, i, l, list)
  local at = string.format("%s[%d]", list or "lines", i)
  if type(l) ~= "table" then bad(fname, at, "a table {x = {...}, y = {...}}", l) end
  if type(l.x) ~= "table" or type(l.y) ~= "table" or #l.x ~= #l.y or #l.x == 0 then
    bad(fname, at .. ".x", "a list of numbers as long as " .. at .. ".y", l.x)
  end
  -- numbers; a NaN breaks the line there
  for j = 1, #l.x do
    if type(l.x[j]) ~= "number" then bad(fname, string.format("%s.x[%d]", at, j), "a number", l.x[j]) end
    if type(l.y[j]) ~= "number" then bad(fname, string.format("%s.y[%d]", at, j), "a number", l.y[j]) end
  end
  M.check_style(fname, at, l)
end

-- The style keys of an overlay or a curve: color, title, width, dash.
function M.check_style(fname, at, l)
  if l.color ~= nil and type(l.color) ~= "string" then bad(fname, at .. ".color", "a colour name or \"#rrggbb\"", l.color) end
  if l.title ~= nil and type(l.title) ~= "string" then bad(fname, at .. ".title", "a string", l.title) end
  if l.width ~= nil and not (is_num(l.width) and l.width > 0) then bad(fname, at .. ".width", "a positive number", l.width) end
  local d = l.dash
  if d ~= nil and type(d) ~= "boolean" and not (type(d) == "number" and math.tointeger(d) and d >= 1)
      and not (type(d) == "string" and d:match("^[%.%-_ ]+$")) then
    bad(fname, at .. ".dash", "true, false, a dash type (1, 2, ...) or a pattern of '.', '-', '_' and spaces", d)
  end
end

M.check_line = check_line

-- The gnuplot dash type of an overlay's dash option ("" for a solid line).
function M.dash_type(d)
  if d == nil or d == false then return "" end
  if d == true then return " dt 2" end
  if type(d) == "number" then return " dt " .. math.tointeger(d) end
  return " dt \"" .. d .. "\""
end

-- opts(fname, opts): the options table (nil: none), its values checked.
function M.opt_table(fname, opts)
  if opts == nil then return {} end
  if type(opts) ~= "table" then error(fname .. ": argument 2 (options) must be a table, got " .. type(opts), 0) end
  local spec = M.OPTIONS[fname] or {}
  local names = {}
  for name in pairs(spec) do names[#names + 1] = name end
  table.sort(names)
  local msg = require("impact.core")._check_fields(fname, opts, names)
  if msg then error(msg, 0) end
  for name, kind in pairs(spec) do
    local v = opts[name]
    if v ~= nil then
      if kind == "string" or kind == "boolean" then
        if type(v) ~= kind then bad(fname, name, "a " .. kind, v) end
      elseif kind == "range" then
        if type(v) ~= "table" or not is_num(v[1]) or not is_num(v[2]) or not (v[1] < v[2]) then
          bad(fname, name, "{lo, hi} with numbers lo < hi", v)
        end
      elseif kind == "size" then
        local function px(x) return type(x) == "number" and math.tointeger(x) and x > 0 end
        if type(v) ~= "table" or not px(v[1]) or not px(v[2]) then
          bad(fname, name, "{width, height} in pixels (positive integers)", v)
        end
      elseif kind == "tics" then
        if type(v) ~= "table" or #v == 0 then bad(fname, name, "a list of tics {x, \"label\"}", v) end
        for i, tic in ipairs(v) do
          if type(tic) ~= "table" or not is_num(tic[1]) or type(tic[2]) ~= "string" then
            bad(fname, string.format("%s[%d]", name, i), "a tic {x, \"label\"}", tic)
          end
        end
      elseif kind == "key" then
        if not M.KEYS[v] then
          bad(fname, name, "a legend place (\"outside below\", \"outside right\", \"top left\", \"top right\", \"bottom left\", \"bottom right\")", v)
        end
      elseif kind == "lines" then
        if type(v) ~= "table" then bad(fname, name, "a list of overlays {x = {...}, y = {...}}", v) end
        for i, l in ipairs(v) do check_line(fname, i, l) end
      end
    end
  end
  return opts
end

-- A result's law for titles: "poisson law", or "custom law (file.lua:12)".
function M.law_text(r)
  return require("impact.law_info").phrase(r)
end

return M
