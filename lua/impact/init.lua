-- impact: the Lua face of the workbench. The C module impact.core holds the
-- solvers; the files beside this one add Lua-side conveniences, one area
-- each. Every area is a module returning a table of its public functions,
-- and this file is the one place where they are merged into impact:
--   impact.solve3d (lazy hodograph), impact.analysis (space_map),
--   impact.models (compare), impact.sweep (sweep, range, sweep_read,
--   sweep_merge), impact.simulate (simulate, write_run, read_run),
--   impact.help (help); impact.plot is the table impact.plot,
--   impact.mujoco the table impact.mujoco (load, solref).
-- impact.print puts the printers of results on the metatables; functions
-- that need the workbench table itself (help's lookups, the sweep's
-- default_shard, interrupted_sweep, interrupted_run) get it from
-- require("impact").
local core = require("impact.core")

local impact = { version = core.version, core = core }

-- Public C functions (names starting with "_" stay internal to impact.core).
for name, value in pairs(core) do
  if type(value) == "function" and name:sub(1, 1) ~= "_" then
    impact[name] = value
  end
end

require("impact.print")

-- A Lua function may wrap the C function of its name (space_map does).
local from = {}
for _, area in ipairs{ "help", "solve3d", "analysis", "models", "sweep", "mechanism", "simulate", "fit" } do
  for name, value in pairs(require("impact." .. area)) do
    assert(not from[name], "impact: two areas define " .. name)
    from[name], impact[name] = area, value
  end
end
impact.plot = require("impact.plot")
impact.mujoco = require("impact.mujoco")   -- present without MuJoCo too: its calls say so

return impact
