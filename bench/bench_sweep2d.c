/* The sweep's C core against direct solves of the same points: prints
 * solve2d_direct_ns (imp_problem2d_solve in a plain loop, per point),
 * sweep2d_core_ns_per_point (imp_sweep2d_run on one thread, per point:
 * field setting, checks, solve, stores) and sweep2d_core_thread_speedup
 * (all cores against one). Medians of repeated runs. The grid: the WM92
 * rod's coefficients over S0 in [-2, 2], mu in [0, 1.1], e in {0, 0.5, 1},
 * which visits every contact mode. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "sweep2d.h"

#define NS0 401
#define NMU 111
#define NE 3
#define REPS 7

static double s0v[NS0], muv[NMU], ev[NE] = {0, 0.5, 1};

static void setup(imp_sweep2d *s)
{
    memset(s, 0, sizeof *s);
    s->base.coef = (imp_coef2d){2.5, 2.5, 1.5, 0, -1, 0};
    s->base.law.kind = IMP_LAW_POISSON;
    imp_sweep2d_add_field(s, "S0");
    imp_sweep2d_add_field(s, "mu");
    imp_sweep2d_add_field(s, "e");
    s->naxes = 3;
    s->axis[0] = (imp_sweep2d_axis){NS0, 1, 0, s0v};
    s->axis[1] = (imp_sweep2d_axis){NMU, 1, 1, muv};
    s->axis[2] = (imp_sweep2d_axis){NE, 1, 2, ev};
    /* The columns a solve2d sweep stores for this problem (the input
     * echoes B1..C0, e, mu_s, mu_k are recomputed on demand). */
    static const int outs[] = {IMP_OUT_PX, IMP_OUT_PY, IMP_OUT_S, IMP_OUT_C, IMP_OUT_DT,
                               IMP_OUT_WC, IMP_OUT_WR, IMP_OUT_WF, IMP_OUT_PC};
    for (size_t k = 0; k < sizeof outs / sizeof *outs; k++) s->out[s->nout++] = outs[k];
}

int main(void)
{
    for (int i = 0; i < NS0; i++) s0v[i] = -2 + 4.0 * i / (NS0 - 1);
    for (int i = 0; i < NMU; i++) muv[i] = 1.1 * i / (NMU - 1);
    const size_t n = (size_t)NS0 * NMU * NE;
    imp_sweep2d s;
    setup(&s);

    /* Direct: the same problems built by hand, solved in a plain loop. */
    double t_direct[REPS], t_one[REPS], t_all[REPS], sink = 0;
    for (int r = 0; r < REPS; r++) {
        double t0 = bench_now();
        for (size_t i = 0; i < n; i++) {
            imp_problem2d p = s.base;
            p.coef.S0 = s0v[i / (NMU * NE)];
            p.mu_s = p.mu_k = muv[i / NE % NMU];
            p.law.e = ev[i % NE];
            imp_result2d res;
            if (imp_problem2d_solve(&p, &res, NULL) == IMP_OK) sink += res.Py;
        }
        t_direct[r] = (bench_now() - t0) / (double)n;
    }
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    if (ncpu < 1) ncpu = 1;
    size_t done;
    imp_sweep2d_alloc(&s, 0, n);
    for (int r = 0; r < REPS; r++) {
        double t0 = bench_now();
        imp_sweep2d_run(&s, 0, n, 1, &done);
        t_one[r] = (bench_now() - t0) / (double)n;
        t0 = bench_now();
        imp_sweep2d_run(&s, 0, n, (int)ncpu, &done);
        t_all[r] = (bench_now() - t0) / (double)n;
    }
    double d = bench_median(t_direct, REPS), one = bench_median(t_one, REPS), all = bench_median(t_all, REPS);
    printf("solve2d_direct_ns: %.1f\n", 1e9 * d);
    printf("sweep2d_core_ns_per_point: %.1f\n", 1e9 * one);
    printf("sweep2d_core_thread_speedup: %.2f\n", one / all);
    imp_sweep2d_free(&s);
    return sink == 12345.678 ? 1 : 0;
}
