/* Chatterjee & Ruina's algebraic law (model_cr.c): the
 * published test vectors (WM92 rod in 2D, the SB22 rod in 3D) and the
 * law's properties on random problems, each checked against a formula
 * written here apart from the code (the energy identity, the cone, the
 * limits e_t = -1, mu = 0, mu -> inf, the sphere's S = -e_t S0). */
#include <stdlib.h>
#include <string.h>

#include "bodies3d.h"
#include "check.h"
#include "impact3d.h"
#include "mat3.h"
#include "model_cr.h"
#include "models2d.h"

static double urand(double lo, double hi) { return lo + (hi - lo) * (rand() / (RAND_MAX + 1.0)); }

static imp_model_result2d cr2d(const imp_coef2d *c, double mu, double e, double e_t)
{
    imp_model_params p;
    memset(&p, 0, sizeof p);
    p.e = e; p.mu = p.mu_0 = mu; p.e_t = e_t;
    imp_model_result2d r;
    CHECK(imp_model2d_solve(IMP_MODEL_CHATTERJEE_RUINA, c, &p, &r) == IMP_OK);
    return r;
}

/* The law's table on WM92 rod B1 = B2 = 2.5, B3 = 1.5, S0 = 1, C0 = -1, e = 0.5. */
static void test_vectors_2d(void)
{
    static const struct { double mu, et, Px, Py, S, C, dT, kappa; int on; } T[] = {
        {0.3, 0.3, -0.152542372881, 0.508474576271, -0.144067796610, 0.5, -0.192401608733, 0.610169491525, 1},
        {0.8, 0.3, -0.324324324324, 0.405405405405, -0.418918918919, 0.5, -0.195580715851, 1.297297297297, 1},
        {5, 1, -0.5, 0.3, -0.7, 0.5, -0.15, 2, 0},
        {0.8, -1, 0, 0.6, 0.1, 0.5, -0.15, 0, 0},
    };
    imp_coef2d c = {2.5, 2.5, 1.5, 1, -1, 0};
    for (size_t i = 0; i < sizeof T / sizeof *T; i++) {
        imp_model_result2d r = cr2d(&c, T[i].mu, 0.5, T[i].et);
        CHECK_NEAR(r.Px, T[i].Px, 1e-11);
        CHECK_NEAR(r.Py, T[i].Py, 1e-11);
        CHECK_NEAR(r.S, T[i].S, 1e-11);
        CHECK(r.C == T[i].C);
        CHECK_NEAR(r.dT, T[i].dT, 1e-11);
        CHECK_NEAR(r.kappa, T[i].kappa, 1e-11);
        CHECK(r.on_cone == T[i].on);
        CHECK(r.status == IMP_MSTATUS_EXACT && !r.energy_gain && r.coulomb_ok);
    }
    /* separating: no impulse */
    imp_coef2d s = {2.5, 2.5, 1.5, 1, 0.2, 0};
    imp_model_result2d r = cr2d(&s, 0.3, 0.5, 0.3);
    CHECK(r.Px == 0 && r.Py == 0 && r.mode == IMP_MODE_NONE);
    /* parameters out of range */
    imp_model_params p;
    memset(&p, 0, sizeof p);
    p.e = 0.5; p.mu = 0.3; p.e_t = 1.5;
    CHECK(imp_model2d_solve(IMP_MODEL_CHATTERJEE_RUINA, &c, &p, &r) == IMP_EINPUT);
    p.e_t = NAN;
    CHECK(imp_model2d_solve(IMP_MODEL_CHATTERJEE_RUINA, &c, &p, &r) == IMP_EINPUT);
    p.e_t = -1.0000001;
    CHECK(imp_model2d_solve(IMP_MODEL_CHATTERJEE_RUINA, &c, &p, &r) == IMP_EINPUT);
}

/* The SB22 rod (Sun & Baruh 2022; m = 1, L = 2.3, rc = 0.5,
 * theta = 20, 15 degrees; its W printed there to 6 digits, here the rod's
 * own W). */
