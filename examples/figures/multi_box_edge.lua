-- A box landing on an edge (3D, two corners): the kinetic energy each
-- multi-contact model keeps against friction (the figure
-- examples/box_edge.lua draws).
-- Run: impact examples/figures/multi_box_edge.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
arg = { [0] = here .. "/../box_edge.lua", arg and arg[1] or "." }
dofile(arg[0])
