/* The fit's core: quantiles against table values, a linear model whose
 * least-squares answer and covariance are known in closed form, bounds,
 * a nonlinear model from several starts, rank-deficient Jacobians
 * (confounded parameters) and aborts. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "fit.h"
#include "interrupt.h"

/* Student t and F tables (Abramowitz & Stegun 26.7, 26.6; to the digits printed) */
static void test_quantiles(void)
{
    CHECK_NEAR(imp_incbeta(0.5, 2, 3), 11.0 / 16.0, 1e-14);   /* P(Bin(4, 1/2) >= 2) */
    CHECK_NEAR(imp_incbeta(0.3, 1, 1), 0.3, 1e-14);
    CHECK_NEAR(imp_t_quantile(0.975, 1), 12.7062047, 1e-8);
    CHECK_NEAR(imp_t_quantile(0.975, 2), 4.30265273, 1e-8);
    CHECK_NEAR(imp_t_quantile(0.975, 10), 2.22813885, 1e-8);
    CHECK_NEAR(imp_t_quantile(0.975, 30), 2.04227246, 1e-8);
    CHECK_NEAR(imp_t_quantile(0.95, 5), 2.01504837, 1e-8);
    CHECK_NEAR(imp_t_quantile(0.025, 10), -2.22813885, 1e-8);
    CHECK_NEAR(imp_t_quantile(0.975, 1e7), 1.95996398, 1e-6);
    CHECK_NEAR(imp_f_quantile(0.95, 1, 10), 4.96460274, 1e-8);
    CHECK_NEAR(imp_f_quantile(0.95, 2, 10), 4.10282102, 1e-8);
    CHECK_NEAR(imp_f_quantile(0.95, 5, 20), 2.710890, 1e-6);
    CHECK_NEAR(imp_f_quantile(0.99, 3, 12), 5.95254468, 1e-7);
    CHECK(isnan(imp_t_quantile(1.5, 3)));
}

/* y = a + b x, and variants */
typedef struct { int n, kind, fail_at, calls; const double *x, *y; } model;

static int resid(void *ctx, const double *th, double *r)
{
    model *m = ctx;
    if (m->fail_at && ++m->calls >= m->fail_at) return 1;
    for (int i = 0; i < m->n; i++) {
        double x = m->x[i], f;
        switch (m->kind) {
        case 0: f = th[0] + th[1] * x; break;
        case 1: f = th[0] * th[1] * x; break;                 /* only a*b is seen */
        case 2: f = th[0] * th[1] * x + th[2]; break;
        case 3: f = th[0] * exp(-th[1] * x); break;
        default: f = th[0] + 0.0 * th[1] * x; break;         /* b unseen */
        }
        r[i] = m->y[i] - f;
    }
    return 0;
}

static const double X[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };
static const double Y[8] = { 1.1, 2.9, 5.2, 6.8, 9.1, 11.2, 12.8, 15.1 };

static imp_fit_problem problem(model *m, int p, const double *start, const double *lo, const double *hi)
{
    imp_fit_problem pb;
    memset(&pb, 0, sizeof pb);
    pb.n = m->n; pb.p = p; pb.resid = resid; pb.ctx = m;
    pb.start = start; pb.lo = lo; pb.hi = hi;
    pb.starts = 1; pb.seed = 7; pb.profile = 1;
    return pb;
}

