/* Wang 1986's impact space: the closed forms of W86 secs 3-5. */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "space2d.h"

#define DEG (M_PI / 180)
#define V6 1e-6

/* The mode by WM92's P_d, P_q table (WM92 eqs 31-38), mu_s = mu_k = mu. */
static imp_mode mode_pdpq(const imp_coef2d *c, double mu, double e)
{
    if (c->S0 == 0)
        return fabs(c->B3) <= mu * c->B1 ? IMP_MODE_C_STICKING : IMP_MODE_SLIDING;
    double s = c->S0 > 0 ? 1 : -1;
    double Pd = (c->B2 + s * mu * c->B3) * s * c->S0;
    double Pq = (mu * c->B1 + s * c->B3) * (-c->C0);
    int rev = fabs(c->B3) > mu * c->B1;
    if (Pd > (1 + e) * Pq) return IMP_MODE_SLIDING;
    if (Pd > Pq) return rev ? IMP_MODE_R_REVERSED : IMP_MODE_R_STICKING;
    return rev ? IMP_MODE_C_REVERSED : IMP_MODE_C_STICKING;
}

static void test_coef(void)
{
    imp_coef2d c;
    imp_space_coef(1.414, 30 * DEG, 20 * DEG, &c);
    double r2 = 1.414 * 1.414;
    CHECK_NEAR(c.B1 * c.B2 - c.B3 * c.B3, 1 + r2, 1e-12);   /* m^2 Delta = 1 + r^2 */
    CHECK_NEAR(c.B1, 1 + r2 * 0.75, 1e-12);
    CHECK_NEAR(c.S0, -sin(20 * DEG), 1e-15);
    CHECK_NEAR(c.C0, -cos(20 * DEG), 1e-15);
}

/* The modes of the W86 (4.1)-(4.3) test table (r = 1.414, mu = 0.25, e = 0.8). */
static void test_table_modes(void)
{
    struct { double th, ga; imp_mode m; } T[] = {
        { 30, 20, IMP_MODE_SLIDING }, { 0, 30, IMP_MODE_C_STICKING },
        { -40, 10, IMP_MODE_C_REVERSED }, { -40, 40, IMP_MODE_R_REVERSED },
        { -40, 75, IMP_MODE_SLIDING }, { 10, 25, IMP_MODE_R_STICKING },
    };
    for (size_t i = 0; i < sizeof T / sizeof T[0]; i++) {
        CHECK(imp_space_region(1.414, 0.25, 0.8, T[i].th * DEG, T[i].ga * DEG) == T[i].m);
        /* the mirror image has the same mode */
        CHECK(imp_space_region(1.414, 0.25, 0.8, -T[i].th * DEG, -T[i].ga * DEG) == T[i].m);
    }
}

/* W86 (4.1)-(4.3) agree with the P_d/P_q table everywhere (G item 10). */
static void test_regions_vs_pdpq(void)
{
    srand(12345);
    int agree = 0, n = 20000;
    for (int i = 0; i < n; i++) {
        double th = (rand() / (double)RAND_MAX - 0.5) * 179 * DEG;
        double ga = (rand() / (double)RAND_MAX - 0.5) * 179 * DEG;
        double r = 3.0 * (rand() / (double)RAND_MAX), mu = 1.5 * (rand() / (double)RAND_MAX);
        double e = rand() / (double)RAND_MAX;
        imp_coef2d c;
        imp_space_coef(r, th, ga, &c);
        agree += imp_space_region(r, mu, e, th, ga) == mode_pdpq(&c, mu, e);
    }
    CHECK(agree == n);
}

