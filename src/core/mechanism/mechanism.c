/* One contact on a mechanism in generalized coordinates (CS01 sec 2):
 * W = J M^-1 J^T through a Cholesky factor of M (LAPACK dpotf2, dtrtrs),
 * the 2D coefficients and the 3D contact-space data, and the post-impact
 * rates. */
#include <float.h>
#include <lapacke.h>
#undef I
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mechanism.h"

/* The scaled M's reciprocal condition number below which its Cholesky
 * factor carries no correct digit: M is then singular in double. */
#define MECH_RCOND_MIN 1e-15

/* Without -mfma (the x86-64 baseline) fma() is a library call, and each
 * call spills the double-double accumulators: the entry points are built
 * twice, with everything they call inlined, for FMA hardware and without,
 * picked at load time. Same results either way (fma is exact; the file is
 * built with -ffp-contract=off, so no other product gets fused). */
#if defined(__GNUC__) && defined(__x86_64__) && defined(__linux__) && !defined(__FMA__)
#define MECH_ENTRY __attribute__((target_clones("fma", "default"), flatten))
#else
#define MECH_ENTRY
#endif

static imp_status fail(imp_mech *mc, imp_mech_fail f, int row, int col)
{
    mc->fail = f;
    mc->fail_row = row;
    mc->fail_col = col;
    switch (f) {
    case IMP_MECH_FAIL_M_SINGULAR:
    case IMP_MECH_FAIL_J_RANK: return IMP_ESINGULAR;
    case IMP_MECH_FAIL_OVERFLOW: return IMP_EOVERFLOW;
    default: return IMP_EINPUT;
    }
}

const char *imp_mech_fail_field(imp_mech_fail f)
{
    switch (f) {
    case IMP_MECH_FAIL_NONE: return NULL;
    case IMP_MECH_FAIL_SIZE: return "n";
    case IMP_MECH_FAIL_M_NONFINITE: case IMP_MECH_FAIL_M_ASYMMETRIC:
    case IMP_MECH_FAIL_M_NOTPD: case IMP_MECH_FAIL_M_SINGULAR: return "M";
    case IMP_MECH_FAIL_J_NONFINITE: case IMP_MECH_FAIL_J_RANK: return "J";
    case IMP_MECH_FAIL_QDOT_NONFINITE: return "qdot";
    case IMP_MECH_FAIL_OVERFLOW: return "M";
    }
    return "?";
}

const char *imp_mech_fail_reason(imp_mech_fail f)
{
    switch (f) {
    case IMP_MECH_FAIL_NONE: return "";
    case IMP_MECH_FAIL_SIZE: return "must be between 1 and 64 coordinates";
    case IMP_MECH_FAIL_M_NONFINITE: case IMP_MECH_FAIL_J_NONFINITE:
    case IMP_MECH_FAIL_QDOT_NONFINITE: return "must have finite entries";
    case IMP_MECH_FAIL_M_ASYMMETRIC: return "must be symmetric";
    case IMP_MECH_FAIL_M_NOTPD: return "must be positive definite";
    case IMP_MECH_FAIL_M_SINGULAR:
        return "is singular in double precision (positive definite, but too badly conditioned)";
    case IMP_MECH_FAIL_J_RANK:
        return "must let the contact move along every direction (J M^-1 J^T is singular or too badly conditioned)";
    case IMP_MECH_FAIL_OVERFLOW:
        return "gives a contact matrix, contact velocity or kinetic energy beyond double's range";
    }
    return "?";
}

/* Finite entries, a positive diagonal, symmetry within 1e-10 relative to
 * sqrt(M_ii M_jj) (a tolerance that does not depend on the units of the
 * coordinates); then mc->M = (M + M^T)/2, column-major. */
static imp_status check_M(imp_mech *mc, const double *M)
{
    int n = mc->n;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            if (!isfinite(M[n * i + j])) return fail(mc, IMP_MECH_FAIL_M_NONFINITE, i, j);
    double d[IMP_MECH_NMAX];
    for (int i = 0; i < n; i++) {
        if (!(M[(n + 1) * i] > 0)) return fail(mc, IMP_MECH_FAIL_M_NOTPD, i, i);
        d[i] = sqrt(M[(n + 1) * i]);
    }
    for (int i = 0; i < n; i++)          /* each pair once: (i, j) is met before (j, i) */
        for (int j = i; j < n; j++) {
            double a = M[n * i + j], b = M[n * j + i];
            double tol = 1e-10 * d[i] * d[j];
            if (!(fabs(a - b) <= tol)) return fail(mc, IMP_MECH_FAIL_M_ASYMMETRIC, i, j);
            mc->M[i + n * j] = mc->M[j + n * i] = 0.5 * a + 0.5 * b;
        }
    return IMP_OK;
}

