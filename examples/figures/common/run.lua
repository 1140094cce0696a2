-- Runs a figure script with figlib loaded first, so that IMPACT_FIG_SIZE and
-- IMPACT_FIG_FORMAT reach every figure it draws (figlib wraps impact.plot):
--   impact examples/figures/common/run.lua SCRIPT [DIR]
-- scripts/figures runs each examples/figures/*.lua this way.
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/?.lua;" .. package.path
require("figlib")
local script = assert(arg[1], "usage: impact run.lua SCRIPT [DIR]")
arg = { [0] = script, arg[2] }
dofile(script)
