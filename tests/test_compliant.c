/* The compliant normal laws on Routh's path (compliant.h),
 * against closed forms and an independent time integration written here:
 * Kelvin-Voigt with tension (e_eff = exp(-zeta pi / sqrt(1 - zeta^2)),
 * duration pi / omega_d), Hertz (the energetic law's impulses; the
 * classical duration and peak of an elastic direct impact), Hunt-Crossley
 * (e_eff of a fixed-step RK4 of m x'' = -F in time), frictionless impulses
 * (1 + e_eff) |C0| / B2, and no energy gained. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "compliant.h"
#include "impact2d.h"

static double urand(void) { return rand() / (double)RAND_MAX; }

static imp_result2d solve(imp_coef2d c, double mu, imp_law_kind kind, imp_compliant *cp)
{
    imp_law law = {kind, kind == IMP_LAW_HERTZ ? cp->e : 1, NULL, cp};
    imp_result2d r;
    memset(&r, 0, sizeof r);
    CHECK(imp_path2d_solve(&c, mu, mu, &law, &r) == IMP_OK);
    return r;
}

static imp_compliant kv(double k, double zeta, int tension)
{
    imp_compliant cp = {k, 1, NAN, zeta, NAN, IMP_DAMPING_NONE, tension};
    return cp;
}

/* A direct impact (m_eff = 1/B2): stuck (B3 = 0) or frictionless (any B3). */
static void test_kelvin_voigt_tension(void)
{
    const double zetas[] = {0, 0.05, 0.3, 0.7, 0.95};
    for (int i = 0; i < 5; i++) {
        double z = zetas[i], k = 2.5e4;
        imp_compliant cp = kv(k, z, 1);
        double e = exp(-z * M_PI / sqrt(1 - z * z));
        imp_coef2d direct = {1.5, 2, 0, 0, -0.7, 0}, oblique = {2.5, 2.5, 1.5, 0.6, -1, 0};
        imp_result2d r = solve(direct, 0.5, IMP_LAW_KELVIN_VOIGT, &cp);
        CHECK(r.compliant);
        CHECK_NEAR(r.e_eff, e, 1e-10);
        CHECK_NEAR(r.Py, (1 + e) * 0.7 / 2, 1e-10);
        /* half a damped period: omega_d = sqrt(k B2 (1 - zeta^2)) */
        CHECK_NEAR(r.duration * sqrt(k * 2 * (1 - z * z)) / M_PI, 1, 1e-10);
        r = solve(oblique, 0, IMP_LAW_KELVIN_VOIGT, &cp);
        CHECK_NEAR(r.e_eff, e, 1e-10);
        CHECK_NEAR(r.Py, (1 + e) / 2.5, 1e-10);
        CHECK(r.dT <= 1e-12);
    }
}

/* Without tension the contact lets go where F = k delta - c vn = 0, before
 * delta returns to 0: a smaller e_eff than with tension, a positive one. */
static void test_kelvin_voigt_no_tension(void)
{
    imp_coef2d c = {1.5, 2, 0, 0, -0.7, 0};
    imp_compliant with = kv(1e4, 0.3, 1), without = kv(1e4, 0.3, 0);
    imp_result2d a = solve(c, 0.5, IMP_LAW_KELVIN_VOIGT, &with);
    imp_result2d b = solve(c, 0.5, IMP_LAW_KELVIN_VOIGT, &without);
    CHECK(b.e_eff > 0 && b.e_eff < 1);
    /* the pull slows the body: tension returns less than letting go at F = 0 */
    CHECK(a.e_eff < b.e_eff);
    CHECK(b.duration < a.duration);
    CHECK_NEAR(a.delta_max, b.delta_max, 1e-14);
}

/* Hertz: the energetic law's impulses (one contact), and for e = 1 the
 * classical direct impact: m delta'' = -k delta^(3/2) from delta' = v0 gives
 * delta_m = (5 m v0^2 / (4 k))^(2/5) and the contact time
 * 2 (delta_m / v0) int_0^1 dx / sqrt(1 - x^(5/2)) = 2 (delta_m / v0) (2/5) B(2/5, 1/2)
 * = 3.2181 (m^2 / (k^2 v0))^(1/5) (with k = (4/3) E* sqrt(R): 2.868 (m^2 / (R E*^2 v0))^(1/5)). */
