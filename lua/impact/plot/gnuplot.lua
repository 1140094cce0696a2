-- Writes a figure as editable files and renders it: NAME.gp (the gnuplot
-- script, which draws NAME.png and NAME.svg, or NAME.pdf, or NAME.eps), NAME.dat (the data, blocks
-- separated by two blank lines), then runs gnuplot in that directory so the
-- script refers to its files by name only (cd there and re-run it).
local csv = require("impact.sweep.csv")
local files = require("impact.files")

local M = { command = "gnuplot" }

local function shell_quote(s) return "'" .. s:gsub("'", "'\\''") .. "'" end

-- The formats, chosen by out's extension: PNG (with an SVG beside it, the
-- default), PDF and EPS (vector, for papers: gnuplot's pdfcairo and
-- epscairo terminals).
M.FORMATS = { png = "png", svg = "png", pdf = "pdf", eps = "eps" }

-- "figs/modes.png" -> dir "figs", name "modes", format "png"
function M.split_out(fname, out)
  if type(out) ~= "string" or out == "" then
    error(fname .. ": option 'out' must be a file name (NAME.png, NAME.svg, NAME.pdf or NAME.eps)", 0)
  end
  local dir, file = out:match("^(.*)/([^/]+)$")
  if not dir then dir, file = ".", out end
  if dir == "" then dir = "/" end
  local name, ext = file:match("^(.+)%.(%a+)$")
  if not name then return dir, file, "png" end
  local fmt = M.FORMATS[ext:lower()]
  if not fmt then
    error(string.format("%s: option 'out' must end in .png, .svg, .pdf or .eps (or have no extension: PNG), got %q",
      fname, out), 0)
  end
  return dir, name, fmt
end

function M.num(x) return csv.number(x) end

-- Size presets: the printed size in points for PDF and EPS (column 3.5 in,
-- full 7 in, slide 10 in), twice that in pixels for PNG (and SVG). A size
-- is laid out on a canvas of at least MIN_WIDTH font points, 11-point text,
-- and printed at size.scale: a column is laid out on 360 x 272 and printed
-- at 0.7 (7.7-point text); at 252 x 190 points of 11-point text its key and
-- tics overprinted. A PNG is the same layout at 2 pixels a point.
M.PRESETS = { column = { 252, 190 }, full = { 504, 320 }, slide = { 720, 405 } }
M.MIN_WIDTH = 360

-- The layout canvas {w, h, scale =} of a printed size w x h: no narrower
-- than MIN_WIDTH, printed at scale (w x h on the page or in pixels).
local function fit(w, h, k)
  local s = math.min(1, w / M.MIN_WIDTH)
  return { math.floor(w / s + 0.5), math.floor(h / s + 0.5), scale = s * k }
end

