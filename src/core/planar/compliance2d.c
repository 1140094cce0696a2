/* Stronge's tangential compliance in the plane (Stronge 1994, 2000): the
 * lumped contact particle over time, events located, never stepped over.
 *
 * Numerical choices. The problem is scaled to C0 = -1, B2 = 1, k = 1 (the
 * path depends only on eta2, e, mu and the B's, S0, C0). The state is
 * y = (Px, Py, F_n, v, 1), v = k_t u the tangential spring force (F_t =
 * -v): every mode (stick; slip sigma; compression k_p = k, restitution
 * k_p = k/e^2) is then a LINEAR ODE y' = A y with constant A, so each step
 * is the matrix exponential exp(A s) y, summed as its Taylor series to
 * rounding (|A| s <= 1/4 per step): the steps carry no truncation error,
 * and a partial step to any s in (0, h] is as exact as a full one. Steps
 * are 1/4 rad of the fastest oscillation. Every event function is linear
 * in y, so its derivative is exact too: a crossing between a step's ends,
 * or a maximum inside it that pokes above zero (a grazing crossing, as a
 * stiff spring's chatter makes them), is bracketed and located on the exact
 * partial steps to adjacent doubles (Illinois and bisection); results do
 * not depend on the step (1e-12 between 0.05 and 0.6 rad). The works are
 * the stuck spring's energy and Gauss-Legendre quadratures of the slip's
 * (analytic) integrands over each step.
 *
 * Events (Stronge 2000; Jia 2013 for the slip-state v = sigma mu F_n):
 *   stick:  |v| reaches mu F_n           -> slip, sigma = sgn v
 *   slip:   w = S + sigma mu (k_p/k_t) C  reaches 0 -> stick (the particle stops)
 *   compression: C reaches 0             -> restitution (F_n continuous)
 *   restitution: F_n reaches 0           -> end;  C reaching 0 -> no model
 */
#include <math.h>

#include "compliance2d.h"
#include "interrupt.h"

double imp_compliance_eta2_from_nu(double nu)
{
    return (2 - nu) / (2 * (1 - nu));   /* Mindlin 1949, as Stronge 2000 */
}

const char *imp_cevent_name(imp_cevent e)
{
    static const char *const names[] = {"start", "stick", "slip", "max-compression", "end"};
    return (unsigned)e < 5 ? names[e] : "?";
}

enum { NY = 5, PX = 0, PY = 1, FN = 2, V = 3, ONE = 4 };

#ifndef STEP_RAD
#define STEP_RAD 0.25   /* a step: this many radians of the fastest rate */
#endif

typedef struct {
    double b1, b2, b3, s0, c0;   /* scaled: b2 = 1, c0 = -1 */
    double mu, kt, kp;
    int stick, sigma;            /* mode: stick, or slip in direction sigma */
    int restitution;
    double A[NY][NY];
} cstate;

static double S_of(const cstate *q, const double *y)
{
    return q->s0 + q->b1 * y[PX] - q->b3 * y[PY];
}

static double C_of(const cstate *q, const double *y)
{
    return q->c0 - q->b3 * y[PX] + q->b2 * y[PY];
}

/* The mode's A (rows: d/dt of Px, Py, F_n, v). */
static void build_A(cstate *q)
{
    for (int i = 0; i < NY; i++)
        for (int j = 0; j < NY; j++)
            q->A[i][j] = 0;
    double kp = q->kp;
    q->A[PY][FN] = 1;                               /* dPy/dt = F_n */
    q->A[FN][PX] = kp * q->b3;                      /* dF_n/dt = -k_p C */
    q->A[FN][PY] = -kp * q->b2;
    q->A[FN][ONE] = -kp * q->c0;
    if (q->stick) {
        q->A[PX][V] = -1;                           /* dPx/dt = F_t = -v */
        q->A[V][PX] = q->kt * q->b1;                /* dv/dt = k_t S */
        q->A[V][PY] = -q->kt * q->b3;
        q->A[V][ONE] = q->kt * q->s0;
    } else {
        double sm = q->sigma * q->mu;
        q->A[PX][FN] = -sm;                         /* F_t = -sigma mu F_n */
        for (int j = 0; j < NY; j++)                /* v = sigma mu F_n */
            q->A[V][j] = sm * q->A[FN][j];
    }
}

