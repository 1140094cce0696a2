/* Profile-likelihood intervals (Bates & Watts 1988, 6.1): for parameter k,
 * the set {theta_k : S(theta_k) <= rss (1 + F_{level; 1, n-p} / (n - p))}
 * where S(theta_k) is the least rss with theta_k held (a constrained
 * Levenberg-Marquardt over the others, warm-started along the profile).
 * Each end is found on g = sqrt(S - rss) - sqrt(T - rss), nearly linear in
 * theta_k (the profile t statistic, Bates & Watts 6.1.1): steps out from
 * the estimate by the secant's prediction until g changes sign, then the
 * Illinois variant of regula falsi. A profile that reaches a bound without
 * crossing leaves that end at the bound (open); one open at both ends
 * cannot be identified from the data. */
#include <math.h>
#include <string.h>

#include "fit_lm.h"
#include "interrupt.h"

imp_status fit_profile(fit_ws *w, const imp_fit_problem *pb, imp_fit_result *res, double *better_theta,
                       int *better);

typedef struct {
    fit_ws *w;
    int k;
    double th[IMP_FIT_MAXP];   /* the latest profile optimum (warm start) */
    double rss_hat, c;         /* c = sqrt(T - rss) */
    /* a point with rss below the fit's, met on a profile: the fit stopped
     * in a basin that is not the lowest, and is redone from here */
    double best_rss, best_th[IMP_FIT_MAXP];
    int better;
} prof;

/* g at theta_k = x */
static imp_status g_at(prof *pf, double x, double *g)
{
    int fixed[IMP_FIT_MAXP] = {0}, conv, iters;
    double rss;
    fixed[pf->k] = 1;
    pf->th[pf->k] = x;
    imp_status st = fit_eval(pf->w, pf->th, pf->w->r3, &rss);
    if (st) return st;
    if ((st = fit_lm(pf->w, pf->th, fixed, pf->w->r3, &rss, &conv, &iters))) return st;
    if (rss < pf->best_rss) {
        pf->best_rss = rss;
        memcpy(pf->best_th, pf->th, sizeof(double) * (size_t)pf->w->p);
        pf->better = 1;
    }
    *g = sqrt(fmax(rss - pf->rss_hat, 0.0)) - pf->c;
    return IMP_OK;
}

/* One end (side = -1 or +1): *x_end, *open. */
static imp_status side_end(prof *pf, const double *theta, double se, int side, double *x_end, int *open)
{
    fit_ws *w = pf->w;
    const int k = pf->k;
    const double bound = side > 0 ? w->hi[k] : w->lo[k];
    memcpy(pf->th, theta, sizeof(double) * (size_t)w->p);
    double xa = theta[k], ga = -pf->c, xb = xa, gb = ga;
    double delta = isfinite(se) && se > 0.0 ? se : w->typ[k];
    *open = 0;
    imp_status st;
    int bracketed = 0;
    for (int it = 0; it < 80 && !bracketed; it++) {
        if (imp_interrupt_pending()) return IMP_EINTERRUPT;
        double x = xa + side * delta;
        if ((side > 0 && !(x < bound)) || (side < 0 && !(x > bound))) x = bound;
        if (x == xa) { *open = 1; *x_end = bound; return IMP_OK; }
        double g;
        if ((st = g_at(pf, x, &g))) return st;
        if (pf->better) return IMP_OK;
        if (g >= 0.0) { xb = x; gb = g; bracketed = 1; break; }
        if (x == bound) { *open = 1; *x_end = bound; return IMP_OK; }
        /* the secant through the last two points predicts the crossing;
         * step a little past it, between one and four times the last step */
        double slope = (g - ga) / fabs(x - xa), step = 2.0 * delta;
        if (slope > 0.0) step = fmin(fmax(1.2 * (-g / slope), delta), 4.0 * delta);
        xa = x; ga = g; delta = step;
    }
    if (!bracketed) { *open = 1; *x_end = bound; return IMP_OK; }
    /* Illinois: regula falsi, halving the kept end's g when it stays */
    double tol = 1e-9 * (fabs(xa) + w->typ[k]);
    for (int it = 0; it < 60; it++) {
        double x = xb - gb * (xb - xa) / (gb - ga), g;
        if (!(fabs(gb - ga) > 0.0) || !isfinite(x)) x = 0.5 * (xa + xb);
        if ((st = g_at(pf, x, &g))) return st;
        if (pf->better) return IMP_OK;
        if (fabs(g) <= 1e-8 * pf->c || fabs(xb - xa) <= tol) { *x_end = x; return IMP_OK; }
        if ((g > 0.0) != (gb > 0.0)) { xa = xb; ga = gb; } else ga *= 0.5;
        xb = x; gb = g;
    }
    *x_end = xb;
    return IMP_OK;
}

imp_status fit_profile(fit_ws *w, const imp_fit_problem *pb, imp_fit_result *res, double *better_theta,
                       int *better)
{
    const int p = pb->p;
    prof pf;
    pf.w = w;
    pf.rss_hat = res->rss;
    pf.best_rss = res->rss * (1.0 - 1e-8);
    pf.better = 0;
    *better = 0;
    pf.c = sqrt(res->rss * res->fq / (pb->n - p));
    for (int k = 0; k < p; k++) {
        if (res->confounded[k]) {
            res->prof_lo[k] = w->lo[k];
            res->prof_hi[k] = w->hi[k];
            res->prof_open_lo[k] = res->prof_open_hi[k] = 1;
            continue;
        }
        if (!(pf.c > 0.0)) {   /* an exact fit: no spread to profile */
            res->prof_lo[k] = res->prof_hi[k] = res->theta[k];
            continue;
        }
        pf.k = k;
        imp_status st = side_end(&pf, res->theta, res->se[k], -1, &res->prof_lo[k], &res->prof_open_lo[k]);
        if (!st && !pf.better)
            st = side_end(&pf, res->theta, res->se[k], +1, &res->prof_hi[k], &res->prof_open_hi[k]);
        if (st) return st;
        if (pf.better) {
            memcpy(better_theta, pf.best_th, sizeof(double) * (size_t)p);
            *better = 1;
            return IMP_OK;
        }
        if (res->prof_open_lo[k] && res->prof_open_hi[k]) {
            res->identifiable = 0;   /* flat between the bounds */
            res->confounded[k] = 1;
        }
    }
    return IMP_OK;
}
