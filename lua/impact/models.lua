-- The published collision models side by side (CS01, WM92):
-- impact.compare(t, models) solves one problem with several models and
-- returns the results keyed by model name; printing it gives a table.
local ALL = { "routh", "newton-frictionless", "kane", "brach", "smith",
              "glocker-pfeiffer", "cs" }

local STATUS = { routh = "exact" }

-- The fields only some models read (as solve2d checks them): compare gives
-- each model the problem without the others' fields. law is Routh's choice;
-- the published models fix their own.
local OWN = { mu_0 = { kane = true }, ratio = { brach = true }, e_m = { brach = true },
              nu = { ["glocker-pfeiffer"] = true }, e_t = { ["glocker-pfeiffer"] = true },
              e_mC = { cs = true }, e_mE = { cs = true }, moment = { cs = true, brach = true },
              law = { routh = true } }

local function copy(t)
  local c = {}
  for k, v in pairs(t) do c[k] = v end
  return c
end

-- Six significant digits: a fixed number of decimals turns a grazing
-- impact's 5e-9 into 0.000000 and a 1e149 into 150 characters.
local function num(v)
  if type(v) ~= "number" then return tostring(v) end
  if v ~= v then return "nan" end
  if v == 0 then return "0" end
  return string.format("%.6g", v)
end

-- Cells and labels are cut to MAXW characters and padded by hand (a
-- "%<width>s" format cannot take widths of 100 and more).
local MAXW = 24

local function cut(s)
  return #s > MAXW and s:sub(1, MAXW - 1) .. "~" or s
end

