/* Invariants of the 2D tracer (WM92, Stronge 1990) on random impacts: energy
 * (1e5 cases per law), work bookkeeping, Coulomb admissibility, each law's
 * termination, mirror symmetry, law coincidences, scaling, classification
 * agreement and closed forms == tracer (1e4+ cases, one body and two). */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "closed2d.h"
#include "impact2d.h"
#include "interrupt.h"

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;

static double urand(void)   /* xorshift64*: uniform in [0, 1) */
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (double)((rng_state * 0x2545F4914F6CDD1Dull) >> 11) * 0x1.0p-53;
}

static double uni(double a, double b) { return a + (b - a) * urand(); }

static void random_body(imp_body2d *b, int lower)
{
    b->m = exp(uni(log(0.1), log(10)));
    b->rho = exp(uni(log(0.05), log(2)));
    b->x = uni(-1, 1);
    b->y = lower ? uni(-1, 0) : uni(0, 1);
    b->vx = uni(-1, 1);
    b->vy = uni(-1, 1);
    b->w = uni(-2, 2);
}

/* A random problem: one or two bodies, with special cases mixed in
 * (direct, tangential, central, frictionless, e = 0 and 1, mu_s > mu_k). */
static void random_problem(imp_problem2d *p, imp_coef2d *c, int nbodies)
{
    memset(p, 0, sizeof *p);
    p->nbodies = nbodies;
    random_body(&p->body1, 0);
    if (nbodies == 2)
        random_body(&p->body2, 1);
    double u = urand();
    if (u < 0.05) {              /* direct: no slip, no spin */
        p->body1.vx = p->body1.w = p->body2.vx = p->body2.w = 0;
    } else if (u < 0.08) {       /* central: CMs on the normal */
        p->body1.x = p->body2.x = 0;
    }
    imp_coef2d_from_bodies(&p->body1, nbodies == 2 ? &p->body2 : NULL, c);
    if (c->C0 > 0) {             /* mostly approaching */
        p->body1.vy -= c->C0 * 2;
        imp_coef2d_from_bodies(&p->body1, nbodies == 2 ? &p->body2 : NULL, c);
    }
    double v = urand();
    p->mu_k = v < 0.05 ? 0 : uni(0, 2);
    p->mu_s = urand() < 0.5 ? p->mu_k : p->mu_k + uni(0, 1);
    double w = urand();
    p->law.e = w < 0.1 ? 0 : w < 0.2 ? 1 : urand();
}

static int solve(const imp_coef2d *c, double mu_s, double mu_k,
                 imp_law_kind kind, double e, imp_result2d *r)
{
    imp_law law = {kind, e, NULL, NULL};
    return imp_path2d_solve(c, mu_s, mu_k, &law, r) == IMP_OK;
}

/* Impulse scale of a problem: the largest impulse any law or mu gives is
 * bounded by the sticking impulse (C0, S0 through the inverse of W2), so
 * use |W2^-1| (|S0| + |C0|). */
static double scale_of(const imp_coef2d *c)
{
    double D = c->B1 * c->B2 - c->B3 * c->B3;
    double v = fabs(c->C0) + fabs(c->S0);
    return 2 * v * (fmax(c->B1, c->B2) + fabs(c->B3)) / D + 1e-300;
}

