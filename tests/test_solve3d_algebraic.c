/* Sun & Baruh's algebraic model (SB22 secs 3-4) against their rod, a box, and
 * the cases where it must equal the exact method. */
#include <stdlib.h>

#include "bodies3d.h"
#include "check.h"
#include "planar_b4.h"

static imp_result3d solve(const imp_body3d *b, double mu, imp_law_kind k, double e)
{
    imp_result3d r;
    imp_law law = law_of(k, e);
    imp_status st = imp_algebraic3d_solve(b, mu, mu, &law, NULL, &r);
    CHECK(st == IMP_OK);
    return r;
}

/* SB22's rod at mu = 0.4, e = 0.7: the stages and totals quoted for it. */
static void test_rod_a(void)
{
    imp_body3d b;
    rod_body(&b, 1, 2.3, 0.5, 20 * DEG, 15 * DEG, (double[3]){0.4, -1, 0});
    imp_result3d r = solve(&b, 0.4, IMP_LAW_POISSON, 0.7);
    CHECK(r.nstage == 3);
    CHECK(r.stage[0].kind == IMP_STAGE3D_C1 && r.stage[1].kind == IMP_STAGE3D_C2
          && r.stage[2].kind == IMP_STAGE3D_R);
    CHECK_NEAR(r.stage[0].P[1], 0.179996, 1.5e-6);
    CHECK_NEAR(r.stage[0].P[0], -0.066046, 1.5e-6);
    CHECK_NEAR(r.stage[0].P[2], 0.028665, 1.5e-6);
    CHECK_NEAR(hypot(r.stage[0].P[0], r.stage[0].P[2]), 0.4 * r.stage[0].P[1], 1e-13);
    const double F2[3] = {0.153880, 0.599898, 0.120554};
    for (int j = 0; j < 3; j++) CHECK_NEAR(r.stage[1].P[j], F2[j], 1.5e-6);
    CHECK(!r.stage[1].slip && !r.stage[2].slip);
    CHECK_NEAR(hypot(F2[0], F2[2]) / F2[1], 0.325854, 2e-6);
    CHECK_NEAR(r.stage[2].P[1], 0.545926, 1.5e-6);
    CHECK(r.mode == IMP_MODE_C_STICKING);
    const double P[3] = {0.227868, 1.325820, 0.258927};
    for (int j = 0; j < 3; j++) CHECK_NEAR(r.P[j], P[j], 1.5e-6);
    CHECK_NEAR(r.dT, -0.200911, 1.5e-6);
    /* bookkeeping: the trapezoid works are exact along straight stages */
    CHECK_NEAR(r.Wc + r.Wr + r.Wf, r.dT, 1e-12);
    CHECK_NEAR(r.P[1], 1.7 * r.Pc, 1e-12);

    r = solve(&b, 0.4, IMP_LAW_ENERGETIC, 0.7);
    const double Pe[3] = {0.229704, 1.332976, 0.260365};
    for (int j = 0; j < 3; j++) CHECK_NEAR(r.P[j], Pe[j], 1.5e-6);
    CHECK_NEAR(r.dT, -0.196387, 1.5e-6);
    CHECK_NEAR(r.Wr, -0.49 * r.Wc, 1e-12);
    r = solve(&b, 0.4, IMP_LAW_NEWTON, 0.7);
    CHECK_NEAR(r.vC[1], 0.7, 1e-12);
}

/* SB22's rod at mu = 0.2, e = 0.8: SB22 predicts a stop and a reversal where the exact slip never
 * stops (a documented discrepancy). */
