/* Bounded Levenberg-Marquardt on scaled parameters u = theta / typical
 * (Moré 1978: scaling makes the damping invariant to the parameters'
 * units). Each step is solved from the SVD of the scaled Jacobian, never
 * the normal equations (whose condition number is the square of J's):
 * du = -V diag(s / (s^2 + lambda)) U^T r. Bounds by projection, with the
 * parameters at a bound whose gradient points outward held for the step
 * (an active set). The damping follows Nielsen's (1999) gain-ratio rule. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <lapacke.h>

#include "fit_lm.h"
#include "interrupt.h"

imp_status fit_ws_init(fit_ws *w, const imp_fit_problem *pb)
{
    memset(w, 0, sizeof *w);
    w->n = pb->n;
    w->p = pb->p;
    w->resid = pb->resid;
    w->resid_many = pb->resid_many;
    w->ctx = pb->ctx;
    w->max_iter = pb->max_iter > 0 ? pb->max_iter : 200;
    size_t n = (size_t)pb->n, p = (size_t)pb->p;
    w->J = malloc(sizeof(double) * n * p);
    w->A = malloc(sizeof(double) * n * p);
    w->U = malloc(sizeof(double) * n * p);
    w->rt = malloc(sizeof(double) * n * 4);
    if (pb->resid_many) w->Jr = malloc(sizeof(double) * n * 2 * p);
    if (!w->J || !w->A || !w->U || !w->rt || (pb->resid_many && !w->Jr)) {
        fit_ws_free(w);
        return IMP_ENOMEM;
    }
    w->r1 = w->rt + n;
    w->r2 = w->r1 + n;
    w->r3 = w->r2 + n;
    return IMP_OK;
}

void fit_ws_free(fit_ws *w)
{
    free(w->J);
    free(w->A);
    free(w->U);
    free(w->rt);
    free(w->Jr);
    w->J = w->A = w->U = w->rt = w->Jr = NULL;
}

imp_status fit_eval(fit_ws *w, const double *theta, double *r, double *rss)
{
    if (imp_interrupt_pending()) return IMP_EINTERRUPT;
    w->evals++;
    if (w->resid(w->ctx, theta, r) != 0) return IMP_ELAW;
    double s = 0.0;
    for (int i = 0; i < w->n; i++) s += r[i] * r[i];
    *rss = isfinite(s) ? s : HUGE_VAL;
    return IMP_OK;
}

/* The step of parameter k at x: central (2 points x + hp, x - hm) when
 * both fit inside the bounds, else one-sided second order (x + h1,
 * x + 2 h1). Returns 1 for central. */
static int fd_step(const fit_ws *w, int k, double x, double *a, double *b)
{
    double lo = w->lo[k], hi = w->hi[k];
    /* h = eps^(1/3) max(|x|, typical): central differences' truncation
     * and rounding errors balance there */
    double h = cbrt(DBL_EPSILON) * fmax(fabs(x), w->typ[k]);
    if (hi - lo < 4.0 * h) h = (hi - lo) / 4.0;
    if (x - h >= lo && x + h <= hi) {
        *a = (x + h) - x;   /* the steps taken, exactly */
        *b = x - (x - h);
        return 1;
    }
    double s = (x + 2.0 * h <= hi) ? 1.0 : -1.0;
    *a = (x + s * h) - x;
    *b = 2.0 * *a;
    return 0;
}

/* Column j of J from the residuals r1, r2 at the two points of fd_step. */
static imp_status fd_column(fit_ws *w, int j, int k, int central, double a, double b,
                            const double *r, const double *r1, const double *r2)
{
    const int n = w->n;
    double *col = w->J + (size_t)j * (size_t)n;
    if (central)
        for (int i = 0; i < n; i++) col[i] = (r1[i] - r2[i]) / (a + b);
    else   /* one-sided, second order: (-3 r0 + 4 r(x+h) - r(x+2h)) / 2h */
        for (int i = 0; i < n; i++) col[i] = (-3.0 * r[i] + 4.0 * r1[i] - r2[i]) / (2.0 * a);
    for (int i = 0; i < n; i++) {
        col[i] *= w->typ[k];
        if (!isfinite(col[i])) return IMP_EOVERFLOW;
    }
    return IMP_OK;
}

