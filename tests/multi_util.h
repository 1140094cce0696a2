/* Helpers for the multiple-impact model tests: W = J M^-1 J^T from a
 * mechanism, random problems, and the invariants every velocity-level
 * model must satisfy. */
#ifndef IMPACT_TEST_MULTI_UTIL_H
#define IMPACT_TEST_MULTI_UTIL_H

#include "check.h"
#include "multi_models.h"

#include <lapacke.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#define MU_NQ 24   /* generalized coordinates at most */

static uint64_t mu_rng_ = 88172645463325252ull;
static inline double mu_rand(void)      /* xorshift64, uniform in [0, 1) */
{
    mu_rng_ ^= mu_rng_ << 13; mu_rng_ ^= mu_rng_ >> 7; mu_rng_ ^= mu_rng_ << 17;
    return (double)(mu_rng_ >> 11) / 9007199254740992.0;
}
static inline double mu_uni(double a, double b) { return a + (b - a) * mu_rand(); }

/* Minv (nq x nq) from M by Cholesky; W (m x m) = J Minv J^T, J m x nq. */
static inline void mu_delassus(int m, int nq, const double *M, const double *J, double *Minv, double *W)
{
    memcpy(Minv, M, sizeof(double) * (size_t)nq * nq);
    LAPACKE_dpotrf(LAPACK_ROW_MAJOR, 'L', nq, Minv, nq);
    LAPACKE_dpotri(LAPACK_ROW_MAJOR, 'L', nq, Minv, nq);
    for (int i = 0; i < nq; i++) for (int j = i + 1; j < nq; j++) Minv[i * nq + j] = Minv[j * nq + i];
    for (int a = 0; a < m; a++)
        for (int b = 0; b < m; b++) {
            double s = 0;
            for (int i = 0; i < nq; i++)
                for (int j = 0; j < nq; j++) s += J[a * nq + i] * Minv[i * nq + j] * J[b * nq + j];
            W[a * m + b] = s;
        }
}

/* qdot' = qdot + Minv J^T P */
static inline void mu_qdot_after(int m, int nq, const double *Minv, const double *J, const double *P,
                          const double *qd, double *qd2)
{
    for (int i = 0; i < nq; i++) {
        double s = qd[i];
        for (int j = 0; j < nq; j++)
            for (int a = 0; a < m; a++) s += Minv[i * nq + j] * J[a * nq + j] * P[a];
        qd2[i] = s;
    }
}

static inline void mu_matvec(int m, int nq, const double *J, const double *x, double *y)
{
    for (int a = 0; a < m; a++) {
        double s = 0;
        for (int i = 0; i < nq; i++) s += J[a * nq + i] * x[i];
        y[a] = s;
    }
}

/* A random mechanism: nq dofs, M = A A^T + nq I scaled, J random (m = d k). */
typedef struct { int k, d, nq; double M[MU_NQ * MU_NQ], Minv[MU_NQ * MU_NQ], J[48 * MU_NQ],
                 W[48 * 48], v0[48], qd[MU_NQ]; imp_multi_problem p; } mu_random;

static inline void mu_make_random(mu_random *r, int k, int d, int frictionless, double emax)
{
    int m = d * k, nq = r->nq = m + (int)(mu_rand() * 4);
    if (mu_rand() < 0.3 && m > 3) nq = r->nq = m - 1 - (int)(mu_rand() * 2);  /* redundant contacts */
    if (nq > MU_NQ) nq = r->nq = MU_NQ;
    r->k = k; r->d = d;
    double A[MU_NQ * MU_NQ];
    for (int i = 0; i < nq * nq; i++) A[i] = mu_uni(-1, 1);
    for (int i = 0; i < nq; i++)
        for (int j = 0; j < nq; j++) {
            double s = i == j ? 0.2 : 0;
            for (int l = 0; l < nq; l++) s += A[i * nq + l] * A[j * nq + l];
            r->M[i * nq + j] = s;
        }
    for (int i = 0; i < m * nq; i++) r->J[i] = mu_uni(-1, 1);
    mu_delassus(m, nq, r->M, r->J, r->Minv, r->W);
    for (int i = 0; i < nq; i++) r->qd[i] = mu_uni(-1, 1);
    mu_matvec(m, nq, r->J, r->qd, r->v0);
    memset(&r->p, 0, sizeof r->p);
    r->p.k = k; r->p.d = d; r->p.W = r->W; r->p.v0 = r->v0;
    for (int i = 0; i < k; i++) {
        double ms = frictionless ? 0 : mu_uni(0, 1.2);
        r->p.c[i].mu_s = ms;
        r->p.c[i].mu_k = mu_rand() < 0.3 ? ms * mu_uni(0.5, 1) : ms;
        r->p.c[i].e = mu_uni(0, emax);
    }
}

static inline double mu_tn(const double *x, int d) { return d == 2 ? fabs(x[0]) : hypot(x[0], x[2]); }

/* Invariants shared by the models; poisson: 1 checks its normal condition
 * v_n >= 0 instead of Newton's. Returns the worst normalized violation. */
static inline double mu_check_invariants(const imp_multi_problem *p, const imp_multi_result *r, int poisson)
{
    int d = p->d, n = d * p->k;
    double vs = 0, ps = 0, worst = 0;
    for (int a = 0; a < n; a++) { vs = fmax(vs, fabs(p->v0[a])); ps = fmax(ps, fabs(r->P[a])); }
    if (vs == 0) vs = 1;
    double wd = 0;                      /* impulse scale: at least |v0| / max W_ii */
    for (int a = 0; a < n; a++) wd = fmax(wd, p->W[a * n + a]);
    ps = fmax(ps, wd > 0 ? vs / wd : 1);
    for (int a = 0; a < n; a++) CHECK(isfinite(r->P[a]) && isfinite(r->v[a]));
    CHECK(r->residual <= 1e-10);
    for (int i = 0; i < p->k; i++) {
        const double *P = &r->P[d * i], *v = &r->v[d * i];
        double un = v[1] + (poisson ? 0 : p->c[i].e * fmin(p->v0[d * i + 1], 0));
        worst = fmax(worst, -P[1] / ps);                                   /* P_n >= 0 */
        worst = fmax(worst, (mu_tn(P, d) - p->c[i].mu_s * P[1]) / ps);     /* the cone */
        worst = fmax(worst, -un / vs);                                     /* u_n >= 0 */
        if (!poisson) worst = fmax(worst, fmin(P[1] / ps, fabs(un) / vs)); /* P_n u_n = 0 */
        else {                   /* expansion: (P^E_n - e P^C_n) v_n = 0 */
            double pc = r->Pc[i], pe = P[1] - pc;
            worst = fmax(worst, fmin(fabs(pe - p->c[i].e * pc) / ps, fabs(un) / vs));
            worst = fmax(worst, (p->c[i].e * pc - pe) / ps);
        }
        double vt = mu_tn(v, d);
        if (!poisson && vt > 1e-8 * vs && P[1] > 1e-12 * ps) {   /* sliding: P_t = -mu_k P_n v_t/|v_t| */
            double ex = fabs(P[0] + p->c[i].mu_k * P[1] * v[0] / vt);
            if (d == 3) ex = hypot(ex, P[2] + p->c[i].mu_k * P[1] * v[2] / vt);
            worst = fmax(worst, ex / ps);
        }
    }
    return worst;
}

static inline double mu_now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec * 1e-3;
}

#endif
