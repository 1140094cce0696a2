/* "poisson" (Pfeiffer & Glocker's two-phase impact, several contacts): the
 * benchmarks with known answers, Kane's double pendulum, the work split,
 * and invariants and energy on random problems. */
#define MB_MODEL imp_multi_poisson
#define MB_POISSON 1
#include "multi_bench.h"

/* Kane's double pendulum (two uniform links m = 1, L = 1, pinned, absolute
 * angles q, rates (-1, -1), the tip on a floor of normal +y): one contact,
 * rows tangent x and normal y of the tip velocity. */
static void pendulum(double q1d, double q2d, double *M, double *J, double *Minv,
                     double *W, double *v0)
{
    double q1 = q1d * M_PI / 180, q2 = q2d * M_PI / 180, c = cos(q1 - q2), qd[2] = { -1, -1 };
    M[0] = 4.0 / 3; M[1] = M[2] = 0.5 * c; M[3] = 1.0 / 3;
    J[0] = -sin(q1); J[1] = -sin(q2); J[2] = cos(q1); J[3] = cos(q2);
    mu_delassus(2, 2, M, J, Minv, W);
    mu_matvec(2, 2, J, qd, v0);
}

/* q = (-60, -30) degrees, Poisson e = 0.5: the contact slides throughout, so
 * the two phases give Routh's impulses (tabulated with mu = 0.2 and 1). */
static void test_pendulum_table(void)
{
    double M[4], J[4], Minv[4], W[4], v0[2], qd[2] = { -1, -1 }, q2[2];
    pendulum(-60, -30, M, J, Minv, W, v0);
    CHECK_NEAR(W[0], 0.810810811, 1e-9);
    CHECK_NEAR(v0[1], -1.366025404, 1e-9);
    double mus[2] = { 0.2, 1.0 }, Px[2] = { 0.137452213, 0.528068692 },
           Py[2] = { 0.687261066, 0.528068692 }, dT[2] = { -0.361742197, -0.631997504 },
           qa[2][2] = { { -1.518632072, 1.665457770 }, { -1.279843512, 1.527593131 } };
    for (int t = 0; t < 2; t++) {
        imp_multi_problem p;
        memset(&p, 0, sizeof p);
        p.k = 1; p.d = 2; p.W = W; p.v0 = v0;
        p.c[0].mu_s = p.c[0].mu_k = mus[t]; p.c[0].e = 0.5;
        imp_multi_result r;
        CHECK(imp_multi_poisson(&p, &r) == IMP_OK);
        CHECK_NEAR(r.P[0], Px[t], 1e-8);
        CHECK_NEAR(r.P[1], Py[t], 1e-8);
        CHECK_NEAR(r.dT, dT[t], 1e-8);
        mu_qdot_after(2, 2, Minv, J, r.P, qd, q2);
        CHECK_NEAR(q2[0], qa[t][0], 1e-8);
        CHECK_NEAR(q2[1], qa[t][1], 1e-8);
        CHECK(r.mode[0] == IMP_MULTI_SLIDING);
        CHECK_NEAR(r.Pc[0] * 1.5, r.P[1], 1e-14);
        CHECK_NEAR(r.Wc[0] + r.Wr[0] + r.Wf[0], r.dT, 1e-14);
        CHECK(r.Wc[0] < 0 && r.Wr[0] > 0 && r.Wf[0] < 0);
    }
}

static void test_random_invariants(void)
{
    double worst[2] = { 0, 0 }, worst_split = 0, worst_gain = 0;
    int count = 0, gains = 0, infeasible = 0;
    for (int t = 0; t < 400; t++) {
        mu_random R;
        int d = t % 2 ? 3 : 2, k = 2 + t % 5;
        mu_make_random(&R, k, d, t % 4 == 0, 1);
        imp_multi_result r;
        imp_status st = imp_multi_poisson(&R.p, &r);
        if (st != IMP_OK) {
            printf("  status %d (d %d k %d nq %d)\n", st, d, k, R.nq);
            CHECK(R.nq < d * k && (st == IMP_ENOSOLUTION || st == IMP_ENOCONV));
            infeasible++;
            continue;
        }
        count++;
        double w = mu_check_invariants(&R.p, &r, 1), sw = 0, T = 0;
        worst[d - 2] = fmax(worst[d - 2], w);
        CHECK(w <= 1e-9);
        for (int i = 0; i < k; i++) {
            sw += r.Wc[i] + r.Wr[i] + r.Wf[i];
            /* v^C_n = 0 where P^C_n > 0, so Wc = P^C_n v0_n / 2: positive only
             * for a contact separating before the impact that others push in */
            double v0n = R.v0[d * i + 1];
            CHECK(r.Wc[i] <= 0.5 * r.Pc[i] * fmax(v0n, 0) + 1e-12 && r.Wr[i] >= -1e-12);
            if (v0n <= 0) CHECK(r.Wc[i] <= 1e-12);
        }
        for (int a = 0; a < d * k; a++) T += r.P[a] * r.P[a];
        worst_split = fmax(worst_split, fabs(sw - r.dT) / (1 + fabs(r.dT)));
        int frictionless = t % 4 == 0;
        if (frictionless) CHECK(r.energy_gain == 0 && r.dT <= 1e-12);
        else if (r.energy_gain) { gains++; worst_gain = fmax(worst_gain, r.dT); }
    }
    CHECK(worst_split <= 1e-12);
    printf("  random: %d solved (%d infeasible, redundant), worst violation 2D %.2e 3D %.2e,"
           " |sum W - dT| %.1e, %d frictional energy gains (largest dT %.3g)\n",
           count, infeasible, worst[0], worst[1], worst_split, gains, worst_gain);
}

int main(void)
{
    RUN(test_corner);
    RUN(test_chain);
    RUN(test_rocking);
    RUN(test_rod);
    RUN(test_pendulum_table);
    RUN(test_random_invariants);
    RUN(test_timing);
    return check_summary();
}
