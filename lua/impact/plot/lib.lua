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

-- Text shown as written in gnuplot's enhanced mode, where ^ _ @ & ~ { }
-- and \ are markup ("mu_s" would subscript the s): each escaped.
function M.literal(text) return (tostring(text):gsub("[\\%^_@&~{}]", "\\%0")) end

-- A user's text (a title, a label): shown as written, or as gnuplot's
-- enhanced text (markup: x^2, P_{y,C}) when the options say enhanced = true.
function M.text(opts, s)
  if s == nil then return nil end
  return opts.enhanced and s or M.literal(s)
end

-- The symbols of the workbench's fields, in gnuplot's enhanced text: every
-- axis, key and title names a field through M.symbol.
M.SYMBOLS = {
  mu = "μ", mu_s = "μ_s", mu_k = "μ_k", e = "e", e_t = "e_t", e_n = "e_n",
  S0 = "S_0", C0 = "C_0", B1 = "B_1", B2 = "B_2", B3 = "B_3",
  Px = "P_x", Py = "P_y", Pz = "P_z", Pc = "P_c", PyC = "P_{y,C}", Wc = "W_c", Wr = "W_r",
  dT = "ΔT", Delta = "Δ", energy_ratio = "T_1/T_0", t = "t", energy = "E",
  vx = "v_x", vy = "v_y", vz = "v_z", w = "ω",
}
local GREEK = { alpha = "α", beta = "β", gamma = "γ", delta = "δ", epsilon = "ε", zeta = "ζ", eta = "η",
  theta = "θ", kappa = "κ", lambda = "λ", mu = "μ", nu = "ν", xi = "ξ", rho = "ρ", sigma = "σ",
  tau = "τ", phi = "φ", chi = "χ", psi = "ψ", omega = "ω", Delta = "Δ", Theta = "Θ", Phi = "Φ",
  Psi = "Ψ", Omega = "Ω" }
M.GREEK = GREEK

-- symbol("mu_s") -> "μ_s", "theta1" -> "θ_1", "gamma_deg" -> "γ (deg)",
-- "q2" -> "q_2", "qdot2" -> "q̇_2"; any other name as written (escaped).
function M.symbol(name)
  name = tostring(name)
  local s = M.SYMBOLS[name] or GREEK[name]
  if s then return s end
  local base = name:match("^(.+)_deg$")
  if base then return M.symbol(base) .. " (deg)" end
  local g, i = name:match("^(%a+)(%d+)$")
  if g and GREEK[g] then return GREEK[g] .. "_" .. i end
  if g == "q" then return "q_" .. i end
  if g == "qdot" then return "q̇_" .. i end
  local sub
  g, sub = name:match("^(%a+)_(%w+)$")
  if g and GREEK[g] then return GREEK[g] .. "_{" .. M.literal(sub) .. "}" end
  return M.literal(name)
end

