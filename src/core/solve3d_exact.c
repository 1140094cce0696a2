/* The exact 3D impact: Darboux-Keller integration over the normal impulse
 * p (after Keller 1986). The slip v_t is integrated as a
 * state of its own, with the tangential impulse and the works:
 *
 *   sliding:   dPt/dp = -mu_k u, dv_t/dp = Wtn - mu_k Wtt u, u = v_t/|v_t|
 *              (Dormand-Prince 5(4), adaptive)
 *   fixed:     sticking (dPt/dp = -Wtt^-1 Wtn, v_t = 0) or a slip along an
 *              invariant ray u (Wtn - mu_k Wtt u = lambda u: dPt/dp =
 *              -mu_k u, dv_t/dp = lambda u), both with constant rates
 *   dWn/dp = vn,  dWf/dp = v_t . dPt/dp;  vn = vC0_n + Wtn.Pt + Wnn p
 *
 * Since the hodograph field depends on the direction u only, the slip
 * direction obeys a one-dimensional flow, dphi/dp = g(phi)/|v_t| with
 * g = u_perp.f(u): it either settles on an attracting invariant ray (then
 * the rest of the slide is a straight line, integrated exactly: a stop at
 * |v_t|/|lambda| when lambda < 0) or turns past a close approach, where
 * |v_t| has a positive minimum and the slip goes on. Near v_t = 0 the
 * approach is followed in tau = ln(s0/|v_t|) (the direction equation is
 * regular there); it leaves tau when |v_t| stops shrinking. A slip counts
 * as stopped only when it lands on an attracting centripetal ray, or when
 * what is left of the approach is below the tolerance (1e-2 rtol of the
 * impulse scale); a close approach is integrated through at any depth.
 * After a stop: stick (|Wtt^-1 Wtn| <= mu_s) or restart along the unique
 * centrifugal ray (imp_reslide3d). Events (maximum compression, the law's
 * termination) are located by re-taking the step with a shorter length
 * (Illinois), so they are as accurate as the steps. */
#include <math.h>
#include <string.h>

#include "impact3d.h"
#include "interrupt.h"

enum { K_SLIDE, K_FIXED, K_TAU };

/* The state of a p-period, y = (Pt_x, Pt_z, Wn, Wf, vt_x, vt_z); a
 * tau-period has z = (u_x, u_z, p, Pt_x, Pt_z, Wn, Wf) and |v_t| =
 * s0 exp(-tau) (the direction is a unit vector, not an angle, so a slip
 * along an axis of planar data stays exactly on it). */
#define NY 6
#define NZ 7

/* |(a, b)|: sqrt of the squares, hypot only where they could under- or
 * overflow (libm's hypot is a quarter of the integrator's time) */
static inline double len2(double a, double b)
{
    double s = sqrt(a * a + b * b);
    return s > 1e-150 && s < 1e150 ? s : hypot(a, b);
}

typedef struct {
    const imp_contact3d *c;
    double mu_k;
    int kind;
    double cfix[2];     /* K_FIXED: dPt/dp */
    double vfix[2];     /* K_FIXED: dv_t/dp (0 sticking, lambda u on a ray) */
    double ulast[2];    /* the slip direction used where |v_t| is exactly 0 */
    double s0;          /* K_TAU: |v_t| at tau = 0 */
    int ray;            /* K_FIXED along an invariant ray: the slip may reach zero */
    int stick;          /* K_FIXED sticking: v_n = vn_fix + kstick (p - p_fix) */
    double vn_fix, p_fix;
} rhs_t;

static int dim_of(const rhs_t *r) { return r->kind == K_TAU ? NZ : NY; }

/* v_n = vC0_n + Wtn.Pt + Wnn p; while sticking it is linear with the rate
 * kstick = L_yy^2, which the sum would give only after a cancellation of
 * terms as large as W's largest entries (a nearly singular inertia). */
static double normal_vel(const rhs_t *r, double p, const double y[NY])
{
    const imp_contact3d *c = r->c;
    if (r->kind == K_FIXED && r->stick) return r->vn_fix + c->kstick * (p - r->p_fix);
    return c->vC0[1] + c->Wtn[0] * y[0] + c->Wtn[1] * y[1] + c->Wnn * p;
}

/* (p, y) of a state (t, z) of the period r. */
static void unpack(const rhs_t *r, double t, const double *z, double *p, double y[NY])
{
    if (r->kind == K_TAU) {
        double n = len2(z[0], z[1]), s = r->s0 * exp(-t);
        *p = z[2];
        memcpy(y, z + 3, 4 * sizeof *y);
        y[4] = s * z[0] / n;
        y[5] = s * z[1] / n;
    } else {
        *p = t;
        memcpy(y, z, NY * sizeof *y);
    }
}

/* f(u) = dv_t/dp while sliding along u. */
static void slide_rate(const imp_contact3d *c, double mu_k, const double u[2], double f[2])
{
    f[0] = c->Wtn[0] - mu_k * (c->Wtt[0] * u[0] + c->Wtt[1] * u[1]);
    f[1] = c->Wtn[1] - mu_k * (c->Wtt[2] * u[0] + c->Wtt[3] * u[1]);
}

