-- McGeer's rimless wheel under impact.simulate: the return map of the
-- post-impact rate with two runs' cobwebs converging to the closed-form
-- fixed point; the figure examples/rimless_wheel.lua draws.
-- Run: impact examples/figures/sim_rimless_wheel.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
arg = { [0] = here .. "/../rimless_wheel.lua", arg and arg[1] or "." }
dofile(arg[0])