-- The layout of a canvas of w x h font points (11-point text): sizes of a
-- character and a line (as gnuplot's cairo terminals draw Sans: some 0.68
-- em and 1.55 em, measured on the PDFs; gnuplot's margins count in lines).
M.CHAR_W, M.LINE_H = 7.5, 17

-- text wrapped at spaces into lines of at most chars characters (markup
-- and escapes not counted), joined by newlines.
-- The characters text shows (markup and escapes not counted).
function M.textlen(w)
  w = tostring(w):gsub("\\.", "x"):gsub("[{}_^@&~]", "")
  return utf8.len(w) or #w
end

function M.wrap(text, chars)
  local lines, cur, n = {}, nil, 0
  local len = M.textlen
  -- "x = v" stays on one line
  for word in tostring(text):gsub(" = ", "\1=\1"):gmatch("%S+") do
    word = word:gsub("\1", " ")
    local l = len(word)
    if cur and n + 1 + l > chars then
      lines[#lines + 1] = cur
      cur, n = word, l
    elseif cur then
      cur, n = cur .. " " .. word, n + 1 + l
    else
      cur, n = word, l
    end
  end
  lines[#lines + 1] = cur
  return table.concat(lines, "\n")
end

-- A title that fits the canvas' width (wrapped; font: its size in points):
-- gnuplot centres it on the plot, right of the y tics and label.
function M.title(text, size, font)
  local chars = math.floor((size[1] - 100) / (M.CHAR_W * (font or 11) / 11))
  return M.wrap(text, math.max(20, chars))
end

-- A legend below the plot, centred at the canvas' foot (gnuplot's own
-- 'outside below' puts it over the x label), in as many columns as its
-- entries fit across the canvas: titles, the entries' texts; samplen, the
-- sample's length in characters, font the text's size (default 11).
-- -> the key's line, the bottom margin's, rows.
function M.key_below(titles, size, samplen, font)
  samplen = samplen or 2.5
  local k = (font or 11) / 11
  local long = 1
  for _, t in ipairs(titles) do long = math.max(long, M.textlen(t)) end
  -- gnuplot fits the columns in the plot's width (the canvas less the
  -- margins, some 16 characters), each entry the title, sample and gaps
  -- wide (at its estimate of a character, some 6.6 points), then evens
  -- the rows out; where it makes fewer rows than counted here, they would
  -- overprint the x label
  -- (gnuplot counts the entries' widths in the terminal's font, whatever the key's)
  local entry = (long + samplen + 4) * 6.6
  local cols = math.max(1, math.min(#titles, math.floor((size[1] - 16 * M.CHAR_W) / entry)))
  local rows = math.ceil(#titles / cols)
  cols = math.ceil(#titles / rows)
  -- an entry wider than the plot: gnuplot drops the whole legend
  -- ("difficulty fitting plot titles into key"); it is narrowed (width -n,
  -- in characters) to pass, the canvas being wider than the plot
  local narrow = ""
  local room = size[1] - 16 * M.CHAR_W
  if entry > room then narrow = string.format(" width -%d", math.ceil((entry - room) / 6.6) + 1) end
  return string.format("set key at screen 0.5, screen 0.01 center bottom horizontal maxcols %d samplen %s%s",
    cols, require("impact.plot.gnuplot").num(samplen), narrow), string.format("set bmargin %d", 4 + math.ceil(rows * k)), rows * k
end

-- The tic step for an axis from lo to hi, len points long: the smallest
-- 1, 2 or 5 step whose labels fit, each its width and two characters' gap
-- (x: the labels' characters at that step's decimals) or a line and a half (y and
-- a colour bar: vertical = true); nil when the axis is not finite.
function M.tic_step(lo, hi, len, vertical)
  if not (M.finite(lo) and M.finite(hi)) or hi <= lo then return nil end
  local span = hi - lo
  local p10 = 10 ^ math.floor(math.log(span / 20, 10))
  for _ = 1, 6 do
    for _, k in ipairs{ 1, 2, 5 } do
      local step = k * p10
      local n = math.floor(span / step * (1 + 1e-9)) + 1
      local room
      if vertical then
        room = 1.5 * M.LINE_H
      else
        local dec = math.max(0, -math.floor(math.log(step, 10) + 1e-9))
        local w = 1
        for _, v in ipairs{ math.ceil(lo / step) * step, math.floor(hi / step) * step } do
          w = math.max(w, #string.format("%." .. dec .. "f", v))
        end
        room = (w + 2) * M.CHAR_W
      end
      if n * room <= len and n <= 11 then return step end   -- (ten steps at most, as gnuplot)
    end
    p10 = 10 * p10
  end
  return 10 * p10
end

-- 'set xtics STEP' (or y, cb) for the axis lo..hi, len points long: the
-- tics' labels never run into each other (on x each takes its width, on y
-- and the colour bar a line and a half); "" (gnuplot's own) on a logarithmic axis.
function M.tics(axis, lo, hi, len, log)
  if log then return "" end
  local step = M.tic_step(lo, hi, len, axis ~= "x")
  if not step then return "" end
  return string.format("set %stics %s", axis, require("impact.plot.gnuplot").num(step))
end

function M.finite(x) return type(x) == "number" and x == x and math.abs(x) ~= math.huge end

-- The values each plot function's options take (checked in one place, so
-- that a wrong type is named before gnuplot sees a broken script).
--   string, boolean, positive: the Lua value; range: {lo, hi} with lo < hi;
--   size: {width, height}, positive integers; lines: a list of overlays.
M.OPTIONS = {
  ["plot.path"] = { out = "string", title = "string", xrange = "range", yrange = "range",
    ellipse = "boolean", size = "size", run = "boolean", enhanced = "boolean", label = "labels",
    lines = "lines", notes = "notes", panels = "panels", titles = "labels" },
  ["plot.map"] = { out = "string", title = "string", x = "string", y = "string", color = "string",
    xlabel = "string", ylabel = "string", clabel = "string", xrange = "range", yrange = "range",
    crange = "range", logx = "boolean", logy = "boolean", tiles = "boolean", lines = "lines",
    size = "size", run = "boolean", enhanced = "boolean" },
  -- y and bands are checked by plot.curves itself
  ["plot.curves"] = { out = "string", title = "string", x = "string", y = "curves",
    bands = "curves", xlabel = "string", ylabel = "string", xrange = "range", yrange = "range",
    logx = "boolean", logy = "boolean", lines = "lines", key = "key", xtics = "tics", size = "size",
    run = "boolean", enhanced = "boolean", group = "string", equal = "boolean" },
  ["plot.hodograph"] = { out = "string", title = "string", size = "size", run = "boolean", enhanced = "boolean" },
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
        require("impact.plot.gnuplot").size_of(fname, v, opts.out or "x.png")
      elseif kind == "tics" then
        if type(v) ~= "table" or #v == 0 then bad(fname, name, "a list of tics {x, \"label\"}", v) end
        for i, tic in ipairs(v) do
          if type(tic) ~= "table" or not is_num(tic[1]) or type(tic[2]) ~= "string" then
            bad(fname, string.format("%s[%d]", name, i), "a tic {x, \"label\"}", tic)
          end
        end
      elseif kind == "labels" then
        if type(v) ~= "string" and type(v) ~= "table" then bad(fname, name, "a string or a list of strings (one per path)", v) end
        if type(v) == "table" then
          for i, t in ipairs(v) do
            if type(t) ~= "string" then bad(fname, string.format("%s[%d]", name, i), "a string", t) end
          end
        end
      elseif kind == "key" then
        if not M.KEYS[v] then
          bad(fname, name, "a legend place (\"outside below\", \"outside right\", \"top left\", \"top right\", \"bottom left\", \"bottom right\")", v)
        end
      elseif kind == "panels" then
        if type(v) ~= "table" or not (math.tointeger(v[1]) and v[1] >= 1) or not (math.tointeger(v[2]) and v[2] >= 1) then
          bad(fname, name, "{rows, cols}, positive integers", v)
        end
      elseif kind == "notes" then
        if type(v) ~= "table" then bad(fname, name, "a list of {x =, y =, text =}", v) end
        for i, n in ipairs(v) do
          local at = string.format("%s[%d]", name, i)
          if type(n) ~= "table" then bad(fname, at, "a table {x =, y =, text =}", n) end
          if not is_num(n.x) then bad(fname, at .. ".x", "a number", n.x) end
          if not is_num(n.y) then bad(fname, at .. ".y", "a number", n.y) end
          if type(n.text) ~= "string" then bad(fname, at .. ".text", "a string", n.text) end
          if n.color ~= nil and type(n.color) ~= "string" then bad(fname, at .. ".color", "a colour name or \"#rrggbb\"", n.color) end
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
