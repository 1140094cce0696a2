/* impact.fit's 2D model in C (see fit_model2d.h). */
#include "fit_model2d.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "parallel.h"
#include "sweep2d.h"

#define FIT2D_MIN_BATCH 4096

typedef struct {
    imp_fit_model2d *m;
    const double *theta;   /* nvec x p */
    double *r;             /* nvec x n */
    unsigned char *st;     /* per item (nvec x nrows) */
} job;

/* Items lo .. hi-1: item i is row i % nrows of vector i / nrows. */
static void run_items(void *ctx, size_t lo, size_t hi)
{
    job *j = ctx;
    const imp_fit_model2d *m = j->m;
    const size_t nrows = (size_t)m->nrows, n = nrows * (size_t)m->nobs;
    for (size_t i = lo; i < hi; i++) {
        size_t v = i / nrows, row = i % nrows;
        const double *th = j->theta + v * (size_t)m->p;
        imp_problem2d p = m->rows[row];
        for (int s = 0; s < m->nset; s++)
            memcpy((char *)&p + m->set_off[s], &th[m->set_k[s]], sizeof(double));
        if (m->nset) p.coef.D = 0.0;   /* B1..B3 may have changed: Delta from them */
        imp_result2d res;
        double post[2][3], all[IMP_OUT_COUNT];
        imp_status st = imp_problem2d_solve(&p, &res, post);
        j->st[i] = (unsigned char)st;
        double *r = j->r + v * n + row * (size_t)m->nobs;
        if (st != IMP_OK) {
            for (int c = 0; c < m->nobs; c++) r[c] = NAN;
            continue;
        }
        imp_sweep2d_outputs(&p, &res, post, all);
        for (int c = 0; c < m->nobs; c++) {
            size_t o = row * (size_t)m->nobs + (size_t)c;
            r[c] = m->sw[o] * (m->y[o] - all[m->out[c]]);
        }
    }
}

int imp_fit_model2d_resid_many(void *ctx, int nvec, const double *theta, double *r)
{
    imp_fit_model2d *m = ctx;
    size_t items = (size_t)nvec * (size_t)m->nrows;
    unsigned char stbuf[4096], *st = stbuf;
    unsigned char *heap = NULL;
    if (items > sizeof stbuf) {
        heap = malloc(items);
        if (!heap) { m->failed = IMP_ENOMEM; m->failed_row = -1; return 1; }
        st = heap;
    }
    job j = { m, theta, r, st };
    /* a batch per thread, of FIT2D_MIN_BATCH rows at least: a closed-form
     * solve takes about 0.1 us and starting a thread 50 us or more (far
     * more on a loaded machine: a 1000-observation fit took twice as long
     * on two threads as on one with 1024-row batches), so a fit of a few
     * thousand observations stays on the calling thread */
    int threads = m->threads > 1 ? m->threads : 1;
    size_t batch = (items + (size_t)threads - 1) / (size_t)threads;
    if (batch < FIT2D_MIN_BATCH) batch = FIT2D_MIN_BATCH;
    size_t done;
    imp_status s = imp_parallel_for_batch(items, batch, threads, run_items, &j, &done);
    int bad = 0;
    if (s != IMP_OK) {
        m->failed = s;
        m->failed_row = -1;
        bad = 1;
    } else {
        for (size_t i = 0; i < items; i++)
            if (st[i] != IMP_OK) {
                m->failed = (imp_status)st[i];
                m->failed_row = (int)(i % (size_t)m->nrows);
                bad = 1;
                break;
            }
    }
    free(heap);
    return bad;
}

int imp_fit_model2d_resid(void *ctx, const double *theta, double *r)
{
    return imp_fit_model2d_resid_many(ctx, 1, theta, r);
}
