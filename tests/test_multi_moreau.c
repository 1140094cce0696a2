/* "moreau" (velocity-level Newton + Coulomb, several contacts): the
 * benchmarks with known answers, one contact against Kane's model, Kane's
 * double pendulum gaining energy, and invariants on random problems. */
#define MB_MODEL imp_multi_moreau
#define MB_POISSON 0
#include "multi_bench.h"
#include "models2d.h"
#include "lcp.h"
#include "multi_scene.h"

/* One planar contact: W = [[B1, -B3], [-B3, B2]] (x tangent, y normal). */
static imp_multi_problem one_contact(double *W, double *v0, double B1, double B2, double B3,
                                     double S0, double C0, double mus, double muk, double e)
{
    imp_multi_problem p;
    memset(&p, 0, sizeof p);
    W[0] = B1; W[1] = -B3; W[2] = -B3; W[3] = B2;
    v0[0] = S0; v0[1] = C0;
    p.k = 1; p.d = 2; p.W = W; p.v0 = v0;
    p.c[0].mu_s = mus; p.c[0].mu_k = muk; p.c[0].e = e;
    return p;
}

static imp_model_result2d kane(double B1, double B2, double B3, double S0, double C0,
                               double mus, double muk, double e, imp_status *st)
{
    imp_coef2d c = { B1, B2, B3, S0, C0, B1 * B2 - B3 * B3 };
    imp_model_params mp;
    memset(&mp, 0, sizeof mp);
    mp.e = e; mp.mu = muk; mp.mu_0 = mus;
    imp_model_result2d r;
    *st = imp_model2d_solve(IMP_MODEL_KANE, &c, &mp, &r);
    return r;
}

/* Random W, v0, mu, e: equal to Kane unless Kane's slide ends reversed. */
static void test_kane_random(void)
{
    int same = 0, reversed = 0;
    double worst = 0;
    for (int t = 0; t < 2000; t++) {
        double B1 = mu_uni(0.1, 3), B2 = mu_uni(0.1, 3);
        double B3 = mu_uni(-0.95, 0.95) * sqrt(B1 * B2);
        double S0 = mu_uni(-1, 1), C0 = -mu_uni(0.01, 1), e = mu_uni(0, 1);
        double mus = mu_uni(0, 1.5), muk = t % 3 == 0 ? mus * mu_uni(0.3, 1) : mus;
        if (muk * fabs(B3) >= 0.9 * B2) continue;   /* Kane's slide needs B2 + s mu B3 > 0 */
        double W[4], v0[2];
        imp_multi_problem p = one_contact(W, v0, B1, B2, B3, S0, C0, mus, muk, e);
        imp_multi_result r;
        imp_status sk, st = imp_multi_moreau(&p, &r);
        imp_model_result2d k = kane(B1, B2, B3, S0, C0, mus, muk, e, &sk);
        CHECK(st == IMP_OK && sk == IMP_OK);
        if (st != IMP_OK || sk != IMP_OK) continue;
        CHECK(r.residual <= 1e-10);
        double sc = fmax(fabs(k.Py), 1e-300);
        if (k.slip == IMP_SLIP_REVERSED) {
            /* friction opposes the final slip: P_t = +s mu_k P_n, s = sgn(S0) */
            reversed++;
            double s = S0 > 0 ? 1 : -1;
            CHECK(r.mode[0] == IMP_MULTI_REVERSED);
            CHECK_NEAR(r.P[0], s * muk * r.P[1], 1e-12 * sc);
            CHECK_NEAR(r.v[1], -e * C0, 1e-12);
            CHECK(r.v[0] * S0 < 0);
            continue;
        }
        same++;
        double err = fmax(fabs(r.P[0] - k.Px), fabs(r.P[1] - k.Py)) / sc;
        worst = fmax(worst, err);
        CHECK(err <= 1e-12);
        CHECK((k.slip == IMP_SLIP_STICKING) == (r.mode[0] == IMP_MULTI_STICKING));
    }
    printf("  kane: %d equal (worst relative error %.2e), %d reversed\n", same, worst, reversed);
    CHECK(same > 500 && reversed > 20);
}

/* A hand-checked reversal: Kane slides with P_t = -0.1 P_n and ends at S < 0;
 * moreau's friction opposes that final slip: P_n = 1/0.91, P_t = +0.1 P_n. */
