-- Help entries for impact.mujoco (load, model:mechanism, model:impact,
-- solref): robots from MJCF/URDF files through MuJoCo.
local ABSENT = [[
impact.mujoco exists in every build; built without MuJoCo (Debian:
libmujoco-dev, which scripts/run and scripts/test install), impact.mujoco.available is
false and every call is the error "impact was built without MuJoCo
(install libmujoco-dev and rebuild)".]]

return {
  {
    name = "mujoco",
    signature = "impact.mujoco",
    summary = "Robots from their MJCF or URDF files: MuJoCo's M and J for the solvers, MuJoCo's own impact beside the rigid one, solref for a restitution.",
    synopsis = [[
model = impact.mujoco.load(path or impact.mujoco.sample(name))
mech = model:mechanism{ qpos =, qvel =, contacts = {...} }   for the solvers
x = model:impact{ qpos =, qvel =, contacts = {...} }  MuJoCo beside rigid
impact.mujoco.solref{ e = }; impact.mujoco.available (false without MuJoCo)
]],
    text = [[
impact.mujoco.load(path) reads an MJCF or URDF file with MuJoCo (2.2 on
Debian 12). model:mechanism{qpos =, qvel =, contacts = {{body =, point =,
normal =}}} gives MuJoCo's generalized mass matrix M and the contact
points' Jacobians J in the workbench's contact frame, with qdot = qvel:
the table solve2d, solve3d and solve_multi take. model:impact{...} steps
MuJoCo itself through the impact (its soft contact, its solver) and
returns its post-impact velocities and energy beside the rigid answer on
the same M, J, qdot. impact.mujoco.solref{e =} finds by running MuJoCo the
solref under which a body's measured restitution is e.

Coordinates are MuJoCo's: qpos has the model's nq entries, qvel nv (a free
joint has 7 and 6: position and quaternion, linear and angular velocity);
M is nv x nv. Hinge angles are relative to the parent body, where
impact.chain2d's are absolute: a chain written as MJCF gives chain2d's M
and J after that change of coordinates (the samples kane_pendulum and
arm3, checked to 1e-12).

impact.mujoco.sample(name) is the path of a sample model shipped with the
workbench: "kane_pendulum" (Kane's double pendulum, chain2d's links m = 1,
L = 1), "arm3" (the three-link arm of examples/robot_arm.lua, with a
fingertip sphere and a table y = -0.6), "arm7" (a seven-joint spatial arm
above a table z = 0, hinges alternating about z, y and x) and "ball" (m =
1, radius 0.1, a free joint, on a frictionless floor z = 0).

]] .. ABSENT,
    see = { "mujoco.load", "mujoco.mechanism", "mujoco.impact", "mujoco.solref", "mujoco.sample" },
  },
  {
    name = "mujoco.sample",
    signature = "impact.mujoco.sample(name) -> path",
    summary = "The path of a sample MJCF model shipped with the workbench (kane_pendulum, arm3, arm7, ball).",
    synopsis = [[
impact.mujoco.sample("kane_pendulum" | "arm3" | "arm7" | "ball") -> path
  model = impact.mujoco.load(impact.mujoco.sample("ball"))
]],
    text = [[
The files lie in the installed Lua tree (impact/mjcf/NAME.xml). An unknown
name lists the samples. Needs no MuJoCo: the files are plain MJCF.]],
    example = [[
print((impact.mujoco.sample("ball"):match("mjcf/ball%.xml$")))   --> mjcf/ball.xml]],
    see = { "mujoco.load" },
  },
  {
    name = "mujoco.load",
    signature = "impact.mujoco.load(path) -> model",
    summary = "Read an MJCF or URDF file with MuJoCo.",
    synopsis = [[
model = impact.mujoco.load("robot.xml" or "robot.urdf")
  -> model.nq, model.nv, model.timestep, model.bodies, model.qpos0,
     model:mechanism{...}, model:impact{...}
]],
    text = [[
A missing or malformed file is the error "mujoco.load: cannot load 'path':
" and MuJoCo's own message. The model has nq, nv, timestep, bodies (the
names of its moving bodies; MuJoCo's world is body 0 and not listed),
qpos0 (MuJoCo's reference configuration) and the methods mechanism and
impact; it prints as a one-line summary. Its data live as long as it does.]],
    result = [[
nq, nv | sizes of qpos and qvel
timestep | MuJoCo's time step (s)
bodies | the moving bodies' names, in MuJoCo's order
qpos0 | the reference configuration (unit quaternions for free joints)
path | the file read]],
    example = [[
m = impact.mujoco.load(impact.mujoco.sample("kane_pendulum"))
print(m.nq, m.nv, m.bodies[2])   --> 2  2  link2]],
    see = { "mujoco.mechanism", "mujoco.impact" },
  },
  {
    name = "mujoco.mechanism",
    signature = "model:mechanism{ qpos =, qvel =, contacts = { {body =, point =, normal =}, ... } } -> mech, where",
    summary = "MuJoCo's M, the contact Jacobians in the workbench's frame and qdot: a table every solver takes.",
    synopsis = [[
mech, where = model:mechanism{ qpos =, qvel =,
    contacts = { {body =, point =, normal =}, ... } [, mu =, e =, law =] }
  impact.solve2d(mech), impact.solve3d(mech) or impact.solve_multi(mech)
]],
    text = [[
Sets MuJoCo's state to qpos (nq numbers, required) and qvel (nv numbers,
default zeros) and computes its kinematics and mass matrix (mj_kinematics,
mj_comPos, mj_crb, then mj_fullM). Each contact names the striking body
(an unknown name lists the model's bodies), the contact point in world
coordinates, moving with that body, and the normal pointing into it (from
the ground or the other body; normalized). J is MuJoCo's translational
Jacobian of the point (mj_jac) rotated into the contact frame of
impact.system2d and system3d:

  normal {nx, ny} (planar, MuJoCo's world x-y plane; a point {x, y} has
    z = 0): 2 rows, x = the tangent (ny, -nx), the normal turned by -90
    degrees, y = the normal;
  normal {nx, ny, nz}: 3 rows, y = the normal, x and z world x and z
    turned by the smallest rotation taking +y onto the normal.

With one contact the result is solve2d's (2 rows) or solve3d's (3 rows)
table, {M, J, qdot, frame}; with several, solve_multi's {M, qdot, contacts =
{{J, frame}, ...}}. Solver options (mu, e, law, model, method, ...) given at
the top or on a contact pass through as the builders pass them. Every
contact must be planar or every one spatial.

The second result says where each contact lies: its body, point and offset,
the distance from the point to the nearest bounding sphere of the body's
geoms (0 inside one; -1 for a body without geoms); far = true flags a point
outside all of them, accepted (the Jacobian of a point rigidly attached to
the body is still exact) but probably not the contact meant.]],
    fields = [[
qpos | the model's nq joint positions (free and ball joints: a quaternion's 4)
qvel | the model's nv joint velocities; become qdot | zeros
contacts | list of {body = name, point = {x, y[, z]}, normal = {nx, ny[, nz]}} (and solver options)
mu, e, law, ... | solver options, copied to the result]],
    result = [[
M | nv x nv mass matrix (MuJoCo's, armature included)
J | 2 or 3 x nv contact Jacobian (one contact; else contacts[i].J)
qdot | qvel
frame | the contact frame {x =, y = [, z =]}
where.contacts[i] | {body, point, offset, far}]],
    example = [[
local d = math.pi / 180
m = impact.mujoco.load(impact.mujoco.sample("kane_pendulum"))
q1, q2 = -40 * d, -60 * d        -- chain2d's absolute angles; MuJoCo's are relative
mech = m:mechanism{ qpos = { q1, q2 - q1 }, qvel = { -1, 0 }, mu = 0.8, e = 1,
  contacts = { { body = "link2", point = { math.cos(q1) + math.cos(q2), math.sin(q1) + math.sin(q2) },
                 normal = { 0, 1 } } } }
print(mech.M[1][1], mech.M[1][2], mech.J[2][1])   --> 2.606359  0.803180  1.266044
r = impact.solve2d(mech)
print(r.mode, r.qdot[1], r.qdot[2])               --> C-sticking  1.472893  -2.566113]],
    see = { "mujoco.impact", "chain2d", "system2d", "system3d", "solve_multi" },
  },
  {
    name = "mujoco.impact",
    signature = "model:impact{ qpos =, qvel =, contacts =, e =, mu =, gravity =, max_time =, solref = } -> {mujoco =, rigid =, ...}",
    summary = "MuJoCo's own run through an impact, beside the rigid answer on the same M, J, qdot.",
    synopsis = [[
x = model:impact{ qpos =, qvel =, contacts = { {body =, point =, normal =} }
                  [, e =, mu =, gravity =, max_time =, solref =] }
  -> x.mujoco (MuJoCo's run and its e), x.rigid (the solver's), x.dqvel
]],
    text = [[
From qpos and qvel (the striking body, contacts[1].body, touching or about
to touch, approaching), MuJoCo steps (mj_step1/mj_step2: it collides, its
soft contact and solver act) until the body's last contact ends, or gives
up at max_time (mujoco.separated = false). Gravity is off during the run
unless gravity = true: the rigid impact has none. solref = {timeconst,
dampratio} (or {-stiffness, -damping}) replaces every geom's and pair's
solref for the run.

The restitution MuJoCo produced, mujoco.e = -vn'/vn0, is measured at the
first contact's point (MuJoCo's, fixed on the body) along its normal,
relative to the other body. The rigid answer solves the mechanism of
model:mechanism (solve2d, solve3d or solve_multi) with e, when not given,
set to that measured e, and mu to the friction of MuJoCo's contact (its
mix of the two geoms' friction), so that the two differ by the contact's
compliance, MuJoCo's friction cone and the motion during the contact.]],
    fields = [[
qpos, qvel, contacts | as model:mechanism (qvel required)
mu, e, law, ... | the rigid solver's options | e = MuJoCo's measured e, mu = its contact's friction
gravity | true: MuJoCo's gravity acts during the run | false
max_time | give up after this simulated time (s) | 1
solref | {timeconst, dampratio} or {-stiffness, -damping} for every contact | the model's]],
    result = [[
mujoco | {qvel, qpos, T0, T, dT, energy_ratio, e, mu, vn0, vn, duration, depth_max, steps, contact_steps, separated, point, normal, timestep}
rigid | the rigid solver's result
dqvel, dqvel_max | MuJoCo's qvel - the rigid qdot, per coordinate and the largest
mechanism, where, qdot0, T0 | the rigid problem solved and the state before]],
    example = [[
ball = impact.mujoco.load(impact.mujoco.sample("ball"))
x = ball:impact{ qpos = { 0, 0, 0.1, 1, 0, 0, 0 }, qvel = { 0, 0, -1, 0, 0, 0 },
                 contacts = { { body = "ball", point = { 0, 0, 0 }, normal = { 0, 0, 1 } } } }
print(x.mujoco.e, x.mujoco.duration, x.rigid.qdot[3])   --> 0.133166  0.077  0.133166]],
    see = { "mujoco.mechanism", "mujoco.solref" },
  },
  {
    name = "mujoco.solref",
    signature = "impact.mujoco.solref{ e =, ... } -> {solref =, e_achieved =, residual =, ...}",
    summary = "The solref under which MuJoCo reproduces a restitution coefficient, found by running MuJoCo.",
    synopsis = [[
impact.mujoco.solref{ e = [, timeconst =, form =, speed =, tol =] }
impact.mujoco.solref{ e =, model =, body =, qpos =, qvel = }   a given model
  -> s.solref, s.e_achieved, s.residual
]],
    text = [[
MuJoCo has no restitution coefficient: its contact is a soft constraint
with reference acceleration -b v - k r, (k, b) set by solref =
{timeconst, dampratio} (or {-stiffness, -damping}) and the impedance by
solimp, and the rebound depends on them, the timestep and the integrator.
solref measures e as model:impact does (a drop from contact at speed,
gravity off) and searches: for form = "ratio" the dampratio at the given
timeconst (MuJoCo's default 0.02), bisecting on its logarithm; for form =
"direct" the damping at the given stiffness. The measured e falls as the
damping grows but in steps (the steps in contact are whole), so the search
stops within tol or when the bracket closes, and reports the e it achieved
and its residual |e_achieved - e|: rerunning MuJoCo with the solref gives
e_achieved exactly. reachable = false when e lies outside what the bracket
produced (e_range); MuJoCo's contact can also return more energy than it
received (e > 1) at a very small dampratio, which a one-step contact makes
too stiff.

The default body is a ball (m = 1, radius 0.1, frictionless, a free joint)
dropped at speed on a plane, with MuJoCo's default timestep 0.002; give
model (or path), body, qpos and qvel for another body and state.]],
    fields = [[
e | the restitution to reproduce, in [0, 1]
form | "ratio" (solref = {timeconst, dampratio}) or "direct" ({-stiffness, -damping}) | "ratio"
timeconst | solref's time constant (form "ratio") | 0.02
stiffness | the stiffness (form "direct", required there)
speed, timestep | the default ball's approach speed and MuJoCo's timestep | 1, 0.002
model or path, body, qpos, qvel | another model, its striking body and its state at contact
gravity | true: gravity acts during each run | false
tol | stop within this of e | 1e-3
max_iter | bisection steps at most | 60]],
    result = [[
solref | the parameters found
e_achieved, residual | the e MuJoCo gave with them, and |e_achieved - e|
converged | residual <= tol
reachable | e lay within the bracket's e_range
runs | MuJoCo runs made
duration, depth_max | the contact's time and deepest penetration at the solref found
model, body, speed, timestep | what was run]],
    example = [[
s = impact.mujoco.solref{ e = 0.75 }
print(s.solref[1], s.solref[2], s.e_achieved, s.converged)   --> 0.02  0.147718  0.749711  true]],
    see = { "mujoco.impact" },
  },
}