static void test_energy_and_bookkeeping(void)
{
    const int N = 100000;
    int gains[3] = {0, 0, 0}, bad_book = 0, bad_coulomb = 0, bad_end = 0, bad_wf = 0;
    int bad_ok = 0, bad_stick = 0, bad_C = 0;
    for (int i = 0; i < N; i++) {
        imp_problem2d p;
        imp_coef2d c;
        random_problem(&p, &c, 1 + (i & 1));
        double sc = scale_of(&c), E = sc * (fabs(c.C0) + fabs(c.S0));
        for (int l = 0; l < 3; l++) {
            imp_result2d r;
            if (!solve(&c, p.mu_s, p.mu_k, (imp_law_kind)l, p.law.e, &r)) {
                bad_ok++;
                continue;
            }
            /* energy scale of this result: its impulse times the approach speed */
            double Er = (fabs(r.Px) + fabs(r.Py)) * (fabs(c.S0) + fabs(c.C0));
            if (r.dT > 1e-13 * Er)
                gains[l]++;
            if (fabs(r.Wc + r.Wr + r.Wf - r.dT) > 1e-12 * Er)
                bad_book++;
            if (r.Wf > 1e-13 * Er || r.Wc > 1e-13 * Er || r.Wr < -1e-13 * Er)
                bad_wf++;
            if (fabs(r.Px) > p.mu_s * r.Py * (1 + 1e-12) + 1e-15 * sc)
                bad_coulomb++;
            if (r.mode != IMP_MODE_NONE && r.C < -1e-12 * (fabs(c.C0) + fabs(c.S0)))
                bad_C++;
            if ((r.mode == IMP_MODE_C_STICKING || r.mode == IMP_MODE_R_STICKING) && r.S != 0)
                bad_stick++;
            if (r.mode == IMP_MODE_NONE)
                continue;
            double e = p.law.e;
            int ok = 1;
            if (l == IMP_LAW_POISSON)
                ok = fabs(r.Py - (1 + e) * r.Pc) <= 1e-12 * sc;
            else if (l == IMP_LAW_NEWTON)
                ok = r.C == -e * c.C0;
            else
                ok = fabs(r.Wr + e * e * r.Wc) <= 1e-11 * E;
            /* the final contact velocities follow from the impulse */
            double S = c.S0 + c.B1 * r.Px - c.B3 * r.Py;
            double C = c.C0 - c.B3 * r.Px + c.B2 * r.Py;
            double v = fabs(c.C0) + fabs(c.S0);
            ok = ok && fabs(S - r.S) <= 1e-11 * v && fabs(C - r.C) <= 1e-11 * v;
            if (!ok)
                bad_end++;
        }
    }
    printf("  energy gains in %d random cases: poisson %d, newton %d, energetic %d\n",
           N, gains[0], gains[1], gains[2]);
    CHECK(bad_ok == 0);
    CHECK(gains[IMP_LAW_POISSON] == 0);
    CHECK(gains[IMP_LAW_ENERGETIC] == 0);
    CHECK(gains[IMP_LAW_NEWTON] > 0);    /* Newton can gain energy */
    CHECK(bad_book == 0);
    CHECK(bad_wf == 0);
    CHECK(bad_coulomb == 0);
    CHECK(bad_C == 0);
    CHECK(bad_stick == 0);
    CHECK(bad_end == 0);
}

/* Sliding segments obey |dPx| = mu_k dPy with friction against the slip. */
static void test_path_segments(void)
{
    int bad = 0;
    for (int i = 0; i < 20000; i++) {
        imp_problem2d p;
        imp_coef2d c;
        random_problem(&p, &c, 1 + (i & 1));
        imp_result2d r;
        if (!solve(&c, p.mu_s, p.mu_k, IMP_LAW_POISSON, p.law.e, &r))
            bad++;
        CHECK(r.nvert >= 2 && r.nvert <= 4);
        CHECK(r.vert[0].event == IMP_EV_START && r.vert[r.nvert - 1].event == IMP_EV_END);
        for (int k = 1; k < r.nvert; k++) {
            const imp_vertex2d *a = &r.vert[k - 1], *b = &r.vert[k];
            double dPy = b->Py - a->Py, dPx = b->Px - a->Px;
            if (dPy < 0)
                bad++;
            if (dPy <= 1e-9 * scale_of(&c))
                continue;
            double Sm = 0.5 * (a->S + b->S);      /* slip inside the segment */
            if (Sm != 0 && fabs(Sm) > 1e-9 * (fabs(c.S0) + fabs(c.C0))) {
                /* sliding: friction against the slip, at the limit */
                if (fabs(fabs(dPx) - p.mu_k * dPy) > 1e-9 * dPy + 1e-15)
                    bad++;
                if (dPx * Sm > 0 && p.mu_k > 0)
                    bad++;
            }
        }
    }
    CHECK(bad == 0);
}