imp_status fit_jacobian(fit_ws *w, const double *theta, const double *r, const int *idx, int m)
{
    double th[IMP_FIT_MAXP], rss, a[IMP_FIT_MAXP], b[IMP_FIT_MAXP];
    int central[IMP_FIT_MAXP];
    const int n = w->n, p = w->p;
    imp_status st;
    for (int j = 0; j < m; j++) central[j] = fd_step(w, idx[j], theta[idx[j]], &a[j], &b[j]);
    if (w->resid_many) {
        /* every point in one call: the model spreads them over its threads */
        double pts[2 * IMP_FIT_MAXP * IMP_FIT_MAXP];
        for (int j = 0; j < m; j++) {
            int k = idx[j];
            double *p1 = pts + (size_t)(2 * j) * (size_t)p, *p2 = p1 + p;
            memcpy(p1, theta, sizeof(double) * (size_t)p);
            memcpy(p2, theta, sizeof(double) * (size_t)p);
            p1[k] = theta[k] + a[j];
            p2[k] = central[j] ? theta[k] - b[j] : theta[k] + b[j];
        }
        if (imp_interrupt_pending()) return IMP_EINTERRUPT;
        w->evals += 2 * m;
        if (w->resid_many(w->ctx, 2 * m, pts, w->Jr) != 0) return IMP_ELAW;
        for (int j = 0; j < m; j++) {
            const double *r1 = w->Jr + (size_t)(2 * j) * (size_t)n, *r2 = r1 + n;
            if ((st = fd_column(w, j, idx[j], central[j], a[j], b[j], r, r1, r2))) return st;
        }
        return IMP_OK;
    }
    memcpy(th, theta, sizeof(double) * (size_t)p);
    for (int j = 0; j < m; j++) {
        int k = idx[j];
        double x = theta[k];
        th[k] = x + a[j];
        if ((st = fit_eval(w, th, w->r1, &rss))) return st;
        th[k] = central[j] ? x - b[j] : x + b[j];
        if ((st = fit_eval(w, th, w->r2, &rss))) return st;
        th[k] = x;
        if ((st = fd_column(w, j, k, central[j], a[j], b[j], r, w->r1, w->r2))) return st;
    }
    return IMP_OK;
}

imp_status fit_svd(fit_ws *w, int m, double *s, double *VT)
{
    const int n = w->n, k = n < m ? n : m;
    double superb[IMP_FIT_MAXP];
    memcpy(w->A, w->J, sizeof(double) * (size_t)n * (size_t)m);
    lapack_int info = LAPACKE_dgesvd(LAPACK_COL_MAJOR, 'S', 'S', n, m, w->A, n, s, w->U, n,
                                     VT, k, superb);
    if (info < 0) return IMP_ELAPACK;
    if (info > 0) return IMP_ENOCONV;
    return IMP_OK;
}

