/* Friction laws on Routh's path: four reference vectors (the WM92 rod,
 * C0 = -1, e = 0.5) with their events; a constant law against the
 * constant-mu tracer on random problems (Poisson, Newton, energetic); an independent check,
 * a fixed-step RK4 tracer with bisection written here apart from the
 * solver; dT = Wc + Wr + Wf with Wf <= 0; a law that aborts. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "friction.h"

/* ---- friction laws --------------------------------------------------- */

typedef struct { int kind; double a, b; int calls; } flaw;
enum { F_CONST, F_VT, F_PN, F_PHASE, F_BAD };

static int fl(void *ctx, const imp_law_state *s, double *mu)
{
    flaw *f = ctx;
    f->calls++;
    switch (f->kind) {
    case F_CONST: *mu = f->a; break;
    case F_VT: *mu = f->a + f->b * fabs(s->vt[0]); break;
    case F_PN: *mu = f->a + f->b * s->Pn; break;
    case F_PHASE: *mu = s->phase == IMP_PHASE_COMPRESSION ? f->a : f->b; break;
    default: *mu = s->Pn > f->a ? -0.1 : 0.3; break;   /* negative after Pn = a */
    }
    return 0;
}

static imp_coef2d rod(double S0)
{
    imp_coef2d c = {2.5, 2.5, 1.5, S0, -1, 0};
    return c;
}

static imp_status solve(imp_coef2d c, flaw *f, imp_law_kind k, double e, imp_result2d *r)
{
    imp_friction fr = {fl, f};
    imp_law law = {k, e, NULL, NULL};
    return imp_path2d_solve_friction(&c, &fr, &law, r);
}

static int find_event(const imp_result2d *r, imp_event ev, int from)
{
    for (int i = from; i < r->nvert; i++)
        if (r->vert[i].event == ev)
            return i;
    return -1;
}

/* ---- the reference vectors -------------------------------------------- */

static void check_vector(flaw f, double S0, const double want[6], imp_mode mode,
                         const imp_event *evs, const double *ps, int nev)
{
    imp_result2d r;
    CHECK(solve(rod(S0), &f, IMP_LAW_POISSON, 0.5, &r) == IMP_OK);
    CHECK_NEAR(r.Px, want[0], 1e-10);
    CHECK_NEAR(r.Py, want[1], 1e-10);
    CHECK_NEAR(r.S, want[2], 1e-10);
    CHECK_NEAR(r.C, want[3], 1e-10);
    CHECK_NEAR(r.dT, want[4], 1e-10);
    CHECK(r.mode == mode);
    CHECK_NEAR(r.Wc + r.Wr + r.Wf, r.dT, 1e-12);
    CHECK(r.Wf <= 0);
    CHECK(r.vert[0].event == IMP_EV_START && r.vert[r.nvert - 1].event == IMP_EV_END);
    CHECK(r.nvert == nev + 2);
    for (int i = 0; i < nev && i + 1 < r.nvert; i++) {
        CHECK(r.vert[i + 1].event == evs[i]);
        CHECK_NEAR(r.vert[i + 1].Py, ps[i], 1e-9);
    }
}