static void rhs(const rhs_t *r, double t, const double *z, double *dz)
{
    const imp_contact3d *c = r->c;
    double p, y[NY];
    unpack(r, t, z, &p, y);
    double vn = normal_vel(r, p, y);
    if (r->kind == K_TAU) {
        double n = len2(z[0], z[1]), u[2] = {z[0] / n, z[1] / n}, f[2];
        slide_rate(c, r->mu_k, u, f);
        double h = u[0] * f[0] + u[1] * f[1], g = -u[1] * f[0] + u[0] * f[1];
        double s = r->s0 * exp(-t), dp = -s / h;
        dz[0] = (g / h) * u[1];      /* du/dtau = -(g/h) u_perp */
        dz[1] = -(g / h) * u[0];
        dz[2] = dp;
        dz[3] = -r->mu_k * u[0] * dp;
        dz[4] = -r->mu_k * u[1] * dp;
        dz[5] = vn * dp;
        dz[6] = -r->mu_k * s * dp;
        return;
    }
    if (r->kind == K_FIXED) {
        dz[0] = r->cfix[0];
        dz[1] = r->cfix[1];
        dz[3] = y[4] * r->cfix[0] + y[5] * r->cfix[1];
        dz[4] = r->vfix[0];
        dz[5] = r->vfix[1];
    } else {
        double s = len2(y[4], y[5]), u[2] = {r->ulast[0], r->ulast[1]}, f[2];
        if (s > 0) { u[0] = y[4] / s; u[1] = y[5] / s; }
        slide_rate(c, r->mu_k, u, f);
        dz[0] = -r->mu_k * u[0];
        dz[1] = -r->mu_k * u[1];
        dz[3] = -r->mu_k * s;
        dz[4] = f[0];
        dz[5] = f[1];
    }
    dz[2] = vn;
}

/* One Dormand-Prince 5(4) step; err gets the embedded error estimate. */
static void dp_step(const rhs_t *r, double t, const double *y, double h,
                    double *yn, double *err)
{
    static const double
        a21 = 1.0 / 5,
        a31 = 3.0 / 40, a32 = 9.0 / 40,
        a41 = 44.0 / 45, a42 = -56.0 / 15, a43 = 32.0 / 9,
        a51 = 19372.0 / 6561, a52 = -25360.0 / 2187, a53 = 64448.0 / 6561, a54 = -212.0 / 729,
        a61 = 9017.0 / 3168, a62 = -355.0 / 33, a63 = 46732.0 / 5247, a64 = 49.0 / 176,
        a65 = -5103.0 / 18656,
        b1 = 35.0 / 384, b3 = 500.0 / 1113, b4 = 125.0 / 192, b5 = -2187.0 / 6784, b6 = 11.0 / 84,
        e1 = 71.0 / 57600, e3 = -71.0 / 16695, e4 = 71.0 / 1920, e5 = -17253.0 / 339200,
        e6 = 22.0 / 525, e7 = -1.0 / 40;
    double k1[NZ], k2[NZ], k3[NZ], k4[NZ], k5[NZ], k6[NZ], k7[NZ], w[NZ];
    int i, n = dim_of(r);
    rhs(r, t, y, k1);
    for (i = 0; i < n; i++) w[i] = y[i] + h * a21 * k1[i];
    rhs(r, t + h / 5, w, k2);
    for (i = 0; i < n; i++) w[i] = y[i] + h * (a31 * k1[i] + a32 * k2[i]);
    rhs(r, t + 3 * h / 10, w, k3);
    for (i = 0; i < n; i++) w[i] = y[i] + h * (a41 * k1[i] + a42 * k2[i] + a43 * k3[i]);
    rhs(r, t + 4 * h / 5, w, k4);
    for (i = 0; i < n; i++)
        w[i] = y[i] + h * (a51 * k1[i] + a52 * k2[i] + a53 * k3[i] + a54 * k4[i]);
    rhs(r, t + 8 * h / 9, w, k5);
    for (i = 0; i < n; i++)
        w[i] = y[i] + h * (a61 * k1[i] + a62 * k2[i] + a63 * k3[i] + a64 * k4[i] + a65 * k5[i]);
    rhs(r, t + h, w, k6);
    for (i = 0; i < n; i++)
        yn[i] = y[i] + h * (b1 * k1[i] + b3 * k3[i] + b4 * k4[i] + b5 * k5[i] + b6 * k6[i]);
    rhs(r, t + h, yn, k7);
    for (i = 0; i < n; i++)
        err[i] = h * (e1 * k1[i] + e3 * k3[i] + e4 * k4[i] + e5 * k5[i] + e6 * k6[i] + e7 * k7[i]);
}

/* lambda = u.f(u) on an invariant ray, from the better conditioned of the
 * two components of f(u) = lambda u in Wtt's eigenbasis: along a stiff
 * eigenvalue w2 (a nearly singular inertia) b2 - mu w2 u2 is a difference
 * of large numbers, along the soft one it is not (weighted least squares
 * with each component's rounding level as its weight). */
static double ray_rate(const imp_contact3d *c, double mu, const double u[2])
{
    const double e2[2] = {c->tvec[0], c->tvec[1]}, e1[2] = {-c->tvec[1], c->tvec[0]};
    double b1 = e1[0] * c->Wtn[0] + e1[1] * c->Wtn[1], b2 = e2[0] * c->Wtn[0] + e2[1] * c->Wtn[1];
    double u1 = e1[0] * u[0] + e1[1] * u[1], u2 = e2[0] * u[0] + e2[1] * u[1];
    double f1 = b1 - mu * c->tev[0] * u1, f2 = b2 - mu * c->tev[1] * u2;
    double s1 = fabs(b1) + mu * c->tev[0] + 1e-300, s2 = fabs(b2) + mu * c->tev[1] + 1e-300;
    double w1 = u1 / (s1 * s1), w2 = u2 / (s2 * s2);
    return (w1 * f1 + w2 * f2) / (w1 * u1 + w2 * u2);
}

