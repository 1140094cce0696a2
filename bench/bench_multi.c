/* Benchmarks of the multiple-impact models: median microseconds per solve
 * of lzb (rtol 1e-9) and moreau on the three-ball chain and on a 3D box
 * landing on four corners, and lzb on Housner's rocking block with
 * friction. Prints "key: value" lines. The clock is this process's CPU
 * time (one thread): a loaded machine stretches wall time far more.
 *
 * The chain (unit balls, e = 1, eta = 3/2, ball 1 at speed 1) is posed
 * with friction mu = 0.3 at both contacts, so lzb runs its planar
 * stick/slip machinery; the chain is collinear, so friction does no work
 * there. The rocking block (slenderness 0.25, mu = 0.5, e = 0.5, landing
 * on its right corner while rotating about the left one) is the case where
 * friction acts. The box is frictionless (mu = 0: lzb integrates no
 * spatial slip there). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "multi_models.h"

#define RUNS 9

static volatile double sink;

typedef imp_status (*solver)(const imp_multi_problem *, imp_multi_result *);

static imp_status lzb(const imp_multi_problem *p, imp_multi_result *r)
{
    return imp_multi_lzb(p, 1e-9, r);
}

static double bench(solver f, const imp_multi_problem *p, int n)
{
    double t[RUNS];
    imp_multi_result r;
    for (int k = 0; k < RUNS; k++) {
        double t0 = bench_clock(CLOCK_PROCESS_CPUTIME_ID), acc = 0;
        for (int i = 0; i < n; i++)
            if (f(p, &r) == IMP_OK) acc += r.P[1];
        sink = acc;
        t[k] = (bench_clock(CLOCK_PROCESS_CPUTIME_ID) - t0) / n * 1e6;
    }
    return bench_median(t, RUNS);
}

static void set_contacts(imp_multi_problem *p, double mu, double e, double eta)
{
    for (int i = 0; i < p->k; i++) {
        p->c[i].mu_s = p->c[i].mu_k = mu;
        p->c[i].e = e; p->c[i].K = 1; p->c[i].eta = eta;
    }
}

/* Unit balls on the x axis, contact i between balls i and i+1 with normal
 * -x and tangent +y: W_nn = [[2 -1] [-1 2]], W_tt the same, v0_n = (-1, 0). */
static void chain3(double *W, double *v0, imp_multi_problem *p)
{
    static const double w[16] = { 2, 0, -1, 0, 0, 2, 0, -1, -1, 0, 2, 0, 0, -1, 0, 2 };
    memcpy(W, w, sizeof w);
    v0[0] = 0; v0[1] = -1; v0[2] = 0; v0[3] = 0;
    memset(p, 0, sizeof *p);
    p->k = 2; p->d = 2; p->W = W; p->v0 = v0;
    set_contacts(p, 0.3, 1, 1.5);
}

/* W = J M^-1 J^T for a diagonal M^-1 (nq coordinates, m rows). */
static void delassus(int m, int nq, const double *J, const double *Mi, double *W)
{
    for (int a = 0; a < m; a++)
        for (int b = 0; b < m; b++) {
            double s = 0;
            for (int q = 0; q < nq; q++) s += J[a * nq + q] * Mi[q] * J[b * nq + q];
            W[a * m + b] = s;
        }
}

/* Housner's block (half-width 0.25, half-height 1, m = 1) rotating at
 * w = -1 about its left corner lands on the right one: rows (t, n) of both
 * corners on (x, y, theta); v0 = J qdot. */
static void rocking(double *W, double *v0, imp_multi_problem *p)
{
    double b = 0.25, h = 1, w = -1, I = (b * b + h * h) / 3;
    double J[12] = { 1, 0, h, 0, 1, -b, 1, 0, h, 0, 1, b }, Mi[3] = { 1, 1, 1 / I };
    double qd[3] = { -w * h, w * b, w };
    delassus(4, 3, J, Mi, W);
    for (int a = 0; a < 4; a++) v0[a] = J[3 * a] * qd[0] + J[3 * a + 1] * qd[1] + J[3 * a + 2] * qd[2];
    memset(p, 0, sizeof *p);
    p->k = 2; p->d = 2; p->W = W; p->v0 = v0;
    set_contacts(p, 0.5, 0.5, 1.5);
}

/* A box (half-extents 0.5, 0.3, 0.2 along x, y, z; m = 1) falling at
 * v = (0.2, -1, 0.1) with a small spin lands on its four bottom corners;
 * rows (x, n = y, z) per corner on (v, omega). */
static void box4(double *W, double *v0, imp_multi_problem *p)
{
    double a = 0.5, bb = 0.3, c = 0.2, Ix = (bb * bb + c * c) / 3, Iy = (a * a + c * c) / 3;
    double Iz = (a * a + bb * bb) / 3, Mi[6] = { 1, 1, 1, 1 / Ix, 1 / Iy, 1 / Iz };
    double qd[6] = { 0.2, -1, 0.1, 0.05, 0.3, -0.04 }, J[12 * 6];
    for (int i = 0; i < 4; i++) {
        double r[3] = { i & 1 ? a : -a, -bb, i & 2 ? c : -c };
        for (int k = 0; k < 3; k++) {
            double u[3] = { k == 0, k == 1, k == 2 }, *row = &J[(3 * i + k) * 6];
            row[0] = u[0]; row[1] = u[1]; row[2] = u[2];          /* u . (v + w x r) */
            row[3] = r[1] * u[2] - r[2] * u[1];
            row[4] = r[2] * u[0] - r[0] * u[2];
            row[5] = r[0] * u[1] - r[1] * u[0];
        }
    }
    delassus(12, 6, J, Mi, W);
    for (int m = 0; m < 12; m++) {
        v0[m] = 0;
        for (int q = 0; q < 6; q++) v0[m] += J[m * 6 + q] * qd[q];
    }
    memset(p, 0, sizeof *p);
    p->k = 4; p->d = 3; p->W = W; p->v0 = v0;
    set_contacts(p, 0, 0.5, 1.5);
}

int main(void)
{
    double W[144], v0[12];
    imp_multi_problem p;
    chain3(W, v0, &p);
    printf("multi_lzb_chain3_us: %.2f\n", bench(lzb, &p, 2000));
    printf("multi_moreau_chain3_us: %.2f\n", bench(imp_multi_moreau, &p, 20000));
    rocking(W, v0, &p);
    printf("multi_lzb_rocking_us: %.2f\n", bench(lzb, &p, 2000));
    box4(W, v0, &p);
    printf("multi_lzb_box4_us: %.2f\n", bench(lzb, &p, 500));
    printf("multi_moreau_box4_us: %.2f\n", bench(imp_multi_moreau, &p, 5000));
    return 0;
}