static void test_kane_reversed(void)
{
    double W[4], v0[2];
    imp_multi_problem p = one_contact(W, v0, 1, 1, 0.9, 0.1, -1, 0.1, 0.1, 0);
    imp_multi_result r;
    imp_status sk;
    CHECK(imp_multi_moreau(&p, &r) == IMP_OK);
    imp_model_result2d k = kane(1, 1, 0.9, 0.1, -1, 0.1, 0.1, 0, &sk);
    CHECK(k.slip == IMP_SLIP_REVERSED);
    CHECK_NEAR(k.Py, 1 / 1.09, 1e-12);
    CHECK_NEAR(r.P[1], 1 / 0.91, 1e-12);
    CHECK_NEAR(r.P[0], 0.1 / 0.91, 1e-12);
    CHECK_NEAR(r.v[0], 0.1 + 0.1 / 0.91 - 0.9 / 0.91, 1e-12);
    CHECK(r.mode[0] == IMP_MULTI_REVERSED);
    CHECK_NEAR(r.v[1], 0, 1e-12);
}

/* Kane's double pendulum near its singular configuration (links nearly
 * aligned): Newton's law with friction gains energy, and says so. */
static void test_kane_pendulum_gain(void)
{
    double q1 = -40 * M_PI / 180, q2 = -50 * M_PI / 180, c = cos(q1 - q2);
    double M[4] = { 4.0 / 3, 0.5 * c, 0.5 * c, 1.0 / 3 };
    double J[4] = { -sin(q1), -sin(q2), cos(q1), cos(q2) }, qd[2] = { -1, -1 };
    double Minv[4], W[4], v0[2];
    mu_delassus(2, 2, M, J, Minv, W);
    mu_matvec(2, 2, J, qd, v0);
    imp_multi_problem p;
    memset(&p, 0, sizeof p);
    p.k = 1; p.d = 2; p.W = W; p.v0 = v0;
    p.c[0].mu_s = p.c[0].mu_k = 0.8; p.c[0].e = 1;
    imp_multi_result r;
    CHECK(imp_multi_moreau(&p, &r) == IMP_OK);
    double T0 = 0.5 * (M[0] + 2 * M[1] + M[3]);
    printf("  Kane's pendulum: dT = %+.9f (T0 = %.6f), mode %d\n", r.dT, T0, r.mode[0]);
    CHECK(r.dT > 0.01 * T0 && r.energy_gain == 1);
    CHECK(imp_multi_poisson(&p, &r) == IMP_OK);
    printf("  same with poisson: dT = %+.9f\n", r.dT);
    CHECK(r.dT <= 0 && r.energy_gain == 0);
}

/* The same pendulum at q = (-60, -30) degrees, Newton e = 0.9, mu = 0.5:
 * it slides throughout (tabulated impulses, Kane's procedure). */
static void test_pendulum_table(void)
{
    double q1 = -60 * M_PI / 180, q2 = -30 * M_PI / 180, c = cos(q1 - q2);
    double M[4] = { 4.0 / 3, 0.5 * c, 0.5 * c, 1.0 / 3 };
    double J[4] = { -sin(q1), -sin(q2), cos(q1), cos(q2) }, qd[2] = { -1, -1 };
    double Minv[4], W[4], v0[2], qa[2];
    mu_delassus(2, 2, M, J, Minv, W);
    mu_matvec(2, 2, J, qd, v0);
    imp_multi_problem p;
    memset(&p, 0, sizeof p);
    p.k = 1; p.d = 2; p.W = W; p.v0 = v0;
    p.c[0].mu_s = p.c[0].mu_k = 0.5; p.c[0].e = 0.9;
    imp_multi_result r;
    CHECK(imp_multi_moreau(&p, &r) == IMP_OK);
    CHECK_NEAR(r.P[0], 0.391057096, 1e-8);
    CHECK_NEAR(r.P[1], 0.782114193, 1e-8);
    CHECK_NEAR(r.dT, -0.353805624, 1e-8);
    mu_qdot_after(2, 2, Minv, J, r.P, qd, qa);
    CHECK_NEAR(qa[0], -1.524309222, 1e-8);
    CHECK_NEAR(qa[1], 2.299675582, 1e-8);
    CHECK(r.mode[0] == IMP_MULTI_SLIDING && r.energy_gain == 0);
    CHECK(isnan(r.Pc[0]) && isnan(r.Wc[0]));
    CHECK_NEAR(r.Wf[0] + 0.5 * r.P[1] * (v0[1] + r.v[1]), r.dT, 1e-14);
}

