-- How results, printers, plots and sweep files name a law: a built-in law
-- by its name and e, a custom (Lua) law by where it is defined (the
-- results' law_source, "file.lua:12") and, in a sweep's files, by its source
-- text too when that is short. A function given as a sweep's map is named
-- the same way.
local M = {}

local MAX_TEXT = 160   -- longer source text is left out (the file and line remain)

-- "file.lua:12" for a Lua function (where it is defined), "callable
-- table" for a table with __call, tostring(f) for a C function.
function M.source(f)
  if type(f) == "table" then return "callable table" end
  if type(f) ~= "function" then return tostring(f) end
  local info = debug.getinfo(f, "S")
  if not info or info.what == "C" then return tostring(f) end
  return info.short_src .. ":" .. info.linedefined
end

-- The lines a .. b of the chunk that defined the function (its file, or the
-- string it was loaded from), or nil.
local function chunk_lines(info, a, b)
  local src, lines = info.source, {}
  if src:sub(1, 1) == "@" then
    local f = io.open(src:sub(2), "r")
    if not f then return nil end
    local i = 0
    for l in f:lines() do
      i = i + 1
      if i > b then break end
      if i >= a then lines[#lines + 1] = l end
    end
    f:close()
  elseif src:sub(1, 1) ~= "=" then   -- loaded from a string: the string is the source
    local i = 0
    for l in (src .. "\n"):gmatch("([^\n]*)\n") do
      i = i + 1
      if i > b then break end
      if i >= a then lines[#lines + 1] = l end
    end
  end
  if #lines ~= b - a + 1 then return nil end
  return lines
end

-- The function's source text on one line when it is short (at most three
-- lines and MAX_TEXT characters): from its `function` keyword to its last
-- `end` when the lines hold one function only, else the lines themselves
-- (trimmed); nil when it is long or cannot be read.
function M.text(f)
  if type(f) ~= "function" then return nil end
  local info = debug.getinfo(f, "S")
  if not info or info.what ~= "Lua" or info.linedefined < 1 then return nil end
  local a, b = info.linedefined, info.lastlinedefined
  if b - a > 2 then return nil end
  local lines = chunk_lines(info, a, b)
  if not lines then return nil end
  for i, l in ipairs(lines) do lines[i] = l:gsub("^%s+", ""):gsub("%s+$", "") end
  local text = table.concat(lines, " ")
  local _, nfun = text:gsub("%f[%w_]function%f[^%w_]", "")
  if nfun == 1 then
    local s = text:find("%f[%w_]function%f[^%w_]")
    local e
    for pos in text:gmatch("()%f[%w_]end%f[^%w_]") do e = pos end
    if s and e and e > s then text = text:sub(s, e + 2) end
  end
  if #text > MAX_TEXT then return nil end
  return text
end

-- "file.lua:12: function(s) return s.Pn - 1.5 * s.Pc end" (the text when
-- short), for a sweep's files.
function M.describe(f)
  local src, text = M.source(f), M.text(f)
  return text and (src .. ": " .. text) or src
end

-- A result's law for a title or a summary: "poisson", or "custom
-- (file.lua:12)" (a custom law's result has law_source and no e).
function M.label(r)
  local law = r.law
  if type(law) ~= "string" then
    law = law ~= nil and ("custom (" .. M.source(law) .. ")") or require("impact.names").DEFAULT_LAW
  elseif r.law_source then
    law = law .. " (" .. r.law_source .. ")"
  end
  return law
end

-- The same as a phrase for plot titles: "poisson law", "custom law
-- (file.lua:12)".
function M.phrase(r)
  if type(r.law) == "string" and r.law_source then
    return r.law .. " law (" .. r.law_source .. ")"
  end
  if type(r.law) == "function" or type(r.law) == "table" then
    return "custom law (" .. M.source(r.law) .. ")"
  end
  return M.label(r) .. " law"
end

return M
