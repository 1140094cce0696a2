/* The exact 3D impact: Darboux-Keller integration over the normal impulse
 * p (after Keller 1986). The slip v_t is integrated as a
 * state of its own, with the tangential impulse and the works:
 *
 *   sliding:   dPt/dp = -mu_k u, dv_t/dp = Wtn - mu_k Wtt u, u = v_t/|v_t|
 *              (Dormand-Prince 8(5,3), adaptive)
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
 * centrifugal ray (imp_exact3d_reslide). Events (maximum compression, the law's
 * termination) are located by re-taking the step with a shorter length
 * (Illinois), so they are as accurate as the steps.
 *
 * The integration runs on contact-space data (imp_exact3d_solve_contact).
 * This file is the driver (step control, events); the flow is in
 * solve3d_exact_flow.c, periods and stops in solve3d_exact_stop.c. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "compliant.h"
#include "friction3d.h"
#include "impact3d.h"
#include "interrupt.h"
#include "solve3d_exact.h"

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

/* The termination residual R after maximum compression: the closed-form
 * end's quantity less its target, or the law's own residual. */
imp_status imp_exact3d_residual(const dk_t *d, double p, const double y[NY], double *R)
{
    if (d->end.form != IMP_LAW_END_NONE) {
        double target = imp_law_end_target(&d->end, d->pc, d->c->vC0[1], d->Wc);
        switch (d->end.form) {
        case IMP_LAW_END_IMPULSE: *R = p - target; break;
        case IMP_LAW_END_VELOCITY: *R = normal_vel(&d->r, p, y) - target; break;
        default: *R = (y[2] - d->Wc) - target; break;   /* IMP_LAW_END_WORK */
        }
        return IMP_OK;
    }
    imp_law_state s;
    law_state(d, p, y, &s);
    if (imp_law_residual(d->law, &s, R) != 0) return IMP_ELAW;
    if (!isfinite(*R)) return IMP_ELAW;
    return IMP_OK;
}

enum { EV_VN, EV_LAW, EV_SMIN, EV_BREAK };

/* d|v_t|/dp = u.f(u) while sliding (0 where v_t = 0). */
static double slip_rate(const dk_t *d, double p, const double y[NY])
{
    double s = len2(y[4], y[5]), f[2];
    if (!(s > 0)) return 0;
    double u[2] = {y[4] / s, y[5] / s};
    slide_rate(d->c, d->fx ? imp_exact3d_mu(&d->r, p, y) : d->mu_k, u, f);
    return u[0] * f[0] + u[1] * f[1];
}

static imp_status event_value(const dk_t *d, int ev, double p, const double y[NY], double *g)
{
    if (ev == EV_LAW) return imp_exact3d_residual(d, p, y, g);
    if (ev == EV_SMIN) { *g = slip_rate(d, p, y); return IMP_OK; }
    if (ev == EV_BREAK) { *g = imp_exact3d_break_value(d, p, y); return IMP_OK; }
    *g = normal_vel(&d->r, p, y);
    return IMP_OK;
}

/* First h' in (0, h] where the event function, negative at the step start
 * (ga), becomes >= 0 (it is >= 0 at h): Illinois on the length of a step
 * re-taken from the step start, so the event is as accurate as a step
 * (each re-take starts from the accepted step's first stage, d->k0).
 * The bracket shrinks to 1e-13 of t + b, the event's own position: on a
 * tau-period with a tiny mu, p grows like 1e137 tau, and an event deep
 * inside the first step (tau ~ 1e-83 of h) ended at h when the bracket
 * stopped at a fraction of h. */