static void test_vectors(void)
{
    {   /* 0.3 + 0.5 |vt| */
        double w[6] = {0.009956360821, 0.547617106072, -0.196534757055, 0.354108223948,
                       -0.174842169850};
        imp_event ev[] = {IMP_EV_REVERSE, IMP_EV_MAXC};
        double p[] = {0.230145658, 0.365078071};
        check_vector((flaw){F_VT, 0.3, 0.5, 0}, 0.6, w, IMP_MODE_C_REVERSED, ev, p, 2);
    }
    {   /* 0.3 + 0.4 Pn */
        double w[6] = {0.058464837904, 0.569026793522, -0.107378095523, 0.334869726949,
                       -0.174837943378};
        imp_event ev[] = {IMP_EV_REVERSE, IMP_EV_MAXC};
        double p[] = {0.252498751, 0.379351196};
        check_vector((flaw){F_PN, 0.3, 0.4, 0}, 0.6, w, IMP_MODE_C_REVERSED, ev, p, 2);
    }
    {   /* 0.9 - 0.4 Pn: sticks, breaks at Pn = 0.75 */
        double w[6] = {0.3411796875, 0.76875, -0.00017578125, 0.41010546875, -0.175593743820};
        imp_event ev[] = {IMP_EV_STICK, IMP_EV_MAXC, IMP_EV_REVERSE};
        double p[] = {0.080872038, 0.5125, 0.75};
        check_vector((flaw){F_PN, 0.9, -0.4, 0}, 0.3, w, IMP_MODE_C_REVERSED, ev, p, 3);
    }
    {   /* 0.8 in compression, 0.3 after: the stick breaks at max compression */
        double w[6] = {0.06, 0.6, -0.15, 0.41, -0.1635};
        imp_event ev[] = {IMP_EV_STICK, IMP_EV_MAXC, IMP_EV_REVERSE};
        double p[] = {0.171428571, 0.4, 0.4};
        check_vector((flaw){F_PHASE, 0.8, 0.3, 0}, 0.6, w, IMP_MODE_C_REVERSED, ev, p, 3);
    }
}

/* ---- a constant law is Coulomb ---------------------------------------- */

static double urand(double a, double b) { return a + (b - a) * (rand() / (double)RAND_MAX); }

static void test_constant(void)
{
    srand(12345);
    int n = 0;
    for (int i = 0; i < 150; i++) {
        double B1 = urand(0.3, 4), B2 = urand(0.3, 4);
        double B3 = urand(-0.95, 0.95) * sqrt(B1 * B2);
        double S0 = i % 10 == 0 ? 0.0 : urand(-2, 2), C0 = urand(-2, -0.05);
        double mu = i % 13 == 0 ? 0.0 : urand(0, 1.5), e = urand(0, 1);
        imp_law_kind k = (imp_law_kind)(i % 3);
        imp_coef2d c = {B1, B2, B3, S0, C0, 0};
        imp_law law = {k, e, NULL, NULL};
        imp_result2d a, b;
        flaw f = {F_CONST, mu, 0, 0};
        if (imp_path2d_solve(&c, mu, mu, &law, &a) != IMP_OK)
            continue;
        CHECK(solve(c, &f, k, e, &b) == IMP_OK);
        double P = fabs(a.Py) + fabs(a.Px), V = fabs(S0) + fabs(C0), W = P * V;
        int bad = !(fabs(a.Px - b.Px) <= 1e-12 * P && fabs(a.Py - b.Py) <= 1e-12 * P &&
                    fabs(a.S - b.S) <= 1e-12 * V && fabs(a.C - b.C) <= 1e-12 * V &&
                    fabs(a.dT - b.dT) <= 1e-12 * W && fabs(a.Wc - b.Wc) <= 1e-12 * W &&
                    fabs(a.Wr - b.Wr) <= 1e-12 * W && fabs(a.Wf - b.Wf) <= 1e-12 * W &&
                    fabs(a.Pc - b.Pc) <= 1e-12 * P && a.mode == b.mode && a.nvert == b.nvert);
        for (int j = 0; j < a.nvert && !bad && j < b.nvert; j++)
            bad = a.vert[j].event != b.vert[j].event ||
                  !(fabs(a.vert[j].Py - b.vert[j].Py) <= 1e-12 * P);
        if (bad)
            fprintf(stderr, "problem %d: B %g %g %g S0 %g C0 %g mu %g e %g law %d: "
                    "Px %.17g / %.17g Py %.17g / %.17g mode %d / %d nvert %d / %d\n",
                    i, B1, B2, B3, S0, C0, mu, e, k, a.Px, b.Px, a.Py, b.Py, a.mode, b.mode,
                    a.nvert, b.nvert);
        CHECK(!bad);
        CHECK_NEAR(b.Wc + b.Wr + b.Wf, b.dT, 1e-12 * W);
        n++;
    }
    CHECK(n >= 140);
}

