/* The 3D form of imp_sweep2d: every point equals a direct solve of a body
 * built independently (imp_rod3d, imp_exact3d_solve / _algebraic), or of two
 * (imp_pair3d_init), on any thread count; bad values fail their point only; Ctrl-C inside the exact
 * solver leaves a prefix of whole batches, every one solved. */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "interrupt.h"
#include "mat3.h"
#include "mechanism.h"
#include "parallel.h"
#include "sweep3d.h"

/* Sun & Baruh's rod at theta = (0.3, 0.4): base and its world-frame r. */
static void rod_base(imp_problem3d *p)
{
    memset(p, 0, sizeof *p);
    double I[3], R[9];
    imp_rod3d(1, 0.5, 0.05, 0.3, 0.4, 0, I, R, p->b[0].r);
    p->b[0].m = 1;
    for (int i = 0; i < 3; i++) {
        p->b[0].Ib[4 * i] = I[i];
        p->b[0].moments[i] = I[i];
        p->b[0].axes[4 * i] = 1;
    }
    memcpy(p->b[0].R, R, sizeof R);
    p->b[0].theta1 = 0.3;
    p->b[0].theta2 = 0.4;
    p->b[0].v[0] = 0.1;
    p->b[0].v[1] = -1;
    p->b[0].v[2] = 0.2;
    p->mu_s = p->mu_k = 0.3;
    p->law = (imp_law){IMP_LAW_POISSON, 0.5, NULL, NULL};
    imp_opts3d_default(&p->opts);
}

/* The sweep over fields (theta1, mu, method): outputs P.x, P.y, P.z, v.x, dT. */
static void rod_sweep(imp_sweep2d *s, imp_problem3d *base, const double *t1, size_t nt,
                      const double *mu, size_t nmu, const double *method)
{
    memset(s, 0, sizeof *s);
    rod_base(base);
    s->form = &imp_sweep3d_form;
    s->form_base = base;
    CHECK(imp_sweep3d_add_field(s, base, "theta1"));
    CHECK(imp_sweep3d_add_field(s, base, "mu"));
    CHECK(imp_sweep3d_add_field(s, base, "method"));
    CHECK(!imp_sweep3d_add_field(s, base, "no_such_field"));
    CHECK(base->b[0].by_theta == 1);
    s->naxes = 3;
    s->axis[0] = (imp_sweep2d_axis){nt, 1, 0, t1};
    s->axis[1] = (imp_sweep2d_axis){nmu, 1, 1, mu};
    s->axis[2] = (imp_sweep2d_axis){2, 1, 2, method};
    const char *outs[] = {"P.x", "P.2", "P.z", "v.x", "dT", "steps", "newton_iterations"};
    for (int k = 0; k < 7; k++) s->out[s->nout++] = imp_sweep3d_out_index(outs[k]);
    CHECK(imp_sweep3d_out_index("P.w") < 0 && imp_sweep3d_out_index("class") < 0);
}

