/* The C fast path of 2D sweeps: one base problem, named numeric fields
 * varied over a grid of axes (a grid field, or a block of sampled fields),
 * every point checked and solved in C on worker threads. Point i of the
 * sweep depends only on i, so results do not depend on the thread count. */
#ifndef IMPACT_SWEEP2D_H
#define IMPACT_SWEEP2D_H

#include <stddef.h>

#include "impact2d.h"
#include "status.h"

#define IMP_SWEEP2D_MAXF 32
/* Most result columns stored per point (any form). */
#define IMP_SWEEP_MAXOUT 64
/* Most bytes of a point's problem (any form). */
#define IMP_SWEEP_PROB_MAX 1024

/* The result columns the fast path fills (names as in solve2d's result). */
typedef enum {
    IMP_OUT_PX = 0, IMP_OUT_PY, IMP_OUT_S, IMP_OUT_C, IMP_OUT_DT,
    IMP_OUT_WC, IMP_OUT_WR, IMP_OUT_WF, IMP_OUT_PC,
    IMP_OUT_B1, IMP_OUT_B2, IMP_OUT_B3, IMP_OUT_S0, IMP_OUT_C0,
    IMP_OUT_DELTA,          /* B1*B2 - B3^2 (exact from the bodies) */
    IMP_OUT_E, IMP_OUT_MU_S, IMP_OUT_MU_K,
    IMP_OUT_B1VX, IMP_OUT_B1VY, IMP_OUT_B1W,
    IMP_OUT_B2VX, IMP_OUT_B2VY, IMP_OUT_B2W,
    IMP_OUT_ENERGY_RATIO,   /* kinetic energy after / before (bodies, T0 > 0) */
    IMP_OUT_COUNT
} imp_sweep2d_out;

/* "Px", ..., "body2.w"; and back (-1 for a name it cannot fill). */
const char *imp_sweep2d_out_name(int k);
int imp_sweep2d_out_index(const char *name);


/* One axis of the grid: `count` values of `nfield` fields (fields
 * field0 .. field0 + nfield - 1 of the sweep), row-major. */
typedef struct {
    size_t count;
    int nfield, field0;
    const double *values;
} imp_sweep2d_axis;

typedef struct imp_sweep2d imp_sweep2d;

/* Another form of problem than imp_problem2d (solve3d's: sweep3d.h): the
 * size of its struct and the solve of one point of it, which fills row
 * `row` (res, mode, cls, st) as the 2D solve does. */
typedef struct {
    size_t size;
    void (*solve)(const imp_sweep2d *s, const void *prob, size_t row);
} imp_sweep_form;

/* Called on the worker thread right after points lo .. hi-1 of a run
 * (0-based in the run; their rows are first - first0 + lo ...) are solved:
 * the binding formats those rows as CSV text there, in parallel. */
typedef void (*imp_sweep2d_after_fn)(void *ctx, const imp_sweep2d *s, size_t lo, size_t hi);

struct imp_sweep2d {
    imp_problem2d base;
    const imp_sweep_form *form;          /* NULL: the 2D problem in base */
    const void *form_base;               /* else the form's base problem */
    int nfield;                          /* varied fields */
    int noff[IMP_SWEEP2D_MAXF];          /* offsets each field sets (1 or 2: "mu"; */
    size_t off[IMP_SWEEP2D_MAXF][2];     /* 0: a named choice, "law" or "method", */
    size_t eoff[IMP_SWEEP2D_MAXF];       /* an int at eoff set to the index of */
    const char *const *enames[IMP_SWEEP2D_MAXF];   /* its name in enames (NULL-ended)) */
    int naxes;                           /* the last axis varies fastest */
    imp_sweep2d_axis axis[IMP_SWEEP2D_MAXF];
    int nout;                            /* stored result columns, in order */
    int out[IMP_SWEEP_MAXOUT];           /* (never input echoes; the form's kinds) */
    /* The results of points first0 .. first0 + cap - 1 (0-based in the
     * sweep), row j = point first0 + j: res[j*nout ..], mode, cls, st (the
     * varied values are not stored: imp_sweep2d_value recomputes them). */
    size_t first0, cap;
    double *res;
    unsigned char *mode, *cls;
    unsigned char *st;                   /* imp_status of each point */
    size_t first;                        /* first point of the current run */
    imp_sweep2d_after_fn after;          /* NULL, or called after each batch */
    void *after_ctx;
};

/* Adds a varied field by name; 0 when the fast path cannot set it. The
 * field "law" takes the built-in laws' imp_law_kind as its values (0
 * Poisson, 1 Newton, 2 energetic), so that a sweep may compare them. */
int imp_sweep2d_add_field(imp_sweep2d *s, const char *name);

/* The problem of point i (0-based in the whole sweep). */
void imp_sweep2d_point(const imp_sweep2d *s, size_t i, imp_problem2d *p,
                       double *vals);
/* The same for any form (p: the form's problem struct). */
void imp_sweep_point(const imp_sweep2d *s, size_t i, void *p, double *vals);
/* Adds a varied field of a form: n offsets (0: a choice at eoff among
 * enames); 0 when full. */
int imp_sweep_add(imp_sweep2d *s, int n, const size_t off[2], size_t eoff,
                  const char *const *enames);

/* Every column the fast path can fill (all[IMP_OUT_COUNT]) for a solved
 * point p, r, post (imp_problem2d_solve's); also impact.fit's C model. */
void imp_sweep2d_outputs(const imp_problem2d *p, const imp_result2d *r,
                         double post[2][3], double *all);

/* Whether column k only echoes the point's input (B1..C0, e, mu_s, mu_k):
 * such columns are not stored per point but recomputed on demand by
 * imp_sweep2d_input, which halves the memory a sweep writes. */
int imp_sweep2d_out_is_input(int k);
double imp_sweep2d_input(const imp_sweep2d *s, size_t i, int k);
/* The same from the point's problem (imp_sweep2d_point), for callers that
 * need several columns of one point. */
double imp_sweep2d_input_from(const imp_problem2d *p, int k);

/* The value of varied field f at point i (0-based in the sweep). */
double imp_sweep2d_value(const imp_sweep2d *s, size_t i, int f);

/* Allocates the result rows for points first0 .. first0 + cap - 1. */
imp_status imp_sweep2d_alloc(imp_sweep2d *s, size_t first0, size_t cap);

/* Solves points first .. first + n - 1 (inside the allocated rows) on
 * `threads` threads, writing their rows. *done: the prefix solved (n unless
 * interrupted: then IMP_EINTERRUPT). A point that the solver rejects has
 * st != IMP_OK (IMP_EINPUT for invalid data: ask imp_problem2d_check for
 * the field) and NaN results. */
imp_status imp_sweep2d_run(imp_sweep2d *s, size_t first, size_t n, int threads,
                           size_t *done);

void imp_sweep2d_free(imp_sweep2d *s);

#endif
