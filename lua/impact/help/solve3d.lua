-- Help entries for the 3D area (the API reference for solve3d and rod).
return {
  {
    name = "solve3d",
    signature = "impact.solve3d(t) -> result",
    summary = "One rigid body striking a fixed plane at one point, with friction, in 3D.",
    synopsis = [[
impact.solve3d{ m =, inertia =, R (or q, theta1, theta2) =, r =, v =, w =,
                mu (or friction = function(s) return mu end) =, e =, law = }
impact.solve3d{ body = impact.rod{...}, v =, mu =, e =, method = }
impact.solve3d{ body =, body2 =, mu =, e = }         two moving bodies
impact.solve3d{ M =, J =, qdot =, mu =, e = }        a mechanism (J: 3 rows)
  -> r.P, r.v, r.w, r.vC, r.dT, r.mode, r.stages, r.hodograph
]],
    text = [[
World frame = contact frame: the normal is +y (out of the plane), x and z
span the plane; r runs from the centre of mass to the contact point; the
impulse P acts on the body; vC0.y < 0 means approach.

method = "exact" (the default, the reference) integrates the Darboux-Keller
equations over the normal impulse p with an adaptive Dormand-Prince 8(5,3)
pair (Hairer's DOP853 coefficients), the slip velocity v_t being a state of
its own. The slip direction obeys a one-dimensional flow: it either
settles on an attracting invariant ray (Wtn - mu_k Wtt u = lambda u),
after which the slide is a straight line
followed exactly (this also takes care of the stiff direction of a
rod-like body), or turns past a close approach where |v_t| has a positive
minimum and the slip goes on. The approach to v_t = 0 is followed in
tau = ln(s0/|v_t|), where the direction equation is regular. A slip counts
as stopped only when it lands on an attracting centripetal ray, or when
what is left of the approach is below 1e-2 rtol of the impulse (and never
before the earliest point the Coulomb cone allows, a quadratic in p): a close
approach is integrated through at any depth (min_slip reports it;
examples/box_reslide.lua's box only nearly stops, |v_t| = 4.5e-7). A stopped slip sticks when
|Wtt^-1 Wtn| <= mu_s and otherwise restarts along the unique centrifugal
ray u (lambda > 0); the stop lands exactly on v_t = 0 inside the Coulomb
cone (|Pt| <= mu_s Pn holds to rounding, and mu = 0 gives no tangential
impulse at all). While sticking or sliding along a ray the rates are
constant and such a period takes no steps: its next event (the stop,
maximum compression, a built-in law's end) is the root of a line or a
quadratic. Other events (slip stop, maximum compression,
termination, custom law roots) are located to step accuracy; with the default
rtol = 1e-10, P is right to about 1e-9 relative (checked against an
independent integrator). Laws: poisson, newton, energetic, or a Lua
function (state fields Pn, Pc, vn, vn0, Wc, Wr, phase, and Pt, vt, vt0 as
{x =, z =}). A built-in law still unmet when p exceeds 10^6 times the
body's momentum scale sqrt(2 m T0) (the contact keeps re-compressing)
raises an error.

method = "algebraic" is Sun & Baruh's nine-equation model (2022): stages c,
c1 (slip stops), c2 (stick or reversed sliding) in compression and r, r1,
r2 in restitution. The six momentum rows are explicit in the stage impulse
F, so each stage is three equations in F (v_C' = v_C + W F with its
closures), solved with LAPACKE dgesv (a sticking stage, v_t' = 0, from W's
Cholesky factor). Slip stops (|F_t| = mu_k F_n) and
energetic restitution are quadratics in the stage's F_n (closed forms
of SB22's stage equations, taken in cancellation-free form: mu = 0, a slip passing exactly
through zero, and tiny mu are well-posed), polished by Newton's method on F
when needed. The friction direction of a sliding stage is that of the same
stage solved without friction. Every stage is checked as SB22's model
requires: F_n >= 0
(rounding below 0 becomes an exact 0; a grazing impact whose compression
needs only that gets no impulse) and, in restitution, v_n >= 0 at its end.
A case that fails (a negative normal impulse, a restitution stage that
drives the contact back into the plane, an energetic closure without a
root) has no admissible solution in SB22's model: an error names the stage
and the reason (and that method = "exact" always has one). It is exact in the
plane and when sticking is reached in compression (Poisson), but can
mispredict the mode in strongly non-planar impacts and can even gain energy
(energy_gain = true, noted when printed). It gives no impulse when
vC0.y = 0 (tangential impacts need "exact"). A custom law ends the
restitution stage it first reaches zero in (along a stage everything is
linear in the stage's normal impulse, so the law is bracketed and refined).
A custom law positive at maximum compression is an error (the residual
must rise to zero from below); its result has no e, and law_source
("file.lua:12") names it.

model = "chatterjee-ruina" (instead of a method; one of $MODELS3D) is
Chatterjee & Ruina's algebraic law (1998) with e and e_t (tangential
restitution in [-1, 1], default 0) and one mu (mu_s != mu_k is an error):
P_I = (0, -vC0.y/W_yy, 0), P_II = -W^-1 vC0 (the impulse that stops the
contact), P^ = (1+e) P_I + (1+e_t) (P_II - P_I), kept when
sqrt(P^x^2 + P^z^2) <= mu P^y, else (1+e) P_I + kappa (P_II - P_I) on the
cone. vC.y = -e vC0.y always, never an energy gain; on a planar W it is the
2D model (help("models")). law may only be "newton"; method, rtol and
max_steps are errors. The result has P, the velocities, dT, T0,
energy_ratio, mode (of the impulse applied proportionally), energy_gain,
rho_req, cond, model, status, notes, e, e_t, mu, and et = -vt.vt0/|vt0|^2
(absent when vt0 = 0), kappa and cone ("inside" or "on"); no works, Pc or
stages.

Both methods build W = I/m + sum_j c_j c_j^T / I_j (c_j = a_j x r) from the
principal moments and axes (as given, or from dsyev for a 3x3 tensor), and
its tangential quantities from W's Cholesky factor, so a nearly singular
inertia (a moment 1e-8 of the others) loses no digits there. Its condition
number is reported (cond): the post-impact velocities, W times an impulse
known to rounding, carry errors of about 1e-16 cond |vC0|. A body with
cond > 1e12 (e.g. a moment of 1e-20 off the contact) raises an error
naming 'inertia'.

The body: m, inertia, an orientation and r at the top level, or the same
fields in body = {...} (e.g. body = impact.rod{...}). inertia is either the
principal moments {I1, I2, I3} in the body frame (positive, with the
triangle inequality) or a symmetric positive definite 3x3 body-frame tensor
(rows), reported back in principal axes (LAPACKE dsyev). The orientation
(body to world) is one of R (3x3 rows, orthonormal, det +1), theta1/theta2
(Sun & Baruh's angles, R = Rz(-theta1) Rx(theta2); or theta1_deg/theta2_deg)
or q = {w, x, y, z} (unit quaternion); none means the inertia is already in
the world frame. Modes reuse the 2D names: sliding (the slip never stops,
maybe turning), C-/R-sticking and C-/R-reversed (stopped in compression or
restitution, then stuck or re-slid), none (no impulse).

Two moving bodies: body (body 1, above the contact plane) and body2 = {...}
(body 2, below it; the same fields: m, inertia, an orientation, r from its
own centre of mass to the contact point, v, w, both at rest by default).
The impulse P acts on body 1 and -P on body 2; both methods and every law
run on the pair's W = W1 + W2 (each body's terms, factored without
cancellation) and the relative contact velocity vC0 = (v1 + w1 x r1) -
(v2 + w2 x r2) (Keller 1986). The result adds body1 = {v =, w =} and
body2 = {v =, w =}; the top-level v, w are body 1's. Linear momentum and
angular momentum about any fixed point are conserved to rounding; a huge
body 2 at rest gives the fixed plane.

A mechanism in generalized coordinates: M (n x n generalized mass matrix,
rows; symmetric positive definite), J (3 x n contact Jacobian, rows x,
y = normal, z: the contact velocity of body 1 relative to body 2 is J qdot)
and qdot (n pre-impact rates), n from 1 to 64. The solvers read W =
J M^-1 J^T (from a Cholesky factor of M with its diagonal scaled to 1, never
M^-1), vC0 = J qdot and T0 = qdot^T M qdot / 2; the generalized impulse is
J^T P and qdot' = qdot + M^-1 J^T P. The result adds qdot (post-impact),
T0 and energy_ratio and has no v, w; dT is P.(vC0 + vC)/2 with vC from
J (qdot' - qdot) in double-double (the contact solvers' own dT reads the
rounded W and loses about cond(W) eps), checked against dT from M and the
rates (an error if they disagree beyond 1e-10 relative, which would be a
bug). impact.system3d's table (one contact) is accepted as it is,
its frame included. M that is not symmetric positive definite, J with
J M^-1 J^T singular (the contact cannot move along some direction: n < 3
always is), mismatched sizes and non-finite entries are errors naming the
field; M, J, qdot cannot be mixed with body fields.

friction = function(s) return mu end (method "exact": a body, two bodies
or a mechanism; exclusive with mu, mu_s, mu_k): a friction law, re-evaluated
at every integrator stage from the impact state (Pn, Pc, vn, vn0, Wc, Wr,
phase, and vt, Pt, vt0 as {x =, z =} tables). Sliding follows dPt/dp =
-mu(s) u; a stop sticks while rho_req <= mu(s) (with vt = 0), the stick
breaks where mu(s) falls below rho_req (located as an event, at maximum
compression too), and a slip that cannot stick restarts along the re-slide
ray for the mu of that instant, then turns freely. A constant function
gives the constant-mu result bit for bit; see help("friction").

compliance = {eta2 = x} or {nu = Poisson's ratio}: Stronge's tangential
compliance (see help(impact.solve2d)), for one body on the plane whose
slip keeps one direction: W_tn along v_t0 and v_t0 an eigenvector of W_tt
(a sphere, any body moving in a plane). The planar model is then solved
along d = v_t0/|v_t0|, P = Px d + Py y, and the result is method
"compliance" with et = -v_t.v_t0/|v_t0|^2, eta2, E_c, Wn, Wt, D_f, the
event path (Px along d) and direction = d; law defaults to "energetic"
(another is an error), one mu. A general body (Jia 2013's 3D model), two
bodies and mechanisms are not yet supported: an error naming compliance.]],
    fields = [[
      m | mass (> 0)
      inertia | {I1, I2, I3} principal (body frame) or a 3x3 body-frame tensor
      R | 3x3 rotation body -> world (rows) | identity
      theta1, theta2 | Sun & Baruh's angles in radians (or theta1_deg, theta2_deg)
      q | unit quaternion {w, x, y, z} (body -> world)
      r | {x, y, z}: CM -> contact point, world frame
      body | a table with m, inertia, orientation, r (and optionally v, w), e.g. impact.rod{...}
      body2 | a second moving body below the contact plane (fields as body; v, w default 0); P acts on it as -P | nil: the fixed plane
      M | mechanism: n x n generalized mass matrix (rows), symmetric positive definite
      J | mechanism: 3 x n contact Jacobian (rows x, y = normal, z)
      qdot | mechanism: n pre-impact generalized velocities
      frame | ignored: the contact frame system3d describes
      v, w | pre-impact velocity and angular velocity, world frame | w = 0
      mu, mu_s, mu_k | friction: mu sets both; mu_k <= mu_s | 0
      friction | exact: function(s) returning mu >= 0, re-evaluated along the impact (help("friction")); exclusive with mu, mu_s, mu_k | nil
      e | coefficient of restitution of the law, in [0, 1] | 0
      law | $LAWS or a function(s) | "poisson"
      method | "exact" or "algebraic" | "exact"
      rtol | exact: relative tolerance of the integrator, in [1e-14, 1e-3] | 1e-10
      max_steps | exact: step budget | 1000000
      model | $MODELS3D: an algebraic model instead of a method (see text) | none
      e_t | model "chatterjee-ruina": tangential restitution in [-1, 1] | 0
      compliance | {eta2 = x} or {nu = Poisson's ratio}: Stronge's tangential compliance (a sphere or planar motion) | nil: rigid]],
    result = [[
      P | total impulse on the body {x, y, z} (also P[1..3])
      v, w | post-impact velocity and angular velocity (body 1's with body2; absent for a mechanism)
      body1, body2 | with body2: {v =, w =} of each body after the impact
      qdot | mechanism: post-impact generalized velocities
      vC, vC0 | post- and pre-impact contact-point velocity
      dT, T0, energy_ratio | kinetic energy change (negative = loss), before, after/before
      Wc, Wr, Wf | normal work in compression (<= 0) and restitution, friction work; dT = Wc + Wr + Wf
      Pc | normal impulse at maximum compression
      mode | sliding, C-sticking, R-sticking, C-reversed, R-reversed or none
      method, law, e, mu_s, mu_k | what was solved (no e for a custom law)
      friction | with a friction law: the function (in place of mu_s, mu_k)
      law_source | a custom law's "file.lua:12" (where the function is defined)
      rho_req | |Wtt^-1 Wtn|: sticking holds iff rho_req <= mu_s
      cond | a bound on W's condition number: post-impact velocities carry ~1e-16 cond |vC0| of rounding
      p_stop | normal impulse where the slip stopped (absent if never)
      stages | list of {name, slip, u, u_end, lambda, P, p0, p1, recompression}: exact periods sliding/sticking/re-slide, or algebraic stages c, c1, c2, r, r1, r2; u = slip direction {x, z} (friction along -u)
      energy_gain | true when the solution gains kinetic energy (a warning)
      recompression | exact: v_n fell back below 0 after maximum compression
      min_slip, steps, rtol | exact: smallest |v_t| while sliding (a close approach that did not stop shows here), steps taken, tolerance
      hodograph | exact: columns {p, x, z, y}: slip velocity (x, z) and normal velocity y along p (built on first access)
      newton_iterations | algebraic: Newton iterations used
      inertia_principal | {moments = {...}, axes = {a1, a2, a3}} when a 3x3 body inertia was given
      model, status, notes, e_t, mu | with a model: what was solved
      et, kappa, cone | model "chatterjee-ruina": -vt.vt0/|vt0|^2, the factor of P_II - P_I, "inside"/"on" the cone
      et, eta2, E_c, Wn, Wt, D_f, events, path, direction | with compliance: as solve2d's, along direction d = v_t0/|v_t0|]],
    example = [[
local rod = impact.rod{ m = 1, L = 2.3, radius = 0.5, theta1_deg = 20, theta2_deg = 15 }
local r = impact.solve3d{ body = rod, v = {0.4, -1, 0}, mu = 0.4, e = 0.7 }
print(r)                    -- C-sticking, P = (0.227868, 1.325820, 0.258927)
print(impact.solve3d{ body = rod, v = {0.4, -1, 0}, mu = 0.2, e = 0.8, method = "algebraic" })
-- a solid sphere (B1/B2 = 3.5) with Stronge's tangential compliance:
local s = impact.solve3d{ m = 1, inertia = {0.4, 0.4, 0.4}, r = {0, -1, 0}, v = {0.6, -1, 0},
                          mu = 0.3, e = 0.8, compliance = { nu = 0.3 } }
print(s.mode, s.P[1], s.P[2], s.et)   --> C-reversed  -0.263518  1.800000  0.537185
-- a friction law: mu grows with the slip speed (help("friction"))
local f = impact.solve3d{ body = rod, v = {0.8, -1, 0.3}, e = 0.7,
  friction = function(s) return 0.2 + 0.5 * math.sqrt(s.vt.x^2 + s.vt.z^2) end }
print(f.mode, f.P[1], f.P[2], f.P[3])   --> sliding  -0.004318  1.039386  0.080453]],
    see = { "rod", "solve2d", "friction" },
  },
  {
    name = "rod",
    signature = "impact.rod(t) -> body",
    summary = "Sun & Baruh's cylindrical rod as a body table for solve3d.",
    synopsis = [[
impact.rod{ m =, L = (half-length), radius =, theta1 =, theta2 = [, cap =] }
impact.rod{ m =, L =, radius =, theta1_deg =, theta2_deg = }
  -> a body table: impact.solve3d{ body = impact.rod{...}, v =, mu =, e = }
]],
    text = [[
A uniform cylinder of half-length L and radius `radius` touching the plane
at the end of its axis. Its body Y axis is the rod axis (from the contact
end to the CM), principal moments {I_t, I_a, I_t} with
I_t = m (radius^2/4 + L^2/3), I_a = m radius^2/2. Orientation by Sun &
Baruh's angles: R = Rz(-theta1) Rx(theta2), so the axis is
a = (sin t1 cos t2, cos t1 cos t2, sin t2) and r = -L a; theta1 > 0 puts the
CM ahead (+x) of the contact point, theta2 tilts the rod towards +z. With
cap = true the contact is the lowest point of a hemispherical end cap of
radius `radius` centred at the rod's end: r = -L a - radius e_y.]],
    fields = [[
      m | mass (> 0)
      L | half-length (> 0)
      radius | radius (> 0)
      theta1, theta2 | angles in radians (or theta1_deg, theta2_deg) | 0
      cap | contact at a hemispherical end cap | false]],
    result = [[
      m, inertia, theta1, theta2, r | the body fields of solve3d]],
    example = [[
local rod = impact.rod{ m = 1, L = 2.3, radius = 0.5, theta1_deg = 20, theta2_deg = 15 }
print(rod.r.x, rod.r.y, rod.r.z)   -- -0.759842 -2.087649 -0.595284]],
    see = { "solve3d" },
  },
}
