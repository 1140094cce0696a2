/* One phase of the velocity-level models (multi_ncp.h): Stewart & Trinkle's
 * LCP in 2D (Lemke), the cone problem in 3D (Newton, then Gauss-Seidel),
 * static/kinetic friction, and the result bookkeeping shared by moreau and
 * poisson. */
#include "multi_ncp.h"
#include "lcp.h"

#include <math.h>
#include <string.h>

#define NMAX (3 * IMP_MULTI_MAX)

imp_status imp_multi_check(const imp_multi_problem *p, double *vscale)
{
    if (!p || !p->W || !p->v0 || p->k < 1 || p->k > IMP_MULTI_MAX || (p->d != 2 && p->d != 3))
        return IMP_EINPUT;
    int n = p->d * p->k;
    double vm = 0.0;
    for (int i = 0; i < n; i++) {
        if (!isfinite(p->v0[i])) return IMP_EINPUT;
        vm = fmax(vm, fabs(p->v0[i]));
        for (int j = 0; j < n; j++) if (!isfinite(p->W[i * n + j])) return IMP_EINPUT;
    }
    for (int i = 0; i < p->k; i++) {
        const imp_multi_contact *c = &p->c[i];
        if (!(c->mu_s >= 0 && c->mu_k >= 0 && c->mu_k <= c->mu_s && isfinite(c->mu_s)
              && c->e >= 0 && c->e <= 1))
            return IMP_EINPUT;
    }
    *vscale = vm > 0 ? vm : 1.0;
    return IMP_OK;
}

/* Unknowns per contact: z = (P_n - c, beta+, beta-, lambda), P_t = beta+ - beta-,
 * lambda >= |u_t| the slack (Stewart & Trinkle 1996, two directions in 2D). */
imp_status imp_ncp_lemke2d(const imp_ncp *s, double *P, int *iters)
{
    int k = s->k, m = 4 * k, n = 2 * k;
    double M[IMP_LCP_MAX * IMP_LCP_MAX], q[IMP_LCP_MAX], z[IMP_LCP_MAX], qb[NMAX];
    for (int a = 0; a < n; a++) {              /* u at the floor P = c e_n */
        qb[a] = s->q[a];
        for (int j = 0; j < k; j++) qb[a] += s->W[a * n + 2 * j + 1] * s->c[j];
    }
    memset(M, 0, sizeof(double) * (size_t)m * m);
    for (int i = 0; i < k; i++) {
        int ni = 2 * i + 1, ti = 2 * i;
        double *rn = &M[(4 * i) * m], *rp = &M[(4 * i + 1) * m], *rm = &M[(4 * i + 2) * m];
        for (int j = 0; j < k; j++) {
            int nj = 2 * j + 1, tj = 2 * j;
            rn[4 * j] = s->W[ni * n + nj];
            rn[4 * j + 1] = s->W[ni * n + tj];
            rn[4 * j + 2] = -s->W[ni * n + tj];
            rp[4 * j] = s->W[ti * n + nj];
            rp[4 * j + 1] = s->W[ti * n + tj];
            rp[4 * j + 2] = -s->W[ti * n + tj];
            for (int a = 0; a < 3; a++) rm[4 * j + a] = -rp[4 * j + a];
        }
        rp[4 * i + 3] = 1.0;
        rm[4 * i + 3] = 1.0;
        double *rl = &M[(4 * i + 3) * m];
        rl[4 * i] = s->mu[i];
        rl[4 * i + 1] = rl[4 * i + 2] = -1.0;
        q[4 * i] = qb[ni];
        q[4 * i + 1] = qb[ti];
        q[4 * i + 2] = -qb[ti];
        q[4 * i + 3] = s->mu[i] * s->c[i];
    }
    int piv = 0;
    imp_status st = imp_lcp_lemke(m, M, q, z, NULL, 0, &piv);
    *iters += piv;
    if (st != IMP_OK) return st;
    for (int i = 0; i < k; i++) {
        P[2 * i + 1] = z[4 * i] + s->c[i];
        P[2 * i] = z[4 * i + 1] - z[4 * i + 2];
    }
    /* Pivoting leaves rounding in the complementarity: a Newton polish
     * from Lemke's active set converges in a step or two. */
    double Pn[NMAX];
    memcpy(Pn, P, sizeof(double) * (size_t)n);
    double r0 = imp_ncp_residual(s, P);
    if (r0 > 1e-14) {
        imp_ncp_newton(s, Pn, 10, iters);
        if (imp_ncp_residual(s, Pn) < r0) memcpy(P, Pn, sizeof(double) * (size_t)n);
    }
    return imp_ncp_residual(s, P) <= IMP_NCP_TOL ? IMP_OK : IMP_ENOCONV;
}