/* The attracting invariant ray within 0.1 rad of the slip direction u:
 * Newton on g(phi) = u_perp.f(u), whose slope g' = -(u.f + mu u_perp.Wtt
 * u_perp) must be negative (the ray attracts the direction). Returns the
 * bound on the tangential impulse lost by snapping a slip of size s onto
 * it, mu |phi - phi*| s / (|g'| - lambda) (the direction converges like
 * s^(|g'|/|lambda|)), or -1 when there is no such ray (or, on a
 * centrifugal ray, it attracts too weakly: |g'| <= 2 lambda). */
static double near_ray(const imp_contact3d *c, double mu, const double u[2], double s,
                       double tol, double us[2], double *lambda)
{
    double v[2] = {u[0], u[1]}, tot = 0, lam = 0, dg = 0;
    for (int it = 0; it < 12; it++) {
        double f[2], w[2] = {-v[1], v[0]};
        slide_rate(c, mu, v, f);
        lam = v[0] * f[0] + v[1] * f[1];
        double g = w[0] * f[0] + w[1] * f[1];
        double wWw = w[0] * (c->Wtt[0] * w[0] + c->Wtt[1] * w[1])
                   + w[1] * (c->Wtt[2] * w[0] + c->Wtt[3] * w[1]);
        dg = -(lam + mu * wWw);
        if (!(dg < 0)) return -1;
        double d = -g / dg;
        /* first estimate: give up early unless a snap is within reach */
        if (it == 0 && (fabs(d) > 0.1 || mu * fabs(d) * s > 1e3 * tol * (-dg - lam)))
            return -1;
        if (it > 0 && d == 0) break;
        tot += d;
        if (fabs(tot) > 0.1) return -1;
        double cd = cos(d), sd = sin(d);
        double v0 = cd * v[0] + sd * w[0], v1 = cd * v[1] + sd * w[1], n = len2(v0, v1);
        v[0] = v0 / n; v[1] = v1 / n;
        if (fabs(d) <= 1e-15) break;
    }
    double f[2], w[2] = {-v[1], v[0]};
    slide_rate(c, mu, v, f);
    lam = v[0] * f[0] + v[1] * f[1];
    dg = -(lam + mu * (w[0] * (c->Wtt[0] * w[0] + c->Wtt[1] * w[1])
                       + w[1] * (c->Wtt[2] * w[0] + c->Wtt[3] * w[1])));
    if (!(dg < 0) || (lam > 0 && !(-dg > 2 * lam))) return -1;
    us[0] = v[0]; us[1] = v[1];
    *lambda = ray_rate(c, mu, v);
    return mu * fabs(tot) * s / (-dg - lam);
}

/* The integrator's whole state. */
typedef struct {
    const imp_contact3d *c;
    const imp_law *law;
    double mu_s, mu_k;
    rhs_t r;            /* the current period */
    double t, z[NZ];    /* its independent variable and state */
    double p, y[NY];    /* the same point as (p, Pt_x, Pt_z, Wn, Wf, vt_x, vt_z) */
    int compression;
    double pc, Wc;
    imp_track3d *track;
    imp_result3d *out;
    double Pstage[3];   /* impulse at the start of the current stage */
    double p1;          /* no stop before this p (cone_entry) */
    double tol;         /* what a stop or a snap may move P by (updated per step) */
    const imp_opts3d *o;
    double vn0;         /* pre-impact normal velocity */
    double vscale, Ps;  /* |vC0| and the impulse scale |vC0|/Wnn */
    double pcap;        /* the largest normal impulse a built-in law may need */
    double h, hp;       /* the step; the p-step kept across a tau-period */
    long steps;         /* accepted and rejected steps so far */
    int done;           /* the law is satisfied */
} dk_t;

/* Starts a p-period at the current point. */
static void set_p_period(dk_t *d, int kind)
{
    d->r.kind = kind;
    d->r.stick = d->r.ray = 0;
    d->t = d->p;
    memcpy(d->z, d->y, sizeof d->y);
}

/* Slides on along the invariant ray u (lambda = u.f(u)): constant rates. */
static void set_ray(dk_t *d, const double u[2], double lambda)
{
    double s = len2(d->y[4], d->y[5]);
    d->y[4] = s * u[0];
    d->y[5] = s * u[1];
    d->r.cfix[0] = -d->mu_k * u[0];
    d->r.cfix[1] = -d->mu_k * u[1];
    d->r.vfix[0] = lambda * u[0];
    d->r.vfix[1] = lambda * u[1];
    d->r.ulast[0] = u[0]; d->r.ulast[1] = u[1];
    set_p_period(d, K_FIXED);
    d->r.ray = 1;
}

/* Without friction the slip moves on the straight line v_t0 + Wtn p with
 * no tangential impulse; it reaches zero only when v_t is exactly
 * antiparallel to Wtn (planar data): a ray then. */
static void set_frictionless(dk_t *d)
{
    const imp_contact3d *c = d->c;
    double vt[2] = {d->y[4], d->y[5]};
    d->r.cfix[0] = d->r.cfix[1] = 0;
    d->r.vfix[0] = c->Wtn[0];
    d->r.vfix[1] = c->Wtn[1];
    set_p_period(d, K_FIXED);
    d->r.ray = vt[0] * c->Wtn[1] - vt[1] * c->Wtn[0] == 0;
}

static void law_state(const dk_t *d, double p, const double y[NY], imp_law_state *s)
{
    memset(s, 0, sizeof *s);
    s->Pn = p;
    s->Pc = d->compression ? 0 : d->pc;
    s->vn = normal_vel(&d->r, p, y);
    s->vn0 = d->c->vC0[1];
    s->Wc = d->compression ? y[2] : d->Wc;
    s->Wr = d->compression ? 0 : y[2] - d->Wc;
    s->Pt[0] = y[0]; s->Pt[1] = y[1];
    s->vt[0] = y[4]; s->vt[1] = y[5];
    s->vt0[0] = d->c->vC0[0]; s->vt0[1] = d->c->vC0[2];
    s->phase = d->compression ? IMP_PHASE_COMPRESSION : IMP_PHASE_RESTITUTION;
    s->dim = 3;
}

