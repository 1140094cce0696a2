/* The exact piecewise-linear path tracer in impulse space (Routh's
 * method as WM92 sec 3.3 and W86 sec 3.5 present it).
 *
 * The path is parameterised by the normal impulse p = Py. On each straight
 * segment (limiting friction, sticking, reversed friction) S, C and Px are
 * linear in p and the works quadratic, so every event (the slip stops,
 * maximum compression, the law's termination) is located in closed form;
 * only a custom law needs a root finder. The tracer runs on coefficients
 * scaled by powers of two (imp_coef2d_scale) and scales its results back,
 * so they do not depend on the magnitudes of the data (homogeneity). */
#include <float.h>
#include <math.h>

#include "brent.h"
#include "compliant.h"
#include "impact2d.h"
#include "interrupt.h"

enum { SLIDE = 0, STICK = 1 };

typedef struct {
    const imp_coef2d *c;         /* scaled */
    double D;                    /* its Delta = B1*B2 - B3^2 */
    const imp_coef2d *c0;        /* the caller's */
    int kP, kV, kW;              /* impulses, velocities, works scale back by 2^k */
    double mu_s, mu_k;
    const imp_law *law;
    imp_law_end end;             /* the law's end in closed form, or form NONE */
    double p, Px, S, C;          /* current point */
    double Wc, Wr, Wf;           /* works so far */
    double pc;                   /* normal impulse at max compression */
    int restit;                  /* 0: compression, 1: restitution */
    int seg;                     /* SLIDE or STICK */
    double s;                    /* slip sign while sliding */
    double sig, kS, kC;          /* dPx/dp, dS/dp, dC/dp of the segment */
    imp_result2d *out;
} tracer;

static void set_sliding(tracer *t, double s)
{
    const imp_coef2d *c = t->c;
    t->seg = SLIDE;
    t->s = s;
    t->sig = -s * t->mu_k;
    t->kS = c->B1 * t->sig - c->B3;
    t->kC = c->B2 - c->B3 * t->sig;
}

static void set_sticking(tracer *t)
{
    const imp_coef2d *c = t->c;
    t->seg = STICK;
    t->sig = c->B3 / c->B1;
    t->kS = 0.0;                 /* S stays exactly 0 while stuck */
    t->kC = t->D / c->B1;        /* = B2 - B3^2/B1, without its cancellation */
}

static inline void vertex(tracer *t, imp_event ev)
{
    imp_result2d *o = t->out;
    if (o->nvert >= IMP_PATH2D_MAX)
        return;
    imp_vertex2d *v = &o->vert[o->nvert++];
    v->Px = t->Px;
    v->Py = t->p;
    v->S = t->S;
    v->C = t->C;
    v->event = ev;
}

/* Advances exactly by d along the current segment. */
static inline void advance(tracer *t, double d)
{
    double wn = d * (t->C + 0.5 * t->kC * d);
    if (t->restit)
        t->Wr += wn;
    else
        t->Wc += wn;
    t->Wf += t->sig * d * (t->S + 0.5 * t->kS * d);
    t->p += d;
    if (t->seg == STICK)         /* on the sticking line: no drift from it */
        t->Px = (t->c->B3 * t->p - t->c->S0) / t->c->B1;
    else
        t->Px += t->sig * d;
    t->S += t->kS * d;
    t->C += t->kC * d;
}

/* 0 when x is finite, NaN otherwise: a sum of these tests many numbers for
 * inf or NaN at once, with no overflow of its own. */
static inline double nf(double x) { return x * 0.0; }

/* The state a custom law sees at distance d along the current segment, in
 * the caller's units. */
static void law_state(const tracer *t, double d, imp_law_state *s)
{
    s->Pn = imp_mul2k(t->p + d, t->kP);
    s->Pc = imp_mul2k(t->pc, t->kP);
    s->vn = imp_mul2k(t->C + t->kC * d, t->kV);
    s->vn0 = t->c0->C0;
    s->Wc = imp_mul2k(t->Wc, t->kW);
    s->Wr = imp_mul2k(t->Wr + d * (t->C + 0.5 * t->kC * d), t->kW);
    s->Pt[0] = imp_mul2k(t->Px + t->sig * d, t->kP);
    s->Pt[1] = 0.0;
    s->vt[0] = imp_mul2k(t->S + t->kS * d, t->kV);
    s->vt[1] = 0.0;
    s->vt0[0] = t->c0->S0;
    s->vt0[1] = 0.0;
    s->phase = t->restit ? IMP_PHASE_RESTITUTION : IMP_PHASE_COMPRESSION;
    s->dim = 2;
}

