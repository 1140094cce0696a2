-- Where a sweep's rows go: a CSV file written row by row (comments first,
-- header, rows in point order, "# end" when complete) and a JSON file
-- written once at the end through lua-cjson.
local csv = require("impact.study.csv")

local M = {}

-- "study.csv" with shard 3 of 8 -> "study.3-of-8.csv"; unsharded: unchanged.
function M.shard_path(path, k, n)
  if n == 1 then return path end
  local base, ext = path:match("^(.*[^/])(%.[^./]*)$")
  if not base then return string.format("%s.%d-of-%d", path, k, n) end
  return string.format("%s.%d-of-%d%s", base, k, n, ext)
end

-- The sweep's description: every comment line before the header.
function M.prelude(info)
  local lines = {
    csv.comment("impact " .. info.version .. " sweep"),
    csv.comment("solve: " .. info.solve),
    csv.comment("base: " .. info.base),
  }
  if info.map then lines[#lines + 1] = csv.comment("map: " .. info.map) end
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

-- A CSV writer: open(path, prelude, names) -> w with :row(values), :comment(line),
-- :flush(), :close(trailer).
function M.csv_writer(fname, path, prelude, names)
  local f, err = io.open(path, "w")
  if not f then error(fname .. ": cannot write " .. tostring(err), 0) end
  f:setvbuf("full")
  for _, l in ipairs(prelude) do f:write(l, "\n") end
  f:write(csv.line(names, #names), "\n")
  f:flush()
  local nn = #names
  local w = {}
  function w:row(values) f:write(csv.line(values, nn), "\n") end
  function w:line(l) f:write(l, "\n") end
  function w:flush() f:flush() end
  function w:close(trailer)
    if trailer then f:write(trailer, "\n") end
    f:close()
  end
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

function M.write_json(fname, path, doc)
  local cj = cjson_instance(fname)
  local text = cj.encode(doc)
  local f, err = io.open(path, "w")
  if not f then error(fname .. ": cannot write " .. tostring(err), 0) end
  f:write(text, "\n")
  f:close()
end

function M.read_json(fname, path)
  local cj = cjson_instance(fname)
  local f, err = io.open(path, "r")
  if not f then error(fname .. ": cannot read " .. tostring(err), 0) end
  local text = f:read("a")
  f:close()
  local ok, doc = pcall(cj.decode, text)
  if not ok then error(fname .. ": " .. path .. " is not JSON: " .. tostring(doc), 0) end
  return doc
end

return M