static void test_reversal(void)
{
    double m, lo, hi;
    CHECK(imp_space_reversal(1.414, 0.25, &m, &lo, &hi));
    CHECK_NEAR(m, 0.577234, V6);
    CHECK_NEAR(lo / DEG, -82.507, 1e-3);
    CHECK_NEAR(hi / DEG, -21.529, 1e-3);
    /* Inside the interval the region test reports reversal (C or R). */
    imp_mode md = imp_space_region(1.414, 0.25, 0.8, -40 * DEG, 30 * DEG);
    CHECK(md == IMP_MODE_C_REVERSED || md == IMP_MODE_R_REVERSED);
    md = imp_space_region(1.414, 0.25, 0.8, -15 * DEG, 5 * DEG);
    CHECK(md != IMP_MODE_C_REVERSED && md != IMP_MODE_R_REVERSED);
    /* r^2/sqrt(1+r^2) > 2 mu is the condition. */
    CHECK(!imp_space_reversal(1.414, 0.6, &m, &lo, &hi));
    CHECK(!imp_space_reversal(0, 0.1, &m, &lo, &hi));
    CHECK(imp_space_reversal(1, 0.35, &m, &lo, &hi));     /* 1/sqrt2 = 0.707 > 0.7 */
    CHECK(!imp_space_reversal(1, 0.36, &m, &lo, &hi));
    CHECK(imp_space_reversal(1, 0, &m, &lo, &hi) && lo == -M_PI / 2 && hi == 0);
    /* r = 0: the modes do not depend on theta. */
    for (double th = -80; th <= 80; th += 20)
        CHECK(imp_space_region(0, 0.3, 0.5, th * DEG, 35 * DEG) ==
              imp_space_region(0, 0.3, 0.5, 0, 35 * DEG));
    /* e = 0 removes the R-modes. */
    for (double th = -80; th <= 80; th += 5)
        for (double ga = 1; ga < 90; ga += 4) {
            imp_mode q = imp_space_region(1.414, 0.25, 0, th * DEG, ga * DEG);
            CHECK(q != IMP_MODE_R_STICKING && q != IMP_MODE_R_REVERSED);
        }
}

static void test_sphere(void)
{
    double x;
    CHECK(imp_space_sphere(0, 0.3, 0.5, 20 * DEG, &x) == 1);
    CHECK(imp_space_region(0, 0.3, 0.5, 0, 20 * DEG) == IMP_MODE_R_STICKING);
    CHECK(imp_space_sphere(0, 0.3, 0.5, 40 * DEG, &x) == 0);
    CHECK_NEAR(x, 0.389100, V6);
    CHECK(imp_space_sphere(0, 0.3, 0.5, 60 * DEG, &x) == 0);
    CHECK_NEAR(x, 1.282051, V6);
    double r = sqrt(2.5);
    CHECK(imp_space_sphere(r, 0.3, 0.5, 40 * DEG, &x) == 1);
    CHECK(imp_space_sphere(r, 0.3, 0.5, 60 * DEG, &x) == 0);
    CHECK_NEAR(x, 0.157051, V6);
    /* The sphere's stick test matches the general region test at theta = 0. */
    for (double ga = 1; ga < 89; ga += 2)
        CHECK((imp_space_sphere(r, 0.3, 0.5, ga * DEG, &x) == 1) ==
              (imp_space_region(r, 0.3, 0.5, 0, ga * DEG) != IMP_MODE_SLIDING));
}

/* Poisson impulses in the two sticking modes (WM92 eqs 39-55), gamma > 0 (s = -1). */
static double turn(double r, double mu, double e, double th, double ga, imp_mode m)
{
    imp_coef2d c;
    imp_space_coef(r, th, ga, &c);
    double d = c.B1 * c.B2 - c.B3 * c.B3, Py;
    if (m == IMP_MODE_C_STICKING) Py = -(1 + e) * (c.B1 * c.C0 + c.B3 * c.S0) / d;
    else Py = -(1 + e) * c.C0 / (c.B2 - mu * c.B3);
    double Px = (c.B3 * Py - c.S0) / c.B1;
    return r * (Px * cos(th) - Py * sin(th));
}

static void test_translation_line(void)
{
    double r = 1.414, mu = 0.25;
    int nc = 0, nr = 0;
    for (double e = 0; e <= 1; e += 0.4)
        for (double th = 1; th < 60; th += 3) {
            double g = imp_space_translation(r, mu, e, th * DEG, IMP_MODE_C_STICKING);
            if (g > 0 && imp_space_region(r, mu, e, th * DEG, atan(g)) == IMP_MODE_C_STICKING) {
                CHECK_NEAR(turn(r, mu, e, th * DEG, atan(g), IMP_MODE_C_STICKING), 0, 1e-12);
                if (e == 0) CHECK_NEAR(atan(g), th * DEG, 1e-12);   /* the 45 deg line */
                nc++;
            }
            g = imp_space_translation(r, mu, e, th * DEG, IMP_MODE_R_STICKING);
            if (g > 0 && imp_space_region(r, mu, e, th * DEG, atan(g)) == IMP_MODE_R_STICKING) {
                CHECK_NEAR(turn(r, mu, e, th * DEG, atan(g), IMP_MODE_R_STICKING), 0, 1e-12);
                nr++;
            }
        }
    CHECK(nc > 5 && nr > 0);
}

