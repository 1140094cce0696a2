-- Housner's rocking block under impact.simulate: the tilt against time with
-- Housner's linearised solution, and a strobe of the first cycle; the
-- figures examples/housner_rocking.lua draws.
-- Run: impact examples/figures/sim_housner.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
arg = { [0] = here .. "/../housner_rocking.lua", arg and arg[1] or "." }
dofile(arg[0])
