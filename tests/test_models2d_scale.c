/* The published models at the edges of double precision: the power-of-two
 * scaling they share with the tracer (impulses scale with (S0, C0) and with
 * 1/B, works with v^2/B: the homogeneity of WM92 eqs 5-23), the energy
 * from the impulses (WM92 eq 56), and a moment law that separates the
 * contact on its own. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "models2d.h"

static int separate(void *ctx, const imp_moment_state *s, double *Mq)
{
    (void)ctx; (void)s;
    *Mq = 10;            /* C += BCq*Mq = +1: the contact opens before any impulse */
    return 0;
}

/* Brach with a moment impulse that alone turns C0 = -0.5 into +0.5: no
 * impulse, maximum compression at the start (the path once divided 0 by 0
 * there and read outside its pieces). */
static void test_brach_moment_separates(void)
{
    imp_coef2d c = {1, 1, 0.2, 0.3, -0.5, 0};
    imp_moment2d q = {0.5, 0.05, 0.1, 0};
    imp_model_params p = {0.5, 0.3, 0.3, 0, 0, separate, NULL, &q, 0};
    imp_model_result2d r;
    CHECK(imp_model2d_solve(IMP_MODEL_BRACH, &c, &p, &r) == IMP_OK);
    CHECK(r.Px == 0 && r.Py == 0 && r.Mq == 10);
    CHECK_NEAR(r.S, 0.3 + 0.05 * 10, 1e-15);
    CHECK_NEAR(r.C, -0.5 + 0.1 * 10, 1e-15);
    /* eq 56 with the moment: dT = Mq (W0 + W)/2, W = W0 + Bq Mq */
    CHECK_NEAR(r.dT, 0.5 * 10 * (0.5 * 10), 1e-14);
    CHECK(r.nvert >= 2 && r.nvert <= IMP_PATH2D_MAX);
    for (int i = 0; i < r.nvert; i++)
        CHECK(isfinite(r.vert[i].Px) && isfinite(r.vert[i].S) && isfinite(r.vert[i].C));
    CHECK(r.vert[r.nvert - 1].event == IMP_EV_END);
}


static const imp_model2d models[7] = {
    IMP_MODEL_NEWTON_FRICTIONLESS, IMP_MODEL_KANE, IMP_MODEL_BRACH,
    IMP_MODEL_SMITH, IMP_MODEL_GLOCKER_PFEIFFER, IMP_MODEL_CS, IMP_MODEL_CHATTERJEE_RUINA
};

/* Each model on (S0, C0)*2^a and B*2^b gives exactly 2^(a-b) times the
 * impulses, 2^a times the velocities and 2^(2a-b) times dT (powers of two
 * commute with rounding), out to the ends of double's range where the
 * unscaled arithmetic (B1*Px^2 ~ 2^(2a-b)) would overflow or underflow. */
static void test_homogeneous_extremes(void)
{
    const imp_coef2d base[3] = {
        {2.5, 2.5, 1.5, 0.4, -1, 0},      /* eccentric: sticks, or reverses */
        {1.25, 3, -0.75, -2, -0.5, 0},    /* slides throughout */
        {1, 1, 0, 0, -1, 0},              /* direct, central */
    };
    const int ab[][2] = {{0, 0}, {450, 0}, {-450, 0}, {0, 1000}, {0, -1000},
                         {480, -20}, {-480, 20}, {600, 1000}, {-600, -1000}};
    for (int i = 0; i < 3; i++)
        for (int m = 0; m < 7; m++) {
            imp_model_params p = {0.6, 0.3, 0.4, 0, 0, NULL, NULL, NULL, 0};
            imp_model_result2d r0, r;
            CHECK(imp_model2d_solve(models[m], &base[i], &p, &r0) == IMP_OK);
            for (size_t k = 0; k < sizeof ab / sizeof ab[0]; k++) {
                int a = ab[k][0], b = ab[k][1];
                imp_coef2d c = {ldexp(base[i].B1, b), ldexp(base[i].B2, b),
                                ldexp(base[i].B3, b), ldexp(base[i].S0, a),
                                ldexp(base[i].C0, a), 0};
                CHECK(imp_model2d_solve(models[m], &c, &p, &r) == IMP_OK);
                CHECK(r.Px == ldexp(r0.Px, a - b) && r.Py == ldexp(r0.Py, a - b));
                CHECK(r.PxC == ldexp(r0.PxC, a - b) && r.PyC == ldexp(r0.PyC, a - b));
                CHECK(r.S == ldexp(r0.S, a) && r.C == ldexp(r0.C, a));
                CHECK(r.dT == ldexp(r0.dT, 2 * a - b));
                CHECK(r.mode == r0.mode && r.slip == r0.slip && r.nvert == r0.nvert);
                CHECK(r.energy_gain == r0.energy_gain && r.coulomb_ok == r0.coulomb_ok);
                for (int v = 0; v < r.nvert; v++)
                    CHECK(r.vert[v].Py == ldexp(r0.vert[v].Py, a - b) &&
                          r.vert[v].S == ldexp(r0.vert[v].S, a));
            }
        }
}

/* A representable problem whose answer is not: dT ~ C0^2/B2 = 1e600. */
static void test_answer_overflows(void)
{
    imp_coef2d c = {1, 1, 0.5, 1e300, -1e300, 0};
    imp_model_params p = {0.5, 0.3, 0.4, 0, 0, NULL, NULL, NULL, 0};
    for (int m = 0; m < 7; m++) {
        imp_model_result2d r;
        CHECK(imp_model2d_solve(models[m], &c, &p, &r) == IMP_EOVERFLOW);
    }
    /* the impulses alone are fine at 1e150: dT = O(1e300) */
    imp_coef2d h = {1, 1, 0.5, 1e150, -1e150, 0};
    imp_model_result2d r;
    CHECK(imp_model2d_solve(IMP_MODEL_GLOCKER_PFEIFFER, &h, &p, &r) == IMP_OK);
    CHECK(isfinite(r.dT) && r.dT < 0 && !r.energy_gain);
}

int main(void)
{
    RUN(test_brach_moment_separates);
    RUN(test_homogeneous_extremes);
    RUN(test_answer_overflows);
    return check_summary();
}