static void test_rebound_c(void)
{
    double r = 1.414, mu = 0.25, e = 0.8;
    CHECK_NEAR(tan(20 * DEG) + imp_space_rebound_c(r, mu, e, 30 * DEG), e * 0.877255, V6);
    CHECK_NEAR(tan(75 * DEG) + imp_space_rebound_c(r, mu, e, -40 * DEG), e * 3.006162, 2e-6);
}

/* The W86 (4.1)-(4.3) table solved by the tracer (Poisson, e = 0.8). */
static void test_table_states(void)
{
    struct { double th, ga; imp_mode m; double v[7]; } T[] = {
        { 30, 20, IMP_MODE_SLIDING, { 0.329483, 1.317934, -0.659480, 0.751754, 0.877255, -0.528307 } },
        { 0, 30, IMP_MODE_C_STICKING, { 0.166700, 1.558846, 0, 0.692820, 0, 0.235714 } },
        { -40, 10, IMP_MODE_C_REVERSED, { -0.207725, 1.058212, 0.416725, 0.743088, -0.560802, 0.736806 } },
        { -40, 40, IMP_MODE_R_REVERSED, { 0.044007, 0.665409, 0.107954, 0.492385, -0.219247, 0.652459 } },
        { -40, 75, IMP_MODE_SLIDING, { 0.056204, 0.224818, -0.622442, 0.207055, 3.006162, 0.265217 } },
        { 10, 25, IMP_MODE_R_STICKING, { 0.338477, 1.673510, 0, 0.752366, 0, 0.060424 } },
    };
    imp_law law = { IMP_LAW_POISSON, 0.8, NULL, NULL };
    for (size_t i = 0; i < sizeof T / sizeof T[0]; i++) {
        imp_space_point p;
        CHECK(imp_space_state(1.414, 0.25, &law, T[i].th * DEG, T[i].ga * DEG, &p) == IMP_OK);
        CHECK(p.mode == T[i].m);
        CHECK_NEAR(p.Px, T[i].v[0], V6);
        CHECK_NEAR(p.Py, T[i].v[1], V6);
        CHECK_NEAR(p.S, T[i].v[2], V6);
        CHECK_NEAR(p.C, T[i].v[3], V6);
        CHECK_NEAR(p.tan_gr, T[i].v[4], V6);
        CHECK_NEAR(p.dw, T[i].v[5], V6);
        CHECK(p.sense == (T[i].v[5] > 0 ? 1 : -1));
    }
}

/* W86's inequalities agree with the tracer's mode for every built-in law,
 * and the translation-line closed forms give dw = 0 (W86 sec 5). */
static void test_regions_vs_tracer(void)
{
    srand(777);
    int n = 5000, agree = 0;
    for (int i = 0; i < n; i++) {
        double th = (rand() / (double)RAND_MAX - 0.5) * 178 * DEG;
        double ga = (rand() / (double)RAND_MAX - 0.5) * 178 * DEG;
        double r = 3.0 * (rand() / (double)RAND_MAX), mu = 1.5 * (rand() / (double)RAND_MAX);
        imp_law law = { (imp_law_kind)(i % 3), rand() / (double)RAND_MAX, NULL, NULL };
        imp_space_point p;
        CHECK(imp_space_state(r, mu, &law, th, ga, &p) == IMP_OK);
        agree += p.mode == imp_space_region(r, mu, law.e, th, ga);
    }
    CHECK(agree == n);
    imp_law law = { IMP_LAW_POISSON, 0.8, NULL, NULL };
    for (double th = 1; th < 60; th += 1) {
        for (int q = 0; q < 2; q++) {
            imp_mode reg = q ? IMP_MODE_R_STICKING : IMP_MODE_C_STICKING;
            double g = imp_space_translation(1.414, 0.25, 0.8, th * DEG, reg);
            if (!(g > 0) || imp_space_region(1.414, 0.25, 0.8, th * DEG, atan(g)) != reg) continue;
            imp_space_point p;
            CHECK(imp_space_state(1.414, 0.25, &law, th * DEG, atan(g), &p) == IMP_OK);
            CHECK_NEAR(p.dw, 0, 1e-12);
            CHECK(p.sense == 0);
        }
    }
    /* Sliding region: the translation line is theta = atan(mu). */
    imp_space_point p;
    CHECK(imp_space_state(1.414, 0.25, &law, atan(0.25), 80 * DEG, &p) == IMP_OK);
    CHECK(p.mode == IMP_MODE_SLIDING);
    CHECK_NEAR(p.dw, 0, 1e-12);
    /* The sliding-region rebound relation against the tracer. */
    for (double th = -60; th <= 60; th += 7)
        for (double ga = 5; ga < 89; ga += 6) {
            if (imp_space_region(1.414, 0.25, 0.8, th * DEG, ga * DEG) != IMP_MODE_SLIDING) continue;
            CHECK(imp_space_state(1.414, 0.25, &law, th * DEG, ga * DEG, &p) == IMP_OK);
            CHECK_NEAR(0.8 * p.tan_gr, tan(ga * DEG) + imp_space_rebound_c(1.414, 0.25, 0.8, th * DEG), 1e-9);
        }
}

