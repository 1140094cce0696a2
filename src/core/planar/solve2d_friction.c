/* Routh's path with a friction law mu(state) (WM92 sec 3.3
 * for the path, Stronge, Impact Mechanics, 2000, for friction that
 * varies along the impact).
 *
 * The path is parameterised by the normal impulse p = Py. A sliding
 * segment with slip sign sg follows dPx/dp = -sg mu(p): with mu varying it
 * is no longer straight, and (Px, S, C, Wn, Wf) are integrated with
 * Dormand & Prince's 8(5,3) pair (dop853.h) under step control. Events
 * (the slip stops, maximum compression, the law's end) are located on the
 * integrator's own steps: a step whose end crossed one is re-taken shorter
 * from its start, Brent's method on the length finding the crossing. A
 * sticking segment is straight (S = 0, slope B3/B1) and exact; on it the
 * stick breaks where mu B1 falls below |B3|, found by sampling mu along
 * the segment (32 parts) and Brent on the first sign change. A constant
 * mu makes every sliding segment straight, which the 8th-order steps
 * reproduce to rounding: the results are those of imp_path2d_solve.
 *
 * Unlike the constant-mu tracer this one works unscaled, in the caller's
 * units (the law and mu see them); data beyond double's range overflow
 * into IMP_EOVERFLOW. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "brent.h"
#include "dop853.h"
#include "friction.h"
#include "interrupt.h"

enum { NY = 5 };                 /* Px, S, C, Wn (this phase's), Wf */
enum { EV_STOP = 0, EV_MAXC, EV_END, NEV };
#define BREAK_PARTS 32           /* samples of mu along a sticking segment */
#define MAX_STEPS 200000
#define RTOL 1e-13

typedef struct {
    const imp_coef2d *c;
    double D;
    const imp_friction *fr;
    const imp_law *law;
    imp_law_end end;
    double p, y[NY];             /* y[3]: Wc in compression, Wr in restitution */
    double Wc, pc;               /* frozen at maximum compression */
    int restit, stick;
    double sg;                   /* slip sign while sliding */
    double h;                    /* the integrator's step, kept across segments */
    double atol[NY];
    imp_status fail;             /* set by the right-hand side */
    long steps;
    imp_result2d *out;
} ftracer;

static double sgn(double x) { return (x > 0) - (x < 0); }

/* The state the friction law and the restitution law see at (p, y). */
static void state_at(const ftracer *t, double p, const double *y, imp_law_state *s)
{
    s->Pn = p;
    s->Pc = t->pc;
    s->vn = y[2];
    s->vn0 = t->c->C0;
    s->Wc = t->restit ? t->Wc : y[3];
    s->Wr = t->restit ? y[3] : 0.0;
    s->Pt[0] = y[0];
    s->Pt[1] = 0.0;
    s->vt[0] = y[1];
    s->vt[1] = 0.0;
    s->vt0[0] = t->c->S0;
    s->vt0[1] = 0.0;
    s->phase = t->restit ? IMP_PHASE_RESTITUTION : IMP_PHASE_COMPRESSION;
    s->dim = 2;
}

static imp_status mu_at(const ftracer *t, double p, const double *y, double *mu)
{
    imp_law_state s;
    state_at(t, p, y, &s);
    return imp_friction_eval(t->fr, &s, mu) ? IMP_ELAW : IMP_OK;
}

static imp_status residual_at(const ftracer *t, double p, const double *y, double *R)
{
    imp_law_state s;
    state_at(t, p, y, &s);
    if (imp_law_residual(t->law, &s, R) != 0 || !isfinite(*R))
        return IMP_ELAW;
    return IMP_OK;
}

/* Sliding: dPx/dp = -sg mu, dS/dp = B1 dPx/dp - B3, dC/dp = -B3 dPx/dp + B2,
 * dWn/dp = C, dWf/dp = S dPx/dp. A failing mu is kept in
 * t->fail and the step's result discarded. */
