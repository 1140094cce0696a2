-- Where a sweep's rows go: a CSV file written row by row (comments first,
-- header, rows in point order, "# end" when complete) and a JSON file
-- written once at the end (its columns by C, the rest through lua-cjson);
-- both written whole or not at all (impact.files).
local csv = require("impact.sweep.csv")
local files = require("impact.files")
local core = require("impact.core")

local M = {}

-- "study.csv" with shard 3 of 8 -> "study.3-of-8.csv"; unsharded: unchanged.
function M.shard_path(path, k, n)
  if n == 1 then return path end
  local base, ext = path:match("^(.*[^/])(%.[^./]*)$")
  if not base then return string.format("%s.%s-of-%s", path, k, n) end
  return string.format("%s.%s-of-%s%s", base, k, n, ext)
end

-- The sweep's description: every comment line before the header.
function M.prelude(info)
  local lines = {
    csv.comment("impact " .. info.version .. " sweep"),
    csv.comment("solve: " .. info.solve),
    csv.comment("base: " .. info.base),
  }
  if info.map then lines[#lines + 1] = csv.comment("map: " .. info.map) end
  if info.simulate then lines[#lines + 1] = csv.comment("simulate: " .. info.simulate) end
  for _, d in ipairs(info.describe) do lines[#lines + 1] = csv.comment(d) end
  lines[#lines + 1] = csv.comment("points: " .. info.total)
  if info.shard[2] > 1 then
    lines[#lines + 1] = csv.comment(string.format("shard: %d/%d points %d-%d of %d",
      info.shard[1], info.shard[2], info.first, info.last, info.total))
  end
  return lines
end

function M.end_line(n, failed)
  return csv.comment(string.format("end: %d points, %d failed", n, failed))
end

function M.failure_line(index, msg)
  return csv.comment(string.format("failed point %d: %s", index, msg))
end

-- A CSV writer: open(path, prelude, names [, core]) -> w with
-- :row(values [, comment]), :line(text), :flush(), :close(trailer),
-- :abort(), and w.rows, the rows in the file, w.file. The rows go to a
-- private file renamed to path by :close (impact.files): path only ever
-- holds a whole file; every write is checked, and an error (a full disk)
-- raises naming path, the private file removed. With the C module (core),
-- a row and its count are written in one C call (core._csv_row; the fast
-- path's core._sweep2d_write likewise), so that Ctrl-C, which raises
-- between Lua instructions, never leaves a row written but not counted.
function M.csv_writer(fname, path, prelude, names, core)
  local out = files.open(fname, path)
  local f = out.file
  f:setvbuf("full")
  for _, l in ipairs(prelude) do out:write(l, "\n") end
  out:write(csv.line(names, #names), "\n")
  out:flush()
  local nn = #names
  local w = { rows = 0, file = f }
  local crow = core and core._csv_row
  function w:row(values, comment)
    if crow then return out:check(crow(f, values, nn, w, comment)) end
    out:write(csv.line(values, nn), "\n", comment and comment .. "\n" or "")
    w.rows = w.rows + 1
  end
  -- ok, err of a C writer on w.file: raises on failure.
  function w:check(ok, err) return out:check(ok, err) end
  function w:line(l) out:write(l, "\n") end
  function w:flush() out:flush() end
  function w:close(trailer)
    if trailer then out:write(trailer, "\n") end
    out:commit()
  end
  function w:abort() out:abort() end
  function w:failed() return out.failed == true end
  function w:done() return out.done == true end
  return w
end

local function cjson_instance(fname)
  local ok, cjson = pcall(require, "cjson")
  if not ok then
    error(fname .. ": JSON output needs lua-cjson (Debian: apt-get install lua-cjson)", 0)
  end
  local cj = cjson.new and cjson.new() or cjson
  cj.encode_invalid_numbers("null")   -- failed points carry NaN: null in JSON
  cj.encode_number_precision(14)      -- lua-cjson's maximum; the CSV is exact
  return cj
end

-- Lists that must stay JSON arrays when empty (failures, the columns of a
-- sweep stopped before its first row): lua-cjson writes an empty table as
-- {}, and Debian's 2.1.0 has no empty_array; a marker string, unique to
-- this file, is written instead and replaced by [] in the text.
local EMPTY = "\1impact: empty array\1"

local function empty_array(cj)
  if cj.empty_array then return cj.empty_array end
  return EMPTY
end

-- doc.failures and doc.columns[name] as arrays, even when empty.
function M.encode_json(cj, doc)
  local out, empty = {}, empty_array(cj)
  for k, v in pairs(doc) do out[k] = v end
  if type(doc.failures) == "table" and next(doc.failures) == nil then out.failures = empty end
  if type(doc.columns) == "table" then
    local cols = {}
    for k, v in pairs(doc.columns) do
      cols[k] = (type(v) == "table" and next(v) == nil) and empty or v
    end
    out.columns = cols
  end
  local text = cj.encode(out)
  if empty == EMPTY then
    local marker = cj.encode(EMPTY)
    text = text:gsub(marker:gsub("%p", "%%%0"), "[]")
  end
  return text
end

-- The document as the whole file path (impact.files: checked, renamed into
-- place). Its columns, most of the file, are streamed by C
-- (core._json_columns: 800,000 rows in about a second where lua-cjson took
-- six; exact numbers as in the CSV, NaN and inf as null); the rest, small,
-- goes through lua-cjson, and "columns" is written as its last key. After
-- a Ctrl-C (while the points were solved or during the write) the columns
-- are finished when that takes under half a second at the rate so far,
-- else the write stops: "interrupted!" is raised and no file is left, so
-- that the sweep returns within a second.
function M.write_json(fname, path, doc)
  local cj = cjson_instance(fname)
  local rest = {}
  for k, v in pairs(doc) do if k ~= "columns" then rest[k] = v end end
  local head = M.encode_json(cj, rest):sub(1, -2)
  if head ~= "{" then head = head .. "," end
  local w = files.open(fname, path)
  local ok, err = pcall(function()
    w:write(head, '"columns":')
    local done, why = core._json_columns(w.file, doc.names, doc.columns, doc.n)
    if not done and why == "interrupted!" then error(why, 0) end   -- abort: no file
    w:check(done, why)
    w:write("}\n")
    w:commit()
  end)
  if not ok then
    w:abort()
    error(err, 0)
  end
end

function M.read_json(fname, path)
  local cj = cjson_instance(fname)
  csv.check_text(path, fname)
  local f, err = io.open(path, "r")
  if not f then error(fname .. ": cannot read " .. tostring(err), 0) end
  local text = f:read("a")
  f:close()
  local ok, doc = pcall(cj.decode, text)
  if not ok then error(fname .. ": " .. path .. " is not JSON: " .. tostring(doc), 0) end
  return doc
end

return M
