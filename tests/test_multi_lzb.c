/* The lzb multiple-impact model (Liu, Zhao & Brogliato 2008, 2009)
 * against an independent compliant simulation of ball chains, the
 * three-ball vectors, the ball in a corner, the single-contact energetic
 * law of the 2D tracer, and invariants on random problems. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "compliant_chain.h"
#include "impact2d.h"
#include "multi.h"

static unsigned long long rng_s = 88172645463325252ULL;

#ifndef NINV
#define NINV 400
#endif

static double urand(double a, double b)
{
    rng_s ^= rng_s << 13, rng_s ^= rng_s >> 7, rng_s ^= rng_s << 17;
    return a + (b - a) * (double)(rng_s >> 11) / 9007199254740992.0;
}

/* The chain in contact space (d = 2, tangents unused), ball 1 at speed 1
 * into the others at rest; the ball velocities after the lzb impact. */
static imp_status lzb_chain(const cc_chain *c, double e, double *u, imp_multi_result *r)
{
    int k = c->n - 1, d = 2, n = d * k, i;
    double W[4 * CC_MAXB * CC_MAXB], v0[2 * CC_MAXB];
    imp_multi_problem p;
    memset(&p, 0, sizeof p);
    memset(W, 0, sizeof W);
    memset(v0, 0, sizeof v0);
    for (i = 0; i < k; i++) {
        int r0 = d * i + 1;
        W[r0 * n + r0] = 1 / c->m[i] + 1 / c->m[i + 1];
        W[d * i * n + d * i] = 1;                  /* a tangent row, decoupled */
        if (i + 1 < k) {
            int r1 = d * (i + 1) + 1;
            W[r0 * n + r1] = W[r1 * n + r0] = -1 / c->m[i + 1];
        }
        p.c[i].K = c->K[i], p.c[i].eta = c->eta[i], p.c[i].e = e;
    }
    v0[1] = -1;                                    /* u2 - u1 = 0 - 1 */
    p.k = k, p.d = d, p.W = W, p.v0 = v0;
    imp_status st = imp_multi_lzb(&p, 1e-10, r);
    for (i = 0; i < c->n; i++) u[i] = i == 0 ? 1 : 0;
    for (i = 0; i < k; i++) {
        u[i] -= r->P[d * i + 1] / c->m[i];
        u[i + 1] += r->P[d * i + 1] / c->m[i + 1];
    }
    return st;
}

static void three_balls(double eta, const double *want)
{
    cc_chain c = {3, {1, 1, 1}, {1, 1}, {eta, eta}};
    double u[3], uc[3], u0[3] = {1, 0, 0};
    imp_multi_result r;
    CHECK(lzb_chain(&c, 1, u, &r) == IMP_OK);
    CHECK(cc_run(&c, u0, 1e-12, uc) > 0);
    for (int j = 0; j < 3; j++) {
        CHECK_NEAR(u[j], want[j], 6e-7);
        CHECK_NEAR(uc[j], want[j], 6e-7);
    }
    CHECK(fabs(r.dT) < 1e-9);
    printf("  three balls eta %g: lzb %.7f %.7f %.7f (%d steps, %d switches)\n",
           eta, u[0], u[1], u[2], r.steps, r.primary_switches);
}

static void test_three_ball_vectors(void)
{
    static const double w1[3] = {-0.130262, 0.150230, 0.980032};
    static const double w32[3] = {-0.070952, 0.076403, 0.994549};
    three_balls(1, w1);
    three_balls(1.5, w32);
}

/* Random chains: 2 to 6 balls, masses 0.2..5, stiffness ratios 0.2..5,
 * eta 1 or 3/2, against the compliant run at stiffness K * scale. Only
 * with one eta for the whole chain do the K ratios alone matter (the
 * stiffness scale stretches time and lengths alike); a chain that mixes
 * exponents depends on the actual K, so it is run unscaled. */
