/* One contact on a mechanism in generalized coordinates (CS01 sec 2):
 * W = J M^-1 J^T through a Cholesky factor of M (LAPACKE dpotrf, dtrtrs),
 * the 2D coefficients and the 3D contact-space data, and the post-impact
 * rates. */
#include <float.h>
#include <lapacke.h>
#undef I
#include <math.h>
#include <string.h>

#include "mechanism.h"

/* The scaled M's reciprocal condition number below which its Cholesky
 * factor carries no correct digit: M is then singular in double. */
#define MECH_RCOND_MIN 1e-15

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
    for (int i = 0; i < n; i++)
        if (!(M[(n + 1) * i] > 0)) return fail(mc, IMP_MECH_FAIL_M_NOTPD, i, i);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double a = M[n * i + j], b = M[n * j + i];
            double tol = 1e-10 * sqrt(M[(n + 1) * i]) * sqrt(M[(n + 1) * j]);
            if (!(fabs(a - b) <= tol)) return fail(mc, IMP_MECH_FAIL_M_ASYMMETRIC, i, j);
            mc->M[i + n * j] = 0.5 * a + 0.5 * b;
        }
    return IMP_OK;
}

/* S M S = Ls Ls^T (dpotrf) and its condition (dpocon). */
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
    lapack_int info = LAPACKE_dpotrf(LAPACK_COL_MAJOR, 'L', n, A, n);
    if (info > 0) return fail(mc, IMP_MECH_FAIL_M_NOTPD, (int)info - 1, (int)info - 1);
    if (info < 0) return IMP_ELAPACK;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < j; i++) A[i + n * j] = 0;   /* dpotrf leaves the upper part */
    double rcond = 0;
    info = LAPACKE_dpocon(LAPACK_COL_MAJOR, 'L', n, A, n, anorm, &rcond);
    if (info < 0) return IMP_ELAPACK;
    if (!(rcond >= MECH_RCOND_MIN)) return fail(mc, IMP_MECH_FAIL_M_SINGULAR, -1, -1);
    return IMP_OK;
}

/* a*d - b*c to a few ulps (Kahan's fma trick). */
static double diff_prod(double a, double d, double b, double c)
{
    double w = b * c;
    return fma(a, d, -w) - fma(b, c, -w);
}

/* W = Y^T Y; 2D: D = det W = sum_{i<j} (Y_i0 Y_j1 - Y_j0 Y_i1)^2 (Cauchy-Binet:
 * squares only, no cancellation); 3D: LW from the rows of Y by Givens
 * updates (a QR factorisation of Y). Then the bound on cond(W). */
static imp_status contact_W(imp_mech *mc)
{
    int n = mc->n, dim = mc->dim;
    const double *Y = mc->Y;
    memset(mc->W, 0, sizeof mc->W);
    for (int k = 0; k < dim; k++)
        for (int l = 0; l < dim; l++) {
            double s = 0;
            for (int i = 0; i < n; i++) s += Y[i + n * k] * Y[i + n * l];
            mc->W[3 * k + l] = s;
        }
    for (int i = 0; i < 9; i++)
        if (!isfinite(mc->W[i])) return fail(mc, IMP_MECH_FAIL_OVERFLOW, -1, -1);
    if (dim == 2) {
        double D = 0;
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++) {
                double m = diff_prod(Y[i], Y[j + n], Y[j], Y[i + n]);
                D += m * m;
            }
        mc->D = D;
        double tr = mc->W[0] + mc->W[4];
        mc->cond = D > 0 ? tr / D * tr : INFINITY;   /* >= lambda_max / lambda_min */
        if (!(mc->cond <= IMP_MECH_COND_MAX)) return fail(mc, IMP_MECH_FAIL_J_RANK, -1, -1);
        return IMP_OK;
    }
    memset(mc->LW, 0, sizeof mc->LW);
    for (int i = 0; i < n; i++) {
        double x[3] = {Y[i], Y[i + 2 * n], Y[i + n]};   /* order (x, z, y) */
        imp_chol3_update(mc->LW, x);
    }
    imp_contact3d c;
    memset(&c, 0, sizeof c);
    memcpy(c.W, mc->W, sizeof c.W);
    memcpy(c.L, mc->LW, sizeof c.L);
    imp_status st = imp_contact3d_from_L(&c);
    mc->cond = c.cond;
    if (st == IMP_ESINGULAR || !(c.cond <= IMP_MECH_COND_MAX))
        return fail(mc, IMP_MECH_FAIL_J_RANK, -1, -1);
    return IMP_OK;
}