static void test_rod_b(void)
{
    imp_body3d b;
    rod_body(&b, 1, 2.3, 0.5, 20 * DEG, 15 * DEG, (double[3]){0.4, -1, 0});
    imp_result3d r = solve(&b, 0.2, IMP_LAW_POISSON, 0.8), x;
    const double P[3] = {0.126735, 1.315054, 0.179695};
    for (int j = 0; j < 3; j++) CHECK_NEAR(r.P[j], P[j], 1.5e-6);
    CHECK_NEAR(r.dT, -0.181161, 1.5e-6);
    CHECK(r.mode == IMP_MODE_C_REVERSED);
    imp_law law = law_of(IMP_LAW_POISSON, 0.8);
    CHECK(imp_exact3d_solve(&b, 0.2, 0.2, &law, NULL, &x) == IMP_OK);
    CHECK(x.mode == IMP_MODE_SLIDING);
    CHECK(fabs(x.P[0] - r.P[0]) > 0.02);
}

/* SB22's 2D rod, planar data: the algebraic model equals the 2D SB22/Routh values. */
static void test_planar_B4(void)
{
    static const planar_b4_row rows[] = {
        {40, 0.4, IMP_LAW_POISSON, 0.212967, 0.842326, -0.256405, 0.571816, -0.165045, IMP_MODE_C_REVERSED},
        {40, 0.4, IMP_LAW_ENERGETIC, 0.217747, 0.854278, -0.260863, 0.591520, -0.159329, IMP_MODE_C_REVERSED},
        {40, 0.4, IMP_LAW_NEWTON, 0.244067, 0.920077, -0.285408, 0.7, -0.124028, IMP_MODE_C_REVERSED},
        {40, 1.2, IMP_LAW_POISSON, -0.131643, 0.600619, -0.050640, 0.539569, -0.213925, IMP_MODE_R_REVERSED},
        {40, 1.2, IMP_LAW_ENERGETIC, -0.123805, 0.620215, -0.057949, 0.571875, -0.203461, IMP_MODE_R_REVERSED},
        {40, 2.0, IMP_LAW_POISSON, -0.240248, 0.600619, 0.449561, 0.7, -0.384344, IMP_MODE_SLIDING},
        {40, 2.0, IMP_LAW_ENERGETIC, -0.240248, 0.600619, 0.449561, 0.7, -0.384344, IMP_MODE_SLIDING},
        {20, 0.4, IMP_LAW_POISSON, 0.256850, 1.386942, 0, 0.626016, -0.207977, IMP_MODE_C_STICKING},
        {20, 0.4, IMP_LAW_ENERGETIC, 0.258643, 1.393728, 0, 0.633455, -0.203703, IMP_MODE_C_STICKING},
        {20, 2.0, IMP_LAW_POISSON, -0.289428, 0.978921, 0, 0.601518, -0.484469, IMP_MODE_R_STICKING},
        {40, 0, IMP_LAW_POISSON, 0.412460, 1.031151, -0.384643, 0.7, -0.233998, IMP_MODE_SLIDING},
        {20, 0, IMP_LAW_ENERGETIC, 0.409777, 1.550853, 0, 0.7, -0.232628, IMP_MODE_C_STICKING},
    };
    check_planar_b4(rows, sizeof rows / sizeof *rows, solve);
}