/* The rebound angle gamma_r = atan2(-S, C) is defined everywhere (tan_gr
 * was NaN whenever C = 0, i.e. at every point with e = 0): 0 when sticking,
 * +-90 degrees when the contact leaves tangentially, tan(gamma_r) = tan_gr. */
static void test_rebound_angle(void)
{
    for (int k = 0; k < 3; k++) {
        imp_law law = { (imp_law_kind)k, 0, NULL, NULL };
        for (double e = 0; e <= 1; e += 0.5) {
            law.e = e;
            for (double th = -85; th <= 85; th += 5)
                for (double ga = -85; ga <= 85; ga += 5) {
                    imp_space_point p;
                    CHECK(imp_space_state(1.414, 0.25, &law, th * DEG, ga * DEG, &p) == IMP_OK);
                    CHECK(!isnan(p.tan_gr) && !isnan(p.gamma_r));
                    CHECK(fabs(p.gamma_r) <= M_PI / 2);
                    if (p.mode == IMP_MODE_C_STICKING || p.mode == IMP_MODE_R_STICKING)
                        CHECK(p.gamma_r == 0 && p.tan_gr == 0);
                    else if (p.C == 0)
                        CHECK(fabs(p.gamma_r) == M_PI / 2 && isinf(p.tan_gr)
                              && (p.gamma_r > 0) == (p.tan_gr > 0) && (p.S < 0) == (p.gamma_r > 0));
                    else
                        CHECK_NEAR(tan(p.gamma_r), p.tan_gr, 1e-12);
                }
        }
    }
    /* e = 0 removes the R-modes and ends every impact at max compression. */
    imp_law law = { IMP_LAW_POISSON, 0, NULL, NULL };
    imp_space_point p;
    CHECK(imp_space_state(1.414, 0.25, &law, 0, 10 * DEG, &p) == IMP_OK);
    CHECK(p.mode == IMP_MODE_C_STICKING && p.gamma_r == 0 && p.tan_gr == 0);
    law.e = 0.8;
    CHECK(imp_space_state(1.414, 0.25, &law, 30 * DEG, 20 * DEG, &p) == IMP_OK);
    CHECK_NEAR(tan(p.gamma_r), 0.877255, 1e-6);
}

/* The translation line for every built-in law (the Poisson closed forms
 * gave |dw| up to 3.1e-3 with Newton's law and 1.5e-3 with the energetic
 * one): Newton's closed form tan(gamma) = (1+e) tan(theta), roots of dw
 * elsewhere; points inside the grid, mirrored for gamma < 0, none at r = 0. */
