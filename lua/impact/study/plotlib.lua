-- Helpers shared by the plot functions (study/plot_*.lua).
local M = {}

M.MODES = { "none", "sliding", "C-sticking", "R-sticking", "C-reversed", "R-reversed", "error" }
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

-- The options each plot function reads: another key is an error naming it
-- and the nearest name (plot.path: unknown field 'titel' (did you mean
-- 'title'?)).
M.OPTION_NAMES = {
  ["plot.path"] = { "out", "title", "size", "run", "ellipse", "xrange", "yrange" },
  ["plot.map"] = { "x", "y", "color", "out", "title", "size", "run", "xlabel", "ylabel", "clabel",
                   "xrange", "yrange", "crange", "logx", "logy", "tiles", "lines" },
  ["plot.hodograph"] = { "out", "title", "size", "run" },
}

-- The options table of plot function fname (nil: none), its names checked.
function M.opt_table(fname, opts)
  if opts == nil then return {} end
  if type(opts) ~= "table" then error(fname .. ": options must be a table, got " .. type(opts), 0) end
  local msg = require("impact.core")._check_fields(fname, opts, M.OPTION_NAMES[fname] or {})
  if msg then error(msg, 0) end
  return opts
end

function M.law_text(r)
  local law = type(r.law) == "string" and r.law or (r.law and "custom" or "poisson")
  return law
end

return M
