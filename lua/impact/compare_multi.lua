-- impact.compare for a problem with several contacts (t.contacts): each
-- model through solve_multi, shown side by side (per-contact impulses,
-- modes, post-impact contact velocities, energy, flags).
local core = require("impact.core")

-- Rounding noise (below 1e-12 of the quantity's scale) prints as 0.
local function num(v, scale)
  if type(v) ~= "number" then return "-" end
  if v ~= v then return "nan" end
  if v == 0 or math.abs(v) <= 1e-12 * (scale or 0) then return "0" end
  return string.format("%.6g", v)
end

local function largest(list, key)
  local m = 0
  for _, x in ipairs(list) do
    for _, y in ipairs(key and x[key] or x) do m = math.max(m, math.abs(y)) end
  end
  return m
end

local function vec(v, scale)
  local out = {}
  for i = 1, #v do out[i] = num(v[i], scale) end
  return "(" .. table.concat(out, ", ") .. ")"
end

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