static void test_translation_laws(void)
{
    enum { NG = 3, NT = 60 };
    static imp_space_point pts[NG * NT], mp[NG * NT];
    static imp_space_tpoint tl[NT * (NG + 4)], mt[NT * (NG + 4)];
    for (int k = 0; k < 3; k++)
        for (double e = 0; e <= 1; e += 0.4) {
            imp_law law = { (imp_law_kind)k, e, NULL, NULL };
            int n, nm;
            CHECK(imp_space_grid(1.414, 0.25, &law, 1 * DEG, 89 * DEG, NG, 1 * DEG, 60 * DEG, NT, pts) == IMP_OK);
            CHECK(imp_space_translation_grid(1.414, 0.25, &law, pts, NG, NT, tl, &n) == IMP_OK);
            CHECK(n >= 10);
            for (int i = 0; i < n; i++) {
                imp_space_point p;
                CHECK(imp_space_state(1.414, 0.25, &law, tl[i].theta, tl[i].gamma, &p) == IMP_OK);
                CHECK(fabs(p.dw) <= 1e-12);
                CHECK(p.mode == tl[i].segment);
                CHECK(tl[i].gamma >= 1 * DEG && tl[i].gamma <= 89 * DEG);
                CHECK(tl[i].closed == (k != IMP_LAW_ENERGETIC && (p.mode == IMP_MODE_C_STICKING
                                                                  || p.mode == IMP_MODE_R_STICKING)));
                if (k == IMP_LAW_NEWTON && tl[i].closed)
                    CHECK_NEAR(tan(tl[i].gamma), (1 + e) * tan(tl[i].theta), 1e-12);
                for (int q = 0; q < i; q++)
                    CHECK(!(tl[q].theta == tl[i].theta && fabs(tl[q].gamma - tl[i].gamma) < 1e-9));
            }
            /* The mirror grid (gamma, theta) -> (-gamma, -theta): mirrored points. */
            CHECK(imp_space_grid(1.414, 0.25, &law, -1 * DEG, -89 * DEG, NG, -1 * DEG, -60 * DEG, NT, mp) == IMP_OK);
            CHECK(imp_space_translation_grid(1.414, 0.25, &law, mp, NG, NT, mt, &nm) == IMP_OK);
            CHECK(nm == n);
            for (int i = 0; i < n && i < nm; i++) {
                CHECK_NEAR(mt[i].theta, -tl[i].theta, 1e-15);
                CHECK_NEAR(mt[i].gamma, -tl[i].gamma, 1e-12);
                CHECK(mt[i].segment == tl[i].segment);
            }
        }
    /* Newton's closed form is the tracer's dw = 0 in both sticking regions. */
    for (double e = 0; e <= 1; e += 0.25)
        for (double th = 1; th < 60; th += 1) {
            double g = atan((1 + e) * tan(th * DEG));
            imp_law law = { IMP_LAW_NEWTON, e, NULL, NULL };
            imp_space_point p;
            CHECK(imp_space_state(1.414, 0.25, &law, th * DEG, g, &p) == IMP_OK);
            if (p.mode == IMP_MODE_C_STICKING || p.mode == IMP_MODE_R_STICKING)
                CHECK(fabs(p.dw) <= 1e-13);
            CHECK(isnan(imp_space_translation_law(IMP_LAW_ENERGETIC, 1.414, 0.25, e, th * DEG,
                                                  IMP_MODE_C_STICKING)));
        }
    /* r = 0: dw = 0 everywhere, no line (the grid listed every point twice). */
    imp_law law = { IMP_LAW_POISSON, 0.8, NULL, NULL };
    int n = -1;
    CHECK(imp_space_grid(0, 0.25, &law, 1 * DEG, 89 * DEG, NG, -60 * DEG, 60 * DEG, NT, pts) == IMP_OK);
    CHECK(imp_space_translation_grid(0, 0.25, &law, pts, NG, NT, tl, &n) == IMP_OK && n == 0);
}

static void test_grid(void)
{
    imp_law law = { IMP_LAW_POISSON, 0.8, NULL, NULL };
    imp_space_point pts[12], one;
    CHECK(imp_space_grid(1.414, 0.25, &law, 10 * DEG, 40 * DEG, 4, -40 * DEG, 30 * DEG, 3, pts) == IMP_OK);
    CHECK_NEAR(pts[5].gamma, 20 * DEG, 1e-15);
    CHECK_NEAR(pts[5].theta, -5 * DEG, 1e-15);
    CHECK(imp_space_state(1.414, 0.25, &law, -5 * DEG, 20 * DEG, &one) == IMP_OK);
    CHECK_NEAR(one.Px, pts[5].Px, 1e-13);
    CHECK_NEAR(one.Py, pts[5].Py, 1e-13);
    CHECK(imp_space_grid(1.414, 0.25, &law, 0, 1, 0, 0, 1, 1, pts) == IMP_EINPUT);
    CHECK(imp_space_state(1.414, 0.25, &law, 0, M_PI / 2, &one) == IMP_EINPUT);
}

int main(void)
{
    RUN(test_table_states);
    RUN(test_regions_vs_tracer);
    RUN(test_grid);
    RUN(test_rebound_angle);
    RUN(test_translation_laws);
    RUN(test_coef);
    RUN(test_table_modes);
    RUN(test_regions_vs_pdpq);
    RUN(test_reversal);
    RUN(test_sphere);
    RUN(test_translation_line);
    RUN(test_rebound_c);
    return check_summary();
}