static void rhs(const void *ctx, double p, const double *y, double *dy)
{
    ftracer *t = (ftracer *)ctx;
    double mu = 0;
    if (t->fail == IMP_OK) {
        imp_status st = mu_at(t, p, y, &mu);
        if (st != IMP_OK) {
            t->fail = st;
            mu = 0;
        }
    }
    double dPx = -t->sg * mu;
    dy[0] = dPx;
    dy[1] = t->c->B1 * dPx - t->c->B3;
    dy[2] = t->c->B2 - t->c->B3 * dPx;
    dy[3] = y[2];
    dy[4] = y[1] * dPx;
}

static inline void vertex(ftracer *t, imp_event ev, int *overflow)
{
    imp_result2d *o = t->out;
    if (o->nvert >= IMP_PATH2D_MAX) {
        *overflow = 1;
        return;
    }
    imp_vertex2d *v = &o->vert[o->nvert++];
    v->Px = t->y[0];
    v->Py = t->p;
    v->S = t->stick ? 0.0 : t->y[1];
    v->C = t->y[2];
    v->event = ev;
}

/* Brent's zeroin for G on [a, b] with G(a) < 0 <= G(b): *x is a point with
 * G >= 0 within a few ulps of the impulse of the first crossing. */
typedef imp_status (*gfun)(ftracer *t, void *arg, double d, double *g);

typedef struct {
    ftracer *t;
    gfun G;
    void *arg;
} gcall;

static imp_status g_call(void *vc, double d, double *g)
{
    gcall *c = vc;
    return c->G(c->t, c->arg, d, g);
}

/* a few ulps of the impulse p + d and of the step d */
static double g_tol(void *vc, double b)
{
    const gcall *c = vc;
    return 2 * DBL_EPSILON * (fabs(c->t->p + b) + fabs(b)) + 1e-300;
}

static imp_status zeroin(ftracer *t, gfun G, void *arg, double a, double fa, double b,
                         double fb, double *x)
{
    gcall c = {t, G, arg};
    imp_brent B = {g_call, g_tol, &c, 300};
    return imp_brent_root(&B, a, fa, b, fb, x);
}

/* ---- sliding segments ------------------------------------------------ */

typedef struct {
    double k0[NY], work[13 * NY], yd[NY];
    int ev;
} partial;

/* The step of length d from the current point (k0 known). */
static imp_status take(ftracer *t, partial *q, double d, double *yd)
{
    imp_dop853_step(rhs, t, NY, t->p, t->y, d, yd, NULL, q->k0, 1, q->work);
    return t->fail;
}

/* Event function k at (p, y), increasing through 0 at the event. */
static imp_status event_g(ftracer *t, int k, double p, const double *y, double *g)
{
    switch (k) {
    case EV_STOP: *g = -t->sg * y[1]; return IMP_OK;
    case EV_MAXC: *g = y[2]; return IMP_OK;
    default: return residual_at(t, p, y, g);
    }
}

static imp_status g_partial(ftracer *t, void *arg, double d, double *g)
{
    partial *q = arg;
    imp_status st = take(t, q, d, q->yd);
    if (st != IMP_OK)
        return st;
    return event_g(t, q->ev, t->p + d, q->yd, g);
}

/* Where event k, not yet met at the step's start (g0 < 0, or g0 = 0 just
 * after an event), is first met on the accepted step of length h whose
 * end has g1 >= 0: *d in (0, h], or INFINITY when it is not met. */
static imp_status locate(ftracer *t, partial *q, int k, double g0, double h, double g1,
                         double *d)
{
    double lo = 0, glo = g0;
    q->ev = k;
    *d = INFINITY;
    if (!(g0 < 0)) {
        /* at 0 exactly (a zero slip after a reversal, the grazing start
         * of a tangential impact): the first point where g < 0 */
        double x = h;
        int found = 0;
        for (int i = 0; i < 60 && !found; i++) {
            x *= 0.5;
            imp_status st = g_partial(t, q, x, &glo);
            if (st != IMP_OK)
                return st;
            found = glo < 0;
        }
        if (!found)
            return IMP_OK;       /* never left 0 from below: not an event */
        lo = x;
    }
    return zeroin(t, g_partial, q, lo, glo, h, g1, d);
}

