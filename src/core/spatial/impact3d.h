/* Three-dimensional single-point impact of a rigid body on a fixed plane
 * (Keller 1986; SB22 secs 3-4). World frame = contact frame: the normal is +y, the
 * tangent plane is x-z; r runs from the centre of mass to the contact
 * point; the impulse P acts on the body.
 *
 *   v_C(P) = v_C0 + W P,   W = (1/m) 1 - [r]x I^-1 [r]x            (Keller 1986)
 *
 * Two solvers: Sun & Baruh's algebraic nine-equation model (solve3d_algebraic.c, SB22 secs 3-4)
 * and the exact Darboux-Keller integration over the normal impulse
 * (solve3d_exact.c, Keller 1986). Tangential pairs are ordered (x, z). */
#ifndef IMPACT_IMPACT3D_H
#define IMPACT_IMPACT3D_H

#include <stddef.h>

#include "impact2d.h"   /* imp_mode: the 3D modes reuse the 2D names */
#include "law.h"
#include "status.h"

/* A rigid body in the world frame. The inertia enters W through its
 * principal decomposition (I^-1 = sum_j a_j a_j^T / I_j): give it exactly
 * (principal = 1, moments and axes, e.g. from the body-frame moments and
 * the orientation) or leave principal = 0 and it is taken from I (dsyev). */
typedef struct {
    double m;
    double I[9];      /* inertia tensor about the CM, world frame, row-major */
    double r[3];      /* CM -> contact point */
    double v[3], w[3];
    int principal;    /* 1: moments/axes below are the decomposition of I */
    double moments[3];
    double axes[9];   /* row-major; column j = principal axis j (world) */
} imp_body3d;

/* Contact-space data derived from a body (imp_contact3d_init). W is a sum
 * of positive semidefinite terms, W = 1/m + sum_j c_j c_j^T / I_j with
 * c_j = a_j x r, and its Cholesky factor L is built from the same terms by
 * Givens rank-one updates, so nothing is taken from a difference of large
 * numbers even when a moment is tiny (a rod about its axis). */
typedef struct {
    double Iinv[9];   /* sum_j a_j a_j^T / I_j (world); with axes and invI the */
    double axes[9];   /* principal axes (columns, world); only body data: the */
    double invI[3];   /* 1 / principal moments; contact-space solvers never read them */
    double W[9];
    double L[9];      /* W = L L^T with rows/columns ordered (x, z, y); lower, row-major */
    double Wtt[4];    /* [[Wxx, Wxz], [Wzx, Wzz]] row-major */
    double Wtn[2];    /* (Wxy, Wzy) */
    double Wnn;       /* Wyy */
    double q[2];      /* Wtt^-1 Wtn: the sticking ratio vector (from L) */
    double rho_req;   /* |q|: sticking holds iff rho_req <= mu_s */
    double kstick;    /* Wnn - Wtn.q = 1/(W^-1)_nn = L_yy^2: dv_n/dp while sticking */
    double tev[2];    /* eigenvalues of Wtt, tev[0] <= tev[1] (the small one from det = (L_xx L_zz)^2) */
    double tvec[2];   /* unit eigenvector of tev[1]; (-tvec[1], tvec[0]) belongs to tev[0] */
    double g0[2];     /* Wtt^-1 vt0 */
    double cond;      /* an upper bound (within a factor 9) on W's condition number */
    double vC0[3];    /* pre-impact contact-point velocity */
    double T0;        /* pre-impact kinetic energy */
    double m;         /* the body's mass: the impulse caps use sqrt(2 m T0) (a
                         momentum scale; for a mechanism, an effective mass) */
} imp_contact3d;

/* ---- body3d.c: inertia, orientation, energy ---- */

/* Principal moments: positive, I1 + I2 >= I3 and permutations.
 * On failure *why (if not NULL) says what is wrong. */
imp_status imp_inertia3_check(const double I[3], const char **why);
/* A full body-frame tensor: symmetric, positive definite, moments with the
 * triangle inequality. Gives the moments (ascending) and the principal
 * axes as the columns of a proper rotation (LAPACKE dsyev). */
imp_status imp_inertia_principal(const double I[9], double moments[3],
                                 double axes[9], const char **why);
