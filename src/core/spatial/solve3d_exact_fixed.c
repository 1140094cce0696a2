/* The exact 3D solver's fixed-rate periods in closed form (see
 * solve3d_exact.c): while sticking, or sliding along an invariant ray, the
 * impulse and the slip are linear in p and the works quadratic, so the
 * period's next event (the slip's stop on a centripetal ray, maximum
 * compression, the end of a law with a closed form, law.h) is the root of
 * a line or a quadratic and the state there needs no integration step. A
 * law without one (a custom law), or no event ahead, is left to the
 * stepping. */
#include <math.h>

#include "solve3d_exact.h"

/* The smallest x > 0 with R0 + b x + k x^2 / 2 = 0 (R0 < 0), INFINITY if
 * there is none, each form without cancellation: for b >= 0,
 * -2 R0 / (b + sqrt(b^2 - 2 k R0)); for b < 0 (R falls first: v_n a
 * rounding below 0 just after maximum compression) and k > 0,
 * (-b + sqrt(b^2 - 2 k R0)) / k. The first form alone gave 0/0 -> no
 * root there when -2 k R0 was below b^2's last bit (energetic law, e <
 * 1e-40), and the stepping then passed the end: a gain of 28%. */
static double quadratic_root(double R0, double b, double k)
{
    double disc = b * b - 2 * k * R0;
    if (!(disc >= 0)) return INFINITY;
    if (b < 0) return k > 0 ? (-b + sqrt(disc)) / k : INFINITY;
    double den = b + sqrt(disc);
    return den > 0 ? -2 * R0 / den : INFINITY;
}

/* Where the law's closed-form end comes after maximum compression, x past
 * the current point (vn and kv: v_n there and dv_n/dp), INFINITY if it
 * does not within this period, or (no closed form) -1. */
static imp_status law_end(const dk_t *d, double vn, double kv, double *x)
{
    double R0;
    imp_status st = imp_exact3d_residual(d, d->p, d->y, &R0);
    if (st != IMP_OK) return st;
    *x = -1;
    if (!(R0 < 0)) return IMP_OK;      /* (already met: the stepping decides) */
    switch (d->end.form) {
    case IMP_LAW_END_IMPULSE: *x = -R0; break;                       /* R = Pn - target */
    case IMP_LAW_END_VELOCITY: *x = kv > 0 ? -R0 / kv : INFINITY; break;   /* R = vn - target */
    case IMP_LAW_END_WORK: *x = quadratic_root(R0, vn, kv); break;   /* dR/dp = vn */
    case IMP_LAW_END_NONE: break;
    }
    return IMP_OK;
}

/* Moves the fixed-rate period by x (to its stop when stop), as the steps
 * would: the rates are exact, the works by the trapezoid rule (exact for
 * their linear integrands); the smallest slip and recompression noted. */
static void advance(dk_t *d, double x, int stop)
{
    const rhs_t *r = &d->r;
    double y0[NY], vn0 = normal_vel(r, d->p, d->y);
    memcpy(y0, d->y, sizeof y0);
    if (r->ray && !stop) {
        const double *vf = r->vfix;
        double vf2 = vf[0] * vf[0] + vf[1] * vf[1];
        double tm = vf2 > 0 ? -(y0[4] * vf[0] + y0[5] * vf[1]) / vf2 : 0;
        tm = fmin(fmax(tm, 0), x);
        double sm = len2(y0[4] + tm * vf[0], y0[5] + tm * vf[1]);
        if (sm < d->out->min_slip) d->out->min_slip = sm;
    }
    d->p += x;
    d->y[0] = y0[0] + r->cfix[0] * x;
    d->y[1] = y0[1] + r->cfix[1] * x;
    d->y[4] = y0[4] + r->vfix[0] * x;
    d->y[5] = y0[5] + r->vfix[1] * x;
    double vn1 = normal_vel(r, d->p, d->y);
    double wf0 = y0[4] * r->cfix[0] + y0[5] * r->cfix[1];
    double wf1 = d->y[4] * r->cfix[0] + d->y[5] * r->cfix[1];
    d->y[2] = y0[2] + 0.5 * (vn0 + vn1) * x;
    d->y[3] = y0[3] + 0.5 * (wf0 + wf1) * x;
    d->t = d->p;
    memcpy(d->z, d->y, sizeof d->y);
    d->k0_ok = 0;
    if (!d->compression && vn1 < -1e-12 * d->vscale && !d->out->recompression) {
        d->out->recompression = 1;
        d->out->stage[d->out->nstage - 1].recompression = 1;
    }
}

/* The period is left to the steps: a friction law's ray cannot be (its
 * mu is checked only to a closed-form event), so it goes back to the
 * slide it was snapped from (*jumped: start over). */
static imp_status stepped(dk_t *d, int *jumped)
{
    if (d->fx && !d->r.stick && !d->ray_forced) {
        imp_exact3d_unsnap(d);
        *jumped = 1;
    }
    return IMP_OK;
}

imp_status imp_exact3d_fixed_jump(dk_t *d, int *jumped)
{
    const rhs_t *r = &d->r;
    const imp_contact3d *c = d->c;
    double vn = normal_vel(r, d->p, d->y), x_stop = INFINITY, x_ev = INFINITY;
    double kv = r->stick ? c->kstick : c->Wnn + c->Wtn[0] * r->cfix[0] + c->Wtn[1] * r->cfix[1];
    imp_status st;
    *jumped = 0;
    double s = len2(d->y[4], d->y[5]), lam = r->vfix[0] * r->ulast[0] + r->vfix[1] * r->ulast[1];
    if (r->ray && s > 0 && lam < 0) x_stop = s / -lam;   /* a centripetal ray's stop */
    if (d->compression) {
        if (!(vn < 0)) return stepped(d, jumped);     /* (a tangential start: stepped) */
        if (kv > 0) x_ev = -vn / kv;                  /* maximum compression */
    } else {
        if ((st = law_end(d, vn, kv, &x_ev)) != IMP_OK) return st;
        if (x_ev < 0) return stepped(d, jumped);      /* a custom law: stepped */
    }
    int stop = x_stop <= x_ev;
    double x = stop ? x_stop : x_ev;
    /* nothing ahead, or beyond where the stepping gives up on the law */
    if (!(x < INFINITY) || (!d->compression && d->p + x > d->pcap + 1e6 * d->pc))
        return stepped(d, jumped);
    if (d->fx) {                       /* a friction law: mu checked along (law.c) */
        int ok;
        if ((st = imp_exact3d_law_fixed(d, x, &ok)) != IMP_OK) return st;
        if (!ok && !d->r.stick) return stepped(d, jumped);
        if (!ok) return IMP_OK;        /* a stick that breaks: stepped to the break */
    }
    *jumped = 1;
    int maxc = 0, end = 0;
    advance(d, x, stop);
    if (stop) {
        if ((st = imp_exact3d_on_stop(d, &maxc)) != IMP_OK) return st;
    } else if (d->compression) {
        maxc = 1;
    } else {
        end = 1;
    }
    return imp_exact3d_reached(d, maxc, end, &d->done);
}