/* the slip stopping at maximum compression (S0 = kS/kC on the rod): the
 * events coincide and keep the constant-mu tracer's order and mode */
static void test_coincident(void)
{
    for (int i = 0; i < 12; i++) {
        double mu = 0.1 + 0.1 * i, kS = mu * 2.5 + 1.5, kC = 2.5 + mu * 1.5;
        imp_coef2d c = rod(kS / kC);
        imp_law law = {IMP_LAW_POISSON, 0.5, NULL, NULL};
        imp_result2d a, b;
        flaw f = {F_CONST, mu, 0, 0};
        CHECK(imp_path2d_solve(&c, mu, mu, &law, &a) == IMP_OK);
        CHECK(solve(c, &f, IMP_LAW_POISSON, 0.5, &b) == IMP_OK);
        CHECK(a.mode == b.mode && a.nvert == b.nvert);
        for (int j = 0; j < a.nvert && j < b.nvert; j++)
            CHECK(a.vert[j].event == b.vert[j].event);
        CHECK_NEAR(b.Py, a.Py, 1e-12);
        CHECK_NEAR(b.Px, a.Px, 1e-12);
    }
}

/* ---- an independent tracer: RK4 with fixed steps, events by bisection --- */

typedef struct {
    imp_coef2d c;
    flaw *f;
    imp_law_kind law;
    double e;
    double p, Px, S, C, Wc, Wr, Wf, pc;
    int restit, stick;
    double sg;
} ref;

static double ref_mu(const ref *r, double p, double Px, double S, double C, double Wn)
{
    imp_law_state s;
    memset(&s, 0, sizeof s);
    s.Pn = p; s.Pc = r->pc; s.vn = C; s.vn0 = r->c.C0;
    s.Wc = r->restit ? r->Wc : Wn; s.Wr = r->restit ? Wn : 0;
    s.Pt[0] = Px; s.vt[0] = S; s.vt0[0] = r->c.S0;
    s.phase = r->restit ? IMP_PHASE_RESTITUTION : IMP_PHASE_COMPRESSION;
    s.dim = 2;
    double mu;
    fl(r->f, &s, &mu);
    return mu;
}

/* y = Px, S, C, Wn (this phase), Wf */
static void ref_rhs(const ref *r, double p, const double *y, double *dy)
{
    double d = -r->sg * ref_mu(r, p, y[0], y[1], y[2], y[3]);
    if (r->stick) {
        d = r->c.B3 / r->c.B1;
    }
    dy[0] = d;
    dy[1] = r->stick ? 0 : r->c.B1 * d - r->c.B3;
    dy[2] = r->c.B2 - r->c.B3 * d;
    dy[3] = y[2];
    dy[4] = r->stick ? 0 : y[1] * d;
}

static void ref_step(const ref *r, const double *y, double h, double *out)
{
    double k1[5], k2[5], k3[5], k4[5], w[5];
    ref_rhs(r, r->p, y, k1);
    for (int i = 0; i < 5; i++) w[i] = y[i] + 0.5 * h * k1[i];
    ref_rhs(r, r->p + 0.5 * h, w, k2);
    for (int i = 0; i < 5; i++) w[i] = y[i] + 0.5 * h * k2[i];
    ref_rhs(r, r->p + 0.5 * h, w, k3);
    for (int i = 0; i < 5; i++) w[i] = y[i] + h * k3[i];
    ref_rhs(r, r->p + h, w, k4);
    for (int i = 0; i < 5; i++) out[i] = y[i] + h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
}

/* the event functions, >= 0 once met: stop, break, max compression, end */
static int ref_event(const ref *r, double p, const double *y, int k)
{
    switch (k) {
    case 0: return !r->stick && r->sg * y[1] <= 0;
    case 1: return r->stick && fabs(r->c.B3) > ref_mu(r, p, y[0], 0, y[2], y[3]) * r->c.B1;
    case 2: return !r->restit && y[2] >= 0;
    default:
        if (!r->restit) return 0;
        if (r->law == IMP_LAW_POISSON) return p >= (1 + r->e) * r->pc;
        if (r->law == IMP_LAW_NEWTON) return y[2] >= -r->e * r->c.C0;
        return y[3] + r->e * r->e * r->Wc >= 0;
    }
}

