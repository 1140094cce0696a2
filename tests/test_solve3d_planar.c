/* 3D-2D coincidence: planar 3D data give the 2D answer (imp_path2d_solve, Routh's
 * path) with both 3D methods, for random bodies and all three laws. */
#include <stdlib.h>

#include "bodies3d.h"
#include "check.h"
#include "impact2d.h"

static double urand(double lo, double hi) { return lo + (hi - lo) * (rand() / (RAND_MAX + 1.0)); }

static void test_random_planar(void)
{
    srand(2024);
    int n = 0, modes[6] = {0}, alg_checked = 0;
    while (n < 3000) {
        /* a body whose z axis is principal, moving in the x-y plane */
        double Ixx = urand(0.05, 2), Iyy = urand(0.05, 2);
        double Izz = urand(fabs(Ixx - Iyy) + 0.01, Ixx + Iyy), a = urand(-3.1, 3.1);
        double Ib[9] = {Ixx, 0, 0, 0, Iyy, 0, 0, 0, Izz}, R[9];
        imp_body3d b;
        memset(&b, 0, sizeof b);
        b.m = urand(0.2, 5);
        imp_mat3_rot_z(a, R);
        imp_mat3_rotate(R, Ib, b.I);
        b.r[0] = urand(-1, 1); b.r[1] = -urand(0.05, 1);
        b.v[0] = rand() % 8 ? urand(-1, 1) : 0; b.v[1] = -urand(0.05, 1);
        b.w[2] = rand() % 8 ? urand(-1, 1) : 0;
        if (b.v[0] == 0 && b.w[2] != 0) b.v[0] = -b.w[2] * -b.r[1];   /* sometimes S0 = 0 */
        double mu_k = urand(0, 1.2), mu_s = rand() % 3 ? mu_k : mu_k + urand(0, 0.4), e = urand(0, 1);
        imp_body2d b2 = {b.m, sqrt(Izz / b.m), -b.r[0], -b.r[1], b.v[0], b.v[1], b.w[2]};
        imp_coef2d c2;
        imp_coef2d_from_bodies(&b2, NULL, &c2);
        for (int k = 0; k < 3; k++) {
            imp_law law = law_of((imp_law_kind)k, e);
            imp_result2d r2;
            imp_result3d x, g;
            CHECK(imp_path2d_solve(&c2, mu_s, mu_k, &law, &r2) == IMP_OK);
            CHECK(imp_exact3d_solve(&b, mu_s, mu_k, &law, NULL, &x) == IMP_OK);
            double sc = fabs(r2.Py);
            CHECK_NEAR(x.P[0], r2.Px, 1e-9 * sc);
            CHECK_NEAR(x.P[1], r2.Py, 1e-9 * sc);
            CHECK_NEAR(x.P[2], 0, 1e-14 * sc);
            CHECK_NEAR(x.vC[0], r2.S, 1e-8 * (fabs(c2.S0) + fabs(c2.C0)));
            CHECK_NEAR(x.vC[1], r2.C, 1e-8 * (fabs(c2.S0) + fabs(c2.C0)));
            CHECK_NEAR(x.dT, r2.dT, 1e-8 * (c2.S0 * c2.S0 + c2.C0 * c2.C0) / c2.B2);
            CHECK(x.mode == r2.mode);
            if (x.mode != r2.mode)
                fprintf(stderr, "  exact mode %d vs 2D %d (law %d)\n", x.mode, r2.mode, k);
            modes[r2.mode]++;
            /* Sun & Baruh in the plane = Routh (SB22 Table 2), the three laws */
            CHECK(imp_algebraic3d_solve(&b, mu_s, mu_k, &law, NULL, &g) == IMP_OK);
            CHECK_NEAR(g.P[0], r2.Px, 1e-10 * sc);
            CHECK_NEAR(g.P[1], r2.Py, 1e-10 * sc);
            CHECK(g.mode == r2.mode);
            if (g.mode != r2.mode)
                fprintf(stderr, "  algebraic mode %d vs 2D %d (law %d)\n", g.mode, r2.mode, k);
            alg_checked++;
        }
        n++;
    }
    printf("  planar: %d bodies x 3 laws; 2D modes none/sliding/C-stick/R-stick/C-rev/R-rev = %d/%d/%d/%d/%d/%d\n",
           n, modes[0], modes[1], modes[2], modes[3], modes[4], modes[5]);
    CHECK(modes[2] > 50 && modes[3] > 50 && modes[4] > 50 && modes[5] > 20);
    (void)alg_checked;
}

int main(void)
{
    RUN(test_random_planar);
    return check_summary();
}