static double clampd(double x, double lo, double hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

imp_status fit_lm(fit_ws *w, double *theta, const int *fixed, double *r, double *rss,
                  int *converged, int *iters)
{
    const int n = w->n, p = w->p;
    int free_idx[IMP_FIT_MAXP], nf = 0;
    for (int k = 0; k < p; k++)
        if (!fixed || !fixed[k]) free_idx[nf++] = k;
    *converged = 0;
    *iters = 0;
    if (nf == 0 || *rss == 0.0) {
        *converged = 1;
        return IMP_OK;
    }
    if (!isfinite(*rss)) return IMP_OK;   /* a start where the model fails: not converged */
    double lambda = -1.0, nu = 2.0;
    double s[IMP_FIT_MAXP], VT[IMP_FIT_MAXP * IMP_FIT_MAXP], g[IMP_FIT_MAXP];
    double th_t[IMP_FIT_MAXP], du[IMP_FIT_MAXP];
    for (int it = 0; it < w->max_iter; it++) {
        *iters = it + 1;
        imp_status st = fit_jacobian(w, theta, r, free_idx, nf);
        if (st) return st;
        /* the projected gradient J^T r: a parameter at a bound that the
         * descent direction would push out is held for this step */
        int act[IMP_FIT_MAXP], m = 0;
        double rn = sqrt(*rss), gcos = 0.0;
        for (int j = 0; j < nf; j++) {
            const double *col = w->J + (size_t)j * (size_t)n;
            double gj = 0.0, cn = 0.0;
            for (int i = 0; i < n; i++) { gj += col[i] * r[i]; cn += col[i] * col[i]; }
            int k = free_idx[j];
            int out = (theta[k] <= w->lo[k] && gj > 0.0) || (theta[k] >= w->hi[k] && gj < 0.0);
            if (out) continue;
            if (cn > 0.0) gcos = fmax(gcos, fabs(gj) / (sqrt(cn) * rn));
            if (m != j)
                memcpy(w->J + (size_t)m * (size_t)n, col, sizeof(double) * (size_t)n);
            act[m++] = k;
        }
        /* the gradient is orthogonal to every column (MINPACK's gtol test) */
        if (m == 0 || gcos <= 1e-10) { *converged = 1; return IMP_OK; }
        if ((st = fit_svd(w, m, s, VT))) return st;
        int kk = n < m ? n : m;
        if (!(s[0] > 0.0)) { *converged = 1; return IMP_OK; }   /* flat: nothing moves rss */
        for (int i = 0; i < kk; i++) {
            g[i] = 0.0;
            const double *ui = w->U + (size_t)i * (size_t)n;
            for (int l = 0; l < n; l++) g[i] += ui[l] * r[l];
        }
        if (lambda < 0.0) lambda = 1e-3 * s[0] * s[0];
        int accepted = 0;
        for (int tries = 0; tries < 40 && !accepted; tries++) {
            memcpy(th_t, theta, sizeof(double) * (size_t)p);
            double dn = 0.0, un = 0.0;
            for (int j = 0; j < m; j++) {
                double d = 0.0;
                for (int i = 0; i < kk; i++)
                    if (s[i] > 0.0) d -= VT[i + (size_t)j * kk] * s[i] / (s[i] * s[i] + lambda) * g[i];
                int k = act[j];
                th_t[k] = clampd(theta[k] + w->typ[k] * d, w->lo[k], w->hi[k]);
                du[j] = (th_t[k] - theta[k]) / w->typ[k];
                dn += du[j] * du[j];
                un += theta[k] / w->typ[k] * theta[k] / w->typ[k];
            }
            if (sqrt(dn) <= 1e-12 * (1.0 + sqrt(un))) { *converged = 1; return IMP_OK; }
            /* the model's prediction |r + J du|^2 for the projected step */
            double pred = 0.0;
            for (int i = 0; i < n; i++) {
                double v = r[i];
                for (int j = 0; j < m; j++) v += w->J[i + (size_t)j * (size_t)n] * du[j];
                pred += v * v;
            }
            pred = *rss - pred;
            double rss_t;
            if ((st = fit_eval(w, th_t, w->rt, &rss_t))) return st;
            double rho = pred > 0.0 ? (*rss - rss_t) / pred : -1.0;
            if (rss_t < *rss && rho > 1e-4) {
                double rel = (*rss - rss_t) / *rss;
                memcpy(theta, th_t, sizeof(double) * (size_t)p);
                memcpy(r, w->rt, sizeof(double) * (size_t)n);
                *rss = rss_t;
                double f = 2.0 * rho - 1.0;
                lambda *= fmax(1.0 / 3.0, 1.0 - f * f * f);
                nu = 2.0;
                accepted = 1;
                if (rel <= 1e-14 || rss_t == 0.0) { *converged = 1; return IMP_OK; }
            } else {
                lambda *= nu;
                nu *= 2.0;
            }
        }
        /* no step of any length lowers rss: a minimum to the Jacobian's accuracy */
        if (!accepted) { *converged = gcos <= 1e-6; return IMP_OK; }
    }
    return IMP_OK;
}
