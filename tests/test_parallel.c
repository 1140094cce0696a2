/* imp_parallel_for: every point once, results independent of the thread
 * count, an interrupt leaves a solved prefix. */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "interrupt.h"
#include "parallel.h"

typedef struct { double *out; int *calls; size_t stop_at; } ctx_t;

static void point1(ctx_t *c, size_t i)
{
    double x = 0;
    for (int k = 1; k <= 50; k++) x += sin((double)i * k) / k;
    c->out[i] = x;
    __atomic_add_fetch(&c->calls[i], 1, __ATOMIC_RELAXED);
    if (c->stop_at && i == c->stop_at) imp_interrupt_raise();
}

static void point(void *vctx, size_t lo, size_t hi)
{
    for (size_t i = lo; i < hi; i++) point1(vctx, i);
}

static void test_threads_agree(void)
{
    const size_t n = 10007;
    double *ref = calloc(n, sizeof *ref);
    int *calls = calloc(n, sizeof *calls);
    ctx_t c = {ref, calls, 0};
    size_t done;
    CHECK(imp_parallel_for(n, 1, point, &c, &done) == IMP_OK);
    CHECK(done == n);
    for (int threads = 2; threads <= 8; threads *= 2) {
        double *out = calloc(n, sizeof *out);
        int *calls2 = calloc(n, sizeof *calls2);
        ctx_t c2 = {out, calls2, 0};
        CHECK(imp_parallel_for(n, threads, point, &c2, &done) == IMP_OK);
        CHECK(done == n);
        int same = 1, once = 1;
        for (size_t i = 0; i < n; i++) {
            if (out[i] != ref[i]) same = 0;
            if (calls2[i] != 1) once = 0;
        }
        CHECK(same);
        CHECK(once);
        free(out);
        free(calls2);
    }
    free(ref);
    free(calls);
}

static void test_interrupt_prefix(void)
{
    /* Many batches after the one that raises the flag, so that the other
     * threads cannot have claimed them all by then. */
    const size_t n = 200000;
    for (int threads = 1; threads <= 4; threads++) {
        double *out = calloc(n, sizeof *out);
        int *calls = calloc(n, sizeof *calls);
        ctx_t c = {out, calls, 1234};
        size_t done;
        imp_interrupt_clear();
        CHECK(imp_parallel_for(n, threads, point, &c, &done) == IMP_EINTERRUPT);
        CHECK(done < n);
        CHECK(done > 1234);   /* the batch that raised the flag is finished */
        int prefix = 1;
        for (size_t i = 0; i < done; i++)
            if (calls[i] != 1) prefix = 0;
        CHECK(prefix);
        imp_interrupt_clear();
        free(out);
        free(calls);
    }
}

static void test_empty(void)
{
    size_t done = 7;
    CHECK(imp_parallel_for(0, 4, point, NULL, &done) == IMP_OK);
    CHECK(done == 0);
}

int main(void)
{
    RUN(test_threads_agree);
    RUN(test_interrupt_prefix);
    RUN(test_empty);
    return check_summary();
}
