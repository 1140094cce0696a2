/* imp_sweep2d: every point equals a direct imp_problem2d_solve of the same
 * problem, whatever the thread count; invalid varied values fail their
 * point only; grid and sample axes enumerate in the documented order. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sweep2d.h"

static imp_sweep2d rod_sweep(const double *s0, size_t ns0, const double *mu,
                             size_t nmu, const double *e, size_t ne)
{
    imp_sweep2d s;
    memset(&s, 0, sizeof s);
    s.base.nbodies = 0;
    s.base.coef = (imp_coef2d){2.5, 2.5, 1.5, 0, -1, 0};
    s.base.mu_s = s.base.mu_k = 0.5;
    s.base.law.kind = IMP_LAW_POISSON;
    s.base.law.e = 0.5;
    CHECK(imp_sweep2d_add_field(&s, "S0"));
    CHECK(imp_sweep2d_add_field(&s, "mu"));
    CHECK(imp_sweep2d_add_field(&s, "e"));
    CHECK(!imp_sweep2d_add_field(&s, "no_such_field"));
    s.naxes = 3;
    s.axis[0] = (imp_sweep2d_axis){ns0, 1, 0, s0};
    s.axis[1] = (imp_sweep2d_axis){nmu, 1, 1, mu};
    s.axis[2] = (imp_sweep2d_axis){ne, 1, 2, e};
    for (int k = 0; k < IMP_OUT_COUNT; k++) s.out[s.nout++] = k;
    return s;
}

static void test_matches_direct(void)
{
    double s0[41], mu[23], e[3] = {0, 0.5, 1};
    for (int i = 0; i < 41; i++) s0[i] = -2 + 0.1 * i;
    for (int i = 0; i < 23; i++) mu[i] = 0.05 * i;
    imp_sweep2d s = rod_sweep(s0, 41, mu, 23, e, 3);
    size_t n = 41 * 23 * 3, done;
    CHECK(imp_sweep2d_run(&s, 0, n, 1, &done) == IMP_EINPUT);   /* no rows yet */
    CHECK(imp_sweep2d_alloc(&s, 0, n) == IMP_OK);
    CHECK(imp_sweep2d_run(&s, 0, n, 1, &done) == IMP_OK);
    CHECK(done == n);
    int same = 1, modes[6] = {0};
    for (size_t i = 0; i < n; i++) {
        /* point i: S0 slowest, e fastest */
        imp_problem2d p = s.base;
        p.coef.S0 = s0[i / (23 * 3)];
        p.mu_s = p.mu_k = mu[i / 3 % 23];
        p.law.e = e[i % 3];
        imp_result2d r;
        CHECK(imp_problem2d_solve(&p, &r, NULL) == IMP_OK);
        const double *res = s.res + i * (size_t)s.nout;
        if (s.st[i] != IMP_OK || res[IMP_OUT_PX] != r.Px || res[IMP_OUT_PY] != r.Py ||
            res[IMP_OUT_DT] != r.dT || res[IMP_OUT_S0] != p.coef.S0 ||
            res[IMP_OUT_MU_K] != p.mu_k || res[IMP_OUT_E] != p.law.e ||
            s.mode[i] != (unsigned char)r.mode || s.cls[i] != (unsigned char)r.cls)
            same = 0;
        if (!isnan(res[IMP_OUT_B1VX])) same = 0;   /* no bodies given */
        modes[r.mode]++;
        if (imp_sweep2d_value(&s, i, 0) != p.coef.S0 || imp_sweep2d_value(&s, i, 1) != p.mu_s ||
            imp_sweep2d_value(&s, i, 2) != p.law.e)
            same = 0;
    }
    CHECK(same);
    for (int m = IMP_MODE_SLIDING; m <= IMP_MODE_R_REVERSED; m++) CHECK(modes[m] > 0);

    /* The same sweep on 2, 3 and 4 threads, and in two chunks: identical bytes. */
    double *ref = malloc(n * (size_t)s.nout * sizeof *ref);
    memcpy(ref, s.res, n * (size_t)s.nout * sizeof *ref);
    for (int t = 2; t <= 4; t++) {
        CHECK(imp_sweep2d_run(&s, 0, n, t, &done) == IMP_OK);
        CHECK(memcmp(ref, s.res, n * (size_t)s.nout * sizeof *ref) == 0);
    }
    size_t half = n / 2;
    memset(s.res, 0, n * (size_t)s.nout * sizeof *ref);
    CHECK(imp_sweep2d_run(&s, 0, half, 3, &done) == IMP_OK);
    CHECK(imp_sweep2d_run(&s, half, n - half, 2, &done) == IMP_OK);
    CHECK(done == n - half);
    CHECK(memcmp(ref, s.res, n * (size_t)s.nout * sizeof *ref) == 0);
    /* Rows for the second half only: same results at offset 0. */
    CHECK(imp_sweep2d_alloc(&s, half, n - half) == IMP_OK);
    CHECK(imp_sweep2d_run(&s, half, n - half, 2, &done) == IMP_OK);
    CHECK(memcmp(ref + half * (size_t)s.nout, s.res, (n - half) * (size_t)s.nout * sizeof *ref) == 0);
    CHECK(imp_sweep2d_run(&s, 0, 1, 1, &done) == IMP_EINPUT);   /* outside the rows */
    free(ref);
    imp_sweep2d_free(&s);
}