static void test_closed_forms_equal_tracer(void)
{
    const int N = 20000;
    int bad = 0, bad_vel = 0, bad_mode = 0, bad_sb = 0, modes[6] = {0};
    static const imp_mode case_mode[7] = {
        IMP_MODE_SLIDING, IMP_MODE_C_STICKING, IMP_MODE_C_REVERSED, IMP_MODE_R_STICKING,
        IMP_MODE_R_REVERSED, IMP_MODE_C_STICKING, IMP_MODE_SLIDING};
    for (int i = 0; i < N; i++) {
        imp_problem2d p;
        imp_coef2d c;
        random_problem(&p, &c, 1 + (i & 1));
        if (i % 10 == 0)          /* tangential */
            c.C0 = 0;
        imp_class2d k;
        CHECK(imp_mode2d_classify(&c, p.mu_s, p.mu_k, p.law.e, &k) == IMP_OK);
        for (int l = 0; l < 3; l++) {
            imp_result2d r;
            imp_closed2d q;
            CHECK(solve(&c, p.mu_s, p.mu_k, (imp_law_kind)l, p.law.e, &r));
            CHECK(imp_closed2d_solve(&c, p.mu_s, p.mu_k, (imp_law_kind)l, p.law.e, &q) == IMP_OK);
            if (r.mode != k.mode || q.mode != r.mode)
                bad_mode++;
            double pr = fabs(r.Px) + fabs(r.Py);   /* this result's impulse scale */
            double vr = fabs(c.S0) + fabs(c.C0) + fabs(r.S) + fabs(r.C);   /* and velocity scale */
            if ((r.S == 0) != (q.S == 0) || (l == IMP_LAW_NEWTON && q.C != r.C))
                bad_vel++;
            if (fabs(q.S - r.S) > 1e-12 * vr || fabs(q.C - r.C) > 1e-12 * vr ||
                fabs(q.dT - r.dT) > 1e-12 * pr * vr)
                bad_vel++;
            if (fabs(q.Px - r.Px) > 1e-12 * pr || fabs(q.Py - r.Py) > 1e-12 * pr ||
                fabs(q.Pc - r.Pc) > 1e-12 * pr) {
                if (bad < 5)
                    fprintf(stderr, "closed != tracer: B=(%.17g,%.17g,%.17g) S0=%.17g C0=%.17g "
                            "mu_s=%.17g mu_k=%.17g e=%.17g law %d mode %s/%s: "
                            "(%.17g,%.17g) vs (%.17g,%.17g)\n", c.B1, c.B2, c.B3, c.S0, c.C0,
                            p.mu_s, p.mu_k, p.law.e, l, imp_mode_name(q.mode),
                            imp_mode_name(r.mode), q.Px, q.Py, r.Px, r.Py);
                bad++;
            }
            if (l == 0)
                modes[r.mode]++;
        }
        if (k.sb_valid && k.sb_case >= 0 && case_mode[k.sb_case] != k.mode)
            bad_sb++;
        /* tangential impact: a tangential impact has an impulse iff the first segment's kC < 0 */
        if (c.C0 == 0 && c.S0 != 0 && (k.kC < 0) != (k.mode != IMP_MODE_NONE))
            bad_sb++;
    }
    printf("  modes: none %d, sliding %d, C-sticking %d, R-sticking %d, C-reversed %d, R-reversed %d\n",
           modes[0], modes[1], modes[2], modes[3], modes[4], modes[5]);
    for (int m = 0; m < 6; m++)
        CHECK(modes[m] > 20);    /* every mode was exercised */
    CHECK(bad == 0);
    CHECK(bad_vel == 0);
    CHECK(bad_mode == 0);
    CHECK(bad_sb == 0);
}