/* SB22's closed forms check the Newton iterations. */
static void test_closed_forms(void)
{
    imp_body3d b;
    imp_contact3d c;
    rod_body(&b, 1.3, 1.7, 0.4, 25 * DEG, -20 * DEG, (double[3]){0.5, -1.2, -0.3});
    b.w[0] = 0.2; b.w[1] = 0.4; b.w[2] = -0.1;
    imp_contact3d_init(&b, &c);
    double mu = 0.45;
    imp_result3d r = solve(&b, mu, IMP_LAW_ENERGETIC, 0.8);
    CHECK(r.stage[0].kind == IMP_STAGE3D_C1);
    /* c1: smallest positive root of (q.q - mu^2) F^2 + 2 (g.q) F + g.g = 0 */
    double det = c.Wtt[0] * c.Wtt[3] - c.Wtt[1] * c.Wtt[2];
    double g[2] = {(c.Wtt[3] * c.vC0[0] - c.Wtt[1] * c.vC0[2]) / det,
                   (c.Wtt[0] * c.vC0[2] - c.Wtt[2] * c.vC0[0]) / det};
    double a = c.q[0] * c.q[0] + c.q[1] * c.q[1] - mu * mu;
    double bb = g[0] * c.q[0] + g[1] * c.q[1], cc = g[0] * g[0] + g[1] * g[1];
    double F = (-bb - sqrt(bb * bb - a * cc)) / a;
    if (a < 0) F = cc / (-bb + sqrt(bb * bb - a * cc));
    CHECK_NEAR(r.stage[0].P[1], F, 1e-12);
    CHECK_NEAR(r.stage[0].P[0], -(g[0] + c.q[0] * F), 1e-12);
    CHECK_NEAR(r.stage[0].P[2], -(g[1] + c.q[1] * F), 1e-12);
    /* energetic restitution with constant direction:
     * F_n = 2T/(vn_s + sqrt(vn_s^2 + 2kT)), T = -e^2 Wc, vn_s = 0 */
    int last = r.nstage - 1;
    CHECK(r.stage[last].kind == IMP_STAGE3D_R);
    double k = r.stage[last].slip
        ? c.Wnn - mu * (c.Wtn[0] * r.stage[last].u[0] + c.Wtn[1] * r.stage[last].u[1])
        : c.kstick;
    double T = -0.64 * r.Wc;
    CHECK_NEAR(r.stage[last].P[1], 2 * T / sqrt(2 * k * T), 1e-12);
    CHECK_NEAR(r.Wr, T, 1e-12);
}

static void test_frictionless_direct(void)
{
    imp_body3d b;
    imp_contact3d c;
    rod_body(&b, 2, 1.1, 0.3, 35 * DEG, -25 * DEG, (double[3]){0.7, -1.3, -0.4});
    b.w[0] = 0.3; b.w[2] = -0.5;
    imp_contact3d_init(&b, &c);
    for (int k = 0; k < 3; k++) {
        imp_result3d r = solve(&b, 0, (imp_law_kind)k, 0.55);
        CHECK_NEAR(r.P[0], 0, 1e-13);
        CHECK_NEAR(r.P[2], 0, 1e-13);
        CHECK_NEAR(r.P[1], -1.55 * c.vC0[1] / c.Wnn, 1e-12);
    }
    /* direct impacts: Poisson = Newton = energetic, and = exact */
    rod_body(&b, 1, 2.3, 0.5, 20 * DEG, 15 * DEG, (double[3]){0, -1, 0});
    for (int m = 0; m < 2; m++) {
        double mu = m ? 0.4 : 0.2;
        imp_result3d p = solve(&b, mu, IMP_LAW_POISSON, 0.6), x;
        imp_law law = law_of(IMP_LAW_POISSON, 0.6);
        imp_exact3d_solve(&b, mu, mu, &law, NULL, &x);
        for (int k = 1; k < 3; k++) {
            imp_result3d r = solve(&b, mu, (imp_law_kind)k, 0.6);
            for (int j = 0; j < 3; j++) CHECK_NEAR(r.P[j], p.P[j], 1e-12);
        }
        /* the on-axis rod's Wtn is an eigenvector of Wtt: u = Wtn/|Wtn| */
        for (int j = 0; j < 3; j++) CHECK_NEAR(x.P[j], p.P[j], 1e-9);
    }
}


/* SB22 secs 3-4: every stage is checked for F_n >= 0 and, in restitution, v_n >= 0.
 * With its frictionless-direction approximation the r stage of this body
 * drove the contact back into the plane (vC.y = -0.018343, Wr < 0,
 * unflagged); SB22's model has no admissible case here. */