/* R orthonormal with det +1 (tolerance 1e-9). */
imp_status imp_rotation_check(const double R[9], const char **why);
/* Sun & Baruh's angles in the master frame: R = Rz(-theta1) Rx(theta2). */
void imp_rotation_sb(double theta1, double theta2, double R[9]);
/* Sun & Baruh's cylinder (SB22): mass m, half-length L, radius rc, at the
 * angles theta1, theta2 (R = imp_rotation_sb). Its body-frame principal
 * moments I = (It, Ia, It) with It = m (rc^2/4 + L^2/3), Ia = m rc^2/2,
 * and r, from the centre of mass to its lower end (cap: to the lowest
 * point of a hemispherical end cap). */
void imp_rod3d(double m, double L, double rc, double theta1, double theta2, int cap,
               double I[3], double R[9], double r[3]);
/* A unit quaternion (w, x, y, z), |q| = 1 within 1e-6 (then normalised). */
imp_status imp_rotation_quat(const double q[4], double R[9], const char **why);

/* W's condition number beyond which the post-impact velocities are not
 * resolved: they are W times an impulse known to rounding, so their error
 * is about 1e-16 cond |vC0|. */
#define IMP_COND3D_MAX 1e12

/* Contact-space data from a symmetric positive definite W (row-major 3x3,
 * x, y = normal, z) and vC0, T0: W's Cholesky factor in (x, z, y) order,
 * then as imp_contact3d_from_L. Body-only fields (Iinv, axes, invI) are
 * zero. IMP_EINPUT for non-finite data, IMP_ESINGULAR when W is not
 * positive definite or cond > IMP_COND3D_MAX. */
imp_status imp_contact3d_from_W(const double W[9], const double vC0[3], double T0,
                                imp_contact3d *c);

/* With c->W, c->L (lower, (x, z, y) order, positive diagonal) and c->vC0
 * set: Wtt, Wtn, Wnn, cond, q, rho_req, kstick, tev, tvec, g0 (what the
 * contact-space solvers read), for a body (imp_contact3d_init), two bodies or
 * a mechanism alike. c->m, if 0, becomes |L^-1|_F^2 >= 1/lambda_min(W), an
 * effective mass for the solvers' impulse caps. IMP_ESINGULAR for cond > IMP_COND3D_MAX
 * or a diagonal of L not positive, IMP_EOVERFLOW for non-finite results. */
imp_status imp_contact3d_from_L(imp_contact3d *c);

/* W += sum_j c_j c_j^T / I_j and the same in L (as imp_chol3_update),
 * c_j = a_j x r for principal moments mom and axes (columns of axes):
 * the rotational part of a body's compliance, formed without underflow
 * of intermediate products. */
void imp_contact3d_rotation_add(const double r[3], const double mom[3], const double axes[9],
                                double W[9], double L[9]);

/* L L^T += x x^T for a lower-triangular 3x3 L (row-major): one Givens
 * rotation per column, so a sum of positive semidefinite terms is factored
 * without cancellation. x is overwritten. */
void imp_chol3_update(double L[9], double x[3]);

/* Iinv, W, L, the tangential blocks, vC0, T0. IMP_ESINGULAR when a
 * principal moment is not positive or its reciprocal overflows (or, without
 * principal data, I is not positive definite) or when cond exceeds
 * IMP_COND3D_MAX (c->cond tells which), IMP_EINPUT for m <= 0 or
 * non-finite data, IMP_EOVERFLOW when W, vC0 or T0 overflows. */
imp_status imp_contact3d_init(const imp_body3d *b, imp_contact3d *c);
/* g = Wtt^-1 v through L (two triangular solves). */
void imp_contact3d_tsolve(const imp_contact3d *c, const double v[2], double g[2]);
double imp_body3d_energy(const imp_body3d *b, const double v[3], const double w[3]);
/* The world-frame inertia of a body given in its own frame (Ib, with its
 * principal moments and axes, columns) turned by R: b->I = R Ib R^T and
 * the principal decomposition exactly as given (axes R a_j), principal = 1. */
void imp_body3d_orient(const double Ib[9], const double moments[3], const double axes[9],
                       const double R[9], imp_body3d *b);

/* ---- results ---- */

typedef enum {
    IMP_STAGE3D_C = 0, IMP_STAGE3D_C1, IMP_STAGE3D_C2,    /* algebraic */
    IMP_STAGE3D_R, IMP_STAGE3D_R1, IMP_STAGE3D_R2,
    IMP_STAGE3D_SLIDING, IMP_STAGE3D_STICKING,           /* exact */
    IMP_STAGE3D_RESLIDE
} imp_stage3d_kind;