static void test_bad_points(void)
{
    double s0[2] = {0.6, -1}, mu[3] = {0.3, -0.1, 0.8}, e[2] = {0.5, 1.3};
    imp_sweep2d s = rod_sweep(s0, 2, mu, 3, e, 2);
    size_t done;
    CHECK(imp_sweep2d_alloc(&s, 0, 12) == IMP_OK);
    CHECK(imp_sweep2d_run(&s, 0, 12, 2, &done) == IMP_OK);
    CHECK(done == 12);
    int ok = 0, bad = 0;
    for (size_t i = 0; i < 12; i++) {
        int valid = mu[i / 2 % 3] >= 0 && e[i % 2] <= 1;
        if (valid) {
            ok += s.st[i] == IMP_OK;
        } else {
            bad += s.st[i] == IMP_EINPUT && isnan(s.res[i * (size_t)s.nout]);
            imp_problem2d p;
            double v[3];
            char msg[128];
            imp_sweep2d_point(&s, i, &p, v);
            const char *f = imp_problem2d_check(&p, msg, sizeof msg);
            CHECK(f && (strcmp(f, "e") == 0 || strcmp(f, "mu_s") == 0));
        }
    }
    CHECK(ok == 4);
    CHECK(bad == 8);
    imp_sweep2d_free(&s);
}

static void test_sample_axis(void)
{
    /* Two fields drawn together (one sample axis), after a grid axis. */
    imp_sweep2d s;
    memset(&s, 0, sizeof s);
    s.base.nbodies = 1;
    s.base.body1 = (imp_body2d){1, sqrt(1.0 / 12), sqrt(2) / 4, sqrt(2) / 4, 0, -1, 0};
    s.base.mu_s = s.base.mu_k = 0.3;
    s.base.law.kind = IMP_LAW_NEWTON;
    s.base.law.e = 0.5;
    CHECK(imp_sweep2d_add_field(&s, "e"));
    CHECK(imp_sweep2d_add_field(&s, "body1.vx"));
    CHECK(imp_sweep2d_add_field(&s, "body1.vy"));
    double ev[2] = {0.2, 0.9}, sample[3 * 2] = {0.6, -1, -1, -1, 0.1, -0.5};
    s.naxes = 2;
    s.axis[0] = (imp_sweep2d_axis){2, 1, 0, ev};
    s.axis[1] = (imp_sweep2d_axis){3, 2, 1, sample};
    s.out[s.nout++] = IMP_OUT_PY;
    s.out[s.nout++] = IMP_OUT_B1VY;
    size_t done;
    CHECK(imp_sweep2d_alloc(&s, 0, 6) == IMP_OK);
    CHECK(imp_sweep2d_run(&s, 0, 6, 1, &done) == IMP_OK);
    for (size_t i = 0; i < 6; i++) {
        imp_problem2d p = s.base;
        p.law.e = ev[i / 3];
        p.body1.vx = sample[(i % 3) * 2];
        p.body1.vy = sample[(i % 3) * 2 + 1];
        imp_result2d r;
        double post[2][3];
        CHECK(imp_problem2d_solve(&p, &r, post) == IMP_OK);
        CHECK(s.res[i * 2] == r.Py);
        CHECK(s.res[i * 2 + 1] == post[0][1]);
        CHECK(s.res[i * 2 + 1] > p.body1.vy);   /* the normal impulse pushes up */
    }
    imp_sweep2d_free(&s);
}

