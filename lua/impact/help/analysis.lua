-- Help for the analyses: Mason & Wang's sliding rod and Wang's impact space.
return {
  {
    name = "painleve",
    signature = "impact.painleve(t) -> result",
    summary = "Finite-force analysis of a sliding contact (Mason & Wang 1988): a, consistency, the resolving impact.",
    synopsis = [[
impact.painleve{ l =, theta_deg =, mu = [, e =] }   (or rho, I, m, s)
impact.painleve{ body1 = {...}, mu = }  or  { B1 =, B2 =, B3 =, S0 =, mu = }
  -> p.a, p.consistent, p.impact (a solve2d result when inconsistent)
]],
    text = [[
For a contact sliding with slip sign s, the normal contact acceleration is
affine in the normal force with coefficient a = B2 + s*mu*B3 (MW88;
MW88 eq 20 for a rod: a = 1 + l^2 cos^2(theta) - mu l^2 sin(theta) cos(theta)
with m = J = 1, sliding to the left). When a < 0 no non-negative finite
normal force keeps the contact (Painleve's inconsistency), and exactly then
the tangential impact (C0 = 0) has a solution: result.impact is that impact,
traced by Routh's method with t.law and t.e. The analysis (a, consistent)
needs no restitution: without e the resolving impact stops at maximum
compression, Mason & Wang's plastic tangential impact (every built-in law
at e = 0 ends there), and result.resolution says "max-compression" (with e,
or a custom law: "law"). When a >= 0 the finite-force
solution exists and no impulse is reported (principle of constraints; with
g = 0 both would satisfy the axioms, as MW88 remark). The result prints as a
short summary (so do those of painleve_bands, space and space_map).

The body is given in one of three ways:
  * MW88's shape: l (distance CM-contact), theta or theta_deg (from the
    surface, in (0, 180) degrees), rho or I (default rho = 1), m (default 1),
    s (default -1: sliding to the left), speed (|S0| of the resolving impact,
    default 1);
  * a 2D body as in solve2d (body1, optional body2, with e, law, mu): its
    contact must slide (C0 = 0); s = sign of its slip S0 (or t.s when
    S0 = 0, then a unit slip and no body velocities);
  * B1, B2, B3 and S0 or s (unit slip when S0 is absent).]],
    fields = [[
      l, theta (theta_deg) | MW88 shape: CM distance and angle from the surface
      rho or I, m | shape inertia | rho = 1, m = 1
      body1, body2 | 2D bodies as in solve2d
      B1, B2, B3, S0 | impulse-space coefficients
      s | slip sign, 1 or -1 | -1 (shape) or sign of S0
      mu (mu_s, mu_k) | friction; a uses mu_k | 0
      law, e | restitution of the resolving impact; without e it stops at maximum compression (plastic) | "poisson", no e]],
    result = [[
      a | normal acceleration per unit normal force, B2 + s*mu*B3
      consistent | true when a >= 0 (a finite-force solution exists)
      mu_crit | B2/|B3|: friction above which this orientation is inconsistent; nil when s*B3 >= 0 (no mu makes it so, e.g. upright, theta = 90 degrees, where B3 = 0: a cosine within theta's rounding counts as 0)
      B1, B2, B3, Delta, s, mu, S0 | the data used
      theta, theta_deg, r | shape input only
      impact | when inconsistent: the solve2d result of the tangential impact (Px, Py, S, C, dT, mode, class, path, B1..C0, ...; prints as one)
      resolution | when inconsistent: "max-compression" (no e given: the plastic impact of MW88) or "law" (ended by t.law with t.e)]],
    example = [[
p = impact.painleve{ l = 4, theta_deg = 75, mu = math.tan(math.rad(30)), e = 0.5 }
print(p.a, p.consistent)           --> -0.237604  false
print(p.impact.Px, p.impact.Py)    --> 0.151415  0.352941]],
    see = { "painleve_bands", "solve2d" },
  },
  {
    name = "painleve_bands",
    signature = "impact.painleve_bands(t) -> result",
    summary = "Orientations of a sliding body where finite forces fail (a < 0).",
    synopsis = [[
impact.painleve_bands{ l =, mu = }   (or rho, I, m; r; body1; s)
  -> b.bands[i].lo_deg, b.bands[i].hi_deg, b.mu_min
]],
    text = [[
For one body on a fixed surface (r = l/rho from l and rho, or r directly, or
body1), friction mu and slip sign s (default -1, sliding to the left), the
orientations theta (MW88: from the surface, in (0, 180) degrees) where
a = 1 + r^2 cos^2 + s mu r^2 sin cos < 0 (times 1/m). There is one band iff
mu > mu_min = 2 sqrt(1 + r^2)/r^2; with s = -1 it lies below 90 degrees, with
s = +1 it is its mirror image. Closed form (from MW88 eq 20).]],
    fields = [[
      l, rho (or I, m), or r, or body1 | the shape (r at most 1e150)
      mu | friction | 0
      s | slip sign | -1]],
    result = [[
      bands | list of {lo, hi, lo_deg, hi_deg} (0 or 1 entries)
      mu_min | the smallest mu with a band (nil when none has: r = 0)
      r, mu, s | the data used]],
    example = [[
b = impact.painleve_bands{ l = 4, mu = math.tan(math.rad(30)) }
print(b.bands[1].lo_deg, b.bands[1].hi_deg)   --> 68.488  81.512]],
    see = { "painleve" },
  },
  {
    name = "space",
    signature = "impact.space(t) -> result",
    summary = "One striking state of Wang's impact space: mode, sense of the change of rotation, rebound.",
    synopsis = [[
impact.space{ r =, mu =, e =, theta_deg =, gamma_deg = }  (or l, rho; body1)
  -> s.mode, s.region, s.Px, s.Py, s.tan_gr, s.gamma_r_deg, s.dw, s.sense,
     s.reversal
]],
    text = [[
A body (m, rho) strikes a fixed surface at one point, its CM at distance l
(r = l/rho). theta is the angle from the surface normal to the contact->CM
line (positive: CM on the +x side), gamma the angle of the incident contact
velocity from the normal (positive: the contact point moves towards -x).
Both in (-90, 90) degrees (theta/gamma in radians or theta_deg/gamma_deg).
The state is solved by Routh's path tracer with t.law (m = rho = |vc0| = 1
units; when body1 is given, theta and gamma come from it and the impulses,
velocities and dw are in its units). mu_s must equal mu_k (Wang uses one mu).

region is the mode from Wang's inequalities (W86 (4.1)-(4.3), with
the corrected +r^2 tan(theta) in his (4.2)); it agrees with mode for the
built-in laws (the mode does not depend on them, WM92 Table 1). A custom law has no e
to put in the closed forms: region, rebound_c and sphere are then nil, and
so is e (law_source, "file.lua:12", names the law). sense is the
sign of dw = (Px y1 - Py x1)/(m rho^2): "counter-clockwise", "clockwise" or
"none" (on the translation line). tan_gr = -S/C is the rebound parameter (0
when sticking; absent, NaN in space_map's column, when the contact leaves
tangentially, C = 0, as with e = 0 while sliding: gamma_r is then +-90
degrees). gamma_r = atan2(-S, C) (gamma_r_deg in degrees) is the
rebound angle of the contact velocity from the normal, in [-90, 90] degrees,
positive when the contact point moves towards -x (the sense of gamma): 0 when
sticking, +-90 when leaving tangentially, defined at every striking state.
In the sliding region rebound_c is Wang's c of
e tan(gamma_r) = tan(gamma) + c (W86 sec 5). At theta = 0, sphere gives the
central-oblique test of W86 sec 3.4 with the factor 1 + r^2 (Wang's printed form is
the r = 0 case). reversal gives W86 4.4: whether reversed sliding exists for
some orientation (r^2/sqrt(1+r^2) > 2 mu) and the theta interval (for gamma > 0).]],
    fields = [[
      r, or l and rho (or I, m), or body1 | the shape (body1 also gives theta, gamma)
      theta (theta_deg), gamma (gamma_deg) | the striking state
      mu | friction (one coefficient) | 0
      law, e | restitution (e required, as in solve2d) | "poisson"]],
    result = [[
      mode | the tracer's contact mode
      region | the mode by Wang's inequalities (W86 (4.1)-(4.3)); nil for a custom law
      Px, Py, S, C, dT | impulse, final contact velocities, energy change
      tan_gr | rebound parameter -S/C (0 sticking; nil when C = 0)
      gamma_r, gamma_r_deg | rebound angle atan2(-S, C), same sense as gamma
      dw, sense | change of angular velocity and its sense
      rebound_c | sliding region: c of e tan(gamma_r) = tan(gamma) + c (built-in laws)
      sphere | theta = 0: {sticks, e_tan_gr} of W86 sec 3.4 (built-in laws)
      reversal | {exists, ratio_max, theta_lo, theta_hi (and _deg)}
      r, mu, e, law, theta, gamma, theta_deg, gamma_deg | the data used]],
    example = [[
s = impact.space{ r = 1.414, mu = 0.25, e = 0.8, theta_deg = -40, gamma_deg = 10 }
print(s.mode, s.Px, s.Py, s.tan_gr, s.sense)
  --> C-reversed  -0.207725  1.058212  -0.560802  counter-clockwise]],
    see = { "space_map", "painleve" },
  },
  {
    name = "space_map",
    signature = "impact.space_map(t) -> result",
    summary = "Wang's impact space over a (gamma, theta) grid, as columns ready for plotting or CSV.",
    synopsis = [[
impact.space_map{ r =, mu =, e =, gamma_deg = {from, to, n},
                  theta_deg = {from, to, n} [, out = "file.csv"] }
  -> m.n, m.columns (gamma_deg, theta_deg, mode, Px, ...), m.translation
]],
    text = [[
Solves every striking state of a grid (as impact.space) and returns the
columns gamma, theta (radians), gamma_deg, theta_deg, mode, region, Px, Py,
S, C, dT, tan_gr, gamma_r, gamma_r_deg, dw, sense (+1, -1, 0), gamma
varying fastest
(row i*ng + j has the i-th theta and the j-th gamma). Ranges are {from, to,
n} in radians (gamma, theta) or degrees (gamma_deg, theta_deg); the defaults
are gamma 0..89 degrees (90 values) and theta -89..89 (179 values).

The region column (Wang's inequalities) is there for the built-in laws
only; result.order lists the columns present.

translation holds the translation line (dw = 0, no change of rotation).
theta, gamma, segment (the mode there) and method list its points row by
row (one theta per row), inside the grid's gamma range:
  * method "closed-form" in the sticking regions where the law has one:
    Poisson, W86 sec 5's C- and R-sticking forms; Newton, tan(gamma) =
    (1+e) tan(theta) in both (its sticking impulse is point D, so
    Px/Py = tan(theta) gives it with W86's B1, B2, B3); gamma < 0 by the
    mirror (gamma, theta) -> (-gamma, -theta);
  * method "numerical" elsewhere: between gamma neighbours of a row where dw
    changes sign, the root of dw refined by bisection on the tracer to the
    last bit of gamma (energetic and custom laws, whose sticking impulse has
    no closed form here, and the reversed regions of every law).
sliding_theta is the line in the sliding region, the same for every law
(the impulse stays on the limiting-friction line): atan(mu) for gamma > 0,
-atan(mu) when the whole grid has gamma < 0; a grid with both signs also
gives sliding_theta_neg = -atan(mu). grid = {theta, gamma} are the sign
changes of dw between grid neighbours in both directions (along gamma and
along theta: the line runs along gamma in the sliding region), linearly
interpolated, every region. With r = 0 every impulse passes through the CM
(dw = 0 everywhere): no points, and translation.everywhere = true.
reversal is as in impact.space. out = "file.csv" also writes the columns
(in result.order) as CSV.]],
    fields = [[
      r, or l and rho, or body1 | the shape
      mu, law, e | as in impact.space
      gamma (gamma_deg) | {from, to, n} | {0, 89, 90} degrees
      theta (theta_deg) | {from, to, n} | {-89, 89, 179} degrees
      out | CSV file name]],
    result = [[
      columns | name -> array (see text)
      order | column order of the CSV
      n, ng, nt | points, gamma values, theta values
      translation | {theta, gamma, segment, method, sliding_theta, sliding_theta_neg, grid, everywhere}
      reversal | as in impact.space
      r, mu, e, law | the data used]],
    example = [[
m = impact.space_map{ r = 1.414, mu = 0.25, e = 0.8,
                      gamma_deg = {1, 89, 45}, theta_deg = {-89, 89, 90},
                      out = "fig4_2.csv" }
print(m.n, m.columns.mode[1])]],
    see = { "space" },
  },
}