/* "c", "c1", ..., "sliding", "sticking", "re-slide". */
const char *imp_stage3d_name(imp_stage3d_kind k);

typedef struct {
    imp_stage3d_kind kind;
    int slip;          /* 1: sliding (friction along -u), 0: sticking */
    double u[2];       /* slip direction (x, z) at the start of the stage */
    double u_end[2];   /* ... and at its end (differs for exact sliding) */
    double lambda;     /* exact re-slide (or direct slide) rate, else 0 */
    double P[3];       /* impulse of this stage */
    double p0, p1;     /* normal impulse at its start and end */
    int recompression; /* v_n fell back below 0 after maximum compression */
} imp_stage3d;

#define IMP_STAGES3D_MAX 8

/* Why a solve failed (with a status other than IMP_OK), for the message. */
typedef enum {
    IMP_FAIL3D_NONE = 0,
    IMP_FAIL3D_NEGATIVE_FN,    /* algebraic (IMP_ENOSOLUTION): a stage needs F_n < 0 */
    IMP_FAIL3D_PENETRATES,     /* algebraic (IMP_ENOSOLUTION): a restitution stage ends with v_n < 0 */
    IMP_FAIL3D_NO_ENERGY_ROOT, /* algebraic (IMP_ENOSOLUTION): the energetic closure has no root */
    IMP_FAIL3D_NEWTON,         /* algebraic (IMP_ENOCONV): Newton hit its cap (fail_iter) */
    IMP_FAIL3D_SINGULAR,       /* algebraic (IMP_ESINGULAR): a stage's 9x9 system is singular */
    IMP_FAIL3D_STEP,           /* exact (IMP_ENOCONV): the step size underflowed at fail_p */
    IMP_FAIL3D_NOEND,          /* exact (IMP_ENOCONV): the law still unmet at p = fail_p */
    IMP_FAIL3D_RESLIDE         /* exact (IMP_ENOCONV): no re-slide direction found */
} imp_fail3d;

typedef struct {
    double P[3];             /* total impulse on the body */
    double v[3], w[3], vC[3];/* post-impact */
    double dT, T0, energy_ratio;
    double Wc, Wr, Wf, Pc;   /* works and the normal impulse at max compression */
    imp_mode mode;
    int energy_gain;         /* dT > 0 beyond rounding */
    int recompression;
    double p_stop;           /* normal impulse where the slip stopped, -1 if never */
    double min_slip;         /* exact: smallest |v_t| while sliding (before any stop) */
    /* a compliant law (compliant.h) that met an approach: compliant = 1 and */
    int compliant;
    double e_eff;            /* -vC_n / vC0_n */
    double duration, F_max, delta_max;
    long nsteps;             /* exact: accepted steps; algebraic: Newton iterations */
    int inconsistent;        /* algebraic: a stage had no admissible solution (IMP_ENOSOLUTION) */
    imp_fail3d fail;         /* why the solve failed, IMP_FAIL3D_NONE if it did not */
    imp_stage3d_kind fail_stage; /* ... in which stage or period */
    int fail_restitution;    /* ... in restitution (1) or compression (0) */
    int fail_iter;           /* IMP_FAIL3D_NEWTON: the iteration cap */
    double fail_p;           /* exact: the normal impulse where it failed */
    int nstage;
    imp_stage3d stage[IMP_STAGES3D_MAX];
} imp_result3d;

/* The exact method's slip hodograph: 4 doubles per point (p, vt_x, vn,
 * vt_z). grow is realloc-like (returns NULL on failure); the buffer
 * belongs to the caller (the Lua binding keeps it in a userdata so a law
 * that raises leaks nothing). grow == NULL: nothing is recorded. */
typedef struct {
    double *data;
    size_t n, cap;
    double *(*grow)(void *ud, double *old, size_t ndoubles);
    void *ud;
} imp_track3d;

typedef struct {
    double rtol;         /* exact: relative tolerance (default 1e-10) */
    long max_steps;      /* exact: step budget (default 1000000) */
    double newton_tol;   /* algebraic: relative tolerance (default 1e-13) */
    int newton_max;      /* algebraic: iteration cap per stage (default 50) */
    imp_track3d *track;  /* exact: optional hodograph */
} imp_opts3d;

void imp_opts3d_default(imp_opts3d *o);

