/* The benchmarks with known answers, shared by the moreau and poisson tests:
 * define MB_MODEL (the solver) and MB_POISSON (0 or 1) before including. */
#ifndef IMPACT_TEST_MULTI_BENCH_H
#define IMPACT_TEST_MULTI_BENCH_H

#include "multi_util.h"

/* A planar point or rigid body: contact rows from the lever arm r of the
 * contact point from the centre, frame (t, n), dofs (x, y, theta). */
static void mb_rows(double *J, double rx, double ry, double tx, double ty)
{
    double nx = -ty, ny = tx;              /* n = t rotated by +90 degrees */
    J[0] = tx; J[1] = ty; J[2] = -ry * tx + rx * ty;
    J[3] = nx; J[4] = ny; J[5] = -ry * nx + rx * ny;
}

/* A ball in a corner (floor y = 0, wall x = 0, frictionless): the normal
 * block of W is diagonal, the contacts decouple: v' = (-e vx, -e vy). */
static void test_corner(void)
{
    for (int d = 2; d <= 3; d++)
        for (double e = 0; e <= 1.0; e += 0.25) {
            /* dofs (x, y[, z]) of a unit point mass; floor: t = x, n = y[, z];
             * wall: t = -y, n = x[, z] */
            double J[36] = { 0 }, M[9] = { 0 }, Minv[9], W[36], v0[6], qd[3] = { -0.7, -0.4, 0.2 }, q2[3];
            int nq = d, m = 2 * d;
            for (int i = 0; i < nq; i++) M[i * nq + i] = 1;
            J[0 * nq + 0] = 1; J[1 * nq + 1] = 1;
            J[d * nq + 1] = -1; J[(d + 1) * nq + 0] = 1;
            if (d == 3) { J[2 * nq + 2] = 1; J[5 * nq + 2] = 1; }
            mu_delassus(m, nq, M, J, Minv, W);
            mu_matvec(m, nq, J, qd, v0);
            imp_multi_problem p;
            memset(&p, 0, sizeof p);
            p.k = 2; p.d = d; p.W = W; p.v0 = v0;
            p.c[0].e = p.c[1].e = e;
            imp_multi_result r;
            CHECK(MB_MODEL(&p, &r) == IMP_OK);
            mu_qdot_after(m, nq, Minv, J, r.P, qd, q2);
            CHECK_NEAR(q2[0], 0.7 * e, 1e-14);
            CHECK_NEAR(q2[1], 0.4 * e, 1e-14);
            if (d == 3) CHECK_NEAR(q2[2], 0.2, 1e-14);
            CHECK(r.residual <= 1e-12);
        }
}

/* Three unit balls on the x axis, 1 at speed 1 into 2 and 3 at rest and
 * touching. Contact i is between balls i (body a) and i+1 (body b), its
 * normal points from b into a: n = -x, so v_n = n.(v_a - v_b) = v_{i+1} - v_i
 * (closing when negative) and the impulse P_n >= 0 pushes ball i along -x and
 * ball i+1 along +x. Normal rows J = [-1 1 0], [0 -1 1]: W_nn = [[2 -1] [-1 2]],
 * v0_n = (-1, 0). Tangent t = +y: rows [1 -1 0], [0 1 -1] on the y dofs. */
static void test_chain(void)
{
    double J[24] = { 0 }, M[36] = { 0 }, Minv[36], W[16], v0[4];
    double qd[6] = { 1, 0, 0, 0, 0, 0 }, q2[6];
    for (int i = 0; i < 6; i++) M[i * 6 + i] = 1;
    for (int c = 0; c < 2; c++) {
        J[(2 * c) * 6 + 3 + c] = 1; J[(2 * c) * 6 + 4 + c] = -1;   /* tangent, y dofs */
        J[(2 * c + 1) * 6 + c] = -1; J[(2 * c + 1) * 6 + c + 1] = 1;
    }
    mu_delassus(4, 6, M, J, Minv, W);
    CHECK(W[1 * 4 + 1] == 2 && W[1 * 4 + 3] == -1 && W[3 * 4 + 3] == 2);
    mu_matvec(4, 6, J, qd, v0);
    CHECK(v0[1] == -1 && v0[3] == 0);
    imp_multi_problem p;
    memset(&p, 0, sizeof p);
    p.k = 2; p.d = 2; p.W = W; p.v0 = v0;
    p.c[0].e = p.c[1].e = 1;
    p.c[0].mu_s = p.c[0].mu_k = p.c[1].mu_s = p.c[1].mu_k = 0.3;   /* no tangential motion */
    imp_multi_result r;
    CHECK(MB_MODEL(&p, &r) == IMP_OK);
    mu_qdot_after(4, 6, Minv, J, r.P, qd, q2);
    CHECK_NEAR(q2[0], -1.0 / 3, 1e-14);
    CHECK_NEAR(q2[1], 2.0 / 3, 1e-14);
    CHECK_NEAR(q2[2], 2.0 / 3, 1e-14);
    CHECK_NEAR(r.dT, 0, 1e-14);
    CHECK(r.energy_gain == 0);
    printf("  chain: P_n = (%.15g, %.15g), residual %.1e, %d iterations\n",
           r.P[1], r.P[3], r.residual, r.iterations);
}

