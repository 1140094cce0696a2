/* The exact 3D impact: Darboux-Keller integration over the normal impulse
 * p (PHYSICS.md E.3, after Keller 1986). State y = (Pt_x, Pt_z, Wn, Wf);
 * the contact velocity follows from v_C = v_C0 + W P at every p.
 *
 *   sliding:   dPt/dp = -mu_k vt/|vt|    (Dormand-Prince 5(4), adaptive)
 *   sticking:  dPt/dp = -Wtt^-1 Wtn      (constant)
 *   re-slide:  dPt/dp = -mu_k u          (constant, u from imp_reslide3d)
 *   dWn/dp = vn,  dWf/dp = vt . dPt/dp
 *
 * Events are located by re-taking the step from its start with a shorter
 * length (Illinois on the step length), so they are as accurate as the
 * steps themselves. A slip heading for zero (|vt| within a few steps, or
 * below 1e-3 |vC0|) is followed in tau = ln(s0/|vt|), where the turning
 * direction is regular; at |vt| = 1e-6 |vC0| it is carried to zero along
 * its current direction (exact on an attracting centripetal ray; past a
 * repelling one the true slip only nearly stops, by about that much) and
 * projected onto v_t = 0. Then it sticks (|Wtt^-1 Wtn| <= mu_s) or
 * restarts along the unique invariant ray u (imp_reslide3d). */
#include <math.h>
#include <string.h>

#include "impact3d.h"
#include "interrupt.h"

enum { K_SLIDE, K_FIXED, K_TAU };

/* The right-hand side of one integration period. K_SLIDE and K_FIXED run
 * in p with z = (Pt_x, Pt_z, Wn, Wf); K_TAU runs near a slip stop in
 * tau = ln(s0/|vt|) with z = (phi, p, Pt_x, Pt_z, Wn, Wf), phi the slip
 * angle: there the direction equation dphi/dtau is regular while in p it
 * is singular at v_t = 0, so the hodograph's final approach (which may
 * still be turning) is followed exactly down to |vt| ~ 1e-14. */
typedef struct {
    const imp_contact3d *c;
    double mu_k;
    int kind;
    double cfix[2];     /* K_FIXED: dPt/dp */
    double ulast[2];    /* K_SLIDE: direction used if |vt| is exactly 0 */
    double s0;          /* K_TAU: |vt| at tau = 0 */
} rhs_t;

static int dim_of(const rhs_t *r) { return r->kind == K_TAU ? 6 : 4; }

static void contact_vel(const imp_contact3d *c, double p, const double y[4],
                        double vt[2], double *vn)
{
    vt[0] = c->vC0[0] + c->Wtt[0] * y[0] + c->Wtt[1] * y[1] + c->Wtn[0] * p;
    vt[1] = c->vC0[2] + c->Wtt[2] * y[0] + c->Wtt[3] * y[1] + c->Wtn[1] * p;
    *vn = c->vC0[1] + c->Wtn[0] * y[0] + c->Wtn[1] * y[1] + c->Wnn * p;
}

