/* The algebraic collision models reviewed by Cataldo & Sampaio 2001
 * (CS01), for one planar contact in Wang & Mason's notation:
 *
 *   S = S0 + B1*Px - B3*Py        C = C0 - B3*Px + B2*Py
 *
 * Each model is closed form (or a small quadratic) given B1, B2, B3, S0,
 * C0 and its own parameters. Routh's path (WM92) is imp_path2d_solve, not here.
 * Where a form had to be reconstructed (the extracted CS01 lost the
 * equations) or is uncertain, the result carries that status and claims no
 * more. */
#ifndef IMPACT_MODELS2D_H
#define IMPACT_MODELS2D_H

#include <stddef.h>

#include "impact2d.h"
#include "status.h"

typedef enum {
    IMP_MODEL_NEWTON_FRICTIONLESS = 0,
    IMP_MODEL_KANE,
    IMP_MODEL_BRACH,
    IMP_MODEL_SMITH,
    IMP_MODEL_GLOCKER_PFEIFFER,
    IMP_MODEL_CS,
    IMP_MODEL_CHATTERJEE_RUINA   /* CR98, model_cr.c: e and e_t */
} imp_model2d;
/* The number of models (the last above, plus one). */
#define IMP_MODEL_COUNT (IMP_MODEL_CHATTERJEE_RUINA + 1)

/* How far the implemented form can be trusted (doc/models.md: the published models). */
typedef enum {
    IMP_MSTATUS_EXACT = 0,       /* stated in the sources and checked */
    IMP_MSTATUS_RECONSTRUCTED,   /* equations lost, rebuilt from the sources' statements */
    IMP_MSTATUS_UNCERTAIN        /* not recoverable: a documented skeleton only */
} imp_model_status;

/* The slip at the end of the impact compared with the slip before it. */
typedef enum {
    IMP_SLIP_NONE = 0,      /* no impulse (C0 >= 0) */
    IMP_SLIP_FRICTIONLESS,  /* no tangential impulse by construction */
    IMP_SLIP_STICKING,      /* S = 0 at the end */
    IMP_SLIP_SLIDING,       /* S keeps the sign of S0 (or S0 = 0 and S != 0) */
    IMP_SLIP_REVERSED       /* S has the opposite sign of S0 */
} imp_slip;

/* Coupling of a contact moment impulse Mq (acting on body 1, -Mq on body 2)
 * with the contact velocities and the relative angular velocity
 * W = w1 - w2 (needed by the C-S moment law, CS01):
 *   S += BSq*Mq,  C += BCq*Mq,  W += BSq*Px + BCq*Py + Bq*Mq
 * with Bq = 1/I1 + 1/I2, BSq = y1/I1 + y2/I2, BCq = -(x1/I1 + x2/I2). */
typedef struct { double Bq, BSq, BCq, W0; } imp_moment2d;

/* What a contact-moment law sees at the start of a phase. */
typedef struct {
    imp_phase phase;
    double S, C, W;     /* contact velocities and relative angular velocity */
    double W0;          /* relative angular velocity before the impact */
    double Px, Py;      /* impulse accumulated before this phase */
    double PyC;         /* compression normal impulse (restitution phase only) */
    int single;         /* 1: a one-phase model (Brach's e_m plug-in), phase unused */
} imp_moment_state;

/* Returns 0 and writes the phase's moment impulse, or non-zero to abort
 * (the solve then returns IMP_ELAW). */
typedef int (*imp_moment_fn)(void *ctx, const imp_moment_state *s, double *Mq);

typedef struct {
    double e;        /* Newton's (or, for GP/C-S, Poisson's) coefficient, [0, 1] */
    double mu;       /* Coulomb's kinetic coefficient; Brach: the ratio bound */
    double mu_0;     /* Kane's static coefficient (>= mu) */
    int has_ratio;   /* Brach: ratio requested instead of sgn(mu0)*mu (still limited) */
    double ratio;
    /* C-S (per phase) and Brach (once, Brach's e_m plug-in): an optional
     * moment law (NULL = none) and its coupling. */
    imp_moment_fn moment;
    void *moment_ctx;
    const imp_moment2d *mcoef;
    double e_t;      /* Chatterjee-Ruina: tangential restitution, [-1, 1] */
} imp_model_params;

/* Brach's limits on the impulse ratio (as CS01 and WM92 describe them). */
enum { IMP_RATIO_REVERSAL = 1,  /* clamped so that friction does not reverse the slip */
       IMP_RATIO_ENERGY = 2 };  /* lowered so that no energy is gained */