static void test_linear(void)
{
    model m = { 8, 0, 0, 0, X, Y };
    double start[2] = { 0, 0 }, lo[2] = { -HUGE_VAL, -HUGE_VAL }, hi[2] = { HUGE_VAL, HUGE_VAL }, r[8];
    imp_fit_problem pb = problem(&m, 2, start, lo, hi);
    imp_fit_result res;
    CHECK(imp_fit(&pb, &res, r) == IMP_OK);
    /* closed form: b = Sxy/Sxx, a = ybar - b xbar, cov = s^2 (X^T X)^-1 */
    double xb = 0, yb = 0, sxx = 0, sxy = 0, rss = 0;
    for (int i = 0; i < 8; i++) { xb += X[i] / 8; yb += Y[i] / 8; }
    for (int i = 0; i < 8; i++) { sxx += (X[i] - xb) * (X[i] - xb); sxy += (X[i] - xb) * (Y[i] - yb); }
    double b = sxy / sxx, a = yb - b * xb;
    for (int i = 0; i < 8; i++) rss += (Y[i] - a - b * X[i]) * (Y[i] - a - b * X[i]);
    double s2 = rss / 6;
    CHECK(res.converged && res.identifiable);
    CHECK_NEAR(res.theta[0], a, 1e-9);
    CHECK_NEAR(res.theta[1], b, 1e-9);
    CHECK_NEAR(res.rss, rss, 1e-9);
    CHECK_NEAR(res.cov[3], s2 / sxx, 1e-7);
    CHECK_NEAR(res.cov[0], s2 * (1.0 / 8 + xb * xb / sxx), 1e-7);
    CHECK_NEAR(res.cov[1], -s2 * xb / sxx, 1e-7);
    CHECK_NEAR(res.cov[1], res.cov[2], 1e-12);
    CHECK_NEAR(res.wald_hi[1] - b, 2.44691185 * sqrt(s2 / sxx), 1e-7);   /* t_{0.975, 6} */
    /* linear in theta: the profile intervals are the Wald ones (t^2 = F) */
    for (int k = 0; k < 2; k++) {
        CHECK_NEAR(res.prof_lo[k], res.wald_lo[k], 1e-6);
        CHECK_NEAR(res.prof_hi[k], res.wald_hi[k], 1e-6);
        CHECK(!res.prof_open_lo[k] && !res.prof_open_hi[k]);
    }
    CHECK_NEAR(r[3], Y[3] - a - 3 * b, 1e-9);
}

static void test_bounds_and_starts(void)
{
    model m = { 8, 0, 0, 0, X, Y };
    /* the slope held below its estimate (about 2): it ends on the bound */
    double start[2] = { 0, 1 }, lo[2] = { -10, 0 }, hi[2] = { 10, 1.5 }, r[8];
    imp_fit_problem pb = problem(&m, 2, start, lo, hi);
    pb.starts = 6;
    imp_fit_result res;
    CHECK(imp_fit(&pb, &res, r) == IMP_OK);
    CHECK(res.converged);
    CHECK(res.theta[1] == 1.5);
    CHECK(res.prof_open_hi[1] && res.prof_hi[1] == 1.5);
    /* exponential decay, exact data: every start in the box converges to the truth */
    double x[12], y[12];
    for (int i = 0; i < 12; i++) { x[i] = 0.25 * i; y[i] = 3.0 * exp(-1.3 * x[i]); }
    model e = { 12, 3, 0, 0, x, y };
    double s2[2] = { 1, 0.2 }, lo2[2] = { 0, 0 }, hi2[2] = { 10, 5 }, r2[12];
    for (int s = 1; s <= 8; s++) {
        imp_fit_problem pe = problem(&e, 2, s2, lo2, hi2);
        pe.starts = s;
        pe.seed = (unsigned long long)s;
        pe.profile = 0;
        CHECK(imp_fit(&pe, &res, r2) == IMP_OK);
        CHECK(res.converged);
        CHECK_NEAR(res.theta[0], 3.0, 1e-7);
        CHECK_NEAR(res.theta[1], 1.3, 1e-7);
    }
}

static void test_confounded(void)
{
    double x[8], y[8], r[8];
    for (int i = 0; i < 8; i++) { x[i] = i; y[i] = 0.6 * x[i] + 0.01 * ((i * 37) % 7 - 3); }
    model m = { 8, 1, 0, 0, x, y };
    double start[3] = { 1, 1, 0 }, lo[3] = { 0.1, 0.1, -5 }, hi[3] = { 10, 10, 5 };
    imp_fit_problem pb = problem(&m, 2, start, lo, hi);
    imp_fit_result res;
    CHECK(imp_fit(&pb, &res, r) == IMP_OK);
    CHECK(!res.identifiable);
    CHECK(res.confounded[0] && res.confounded[1]);
    CHECK_NEAR(res.theta[0] * res.theta[1], 0.6, 1e-2);
    CHECK_NEAR(fabs(res.direction[0]), fabs(res.direction[1]), 1e-3);   /* (1, -1)/sqrt 2 at a = b */
    CHECK(res.prof_lo[0] == 0.1 && res.prof_hi[0] == 10);
    /* a third, visible parameter is not confounded */
    m.kind = 2;
    pb = problem(&m, 3, start, lo, hi);
    CHECK(imp_fit(&pb, &res, r) == IMP_OK);
    CHECK(!res.identifiable && res.confounded[0] && res.confounded[1] && !res.confounded[2]);
    CHECK(isfinite(res.prof_lo[2]) && res.prof_lo[2] < res.theta[2] && res.theta[2] < res.prof_hi[2]);
    /* a parameter the model never reads */
    m.kind = 4;
    pb = problem(&m, 2, start, lo, hi);
    CHECK(imp_fit(&pb, &res, r) == IMP_OK);
    CHECK(!res.identifiable && !res.confounded[0] && res.confounded[1]);
}