static void test_inputs(void)
{
    /* Input echoes are recomputed from the point: two bodies, vx varied. */
    imp_sweep2d s;
    memset(&s, 0, sizeof s);
    s.base.nbodies = 2;
    s.base.body1 = (imp_body2d){1, 0.3, 0.2, 0.5, 0.4, -1, 0.7};
    s.base.body2 = (imp_body2d){2, 0.5, -0.1, -0.6, -0.2, 0.3, -0.4};
    s.base.mu_s = 0.6;
    s.base.mu_k = 0.4;
    s.base.law.kind = IMP_LAW_POISSON;
    s.base.law.e = 0.5;
    CHECK(imp_sweep2d_add_field(&s, "body1.vx"));
    double vx[3] = {-1, 0.4, 2};
    s.naxes = 1;
    s.axis[0] = (imp_sweep2d_axis){3, 1, 0, vx};
    for (size_t i = 0; i < 3; i++) {
        imp_problem2d p = s.base;
        p.body1.vx = vx[i];
        imp_coef2d c;
        imp_coef2d_from_bodies(&p.body1, &p.body2, &c);
        CHECK(imp_sweep2d_input(&s, i, IMP_OUT_S0) == c.S0);
        CHECK(imp_sweep2d_input(&s, i, IMP_OUT_B3) == c.B3);
        CHECK(imp_sweep2d_input(&s, i, IMP_OUT_MU_K) == 0.4);
        CHECK(imp_sweep2d_input(&s, i, IMP_OUT_E) == 0.5);
    }
    CHECK(imp_sweep2d_out_is_input(IMP_OUT_B1) && imp_sweep2d_out_is_input(IMP_OUT_MU_S));
    CHECK(!imp_sweep2d_out_is_input(IMP_OUT_PX) && !imp_sweep2d_out_is_input(IMP_OUT_ENERGY_RATIO));
}

static void test_names(void)
{
    CHECK(imp_sweep2d_out_index("Px") == IMP_OUT_PX);
    CHECK(imp_sweep2d_out_index("body2.w") == IMP_OUT_B2W);
    CHECK(imp_sweep2d_out_index("mode") == -1);
    CHECK(strcmp(imp_sweep2d_out_name(IMP_OUT_MU_S), "mu_s") == 0);
}

/* "law" as a field: its values are the built-in laws' kinds; each point
 * solves as imp_path2d_solve with that law, whichever axis moves last. */
static void test_law_axis(void)
{
    double laws[3] = {IMP_LAW_POISSON, IMP_LAW_NEWTON, IMP_LAW_ENERGETIC};
    double s0[5] = {-2, -0.5, 0, 0.6, 1.5}, mu[2] = {0.3, 1.2};
    for (int order = 0; order < 2; order++) {   /* law slowest, then fastest */
        imp_sweep2d s;
        memset(&s, 0, sizeof s);
        s.base.coef = (imp_coef2d){2.5, 2.5, 1.5, 0, -1, 0};
        s.base.law.e = 0.5;
        const char *names[3] = {order ? "S0" : "law", "mu", order ? "law" : "S0"};
        for (int f = 0; f < 3; f++) CHECK(imp_sweep2d_add_field(&s, names[f]));
        const double *vals[3] = {order ? s0 : laws, mu, order ? laws : s0};
        size_t count[3] = {order ? 5u : 3u, 2, order ? 3u : 5u};
        s.naxes = 3;
        for (int a = 0; a < 3; a++) s.axis[a] = (imp_sweep2d_axis){count[a], 1, a, vals[a]};
        s.out[s.nout++] = IMP_OUT_PX;
        s.out[s.nout++] = IMP_OUT_PY;
        size_t done;
        CHECK(imp_sweep2d_alloc(&s, 0, 30) == IMP_OK);
        CHECK(imp_sweep2d_run(&s, 0, 30, 2, &done) == IMP_OK && done == 30);
        int same = 1, differ = 0;
        for (size_t i = 0; i < 30; i++) {
            size_t il = order ? i % 3 : i / 10, is = order ? i / 6 : i % 5, im = order ? i / 3 % 2 : i / 5 % 2;
            imp_coef2d c = s.base.coef;
            c.S0 = s0[is];
            imp_law law = {(imp_law_kind)laws[il], 0.5, NULL, NULL};
            imp_result2d r;
            CHECK(imp_path2d_solve(&c, mu[im], mu[im], &law, &r) == IMP_OK);
            if (s.res[2 * i] != r.Px || s.res[2 * i + 1] != r.Py) same = 0;
            if (il > 0 && s.res[2 * i + 1] != s.res[2 * (i - (order ? il : 10 * il)) + 1]) differ++;
        }
        CHECK(same);
        CHECK(differ > 0);   /* the laws do part somewhere */
        imp_sweep2d_free(&s);
    }
}

int main(void)
{
    RUN(test_matches_direct);
    RUN(test_bad_points);
    RUN(test_sample_axis);
    RUN(test_inputs);
    RUN(test_names);
    RUN(test_law_axis);
    return check_summary();
}
