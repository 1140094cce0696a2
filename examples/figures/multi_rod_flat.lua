-- A rod landing flat with a small turn: each multi-contact model's turn after the impact (the figure examples/rod_flat.lua draws).
-- Run: impact examples/figures/multi_rod_flat.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
arg = { [0] = here .. "/../rod_flat.lua", arg and arg[1] or "." }
dofile(arg[0])