/* x -> -x: (S0, B3) -> (-S0, -B3) maps Px -> -Px, S -> -S, same Py, dT, mode. */
static void test_mirror(void)
{
    int bad = 0;
    for (int i = 0; i < 20000; i++) {
        imp_problem2d p;
        imp_coef2d c;
        random_problem(&p, &c, 1 + (i & 1));
        imp_coef2d m = c;
        m.S0 = -c.S0;
        m.B3 = -c.B3;
        for (int l = 0; l < 3; l++) {
            imp_result2d r, q;
            CHECK(solve(&c, p.mu_s, p.mu_k, (imp_law_kind)l, p.law.e, &r));
            CHECK(solve(&m, p.mu_s, p.mu_k, (imp_law_kind)l, p.law.e, &q));
            if (q.Px != -r.Px || q.Py != r.Py || q.S != -r.S || q.mode != r.mode ||
                fabs(q.dT - r.dT) > 1e-14 * fabs(r.dT))
                bad++;
        }
        /* bodies mirrored: x, vx, w change sign */
        imp_problem2d pm = p;
        pm.body1.x = -p.body1.x; pm.body1.vx = -p.body1.vx; pm.body1.w = -p.body1.w;
        pm.body2.x = -p.body2.x; pm.body2.vx = -p.body2.vx; pm.body2.w = -p.body2.w;
        imp_result2d r, q;
        double a[2][3], b[2][3];
        CHECK(imp_problem2d_solve(&p, &r, a) == IMP_OK);
        CHECK(imp_problem2d_solve(&pm, &q, b) == IMP_OK);
        double tol = 1e-12 * scale_of(&c);
        if (fabs(q.Px + r.Px) > tol || fabs(q.Py - r.Py) > tol || q.mode != r.mode ||
            fabs(a[0][0] + b[0][0]) > 1e-9 || fabs(a[0][1] - b[0][1]) > 1e-9 ||
            fabs(a[0][2] + b[0][2]) > 1e-9)
            bad++;
    }
    CHECK(bad == 0);
}

/* law coincidences: frictionless, e = 0, direct, central and sliding -> all laws alike. */
static void test_law_coincidences(void)
{
    int bad = 0;
    for (int i = 0; i < 20000; i++) {
        imp_problem2d p;
        imp_coef2d c;
        random_problem(&p, &c, 1 + (i & 1));
        int kind = i % 4;
        double mu_s = p.mu_s, mu_k = p.mu_k, e = p.law.e;
        if (kind == 0)
            mu_s = mu_k = 0;
        else if (kind == 1)
            e = 0;
        else if (kind == 2)
            c.S0 = 0;
        else {
            c.B3 = 0;
            c.D = 0;             /* the bodies' Delta no longer applies */
        }
        imp_result2d r[3];
        for (int l = 0; l < 3; l++)
            CHECK(solve(&c, mu_s, mu_k, (imp_law_kind)l, e, &r[l]));
        double sc = scale_of(&c);
        if (kind == 0 && fabs(r[0].Py + (1 + e) * c.C0 / c.B2) > 1e-12 * sc)
            bad++;
        if (kind == 1 && r[0].Py != r[0].Pc)
            bad++;
        for (int l = 1; l < 3; l++)
            if (fabs(r[l].Px - r[0].Px) > 1e-12 * sc || fabs(r[l].Py - r[0].Py) > 1e-12 * sc)
                bad++;
        /* sliding throughout: all laws alike as well */
        imp_result2d s[3];
        random_problem(&p, &c, 1);
        for (int l = 0; l < 3; l++)
            CHECK(solve(&c, p.mu_s, p.mu_k, (imp_law_kind)l, p.law.e, &s[l]));
        if (s[0].mode == IMP_MODE_SLIDING)
            for (int l = 1; l < 3; l++)
                if (s[l].mode != IMP_MODE_SLIDING ||
                    fabs(s[l].Py - s[0].Py) > 1e-12 * scale_of(&c))
                    bad++;
    }
    CHECK(bad == 0);
}

