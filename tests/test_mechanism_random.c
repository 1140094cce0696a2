/* Mechanisms at random (n = 1..12, M = Q diag Q^T with condition up to
 * 1e8, random J and qdot): W symmetric positive definite, the two energy
 * changes agree, M dq = J^T P; and every kind of bad input is refused
 * with its status, the field it names and no crash. */
#include <lapacke.h>
#undef I
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "mechanism.h"

static uint64_t rng = 0x9e3779b97f4a7c15u;

static double urand(void)   /* uniform in [-1, 1) (xorshift64*) */
{
    rng ^= rng >> 12; rng ^= rng << 25; rng ^= rng >> 27;
    return (double)((rng * 0x2545f4914f6cdd1du) >> 11) / 4503599627370496.0 - 1;
}

/* Q: modified Gram-Schmidt (twice) of a random matrix; M = Q diag(d) Q^T
 * with d log-spaced from 1 down to 1/cond. Row-major, symmetric by
 * construction (the lower triangle mirrored). */
static void random_M(int n, double cond, double *M)
{
    double Q[144], d[12];
    for (int i = 0; i < n * n; i++) Q[i] = urand();
    for (int pass = 0; pass < 2; pass++)
        for (int j = 0; j < n; j++) {
            for (int k = 0; k < j; k++) {
                double p = 0;
                for (int i = 0; i < n; i++) p += Q[n * i + j] * Q[n * i + k];
                for (int i = 0; i < n; i++) Q[n * i + j] -= p * Q[n * i + k];
            }
            double s = 0;
            for (int i = 0; i < n; i++) s += Q[n * i + j] * Q[n * i + j];
            for (int i = 0; i < n; i++) Q[n * i + j] /= sqrt(s);
        }
    for (int j = 0; j < n; j++)
        d[j] = n == 1 ? 1 : pow(cond, -(double)j / (n - 1));
    for (int i = 0; i < n; i++)
        for (int k = 0; k <= i; k++) {
            double s = 0;
            for (int j = 0; j < n; j++) s += Q[n * i + j] * d[j] * Q[n * k + j];
            M[n * i + k] = M[n * k + i] = s;
        }
}

static imp_mech mc;

/* W against J X with M X = J^T by LU (dgesv): an independent route. */
static double w_by_lu(int n, int dim, const double *M, const double *J)
{
    double A[144], X[36], err = 0, wmax = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) A[i + n * j] = M[n * i + j];
    for (int k = 0; k < dim; k++)
        for (int i = 0; i < n; i++) X[i + n * k] = J[n * k + i];
    lapack_int ipiv[12];
    if (LAPACKE_dgesv(LAPACK_COL_MAJOR, n, dim, A, n, ipiv, X, n) != 0) return INFINITY;
    for (int k = 0; k < dim; k++)
        for (int l = 0; l < dim; l++) {
            double s = 0;
            for (int i = 0; i < n; i++) s += J[n * k + i] * X[i + n * l];
            err = fmax(err, fabs(s - mc.W[3 * k + l]));
            wmax = fmax(wmax, fabs(mc.W[3 * k + l]));
        }
    return err / wmax;
}

static imp_mech prep, copy;   /* large: static */

/* The mechanism prepared at rest (qdot = NULL), copied and given qdot
 * gives init's contact data and post-impact results bit for bit. */