static void test_vectors_3d(void)
{
    static const double Wp[9] = {3.581090, -0.868800, -0.247734, -0.868800, 1.510300, -0.680645,
                                 -0.247734, -0.680645, 3.703224};
    static const double v0[3] = {0.4, -1, 0};
    imp_body3d b;
    rod_body(&b, 1, 2.3, 0.5, 20 * DEG, 15 * DEG, v0);
    static const struct { double mu, e, et, P[3], vC[3], dT; int on; } T[] = {
        {0.4, 0.7, 0.5, {0.131749699, 1.302265372, 0.223827931}, {-0.315049936, 0.7, -0.090133690},
         -0.199830952, 0},
        {0.2, 0.8, 0, {0.087833133, 1.309590331, 0.149218621}, {-0.460199745, 0.8, -0.360534759},
         -0.160502049, 0},   /* |P_t|/P_n = 0.132 < 0.2 */
    };
    imp_contact3d c;
    CHECK(imp_contact3d_init(&b, &c) == IMP_OK);
    for (int i = 0; i < 9; i++) CHECK_NEAR(c.W[i], Wp[i], 5e-7);
    for (int i = 0; i < 2; i++) {
        imp_result3d r;
        imp_cr_info ci;
        CHECK(imp_cr3d_solve_contact(&c, T[i].mu, T[i].e, T[i].et, &r, &ci) == IMP_OK);
        for (int k = 0; k < 3; k++) {
            CHECK_NEAR(r.P[k], T[i].P[k], 2e-9);
            CHECK_NEAR(r.vC[k], T[i].vC[k], 2e-9);
        }
        CHECK_NEAR(r.dT, T[i].dT, 2e-9);
        printf("  3D vector %d: kappa %.9f, %s the cone\n", i, ci.kappa, ci.on_cone ? "on" : "inside");
        CHECK(ci.on_cone == T[i].on);
        CHECK_NEAR(ci.et, -(r.vC[0] * 0.4) / 0.16, 1e-15);
        CHECK(!r.energy_gain);
    }
    /* et at the ends of double's range: subnormal v_t0, v_t0 = 0, overflow */
    double a[3] = {1e-310, -1, 3e-310}, bv[3] = {-2e-310, 0.5, -6e-310};
    CHECK_NEAR(imp_cr_et3d(a, bv), 2, 1e-12);
    double z[3] = {0, -1, 0}, big[3] = {1e300, 1, 0}, tiny[3] = {1e-320, -1, 0};
    CHECK(isnan(imp_cr_et3d(z, bv)));
    CHECK(isnan(imp_cr_et3d(tiny, big)));
}

/* P^T W^-1 ... : the W-norm x^T W x in 2D. */
static double wnorm2(const imp_coef2d *c, double x, double y)
{
    return c->B1 * x * x - 2 * c->B3 * x * y + c->B2 * y * y;
}

static void random_coef(imp_coef2d *c)
{
    c->B1 = urand(0.2, 5);
    c->B2 = urand(0.2, 5);
    c->B3 = urand(-0.95, 0.95) * sqrt(c->B1 * c->B2);
    c->S0 = rand() % 10 ? urand(-3, 3) : 0;
    c->C0 = -urand(0.05, 2);
    c->D = 0;
}