static void ref_solve(ref *r, double *Px, double *Py, double *S, double *C, double *Wf,
                      int *nevents, double evp[8])
{
    const imp_coef2d *c = &r->c;
    double y[5] = {0, c->S0, c->C0, 0, 0}, yn[5];
    double H = (1 + r->e) * fabs(c->C0) / c->B2 / 4000;
    r->p = 0; r->pc = 0; r->Wc = 0; r->restit = 0;
    double mu0 = ref_mu(r, 0, 0, 0, c->C0, 0);
    r->stick = c->S0 == 0 && fabs(c->B3) <= mu0 * c->B1;
    r->sg = c->S0 != 0 ? (c->S0 > 0 ? 1 : -1) : (c->B3 > 0 ? -1 : 1);
    *nevents = 0;
    for (int it = 0; it < 100000000; it++) {
        ref_step(r, y, H, yn);
        int k = -1;
        for (int j = 0; j < 4 && k < 0; j++)
            if (ref_event(r, r->p + H, yn, j)) k = j;
        if (k < 0) {
            r->p += H;
            memcpy(y, yn, sizeof y);
            continue;
        }
        /* the earliest event in (0, H], by bisection on partial steps */
        double lo = 0, hi = H;
        int kk = k;
        for (int b = 0; b < 100; b++) {
            double m = 0.5 * (lo + hi);
            ref_step(r, y, m, yn);
            int any = -1;
            for (int j = 0; j < 4 && any < 0; j++)
                if (ref_event(r, r->p + m, yn, j)) any = j;
            if (any >= 0) { hi = m; kk = any; } else lo = m;
        }
        ref_step(r, y, hi, yn);
        r->p += hi;
        memcpy(y, yn, sizeof y);
        if (*nevents < 8) evp[(*nevents)++] = r->p;
        if (kk == 0) {
            y[1] = 0;
            if (fabs(c->B3) <= ref_mu(r, r->p, y[0], 0, y[2], y[3]) * c->B1) r->stick = 1;
            else r->sg = c->B3 > 0 ? -1 : 1;
        } else if (kk == 1) {
            r->stick = 0;
            r->sg = c->B3 > 0 ? -1 : 1;
        } else if (kk == 2) {
            y[2] = 0; r->pc = r->p; r->Wc = y[3]; y[3] = 0; r->restit = 1;
            if (r->stick && fabs(c->B3) > ref_mu(r, r->p, y[0], 0, 0, 0) * c->B1) {
                r->stick = 0;
                r->sg = c->B3 > 0 ? -1 : 1;
                if (*nevents < 8) evp[(*nevents)++] = r->p;
            }
        } else {
            break;
        }
    }
    *Px = y[0]; *Py = r->p; *S = r->stick ? 0 : y[1]; *C = y[2]; *Wf = y[4];
}

