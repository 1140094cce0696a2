/* Random frictionless planar chains (2 or 3 bodies on a line, one contact
 * between neighbours with a slightly tilted normal and the first body on
 * the ground), masses up to 2^20 apart: their normal rows are independent
 * (W_nn positive definite), so the compression, expansion and Newton LCPs
 * always have a solution and moreau and poisson must return it. Lemke used
 * to end in a ray on about one chain in 100 (Stewart & Trinkle's
 * frictionless rows are degenerate and left z0 basic at 1e-17 of the
 * solution); the two recorded chains are such cases. */
#include "multi_util.h"

#include <stdio.h>

#define NCHAIN 3000

typedef struct {
    int k;
    double W[36], v0[6];
    imp_multi_contact c[3];
} chain;

/* Body j at x = 2j; contact i between body i and i - 1 (the ground for
 * i = 0), at x = 2i - 1, tilted by up to 0.025 rad. */
static void chain_make(chain *ch, double ratio)
{
    int nb = 2 + (int)(mu_rand() * 2), nq = 3 * nb, n = 2 * nb;
    double Minv[9], qd[9], J[6 * 9] = { 0 };
    for (int j = 0; j < nb; j++) {
        double m = pow(ratio, mu_rand()), in = m * mu_uni(0.05, 0.55);
        Minv[3 * j] = Minv[3 * j + 1] = 1 / m;
        Minv[3 * j + 2] = 1 / in;
        qd[3 * j] = -2 * mu_rand();
        qd[3 * j + 1] = mu_uni(-0.1, 0.1);
        qd[3 * j + 2] = mu_uni(-0.25, 0.25);
    }
    for (int i = 0; i < nb; i++) {
        double th = mu_uni(-0.025, 0.025), py = mu_uni(-0.05, 0.05);
        double dir[2][2] = { { -sin(th), cos(th) }, { cos(th), sin(th) } };
        for (int r = 0; r < 2; r++) {
            double *row = &J[(2 * i + r) * nq];
            for (int b = i; b >= i - 1 && b >= 0; b--) {   /* +1 on body i, -1 on i - 1 */
                double sg = b == i ? 1 : -1, rx = 2 * i - 1 - 2 * b;
                row[3 * b] += sg * dir[r][0];
                row[3 * b + 1] += sg * dir[r][1];
                row[3 * b + 2] += sg * (rx * dir[r][1] - py * dir[r][0]);
            }
        }
        double u = mu_rand();
        memset(&ch->c[i], 0, sizeof ch->c[i]);
        ch->c[i].e = u < 0.2 ? 0 : u < 0.4 ? 1 : mu_rand();
        ch->c[i].K = ch->c[i].eta = 1;
    }
    for (int r = 0; r < n; r++) {
        double v = 0;
        for (int c = 0; c < n; c++) {
            double w = 0;
            for (int q = 0; q < nq; q++) w += J[r * nq + q] * Minv[q] * J[c * nq + q];
            ch->W[r * n + c] = w;
        }
        for (int q = 0; q < nq; q++) v += J[r * nq + q] * qd[q];
        ch->v0[r] = v;
    }
    ch->k = nb;
}

static void chain_solve(const chain *ch, int *failed, double *worst)
{
    imp_multi_problem p;
    memset(&p, 0, sizeof p);
    p.k = ch->k; p.d = 2; p.W = ch->W; p.v0 = ch->v0;
    memcpy(p.c, ch->c, sizeof ch->c);
    for (int model = 0; model < 2; model++) {
        imp_multi_result r;
        imp_status st = model ? imp_multi_poisson(&p, &r) : imp_multi_moreau(&p, &r);
        if (st != IMP_OK) { failed[model]++; continue; }
        *worst = fmax(*worst, mu_check_invariants(&p, &r, model));
    }
}

/* Two chains at mass ratio 2^20 where Lemke's compression path ended in a
 * ray with z0 basic at 2.8e-17 and 5.4e-13 (basic values 3e3 and 6e4). */
static void test_recorded(void)
{
    chain a = { 2, { 0x1.8c306338f27d5p-14, 0x1.128712a1c4ac6p-19, 0x1.7f26e4a8a00aep-15, 0x1.53f7e558d5f7dp-19,
                     0x1.128712a1c4ac6p-19, 0x1.9a37dcc229cdbp-16, 0x1.1aa9956fa87bep-19, -0x1.97f1e9fb87295p-16,
                     0x1.7f26e4a8a00bp-15, 0x1.1aa9956fa87bep-19, 0x1.fc048a915a192p-1, -0x1.4a58ddc74c3cp-5,
                     0x1.53f7e558d5f7dp-19, -0x1.97f1e9fb87294p-16, -0x1.4a58ddc74c3cp-5, 0x1.3d0307c964612p-2 },
                { 0x1.c2799fecfdfd9p-3, -0x1.4b4796dd0b1fap-4, 0x1.739df44ecce88p-2, -0x1.1bf3596aef4aap-2 },
                { { 0, 0, 0, 1, 1 }, { 0, 0, 0, 1, 1 } } };
    chain b = { 2, { 0x1.86beb96a65337p-7, -0x1.f24225fbdb42p-12, 0x1.213b003ced2d5p-7, 0x1.59e5e5eb223e2p-14,
                     -0x1.f24225fbdb421p-12, 0x1.9cc7493335d55p-10, -0x1.cfd011a7f57fcp-12, -0x1.985e1e1506e23p-10,
                     0x1.213b003ced2d5p-7, -0x1.cfd011a7f57fcp-12, 0x1.87e6ec6c247dp-7, 0x1.e4d3ec90d3ee1p-14,
                     0x1.59e5e5eb223e2p-14, -0x1.985e1e1506e23p-10, 0x1.e4d3ec90d3ee1p-14, 0x1.987cddbf6c3ffp-10 },
                { -0x1.4d8aacbdd70dcp-3, -0x1.ed97f27199c8ep-3, -0x1.deb0a83709d4dp-3, -0x1.ac711f2c2cadbp-1 },
                { { 0, 0, 0, 1, 1 }, { 0, 0, 0x1.9a3342dcbb86ep-2, 1, 1 } } };
    int failed[2] = { 0, 0 };
    double worst = 0;
    chain_solve(&a, failed, &worst);
    chain_solve(&b, failed, &worst);
    CHECK(failed[0] == 0 && failed[1] == 0);
    CHECK(worst <= 1e-9);
}

static void test_random(void)
{
    static const double ratios[3] = { 2, 0x1p10, 0x1p20 };
    for (int t = 0; t < 3; t++) {
        int failed[2] = { 0, 0 };
        double worst = 0, t0 = mu_now_us();
        for (int i = 0; i < NCHAIN; i++) {
            chain ch;
            chain_make(&ch, ratios[t]);
            chain_solve(&ch, failed, &worst);
        }
        printf("  mass ratio %g: %d chains, moreau failed %d, poisson failed %d, worst %.1e, %.0f us\n",
               ratios[t], NCHAIN, failed[0], failed[1], worst, mu_now_us() - t0);
        CHECK(failed[0] == 0 && failed[1] == 0);
        CHECK(worst <= 1e-9);
    }
}

int main(void)
{
    RUN(test_recorded);
    RUN(test_random);
    return check_summary();
}
