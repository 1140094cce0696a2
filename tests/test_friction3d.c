/* Friction laws on the exact 3D path (imp_exact3d_solve_contact_friction):
 * a constant law is the constant-mu solver bit for bit; planar 3D data
 * give Routh's 2D friction-law path (imp_path2d_solve_friction); an
 * independent fixed-step RK4 of the impulse-space equations with mu(s),
 * written here, converges to the solver's answer; the energy balance
 * closes and never gains for mu(s) >= 0; a failing law is IMP_ELAW. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bodies3d.h"
#include "check.h"
#include "friction.h"
#include "friction3d.h"
#include "impact2d.h"

static double urand(double lo, double hi) { return lo + (hi - lo) * (rand() / (RAND_MAX + 1.0)); }

/* the laws: mu0, or mu0 + a |vt|, mu0 + a Pn, mu0 exp(-a Pn), a phase switch, or bad values */
typedef enum { L_CONST, L_SPEED, L_PN, L_PN_DOWN, L_PHASE, L_NEG, L_NAN, L_ABORT } lkind;
typedef struct {
    lkind k;
    double mu0, a;
    long calls;
} flaw;

static int fl(void *ctx, const imp_law_state *s, double *mu)
{
    flaw *f = ctx;
    f->calls++;
    switch (f->k) {
    case L_CONST: *mu = f->mu0; return 0;
    case L_SPEED: *mu = f->mu0 + f->a * hypot(s->vt[0], s->vt[1]); return 0;
    case L_PN: *mu = f->mu0 + f->a * s->Pn; return 0;
    case L_PN_DOWN: *mu = f->mu0 * exp(-f->a * s->Pn); return 0;   /* smooth: breaks sticks */
    case L_PHASE: *mu = s->phase == IMP_PHASE_COMPRESSION ? f->mu0 : f->a; return 0;
    case L_NEG: *mu = s->Pn > 0 ? -0.5 : f->mu0; return 0;
    case L_NAN: *mu = s->Pn > 0 ? NAN : f->mu0; return 0;
    default: return s->Pn > 0;   /* aborts after the start */
    }
}

static void random_body(imp_body3d *b)
{
    double I[3] = {urand(0.05, 1), urand(0.05, 1), 0}, q[4], r[3], v[3], w[3];
    I[2] = urand(fabs(I[0] - I[1]) + 0.01, I[0] + I[1]);
    for (int i = 0; i < 4; i++) q[i] = urand(-1, 1);
    for (int i = 0; i < 3; i++) { r[i] = urand(-1, 1); v[i] = urand(-1, 1); w[i] = urand(-1, 1); }
    r[1] = -urand(0.05, 1);
    v[1] = -urand(0.3, 2);
    quat_body(b, urand(0.2, 5), I, q, r, v, w);
}

/* a random body whose contact approaches (vC0_n < 0) */
static void random_contact(imp_body3d *b, imp_contact3d *c)
{
    do {
        random_body(b);
        CHECK(imp_contact3d_init(b, c) == IMP_OK);
    } while (!(c->vC0[1] < -0.05));
}

static void test_constant(void)
{
    srand(31);
    int n = 0, same = 0, stops = 0;
    for (int i = 0; i < 150; i++) {
        imp_body3d b;
        imp_contact3d c;
        random_contact(&b, &c);
        if (i % 5 == 0) { c.vC0[0] = c.vC0[2] = 0; }       /* direct impacts too */
        double mu = urand(0, 1.2), e = urand(0, 1);
        imp_law law = law_of((imp_law_kind)(i % 3), e);
        flaw f = {L_CONST, mu, 0, 0};
        imp_friction fr = {fl, &f};
        imp_result3d x, y;
        imp_status s1 = imp_exact3d_solve_contact(&c, mu, mu, &law, NULL, &x);
        imp_status s2 = imp_exact3d_solve_contact_friction(&c, &fr, &law, NULL, &y);
        CHECK(s1 == s2);
        if (s1 != IMP_OK) continue;
        double sc = fabs(x.P[1]) + 1e-300;
        int eq = 1;
        for (int k = 0; k < 3; k++) {
            CHECK_NEAR(y.P[k], x.P[k], 1e-12 * sc);
            eq = eq && x.P[k] == y.P[k] && x.vC[k] == y.vC[k];
        }
        eq = eq && x.Wc == y.Wc && x.Wr == y.Wr && x.Wf == y.Wf && x.dT == y.dT;
        CHECK(x.mode == y.mode);
        CHECK(x.nsteps == y.nsteps);
        same += eq;
        stops += x.p_stop >= 0;
        n++;
    }
    CHECK(n >= 140);
    CHECK(same == n);                /* bit for bit: the same path */
    CHECK(stops >= 10);
    printf("constant law = constant mu: %d problems, %d bit-identical, %d with a stop\n", n, same,
           stops);
}

