-- A disc striking floor and wall at once: the kinetic energy each multi-contact model keeps (the figure examples/corner.lua draws).
-- Run: impact examples/figures/multi_corner.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
arg = { [0] = here .. "/../corner.lua", arg and arg[1] or "." }
dofile(arg[0])
