-- CSV for sweeps: '#' comment lines, one header row, then one row per point.
-- Numbers are written in the shortest form that reads back to the same
-- double, so a file read back (or shards merged) equals the run in memory.
local core = require("impact.core")
local M = {}

function M.number(x)
  if math.type(x) == "integer" then return tostring(x) end
  return core._num(x)   -- no "-0"; "nan", "inf", "-inf"
end

function M.field(v)
  local t = type(v)
  if t == "number" then return M.number(v) end
  if v == nil then return "" end
  local s = tostring(v)
  if s:find('[,"\n\r]') or s:match("^#") or s:match("^%s") or s:match("%s$") then
    s = '"' .. s:gsub('"', '""') .. '"'
  end
  return s
end

function M.line(values, n)
  local out = {}
  for i = 1, n do out[i] = M.field(values[i]) end
  return table.concat(out, ",")
end

-- Comment text on one line each (newlines would break the format).
function M.comment(text)
  return "# " .. tostring(text):gsub("[\r\n]+", " ")
end

-- Splits one CSV line (RFC 4180 quoting, no embedded newlines).
function M.split(line)
  local out, i, n = {}, 1, #line
  while true do
    if line:sub(i, i) == '"' then
      local buf, j = {}, i + 1
      while true do
        local q = line:find('"', j, true)
        if not q then return nil, "unterminated quote" end
        buf[#buf + 1] = line:sub(j, q - 1)
        if line:sub(q + 1, q + 1) == '"' then
          buf[#buf + 1] = '"'
          j = q + 2
        else
          i = q + 1
          break
        end
      end
      out[#out + 1] = { table.concat(buf), quoted = true }
      if i > n then break end
      if line:sub(i, i) ~= "," then return nil, "text after a closing quote" end
      i = i + 1
    else
      local c = line:find(",", i, true)
      out[#out + 1] = { line:sub(i, (c or n + 1) - 1) }
      if not c then break end
      i = c + 1
    end
  end
  return out
end

local SPECIAL = { nan = 0 / 0, inf = math.huge, ["-inf"] = -math.huge, ["-nan"] = 0 / 0 }

function M.value(cell)
  if cell.quoted then return cell[1] end
  local s = cell[1]
  if s == "" then return "" end
  local x = tonumber(s)
  if x then return x end
  if SPECIAL[s] then return SPECIAL[s] end
  return s
end

-- A sweep's file (CSV or JSON) is text: a directory, or a file whose first
-- bytes hold control characters (/dev/zero, any binary file), is refused
-- before reading it whole or line by line, which might never end.
function M.check_text(path, fname)
  local kind = core._file_kind(path)
  if kind == "directory" then error(fname .. ": " .. path .. " is a directory, not a sweep's file", 0) end
  local f, err = io.open(path, "rb")
  if not f then error(fname .. ": cannot read " .. tostring(err), 0) end
  local ok, head = pcall(f.read, f, 4096)
  f:close()
  if not ok then error(fname .. ": cannot read " .. path .. ": " .. tostring(head), 0) end
  if head and head:find("[%z\1-\8\11\12\14-\31\127]") then
    error(fname .. ": " .. path .. " is not a sweep's file (binary data in its first bytes)", 0)
  end
end

-- read(path) -> { names, columns, n, prelude = {comment lines before the
-- header}, body = {raw lines after it, rows and comments} }
function M.read(path, fname)
  M.check_text(path, fname)
  local f, err = io.open(path, "r")
  if not f then error(fname .. ": cannot read " .. tostring(err), 0) end
  local prelude, body, names, columns, n = {}, {}, nil, {}, 0
  local lineno = 0
  for line in f:lines() do
    lineno = lineno + 1
    line = line:gsub("\r$", "")
    if line:match("^#") then
      if names then body[#body + 1] = line else prelude[#prelude + 1] = line end
    elseif line ~= "" then
      local cells, why = M.split(line)
      if not cells then
        f:close()
        error(string.format("%s: %s:%d: %s", fname, path, lineno, why), 0)
      end
      if not names then
        names = {}
        for i, c in ipairs(cells) do names[i] = c[1] columns[c[1]] = {} end
      else
        if #cells ~= #names then
          f:close()
          error(string.format("%s: %s:%d: %d fields, the header has %d", fname, path, lineno,
            #cells, #names), 0)
        end
        n = n + 1
        for i, c in ipairs(cells) do columns[names[i]][n] = M.value(c) end
        body[#body + 1] = line
      end
    end
  end
  f:close()
  if not names then error(fname .. ": " .. path .. " has no header row", 0) end
  return { names = names, columns = columns, n = n, prelude = prelude, body = body }
end

return M
