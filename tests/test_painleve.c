/* Mason & Wang 1988's sliding rod (MW88): closed forms. */
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

/* Upright rod: cos(pi/2) = 6e-17 in double is rounding of theta, not a
 * lean; B3 must be 0 (it was 1e-16, giving mu_crit = 1e15). */
static void test_upright(void)
{
    imp_coef2d c;
    imp_painleve_coef(1, 1, 4, M_PI / 2, -1, &c);
    CHECK(c.B3 == 0);
    CHECK(c.B2 == 1);
    CHECK_NEAR(c.B1, 17, 1e-15);
    CHECK(imp_painleve_a(&c, 1e6, -1) == 1);
    /* a genuine small lean is kept */
    imp_painleve_coef(1, 1, 4, M_PI / 2 - 1e-9, -1, &c);
    CHECK(fabs(c.B3 / 16e-9 - 1) < 1e-6);
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

/* The D table: the tangential impact resolving the MW88 rod (S0 = -1). */
static void test_resolution(void)
{
    struct { imp_law_kind k; double e, Px, Py, C, dT; } T[] = {
        { IMP_LAW_POISSON, 0, 0.121870, 0.235294, 0, -0.060935 },
        { IMP_LAW_ENERGETIC, 0, 0.121870, 0.235294, 0, -0.060935 },
        { IMP_LAW_POISSON, 0.5, 0.151415, 0.352941, 0.125563, -0.053549 },
        { IMP_LAW_ENERGETIC, 0.5, 0.134477, 0.285496, 0.053580, -0.059590 },
        { IMP_LAW_POISSON, 1, 0.180959, 0.470588, 0.251127, -0.031391 },
        { IMP_LAW_ENERGETIC, 1, 0.147085, 0.335698, 0.107160, -0.055556 },
        { IMP_LAW_NEWTON, 0.5, 0.121870, 0.235294, 0, -0.060935 },
        { IMP_LAW_NEWTON, 1, 0.121870, 0.235294, 0, -0.060935 },
    };
    imp_coef2d c;
    double mu = tan(30 * DEG);
    imp_painleve_coef(1, 1, 4, 75 * DEG, -1, &c);
    for (size_t i = 0; i < sizeof T / sizeof T[0]; i++) {
        imp_law law = { T[i].k, T[i].e, NULL, NULL };
        imp_result2d r;
        CHECK(imp_painleve_resolve(&c, mu, mu, &law, &r) == IMP_OK);
        CHECK_NEAR(r.Px, T[i].Px, V6);
        CHECK_NEAR(r.Py, T[i].Py, V6);
        CHECK_NEAR(r.C, T[i].C, V6);
        CHECK_NEAR(r.dT, T[i].dT, V6);
        CHECK(r.S == 0);
        CHECK(r.cls == IMP_CLASS_TANGENTIAL);
        if (T[i].k == IMP_LAW_POISSON) {
            CHECK_NEAR(r.Py, (4.0 / 17) * (1 + T[i].e), 1e-12);
            CHECK_NEAR(r.Px, (4 * r.Py + 1) / c.B1, 1e-12);
            CHECK_NEAR(r.C, 4 * T[i].e / c.B1, 1e-12);
        }
    }
    /* The path: Px = mu Py until the slip stops at p_s = 1/(3 sqrt 3), sticking
     * holds (|B3|/B1 = 0.251127 < mu), compression ends at p_c = 4/17. */
    CHECK_NEAR(fabs(c.B3) / c.B1, 0.251127, V6);
    imp_law law = { IMP_LAW_POISSON, 0.5, NULL, NULL };
    imp_result2d r;
    CHECK(imp_painleve_resolve(&c, mu, mu, &law, &r) == IMP_OK);
    CHECK(r.nvert == 4);
    CHECK(r.vert[1].event == IMP_EV_STICK);
    CHECK_NEAR(r.vert[1].Py, 0.192450, V6);
    CHECK_NEAR(r.vert[1].Py, 1 / (3 * sqrt(3)), 1e-12);
    CHECK_NEAR(r.vert[1].Px, mu * r.vert[1].Py, 1e-12);
    CHECK(r.vert[2].event == IMP_EV_MAXC);
    CHECK_NEAR(r.vert[2].Py, 4.0 / 17, 1e-12);
    CHECK_NEAR(r.Pc, 0.235294, V6);
    /* A consistent orientation gets no impulse (G item 12: a >= 0 iff none). */
    for (double th = 5; th < 180; th += 5) {
        imp_painleve_coef(1, 1, 4, th * DEG, -1, &c);
        imp_law law = { IMP_LAW_POISSON, 0.5, NULL, NULL };
        imp_result2d r;
        CHECK(imp_painleve_resolve(&c, mu, mu, &law, &r) == IMP_OK);
        CHECK((imp_painleve_a(&c, mu, -1) < 0) == (r.mode != IMP_MODE_NONE));
    }
}

int main(void)
{
    RUN(test_resolution);
    RUN(test_mw88_example);
    RUN(test_upright);
    RUN(test_band);
    return check_summary();
}