/* Both require m > 0, an SPD inertia, 0 <= mu_k <= mu_s, e in [0, 1].
 * opts may be NULL (defaults). Thin wrappers: imp_problem3d_setup, the
 * contact-space solver below, imp_result3d_apply. */
imp_status imp_exact3d_solve(const imp_body3d *b, double mu_s, double mu_k,
                             const imp_law *law, const imp_opts3d *opts,
                             imp_result3d *out);
imp_status imp_algebraic3d_solve(const imp_body3d *b, double mu_s, double mu_k,
                                 const imp_law *law, const imp_opts3d *opts,
                                 imp_result3d *out);

/* The unique re-slide direction (Keller 1986): |u| = 1, lambda > 0 with
 * Wtn - mu_k Wtt u = lambda u, solved in Wtt's eigenbasis. Requires
 * rho_req > mu_k (IMP_EINPUT otherwise). */
imp_status imp_exact3d_reslide(const imp_contact3d *c, double mu_k, double u[2], double *lambda);
/* The same ray for any slip rate Wtn - mu_k A u with A symmetric positive
 * definite of eigenvalues tev (small, large) and tvec the large one's
 * eigenvector; requires |A^-1 Wtn| > mu_k > 0 (IMP_ENOCONV otherwise). */
imp_status imp_exact3d_reslide_ray(const double Wtn[2], const double tvec[2], const double tev[2],
                           double mu_k, double u[2], double *lambda);

/* The contact-space solvers: the same methods on contact-space data alone
 * (W, L and the blocks derived from it, vC0, T0, m: never the body's
 * inertia or axes), so a mechanism's contact or two bodies can use them.
 * They fill everything but v and w; vC = vC0 + W P. */
imp_status imp_exact3d_solve_contact(const imp_contact3d *c, double mu_s, double mu_k,
                                     const imp_law *law, const imp_opts3d *opts,
                                     imp_result3d *out);
imp_status imp_algebraic3d_solve_contact(const imp_contact3d *c, double mu_s, double mu_k,
                                         const imp_law *law, const imp_opts3d *opts,
                                         imp_result3d *out);

/* A contact-space solver's signature, and the power-of-two scaling around
 * one (contact3d_scale.c): a problem whose W, vC0 or energies lie far from
 * 1 (exponent beyond +-128) is solved on a copy scaled into range and the
 * result scaled back; an ordinary one (and a law without a closed-form
 * end, which sees the caller's units) is handed to fn as it is. */
typedef imp_status (*imp_contact3d_solver)(const imp_contact3d *c, double mu_s, double mu_k,
                                           const imp_law *law, const imp_opts3d *opts,
                                           imp_result3d *out);
imp_status imp_contact3d_scale_solve(imp_contact3d_solver fn, const imp_contact3d *c,
                                     double mu_s, double mu_k, const imp_law *law,
                                     const imp_opts3d *opts, imp_result3d *out);

/* A compliant law (compliant.h) on the exact path (compliant3d.c), which
 * imp_exact3d_solve_contact hands such a law to. */
imp_status imp_compliant3d_solve_contact(const imp_contact3d *c, double mu_s, double mu_k,
                                         const imp_law *law, const imp_opts3d *opts,
                                         imp_result3d *out);

/* IMP_EINPUT unless 0 <= mu_k <= mu_s, mu_s finite, e in [0, 1] and a
 * custom law has its fn. */
imp_status imp_problem3d_check(double mu_s, double mu_k, const imp_law *law);
/* imp_problem3d_check, then *c from b (imp_contact3d_init's status). */
imp_status imp_problem3d_setup(const imp_body3d *b, double mu_s, double mu_k,
                             const imp_law *law, imp_contact3d *c);
/* The opening both contact-space solvers share: imp_problem3d_check, then
 * *out cleared (p_stop = -1, mode none). */
imp_status imp_result3d_start(double mu_s, double mu_k, const imp_law *law,
                              imp_result3d *out);
/* Fills the contact-space fields of out from the total impulse out->P
 * (vC = vC0 + W P, dT = vC0.P + P.W.P/2, energy_ratio, energy_gain). */
void imp_result3d_finish(const imp_contact3d *c, imp_result3d *out);
/* The impulse out->P applied to the body: v, w and vC from them. */
void imp_result3d_apply(const imp_body3d *b, const imp_contact3d *c, imp_result3d *out);

#endif
