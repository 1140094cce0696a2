/* impact.fit's model in C for 2D problems solved by Routh's path: each
 * data row's problem with the fitted parameters written into fields at
 * fixed offsets, solved by imp_problem2d_solve (as solve2d does) and
 * observed through the sweep's result columns, r = sqrt(w) (y - f).
 * Several parameter vectors' rows run at once on threads; each row writes
 * only its own residuals, so results do not depend on the thread count. */
#ifndef IMPACT_FIT_MODEL2D_H
#define IMPACT_FIT_MODEL2D_H

#include <stddef.h>

#include "fit.h"
#include "impact2d.h"

#define IMP_FIT2D_MAXSET 16   /* fields the parameters write, at most */
#define IMP_FIT2D_MAXOBS 16   /* observed columns, at most */

typedef struct {
    int nrows, nobs, p;
    const imp_problem2d *rows;        /* each row's problem (parameters overwritten) */
    int nset;                         /* parameter k = set_k[s] goes to set_off[s] */
    size_t set_off[IMP_FIT2D_MAXSET];
    int set_k[IMP_FIT2D_MAXSET];
    int out[IMP_FIT2D_MAXOBS];        /* imp_sweep2d_out index of each observed column */
    const double *y, *sw;             /* nrows x nobs, row-major */
    int threads;
    /* the run: the first failed solve (IMP_OK when none), its row (0-based) */
    int failed_row;
    imp_status failed;
} imp_fit_model2d;

/* imp_fit_resid and imp_fit_resid_many on an imp_fit_model2d: non-zero
 * when a solve failed (failed, failed_row say which; an interrupt is
 * IMP_EINTERRUPT). */
int imp_fit_model2d_resid(void *ctx, const double *theta, double *r);
int imp_fit_model2d_resid_many(void *ctx, int m, const double *theta, double *r);

#endif
