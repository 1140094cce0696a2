-- The printer of solve_multi's results (metatable impact.MultiResult): a
-- header with the energy, one line per contact, then qdot'. Six
-- significant digits, as the other printers.
local function num(v)
  if type(v) ~= "number" then return "-" end
  if v ~= v then return "nan" end
  if v == 0 then return "0" end
  return string.format("%.6g", v)
end

local function vec(v)
  local out = {}
  for i = 1, #v do out[i] = num(v[i]) end
  return "(" .. table.concat(out, ", ") .. ")"
end

local function multi(r)
  local lines = {
    string.format("solve_multi (%s): %d contacts, T0 = %s, dT = %s, energy ratio %s%s",
                  r.model, #r.contacts, num(r.T0), num(r.dT), num(r.energy_ratio),
                  r.energy_gain and " (ENERGY GAIN)" or ""),
  }
  local rows = { { "contact", "mode", "P", "v0", "v" } }
  for i, c in ipairs(r.contacts) do
    rows[#rows + 1] = { tostring(i), c.mode, vec(c.P), vec(c.v0), vec(c.v) }
  end
  local w = {}
  for _, row in ipairs(rows) do
    for j, cell in ipairs(row) do w[j] = math.max(w[j] or 0, #cell) end
  end
  for _, row in ipairs(rows) do
    local cells = {}
    for j, cell in ipairs(row) do cells[j] = cell .. string.rep(" ", w[j] - #cell) end
    lines[#lines + 1] = ("  " .. table.concat(cells, "  ")):gsub("%s+$", "")
  end
  lines[#lines + 1] = "qdot' = " .. vec(r.qdot)
  if r.order then
    lines[#lines + 1] = "order: " .. table.concat(r.order, ", ")
  else
    lines[#lines + 1] = string.format("residual %s, %d iterations", num(r.residual), r.iterations)
  end
  return table.concat(lines, "\n")
end

return { ["impact.MultiResult"] = multi }