static void test_hertz(void)
{
    srand(7);
    for (int i = 0; i < 300; i++) {
        double B1 = 0.5 + 3 * urand(), B2 = 0.5 + 3 * urand(), B3 = (2 * urand() - 1) * 0.95 * sqrt(B1 * B2);
        imp_coef2d c = {B1, B2, B3, 2 * urand() - 1, -0.1 - urand(), 0};
        double mu = 1.5 * urand(), e = urand();
        imp_compliant cp = {1e3 + 1e5 * urand(), 1.5, NAN, 0, e, IMP_DAMPING_NONE, 0};
        imp_result2d h = solve(c, mu, IMP_LAW_HERTZ, &cp), en;
        imp_law law = {IMP_LAW_ENERGETIC, e, NULL, NULL};
        CHECK(imp_path2d_solve(&c, mu, mu, &law, &en) == IMP_OK);
        CHECK_NEAR(h.Px, en.Px, 1e-10);
        CHECK_NEAR(h.Py, en.Py, 1e-10);
        CHECK(h.mode == en.mode);
        CHECK(h.dT <= 1e-12 * (c.C0 * c.C0 + c.S0 * c.S0));
    }
    double m = 0.8, k = 3e5, v0 = 1.7;
    imp_coef2d c = {2, 1 / m, 0, 0, -v0, 0};
    imp_compliant cp = {k, 1.5, NAN, 0, 1, IMP_DAMPING_NONE, 0};
    imp_result2d r = solve(c, 0.3, IMP_LAW_HERTZ, &cp);
    double dm = pow(5 * m * v0 * v0 / (4 * k), 0.4);
    double B = tgamma(0.4) * tgamma(0.5) / tgamma(0.9);
    CHECK_NEAR(r.delta_max / dm, 1, 1e-10);
    CHECK_NEAR(r.F_max / (k * pow(dm, 1.5)), 1, 1e-10);
    CHECK_NEAR(r.duration / (2 * dm / v0 * 0.4 * B), 1, 1e-9);
    CHECK_NEAR(r.duration / pow(m * m / (k * k * v0), 0.2), 3.2181, 1e-4);
    CHECK_NEAR(r.e_eff, 1, 1e-12);
}

/* The independent check: m x'' = -k x^n (1 + c x') in time, x(0) = 0,
 * x'(0) = v0, by classical RK4 at a fixed step, until F = 0 or x = 0 (the
 * last step halved down to 1e-16 of the contact time). */
static void hc_rhs(double m, double k, double n, double c, const double y[2], double f[2])
{
    double x = y[0] > 0 ? y[0] : 0;
    f[0] = y[1];
    f[1] = -k * pow(x, n) * (1 + c * y[1]) / m;
}

static void hc_step(double m, double k, double n, double c, const double y[2], double h, double out[2])
{
    double k1[2], k2[2], k3[2], k4[2], w[2];
    hc_rhs(m, k, n, c, y, k1);
    for (int i = 0; i < 2; i++) w[i] = y[i] + 0.5 * h * k1[i];
    hc_rhs(m, k, n, c, w, k2);
    for (int i = 0; i < 2; i++) w[i] = y[i] + 0.5 * h * k2[i];
    hc_rhs(m, k, n, c, w, k3);
    for (int i = 0; i < 2; i++) w[i] = y[i] + h * k3[i];
    hc_rhs(m, k, n, c, w, k4);
    for (int i = 0; i < 2; i++) out[i] = y[i] + h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
}

static int hc_ended(double c, const double y[2])
{
    return y[1] < 0 && (y[0] <= 0 || 1 + c * y[1] <= 0);
}

static double hc_rk4(double m, double k, double n, double c, double v0)
{
    double y[2] = {0, v0}, yn[2], T = pow(m * v0 * v0 / k, 1 / (n + 1)) / v0, h = T / 20000;
    for (;;) {
        hc_step(m, k, n, c, y, h, yn);
        if (!hc_ended(c, yn)) {
            y[0] = yn[0];
            y[1] = yn[1];
            continue;
        }
        if (h < 1e-16 * T)
            return -yn[1] / v0;
        h *= 0.5;
    }
}

