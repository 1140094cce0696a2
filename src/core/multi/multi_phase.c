/* One phase of the velocity-level models (multi_ncp.h): Stewart & Trinkle's
 * LCP in 2D (Lemke), the cone problem in 3D (Newton, then Gauss-Seidel),
 * static/kinetic friction, and the result bookkeeping shared by moreau and
 * poisson. */
#include "multi_ncp.h"
#include "lcp.h"

#include <math.h>
#include <stdlib.h>
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

/* Unknowns per contact: z = (P_n - c, beta_1..beta_nd, lambda), the
 * tangential impulse P_t = sum beta_j D_j over nd unit directions and
 * lambda >= max_j -D_j.u_t the slack (Stewart & Trinkle 1996). In 2D the
 * two directions +-x make it exact; in 3D the polygon inscribed in the
 * cone gives Newton a start near the solution (Anitescu & Potra 1997). */
imp_status imp_ncp_lemke(const imp_ncp *s, int nd, double *P, int *iters)
{
    int k = s->k, d = s->d, n = d * k, mc = nd + 2, m = mc * k;
    double q[IMP_LCP_MAX] = {0}, z[IMP_LCP_MAX], qb[NMAX], tx[IMP_NCP_DIRS], tz[IMP_NCP_DIRS];
    if (m > IMP_LCP_MAX || nd > IMP_NCP_DIRS) return IMP_EINPUT;
    double *M = malloc(sizeof(double) * (size_t)m * (size_t)(m + n));
    if (!M) return IMP_ENOMEM;
    double *WG = M + (size_t)m * m;      /* n x m: W times the map z -> P */
    for (int j = 0; j < nd; j++) {
        double th = 2 * M_PI * j / nd;
        tx[j] = d == 2 ? (j ? -1.0 : 1.0) : cos(th);
        tz[j] = d == 2 ? 0.0 : sin(th);
    }
    for (int a = 0; a < n; a++) {              /* u at the floor P = c e_n; W G */
        qb[a] = s->q[a];
        for (int j = 0; j < k; j++) {
            const double *w = &s->W[a * n + d * j];
            qb[a] += w[1] * s->c[j];
            double *g = &WG[a * m + mc * j];
            g[0] = w[1];
            for (int b = 0; b < nd; b++) g[1 + b] = tx[b] * w[0] + (d == 3 ? tz[b] * w[2] : 0.0);
            g[nd + 1] = 0.0;
        }
    }
    memset(M, 0, sizeof(double) * (size_t)m * m);
    for (int i = 0; i < k; i++) {
        int r0 = mc * i, tn = d * i + 1, t0 = d * i, t2 = d * i + 2;
        memcpy(&M[r0 * m], &WG[tn * m], sizeof(double) * (size_t)m);
        q[r0] = qb[tn];
        for (int b = 0; b < nd; b++) {
            double *row = &M[(r0 + 1 + b) * m];
            for (int c = 0; c < m; c++)
                row[c] = tx[b] * WG[t0 * m + c] + (d == 3 ? tz[b] * WG[t2 * m + c] : 0.0);
            row[r0 + nd + 1] = 1.0;
            q[r0 + 1 + b] = tx[b] * qb[t0] + (d == 3 ? tz[b] * qb[t2] : 0.0);
        }
        /* mu P_n - sum z_t >= 0; over mu when mu is beyond any friction
         * (1e8: physical ones keep their bits); a positive row scale leaves
         * an LCP's solutions as they are: mu = 1e300 made Lemke's pivots
         * meaningless and the cradle "had no solution" */
        double *rl = &M[(r0 + nd + 1) * m], mu = s->mu[i];
        int over = mu > 1e8;
        rl[r0] = over ? 1.0 : mu;
        for (int b = 0; b < nd; b++) rl[r0 + 1 + b] = over ? -1.0 / mu : -1.0;
        q[r0 + nd + 1] = over ? s->c[i] : mu * s->c[i];
    }
    int piv = 0;
    imp_status st = imp_lcp_lemke(m, M, q, z, NULL, 0, &piv);
    free(M);
    *iters += piv;
    if (st != IMP_OK) return st;
    for (int i = 0; i < k; i++) {
        double *Pi = &P[d * i];
        Pi[1] = z[mc * i] + s->c[i];
        Pi[0] = 0.0;
        if (d == 3) Pi[2] = 0.0;
        for (int b = 0; b < nd; b++) {
            Pi[0] += tx[b] * z[mc * i + 1 + b];
            if (d == 3) Pi[2] += tz[b] * z[mc * i + 1 + b];
        }
    }
    return IMP_OK;
}

