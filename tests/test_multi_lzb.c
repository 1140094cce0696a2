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
#include "impact3d.h"
#include "multi_models.h"

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
static double chain_rtol = 1e-10;

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
    imp_status st = imp_multi_lzb(&p, chain_rtol, r);
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

/* Elastic chains (e = 1, frictionless) at the default tolerance: the model
 * keeps the energy exactly, so dT is the integration's error alone
 * (dT_err = dT), of the order of rtol, and never flagged as a gain. */
static void test_elastic_no_gain(void)
{
    double worst = 0;
    chain_rtol = 1e-9;
    for (int t = 0; t < 60; t++) {
        cc_chain c;
        double u[CC_MAXB], T0 = 0.5;     /* the first ball at unit speed */
        imp_multi_result r;
        c.n = 3 + t % 4;
        for (int j = 0; j < c.n; j++) c.m[j] = t < 10 ? 1 : urand(0.2, 5);
        for (int j = 0; j + 1 < c.n; j++) c.K[j] = urand(0.2, 5), c.eta[j] = t % 2 ? 1 : 1.5;
        T0 *= c.m[0];
        CHECK(lzb_chain(&c, 1, u, &r) == IMP_OK);
        CHECK(!r.energy_gain);
        CHECK_NEAR(r.dT_err, r.dT, 1e-15 * T0);
        CHECK(fabs(r.dT) <= 10 * 1e-9 * T0);
        worst = fmax(worst, fabs(r.dT) / T0);
    }
    chain_rtol = 1e-10;
    printf("  elastic chains at rtol 1e-9: max |dT|/T0 = %.2e, none flagged\n", worst);
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

/* The same corner struck along its diagonal, equal springs: both contacts
 * reach maximum compression and end their expansion at once (vy = vx, or
 * one ulp apart). The primary must not chatter between the equal energies
 * nor hand over to a contact at zero energy; it costs what an asymmetric
 * strike costs. */
static void test_corner_diagonal(void)
{
    static const double W[16] = {1, 0, 0, 1,  0, 1, 1, 0,  0, 1, 1, 0,  1, 0, 0, 1};
    const double es[4] = {0, 0.5, 0.8, 1}, c45 = cos(atan(1)), s45 = sin(atan(1));
    const double vys[3] = {-0.5, -s45, -c45};  /* 30 degrees off, ulp apart, equal */
    int steps30 = 0;                          /* the 30 degree strike's */
    for (int t = 0; t < 12; t++) {
        const double vx = t % 3 == 0 ? -sqrt(0.75) : -c45, vy = vys[t % 3];
        const double v0[4] = {vx, vy, vy, vx};
        imp_multi_problem p;
        imp_multi_result r;
        memset(&p, 0, sizeof p);
        p.k = 2, p.d = 2, p.W = W, p.v0 = v0;
        for (int i = 0; i < 2; i++) p.c[i].K = 1, p.c[i].eta = 1.5, p.c[i].e = es[t / 3];
        CHECK(imp_multi_lzb(&p, 1e-9, &r) == IMP_OK);
        CHECK_NEAR(r.v[1], -es[t / 3] * vy, 1e-8);
        CHECK_NEAR(r.v[3], -es[t / 3] * vx, 1e-8);
        CHECK(!r.energy_gain && r.primary_switches <= 3);
        if (t % 3 == 0) steps30 = r.steps;
        else CHECK(r.steps <= 1.25 * steps30);
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
        CHECK(imp_path2d_solve(&c, mu_s, mu_k, &law, &r2) == IMP_OK);
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
    printf("  single contact vs imp_path2d_solve: max rel |dP| = %.2e (modes: %d sliding,"
           " %d/%d C/R-sticking, %d/%d C/R-reversed)\n", worst, modes[IMP_MODE_SLIDING],
           modes[IMP_MODE_C_STICKING], modes[IMP_MODE_R_STICKING],
           modes[IMP_MODE_C_REVERSED], modes[IMP_MODE_R_REVERSED]);
}

/* A random symmetric positive definite 3x3 W = J M^-1 J^T (J 3 x 6). */
static void random_w3(double *W)
{
    double J[18], Mi[6];
    for (int a = 0; a < 6; a++) Mi[a] = 1 / urand(0.2, 5);
    for (int r = 0; r < 18; r++) J[r] = urand(-1, 1);
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++) {
            double s = 0;
            for (int a = 0; a < 6; a++) s += J[6 * r + a] * Mi[a] * J[6 * c + a];
            W[3 * r + c] = s;
        }
}

/* One spatial contact with friction: lzb against solve3d's exact
 * Darboux-Keller integration with the energetic law. */
static imp_status one_3d(const double *W, const double *v0, double mu_s, double mu_k, double e,
                         imp_multi_result *r, imp_result3d *x)
{
    imp_multi_problem p;
    imp_contact3d c;
    imp_opts3d o;
    imp_law law = {IMP_LAW_ENERGETIC, e, NULL, NULL};
    memset(&p, 0, sizeof p);
    p.k = 1, p.d = 3, p.W = W, p.v0 = v0;
    p.c[0].K = urand(0.2, 5), p.c[0].eta = urand(0, 1) < 0.5 ? 1 : 1.5, p.c[0].e = e;
    p.c[0].mu_s = mu_s, p.c[0].mu_k = mu_k;
    imp_opts3d_default(&o);
    o.rtol = 1e-12;
    CHECK(imp_contact3d_from_W(W, v0, 0, &c) == IMP_OK);
    c.T0 = 0.5 * (v0[0] * v0[0] + v0[1] * v0[1] + v0[2] * v0[2]) * c.cond / (W[0] + W[4] + W[8]);
    CHECK(imp_exact3d_solve_contact(&c, mu_s, mu_k, &law, &o, x) == IMP_OK);
    return imp_multi_lzb(&p, 1e-12, r);
}

/* Sun & Baruh's tilted rod (mu 0.4, e 0.7: the slip stops and sticks; mu
 * 0.2, e 0.8: it turns and never stops) and a box whose slip stops and
 * re-slides along the ray, or slides along it from the start; the
 * energetic impulses of the exact integration (6 digits). */
static void test_single_contact_3d_vectors(void)
{
    static const double Wr[9] = {3.581090, -0.868800, -0.247734, -0.868800, 1.510300,
                                 -0.680645, -0.247734, -0.680645, 3.703224};
    static const double Wb[9] = {2.207911, -1.323529, -1.034483, -1.323529, 4.128959,
                                 -1.384615, -1.034483, -1.384615, 5.663130};
    static const struct { const double *W; double v[3], mu, e, P[3]; } t[4] = {
        {Wr, {0.4, -1, 0}, 0.4, 0.7, {0.229379, 1.331710, 0.260110}},
        {Wr, {0.4, -1, 0}, 0.2, 0.8, {0.102459, 1.285333, 0.160065}},
        {Wb, {0.3, -1, 0.1}, 0.8, 0.6, {0.17063, 0.45098, 0.11980}},
        {Wb, {0, -1, 0}, 0.5, 0.6, {0.214404, 0.499034, 0.127631}},
    };
    for (int i = 0; i < 4; i++) {
        imp_multi_result r;
        imp_result3d x;
        CHECK(one_3d(t[i].W, t[i].v, t[i].mu, t[i].mu, t[i].e, &r, &x) == IMP_OK);
        for (int a = 0; a < 3; a++) {
            CHECK_NEAR(r.P[a], t[i].P[a], i == 2 ? 1e-5 : 1e-6);
            CHECK_NEAR(r.P[a], x.P[a], 1e-9);
        }
    }
}

/* Random contacts: stick, slide, slips that turn, stop and re-slide. */
static void test_single_contact_3d(void)
{
    double worst = 0, W[9], v0[3];
    int modes[8] = {0}, turned = 0;
    for (int t = 0; t < 300; t++) {
        random_w3(W);
        double mu_s = t % 5 ? urand(0, 1.2) : 0, mu_k = mu_s * (t % 2 ? 1 : urand(0.5, 1));
        v0[0] = urand(-2, 2), v0[1] = -urand(0.05, 3), v0[2] = urand(-2, 2);
        if (t % 7 == 0) v0[0] = v0[2] = 0;
        imp_multi_result r;
        imp_result3d x;
        CHECK(one_3d(W, v0, mu_s, mu_k, urand(0, 1), &r, &x) == IMP_OK);
        modes[x.mode]++;
        if (x.p_stop < 0 && x.min_slip < 0.5 * hypot(v0[0], v0[2])) turned++;
        double s = hypot(hypot(x.P[0], x.P[1]), x.P[2]) + 1e-300, vs = fabs(v0[1]);
        for (int a = 0; a < 3; a++) {
            CHECK_NEAR(r.P[a] / s, x.P[a] / s, 1e-9);
            CHECK_NEAR(r.v[a], x.vC[a], 1e-9 * vs);
            worst = fmax(worst, fabs(r.P[a] - x.P[a]) / s);
        }
        CHECK_NEAR(r.Pc[0] / s, x.Pc / s, 1e-9);
        CHECK_NEAR(r.Wc[0], x.Wc, 1e-9 * fabs(x.Wc));
        CHECK_NEAR(r.Wr[0], x.Wr, 1e-9 * fabs(x.Wc));
        CHECK_NEAR(r.Wf[0], x.Wf, 1e-9 * (fabs(x.Wc) + fabs(x.Wf)));
    }
    printf("  single spatial contact vs solve3d exact: max rel |dP| = %.2e (modes: %d sliding"
           " (%d turning), %d/%d C/R-sticking, %d/%d C/R-reversed)\n", worst,
           modes[IMP_MODE_SLIDING], turned, modes[IMP_MODE_C_STICKING], modes[IMP_MODE_R_STICKING],
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

/* Planar data in space (the z rows decoupled, v_z = 0) give the planar
 * result with friction, P_z = 0. */
static void test_planar_in_space(void)
{
    double worst = 0;
    for (int t = 0; t < 60; t++) {
        int k = 2 + t % 3, n2 = 2 * k, n3 = 3 * k;
        double W2[4 * IMP_MULTI_MAX * IMP_MULTI_MAX], v2[2 * IMP_MULTI_MAX];
        double W3[9 * IMP_MULTI_MAX * IMP_MULTI_MAX], v3[3 * IMP_MULTI_MAX], Z[9];
        imp_multi_problem p2, p3;
        imp_multi_result r2, r3;
        random_problem(k, 2, W2, v2, &p2);
        random_w3(Z);                    /* the z block (k <= 3 of its rows) */
        memset(W3, 0, sizeof W3);
        for (int i = 0; i < k; i++) {
            v3[3 * i] = v2[2 * i], v3[3 * i + 1] = v2[2 * i + 1], v3[3 * i + 2] = 0;
            for (int j = 0; j < k; j++) {
                for (int a = 0; a < 2; a++)
                    for (int c = 0; c < 2; c++) W3[(3 * i + a) * n3 + 3 * j + c] = W2[(2 * i + a) * n2 + 2 * j + c];
                W3[(3 * i + 2) * n3 + 3 * j + 2] = Z[3 * (i % 3) + j % 3] + (i == j ? 0.5 : 0);
            }
        }
        p3 = p2, p3.d = 3, p3.W = W3, p3.v0 = v3;
        CHECK(imp_multi_lzb(&p2, 1e-11, &r2) == IMP_OK);
        CHECK(imp_multi_lzb(&p3, 1e-11, &r3) == IMP_OK);
        double s = 0;
        for (int i = 0; i < k; i++) s = fmax(s, fabs(r2.P[2 * i + 1]));
        for (int i = 0; i < k; i++) {
            CHECK_NEAR(r3.P[3 * i], r2.P[2 * i], 1e-8 * s);
            CHECK_NEAR(r3.P[3 * i + 1], r2.P[2 * i + 1], 1e-8 * s);
            CHECK(fabs(r3.P[3 * i + 2]) <= 1e-12 * s);
            CHECK_NEAR(r3.Wf[i], r2.Wf[i], 1e-8 * (s + fabs(r2.Wf[i])));
            CHECK(r3.mode[i] == r2.mode[i]);
            worst = fmax(worst, fmax(fabs(r3.P[3 * i] - r2.P[2 * i]), fabs(r3.P[3 * i + 1] - r2.P[2 * i + 1])) / s);
        }
    }
    printf("  planar data in space vs the planar model: max rel |dP| = %.2e\n", worst);
}

/* A box (half sides 0.5, 0.3, 0.4, m = 1) on the ground at its corners
 * r_i (from the centre of mass): contact i's velocity is v + w x r_i,
 * W = J M^-1 J^T, v0 = J (v, w). */
static void box_problem(int k, const double (*r)[3], const double *v, const double *w,
                        double *W, double *v0)
{
    const double a = 0.5, b = 0.3, c = 0.4, I[3] = {(b * b + c * c) / 3, (a * a + c * c) / 3,
                                                    (a * a + b * b) / 3};
    double J[3 * 4 * 6];
    int n = 3 * k;
    for (int i = 0; i < k; i++)
        for (int e = 0; e < 3; e++) {
            double *row = J + (3 * i + e) * 6, ex[3] = {e == 0, e == 1, e == 2};
            for (int q = 0; q < 3; q++) row[q] = ex[q];
            /* (w x r).e = w.(r x e) */
            row[3] = r[i][1] * ex[2] - r[i][2] * ex[1];
            row[4] = r[i][2] * ex[0] - r[i][0] * ex[2];
            row[5] = r[i][0] * ex[1] - r[i][1] * ex[0];
            v0[3 * i + e] = 0;
            for (int q = 0; q < 3; q++) v0[3 * i + e] += row[q] * v[q] + row[3 + q] * w[q];
        }
    for (int x = 0; x < n; x++)
        for (int y = 0; y < n; y++) {
            double s = 0;
            for (int q = 0; q < 6; q++) s += J[6 * x + q] * J[6 * y + q] / (q < 3 ? 1 : I[q - 3]);
            W[x * n + y] = s;
        }
}

/* The box landing flat on four corners (sliding; sticking on redundant
 * contacts) and on an edge, at 1e-9: the result agrees with one at 1e-12
 * and keeps the invariants. (Where redundant contacts pass from stick to
 * slip one after the other the answer depends on the order to 1e-7.) */
static void test_box(void)
{
    static const double flat[4][3] = {{-0.5, -0.3, -0.4}, {0.5, -0.3, -0.4},
                                      {0.5, -0.3, 0.4}, {-0.5, -0.3, 0.4}};
    static const struct { int k; double v[3], w[3], mu; } t[5] = {
        {4, {0.8, -1, 0.3}, {0.05, 0.3, -0.1}, 0.3},
        {4, {0.1, -1, -0.05}, {0.02, 0.1, 0.03}, 0.8},
        {2, {0.2, -1, -0.3}, {-0.5, 0.6, 0.3}, 0.6},
        {2, {0.5, -1, 0.1}, {0.1, 0.2, -1.0}, 0.4},
        {2, {-0.3, -0.6, 0.4}, {0.4, 0.3, 0.8}, 1.0},
    };
    for (int c = 0; c < 5; c++) {
        double W[144], v0[12], r[4][3];
        imp_multi_problem p;
        imp_multi_result a, b;
        memcpy(r, flat, sizeof r);
        if (t[c].k == 2)                /* on the edge x = 0.5, tilted by 0.3 rad about z */
            for (int i = 0; i < 2; i++) {
                const double *q = flat[i == 0 ? 1 : 2];
                double cs = cos(0.3), sn = sin(0.3);
                r[i][0] = cs * q[0] - sn * q[1], r[i][1] = sn * q[0] + cs * q[1], r[i][2] = q[2];
            }
        box_problem(t[c].k, (const double (*)[3])r, t[c].v, t[c].w, W, v0);
        memset(&p, 0, sizeof p);
        p.k = t[c].k, p.d = 3, p.W = W, p.v0 = v0;
        for (int i = 0; i < p.k; i++)
            p.c[i].mu_s = p.c[i].mu_k = t[c].mu, p.c[i].e = 0.5, p.c[i].K = 1, p.c[i].eta = 1.5;
        CHECK(imp_multi_lzb(&p, 1e-9, &a) == IMP_OK);
        CHECK(imp_multi_lzb(&p, 1e-12, &b) == IMP_OK);
        double s = 0;
        for (int i = 0; i < p.k; i++) s = fmax(s, b.P[3 * i + 1]);
        CHECK(s > 0 && a.dT <= 0 && !a.energy_gain);
        /* the body's motion (the contact velocities): on redundant sticking
         * contacts the impulses' distribution is not unique */
        for (int i = 0; i < 3 * p.k; i++) CHECK_NEAR(a.v[i], b.v[i], 1e-7);
        for (int i = 0; i < p.k; i++)
            CHECK(hypot(a.P[3 * i], a.P[3 * i + 2]) <= t[c].mu * a.P[3 * i + 1] * (1 + 1e-12) + 1e-15);
        printf("  box case %d: %d steps; modes", c, a.steps);
        for (int i = 0; i < p.k; i++) printf(" %d", a.mode[i]);
        printf("; dT %.6f\n", a.dT);
    }
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
    RUN(test_elastic_no_gain);
    RUN(test_corner);
    RUN(test_corner_diagonal);
    RUN(test_single_contact_2d);
    RUN(test_single_contact_3d_vectors);
    RUN(test_single_contact_3d);
    RUN(test_planar_in_space);
    RUN(test_box);
    RUN(test_invariants);
    RUN(test_guards);
    RUN(test_timing);
    return check_summary();
}
