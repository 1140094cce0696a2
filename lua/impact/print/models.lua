-- The printer of impact.compare's results (metatable impact.comparison,
-- made in models.lua): one column per model, one row per quantity.
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

return { ["impact.Comparison"] = format }
