/* The fit's internals shared by fit.c, fit_lm.c and fit_profile.c: the
 * workspace, residual evaluation, the finite-difference Jacobian and the
 * bounded Levenberg-Marquardt iteration. Not a public header. */
#ifndef IMPACT_FIT_LM_H
#define IMPACT_FIT_LM_H

#include "fit.h"

typedef struct {
    int n, p;
    imp_fit_resid resid;
    imp_fit_resid_many resid_many;
    void *ctx;
    double lo[IMP_FIT_MAXP], hi[IMP_FIT_MAXP], typ[IMP_FIT_MAXP];
    int max_iter;
    long evals;
    /* scratch: J and A are n x p column-major, U n x p, the rest n */
    double *J, *A, *U, *rt, *r1, *r2, *r3;
    double *Jr;   /* with resid_many: the Jacobian's 2p points' residuals (2p x n) */
} fit_ws;

imp_status fit_ws_init(fit_ws *w, const imp_fit_problem *pb);
void fit_ws_free(fit_ws *w);

/* r = resid(theta) and *rss = |r|^2 (HUGE_VAL when not finite). */
imp_status fit_eval(fit_ws *w, const double *theta, double *r, double *rss);

/* Columns 0..m-1 of w->J: d r / d u_idx[j] (u = theta / typ) by central
 * differences (one-sided second-order ones beside a bound), r = r(theta). */
imp_status fit_jacobian(fit_ws *w, const double *theta, const double *r, const int *idx, int m);

/* Thin SVD of the first m columns of w->J (copied to w->A): s (min(n, m),
 * decreasing), U in w->U (n x k), VT (k x m, column-major, leading dim k). */
imp_status fit_svd(fit_ws *w, int m, double *s, double *VT);

/* Levenberg-Marquardt over the parameters with fixed[k] == 0, from theta
 * (inside the bounds) whose residuals are r and rss; on return theta, r and
 * rss are the best point found. */
imp_status fit_lm(fit_ws *w, double *theta, const int *fixed, double *r, double *rss,
                  int *converged, int *iters);

#endif