static void test_consistency(void)
{
    imp_body3d b;
    imp_result3d r;
    sb_body(&b, 2.9074686365122662,
            (double[3]){0.29213746661898304, 1.968090813191639, 2.0909888044495117},
            0.81917528850243571, -1.0651840948730524,
            (double[3]){-0.74982756674313356, -0.92404009776335438, -0.63605905647027217},
            (double[3]){0.55256127630380569, -0.69320354663117822, 0.25275581727865926},
            (double[3]){-0.50264315531009451, 0.87208247432428543, -0.60794872804162714});
    double mu = 0.88413497733958657, e = 0.83532735378282574;
    imp_law law = law_of(IMP_LAW_POISSON, e);
    CHECK(imp_algebraic3d_solve(&b, mu, mu, &law, NULL, &r) == IMP_ENOSOLUTION);
    CHECK(r.inconsistent && r.fail == IMP_FAIL3D_PENETRATES);
    CHECK(r.fail_stage == IMP_STAGE3D_R && r.fail_restitution);
    /* the other laws find a consistent case (a stop in restitution) */
    for (int k = 1; k < 3; k++) {
        law = law_of((imp_law_kind)k, e);
        CHECK(imp_algebraic3d_solve(&b, mu, mu, &law, NULL, &r) == IMP_OK);
        CHECK(r.mode == IMP_MODE_R_STICKING);
        CHECK(r.vC[1] >= 0);
    }
    /* the exact method has an answer */
    law = law_of(IMP_LAW_POISSON, e);
    CHECK(imp_exact3d_solve(&b, mu, mu, &law, NULL, &r) == IMP_OK && r.vC[1] > 0);
    /* the audit's worse case (vC.y = -11.07) */
    sb_body(&b, 4.1493788103583258,
            (double[3]){1.3406053666461037, 0.45969431709185515, 1.2157564386200201},
            2.8562586874444342, -0.21064114052189464,
            (double[3]){-2.5979632314052612, -1.9280801097172979, -2.8998200421758855},
            (double[3]){-10.957407348889621, -41.328014865712746, -23.102646968255513},
            (double[3]){-7.5889076794335733, 2.5647855462192295, -7.536508820971811});
    law = law_of(IMP_LAW_POISSON, 0.51367897650089822);
    mu = 1.6714129789460499;
    CHECK(imp_algebraic3d_solve(&b, mu, mu, &law, NULL, &r) == IMP_ENOSOLUTION);
    CHECK(r.fail == IMP_FAIL3D_PENETRATES && r.fail_stage == IMP_STAGE3D_R);
}

/* 3D coincidences: without friction P = (0, -(1+e) vn0/Wnn, 0) for every law. The
 * slip-stop test ran Newton with mu_k = 0 when the slip passed near zero
 * ("did not converge"); now the stop is SB22's quadratic, whose
 * discriminant mu^2 |g|^2 - (g x q)^2 is exact: no stop without friction
 * unless the slip passes exactly through zero (planar data, a double
 * root: C-reversed, as solve2d says). Tiny mu is well-posed too. */
static void test_mu0(void)
{
    imp_body3d b;
    imp_contact3d c;
    imp_result3d r;
    box_body(&b, (double[3]){0.0013235294253339364, -1, 0.0013846153716447964});
    CHECK(imp_contact3d_init(&b, &c) == IMP_OK);
    for (int k = 0; k < 3; k++) {
        r = solve(&b, 0, (imp_law_kind)k, 0.5);
        CHECK(r.P[0] == 0 && r.P[2] == 0);
        CHECK_NEAR(r.P[1], 1.5 / c.Wnn, 1e-12);
    }
    /* slips aimed at zero (along -Wtn, as the frictionless slip evolves),
     * turned by up to 1e-4 rad: every mu well-posed */
    int fails = 0;
    for (int m = 0; m < 5; m++)
        for (int i = 0; i < 3; i++)
            for (int k = -50; k <= 50; k++) {
                double mu = (double[5]){0, 1e-12, 1e-10, 1e-8, 1e-4}[m];
                double sc = (double[3]){1e-3, 0.05, 0.2}[i], d = k * 2e-6 * (k % 2 ? 1e-4 : 1);
                double a = -sc * c.Wtn[0], z = -sc * c.Wtn[1];
                box_body(&b, (double[3]){cos(d) * a - sin(d) * z, -1, sin(d) * a + cos(d) * z});
                imp_law law = law_of((imp_law_kind)((k + 51) % 3), 0.5);
                if (imp_algebraic3d_solve(&b, mu, mu, &law, NULL, &r) != IMP_OK) { fails++; continue; }
                CHECK(hypot(r.P[0], r.P[2]) <= mu * r.P[1] * (1 + 1e-12));
                if (mu == 0) CHECK_NEAR(r.P[1], 1.5 / c.Wnn, 1e-12);
            }
    CHECK(fails == 0);
    /* planar data, the slip passing through zero in compression */
    for (int i = 0; i < 3; i++) {
        double vx = (double[3]){0.01, 0.1, 0.3}[i];
        memset(&b, 0, sizeof b);
        b.m = 1;
        b.I[0] = b.I[4] = b.I[8] = 0.5;
        b.r[0] = -0.5; b.r[1] = -1;
        b.v[0] = vx; b.v[1] = -1;
        imp_body2d b2 = {1, sqrt(0.5), 0.5, 1, vx, -1, 0};
        imp_coef2d c2;
        imp_result2d r2;
        imp_coef2d_from_bodies(&b2, NULL, &c2);
        imp_law law = law_of(IMP_LAW_POISSON, 0.5);
        CHECK(imp_path2d_solve(&c2, 0, 0, &law, &r2) == IMP_OK);
        r = solve(&b, 0, IMP_LAW_POISSON, 0.5);
        CHECK(r.P[0] == 0 && r.P[2] == 0);
        CHECK_NEAR(r.P[1], 1, 1e-12);
        CHECK(r.mode == r2.mode && r.mode == IMP_MODE_C_REVERSED);
    }
}

