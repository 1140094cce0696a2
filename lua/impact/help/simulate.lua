-- Help for the simulator: impact.scene2d, impact.system, impact.simulate,
-- the run's files (write_run, read_run) and its plots (plot.run,
-- plot.frames).
return {
  {
    name = "simulate",
    signature = "impact.simulate(system, {t_end =, dt =, max_events =, ...}) -> run",
    summary = "Motion through impacts: a scene2d or a system followed in time, every event located and every impact resolved by the workbench's solvers.",
    synopsis = [[
run = impact.simulate(impact.scene2d{...} or impact.system{...},
                      { t_end =, dt =, max_events =, rtol = })
  -> run.t, run.q, run.qdot, run.energy, run.events, run.status;
     run:write("run.csv"), impact.plot.run(run, {...})
]],
    text = [[
system is made by impact.scene2d{...} (planar rigid bodies against lines)
or impact.system{...} (generalized coordinates with Lua functions); a
plain table is read as the one it is for (with bodies, a scene; with q, a
system). Between
events the motion is smooth (a scene's free flight in closed form, else an
adaptive integrator with dense output); the events are located on it, never
stepped over: an impact (an open gap closing), a lift-off (a closed
contact's normal force reaching zero), a slip or a stick of a persistent
contact, "rest" (impacts accumulating in finite time, Zeno, closed at the
extrapolated instant) and "inconsistent" (Painleve: no finite contact
force, resolved by a tangential impact as Mason & Wang 1988 show). One
closing contact is resolved by solve2d's path (Routh's method on the
contact's W = J M^-1 J^T, with the law, e, mu of the contact) or, in
space, by solve3d's exact method; several at once by solve_multi's model.
Persistent contacts (resting, pivoting, sliding) carry the forces of the
acceleration-level complementarity problem with Coulomb friction.

The run has the sampled trajectory (run.t, run.q, run.qdot, run.energy:
every dt, and the instants just before and after every event), the events
in order, why it stopped (status) and counts. Each event is {t =, kind =,
contacts = {indices, from 1}, q =, qdot_before =, qdot_after =} and, for an
impact, result = the solver's result as solve2d (a Result2D: Px, Py, S, C,
dT, mode, path, ...) or solve_multi (P, v0, v, mode per contact) give it,
with T0 and dT of the whole system; a rest event has impacts_resolved. For
a scene, scene.contacts[i] says what contact i is (a body's point or disk
against a line, two disks).

A run prints as a summary; run:write("run.csv" or "run.json") writes it
(impact.write_run), impact.read_run reads it back; impact.plot.run and
impact.plot.frames draw it. Ctrl-C stops the run: the part done is kept in
impact.interrupted_run (status "interrupted") and "interrupted!" is raised,
as for sweeps.

Errors name the field: a missing or non-positive t_end ("field 't_end' is
required"), a contact that starts inside (the body, its point and the
penetration for a scene), a Lua function of a system that raises or returns
the wrong size, a non-number or NaN ("contacts[2].J returned 3 rows,
expected 2", "force returned NaN at index 2 (t = 0.5)"), a custom law's
failure (named as in solve2d).]],
    fields = [[
      t_end | the end of the run (> t0), required
      t0 | the start | 0
      dt | spacing of the samples; 0: only the instants around events (and the integrator's steps) | (t_end - t0)/1000
      max_events | bound on the events of the run (status "max_events" when reached) | 10000
      rtol | the integrator's relative tolerance, in [1e-15, 1e-3] | 1e-12
      gap_tol | a gap this small (relative to the system's size) counts as touching | 1e-12
      zeno_tol | the accumulation test's tolerance | 1e-6]],
    result = [[
      t, q, qdot, energy | the samples: times, q[k] and qdot[k] (arrays of n), kinetic plus potential energy
      events | {t =, kind =, contacts =, q =, qdot_before =, qdot_after =, result =, T0 =, dT =, solver =}, in order
      status | "t_end", "rest" (everything at rest), "max_events" (or "interrupted" in impact.interrupted_run)
      n_events, n_impacts, counts | the number of events, of impacts, and counts.impact, counts.liftoff, ... by kind
      n, kind, system | the coordinates' count, "scene2d" or "system", the system run
      t0, t_end, t_reached, steps | the span asked, the time reached, the integrator's steps]],
    example = [[
ball = impact.scene2d{ gravity = {0, -9.81}, e = 0.5,
  lines = { {point = {0, 0}, normal = {0, 1}} },
  bodies = { {m = 1, rho = 0.05, y = 1.1, radius = 0.1} } }   -- 1 m above the ground
run = impact.simulate(ball, { t_end = 3, dt = 0.01 })
-- the first impact at sqrt(2 h/g), the rebound e sqrt(2 g h)
print(run.events[1].kind, run.events[1].t, run.events[1].qdot_after[2])   --> impact  0.451524  2.21472
-- the impacts accumulate at t1 (1 + e)/(1 - e): rest
print(run.status, run.n_impacts, run.events[#run.events].kind, run.t_reached)   --> rest  10  rest  1.35457
print(run)
-- simulate: t = 0 .. 1.35457 (t_end = 3), status rest
--   system   scene2d: 1 body, 1 line, 1 contact, gravity (0, -9.81); mu_s = 0, mu_k = 0, e = 0.5, law poisson, model moreau
--   events   11: impact 10, rest 1
--   samples  157
--   energy   10.791 at start, 0.981 at end (change -9.81)
--   final    q = (0, 0.1, 0)  qdot = (0, 0, 0)
run:write("ball.csv")                        -- or .json; impact.read_run reads it back
impact.plot.run(run, { y = {"q2", "qdot2"}, out = "ball.png" })]],
    see = { "scene2d", "system", "write_run", "read_run", "plot.run", "plot.frames", "solve2d", "solve_multi" },
  },
  {
    name = "scene2d",
    signature = "impact.scene2d{gravity =, lines =, bodies =, mu =, e =, law =, model =} -> scene",
    summary = "A planar scene for impact.simulate: rigid bodies (points, disks) against fixed lines and each other, under gravity.",
    synopsis = [[
impact.scene2d{ gravity = {gx, gy},
  lines = { {point =, normal =, mu =, e =}, ... },
  bodies = { {m =, I = (or rho =), x =, y =, phi =, vx =, vy =, w =,
              points = { {px, py}, ... }, radius =}, ... },
  mu =, e =, law =, model = }   -> a scene for impact.simulate
]],
    text = [[
Each body has its mass m, its moment of inertia I about the centre of
mass (or rho: I = m rho^2), its centre (x, y) and angle phi in the world
frame, its velocities vx, vy, w, and what can touch: points, a list of
body-frame points {px, py} (the corners of a block, the tips of a rimless
wheel's spokes; a polygon through them in order is how impact.plot.frames
draws it), and radius, a disk about the centre of mass. Each line is a
fixed half-plane: a point on it and its normal into the free side (any
length but zero: it is normalised). The scene's generalized coordinates
are (x, y, phi) of each body in order, M = diag(m, m, I).

The contacts are every point and disk of each body against every line,
and every pair of disks, in that order (scene.contacts[i] says which: kind
"point-line", "disk-line" or "disk-disk", body, point, line, other, with
its mu_s, mu_k, e). mu (or mu_s, mu_k), e and law at the top are the
defaults; a line's own mu and e win for its contacts. model is the
multiple-impact model used when several contacts close at once (as
solve_multi's). A body's point or disk that starts inside a line is an
error naming them and the penetration.

The scene is returned checked and normalised (I from rho, unit normals,
each line's coefficients): a table that impact.simulate reads again, so an
edited scene is checked again when run.]],
    fields = [[
      bodies | list of {m =, I = (or rho =), x =, y =, phi =, vx =, vy =, w =, points =, radius =}
      bodies[i].x, y, phi, vx, vy, w | centre, angle, velocities (world frame) | 0
      bodies[i].points | body-frame points {{px, py}, ...} that can touch | none
      bodies[i].radius | a disk about the centre of mass (> 0) | none
      lines | list of {point = {x, y}, normal = {nx, ny}, mu =, e =} | none
      gravity | {gx, gy} | {0, 0}
      mu, mu_s, mu_k | friction of every contact (a line's own wins) | 0
      e | restitution in [0, 1] (a line's own wins) | 0
      law | $LAWS or a function (as solve2d) | "poisson"
      model | $MULTI_MODELS (several contacts at once) | $MULTI_MODEL]],
    result = [[
      bodies, lines, gravity, mu_s, mu_k, e, law, model | as given, checked and normalised
      n | the number of coordinates (3 per body)
      contacts | what each contact index of a run's events means]],
    example = [[
block = impact.scene2d{ gravity = {0, -9.81}, mu = 0.5,
  lines = { {point = {0, 0}, normal = {0, 1}} },
  bodies = { {m = 1, I = (0.5^2 + 1^2)/12, y = 0.6, phi = 0.3,
              points = { {-0.25, -0.5}, {0.25, -0.5}, {0.25, 0.5}, {-0.25, 0.5} }} } }
print(#block.contacts, block.contacts[1].kind)   --> 4  point-line]],
    see = { "simulate", "system", "plot.frames", "system2d" },
  },
  {
    name = "system",
    signature = "impact.system{q =, qdot =, M =, force =, contacts =, mu =, e =, law =, model =} -> system",
    summary = "A system in generalized coordinates for impact.simulate, its mass, forces and contacts given as Lua functions.",
    synopsis = [[
impact.system{ q =, qdot =, M = rows or function(q),
  force = function(t, q, qdot), potential = function(q),
  contacts = { {gap = function(q), J = function(q), mu =, e =}, ... },
  mu =, e =, law =, model = }   -> a system for impact.simulate
]],
    text = [[
M(q) q'' = force(t, q, qdot) + sum_i J_i(q)^T lambda_i. M is the n x n
mass matrix (rows, symmetric positive definite) or a function M(q)
returning it; force(t, q, qdot) returns the n generalized forces (gravity,
springs, Coriolis and centrifugal terms), none when absent; potential(q),
when given, makes run.energy kinetic plus potential (else kinetic only).
Each contact has gap(q), a number >= 0 while apart, and J(q), the rows
of its contact frame's velocity J q' as in solve2d and solve3d: 2 rows
(tangent, normal; the normal row is the gradient of the gap) or 3 (x,
normal, z), the same for every contact of the system (a 2-row contact
whose tangent row vanishes, a one-degree-of-freedom pendulum, is struck
frictionless with its normal row alone), with its own mu, e (the system's
mu, e are the defaults), and K, eta for the lzb model. time_dependent =
true says that force depends on t explicitly (a driven system): the run
then never ends "at rest", since what rests now may move later.

Every function is called once when the system is made, at t = 0 and the
initial state, so that what it returns is checked at once (M symmetric
positive definite, each J's rows, no contact starting inside); during a run
each call is protected, and a function that raises, or returns the wrong
size, a non-number or NaN stops the run with a message naming it and the
index ("contacts[2].J returned 3 rows, expected 2", "force returned NaN at
index 2 (t = 0.5)").]],
    fields = [[
      q, qdot | the initial coordinates and rates (n each)
      M | n x n rows, or a function M(q) returning them
      force | function(t, q, qdot) -> n generalized forces | none
      potential | function(q) -> V, for run.energy | none (energy kinetic)
      contacts | list of {gap = function(q), J = function(q), mu =, e =, K =, eta =, rows =} | none
      contacts[i].rows | the number of rows J returns (2 or 3, every contact alike) | taken from contacts[1]'s first call
      time_dependent | force depends on t explicitly (a driven system: never "at rest") | false
      mu, mu_s, mu_k, e | defaults of the contacts | 0
      law | $LAWS or a function | "poisson"
      model | $MULTI_MODELS | $MULTI_MODEL]],
    result = [[
      q, qdot, M, force, potential, contacts, mu_s, mu_k, e, law, model, time_dependent | as given, checked (each contact's rows set)
      n | the number of coordinates]],
    example = [[
-- a pendulum (length 1, unit mass at the tip) against a wall at its lowest point
pendulum = impact.system{ q = {0.5}, qdot = {0}, M = {{1}}, e = 0.8,
  force = function(t, q, qdot) return { -9.81 * math.sin(q[1]) } end,
  potential = function(q) return -9.81 * math.cos(q[1]) end,
  contacts = { { gap = function(q) return q[1] end,
                 J = function(q) return { {0}, {1} } end } } }
print(pendulum.n, pendulum.contacts[1].rows)   --> 1  2]],
    see = { "simulate", "scene2d", "solve_multi", "prepare_mechanism" },
  },
  {
    name = "write_run",
    signature = "impact.write_run(run, path) -> path   (or run:write(path))",
    summary = "Writes a run to CSV or JSON (by the extension), whole or not at all, numbers exact.",
    synopsis = [[
impact.write_run(run, "run.csv" or "run.json")   or   run:write(path)
]],
    text = [[
CSV: '#' lines with the run's fields (kind, status, n, n_events,
n_impacts, t0, t_end, t_reached), a header row, then one row per sample
(row = "sample": t, q1..qn, qdot1..qdotn, energy) and one per event (row =
"event": t, q1..qn, qdot1..qdotn before it, kind, contacts as "1 2",
qdot_after1..n). JSON: {"format": "impact.run", the same fields, "samples":
{t = [...], q1 = [...], ...}, "events": {t = [...], kind = [...], ...}}.
Numbers are written in their shortest round-trip form, so impact.read_run
gives back the same doubles. The file is written beside its target and
renamed into place (never left half-written). The events' solver results
and the system itself are not written.]],
    see = { "read_run", "simulate" },
  },
  {
    name = "read_run",
    signature = "impact.read_run(path) -> run",
    summary = "Reads back a run written by impact.write_run (CSV or JSON).",
    synopsis = [[
run = impact.read_run("run.csv" or "run.json")
  -> the run as impact.simulate returned it: run.t, run.q, run.events, ...
]],
    text = [[
The run has t, q, qdot, energy, events ({t, kind, contacts, q,
qdot_before, qdot_after}) and the fields written; it prints, plots and
writes as a run does (without the events' results and the system).]],
    see = { "write_run", "simulate", "plot.run" },
  },
  {
    name = "plot.run",
    signature = "impact.plot.run(run, {y =, x = \"t\", out =, size =, label =}) -> {png, svg | pdf | eps, script, data, file}",
    summary = "A run's time series (or a phase portrait), impacts marked.",
    synopsis = [[
impact.plot.run(run, { y = { "q2", "energy" } [, x = "t", out =, size =] })
impact.plot.run(run, { x = "q2", y = "qdot2" })     a phase portrait
]],
    text = [[
y names the series drawn, one or a list: q1..qn, qdot1..qdotn, energy (a
scene's are labelled x, y, φ and v_x, v_y, ω of each body). x is "t" (time
series, each impact a tick along the bottom) or a series (a phase
portrait, x = "q1", y = "qdot1": the states just before and after each
impact are points). label prefixes the curves' legend entries; title,
xlabel, ylabel replace the defaults; events = false leaves the impacts
unmarked. size is {width, height} or a preset, "column" (3.5 in, text
7.7 pt in PDF and EPS), "full" (7 in, 11 pt) or "slide". Files as every
plot (help("plot")).]],
    fields = [[
      y | a series or a list of them | "q1"
      x | "t" or a series (a phase portrait) | "t"
      out | the figure's file (.png, .svg, .pdf, .eps) | "run.png"
      size | {width, height} or "column", "full", "slide" | {900, 560}
      label, title, xlabel, ylabel | text | symbols of the series
      events | mark the impacts | true
      run | false: write the files without running gnuplot | true]],
    example = [[
impact.plot.run(run, { y = {"q2", "energy"}, out = "ball.png" })
impact.plot.run(run, { x = "q2", y = "qdot2", out = "ball-phase.pdf", size = "column" })]],
    see = { "simulate", "plot.frames", "plot" },
  },
  {
    name = "plot.frames",
    signature = "impact.plot.frames(run, {times = {...} or every = k, scene =, out =}) -> {png, svg | pdf | eps, script, data, file}",
    summary = "A scene2d's bodies at chosen instants on one picture (a strobe figure).",
    synopsis = [[
impact.plot.frames(run, { every = 10 [, scene =, out =] })
impact.plot.frames(run, { times = { t1, t2, ... } [, scene =, out =] })
]],
    text = [[
Each body is drawn at each instant: the polygon through its points in
order, its disk (with a spoke showing its turn), earlier instants paler;
the lines (hatched on their solid side) and each centre's path (dashed).
times lists the instants (the state between samples is interpolated
linearly: q is continuous through impacts), every = k takes every k-th
sample; by default twelve instants evenly spaced over the run. scene is
the run's own (run.system) unless given. The axes keep equal scales.]],
    fields = [[
      times | the instants drawn | 12 evenly spaced
      every | every k-th sample instead
      scene | the scene drawn | run.system
      out | the figure's file | "frames.png"
      size | {width, height} or "column", "full", "slide" | fitted to the scene
      title, label | text
      paths | draw the centres' paths | true
      run | false: write the files without running gnuplot | true]],
    example = [[
impact.plot.frames(run, { every = 10, out = "ball-frames.png" })]],
    see = { "simulate", "scene2d", "plot.run" },
  },
}