static void same_prepared(int n, int dim, const double *M, const double *J, const double *qd,
                          const double *P, const double *q1, double dTM, double dTW)
{
    double q2[12], T1, T2, dTM2, dTW2;
    CHECK(imp_mech_init(&prep, n, dim, M, J, NULL) == IMP_OK);
    CHECK(prep.T0 == 0 && prep.vC0[0] == 0 && prep.vC0[1] == 0 && prep.vC0[2] == 0);
    imp_mech_copy(&copy, &prep);
    CHECK(imp_mech_rates(&copy, qd) == IMP_OK);
    CHECK(memcmp(copy.W, mc.W, sizeof mc.W) == 0);
    CHECK(dim == 2 || memcmp(copy.LW, mc.LW, sizeof mc.LW) == 0);   /* (3D only) */
    CHECK(memcmp(copy.vC0, mc.vC0, 3 * sizeof *mc.vC0) == 0);
    CHECK(copy.T0 == mc.T0 && copy.D == mc.D && copy.cond == mc.cond && copy.rcond == mc.rcond);
    imp_mech_after(&mc, P, NULL, &T1, NULL, NULL);
    imp_mech_after(&copy, P, q2, &T2, &dTM2, &dTW2);
    CHECK(memcmp(q1, q2, (size_t)n * sizeof *q2) == 0);
    CHECK(T1 == T2 && dTM == dTM2 && dTW == dTW2);
    double bad[12];
    memcpy(bad, qd, (size_t)n * sizeof *bad);
    bad[n - 1] = NAN;
    CHECK(imp_mech_rates(&copy, bad) == IMP_EINPUT && copy.fail == IMP_MECH_FAIL_QDOT_NONFINITE
          && copy.fail_row == n - 1);
    CHECK(imp_mech_rates(&copy, qd) == IMP_EINPUT);   /* a failed mechanism stays failed */
}

static int n_refused = 0;
static double worst_dT = 0, worst_res = 0, worst_lu = 0;

static void one_random(int n, int dim, double cond)
{
    double M[144], J[36], qd[12], P[3], q1[12], dTM, dTW;
    random_M(n, cond, M);
    for (int i = 0; i < dim * n; i++) J[i] = urand();
    for (int i = 0; i < n; i++) qd[i] = urand();
    imp_status st = imp_mech_init(&mc, n, dim, M, J, qd);
    if (n < dim) {   /* the contact cannot move along every direction */
        CHECK(st == IMP_ESINGULAR && mc.fail == IMP_MECH_FAIL_J_RANK);
        return;
    }
    if (st == IMP_ESINGULAR && mc.fail == IMP_MECH_FAIL_J_RANK) {
        /* a random J may leave W beyond double's reach: refused, rightly */
        CHECK(mc.cond > IMP_MECH_COND_MAX);
        n_refused++;
        return;
    }
    CHECK(st == IMP_OK);
    if (st != IMP_OK) return;
    for (int k = 0; k < 3; k++)
        for (int l = 0; l < 3; l++) CHECK(mc.W[3 * k + l] == mc.W[3 * l + k]);
    double tr = mc.W[0] + mc.W[4] + mc.W[8];
    if (dim == 2) {
        CHECK(mc.W[0] > 0 && mc.W[4] > 0 && mc.D > 0);
        CHECK_NEAR(mc.D / (tr * tr), (mc.W[0] * mc.W[4] - mc.W[1] * mc.W[1]) / (tr * tr), 1e-13);
    } else {
        const double *L = mc.LW;   /* W = L L^T in (x, z, y) order */
        static const int perm[3] = {0, 2, 1};
        CHECK(L[0] > 0 && L[4] > 0 && L[8] > 0);
        for (int i = 0; i < 3; i++)
            for (int k = 0; k < 3; k++) {
                double s = 0;
                for (int j = 0; j < 3; j++) s += L[3 * i + j] * L[3 * k + j];
                /* L comes from W or from Y, whichever is better conditioned */
                double tol = 1e-13 * n + 1e-14 * fmin(1 / mc.rcond, mc.cond);
                CHECK_NEAR(s / tr, mc.W[3 * perm[i] + perm[k]] / tr, tol);
            }
    }
    for (int k = 0; k < dim; k++) P[k] = urand();
    P[1] = fabs(P[1]);
    imp_mech_after(&mc, P, q1, NULL, &dTM, &dTW);
    same_prepared(n, dim, M, J, qd, P, q1, dTM, dTW);
    double err = fabs(dTM - dTW) / fabs(dTW);
    worst_dT = fmax(worst_dT, err);
    CHECK_NEAR(err, 0, 1e-10);
    /* the rates satisfy M (qdot' - qdot) = J^T P (backward error) */
    double res = 0, scale = 0;
    for (int i = 0; i < n; i++) {
        double r = 0, a = 0;
        for (int j = 0; j < n; j++) {
            r += M[n * i + j] * (q1[j] - qd[j]);
            a += fabs(M[n * i + j] * (q1[j] - qd[j]));
        }
        for (int k = 0; k < dim; k++) {
            r -= J[n * k + i] * P[k];
            a += fabs(J[n * k + i] * P[k]);
        }
        res = fmax(res, fabs(r));
        scale = fmax(scale, a);
    }
    worst_res = fmax(worst_res, res / scale);
    CHECK_NEAR(res / scale, 0, 1e-12);
    /* and W agrees with an LU route within the conditioning of M */
    double lu = w_by_lu(n, dim, M, J);
    worst_lu = fmax(worst_lu, lu);
    CHECK_NEAR(lu, 0, 1e-16 * cond * 1e3);
}

