-- impact.pretty: readable text for Lua values. The host's REPL prints every
-- result through values(...); scripts may use it too:
--   local pretty = require("impact.pretty")
--   print(pretty.format(t, { depth = 2 }))
-- Strings are quoted; a table whose metatable has __tostring (the solvers'
-- results) prints through tostring; other tables print as constructors,
-- inline when they fit the width, else one entry per line (short array
-- items packed several per line), cut after `depth` levels ({...}) and
-- after `items` entries per table (... (N more)). Cycles print as <cycle>.
-- Fields that an __index function builds on first read (a fast-path
-- sweep's columns) are read first when the metatable lists them in
-- __lazy, so they print. A multi-line __tostring text nested in a table is
-- indented with the entry it belongs to.
local M = {}

M.defaults = { depth = 3, width = 78, items = 40, indent = "  " }

local getmt = (debug and debug.getmetatable) or getmetatable

local KEYWORDS = {}
for w in ([[and break do else elseif end false for function goto if in
  local nil not or repeat return then true until while]]):gmatch("%a+") do
  KEYWORDS[w] = true
end

local function quote(s)
  return (string.format("%q", s):gsub("\\\n", "\\n"))
end

-- tostring that never raises (a failing __tostring is shown, not thrown).
local function safe_tostring(v)
  local ok, s = pcall(tostring, v)
  if ok and type(s) == "string" then return s end
  return "<" .. type(v) .. ": __tostring failed: " .. tostring(s) .. ">"
end

local TYPE_ORDER = { number = 1, string = 2, boolean = 3 }

local function key_before(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then
    return (TYPE_ORDER[ta] or 4) < (TYPE_ORDER[tb] or 4) or
      ((TYPE_ORDER[ta] or 4) == (TYPE_ORDER[tb] or 4) and ta < tb)
  end
  if ta == "number" or ta == "string" then return a < b end
  return safe_tostring(a) < safe_tostring(b)
end

local function key_text(k)
  if type(k) == "string" and k:match("^[%a_][%w_]*$") and not KEYWORDS[k] then
    return k .. " = "
  elseif type(k) == "string" then
    return "[" .. quote(k) .. "] = "
  end
  return "[" .. safe_tostring(k) .. "] = "
end

local render

-- The entries of table t (array part first, then sorted keys), rendered,
-- at most o.items of them.
local function entries(t, o, level, seen, pad)
  local n = rawlen(t)
  local list, count = {}, 0
  local function add(text, is_array)
    count = count + 1
    if count <= o.items then list[#list + 1] = { text = text, array = is_array } end
  end
  for i = 1, n do
    if count >= o.items then count = count + 1 else
      add(render(rawget(t, i), o, level + 1, seen, o.width - #pad - 1), true)
    end
  end
  local keys = {}
  local mt = getmt(t)
  -- __pairs may hide a private key (a solve2d result's)
  local ok, iter, state, init = false, nil, nil, nil
  if type(mt) == "table" and rawget(mt, "__pairs") then ok, iter, state, init = pcall(pairs, t) end
  if not ok then iter, state, init = next, t, nil end
  for k in iter, state, init do
    if not (math.type(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
  end
  table.sort(keys, key_before)
  for _, k in ipairs(keys) do
    if count >= o.items then count = count + 1 else
      local kt = key_text(k)
      add(kt .. render(rawget(t, k), o, level + 1, seen, o.width - #pad - #kt - 1), false)
    end
  end
  if count > #list then
    list[#list + 1] = { text = "... (" .. (count - #list) .. " more)", array = true }
  end
  return list
end

-- The names mt.__lazy lists, or nil.
local function lazy_names(t)
  local mt = getmt(t)
  local lazy = type(mt) == "table" and rawget(mt, "__lazy")
  if type(lazy) == "table" and lazy[1] ~= nil then return lazy end
end

-- Reads the fields that __lazy names, so that __index builds them (a
-- failing read is left out).
local function build_lazy(t, lazy)
  for _, k in ipairs(lazy) do
    if rawget(t, k) == nil then pcall(function() return t[k] end) end
  end
end

local function render_table(t, o, level, seen, avail)
  if seen[t] then return "<cycle: " .. safe_tostring(t) .. ">" end
  local lazy = lazy_names(t)
  if next(t) == nil and not lazy then return "{}" end
  if level >= o.depth then return "{...}" end
  if lazy then
    build_lazy(t, lazy)
    if next(t) == nil then return "{}" end
  end
  local pad = o.indent:rep(level + 1)
  seen[t] = true
  local list = entries(t, o, level, seen, pad)
  seen[t] = nil

  local len, multi = 2, false
  for _, e in ipairs(list) do
    len = len + #e.text + 2
    if e.text:find("\n", 1, true) then multi = true end
  end
  if not multi and len <= avail then
    local texts = {}
    for i, e in ipairs(list) do texts[i] = e.text end
    return "{ " .. table.concat(texts, ", ") .. " }"
  end

  local lines, cur = {}, nil
  for _, e in ipairs(list) do
    local short = e.array and not e.text:find("\n", 1, true)
    if short and cur and #cur + 2 + #e.text < o.width then
      cur = cur .. ", " .. e.text
    else
      if cur then lines[#lines + 1] = cur end
      cur = pad .. e.text
      if not short then lines[#lines + 1] = cur; cur = nil end
    end
  end
  if cur then lines[#lines + 1] = cur end
  return "{\n" .. table.concat(lines, ",\n") .. "\n" .. o.indent:rep(level) .. "}"
end

function render(v, o, level, seen, avail)
  local tv = type(v)
  if tv == "string" then return quote(v) end
  if tv ~= "table" then return safe_tostring(v) end
  local mt = getmt(v)
  if type(mt) == "table" and rawget(mt, "__tostring") ~= nil then
    local text = safe_tostring(v)
    if level > 0 then text = text:gsub("\n", "\n" .. o.indent:rep(level)) end
    return text
  end
  return render_table(v, o, level, seen, avail)
end

-- format(v [, opts]) -> string; opts overrides M.defaults field by field.
local OPTIONS = { "depth", "width", "items", "indent" }

function M.format(v, opts)
  local o = M.defaults
  if opts then
    if type(opts) ~= "table" then error("pretty.format: options must be a table, got " .. type(opts), 2) end
    local msg = require("impact.core")._check_fields("pretty.format", opts, OPTIONS)
    if msg then error(msg, 2) end
    o = {}
    for k, d in pairs(M.defaults) do
      local v = opts[k]
      if v == nil then v = d
      elseif k == "indent" then
        if type(v) ~= "string" then
          error("pretty.format: field 'indent' must be a string, got " .. type(v), 2)
        end
      elseif type(v) ~= "number" or not math.tointeger(v) or v < (k == "width" and 1 or 0) then
        error(string.format("pretty.format: field '%s' must be an integer >= %d, got %s", k,
          k == "width" and 1 or 0, type(v) == "number" and tostring(v) or type(v)), 2)
      end
      o[k] = v
    end
  end
  return render(v, o, 0, {}, o.width)
end

-- values(...) -> one string: the values tab-separated as print does, or
-- one per line when any of them takes several lines.
function M.values(...)
  local n, parts, multi = select("#", ...), {}, false
  for i = 1, n do
    parts[i] = M.format((select(i, ...)))
    if parts[i]:find("\n", 1, true) then multi = true end
  end
  return table.concat(parts, multi and "\n" or "\t")
end

return M