static int events_active(const ftracer *t, int k)
{
    if (k == EV_MAXC)
        return !t->restit;
    if (k == EV_END)
        return t->restit;
    return 1;
}

/* Integrates the sliding segment to its first event; *ev receives it. */
static imp_status slide(ftracer *t, int *ev)
{
    partial q;
    double yn[NY], err[NY], g0[NEV];
    const imp_coef2d *c = t->c;
    double Ccap = 1e6 * (fabs(c->C0) + fabs(c->S0));
    int have_k0 = 0;
    for (int k = 0; k < NEV; k++) {
        g0[k] = 0;
        if (events_active(t, k)) {
            imp_status st = event_g(t, k, t->p, t->y, &g0[k]);
            if (st != IMP_OK)
                return st;
        }
    }
    if (!t->restit && t->y[2] >= 0) {
        /* C = 0 already (max compression coincident with the event that
         * began this slide): it ends here if C rises, as the constant-mu
         * tracer's d = 0; a grazing start (tangential) deepens first */
        double mu;
        imp_status st = mu_at(t, t->p, t->y, &mu);
        if (st != IMP_OK)
            return st;
        if (c->B2 + t->sg * mu * c->B3 > 0) {
            *ev = EV_MAXC;
            return IMP_OK;
        }
    }
    for (;;) {
        if (++t->steps > MAX_STEPS)
            return IMP_ESTEPS;
        if (imp_interrupt_pending())
            return IMP_EINTERRUPT;
        double h = t->h;
        imp_dop853_step(rhs, t, NY, t->p, t->y, h, yn, err, q.k0, have_k0, q.work);
        if (t->fail != IMP_OK)
            return t->fail;
        have_k0 = 1;
        double en = 0;
        for (int i = 0; i < NY; i++) {
            double sc = t->atol[i] + RTOL * fmax(fabs(t->y[i]), fabs(yn[i]));
            double r = fabs(err[i]) / sc;
            en = r > en ? r : en;
        }
        if (!isfinite(en))
            return IMP_EOVERFLOW;
        if (en > 1) {            /* rejected: shorter, from the same start */
            t->h = h * fmax(0.2, 0.9 * pow(en, -1.0 / 8));
            continue;
        }
        /* the events this step crossed, the first one kept */
        double dmin = INFINITY, g1s[NEV] = {0};
        int kmin = -1;
        for (int k = 0; k < NEV; k++) {
            if (!events_active(t, k))
                continue;
            double g1, d;
            imp_status st = event_g(t, k, t->p + h, yn, &g1);
            if (st != IMP_OK)
                return st;
            g1s[k] = g1;
            if (!(g1 >= 0))
                continue;
            if ((st = locate(t, &q, k, g0[k], h, g1, &d)) != IMP_OK)
                return st;
            /* coincident events (within 1e-12 of the impulse, as the
             * constant-mu tracer) in the order stop, max compression, end */
            if (d < dmin - 1e-12 * (t->p + d)) {
                dmin = d;
                kmin = k;
            }
        }
        if (kmin >= 0) {
            if (take(t, &q, dmin, yn) != IMP_OK)
                return t->fail;
            t->p += dmin;
            for (int i = 0; i < NY; i++) t->y[i] = yn[i];
            *ev = kmin;
            return IMP_OK;
        }
        t->p += h;
        for (int i = 0; i < NY; i++) t->y[i] = yn[i];
        for (int k = 0; k < NEV; k++)
            g0[k] = g1s[k];
        have_k0 = 0;
        t->h = h * fmin(5.0, en > 0 ? 0.9 * pow(en, -1.0 / 8) : 5.0);
        if (t->restit && t->y[2] > Ccap)
            return IMP_ENOROOT;  /* the law never reached zero */
        if (!t->restit && t->y[2] < -Ccap)
            return IMP_ENOCONV;  /* a compression mu keeps deepening */
    }
}

/* ---- sticking segments (S = 0: straight, exact) ---------------------- */