static void test_matches_direct(void)
{
    double t1[9], mu[7], method[2] = {0, 1};
    for (int i = 0; i < 9; i++) t1[i] = -1 + 0.25 * i;
    for (int i = 0; i < 7; i++) mu[i] = i == 6 ? -0.1 : 0.1 * i;   /* the last: invalid */
    imp_sweep2d s, s3;
    imp_problem3d base, base3;
    rod_sweep(&s, &base, t1, 9, mu, 7, method);
    rod_sweep(&s3, &base3, t1, 9, mu, 7, method);
    size_t n = 9 * 7 * 2, done;
    CHECK(imp_sweep2d_alloc(&s, 0, n) == IMP_OK && imp_sweep2d_alloc(&s3, 0, n) == IMP_OK);
    CHECK(imp_sweep2d_run(&s, 0, n, 1, &done) == IMP_OK && done == n);
    CHECK(imp_sweep2d_run(&s3, 0, n, 3, &done) == IMP_OK && done == n);
    CHECK(memcmp(s.res, s3.res, n * (size_t)s.nout * sizeof *s.res) == 0);
    CHECK(memcmp(s.st, s3.st, n) == 0 && memcmp(s.mode, s3.mode, n) == 0);
    int same = 1, failed = 0;
    for (size_t i = 0; i < n; i++) {
        /* an independent body: the rod turned by theta1 (r stays the base's) */
        double I[3], R[9], r[3];
        imp_rod3d(1, 0.5, 0.05, t1[i / 14], 0.4, 0, I, R, r);
        imp_body3d b;
        memset(&b, 0, sizeof b);
        b.m = 1;
        b.principal = 1;
        memcpy(b.moments, I, sizeof I);
        memcpy(b.axes, R, sizeof R);
        double D[9] = {I[0], 0, 0, 0, I[1], 0, 0, 0, I[2]};
        imp_mat3_rotate(R, D, b.I);
        memcpy(b.r, base.b[0].r, sizeof b.r);
        memcpy(b.v, base.b[0].v, sizeof b.v);
        double m = mu[i / 2 % 7];
        imp_result3d rr;
        imp_status st = i % 2 == 0 ? imp_exact3d_solve(&b, m, m, &base.law, &base.opts, &rr)
                                   : imp_algebraic3d_solve(&b, m, m, &base.law, &base.opts, &rr);
        const double *res = s.res + i * (size_t)s.nout;
        if (st != (imp_status)s.st[i]) same = 0;
        if (m < 0 && st == IMP_EINPUT) failed++;
        if (st != IMP_OK) {
            if (!isnan(res[0])) same = 0;
            continue;
        }
        if (res[0] != rr.P[0] || res[1] != rr.P[1] || res[2] != rr.P[2] || res[3] != rr.v[0] ||
            res[4] != rr.dT || s.mode[i] != (unsigned char)rr.mode)
            same = 0;
        /* steps for the exact method, Newton's iterations for the algebraic */
        if (i % 2 == 0 ? !(res[5] == (double)rr.nsteps && isnan(res[6]))
                       : !(isnan(res[5]) && res[6] == (double)rr.nsteps))
            same = 0;
    }
    CHECK(same);
    CHECK(failed == 18);   /* mu < 0: each theta, both methods, as invalid */
    imp_sweep2d_free(&s);
    imp_sweep2d_free(&s3);
}

/* Two bodies (pair3d.c): the rod over a block with principal moments
 * (0.1, I2, 0.25), axes the world's; fields body2.m, rtol, body2.inertia.2;
 * each point equals imp_pair3d_init and the exact solver called directly,
 * and the points solve3d's reader rejects (m <= 0, rtol below 1e-14) fail. */