static void test_compliant_oracle(void)
{
    double worst = 0;
    for (int t = 0; t < 60; t++) {
        cc_chain c, cs;
        double u[CC_MAXB], uc[CC_MAXB], u0[CC_MAXB] = {1}, scale = urand(0.5, 50);
        imp_multi_result r;
        c.n = 2 + t % 5;
        for (int j = 0; j < c.n; j++) c.m[j] = urand(0.2, 5);
        int mixed = t % 3 == 2;
        double eta = urand(0, 1) < 0.5 ? 1 : 1.5;
        for (int j = 0; j + 1 < c.n; j++)
            c.K[j] = urand(0.2, 5), c.eta[j] = mixed && urand(0, 1) < 0.5 ? 2.5 - eta : eta;
        if (mixed) scale = 1;
        cs = c;
        for (int j = 0; j + 1 < c.n; j++) cs.K[j] = c.K[j] * scale;
        CHECK(lzb_chain(&c, 1, u, &r) == IMP_OK);
        CHECK(cc_run(&cs, u0, 1e-12, uc) > 0);
        for (int j = 0; j < c.n; j++) {
            CHECK_NEAR(u[j], uc[j], 1e-6);
            worst = fmax(worst, fabs(u[j] - uc[j]));
        }
    }
    printf("  lzb vs compliant chains: max |du| = %.2e\n", worst);
}

/* A point mass in a frictionless corner: floor (normal y) and wall
 * (normal x); the normal block of W is diagonal, the contacts decouple:
 * v' = (-e vx, -e vy). */
static void test_corner(void)
{
    static const double W[16] = {1, 0, 0, 1,  0, 1, 1, 0,  0, 1, 1, 0,  1, 0, 0, 1};
    const double vx = -0.7, vy = -1.2, v0[4] = {vx, vy, vy, vx};
    const double es[3] = {0, 0.5, 1};
    for (int t = 0; t < 3; t++) {
        imp_multi_problem p;
        imp_multi_result r;
        memset(&p, 0, sizeof p);
        p.k = 2, p.d = 2, p.W = W, p.v0 = v0;
        for (int i = 0; i < 2; i++) p.c[i].K = 1 + i, p.c[i].eta = 1.5, p.c[i].e = es[t];
        CHECK(imp_multi_lzb(&p, 1e-9, &r) == IMP_OK);
        CHECK_NEAR(r.v[0], -es[t] * vx, 1e-8);
        CHECK_NEAR(r.v[1], -es[t] * vy, 1e-8);
        CHECK_NEAR(r.v[2], -es[t] * vy, 1e-8);
        CHECK_NEAR(r.v[3], -es[t] * vx, 1e-8);
    }
}

/* One contact: the energetic law of the 2D tracer, W = [[B1, -B3],
 * [-B3, B2]], v0 = (S0, C0), with Coulomb friction: sliding, sticking
 * and reversal (a third of the cases frictionless). */