/* The termination residual R (custom laws) after maximum compression. */
static imp_status residual(const dk_t *d, double p, const double y[NY], double *R)
{
    const imp_law *law = d->law;
    double e = law->e;
    switch (law->kind) {
    case IMP_LAW_POISSON:
        *R = p - (1 + e) * d->pc;
        return IMP_OK;
    case IMP_LAW_NEWTON:
        *R = normal_vel(&d->r, p, y) + e * d->c->vC0[1];
        return IMP_OK;
    case IMP_LAW_ENERGETIC:
        *R = (y[2] - d->Wc) + e * e * d->Wc;
        return IMP_OK;
    case IMP_LAW_CUSTOM: {
        imp_law_state s;
        law_state(d, p, y, &s);
        if (law->fn(law->ctx, &s, R) != 0) return IMP_ELAW;
        if (!isfinite(*R)) return IMP_ELAW;
        return IMP_OK;
    }
    }
    return IMP_EINPUT;
}

enum { EV_VN, EV_LAW };

static imp_status event_value(const dk_t *d, int ev, double p, const double y[NY], double *g)
{
    if (ev == EV_LAW) return residual(d, p, y, g);
    *g = normal_vel(&d->r, p, y);
    return IMP_OK;
}

/* First h' in (0, h] where the event function, negative at the step start
 * (ga), becomes >= 0 (it is >= 0 at h): Illinois on the length of a step
 * re-taken from the step start, so the event is as accurate as a step. */
static imp_status locate(const dk_t *d, int ev, double h, double ga, double gb,
                         double *hr, double *zr)
{
    double a = 0, b = h, err[NZ], zt[NZ], p, y[NY];
    int side = 0, n = dim_of(&d->r);
    for (int it = 0; it < 200 && b - a > 1e-15 * (fabs(d->t) + h) && gb != 0; it++) {
        double x = b - gb * (b - a) / (gb - ga);
        if (!(x > a && x < b)) x = 0.5 * (a + b);
        double gx;
        dp_step(&d->r, d->t, d->z, x, zt, err);
        unpack(&d->r, d->t + x, zt, &p, y);
        imp_status st = event_value(d, ev, p, y, &gx);
        if (st != IMP_OK) return st;
        if (gx >= 0) {
            b = x; gb = gx;
            memcpy(zr, zt, n * sizeof *zt);
            if (side == 1) ga *= 0.5;
            side = 1;
        } else {
            a = x; ga = gx;
            if (side == -1) gb *= 0.5;
            side = -1;
        }
    }
    *hr = b;
    return IMP_OK;
}

static imp_status track_point(dk_t *d)
{
    imp_track3d *t = d->track;
    if (!t || !t->grow) return IMP_OK;
    if (t->n == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 64;
        double *nd = t->grow(t->ud, t->data, 4 * cap);
        if (!nd) return IMP_ENOMEM;
        t->data = nd;
        t->cap = cap;
    }
    double *q = t->data + 4 * t->n++;
    q[0] = d->p; q[1] = d->y[4]; q[2] = normal_vel(&d->r, d->p, d->y); q[3] = d->y[5];
    return IMP_OK;
}

static void stage_open(dk_t *d, imp_stage3d_kind kind, int slip, const double u[2],
                       double lambda)
{
    imp_result3d *o = d->out;
    imp_stage3d *s = &o->stage[o->nstage++];
    memset(s, 0, sizeof *s);
    s->kind = kind;
    s->slip = slip;
    if (u) {
        s->u[0] = s->u_end[0] = u[0];
        s->u[1] = s->u_end[1] = u[1];
    }
    s->lambda = lambda;
    s->p0 = d->p;
    d->Pstage[0] = d->y[0]; d->Pstage[1] = d->p; d->Pstage[2] = d->y[1];
}

static void stage_close(dk_t *d, int at_stop)
{
    imp_result3d *o = d->out;
    imp_stage3d *s = &o->stage[o->nstage - 1];
    s->p1 = d->p;
    s->P[0] = d->y[0] - d->Pstage[0];
    s->P[1] = d->p - d->Pstage[1];
    s->P[2] = d->y[1] - d->Pstage[2];
    if (s->slip && at_stop) {          /* v_t is 0 here: keep the approach direction */
        s->u_end[0] = d->r.ulast[0];
        s->u_end[1] = d->r.ulast[1];
    } else if (s->slip) {
        double n = len2(d->y[4], d->y[5]);
        s->u_end[0] = n > 0 ? d->y[4] / n : d->r.ulast[0];
        s->u_end[1] = n > 0 ? d->y[5] / n : d->r.ulast[1];
    }
}

/* The slip is zero at the current point: stick if Coulomb allows, else
 * restart along the unique invariant direction (Keller 1986). */
static imp_status after_stop(dk_t *d, imp_stage3d_kind kind_if_slide)
{
    const imp_contact3d *c = d->c;
    d->y[4] = d->y[5] = 0;
    if (c->rho_req <= d->mu_s) {
        double vn = normal_vel(&d->r, d->p, d->y);
        d->r.cfix[0] = -c->q[0];
        d->r.cfix[1] = -c->q[1];
        d->r.vfix[0] = d->r.vfix[1] = 0;
        set_p_period(d, K_FIXED);
        d->r.stick = 1;
        d->r.vn_fix = vn;
        d->r.p_fix = d->p;
        stage_open(d, IMP_STAGE3D_STICKING, 0, NULL, 0);
        return IMP_OK;
    }
    double u[2], lambda;
    imp_status st = imp_reslide3d(c, d->mu_k, u, &lambda);
    if (st != IMP_OK) {
        d->out->fail = IMP_FAIL3D_RESLIDE;
        return st == IMP_EINPUT ? IMP_ENOCONV : st;
    }
    set_ray(d, u, lambda);
    stage_open(d, kind_if_slide, 1, u, lambda);
    return IMP_OK;
}

