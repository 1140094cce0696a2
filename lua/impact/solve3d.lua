-- impact.solve3d's results build the slip hodograph of the exact method on
-- first read (core.solve3d does the work; print/solve3d.lua prints them).
-- No public functions of its own: the table it returns is empty.
local core = require("impact.core")

local Result = core._Result3D    -- the metatable core.solve3d sets on results

Result.__lazy = { "hodograph" }   -- what __index builds, for Tab completion
Result.__index = function(t, k)
  if k == "hodograph" then
    local tr = rawget(t, "_track")
    if not tr then return nil end
    local h = core._hodograph(tr)  -- columns p, x, z (slip) and y (normal velocity)
    rawset(t, "hodograph", h)
    return h
  end
end

return {}