/* y = a + b x, plus one residual 1 - D exp(-|(theta - c)/w|^2): a dip the
 * first fit does not see, on the profile of a at 1.8 se */
typedef struct { double depth, c[2], w[2]; } dip;
static int dip_resid(void *ctx, const double *th, double *r)
{
    const dip *d = ctx;
    for (int i = 0; i < 8; i++) r[i] = Y[i] - th[0] - th[1] * X[i];
    double u = (th[0] - d->c[0]) / d->w[0], v = (th[1] - d->c[1]) / d->w[1];
    r[8] = 1.0 - d->depth * exp(-(u * u + v * v));
    return 0;
}

static void test_profile_restart(void)
{
    dip d = { 0, { 0, 0 }, { 1, 1 } };
    double start[2] = { 0, 0 }, lo[2] = { -HUGE_VAL, -HUGE_VAL }, hi[2] = { HUGE_VAL, HUGE_VAL }, r[9];
    imp_fit_problem pb;
    memset(&pb, 0, sizeof pb);
    pb.n = 9; pb.p = 2; pb.resid = dip_resid; pb.ctx = &d;
    pb.start = start; pb.lo = lo; pb.hi = hi; pb.starts = 1; pb.profile = 1;
    imp_fit_result res;
    CHECK(imp_fit(&pb, &res, r) == IMP_OK);
    CHECK(res.restarts == 0);
    double rss0 = res.rss, se = res.se[0];
    /* on the profile of a (linear: b follows its conditional mean) */
    d.depth = 1.0;
    d.c[0] = res.theta[0] + 1.8 * se;
    d.c[1] = res.theta[1] + res.cov[1] / res.cov[0] * 1.8 * se;
    d.w[0] = 0.6 * se;
    d.w[1] = res.se[1];
    CHECK(imp_fit(&pb, &res, r) == IMP_OK);
    CHECK(res.restarts >= 1);
    CHECK(res.rss < rss0 - 0.5);
    CHECK(fabs(res.theta[0] - d.c[0]) < 0.5 * se);
    CHECK(res.prof_lo[0] < res.theta[0] && res.theta[0] < res.prof_hi[0]);
}

static void test_aborts(void)
{
    model m = { 8, 0, 5, 0, X, Y };
    double start[2] = { 0, 0 }, lo[2] = { -HUGE_VAL, -HUGE_VAL }, hi[2] = { HUGE_VAL, HUGE_VAL }, r[8];
    imp_fit_problem pb = problem(&m, 2, start, lo, hi);
    imp_fit_result res;
    CHECK(imp_fit(&pb, &res, r) == IMP_ELAW);
    m.fail_at = 0;
    imp_interrupt_raise();
    CHECK(imp_fit(&pb, &res, r) == IMP_EINTERRUPT);
    imp_interrupt_clear();
    double bad[2] = { 0, 20 };   /* a start outside its bounds */
    double hi2[2] = { 10, 10 };
    pb.start = bad; pb.hi = hi2;
    CHECK(imp_fit(&pb, &res, r) == IMP_EINPUT);
    pb.start = start; pb.n = 2;   /* no more observations than parameters */
    CHECK(imp_fit(&pb, &res, r) == IMP_EINPUT);
}

int main(void)
{
    RUN(test_quantiles);
    RUN(test_linear);
    RUN(test_bounds_and_starts);
    RUN(test_confounded);
    RUN(test_profile_restart);
    RUN(test_aborts);
    return check_summary();
}
