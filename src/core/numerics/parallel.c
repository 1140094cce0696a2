/* The parallel for-loop of the sweeps (see parallel.h): worker threads
 * claim batches of point indices in order. */
#include "parallel.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "interrupt.h"

typedef struct {
    size_t n;
    imp_batch_fn fn;
    void *ctx;
    atomic_size_t next;      /* first point of the next unclaimed batch */
    size_t nbatch, batch;   /* batches, points per batch */
    atomic_uchar *finished;  /* per batch: 1 once every point in it is solved */
} job;

static void *worker(void *arg)
{
    job *j = arg;
    for (;;) {
        if (imp_interrupt_pending()) break;
        size_t b = atomic_fetch_add(&j->next, 1);
        if (b >= j->nbatch) break;
        size_t lo = b * j->batch, hi = lo + j->batch < j->n ? lo + j->batch : j->n;
        j->fn(j->ctx, lo, hi);
        atomic_store(&j->finished[b], 1);
    }
    return NULL;
}

imp_status imp_parallel_for(size_t n, int threads, imp_batch_fn fn, void *ctx,
                            size_t *done)
{
    return imp_parallel_for_batch(n, IMP_PARALLEL_BATCH, threads, fn, ctx, done);
}

imp_status imp_parallel_for_batch(size_t n, size_t batch, int threads, imp_batch_fn fn,
                                  void *ctx, size_t *done)
{
    *done = 0;
    if (n == 0) return IMP_OK;
    if (batch < 1) batch = 1;
    job j;
    j.n = n;
    j.batch = batch;
    j.fn = fn;
    j.ctx = ctx;
    j.nbatch = (n + batch - 1) / batch;
    atomic_init(&j.next, 0);
    j.finished = calloc(j.nbatch, sizeof *j.finished);
    if (!j.finished) return IMP_ENOMEM;
    if (threads < 1) threads = 1;
    if ((size_t)threads > j.nbatch) threads = (int)j.nbatch;

    imp_status st = IMP_OK;
    pthread_t *tid = NULL;
    int started = 0;
    if (threads > 1) {
        tid = malloc((size_t)(threads - 1) * sizeof *tid);
        if (!tid) st = IMP_ENOMEM;
        for (int t = 0; tid && t < threads - 1; t++) {
            if (pthread_create(&tid[t], NULL, worker, &j) != 0) break;
            started++;
        }
    }
    worker(&j);   /* the calling thread works too */
    for (int t = 0; t < started; t++) pthread_join(tid[t], NULL);
    free(tid);

    size_t b = 0;
    while (b < j.nbatch && atomic_load(&j.finished[b])) b++;
    *done = b == j.nbatch ? n : b * batch;
    free(j.finished);
    if (st == IMP_OK && *done < n) st = IMP_EINTERRUPT;
    return st;
}
