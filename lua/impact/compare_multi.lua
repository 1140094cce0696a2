-- impact.compare for a problem with several contacts (t.contacts): each
-- model through solve_multi, shown side by side (per-contact impulses,
-- modes, post-impact contact velocities, energy, flags).
local core = require("impact.core")

local printers = require("impact.print").printers
local names = require("impact.names")

local M = {}

-- the models as the core's registry publishes them, and the ones that read
-- a law (the others are given none)
local QUOTED, READS_LAW = {}, {}
for i, name in ipairs(names.MULTI_MODELS) do
  QUOTED[i] = string.format("%q", name)
  READS_LAW[name] = names.set(names.MULTI_MODEL[name].params).law
end
QUOTED = table.concat(QUOTED, ", ")

function M.compare(t, models)
  if type(models) ~= "table" or #models == 0 then
    error("compare: 'models' must be a non-empty list of model names", 3)
  end
  local res, order = {}, {}
  for i, m in ipairs(models) do
    if type(m) ~= "string" then
      error("compare: models[" .. i .. "] must be a model name (" .. QUOTED .. "), got " .. type(m), 3)
    end
    local p = {}
    for k, v in pairs(t) do p[k] = v end
    p.model = m
    if not READS_LAW[m] then p.law = nil end
    local ok, r = pcall(core.solve_multi, p)
    if not ok then error(string.format("compare: models[%d] (%q): %s", i, m, r), 3) end
    res[m], order[#order + 1] = r, m
  end
  return setmetatable(res, { __tostring = printers["impact.MultiComparison"],
                            __name = "impact.MultiComparison", order = order })
end

return M
