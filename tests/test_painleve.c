/* Mason & Wang 1988's sliding rod (PHYSICS.md D): closed forms. */
#include <math.h>

#include "check.h"
#include "painleve.h"

#define DEG (M_PI / 180)
#define V6 1e-6

static void test_mw88_example(void)
{
    imp_coef2d c;
    double mu = tan(30 * DEG);
    imp_painleve_coef(1, 1, 4, 75 * DEG, -1, &c);
    CHECK_NEAR(c.B1, 15.928203, V6);
    CHECK_NEAR(c.B2, 2.071797, V6);
    CHECK_NEAR(c.B3, 4, V6);
    CHECK_NEAR(c.B1 * c.B2 - c.B3 * c.B3, 17, 1e-12);
    CHECK_NEAR(c.B2 / c.B3, 0.517949, V6);
    double a = imp_painleve_a(&c, mu, -1);
    CHECK_NEAR(a, -0.237604, V6);
    CHECK_NEAR(a, 9 - 16 / sqrt(3), 1e-12);
    /* MW88 eq 20 in its own form. */
    double l = 4, th = 75 * DEG;
    CHECK_NEAR(a, (l * l / 2) * ((l * l + 2) / (l * l) + cos(2 * th) - mu * sin(2 * th)), 1e-12);
    /* General m, J: a = 1/m + l^2 cos^2/J - mu l^2 sin cos/J. */
    imp_painleve_coef(2, 0.5, 4, th, -1, &c);
    double J = 2 * 0.25;
    CHECK_NEAR(imp_painleve_a(&c, mu, -1),
               0.5 + l * l * cos(th) * cos(th) / J - mu * l * l * sin(th) * cos(th) / J, 1e-12);
}

static void test_band(void)
{
    double mu = tan(30 * DEG), lo, hi;
    CHECK(imp_painleve_band(4, mu, -1, &lo, &hi) == 1);
    CHECK(lo < 75 * DEG && 75 * DEG < hi && hi < M_PI / 2);
    imp_coef2d c;
    imp_painleve_coef(1, 1, 4, lo, -1, &c);
    CHECK_NEAR(imp_painleve_a(&c, mu, -1), 0, 1e-12);
    imp_painleve_coef(1, 1, 4, hi, -1, &c);
    CHECK_NEAR(imp_painleve_a(&c, mu, -1), 0, 1e-12);
    /* a < 0 inside, > 0 outside (sampled). */
    for (double th = 1; th < 180; th += 0.5) {
        imp_painleve_coef(1, 1, 4, th * DEG, -1, &c);
        double a = imp_painleve_a(&c, mu, -1);
        int in = th * DEG > lo && th * DEG < hi;
        CHECK(in ? a < 0 : a >= 0);
    }
    /* Sliding to the right: the mirror band beyond 90 deg. */
    double lo2, hi2;
    CHECK(imp_painleve_band(4, mu, 1, &lo2, &hi2) == 1);
    CHECK_NEAR(lo2, M_PI - hi, 1e-12);
    CHECK_NEAR(hi2, M_PI - lo, 1e-12);
    /* No band when mu r^2 <= 2 sqrt(1 + r^2). */
    CHECK(imp_painleve_band(4, 2 * sqrt(17) / 16 * 0.999, -1, &lo, &hi) == 0);
    CHECK(imp_painleve_band(4, 2 * sqrt(17) / 16 * 1.001, -1, &lo, &hi) == 1);
    CHECK(imp_painleve_band(1, 1, -1, &lo, &hi) == 0);
}

int main(void)
{
    RUN(test_mw88_example);
    RUN(test_band);
    return check_summary();
}
