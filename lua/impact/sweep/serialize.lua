-- One-line Lua literal of a problem table for CSV comments and JSON: keys
-- sorted, numbers exact, a function (a custom law) shown as <function
-- file.lua:12: its source text when short> (impact.law_info), a prepared
-- mechanism (impact.prepare_mechanism) as the {M =, J =} it holds.
local csv = require("impact.sweep.csv")
local law_info = require("impact.law_info")

-- <function file.lua:12: function(s) return ... end>
local function fn_text(v)
  return "<" .. (type(v) == "function" and "function " or "") .. law_info.describe(v) .. ">"
end

-- a table with __call (a callable law): by its __call function
local function call_text(v)
  local mt = type(v) == "table" and getmetatable(v)
  local f = type(mt) == "table" and rawget(mt, "__call")
  return f and "<callable table, __call " .. law_info.describe(f) .. ">"
end

local function data(v)
  local mt = type(v) == "userdata" and getmetatable(v)
  if mt and mt.__name == "impact.Mechanism" then return { M = v.M, J = v.J } end
  return v
end

local function ser(v, depth)
  v = data(v)
  local t = type(v)
  if t == "number" then return csv.number(v) end
  if t == "string" then return (string.format("%q", v):gsub("\\\n", "\\n")) end
  if t == "function" then return fn_text(v) end
  if t ~= "table" then return "<" .. t .. ">" end
  if call_text(v) then return call_text(v) end
  if depth > 6 then return "{...}" end
  local keys = {}
  for k in pairs(v) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b)
    local ta, tb = type(a), type(b)
    if ta ~= tb then return ta < tb end
    if ta == "number" or ta == "string" then return a < b end
    return tostring(a) < tostring(b)
  end)
  local parts, n = {}, #v
  for i = 1, n do parts[#parts + 1] = ser(v[i], depth + 1) end
  for _, k in ipairs(keys) do
    if not (math.type(k) == "integer" and k >= 1 and k <= n) then
      local key = (type(k) == "string" and k:match("^[%a_][%w_]*$")) and k or ("[" .. ser(k, depth + 1) .. "]")
      parts[#parts + 1] = key .. " = " .. ser(v[k], depth + 1)
    end
  end
  return "{" .. table.concat(parts, ", ") .. "}"
end

-- A copy safe for JSON: functions and other non-data values become strings.
local function plain(v, depth)
  v = data(v)
  local t = type(v)
  if t == "number" or t == "string" or t == "boolean" then return v end
  if t == "function" then return fn_text(v) end
  if t ~= "table" or depth > 6 then return "<" .. t .. ">" end
  if call_text(v) then return call_text(v) end
  local out = {}
  for k, x in pairs(v) do
    if type(k) == "string" or math.type(k) == "integer" then out[k] = plain(x, depth + 1) end
  end
  return out
end

return {
  literal = function(v) return ser(v, 0) end,
  plain = function(v) return plain(v, 0) end,
  -- a sweep's map (or any function) as its files record it
  func = function(f) return law_info.describe(f) end,
}
