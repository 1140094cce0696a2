/* Coverage of the fit's 95% intervals on a closed-form nonlinear model,
 * y = A exp(-k x) + noise: over 1000 synthetic data sets (fixed seed) the
 * Wald and profile intervals must contain the truth 93-97% of the time. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "fit.h"

enum { N = 15, SETS = 1000 };
typedef struct { double x[N], y[N]; } data;

static int resid(void *ctx, const double *th, double *r)
{
    const data *d = ctx;
    for (int i = 0; i < N; i++) r[i] = d->y[i] - th[0] * exp(-th[1] * d->x[i]);
    return 0;
}

static unsigned long long state = 20261127;
static double uniform(void)
{
    unsigned long long z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return ((double)((z ^ (z >> 31)) >> 11) + 0.5) * 0x1.0p-53;
}
static double normal(void)   /* Box-Muller */
{
    return sqrt(-2.0 * log(uniform())) * cos(2.0 * M_PI * uniform());
}

static void test_coverage(void)
{
    const double A = 3.0, k = 1.3, truth[2] = { A, k }, sigma = 0.1;
    int wald[2] = {0, 0}, prof[2] = {0, 0}, conv = 0;
    for (int s = 0; s < SETS; s++) {
        data d;
        for (int i = 0; i < N; i++) {
            d.x[i] = 0.2 * i;
            d.y[i] = A * exp(-k * d.x[i]) + sigma * normal();
        }
        double start[2] = { 1, 0.5 }, lo[2] = { 0, 0 }, hi[2] = { 10, 10 }, r[N];
        imp_fit_problem pb;
        memset(&pb, 0, sizeof pb);
        pb.n = N; pb.p = 2; pb.resid = resid; pb.ctx = &d;
        pb.start = start; pb.lo = lo; pb.hi = hi; pb.starts = 2; pb.seed = 1; pb.profile = 1;
        imp_fit_result res;
        if (imp_fit(&pb, &res, r) != IMP_OK) continue;
        conv += res.converged && res.identifiable;
        for (int j = 0; j < 2; j++) {
            wald[j] += res.wald_lo[j] <= truth[j] && truth[j] <= res.wald_hi[j];
            prof[j] += res.prof_lo[j] <= truth[j] && truth[j] <= res.prof_hi[j];
        }
    }
    printf("coverage over %d sets: Wald A %.3f k %.3f, profile A %.3f k %.3f; %d converged\n", SETS,
           (double)wald[0] / SETS, (double)wald[1] / SETS, (double)prof[0] / SETS,
           (double)prof[1] / SETS, conv);
    CHECK(conv == SETS);
    for (int j = 0; j < 2; j++) {
        CHECK(wald[j] >= 0.93 * SETS && wald[j] <= 0.97 * SETS);
        CHECK(prof[j] >= 0.93 * SETS && prof[j] <= 0.97 * SETS);
    }
}

int main(void)
{
    RUN(test_coverage);
    return check_summary();
}
