-- Mason & Wang's sliding rod under impact.simulate: a strobe of the rod
-- after the inconsistency and its tangential impact; the figure
-- examples/painleve_rod_motion.lua draws.
-- Run: impact examples/figures/sim_painleve_rod.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
arg = { [0] = here .. "/../painleve_rod_motion.lua", arg and arg[1] or "." }
dofile(arg[0])