static void test_random(void)
{
    static const double conds[4] = {1, 1e3, 1e6, 1e8};
    for (int rep = 0; rep < 20; rep++)
        for (int n = 1; n <= 12; n++)
            for (int c = 0; c < 4; c++) {
                one_random(n, 2, conds[c]);
                one_random(n, 3, conds[c]);
            }
    printf("  dT from M vs contact space: worst relative %.2e; backward residual %.2e; "
           "W vs LU %.2e; %d of 1920 refused for cond(W) > 1e12\n",
           worst_dT, worst_res, worst_lu, n_refused);
    CHECK(n_refused < 20);
}

/* A bad input: the status, the failure, the field, and the position. */
static void bad(int n, int dim, const double *M, const double *J, const double *qd,
                imp_status st, imp_mech_fail f, const char *field, int row, int col)
{
    imp_status got = imp_mech_init(&mc, n, dim, M, J, qd);
    CHECK(got == st);
    CHECK(mc.fail == f);
    const char *name = imp_mech_fail_field(mc.fail);
    CHECK(name && strcmp(name, field) == 0);
    CHECK(strlen(imp_mech_fail_reason(mc.fail)) > 0);
    CHECK(mc.fail_row == row && mc.fail_col == col);
    imp_coef2d c;
    imp_contact3d c3;
    CHECK(imp_mech_coef2d(&mc, &c) == IMP_EINPUT);
    CHECK(imp_mech_contact3d(&mc, &c3) == IMP_EINPUT);
}

