-- Housner's rocking block under every multi-contact model against Housner's
-- ratio over the slenderness: the figure examples/rocking_block.lua draws.
-- Run: impact examples/figures/multi_rocking_block.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
arg = { [0] = here .. "/../rocking_block.lua", arg and arg[1] or "." }
dofile(arg[0])
