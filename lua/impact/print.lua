-- impact.print: every printer of results on the Lua side, in one registry
-- keyed by the result's metatable name (__name). The printers live in
-- lua/impact/print/<area>.lua, each returning { [name] = function(result)
-- -> text }. Loading this module sets them as __tostring on the metatables
-- the C binding makes (impact.Result2D, impact.Result3D, impact.Painleve,
-- impact.PainleveBands, impact.Space, impact.SpaceMap); the Lua side's own
-- metatables (impact.Comparison, impact.MultiComparison, impact.Sweep)
-- take theirs from
-- M.printers. pretty.lua then prints any of them through tostring.
local M = { printers = {} }

for _, area in ipairs{ "solve2d", "solve3d", "analysis", "models", "sweep", "multi", "run", "fit", "mujoco" } do
  for name, fn in pairs(require("impact.print." .. area)) do
    assert(not M.printers[name], "print: two printers for " .. name)
    M.printers[name] = fn
  end
end

for _, v in pairs(require("impact.core")) do
  local name = type(v) == "table" and rawget(v, "__name")
  if name and M.printers[name] then v.__tostring = M.printers[name] end
end

return M
