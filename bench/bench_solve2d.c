/* solve2d_c_ns: one 2D solve in the C core (the tracer, built-in laws, a
 * mix of modes), median of repeated runs. Also the closed forms and a
 * two-body problem through imp_problem2d_solve. */
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"
#include "closed2d.h"
#include "impact2d.h"

#define NP 8
#define REPS 15

/* CPU time of this process, not wall time. */
static double now(void)
{
    return bench_clock(CLOCK_PROCESS_CPUTIME_ID);
}

/* The rod's cases: direct stick and slide, C-sticking, C-reversed,
 * sliding, R-sticking, tangential, Sun & Baruh's R-reversed. */
static const imp_coef2d P[NP] = {
    {2.5, 2.5, 1.5, 0, -1, 0}, {2.5, 2.5, 1.5, 0, -1, 0}, {2.5, 2.5, 1.5, 0.6, -1, 0},
    {2.5, 2.5, 1.5, 0.6, -1, 0}, {2.5, 2.5, 1.5, -1, -1, 0}, {2.5, 2.5, 1.5, -1, -1, 0},
    {2.5, 2.5, 1.5, -0.2, 0, 0}, {2.760472, 2.239528, 1.477212, 1.2, -1, 0}};
static const double MU[NP] = {0.8, 0.3, 0.8, 0.3, 0.5, 0.95, 2, 0.4};

static volatile double sink;

static double run_tracer(int n, imp_law_kind kind)
{
    imp_law law = {kind, 0.5, NULL, NULL};
    imp_result2d r;
    double t0 = now(), acc = 0;
    for (int i = 0; i < n; i++) {
        int k = i & (NP - 1);
        imp_path2d_solve(&P[k], MU[k], MU[k], &law, &r);
        acc += r.Py;
    }
    sink = acc;
    return (now() - t0) / n * 1e9;
}

/* one problem again and again (a sweep's neighbouring points mostly share
 * their mode): the best case for the branch predictor */
static double run_same(int n, imp_law_kind kind)
{
    imp_law law = {kind, 0.5, NULL, NULL};
    imp_result2d r;
    imp_coef2d c = P[3];
    double t0 = now(), acc = 0;
    for (int i = 0; i < n; i++) {
        c.S0 = 0.6 + 1e-9 * (i & 15);
        imp_path2d_solve(&c, 0.3, 0.3, &law, &r);
        acc += r.Py;
    }
    sink = acc;
    return (now() - t0) / n * 1e9;
}

static double run_closed(int n)
{
    imp_closed2d q;
    double t0 = now(), acc = 0;
    for (int i = 0; i < n; i++) {
        int k = i & (NP - 1);
        imp_closed2d_solve(&P[k], MU[k], MU[k], IMP_LAW_ENERGETIC, 0.5, &q);
        acc += q.Py;
    }
    sink = acc;
    return (now() - t0) / n * 1e9;
}

static double run_problem(int n)
{
    imp_problem2d p = {0};
    p.nbodies = 2;
    p.body1 = (imp_body2d){1, 0.3, 0.2, 0.5, 0.4, -1, 0.7};
    p.body2 = (imp_body2d){2, 0.5, -0.1, -0.6, -0.2, 0.3, -0.4};
    p.mu_s = p.mu_k = 0.4;
    p.law.kind = IMP_LAW_POISSON;
    p.law.e = 0.5;
    imp_result2d r;
    double post[2][3], t0 = now(), acc = 0;
    for (int i = 0; i < n; i++) {
        p.body1.vx = 0.4 + 1e-9 * (i & 7);
        imp_problem2d_solve(&p, &r, post);
        acc += post[0][2];
    }
    sink = acc;
    return (now() - t0) / n * 1e9;
}

static double median(double (*f)(int, imp_law_kind), int n, imp_law_kind k)
{
    double t[REPS];
    for (int i = 0; i < REPS; i++)
        t[i] = f(n, k);
    return bench_median(t, REPS);
}

static double closed_adapter(int n, imp_law_kind k) { (void)k; return run_closed(n); }
static double problem_adapter(int n, imp_law_kind k) { (void)k; return run_problem(n); }

int main(void)
{
    const int n = 200000;
    printf("solve2d_c_ns: %.1f\n", median(run_tracer, n, IMP_LAW_POISSON));
    printf("solve2d_c_same_mode_ns: %.1f\n", median(run_same, n, IMP_LAW_POISSON));
    printf("solve2d_c_newton_ns: %.1f\n", median(run_tracer, n, IMP_LAW_NEWTON));
    printf("solve2d_c_energetic_ns: %.1f\n", median(run_tracer, n, IMP_LAW_ENERGETIC));
    printf("closed2d_c_ns: %.1f\n", median(closed_adapter, n, IMP_LAW_POISSON));
    printf("problem2d_bodies_c_ns: %.1f\n", median(problem_adapter, n, IMP_LAW_POISSON));
    return 0;
}
