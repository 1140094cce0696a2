/* Benchmarks of the published models and the impact-space grid: median
 * nanoseconds per solve over repeated runs. Prints "key: value" lines. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include "bench.h"
#include "models2d.h"
#include "space2d.h"

#define RUNS 9
#define N 200000

static volatile double sink;

static double bench_model(imp_model2d m)
{
    double t[RUNS];
    imp_model_params p;
    memset(&p, 0, sizeof p);
    p.e = 0.7; p.mu_0 = 0.9;
    for (int r = 0; r < RUNS; r++) {
        double t0 = bench_now(), acc = 0;
        for (int i = 0; i < N; i++) {
            /* the rod with the slip and friction varying */
            imp_coef2d c = { 2.5, 2.5, 1.5, -1 + 2.0 * (i % 97) / 96, -1, 0 };
            p.mu = 0.05 + 0.8 * (i % 13) / 12;
            imp_model_result2d res;
            if (imp_model2d_solve(m, &c, &p, &res) == IMP_OK) acc += res.Py;
        }
        sink = acc;
        t[r] = (bench_now() - t0) / N * 1e9;
    }
    return bench_median(t, RUNS);
}

int main(void)
{
    for (int m = IMP_MODEL_NEWTON_FRICTIONLESS; m <= IMP_MODEL_CS; m++)
        printf("models2d_%s_ns: %.1f\n", imp_model_name((imp_model2d)m), bench_model((imp_model2d)m));
    /* The impact-space grid of W86 figure 4.2 (90 x 180 states). */
    static imp_space_point pts[90 * 180];
    imp_law law = { IMP_LAW_POISSON, 0.8, NULL, NULL };
    double t[RUNS];
    for (int r = 0; r < RUNS; r++) {
        double t0 = bench_now();
        imp_space_grid(1.414, 0.25, &law, 0.5 * M_PI / 180, 89.5 * M_PI / 180, 90,
                       -89.5 * M_PI / 180, 89.5 * M_PI / 180, 180, pts);
        t[r] = (bench_now() - t0) * 1e3;
    }
    printf("space2d_grid_16200_ms: %.3f\n", bench_median(t, RUNS));
    return 0;
}