/* Up to this n, ||A^-1||_1 comes from the explicit inverse of the
 * factor instead of dpocon's estimate: measured (2 cores, reference
 * LAPACK 3.11) dpocon takes 0.64, 1.47 and 1.61 us for n = 2, 7, 12, as
 * much as a whole 2D solve from Lua (0.8 us); the inverse costs n^3/3
 * multiply-adds (0.1 us at n = 7) and gives the norm itself, not a
 * lower bound. */
#define MECH_NINV 12

/* ||A^-1||_1 for A = Ls Ls^T, n <= MECH_NINV: V = Ls^-1 by forward
 * substitution, A^-1 = V^T V, its lower triangle only (each entry counts
 * in two columns' sums). V row by row, each entry a sum in registers
 * (substituting one column at a time chained every step through memory:
 * 70% of the time). Overflow gives inf or NaN (M singular). */
static double inv_norm1(const imp_mech *mc)
{
    int n = mc->n;
    const double *Ls = mc->Ls, *rd = mc->rdiag;
    double V[MECH_NINV * MECH_NINV], col[MECH_NINV] = {0}, best = 0;  /* V_ki at V[n k + i] */
    for (int k = 0; k < n; k++)
        for (int j = 0; j <= k; j++) {            /* (Ls V)_kj = delta_kj */
            double a = j == k;
            for (int m = j; m < k; m++) a -= Ls[k + n * m] * V[n * m + j];
            V[n * k + j] = a * rd[k];
        }
    for (int j = 0; j < n; j++)
        for (int i = j; i < n; i++) {
            double a = 0;
            for (int k = i; k < n; k++) a += V[n * k + i] * V[n * k + j];
            col[j] += fabs(a);
            if (i > j) col[i] += fabs(a);
        }
    for (int j = 0; j < n; j++)
        if (!(col[j] <= best)) best = col[j];    /* NaN propagates */
    return best;
}

/* S M S = Ls Ls^T and its condition (above, or dpocon). The factor from
 * LAPACK's unblocked dpotf2 (called directly; LAPACKE has no wrapper):
 * dpotrf's blocked path never starts below its block size (64, the
 * largest n here) but first asks ilaenv and recurses through dpotrf2,
 * twice dpotf2's time up to n = 12 (measured 0.36 against 0.16 us at
 * n = 7). dpocon's _work variant in column-major order: the high-level
 * one would allocate its work arrays. */
static imp_status factor_M(imp_mech *mc)
{
    int n = mc->n;
    double *A = mc->Ls, anorm = 0;
    for (int i = 0; i < n; i++) mc->s[i] = 1 / sqrt(mc->M[(n + 1) * i]);
    for (int j = 0; j < n; j++) {
        double col = 0;
        for (int i = 0; i < n; i++) {
            A[i + n * j] = mc->M[i + n * j] * mc->s[i] * mc->s[j];
            col += fabs(A[i + n * j]);
        }
        if (col > anorm) anorm = col;
    }
    lapack_int info = 0, nn = n;
    LAPACK_dpotf2("L", &nn, A, &nn, &info);
    if (info > 0) return fail(mc, IMP_MECH_FAIL_M_NOTPD, (int)info - 1, (int)info - 1);
    if (info < 0) return IMP_ELAPACK;
    for (int j = 0; j < n; j++) {
        for (int i = 0; i < j; i++) A[i + n * j] = A[j + n * i];   /* upper: Ls^T, for m_solve */
        mc->rdiag[j] = 1 / A[j + n * j];
    }
    double rcond = 0, work[3 * IMP_MECH_NMAX];
    lapack_int iwork[IMP_MECH_NMAX];
    if (n <= MECH_NINV) {
        rcond = 1 / (anorm * inv_norm1(mc));
    } else {
        info = LAPACKE_dpocon_work(LAPACK_COL_MAJOR, 'L', n, A, n, anorm, &rcond, work, iwork);
        if (info < 0) return IMP_ELAPACK;
    }
    mc->rcond = rcond;
    if (!(rcond >= MECH_RCOND_MIN)) return fail(mc, IMP_MECH_FAIL_M_SINGULAR, -1, -1);
    return IMP_OK;
}

