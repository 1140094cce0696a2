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

-- A gnuplot string literal.
function M.str(s)
  return '"' .. tostring(s):gsub("\\", "\\\\"):gsub('"', '\\"') .. '"'
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
  local s = {
    "# " .. fig.what,
    "# Written by impact; edit and re-run with: gnuplot " .. name .. ".gp",
    "# (in this directory). Data: " .. name .. ".dat (index k = block k).",
  }
  if fmt == "png" then
    s[#s + 1] = string.format("set terminal pngcairo size %d,%d enhanced font \"Sans,11\"", w, h)
  else
    -- The PNG's layout: one pixel of size is one point (1/72 inch), fonts
    -- in points (fontscale 1) and line width 1 one point (linewidth 2:
    -- these terminals' unit is half a point); size.scale (default 1)
    -- prints that layout smaller or larger, text and lines with it.
    local k = (fig.size or {}).scale or 1
    s[#s + 1] = string.format("set terminal %scairo size %sin,%sin enhanced font \"Sans,11\" fontscale %.4g linewidth %.4g",
      fmt, string.format("%.4g", w * k / 72), string.format("%.4g", h * k / 72), k, 2 * k)
  end
  s[#s + 1] = "set output " .. M.str(name .. "." .. fmt)
  s[#s + 1] = "data = " .. M.str(name .. ".dat")
  for _, l in ipairs(fig.body) do s[#s + 1] = l end
  if fmt == "png" then
    s[#s + 1] = string.format("set terminal svg size %d,%d enhanced font \"Sans,11\" background rgb \"white\"", w, h)
    s[#s + 1] = "set output " .. M.str(name .. ".svg")
    s[#s + 1] = "replot"
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