static void test_hunt_crossley(void)
{
    static const char *const names[] = {"hunt-crossley", "lankarani-nikravesh", "flores"};
    const double es[] = {0.3, 0.6, 0.9};
    printf("  Hunt-Crossley direct impact (k = 1e5, n = 1.5, m = 0.5, v0 = 1.2): e_eff vs target e\n");
    for (int d = 1; d <= 3; d++)
        for (int i = 0; i < 3; i++) {
            double m = 0.5, v0 = 1.2, k = 1e5;
            imp_compliant cp = {k, 1.5, NAN, 0, es[i], (imp_damping)d, 0};
            imp_coef2d c = {1, 1 / m, 0, 0, -v0, 0};
            imp_result2d r = solve(c, 0, IMP_LAW_HUNT_CROSSLEY, &cp);
            imp_law law = {IMP_LAW_HUNT_CROSSLEY, 1, NULL, &cp};
            double cc = imp_compliant_damping(IMP_LAW_HUNT_CROSSLEY, &cp, -v0, 1 / m);
            double e_rk4 = hc_rk4(m, k, 1.5, cc, v0);
            (void)law;
            CHECK_NEAR(r.e_eff, e_rk4, 1e-8);
            CHECK(r.dT <= 0);
            printf("    %-20s e = %.2f: e_eff = %.10f (RK4 %.10f)\n", names[d - 1], es[i], r.e_eff, e_rk4);
        }
    /* a given c and another exponent */
    imp_compliant cp = {4e4, 1.2, 0.8, 0, NAN, IMP_DAMPING_NONE, 0};
    imp_coef2d c = {1, 2, 0, 0, -0.9, 0};
    imp_result2d r = solve(c, 0, IMP_LAW_HUNT_CROSSLEY, &cp);
    CHECK_NEAR(r.e_eff, hc_rk4(0.5, 4e4, 1.2, 0.8, 0.9), 1e-8);
}

/* Frictionless, any B3: Py = (1 + e_eff) |C0| / B2 and Px = 0; with friction
 * no energy is gained and the contact ends separating (C >= 0). */
static void test_frictionless_and_energy(void)
{
    srand(11);
    for (int i = 0; i < 200; i++) {
        double B1 = 0.5 + 3 * urand(), B2 = 0.5 + 3 * urand(), B3 = (2 * urand() - 1) * 0.95 * sqrt(B1 * B2);
        imp_coef2d c = {B1, B2, B3, 2 * urand() - 1, -0.1 - urand(), 0};
        imp_compliant k1 = kv(1e4 * (1 + urand()), 0.9 * urand(), i & 1);
        imp_compliant k2 = {1e5 * (1 + urand()), 1 + urand(), NAN, 0, 0.2 + 0.8 * urand(),
                            (imp_damping)(1 + i % 3), 0};
        imp_result2d r = solve(c, 0, IMP_LAW_KELVIN_VOIGT, &k1);
        CHECK_NEAR(r.Py, (1 + r.e_eff) * -c.C0 / B2, 1e-12);
        CHECK(r.Px == 0);
        r = solve(c, 0, IMP_LAW_HUNT_CROSSLEY, &k2);
        CHECK_NEAR(r.Py, (1 + r.e_eff) * -c.C0 / B2, 1e-12);
        double mu = 2 * urand(), scale = c.C0 * c.C0 + c.S0 * c.S0;
        r = solve(c, mu, IMP_LAW_KELVIN_VOIGT, &k1);
        CHECK(r.dT <= 1e-12 * scale && r.C >= 0 && r.e_eff <= 1);
        r = solve(c, mu, IMP_LAW_HUNT_CROSSLEY, &k2);
        CHECK(r.dT <= 1e-12 * scale && r.C >= 0 && r.e_eff <= 1);
    }
}

/* Bad parameters are refused (the binding names them first). */
static void test_check(void)
{
    imp_compliant ok = kv(1, 0.5, 0), bad = ok;
    CHECK(imp_compliant_check(IMP_LAW_KELVIN_VOIGT, &ok) == IMP_OK);
    bad.k = -1;
    CHECK(imp_compliant_check(IMP_LAW_KELVIN_VOIGT, &bad) == IMP_EINPUT);
    bad = ok; bad.zeta = 1;
    CHECK(imp_compliant_check(IMP_LAW_KELVIN_VOIGT, &bad) == IMP_EINPUT);
    bad = ok; bad.k = INFINITY;
    CHECK(imp_compliant_check(IMP_LAW_KELVIN_VOIGT, &bad) == IMP_EINPUT);
    CHECK(imp_compliant_check(IMP_LAW_KELVIN_VOIGT, NULL) == IMP_EINPUT);
    imp_compliant hc = {1, 1.5, NAN, 0, 0, IMP_DAMPING_FLORES, 0};
    CHECK(imp_compliant_check(IMP_LAW_HUNT_CROSSLEY, &hc) == IMP_EINPUT);   /* e = 0 */
    imp_law law = {IMP_LAW_HERTZ, 1, NULL, NULL};
    CHECK(!imp_law_usable(&law));
    imp_coef2d c = {1, 1, 0, 0, -1, 0};
    imp_result2d r;
    CHECK(imp_path2d_solve(&c, 0, 0, &law, &r) == IMP_EINPUT);
}

int main(void)
{
    RUN(test_kelvin_voigt_tension);
    RUN(test_kelvin_voigt_no_tension);
    RUN(test_hertz);
    RUN(test_hunt_crossley);
    RUN(test_frictionless_and_energy);
    RUN(test_check);
    return check_summary();
}