/* The point at distance d along the sticking line from the current one. */
static void line_at(const ftracer *t, double d, double *p, double *y)
{
    const imp_coef2d *c = t->c;
    double kC = t->D / c->B1;
    *p = t->p + d;
    y[0] = t->y[0] + c->B3 / c->B1 * d;
    y[1] = 0.0;
    y[2] = t->y[2] + kC * d;
    y[3] = t->y[3] + d * (t->y[2] + 0.5 * kC * d);
    y[4] = t->y[4];
}

static imp_status g_line_end(ftracer *t, void *arg, double d, double *g)
{
    (void)arg;
    double p, y[NY];
    line_at(t, d, &p, y);
    return residual_at(t, p, y, g);
}

/* |B3| - mu B1 along the line: >= 0... reached from below where it breaks */
static imp_status g_line_break(ftracer *t, void *arg, double d, double *g)
{
    (void)arg;
    double p, y[NY], mu;
    line_at(t, d, &p, y);
    imp_status st = mu_at(t, p, y, &mu);
    /* holds while |B3| <= mu B1: breaks where the difference turns positive */
    *g = fabs(t->c->B3) - mu * t->c->B1;
    if (*g == 0)
        *g = -0.0 - DBL_MIN;     /* equality holds the stick */
    return st;
}

/* The law's end on the sticking line (restitution): closed form when the
 * law has one (WM92 sec 3.3), else the residual's first zero from below:
 * probed at Pc, 2 Pc, ... until C passes 1e6 (|C0| + |S0|), as solve2d.c. */
static imp_status line_end(ftracer *t, double *dend)
{
    const imp_coef2d *c = t->c;
    double kC = t->D / c->B1, C = t->y[2];
    if (t->end.form != IMP_LAW_END_NONE) {
        double target = imp_law_end_target(&t->end, t->pc, c->C0, t->Wc), d;
        if (t->end.form == IMP_LAW_END_IMPULSE) {
            d = target - t->p;
        } else if (t->end.form == IMP_LAW_END_VELOCITY) {
            d = (target - C) / kC;
        } else {
            double T = target - t->y[3], Ca = C > 0 ? C : 0.0;
            d = T > 0 ? 2 * T / (Ca + sqrt(Ca * Ca + 2 * kC * T)) : 0.0;
        }
        *dend = d > 0 ? d : 0.0;
        return IMP_OK;
    }
    double f0, f, lo = 0, x = t->pc > 0 ? t->pc : 1.0;
    imp_status st = g_line_end(t, NULL, 0, &f0);
    if (st != IMP_OK)
        return st;
    if (f0 >= 0) {
        *dend = 0;
        return IMP_OK;
    }
    double len = (1e6 * (fabs(c->C0) + fabs(c->S0)) - C) / kC, flo = f0;
    if (!(len > 0 && len < INFINITY))
        return IMP_ENOROOT;
    for (;;) {
        if (imp_interrupt_pending())
            return IMP_EINTERRUPT;
        if (!(x < len))
            x = len;
        if ((st = g_line_end(t, NULL, x, &f)) != IMP_OK)
            return st;
        if (f >= 0) {            /* 16 parts, then Brent on the first change */
            double hh = (x - lo) / 16;
            for (int k = 1; k < 16; k++) {
                double xk = lo + k * hh, fk;
                if ((st = g_line_end(t, NULL, xk, &fk)) != IMP_OK)
                    return st;
                if (fk >= 0)
                    return zeroin(t, g_line_end, NULL, lo, flo, xk, fk, dend);
                lo = xk;
                flo = fk;
            }
            return zeroin(t, g_line_end, NULL, lo, flo, x, f, dend);
        }
        if (x == len)
            return IMP_ENOROOT;
        lo = x;
        flo = f;
        x *= 2;
    }
}

enum { EV_BREAK = NEV };

/* Follows the sticking line to its first event: max compression, the
 * law's end, or a break (mu B1 < |B3|) before either. */