/* Planar data (a body turning about its principal z axis, moving in x-y)
 * with a varying law: the 2D friction-law path. */
static void test_planar(void)
{
    srand(7);
    int n = 0, modes[8] = {0};
    double worst = 0;
    for (int i = 0; i < 400; i++) {
        double Ixx = urand(0.05, 2), Iyy = urand(0.05, 2);
        double Izz = urand(fabs(Ixx - Iyy) + 0.01, Ixx + Iyy), a = urand(-3.1, 3.1);
        double Ib[9] = {Ixx, 0, 0, 0, Iyy, 0, 0, 0, Izz}, R[9];
        imp_body3d b;
        memset(&b, 0, sizeof b);
        b.m = urand(0.2, 5);
        imp_mat3_rot_z(a, R);
        imp_mat3_rotate(R, Ib, b.I);
        b.r[0] = urand(-1, 1); b.r[1] = -urand(0.05, 1);
        b.v[0] = urand(-1, 1); b.v[1] = -urand(0.05, 1);
        b.w[2] = urand(-1, 1);
        if (i % 6 == 0) b.v[0] = -b.w[2] * -b.r[1];   /* S0 = 0 */
        imp_body2d b2 = {b.m, sqrt(Izz / b.m), -b.r[0], -b.r[1], b.v[0], b.v[1], b.w[2]};
        imp_coef2d c2;
        imp_coef2d_from_bodies(&b2, NULL, &c2);
        imp_contact3d c;
        CHECK(imp_contact3d_init(&b, &c) == IMP_OK);
        flaw f = {(lkind)(1 + i % 4), urand(0.1, 0.9), urand(0.1, 0.8), 0};
        if (f.k == L_PN_DOWN) f.mu0 += 0.5;
        imp_friction fr = {fl, &f};
        imp_law law = law_of((imp_law_kind)(i % 3), urand(0.1, 1));
        imp_result2d r2;
        imp_result3d x;
        imp_opts3d o;
        imp_opts3d_default(&o);
        o.rtol = 1e-13;                  /* (the 2D path integrates to 1e-13) */
        imp_status s2 = imp_path2d_solve_friction(&c2, &fr, &law, &r2);
        imp_status s3 = imp_exact3d_solve_contact_friction(&c, &fr, &law, &o, &x);
        if (s2 != IMP_OK) continue;
        CHECK(s3 == IMP_OK);
        if (s3 != IMP_OK) { fprintf(stderr, "  planar %d: status %d fail %d at p %g (stage %d, restit %d), law %d\n", i, s3, x.fail, x.fail_p, x.fail_stage, x.fail_restitution, f.k); continue; }
        double sc = fabs(r2.Py), v = fabs(c2.S0) + fabs(c2.C0);
        CHECK_NEAR(x.P[0], r2.Px, 1e-10 * sc);
        CHECK_NEAR(x.P[1], r2.Py, 1e-10 * sc);
        /* (the re-slide ray of planar data leaves the plane by rounding, 1e-17) */
        CHECK_NEAR(x.P[2], 0, 1e-13 * sc);
        CHECK_NEAR(x.vC[0], r2.S, 1e-9 * v);
        CHECK_NEAR(x.vC[1], r2.C, 1e-9 * v);
        CHECK_NEAR(x.dT, r2.dT, 1e-9 * v * v / c2.B2);
        CHECK(x.mode == r2.mode);
        if (x.mode != r2.mode || fabs(x.P[1] - r2.Py) > 1e-10 * sc) {
            fprintf(stderr, "  planar %d (law %d, restitution %d): mode %d vs %d, Py %.17g vs %.17g\n", i, f.k,
                    law.kind, x.mode, r2.mode, x.P[1], r2.Py);
            for (int k = 0; k < r2.nvert; k++) fprintf(stderr, "    2D ev %d at %.17g\n", r2.vert[k].event, r2.vert[k].Py);
            for (int k = 0; k < x.nstage; k++) fprintf(stderr, "    3D stage %d %.17g..%.17g\n", x.stage[k].kind, x.stage[k].p0, x.stage[k].p1);
            for (int k = 13; k >= 10; k--) {
                o.rtol = pow(10, -k);
                imp_exact3d_solve_contact_friction(&c, &fr, &law, &o, &x);
                fprintf(stderr, "    rtol 1e-%d: Py %.17g Pc %.17g\n", k, x.P[1], x.Pc);
            }
        }
        double d = fmax(fabs(x.P[0] - r2.Px), fabs(x.P[1] - r2.Py)) / sc;
        if (d > worst) worst = d;
        modes[r2.mode]++;
        n++;
    }
    CHECK(n >= 350);
    CHECK(modes[IMP_MODE_C_REVERSED] + modes[IMP_MODE_R_REVERSED] >= 10);   /* breaks, reversals */
    CHECK(modes[IMP_MODE_C_STICKING] + modes[IMP_MODE_R_STICKING] >= 10);
    printf("planar = 2D friction law: %d problems, worst |dP|/Py %.2e\n", n, worst);
}

