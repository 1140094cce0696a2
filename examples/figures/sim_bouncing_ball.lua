-- A ball bouncing to rest under impact.simulate: height against time, the
-- impacts marked; the figure examples/bouncing_ball.lua draws.
-- Run: impact examples/figures/sim_bouncing_ball.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
arg = { [0] = here .. "/../bouncing_ball.lua", arg and arg[1] or "." }
dofile(arg[0])