static void test_single_contact_2d(void)
{
    double worst = 0;
    int modes[8] = {0};
    for (int t = 0; t < 200; t++) {
        double B1 = urand(0.2, 5), B2 = urand(0.2, 5);
        double B3 = urand(-0.95, 0.95) * sqrt(B1 * B2), e = urand(0, 1);
        double S0 = urand(-2, 2), C0 = -urand(0.05, 3);
        double mu_s = t % 3 ? urand(0, 1.2) : 0, mu_k = mu_s * (t % 2 ? 1 : urand(0.5, 1));
        if (t % 7 == 0) S0 = 0;
        imp_coef2d c = {B1, B2, B3, S0, C0, 0};
        imp_law law = {IMP_LAW_ENERGETIC, e, NULL, NULL};
        imp_result2d r2;
        double W[4] = {B1, -B3, -B3, B2}, v0[2] = {S0, C0};
        imp_multi_problem p;
        imp_multi_result r;
        memset(&p, 0, sizeof p);
        memset(&r2, 0, sizeof r2);
        p.k = 1, p.d = 2, p.W = W, p.v0 = v0;
        p.c[0].K = urand(0.2, 5), p.c[0].eta = urand(0, 1) < 0.5 ? 1 : 1.5, p.c[0].e = e;
        p.c[0].mu_s = mu_s, p.c[0].mu_k = mu_k;
        CHECK(imp_solve2d(&c, mu_s, mu_k, &law, &r2) == IMP_OK);
        modes[r2.mode]++;
        CHECK(imp_multi_lzb(&p, 1e-11, &r) == IMP_OK);
        double s = fabs(r2.Py) + 1e-300;
        CHECK_NEAR(r.P[0] / s, r2.Px / s, 1e-9);
        CHECK_NEAR(r.P[1] / s, r2.Py / s, 1e-9);
        CHECK_NEAR(r.v[0], r2.S, 1e-9 * fabs(C0));
        CHECK_NEAR(r.v[1], r2.C, 1e-9 * fabs(C0));
        CHECK_NEAR(r.Pc[0] / s, r2.Pc / s, 1e-9);
        CHECK_NEAR(r.Wc[0], r2.Wc, 1e-9 * fabs(r2.Wc));
        CHECK_NEAR(r.Wr[0], r2.Wr, 1e-9 * fabs(r2.Wc));
        CHECK_NEAR(r.Wf[0], r2.Wf, 1e-9 * (fabs(r2.Wc) + fabs(r2.Wf)));
        worst = fmax(worst, fmax(fabs(r.P[1] - r2.Py), fabs(r.P[0] - r2.Px)) / s);
    }
    printf("  single contact vs imp_solve2d: max rel |dP| = %.2e (modes: %d sliding,"
           " %d/%d C/R-sticking, %d/%d C/R-reversed)\n", worst, modes[IMP_MODE_SLIDING],
           modes[IMP_MODE_C_STICKING], modes[IMP_MODE_R_STICKING],
           modes[IMP_MODE_C_REVERSED], modes[IMP_MODE_R_REVERSED]);
}

/* W = J M^-1 J^T from random diagonal M (m = d*k + 2 coordinates) and
 * Gaussian-ish J; closing, touching and separating contacts. */
static void random_problem(int k, int d, double *W, double *v0, imp_multi_problem *p)
{
    int n = d * k, m = n + 2;
    double J[3 * IMP_MULTI_MAX * (3 * IMP_MULTI_MAX + 2)], Mi[3 * IMP_MULTI_MAX + 2];
    for (int a = 0; a < m; a++) Mi[a] = 1 / urand(0.2, 5);
    for (int r = 0; r < n * m; r++) J[r] = urand(-1, 1);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            double s = 0;
            for (int a = 0; a < m; a++) s += J[r * m + a] * Mi[a] * J[c * m + a];
            W[r * n + c] = s;
        }
    memset(p, 0, sizeof *p);
    for (int i = 0; i < k; i++) {
        double u = urand(0, 1);
        for (int a = 0; a < d; a++) v0[d * i + a] = urand(-1, 1);
        v0[d * i + 1] = u < 0.6 ? -urand(0.05, 2) : u < 0.8 ? 0 : urand(0.05, 1);
        p->c[i].mu_s = urand(0, 1), p->c[i].mu_k = p->c[i].mu_s * urand(0.5, 1);
        p->c[i].e = urand(0, 1), p->c[i].K = urand(0.2, 5);
        p->c[i].eta = urand(0, 1) < 0.5 ? 1 : 1.5;
    }
    p->k = k, p->d = d, p->W = W, p->v0 = v0;
}

/* Never gains energy, P_n >= 0, |P_t| <= mu_s P_n, no contact that took
 * impulse ends closing, W_r <= e^2 |W_c|, and the works add up to dT. */