static imp_status locate(dk_t *d, int ev, double h, double ga, double gb,
                         double *hr, double *zr)
{
    double a = 0, b = h, zt[NZ], p, y[NY];
    int side = 0, same = 0, n = dim_of(&d->r);
    for (int it = 0; it < 200 && b - a > 1e-13 * (fabs(d->t) + b) && gb != 0; it++) {
        /* the secant point from the end nearer the root: from b it rounds
         * to b (or a) when |ga| is 1e-80 of |gb| */
        double x = -ga <= gb ? a - ga / (gb - ga) * (b - a) : b - gb / (gb - ga) * (b - a);
        /* a secant point within 1e-9 of the bracket's length from an end
         * (a step 1e130 times longer than the event's distance, set by a
         * huge slip): the geometric mean of the two distances instead, so
         * that the bracket shrinks by orders of magnitude per iteration */
        double w = b - a;
        if (x - a < 1e-9 * w)
            x = a + sqrt(fmax(x - a, DBL_EPSILON * fmax(fabs(a), DBL_MIN))) * sqrt(w);
        else if (b - x < 1e-9 * w)
            x = b - sqrt(fmax(b - x, DBL_EPSILON * fmax(fabs(b), DBL_MIN))) * sqrt(w);
        /* the same end kept four times running: a bisection. A residual
         * flat at its value across most of the bracket (the energetic
         * law's Wr + e^2 Wc with e = 1e-40: Wr rounds to 0 until p - Pc
         * ~ 1e-8) halved the far end's value 200 times without reaching
         * the root, and the end was taken at the step's end (a 28% gain) */
        if (same >= 4) x = 0.5 * (a + b);
        if (!(x > a && x < b)) x = 0.5 * (a + b);
        double gx;
        imp_exact3d_dp_step(&d->r, d->t, d->z, x, zt, NULL, d->k0, 1);
        unpack(&d->r, d->t + x, zt, &p, y);
        imp_status st = event_value(d, ev, p, y, &gx);
        if (st != IMP_OK) return st;
        if (gx >= 0) {
            b = x; gb = gx;
            memcpy(zr, zt, n * sizeof *zt);
            if (side == 1) ga *= 0.5;
            same = side == 1 ? same + 1 : 0;
            side = 1;
        } else {
            a = x; ga = gx;
            if (side == -1) gb *= 0.5;
            same = side == -1 ? same + 1 : 0;
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

/* After a point is reached: record it, pass maximum compression; *done
 * when the law is satisfied. */
imp_status imp_exact3d_reached(dk_t *d, int maxc, int end, int *done)
{
    imp_status st = track_point(d);
    if (st != IMP_OK) return st;
    if (maxc) {
        d->compression = 0;
        d->pc = d->p;
        d->Wc = d->y[2];
        d->snap_off = 0;
        double R;
        if ((st = imp_exact3d_residual(d, d->p, d->y, &R)) != IMP_OK) return st;
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
    if (!(s > 0) && d->r.from_stop) {
        /* a friction law's slide leaving v_t = 0 along ulast (the re-slide
         * ray of that instant): its first step */
        if (d->h > 0.5 * (d->p + d->Ps)) d->h = 0.5 * (d->p + d->Ps);
        *again = 0;
        return IMP_OK;
    }
    if (!(s > 0)) {                   /* landed exactly on v_t = 0 */
        int maxc = 0;
        if ((st = imp_exact3d_on_stop(d, &maxc)) != IMP_OK) return st;
        return imp_exact3d_reached(d, maxc, 0, &d->done);
    }
    double u[2] = {d->y[4] / s, d->y[5] / s}, f[2], us[2], lam;
    d->r.ulast[0] = u[0]; d->r.ulast[1] = u[1];
    if (s < d->out->min_slip) d->out->min_slip = s;
    int snap_ok = !(d->fx && d->snap_off);   /* (a law's rays are checked: law.c) */
    if (mu_k == 0 && snap_ok) {
        imp_exact3d_set_frictionless(d);
        return IMP_OK;
    }
    slide_rate(c, mu_k, u, f);
    double dsdp = u[0] * f[0] + u[1] * f[1], fn = len2(f[0], f[1]);
    double snap = imp_exact3d_near_ray(c, mu_k, u, s, d->tol, us, &lam);
    /* (a centripetal ray must not stop the slip before p1) */
    if (snap_ok && snap >= 0 && snap <= d->tol && !(lam < 0 && d->p + s / -lam < d->p1 - d->tol)) {
        imp_exact3d_set_ray(d, us, lam);          /* the rest is a straight line */
        return IMP_OK;
    }
    if (dsdp >= 0) d->tau_off = 0;
    if (dsdp < -0.2 * fn && (s <= 3 * d->h * -dsdp || s <= 1e-3 * d->vscale) && !d->tau_off) {
        /* a stop may lie within reach: follow it in tau */
        d->hp = d->h;
        d->r.kind = K_TAU;
        d->r.s0 = s;
        d->t = 0;
        d->z[0] = u[0]; d->z[1] = u[1];
        d->z[2] = d->p;
        memcpy(d->z + 3, d->y, 4 * sizeof *d->y);
        d->k0_ok = 0;
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
        imp_exact3d_set_p_period(d, K_SLIDE);
        d->h = d->hp;
        return;
    }
    double snap = imp_exact3d_near_ray(c, mu_k, u, s, tol, us, &lam);
    if (snap >= 0 && snap <= tol && lam < 0 && !(d->p + s / -lam < d->p1 - tol)
        && !(d->fx && d->snap_off)) {
        imp_exact3d_set_ray(d, us, lam);          /* lands on the attracting ray: a stop */
        d->h = d->hp;
        return;
    }
    if ((1 + mu_k) * fmax(s / -uf, d->p1 - d->p) <= tol) {
        /* what is left of the approach is below the tolerance (and
         * the slip may stop here: p >= p1) */
        imp_exact3d_set_ray(d, u, uf);
        d->ray_forced = 1;            /* (within the tolerance whatever mu does) */
        d->h = d->hp;
        return;
    }
    if (d->h > 4) d->h = 4;
    *again = 0;
}

/* The error test of a Dormand-Prince 8(5,3) step from z to zn: the
 * pair's 5th-order estimate in the max norm, divided by 30 (it bounds the
 * error of the 8th-order solution kept, with room to spare: on 10^5 random
 * bodies P stays within 5e-10 of an rtol = 1e-13 solution (the DP45
 * steps this replaces: 1e-9), where Hairer's
 * blend with a 3rd-order estimate let a few in 10^5 drift to 6e-9); the slip to
 * rtol of its own size near zero (its direction is what matters there). */
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
        /* (a law's slide leaving v_t = 0: the slip's own scale is 0) */
        atol[4] = atol[5] = rtol * (d->r.kind == K_SLIDE && !d->r.from_stop ? fmin(sl, vscale) : vscale);
    }
    double en = 0;
    for (int i = 0, n = dim_of(&d->r); i < n; i++) {
        double sc = atol[i] + rtol * fmax(fabs(d->z[i]), fabs(zn[i]));
        double q = fabs(err[i]) / sc;
        if (q > en) en = q;
    }
    return en / 30;
}

/* Events inside an accepted step from (p, vn) to (pn, yn): maximum
 * compression (v_n reaches 0) or the law's end; h and zn move to the
 * event. */
static imp_status find_events(dk_t *d, double vn, double pn, const double yn[NY],
                              double vnn, double *h, double zn[NZ], int *maxc, int *end,
                              int *brk)
{
    imp_status st;
    *maxc = *end = *brk = 0;
    if (d->compression) {
        if (vnn >= 0 && vn < 0) {
            if ((st = locate(d, EV_VN, *h, vn, vnn, h, zn)) != IMP_OK) return st;
            *maxc = 1;
        }
    } else {
        double R0, R1;
        if ((st = imp_exact3d_residual(d, pn, yn, &R1)) != IMP_OK) return st;
        if (R1 >= 0) {
            if ((st = imp_exact3d_residual(d, d->p, d->y, &R0)) != IMP_OK) return st;
            if ((st = locate(d, EV_LAW, *h, R0, R1, h, zn)) != IMP_OK) return st;
            *end = 1;
        }
    }
    if (d->fx && d->r.kind == K_FIXED && d->r.stick) {
        /* a friction law's stick breaks first (where rho_req > mu(s)) */
        double pb, yb[NY];
        unpack(&d->r, d->t + *h, zn, &pb, yb);
        double g1 = imp_exact3d_break_value(d, pb, yb);
        if (g1 > 0) {
            double g0 = imp_exact3d_break_value(d, d->p, d->y);
            if ((st = locate(d, EV_BREAK, *h, g0, g1, h, zn)) != IMP_OK) return st;
            *maxc = *end = 0;
            *brk = 1;
        }
    }
    return d->fx ? d->fx->fail : IMP_OK;
}

/* A close approach inside an accepted slide step of length h (|v_t|
 * shrinking at its start, growing at its end): the smallest slip, located
 * like an event, goes to min_slip (the steps alone could step over it). */
static imp_status slide_minimum(dk_t *d, double h, const double zn[NZ])
{
    double p, y[NY], zm[NZ], hm;
    unpack(&d->r, d->t + h, zn, &p, y);
    double g0 = slip_rate(d, d->p, d->y), g1 = slip_rate(d, p, y);
    if (!(g0 < 0 && g1 > 0)) return IMP_OK;
    memcpy(zm, zn, sizeof zm);
    imp_status st = locate(d, EV_SMIN, h, g0, g1, &hm, zm);
    if (st != IMP_OK) return st;
    double sm = len2(zm[4], zm[5]);
    if (sm < d->out->min_slip) d->out->min_slip = sm;
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
    d->k0_ok = 0;
    unpack(&d->r, d->t, d->z, &d->p, d->y);
    if (d->r.kind != K_FIXED && !(d->fx && d->fx->varied)) {
        /* friction never exceeds mu_k per unit normal impulse; the
         * Runge-Kutta weights could, by the local error (a friction law
         * that varied has no such single bound) */
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

/* One step from the current point (after prepare_*): a Dormand-Prince 8(5,3)
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
    imp_exact3d_dp_step(&d->r, d->t, d->z, h, zn, err, d->k0, d->k0_ok);
    d->k0_ok = 1;
    double en = step_error(d, zn, err);
    double fac = en > 0 ? 0.8 / sqrt(sqrt(sqrt(en))) : 5;   /* en^(-1/8), without pow */
    if (fac > 5) fac = 5;
    if (en > 1) {
        d->h = h * (fac < 0.2 ? 0.2 : fac);
        if (d->fx && d->r.kind == K_TAU && d->h < 1e-6) {
            /* a friction law turned the slip before it stopped: u.f(u)
             * reaches 0 where |v_t| > 0 and dp/dtau grows without bound;
             * back to p, and no tau until the slip grows */
            imp_exact3d_set_p_period(d, K_SLIDE);
            d->h = d->hp;
            d->tau_off = 1;
            return IMP_OK;
        }
        if (!(d->h > 1e-300) || !(d->t + d->h != d->t))
            return imp_exact3d_fail(d, IMP_FAIL3D_STEP, IMP_ENOCONV);
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
        if (d->h < 1e-30 * d->Ps) return imp_exact3d_fail(d, IMP_FAIL3D_STEP, IMP_ENOCONV);
        return IMP_OK;
    }
    int maxc, end, brk;
    if ((st = find_events(d, vn, pn, yn, vnn, &h, zn, &maxc, &end, &brk)) != IMP_OK) return st;
    if ((maxc || end) && h < reach) stop_at_end = 0;
    if (d->r.kind == K_SLIDE && (st = slide_minimum(d, h, zn)) != IMP_OK) return st;
    commit_step(d, h, zn, stop_at_end);
    d->h = hnext;
    if (brk && (st = imp_exact3d_law_break(d)) != IMP_OK) return st;
    if (stop_at_end) {
        if ((st = imp_exact3d_on_stop(d, &maxc)) != IMP_OK) return st;
        if (d->r.kind == K_TAU) d->h = d->hp;
    }
    return imp_exact3d_reached(d, maxc, end, &d->done);
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
        imp_exact3d_set_p_period(d, K_SLIDE);
        imp_exact3d_stage_open(d, IMP_STAGE3D_SLIDING, 1, d->r.ulast, 0);
    } else if ((st = imp_exact3d_after_stop(d, IMP_STAGE3D_SLIDING)) != IMP_OK) {
        return st;
    }
    *parts = d->vn0 > 0 || (d->vn0 == 0 && !(imp_exact3d_dvn_dp(d) < 0));
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
    d->p1 = imp_exact3d_cone_entry(c, d->mu_k) * (1 - 1e-6);
    /* no built-in law needs more than the impulse that would leave the body
     * with 1e12 times its kinetic energy (|P| <= sqrt(2 m T) + sqrt(2 m T0)) */
    d->pcap = 1e6 * (d->Ps + sqrt(2 * c->m * c->T0));
    d->h = d->hp = 1e-3 * d->Ps;
    if ((st = track_point(d)) != IMP_OK) return st;
    while (!d->done) {
        if (imp_interrupt_pending()) return IMP_EINTERRUPT;
        if (++d->steps > d->o->max_steps) return imp_exact3d_fail(d, IMP_FAIL3D_NONE, IMP_ESTEPS);
        if (!d->compression && d->p > d->pcap + 1e6 * d->pc)
            return d->end.form == IMP_LAW_END_NONE ? IMP_ENOROOT
                                                  : imp_exact3d_fail(d, IMP_FAIL3D_NOEND, IMP_ENOCONV);
        if (d->fx) {                  /* a friction law: mu here; a stick that broke */
            imp_exact3d_law_refresh(d);
            if (d->fx->fail != IMP_OK) return d->fx->fail;
            if (d->r.kind == K_FIXED && d->r.stick && d->c->rho_req > d->mu_s) {
                if ((st = imp_exact3d_law_break(d)) != IMP_OK) return st;
                continue;
            }
        }
        double vn = normal_vel(&d->r, d->p, d->y);
        int again = 0;
        d->tol = tol_at(d);
        st = IMP_OK;
        if (d->r.kind == K_SLIDE) {
            st = prepare_slide(d, &again);
        } else if (d->r.kind == K_TAU) {
            prepare_tau(d, &again);
        } else if ((st = imp_exact3d_fixed_jump(d, &again)) == IMP_OK && !again
                   && d->h > 0.5 * (d->p + d->Ps)) {
            d->h = 0.5 * (d->p + d->Ps);   /* (no event in closed form: steps) */
        }
        if (st == IMP_OK && !again) st = step(d, vn);
        if (st == IMP_OK && d->fx) st = d->fx->fail;
        if (st != IMP_OK) return st;
    }
    /* the slip at the end: no step starts there to look at it (a contact
     * that stopped already holds 0) */
    double s_end = len2(d->y[4], d->y[5]);
    if (s_end < d->out->min_slip) d->out->min_slip = s_end;
    return IMP_OK;
}

/* The solve, with mu_s, mu_k or (fx) a friction law whose first value
 * they hold. */
static imp_status solve_contact(const imp_contact3d *c, double mu_s, double mu_k, fx_t *fx,
                                const imp_law *law, const imp_opts3d *opts, imp_result3d *out)
{
    imp_status st = imp_result3d_start(mu_s, mu_k, law, out);
    if (st != IMP_OK) return st;
    dk_t d;
    memset(&d, 0, sizeof d);
    d.c = c; d.law = law; d.mu_s = mu_s; d.mu_k = mu_k; d.o = opts;
    imp_law_end_of(law, &d.end);
    d.r.c = c; d.r.mu_k = mu_k;
    d.fx = d.r.fx = fx;
    d.track = opts->track;
    d.out = out;
    int parts, direct = c->vC0[0] == 0 && c->vC0[2] == 0;
    if ((st = exact_open(&d, &parts)) != IMP_OK) return st;
    if (fx && fx->fail != IMP_OK) return fx->fail;
    if (fx && direct && d.r.stick) fx->first_stop = 0;   /* a direct impact that sticks */
    if (parts) {
        out->nstage = 0;
        out->fail = IMP_FAIL3D_NONE;
        imp_result3d_finish(c, out);
        return IMP_OK;
    }
    if ((st = exact_run(&d)) != IMP_OK) return st;
    imp_exact3d_stage_close(&d, 0);
    out->nsteps = d.steps;
    if (fx && fx->varied)             /* the first stop's phase, as 2D */
        out->mode = fx->first_stop < 0 ? IMP_MODE_SLIDING
                  : fx->first_stop == 0 ? (fx->reversed ? IMP_MODE_C_REVERSED : IMP_MODE_C_STICKING)
                  : (fx->reversed ? IMP_MODE_R_REVERSED : IMP_MODE_R_STICKING);
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

static imp_status solve_rigid(const imp_contact3d *c, double mu_s, double mu_k,
                              const imp_law *law, const imp_opts3d *opts, imp_result3d *out)
{
    imp_opts3d def;
    if (!opts) { imp_opts3d_default(&def); opts = &def; }
    if (!(opts->rtol > 0)) return IMP_EINPUT;
    if (imp_law_is_compliant(law))   /* rigid passes and the law in time */
        return imp_compliant3d_solve_contact(c, mu_s, mu_k, law, opts, out);
    return solve_contact(c, mu_s, mu_k, NULL, law, opts, out);
}

/* In range first (contact3d_scale.c): the integration's floors and its
 * products of W and v assume numbers near 1. (A friction law sees the
 * caller's units, as a law without a closed-form end does: not scaled.) */
imp_status imp_exact3d_solve_contact(const imp_contact3d *c, double mu_s, double mu_k,
                                     const imp_law *law, const imp_opts3d *opts,
                                     imp_result3d *out)
{
    return imp_contact3d_scale_solve(solve_rigid, c, mu_s, mu_k, law, opts, out);
}

imp_status imp_exact3d_solve_contact_friction(const imp_contact3d *c, const imp_friction *f,
                                              const imp_law *law, const imp_opts3d *opts,
                                              imp_result3d *out)
{
    imp_opts3d def;
    if (!opts) { imp_opts3d_default(&def); opts = &def; }
    if (!f || !f->fn || !(opts->rtol > 0) || imp_law_is_compliant(law)) return IMP_EINPUT;
    fx_t fx;
    memset(&fx, 0, sizeof fx);
    fx.f = f;
    fx.compression = 1;
    fx.first_stop = -1;
    fx.fail = IMP_OK;
    /* mu0: the law at the start (Pn = 0, v_t = v_t0) */
    rhs_t r0;
    memset(&r0, 0, sizeof r0);
    r0.c = c;
    r0.fx = &fx;
    double y0[NY] = {0, 0, 0, 0, c->vC0[0], c->vC0[2]};
    imp_law_state s;
    imp_exact3d_law_state(c, &fx, &r0, 0, y0, &s);
    double mu0;
    if (imp_friction_eval(f, &s, &mu0)) return IMP_ELAW;
    fx.mu0 = mu0;
    return solve_contact(c, mu0, mu0, &fx, law, opts, out);
}

imp_status imp_exact3d_solve(const imp_body3d *b, double mu_s, double mu_k,
                             const imp_law *law, const imp_opts3d *opts,
                             imp_result3d *out)
{
    imp_contact3d c;
    imp_status st = opts && !(opts->rtol > 0) ? IMP_EINPUT
                  : imp_problem3d_setup(b, mu_s, mu_k, law, &c);
    if (st == IMP_OK) st = imp_exact3d_solve_contact(&c, mu_s, mu_k, law, opts, out);
    if (st == IMP_OK) imp_result3d_apply(b, &c, out);
    return st;
}