static imp_status stick_seg(ftracer *t, int *ev)
{
    const imp_coef2d *c = t->c;
    double kC = t->D / c->B1, dnext;
    int evn;
    if (!t->restit) {
        dnext = t->y[2] >= 0 ? 0.0 : -t->y[2] / kC;
        evn = EV_MAXC;
    } else {
        imp_status st = line_end(t, &dnext);
        if (st != IMP_OK)
            return st;
        evn = EV_END;
    }
    double lo = 0, glo, d = dnext;
    imp_status st = g_line_break(t, NULL, 0, &glo);
    if (st != IMP_OK)
        return st;
    if (glo >= 0) {              /* (the callers checked that it holds) */
        d = 0;
        evn = EV_BREAK;
    }
    for (int k = 1; k <= BREAK_PARTS && dnext > 0 && evn != EV_BREAK; k++) {
        double x = k == BREAK_PARTS ? dnext : dnext * k / BREAK_PARTS, g;
        if ((st = g_line_break(t, NULL, x, &g)) != IMP_OK)
            return st;
        if (g >= 0) {
            if ((st = zeroin(t, g_line_break, NULL, lo, glo, x, g, &d)) != IMP_OK)
                return st;
            evn = EV_BREAK;
        }
        lo = x;
        glo = g;
    }
    double p, y[NY];
    line_at(t, d, &p, y);
    t->p = p;
    for (int i = 0; i < NY; i++) t->y[i] = y[i];
    *ev = evn;
    return IMP_OK;
}

/* ---- the path --------------------------------------------------------- */

static void set_sliding(ftracer *t, double sg)
{
    t->stick = 0;
    t->sg = sg;
}

/* Whether sticking holds at the current point (vt = 0). */
static imp_status holds(ftracer *t, int *ok)
{
    double y[NY], mu;
    for (int i = 0; i < NY; i++) y[i] = t->y[i];
    y[1] = 0.0;
    imp_status st = mu_at(t, t->p, y, &mu);
    *ok = fabs(t->c->B3) <= mu * t->c->B1;
    return st;
}

static imp_status finish(ftracer *t, int first_stop, int reversed)
{
    imp_result2d *o = t->out;
    const imp_coef2d *c = t->c;
    o->Px = t->y[0];
    o->Py = t->p;
    o->S = t->stick ? 0.0 : t->y[1];
    o->C = t->y[2];
    o->Wc = t->restit ? t->Wc : t->y[3];
    o->Wr = t->restit ? t->y[3] : 0.0;
    o->Wf = t->y[4];
    o->Pc = t->pc;
    o->dT = imp_dT2d(o->Px, o->Py, c->S0, c->C0, o->S, o->C);
    if (first_stop < 0)
        o->mode = IMP_MODE_SLIDING;
    else if (first_stop == 0)
        o->mode = reversed ? IMP_MODE_C_REVERSED : IMP_MODE_C_STICKING;
    else
        o->mode = reversed ? IMP_MODE_R_REVERSED : IMP_MODE_R_STICKING;
    double z = o->Px + o->Py + o->S + o->C + o->Wc + o->Wr + o->Wf + o->dT;
    return isfinite(z) ? IMP_OK : IMP_EOVERFLOW;
}

