/* Brent's zeroin, the one root finder of the tracers and the simulator. */
#ifndef IMP_BRENT_H
#define IMP_BRENT_H

#include "status.h"

/* f(x) into *fx; a status other than IMP_OK ends the search with it. */
typedef imp_status (*imp_brent_fn)(void *ctx, double x, double *fx);
/* The bracket's half width below which the search ends, at the iterate b:
 * each caller keeps its own (relative to an impulse, to a time, ...). */
typedef double (*imp_brent_tol_fn)(void *ctx, double b);

typedef struct {
    imp_brent_fn f;
    imp_brent_tol_fn tol;
    void *ctx;
    int maxit;              /* evaluations at most */
} imp_brent;

/* The final bracket: b the last iterate, c its other end; done = 0 when
 * maxit evaluations ended the search first (the caller decides what that
 * means: an error, or the bracket as it is). */
typedef struct {
    double b, fb, c, fc;
    int done;
} imp_brent_bracket;

imp_status imp_brent_solve(const imp_brent *B, double a, double fa, double b, double fb,
                           imp_brent_bracket *out);

/* The tracers' rule: the bracket's end where f >= 0 into *x, or IMP_EROOT
 * when maxit evaluations did not get there (never a bracket end passed off
 * as the root). */
imp_status imp_brent_root(const imp_brent *B, double a, double fa, double b, double fb,
                          double *x);

#endif