/* Double-double accumulation (Dot2 of Ogita, Rump & Oishi,
 * "Accurate sum and dot product", SIAM J. Sci. Comput. 26(6), 2005): a sum of
 * products with twice the working precision, so that M dq (= J^T P, up to
 * cond(M) times smaller than |M| |dq|) keeps its digits. */
typedef struct { double hi, lo; } dd;

static inline void dd_add_prod(dd *s, double a, double b)
{
    double p = a * b, ep = fma(a, b, -p);
    double t = s->hi + p, z = t - s->hi;
    s->lo += (s->hi - (t - z)) + (p - z) + ep;
    s->hi = t;
}

/* Right-hand sides per call. Each column is solved on its own: a
 * column's accumulators then stay in registers (an array indexed by the
 * column kept them in memory, a store and a load in every dependent step,
 * which made these loops twice as slow). */
#define MECH_RHS 3

/* x = S Ls^-T Ls^-1 S b = M^-1 b for b = b0 (and b1 if two). Each unknown
 * a sum in registers over the ones found before, the newest last, so
 * that only its product and the division's reciprocal sit in the chain
 * from one unknown to the next (sweeping by columns chained every step
 * through memory instead: 30% slower at n = 7). Both sweeps read
 * contiguous columns: Ls^T is in the upper triangle. */
static inline void solve_cols(const imp_mech *mc, const double *b0, const double *b1,
                              double *x0, double *x1, int two)
{
    int n = mc->n;
    const double *Ls = mc->Ls, *rd = mc->rdiag, *s = mc->s;
    for (int k = 0; k < n; k++) {           /* Ls y = S b */
        const double *l = Ls + n * k;        /* l[m] = (Ls)_km, m < k */
        double a0 = s[k] * b0[k], a1 = two ? s[k] * b1[k] : 0;
        for (int m = 0; m < k; m++) {
            a0 -= l[m] * x0[m];
            if (two) a1 -= l[m] * x1[m];
        }
        x0[k] = a0 * rd[k];
        if (two) x1[k] = a1 * rd[k];
    }
    for (int k = n - 1; k >= 0; k--) {      /* Ls^T z = y */
        const double *l = Ls + n * k;        /* l[m] = (Ls)_mk, m > k */
        double a0 = x0[k], a1 = two ? x1[k] : 0;
        for (int m = n - 1; m > k; m--) {
            a0 -= l[m] * x0[m];
            if (two) a1 -= l[m] * x1[m];
        }
        x0[k] = a0 * rd[k];
        if (two) x1[k] = a1 * rd[k];
    }
    for (int i = 0; i < n; i++) {
        x0[i] *= s[i];
        if (two) x1[i] *= s[i];
    }
}

/* Two columns per sweep where there are two (they share the loads). */
static void m_solve(const imp_mech *mc, int nrhs, double b[][IMP_MECH_NMAX],
                    double x[][IMP_MECH_NMAX])
{
    int c = 0;
    for (; c + 1 < nrhs; c += 2) solve_cols(mc, b[c], b[c + 1], x[c], x[c + 1], 1);
    if (c < nrhs) solve_cols(mc, b[c], NULL, x[c], NULL, 0);
}

/* r_c = J^T P_c - M dq_c, each row in double-double; dq = NULL: J^T P_c.
 * row0 >= 0: P_c is the unit vector e_(row0 + c), and J^T P_c row row0 + c
 * of J, which the sum over J's rows leaves as (0 + J_(row0+c) j, +0). */
static void residual(const imp_mech *mc, int nrhs, const double *const P[], int row0,
                     double dq[][IMP_MECH_NMAX], double r[][IMP_MECH_NMAX])
{
    int n = mc->n;
    for (int c = 0; c < nrhs; c++)
        for (int j = 0; j < n; j++) {
            dd a = {0, 0};
            if (row0 >= 0) a.hi = 0.0 + mc->J[n * (row0 + c) + j];
            else
                for (int k = 0; k < mc->dim; k++) dd_add_prod(&a, mc->J[n * k + j], P[c][k]);
            if (dq)
                for (int i = 0; i < n; i++) dd_add_prod(&a, -mc->M[j + n * i], dq[c][i]);
            r[c][j] = a.hi + a.lo;
        }
}

