-- The metatable of sweep results, shared by impact.sweep, sweep_read and
-- sweep_merge; print/sweep.lua prints them.
return { __name = "impact.Sweep", __tostring = require("impact.print").printers["impact.Sweep"] }
