/* Shared by the C benchmarks: the clocks and the median of repeated runs
 * (each bench prints medians, which a stray slow run does not move). */
#ifndef IMPACT_BENCH_H
#define IMPACT_BENCH_H

#include <stdlib.h>
#include <time.h>

/* Seconds on clock `id`: CLOCK_MONOTONIC for wall time,
 * CLOCK_PROCESS_CPUTIME_ID for this process's CPU time. */
static inline double bench_clock(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Wall-clock seconds. */
static inline double bench_now(void)
{
    return bench_clock(CLOCK_MONOTONIC);
}

static inline int bench_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of the n run times in v (sorts v). */
static inline double bench_median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, bench_cmp);
    return v[n / 2];
}

#endif
