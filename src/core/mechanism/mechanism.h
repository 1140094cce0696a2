/* One contact on a mechanism in generalized coordinates (the framework of
 * CS01 sec 2; Keller 1986 for the impulse-space view): the generalized
 * mass matrix M (n x n, symmetric positive definite), the contact
 * Jacobian J (dim x n; rows x = tangent, y = normal, and z in 3D) and the
 * pre-impact rates qdot give everything the contact solvers read:
 *
 *   W = J M^-1 J^T (never through M^-1: M = L L^T, Y = L^-1 J^T, W = Y^T Y)
 *   vC0 = J qdot,  T0 = qdot^T M qdot / 2
 *   qdot' = qdot + M^-1 J^T P,  dT = vC0.P + P^T W P / 2
 *
 * Also two free bodies in 3D (pair3d.c): W = W1 + W2, vC0 the relative
 * contact velocity, P on body 1 and -P on body 2. */
#ifndef IMPACT_MECHANISM_H
#define IMPACT_MECHANISM_H

#include "impact2d.h"
#include "impact3d.h"

#define IMP_MECH_NMAX 64
/* Rows of a stacked Jacobian (imp_mech_init_rows): 3 per contact for the
 * multiple-impact problems of multi.h (IMP_MULTI_MAX = 16 contacts). */
#define IMP_MECH_ROWS 48

/* The bound on W's condition number (as IMP_COND3D_MAX, in 2D too):
 * beyond it qdot' is not resolved in double precision. */
#define IMP_MECH_COND_MAX 1e12

/* Why imp_mech_init failed: the binding names the field and the reason
 * (imp_mech_fail_field, imp_mech_fail_reason). */
typedef enum {
    IMP_MECH_FAIL_NONE = 0,
    IMP_MECH_FAIL_SIZE,         /* n outside 1..IMP_MECH_NMAX or dim not 2, 3 (IMP_EINPUT) */
    IMP_MECH_FAIL_M_NONFINITE,  /* IMP_EINPUT, at (row, col) */
    IMP_MECH_FAIL_M_ASYMMETRIC, /* IMP_EINPUT, at (row, col) */
    IMP_MECH_FAIL_M_NOTPD,      /* dpotf2 failed or a diagonal entry <= 0 (IMP_EINPUT) */
    IMP_MECH_FAIL_M_SINGULAR,   /* positive definite but numerically singular (IMP_ESINGULAR) */
    IMP_MECH_FAIL_J_NONFINITE,  /* IMP_EINPUT, at (row, col) */
    IMP_MECH_FAIL_J_RANK,       /* W singular or cond(W) > IMP_MECH_COND_MAX (IMP_ESINGULAR) */
    IMP_MECH_FAIL_QDOT_NONFINITE, /* IMP_EINPUT, at row */
    IMP_MECH_FAIL_OVERFLOW      /* W, vC0 or T0 not finite (IMP_EOVERFLOW) */
} imp_mech_fail;

/* A mechanism after imp_mech_init: about 150 kB, so the caller allocates
 * it (heap or userdata). M is factored after scaling its diagonal to 1
 * (Cholesky's accuracy then does not depend on the units of each
 * coordinate): S M S = Ls Ls^T with S = diag(s), s_i = 1/sqrt(M_ii), so
 * M = L L^T with L = S^-1 Ls. n x n matrices are column-major (ld n). */
typedef struct {
    int n, dim;
    double M[IMP_MECH_NMAX * IMP_MECH_NMAX];  /* symmetrised (M + M^T)/2 */
    double Ls[IMP_MECH_NMAX * IMP_MECH_NMAX]; /* S M S = Ls Ls^T, lower; Ls^T above */
    double s[IMP_MECH_NMAX];
    double rdiag[IMP_MECH_NMAX];              /* 1 / (Ls)_ii */
    double J[IMP_MECH_ROWS * IMP_MECH_NMAX];  /* dim x n, row-major */
    double Y[IMP_MECH_ROWS * IMP_MECH_NMAX];  /* L^-1 J^T, column k per contact row k (set only when used) */
    double MinvJt[3 * IMP_MECH_NMAX]; /* imp_mech_init: M^-1 J^T, column k (n entries) per row k */
    int has_X;
    double qdot[IMP_MECH_NMAX];
    double W[9];      /* J M^-1 J^T, dim x dim inside a row-major 3x3 */
    double LW[9];     /* 3D: W = LW LW^T in (x, z, y) order, lower, row-major */
    double D;         /* 2D: det W (from W or from the minors of Y, see mechanism.c) */
    double rcond;     /* reciprocal 1-norm condition of S M S (n <= 12 exact, else dpocon's estimate) */
    double vC0[IMP_MECH_ROWS];
    double Wm[IMP_MECH_ROWS * IMP_MECH_ROWS]; /* J M^-1 J^T, dim x dim row-major (ld dim) */
    double T0;
    double cond;      /* upper bound on cond(W) (2D: trace^2/det; 3D: as imp_contact3d) */
    imp_mech_fail fail;
    int fail_row, fail_col;   /* 0-based entry of M, J or qdot that failed, else -1 */
} imp_mech;

/* Checks and factors. M is n x n row-major, J dim x n row-major, qdot n
 * (or NULL: see imp_mech_rates).
 * IMP_OK, or the status of mc->fail (see imp_mech_fail). */
imp_status imp_mech_init(imp_mech *mc, int n, int dim, const double *M,
                         const double *J, const double *qdot);

/* A mechanism prepared once and solved for many rates: imp_mech_init
 * with qdot = NULL (at rest: vC0 = 0, T0 = 0), then, on a copy per solve,
 * imp_mech_rates. The factor, W and its refined columns are kept; the
 * results are those of imp_mech_init with the same qdot, bit for bit. */

