-- Helpers shared by the plot functions (study/plot_*.lua).
local M = {}

M.MODES = { "none", "sliding", "C-sticking", "R-sticking", "C-reversed", "R-reversed", "error" }
M.MODE_COLOR = {
  none = "#bdbdbd", sliding = "#4575b4", ["C-sticking"] = "#1a9850", ["R-sticking"] = "#a6d96a",
  ["C-reversed"] = "#d73027", ["R-reversed"] = "#fdae61", error = "#000000",
}
M.CYCLE = { "#4575b4", "#d73027", "#1a9850", "#fdae61", "#984ea3", "#a6d96a", "#7f7f7f", "#e7298a" }
M.VIRIDIS = "set palette defined (0 '#440154', 1 '#3b528b', 2 '#21908d', 3 '#5dc863', 4 '#fde725')"

-- A column name as literal text in gnuplot's enhanced mode ("_" is a subscript there).
function M.literal(name) return (tostring(name):gsub("_", "\\_")) end

function M.finite(x) return type(x) == "number" and x == x and math.abs(x) ~= math.huge end

function M.opt_table(fname, opts)
  if opts == nil then return {} end
  if type(opts) ~= "table" then error(fname .. ": options must be a table, got " .. type(opts), 0) end
  return opts
end

function M.law_text(r)
  local law = type(r.law) == "string" and r.law or (r.law and "custom" or "poisson")
  return law
end

return M
