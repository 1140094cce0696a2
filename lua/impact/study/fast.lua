-- The C fast path of sweeps (placeholder until the 2D solver lands): plan()
-- returns nil, so every sweep runs point by point in Lua.
local M = {}
function M.plan() return nil end
return M