/* mu once sticking: raising mu inside C-sticking leaves Poisson unchanged; raising mu_s
 * alone never changes a result that already sticks. homogeneity: scaling. */
static void test_mu_independence_and_scaling(void)
{
    int bad = 0;
    for (int i = 0; i < 20000; i++) {
        imp_problem2d p;
        imp_coef2d c;
        random_problem(&p, &c, 1 + (i & 1));
        double sc = scale_of(&c);
        for (int l = 0; l < 3; l++) {
            imp_result2d r, q;
            CHECK(solve(&c, p.mu_s, p.mu_k, (imp_law_kind)l, p.law.e, &r));
            CHECK(solve(&c, p.mu_s + 0.5, p.mu_k, (imp_law_kind)l, p.law.e, &q));
            if ((r.mode == IMP_MODE_C_STICKING || r.mode == IMP_MODE_R_STICKING) &&
                (q.Px != r.Px || q.Py != r.Py))
                bad++;
            if (l == IMP_LAW_POISSON && r.mode == IMP_MODE_C_STICKING && c.C0 < 0) {
                CHECK(solve(&c, p.mu_s + 1, p.mu_k + 1, (imp_law_kind)l, p.law.e, &q));
                if (fabs(q.Px - r.Px) > 1e-12 * sc || fabs(q.Py - r.Py) > 1e-12 * sc)
                    bad++;
            }
            imp_coef2d k = c;
            k.S0 *= 3;
            k.C0 *= 3;
            CHECK(solve(&k, p.mu_s, p.mu_k, (imp_law_kind)l, p.law.e, &q));
            if (fabs(q.Px - 3 * r.Px) > 1e-12 * 3 * sc || fabs(q.Py - 3 * r.Py) > 1e-12 * 3 * sc ||
                fabs(q.dT - 9 * r.dT) > 1e-11 * 9 * sc * (fabs(c.C0) + fabs(c.S0)))
                bad++;
        }
    }
    CHECK(bad == 0);
}

/* continuity: continuity across mode boundaries with mu_s = mu_k (the rod's cases
 * 2 and 3 swept through mu and e), and C0 -> 0- tends to the tangential
 * result. */
static void test_continuity(void)
{
    int bad = 0;
    const double S0s[2] = {0.6, -1};
    for (int j = 0; j < 2; j++) {
        for (int l = 0; l < 3; l++) {
            imp_coef2d c = {2.5, 2.5, 1.5, S0s[j], -1, 0};
            imp_result2d prev;
            for (int i = 0; i <= 30000; i++) {
                double mu = 1e-4 * i;
                imp_result2d r;
                CHECK(solve(&c, mu, mu, (imp_law_kind)l, 0.5, &r));
                if (i && (fabs(r.Px - prev.Px) > 1e-3 || fabs(r.Py - prev.Py) > 1e-3))
                    bad++;
                prev = r;
            }
            for (int i = 0; i <= 10000; i++) {
                double e = 1e-4 * i;
                imp_result2d r;
                CHECK(solve(&c, 0.95, 0.95, (imp_law_kind)l, e, &r));
                if (i && (fabs(r.Px - prev.Px) > 1e-3 || fabs(r.Py - prev.Py) > 1e-3))
                    bad++;
                prev = r;
            }
        }
    }
    for (int l = 0; l < 3; l++) {
        for (double mu = 0.5; mu < 4; mu += 0.5) {
            imp_coef2d c = {2.5, 2.5, 1.5, -0.2, 0, 0};
            imp_result2d t, r;
            CHECK(solve(&c, mu, mu, (imp_law_kind)l, 0.5, &t));
            c.C0 = -1e-10;
            CHECK(solve(&c, mu, mu, (imp_law_kind)l, 0.5, &r));
            if (fabs(r.Px - t.Px) > 1e-8 || fabs(r.Py - t.Py) > 1e-8)
                bad++;
        }
    }
    CHECK(bad == 0);
}