/* Below this cond(M) one refinement step leaves dq at working precision:
 * a step takes the error e to about eps + c_n cond(M) eps e (Higham, ch.
 * 12), and the solve's first error is about c_n cond(M) eps, so one step
 * leaves eps + (c_n cond(M) eps)^2 = eps (1 + 1e-3 c_n^2) at cond 1e6. */
#define MECH_ONE_STEP_COND 1e6

/* dq_c = M^-1 J^T P_c (c < nrhs <= MECH_RHS): the Cholesky solve and one
 * or two steps of iterative refinement with extra-precise residuals,
 * which make dq accurate to working precision while cond(M) eps < 1
 * (Higham, "Accuracy and Stability of Numerical Algorithms", 2nd ed.,
 * SIAM 2002, ch. 12). row0: see residual. */
static void m_impulse(const imp_mech *mc, int nrhs, const double *const P[], int row0,
                      double dq[][IMP_MECH_NMAX])
{
    int n = mc->n;
    double b[MECH_RHS][IMP_MECH_NMAX], d[MECH_RHS][IMP_MECH_NMAX];
    residual(mc, nrhs, P, row0, NULL, b);      /* b = J^T P (dq = 0) */
    m_solve(mc, nrhs, b, dq);
    int steps = mc->rcond * MECH_ONE_STEP_COND >= 1 ? 1 : 2;
    for (int it = 0; it < steps; it++) {
        residual(mc, nrhs, P, row0, dq, b);
        m_solve(mc, nrhs, b, d);
        for (int c = 0; c < nrhs; c++)
            for (int i = 0; i < n; i++) dq[c][i] += d[c][i];
    }
}

/* dq = M^-1 J^T P from W's refined columns X = M^-1 J^T: dq = X P in
 * double-double, then one refinement step, which leaves dq as accurate as
 * m_impulse's (the start is already good to a few ulps of |X| |P|, and a
 * step divides the error by about 1 / (cond(M) eps)). Up to cond(M) = 1e6
 * the step's own error (about cond(M) eps times the start's few ulps) is
 * far below dq's last bit, so dq's tail (see m_energy_change) is the
 * rounding of the sum start + step, exact by TwoSum: returns 1 with tail
 * set (it saves imp_mech_after a residual and a solve), else 0. */
static int m_impulse_X(const imp_mech *mc, const double *P, double dq[][IMP_MECH_NMAX],
                       double *tail)
{
    int n = mc->n;
    double b[1][IMP_MECH_NMAX], d[1][IMP_MECH_NMAX];
    for (int i = 0; i < n; i++) {
        dd a = {0, 0};
        for (int k = 0; k < mc->dim; k++) dd_add_prod(&a, mc->MinvJt[n * k + i], P[k]);
        dq[0][i] = a.hi + a.lo;
    }
    residual(mc, 1, &P, -1, dq, b);
    m_solve(mc, 1, b, d);
    for (int i = 0; i < n; i++) {
        double a = dq[0][i], e = d[0][i], y = a + e, ee = y - a;
        dq[0][i] = y;
        tail[i] = (a - (y - ee)) + (e - ee);
    }
    return mc->rcond * MECH_ONE_STEP_COND >= 1;
}

/* (qdot + dq/2)^T M dq with dq = dq + tail (tail: what refinement would
 * still add, below dq's last bit), in double-double. The tail matters:
 * even a correctly rounded dq is off by eps |dq| along M's stiff
 * directions, which M multiplies by up to cond(M) (1e-8 relative to dT
 * at cond(M) = 1e8 without it). */
static double m_energy_change(const imp_mech *mc, const double *dq, const double *tail)
{
    int n = mc->n;
    dd t = {0, 0};
    for (int j = 0; j < n; j++) {
        dd r = {0, 0};                         /* (M (dq + tail))_j */
        double rt = 0;
        for (int i = 0; i < n; i++) {
            dd_add_prod(&r, mc->M[j + n * i], dq[i]);
            rt += mc->M[j + n * i] * tail[i];
        }
        r.lo += rt;
        double a = mc->qdot[j], b = 0.5 * dq[j];  /* y + ey = qdot + dq/2 + tail/2 (TwoSum) */
        double y = a + b, bb = y - a, ey = (a - (y - bb)) + (b - bb) + 0.5 * tail[j];
        dd_add_prod(&t, y, r.hi);
        dd_add_prod(&t, y, r.lo);
        dd_add_prod(&t, ey, r.hi);
    }
    return t.hi + t.lo;
}

