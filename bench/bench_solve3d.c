/* Benchmark of the 3D core alone (no Lua): SB22's rod at mu = 0.4, e = 0.7, and
 * the box of examples/box_reslide.lua. Prints medians in microseconds. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "impact3d.h"
#include "mat3.h"

typedef imp_status (*solver)(const imp_body3d *, double, double, const imp_law *,
                             const imp_opts3d *, imp_result3d *);

static double median_us(solver f, const imp_body3d *b, double mu, const imp_law *law)
{
    enum { ROUNDS = 11, REPS = 2000 };
    double t[ROUNDS];
    imp_result3d r;
    for (int k = 0; k < ROUNDS; k++) {
        double t0 = bench_now();
        for (int i = 0; i < REPS; i++) f(b, mu, mu, law, NULL, &r);
        t[k] = (bench_now() - t0) / REPS * 1e6;
    }
    return bench_median(t, ROUNDS);
}

int main(void)
{
    const double d = acos(-1.0) / 180;
    double It = 0.0625 + 2.3 * 2.3 / 3, Ib[9] = {It, 0, 0, 0, 0.125, 0, 0, 0, It}, R[9];
    imp_body3d rod, box;
    memset(&rod, 0, sizeof rod);
    rod.m = 1;
    imp_rotation_sb(20 * d, 15 * d, R);
    imp_mat3_rotate(R, Ib, rod.I);
    for (int i = 0; i < 3; i++) rod.r[i] = -2.3 * R[3 * i + 1];
    rod.v[0] = 0.4; rod.v[1] = -1;
    memset(&box, 0, sizeof box);
    box.m = 1;
    box.I[0] = 0.52 / 12; box.I[4] = 1.16 / 12; box.I[8] = 1.36 / 12;
    box.r[0] = -0.5; box.r[1] = -0.3; box.r[2] = -0.2;
    box.v[0] = 0.3; box.v[1] = -1; box.v[2] = 0.1;
    imp_law law = {IMP_LAW_POISSON, 0.7, NULL, NULL};
    printf("solve3d_core_algebraic_us: %.2f\n", median_us(imp_algebraic3d_solve, &rod, 0.4, &law));
    printf("solve3d_core_exact_us: %.2f\n", median_us(imp_exact3d_solve, &rod, 0.4, &law));
    printf("solve3d_core_exact_box_reslide_us: %.2f\n", median_us(imp_exact3d_solve, &box, 0.8, &law));
    return 0;
}
