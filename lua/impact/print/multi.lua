-- The printer of solve_multi's results (metatable impact.MultiResult): a
-- header with the energy, one line per contact, then qdot'. Six
-- significant digits, as the other printers.
local fmt = require("impact.print.numbers")
local num, largest, vec = fmt.num, fmt.largest, fmt.vec

local function multi(r)
  local cs = r.contacts
  local ps, vs = largest(cs, "P"), math.max(largest(cs, "v0"), largest(cs, "v"))
  local lines = {
    string.format("solve_multi (%s): %d contacts, T0 = %s, dT = %s, energy ratio %s%s",
                  r.model, #r.contacts, num(r.T0), num(r.dT, r.T0), num(r.energy_ratio),
                  r.energy_gain and " (ENERGY GAIN)" or ""),
  }
  local rows = { { "contact", "mode", "P", "v0", "v" } }
  for i, c in ipairs(r.contacts) do
    rows[#rows + 1] = { tostring(i), c.mode, vec(c.P, ps), vec(c.v0, vs), vec(c.v, vs) }
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
  lines[#lines + 1] = "qdot' = " .. vec(r.qdot, largest{ r.qdot })
  if r.order then
    lines[#lines + 1] = "order: " .. table.concat(r.order, ", ")
  elseif r.steps then   -- lzb: no complementarity problem, an integration
    lines[#lines + 1] = string.format("%d steps, %d primary switches", r.steps, r.primary_switches or 0)
  else
    lines[#lines + 1] = string.format("residual %s, %d iterations", num(r.residual), r.iterations)
  end
  return table.concat(lines, "\n")
end

return { ["impact.MultiResult"] = multi }
