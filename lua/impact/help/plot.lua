-- Help entries of the plot area (impact.plot.path, .map, .hodograph, .curves).
local FILES = [[
Every plot writes NAME.dat (the data, one block per curve or category, with
comments), NAME.gp (an editable gnuplot script) and runs gnuplot in that
directory: edit the script and re-run 'gnuplot NAME.gp' there. The
extension of 'out' chooses the format: NAME.png (the default; no extension
is PNG too) or NAME.svg draw both NAME.png and NAME.svg; NAME.pdf and
NAME.eps draw that one vector file for papers (gnuplot's pdfcairo and
epscairo terminals), laid out as the PNG with one pixel of 'size' one point
(1/72 inch; the default 900 x 700 is 12.5 x 9.7 inches, fonts of 11
points). size = "column" (3.5 in), "full" (7 in) or "slide" (10 in) are
presets for PDF, EPS and PNG alike (a PNG at two pixels a point). Each plot
lays out for its size: a figure narrower than 360 points is laid out on 360
and printed smaller (size = {252, 180}: 7.7-point text), the legend goes
below in the columns that fit, tics are spaced for their labels, titles
wrap and a diagram's preset height is fitted to it. Any other extension is
an error.

Axes, legends and titles name the fields by their symbols (μ, μ_s, S_0,
C_0, θ_1, Δ, P_x, ΔT, ...). Your own text (title, xlabel, label, a curve's
or overlay's title) is shown as written: gnuplot's enhanced-text markup
(_ ^ { } @ & ~) is escaped, so "my_law" stays "my_law"; enhanced = true
keeps your markup ("e_t": e with subscript t). The returned table names the files written: png and svg, or pdf, or
eps, with script, data and file (the figure itself).

Arguments and options are checked before anything is written: a missing
result names argument 1, and an option of the wrong type names the option
(lines[1].dash, size, logy, ...). Needs gnuplot (Debian: gnuplot-nox);
without it the files are written and a clear error says so.
impact.plot.gnuplot names the command (default "gnuplot").]]

return {
  {
    name = "plot",
    signature = "impact.plot",
    summary = "Plots through gnuplot: impulse-space diagrams, mode and scalar maps, slip hodographs.",
    synopsis = [[
impact.plot.path(r [, opts])     impact.plot.map(sweep, {x =, y =, color =})
impact.plot.hodograph(r3d)       impact.plot.curves(curves or sweep, opts)
impact.plot.run(run, opts)       impact.plot.frames(run, opts)
  each writes NAME.png and NAME.svg (or .pdf, .eps), NAME.gp and NAME.dat
]],
    text = [[
impact.plot.path(result) draws Routh's impulse-space diagram of a solve2d
result; impact.plot.map(sweep, {x =, y =, color =}) a mode map or a scalar
map of a sweep; impact.plot.curves(list or sweep, opts) named curves y(x), or
columns of a sweep against one of its columns, with shaded bands;
impact.plot.hodograph(result3d) the slip velocity of an exact 3D result
along the impulse; impact.plot.run(run, opts) a simulation's time series
or phase portrait and impact.plot.frames(run, opts) a scene's bodies at
chosen instants (help("simulate")). Each takes an options table whose 'out' names
the figure (NAME.png, NAME.pdf or NAME.eps), and returns the names of the
files it wrote. scripts/figures redraws
the papers' figures with them (help("figures")).

]] .. FILES,
    example = [[
r = impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.3, e = 0.5 }
impact.plot.path(r, { out = "rod.png" })      -- writes rod.png, rod.svg, rod.gp, rod.dat
impact.plot.path(r, { out = "rod.pdf" })      -- writes rod.pdf, rod.gp, rod.dat]],
    see = { "plot.path", "plot.map", "plot.hodograph", "plot.curves", "plot.run", "plot.frames" },
  },
  {
    name = "plot.path",
    signature = "impact.plot.path(result or {result, ...} [, opts]) -> {png, svg | pdf | eps, script, data, file}",
    summary = "Routh's impulse-space diagram of a solve2d result, as in Wang & Mason's figures 2 and 7-10.",
    synopsis = [[
impact.plot.path(r [, { out = "path.png", ellipse = true, title = }])
impact.plot.path({ r1, r2, ... } or impact.compare(t) [, opts])  together
]],
    text = [[
Px horizontal, Py vertical (equal scales). Drawn: the sticking line
(S = 0: S0 + B1 Px - B3 Py = 0), the maximum-compression line (C = 0), the
termination T, the two limiting-friction lines through the origin (slopes
-s mu_k and +s mu_k; the static cone too when mu_s > mu_k), and the impulse
path with its events (start, stick, reverse, max-compression, end; events at
one point share a label, "max-compression = end", and each label takes
the first place beside its point clear of the other labels, the lines and
the markers: right or left of it, above or below, then further up or
down; one with no free place is left out rather than overprint).

The published models' results (solve2d{..., model = "kane"}, "brach",
"smith", "glocker-pfeiffer", "cs", "newton-frictionless") are drawn the same
way: their path in impulse space, the model named in the title and legend,
and the termination of the law the model fixes (Newton's line, or Poisson's
Py = (1+e) PyC with the model's compression impulse). impact.compare's
result draws every model's path in one diagram, in the comparison's order;
lines that coincide (Newton's for one e, the friction lines for one mu) are
drawn once.

T is Newton's line C = -e C0, or Poisson's Py = (1+e) Pc. The energetic law
ends where Wr + e^2 Wc = 0, and Wr, the normal work since maximum
compression, depends on the path: no one curve bounds every path. Drawn
instead: where straight last segments from the path's last vertex a would
end, the hyperbola (Py - Pya)(C(a) + C(P)) = 2 (-e^2 Wc - Wr(a)), which passes
through the actual end.

Several results of the same problem (a list {r1, r2, ...}, e.g. two values of
mu, the lines L and L' of WM92 figures 7 and 9) share the lines S and C and
each adds its T, its friction lines and its path, in its own colour (the
legend then in columns below); each path's event labels are drawn in its
colour (a label several paths share at one point, the start, once, in the
first one's). ellipse = true adds the curve dT = 0 (WM92
figure 8): a final impulse inside it loses energy; the box then holds it.

]] .. FILES,
    fields = [[
      out | the figure: NAME.png, NAME.svg, NAME.pdf or NAME.eps | "path.png"
      title | the title | mode, law, e, mu and the coefficients
      label | a path's legend text, or a list of them (one per path) | what tells the paths apart: model, law, mu, e
      enhanced | true: your texts are gnuplot enhanced text (markup) | false: shown as written
      ellipse | true: draw the zero-energy-change ellipse | false
      xrange, yrange | {lo, hi} instead of the automatic box
      size | {width, height} in pixels (points for PDF and EPS), or "column", "full", "slide" | {900, 700}
      run | false: write the files, do not run gnuplot | true]],
    example = [[
r = impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.3, e = 0.5 }
impact.plot.path(r, { out = "rod-case2.png" })]],
    see = { "plot.map", "solve2d" },
  },
  {
    name = "plot.map",
    signature = "impact.plot.map(sweep, {x =, y =, color = \"mode\" or a field}) -> {png, svg | pdf | eps, script, data, file}",
    summary = "A map of a sweep: categorical (mode) with a legend, or a scalar field with a colour bar.",
    synopsis = [[
impact.plot.map(sweep or "s.csv", { x = "S0", y = "mu", color = "mode" })
impact.plot.map(sweep, { x =, y =, color = "dT", lines = {...}, logx = })
]],
    text = [[
'sweep' is an impact.sweep result or the name of its CSV/JSON file (one
run's, or the file impact.sweep_merge made of shards: --shard k/n). A string
column (mode, class) gives one colour per category, with the contact modes in
fixed colours (sliding blue, C-sticking dark green, R-sticking light green,
C-reversed red, R-reversed orange, none grey, error black); a numeric column
gives a viridis colour bar spanning the data (or crange). Categories keep
their colour from map to map: the contact modes, classes, laws and the
"same mode"/"modes differ" comparison have fixed ones, other names get one
from their name. An evenly spaced complete grid is drawn as an
image (exact cells, the data as x y value or x y red green blue), an uneven
grid as tiles (each point fills the cell up to half-way to its neighbours),
random samples as dots. Tiles reach some 0.75 pixel into their neighbours,
so that no white seams show between them; on a logarithmic axis (logx,
logy: image grids are then drawn as tiles, and the column must be positive)
the cells meet at the geometric mean of neighbouring values. 'lines' adds
overlay curves (analytic boundaries, for instance; a NaN breaks a curve);
a titled overlay moves the legend below the map, clear of the x label.
An overlay's dash is true (dashed), false (solid, the default), a gnuplot
dash type (2, 3, ...) or a pattern of '.', '-', '_' and spaces ("-.").

]] .. FILES,
    fields = [[
      x, y | the columns on the axes
      color | the column that colours the map | "mode"
      out | the figure (.png, .svg, .pdf, .eps) | "map.png"
      title, xlabel, ylabel, clabel | labels | the column names
      crange | {lo, hi} of the colour bar | the data's range
      lines | list of {x = {...}, y = {...}, title =, color =, dash =, width =} overlays
      tiles | true/false: force tiles or dots | tiles for grids
      logx, logy | true: logarithmic axes (positive values) | false
      size, run, enhanced | as in plot.path]],
    example = [[
s = impact.sweep{ base = { B1 = 2.5, B2 = 2.5, B3 = 1.5, C0 = -1, e = 0.5 },
                  vary = { S0 = impact.range(-2, 2, 81), mu = impact.range(0, 1.5, 61) } }
impact.plot.map(s, { x = "S0", y = "mu", color = "mode", out = "modes.png" })
impact.plot.map(s, { x = "S0", y = "mu", color = "dT", out = "energy.png" })]],
    see = { "sweep", "sweep_read", "plot.path" },
  },
  {
    name = "plot.hodograph",
    signature = "impact.plot.hodograph(result3d [, opts]) -> {png, svg | pdf | eps, script, data, file}",
    summary = "The slip-velocity path (v_t,x against v_t,z) of an exact solve3d result.",
    synopsis = [[
impact.plot.hodograph(impact.solve3d{...} [, { out =, title =, size = }])
  -> the files written: NAME.png and NAME.svg (or .pdf, .eps), .gp, .dat
]],
    text = [[
Uses result.hodograph, the columns that solve3d with method = "exact"
returns (p, x, z and y: arrays of equal length, one entry per point): the
tangential contact velocity (x, z) and the normal one (y) along the normal
impulse p. Start and end are marked, and the origin (where the slip stops
and sticking may hold). Equal scales; a range much smaller than the other is
widened to a quarter of it and the canvas takes the shape of the data. The
title names the mode, law, e and mu.

]] .. FILES,
    fields = [[
      out | the figure (.png, .svg, .pdf, .eps) | "hodograph.png"
      title, size, run, enhanced | as in plot.path]],
    example = [[
r = impact.solve3d{ body = impact.rod{ m = 1, L = 2.3, radius = 0.5, theta1 = math.rad(20),
                    theta2 = math.rad(15) }, v = {0.4, -1, 0}, w = {0, 0, 0},
                    mu = 0.2, e = 0.8, method = "exact" }
impact.plot.hodograph(r, { out = "hodograph.png" })]],
    see = { "solve3d", "plot.path" },
  },
  {
    name = "plot.curves",
    signature = "impact.plot.curves({curve, ...} or sweep [, opts]) -> {png, svg | pdf | eps, script, data, file}",
    summary = "Named curves y(x) with a legend, or columns of a sweep against one of its columns, with shaded bands of x.",
    synopsis = [[
impact.plot.curves({ {x = {...}, y = {...}, title =}, ... } [, opts])
impact.plot.curves(sweep, { x = "q2", y = { "dT", ... }, group = "law",
                            bands = { {lo, hi, title =}, ... } })
]],
    text = [[
Two ways to give the curves:

A list of curves, each {x = {...}, y = {...}, label = (or title =), color =,
width =, dash =, style =, point =}: x and y lists of numbers of one length, style
"lines" (the default), "points" or "linespoints", point a gnuplot point
type; colours follow the plot library's cycle unless given, dash is true,
a dash type or a pattern as in plot.map's lines. One data block per curve,
in the given order. The multi-contact examples draw with it the models'
answers against a parameter (examples/rocking_block.lua).

A sweep (an impact.sweep result, or its CSV/JSON file) with opts.x naming
a numeric column and opts.y one column or a list of curves, each a column
name or {column, label =, color =, dash =, width =}. Each curve is one
block of the data in increasing x. group = "law" (any column) draws one
curve per value of that column, keyed by the value ("e = 0.5" for a
numeric one); a sweep over law x mu gives one curve per law instead of a
sawtooth. The laws and modes keep the colours of
plot.map (newton red, poisson blue, energetic green), other columns get
one from their name. examples/figures/kane_puzzle.lua draws T'/T of Kane's
double pendulum under each law with Newton's gain shaded.

Either way a NaN (a failed point) breaks a curve there, as does a value a
logarithmic axis cannot show. 'bands' shades intervals of x behind the
curves, each {lo, hi, title =, color =} (default light orange; a title
gives one legend entry per title): where a law gains energy, for instance.
'lines' adds overlay curves as in plot.map (a reference level).

]] .. FILES,
    fields = [[
      x | (sweep form) the column on the horizontal axis
      y | (sweep form) a column, or a list of columns or {column, label =, color =, dash =, width =}
      group | (sweep form) a column: one curve per value of it (and per y), keyed by the value
      bands | list of {lo, hi, title =, color =}: shaded intervals of x
      lines | overlays, as in plot.map
      out | the figure (.png, .svg, .pdf, .eps) | "curves.png"
      title, xlabel, ylabel | the texts | list: "", "x", "y"; sweep: from the column names
      xrange, yrange | {lo, hi} | gnuplot's autoscale
      logx, logy | true: logarithmic axes (points <= 0 break the curve) | false
      xtics | the x axis' tics as a list of {x, "label"} | gnuplot's
      key | the legend's place: "outside below", "outside right", "top left", "top right", "bottom left", "bottom right" | "outside below"
      size, run, enhanced | as in plot.path | {900, 620}]],
    example = [[
local x, y1, y2 = {}, {}, {}
for i = 0, 20 do x[#x + 1] = i / 20; y1[#y1 + 1] = x[#x] ^ 2; y2[#y2 + 1] = x[#x] ^ 3 end
impact.plot.curves({ { x = x, y = y1, title = "x^2" }, { x = x, y = y2, title = "x^3", dash = true } },
  { out = "powers.png", xlabel = "x", ylabel = "y", key = "top left" })
s = impact.sweep{ base = { B1 = 2.5, B2 = 2.5, B3 = 1.5, C0 = -1, mu = 0.5, e = 0.5 },
                  vary = { S0 = impact.range(0, 2, 81) } }
impact.plot.curves(s, { x = "S0", y = { "Px", { "Py", dash = true } }, out = "impulse.png",
                        bands = { { 0, 0.5, title = "S0 < 0.5" } } })]],
    see = { "plot", "plot.map", "sweep", "solve_multi" },
  },
}