local function lpad(s, w)
  return string.rep(" ", w - #s) .. s
end

local function flags(r)
  local f = {}
  if r.energy_gain then f[#f + 1] = "GAIN" end
  if r.coulomb_ok == false then f[#f + 1] = "COULOMB" end
  return #f > 0 and table.concat(f, ",") or "-"
end

-- Rows of the printed table: label, function(result) -> string.
local function rows(results, order)
  local R = {
    { "Px", function(r) return num(r.Px) end },
    { "Py", function(r) return num(r.Py) end },
    { "S", function(r) return num(r.S) end },
    { "C", function(r) return num(r.C) end },
  }
  local first = results[order[1]]
  for _, b in ipairs{ "body1", "body2" } do
    if first and first[b] then
      for _, f in ipairs{ "vx", "vy", "w" } do
        R[#R + 1] = { b .. "." .. f, function(r) return num(r[b] and r[b][f]) end }
      end
    end
  end
  R[#R + 1] = { "dT", function(r) return num(r.dT) end }
  R[#R + 1] = { "mode", function(r) return tostring(r.mode) end }
  R[#R + 1] = { "model mode", function(r) return r.model_mode or "-" end }
  R[#R + 1] = { "flags", flags }
  R[#R + 1] = { "status", function(r) return tostring(r.status) end }
  return R
end

local function format(res)
  local order = getmetatable(res).order
  local R = rows(res, order)
  local widths, lw = {}, 6
  for _, row in ipairs(R) do lw = math.max(lw, #row[1]) end
  local cells = {}
  local heads = {}
  for j, name in ipairs(order) do
    heads[j] = cut(name)
    widths[j] = #heads[j]
    cells[j] = {}
    for i, row in ipairs(R) do
      local s = cut(row[2](res[name]))
      cells[j][i] = s
      widths[j] = math.max(widths[j], #s)
    end
  end
  local out = {}
  local head = { string.rep(" ", lw) }
  for j = 1, #order do head[#head + 1] = lpad(heads[j], widths[j]) end
  out[1] = table.concat(head, "  ")
  for i, row in ipairs(R) do
    local line = { row[1] .. string.rep(" ", lw - #row[1]) }
    for j = 1, #order do line[#line + 1] = lpad(cells[j][i], widths[j]) end
    out[#out + 1] = table.concat(line, "  ")
  end
  out[#out + 1] = "flags: GAIN = kinetic energy gained, COULOMB = |Px| > mu*Py"
  return table.concat(out, "\n")
end

return function(impact, core)
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
    return impact.solve2d(p)
  end

  -- t without the fields that model `name` does not read.
  local function for_model(t, name)
    local p = copy(t)
    for k, users in pairs(OWN) do
      if not users[name] then p[k] = nil end
    end
    return p
  end

  function impact.compare(t, models)
    if type(t) ~= "table" then
      error("compare: expected a problem table, got " .. type(t), 2)
    end
    if models ~= nil and type(models) ~= "table" then
      error("compare: 'models' must be a list of model names, got " .. type(models), 2)
    end
    local msg = core._check_fields("compare", t, FIELDS)
    if msg then error(msg, 2) end
    -- models is a list: another key would be skipped silently
    for k in pairs(models or {}) do
      if not (math.type(k) == "integer" and k >= 1 and k <= #models) then
        error(string.format("compare: field 'models' has an unknown entry %s (a list of model names "
          .. "or {name, label =, <fields>} entries)", type(k) == "string" and "'" .. k .. "'"
          or "[" .. tostring(k) .. "]"), 2)
      end
    end
    -- An entry is a model name, or {name, label =, <overrides>} to run one
    -- model with other parameters (e.g. {"routh", law = "newton"}).
    local order, specs = {}, {}
    for i, entry in ipairs(models or ALL) do
      local name, label, over
      if type(entry) == "string" then
        name, label = entry, entry
      elseif type(entry) == "table" then
        name = entry[1] or entry.model
        if type(name) ~= "string" then
          error("compare: models[" .. i .. "][1] must be a model name, got " .. type(name), 2)
        end
        local fields = copy(entry)
        fields[1] = nil
        msg = core._check_fields("compare", fields, ENTRY, "models[" .. i .. "].")
        if msg then error(msg, 2) end
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
          error("compare: field 'models[" .. i .. "].label' must be a string, got " .. type(label), 2)
        end
      else
        error("compare: models[" .. i .. "] must be a model name, got " .. type(entry), 2)
      end
      if specs[label] then error("compare: model '" .. label .. "' is listed twice", 2) end
      order[#order + 1] = label
      specs[label] = { name = name, over = over, index = i }
    end
    if #order == 0 then error("compare: 'models' is empty", 2) end
    -- A model's own field that no listed model reads is a mistake.
    for k, users in pairs(OWN) do
      if t[k] ~= nil and k ~= "law" then
        local used = false
        for _, label in ipairs(order) do used = used or users[specs[label].name] end
        if not used then
          local names = {}
          for u in pairs(users) do names[#names + 1] = '"' .. u .. '"' end
          table.sort(names)
          error("compare: field '" .. k .. "' is only used by model " .. table.concat(names, " and ")
                .. ", which is not in 'models'", 2)
        end
      end
    end
    local res = {}
    for _, label in ipairs(order) do
      local sp = specs[label]
      local p = for_model(t, sp.name)
      if sp.over then
        for k, v in pairs(sp.over) do p[k] = v end
      end
      local ok, r = pcall(solve, p, sp.name)
      if not ok then
        -- name the entry; the position would point here, not at the caller
        local msg = tostring(r):gsub("^[^\n]-models%.lua:%d+: ", "")
        error(string.format("compare: models[%d] (%q): %s", sp.index, label, msg), 2)
      end
      r.model = r.model or sp.name
      r.status = r.status or STATUS[sp.name]
      -- Flags for results that do not carry them (Routh's path).
      if r.energy_gain == nil then
        local S0, C0 = r.S0 or p.S0 or r.S or 0, r.C0 or p.C0 or r.C or 0
        local scale = math.abs(S0 * r.Px) + math.abs(C0 * r.Py)
        r.energy_gain = r.dT > 1e-12 * scale
      end
      if r.coulomb_ok == nil then
        local mu = p.mu_s or p.mu or 0
        r.coulomb_ok = math.abs(r.Px) <= mu * r.Py * (1 + 1e-12) + 1e-12 * math.abs(r.Py)
      end
      res[label] = r
    end
    return setmetatable(res, { __tostring = format, __name = "impact.Comparison",
                               order = order })
  end
end
