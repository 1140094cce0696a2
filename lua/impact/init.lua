-- impact: the Lua face of the workbench. The C module impact.core holds the
-- solvers; the files beside this one add Lua-side conveniences, one area
-- each, as functions install(impact, core).
local core = require("impact.core")

local impact = { version = core.version, core = core }

-- Public C functions (names starting with "_" stay internal to impact.core).
for name, value in pairs(core) do
  if type(value) == "function" and name:sub(1, 1) ~= "_" then
    impact[name] = value
  end
end

for _, area in ipairs{ "help", "solve2d", "solve3d", "analysis", "models", "sweep", "plot", "mechanism" } do
  require("impact." .. area)(impact, core)
end

return impact