static void test_properties_2d(void)
{
    srand(1998);
    double worst = -HUGE_VAL;   /* largest dT over the contact's energy C-space scale */
    for (int n = 0; n < 3000; n++) {
        imp_coef2d c;
        random_coef(&c);
        double mu = rand() % 8 ? urand(0, 2) : 0, e = urand(0, 1), et = urand(-1, 1);
        if (n % 50 == 0) et = -1;
        if (n % 50 == 1) et = 1;
        imp_model_result2d r = cr2d(&c, mu, e, et);
        double D = c.B1 * c.B2 - c.B3 * c.B3;
        /* independent P_I, P_II (WM92: point Q, where S = C = 0) */
        double PIy = -c.C0 / c.B2;
        double Qx = -(c.B2 * c.S0 + c.B3 * c.C0) / D, Qy = -(c.B3 * c.S0 + c.B1 * c.C0) / D;
        double dx = Qx, dy = Qy - PIy;
        double sc = fabs(Qx) + fabs(Qy) + PIy;
        CHECK_NEAR(c.S0 + c.B1 * Qx - c.B3 * Qy, 0, 1e-12 * (fabs(c.S0) + fabs(c.C0)));
        /* C = -e C0 always, by the velocities the impulse gives too */
        CHECK(r.C == -e * c.C0);
        CHECK_NEAR(c.C0 - c.B3 * r.Px + c.B2 * r.Py, -e * c.C0, 1e-12 * (1 + fabs(c.S0)));
        /* the cone */
        CHECK(r.Py >= 0);
        CHECK(fabs(r.Px) <= mu * r.Py * (1 + 1e-12) + 1e-15 * sc);
        /* P on the line (1+e) P_I + kappa (P_II - P_I), kappa in [0, 1+e_t] */
        CHECK_NEAR(r.Px, r.kappa * dx, 1e-12 * sc);
        CHECK_NEAR(r.Py, (1 + e) * PIy + r.kappa * dy, 1e-12 * sc);
        CHECK(r.kappa >= 0 && r.kappa <= 1 + et + 1e-12);
        if (!r.on_cone) CHECK(r.kappa == 1 + et);
        else CHECK_NEAR(fabs(r.Px), mu * r.Py, 1e-12 * sc);
        /* the energy identity (W-orthogonality of P_I and P_II - P_I) */
        double k = r.kappa;
        double dT = -(1 - e * e) * c.C0 * c.C0 / (2 * c.B2) - k * (2 - k) * wnorm2(&c, dx, dy) / 2;
        double Tsc = c.C0 * c.C0 / c.B2 + wnorm2(&c, Qx, Qy);
        CHECK_NEAR(r.dT, dT, 1e-12 * Tsc);
        CHECK(r.dT <= 1e-14 * Tsc && !r.energy_gain);
        if (r.dT / Tsc > worst) worst = r.dT / Tsc;
        /* e_t = -1 or mu = 0: frictionless (1+e) P_I */
        if (et == -1 || mu == 0) {
            CHECK(r.Px == 0);
            CHECK_NEAR(r.Py, (1 + e) * PIy, 1e-14);
        }
        /* the sphere (B3 = 0) well inside the cone: S = -e_t S0 */
        imp_coef2d s = c;
        s.B3 = 0;
        imp_model_result2d q = cr2d(&s, 1e6, e, et);
        CHECK(!q.on_cone);
        CHECK_NEAR(q.S, -et * s.S0, 1e-14 * (1 + fabs(s.S0)));
        /* mu -> inf, e = e_t = 0: P_II (v_C = 0), which lies inside the
         * cone for a large enough mu when its normal part is positive */
        if (!(Qy > 1e-9 * sc)) continue;
        q = cr2d(&c, 1e15, 0, 0);
        CHECK_NEAR(q.Px, Qx, 1e-12 * sc);
        CHECK_NEAR(q.Py, Qy, 1e-12 * sc);
        CHECK(fabs(q.S) <= 1e-12 * (fabs(c.S0) + fabs(c.C0)) && q.C == 0);
    }
    printf("  2D: largest dT / (C0^2/B2 + |P_II|_W^2) over 3000 problems: %.3g\n", worst);
}

/* A random SPD W (A A^T + eps I) and an approaching v_C0. */
static void random_W(double W[9], double v0[3])
{
    double A[9];
    for (int i = 0; i < 9; i++) A[i] = urand(-1.5, 1.5);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            double s = i == j ? 0.05 : 0;
            for (int k = 0; k < 3; k++) s += A[3 * i + k] * A[3 * j + k];
            W[3 * i + j] = s;
        }
    v0[0] = urand(-2, 2); v0[1] = -urand(0.05, 2); v0[2] = rand() % 10 ? urand(-2, 2) : 0;
}

