/* impact.fit's 2D model in C: its residuals are sqrt(w) (y - f) of
 * imp_problem2d_solve's results row by row, the same on one thread and
 * on several, and a fit through resid_many (the Jacobian's points in one
 * call) is the fit through resid alone, bit for bit; a row the solver
 * refuses aborts the fit and is named. */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "check.h"
#include "fit.h"
#include "fit_model2d.h"
#include "sweep2d.h"

enum { ROWS = 3000 };   /* enough rows for the model's batches to reach two threads */
static imp_problem2d rows[ROWS];
static double y[2 * ROWS], sw[2 * ROWS];

/* Wang & Mason's rod (B1 = B2 = 2.5, B3 = 1.5, C0 = -1) at slip speeds in
 * [-2, 2]; S and C observed (true e = 0.6, mu = 0.3, deterministic noise) */
static void setup(imp_fit_model2d *m, int threads)
{
    for (int i = 0; i < ROWS; i++) {
        imp_problem2d *p = &rows[i];
        memset(p, 0, sizeof *p);
        p->coef = (imp_coef2d){ 2.5, 2.5, 1.5, -2.0 + 4.0 * i / (ROWS - 1), -1.0, 0.0 };
        p->law.kind = IMP_LAW_POISSON;
        p->law.e = 0.6;
        p->mu_s = p->mu_k = 0.3;
        imp_result2d r;
        double post[2][3];
        CHECK(imp_problem2d_solve(p, &r, post) == IMP_OK);
        y[2 * i] = r.S + 0.01 * sin(1.7 * i);
        y[2 * i + 1] = r.C + 0.01 * cos(2.3 * i);
        sw[2 * i] = 1.0;
        sw[2 * i + 1] = 2.0;
    }
    memset(m, 0, sizeof *m);
    m->nrows = ROWS;
    m->nobs = 2;
    m->p = 2;
    m->rows = rows;
    m->nset = 3;   /* theta = (e, mu): e to law.e, mu to mu_s and mu_k */
    m->set_off[0] = offsetof(imp_problem2d, law.e); m->set_k[0] = 0;
    m->set_off[1] = offsetof(imp_problem2d, mu_s);  m->set_k[1] = 1;
    m->set_off[2] = offsetof(imp_problem2d, mu_k);  m->set_k[2] = 1;
    m->out[0] = imp_sweep2d_out_index("S");
    m->out[1] = imp_sweep2d_out_index("C");
    m->y = y;
    m->sw = sw;
    m->threads = threads;
}

static double r1[3 * 2 * ROWS], r2[3 * 2 * ROWS];

static void test_residuals(void)
{
    imp_fit_model2d m1, m2;
    setup(&m1, 1);
    setup(&m2, 2);
    const double th[6] = { 0.5, 0.2, 0.7, 0.4, 0.6, 0.3 };
    CHECK(imp_fit_model2d_resid_many(&m1, 3, th, r1) == 0);
    CHECK(imp_fit_model2d_resid_many(&m2, 3, th, r2) == 0);
    CHECK(memcmp(r1, r2, sizeof r1) == 0);
    /* row 17 of vector 1 by hand */
    imp_problem2d p = rows[17];
    p.law.e = 0.7;
    p.mu_s = p.mu_k = 0.4;
    imp_result2d r;
    double post[2][3];
    CHECK(imp_problem2d_solve(&p, &r, post) == IMP_OK);
    CHECK(r1[2 * ROWS + 34] == 1.0 * (y[34] - r.S));
    CHECK(r1[2 * ROWS + 35] == 2.0 * (y[35] - r.C));
    /* e = 1.5 is refused: the row is named (the first) */
    const double bad[2] = { 1.5, 0.3 };
    CHECK(imp_fit_model2d_resid(&m1, bad, r1) != 0);
    CHECK(m1.failed == IMP_EINPUT && m1.failed_row == 0);
}

static void test_fit_same(void)
{
    imp_fit_model2d m;
    setup(&m, 2);
    const double start[2] = { 0.8, 0.5 }, lo[2] = { 0, 0 }, hi[2] = { 1, 2 };
    imp_fit_problem pb = { .n = 2 * ROWS, .p = 2, .resid = imp_fit_model2d_resid, .ctx = &m,
                           .start = start, .lo = lo, .hi = hi, .starts = 2, .seed = 3, .profile = 1 };
    static imp_fit_result a, b;
    CHECK(imp_fit(&pb, &a, r1) == IMP_OK);
    pb.resid_many = imp_fit_model2d_resid_many;
    CHECK(imp_fit(&pb, &b, r2) == IMP_OK);
    CHECK(a.converged && a.identifiable);
    CHECK(memcmp(a.theta, b.theta, sizeof a.theta) == 0);
    CHECK(memcmp(a.prof_lo, b.prof_lo, sizeof a.prof_lo) == 0);
    CHECK(memcmp(a.prof_hi, b.prof_hi, sizeof a.prof_hi) == 0);
    CHECK(a.rss == b.rss && a.evals == b.evals);
    CHECK(memcmp(r1, r2, sizeof(double) * 2 * ROWS) == 0);
    CHECK_NEAR(a.theta[0], 0.6, 2e-3);
    CHECK_NEAR(a.theta[1], 0.3, 2e-3);
}

int main(void)
{
    RUN(test_residuals);
    RUN(test_fit_same);
    return check_summary();
}
