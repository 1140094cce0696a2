-- A box dropped flat with friction under the four multiple-impact models:
-- the tilt of each run against time; the figure
-- examples/box_drop_models.lua draws.
-- Run: impact examples/figures/sim_box_drop_models.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
arg = { [0] = here .. "/../box_drop_models.lua", arg and arg[1] or "." }
dofile(arg[0])