static double wquad(const double W[9], const double x[3])
{
    double s = 0;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) s += x[i] * W[3 * i + j] * x[j];
    return s;
}

static void test_properties_3d(void)
{
    srand(65);
    double worst = -HUGE_VAL;
    for (int n = 0; n < 1000; n++) {
        double W[9], v0[3];
        random_W(W, v0);
        imp_contact3d c;
        if (imp_contact3d_from_W(W, v0, 1, &c) != IMP_OK) continue;
        /* T0 of the contact alone: (1/2) v0 W^-1 v0 */
        double Winv[9], P2[3];
        CHECK(imp_mat3_inverse(W, Winv));
        imp_mat3_vec(Winv, v0, P2);
        for (int i = 0; i < 3; i++) P2[i] = -P2[i];          /* P_II, by the inverse */
        double T0 = 0.5 * wquad(W, P2);
        CHECK(imp_contact3d_from_W(W, v0, T0, &c) == IMP_OK);
        double mu = rand() % 8 ? urand(0, 2) : 0, e = urand(0, 1), et = urand(-1, 1);
        imp_result3d r;
        imp_cr_info ci;
        CHECK(imp_cr3d_solve_contact(&c, mu, e, et, &r, &ci) == IMP_OK);
        double sc = fabs(P2[0]) + fabs(P2[1]) + fabs(P2[2]) + fabs(v0[1] / W[4]);
        CHECK(r.vC[1] == -e * v0[1]);
        double WP[3];
        imp_mat3_vec(W, r.P, WP);
        CHECK_NEAR(v0[1] + WP[1], -e * v0[1], 1e-11 * (1 + sc));
        CHECK(r.P[1] >= 0);
        CHECK(hypot(r.P[0], r.P[2]) <= mu * r.P[1] * (1 + 1e-12) + 1e-15 * sc);
        double PIn = -v0[1] / W[4], d[3] = {P2[0], P2[1] - PIn, P2[2]};
        double k = ci.kappa;
        CHECK(k >= 0 && k <= 1 + et + 1e-12);
        for (int i = 0; i < 3; i++)
            CHECK_NEAR(r.P[i], (i == 1 ? (1 + e) * PIn : 0) + k * d[i], 1e-10 * sc);
        double dT = -(1 - e * e) * v0[1] * v0[1] / (2 * W[4]) - k * (2 - k) * wquad(W, d) / 2;
        CHECK_NEAR(r.dT, dT, 1e-10 * T0);
        CHECK(r.dT <= 1e-12 * T0 && !r.energy_gain);
        if (r.dT / T0 > worst) worst = r.dT / T0;
        double t0 = v0[0] * v0[0] + v0[2] * v0[2];
        if (t0 > 0) CHECK_NEAR(ci.et, -(r.vC[0] * v0[0] + r.vC[2] * v0[2]) / t0, 1e-15);
        /* mu -> inf, e = e_t = 0: P_II (when its normal part is positive) */
        if (!(P2[1] > 1e-9 * sc)) continue;
        CHECK(imp_cr3d_solve_contact(&c, 1e15, 0, 0, &r, &ci) == IMP_OK);
        for (int i = 0; i < 3; i++) CHECK_NEAR(r.P[i], P2[i], 1e-9 * sc);
    }
    printf("  3D: largest dT/T0 (contact-space T0) over 1000 problems: %.3g\n", worst);
}

/* 3D limits: a sphere (W_tn = 0, W_tt isotropic) inside the cone has
 * v_t = -e_t v_t0; e_t = -1 or mu = 0 is frictionless. */