static imp_status residual(const tracer *t, double d, double *r)
{
    imp_law_state s;
    law_state(t, d, &s);
    /* a state beyond double's range in the caller's units (works of data
     * near its limits): an overflow, not the law's fault */
    if (nf(s.Pn) + nf(s.Pc) + nf(s.vn) + nf(s.Wc) + nf(s.Wr) + nf(s.Pt[0]) + nf(s.vt[0]) != 0)
        return IMP_EOVERFLOW;
    if (imp_law_residual(t->law, &s, r) != 0)
        return IMP_ELAW;
    return isfinite(*r) ? IMP_OK : IMP_ELAW;
}

static imp_status residual_fn(void *t, double d, double *r)
{
    return residual(t, d, r);
}

/* relative to the impulse: 1e-13 of it, at least a few ulps */
static double root_tol(void *vt, double b)
{
    const tracer *t = vt;
    return 2 * DBL_EPSILON * fabs(t->p + b) + 0.5e-13 * (t->p + fabs(b));
}

/* Brent's zeroin on [a, b] with R(a) < 0 <= R(b); returns in *x a point
 * with R >= 0 within 1e-13 (relative to the impulse) of the first root,
 * or IMP_EROOT when 200 steps did not get there (never a bracket end
 * passed off as the root). */
static imp_status brent(const tracer *t, double a, double fa, double b,
                        double fb, double *x)
{
    imp_brent B = {residual_fn, root_tol, (void *)t, 200};
    return imp_brent_root(&B, a, fa, b, fb, x);
}

/* The first zero of R reached from below in (lo, hi], where R(lo) < 0 and
 * R(hi) = fhi >= 0: 16 equal parts, then Brent on the first sign change. */
static imp_status first_root(const tracer *t, double lo, double flo,
                             double hi, double fhi, double *x)
{
    double h = (hi - lo) / 16;
    for (int k = 1; k < 16; k++) {
        double xk = lo + k * h, fk;
        imp_status st = residual(t, xk, &fk);
        if (st != IMP_OK)
            return st;
        if (fk >= 0)
            return brent(t, lo, flo, xk, fk, x);
        lo = xk;
        flo = fk;
    }
    return brent(t, lo, flo, hi, fhi, x);
}

/* The end of a law without a closed form (a custom law) on a restitution
 * segment of length len (INFINITY: the last, unbounded one). Returns IMP_OK
 * with *d = the end's distance, or *d = INFINITY when R stays negative on a
 * bounded segment.
 *
 * R is probed at Pc, 2 Pc, 4 Pc, ... from the segment's start (the
 * restitution's own scale, doubling so that a zero far inside a long
 * segment is bracketed as closely as one near its end), then at the
 * segment's end; the first probe with R >= 0 brackets the zero for
 * first_root. The last segment has no end: the search gives up once the
 * normal velocity C passes 1e6*(|C0| + |S0|), an energy 1e12 times the
 * impact's. That cap is scale-free (C only rises after max compression,
 * kC > 0 on every restitution segment), unlike one on the impulse: Py/Pc
 * exceeds 1e6 whenever compression ends early on a long slide. */
static imp_status residual_end(const tracer *t, double len, double *d)
{
    double f0, f;
    imp_status st = residual(t, 0.0, &f0);
    if (st != IMP_OK)
        return st;
    if (f0 >= 0) {
        *d = 0.0;
        return IMP_OK;
    }
    const imp_coef2d *c = t->c;
    int last = !isfinite(len);
    if (last) {                  /* where C reaches the cap */
        double Ccap = 1e6 * (fabs(c->C0) + fabs(c->S0));
        len = t->kC > 0 ? (Ccap - t->C) / t->kC : INFINITY;
        if (!(len > 0 && len < INFINITY))
            return IMP_ENOROOT;
    }
    double lo = 0.0, flo = f0, x = t->pc > 0 ? t->pc : len;
    for (;;) {
        if (imp_interrupt_pending())
            return IMP_EINTERRUPT;
        if (!(x < len))
            x = len;
        if ((st = residual(t, x, &f)) != IMP_OK)
            return st;
        if (f >= 0)
            return first_root(t, lo, flo, x, f, d);
        if (x == len) {
            if (last)
                return IMP_ENOROOT;
            *d = INFINITY;
            return IMP_OK;
        }
        lo = x;
        flo = f;
        x *= 2;
    }
}

