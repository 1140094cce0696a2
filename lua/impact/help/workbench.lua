return {
  {
    name = "workbench", topic = true,
    signature = "impact " .. require("impact.core").version,
    summary = "A Lua workbench for rigid-body collisions with friction.",
    text = [[
Every function takes one table of named fields and returns a table of
results. Conventions: the contact normal is +y, pointing from body 2 (or the
ground) into body 1; x (and z in 3D) span the tangent plane; an approaching
body has a negative normal contact velocity; impulses are those acting on
body 1; angles are radians unless the name ends in _deg; any consistent units.

A field the function does not read is an error naming it and the nearest
known name (solve2d: unknown field 'Mu' (did you mean 'mu'?)), in every
table the API takes: nested ones (body1, body), compare's entries, a sweep's
options, base and varied names, plot and pretty options. A misspelt option
never changes a result silently.

Restitution: law = one of $LAWS (the first is the default;
help("laws") lists the registry's rows), or a Lua function law(s) returning a
residual that reaches zero at the end of the impact. Friction: mu sets both coefficients; mu_s (sticking) and mu_k
(sliding) may be given separately.

Studies: impact.sweep solves grids and samples (in C for solve2d's built-in
laws, on all cores; shards for clusters), impact.plot draws them, and
help("figures") lists the scripts that redraw the papers' figures.

Motion through impacts: impact.simulate follows a planar scene
(impact.scene2d: bodies with points and disks against lines) or a system of
Lua functions (impact.system) through time, every event located and every
impact resolved by the solvers above; impact.plot.run and
impact.plot.frames draw the run (help("simulate")).

On a terminal a page longer than the screen goes through a pager, as man's
do: IMPACT_PAGER, else PAGER, else less -FRX (IMPACT_PAGER= turns it off);
printed to a pipe or a file it is written as it is.

Outside the REPL: impact --help lists the options, man impact is the manual
page. The same module loads with require "impact" under stock lua5.4 once
installed (cmake --install, or luarocks make). A simulator written in C calls
the solvers through the installed C library: #include <impact/impact.h>,
cc prog.c $(pkg-config --cflags --libs impact); examples/c/solve2d.c solves
Wang & Mason's rod.]],
  },
  {
    name = "repl", topic = true, signature = "The impact REPL",
    summary = "Expressions, multi-line statements, pastes, Tab, Ctrl-C, history.",
    text = [[
An expression typed alone prints its value (no '=' needed); _ holds the first
value of the last line that gave one. An incomplete statement continues on
the next line (prompt >>). A block of lines pasted at once runs line by line,
as if typed; the first error drops the rest of the paste (without bracketed
paste, it discards whatever input is waiting).

Tab completes globals, keys along a dotted path (impact.sol), keys reached
through __index (and fields a result builds on first read, such as path),
methods after ':', file names inside a string (absolute, ~/ or relative),
and the pages' names inside help("...). Ctrl-C
stops the running chunk, even a long loop inside a solver or a sweep, and
returns to the prompt; at the prompt it abandons the line. Ctrl-D quits.
History is kept across sessions in $XDG_STATE_HOME/impact/history, or in
the file named by IMPACT_HISTORY (empty: none).]],
  },
  {
    name = "help",
    signature = "help([x]) or impact.help([x])",
    summary = "This guide, or the page of one function or topic.",
    synopsis = [[
help()                   this guide
help(impact.solve2d)     a function's page (or help("solve2d"), or help(r))
help("laws")             a topic; impact.help.text(x) returns the text
]],
    text = [[
help() prints the guide: the conventions, then every function and topic with
a one-line summary. help(impact.solve2d), help("solve2d") and
help("impact.solve2d") print that function's page: its fields with their
defaults, its result fields, an example and related pages; help(r) for a
result r prints the page of the function that made it. help("repl") and
the other topics explain the workbench itself; in the REPL, Tab inside
help(" completes the names of the pages and topics.

Scripts get the same text without printing: help.text(x) returns it (or nil
and a message for an unknown name); help.names lists the pages in order and
help.entries holds them by name.]],
    example = [[
help(impact.solve3d)
print(#help.text("sweep"))]],
    see = { "repl", "solve2d", "sweep" },
  },
}