typedef struct {
    double Px, Py;      /* total impulse on body 1 */
    double S, C;        /* final contact velocities */
    double dT;          /* kinetic energy change (eq 56, plus Mq's term) */
    double Mq;          /* total contact moment impulse (C-S only, else 0) */
    double PxC, PyC;    /* compression-phase impulse (GP, C-S; else 0) */
    double ratio;       /* Px/Py (0 when Py = 0); Brach: the ratio used */
    double ratio_limit; /* Brach: the critical ratio mu0 of point D */
    double ratio_req;   /* Brach: the requested ratio (user's, or sgn(mu0)*mu) */
    int ratio_limited;  /* Brach: IMP_RATIO_* bits of the limits applied */
    int energy_gain;    /* dT > 0 beyond rounding */
    int coulomb_ok;     /* |Px| <= mu*Py (Kane: max(mu, mu_0)) */
    int nroots;         /* Smith: admissible roots found (1 expected) */
    double kappa;       /* Chatterjee-Ruina: the factor of P_II - P_I */
    int on_cone;        /* Chatterjee-Ruina: 1 when P^ was outside the cone */
    imp_slip slip;      /* the model's own label (result.model_mode) */
    imp_mode mode;      /* in solve2d's terms: see model_path in models2d.c */
    int nvert;          /* the path: start, stick or reverse, max-compression, end */
    imp_vertex2d vert[IMP_PATH2D_MAX];
    imp_class cls;
    imp_model_status status;
} imp_model_result2d;

/* A straight piece of a model's impulse path: the impulse applied
 * proportionally from (Px0, Py0) with contact velocities (S0, C0) (after any
 * moment impulse of the phase) to (Px1, Py1) with (S1, C1). */
typedef struct { double Px0, Py0, S0, C0, Px1, Py1, S1, C1; } imp_seg2d;

/* What a row's solve hook tells the driver (models2d.c's solve_model)
 * besides the result; the driver zeroes it and sets mu_bound = p->mu. */
typedef struct {
    int stuck;          /* S = 0 at the end (velocities from the impulse) */
    int velocities;     /* the hook set r->S and r->C itself */
    int own_ratio;      /* the hook set r->ratio itself (Brach) */
    int frictionless;   /* slip label "frictionless" (no tangential impulse) */
    double mu_bound;    /* the bound of the Coulomb check */
    int nseg;           /* pieces of the path in seg (0: one from the origin) */
    imp_seg2d seg[2];
} imp_model2d_step;

/* A model's formula on data with C0 < 0, every output in the units of c:
 * fills r's impulse (and what else it knows) and s. */
typedef imp_status (*imp_model2d_solve_fn)(const imp_coef2d *c, const imp_model_params *p,
                                           imp_model_result2d *r, imp_model2d_step *s);
/* A model's own checks of p (1: valid), NULL for none. */
typedef int (*imp_model2d_valid_fn)(const imp_model_params *p);

/* The rows' hooks (models2d.c). */
imp_status imp_model2d_newton_frictionless(const imp_coef2d *c, const imp_model_params *p,
                                           imp_model_result2d *r, imp_model2d_step *s);
imp_status imp_model2d_kane(const imp_coef2d *c, const imp_model_params *p,
                            imp_model_result2d *r, imp_model2d_step *s);
imp_status imp_model2d_brach(const imp_coef2d *c, const imp_model_params *p,
                             imp_model_result2d *r, imp_model2d_step *s);
imp_status imp_model2d_smith(const imp_coef2d *c, const imp_model_params *p,
                             imp_model_result2d *r, imp_model2d_step *s);
imp_status imp_model2d_gp(const imp_coef2d *c, const imp_model_params *p,
                          imp_model_result2d *r, imp_model2d_step *s);
imp_status imp_model2d_cs(const imp_coef2d *c, const imp_model_params *p,
                          imp_model_result2d *r, imp_model2d_step *s);
imp_status imp_model2d_cr(const imp_coef2d *c, const imp_model_params *p,
                          imp_model_result2d *r, imp_model2d_step *s);
int imp_model2d_kane_valid(const imp_model_params *p);
int imp_model2d_brach_valid(const imp_model_params *p);
int imp_model2d_cs_valid(const imp_model_params *p);
int imp_model2d_cr_valid(const imp_model_params *p);

/* How solve2d reads one of a model's own parameters (src/lua/l_models.c's
 * read_params loops over the row's list, in its order). */
typedef enum {
    IMP_MPARAM_RANGE,     /* a number in [lo, hi] into the double at offset (absent: def,
                           * or the problem's mu_s with def_mu_s); with at_least_mu,
                           * not below the kinetic mu */
    IMP_MPARAM_OPTIONAL,  /* when given: a finite number into the double at offset,
                           * and 1 into the int at has_offset */
    IMP_MPARAM_REFUSED    /* refused when given: "<key> <why>" */
} imp_mparam_kind;

