/* imp_multi_scale_solve: moreau, poisson and sequential give the same
 * answer, scaled exactly, for W x 2^a and v0 x 2^b over most of double's
 * range (raw, their absolute floors make them refuse W x 2^-100 or answer
 * W x 2^600 wrongly); a scaled-back result past DBL_MAX is IMP_EOVERFLOW. */
#include "check.h"
#include "multi_util.h"   /* mu_rand */
#include "multi_models.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct { const imp_law *law; } seq_ctx;

static imp_status run_moreau(const imp_multi_problem *p, void *c, imp_multi_result *r)
{
    (void)c;
    return imp_multi_moreau(p, r);
}

static imp_status run_poisson(const imp_multi_problem *p, void *c, imp_multi_result *r)
{
    (void)c;
    return imp_multi_poisson(p, r);
}

static imp_status run_sequential(const imp_multi_problem *p, void *c, imp_multi_result *r)
{
    return imp_multi_sequential(p, ((seq_ctx *)c)->law, r);
}

static const imp_multi_fn FNS[3] = { run_moreau, run_poisson, run_sequential };


/* W = A A^T + I/2 (k contacts, d = 2 or 3), v0 in [-1, 1], friction and e random. */
static void scene(int k, int d, double *W, double *v0, imp_multi_problem *p)
{
    int n = d * k;
    double A[48 * 48];
    for (int i = 0; i < n * n; i++) A[i] = 2 * mu_rand() - 1;
    for (int i = 0; i < n; i++) {
        v0[i] = 2 * mu_rand() - 1;
        for (int j = 0; j < n; j++) {
            double s = i == j ? 0.5 : 0.0;
            for (int l = 0; l < n; l++) s += A[i * n + l] * A[j * n + l];
            W[i * n + j] = s;
        }
    }
    memset(p, 0, sizeof *p);
    p->k = k; p->d = d; p->W = W; p->v0 = v0;
    for (int i = 0; i < k; i++) {
        p->c[i].mu_s = p->c[i].mu_k = mu_rand();
        p->c[i].e = mu_rand();
        p->c[i].K = 1; p->c[i].eta = 1.5;
    }
}

static void test_scaled_answers(void)
{
    imp_law law = { IMP_LAW_POISSON, 0, NULL, NULL };
    seq_ctx ctx = { &law };
    static const int ea[] = { -1000, -700, -300, -40, 40, 300, 700, 1000 };
    for (int t = 0; t < 30; t++) {
        int d = t % 2 ? 3 : 2, k = 2 + t % 3, n = d * k;
        double W[48 * 48], v0[48], Ws[48 * 48], vs[48];
        imp_multi_problem p, q;
        scene(k, d, W, v0, &p);
        for (int m = 0; m < 3; m++) {
            imp_multi_result r0, r;
            imp_status st0 = imp_multi_scale_solve(&p, FNS[m], &ctx, &r0);
            for (int s = 0; s < 8; s++) {
                int a = ea[s], b = ea[7 - s] / 2;   /* W x 2^a, v0 x 2^b */
                for (int i = 0; i < n * n; i++) Ws[i] = ldexp(W[i], a);
                for (int i = 0; i < n; i++) vs[i] = ldexp(v0[i], b);
                q = p;
                q.W = Ws; q.v0 = vs;
                imp_status st = imp_multi_scale_solve(&q, FNS[m], &ctx, &r);
                CHECK(st == st0 || (st == IMP_EOVERFLOW && 2 * b - a > 900));
                if (st != IMP_OK || st0 != IMP_OK) continue;
                CHECK(r.energy_gain == r0.energy_gain);
                for (int i = 0; i < n; i++) {
                    double want = ldexp(r0.P[i], b - a);
                    if (fabs(want) >= 0x1p-1022) CHECK(r.P[i] == want);
                    CHECK(isfinite(r.v[i]));
                }
                double dT = ldexp(r0.dT, 2 * b - a);
                if (fabs(dT) >= 0x1p-1022) CHECK(r.dT == dT);
                CHECK(isfinite(r.residual) && r.residual <= 1e-10);
            }
        }
    }
}

/* W x 2^-900: raw, poisson refuses it (IMP_ENOSOLUTION); scaled, the
 * answer is the unit problem's. */
static void test_tiny_W(void)
{
    double W[4] = { 1, 0.6, 0.6, 0.5 }, v0[2] = { 0.4, -1 }, Ws[4];
    imp_multi_problem p;
    memset(&p, 0, sizeof p);
    p.k = 1; p.d = 2; p.W = W; p.v0 = v0;
    p.c[0].mu_s = p.c[0].mu_k = 0.3; p.c[0].e = 0.5;
    imp_multi_result r0, r;
    CHECK(imp_multi_scale_solve(&p, run_poisson, NULL, &r0) == IMP_OK);
    for (int i = 0; i < 4; i++) Ws[i] = ldexp(W[i], -900);
    p.W = Ws;
    CHECK(imp_multi_scale_solve(&p, run_poisson, NULL, &r) == IMP_OK);
    CHECK(r.P[1] == ldexp(r0.P[1], 900));
    CHECK(r.dT == ldexp(r0.dT, 900) && r.dT < 0);
}

/* Scaled back past DBL_MAX: a named status, nothing infinite. */
static void test_overflow(void)
{
    double W[4] = { 0x1p-1000, 0, 0, 0x1p-1000 }, v0[2] = { 0, -0x1p+100 };
    imp_multi_problem p;
    memset(&p, 0, sizeof p);
    p.k = 1; p.d = 2; p.W = W; p.v0 = v0;
    p.c[0].e = 1;
    imp_multi_result r;
    CHECK(imp_multi_scale_solve(&p, run_moreau, NULL, &r) == IMP_EOVERFLOW);
    CHECK(r.P[1] == 0 && r.dT == 0);
}

int main(void)
{
    RUN(test_scaled_answers);
    RUN(test_tiny_W);
    RUN(test_overflow);
    return check_summary();
}