static void test_random_invariants(void)
{
    double maxres = 0;
    double worst[2] = { 0, 0 };
    int gains = 0, count = 0;
    for (int t = 0; t < 400; t++) {
        mu_random R;
        int d = t % 2 ? 3 : 2, k = 2 + t % 5;
        mu_make_random(&R, k, d, t % 7 == 0, 1);
        imp_multi_result r;
        imp_status st = imp_multi_moreau(&R.p, &r);
        if (st != IMP_OK) {
            printf("  status %d (d %d k %d nq %d)\n", st, d, k, R.nq);
            /* Only redundant contacts (J^T y = 0 for some y) may make
             * Newton's targets infeasible: Lemke's ray says so. */
            CHECK(R.nq < d * k && (st == IMP_ENOSOLUTION || st == IMP_ENOCONV));
            CHECK(r.P[0] == 0 && isfinite(r.residual));
            continue;
        }
        count++;
        maxres = fmax(maxres, r.residual);
        double w = mu_check_invariants(&R.p, &r, 0);
        worst[d - 2] = fmax(worst[d - 2], w);
        CHECK(w <= 1e-9);
        if (w > 1e-9) {
            printf("  violation %.2e d %d k %d res %.2e:", w, d, k, r.residual);
            for (int i = 0; i < d * k; i++) printf(" %.4g/%.4g", r.P[i], r.v[i]);
            printf("\n   mu:");
            for (int i = 0; i < k; i++) printf(" %.3g/%.3g e %.3g", R.p.c[i].mu_s, R.p.c[i].mu_k, R.p.c[i].e);
            printf("\n");
        }
        gains += r.energy_gain;
        CHECK(r.energy_gain == 0 || r.dT > 0);
        CHECK(r.energy_gain == 1 || r.dT <= 1e-10 * (1 + fabs(r.dT)));   /* never silent */
    }
    printf("  random: largest residual %.2e\n", maxres);
    printf("  random: %d solved, worst violation 2D %.2e 3D %.2e, %d energy gains flagged\n",
           count, worst[0], worst[1], gains);
}

/* Lemke alone: a small LCP with a known solution, a degenerate one (q with
 * ties, the lexicographic rule must not cycle), the pivot budget, a ray. */
static void test_lemke(void)
{
    double M[4] = { 2, 1, 1, 2 }, q[2] = { -5, -6 }, z[2], w[2];
    int np;
    CHECK(imp_lcp_lemke(2, M, q, z, w, 0, &np) == IMP_OK);
    CHECK_NEAR(z[0], 4.0 / 3, 1e-14);
    CHECK_NEAR(z[1], 7.0 / 3, 1e-14);
    double Md[9] = { 1, 2, 0, 0, 1, 2, 2, 0, 1 }, qd[3] = { -1, -1, -1 }, zd[3], wd[3];
    CHECK(imp_lcp_lemke(3, Md, qd, zd, wd, 0, &np) == IMP_OK);
    for (int i = 0; i < 3; i++) {
        CHECK(zd[i] >= 0 && wd[i] >= -1e-14 && fabs(zd[i] * wd[i]) < 1e-14);
        CHECK_NEAR(zd[i], 1.0 / 3, 1e-14);
    }
    CHECK(imp_lcp_lemke(3, Md, qd, zd, wd, 1, &np) == IMP_ENOCONV);
    double Mr[1] = { -1 }, qr[1] = { -1 };
    CHECK(imp_lcp_lemke(1, Mr, qr, z, w, 0, &np) == IMP_ENOSOLUTION);
    qr[0] = NAN;
    CHECK(imp_lcp_lemke(1, Mr, qr, z, w, 0, &np) == IMP_EINPUT);
}

/* A planar problem embedded in 3D (z rows decoupled, v0_z = 0): the cone
 * solver must give the 2D LCP's impulses, for moreau and poisson. */