/* The earliest normal impulse at which the slip can be zero: v_t = 0 needs
 * Pt = -Wtt^-1 (vt0 + Wtn p) = -(g0 + q p), and every path keeps
 * |Pt| <= mu_k p, so p >= p1, the smallest root of |g0 + q p| = mu_k p
 * (SB22's c1 quadratic with g = g0, in its cancellation-free form; p1 is
 * where a slip sliding straight from the start would stop). INFINITY when
 * the line v_t = 0 never enters the cone (the slip cannot stop at all). */
static double cone_entry(const imp_contact3d *c, double mu)
{
    const double *g = c->g0, *q = c->q;
    double a = (c->rho_req - mu) * (c->rho_req + mu);
    double bb = g[0] * q[0] + g[1] * q[1], cc = g[0] * g[0] + g[1] * g[1];
    double cr = g[0] * q[1] - g[1] * q[0], disc = mu * mu * cc - cr * cr;
    if (!(cc > 0)) return 0;
    if (disc >= 0) {
        if (bb <= 0 && (a <= 0 || bb < 0)) return cc / (-bb + sqrt(disc));
        if (bb > 0 && a < 0) return (bb + sqrt(disc)) / -a;
    }
    return INFINITY;
}

/* The slip reached zero at the current point (p, y): land on v_t = 0 with
 * the tangential impulse that gives it exactly, Pt = -(g0 + q p), a
 * correction of the order of the integration error. The slide kept
 * |Pt| <= mu_k p; a stop on the line v_t = 0 outside that cone lies before
 * p1 = cone_entry() (by rounding: the stop conditions below require
 * p >= p1 within the tolerance), so it moves there along the line and v_t
 * stays 0 (moving Pt off the line instead would be amplified by W for a
 * nearly singular inertia). */
static void land_on_stop(dk_t *d)
{
    const imp_contact3d *c = d->c;
    double mu = d->mu_k, p = d->p;
    double Pt[2] = {-(c->g0[0] + c->q[0] * p), -(c->g0[1] + c->q[1] * p)};
    if (len2(Pt[0], Pt[1]) > mu * p) {
        double p1 = d->p1;
        p1 /= 1 - 1e-6;
        if (p1 > p && p1 - p <= 3e-6 * (p + 1e-300) + 1e-3 * d->tol) {
            double vn = normal_vel(&d->r, p, d->y);
            d->y[2] += vn * (p1 - p);
            d->p = d->t = p = p1;
            Pt[0] = -(c->g0[0] + c->q[0] * p); Pt[1] = -(c->g0[1] + c->q[1] * p);
        }
        double n = len2(Pt[0], Pt[1]), cap = mu * p;
        if (n > cap) {                 /* what is left is rounding */
            double k = n > 0 ? cap / n : 0;
            Pt[0] *= k; Pt[1] *= k;
        }
    }
    d->y[0] = Pt[0]; d->y[1] = Pt[1];
    d->y[4] = d->y[5] = 0;
}

/* dv_n/dp at the current point of a p-period. */
static double dvn_dp(const dk_t *d)
{
    double dy[NY];
    rhs(&d->r, d->p, d->y, dy);
    return d->c->Wnn + d->c->Wtn[0] * dy[0] + d->c->Wtn[1] * dy[1];
}

static imp_status fail(dk_t *d, imp_fail3d why, imp_status st)
{
    imp_result3d *o = d->out;
    o->fail = why;
    o->fail_stage = o->nstage > 0 ? o->stage[o->nstage - 1].kind : IMP_STAGE3D_SLIDING;
    o->fail_restitution = !d->compression;
    o->fail_p = d->p;
    return st;
}

/* The slip reached zero at the current point: land on it, close the
 * sliding stage and open the next one; *maxc when this is also maximum
 * compression. */
static imp_status on_stop(dk_t *d, int *maxc)
{
    imp_result3d *out = d->out;
    const imp_contact3d *c = d->c;
    land_on_stop(d);
    out->min_slip = 0;
    stage_close(d, 1);
    if (out->nstage >= IMP_STAGES3D_MAX) return fail(d, IMP_FAIL3D_STEP, IMP_ENOCONV);
    out->p_stop = d->p;
    imp_status st = after_stop(d, IMP_STAGE3D_RESLIDE);
    if (st != IMP_OK) return fail(d, out->fail, st);
    out->mode = c->rho_req <= d->mu_s
        ? (d->compression ? IMP_MODE_C_STICKING : IMP_MODE_R_STICKING)
        : (d->compression ? IMP_MODE_C_REVERSED : IMP_MODE_R_REVERSED);
    /* the stop may coincide with maximum compression */
    if (d->compression && normal_vel(&d->r, d->p, d->y) >= 0) *maxc = 1;
    return IMP_OK;
}

/* After a point is reached: record it, pass maximum compression; *done
 * when the law is satisfied. */
static imp_status reached(dk_t *d, int maxc, int end, int *done)
{
    imp_status st = track_point(d);
    if (st != IMP_OK) return st;
    if (maxc) {
        d->compression = 0;
        d->pc = d->p;
        d->Wc = d->y[2];
        double R;
        if ((st = residual(d, d->p, d->y, &R)) != IMP_OK) return st;
        if (R >= 0) end = 1;
    }
    *done = end;
    return IMP_OK;
}