static void test_reference(void)
{
    struct { flaw f; double S0; imp_law_kind law; double e; } cases[] = {
        {{F_VT, 0.3, 0.5, 0}, 0.6, IMP_LAW_POISSON, 0.5},
        {{F_PN, 0.3, 0.4, 0}, 0.6, IMP_LAW_POISSON, 0.5},
        {{F_PN, 0.9, -0.4, 0}, 0.3, IMP_LAW_POISSON, 0.5},
        {{F_PHASE, 0.8, 0.3, 0}, 0.6, IMP_LAW_POISSON, 0.5},
        {{F_VT, 0.2, 2.0, 0}, 0.9, IMP_LAW_NEWTON, 0.7},
        {{F_PN, 0.1, 1.5, 0}, -0.8, IMP_LAW_ENERGETIC, 0.6},
        {{F_VT, 0.7, 0.3, 0}, 0.0, IMP_LAW_POISSON, 0.9},
        {{F_PN, 0.5, -0.3, 0}, 0.0, IMP_LAW_NEWTON, 0.8},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ref r;
        memset(&r, 0, sizeof r);
        r.c = rod(cases[i].S0);
        r.f = &cases[i].f;
        r.law = cases[i].law;
        r.e = cases[i].e;
        double Px, Py, S, C, Wf, evp[8];
        int nev;
        ref_solve(&r, &Px, &Py, &S, &C, &Wf, &nev, evp);
        imp_result2d o;
        CHECK(solve(rod(cases[i].S0), &cases[i].f, cases[i].law, cases[i].e, &o) == IMP_OK);
        CHECK_NEAR(o.Px, Px, 1e-11);
        CHECK_NEAR(o.Py, Py, 1e-11);
        CHECK_NEAR(o.S, S, 1e-11);
        CHECK_NEAR(o.C, C, 1e-11);
        CHECK_NEAR(o.Wf, Wf, 1e-11);
        CHECK(o.Wf <= 0);
        CHECK_NEAR(o.Wc + o.Wr + o.Wf, o.dT, 1e-12);
        /* the same events at the same impulses (the reference's list ends
         * with the end, not the start) */
        CHECK(o.nvert == nev + 1);
        for (int j = 0; j < nev && j + 1 < o.nvert; j++)
            CHECK_NEAR(o.vert[j + 1].Py, evp[j], 1e-11);
    }
}

/* ---- the closed form for mu0 + a |vt| on the first slide ------- */

static void test_closed_vt(void)
{
    /* WM92 rod, S0 = 0.6, mu = 0.3 + 0.5 |vt|: sigma = +1, lambda = a B1,
     * c = mu0 B1 + B3; |S| = (S0 + c/lambda) e^{-lambda p} - c/lambda until
     * it reaches 0 at p_r = ln(1 + lambda S0 / c) / lambda (the reversal) */
    double B1 = 2.5, B3 = 1.5, lam = 0.5 * B1, cc = 0.3 * B1 + B3;
    double pr = log(1 + lam * 0.6 / cc) / lam;
    imp_result2d o;
    flaw f = {F_VT, 0.3, 0.5, 0};
    CHECK(solve(rod(0.6), &f, IMP_LAW_POISSON, 0.5, &o) == IMP_OK);
    int k = find_event(&o, IMP_EV_REVERSE, 0);
    CHECK(k > 0);
    if (k > 0) {
        CHECK_NEAR(o.vert[k].Py, pr, 1e-12);
        /* Px = (S - S0 + B3 p) / B1 with S = 0 there */
        CHECK_NEAR(o.vert[k].Px, (B3 * pr - 0.6) / B1, 1e-12);
    }
}

/* ---- an aborting or negative law ---------------------------------------- */

static void test_bad(void)
{
    imp_result2d o;
    flaw f = {F_BAD, 0.2, 0, 0};
    CHECK(solve(rod(0.6), &f, IMP_LAW_POISSON, 0.5, &o) == IMP_ELAW);
    imp_law law = {IMP_LAW_POISSON, 1.5, NULL, NULL};
    imp_coef2d c = rod(0.6);
    imp_friction fr = {fl, &f};
    CHECK(imp_path2d_solve_friction(&c, &fr, &law, &o) == IMP_EINPUT);
    /* parting and S0 = C0 = 0: no impulse */
    flaw g = {F_CONST, 0.5, 0, 0};
    c.C0 = 0.5;
    CHECK(solve(c, &g, IMP_LAW_POISSON, 0.5, &o) == IMP_OK && o.mode == IMP_MODE_NONE &&
          o.Py == 0);
}

int main(void)
{
    RUN(test_vectors);
    RUN(test_constant);
    RUN(test_coincident);
    RUN(test_reference);
    RUN(test_closed_vt);
    RUN(test_bad);
    return check_summary();
}
