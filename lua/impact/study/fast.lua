-- The C fast path of sweeps: solve2d with a built-in law, no map function,
-- numeric fields the C problem can set. plan() returns nil whenever the
-- sweep does not qualify, and the sweep then runs point by point in Lua.
local points = require("impact.study.points")

local M = {}

local COEF = { B1 = true, B2 = true, B3 = true, S0 = true, C0 = true }

local function deepcopy(v)
  if type(v) ~= "table" then return v end
  local out = {}
  for k, x in pairs(v) do out[k] = deepcopy(x) end
  return out
end

-- Whether the C problem sets this field the way solve2d reads the table.
local function settable(name, base)
  local body = name:match("^(body[12])%.")
  if body then return type(base[body]) == "table" end
  if COEF[name] then return base.body1 == nil end
  if name == "mu" then return base.mu_s == nil and base.mu_k == nil end
  return name == "mu_s" or name == "mu_k" or name == "e"
end

-- plan(...) -> { run = function(first, count, threads) -> done, failures, interrupted,
--                column = function(name [, lo, hi]) -> rows lo..hi of a column }
function M.plan(impact, core, spec, design, names, source, nvary, nnum, map, solvename, first, last, solved)
  if spec.fast == false or map or solvename ~= "solve2d" or not core._sweep2d_new then return nil end
  local base = spec.base or {}
  if base.model ~= nil and base.model ~= "routh" then return nil end
  if base.law ~= nil and type(base.law) ~= "string" then return nil end
  for _, name in ipairs(design.names) do
    if not settable(name, base) then return nil end
  end
  local axes = {}
  for _, a in ipairs(design.axes) do
    if a.kind == "grid" then
      for _, v in ipairs(a.values) do
        if type(v) ~= "number" then return nil end
      end
      axes[#axes + 1] = { count = a.count, nfield = 1, values = a.values }
    else
      local flat, k = {}, #a.sample.names
      for i, row in ipairs(a.sample.rows) do
        for j = 1, k do flat[(i - 1) * k + j] = row[j] end
      end
      axes[#axes + 1] = { count = a.count, nfield = k, values = flat }
    end
  end
  -- A point that solved, parsed by solve2d's own parser: fixes the problem's form.
  local probe = deepcopy(base)
  local p1 = design.point(solved)
  for _, name in ipairs(design.names) do points.set(probe, name, p1[name]) end
  local outs = {}
  for j = nvary + 1, nvary + nnum do outs[#outs + 1] = source[j] end
  local ok, plan = pcall(core._sweep2d_new, probe, design.names, axes, outs, first, last - first + 1)
  if not ok or not plan then return nil end
  -- Where each column comes from in the plan.
  local from = {}
  for j = 1, nvary do from[names[j]] = { "field", j } end
  for j = 1, nnum do from[names[nvary + j]] = { "out", j } end
  for j = nvary + nnum + 1, #names do from[names[j]] = { source[j], 1 } end
  return {
    run = function(i, count, threads) return core._sweep2d_run(plan, i, count, threads) end,
    -- rows from .. to of a column (default: all done)
    column = function(name, lo, hi)
      local src = from[name]
      return core._sweep2d_column(plan, src[1], src[2], lo, hi)
    end,
  }
end

return M