/* A Newton failure is reported as one (stage, cap), not as "no admissible
 * solution": a zero tolerance and no iterations leave the energetic
 * closure unpolished. */
static void test_newton_failure(void)
{
    imp_body3d b;
    imp_result3d r;
    imp_opts3d o;
    imp_opts3d_default(&o);
    o.newton_tol = 0;
    o.newton_max = 0;
    rod_body(&b, 1, 2.3, 0.5, 20 * DEG, 15 * DEG, (double[3]){0.4, -1, 0});
    imp_law law = law_of(IMP_LAW_ENERGETIC, 0.7);
    CHECK(imp_algebraic3d_solve(&b, 0.4, 0.4, &law, &o, &r) == IMP_ENOCONV);
    CHECK(r.fail == IMP_FAIL3D_NEWTON && !r.inconsistent && r.fail_iter == 0);
}

/* F_n >= 0 exactly: a grazing input whose compression needs F_n =
 * -1.3e-15 (rounding) gets no impulse, not a negative one. */
static void test_grazing(void)
{
    imp_body3d b;
    imp_result3d r;
    quat_body(&b, 2.0526438549265742,
              (double[3]){1.6264705940149686, 1.6264709213468342, 5.9330769852365977e-07},
              (double[4]){0.5462920633939149, -0.48315801857874535, 0.23119851850911607,
                          0.64394918712198834},
              (double[3]){-0.039952433628794054, -1.879866099552651, 0.013596081237875647},
              (double[3]){0.39411321238909769, -9.6870429379726985e-12, -1.0771712386083716}, NULL);
    for (int k = 0; k < 3; k++) {
        imp_law law = law_of((imp_law_kind)k, 0.0095643151497087908);
        CHECK(imp_algebraic3d_solve(&b, 1.3612294778622016, 0.9344567507535545, &law, NULL, &r) == IMP_OK);
        CHECK(r.P[0] == 0 && r.P[1] == 0 && r.P[2] == 0);
        CHECK(r.mode == IMP_MODE_NONE);
    }
}

/* SB22's closed form for the r1 stop: from the slip at the start of
 * restitution, F_n is the smallest positive root of
 * (q.q - mu^2) F^2 + 2 (g.q) F + g.g = 0, F_t = -(g + q F) (the c1 stop
 * and energetic restitution are checked in test_closed_forms). */