/* Housner's block (width 2b, height 2h, dofs x, y, theta; M = diag(m, m, I),
 * I = m (b^2 + h^2)/3) rocking about its left corner with w < 0 lands flat:
 * e = 0, mu = 10 sticks; the left corner lifts off and w'/w = 1 - 1.5 sin^2 a. */
static void test_rocking(void)
{
    double worst = 0;
    for (double s = 0.05; s <= 1.0 + 1e-9; s += 0.05) {
        double h = 1, b = s * h, m = 2.5, w = -0.8, al = atan(b / h);
        double M[9] = { m, 0, 0, 0, m, 0, 0, 0, m * (b * b + h * h) / 3 };
        double J[12], Minv[9], W[16], v0[4], q2[3];
        double qd[3] = { -w * h, w * b, w };   /* rotation about (-b, -h) */
        mb_rows(&J[0], -b, -h, 1, 0);
        mb_rows(&J[6], b, -h, 1, 0);
        mu_delassus(4, 3, M, J, Minv, W);
        mu_matvec(4, 3, J, qd, v0);
        CHECK(fabs(v0[1]) < 1e-15 && fabs(v0[0]) < 1e-15);
        CHECK_NEAR(v0[3], 2 * w * b, 1e-15);
        imp_multi_problem p;
        memset(&p, 0, sizeof p);
        p.k = 2; p.d = 2; p.W = W; p.v0 = v0;
        p.c[0].mu_s = p.c[0].mu_k = p.c[1].mu_s = p.c[1].mu_k = 10;
        imp_multi_result r;
        CHECK(MB_MODEL(&p, &r) == IMP_OK);
        mu_qdot_after(4, 3, Minv, J, r.P, qd, q2);
        double want = 1 - 1.5 * sin(al) * sin(al), err = fabs(q2[2] / w - want);
        worst = fmax(worst, err);
        CHECK(err <= 1e-12);
        CHECK(r.mode[0] == IMP_MULTI_OPEN && r.mode[1] == IMP_MULTI_STICKING);
        if (fabs(s - 0.25) < 1e-9) CHECK_NEAR(q2[2] / w, 0.911764705882353, 1e-12);
    }
    printf("  rocking block: worst |w'/w - (1 - 1.5 sin^2 a)| = %.2e\n", worst);
}

/* A rod (half-length L, dofs x, y, theta) landing flat on both ends,
 * frictionless: equal impulses, v_y' = -e v_y, no rotation (W is singular:
 * four contact rows, three dofs). */
static void test_rod(void)
{
    for (double e = 0; e <= 1.0; e += 0.5) {
        double m = 1.3, L = 0.7, M[9] = { m, 0, 0, 0, m, 0, 0, 0, m * L * L / 3 };
        double J[12], Minv[9], W[16], v0[4], qd[3] = { 0.3, -1.1, 0 }, q2[3];
        mb_rows(&J[0], -L, 0, 1, 0);
        mb_rows(&J[6], L, 0, 1, 0);
        mu_delassus(4, 3, M, J, Minv, W);
        mu_matvec(4, 3, J, qd, v0);
        imp_multi_problem p;
        memset(&p, 0, sizeof p);
        p.k = 2; p.d = 2; p.W = W; p.v0 = v0;
        p.c[0].e = p.c[1].e = e;
        imp_multi_result r;
        CHECK(MB_MODEL(&p, &r) == IMP_OK);
        mu_qdot_after(4, 3, Minv, J, r.P, qd, q2);
        CHECK_NEAR(r.P[1], r.P[3], 1e-14);
        CHECK_NEAR(q2[1], 1.1 * e, 1e-14);
        CHECK_NEAR(q2[2], 0, 1e-14);
        CHECK_NEAR(q2[0], 0.3, 1e-14);
    }
}

/* Wall-clock per solve (informative): the chain and a random 4-contact 3D problem. */
static void test_timing(void)
{
    double J[24] = { 0 }, M[36] = { 0 }, Minv[36], W[16], v0[4], qd[6] = { 1, 0, 0, 0, 0, 0 };
    for (int i = 0; i < 6; i++) M[i * 6 + i] = 1;
    for (int c = 0; c < 2; c++) {
        J[(2 * c) * 6 + 3 + c] = 1; J[(2 * c) * 6 + 4 + c] = -1;
        J[(2 * c + 1) * 6 + c] = -1; J[(2 * c + 1) * 6 + c + 1] = 1;
    }
    mu_delassus(4, 6, M, J, Minv, W);
    mu_matvec(4, 6, J, qd, v0);
    imp_multi_problem p;
    memset(&p, 0, sizeof p);
    p.k = 2; p.d = 2; p.W = W; p.v0 = v0;
    p.c[0].e = p.c[1].e = 1;
    imp_multi_result r;
    int N = 200;
    double t0 = mu_now_us();
    for (int i = 0; i < N; i++) CHECK(MB_MODEL(&p, &r) == IMP_OK);
    double t1 = mu_now_us();
    mu_random R;
    mu_make_random(&R, 4, 3, 0, 1);
    double t2 = mu_now_us();
    for (int i = 0; i < N; i++) CHECK(MB_MODEL(&R.p, &r) == IMP_OK);
    double t3 = mu_now_us();
    printf("  timing: chain %.1f us, 4-contact 3D %.1f us (%d iterations)\n",
           (t1 - t0) / N, (t3 - t2) / N, r.iterations);
}

#endif