/* Pivoting leaves rounding in the complementarity (2D) or the polygon's
 * error (3D): Newton from Lemke's active set, kept only if better. */
static imp_status imp_ncp_polish(const imp_ncp *s, double *P, int maxit, int *iters)
{
    int n = s->d * s->k;
    double Pn[NMAX], r0 = imp_ncp_residual(s, P);
    memcpy(Pn, P, sizeof(double) * (size_t)n);
    if (r0 > 1e-14) {
        imp_ncp_newton(s, Pn, maxit, iters);
        if (imp_ncp_residual(s, Pn) < r0) memcpy(P, Pn, sizeof(double) * (size_t)n);
    }
    return imp_ncp_residual(s, P) <= IMP_NCP_TOL ? IMP_OK : IMP_ENOCONV;
}

static imp_status imp_ncp_solve1(const imp_ncp *s, double *P, int *iters)
{
    int n = s->d * s->k;
    double P0[NMAX], Pl[NMAX];
    imp_status st;
    int ray = 0;
    if (s->d == 2) {                  /* exact: Lemke's answer (or ray) is final */
        st = imp_ncp_lemke(s, 2, P, iters);
        if (st != IMP_OK || imp_ncp_polish(s, P, 10, iters) == IMP_OK) return st;
    } else {                          /* 3D: Newton from the start (cheap when it works) */
        memcpy(P0, P, sizeof(double) * (size_t)n);
        st = imp_ncp_newton(s, P, 50, iters);
        if (st != IMP_ENOCONV) return st;
        if (imp_ncp_residual(s, P0) < imp_ncp_residual(s, P))
            memcpy(P, P0, sizeof(double) * (size_t)n);
        /* Polygons of 8, 16, 32 sides, each a closer start for Newton. */
        for (int nd = 8; nd <= IMP_NCP_DIRS && (nd + 2) * s->k <= IMP_LCP_MAX; nd *= 2) {
            memcpy(Pl, P0, sizeof(double) * (size_t)n);
            st = imp_ncp_lemke(s, nd, Pl, iters);
            if (st == IMP_OK || st == IMP_ENOSOLUTION)   /* the finest polygon */
                ray = st == IMP_ENOSOLUTION;                /* that ended counts */
            if (st != IMP_OK) continue;
            if (imp_ncp_polish(s, Pl, 50, iters) == IMP_OK) {
                memcpy(P, Pl, sizeof(double) * (size_t)n);
                return IMP_OK;
            }
            if (imp_ncp_residual(s, Pl) < imp_ncp_residual(s, P))
                memcpy(P, Pl, sizeof(double) * (size_t)n);
        }
    }
    /* The fallback: Gauss-Seidel sweeps with exact blocks, each batch
     * followed by a Newton try from where they got (a polish once near). */
    for (int batch = 0; batch < (ray ? 10 : 100); batch++) {
        st = imp_ncp_pgs(s, P, 20, iters);
        if (st == IMP_OK) return st;
        memcpy(P0, P, sizeof(double) * (size_t)n);
        if (imp_ncp_newton(s, P0, 20, iters) == IMP_OK) {
            memcpy(P, P0, sizeof(double) * (size_t)n);
            return IMP_OK;
        }
    }
    /* Lemke's ray on the finest polygonal cone: most likely no solution
     * (Newton's targets with large friction, as Lemke's ray in 2D). */
    return ray ? IMP_ENOSOLUTION : IMP_ENOCONV;
}