static void test_closed_form_r1(void)
{
    imp_body3d b;
    imp_contact3d c;
    rod_body(&b, 1, 1, 0.2, 40 * DEG, 5 * DEG, (double[3]){1.2, -1, 0.1});
    CHECK(imp_contact3d_init(&b, &c) == IMP_OK);
    double mu = 0.4;
    for (int k = 0; k < 3; k++) {
        imp_result3d r = solve(&b, mu, (imp_law_kind)k, 0.7);
        int i1 = -1;
        for (int j = 0; j < r.nstage; j++) if (r.stage[j].kind == IMP_STAGE3D_R1) i1 = j;
        CHECK(i1 > 0);
        if (i1 <= 0) continue;
        CHECK(r.mode == IMP_MODE_R_REVERSED || r.mode == IMP_MODE_R_STICKING);
        double P[3] = {0, 0, 0}, WP[3];
        for (int j = 0; j < i1; j++)
            for (int l = 0; l < 3; l++) P[l] += r.stage[j].P[l];
        CHECK_NEAR(P[1], r.Pc, 1e-14);
        imp_mat3_vec(c.W, P, WP);
        double vt[2] = {c.vC0[0] + WP[0], c.vC0[2] + WP[2]};
        double det = c.Wtt[0] * c.Wtt[3] - c.Wtt[1] * c.Wtt[2];
        double g[2] = {(c.Wtt[3] * vt[0] - c.Wtt[1] * vt[1]) / det,
                       (c.Wtt[0] * vt[1] - c.Wtt[2] * vt[0]) / det};
        double q[2] = {(c.Wtt[3] * c.Wtn[0] - c.Wtt[1] * c.Wtn[1]) / det,
                       (c.Wtt[0] * c.Wtn[1] - c.Wtt[2] * c.Wtn[0]) / det};
        double a = q[0] * q[0] + q[1] * q[1] - mu * mu;
        double bb = g[0] * q[0] + g[1] * q[1], cc = g[0] * g[0] + g[1] * g[1];
        double F = a > 0 ? (-bb - sqrt(bb * bb - a * cc)) / a : cc / (-bb + sqrt(bb * bb - a * cc));
        CHECK_NEAR(r.stage[i1].P[1], F, 1e-12);
        CHECK_NEAR(r.stage[i1].P[0], -(g[0] + q[0] * F), 1e-12);
        CHECK_NEAR(r.stage[i1].P[2], -(g[1] + q[1] * F), 1e-12);
        CHECK_NEAR(hypot(r.stage[i1].P[0], r.stage[i1].P[2]), mu * F, 1e-12);
    }
}

static double urand(double lo, double hi) { return lo + (hi - lo) * (rand() / (RAND_MAX + 1.0)); }

static void random_body(imp_body3d *b)
{
    double I[3];
    do { for (int i = 0; i < 3; i++) I[i] = urand(0.05, 2); }
    while (imp_inertia3_check(I, NULL) != IMP_OK);
    double Ib[9] = {I[0], 0, 0, 0, I[1], 0, 0, 0, I[2]}, q[4], R[9], n = 0;
    for (int i = 0; i < 4; i++) { q[i] = urand(-1, 1); n += q[i] * q[i]; }
    for (int i = 0; i < 4; i++) q[i] /= sqrt(n);
    imp_mat3_from_quat(q, R);
    memset(b, 0, sizeof *b);
    b->m = urand(0.2, 5);
    imp_mat3_rotate(R, Ib, b->I);
    for (int i = 0; i < 3; i++) {
        b->r[i] = urand(-1, 1);
        b->v[i] = urand(-1, 1);
        b->w[i] = urand(-1, 1);
    }
    b->r[1] = -fabs(b->r[1]) - 0.05;
}

/* 3D coincidences: sticking reached in compression with Poisson gives SB22 = exact;
 * the energy flag matches dT > 0; Coulomb holds; no solver failure. */
