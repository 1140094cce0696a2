-- The printers of several contacts: solve_multi's results (metatable
-- impact.MultiResult: a header with the energy, one line per contact, then
-- qdot') and compare's table of models (impact.MultiComparison: one column
-- per model). Six significant digits, as the other printers.
local fmt = require("impact.print.numbers")
local num, largest, vec = fmt.num, fmt.largest, fmt.vec

local function multi(r)
  local cs = r.contacts
  local ps, vs = largest(cs, "P"), math.max(largest(cs, "v0"), largest(cs, "v"))
  local lines = {
    string.format("solve_multi (%s%s): %d contacts, T0 = %s, dT = %s, energy ratio %s%s",
                  r.model, r.law_source and (", law " .. require("impact.law_info").label(r)) or "",
                  #r.contacts, num(r.T0), num(r.dT, r.T0), num(r.energy_ratio),
                  r.energy_gain and " (ENERGY GAIN)" or ""),
  }
  local rows = { { "contact", "mode", "P", "v0", "v" } }
  for i, c in ipairs(r.contacts) do
    rows[#rows + 1] = { tostring(i), c.mode, vec(c.P, ps), vec(c.v0, vs), vec(c.v, vs) }
  end
  for _, line in ipairs(fmt.columns(rows, "  ")) do lines[#lines + 1] = line end
  lines[#lines + 1] = "qdot' = " .. vec(r.qdot, largest{ r.qdot })
  if r.order then
    lines[#lines + 1] = "order: " .. table.concat(r.order, ", ")
  elseif r.steps then   -- lzb: no complementarity problem, an integration
    lines[#lines + 1] = string.format("%d steps, %d primary switches", r.steps, r.primary_switches or 0)
  else
    lines[#lines + 1] = string.format("residual %s, %d iterations", num(r.residual), r.iterations)
  end
  if r.unique == false then
    lines[#lines + 1] = "not unique: W is singular on the active contacts, other impulses give the same velocities"
  end
  return table.concat(lines, "\n")
end

local function comparison(res)
  local order = getmetatable(res).order
  local rows = { { "" } }
  for _, m in ipairs(order) do rows[1][#rows[1] + 1] = m end
  local function add(label, f)
    local row = { label }
    for _, m in ipairs(order) do row[#row + 1] = f(res[m]) end
    rows[#rows + 1] = row
  end
  local first = res[order[1]]
  local vs = largest(first.contacts, "v0")
  for i = 1, #first.contacts do
    add("P" .. i, function(r) return vec(r.contacts[i].P, largest(r.contacts, "P")) end)
    add("mode" .. i, function(r) return r.contacts[i].mode end)
    add("v" .. i, function(r) return vec(r.contacts[i].v, vs) end)
  end
  add("qdot'", function(r) return vec(r.qdot, largest{ r.qdot }) end)
  add("dT", function(r) return num(r.dT, r.T0) end)
  add("T1/T0", function(r) return num(r.energy_ratio) end)
  add("flags", function(r)
    local f = {}
    if r.energy_gain then f[#f + 1] = "GAIN" end
    if r.unique == false then f[#f + 1] = "NOT-UNIQUE" end
    return #f > 0 and table.concat(f, " ") or "-"
  end)
  return table.concat(fmt.columns(rows), "\n")
end

return { ["impact.MultiResult"] = multi, ["impact.MultiComparison"] = comparison }
