-- impact.plot: figures through gnuplot. Each function writes NAME.dat (the
-- data), NAME.gp (an editable gnuplot script) and renders NAME.png and
-- NAME.svg, or NAME.pdf, or NAME.eps (by the extension of opts.out); it
-- returns {png =, svg = | pdf = | eps =, script =, data =, file =}.
--   path(result2d)      Routh's impulse-space diagram (WM92 figs 2, 7-10)
--   map(sweep, opts)    mode maps with a legend, scalar maps with a colour bar
--   hodograph(result3d) the slip-velocity path of an exact 3D result
--   curves(list | sweep, opts)  named curves y(x), or sweep columns against a column
--   run(run, opts)      a simulation's time series (or phase portrait), impacts marked
--   frames(run, opts)   a scene2d's bodies at chosen instants (a strobe figure)
-- This module is the table impact.plot itself; the functions live in
-- plot/path.lua, plot/map.lua, plot/hodograph.lua, plot/curves.lua and plot/run.lua, with the helpers they
-- share in plot/lib.lua and the gnuplot files in plot/gnuplot.lua.
return {
  gnuplot = "gnuplot",   -- the command run on the scripts
  path = require("impact.plot.path").path,
  map = require("impact.plot.map").map,
  hodograph = require("impact.plot.hodograph").hodograph,
  curves = require("impact.plot.curves").curves,
  run = require("impact.plot.run").run,
  frames = require("impact.plot.run").frames,
}
