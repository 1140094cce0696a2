-- Number formatting shared by the multi-contact printers (print/multi.lua):
-- six significant digits, as the other printers, and aligned columns.
-- Not an area of impact.print: it returns helpers, not printers.
local M = {}

-- Rounding noise (below 1e-12 of the quantity's scale) prints as 0.
function M.num(v, scale)
  if type(v) ~= "number" then return "-" end
  if v ~= v then return "nan" end
  if v == 0 or math.abs(v) <= 1e-12 * (scale or 0) then return "0" end
  return string.format("%.6g", v)
end

function M.largest(list, key)
  local m = 0
  for _, x in ipairs(list) do
    for _, y in ipairs(key and x[key] or x) do m = math.max(m, math.abs(y)) end
  end
  return m
end

function M.vec(v, scale)
  local out = {}
  for i = 1, #v do out[i] = M.num(v[i], scale) end
  return "(" .. table.concat(out, ", ") .. ")"
end

-- rows (lists of strings) as lines of left-aligned columns two spaces
-- apart, each line after indent, trailing blanks cut.
function M.columns(rows, indent)
  local w, lines = {}, {}
  for _, row in ipairs(rows) do
    for j, cell in ipairs(row) do w[j] = math.max(w[j] or 0, #cell) end
  end
  for _, row in ipairs(rows) do
    local cells = {}
    for j, cell in ipairs(row) do cells[j] = cell .. string.rep(" ", w[j] - #cell) end
    lines[#lines + 1] = ((indent or "") .. table.concat(cells, "  ")):gsub("%s+$", "")
  end
  return lines
end

return M
