/* Several simultaneous contacts: the problem in contact space and the
 * result every multiple-impact model fills.
 *
 * k contacts, each with d = 2 (planar: rows x = tangent, y = normal) or
 * d = 3 (rows x, y = normal, z) contact-frame directions. The stacked
 * Delassus matrix W = J M^-1 J^T (d*k x d*k, symmetric positive
 * semidefinite, row-major, contact i's rows at d*i .. d*i + d-1) and the
 * pre-impact contact velocities v0 (d*k) define the problem: after
 * impulses P (d*k, on body a of each contact) the contact velocities are
 * v = v0 + W P. A contact with v0_n < 0 is closing, = 0 touching (it may
 * be loaded or lift off), > 0 separating.
 *
 * The models (Liu, Zhao & Brogliato 2008/2009; Moreau-Jean, Stewart &
 * Trinkle 1996, Anitescu & Potra 1997; Pfeiffer & Glocker 1996; sequential
 * impacts as Han & Gilmore 1993) each have their own file, are declared
 * in multi_models.h and fill imp_multi_result; the registry of
 * multi_solve.h names them, and its imp_multi_solve solves a mechanism's
 * contacts (M, J, qdot) with one of them and maps P back to generalized
 * velocities (qdot' = qdot + M^-1 J^T P, see the mechanism code). */
#ifndef IMPACT_MULTI_H
#define IMPACT_MULTI_H

#include "status.h"

#define IMP_MULTI_MAX 16          /* contacts */

typedef struct {
    double mu_s, mu_k;   /* friction (mu_k <= mu_s) */
    double e;            /* restitution in [0, 1] (energetic for lzb, Poisson or
                            Newton for the others) */
    double K, eta;       /* lzb: stiffness ratio (> 0) and force exponent (>= 1);
                            defaults 1 and 3/2 */
} imp_multi_contact;

typedef struct {
    int k, d;                          /* contacts, directions per contact */
    const double *W;                   /* d*k x d*k, row-major */
    const double *v0;                  /* d*k */
    imp_multi_contact c[IMP_MULTI_MAX];
} imp_multi_problem;

/* Per-contact outcome, in the single-contact vocabulary where it applies. */
typedef enum {
    IMP_MULTI_OPEN = 0,      /* took no impulse */
    IMP_MULTI_SLIDING,       /* slid throughout */
    IMP_MULTI_STICKING,      /* ended sticking (stuck at the end) */
    IMP_MULTI_REVERSED,      /* slip reversed (2D) or turned and re-slid */
    IMP_MULTI_MIXED          /* stuck, then slid again, or other sequences */
} imp_multi_mode;

typedef struct {
    double P[3 * IMP_MULTI_MAX];   /* total impulse per contact (d each) */
    double v[3 * IMP_MULTI_MAX];   /* post-impact contact velocities v0 + W P
                                      (moreau, poisson, sequential: in
                                      double-double, imp_multi_velocity) */
    imp_multi_mode mode[IMP_MULTI_MAX];
    double Pc[IMP_MULTI_MAX];      /* normal impulse at the contact's maximum
                                      compression (NAN where not defined) */
    double Wc[IMP_MULTI_MAX], Wr[IMP_MULTI_MAX], Wf[IMP_MULTI_MAX];
                                   /* normal work in compression (<= 0), in
                                      restitution (>= 0), friction work (<= 0 for
                                      a dissipative model) per contact */
    double dT;                     /* v0.P + 1/2 P.W P (moreau, poisson,
                                      sequential: P.(v0 + v)/2 in double-double) */
    double residual;               /* complementarity residual (moreau, poisson) */
    int iterations;                /* moreau, poisson */
    int steps;                     /* lzb: integration steps */
    int primary_switches;          /* lzb */
    int order[IMP_MULTI_MAX * 8];  /* sequential: contact resolved at each step */
    int n_order;
    int unique;                    /* moreau, poisson: 0 when another split of
                                      the impulses meets the same conditions
                                      (imp_multi_unique); 1 otherwise */
    int energy_gain;               /* 1: dT > 0 beyond rounding (lzb: beyond
                                      its integration error, 10 rtol) */
    double dT_err;                 /* lzb: dT minus the model's own change
                                      (-(1 - e^2) of each maximum stored
                                      energy, plus the friction work): the
                                      integration's energy error */
} imp_multi_result;

/* ---- velocities and energy (multi_energy.c) ---------------------------- */
/* v = v0 + W P (n = d*k) in double-double, rounded once: a few ulps of v
 * whatever cond(W). */
void imp_multi_velocity(int n, const double *W, const double *v0, const double *P, double *v);
/* The work of impulse P along a straight path from velocities va to vb,
 * P.(va + vb)/2, in double-double (dT = imp_multi_work(n, P, v0, v)). */
double imp_multi_work(int n, const double *P, const double *va, const double *vb);

/* ---- scaling (multi_scale.c) ------------------------------------------ */
/* Runs fn on the problem scaled by powers of two (W by 2^-ew, v0 by 2^-ev,
 * so that max W_ii and max |v0| lie in [1, 2)) and scales the result back
 * (P and Pc by 2^(ev-ew), v by 2^ev, Wc, Wr, Wf, dT and dT_err by
 * 2^(2ev-ew)): exact, so every model answers the same (scaled) problem
 * whatever the units, from W ~ 1e-300 to 1e300. fn's status, or
 * IMP_EOVERFLOW (out zeroed) when the scaled-back result leaves the
 * doubles. Not for a custom law (imp_multi_sequential with IMP_LAW_CUSTOM),
 * which must see the caller's units. */
typedef imp_status (*imp_multi_fn)(const imp_multi_problem *p, void *ctx,
                                   imp_multi_result *out);
imp_status imp_multi_scale_solve(const imp_multi_problem *p, imp_multi_fn fn, void *ctx,
                                 imp_multi_result *out);

#endif
