-- Help entries of the sweep area (impact.sweep, impact.range,
-- impact.sweep_merge, impact.sweep_read).
return {
  {
    name = "sweep",
    signature = "impact.sweep(spec) -> result",
    summary = "Solve many impacts: a grid or a random/Latin-hypercube sample over any input fields.",
    synopsis = [[
s = impact.sweep{ base = {...}, vary = { S0 = impact.range(-2, 2, 81) },
                  out = "study.csv" }
s = impact.sweep{ base =, sample = { n =, ranges = { mu = {0, 1} } },
                  solve = "solve3d" }
s = impact.sweep{ base = scene, vary =, simulate = { t_end = }, measure = }
  -> s.n, s.names, s.columns   (map =, threads =, shard =, json =: below)
]],
    text = [[
The points are the cartesian product of the 'vary' lists (first field slowest;
a map {e = ..., mu = ...} is taken in name order, a list of pairs
{{"mu", ...}, {"e", ...}} in the order given), times the 'sample' points
(innermost). Field names may be dotted ("body1.vx") to reach nested tables.
Each point is a copy of 'base' with the varied values set, or what
'map(point, base)' returns when a map function is given (derived parameters:
an angle and a velocity ratio turned into S0 and C0, say); the point is then
solved by 'solve'.

The columns are every varied field, then the result's numeric fields (one
level of sub-tables flattened: "P.x", "body1.vx"), then mode (and class),
taken from the union of the fields of a few points solved first (points 1-4
and 12 spread over the whole sweep, so every shard gets the same columns;
their results are reused). A
top-level result field named like a varied field (solve2d's echo of e, S0,
...) is left out; a flattened one (the post-impact body1.vx when body1.vx is
varied) is named result.body1.vx. Numeric path components set list entries
("v.1" is v[1]).
With a named solver and no map, 'base' and the varied names are checked
against the fields the solver reads before any point is solved (sweep:
unknown field 'vary.muu' (did you mean 'vary.mu'?)), as are the
specification's own fields and the sample's.
A point that raises an error is recorded (mode
"error", NaN in the result columns, an entry in 'failures' and a "# failed
point" comment in the CSV) unless on_error = "raise".

For solve2d with a built-in law (law itself may be varied over
$LAWS), no map function and numeric fields the C problem
sets, and for solve3d of one body on the plane or two bodies (body2; not a
mechanism) with a built-in law, either method (method may be varied over
"exact", "algebraic") and the fields rtol, mu, mu_s, mu_k, e, law and each
body's m, v.*, w.*, r.* (in the form the base gives the vector: "v.1" for a
list, "v.x" for named components), inertia.1 .. inertia.3 (a principal list
{I1, I2, I3}), theta1, theta2 (when the body gives no R, q or _deg angle),
body 1's at the top level or as "body.m", ... for a 'body' table (its v, w
when the top level has none), body 2's as "body2.m", ..., the points run in
C over arrays on 'threads' worker threads, which also
format the CSV rows, with results and files identical whatever the thread
count and byte for byte those of the Lua path (fast = false); otherwise one
Lua call per point. Columns too big for memory: with 'out' the rows go to the
CSV only (as keep = false, said on stderr), without it a clear error.
The tangential fields of solve2d and solve3d are taken in base: a friction
law (friction = function(s)), tangential compliance (compliance = {eta2 =}
or {nu =}) and model = "chatterjee-ruina" with e_t; vary and sample reach
"compliance.eta2", "compliance.nu" and "e_t" by those names. Such a base
runs one solver call a point (the single solve's result, bit for bit), the
columns add et (and compliance's eta2, Wn, Wt, D_f, E_c, events), and the
files' base records the friction law (file, line, short source) and the
compliance table.
'threads' defaults to $IMPACT_THREADS, else to the processors the process may
run on (its CPU affinity: taskset, Slurm's --cpus-per-task).

Sweeps over simulations: 'simulate = {t_end =, ...}' (impact.simulate's
options; it implies solve = "simulate") runs each point's scene or system
(base: an impact.scene2d or impact.system table, "bodies.1.vy", "e",
"lines.1.mu" varied, or made by map) and writes one row of 'measure's of the
run, then its status ("t_end", "rest", "max_events"; "error" for a failed
point): t_reached, t_rest (status "rest"'s time, else NaN), t_first_impact,
t_accumulation (the first "rest" event: impacts accumulated), n_events,
n_impacts, n_liftoff, n_stick, n_slip, n_rest, n_inconsistent, energy0,
energy (the last sample's), q and qdot (the final state: q1 .. qn, or one,
"q2"); every measure by default. A scene with a built-in law runs in C on
'threads' worker threads (one run at a time each), a system of Lua
functions or a law written in Lua one impact.simulate call a point; the
rows are those read from impact.simulate's runs, bit for bit, on any
thread count. Any other quantity of a run: solve = function(problem) local
run = impact.simulate(problem, opts) ... end (one Lua call a point).

A progress bar (points, rate, time left) is drawn on stderr when it is a
terminal. Ctrl-C stops the sweep cleanly and keeps what is done: the CSV is
closed valid (whole rows in order, then "# interrupted after N of M points"),
the JSON is written if that takes under half a second (a few hundred thousand
rows; a bigger one is not written, no partial file left: keep such sweeps in a
CSV), the partial result (interrupted = true, n = the rows done) is kept in
impact.interrupted_sweep and stderr names the files kept. A Ctrl-C while the
files are written, after the last point, lets the CSV complete and the JSON
likewise if it can within half a second. So Ctrl-C returns within a second at
any moment; then the sweep raises "interrupted!", which stops the calling
chunk or script (exit status 1) as Ctrl-C stops any Lua code.
impact.interrupted_sweep is reset to nil when a sweep starts.

shard = {k, n} (or "k/n"; default impact.default_shard, set by
'impact --shard k/n FILE.lua') solves the k-th of n contiguous slices of the
points and writes FILE.k-of-n.csv (and FILE.k-of-n.json); impact.sweep_merge
joins the shard files into the file one run would have written.

The CSV has '#' comment lines (version, solver, base problem, the varied
values: lists in full, impact.range lists as range(a, b, n), the sample's
ranges; the shard; a function in base, such as a custom law, and the map
as <function file.lua:12: its source text> with the text when it is at most
3 lines and 160 characters), a header row, the rows in point order and a final
"# end: N points, F failed" line (absent when interrupted). Numbers are
written so that they read back exactly. The JSON has the same fields and
the varied values (vary) and the map; its columns read back exactly too (the CSV's
numbers, written by C: 800,000 rows in about a second), NaN and inf as
null, failures always a list; the rest (base, vary, failures) goes through
lua-cjson (14 significant digits).

Files are written whole or not at all: the rows go to a private file beside
'out' (out.PID-N.tmp), renamed to 'out' when the sweep ends (or is
interrupted: the file is then complete up to its "# interrupted" line), so
'out' never holds a partial file and of two processes writing the same
'out' the last to finish wins whole. Every write is checked: an error (a
full disk) raises "sweep: cannot write FILE: reason" and removes the
private file, leaving any older 'out' as it was. A device or pipe
(/dev/stdout) is written in place. Merges, plot data and scripts and
space_map's 'out' are written the same way.]],
    fields = [[
      base | the problem every point starts from (a solve2d/solve3d table) | {}
      vary | field -> list of values (impact.range), or a list of {field, values} pairs
      sample | {n =, method = "lhs" or "random", seed =, ranges = {field = {lo, hi}}} | method lhs, seed 1
      map | function(point, base) -> problem; point holds the varied values by name
      solve | "solve2d", "solve3d", any impact function name, or a function(problem) -> result (or a number) | "solve2d"
      threads | worker threads of the C fast path | $IMPACT_THREADS, else the processors the process may run on
      out | CSV file (a name ending in .json writes JSON instead)
      json | JSON file, written at the end
      shard | {k, n}: solve only the k-th of n slices | impact.default_shard or {1, 1}
      progress | false: never draw the progress bar; a function(done, total): called instead (after each point, or each chunk of the fast path) | drawn when stderr is a terminal
      on_error | "record" a failing point and go on, or "raise" | "record"
      fast | false: never use the C fast path | true
      keep | false: write the rows to 'out' only and keep no columns in memory (sweeps larger than memory); needs 'out' | true
      simulate | a sweep over simulations: impact.simulate's options {t_end =, max_events =, ...} for every run (solve = "simulate")
      measure | with simulate: the run's quantities, a list of names (t_rest, n_impacts, q, "q2", ...) | every measure
      chunk | points per C chunk of the fast path (progress and CSV rows come between chunks; Ctrl-C within one, every 512 points) | 32768, later chunks sized to about 0.1 s of solving and writing each]],
    result = [[
      n | rows done (failed points included)
      names | the column names in order
      columns | name -> array of n values
      failures | list of {index =, point =, message =}
      interrupted | true when Ctrl-C stopped it (then found in impact.interrupted_sweep)
      first, last, total | the points of this shard and of the whole sweep
      shard | {k, n}
      fast | whether the C fast path ran
      threads | the worker threads it used
      keep | false when the columns were not kept (keep = false, or too big for memory)
      elapsed | seconds]],
    example = [[
s = impact.sweep{
  base = { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, law = "poisson" },
  vary = { mu = impact.range(0, 1, 21), e = { 0.5, 1 } },
  out = "rod.csv" }
print(s.n, s.columns.mode[1], s.columns.Py[1])
impact.plot.map(s, { x = "mu", y = "e", color = "mode", out = "modes.png" })]],
    see = { "range", "sweep_merge", "sweep_read", "plot.map", "simulate" },
  },
  {
    name = "range",
    signature = "impact.range(a, b, n [, \"log\"]) -> list",
    summary = "n evenly spaced values from a to b inclusive (geometric with \"log\").",
    synopsis = [[
impact.range(a, b, n)            n values from a to b inclusive
impact.range(a, b, n, "log")     geometric
]],
    example = "impact.range(0, 1, 5)   --> { 0, 0.25, 0.5, 0.75, 1 }",
    see = { "sweep" },
  },
  {
    name = "sweep_merge",
    signature = "impact.sweep_merge(files [, out]) or impact.sweep_merge(\"study.csv\" [, {n =, out =}]) -> result",
    summary = "Join the shard files (CSV or JSON) of one sweep into the one-run result.",
    synopsis = [[
impact.sweep_merge("study.csv" [, { n =, out = }])   merges study.k-of-n.csv
impact.sweep_merge({ "a.1-of-2.csv", "a.2-of-2.csv" } [, out])
]],
    text = [[
Given the sweep's own file name ("study.csv"), finds study.1-of-N.csv ...
study.N-of-N.csv and writes the merged study.csv; given a list of shard files,
writes 'out' when given. When files of several N exist for the name (8 shards
of today's run beside 4 of an older one, or one stray study.2-of-4.csv
beside a complete set of 3), it refuses to guess: {n = 8} names the set. The shards must all be complete (their "# end" line), describe the
same sweep (the same header comments: version, solver, base, varied values,
points; a shard that differs is named with its line) and cover every slice
once; the merged file is byte
for byte the file one unsharded run writes. JSON shards ("study.json") merge
the same way into the document one run writes, value for value (lua-cjson
orders an object's keys freely); CSV and JSON shards do not mix.]],
    example = [[
-- after 'impact --shard k/8 study.lua' for k = 1..8:
impact -e 'impact.sweep_merge("study.csv")']],
    see = { "sweep", "sweep_read" },
  },
  {
    name = "interrupted_sweep",
    signature = "impact.interrupted_sweep",
    summary = "The partial result of the last sweep Ctrl-C stopped (nil once a sweep starts).",
    synopsis = [[
s = impact.interrupted_sweep    once Ctrl-C stopped a sweep (nil at a start)
  -> s.n, s.columns, s.interrupted = true
]],
    text = [[
A sweep stopped by Ctrl-C raises "interrupted!" so that the calling chunk or
script stops too; what it had done is kept here (and in its CSV and JSON):
interrupted = true, n = the rows done, columns of n rows, the failures among
them.]],
    example = [[
impact.sweep{ ..., out = "big.csv" }   -- Ctrl-C
s = impact.interrupted_sweep; print(s.n, s.interrupted)]],
    see = { "sweep" },
  },
  {
    name = "sweep_read",
    signature = "impact.sweep_read(path) -> result",
    summary = "Load a sweep saved as CSV or JSON (names, columns, n, failures).",
    synopsis = [[
s = impact.sweep_read("study.csv" or "study.json")
  -> s.n, s.names, s.columns, s.failures
]],
    example = "s = impact.sweep_read(\"rod.csv\"); impact.plot.map(s, { x = \"mu\", y = \"e\" })",
    see = { "sweep", "plot.map" },
  },
}
