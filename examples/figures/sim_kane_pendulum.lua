-- Kane's double pendulum striking the ground repeatedly under
-- impact.simulate (an impact.system with Lua callbacks): the link angles
-- against time with the impacts marked; the figure
-- examples/kane_pendulum_motion.lua draws.
-- Run: impact examples/figures/sim_kane_pendulum.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
arg = { [0] = here .. "/../kane_pendulum_motion.lua", arg and arg[1] or "." }
dofile(arg[0])
