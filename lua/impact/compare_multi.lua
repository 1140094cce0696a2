-- impact.compare for a problem with several contacts (t.contacts): each
-- model through solve_multi, shown side by side (per-contact impulses,
-- modes, post-impact contact velocities, energy, flags).
local core = require("impact.core")

local fmt = require("impact.print.numbers")
local num, largest, vec = fmt.num, fmt.largest, fmt.vec

local function show(res)
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
  add("flags", function(r) return r.energy_gain and "GAIN" or "-" end)
  local w = {}
  for _, row in ipairs(rows) do
    for j, cell in ipairs(row) do w[j] = math.max(w[j] or 0, #cell) end
  end
  local lines = {}
  for _, row in ipairs(rows) do
    local cells = {}
    for j, cell in ipairs(row) do cells[j] = cell .. string.rep(" ", w[j] - #cell) end
    lines[#lines + 1] = table.concat(cells, "  "):gsub("%s+$", "")
  end
  return table.concat(lines, "\n")
end

return function(t, models)
  if type(models) ~= "table" or #models == 0 then
    error("compare: 'models' must be a non-empty list of model names", 3)
  end
  local res, order = {}, {}
  for i, m in ipairs(models) do
    if type(m) ~= "string" then
      error("compare: models[" .. i .. "] must be a model name (\"moreau\", \"poisson\", \"sequential\"), got " .. type(m), 3)
    end
    local p = {}
    for k, v in pairs(t) do p[k] = v end
    p.model = m
    if m ~= "sequential" then p.law = nil end
    local ok, r = pcall(core.solve_multi, p)
    if not ok then error(string.format("compare: models[%d] (%q): %s", i, m, r), 3) end
    res[m], order[#order + 1] = r, m
  end
  return setmetatable(res, { __tostring = show, __name = "impact.comparison", order = order })
end
