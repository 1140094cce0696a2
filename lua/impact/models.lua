-- The published collision models side by side (CS01, WM92):
-- impact.compare(t, models) solves one problem with several models and
-- returns the results keyed by model name; printing it gives a table
-- (print/models.lua). Returns { compare = }.
local core = require("impact.core")
local printers = require("impact.print").printers

local ALL = require("impact.names").MODELS

local STATUS = { routh = "exact" }

-- The fields only some models read (as solve2d checks them), from the
-- core's registry (core._models2d_rows): compare gives each model the
-- problem without the others' fields. law is Routh's choice; the published
-- models fix their own. A field a model refuses with a reason of its own
-- (glocker-pfeiffer's nu and e_t: its case 2 was not recovered) goes to it
-- only when no other model reads it, so e_t goes to "chatterjee-ruina"
-- alone (its default, without e_t, is 0).
local OWN, DECLINED = { law = { routh = true } }, {}
for _, row in ipairs(core._models2d_rows) do
  for _, k in ipairs(row.params) do
    OWN[k] = OWN[k] or {}
    OWN[k][row.name] = true
  end
  for _, k in ipairs(row.declines) do
    DECLINED[k] = DECLINED[k] or {}
    DECLINED[k][row.name] = true
  end
end
for k, users in pairs(DECLINED) do OWN[k] = OWN[k] or users end

local function copy(t)
  local c = {}
  for k, v in pairs(t) do c[k] = v end
  return c
end

local M = {}
-- The fields of the problem (solve2d's, every model's parameters
-- included) and of a {name, label =, <overrides>} entry.
local FIELDS = core._fields.solve2d
local ENTRY = { "label" }
for _, k in ipairs(FIELDS) do ENTRY[#ENTRY + 1] = k end
-- Routh's path is solve2d itself; the published models go through
-- solve2d's model dispatch.
local function solve(t, name)
  local p = copy(t)
  p.model = name ~= "routh" and name or nil
  return core.solve2d(p)
end

-- t without the fields that model `name` does not read.
local function for_model(t, name)
  local p = copy(t)
  for k, users in pairs(OWN) do
    if not users[name] then p[k] = nil end
  end
  return p
end

-- The stages of compare raise with level 3: the position is compare's
-- caller's.

local function check_args(t, models)
  if type(t) ~= "table" then
    error("compare: expected a problem table, got " .. type(t), 3)
  end
  if models ~= nil and type(models) ~= "table" then
    error("compare: 'models' must be a list of model names, got " .. type(models), 3)
  end
  local msg = core._check_fields("compare", t, FIELDS)
  if msg then error(msg, 3) end
  -- models is a list: another key would be skipped silently
  for k in pairs(models or {}) do
    if not (math.type(k) == "integer" and k >= 1 and k <= #models) then
      error(string.format("compare: field 'models' has an unknown entry %s (a list of model names "
        .. "or {name, label =, <fields>} entries)", type(k) == "string" and "'" .. k .. "'"
        or "[" .. tostring(k) .. "]"), 3)
    end
  end
end

-- The entries -> order (their labels), specs (label -> {name, over, index}).
-- An entry is a model name, or {name, label =, <overrides>} to run one
-- model with other parameters (e.g. {"routh", law = "newton"}).
local function read_entries(models)
  local order, specs = {}, {}
  for i, entry in ipairs(models or ALL) do
    local name, label, over
    if type(entry) == "string" then
      name, label = entry, entry
    elseif type(entry) == "table" then
      name = entry[1] or entry.model
      if type(name) ~= "string" then
        error("compare: models[" .. i .. "][1] must be a model name, got " .. type(name), 3)
      end
      local fields = copy(entry)
      fields[1] = nil
      local msg = core._check_fields("compare", fields, ENTRY, "models[" .. i .. "].")
      if msg then error(msg, 3) end
      over = {}
      for k, v in pairs(entry) do
        if k ~= 1 and k ~= "label" and k ~= "model" then over[k] = v end
      end
      label = entry.label
      if label == nil then
        label = name
        if over.law ~= nil then label = label .. "/" .. tostring(over.law) end
      end
      if type(label) ~= "string" then
        error("compare: field 'models[" .. i .. "].label' must be a string, got " .. type(label), 3)
      end
    else
      error("compare: models[" .. i .. "] must be a model name, got " .. type(entry), 3)
    end
    if specs[label] then error("compare: model '" .. label .. "' is listed twice", 3) end
    order[#order + 1] = label
    specs[label] = { name = name, over = over, index = i }
  end
  if #order == 0 then error("compare: 'models' is empty", 3) end
  return order, specs
end

-- A model's own field that no listed model reads is a mistake.
local function check_own_fields(t, order, specs)
  for k, users in pairs(OWN) do
    if t[k] ~= nil and k ~= "law" then
      local used = false
      for _, label in ipairs(order) do used = used or users[specs[label].name] end
      if not used then
        local names = {}
        for u in pairs(users) do names[#names + 1] = '"' .. u .. '"' end
        table.sort(names)
        error("compare: field '" .. k .. "' is only used by model " .. table.concat(names, " and ")
              .. ", which is not in 'models'", 3)
      end
    end
  end
end

-- Flags for results that do not carry them (Routh's path); p: the problem.
local function add_flags(r, p)
  if r.energy_gain == nil then
    local S0, C0 = r.S0 or p.S0 or r.S or 0, r.C0 or p.C0 or r.C or 0
    local scale = math.abs(S0 * r.Px) + math.abs(C0 * r.Py)
    r.energy_gain = r.dT > 1e-12 * scale
  end
  if r.coulomb_ok == nil then
    local mu = p.mu_s or p.mu or 0
    r.coulomb_ok = math.abs(r.Px) <= mu * r.Py * (1 + 1e-12) + 1e-12 * math.abs(r.Py)
  end
end

-- One entry's result, with its model, status and flags.
local function solve_entry(t, sp, label)
  local p = for_model(t, sp.name)
  if sp.over then
    for k, v in pairs(sp.over) do p[k] = v end
  end
  local ok, r = pcall(solve, p, sp.name)
  if not ok then
    -- name the entry; the position would point here, not at the caller
    local msg = tostring(r):gsub("^[^\n]-models%.lua:%d+: ", "")
    error(string.format("compare: models[%d] (%q): %s", sp.index, label, msg), 3)
  end
  r.model = r.model or sp.name
  r.status = r.status or STATUS[sp.name]
  add_flags(r, p)
  return r
end

function M.compare(t, models)
  if type(t) == "table" and t.contacts ~= nil then   -- several contacts
    return require("impact.compare_multi").compare(t, models)
  end
  check_args(t, models)
  local order, specs = read_entries(models)
  check_own_fields(t, order, specs)
  local res = {}
  for _, label in ipairs(order) do
    res[label] = solve_entry(t, specs[label], label)
  end
  return setmetatable(res, { __tostring = printers["impact.Comparison"], __name = "impact.Comparison",
                             order = order })
end

return M