/* y = exp(A s) y0 by its Taylor series, to rounding. */
static void prop(const cstate *q, double s, const double *y0, double *y)
{
    double term[NY], next[NY];
    for (int i = 0; i < NY; i++)
        y[i] = term[i] = y0[i];
    for (int k = 1; k < 80; k++) {
        double big = 0, mag = 0;
        for (int i = 0; i < NY; i++) {
            double a = 0;
            for (int j = 0; j < NY; j++)
                a += q->A[i][j] * term[j];
            next[i] = a * s / k;
        }
        for (int i = 0; i < NY; i++) {
            term[i] = next[i];
            y[i] += term[i];
            big = fmax(big, fabs(term[i]));
            mag = fmax(mag, fabs(y[i]));
        }
        if (big <= 1e-18 * mag)
            break;
    }
}

/* The event functions of the mode and phase, each crossing 0 upwards at its
 * event; each is LINEAR in y, g = c.y (so g' = c.A y exactly). Order =
 * precedence at a tie (stick or slip first, then maximum compression, then
 * the end, as Routh's tracer). */
enum { G_POS, G_NEG, G_W, G_MAXC, G_END, G_RECOMP, NG };

typedef struct { int on[NG]; double c[NG][NY]; } cevents;

static void events_rows(const cstate *q, cevents *ev)
{
    double Srow[NY] = {q->b1, -q->b3, 0, 0, q->s0}, Crow[NY] = {-q->b3, q->b2, 0, 0, q->c0};
    for (int i = 0; i < NG; i++) {
        ev->on[i] = 0;
        for (int j = 0; j < NY; j++)
            ev->c[i][j] = 0;
    }
    if (q->mu > 0 && q->stick) {         /* |v| reaches mu F_n */
        ev->on[G_POS] = ev->on[G_NEG] = 1;
        ev->c[G_POS][V] = 1;
        ev->c[G_POS][FN] = -q->mu;
        ev->c[G_NEG][V] = -1;
        ev->c[G_NEG][FN] = -q->mu;
    } else if (q->mu > 0) {              /* -sigma w, w = S + sigma mu (k_p/k_t) C */
        ev->on[G_W] = 1;
        for (int j = 0; j < NY; j++)
            ev->c[G_W][j] = -q->sigma * Srow[j] - q->mu * (q->kp / q->kt) * Crow[j];
    }
    int k = q->restitution ? G_RECOMP : G_MAXC;
    ev->on[k] = 1;
    for (int j = 0; j < NY; j++)
        ev->c[k][j] = q->restitution ? -Crow[j] : Crow[j];
    if (q->restitution) {
        ev->on[G_END] = 1;
        ev->c[G_END][FN] = -1;
    }
}

static double dot(const double *c, const double *y)
{
    double a = 0;
    for (int j = 0; j < NY; j++)
        a += c[j] * y[j];
    return a;
}

/* g' = c.(A y) */
static double rate_of(const cstate *q, const double *c, const double *y)
{
    double a = 0;
    for (int i = 0; i < NY; i++)
        a += c[i] * dot(q->A[i], y);
    return a;
}

/* The size of g's terms at y, for a noise level. */
static double terms(const double *c, const double *y)
{
    double a = 0;
    for (int j = 0; j < NY; j++)
        a += fabs(c[j] * y[j]);
    return a;
}

/* The point of [lo, hi] where f (g when deriv = 0, g' when 1) changes sign:
 * f < 0 at lo, f >= 0 at hi for g; f > 0 at lo, f <= 0 at hi for g'.
 * Illinois steps (regula falsi with the stale end's value halved), every
 * third step a bisection (which bounds the count), down to the last bits;
 * returns hi, where the sign has changed. */
