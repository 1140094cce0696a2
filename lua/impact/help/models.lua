-- Help for the published collision models (CS01's review).
return {
  {
    name = "models",
    topic = true,
    signature = "impact.solve2d{ model = ..., ... }",
    summary = "Published algebraic collision models (Cataldo & Sampaio 2001; Chatterjee & Ruina 1998) instead of Routh's path.",
    text = [[
t.model in solve2d selects a model; "routh" (the default) is Wang & Mason's
path tracer with t.law. The problem is given as for solve2d (B1, B2, B3, S0,
C0, or body1/body2). Each model fixes its own normal law: t.law may only
name that one ("newton", or "poisson" for glocker-pfeiffer and cs); another
law is an error, as is a parameter of another model (mu_0 with smith, ratio
with kane, ...): a field the chosen model would ignore is a mistake, and the
error names it. Impacts with C0 >= 0 give no impulse (mode "none") in every
model here: none of them produces a tangential impact. A result that does
not fit a double (dT at C0 = -1e300) raises "the result is outside double's range", never NaN.

Status (also in result.status and result.notes), claiming no more than
the sources allow (CS01's extracted text lost most equations):

  "newton-frictionless"  exact. Newton's law, no friction: Py = -(1+e)C0/B2.
  "kane"                 reconstructed. Whittaker's procedure: Newton's stick
                         trial (point D) accepted when |Px| <= mu_0*Py, else
                         Coulomb sliding with Newton's law. Can create energy.
  "brach"                reconstructed. Newton's law and an impulse ratio
                         lambda = Px/Py: the given ratio, or mu with the sign
                         of mu0 (mu0 = the stick ratio, point D), limited as
                         WM92 and CS01 describe: kept between 0 and mu0 so that friction
                         does not reverse the slip (on the side opposing S0
                         when D is out of reach), i.e. sgn(mu0)*min(mu, |mu0|)
                         for the rule, then lowered towards 0 until no energy
                         is gained. result.ratio_limited says which limit
                         changed it ("reversal", "energy",
                         "reversal+energy", or false). The sign rule and the
                         energy step are this workbench's reading; Brach's
                         moment coefficient e_m was NOT recovered (rejected);
                         a 'moment' law may stand in for it (the e_m plug-in,
                         called once with phase "impact", Mq acting before
                         the ratio rule): the result is then "uncertain".
  "smith"                reconstructed, to be verified against Smith 1991:
                         Px = -mu*Py*(S0 + S)/(|S0| + |S|), Newton's law,
                         solved on each slip branch: Coulomb sliding
                         (Px = -s*mu*Py exactly) when the slip keeps its
                         sign, a quadratic in the change of slip when it
                         reverses; accurate at any scale of S0, C0, mu.
  "glocker-pfeiffer"     reconstructed. Case 1 only: Poisson's law, Coulomb's
                         law on each phase's lumped impulse (compression, then
                         expansion). Case 2 (tangential restitution, nu, e_t)
                         was NOT recovered (rejected).
  "cs"                   uncertain. The C-S equations were not recovered. This
                         is the documented skeleton: Glocker-Pfeiffer case 1
                         plus an optional contact-moment law; without one it
                         equals Glocker-Pfeiffer case 1. e_mC, e_mE rejected.
  "chatterjee-ruina"     exact (Chatterjee & Ruina 1998). Two restitution
                         coefficients, e in [0, 1] and e_t in [-1, 1]
                         (default 0), and one mu (mu_s != mu_k is an error):
                         P_I = (0, -C0/B2) (frictionless, plastic), P_II =
                         the impulse that stops the contact (S = C = 0),
                         P^ = (1+e) P_I + (1+e_t) (P_II - P_I), kept when
                         |P^x| <= mu P^y ("inside" the cone), else the point
                         (1+e) P_I + kappa (P_II - P_I) on the cone ("on").
                         C = -e C0 always; never an energy gain; e_t = -1 or
                         mu = 0 is frictionless; a sphere (B3 = 0) inside the
                         cone gets S = -e_t S0. The same law in 3D:
                         solve3d{model = "chatterjee-ruina", e_t = ...}.

The cs moment law is a function moment(s) called once per phase, before the
phase's contact problem, returning that phase's moment impulse Mq on body 1
(-Mq on body 2). s has phase ("compression" / "restitution"), S, C (contact
velocities), W (relative angular velocity w1 - w2), W0, Px, Py (impulse so
far), PyC. The way Mq enters is this workbench's skeleton, not C-S's model.
It needs bodies (the moment couples through the inertia).

result.mode is in solve2d's vocabulary ("sliding", "C-sticking",
"R-sticking", "C-reversed", "R-reversed", "none"), read from the model's
impulse path (result.path, solve2d's vertex format: start, stick or reverse,
max-compression, end):
  * glocker-pfeiffer and cs: their two phases, each a straight piece
    (compression to (PxC, PyC), where maximum compression is, then
    expansion);
  * the one-step models (newton-frictionless, kane, brach, smith): the
    straight line from (0, 0) to (Px, Py), the impulse applied
    proportionally; C = 0 at the fraction 1/(1+e) of it (Newton's law).
Along the path the contact sticks where the slip reaches 0 and stays there
to the end, reverses where the slip changes to its final sign opposite to
S0, and otherwise slides (also when a GP phase stops the slip and the next
resumes it forwards); C- when that happens at or before maximum compression,
R- after. A tie (as at e = 0, when maximum compression is the end) counts as
C-, as the tracer orders coincident events, so e = 0 has no R-modes. A
one-step model that sticks (Kane's point D, Brach's ratio mu0) therefore
reads R-sticking for e > 0 and C-sticking for e = 0 or a direct impact
(stuck from the start). Without friction the line is exactly Routh's path at
mu = 0, so newton-frictionless has the tracer's mode: sliding, or reversed
where the slip crosses 0 (solve2d with mu = 0 and law = "newton" gives the
same mode and path). The model's own label stays in result.model_mode (and
result.slip): "sticking" (S = 0 at the end), "sliding" (slip kept its sign),
"reversed", "frictionless" or "none".]],
    fields = [[
      model | $MODELS2D | "routh"
      e | restitution, required as in solve2d: Newton's coefficient (kane, brach, smith, newton-frictionless, chatterjee-ruina) or Poisson's (glocker-pfeiffer, cs)
      mu | Coulomb's (kinetic) coefficient; for brach the bound on the impulse ratio | 0
      mu_s, mu_k | override mu; the models use mu_k, kane's mu_0 defaults to mu_s
      mu_0 | kane: static coefficient of the stick trial (>= mu) | mu_s
      ratio | brach: the impulse ratio to use instead of sgn(mu0)*mu (still limited: not reversing the slip, no energy gained)
      moment | cs: contact-moment law function(s) -> Mq, once per phase; brach: the e_m plug-in, called once | none
      e_t | chatterjee-ruina: tangential restitution in [-1, 1] (-1: frictionless) | 0]],
    result = [[
      Px, Py | impulse on body 1
      S, C | final sliding and normal contact velocities
      dT | kinetic energy change (negative = loss)
      mode | solve2d's modes ("sliding", "C-sticking", ..., "none"), from the path (see text)
      path | list of {Px, Py, S, C, event}: start, stick/reverse, max-compression, end
      model_mode, slip | the model's own label: "sticking", "sliding", "reversed", "frictionless", "none"
      class | "direct", "central", "eccentric", "tangential"
      energy_gain | true when the model gains kinetic energy
      coulomb_ok | false when |Px| > mu*Py (kane: mu_0)
      ratio | Px/Py; for brach the ratio used
      mu0 | brach: the stick ratio of point D
      ratio_requested, ratio_limited | brach: the ratio asked for, and which limit changed it ("reversal", "energy", "reversal+energy") or false
      nroots | smith: admissible roots found (1 expected)
      PxC, PyC | glocker-pfeiffer, cs: compression-phase impulse
      Mq | cs, brach with a moment law: total moment impulse
      e_t, et | chatterjee-ruina: the e_t given, and the one obtained, et = -S/S0 (absent when S0 = 0)
      kappa, cone | chatterjee-ruina: the factor of P_II - P_I and "inside" or "on" the friction cone (absent without an impulse)
      model, status, notes, law | the model, "exact"/"reconstructed"/"uncertain", what is claimed, the normal law
      body1, body2 | post-impact {vx, vy, w} when bodies were given]],
    example = [[
r = impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1,
                    e = 1, mu = 0.5, model = "kane" }
print(r.Px, r.Py, r.dT, r.energy_gain)   --> 0.375  1.025  0.1125  true]],
    see = { "compare", "solve2d" },
  },
  {
    name = "compare",
    signature = "impact.compare(t, models) -> results",
    summary = "Solve one 2D problem with several models; results keyed by model name, printed side by side.",
    synopsis = [[
impact.compare(t [, { "routh", { "routh", law = "newton" }, "kane", ... }])
impact.compare(t_multi, { "moreau", "poisson", "sequential", "lzb" })
  -> results keyed by model name; printed side by side
]],
    text = [[
t is a solve2d problem (coefficients or bodies, e, mu, law, and each model's
own parameters: mu_0, ratio, moment, e_t). models is a list of model names
(default: all of $MODELS2D); an entry may also be a table
{name, label =, <fields>} that runs the model with some fields of t replaced,
e.g. {"routh", law = "newton"} (labelled "routh/newton"). Returns a table results[name] = the
solve2d result of that model (with energy_gain, coulomb_ok and status added to
Routh's result). tostring(results) (or typing it in the REPL) prints a table:
impulses, final contact velocities (and body velocities when bodies were
given), energy change, mode, model mode (the model's own label), flags
(GAIN when kinetic energy is gained,
COULOMB when |Px| > mu*Py) and each model's status; cells have six
significant digits. Each model gets t without the fields only other models
read (law goes to routh only; mu_0 to kane; ratio to brach; moment to cs
and brach; e_t to chatterjee-ruina, which uses e_t = 0 when t has none);
such a field that no listed model reads is an error. A model
that fails raises its error prefixed with its entry, e.g.
compare: models[2] ("smith"): solve2d: ...]],
    fields = [[
      t | the problem, as for solve2d
      models | list of model names or {name, label =, <fields>} | all]],
    result = [[
      [name] | each model's result]],
    example = [[
c = impact.compare({ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, e = 1, mu = 0.5 },
                   { "routh", "kane", "brach", "smith", "glocker-pfeiffer" })
print(c)              -- the side-by-side table
print(c.kane.dT)      --> 0.1125 (gain)]],
    see = { "models", "solve2d" },
  },
}