/* Distance to the law's end in closed form on a restitution segment (the
 * segment is linear in p: Pn = p + d, vn = C + kC d, Wr grows by
 * d (C + kC d / 2)). */
static double closed_end(const tracer *t)
{
    double target = imp_law_end_target(&t->end, t->pc, t->c->C0, t->Wc), d;
    switch (t->end.form) {
    case IMP_LAW_END_IMPULSE:    /* Pn reaches the target */
        d = target - t->p;
        break;
    case IMP_LAW_END_VELOCITY:   /* vn reaches the target */
        d = (target - t->C) / t->kC;
        break;
    default: {                   /* IMP_LAW_END_WORK: Wr reaches the target */
        double T = target - t->Wr;
        if (!(T > 0))
            return 0.0;
        double Ca = t->C > 0 ? t->C : 0.0, kT = 2 * t->kC * T, CC = Ca * Ca;
        /* kC T underflowed to 0 for a subnormal B2 (1e-308, T = 1e-40):
         * the end went to infinity and the slip reversed instead; a
         * product out of the normal range takes the roots first */
        double q = kT >= DBL_MIN && kT <= DBL_MAX && (Ca == 0 || (CC >= DBL_MIN && CC <= DBL_MAX))
                 ? sqrt(CC + kT) : hypot(Ca, sqrt(2.0) * sqrt(t->kC) * sqrt(T));
        d = 2 * T / (Ca + q);
        break;
    }
    }
    return d > 0 ? d : 0.0;
}

static int valid(const imp_coef2d *c, double mu_s, double mu_k,
                 const imp_law *law)
{
    if (!(isfinite(c->S0) && isfinite(c->C0)))  /* B's: imp_coef2d_scale */
        return 0;
    if (!(isfinite(mu_s) && mu_k >= 0 && mu_k <= mu_s))
        return 0;
    if (!law || !(law->e >= 0 && law->e <= 1))
        return 0;
    return imp_law_usable(law);
}

static inline imp_class class_of(const imp_coef2d *c)
{
    if (c->C0 == 0)
        return IMP_CLASS_TANGENTIAL;
    if (c->S0 == 0)
        return IMP_CLASS_DIRECT;
    if (c->B3 == 0)
        return IMP_CLASS_CENTRAL;
    return IMP_CLASS_ECCENTRIC;
}

imp_class imp_coef2d_class(const imp_coef2d *c)
{
    return class_of(c);
}

static double sgn(double x) { return (x > 0) - (x < 0); }

/* No impulse: the path is the origin (start and end), with the caller's
 * S0, C0 (out->S, out->C are already those). */
static imp_status finish_none(tracer *t)
{
    imp_result2d *o = t->out;
    vertex(t, IMP_EV_END);
    for (int i = 0; i < o->nvert; i++) {
        o->vert[i].S = o->S;
        o->vert[i].C = o->C;
    }
    o->mode = IMP_MODE_NONE;
    return IMP_OK;
}