-- size_of(F, size, out, default, shape) -> {w, h, scale =}: a preset name
-- or {width, height} (points for PDF and EPS, pixels for PNG), checked; nil
-- gives default. shape: the height of a preset as a fraction of its width,
-- by preset name, for a figure at equal scales (a diagram, a hodograph).
function M.size_of(F, size, out, default, shape)
  local want = "{width, height} in pixels, points for PDF and EPS (positive integers), or a preset (\"column\", \"full\", \"slide\")"
  local function bad(v)
    local got = type(v) == "string" and string.format("%q", v) or tostring(v)
    if type(v) == "table" then   -- the entry at fault
      got = "a table"
      for i = 1, math.max(2, #v) do
        local x = v[i]
        if i > 2 or math.type(x) ~= "integer" and not (type(x) == "number" and x == math.floor(x)) or not (x > 0) then
          got = string.format("a table whose [%d] is %s", i,
            type(x) == "string" and string.format("the string %q", x) or tostring(x))
          break
        end
      end
    end
    error(string.format("%s: option 'size' must be %s, got %s", F, want, got), 0)
  end
  if size == nil then size = default end
  if type(size) == "string" then
    local p = M.PRESETS[size]
    if not p then bad(size) end
    local _, _, fmt = M.split_out(F, out)
    local h = shape and shape[size] and math.floor(p[1] * shape[size] + 0.5) or p[2]
    return fit(p[1], h, fmt == "png" and 2 or 1)
  end
  local function px(x) return type(x) == "number" and math.tointeger(x) and x > 0 end
  if type(size) ~= "table" or not px(size[1]) or not px(size[2]) then bad(size) end
  if size.scale then return size end
  return fit(size[1], size[2], 1)
end

-- A gnuplot string literal.
function M.str(s)
  return '"' .. tostring(s):gsub("\\", "\\\\"):gsub('"', '\\"'):gsub("\n", "\\n") .. '"'
end

-- write(fname, out, { what =, blocks = {{comment =, rows = {{...}, ...}}, ...},
--        body = {script lines}, size = {w, h} }) -> paths
function M.render(fname, out, fig)
  local dir, name, fmt = M.split_out(fname, out)
  local paths = { script = dir .. "/" .. name .. ".gp", data = dir .. "/" .. name .. ".dat" }
  if fmt == "png" then
    paths.png, paths.svg = dir .. "/" .. name .. ".png", dir .. "/" .. name .. ".svg"
  end
  paths[fmt] = dir .. "/" .. name .. "." .. fmt
  paths.file = paths[fmt]   -- the figure itself
  local f = files.open(fname, paths.data)   -- checked, renamed into place whole
  f:write("# ", fig.what, "\n")
  for i, b in ipairs(fig.blocks) do
    if i > 1 then f:write("\n\n") end
    f:write("# block ", i - 1, ": ", b.comment, "\n")
    for _, r in ipairs(b.rows) do
      local cells = {}
      for j, v in ipairs(r) do cells[j] = type(v) == "number" and csv.number(v) or M.str(v) end
      f:write(table.concat(cells, " "), "\n")
    end
    if #b.rows == 0 then f:write("nan nan\n") end   -- keep the block (and its index) alive
  end
  f:commit()

  local w, h = (fig.size or {})[1] or 900, (fig.size or {})[2] or 700
  local k = (fig.size or {}).scale or 1
  local s = {
    "# " .. fig.what,
    "# Written by impact; edit and re-run with: gnuplot " .. name .. ".gp",
    "# (in this directory). Data: " .. name .. ".dat (index k = block k).",
  }
  if fmt == "png" then
    -- one point of the layout k pixels, text and lines with it
    s[#s + 1] = string.format("set terminal pngcairo size %d,%d enhanced font \"Sans,11\"%s",
      math.floor(w * k + 0.5), math.floor(h * k + 0.5),
      k ~= 1 and string.format(" fontscale %.4g linewidth %.4g", k, k) or "")
  else
    -- The PNG's layout: one pixel of size is one point (1/72 inch), fonts
    -- in points (fontscale 1) and line width 1 one point (linewidth 2:
    -- these terminals' unit is half a point); size.scale (default 1)
    -- prints that layout smaller or larger, text and lines with it.
    s[#s + 1] = string.format("set terminal %scairo size %sin,%sin enhanced font \"Sans,11\" fontscale %.4g linewidth %.4g",
      fmt, string.format("%.4g", w * k / 72), string.format("%.4g", h * k / 72), k, 2 * k)
  end
  s[#s + 1] = "set output " .. M.str(name .. "." .. fmt)
  s[#s + 1] = "data = " .. M.str(name .. ".dat")
  for _, l in ipairs(fig.body) do s[#s + 1] = l end
  if fmt == "png" then
    s[#s + 1] = string.format("set terminal svg size %d,%d enhanced font \"Sans,%.4g\" background rgb \"white\"%s",
      math.floor(w * k + 0.5), math.floor(h * k + 0.5), 11 * k, k ~= 1 and string.format(" linewidth %.4g", k) or "")
    s[#s + 1] = "set output " .. M.str(name .. ".svg")
    -- a multiplot is drawn again in full (replot redraws its last panel only)
    if fig.replay then
      for _, l in ipairs(fig.body) do s[#s + 1] = l end
    else
      s[#s + 1] = "replot"
    end
  end
  s[#s + 1] = "unset output"
  files.write(fname, paths.script, table.concat(s, "\n"), "\n")

  if fig.run == false then return paths end
  local cmd = fig.command or M.command
  local ok = os.execute("command -v " .. shell_quote(cmd) .. " >/dev/null 2>&1")
  if not ok then
    error(string.format("%s: gnuplot not found (Debian: apt-get install gnuplot-nox); " ..
      "the data and script are in %s and %s", fname, paths.data, paths.script), 0)
  end
  -- gnuplot's messages through a pipe (no scratch file).
  local pipe = io.popen("cd " .. shell_quote(dir) .. " && " .. shell_quote(cmd) .. " " ..
    shell_quote(name .. ".gp") .. " 2>&1", "r")
  local msg = pipe:read("a") or ""
  ok = pipe:close()
  if not ok then
    error(string.format("%s: gnuplot failed on %s: %s", fname, paths.script, msg:gsub("%s+$", "")), 0)
  end
  return paths
end

return M