/* ---- an independent reference: RK4 on y = (Pt_x, Pt_z, Wn, Wf, vt_x, vt_z),
 * p the normal impulse, sliding throughout (mu(s) from the same law); v_C =
 * v_C0 + W P with W in (x, y, z) order, y normal. */
typedef struct {
    const imp_contact3d *c;
    flaw *f;
    int restit;
    double pc, Wc;
} ref_t;

static void ref_rhs(const ref_t *r, double p, const double *y, double *dy)
{
    const double *W = r->c->W, *v0 = r->c->vC0;
    double vt[2] = {y[4], y[5]}, s = hypot(vt[0], vt[1]);
    double vn = v0[1] + W[3] * y[0] + W[4] * p + W[5] * y[1];
    imp_law_state st;
    memset(&st, 0, sizeof st);
    st.Pn = p; st.Pc = r->restit ? r->pc : 0; st.vn = vn; st.vn0 = v0[1];
    st.Wc = r->restit ? r->Wc : y[2]; st.Wr = r->restit ? y[2] - r->Wc : 0;
    st.Pt[0] = y[0]; st.Pt[1] = y[1]; st.vt[0] = vt[0]; st.vt[1] = vt[1];
    st.vt0[0] = v0[0]; st.vt0[1] = v0[2];
    st.phase = r->restit ? IMP_PHASE_RESTITUTION : IMP_PHASE_COMPRESSION;
    st.dim = 3;
    double mu;
    fl(r->f, &st, &mu);
    double dPx = -mu * vt[0] / s, dPz = -mu * vt[1] / s;
    dy[0] = dPx; dy[1] = dPz;
    dy[2] = vn;
    dy[3] = vt[0] * dPx + vt[1] * dPz;
    dy[4] = W[0] * dPx + W[1] + W[2] * dPz;      /* dv_x/dp: W row x . (dPx, 1, dPz) */
    dy[5] = W[6] * dPx + W[7] + W[8] * dPz;
}