/* Results back in the caller's units; IMP_EOVERFLOW when they overflow. */
static imp_status scale_back(const tracer *t, imp_result2d *o)
{
    int kP = t->kP, kV = t->kV, kW = t->kW;
    if (kV == 0 && kP == 0)      /* not scaled (ordinary data) */
        return nf(o->Px) + nf(o->Py) + nf(o->Pc) + nf(o->S) + nf(o->C) + nf(o->dT) +
               nf(o->Wc) + nf(o->Wr) + nf(o->Wf) == 0 ? IMP_OK : IMP_EOVERFLOW;
    o->Px = imp_mul2k(o->Px, kP);
    o->Py = imp_mul2k(o->Py, kP);
    o->Pc = imp_mul2k(o->Pc, kP);
    o->S = imp_mul2k(o->S, kV);
    o->C = imp_mul2k(o->C, kV);
    o->dT = imp_mul2k(o->dT, kW);
    o->Wc = imp_mul2k(o->Wc, kW);
    o->Wr = imp_mul2k(o->Wr, kW);
    o->Wf = imp_mul2k(o->Wf, kW);
    double z = nf(o->Px) + nf(o->Py) + nf(o->Pc) + nf(o->S) + nf(o->C) + nf(o->dT) +
               nf(o->Wc) + nf(o->Wr) + nf(o->Wf);
    int path_ok = imp_vertices2d_scale(o->vert, o->nvert, kP, kV);
    /* data near the limits of double can overflow: never return inf/NaN */
    return z == 0 && path_ok ? IMP_OK : IMP_EOVERFLOW;
}

/* The tracer at the start of the impact: every field, one by one
 * (cheaper than zeroing the whole struct first). */
static void tracer_init(tracer *t, const imp_coef2d *c0, const imp_coef2d_scaled *sc,
                        double mu_s, double mu_k, const imp_law *law, imp_result2d *out)
{
    const imp_coef2d *c = sc->p;
    t->c = c;
    t->D = sc->D;
    t->c0 = c0;
    t->kP = sc->kv - sc->kb;
    t->kV = sc->kv;
    t->kW = 2 * sc->kv - sc->kb;
    t->mu_s = mu_s;
    t->mu_k = mu_k;
    t->law = law;
    imp_law_end_of(law, &t->end);
    t->out = out;
    t->p = t->Px = 0;
    t->S = c->S0;
    t->C = c->C0;
    t->Wc = t->Wr = t->Wf = t->pc = 0;
    t->restit = 0;
    t->seg = SLIDE;
    t->s = t->sig = t->kS = t->kC = 0;
    out->Px = out->Py = out->S = out->C = out->dT = 0;
    out->Wc = out->Wr = out->Wf = out->Pc = 0;
    out->S = c0->S0;
    out->C = c0->C0;
    out->cls = class_of(c0);
    out->coef = *c0;
    out->nvert = 0;
    out->compliant = 0;
}

/* The traced end, scaled back, and the mode from the events met. */
static imp_status tracer_done(const tracer *t, int stuck0, int event, int event_restit)
{
    const imp_coef2d *c = t->c;
    imp_result2d *out = t->out;
    out->Px = t->Px;
    out->Py = t->p;
    out->S = t->seg == STICK ? 0.0 : t->S;
    out->C = t->C;
    out->Wc = t->Wc;
    out->Wr = t->Wr;
    out->Wf = t->Wf;
    out->Pc = t->pc;
    /* eq 56 with the traced S, C: eq 57's quadratic form cancels badly
     * when B3^2 is close to B1*B2 (a body with a small rho) */
    out->dT = imp_dT2d(t->Px, t->p, c->S0, c->C0, out->S, t->C);
    /* an approach traced to p = 0 in the frame: beside the other inputs
     * (|S0/C0| and B2/B1 ~ 2^1600) its impulse has no double, and the
     * traced C would be 0 or C0, not the rebound */
    if (t->c0->C0 < 0 && !(t->p > 0))
        return IMP_EOVERFLOW;
    if (scale_back(t, out) != IMP_OK)
        return IMP_EOVERFLOW;
    if (stuck0)
        out->mode = IMP_MODE_C_STICKING;
    else if (event == IMP_EV_STICK)
        out->mode = event_restit ? IMP_MODE_R_STICKING : IMP_MODE_C_STICKING;
    else if (event == IMP_EV_REVERSE)
        out->mode = event_restit ? IMP_MODE_R_REVERSED : IMP_MODE_C_REVERSED;
    else
        out->mode = IMP_MODE_SLIDING;
    return IMP_OK;
}

imp_status imp_path2d_solve(const imp_coef2d *c0, double mu_s, double mu_k,
                       const imp_law *law, imp_result2d *out)
{
    if (imp_law_is_compliant(law))   /* two rigid traces and the law in time */
        return imp_compliant2d_solve(c0, mu_s, mu_k, law, out);
    return imp_path2d_trace(c0, mu_s, mu_k, law, out);
}

