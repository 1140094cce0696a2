/* imp_fit: several Levenberg-Marquardt runs (the user's start, then a
 * Latin hypercube in the bounds: outcomes are only piecewise smooth in the
 * parameters, as contact modes switch), the best kept; then the statistics
 * at the optimum from the SVD of the scaled Jacobian: s^2 = rss/(n - p),
 * cov = s^2 (J^T J)^+ (the pseudo-inverse, so a rank-deficient J still
 * gives the spread along the directions the data see), Wald intervals
 * theta +- t se, and identifiability (a singular value below sqrt(eps)
 * s_max: the data cannot see its right singular vector; Bates & Watts
 * 1988, 2.3). The profile intervals are in fit_profile.c. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "fit_lm.h"

imp_status fit_profile(fit_ws *w, const imp_fit_problem *pb, imp_fit_result *res, double *better_theta,
                       int *better);

/* splitmix64 (Steele, Lea & Flood 2014): a seeded, portable stream */
static unsigned long long mix(unsigned long long *s)
{
    unsigned long long z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static double uniform(unsigned long long *s)
{
    return (double)(mix(s) >> 11) * 0x1.0p-53;
}

/* The box the extra starts are drawn from: the bounds, or two typical
 * magnitudes either side of the start where a bound is missing. */
static void start_box(const fit_ws *w, const double *start, int k, double *a, double *b)
{
    *a = isfinite(w->lo[k]) ? w->lo[k] : fmax(w->lo[k], start[k] - 2.0 * w->typ[k]);
    *b = isfinite(w->hi[k]) ? w->hi[k] : fmin(w->hi[k], start[k] + 2.0 * w->typ[k]);
    if (!isfinite(*a)) *a = start[k] - 2.0 * w->typ[k];
    if (!isfinite(*b)) *b = start[k] + 2.0 * w->typ[k];
}

static imp_status check(const imp_fit_problem *pb)
{
    if (!pb->resid || pb->p < 1 || pb->p > IMP_FIT_MAXP || pb->n <= pb->p || pb->starts < 1 ||
        pb->starts > IMP_FIT_MAXSTARTS)
        return IMP_EINPUT;
    for (int k = 0; k < pb->p; k++) {
        if (!(pb->lo[k] <= pb->start[k] && pb->start[k] <= pb->hi[k]) || !isfinite(pb->start[k]))
            return IMP_EINPUT;
        if (pb->typical && !(pb->typical[k] > 0.0 && isfinite(pb->typical[k]))) return IMP_EINPUT;
    }
    if (pb->level != 0.0 && !(pb->level > 0.0 && pb->level < 1.0)) return IMP_EINPUT;
    return IMP_OK;
}

/* Runs every start; the best in res->theta, its residuals in r. */
static imp_status multistart(fit_ws *w, const imp_fit_problem *pb, imp_fit_result *res, double *r)
{
    const int p = pb->p, ns = pb->starts, nl = ns - 1;
    unsigned long long seed = pb->seed;
    int perm[IMP_FIT_MAXP][IMP_FIT_MAXSTARTS];
    double th[IMP_FIT_MAXP];
    res->rss = HUGE_VAL;
    for (int s = 0; s < ns; s++) {
        if (s == 0) {
            memcpy(th, pb->start, sizeof(double) * (size_t)p);
        } else {
            /* Latin hypercube: each parameter's range cut in nl strata,
             * one start per stratum, the strata shuffled per parameter */
            if (s == 1)
                for (int k = 0; k < p; k++) {
                    for (int i = 0; i < nl; i++) perm[k][i] = i;
                    for (int i = nl - 1; i > 0; i--) {
                        int j = (int)(mix(&seed) % (unsigned long long)(i + 1));
                        int t = perm[k][i]; perm[k][i] = perm[k][j]; perm[k][j] = t;
                    }
                }
            for (int k = 0; k < p; k++) {
                double a, c;
                start_box(w, pb->start, k, &a, &c);
                th[k] = a + (c - a) * (perm[k][s - 1] + uniform(&seed)) / nl;
                th[k] = fmin(fmax(th[k], w->lo[k]), w->hi[k]);
            }
        }
        double rss;
        int conv, iters;
        imp_status st = fit_eval(w, th, w->r3, &rss);
        if (st) return st;
        if ((st = fit_lm(w, th, NULL, w->r3, &rss, &conv, &iters))) return st;
        res->iterations += iters;
        if (rss < res->rss) {
            res->rss = rss;
            res->converged = conv;
            res->best_start = s + 1;
            memcpy(res->theta, th, sizeof(double) * (size_t)p);
            memcpy(r, w->r3, sizeof(double) * (size_t)pb->n);
        }
    }
    return isfinite(res->rss) ? IMP_OK : IMP_EOVERFLOW;
}

/* Levenberg-Marquardt from th; kept when it lowers the rss */
static imp_status refit(fit_ws *w, const imp_fit_problem *pb, imp_fit_result *res, double *r, double *th)
{
    double rss;
    int conv, iters;
    imp_status st = fit_eval(w, th, w->r3, &rss);
    if (!st) st = fit_lm(w, th, NULL, w->r3, &rss, &conv, &iters);
    if (st) return st;
    res->iterations += iters;
    if (rss < res->rss) {
        res->rss = rss;
        res->converged = conv;
        memcpy(res->theta, th, sizeof(double) * (size_t)pb->p);
        memcpy(r, w->r3, sizeof(double) * (size_t)pb->n);
    }
    return IMP_OK;
}

/* cov, se, Wald intervals, singular values and identifiability at res->theta. */
static imp_status statistics(fit_ws *w, const imp_fit_problem *pb, imp_fit_result *res, const double *r)
{
    const int n = pb->n, p = pb->p;
    int idx[IMP_FIT_MAXP];
    double VT[IMP_FIT_MAXP * IMP_FIT_MAXP];
    for (int k = 0; k < p; k++) idx[k] = k;
    imp_status st = fit_jacobian(w, res->theta, r, idx, p);
    if (st) return st;
    if ((st = fit_svd(w, p, res->sv, VT))) return st;
    double level = pb->level > 0.0 ? pb->level : 0.95;
    res->s2 = res->rss / (n - p);
    res->tq = imp_t_quantile(0.5 * (1.0 + level), n - p);
    res->fq = imp_f_quantile(level, 1.0, n - p);
    double cut = sqrt(DBL_EPSILON) * res->sv[0];
    res->identifiable = 1;
    memset(res->cov, 0, sizeof res->cov);
    memset(res->confounded, 0, sizeof res->confounded);
    memset(res->prof_open_lo, 0, sizeof res->prof_open_lo);
    memset(res->prof_open_hi, 0, sizeof res->prof_open_hi);
    for (int i = 0; i < p; i++) {
        const double *v = VT + i;   /* row i of VT: v[k * p] */
        if (!(res->sv[i] > cut)) {
            /* a direction the data cannot see: its large components are confounded */
            res->identifiable = 0;
            double vmax = 0.0;
            for (int k = 0; k < p; k++) vmax = fmax(vmax, fabs(v[k * p]));
            for (int k = 0; k < p; k++)
                if (fabs(v[k * p]) >= 0.1 * vmax) res->confounded[k] = 1;
            continue;
        }
        for (int a = 0; a < p; a++)
            for (int b = 0; b < p; b++)
                res->cov[a * p + b] += v[a * p] * v[b * p] / (res->sv[i] * res->sv[i]);
    }
    for (int k = 0; k < p; k++) res->direction[k] = VT[(p - 1) + k * p];
    for (int a = 0; a < p; a++)
        for (int b = 0; b < p; b++) res->cov[a * p + b] *= res->s2 * w->typ[a] * w->typ[b];
    for (int k = 0; k < p; k++) {
        res->se[k] = sqrt(res->cov[k * p + k]);
        if (res->confounded[k]) {
            res->wald_lo[k] = w->lo[k];
            res->wald_hi[k] = w->hi[k];
        } else {
            res->wald_lo[k] = res->theta[k] - res->tq * res->se[k];
            res->wald_hi[k] = res->theta[k] + res->tq * res->se[k];
        }
        res->prof_lo[k] = res->prof_hi[k] = NAN;
    }
    return IMP_OK;
}

imp_status imp_fit(const imp_fit_problem *pb, imp_fit_result *res, double *r)
{
    memset(res, 0, sizeof *res);
    imp_status st = check(pb);
    if (st) return st;
    fit_ws w;
    if ((st = fit_ws_init(&w, pb))) return st;
    for (int k = 0; k < pb->p; k++) {
        w.lo[k] = pb->lo[k];
        w.hi[k] = pb->hi[k];
        double t = fabs(pb->start[k]);
        if (isfinite(pb->hi[k] - pb->lo[k])) t = fmax(t, 0.1 * (pb->hi[k] - pb->lo[k]));
        w.typ[k] = pb->typical ? pb->typical[k] : (t > 0.0 ? t : 1.0);
    }
    st = multistart(&w, pb, res, r);
    for (int round = 0; !st; round++) {
        st = statistics(&w, pb, res, r);
        if (st || !pb->profile) break;
        int better = 0;
        double th[IMP_FIT_MAXP];
        st = fit_profile(&w, pb, res, th, &better);
        if (st || !better || round >= 3) break;
        /* a profile met a lower rss than the fit's (another basin, as modes
         * switch): fit again from there, then redo the statistics */
        st = refit(&w, pb, res, r, th);
        res->restarts++;
    }
    res->evals = w.evals;
    fit_ws_free(&w);
    return st;
}
