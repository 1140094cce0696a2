-- Newton's cradle (disks on disks, between two walls) under impact.simulate:
-- the disks' positions over time under moreau, sequential and lzb; the
-- figure examples/newtons_cradle.lua draws.
-- Run: impact examples/figures/sim_newtons_cradle.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
arg = { [0] = here .. "/../newtons_cradle.lua", arg and arg[1] or "." }
dofile(arg[0])