imp_status imp_mech_init(imp_mech *mc, int n, int dim, const double *M,
                         const double *J, const double *qdot)
{
    mc->n = n;
    mc->dim = dim;
    mc->fail = IMP_MECH_FAIL_NONE;
    mc->fail_row = mc->fail_col = -1;
    mc->cond = mc->D = mc->T0 = 0;
    if (n < 1 || n > IMP_MECH_NMAX || (dim != 2 && dim != 3))
        return fail(mc, IMP_MECH_FAIL_SIZE, -1, -1);
    imp_status st = check_M(mc, M);
    if (st != IMP_OK) return st;
    for (int k = 0; k < dim; k++)
        for (int i = 0; i < n; i++)
            if (!isfinite(J[n * k + i])) return fail(mc, IMP_MECH_FAIL_J_NONFINITE, k, i);
    for (int i = 0; i < n; i++)
        if (!isfinite(qdot[i])) return fail(mc, IMP_MECH_FAIL_QDOT_NONFINITE, i, -1);
    memcpy(mc->J, J, (size_t)(dim * n) * sizeof *J);
    memcpy(mc->qdot, qdot, (size_t)n * sizeof *qdot);
    if ((st = factor_M(mc)) != IMP_OK) return st;
    /* Y = L^-1 J^T = Ls^-1 S J^T: J^T column-major is J row-major */
    for (int k = 0; k < dim; k++)
        for (int i = 0; i < n; i++) mc->Y[i + n * k] = mc->s[i] * J[n * k + i];
    if (LAPACKE_dtrtrs(LAPACK_COL_MAJOR, 'L', 'N', 'N', n, dim, mc->Ls, n, mc->Y, n) != 0)
        return IMP_ELAPACK;
    if ((st = contact_W(mc)) != IMP_OK) return st;
    double T = 0;
    for (int k = 0; k < 3; k++) mc->vC0[k] = 0;
    for (int k = 0; k < dim; k++)
        for (int i = 0; i < n; i++) mc->vC0[k] += J[n * k + i] * qdot[i];
    for (int j = 0; j < n; j++) {
        double r = 0;
        for (int i = 0; i < n; i++) r += mc->M[i + n * j] * qdot[i];
        T += r * qdot[j];
    }
    mc->T0 = 0.5 * T;
    if (!isfinite(mc->T0) || !isfinite(mc->vC0[0]) || !isfinite(mc->vC0[1])
        || !isfinite(mc->vC0[2]))
        return fail(mc, IMP_MECH_FAIL_OVERFLOW, -1, -1);
    return IMP_OK;
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

/* y^T M x for the stored (symmetrised) M. */
static double m_dot(const imp_mech *mc, const double *y, const double *x)
{
    int n = mc->n;
    double t = 0;
    for (int j = 0; j < n; j++) {
        double r = 0;
        for (int i = 0; i < n; i++) r += mc->M[i + n * j] * x[i];
        t += y[j] * r;
    }
    return t;
}

void imp_mech_after(const imp_mech *mc, const double *P, double *qdot_after,
                    double *T1, double *dT_M, double *dT_W)
{
    int n = mc->n, dim = mc->dim;
    double z[IMP_MECH_NMAX], dq[IMP_MECH_NMAX], q1[IMP_MECH_NMAX], mid[IMP_MECH_NMAX];
    double zz = 0, vP = 0;
    for (int i = 0; i < n; i++) {      /* z = Y P = L^-1 J^T P */
        z[i] = 0;
        for (int k = 0; k < dim; k++) z[i] += mc->Y[i + n * k] * P[k];
        zz += z[i] * z[i];
    }
    for (int k = 0; k < dim; k++) vP += mc->vC0[k] * P[k];
    /* dq = M^-1 J^T P = L^-T z = S Ls^-T z (back substitution) */
    for (int i = n - 1; i >= 0; i--) {
        double r = z[i];
        for (int k = i + 1; k < n; k++) r -= mc->Ls[k + n * i] * dq[k];
        dq[i] = r / mc->Ls[i + n * i];
    }
    for (int i = 0; i < n; i++) {
        dq[i] *= mc->s[i];
        q1[i] = mc->qdot[i] + dq[i];
        mid[i] = mc->qdot[i] + 0.5 * dq[i];
    }
    if (qdot_after) memcpy(qdot_after, q1, (size_t)n * sizeof *q1);
    if (T1) *T1 = 0.5 * m_dot(mc, q1, q1);
    if (dT_M) *dT_M = m_dot(mc, mid, dq);     /* (q0 + q1)/2 . M (q1 - q0) */
    if (dT_W) *dT_W = vP + 0.5 * zz;
}