/* What a stop or a snap may move P by, relative to the impulse so far. */
static double tol_at(const dk_t *d)
{
    return 1e-2 * d->o->rtol * (d->p + d->Ps);
}

/* Before a step while sliding in p: a stop on v_t = 0, a frictionless
 * slide, a snap onto an invariant ray, a switch to tau near a stop, or
 * the step limited by how fast the direction turns. *again: the state
 * changed, start over. */
static imp_status prepare_slide(dk_t *d, int *again)
{
    const imp_contact3d *c = d->c;
    double mu_k = d->mu_k, s = len2(d->y[4], d->y[5]);
    imp_status st;
    *again = 1;
    if (!(s > 0)) {                   /* landed exactly on v_t = 0 */
        int maxc = 0;
        if ((st = on_stop(d, &maxc)) != IMP_OK) return st;
        return reached(d, maxc, 0, &d->done);
    }
    double u[2] = {d->y[4] / s, d->y[5] / s}, f[2], us[2], lam;
    d->r.ulast[0] = u[0]; d->r.ulast[1] = u[1];
    if (s < d->out->min_slip) d->out->min_slip = s;
    if (mu_k == 0) {
        set_frictionless(d);
        return IMP_OK;
    }
    slide_rate(c, mu_k, u, f);
    double dsdp = u[0] * f[0] + u[1] * f[1], fn = len2(f[0], f[1]);
    double snap = near_ray(c, mu_k, u, s, d->tol, us, &lam);
    /* (a centripetal ray must not stop the slip before p1) */
    if (snap >= 0 && snap <= d->tol && !(lam < 0 && d->p + s / -lam < d->p1 - d->tol)) {
        set_ray(d, us, lam);          /* the rest is a straight line */
        return IMP_OK;
    }
    if (dsdp < -0.2 * fn && (s <= 3 * d->h * -dsdp || s <= 1e-3 * d->vscale)) {
        /* a stop may lie within reach: follow it in tau */
        d->hp = d->h;
        d->r.kind = K_TAU;
        d->r.s0 = s;
        d->t = 0;
        d->z[0] = u[0]; d->z[1] = u[1];
        d->z[2] = d->p;
        memcpy(d->z + 3, d->y, 4 * sizeof *d->y);
        d->h = 0.1;
        return IMP_OK;
    }
    double hmax = 0.5 * (d->p + d->Ps);
    if (fn > 0 && hmax > 2 * s / fn) hmax = 2 * s / fn;   /* the direction turns by <= 2 rad */
    if (dsdp < 0 && hmax > 0.5 * s / -dsdp) hmax = 0.5 * s / -dsdp;
    if (d->h > hmax) d->h = hmax;
    *again = 0;
    return IMP_OK;
}

/* Before a step of a tau-period (the approach to a stop): back to p when
 * the slip no longer heads for zero, a landing on an attracting ray, or
 * the rest of the approach below the tolerance. *again as above. */
static void prepare_tau(dk_t *d, int *again)
{
    const imp_contact3d *c = d->c;
    double mu_k = d->mu_k, tol = d->tol;
    double nu = len2(d->z[0], d->z[1]), u[2] = {d->z[0] / nu, d->z[1] / nu}, f[2], us[2], lam;
    slide_rate(c, mu_k, u, f);
    double uf = u[0] * f[0] + u[1] * f[1], s = d->r.s0 * exp(-d->t), fn = len2(f[0], f[1]);
    if (s < d->out->min_slip) d->out->min_slip = s;
    d->r.ulast[0] = u[0]; d->r.ulast[1] = u[1];
    *again = 1;
    if (uf > -0.1 * fn) {
        /* the slip no longer heads for zero (a close approach): back to p */
        set_p_period(d, K_SLIDE);
        d->h = d->hp;
        return;
    }
    double snap = near_ray(c, mu_k, u, s, tol, us, &lam);
    if (snap >= 0 && snap <= tol && lam < 0 && !(d->p + s / -lam < d->p1 - tol)) {
        set_ray(d, us, lam);          /* lands on the attracting ray: a stop */
        d->h = d->hp;
        return;
    }
    if ((1 + mu_k) * fmax(s / -uf, d->p1 - d->p) <= tol) {
        /* what is left of the approach is below the tolerance (and
         * the slip may stop here: p >= p1) */
        set_ray(d, u, uf);
        d->h = d->hp;
        return;
    }
    if (d->h > 4) d->h = 4;
    *again = 0;
}

/* The error test of a Dormand-Prince step from z to zn: the scaled error
 * norm, the slip to rtol of its own size near zero (its direction is what
 * matters there). */
static double step_error(const dk_t *d, const double zn[NZ], const double err[NZ])
{
    double rtol = d->o->rtol, Ps = d->Ps, vscale = d->vscale, atol[NZ];
    for (int i = 0; i < NZ; i++) atol[i] = rtol * Ps;
    if (d->r.kind == K_TAU) {
        atol[0] = atol[1] = rtol;
        atol[5] = atol[6] = rtol * Ps * vscale;
    } else {
        double sl = len2(d->y[4], d->y[5]);
        atol[2] = atol[3] = rtol * Ps * vscale;
        atol[4] = atol[5] = rtol * (d->r.kind == K_SLIDE ? fmin(sl, vscale) : vscale);
    }
    double en = 0;
    for (int i = 0, n = dim_of(&d->r); i < n; i++) {
        double sc = atol[i] + rtol * fmax(fabs(d->z[i]), fabs(zn[i]));
        double q = fabs(err[i]) / sc;
        if (q > en) en = q;
    }
    return en;
}