static void test_random(void)
{
    srand(777);
    int n = 0, sticks = 0, gains = 0, fails = 0, bad = 0, inconsistent = 0;
    while (n < 5000) {
        imp_body3d b;
        imp_contact3d c;
        random_body(&b);
        imp_contact3d_init(&b, &c);
        if (!(c.vC0[1] < -0.05)) continue;
        n++;
        double mu = urand(0, 1.2), e = urand(0, 1);
        for (int k = 0; k < 3; k++) {
            imp_law law = law_of((imp_law_kind)k, e);
            imp_result3d r, x;
            imp_status st = imp_algebraic3d_solve(&b, mu, mu, &law, NULL, &r);
            if (st == IMP_ENOSOLUTION && r.inconsistent) {
                inconsistent++;
                continue;
            }
            if (st != IMP_OK) {
                fails++;
                fprintf(stderr, "  fail %d law %d mu %g e %g nstage %d\n", st, k, mu, e, r.nstage);
                continue;
            }
            if (r.energy_gain != (r.dT > 1e-9 * c.T0)) bad++;
            /* SB22's checks: no negative normal impulse, no final approach */
            if (!(r.P[1] >= 0) || r.vC[1] < -1e-12 * hypot(hypot(c.vC0[0], c.vC0[1]), c.vC0[2])) bad++;
            for (int j = 0; j < r.nstage; j++) if (!(r.stage[j].P[1] >= 0)) bad++;
            gains += r.energy_gain;
            if (!(hypot(r.P[0], r.P[2]) <= mu * r.P[1] * (1 + 1e-9) + 1e-12)) bad++;
            if (!(fabs(r.Wc + r.Wr + r.Wf - r.dT) <= 1e-9 * c.T0)) bad++;
            if (k != 0 || r.mode != IMP_MODE_C_STICKING) continue;
            imp_exact3d_solve(&b, mu, mu, &law, NULL, &x);
            if (x.mode != IMP_MODE_C_STICKING) continue;
            sticks++;
            for (int j = 0; j < 3; j++)
                if (!(fabs(x.P[j] - r.P[j]) <= 1e-8 * r.P[1])) bad++;
        }
    }
    printf("  random: %d bodies x 3 laws, %d C-sticking agreements, %d energy gains, "
           "%d without an admissible SB22 solution, %d failures, %d bad\n",
           n, sticks, gains, inconsistent, fails, bad);
    CHECK(fails == 0);
    CHECK(bad == 0);
    CHECK(sticks > 100);
}

static void test_mirror(void)
{
    imp_body3d b, m;
    rod_body(&b, 1, 2.3, 0.5, 20 * DEG, 15 * DEG, (double[3]){0.4, -1, 0.1});
    b.w[0] = 0.2; b.w[1] = -0.3; b.w[2] = 0.1;
    m = b;
    m.r[2] = -m.r[2]; m.v[2] = -m.v[2];       /* z -> -z: w_x, w_y, I_xz, I_yz flip */
    m.w[0] = -m.w[0]; m.w[1] = -m.w[1];
    m.I[2] = -m.I[2]; m.I[6] = -m.I[6]; m.I[5] = -m.I[5]; m.I[7] = -m.I[7];
    for (int k = 0; k < 3; k++) {
        imp_result3d r = solve(&b, 0.3, (imp_law_kind)k, 0.7);
        imp_result3d s = solve(&m, 0.3, (imp_law_kind)k, 0.7);
        CHECK_NEAR(s.P[0], r.P[0], 1e-12);
        CHECK_NEAR(s.P[1], r.P[1], 1e-12);
        CHECK_NEAR(s.P[2], -r.P[2], 1e-12);
        CHECK_NEAR(s.dT, r.dT, 1e-12);
        CHECK(s.mode == r.mode);
    }
}

static void test_edge(void)
{
    imp_body3d b;
    imp_result3d r;
    imp_law law = law_of(IMP_LAW_CUSTOM, 0.5);    /* no callback */
    box_body(&b, (double[3]){0.3, -1, 0});
    CHECK(imp_algebraic3d_solve(&b, 0.3, 0.3, &law, NULL, &r) == IMP_EINPUT);
    law = law_of(IMP_LAW_POISSON, 0.5);
    CHECK(imp_algebraic3d_solve(&b, 0.3, 0.4, &law, NULL, &r) == IMP_EINPUT);
    b.v[1] = 0.5;
    CHECK(imp_algebraic3d_solve(&b, 0.3, 0.3, &law, NULL, &r) == IMP_OK);
    CHECK(r.mode == IMP_MODE_NONE && r.P[1] == 0);
    b.v[1] = -1;
    b.I[0] = 0;
    CHECK(imp_algebraic3d_solve(&b, 0.3, 0.3, &law, NULL, &r) == IMP_ESINGULAR);
}