static void test_limits_3d(void)
{
    srand(98);
    for (int n = 0; n < 500; n++) {
        double m = urand(0.2, 5), R = urand(0.05, 1), I = 0.4 * m * R * R;
        double a = 1 / m + R * R / I, W[9] = {a, 0, 0, 0, 1 / m, 0, 0, 0, a};
        double v0[3] = {urand(-2, 2), -urand(0.05, 2), urand(-2, 2)};
        double e = urand(0, 1), et = urand(-1, 1);
        imp_contact3d c;
        CHECK(imp_contact3d_from_W(W, v0, 1, &c) == IMP_OK);
        imp_result3d r;
        imp_cr_info ci;
        CHECK(imp_cr3d_solve_contact(&c, 1e6, e, et, &r, &ci) == IMP_OK);
        CHECK(!ci.on_cone);
        CHECK_NEAR(r.vC[0], -et * v0[0], 1e-13);
        CHECK_NEAR(r.vC[2], -et * v0[2], 1e-13);
        CHECK_NEAR(ci.et, et, 1e-12);
        /* frictionless: (1 + e) P_I */
        double mu = urand(0, 2);
        CHECK(imp_cr3d_solve_contact(&c, mu, e, -1, &r, &ci) == IMP_OK);
        CHECK(r.P[0] == 0 && r.P[2] == 0);
        CHECK_NEAR(r.P[1], -(1 + e) * v0[1] * m, 1e-14);
        CHECK(imp_cr3d_solve_contact(&c, 0, e, et, &r, &ci) == IMP_OK);
        CHECK(r.P[0] == 0 && r.P[2] == 0 && ci.kappa == 0);
    }
    /* parameters out of range */
    imp_contact3d c;
    double W[9] = {2, 0, 0, 0, 1, 0, 0, 0, 2}, v0[3] = {1, -1, 0};
    imp_result3d r;
    imp_cr_info ci;
    CHECK(imp_contact3d_from_W(W, v0, 1, &c) == IMP_OK);
    CHECK(imp_cr3d_solve_contact(&c, 0.3, 0.5, 1.01, &r, &ci) == IMP_EINPUT);
    CHECK(imp_cr3d_solve_contact(&c, 0.3, 1.5, 0, &r, &ci) == IMP_EINPUT);
    CHECK(imp_cr3d_solve_contact(&c, -0.1, 0.5, 0, &r, &ci) == IMP_EINPUT);
    CHECK(imp_cr3d_solve_contact(&c, INFINITY, 0.5, 0, &r, &ci) == IMP_EINPUT);
}

/* The 3D law on a planar W equals the 2D law. */
static void test_planar(void)
{
    srand(7);
    double worst = 0;
    for (int n = 0; n < 2000; n++) {
        imp_coef2d c;
        random_coef(&c);
        double Wzz = urand(0.2, 5);
        double W[9] = {c.B1, -c.B3, 0, -c.B3, c.B2, 0, 0, 0, Wzz}, v0[3] = {c.S0, c.C0, 0};
        imp_contact3d k;
        if (imp_contact3d_from_W(W, v0, 1, &k) != IMP_OK) continue;
        double mu = urand(0, 2), e = urand(0, 1), et = urand(-1, 1);
        imp_model_result2d r2 = cr2d(&c, mu, e, et);
        imp_result3d r3;
        imp_cr_info ci;
        CHECK(imp_cr3d_solve_contact(&k, mu, e, et, &r3, &ci) == IMP_OK);
        double sc = fabs(r2.Px) + fabs(r2.Py);
        CHECK_NEAR(r3.P[0], r2.Px, 1e-12 * sc);
        CHECK_NEAR(r3.P[1], r2.Py, 1e-12 * sc);
        CHECK(r3.P[2] == 0);
        CHECK_NEAR(r3.dT, r2.dT, 1e-12 * (sc * (fabs(c.S0) + fabs(c.C0))));
        CHECK(ci.on_cone == r2.on_cone);
        CHECK(r3.mode == r2.mode);
        double dd = fmax(fabs(r3.P[0] - r2.Px), fabs(r3.P[1] - r2.Py)) / sc;
        if (dd > worst) worst = dd;
    }
    printf("  planar 3D vs 2D: largest relative impulse difference %.3g\n", worst);
}

int main(void)
{
    RUN(test_vectors_2d);
    RUN(test_vectors_3d);
    RUN(test_properties_2d);
    RUN(test_properties_3d);
    RUN(test_limits_3d);
    RUN(test_planar);
    return check_summary();
}