/* Events inside an accepted step from (p, vn) to (pn, yn): maximum
 * compression (v_n reaches 0) or the law's end; h and zn move to the
 * event. */
static imp_status find_events(dk_t *d, double vn, double pn, const double yn[NY],
                              double vnn, double *h, double zn[NZ], int *maxc, int *end)
{
    imp_status st;
    *maxc = *end = 0;
    if (d->compression) {
        if (vnn >= 0 && vn < 0) {
            if ((st = locate(d, EV_VN, *h, vn, vnn, h, zn)) != IMP_OK) return st;
            *maxc = 1;
        }
        return IMP_OK;
    }
    double R0, R1;
    if ((st = residual(d, pn, yn, &R1)) != IMP_OK) return st;
    if (R1 >= 0) {
        if ((st = residual(d, d->p, d->y, &R0)) != IMP_OK) return st;
        if ((st = locate(d, EV_LAW, *h, R0, R1, h, zn)) != IMP_OK) return st;
        *end = 1;
    }
    return IMP_OK;
}

/* Moves to the end zn of an accepted step of length h: the smallest slip
 * along a fixed-rate slide, friction capped at mu_k per unit normal
 * impulse, recompression noted. */
static void commit_step(dk_t *d, double h, const double zn[NZ], int stop_at_end)
{
    double Pt0[2] = {d->y[0], d->y[1]}, p0 = d->p;
    if (d->r.kind == K_FIXED && !d->r.stick && !stop_at_end) {
        /* the slip is linear along the step: its smallest size */
        const double *vf = d->r.vfix;
        double vf2 = vf[0] * vf[0] + vf[1] * vf[1];
        double tm = vf2 > 0 ? -(d->y[4] * vf[0] + d->y[5] * vf[1]) / vf2 : 0;
        tm = fmin(fmax(tm, 0), h);
        double sm = len2(d->y[4] + tm * vf[0], d->y[5] + tm * vf[1]);
        if (sm < d->out->min_slip) d->out->min_slip = sm;
    }
    d->t += h;
    memcpy(d->z, zn, NZ * sizeof *zn);
    unpack(&d->r, d->t, d->z, &d->p, d->y);
    if (d->r.kind != K_FIXED) {
        /* friction never exceeds mu_k per unit normal impulse; the
         * Runge-Kutta weights could, by the local error */
        double dPt[2] = {d->y[0] - Pt0[0], d->y[1] - Pt0[1]};
        double nP = len2(dPt[0], dPt[1]), cap = d->mu_k * (d->p - p0);
        if (nP > cap) {
            double k = cap > 0 ? cap / nP : 0;
            d->y[0] = Pt0[0] + k * dPt[0];
            d->y[1] = Pt0[1] + k * dPt[1];
            if (d->r.kind == K_TAU) { d->z[3] = d->y[0]; d->z[4] = d->y[1]; }
            else { d->z[0] = d->y[0]; d->z[1] = d->y[1]; }
        }
    }
    if (!d->compression) {
        double vnn = normal_vel(&d->r, d->p, d->y);
        if (vnn < -1e-12 * d->vscale && !d->out->recompression) {
            d->out->recompression = 1;
            d->out->stage[d->out->nstage - 1].recompression = 1;
        }
    }
}

/* One step from the current point (after prepare_*): a Dormand-Prince
 * step with error control (a rejected one shrinks h), the events inside
 * it, the move. */
static imp_status step(dk_t *d, double vn)
{
    double zn[NZ], err[NZ], h = d->h, hnext = h, reach = 0;
    int stop_at_end = 0;
    imp_status st;
    if (d->r.kind == K_FIXED) {
        /* a centripetal ray ends where the slip reaches zero */
        double s = len2(d->y[4], d->y[5]);
        double lam = d->r.vfix[0] * d->r.ulast[0] + d->r.vfix[1] * d->r.ulast[1];
        if (d->r.ray && s > 0 && lam < 0) {
            reach = s / -lam;
            if (h >= reach) { h = reach; stop_at_end = 1; }
        }
    }
    dp_step(&d->r, d->t, d->z, h, zn, err);
    double en = step_error(d, zn, err);
    double fac = en > 0 ? 0.9 * pow(en, -0.2) : 5;
    if (fac > 5) fac = 5;
    if (en > 1) {
        d->h = h * (fac < 0.2 ? 0.2 : fac);
        if (!(d->h > 1e-300) || !(d->t + d->h != d->t))
            return fail(d, IMP_FAIL3D_STEP, IMP_ENOCONV);
        return IMP_OK;
    }
    hnext = h * fac;
    if (stop_at_end && hnext < reach) hnext = reach;
    double pn, yn[NY];
    unpack(&d->r, d->t + h, zn, &pn, yn);
    double vnn = normal_vel(&d->r, pn, yn);
    /* A tangential start must first deepen the approach. */
    if (d->compression && d->p == 0 && d->vn0 == 0 && vnn >= 0) {
        d->h = h * 0.1;
        if (d->h < 1e-30 * d->Ps) return fail(d, IMP_FAIL3D_STEP, IMP_ENOCONV);
        return IMP_OK;
    }
    int maxc, end;
    if ((st = find_events(d, vn, pn, yn, vnn, &h, zn, &maxc, &end)) != IMP_OK) return st;
    if ((maxc || end) && h < reach) stop_at_end = 0;
    commit_step(d, h, zn, stop_at_end);
    d->h = hnext;
    if (stop_at_end) {
        if ((st = on_stop(d, &maxc)) != IMP_OK) return st;
        if (d->r.kind == K_TAU) d->h = d->hp;
    }
    return reached(d, maxc, end, &d->done);
}