/* Custom laws (C callbacks) written as the built-ins give the built-ins,
 * through every stage kind (c1/c2/r, r1/r2, reversed, direct). */
static int cb_poisson(void *ctx, const imp_law_state *s, double *R)
{
    *R = s->Pn - (1 + *(double *)ctx) * s->Pc;
    return 0;
}

static int cb_newton(void *ctx, const imp_law_state *s, double *R)
{
    *R = s->vn + *(double *)ctx * s->vn0;
    return 0;
}

static int cb_energetic(void *ctx, const imp_law_state *s, double *R)
{
    double e = *(double *)ctx;
    *R = s->Wr + e * e * s->Wc;
    return 0;
}

static int cb_never(void *ctx, const imp_law_state *s, double *R)
{
    (void)ctx; (void)s;
    *R = -1;
    return 0;
}

static void test_custom(void)
{
    imp_law_fn fns[3] = {cb_poisson, cb_newton, cb_energetic};
    imp_body3d bodies[5];
    double mus[5] = {0.4, 0.2, 0.8, 0.5, 0.4};
    rod_body(&bodies[0], 1, 2.3, 0.5, 20 * DEG, 15 * DEG, (double[3]){0.4, -1, 0});
    rod_body(&bodies[1], 1, 2.3, 0.5, 20 * DEG, 15 * DEG, (double[3]){0.4, -1, 0});
    box_body(&bodies[2], (double[3]){0.3, -1, 0.1});
    box_body(&bodies[3], (double[3]){0, -1, 0});
    rod_body(&bodies[4], 1, 1, 0.2, 40 * DEG, 5 * DEG, (double[3]){1.2, -1, 0.1});  /* R-reversed */
    int seen_r1 = 0;
    for (int i = 0; i < 5; i++)
        for (int k = 0; k < 3; k++) {
            double e = 0.7;
            imp_law bl = law_of((imp_law_kind)k, e), cl = law_of(IMP_LAW_CUSTOM, e);
            cl.fn = fns[k];
            cl.ctx = &e;
            imp_result3d a, c;
            CHECK(imp_algebraic3d_solve(&bodies[i], mus[i], mus[i], &bl, NULL, &a) == IMP_OK);
            CHECK(imp_algebraic3d_solve(&bodies[i], mus[i], mus[i], &cl, NULL, &c) == IMP_OK);
            for (int j = 0; j < 3; j++) CHECK_NEAR(c.P[j], a.P[j], 1e-11);
            CHECK(c.mode == a.mode && c.nstage == a.nstage);
            for (int j = 0; j < c.nstage; j++) seen_r1 += c.stage[j].kind == IMP_STAGE3D_R1;
        }
    CHECK(seen_r1 > 0);
    double e = 0.7;
    imp_law nl = law_of(IMP_LAW_CUSTOM, e);
    nl.fn = cb_never;
    imp_result3d r;
    CHECK(imp_algebraic3d_solve(&bodies[0], 0.4, 0.4, &nl, NULL, &r) == IMP_ENOROOT);
}

int main(void)
{
    RUN(test_consistency);
    RUN(test_mu0);
    RUN(test_newton_failure);
    RUN(test_grazing);
    RUN(test_closed_form_r1);
    RUN(test_custom);
    RUN(test_rod_a);
    RUN(test_rod_b);
    RUN(test_planar_B4);
    RUN(test_closed_forms);
    RUN(test_frictionless_direct);
    RUN(test_random);
    RUN(test_mirror);
    RUN(test_edge);
    return check_summary();
}