imp_status imp_path2d_trace(const imp_coef2d *c0, double mu_s, double mu_k,
                       const imp_law *law, imp_result2d *out)
{
    imp_coef2d_scaled sc;
    if (!valid(c0, mu_s, mu_k, law) || !imp_coef2d_scale(c0, mu_k, &sc))
        return IMP_EINPUT;
    const imp_coef2d *c = sc.p;
    tracer t;
    tracer_init(&t, c0, &sc, mu_s, mu_k, law, out);
    vertex(&t, IMP_EV_START);

    if (c->C0 > 0)               /* parting: no impulse (WM92 sec 3.4.1) */
        return finish_none(&t);

    /* initial mode (WM92 sec 3.3): the only sticking start is a direct one */
    int stuck0 = 0;
    if (c->S0 != 0)
        set_sliding(&t, sgn(c->S0));
    else if (fabs(c->B3) <= mu_s * c->B1) {
        set_sticking(&t);
        stuck0 = 1;
    } else
        set_sliding(&t, -sgn(c->B3));

    /* an approach whose C0 vanishes in the frame: beside the other inputs
     * (|S0/C0| and B2/B1 ~ 2^1600) its impulse has no double, and traced
     * as grazing it would end with C = 0, not the rebound -e C0 */
    if (c->C0 == 0 && c0->C0 < 0)
        return IMP_EOVERFLOW;
    if (c->C0 == 0 && t.kC >= 0) /* tangential: compression cannot start */
        return finish_none(&t);

    int event = 0, event_restit = 0;      /* the stick/reverse event */
    imp_status st = IMP_OK;
    for (int iter = 0; iter < 8; iter++) {
        double dst = INFINITY, dmc = INFINITY, dend = INFINITY;
        /* the slip falls towards 0: compare signs, never the product
         * S*kS, which underflows to 0 for a tiny slip */
        if (t.seg == SLIDE && ((t.S > 0 && t.kS < 0) || (t.S < 0 && t.kS > 0)))
            dst = -t.S / t.kS;
        if (!t.restit) {
            if (t.kC > 0)
                dmc = t.C >= 0 ? 0.0 : -t.C / t.kC;
        } else if (t.end.form != IMP_LAW_END_NONE) {
            dend = closed_end(&t);
        } else {
            if ((st = residual_end(&t, dst, &dend)) != IMP_OK)
                return st;
        }
        /* (the d's are never NaN: plain comparisons, no libm fmin) */
        double dmin = dst < dmc ? dst : dmc;
        dmin = dend < dmin ? dend : dmin;
        /* by Routh's method's monotonicity facts some event is always ahead: no finite
         * one means the impulse overflows double (extreme data) */
        if (!isfinite(dmin))
            return IMP_EOVERFLOW;
        /* coincident events (within 1e-12 of the impulse) in the order
         * stick, max compression, end */
        double tol = 1e-12 * (t.p + dmin);
        if (dst <= dmin + tol) {
            advance(&t, dst);
            t.S = 0.0;
            if (fabs(c->B3) <= mu_s * c->B1) {
                set_sticking(&t);
                event = IMP_EV_STICK;
            } else {
                set_sliding(&t, -sgn(c->B3));
                event = IMP_EV_REVERSE;
            }
            event_restit = t.restit;
            vertex(&t, (imp_event)event);
        } else if (dmc <= dmin + tol) {
            advance(&t, dmc);
            t.C = 0.0;
            t.pc = t.p;
            t.restit = 1;
            vertex(&t, IMP_EV_MAXC);
        } else {
            advance(&t, dend);
            if (t.end.form == IMP_LAW_END_VELOCITY)   /* the law's vn, exactly; never -0 */
                t.C = 0.0 + imp_law_end_target(&t.end, t.pc, c->C0, t.Wc);
            vertex(&t, IMP_EV_END);
            goto done;
        }
    }
    /* Routh's method's facts bound the loop: only non-finite numbers (data beyond
     * double's range, such as mu*B1 overflowing) can keep it going */
    if (nf(t.p) + nf(t.Px) + nf(t.S) + nf(t.C) + nf(t.kS) + nf(t.kC) != 0)
        return IMP_EOVERFLOW;
    return IMP_ENOCONV;

done:
    return tracer_done(&t, stuck0, event, event_restit);
}