static void test_invariants(void)
{
    int fails = 0, total = 0;
    for (int t = 0; t < NINV; t++) {
        int k = 2 + t % 5, d = 2 + (t / 5) % 2, n = d * k;
        double W[9 * IMP_MULTI_MAX * IMP_MULTI_MAX], v0[3 * IMP_MULTI_MAX];
        imp_multi_problem p;
        imp_multi_result r;
        random_problem(k, d, W, v0, &p);
        imp_status st = imp_multi_lzb(&p, 1e-9, &r);
        total++;
        if (st != IMP_OK) { fails++; continue; }
        double vs = 0, E0 = 0, sw = 0;
        for (int i = 0; i < k; i++) vs = fmax(vs, fabs(v0[d * i + 1]));
        for (int a = 0; a < n; a++)
            for (int b = 0; b < n; b++) E0 += 0.5 * fabs(v0[a] * v0[b]);
        CHECK(r.dT <= 1e-9 * (E0 + 1));
        CHECK(!r.energy_gain);
        for (int i = 0; i < k; i++) {
            double Pn = r.P[d * i + 1], Pt = 0;
            for (int a = 0; a < d; a++) if (a != 1) Pt += r.P[d * i + a] * r.P[d * i + a];
            CHECK(Pn >= 0);
            CHECK(sqrt(Pt) <= p.c[i].mu_s * Pn + 1e-12);
            if (Pn > 0) CHECK(r.v[d * i + 1] >= -1e-8 * vs);
            CHECK(r.Wc[i] <= 1e-15);
            /* equality up to the integration error (W_n and E are
             * separate components of the state) */
            CHECK(r.Wr[i] <= p.c[i].e * p.c[i].e * fabs(r.Wc[i]) + 1e-8 * (E0 + fabs(r.Wc[i]) + 1));
            sw += r.Wc[i] + r.Wr[i] + r.Wf[i];
        }
        CHECK_NEAR(sw, r.dT, 1e-8 * (E0 + 1));
    }
    CHECK(fails == 0);
    printf("  invariants: %d problems, %d failures\n", total, fails);
}

/* Bad data is refused; separating or merely touching contacts take no
 * impulse. */
static void test_guards(void)
{
    double W[4] = {1, 0, 0, 1}, v0[2] = {0.3, 0.5};
    imp_multi_problem p;
    imp_multi_result r;
    memset(&p, 0, sizeof p);
    p.k = 1, p.d = 2, p.W = W, p.v0 = v0;
    p.c[0].K = 1, p.c[0].eta = 1.5, p.c[0].e = 0.5;
    CHECK(imp_multi_lzb(&p, 0, &r) == IMP_OK);
    CHECK(r.P[1] == 0 && r.mode[0] == IMP_MULTI_OPEN && isnan(r.Pc[0]));
    v0[1] = 0;
    CHECK(imp_multi_lzb(&p, 0, &r) == IMP_OK && r.P[1] == 0);
    v0[1] = -1;
    p.c[0].e = 1.5;
    CHECK(imp_multi_lzb(&p, 0, &r) == IMP_EINPUT);
    p.c[0].e = 0.5, p.c[0].eta = 0.5;
    CHECK(imp_multi_lzb(&p, 0, &r) == IMP_EINPUT);
    p.c[0].eta = 1, W[3] = NAN;
    CHECK(imp_multi_lzb(&p, 0, &r) == IMP_EINPUT);
    W[3] = 1, p.k = 0;
    CHECK(imp_multi_lzb(&p, 0, &r) == IMP_EINPUT);
}

/* The cost of the three-ball chain (for the record). */
static void test_timing(void)
{
    cc_chain c = {3, {1, 1, 1}, {1, 1}, {1.5, 1.5}};
    double u[3];
    imp_multi_result r;
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (int i = 0; i < 200; i++) CHECK(lzb_chain(&c, 1, u, &r) == IMP_OK);
    clock_gettime(CLOCK_MONOTONIC, &b);
    printf("  three-ball chain: %.1f us per solve (rtol 1e-10, %d steps)\n",
           ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / 200 / 1e3, r.steps);
}

int main(void)
{
    RUN(test_three_ball_vectors);
    RUN(test_compliant_oracle);
    RUN(test_corner);
    RUN(test_single_contact_2d);
    RUN(test_invariants);
    RUN(test_guards);
    RUN(test_timing);
    return check_summary();
}
