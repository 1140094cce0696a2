return {
  {
    name = "solve2d",
    signature = "impact.solve2d(t) -> result",
    summary = "One planar impact with friction by Routh's impulse-space method (Wang & Mason 1992).",
    synopsis = [[
impact.solve2d{ B1 =, B2 =, B3 =, S0 =, C0 =, mu =, e =, law = }
impact.solve2d{ body1 = {m =, rho =, x =, y =, vx =, vy =, w =},
                body2 = {...} or nil, mu =, e =, law = }
impact.solve2d{ M =, J =, qdot =, ... }   or   { mechanism =, qdot =, ... }
  -> r.Px, r.Py, r.S, r.C, r.dT, r.mode, r.path  (friction, model: below)
]],
    text = [[
The contact normal is +y, pointing from body 2 (or the fixed ground) into
body 1; x is the tangent. Give either the impulse-space coefficients

  S = S0 + B1*Px - B3*Py        C = C0 - B3*Px + B2*Py

or the bodies (body2 = nil is the fixed ground); then
B1 = sum 1/m + y^2/(m rho^2), B2 = sum 1/m + x^2/(m rho^2) and
B3 = sum x*y/(m rho^2), with the PLUS sign for body 2 (the paper's printed
eq 21 has a minus; two identical bodies placed point-symmetrically about the
contact must double the coupling, not cancel it). Delta = B1*B2 - B3^2 is
then summed from positive terms, (1 + r^2)/m^2 for one body (r^2 =
(x^2 + y^2)/rho^2), not taken as the difference of the rounded B's, which
cancels when rho is small.

The path is traced exactly in impulse space, parameterised by Py: sliding
along limiting friction, the slip stops (sticking holds iff |B3| <= mu_s*B1,
otherwise friction reverses, using mu_k), maximum compression (C = 0), and
the end set by the law: Poisson Py = (1+e)*Pc, Newton C = -e*C0, energetic
(Stronge) Wr = -e^2*Wc, or a custom law. Every event is located in closed
form; a custom law's residual is bracketed and refined by Brent's method to
1e-13.

The results do not depend on the magnitudes of the data (the problem
is homogeneous: impulses scale with (S0, C0) and inversely with B, works with the square):
the solver works on the coefficients scaled by powers of two and scales its
results back, exactly, from 1e-300 to 1e300; a result beyond double's range
is an error ("the result is outside double's range").

A direct impact (S0 = 0) that cannot stick slides towards -sgn(B3). C0 > 0
(parting) gives no impulse; C0 = 0 (tangential) gives one only when the
first segment deepens the compression (mu_k > B2/|B3| with s*B3 < 0,
Painleve's case), otherwise mode "none".

Custom law: law = function(s) ... end returning a number; the impact ends
at the first point after maximum compression where it reaches zero from
below. s (one reused object, valid only during the call) offers Pn, Pc, vn,
vn0, Wc, Wr, Pt, vt, vt0 and phase. Poisson, Newton and Stronge read

  function(s) return s.Pn - (1 + e) * s.Pc end
  function(s) return s.vn + e * s.vn0 end
  function(s) return s.Wr + e^2 * s.Wc end

The residual is probed at Pc, 2*Pc, 4*Pc, ... into each restitution
segment and at its end, then the first sign change is refined (16 parts,
Brent); a root finder that does not converge is an error, never a guess.
A law that raises, returns a non-number or NaN, or never reaches zero (the
search stops once the normal contact velocity C passes 1e6*(|C0| + |S0|),
an energy 1e12 times the impact's) gives an error naming the law. So does
a law positive at maximum compression (a sign error, such as
(1 + e)*s.Pc - s.Pn, would end the impact there, plastic): the residual
must rise to zero from below; 0 there ends the impact at maximum
compression (a plastic law). A custom law's result has no e: law =
"custom" and law_source ("file.lua:12", where the function is defined)
name it, in the printed result and plot titles too.

Bodies (body1, and body2 for two moving bodies) give the coefficients
exactly (Delta without cancellation); a contact compliance W whose
condition number exceeds 1e12 (a radius of gyration below about 1e-6 of
the lever arm) is refused naming the body, as solve3d refuses its inertia:
beyond it the path's rounding can gain energy. energy_ratio (T'/T) is
formed from the bodies' energies as mantissas and powers of two: it is
given where the kinetic energy itself overflows or underflows double.

A mechanism (Keller 1986; Kane 1984's double pendulum) is given by its
generalized mass matrix M (n x n, rows), the contact Jacobian J (2 rows of
n: tangent x, normal y) and the generalized velocities qdot, as
impact.chain2d and impact.system2d build them (their tip and frame are
accepted and not read). The coefficients are B1 = W_xx, B2 = W_yy,
B3 = -W_xy of W = J M^-1 J^T (from a Cholesky factor of M, never its
inverse) and (S0, C0) = J qdot; every law and model applies. The result
adds qdot after (qdot + M^-1 J^T P), T0 and energy_ratio; its dT
(P.(vC0 + vC)/2, in double-double) is checked against dT from M and qdot
(an error if they disagree beyond 1e-10 relative). M must be symmetric positive
definite, J of full rank (the tip must be able to move along x and y),
all entries finite; M cannot be combined with body1 or B1..C0.

compliance = {eta2 = x} or {nu = Poisson's ratio} is Stronge's tangential
compliance (Stronge 1994, 2000): a massless contact particle joined to
body 1 by a normal spring (stiffness k in compression, k/e^2 after: the
energetic law, so law defaults to "energetic" and another law is an error)
and a tangential spring of stiffness k/eta2 (nu gives Mindlin's
eta2 = (2 - nu)/(2 (1 - nu))), rubbing on the ground with one friction
coefficient mu (mu_s ~= mu_k, a friction function or a model with it: an
error naming compliance). The particle sticks while the spring force stays
within mu*F_n and slips otherwise. Each mode is a linear ODE in time,
stepped exactly (matrix exponential, a quarter radian of the fastest
oscillation per step); stick, slip, maximum compression and the end are
located to adjacent doubles (grazing crossings inside a step too), and the
path lists them (event "start", "stick",
"slip", "max-compression", "end"; sigma = the slip direction after the
vertex, 0 stuck). The result adds et = -S/S0 (absent when S0 = 0), eta2,
E_c (normal spring energy at maximum compression), Wn = -(1 - e^2) E_c,
Wt = -D_f (D_f the slip dissipation) and events; Wc = -E_c, Wr = e^2 E_c,
Wf = Wt, so dT = Wn + Wt. mode: "sliding" when the particle never sticks,
else C-/R- by the phase of its first stick, "-reversed" when S ends against
S0. eta2 -> 0 tends to Routh's path with the energetic law (O(eta) where the
rigid slip reverses, O(eta2) where it sticks); a stiff spring chatters in
restitution (about 2/eta stick-slip events; the path keeps the first 255
and the end). A restitution that turns back into compression is an error:
the model's normal spring has no reloading branch.

t.model (other than "routh") selects a published model instead (see
impact.compare). The result prints as a one-screen summary. Its path and
the problem's fields (law, e, mu_s, mu_k, B1..C0, Delta) are built on first
read (pairs and printing see them), from a private copy of the solved
problem: the path is traced again from it (a custom law's path is stored at
once), so editing the result's fields does not change it.]],
    fields = [[
      B1, B2, B3, S0, C0 | impulse-space coefficients and pre-impact contact velocities (all required unless body1 is given)
      body1 | {m =, rho = (or I =), x =, y =, vx =, vy =, w =}: mass, radius of gyration (or moment of inertia about the CM), CM position from the contact point, velocities; x, y, vx, vy, w default 0
      body2 | the second body, same fields | nil: the fixed ground
      M, J, qdot | a mechanism: mass matrix (n rows of n), contact Jacobian (2 rows of n: tangent, normal), generalized velocities (n); instead of bodies or coefficients
      tip, frame | descriptive fields of impact.chain2d / system2d (not read)
      mu | friction coefficient (sets mu_s and mu_k) | 0
      mu_s, mu_k | static (decides sticking) and kinetic (sliding) friction; mu_k <= mu_s | mu
      friction | a friction law: function(s) returning the coefficient along the impact, instead of mu, mu_s, mu_k (help("friction"))
      e | coefficient of restitution of the law, in [0, 1] (required for the built-in laws)
      law | $LAWS or a function(s) returning a residual | "poisson"
      model | "routh" (this method) or a published model | "routh"
      compliance | {eta2 = normal/tangential stiffness ratio > 0} or {nu = Poisson's ratio in [0, 1)}: Stronge's tangential compliance (law "energetic", one mu) | nil: rigid]],
    result = [[
      Px, Py | total tangential and normal impulse on body 1
      S, C | final sliding and normal contact velocity
      dT | kinetic energy change of the system, eq 56 (negative = loss)
      Wc, Wr, Wf | work of the normal impulse in compression (<= 0) and restitution (>= 0), friction work (<= 0); dT = Wc + Wr + Wf
      Pc | normal impulse at maximum compression
      mode | "sliding", "C-sticking", "R-sticking", "C-reversed", "R-reversed" or "none"
      class | "direct", "central", "eccentric" or "tangential"
      law, e, mu_s, mu_k | the law's name ("custom" for a function) and the inputs used (no e for a custom law)
      law_source | a custom law's "file.lua:12" (where the function is defined)
      energy_gain | true when dT > 0 beyond rounding (1e-12 of |S0 Px| + |C0 Py|)
      friction | the friction law, when one was given (then no mu_s, mu_k)
      B1, B2, B3, S0, C0 | the coefficients solved (computed from the bodies when given)
      Delta | B1*B2 - B3^2 as solved (exact from the bodies when given)
      body1, body2 | post-impact {vx, vy, w} when bodies were given
      energy_ratio | kinetic energy after / before, when bodies or a mechanism were given (and moving)
      qdot, T0 | a mechanism's generalized velocities after impact and its kinetic energy before
      path | list of vertices {Px, Py, S, C, event}, event = "start", "stick", "reverse", "max-compression" or "end" (with compliance: "start", "stick", "slip", "max-compression", "end", and sigma)
      et, eta2, E_c, Wn, Wt, D_f, events | with compliance: -S/S0, the stiffness ratio, normal spring energy at maximum compression, normal and tangential work, slip dissipation, number of events]],
    example = [[
local r = impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1,
                          mu = 0.3, e = 0.5 }
print(r.mode, r.Px, r.Py, r.dT)   --> C-reversed  0.006829  0.556098  -0.171083
print(r)                          -- the summary, with the path
-- the falling rod of Wang & Mason, as a body:
local h = math.sqrt(2) / 4
impact.solve2d{ body1 = { m = 1, rho = math.sqrt(1/12), x = h, y = h, vx = 0.6, vy = -1 },
                mu = 0.8, e = 0.5, law = "energetic" }
-- Kane's double pendulum, a mechanism:
local d = math.pi / 180
local k = impact.solve2d(impact.chain2d{ links = { {m = 1, L = 1}, {m = 1, L = 1} },
                         q = {-60*d, -30*d}, qdot = {-1, -1}, mu = 0.2, e = 0.5 })
print(k.mode, k.qdot[1], k.qdot[2], k.dT)   --> sliding  -1.518632  1.665458  -0.361742
-- Stronge's tangential compliance on the rod:
local c = impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1,
                          mu = 0.3, e = 0.5, compliance = { eta2 = 1.2 } }
print(c.mode, c.Px, c.Py, c.et, c.D_f)   --> C-reversed  -0.144262  0.511053  0.878722  0.007369]],
    see = { "classify2d", "sb2d", "compare", "sweep", "chain2d", "system2d", "friction" },
  },
  {
    name = "classify2d",
    signature = "impact.classify2d(t) -> info",
    summary = "Contact mode, class, Wang & Mason's critical values and the closed-form impulses of a planar impact, without tracing the path.",
    synopsis = [[
impact.classify2d{ B1 =, B2 =, B3 =, S0 =, C0 =, mu =, e = }  (as solve2d)
  -> k.mode, k.class, k.P_d, k.P_q, k.mu_d, k.mu_q, k.stick_slope,
     k.closed.poisson, k.closed.newton, k.closed.energetic
]],
    text = [[
Takes the same table as solve2d (bodies, coefficients or a mechanism M, J,
qdot; the law does not change the mode; e enters
through (1+e)*P_q). With s = sgn(S0) (a direct impact that cannot stick:
s = -sgn(B3)), kS = mu_k*B1 + s*B3 and kC = B2 + s*mu_k*B3:

  P_d = kC*|S0|,  P_q = kS*|C0|                      (WM92 eqs 35-36)
  sliding      if P_d > (1+e)*P_q
  R-modes      if P_q < P_d <= (1+e)*P_q
  C-modes      if P_d <= P_q
  sticking if |B3| <= mu_s*B1, else reversed

mu_d and mu_q are the signed slopes of OD and OQ (eqs 32-33) and mu_D, mu_Q
the unsigned thresholds (sliding iff mu < mu_D, C-modes iff mu >= mu_Q,
where those are valid). stick_slope is Wang & Mason's signed slope -B3/B1
of the sticking line (their "mu_s"; not the static friction coefficient).
Sun & Baruh's ratios (frame of the initial slip) are given when C0 < 0:
ratio = |S0|/|C0|, R1 = kS/kC,
R2 = s*B3/B1 (|B3|/B1 for a direct impact), R3 = (1+e)*R1 and their case
0-6 (sb_case). Undefined values (0/0) are left out.

closed.poisson, closed.newton and closed.energetic are Wang & Mason's
closed-form results (eqs 39-55; Stronge's energetic law in the same
spirit, Stronge 1990) for the mode found, whatever t.law: the impulse
Px, Py, the normal impulse Pc at maximum compression, the final contact
velocities S, C and the energy change dT. They equal solve2d's traced
result with that law to 1e-12 (S = 0 exactly when it sticks, Newton's
C = -e*C0 exactly). A law whose result overflows double is left out.]],
    fields = [[
      (as solve2d) | B1..C0 or body1/body2, mu or mu_s/mu_k, e]],
    result = [[
      mode, class | as solve2d would report
      s | slip sign of the formulas (0 for a direct impact that sticks)
      sticks | true when |B3| <= mu_s*B1
      P_d, P_q | WM92's comparison impulses
      mu_d, mu_q, mu_D, mu_Q | critical friction values, signed and unsigned
      stick_slope | -B3/B1, WM's signed slope of the sticking line (their mu_s; not the friction coefficient)
      kS, kC | rates of |S| falling and C rising along limiting friction
      p_s | normal impulse where the slip stops (absent when it never does)
      ratio, R1, R2, R3, sb_case | Sun & Baruh's ratios and case (C0 < 0)
      B1, B2, B3, S0, C0, Delta, e | the coefficients used (Delta = B1*B2 - B3^2, exact from the bodies)
      closed | {poisson =, newton =, energetic =}, each {Px, Py, Pc, S, C, dT}: the closed-form result of that law]],
    example = [[
local k = impact.classify2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = -1, C0 = -1, mu = 0.95, e = 0.5 }
print(k.mode, k.mu_D, k.mu_Q, k.sb_case)   --> R-sticking  0.904762  1  3
local q = k.closed.energetic
print(q.Px, q.Py, q.C, q.dT)              --> 1.220766  1.367943  0.588709  -0.891694]],
    see = { "solve2d", "sb2d" },
  },
  {
    name = "sb2d",
    signature = "impact.sb2d(t) -> info",
    summary = "Sun & Baruh's planar rod: the ratios P, Q, R, R1, R2, R3 and the case of their Table 2.",
    synopsis = [[
impact.sb2d{ theta_deg =, alpha = 1/3, mu =, e =, ratio = }
  -> q.R1, q.R2, q.R3, q.case, q.mode, q.problem (a table for solve2d)
]],
    text = [[
A rod whose centre of mass is at distance L from the contact, at angle
theta from the vertical (positive: the CM lies ahead of the contact in the
direction of the initial slip), I_G = alpha*m*L^2, slipping with vCx >= 0
and approaching with vCy > 0 (Sun & Baruh's frame, y down). Then

  Pbar = sin cos/alpha,  Qbar = 1 + sin^2/alpha,  Rbar = 1 + cos^2/alpha
  R1 = (mu_k*Rbar + Pbar)/(Qbar + mu_k*Pbar),  R2 = Pbar/Rbar,  R3 = (1+e)*R1

(R2 = Pbar/Rbar as their stage equations give it, compared with mu_s; the
printed sin/(alpha + cos^2) compared with 1 is a misprint). With the ratio
vCx/vCy the case follows: 0 slides throughout, 1 and 2 stop slipping in
compression (stick / reverse), 3 and 4 in restitution, 5 and 6 are direct
impacts that stick / slide. `problem` is the same impact as a solve2d
table in the master convention, so impact.solve2d(info.problem) solves it
(the result equals Sun & Baruh's split-stage solution).]],
    fields = [[
      theta or theta_deg | angle of the CM-contact line from the vertical
      alpha | I_G/(m L^2) | 1/3 (slender rod of length 2L)
      m, L | mass and CM-contact distance | 1, 1
      mu or mu_s, mu_k | friction | 0
      e | coefficient of restitution (required)
      ratio or vCx | vCx/vCy >= 0, or the slip speed vCx (optional: without it no case)
      vCy | approach speed | 1]],
    result = [[
      Pbar, Qbar, Rbar | m*B3, m*B2, m*B1
      R1, R2, R3, D1 | the ratios; D1 = alpha + sin^2 + mu_k sin cos (R1's denominator)
      case, mode | the case 0-6 of SB22 Table 1 and its Wang & Mason mode (when the ratio is given)
      problem | {body1 =, mu_s =, mu_k =, e =} for impact.solve2d (when the ratio is given)]],
    example = [[
local q = impact.sb2d{ theta_deg = 40, mu = 0.4, e = 0.7, ratio = 0.4 }
print(q.R1, q.R2, q.R3, q.case)            --> 0.912023  0.53513  1.550439  2
local r = impact.solve2d(q.problem)
print(r.Px, r.Py, r.mode)                  --> 0.212967  0.842326  C-reversed]],
    see = { "solve2d", "classify2d" },
  },
}