imp_status imp_path2d_solve_friction(const imp_coef2d *c, const imp_friction *f,
                                     const imp_law *law, imp_result2d *out)
{
    if (!c || !f || !f->fn || !law || !(law->e >= 0 && law->e <= 1) || !imp_law_usable(law))
        return IMP_EINPUT;
    if (!(isfinite(c->S0) && isfinite(c->C0)) || !imp_coef2d_posdef(c))
        return IMP_EINPUT;
    ftracer t;
    t.c = c;
    t.D = imp_coef2d_delta(c);
    t.fr = f;
    t.law = law;
    imp_law_end_of(law, &t.end);
    t.p = 0;
    t.y[0] = 0;
    t.y[1] = c->S0;
    t.y[2] = c->C0;
    t.y[3] = t.y[4] = 0;
    t.Wc = t.pc = 0;
    t.restit = t.stick = 0;
    t.sg = 0;
    t.fail = IMP_OK;
    t.steps = 0;
    t.out = out;
    /* tolerances on the impulse, velocity and work scales of the impact */
    double v = fabs(c->S0) + fabs(c->C0), bmin = fmin(c->B1, c->B2);
    double P = v / bmin;
    t.atol[0] = 1e-14 * P;
    t.atol[1] = t.atol[2] = 1e-14 * v;
    t.atol[3] = t.atol[4] = 1e-14 * v * P;
    t.h = 0.05 * P;
    memset(out, 0, sizeof *out);   /* every field, those added later too (compliant) */
    out->Px = out->Py = out->dT = out->Wc = out->Wr = out->Wf = out->Pc = 0;
    out->S = c->S0;
    out->C = c->C0;
    out->cls = imp_coef2d_class(c);
    out->coef = *c;
    out->nvert = 0;
    out->mode = IMP_MODE_NONE;
    int over = 0, first_stop = -1, reversed = 0;
    vertex(&t, IMP_EV_START, &over);
    if (c->C0 > 0 || (c->C0 == 0 && c->S0 == 0)) {   /* parting; S0 = C0 = 0 */
        vertex(&t, IMP_EV_END, &over);
        return IMP_OK;
    }
    imp_status st;
    double mu0;
    if ((st = mu_at(&t, 0, t.y, &mu0)) != IMP_OK)
        return st;
    if (c->S0 != 0) {
        set_sliding(&t, sgn(c->S0));
    } else if (fabs(c->B3) <= mu0 * c->B1) {
        t.stick = 1;
        first_stop = 0;          /* a direct impact that sticks: C-sticking */
    } else {
        set_sliding(&t, -sgn(c->B3));
    }
    /* tangential (C0 = 0): compression starts only if the slide deepens it */
    if (c->C0 == 0 && !(c->B2 + t.sg * mu0 * c->B3 < 0)) {
        vertex(&t, IMP_EV_END, &over);
        return IMP_OK;
    }
    for (int iter = 0; iter < 4 * IMP_PATH2D_MAX; iter++) {
        int ev = EV_END;         /* (each segment sets it; -O2 cannot see that) */
        st = t.stick ? stick_seg(&t, &ev) : slide(&t, &ev);
        if (st != IMP_OK)
            return st;
        if (ev == EV_STOP) {
            int ok;
            t.y[1] = 0.0;
            if ((st = holds(&t, &ok)) != IMP_OK)
                return st;
            if (first_stop < 0)
                first_stop = t.restit;
            if (ok) {
                t.stick = 1;
                vertex(&t, IMP_EV_STICK, &over);
            } else {
                set_sliding(&t, -sgn(c->B3));
                reversed = 1;
                vertex(&t, IMP_EV_REVERSE, &over);
            }
        } else if (ev == EV_BREAK) {
            set_sliding(&t, -sgn(c->B3));
            reversed = 1;
            vertex(&t, IMP_EV_REVERSE, &over);
        } else if (ev == EV_MAXC) {
            t.y[2] = 0.0;
            t.pc = t.p;
            t.Wc = t.y[3];
            t.y[3] = 0.0;
            t.restit = 1;
            vertex(&t, IMP_EV_MAXC, &over);
            if (t.stick) {       /* re-checked with the restitution state */
                int ok;
                if ((st = holds(&t, &ok)) != IMP_OK)
                    return st;
                if (!ok) {
                    set_sliding(&t, -sgn(c->B3));
                    reversed = 1;
                    vertex(&t, IMP_EV_REVERSE, &over);
                }
            }
        } else {                 /* EV_END */
            if (t.end.form == IMP_LAW_END_VELOCITY)
                t.y[2] = imp_law_end_target(&t.end, t.pc, c->C0, t.Wc);
            vertex(&t, IMP_EV_END, &over);
            return over ? IMP_ENOCONV : finish(&t, first_stop, reversed);
        }
        if (over)
            return IMP_ENOCONV;
        if (t.restit && ev != EV_END) {   /* the law may end here already */
            double R;
            if ((st = residual_at(&t, t.p, t.y, &R)) != IMP_OK)
                return st;
            if (R >= 0) {
                vertex(&t, IMP_EV_END, &over);
                return over ? IMP_ENOCONV : finish(&t, first_stop, reversed);
            }
        }
    }
    return IMP_ENOCONV;
}
