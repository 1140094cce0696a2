-- Chains of 3 to 5 balls: each multi-contact model's outgoing velocities,
-- and lzb's dispersion against the force exponent (the figures
-- examples/chains.lua draws).
-- Run: impact examples/figures/multi_chains.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
arg = { [0] = here .. "/../chains.lua", arg and arg[1] or "." }
dofile(arg[0])