static void test_pair_matches_direct(void)
{
    double m2[3] = {-1, 0.5, 2}, rtol[3] = {1e-15, 1e-12, 1e-8}, I2[2] = {0.15, 0.3};
    imp_sweep2d s;
    imp_problem3d base;
    memset(&s, 0, sizeof s);
    rod_base(&base);
    imp_sweep3d_body *b2 = &base.b[1];
    base.pair = 1;
    b2->m = 1;
    const double I0[3] = {0.1, 0.2, 0.25}, r2[3] = {0.05, 0.3, -0.1};
    for (int i = 0; i < 3; i++) {
        b2->Ib[4 * i] = b2->moments[i] = I0[i];
        b2->axes[4 * i] = b2->R[4 * i] = 1;
        b2->r[i] = r2[i];
    }
    b2->v[1] = 0.3;
    s.form = &imp_sweep3d_form;
    s.form_base = &base;
    CHECK(imp_sweep3d_add_field(&s, &base, "body2.m"));
    CHECK(imp_sweep3d_add_field(&s, &base, "rtol"));
    CHECK(imp_sweep3d_add_field(&s, &base, "body2.inertia.2"));
    CHECK(b2->by_moments && !base.b[0].by_moments);
    s.naxes = 3;
    s.axis[0] = (imp_sweep2d_axis){3, 1, 0, m2};
    s.axis[1] = (imp_sweep2d_axis){3, 1, 1, rtol};
    s.axis[2] = (imp_sweep2d_axis){2, 1, 2, I2};
    const char *outs[] = {"P.x", "P.y", "P.z", "v.x", "dT", "steps", "rtol"};
    for (int k = 0; k < 7; k++) s.out[s.nout++] = imp_sweep3d_out_index(outs[k]);
    size_t n = 18, done;
    CHECK(imp_sweep2d_alloc(&s, 0, n) == IMP_OK);
    CHECK(imp_sweep2d_run(&s, 0, n, 2, &done) == IMP_OK && done == n);
    int same = 1, failed = 0;
    for (size_t i = 0; i < n; i++) {
        imp_body3d b1, b;
        memset(&b1, 0, sizeof b1);
        memset(&b, 0, sizeof b);
        double I[3], R[9], r[3];
        imp_rod3d(1, 0.5, 0.05, 0.3, 0.4, 0, I, R, r);
        double D[9] = {I[0], 0, 0, 0, I[1], 0, 0, 0, I[2]};
        b1.m = 1;
        b1.principal = b.principal = 1;   /* as solve3d builds them: no dsyev */
        memcpy(b1.moments, I, sizeof I);
        memcpy(b1.axes, R, sizeof R);
        imp_mat3_rotate(R, D, b1.I);
        memcpy(b1.r, r, sizeof r);
        memcpy(b1.v, base.b[0].v, sizeof b1.v);
        double I2i = I2[i % 2];
        b.m = m2[i / 6];
        b.I[0] = b.moments[0] = 0.1;
        b.I[4] = b.moments[1] = I2i;
        b.I[8] = b.moments[2] = 0.25;
        b.axes[0] = b.axes[4] = b.axes[8] = 1;
        memcpy(b.r, r2, sizeof r2);
        b.v[1] = 0.3;
        imp_opts3d o;
        imp_opts3d_default(&o);
        o.rtol = rtol[i / 2 % 3];
        imp_pair3d pr;
        imp_result3d rr;
        imp_status st = o.rtol < 1e-14 ? IMP_EINPUT : imp_pair3d_init(&b1, &b, &pr, NULL, NULL, NULL);
        if (st == IMP_OK) st = imp_exact3d_solve_contact(&pr.c, 0.3, 0.3, &base.law, &o, &rr);
        const double *res = s.res + i * (size_t)s.nout;
        if (st != (imp_status)s.st[i]) same = 0;
        if (st != IMP_OK) {
            failed++;
            if (!isnan(res[0])) same = 0;
            continue;
        }
        double v1[3];
        imp_pair3d_after(&b1, &b, &pr, rr.P, v1, NULL, NULL, NULL, NULL);
        if (res[0] != rr.P[0] || res[1] != rr.P[1] || res[2] != rr.P[2] || res[3] != v1[0] ||
            res[4] != rr.dT || res[5] != (double)rr.nsteps || res[6] != o.rtol)
            same = 0;
    }
    CHECK(same);
    CHECK(failed == 6 + 4);   /* m = -1: 6 points; rtol = 1e-15: 2 per other m */
    imp_sweep2d_free(&s);
}

static void *raise_later(void *arg)
{
    (void)arg;
    struct timespec ts = {0, 30 * 1000 * 1000};
    nanosleep(&ts, NULL);
    imp_interrupt_raise();
    return NULL;
}

/* Ctrl-C mid-run: the exact solver returns IMP_EINTERRUPT for the point it
 * was solving; the run ends before that point's batch. */
static void test_interrupt(void)
{
    enum { NT = 400 };
    double t1[NT], mu[10], method[2] = {0, 0};
    for (int i = 0; i < NT; i++) t1[i] = -1.5 + 3.0 * i / NT;
    for (int i = 0; i < 10; i++) mu[i] = 0.05 * i;
    imp_sweep2d s;
    imp_problem3d base;
    rod_sweep(&s, &base, t1, NT, mu, 10, method);
    size_t n = NT * 10 * 2, done;
    CHECK(imp_sweep2d_alloc(&s, 0, n) == IMP_OK);
    pthread_t t;
    imp_interrupt_clear();
    CHECK(pthread_create(&t, NULL, raise_later, NULL) == 0);
    imp_status st = imp_sweep2d_run(&s, 0, n, 2, &done);
    pthread_join(t, NULL);
    imp_interrupt_clear();
    CHECK(st == IMP_EINTERRUPT);
    CHECK(done < n && done % IMP_PARALLEL_BATCH == 0);
    int ok = 1;
    for (size_t i = 0; i < done; i++) ok = ok && s.st[i] == IMP_OK;
    CHECK(ok);
    imp_sweep2d_free(&s);
}

int main(void)
{
    RUN(test_matches_direct);
    RUN(test_pair_matches_direct);
    RUN(test_interrupt);
    return check_summary();
}