static int poisson_cb(void *ctx, const imp_law_state *s, double *r)
{
    *r = s->Pn - (1 + *(double *)ctx) * s->Pc;
    return 0;
}
static int newton_cb(void *ctx, const imp_law_state *s, double *r)
{
    *r = s->vn + *(double *)ctx * s->vn0;
    return 0;
}
static int energetic_cb(void *ctx, const imp_law_state *s, double *r)
{
    double e = *(double *)ctx;
    *r = s->Wr + e * e * s->Wc;
    return 0;
}
static int failing_cb(void *ctx, const imp_law_state *s, double *r)
{
    (void)ctx; (void)s; (void)r;
    return 1;
}
static int nan_cb(void *ctx, const imp_law_state *s, double *r)
{
    (void)ctx; (void)s;
    *r = NAN;
    return 0;
}
static int never_cb(void *ctx, const imp_law_state *s, double *r)
{
    (void)ctx; (void)s;
    *r = -1;
    return 0;
}

static int interrupting_cb(void *ctx, const imp_law_state *s, double *r)
{
    (void)ctx; (void)s;
    imp_interrupt_raise();       /* Ctrl-C while a law never reaches zero */
    *r = -1;
    return 0;
}

static void test_custom_laws(void)
{
    imp_law_fn fns[3] = {poisson_cb, newton_cb, energetic_cb};
    int bad = 0;
    for (int i = 0; i < 20000; i++) {
        imp_problem2d p;
        imp_coef2d c;
        random_problem(&p, &c, 1 + (i & 1));
        double e = p.law.e;
        for (int l = 0; l < 3; l++) {
            imp_result2d r, q;
            CHECK(solve(&c, p.mu_s, p.mu_k, (imp_law_kind)l, e, &r));
            imp_law law = {IMP_LAW_CUSTOM, 0, fns[l], &e};
            CHECK(imp_path2d_solve(&c, p.mu_s, p.mu_k, &law, &q) == IMP_OK);
            double pr = fabs(r.Px) + fabs(r.Py);
            if (fabs(q.Px - r.Px) > 1e-12 * pr || fabs(q.Py - r.Py) > 1e-12 * pr ||
                q.mode != r.mode) {
                if (bad < 5)
                    fprintf(stderr, "custom %d != builtin: (%.17g, %.17g) vs (%.17g, %.17g), %s/%s\n",
                            l, q.Px, q.Py, r.Px, r.Py, imp_mode_name(q.mode), imp_mode_name(r.mode));
                bad++;
            }
        }
    }
    CHECK(bad == 0);
    imp_coef2d c = {2.5, 2.5, 1.5, 0.6, -1, 0};
    imp_result2d r;
    imp_law law = {IMP_LAW_CUSTOM, 0, failing_cb, NULL};
    CHECK(imp_path2d_solve(&c, 0.3, 0.3, &law, &r) == IMP_ELAW);
    law.fn = nan_cb;
    CHECK(imp_path2d_solve(&c, 0.3, 0.3, &law, &r) == IMP_ELAW);
    law.fn = never_cb;
    CHECK(imp_path2d_solve(&c, 0.3, 0.3, &law, &r) == IMP_ENOROOT);
    CHECK(imp_path2d_solve(&c, 0.8, 0.8, &law, &r) == IMP_ENOROOT);
    law.fn = interrupting_cb;
    CHECK(imp_path2d_solve(&c, 0.8, 0.8, &law, &r) == IMP_EINTERRUPT);
    imp_interrupt_clear();
    law.fn = NULL;
    CHECK(imp_path2d_solve(&c, 0.8, 0.8, &law, &r) == IMP_EINPUT);
}

int main(void)
{
    RUN(test_energy_and_bookkeeping);
    RUN(test_path_segments);
    RUN(test_closed_forms_equal_tracer);
    RUN(test_mirror);
    RUN(test_law_coincidences);
    RUN(test_mu_independence_and_scaling);
    RUN(test_continuity);
    RUN(test_custom_laws);
    return check_summary();
}
