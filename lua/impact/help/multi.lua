-- Help for solve_multi: several simultaneous contacts.
return {
  {
    name = "solve_multi",
    signature = "impact.solve_multi(t) -> result",
    summary = "An impact at several contacts at once on a mechanism (M, qdot, a J per contact), by one of the multiple-impact models.",
    synopsis = [[
impact.solve_multi{ M =, qdot =, contacts = { {J =, mu =, e =}, ... },
                    model = "moreau" | "poisson" | "sequential" | "lzb" }
impact.solve_multi(impact.system2d{...})     (or system3d, several contacts)
  -> r.qdot, r.dT, r.energy_gain, r.contacts[i].P, r.contacts[i].mode
]],
    text = [[
t is a mechanism with several contacts: the generalized mass matrix M
(n x n, symmetric positive definite), the rates qdot, and contacts, a list of
1 to 16 contacts, each with its Jacobian J (2 rows in the plane: tangent,
normal; 3 in space: x, normal, z; all contacts alike) and its own mu (or
mu_s, mu_k), e, K and eta. The table impact.system2d and impact.system3d
return is accepted as it is, for one contact too (J and frame at the top
level, as solve2d and solve3d take it). mu, e, K and eta at the
top level are defaults for the contacts. The contacts' problem is
W = J M^-1 J^T (stacked), v0 = J qdot; after the impulses P,
qdot' = qdot + M^-1 J^T P.

Models (one question, which impulses at once at every contact, four
readings of the literature):

"moreau" (the default): Newton's restitution at velocity level with
Coulomb's cone at every contact, one complementarity problem: each
contact leaves at no less than -e times its approach, exactly that where it
takes impulse (Moreau 1988; Jean 1999; Stewart & Trinkle 1996 for the
planar LCP; Anitescu & Potra 1997 for the cone): the impact law of
time-stepping simulators. With one contact it is Kane's model of solve2d
and, like it, can gain energy with friction (energy_gain says so); since
Newton's law fixes the normal velocities, friction makes the normal
impulses grow instead of lowering the rebound.

"poisson": Pfeiffer & Glocker 1996, a compression phase whose
complementarity problem stops every contact's approach, then an expansion
whose normal impulse is e times the compression's, each with Coulomb
friction on its own impulse. Without friction, with every contact active in
both phases, it is moreau's answer.

"sequential": the impact as a sequence of single-contact impacts (Han &
Gilmore 1993): the most strongly closing contact is resolved alone by
solve2d's path tracer with t.law ($LAWS or a
function as in solve2d, called for each single-contact impact with that
contact's e), the other contacts' velocities are updated, and this repeats
until no contact closes (a spatial contact by solve3d's exact method). It
depends on the order (ties in index order) and so can break symmetries.

"lzb" (Liu, Zhao & Brogliato 2008/2009): each contact is a power-law
spring F = K delta^eta (only the ratios of the K matter); the impulse of
the contact storing the most energy drives a Darboux-Keller integration
over impulse, with every event located (primary switches, each contact's
maximum compression and end of expansion, stick and reversal), and each
contact releases e^2 of the energy it stored. Coulomb friction acts per
contact along the impulse path (Zhao, Liu & Brogliato 2009 in the plane):
in space each contact's slip direction is integrated as solve3d's exact
method does for one contact (Keller 1986), a slip that reaches zero sticks
while its impulse stays inside the cone and re-slides along its invariant
ray when the cone is reached. With one contact lzb is solve2d's or
solve3d's exact method with the energetic law. Where redundant contacts
stick together (a box flat on four corners) the friction is shared in
proportion to the normal loads where it can be. At e = 1 without friction
it is the rigid limit of the compliant springs (the cradle's impulse
disperses down the chain); result fields steps and primary_switches.
Simultaneous events (a corner struck along its diagonal) are handled
together; the primary passes on once another contact stores twice its
energy. lzb never gains energy as a model: its dT carries the
integration's error, of the order of rtol (energy_residual: dT minus the
model's own change, -(1 - e^2) of each maximum stored energy plus the
friction work), and energy_gain flags only a gain beyond 10 rtol.

When they agree: when the contacts do not push on each other (W
block-diagonal: a ball in a corner without friction rebounds with
(-e vx, -e vy) under every model), and when one contact closes while the
others can only lift off (Housner's rocking block landing on its corner,
e = 0, sticking: w'/w = 1 - 1.5 sin^2(alpha) under every model, up to
sin^2(alpha) = 2/3 where the block stops). With one contact, moreau is
Kane's model of solve2d and sequential is solve2d itself. Why they differ:
one contact's impulse loads another. In Newton's cradle of n balls (e = 1)
moreau and poisson send the first ball back at (2 - n)/n and the rest off
at 2/n, sequential passes the impulse on ball by ball, (0, ..., 0, 1), and
lzb disperses it, (-0.070952, 0.076403, 0.994549) for three Hertz balls,
less as eta grows. Friction couples contacts that are independent without
it: in the corner with mu = 0.3 moreau keeps the frictionless rebound and
adds spin, poisson loses the most. The examples rocking_block, chains,
rod_flat, corner and box_edge (examples/, with their figures:
help("figures")) show each case. A model that fails raises a named error
("did not converge", "has no solution"), never a NaN.

Units: M, qdot and each contact's rows of J are scaled by powers of two
(exact) before the solve and the result scaled back, so M, qdot or one
contact's J times 2^k gives the same answer (scaled), and energy_gain holds
at subnormal energies (a custom sequential law sees the user's units,
unscaled). dT is P.(v0 + v)/2 from the contacts with v = v0 + J dq,
checked against T1 - T0 from M to 1e-10. Bound: the contacts' normal
compliances (diagonal of J M^-1 J^T, each J scaled to entries ~1) may
differ by at most 1e12; past it an error names the stiff contact's J.

impact.compare(t, models) with such a t shows the models side by side.]],
    fields = [[
      M | n x n generalized mass matrix (rows), symmetric positive definite
      qdot | n pre-impact rates
      contacts | list of {J =, mu =, e =, K =, eta =} (frame is accepted)
      contacts[i].J | 2 or 3 rows of n entries: the contact frame's velocity of body a relative to b
      mu, mu_s, mu_k | friction (mu_k <= mu_s), per contact or as a default | 0
      e | restitution in [0, 1], per contact or as a default; or a function(s) of the contact's state before the impact, s = {contact, vn0, vt0, dim}, returning it (every model) | 0
      K, eta | lzb's stiffness ratio (> 0) and force exponent (>= 1) | 1, 1.5
      model | $MULTI_MODELS | $MULTI_MODEL

      law | sequential's single-contact law: $LAWS or a function (moreau, poisson and lzb take none: an error says why) | "poisson"
      rtol | lzb's integration tolerance, in [1e-14, 1e-3] | 1e-9]],
    result = [[
      qdot | post-impact rates
      T0, dT, energy_ratio | kinetic energy before, its change (checked from M and from the contacts), T1/T0
      energy_gain | true when the model gained kinetic energy (lzb: beyond 10 rtol, its integration error)
      energy_residual | lzb: dT minus the model's own change (the integration's energy error)
      model | the model's name
      law, law_source | sequential: the law it ran; a custom law's "file.lua:12"
      contacts[i] | {P =, v0 =, v =, mode =, Pc =, Wc =, Wr =, Wf =, e =}: impulse on body a, contact velocities before and after, "open", "sliding", "sticking", "reversed" or "mixed" (a frictionless contact, in every model: "sticking" when its slip ends at zero, "reversed" when it changed sign in 2D, else "sliding"), normal impulse at maximum compression, normal works, friction work, the coefficient used
      residual, iterations | moreau, poisson: complementarity residual and iterations
      unique | moreau, poisson: false when another split of the impulses between redundant contacts meets the same conditions (the motion is the same)
      order | sequential: the contact resolved at each step]],
    example = [[
local s = impact.system2d{
  bodies = { {m = 1, I = 0.1, x = 0, vx = 1}, {m = 1, I = 0.1, x = 2}, {m = 1, I = 0.1, x = 4} },
  contacts = { {a = 2, b = 1, point = {1, 0}, normal = {1, 0}, e = 1},
               {a = 3, b = 2, point = {3, 0}, normal = {1, 0}, e = 1} } }
local r = impact.solve_multi(s)
print(r.qdot[1], r.qdot[4], r.qdot[7])   --> -0.333333  0.666667  0.666667
s.model = "sequential"
r = impact.solve_multi(s)
print(r.qdot[1], r.qdot[4], r.qdot[7])   --> 0  0  1
s.model = "lzb"
r = impact.solve_multi(s)
print(r.qdot[1], r.qdot[4], r.qdot[7])   --> -0.070952  0.076403  0.994549
-- Housner's block (b = 0.25, h = 1) landing on its left corner: every model
local b = impact.system2d{
  bodies = { {m = 1, I = (0.25^2 + 1) / 3, x = 0, y = 1, vx = -1, vy = -0.25, w = 1} },
  contacts = { {a = 1, point = {-0.25, 0}, normal = {0, 1}}, {a = 1, point = {0.25, 0}, normal = {0, 1}} },
  mu = 10, e = 0 }
local w = {}
for _, m in ipairs{ "moreau", "poisson", "sequential", "lzb" } do
  b.model = m
  w[#w + 1] = string.format("%.6f", impact.solve_multi(b).qdot[3])
end
print(table.concat(w, " "))              --> 0.911765 0.911765 0.911765 0.911765]],
    see = { "system2d", "system3d", "compare", "solve2d", "figures", "plot.curves" },
  },
}