static double imp_tnorm(const double *x, int d)
{
    return d == 2 ? fabs(x[0]) : hypot(x[0], x[2]);
}

/* Rounding can leave P a few ulps outside its set (P_n < c, or P_t of
 * 1e-17 on an open contact): put it back, so that the cone holds exactly. */
static void imp_ncp_clamp(const imp_ncp *s, double *P)
{
    for (int i = 0; i < s->k; i++) {
        double *Pi = &P[s->d * i];
        if (Pi[1] < s->c[i]) Pi[1] = s->c[i];
        double pt = imp_tnorm(Pi, s->d), lim = s->mu[i] * Pi[1];
        if (pt > lim) {
            double f = pt > 0 ? lim / pt : 0.0;
            Pi[0] *= f;
            if (s->d == 3) Pi[2] *= f;
        }
    }
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
    if (st == IMP_OK) {   /* the clamp is kept only where it keeps the residual */
        double Pu[NMAX], r0 = *res;
        memcpy(Pu, P, sizeof(double) * (size_t)n);
        imp_ncp_clamp(s, P);
        *res = imp_ncp_residual(s, P);
        if (!(*res <= IMP_NCP_TOL) && r0 <= IMP_NCP_TOL) {
            memcpy(P, Pu, sizeof(double) * (size_t)n);
            *res = r0;
        }
        /* a solved phase has a finite residual within the tolerance, never inf */
        if (!(*res <= IMP_NCP_TOL)) st = IMP_ENOCONV;
    }
    return st;
}

imp_status imp_multi_finish(const imp_multi_problem *p, imp_multi_result *out, double vscale)
{
    int k = p->k, d = p->d, n = d * k;
    double vp = 0.0, pwp = 0.0, ab = 0.0;
    for (int a = 0; a < n; a++) {
        double wp = 0.0, abs_a = 0.0;
        for (int j = 0; j < n; j++) {
            wp += p->W[a * n + j] * out->P[j];
            abs_a += fabs(p->W[a * n + j] * out->P[j]);
        }
        ab = fmax(ab, abs_a);
        out->v[a] = p->v0[a] + wp;
        vp += p->v0[a] * out->P[a];
        pwp += out->P[a] * wp;
    }
    imp_multi_velocity(n, p->W, p->v0, out->P, out->v);   /* v and dT to a few ulps */
    out->dT = imp_multi_work(n, out->P, p->v0, out->v);
    if (!isfinite(out->dT) || !isfinite(vp + 0.5 * pwp) || 2.3e-16 * ab > 1e-10 * vscale) {
        memset(out, 0, sizeof *out);
        return IMP_EOVERFLOW;
    }
    out->energy_gain = out->dT > 1e-12 * (fabs(vp) + 0.5 * fabs(pwp) + 1e-300);
    double ptol = 0.0, wmax = 0.0;     /* impulse scale: at least vscale / max W_ii */
    for (int a = 0; a < n; a++) {
        ptol = fmax(ptol, fabs(out->P[a]));
        wmax = fmax(wmax, p->W[a * n + a]);
    }
    ptol = 1e-14 * fmax(ptol, wmax > 0 ? vscale / wmax : 0.0);
    for (int i = 0; i < k; i++) {
        const double *P = &out->P[d * i], *v = &out->v[d * i], *v0 = &p->v0[d * i];
        double vt = imp_tnorm(v, d);
        if (P[1] <= ptol && imp_tnorm(P, d) <= ptol) out->mode[i] = IMP_MULTI_OPEN;
        else if (vt <= 1e-9 * vscale) out->mode[i] = IMP_MULTI_STICKING;
        else if (d == 2 && v[0] * v0[0] < 0) out->mode[i] = IMP_MULTI_REVERSED;
        else out->mode[i] = IMP_MULTI_SLIDING;
    }
    return IMP_OK;
}
