-- Lua-side part of the analyses (W86, MW88): the impact-space map as
-- CSV-ready columns, with the translation line found on the grid. Returns
-- { space_map = }; the results print through print/analysis.lua.
local space_map = require("impact.core").space_map
local ORDER = { "gamma_deg", "theta_deg", "gamma", "theta", "mode", "region", "Px", "Py",
                "S", "C", "dT", "tan_gr", "gamma_r_deg", "gamma_r", "dw", "sense" }

local num = require("impact.core")._num   -- shortest round-trip text
local files = require("impact.files")

local function cell(v)
  if type(v) == "number" then return num(v) end
  return tostring(v)
end

-- Writes columns (name -> array) in the given order as CSV with a header.
-- Written whole or not at all, every write checked (impact.files).
local function write_csv(path, columns, order, fn)
  local f = files.open(fn, path)
  f:write(table.concat(order, ","), "\n")
  local n = #columns[order[1]]
  local row = {}
  for i = 1, n do
    for j, k in ipairs(order) do row[j] = cell(columns[k][i]) end
    f:write(table.concat(row, ","), "\n")
  end
  f:commit()
end

-- Where the change of rotation dw changes sign between grid neighbours: the
-- translation line (linear interpolation), every region. Both directions
-- (along gamma and along theta), since the line runs along gamma in the
-- sliding region (theta = atan mu) and across it elsewhere. A grid point
-- with dw = 0 exactly counts once; r = 0 (dw = 0 everywhere) gives none.
local function translation_on_grid(r)
  local c, ng, nt = r.columns, r.ng, r.nt
  local th, ga = {}, {}
  if r.r == 0 then return { theta = th, gamma = ga } end
  local function edge(a, b)
    local da, db = c.dw[a], c.dw[b]
    if da * db < 0 then
      local f = da / (da - db)
      th[#th + 1] = c.theta[a] + f * (c.theta[b] - c.theta[a])
      ga[#ga + 1] = c.gamma[a] + f * (c.gamma[b] - c.gamma[a])
    end
  end
  for i = 0, nt - 1 do
    for j = 1, ng do
      local a = i * ng + j
      if c.dw[a] == 0 then th[#th + 1], ga[#ga + 1] = c.theta[a], c.gamma[a] end
      if j < ng then edge(a, a + 1) end
      if i < nt - 1 then edge(a, a + ng) end
    end
  end
  return { theta = th, gamma = ga }
end

local M = {}

function M.space_map(t)
  if type(t) ~= "table" then error("space_map: expected a table, got " .. type(t), 2) end
  local out = t.out
  if out ~= nil and type(out) ~= "string" then
    error("space_map: field 'out' must be a file name, got " .. type(out), 2)
  end
  local ok, r = pcall(space_map, t)
  if not ok then
    -- the position would point here; report the caller's instead
    error((tostring(r):gsub("^[^\n]-analysis%.lua:%d+: ", "")), 2)
  end
  -- the columns present (a custom law has no region)
  local order = {}
  for _, k in ipairs(ORDER) do
    if r.columns[k] then order[#order + 1] = k end
  end
  r.order = order
  r.translation.grid = translation_on_grid(r)
  if out then write_csv(out, r.columns, order, "space_map") end
  return r
end

return M