static void test_bad_input(void)
{
    double M[4] = {2, 0.5, 0.5, 1}, J[4] = {1, 0.2, 0.3, 1}, qd[2] = {1, -1};
    double nan = NAN, inf = INFINITY;
    bad(0, 2, M, J, qd, IMP_EINPUT, IMP_MECH_FAIL_SIZE, "n", -1, -1);
    bad(IMP_MECH_NMAX + 1, 2, M, J, qd, IMP_EINPUT, IMP_MECH_FAIL_SIZE, "n", -1, -1);
    bad(2, 4, M, J, qd, IMP_EINPUT, IMP_MECH_FAIL_SIZE, "n", -1, -1);
    double Mn[4] = {2, nan, nan, 1}, Mi[4] = {2, 0.5, 0.5, inf};
    bad(2, 2, Mn, J, qd, IMP_EINPUT, IMP_MECH_FAIL_M_NONFINITE, "M", 0, 1);
    bad(2, 2, Mi, J, qd, IMP_EINPUT, IMP_MECH_FAIL_M_NONFINITE, "M", 1, 1);
    double Ma[4] = {2, 0.5, 0.5 + 1e-8, 1};
    bad(2, 2, Ma, J, qd, IMP_EINPUT, IMP_MECH_FAIL_M_ASYMMETRIC, "M", 0, 1);
    double Mneg[4] = {-2, 0.5, 0.5, 1}, Mind[4] = {1, 2, 2, 1};
    bad(2, 2, Mneg, J, qd, IMP_EINPUT, IMP_MECH_FAIL_M_NOTPD, "M", 0, 0);
    bad(2, 2, Mind, J, qd, IMP_EINPUT, IMP_MECH_FAIL_M_NOTPD, "M", 1, 1);
    double a = 1 - 0x1p-52, Msing[4] = {1, a, a, 1};   /* eigenvalues 2 and ~2e-16 */
    bad(2, 2, Msing, J, qd, IMP_ESINGULAR, IMP_MECH_FAIL_M_SINGULAR, "M", -1, -1);
    double Jn[4] = {1, 0.2, inf, 1};
    bad(2, 2, M, Jn, qd, IMP_EINPUT, IMP_MECH_FAIL_J_NONFINITE, "J", 1, 0);
    double Jpar[4] = {1, 2, 2, 4}, Jzero[4] = {0, 0, 1, 1};
    bad(2, 2, M, Jpar, qd, IMP_ESINGULAR, IMP_MECH_FAIL_J_RANK, "J", -1, -1);
    bad(2, 2, M, Jzero, qd, IMP_ESINGULAR, IMP_MECH_FAIL_J_RANK, "J", -1, -1);
    double J1[2] = {1, 1}, M1[1] = {3}, q1[1] = {1};
    bad(1, 2, M1, J1, q1, IMP_ESINGULAR, IMP_MECH_FAIL_J_RANK, "J", -1, -1);
    double Jnear[4] = {1, 1, 1, 1 + 1e-9};   /* cond(W) ~ 1e19 */
    bad(2, 2, M, Jnear, qd, IMP_ESINGULAR, IMP_MECH_FAIL_J_RANK, "J", -1, -1);
    double J3[6] = {1, 0, 0, 1, 1, 1};   /* 3 rows, 2 coordinates */
    bad(2, 3, M, J3, qd, IMP_ESINGULAR, IMP_MECH_FAIL_J_RANK, "J", -1, -1);
    double qn[2] = {0, nan};
    bad(2, 2, M, J, qn, IMP_EINPUT, IMP_MECH_FAIL_QDOT_NONFINITE, "qdot", 1, -1);
    double Mt[4] = {1e-300, 0, 0, 1e-300}, Jb[4] = {1e200, 0, 0, 1e200};
    bad(2, 2, Mt, Jb, qd, IMP_EOVERFLOW, IMP_MECH_FAIL_OVERFLOW, "M", -1, -1);
    double Jok[4] = {1, 0, 0, 1}, qb[2] = {1e300, 1e300};
    bad(2, 2, M, Jok, qb, IMP_EOVERFLOW, IMP_MECH_FAIL_OVERFLOW, "M", -1, -1);
    /* the wrong dimension for the accessor, on a valid mechanism */
    imp_coef2d c;
    imp_contact3d c3;
    CHECK(imp_mech_init(&mc, 2, 2, M, J, qd) == IMP_OK && mc.fail == IMP_MECH_FAIL_NONE);
    CHECK(imp_mech_fail_field(mc.fail) == NULL);
    CHECK(imp_mech_contact3d(&mc, &c3) == IMP_EINPUT);
    CHECK(imp_mech_coef2d(&mc, &c) == IMP_OK && isfinite(c.D) && c.D > 0);
    /* contact data straight from W */
    double Wbad[9] = {1, 2, 0, 2, 1, 0, 0, 0, 1}, v[3] = {0, -1, 0};
    CHECK(imp_contact3d_from_W(Wbad, v, 0.5, &c3) == IMP_ESINGULAR);
    double Wn[9] = {1, 0, 0, 0, nan, 0, 0, 0, 1};
    CHECK(imp_contact3d_from_W(Wn, v, 0.5, &c3) == IMP_EINPUT);
    double Wc[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1e-13};
    CHECK(imp_contact3d_from_W(Wc, v, 0.5, &c3) == IMP_ESINGULAR && c3.cond > IMP_COND3D_MAX);
}

int main(void)
{
    RUN(test_random);
    RUN(test_bad_input);
    return check_summary();
}