typedef struct {
    const char *key;
    imp_mparam_kind kind;
    size_t offset, has_offset;   /* offsetof(imp_model_params, ...) */
    double lo, hi, def;
    int def_mu_s, at_least_mu;
    const char *why;
} imp_model2d_read;

/* One published model, a row of imp_models2d (index: imp_model2d). The
 * statuses: CS01's Newton frictionless is exact; Kane, Brach, Smith and GP
 * case 1 are reconstructions; the C-S model is only a skeleton; CR98 states
 * Chatterjee-Ruina in full. */
typedef struct {
    const char *name;                /* solve2d's model = "..." */
    imp_model_status status;
    const char *const *params;       /* its own parameters (beyond e, mu), NULL-ended */
    const char *const *declines;     /* parameters it refuses with a reason of its own */
    const char *note;                /* what it claims: source and form */
    imp_model2d_solve_fn solve;      /* its formula */
    imp_model2d_valid_fn valid;      /* its own parameters' checks, or NULL */
    const imp_model2d_read *read;    /* how solve2d reads them, {NULL}-ended */
    int one_mu;                      /* one friction coefficient: mu_s must equal mu_k */
} imp_model2d_type;
extern const imp_model2d_type imp_models2d[IMP_MODEL_COUNT];

const char *imp_model_name(imp_model2d m);   /* "newton-frictionless", ... */
const char *imp_model_status_name(imp_model_status s); /* "exact", ... */
const char *imp_slip_name(imp_slip s);       /* "none", "frictionless", ... */
imp_model_status imp_model_status_from(imp_model2d m);

/* The impact class of WM92 sec 3.4.1 (tangential, direct, central, eccentric). */
imp_class imp_model_class(const imp_coef2d *c);

/* dT of the impulse (Px, Py): eq 56 with S, C from eqs 5-23. */
double imp_coef2d_energy(const imp_coef2d *c, double Px, double Py);

/* Solve one model. Requires B1 > 0, B2 > 0, B1*B2 > B3^2, finite S0, C0,
 * e in [0, 1], mu >= 0, mu_0 >= mu (Kane); returns IMP_EINPUT otherwise.
 * C0 >= 0: no impulse (slip "none"; no model here produces a tangential
 * impact). IMP_ENOSOLUTION: the model has no admissible solution (Kane or Brach
 * sliding with B2 + s*mu*B3 <= 0, Smith with no root); IMP_ELAW: the moment
 * law failed; IMP_EOVERFLOW: a result (typically dT ~ C0^2/B2) does not fit
 * a double. The model runs on data scaled by powers of two (a moment law
 * still sees physical values), so scaling every B by 2^k and the
 * velocities by 2^j scales the impulses by exactly 2^(j-k) wherever they
 * are normal numbers. Brach with a moment law: the law's Mq acts first,
 * then the ratio rule runs on the shifted velocities; the status becomes
 * uncertain. */
imp_status imp_model2d_solve(imp_model2d m, const imp_coef2d *c,
                             const imp_model_params *p,
                             imp_model_result2d *out);

/* The power-of-two frame number `frame` (0, 1, ...) the models are solved
 * in (models2d_scale.c), for coefficients that passed the checks and
 * C0 < 0; returns 0 past the last frame. Results scale back as
 * imp_coef2d_scaled says. */
int imp_model2d_frame(const imp_coef2d *c, int frame, imp_coef2d_scaled *s);

/* A moment law run in a frame: m gets the coupling in the frame's units,
 * q the parameters whose law converts the state and the moment impulse
 * (the user's law sees physical values); ls holds what it needs. */
typedef struct { const imp_model_params *user; int kv, kP; } imp_model2d_lawscale;
void imp_model2d_moment_scale(const imp_model_params *p, const imp_coef2d_scaled *sc,
                              imp_moment2d *m, imp_model2d_lawscale *ls, imp_model_params *q);

/* WM92 eq 56 for the frame's coefficients c and results, times 2^k,
 * with no under- or overflow but the result's own. */
double imp_model2d_dT_wide(const imp_coef2d *c, double Px, double Py, double S, double C,
                           int k);

/* x / (m rho^2) without forming m rho^2 (exact power-of-two scaling). */
double imp_model2d_over_inertia(double x, double m, double rho);

/* The moment coupling of the C-S model from a problem's bodies (CS01;
 * needs bodies: p->nbodies > 0). */
void imp_moment2d_from_problem(const imp_problem2d *p, imp_moment2d *m);

/* The bodies' velocities {vx, vy, w} after the impulse (Px, Py) and the
 * moment impulse Mq on body 1 (body 2 receives the opposite);
 * IMP_EOVERFLOW when one does not fit a double. */
imp_status imp_problem2d_after(const imp_problem2d *p, double Px, double Py, double Mq,
                               double post[2][3]);

#endif
