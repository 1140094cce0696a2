/* The multiple-impact models on the shared contact-space problem of
 * multi.h, declared together: the velocity-level moreau and poisson, the
 * sequential impacts and lzb's compliant integration. Each is a row of the
 * registry in multi_solve.h (imp_multi_models), which is how the binding
 * and the simulator reach them.
 *
 * "moreau": Newton's restitution at velocity level with Coulomb's cone
 * (Moreau-Jean; Stewart & Trinkle, IJNME 39, 1996; Anitescu & Potra,
 * Nonlinear Dyn. 14, 1997). For every contact i
 *   0 <= P_n,i  _|_  v_n,i + e_i min(v0_n,i, 0) >= 0,
 *   |P_t,i| <= mu_i P_n,i,  v_t,i = 0 or P_t,i = -mu_i P_n,i v_t,i/|v_t,i|
 * with v = v0 + W P. 2D: Stewart & Trinkle's LCP (two friction directions
 * and a slack for |v_t|, exact in the plane) solved by Lemke's method; 3D:
 * De Saxce's cone complementarity, semismooth Newton on the Alart-Curnier
 * function; when it stalls, Newton again from the solutions of LCPs with
 * polygonal cones (8, 16, 32 sides, Lemke), then projected Gauss-Seidel
 * with exact per-contact blocks, each batch of sweeps followed by a Newton
 * try.
 *
 * "poisson": Pfeiffer & Glocker (Multibody Dynamics with Unilateral
 * Contacts, 1996): a compression phase P^C with 0 <= P^C_n _|_ v^C_n >= 0
 * and Coulomb on P^C (v^C = v0 + W P^C), then an expansion P^E with
 * 0 <= P^E_n - e P^C_n _|_ v_n >= 0 and Coulomb on the expansion's own
 * impulse P^E; P = P^C + P^E. Each phase is solved as moreau's.
 *
 * Static and kinetic friction: a contact is first given the sticking cone
 * mu_s; a contact that slides in that solution is given mu_k and the phase
 * is solved again, until no contact changes (at most k + 1 solves). So a
 * sticking contact satisfies |P_t| <= mu_s P_n and a sliding one
 * P_t = -mu_k P_n v_t/|v_t|; one contact reproduces Kane's stick trial.
 *
 * Both fill P, v, mode (open: no impulse; sticking: v_t = 0 with P_n > 0;
 * reversed, 2D only: the final slip opposes v0_t; else sliding),
 * dT = v0.P + P.W P/2 (as P.(v0 + v)/2 with v in double-double), energy_gain (dT > 1e-12 (|v0.P| + P.W P/2)),
 * residual and iterations (Lemke pivots plus Newton and Gauss-Seidel
 * iterations over all solves). The residual is the natural map of the
 * final phase's cone complementarity in velocity units, largest over the
 * contacts and divided by max|v0|: |Phi_i| / rho_i with Phi the
 * Alart-Curnier function at step rho_i = 1 / (mean diagonal of W's block
 * i). poisson fills Pc (= P^C_n), Wc, Wr (normal work of each phase along
 * its straight impulse path) and Wf (friction work); moreau fills Wf and
 * sets Pc, Wc, Wr to NAN (one phase, no compression). The sums of
 * Wc + Wr + Wf over the contacts equal dT. Wr >= 0; Wc = P^C_n v0_n / 2 is
 * <= 0 except at a contact separating before the impact (v0_n > 0) that
 * the other contacts push into. Wf can be positive with several contacts.
 * Statuses: IMP_EINPUT (k outside 1..IMP_MULTI_MAX, d not 2 or 3, a
 * non-finite entry, mu < 0, mu_k > mu_s, e outside [0, 1]), IMP_ENOCONV
 * (residual above 1e-10 after the budgets), IMP_ENOSOLUTION (Lemke's ray
 * in 2D, and in 3D on the finest polygonal cone after every iteration
 * failed: Newton's targets can be infeasible with redundant contacts, J^T y
 * = 0 for some y, or with large friction), IMP_ENOMEM, IMP_ELAPACK. On
 * failure P is zero. */
#ifndef IMPACT_MULTI_MODELS_H
#define IMPACT_MULTI_MODELS_H

#include "law.h"
#include "multi.h"

imp_status imp_multi_moreau(const imp_multi_problem *p, imp_multi_result *out);
imp_status imp_multi_poisson(const imp_multi_problem *p, imp_multi_result *out);

/* ---- sequential (multi_sequential.c) ------------------------------------ */
/* "sequential": the simultaneous impact as a sequence of single-contact
 * impacts (Han & Gilmore, "Multi-body impact motion with friction",
 * J. Mech. Des. 115, 1993). The most strongly closing contact (most
 * negative v_n) is resolved alone by the single-contact solver: in the
 * plane imp_path2d_solve (Routh's path), in space imp_exact3d_solve_contact on
 * the contact's 3x3 block (Keller 1986), with the contact's friction and e
 * under the given law (law->e is replaced by each contact's e; a custom law
 * sees each single-contact impact); every contact velocity is updated (v += W[:, i] P_i),
 * and this repeats until no contact closes faster than 1e-12 max|v0|.
 *
 * Fills P, v, mode (open: never resolved; the single-contact mode of its
 * resolutions when they agree, else mixed), Pc (the normal impulse at
 * maximum compression summed over its resolutions), Wc, Wr, Wf (summed),
 * dT, energy_gain, order/n_order (the contact resolved at each step),
 * iterations (= n_order). Statuses: IMP_EINPUT (as imp_multi_moreau, or a
 * custom law without fn), IMP_ESINGULAR (a 3D block too ill-conditioned), IMP_ENOCONV (still closing
 * after IMP_MULTI_MAX * 8 resolutions), the single-contact solver's
 * failures (IMP_EOVERFLOW, a custom law's IMP_ELAW, IMP_ENOROOT, IMP_EROOT). On failure P is zero. */
imp_status imp_multi_sequential(const imp_multi_problem *p, const imp_law *law,
                                imp_multi_result *out);

/* ---- lzb (multi_lzb.c) ------------------------------------------------ */
/* Liu, Zhao & Brogliato's Darboux-Keller multiple impact: power-law
 * contact springs (c[i].K, c[i].eta), energetic restitution c[i].e per
 * contact, integrated over the primary contact's impulse with adaptive
 * Dormand-Prince steps and located events. Coulomb friction per contact:
 * stick/slip/reversal when d = 2; when d = 3 each slip direction is
 * integrated, with stops, sticking inside the cone and re-sliding along
 * the contact's invariant ray. rtol <= 0 means 1e-9. Fills P,
 * v, mode, Pc, Wc, Wr, Wf, dT, dT_err, steps, primary_switches,
 * energy_gain.
 * IMP_EINPUT for invalid data, IMP_ESTEPS past the step budget,
 * IMP_ENOCONV or IMP_EOVERFLOW on non-finite numbers (out is then zeroed). */
imp_status imp_multi_lzb(const imp_multi_problem *p, double rtol, imp_multi_result *out);

#endif