/* x^T M x / 2 = sum_j x_j (M_jj x_j + 2 sum_i>j M_ij x_i) / 2 (M is
 * symmetric: half the products of x.(M x)), in double-double. */
static double m_energy(const imp_mech *mc, const double *x)
{
    int n = mc->n;
    dd t = {0, 0};
    for (int j = 0; j < n; j++) {
        dd r = {0, 0};
        dd_add_prod(&r, mc->M[(n + 1) * j], x[j]);
        for (int i = j + 1; i < n; i++) dd_add_prod(&r, mc->M[i + n * j], 2 * x[i]);
        dd_add_prod(&t, x[j], r.hi);
        dd_add_prod(&t, x[j], r.lo);
    }
    return 0.5 * (t.hi + t.lo);
}

/* a*d - b*c to a few ulps (Kahan's fma trick). */
static double diff_prod(double a, double d, double b, double c)
{
    double w = b * c;
    return fma(a, d, -w) - fma(b, c, -w);
}

/* Y = L^-1 J^T = Ls^-1 S J^T (J^T column-major is J row-major), which
 * only an ill-conditioned W needs. */
static imp_status factor_Y(imp_mech *mc)
{
    int n = mc->n, dim = mc->dim;
    for (int k = 0; k < dim; k++)
        for (int i = 0; i < n; i++) mc->Y[i + n * k] = mc->s[i] * mc->J[n * k + i];
    lapack_int info = LAPACKE_dtrtrs_work(LAPACK_COL_MAJOR, 'L', 'N', 'N', n, dim, mc->Ls, n,
                                          mc->Y, n);
    return info == 0 ? IMP_OK : IMP_ELAPACK;
}

/* W = J X with M X = J^T (refined solves, double-double products): as
 * accurate as J and M whatever cond(M). det W (2D) and W's Cholesky factor
 * (3D) come either from W or from Y = L^-1 J^T (2D: det(Y^T Y) =
 * sum_{i<j} (Y_i0 Y_j1 - Y_j0 Y_i1)^2 by Cauchy-Binet, squares only; 3D:
 * Givens updates with the rows of Y, a QR factorisation of Y): the first
 * loses about cond(W) eps, the second cond(M) eps, so whichever is the
 * smaller is taken. */