/* (p, y) of a state (t, z) of the period r. */
static void unpack(const rhs_t *r, double t, const double *z, double *p, double y[4])
{
    if (r->kind == K_TAU) {
        *p = z[1];
        memcpy(y, z + 2, 4 * sizeof *y);
    } else {
        *p = t;
        memcpy(y, z, 4 * sizeof *y);
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
    double vt[2], vn, p, y[4];
    unpack(r, t, z, &p, y);
    contact_vel(c, p, y, vt, &vn);
    if (r->kind == K_TAU) {
        double u[2] = {cos(z[0]), sin(z[0])}, f[2];
        slide_rate(c, r->mu_k, u, f);
        double uf = u[0] * f[0] + u[1] * f[1], s = r->s0 * exp(-t);
        double dp = -s / uf;
        dz[0] = -(-u[1] * f[0] + u[0] * f[1]) / uf;
        dz[1] = dp;
        dz[2] = -r->mu_k * u[0] * dp;
        dz[3] = -r->mu_k * u[1] * dp;
        dz[4] = vn * dp;
        dz[5] = -r->mu_k * s * dp;
        return;
    }
    if (r->kind == K_FIXED) {
        dz[0] = r->cfix[0];
        dz[1] = r->cfix[1];
    } else {
        double s = hypot(vt[0], vt[1]);
        double u0 = r->ulast[0], u1 = r->ulast[1];
        if (s > 0) { u0 = vt[0] / s; u1 = vt[1] / s; }
        dz[0] = -r->mu_k * u0;
        dz[1] = -r->mu_k * u1;
    }
    dz[2] = vn;
    dz[3] = vt[0] * dz[0] + vt[1] * dz[1];
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
    double k1[6], k2[6], k3[6], k4[6], k5[6], k6[6], k7[6], w[6];
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

/* The integrator's whole state. */
typedef struct {
    const imp_body3d *b;
    const imp_contact3d *c;
    const imp_law *law;
    double mu_s, mu_k;
    rhs_t r;            /* the current period */
    double t, z[6];     /* its independent variable and state */
    double p, y[4];     /* the same point as (p, Pt_x, Pt_z, Wn, Wf) */
    int compression;
    double pc, Wc;
    imp_track3d *track;
    imp_result3d *out;
    double Pstage[3];   /* impulse at the start of the current stage */
} dk_t;

/* Starts a p-period at the current point. */
static void set_p_period(dk_t *d, int kind)
{
    d->r.kind = kind;
    d->t = d->p;
    memcpy(d->z, d->y, sizeof d->y);
}

static void law_state(const dk_t *d, double p, const double y[4], imp_law_state *s)
{
    double vt[2], vn;
    contact_vel(d->c, p, y, vt, &vn);
    memset(s, 0, sizeof *s);
    s->Pn = p;
    s->Pc = d->compression ? 0 : d->pc;
    s->vn = vn;
    s->vn0 = d->c->vC0[1];
    s->Wc = d->compression ? y[2] : d->Wc;
    s->Wr = d->compression ? 0 : y[2] - d->Wc;
    s->Pt[0] = y[0]; s->Pt[1] = y[1];
    s->vt[0] = vt[0]; s->vt[1] = vt[1];
    s->vt0[0] = d->c->vC0[0]; s->vt0[1] = d->c->vC0[2];
    s->phase = d->compression ? IMP_PHASE_COMPRESSION : IMP_PHASE_RESTITUTION;
    s->dim = 3;
}

/* The termination residual R (A.3.1) after maximum compression. */
static imp_status residual(const dk_t *d, double p, const double y[4], double *R)
{
    const imp_law *law = d->law;
    double e = law->e, vt[2], vn;
    switch (law->kind) {
    case IMP_LAW_POISSON:
        *R = p - (1 + e) * d->pc;
        return IMP_OK;
    case IMP_LAW_NEWTON:
        contact_vel(d->c, p, y, vt, &vn);
        *R = vn + e * d->c->vC0[1];
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

static imp_status event_value(const dk_t *d, int ev, double p, const double y[4], double *g)
{
    if (ev == EV_LAW) return residual(d, p, y, g);
    double vt[2];
    contact_vel(d->c, p, y, vt, g);
    return IMP_OK;
}

/* First h' in (0, h] where the event function, negative at the step start
 * (ga), becomes >= 0 (it is >= 0 at h): Illinois on the length of a step
 * re-taken from the step start, so the event is as accurate as a step. */
static imp_status locate(const dk_t *d, int ev, double h, double ga, double gb,
                         double *hr, double *zr)
{
    double a = 0, b = h, err[6], zt[6], p, y[4];
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
    double vt[2], vn, *q = t->data + 4 * t->n++;
    contact_vel(d->c, d->p, d->y, vt, &vn);
    q[0] = d->p; q[1] = vt[0]; q[2] = vn; q[3] = vt[1];
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
    } else if (s->slip && d->r.kind != K_FIXED) {
        double vt[2], vn;
        contact_vel(d->c, d->p, d->y, vt, &vn);
        double n = hypot(vt[0], vt[1]);
        s->u_end[0] = n > 0 ? vt[0] / n : d->r.ulast[0];
        s->u_end[1] = n > 0 ? vt[1] / n : d->r.ulast[1];
    }
}

/* The slip is zero at the current point: stick if Coulomb allows, else
 * restart along the unique invariant direction (E.3). */
static imp_status after_stop(dk_t *d, imp_stage3d_kind kind_if_slide)
{
    const imp_contact3d *c = d->c;
    set_p_period(d, K_FIXED);
    if (c->rho_req <= d->mu_s) {
        d->r.cfix[0] = -c->q[0];
        d->r.cfix[1] = -c->q[1];
        stage_open(d, IMP_STAGE3D_STICKING, 0, NULL, 0);
        return IMP_OK;
    }
    double u[2], lambda;
    imp_status st = imp_reslide3d(c, d->mu_k, u, &lambda);
    if (st != IMP_OK) return st;
    d->r.cfix[0] = -d->mu_k * u[0];
    d->r.cfix[1] = -d->mu_k * u[1];
    d->r.ulast[0] = u[0]; d->r.ulast[1] = u[1];
    stage_open(d, kind_if_slide, 1, u, lambda);
    return IMP_OK;
}

/* dv_n/dp at the current point of a p-period. */
static double dvn_dp(const dk_t *d)
{
    double dy[4];
    rhs(&d->r, d->p, d->y, dy);
    return d->c->Wnn + d->c->Wtn[0] * dy[0] + d->c->Wtn[1] * dy[1];
}

imp_status imp_solve3d_exact(const imp_body3d *b, double mu_s, double mu_k,
                             const imp_law *law, const imp_opts3d *opts,
                             imp_result3d *out)
{
    imp_opts3d def;
    if (!opts) { imp_opts3d_default(&def); opts = &def; }
    if (!(opts->rtol > 0)) return IMP_EINPUT;
    imp_contact3d c;
    imp_status st = imp_result3d_start(b, mu_s, mu_k, law, &c, out);
    if (st != IMP_OK) return st;

    double vn0 = c.vC0[1], vt0[2] = {c.vC0[0], c.vC0[2]};
    double s0 = hypot(vt0[0], vt0[1]);
    out->min_slip = s0;

    dk_t d;
    memset(&d, 0, sizeof d);
    d.b = b; d.c = &c; d.law = law; d.mu_s = mu_s; d.mu_k = mu_k;
    d.r.c = &c; d.r.mu_k = mu_k;
    d.compression = 1;
    d.track = opts->track;
    d.out = out;
    if (d.track) d.track->n = 0;

    /* Initial period: slide along vt0, or (vt0 = 0) stick or slide along u. */
    int direct = s0 == 0;
    if (!direct) {
        set_p_period(&d, K_SLIDE);
        d.r.ulast[0] = vt0[0] / s0; d.r.ulast[1] = vt0[1] / s0;
        stage_open(&d, IMP_STAGE3D_SLIDING, 1, d.r.ulast, 0);
    } else if ((st = after_stop(&d, IMP_STAGE3D_SLIDING)) != IMP_OK) {
        return st;
    }
    /* Parting contact, or a tangential one (vn0 = 0) that does not deepen. */
    if (vn0 > 0 || (vn0 == 0 && !(dvn_dp(&d) < 0))) {
        out->nstage = 0;
        imp_result3d_finish(b, &c, out);
        return IMP_OK;
    }

    double vscale = hypot(hypot(c.vC0[0], c.vC0[1]), c.vC0[2]);
    double Ps = vscale / c.Wnn;                 /* impulse scale */
    double atol[6];
    double h = 1e-3 * Ps, hp = h;              /* hp: the p-step kept across a tau-period */
    long steps = 0;
    int done = 0;
    if ((st = track_point(&d)) != IMP_OK) return st;

    while (!done) {
        if (imp_interrupted()) return IMP_EINTERRUPT;
        if (++steps > opts->max_steps) return IMP_ESTEPS;
        if (!d.compression && d.p > 1e6 * (d.pc + Ps))
            return law->kind == IMP_LAW_CUSTOM ? IMP_ENOROOT : IMP_ENOCONV;
        int n = dim_of(&d.r), stop = 0;
        double vt[2], vn;
        contact_vel(&c, d.p, d.y, vt, &vn);

        if (d.r.kind == K_SLIDE) {
            double hmax = 0.5 * (d.p + Ps);
            if (h > hmax) h = hmax;
            double s = hypot(vt[0], vt[1]), u[2] = {vt[0] / s, vt[1] / s}, f[2];
            d.r.ulast[0] = u[0]; d.r.ulast[1] = u[1];
            if (s < out->min_slip) out->min_slip = s;
            slide_rate(&c, mu_k, u, f);
            double dsdp = u[0] * f[0] + u[1] * f[1];
            if (dsdp < -0.2 * hypot(f[0], f[1]) && (s <= 3 * h * -dsdp || s <= 1e-3 * vscale)) {
                /* a stop may lie within reach: follow it in tau */
                hp = h;
                d.r.kind = K_TAU;
                d.r.s0 = s;
                d.t = 0;
                d.z[0] = atan2(u[1], u[0]);
                d.z[1] = d.p;
                memcpy(d.z + 2, d.y, sizeof d.y);
                h = 0.1;
                continue;
            }
        } else if (d.r.kind == K_TAU) {
            double u[2] = {cos(d.z[0]), sin(d.z[0])}, f[2];
            slide_rate(&c, mu_k, u, f);
            double uf = u[0] * f[0] + u[1] * f[1], s = d.r.s0 * exp(-d.t);
            if (s < out->min_slip) out->min_slip = s;
            if (uf > -0.1 * hypot(f[0], f[1])) {
                /* the slip no longer heads for zero: back to p */
                set_p_period(&d, K_SLIDE);
                h = hp;
                continue;
            }
            if (s <= 1e-6 * vscale) {
                /* Practically stopped: finish the approach along the current
                 * direction (exact for an attracting centripetal ray; for a
                 * near miss past a repelling one it moves P by O(1e-6)). */
                double dp = s / -uf;
                d.z[1] += dp;
                d.z[2] -= mu_k * u[0] * dp;
                d.z[3] -= mu_k * u[1] * dp;
                d.z[4] += vn * dp + 0.5 * dp * dp * (c.Wnn - mu_k * (c.Wtn[0] * u[0] + c.Wtn[1] * u[1]));
                d.z[5] -= mu_k * 0.5 * s * dp;
                stop = 1;
                h = 0;
            } else if (h > 2) {
                h = 2;
            }
            double tend = log(d.r.s0 / (1e-6 * vscale)) + 1e-9;
            if (!stop && d.t + h > tend) h = tend - d.t;
        } else {
            double hmax = 0.5 * (d.p + Ps);
            if (h > hmax) h = hmax;
        }

        double zn[6], err[6], hnext = h;
        if (!stop) {
            dp_step(&d.r, d.t, d.z, h, zn, err);
            for (int i = 0; i < 6; i++) atol[i] = opts->rtol * Ps;
            if (d.r.kind == K_TAU) {
                atol[0] = opts->rtol;
                atol[4] = atol[5] = opts->rtol * Ps * vscale;
            } else {
                atol[2] = atol[3] = opts->rtol * Ps * vscale;
            }
            double en = 0;
            for (int i = 0; i < n; i++) {
                double sc = atol[i] + opts->rtol * fmax(fabs(d.z[i]), fabs(zn[i]));
                double q = fabs(err[i]) / sc;
                if (q > en) en = q;
            }
            double f = en > 0 ? 0.9 * pow(en, -0.2) : 5;
            if (f > 5) f = 5;
            if (en > 1) {
                h *= f < 0.2 ? 0.2 : f;
                if (!(h > 1e-300)) return IMP_ENOCONV;
                continue;
            }
            hnext = h * f;
        } else {
            memcpy(zn, d.z, sizeof zn);
        }
        double pn, yn[4], vtn[2], vnn;
        unpack(&d.r, d.t + h, zn, &pn, yn);
        contact_vel(&c, pn, yn, vtn, &vnn);
        /* A tangential start must first deepen the approach. */
        if (d.compression && d.p == 0 && vn0 == 0 && vnn >= 0 && !stop) {
            h *= 0.1;
            if (h < 1e-30 * Ps) return IMP_ENOCONV;
            continue;
        }
        int maxc = 0, end = 0;
        if (!stop && d.compression) {
            if (vnn >= 0 && vn < 0) {
                if ((st = locate(&d, EV_VN, h, vn, vnn, &h, zn)) != IMP_OK) return st;
                maxc = 1;
            }
        } else if (!stop) {
            double R0, R1;
            if ((st = residual(&d, pn, yn, &R1)) != IMP_OK) return st;
            if (R1 >= 0) {
                if ((st = residual(&d, d.p, d.y, &R0)) != IMP_OK) return st;
                if ((st = locate(&d, EV_LAW, h, R0, R1, &h, zn)) != IMP_OK) return st;
                end = 1;
            }
        }
        d.t += h;
        memcpy(d.z, zn, sizeof zn);
        unpack(&d.r, d.t, d.z, &d.p, d.y);
        h = hnext;
        if (!d.compression) {
            contact_vel(&c, d.p, d.y, vtn, &vnn);
            if (vnn < -1e-12 * vscale && !out->recompression) {
                out->recompression = 1;
                out->stage[out->nstage - 1].recompression = 1;
            }
        }
        if (stop) {
            /* land exactly on v_t = 0 */
            double w0 = c.vC0[0] + c.Wtn[0] * d.p, w1 = c.vC0[2] + c.Wtn[1] * d.p;
            double det = c.Wtt[0] * c.Wtt[3] - c.Wtt[1] * c.Wtt[2];
            d.r.ulast[0] = cos(d.z[0]); d.r.ulast[1] = sin(d.z[0]);
            d.y[0] = -(c.Wtt[3] * w0 - c.Wtt[1] * w1) / det;
            d.y[1] = -(c.Wtt[0] * w1 - c.Wtt[2] * w0) / det;
            out->min_slip = 0;
            stage_close(&d, 1);
            if (out->nstage >= IMP_STAGES3D_MAX) return IMP_ENOCONV;
            out->p_stop = d.p;
            if ((st = after_stop(&d, IMP_STAGE3D_RESLIDE)) != IMP_OK) return st;
            h = hp;
            out->mode = c.rho_req <= mu_s
                ? (d.compression ? IMP_MODE_C_STICKING : IMP_MODE_R_STICKING)
                : (d.compression ? IMP_MODE_C_REVERSED : IMP_MODE_R_REVERSED);
            /* the stop may coincide with maximum compression */
            contact_vel(&c, d.p, d.y, vtn, &vnn);
            if (d.compression && vnn >= 0) maxc = 1;
        }
        if ((st = track_point(&d)) != IMP_OK) return st;
        if (maxc) {
            d.compression = 0;
            d.pc = d.p;
            d.Wc = d.y[2];
            double R;
            if ((st = residual(&d, d.p, d.y, &R)) != IMP_OK) return st;
            if (R >= 0) end = 1;
        }
        done = end;
    }
    stage_close(&d, 0);
    out->nsteps = steps;
    if (out->mode == IMP_MODE_NONE)
        out->mode = direct && c.rho_req <= mu_s ? IMP_MODE_C_STICKING : IMP_MODE_SLIDING;
    out->P[0] = d.y[0]; out->P[1] = d.p; out->P[2] = d.y[1];
    out->Pc = d.pc;
    out->Wc = d.Wc;
    out->Wr = d.y[2] - d.Wc;
    out->Wf = d.y[3];
    imp_result3d_finish(b, &c, out);
    return IMP_OK;
}