static void rk4(const ref_t *r, double p, const double *y, double h, double *yn)
{
    double k1[6], k2[6], k3[6], k4[6], t[6];
    ref_rhs(r, p, y, k1);
    for (int i = 0; i < 6; i++) t[i] = y[i] + 0.5 * h * k1[i];
    ref_rhs(r, p + 0.5 * h, t, k2);
    for (int i = 0; i < 6; i++) t[i] = y[i] + 0.5 * h * k2[i];
    ref_rhs(r, p + 0.5 * h, t, k3);
    for (int i = 0; i < 6; i++) t[i] = y[i] + h * k3[i];
    ref_rhs(r, p + h, t, k4);
    for (int i = 0; i < 6; i++) yn[i] = y[i] + h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
}

static double ref_vn(const ref_t *r, double p, const double *y)
{
    const double *W = r->c->W;
    return r->c->vC0[1] + W[3] * y[0] + W[4] * p + W[5] * y[1];
}

/* Poisson's law: compression to v_n = 0 (the crossing found by bisection
 * on a re-taken partial step), restitution to p = (1 + e) pc, n steps per
 * phase; P out. Returns the smallest slip seen. */
static double ref_solve(const imp_contact3d *c, flaw *f, double e, int n, double P[3])
{
    ref_t r = {c, f, 0, 0, 0};
    double y[6] = {0, 0, 0, 0, c->vC0[0], c->vC0[2]}, yn[6], p = 0, smin = INFINITY;
    double h = 2.0 * -c->vC0[1] / c->Wnn / n;   /* steps of the compression's scale */
    for (;;) {
        rk4(&r, p, y, h, yn);
        if (ref_vn(&r, p + h, yn) >= 0) break;
        p += h;
        memcpy(y, yn, sizeof y);
        smin = fmin(smin, hypot(y[4], y[5]));
    }
    double lo = 0, hi = h;
    for (int it = 0; it < 200 && hi - lo > 1e-16 * (p + hi); it++) {
        double m = 0.5 * (lo + hi);
        rk4(&r, p, y, m, yn);
        if (ref_vn(&r, p + m, yn) >= 0) hi = m; else lo = m;
    }
    rk4(&r, p, y, hi, yn);
    p += hi;
    memcpy(y, yn, sizeof y);
    r.restit = 1;
    r.pc = p;
    r.Wc = y[2];
    double hr = e * p / n;
    for (int i = 0; i < n; i++) {
        rk4(&r, p, y, hr, yn);
        p = r.pc + (i + 1) * hr;
        memcpy(y, yn, sizeof y);
        smin = fmin(smin, hypot(y[4], y[5]));
    }
    P[0] = y[0]; P[1] = p; P[2] = y[1];
    return smin;
}

static void test_rk4(void)
{
    srand(99);
    int n = 0;
    double worst = 0;
    for (int i = 0; i < 60 && n < 12; i++) {
        imp_body3d b;
        imp_contact3d c;
        random_contact(&b, &c);
        c.vC0[0] *= 6; c.vC0[2] *= 6;    /* a fast slip that does not stop */
        flaw f = {i % 2 ? L_SPEED : L_PN, urand(0.05, 0.3), urand(0.05, 0.3), 0};
        imp_friction fr = {fl, &f};
        double e = urand(0.2, 1), P1[3], P2[3], P3[3];
        imp_law law = law_of(IMP_LAW_POISSON, e);
        if (ref_solve(&c, &f, e, 1000, P3) < 0.05 * hypot(c.vC0[0], c.vC0[2])) continue;
        ref_solve(&c, &f, e, 20, P1);
        ref_solve(&c, &f, e, 40, P2);
        imp_result3d x;
        imp_opts3d o;
        imp_opts3d_default(&o);
        o.rtol = 1e-13;
        CHECK(imp_exact3d_solve_contact_friction(&c, &fr, &law, &o, &x) == IMP_OK);
        CHECK(x.p_stop < 0);
        double sc = P2[1], e1 = 0, e2 = 0, e3 = 0;
        for (int k = 0; k < 3; k++) {
            e1 = fmax(e1, fabs(P1[k] - x.P[k]) / sc);
            e2 = fmax(e2, fabs(P2[k] - x.P[k]) / sc);
            e3 = fmax(e3, fabs(P3[k] - x.P[k]) / sc);
        }
        /* fourth order: halving the step divides the gap by ~16; 1000
         * steps a phase agree to 1e-11 */
        CHECK(e3 < 1e-11);
        CHECK(e2 < e1 / 8 || e2 < 1e-12);
        if (!(e2 < e1 / 8 || e2 < 1e-12) || !(e3 < 1e-11))
            fprintf(stderr, "  rk4 %d: gaps %.3g (20 steps) %.3g (40) %.3g (1000)\n", i, e1, e2, e3);
        worst = fmax(worst, e3);
        n++;
    }
    CHECK(n >= 10);
    printf("RK4 reference: %d sliding problems, converging at 4th order, worst gap %.2e (1000 "
           "steps)\n", n, worst);
}

