-- Writes a figure as editable files and renders it: NAME.gp (the gnuplot
-- script, which draws NAME.png and NAME.svg), NAME.dat (the data, blocks
-- separated by two blank lines), then runs gnuplot in that directory so the
-- script refers to its files by name only (cd there and re-run it).
local csv = require("impact.study.csv")

local M = { command = "gnuplot" }

local function shell_quote(s) return "'" .. s:gsub("'", "'\\''") .. "'" end

-- "figs/modes.png" -> dir "figs", name "modes"
function M.split_out(fname, out)
  if type(out) ~= "string" or out == "" then
    error(fname .. ": field 'out' must be a file name (NAME.png)", 0)
  end
  local dir, file = out:match("^(.*)/([^/]+)$")
  if not dir then dir, file = ".", out end
  if dir == "" then dir = "/" end
  local name = file:gsub("%.png$", ""):gsub("%.svg$", "")
  return dir, name
end

function M.num(x) return csv.number(x) end

-- A gnuplot string literal.
function M.str(s)
  return '"' .. tostring(s):gsub("\\", "\\\\"):gsub('"', '\\"') .. '"'
end

-- write(fname, out, { what =, blocks = {{comment =, rows = {{...}, ...}}, ...},
--        body = {script lines}, size = {w, h} }) -> paths
function M.render(fname, out, fig)
  local dir, name = M.split_out(fname, out)
  local paths = {
    png = dir .. "/" .. name .. ".png", svg = dir .. "/" .. name .. ".svg",
    script = dir .. "/" .. name .. ".gp", data = dir .. "/" .. name .. ".dat",
  }
  local f, err = io.open(paths.data, "w")
  if not f then error(fname .. ": cannot write " .. tostring(err), 0) end
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
  f:close()

  local w, h = (fig.size or {})[1] or 900, (fig.size or {})[2] or 700
  local s = {
    "# " .. fig.what,
    "# Written by impact; edit and re-run with: gnuplot " .. name .. ".gp",
    "# (in this directory). Data: " .. name .. ".dat (index k = block k).",
    string.format("set terminal pngcairo size %d,%d enhanced font \"Sans,11\"", w, h),
    "set output " .. M.str(name .. ".png"),
    "data = " .. M.str(name .. ".dat"),
  }
  for _, l in ipairs(fig.body) do s[#s + 1] = l end
  s[#s + 1] = string.format("set terminal svg size %d,%d enhanced font \"Sans,11\" background rgb \"white\"", w, h)
  s[#s + 1] = "set output " .. M.str(name .. ".svg")
  s[#s + 1] = "replot"
  s[#s + 1] = "unset output"
  f, err = io.open(paths.script, "w")
  if not f then error(fname .. ": cannot write " .. tostring(err), 0) end
  f:write(table.concat(s, "\n"), "\n")
  f:close()

  if fig.run == false then return paths end
  local cmd = fig.command or M.command
  local ok = os.execute("command -v " .. shell_quote(cmd) .. " >/dev/null 2>&1")
  if not ok then
    error(string.format("%s: gnuplot not found (Debian: apt-get install gnuplot-nox); " ..
      "the data and script are in %s and %s", fname, paths.data, paths.script), 0)
  end
  local log = os.tmpname()
  ok = os.execute("cd " .. shell_quote(dir) .. " && " .. shell_quote(cmd) .. " " ..
    shell_quote(name .. ".gp") .. " >" .. shell_quote(log) .. " 2>&1")
  local lf = io.open(log, "r")
  local msg = lf and lf:read("a") or ""
  if lf then lf:close() end
  os.remove(log)
  if not ok then
    error(string.format("%s: gnuplot failed on %s: %s", fname, paths.script, msg:gsub("%s+$", "")), 0)
  end
  return paths
end

return M