static imp_status contact_W(imp_mech *mc)
{
    int n = mc->n, dim = mc->dim;
    const double *Y = mc->Y;
    static const double e[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    const double *E[3] = {e[0], e[1], e[2]};
    double X[3][IMP_MECH_NMAX], Wr[9] = {0};
    m_impulse(mc, dim, E, 0, X);
    for (int l = 0; l < dim; l++) memcpy(mc->MinvJt + n * l, X[l], (size_t)n * sizeof **X);
    for (int k = 0; k < dim; k++)
        for (int l = 0; l < dim; l++) {
            dd a = {0, 0};
            for (int i = 0; i < n; i++) dd_add_prod(&a, mc->J[n * k + i], X[l][i]);
            Wr[3 * k + l] = a.hi + a.lo;
        }
    memset(mc->W, 0, sizeof mc->W);
    for (int k = 0; k < dim; k++)
        for (int l = 0; l < dim; l++) mc->W[3 * k + l] = 0.5 * (Wr[3 * k + l] + Wr[3 * l + k]);
    for (int i = 0; i < 9; i++)
        if (!isfinite(mc->W[i])) return fail(mc, IMP_MECH_FAIL_OVERFLOW, -1, -1);
    double condM = 1 / mc->rcond;
    if (dim == 2) {
        double DY = 0, DW = diff_prod(mc->W[0], mc->W[4], mc->W[1], mc->W[1]);
        double tr = mc->W[0] + mc->W[4];
        double condW = DW > 0 ? tr / DW * tr : INFINITY;   /* >= lambda_max / lambda_min */
        if (condM < condW) {
            if (factor_Y(mc) != IMP_OK) return IMP_ELAPACK;
            for (int i = 0; i < n; i++)
                for (int j = i + 1; j < n; j++) {
                    double m = diff_prod(Y[i], Y[j + n], Y[j], Y[i + n]);
                    DY += m * m;
                }
        }
        mc->D = condM < condW ? DY : DW;
        mc->cond = mc->D > 0 ? tr / mc->D * tr : INFINITY;
        if (!(mc->cond <= IMP_MECH_COND_MAX)) return fail(mc, IMP_MECH_FAIL_J_RANK, -1, -1);
        return IMP_OK;
    }
    imp_contact3d c;
    imp_status st = imp_contact3d_from_W(mc->W, mc->vC0, 0, &c);
    mc->cond = c.cond;
    if (st == IMP_OK && c.cond < condM) {
        memcpy(mc->LW, c.L, sizeof mc->LW);
        return IMP_OK;
    }
    memset(mc->LW, 0, sizeof mc->LW);
    if (factor_Y(mc) != IMP_OK) return IMP_ELAPACK;
    for (int i = 0; i < n; i++) {
        double x[3] = {Y[i], Y[i + 2 * n], Y[i + n]};   /* order (x, z, y) */
        imp_chol3_update(mc->LW, x);
    }
    memcpy(c.W, mc->W, sizeof c.W);
    memcpy(c.L, mc->LW, sizeof c.L);
    memcpy(c.vC0, mc->vC0, sizeof c.vC0);
    c.T0 = 0;
    st = imp_contact3d_from_L(&c);
    mc->cond = c.cond;
    if (st == IMP_EOVERFLOW) return fail(mc, IMP_MECH_FAIL_OVERFLOW, -1, -1);
    if (st != IMP_OK || !(c.cond <= IMP_MECH_COND_MAX))
        return fail(mc, IMP_MECH_FAIL_J_RANK, -1, -1);
    return IMP_OK;
}

/* qdot (finite; NULL: at rest), vC0 = J qdot and T0 = qdot^T M qdot / 2. */
static imp_status set_rates(imp_mech *mc, const double *qdot)
{
    int n = mc->n, dim = mc->dim;
    memset(mc->vC0, 0, sizeof mc->vC0);
    mc->T0 = 0;
    if (!qdot) {
        memset(mc->qdot, 0, (size_t)n * sizeof *mc->qdot);
        return IMP_OK;
    }
    for (int i = 0; i < n; i++)
        if (!isfinite(qdot[i])) return fail(mc, IMP_MECH_FAIL_QDOT_NONFINITE, i, -1);
    memcpy(mc->qdot, qdot, (size_t)n * sizeof *qdot);
    for (int k = 0; k < dim; k++) {
        dd a = {0, 0};
        for (int i = 0; i < n; i++) dd_add_prod(&a, mc->J[n * k + i], qdot[i]);
        mc->vC0[k] = a.hi + a.lo;
        if (!isfinite(mc->vC0[k])) return fail(mc, IMP_MECH_FAIL_OVERFLOW, -1, -1);
    }
    mc->T0 = m_energy(mc, qdot);
    if (!isfinite(mc->T0)) return fail(mc, IMP_MECH_FAIL_OVERFLOW, -1, -1);
    return IMP_OK;
}

/* The checks, M's factor, vC0 and T0 for dim rows. */
static imp_status setup(imp_mech *mc, int n, int dim, int maxdim, const double *M,
                        const double *J, const double *qdot)
{
    mc->n = n;
    mc->dim = dim;
    mc->fail = IMP_MECH_FAIL_NONE;
    mc->fail_row = mc->fail_col = -1;
    mc->cond = mc->D = mc->T0 = mc->rcond = 0;
    mc->has_X = 0;
    if (n < 1 || n > IMP_MECH_NMAX || dim < 1 || dim > maxdim || (maxdim == 3 && dim < 2))
        return fail(mc, IMP_MECH_FAIL_SIZE, -1, -1);
    imp_status st = check_M(mc, M);
    if (st != IMP_OK) return st;
    for (int k = 0; k < dim; k++)
        for (int i = 0; i < n; i++)
            if (!isfinite(J[n * k + i])) return fail(mc, IMP_MECH_FAIL_J_NONFINITE, k, i);
    for (int i = 0; qdot && i < n; i++)   /* (reported before M's factor fails) */
        if (!isfinite(qdot[i])) return fail(mc, IMP_MECH_FAIL_QDOT_NONFINITE, i, -1);
    memcpy(mc->J, J, (size_t)(dim * n) * sizeof *J);
    if ((st = factor_M(mc)) != IMP_OK) return st;
    return set_rates(mc, qdot);
}

MECH_ENTRY imp_status imp_mech_init(imp_mech *mc, int n, int dim, const double *M,
                         const double *J, const double *qdot)
{
    imp_status st = setup(mc, n, dim, 3, M, J, qdot);
    if (st != IMP_OK) return st;
    if ((st = contact_W(mc)) != IMP_OK) return st;
    mc->has_X = 1;
    for (int k = 0; k < dim; k++)
        for (int l = 0; l < dim; l++) mc->Wm[dim * k + l] = mc->W[3 * k + l];
    return IMP_OK;
}

MECH_ENTRY imp_status imp_mech_init_rows(imp_mech *mc, int n, int rows, const double *M,
                              const double *J, const double *qdot)
{
    imp_status st = setup(mc, n, rows, IMP_MECH_ROWS, M, J, qdot);
    if (st != IMP_OK) return st;
    memset(mc->W, 0, sizeof mc->W);
    memset(mc->LW, 0, sizeof mc->LW);
    double X[MECH_RHS][IMP_MECH_NMAX], e[MECH_RHS][IMP_MECH_ROWS] = {{0}};
    const double *E[MECH_RHS] = {e[0], e[1], e[2]};
    for (int l0 = 0; l0 < rows; l0 += MECH_RHS) {  /* columns l of W = J (M^-1 J^T e_l) */
        int nr = rows - l0 < MECH_RHS ? rows - l0 : MECH_RHS;
        for (int c = 0; c < nr; c++) e[c][l0 + c] = 1;
        m_impulse(mc, nr, E, l0, X);
        for (int c = 0; c < nr; c++) e[c][l0 + c] = 0;
        for (int c = 0; c < nr; c++)
            for (int k = 0; k < rows; k++) {
                dd a = {0, 0};
                for (int i = 0; i < n; i++) dd_add_prod(&a, mc->J[n * k + i], X[c][i]);
                mc->Wm[rows * k + l0 + c] = a.hi + a.lo;
            }
    }
    for (int k = 0; k < rows; k++) {       /* symmetrise */
        if (!isfinite(mc->Wm[(rows + 1) * k])) return fail(mc, IMP_MECH_FAIL_OVERFLOW, -1, -1);
        for (int l = k + 1; l < rows; l++) {
            double w = 0.5 * (mc->Wm[rows * k + l] + mc->Wm[rows * l + k]);
            if (!isfinite(w)) return fail(mc, IMP_MECH_FAIL_OVERFLOW, -1, -1);
            mc->Wm[rows * k + l] = mc->Wm[rows * l + k] = w;
        }
    }
    return IMP_OK;
}

MECH_ENTRY imp_status imp_mech_rates(imp_mech *mc, const double *qdot)
{
    if (mc->fail != IMP_MECH_FAIL_NONE) return IMP_EINPUT;
    return set_rates(mc, qdot);
}

/* Each array up to what n and dim use (a whole imp_mech is 150 kB). */
void imp_mech_copy(imp_mech *dst, const imp_mech *src)
{
    size_t n = (size_t)src->n, d = (size_t)src->dim, b = sizeof(double);
    dst->n = src->n;
    dst->dim = src->dim;
    memcpy(dst->M, src->M, n * n * b);
    memcpy(dst->Ls, src->Ls, n * n * b);
    memcpy(dst->s, src->s, n * b);
    memcpy(dst->rdiag, src->rdiag, n * b);
    memcpy(dst->J, src->J, d * n * b);
    memcpy(dst->MinvJt, src->MinvJt, (d <= 3 ? d : 0) * n * b);
    dst->has_X = src->has_X;
    memcpy(dst->qdot, src->qdot, n * b);
    memcpy(dst->W, src->W, sizeof dst->W);
    memcpy(dst->LW, src->LW, sizeof dst->LW);
    dst->D = src->D;
    dst->rcond = src->rcond;
    memcpy(dst->vC0, src->vC0, d * b);
    memcpy(dst->Wm, src->Wm, d * d * b);
    dst->T0 = src->T0;
    dst->cond = src->cond;
    dst->fail = src->fail;
    dst->fail_row = src->fail_row;
    dst->fail_col = src->fail_col;
}

imp_status imp_mech_coef2d(const imp_mech *mc, imp_coef2d *c)
{
    if (mc->dim != 2 || mc->fail != IMP_MECH_FAIL_NONE) return IMP_EINPUT;
    c->B1 = mc->W[0];
    c->B2 = mc->W[4];
    c->B3 = -mc->W[1];
    c->S0 = mc->vC0[0];
    c->C0 = mc->vC0[1];
    c->D = mc->D;
    return IMP_OK;
}

imp_status imp_mech_contact3d(const imp_mech *mc, imp_contact3d *c)
{
    if (mc->dim != 3 || mc->fail != IMP_MECH_FAIL_NONE) return IMP_EINPUT;
    memset(c, 0, sizeof *c);
    memcpy(c->W, mc->W, sizeof c->W);
    memcpy(c->L, mc->LW, sizeof c->L);
    memcpy(c->vC0, mc->vC0, sizeof c->vC0);
    c->T0 = mc->T0;
    return imp_contact3d_from_L(c);
}

MECH_ENTRY void imp_mech_after(const imp_mech *mc, const double *P, double *qdot_after,
                    double *T1, double *dT_M, double *dT_W)
{
    int n = mc->n, dim = mc->dim;
    double dq1[1][IMP_MECH_NMAX], q1[IMP_MECH_NMAX], *dq = dq1[0];
    double r[1][IMP_MECH_NMAX], tl[1][IMP_MECH_NMAX], *tail = tl[0];
    int has_tail = 0;
    if (mc->has_X) has_tail = m_impulse_X(mc, P, dq1, tail);
    else m_impulse(mc, 1, &P, -1, dq1);
    for (int i = 0; i < n; i++) q1[i] = mc->qdot[i] + dq[i];
    if (qdot_after) memcpy(qdot_after, q1, (size_t)n * sizeof *q1);
    if (T1) *T1 = m_energy(mc, q1);
    if (!dT_M && !dT_W) return;
    if (!has_tail) {   /* the tail of dq: one more residual and solve, not applied */
        residual(mc, 1, &P, -1, dq1, r);
        m_solve(mc, 1, r, tl);
    }
    if (dT_M) *dT_M = m_energy_change(mc, dq, tail);
    if (dT_W) {   /* P.(vC0 + vC)/2 = vC0.P + P.(J dq)/2 (= vC0.P + P^T W P / 2) */
        dd t = {0, 0};
        for (int k = 0; k < dim; k++) {
            dd a = {0, 0};
            double at = 0;
            for (int i = 0; i < n; i++) {
                dd_add_prod(&a, mc->J[n * k + i], dq[i]);
                at += mc->J[n * k + i] * tail[i];
            }
            dd_add_prod(&t, mc->vC0[k], P[k]);
            dd_add_prod(&t, 0.5 * P[k], a.hi);
            dd_add_prod(&t, 0.5 * P[k], a.lo + at);
        }
        *dT_W = t.hi + t.lo;
    }
}

int imp_mech_energies_agree(double dT_M, double dT_W, double scale)
{
    return fabs(dT_M - dT_W) <= 1e-10 * scale + 0x1p-1060;
}

double imp_mech_energy_ratio(const imp_mech *mc, const double *P, double T1)
{
    if (!(mc->T0 > 0) || !isfinite(T1)) return NAN;
    if (mc->T0 >= 0x1p-900) return T1 / mc->T0;
    double big = 0;
    for (int i = 0; i < mc->n; i++) big = fmax(big, fabs(mc->qdot[i]));
    int k;
    frexp(big, &k);   /* big = f 2^k, f in [0.5, 1) */
    imp_mech *c = malloc(sizeof *c);
    if (!c) return T1 / mc->T0;
    double q[IMP_MECH_NMAX], Ps[IMP_MECH_ROWS], T1s;
    for (int i = 0; i < mc->n; i++) q[i] = ldexp(mc->qdot[i], -k);
    for (int i = 0; i < mc->dim; i++) Ps[i] = ldexp(P[i], -k);
    imp_mech_copy(c, mc);
    double r = T1 / mc->T0;
    if (imp_mech_rates(c, q) == IMP_OK) {
        imp_mech_after(c, Ps, NULL, &T1s, NULL, NULL);
        if (c->T0 > 0 && isfinite(T1s)) r = T1s / c->T0;
    }
    free(c);
    return r;
}