/* The first period: slide along vt0, or (vt0 = 0) stick or slide along
 * the re-slide direction; *parts when the contact parts at once (vn0 > 0,
 * or a tangential one, vn0 = 0, that does not deepen). */
static imp_status exact_open(dk_t *d, int *parts)
{
    const imp_contact3d *c = d->c;
    double vt0[2] = {c->vC0[0], c->vC0[2]}, s0 = len2(vt0[0], vt0[1]);
    imp_status st;
    d->out->min_slip = s0;
    d->compression = 1;
    d->vn0 = c->vC0[1];
    d->y[4] = vt0[0]; d->y[5] = vt0[1];
    if (d->track) d->track->n = 0;
    if (s0 != 0) {
        d->r.ulast[0] = vt0[0] / s0; d->r.ulast[1] = vt0[1] / s0;
        set_p_period(d, K_SLIDE);
        stage_open(d, IMP_STAGE3D_SLIDING, 1, d->r.ulast, 0);
    } else if ((st = after_stop(d, IMP_STAGE3D_SLIDING)) != IMP_OK) {
        return st;
    }
    *parts = d->vn0 > 0 || (d->vn0 == 0 && !(dvn_dp(d) < 0));
    return IMP_OK;
}

/* The integration from the first period to the law's end. */
static imp_status exact_run(dk_t *d)
{
    const imp_contact3d *c = d->c;
    imp_status st;
    d->vscale = len2(len2(c->vC0[0], c->vC0[1]), c->vC0[2]);
    d->Ps = d->vscale / c->Wnn;
    /* stops before p1 are impossible (up to p1's own rounding, 1e-6) */
    d->p1 = cone_entry(c, d->mu_k) * (1 - 1e-6);
    /* no built-in law needs more than the impulse that would leave the body
     * with 1e12 times its kinetic energy (|P| <= sqrt(2 m T) + sqrt(2 m T0)) */
    d->pcap = 1e6 * (d->Ps + sqrt(2 * c->m * c->T0));
    d->h = d->hp = 1e-3 * d->Ps;
    if ((st = track_point(d)) != IMP_OK) return st;
    while (!d->done) {
        if (imp_interrupted()) return IMP_EINTERRUPT;
        if (++d->steps > d->o->max_steps) return fail(d, IMP_FAIL3D_NONE, IMP_ESTEPS);
        if (!d->compression && d->p > d->pcap + 1e6 * d->pc)
            return d->law->kind == IMP_LAW_CUSTOM ? IMP_ENOROOT
                                                  : fail(d, IMP_FAIL3D_NOEND, IMP_ENOCONV);
        double vn = normal_vel(&d->r, d->p, d->y);
        int again = 0;
        d->tol = tol_at(d);
        st = IMP_OK;
        if (d->r.kind == K_SLIDE) {
            st = prepare_slide(d, &again);
        } else if (d->r.kind == K_TAU) {
            prepare_tau(d, &again);
        } else if (d->h > 0.5 * (d->p + d->Ps)) {
            d->h = 0.5 * (d->p + d->Ps);
        }
        if (st == IMP_OK && !again) st = step(d, vn);
        if (st != IMP_OK) return st;
    }
    return IMP_OK;
}

imp_status imp_solve3d_exact_contact(const imp_contact3d *c, double mu_s, double mu_k,
                                     const imp_law *law, const imp_opts3d *opts,
                                     imp_result3d *out)
{
    imp_opts3d def;
    if (!opts) { imp_opts3d_default(&def); opts = &def; }
    if (!(opts->rtol > 0)) return IMP_EINPUT;
    imp_status st = imp_result3d_start(mu_s, mu_k, law, out);
    if (st != IMP_OK) return st;
    dk_t d;
    memset(&d, 0, sizeof d);
    d.c = c; d.law = law; d.mu_s = mu_s; d.mu_k = mu_k; d.o = opts;
    d.r.c = c; d.r.mu_k = mu_k;
    d.track = opts->track;
    d.out = out;
    int parts, direct = c->vC0[0] == 0 && c->vC0[2] == 0;
    if ((st = exact_open(&d, &parts)) != IMP_OK) return st;
    if (parts) {
        out->nstage = 0;
        out->fail = IMP_FAIL3D_NONE;
        imp_result3d_finish(c, out);
        return IMP_OK;
    }
    if ((st = exact_run(&d)) != IMP_OK) return st;
    stage_close(&d, 0);
    out->nsteps = d.steps;
    if (out->mode == IMP_MODE_NONE)
        out->mode = direct && c->rho_req <= mu_s ? IMP_MODE_C_STICKING : IMP_MODE_SLIDING;
    out->P[0] = d.y[0]; out->P[1] = d.p; out->P[2] = d.y[1];
    out->Pc = d.pc;
    out->Wc = d.Wc;
    out->Wr = d.y[2] - d.Wc;
    out->Wf = d.y[3];
    imp_result3d_finish(c, out);
    return IMP_OK;
}

imp_status imp_solve3d_exact(const imp_body3d *b, double mu_s, double mu_k,
                             const imp_law *law, const imp_opts3d *opts,
                             imp_result3d *out)
{
    imp_contact3d c;
    imp_status st = opts && !(opts->rtol > 0) ? IMP_EINPUT
                  : imp_solve3d_setup(b, mu_s, mu_k, law, &c);
    if (st == IMP_OK) st = imp_solve3d_exact_contact(&c, mu_s, mu_k, law, opts, out);
    if (st == IMP_OK) imp_result3d_apply(b, &c, out);
    return st;
}