/* qdot (n entries, finite), vC0 = J qdot and T0 on an initialised
 * mechanism: IMP_OK, or the status of mc->fail (QDOT_NONFINITE, OVERFLOW);
 * IMP_EINPUT if mc's init failed. */
imp_status imp_mech_rates(imp_mech *mc, const double *qdot);

/* dst = src, copying only the entries n and dim use. */
void imp_mech_copy(imp_mech *dst, const imp_mech *src);

/* Any number of rows (1..IMP_MECH_ROWS), e.g. several contacts' J stacked:
 * the same checks of M, J and qdot, then Wm (dim x dim, refined solves) and
 * vC0, T0; W, LW, D and cond are not set and W's rank is not checked (a
 * stacked W of redundant contacts is singular: check each contact's rows
 * with imp_mech_init first). imp_mech_after then works on all rows. */
imp_status imp_mech_init_rows(imp_mech *mc, int n, int rows, const double *M,
                              const double *J, const double *qdot);

/* "M", "J", "qdot" or "n" (size), NULL for IMP_MECH_FAIL_NONE. */
const char *imp_mech_fail_field(imp_mech_fail f);
/* A phrase for the message: "must be symmetric", ... */
const char *imp_mech_fail_reason(imp_mech_fail f);

/* 2D (dim = 2): B1 = W_xx, B2 = W_yy, B3 = -W_xy, (S0, C0) = J qdot and
 * D = det W, free of the cancellation of B1 B2 - B3^2 when W is nearly
 * singular (from the 2x2 minors of Y by Cauchy-Binet, unless M is the
 * worse conditioned). IMP_EINPUT if dim != 2. */
imp_status imp_mech_coef2d(const imp_mech *mc, imp_coef2d *c);

/* 3D (dim = 3): the contact-space data the solvers read; L from a QR
 * factorisation of Y (W = R^T R) or a Cholesky factorisation of W,
 * whichever loses less (cond(M) against cond(W)). The body-only fields
 * Iinv, axes, invI are zero. IMP_EINPUT if dim != 3. */
imp_status imp_mech_contact3d(const imp_mech *mc, imp_contact3d *c);

/* After the contact-space impulse P (dim entries), on a mechanism whose
 * imp_mech_init returned IMP_OK: qdot_after (n),
 * T1 = qdot'^T M qdot' / 2, and dT two ways: dT_M from M and the rates
 * (dT = (qdot + qdot')^T M (qdot' - qdot) / 2, no cancellation of T1 - T0)
 * and dT_W = P.(vC0 + vC)/2 = vC0.P + P^T W P / 2 from J, vC = vC0 + J dq.
 * qdot' - qdot = dq comes from a refined solve, and both sums take dq's
 * refinement tail (below its last bit) in double-double: they agree to
 * ~1e-12 relative up to cond(M) = 1e8 (3e-14 on the core's random test,
 * 9e-13 on solve2d's); dT_W is the accurate contact-space dT (W P taken
 * as J dq: the explicit W loses about cond(W) eps). Any out pointer may
 * be NULL. */
void imp_mech_after(const imp_mech *mc, const double *P, double *qdot_after,
                    double *T1, double *dT_M, double *dT_W);

/* 1 when imp_mech_after's dT_M and dT_W agree: within 1e-10 of scale, or
 * both in the last bits of the subnormal range (below 2^-1060, where an
 * energy of rates near 1e-160 keeps no relative precision: there they
 * differed by 1 unit, 5e-324, and a valid impact was called a bug). */
int imp_mech_energies_agree(double dT_M, double dT_W, double scale);

/* T1/T0 after impulse P, given imp_mech_after's T1; NAN when T0 = 0 or T1
 * is not finite. For rates so small that T0 is subnormal (|qdot| below
 * ~1e-150) the ratio is taken on a copy with qdot and P scaled by the
 * same power of two (exact): T1/T0 of the subnormal energies kept about
 * three digits (0.6111 for 0.6112). */
double imp_mech_energy_ratio(const imp_mech *mc, const double *P, double T1);



/* ---- pair3d.c: two moving bodies, body 1 above the plane, body 2 below ---- */

typedef struct {
    imp_contact3d c;      /* the pair's contact-space data (W = W1 + W2) */
    double Iinv1[9], Iinv2[9];
    double T01, T02;      /* each body's kinetic energy (c.T0 = T01 + T02) */
} imp_pair3d;

/* vC0 = (v1 + w1 x r1) - (v2 + w2 x r2), W = W1 + W2 with L built from the
 * positive semidefinite terms of both bodies (Givens updates), so it stays
 * accurate. Each body: m > 0, finite r, v, w, and its principal data
 * (principal = 1: moments with the triangle inequality, finite axes) or
 * its tensor I (imp_inertia_principal). IMP_EINPUT for a bad body: *which
 * = 1 or 2, *field "m", "r", "v", "w", "axes", "moments" or "inertia", *why
 * a phrase ("must be symmetric"); else *which = 0, *field = *why = NULL:
 * IMP_ESINGULAR for cond > IMP_COND3D_MAX, IMP_EOVERFLOW. which, field,
 * why may be NULL. */
imp_status imp_pair3d_init(const imp_body3d *b1, const imp_body3d *b2,
                           imp_pair3d *p, int *which, const char **field,
                           const char **why);

/* P on body 1, -P on body 2: post-impact v, w of both, and the energy
 * change from the bodies (dT_bodies; the contact-space dT is
 * vC0.P + P^T W P / 2). Any out pointer may be NULL. */
void imp_pair3d_after(const imp_body3d *b1, const imp_body3d *b2,
                      const imp_pair3d *p, const double P[3],
                      double v1[3], double w1[3], double v2[3], double w2[3],
                      double *dT_bodies);

#endif
