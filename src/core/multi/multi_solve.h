/* Several contacts on a mechanism, from M, J, qdot, the contacts and a
 * model, in one call (no Lua): the registry of the multi-contact models
 * and imp_multi_solve, which owns everything between the caller's data and
 * the answer in the caller's units.
 *
 *   imp_multi_solve: normalise M, qdot and each contact's rows of J by
 *   powers of two (exact; not for a custom law, which sees the caller's
 *   units), check each contact's rows alone and the stack (imp_mech_init,
 *   imp_mech_init_rows), bound the spread of the contacts' normal
 *   compliances (IMP_MULTI_SPREAD_MAX), run the model (on the problem
 *   scaled again by imp_multi_scale_solve when its row says so), map the
 *   impulses back to qdot', cross-check dT from M against dT from the
 *   contacts, and scale the result back (IMP_EOVERFLOW when it leaves the
 *   doubles). On failure imp_multi_fail says where, with what a caller
 *   needs to name the field (the contact, the entry of M or J, ...). */
#ifndef IMPACT_MULTI_SOLVE_H
#define IMPACT_MULTI_SOLVE_H

#include "law.h"
#include "mechanism.h"
#include "multi.h"

/* The bound on the spread of the contacts' normal compliances W_nn,i
 * (each contact's J normalized): past it the stiff contacts' impulses are
 * lost in the rounding of the compliant ones' (poisson's refusals jump
 * from 5% to 56% of random chains between ratios 2^40 and 2^50). */
#define IMP_MULTI_SPREAD_MAX 1e12

/* What a model reads beyond the contact-space problem. */
typedef struct {
    const imp_law *law;   /* sequential's single-contact law */
    double rtol;          /* lzb's integration tolerance */
} imp_multi_opts;

/* The result fields a model fills beyond the common ones (qdot, T0, dT,
 * energy_ratio, energy_gain and per contact P, v0, v, mode, Wf). */
enum {
    IMP_MULTI_OUT_RESIDUAL = 1 << 0,  /* residual, iterations */
    IMP_MULTI_OUT_ORDER = 1 << 1,     /* order, n_order (the resolutions) */
    IMP_MULTI_OUT_STEPS = 1 << 2,     /* steps, primary_switches, dT_err */
    IMP_MULTI_OUT_PHASES = 1 << 3,    /* per contact Pc, Wc, Wr (else NAN) */
    IMP_MULTI_OUT_UNIQUE = 1 << 4     /* unique (a complementarity problem's
                                         impulses may not be) */
};

/* One row of the registry. */
typedef struct {
    const char *name;
    imp_status (*solve)(const imp_multi_problem *p, const imp_multi_opts *o,
                        imp_multi_result *out);
    int scaled;                  /* 1: run on the problem scaled by
                                    imp_multi_scale_solve (max W_ii, max |v0|
                                    in [1, 2)); 0: as normalisation left it */
    const char *const *params;   /* what it reads: per contact "mu_s", "mu_k",
                                    "e", "K", "eta"; "law", "rtol" (NULL-ended) */
    unsigned out;                /* IMP_MULTI_OUT_* */
} imp_multi_model;

/* The models, in the order they are published (the first is the default),
 * and their count (at most IMP_MULTI_MAX_MODELS). */
#define IMP_MULTI_MAX_MODELS 16
extern const imp_multi_model imp_multi_models[];
extern const int imp_multi_nmodels;
/* The row named name, or NULL. */
const imp_multi_model *imp_multi_model_find(const char *name);
/* 1 when the model reads parameter param (a name of its params list). */
int imp_multi_model_reads(const imp_multi_model *m, const char *param);

/* The workspace of one solve (about 210 kB): the normalised copies of M,
 * qdot and J and the mechanism. */
typedef struct {
    double M[IMP_MECH_NMAX * IMP_MECH_NMAX];
    double qdot[IMP_MECH_NMAX];
    double J[IMP_MECH_ROWS * IMP_MECH_NMAX];
    imp_mech mc;
} imp_multi_space;

typedef struct {
    int n;                   /* coordinates, 1..IMP_MECH_NMAX */
    int k, d;                /* contacts 1..IMP_MULTI_MAX; rows per contact,
                                2 (tangent, normal) or 3 (x, normal, z), the
                                same for every contact */
    const double *M;         /* n x n, row-major, symmetric positive definite */
    const double *J;         /* d*k x n, row-major: contact i's rows at d*i.. */
    const double *qdot;      /* n */
    const imp_multi_contact *c; /* k contacts: mu_s, mu_k, e, K, eta */
    const imp_multi_model *model; /* a row of imp_multi_models */
    const imp_law *law;      /* for a model that reads "law" (NULL: Poisson) */
    double rtol;             /* for a model that reads "rtol" (<= 0: 1e-9) */
    imp_multi_space *work;    /* NULL: allocated (and freed) inside; a caller
                                whose law may longjmp gives its own */
} imp_multi_input;

typedef struct {
    double qdot[IMP_MECH_NMAX];       /* post-impact rates */
    double v0[3 * IMP_MULTI_MAX];     /* pre-impact contact velocities J qdot */
    double T0, dT, energy_ratio;      /* dT = P.(v0 + v)/2 from the contacts,
                                         checked against T1 - T0 from M;
                                         energy_ratio = T1/T0 (1 at T0 = 0) */
    imp_multi_result r;               /* the model's result in the caller's
                                         units (r.dT = dT; residual,
                                         iterations, ... as the row's out) */
} imp_multi_output;

/* Where a solve failed. */
typedef enum {
    IMP_MULTI_FAIL_NONE = 0,
    IMP_MULTI_FAIL_INPUT,    /* sizes, NULL pointers, no model (IMP_EINPUT) */
    IMP_MULTI_FAIL_CONTACT,  /* contact `contact`'s rows alone: imp_mech_init
                                failed (mech, row, col, cond) */
    IMP_MULTI_FAIL_STACK,    /* the stacked rows: imp_mech_init_rows failed */
    IMP_MULTI_FAIL_SPREAD,   /* contact `contact`'s normal compliance is
                                `ratio` times smaller than contact `other`'s
                                (IMP_ESINGULAR) */
    IMP_MULTI_FAIL_MODEL,    /* the model's status (residual, iterations,
                                steps, n_order: its progress) */
    IMP_MULTI_FAIL_ENERGY,   /* dT_M and dT_W disagree beyond 1e-10
                                relative (an internal error; IMP_ENOCONV) */
    IMP_MULTI_FAIL_RANGE     /* the result in the caller's units leaves the
                                doubles (IMP_EOVERFLOW) */
} imp_multi_stage;

typedef struct {
    imp_multi_stage stage;
    int contact, other;      /* 0-based, or -1 */
    imp_mech_fail mech;      /* CONTACT, STACK: as imp_mech's fail, */
    int row, col;            /* fail_row, fail_col (0-based, -1: none) */
    double cond;             /* and cond */
    double ratio;            /* SPREAD */
    double dT_M, dT_W;       /* ENERGY, in the caller's units */
    double residual;         /* MODEL: the model's progress */
    int iterations, steps, n_order;
} imp_multi_fail;

/* IMP_OK and *out, or a status with *fail (fail may be NULL); out is
 * zeroed on failure. A custom law's failure is the model's status
 * (IMP_ELAW, IMP_ENOROOT, IMP_EROOT) at stage MODEL. */
imp_status imp_multi_solve(const imp_multi_input *in, imp_multi_output *out,
                           imp_multi_fail *fail);

#endif