static void test_energy(void)
{
    srand(5);
    int n = 0, gains = 0;
    for (int i = 0; i < 300; i++) {
        imp_body3d b;
        imp_contact3d c;
        random_contact(&b, &c);
        flaw f = {(lkind)(1 + i % 4), urand(0, 1), urand(0, 1), 0};
        if (f.k == L_PN_DOWN) f.mu0 += 0.5;
        imp_friction fr = {fl, &f};
        imp_law law = law_of(i % 2 ? IMP_LAW_POISSON : IMP_LAW_ENERGETIC, urand(0, 1));
        imp_result3d x;
        if (imp_exact3d_solve_contact_friction(&c, &fr, &law, NULL, &x) != IMP_OK) continue;
        double T = c.T0;
        CHECK(x.Wf <= 1e-12 * T);
        CHECK_NEAR(x.Wc + x.Wr + x.Wf, x.dT, 1e-8 * T);
        /* the energetic law never gains (Stronge); Poisson's can when mu
         * drops at maximum compression (the phase law): reported */
        if (law.kind == IMP_LAW_ENERGETIC) CHECK(x.dT <= 1e-10 * T);
        else if (f.k != L_PHASE) CHECK(x.dT <= 1e-10 * T);
        gains += x.dT > 1e-10 * T;
        CHECK(x.energy_gain == (x.dT > 0));        /* a gain is reported */
        n++;
    }
    CHECK(n >= 290);
    printf("energy: %d problems, Wf <= 0, dT = Wc + Wr + Wf; %d gains (Poisson, mu dropping at "
           "maximum compression)\n", n, gains);
}

static void test_errors(void)
{
    imp_body3d b;
    imp_contact3d c;
    srand(3);
    random_contact(&b, &c);
    imp_law law = law_of(IMP_LAW_POISSON, 0.5);
    imp_result3d x;
    for (int k = L_NEG; k <= L_ABORT; k++) {
        flaw f = {(lkind)k, 0.3, 0, 0};
        imp_friction fr = {fl, &f};
        CHECK(imp_exact3d_solve_contact_friction(&c, &fr, &law, NULL, &x) == IMP_ELAW);
    }
    flaw f = {L_CONST, -1, 0, 0};                /* negative at the start */
    imp_friction fr = {fl, &f};
    CHECK(imp_exact3d_solve_contact_friction(&c, &fr, &law, NULL, &x) == IMP_ELAW);
    f.mu0 = INFINITY;
    CHECK(imp_exact3d_solve_contact_friction(&c, &fr, &law, NULL, &x) == IMP_ELAW);
    imp_friction none = {NULL, NULL};
    CHECK(imp_exact3d_solve_contact_friction(&c, &none, &law, NULL, &x) == IMP_EINPUT);
}

int main(void)
{
    RUN(test_constant);
    RUN(test_planar);
    RUN(test_rk4);
    RUN(test_energy);
    RUN(test_errors);
    return check_summary();
}