static void test_planar_in_3d(void)
{
    double worst = 0;
    int differ = 0;
    for (int t = 0; t < 200; t++) {
        mu_random R;
        int k = 1 + t % 3, n2 = 2 * k, n3 = 3 * k;
        mu_make_random(&R, k, 2, 0, 1);
        if (R.nq < n2) continue;
        double W3[81] = { 0 }, v3[9] = { 0 };
        for (int i = 0; i < k; i++) {
            for (int a = 0; a < 2; a++) {
                v3[3 * i + a] = R.v0[2 * i + a];
                for (int j = 0; j < k; j++)
                    for (int b = 0; b < 2; b++) W3[(3 * i + a) * n3 + 3 * j + b] = R.W[(2 * i + a) * n2 + 2 * j + b];
            }
            W3[(3 * i + 2) * n3 + 3 * i + 2] = 1;
        }
        imp_multi_problem p3 = R.p;
        p3.d = 3; p3.W = W3; p3.v0 = v3;
        for (int m = 0; m < 2; m++) {
            imp_multi_result r2, r3;
            imp_status s2 = m ? imp_multi_poisson(&R.p, &r2) : imp_multi_moreau(&R.p, &r2);
            imp_status s3 = m ? imp_multi_poisson(&p3, &r3) : imp_multi_moreau(&p3, &r3);
            CHECK(s2 == IMP_OK && s3 == IMP_OK);
            double ps = 1e-300, err = 0;
            for (int i = 0; i < k; i++) {
                ps = fmax(ps, fabs(r2.P[2 * i + 1]));
                err = fmax(err, fabs(r3.P[3 * i + 2]));
                for (int a = 0; a < 2; a++) err = fmax(err, fabs(r2.P[2 * i + a] - r3.P[3 * i + a]));
            }
            if (err / ps > 1e-9) differ++;   /* another solution (friction, k > 1) */
            else worst = fmax(worst, err / ps);
            if (k == 1) CHECK(err / ps <= 1e-9);
            if (k == 1 && err / ps > 1e-9)
                printf("  m %d mu %g/%g e %g W %g %g %g v0 %g %g: 2D (%g %g) 3D (%g %g %g) modes %d %d\n", m,
                       R.p.c[0].mu_s, R.p.c[0].mu_k, R.p.c[0].e, R.W[0], R.W[1], R.W[3], R.v0[0], R.v0[1],
                       r2.P[0], r2.P[1], r3.P[0], r3.P[1], r3.P[2], r2.mode[0], r3.mode[0]);
        }
    }
    printf("  planar in 3D: worst relative difference %.2e, %d other solutions (k > 1)\n",
           worst, differ);
}

/* Scene 15 of the invariant run (test_multi_invariants.c): one body on
 * two ground contacts, W positive definite, the closing contact with e = 1
 * and mu = 4.24. Newton's target needs more normal impulse than the
 * friction lets through: Lemke ends in a ray on the 16- and 32-sided
 * polygonal cones and no iteration gets below a residual of 0.1. A named
 * IMP_ENOSOLUTION, P zero, never a half-solved P or NaN. */
static void test_no_solution_3d(void)
{
    static sc_scene s;
    sc_make(&s, 3, 15 * 2 + 1);
    CHECK(s.k == 2 && s.nb == 1 && !sc_redundant(&s));
    imp_multi_result r;
    CHECK(imp_multi_moreau(&s.p, &r) == IMP_ENOSOLUTION);
    for (int a = 0; a < 6; a++) CHECK(r.P[a] == 0);
    CHECK(isfinite(r.residual) && r.residual > 0.1);
    imp_multi_problem p = s.p;       /* without friction it is solved */
    p.c[0].mu_s = p.c[0].mu_k = p.c[1].mu_s = p.c[1].mu_k = 0;
    CHECK(imp_multi_moreau(&p, &r) == IMP_OK && r.residual <= 1e-10);
}

static void test_bad_input(void)
{
    double W[4], v0[2];
    imp_multi_problem p = one_contact(W, v0, 1, 1, 0, 0, -1, 0.5, 0.6, 0);
    imp_multi_result r;
    CHECK(imp_multi_moreau(&p, &r) == IMP_EINPUT);           /* mu_k > mu_s */
    p = one_contact(W, v0, 1, 1, 0, NAN, -1, 0.5, 0.5, 0);
    CHECK(imp_multi_moreau(&p, &r) == IMP_EINPUT);
    p.k = 0;
    CHECK(imp_multi_moreau(&p, &r) == IMP_EINPUT);
}

int main(void)
{
    RUN(test_corner);
    RUN(test_chain);
    RUN(test_rocking);
    RUN(test_rod);
    RUN(test_kane_random);
    RUN(test_kane_reversed);
    RUN(test_kane_pendulum_gain);
    RUN(test_pendulum_table);
    RUN(test_random_invariants);
    RUN(test_planar_in_3d);
    RUN(test_lemke);
    RUN(test_no_solution_3d);
    RUN(test_bad_input);
    RUN(test_timing);
    return check_summary();
}