static double bracket(const cstate *q, const double *c, const double *y0, int deriv,
                      double lo, double flo, double hi, double fhi, double h)
{
    double ym[NY];
    int side = 0;
    for (int it = 0; it < 300 && hi - lo > 1e-17 * h; it++) {
        double mid;
        if (it % 3 == 2 || !(flo != fhi))
            mid = 0.5 * (lo + hi);
        else
            mid = lo + (hi - lo) * flo / (flo - fhi);
        if (!(mid > lo && mid < hi))
            mid = 0.5 * (lo + hi);
        if (!(mid > lo && mid < hi))
            break;                 /* lo and hi are adjacent doubles */
        prop(q, mid, y0, ym);
        double fm = deriv ? -rate_of(q, c, ym) : dot(c, ym);   /* as g: < 0 at lo */
        if (fm >= 0) {
            hi = mid;
            fhi = fm;
            if (side == 1) flo *= 0.5;
            side = 1;
        } else {
            lo = mid;
            flo = fm;
            if (side == -1) fhi *= 0.5;
            side = -1;
        }
    }
    return hi;
}

/* Where in (0, h] event function c first reaches 0 from y0 (step end y1),
 * or -1. A crossing between the step's ends is found by bisection; one
 * that rises to zero and falls back inside the step (a grazing maximum,
 * frequent while a stiff spring chatters) is found by bisecting g' = 0
 * first, when the step's cubic Hermite interpolant comes near zero. */
static double first_root(const cstate *q, const double *c, const double *y0, const double *y1,
                         double h)
{
    double hi = h, ym[NY];
    double g0 = dot(c, y0), g1 = dot(c, y1);
    if (!(g1 >= 0)) {
        double d0 = rate_of(q, c, y0), d1 = rate_of(q, c, y1);
        if (!(d0 > 0 && d1 < 0))
            return -1;
        /* the Hermite cubic's largest value on a grid: an estimate of the max */
        double est = fmax(g0, g1), noise = fabs(g0) + fabs(g1) + h * (fabs(d0) + fabs(d1));
        for (int k = 1; k < 16; k++) {
            double t = k / 16.0, t2 = t * t, t3 = t2 * t;
            double v = (2 * t3 - 3 * t2 + 1) * g0 + (t3 - 2 * t2 + t) * h * d0 +
                       (-2 * t3 + 3 * t2) * g1 + (t3 - t2) * h * d1;
            est = fmax(est, v);
        }
        if (est < -0.05 * noise)
            return -1;
        hi = bracket(q, c, y0, 1, 0, -d0, h, -d1, h);
        prop(q, hi, y0, ym);
        if (!(dot(c, ym) > 1e-13 * terms(c, ym)))
            return -1;                    /* below rounding: the function only grazes */
    }
    /* g < 0 at 0 (the step's start), >= 0 at hi */
    double ghi = g1 >= 0 ? g1 : dot(c, ym);
    return bracket(q, c, y0, 0, 0, fmin(g0, -1e-300), hi, ghi, h);
}

/* Adds the step's works over [0, s]: stuck, S F_t = -d/dt (v^2/(2 k_t)), the
 * spring's energy; slipping, 5-point Gauss-Legendre of S F_t and
 * mu F_n |w|. */
static void works(const cstate *q, const double *y0, const double *y1, double s,
                  double *Wt, double *Df)
{
    if (q->stick) {
        *Wt -= 0.5 * (y1[V] - y0[V]) * (y1[V] + y0[V]) / q->kt;
        return;
    }
    static const double x[5] = {0, -0.5384693101056831, 0.5384693101056831,
                                -0.9061798459386640, 0.9061798459386640};
    static const double w[5] = {0.5688888888888889, 0.4786286704993665, 0.4786286704993665,
                                0.2369268850561891, 0.2369268850561891};
    double wt = 0, df = 0, y[NY];
    for (int i = 0; i < 5; i++) {
        prop(q, 0.5 * s * (1 + x[i]), y0, y);
        double S = S_of(q, y);
        wt += w[i] * (-S * y[V]);
        if (q->mu > 0) {
            double vel = S + q->sigma * q->mu * (q->kp / q->kt) * C_of(q, y);
            df += w[i] * q->mu * y[FN] * q->sigma * vel;
        }
    }
    *Wt += 0.5 * s * wt;
    *Df += 0.5 * s * df;
}