static imp_status imp_ncp_solve1(const imp_ncp *s, double *P, int *iters)
{
    if (s->d == 2) {
        imp_status st = imp_ncp_lemke2d(s, P, iters);
        if (st != IMP_ENOCONV) return st;
    }
    int n = s->d * s->k;
    double P0[NMAX];
    memcpy(P0, P, sizeof(double) * (size_t)n);
    imp_status st = imp_ncp_newton(s, P, 50, iters);
    if (st != IMP_ENOCONV) return st;
    if (imp_ncp_residual(s, P) > imp_ncp_residual(s, P0))
        memcpy(P, P0, sizeof(double) * (size_t)n);
    /* The fallback: Gauss-Seidel sweeps with exact blocks, each batch
     * followed by a Newton try from where they got (a polish once near). */
    for (int batch = 0; batch < 100; batch++) {
        st = imp_ncp_pgs(s, P, 20, iters);
        if (st == IMP_OK) return st;
        memcpy(P0, P, sizeof(double) * (size_t)n);
        if (imp_ncp_newton(s, P0, 20, iters) == IMP_OK) {
            memcpy(P, P0, sizeof(double) * (size_t)n);
            return IMP_OK;
        }
    }
    return IMP_ENOCONV;
}

static double imp_tnorm(const double *x, int d)
{
    return d == 2 ? fabs(x[0]) : hypot(x[0], x[2]);
}

imp_status imp_ncp_phase(imp_ncp *s, const imp_multi_contact *ct, double *P,
                         double *res, int *iters)
{
    int k = s->k, d = s->d, n = d * k;
    double P0[NMAX], u[NMAX];
    memcpy(P0, P, sizeof(double) * (size_t)n);
    for (int i = 0; i < k; i++) s->mu[i] = ct[i].mu_s;
    imp_ncp_init_rho(s);
    imp_status st = IMP_OK;
    for (int round = 0; round <= k; round++) {
        if (d == 2) memcpy(P, P0, sizeof(double) * (size_t)n);   /* 3D: warm start */
        st = imp_ncp_solve1(s, P, iters);
        if (st != IMP_OK) break;
        int changed = 0;                /* sliding under mu_s: slide with mu_k */
        for (int a = 0; a < n; a++) {
            u[a] = s->q[a];
            for (int j = 0; j < n; j++) u[a] += s->W[a * n + j] * P[j];
        }
        for (int i = 0; i < k; i++)
            if (s->mu[i] != ct[i].mu_k && P[d * i + 1] > 0
                && imp_tnorm(&u[d * i], d) > 1e-9 * s->vscale) {
                s->mu[i] = ct[i].mu_k;
                changed = 1;
            }
        if (!changed) break;
    }
    *res = imp_ncp_residual(s, P);
    return st;
}

void imp_multi_finish(const imp_multi_problem *p, imp_multi_result *out, double vscale)
{
    int k = p->k, d = p->d, n = d * k;
    double vp = 0.0, pwp = 0.0;
    for (int a = 0; a < n; a++) {
        double wp = 0.0;
        for (int j = 0; j < n; j++) wp += p->W[a * n + j] * out->P[j];
        out->v[a] = p->v0[a] + wp;
        vp += p->v0[a] * out->P[a];
        pwp += out->P[a] * wp;
    }
    out->dT = vp + 0.5 * pwp;
    out->energy_gain = out->dT > 1e-12 * (fabs(vp) + 0.5 * fabs(pwp) + 1e-300);
    double ptol = 0.0;
    for (int a = 0; a < n; a++) ptol = fmax(ptol, fabs(out->P[a]));
    ptol *= 1e-14;
    for (int i = 0; i < k; i++) {
        const double *P = &out->P[d * i], *v = &out->v[d * i], *v0 = &p->v0[d * i];
        double vt = imp_tnorm(v, d);
        if (P[1] <= ptol && imp_tnorm(P, d) <= ptol) out->mode[i] = IMP_MULTI_OPEN;
        else if (vt <= 1e-9 * vscale) out->mode[i] = IMP_MULTI_STICKING;
        else if (d == 2 && v[0] * v0[0] < 0) out->mode[i] = IMP_MULTI_REVERSED;
        else out->mode[i] = IMP_MULTI_SLIDING;
    }
}
