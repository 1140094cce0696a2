/* dT of the velocity-level and sequential models on an ill-conditioned
 * contact space: W = Q diag(1, ..., 1e-8) Q^T (cond 1e8) with v0 along its
 * smallest eigenvector, so that P is ~1e8 larger than v0. dT must equal
 * v0.P + P.W P/2 evaluated in long double from the model's own P to 1e-12
 * of T0 = v0.W^-1 v0/2 (measured: 9e-14); the plain double sum (the
 * models' dT before imp_multi_velocity) misses by 2e-11 of T0 here. */
#include "check.h"
#include "multi_util.h"   /* mu_rand */
#include "multi_models.h"

#include <math.h>
#include <string.h>


/* Q from Gram-Schmidt on random vectors; W = Q diag(lam) Q^T, and v0 =
 * W c with c mostly along the smallest eigenvector. */
static void scene(int n, double *W, double *v0, double *T0)
{
    double Q[16][16], lam[16], c[16] = {0};
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < n; k++) Q[i][k] = 2 * mu_rand() - 1;
        for (int pass = 0; pass < 2; pass++)
            for (int j = 0; j < i; j++) {
                double dot = 0;
                for (int k = 0; k < n; k++) dot += Q[i][k] * Q[j][k];
                for (int k = 0; k < n; k++) Q[i][k] -= dot * Q[j][k];
            }
        double len = 0;
        for (int k = 0; k < n; k++) len += Q[i][k] * Q[i][k];
        for (int k = 0; k < n; k++) Q[i][k] /= sqrt(len);
        lam[i] = pow(1e-8, (double)i / (n - 1));
    }
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++) {
            long double s = 0;
            for (int i = 0; i < n; i++) s += (long double)Q[i][a] * lam[i] * Q[i][b];
            W[a * n + b] = (double)s;
        }
    for (int i = 0; i < n; i++)    /* c: mostly the smallest eigenvector */
        for (int k = 0; k < n; k++) c[k] += (2 * mu_rand() - 1) * Q[i][k] * (i == n - 1 ? 1e8 : 1.0);
    long double t = 0;
    for (int a = 0; a < n; a++) {
        long double s = 0;
        for (int b = 0; b < n; b++) s += (long double)W[a * n + b] * c[b];
        v0[a] = (double)s;
        t += s * c[a];
    }
    *T0 = (double)(t / 2);
}

static void test_dT_ill_conditioned(void)
{
    imp_law law = { IMP_LAW_POISSON, 0, NULL, NULL };
    double worst = 0, worst_plain = 0;
    int solved = 0;
    for (int t = 0; t < 40; t++) {
        int k = 2 + t % 2, d = 2, n = d * k;
        double W[64], v0[8], T0;
        scene(n, W, v0, &T0);
        imp_multi_problem p;
        memset(&p, 0, sizeof p);
        p.k = k; p.d = d; p.W = W; p.v0 = v0;
        for (int i = 0; i < k; i++) { p.c[i].e = mu_rand(); p.c[i].K = 1; p.c[i].eta = 1.5; }
        for (int m = 0; m < 3; m++) {
            imp_multi_result r;
            imp_status st = m == 0 ? imp_multi_moreau(&p, &r)
                          : m == 1 ? imp_multi_poisson(&p, &r) : imp_multi_sequential(&p, &law, &r);
            if (st != IMP_OK) continue;
            solved++;
            long double ref = 0;
            double plain = 0;
            for (int a = 0; a < n; a++) {
                long double wp = 0;
                double wpp = 0;
                for (int b = 0; b < n; b++) {
                    wp += (long double)W[a * n + b] * r.P[b];
                    wpp += W[a * n + b] * r.P[b];
                }
                ref += (long double)v0[a] * r.P[a] + 0.5L * r.P[a] * wp;
                plain += v0[a] * r.P[a] + 0.5 * r.P[a] * wpp;
            }
            worst = fmax(worst, fabs(r.dT - (double)ref) / T0);
            worst_plain = fmax(worst_plain, fabs(plain - (double)ref) / T0);
        }
    }
    printf("  %d solved: dT off by %.2g of T0 (the plain double sum: %.2g)\n", solved, worst,
           worst_plain);
    CHECK(solved >= 60);
    CHECK(worst <= 1e-12);
    CHECK(worst_plain > 1e-11);   /* the scenes are as hard as claimed */
}

int main(void)
{
    mu_rng_ = 0x9E3779B97F4A7C15ull;   /* the draws this test was written with */
    RUN(test_dT_ill_conditioned);
    return check_summary();
}