static void vertex(imp_cresult2d *r, const cstate *q, const double *y, imp_cevent ev)
{
    int i = r->nvert < IMP_CPATH2D_MAX ? r->nvert++ : IMP_CPATH2D_MAX - 1;
    imp_cvertex2d *v = &r->vert[i];
    v->Px = y[PX];
    v->Py = y[PY];
    v->S = S_of(q, y);
    v->C = C_of(q, y);
    v->sigma = q->stick ? 0 : q->sigma;
    v->event = ev;
}

/* The fastest rate of the mode's A (an upper bound of its eigenvalues'
 * moduli), for the step: stuck, the springs' k_t B1 + k_p B2 (the trace of
 * K W); slipping, F_n'' = -k_p (B2 + sigma mu B3) F_n. */
static double rate(const cstate *q)
{
    if (q->stick)
        return sqrt(q->kt * q->b1 + q->kp * q->b2);
    return sqrt(q->kp * (q->b2 + q->mu * fabs(q->b3)));
}

static int sgn(double x)
{
    return (x > 0) - (x < 0);
}

imp_status imp_compliance2d_solve(const imp_coef2d *c, double mu, double e, double eta2,
                                  imp_cresult2d *out)
{
    imp_cresult2d *r = out;
    *r = (imp_cresult2d){0};
    r->et = NAN;
    if (!imp_coef2d_posdef(c) || !isfinite(c->S0) || !isfinite(c->C0) || !(mu >= 0) ||
        !isfinite(mu) || !(e >= 0 && e <= 1) || !(eta2 > 0) || !isfinite(eta2))
        return IMP_EINPUT;
    r->cls = imp_coef2d_class(c);
    r->S = c->S0;
    r->C = c->C0;
    r->mode = IMP_MODE_NONE;
    if (!(c->C0 < 0)) {         /* separating or tangential: no impulse */
        if (c->S0 != 0)
            r->et = -1;
        return IMP_OK;
    }
    double Vs = -c->C0, bs = c->B2;
    cstate q = {c->B1 / bs, 1, c->B3 / bs, c->S0 / Vs, -1, mu, 1 / eta2, 1, 0, 0, 0, {{0}}};
    if (!isfinite(q.s0) || !isfinite(q.b1))
        return IMP_EOVERFLOW;
    double y[NY] = {0, 0, 0, 0, 1}, y1[NY];
    cevents ev;
    /* start: the particle sticks iff the spring force it would build,
     * k_t |S0| t, stays within mu k |C0| t */
    if (mu > 0 && fabs(q.s0) <= mu * eta2)
        q.stick = 1;
    else
        q.sigma = mu > 0 ? sgn(q.s0) : 0;
    vertex(r, &q, y, IMP_CEV_START);
    int first_stick = q.stick ? 0 : -1;
    double Wt = 0, Df = 0, Ec = 0, Pc = 0;
    long nevents = 0;
    build_A(&q);
    events_rows(&q, &ev);
    for (;;) {
        if (++r->nsteps > IMP_CSTEPS_MAX)
            return IMP_ESTEPS;
        if ((r->nsteps & 4095) == 0 && imp_interrupt_pending())
            return IMP_EINTERRUPT;
        double h = STEP_RAD / rate(&q);
        prop(&q, h, y, y1);
        int which = -1;
        double s = h;
        for (int i = 0; i < NG; i++) {
            if (!ev.on[i])
                continue;
            double si = first_root(&q, ev.c[i], y, y1, h);
            if (si >= 0 && (si < s || which < 0)) {
                s = si;
                which = i;
            }
        }
        if (which >= 0)
            prop(&q, s, y, y1);
        if (!(isfinite(y1[PX]) && isfinite(y1[PY]) && isfinite(y1[FN]) && isfinite(y1[V])))
            return IMP_EOVERFLOW;
        works(&q, y, y1, s, &Wt, &Df);
        for (int i = 0; i < NY; i++)
            y[i] = y1[i];
        if (!q.stick)
            y[V] = q.sigma * q.mu * y[FN];          /* the slip's algebraic v */
        if (which < 0)
            continue;
        if (++nevents > 100000)
            return IMP_ENOCONV;
        if (which == G_POS || which == G_NEG) {       /* stick -> slip */
            q.stick = 0;
            q.sigma = which == G_POS ? 1 : -1;
            y[V] = q.sigma * q.mu * y[FN];
            vertex(r, &q, y, IMP_CEV_SLIP);
        } else if (which == G_W) {                    /* slip -> stick */
            q.stick = 1;
            if (first_stick < 0)
                first_stick = q.restitution;
            vertex(r, &q, y, IMP_CEV_STICK);
        } else if (which == G_MAXC) {
            Pc = y[PY];
            Ec = 0.5 * y[FN] * y[FN];               /* k delta_c^2 / 2, k = 1 */
            vertex(r, &q, y, IMP_CEV_MAXC);
            if (e == 0) {
                /* the normal force drops at once: the particle slips back and
                 * the tangential spring's energy, already taken from the body
                 * (in Wt), is dissipated */
                Df += 0.5 * y[V] * y[V] / q.kt;
                if (q.stick && y[V] != 0) {
                    q.stick = 0;
                    q.sigma = sgn(y[V]);
                }
                break;
            }
            q.restitution = 1;
            q.kp = 1 / (e * e);
        } else if (which == G_END) {
            break;
        } else {
            return IMP_ENOSOLUTION;                 /* re-compression */
        }
        build_A(&q);
        events_rows(&q, &ev);
    }
    vertex(r, &q, y, IMP_CEV_END);
    r->nevents = (int)nevents + 1;
    /* back to the problem's units: impulses V/B2, velocities V, works V^2/B2 */
    double kP = Vs / bs, kW = Vs * Vs / bs;
    for (int i = 0; i < r->nvert; i++) {
        imp_cvertex2d *v = &r->vert[i];
        v->Px *= kP;
        v->Py *= kP;
        v->S *= Vs;
        v->C *= Vs;
    }
    r->Px = y[PX] * kP;
    r->Py = y[PY] * kP;
    r->S = S_of(&q, y) * Vs;
    r->C = C_of(&q, y) * Vs;
    r->Pc = Pc * kP;
    r->Ec = Ec * kW;
    r->Wn = -(1 - e * e) * r->Ec;
    r->Wt = Wt * kW;
    r->Df = Df * kW;
    r->dT = imp_dT2d(r->Px, r->Py, c->S0, c->C0, r->S, r->C);
    if (c->S0 != 0)
        r->et = -r->S / c->S0;
    /* Routh's names for the particle: sliding when it never sticks, else
     * C- or R- by the phase of its first stick, -reversed when the contact
     * point's slip ends against S0 (S0 = 0: ends slipping at all) */
    int reversed = c->S0 > 0 ? r->S < 0 : c->S0 < 0 ? r->S > 0 : r->S != 0;
    if (first_stick < 0)
        r->mode = IMP_MODE_SLIDING;
    else if (first_stick == 0)
        r->mode = reversed ? IMP_MODE_C_REVERSED : IMP_MODE_C_STICKING;
    else
        r->mode = reversed ? IMP_MODE_R_REVERSED : IMP_MODE_R_STICKING;
    if (!(isfinite(r->Px) && isfinite(r->Py) && isfinite(r->dT) && isfinite(r->Wt)))
        return IMP_EOVERFLOW;
    return IMP_OK;
}
