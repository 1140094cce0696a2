/* Weighted nonlinear least squares for fitting a law to measurements:
 * Levenberg-Marquardt on scaled, bounded parameters (Moré 1978), several
 * starts, and the statistics at the optimum (covariance, Wald and
 * profile-likelihood intervals, Bates & Watts 1988; identifiability from
 * the singular values of the scaled Jacobian). Plain C, no globals; the
 * residuals come from a callback, so the model may be anything. */
#ifndef IMPACT_FIT_H
#define IMPACT_FIT_H

#include "status.h"

#define IMP_FIT_MAXP 32         /* parameters at most */
#define IMP_FIT_MAXSTARTS 256   /* starts at most */

/* Fills r[0..n-1] with the weighted residuals sqrt(w_j) (y_j - f_j(theta))
 * for theta[0..p-1]. Returns 0, or non-zero to abort the fit (the fit then
 * returns IMP_ELAW and the caller keeps its own record of what failed). */
typedef int (*imp_fit_resid)(void *ctx, const double *theta, double *r);

/* Optional: the residuals of m parameter vectors at once (theta: m x p,
 * row-major; r: m x n, vector j's at r + j n), as m calls of resid would
 * give them, so that a model may spread the m n observations over
 * threads; the finite-difference Jacobian asks for all its points in one
 * call. Returns as resid does. */
typedef int (*imp_fit_resid_many)(void *ctx, int m, const double *theta, double *r);

typedef struct {
    int n, p;                 /* observations and parameters, n > p >= 1 */
    imp_fit_resid resid;
    imp_fit_resid_many resid_many;   /* NULL: the Jacobian calls resid point by point */
    void *ctx;
    const double *start;      /* p values, inside the bounds */
    const double *lo, *hi;    /* p bounds each, -HUGE_VAL / HUGE_VAL for none */
    const double *typical;    /* p magnitudes for scaling and steps; NULL: from start and bounds */
    int starts;               /* 1 = start only; more add a Latin hypercube in the bounds */
    unsigned long long seed;  /* of the hypercube */
    int max_iter;             /* per LM run; 0: 200 */
    int profile;              /* compute profile-likelihood intervals */
    double level;             /* of the intervals; 0: 0.95 */
} imp_fit_problem;

typedef struct {
    double theta[IMP_FIT_MAXP];     /* the estimate */
    double se[IMP_FIT_MAXP];
    double cov[IMP_FIT_MAXP * IMP_FIT_MAXP];   /* row-major p x p, s^2 (J^T J)^+ */
    double wald_lo[IMP_FIT_MAXP], wald_hi[IMP_FIT_MAXP];
    double prof_lo[IMP_FIT_MAXP], prof_hi[IMP_FIT_MAXP];
    /* a profile end that never crossed its threshold: the bound (maybe infinite) */
    int prof_open_lo[IMP_FIT_MAXP], prof_open_hi[IMP_FIT_MAXP];
    double sv[IMP_FIT_MAXP];        /* singular values of the scaled Jacobian, decreasing */
    double direction[IMP_FIT_MAXP]; /* right singular vector of the smallest (scaled, unit) */
    int confounded[IMP_FIT_MAXP];   /* 1: a large component of a null direction */
    double rss, s2;                 /* s2 = rss/(n - p) */
    double tq, fq;                  /* t_{(1+level)/2; n-p} and F_{level; 1, n-p} used */
    int converged, identifiable, iterations, best_start;
    int restarts;                   /* refits from a lower point a profile met */
    long evals;                     /* residual evaluations in all */
} imp_fit_result;

/* Fits; r (n values, caller's) receives the residuals at the estimate.
 * IMP_EINPUT for a bad problem, IMP_ELAW when resid aborted,
 * IMP_EINTERRUPT when imp_interrupt_pending() became true, IMP_ENOMEM,
 * IMP_ELAPACK. A fit that did not converge still returns IMP_OK with
 * converged = 0. */
imp_status imp_fit(const imp_fit_problem *pb, imp_fit_result *res, double *r);

/* Quantiles (for the intervals): Student's t with nu degrees of freedom,
 * and Fisher's F with (d1, d2), at probability q in (0, 1); from the
 * regularized incomplete beta function I_x(a, b). */
double imp_t_quantile(double q, double nu);
double imp_f_quantile(double q, double d1, double d2);
double imp_incbeta(double x, double a, double b);

#endif
