/* Events on the smooth motion, two functions per contact, an event where
 * one turns negative (Pfeiffer & Glocker 1996, ch. 7; Acary & Brogliato
 * 2008, event-driven schemes):
 *   open contact:   f0 = g (impact), once the gap has been positive;
 *   closed contact: f0 = lambda_n (lift-off), and sticking
 *                   f1 = mu_s lambda_n - |lambda_t| (slip), sliding
 *                   f1 = v_t . dir (the slip stops: stick or reversal).
 * A sign change at a step's ends is refined by Brent's method (Brent,
 * Algorithms for Minimization without Derivatives, 1973, ch. 4) to the
 * resolution of the time itself. In closed-form flight a step is proven
 * free of impacts by the bound B >= |g''|: g(a + s) >= g(a) + g'(a) s -
 * B s^2/2 (and the same backwards from the step's end), so a grazing
 * contact cannot be stepped over. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "brent.h"
#include "sim_internal.h"

int sim_event_kind(const sim_t *S, int j)
{
    int i = j / 2;
    if (!S->closed[i]) return j % 2 ? -1 : IMP_SIM_IMPACT;
    if (j % 2 == 0) return IMP_SIM_LIFTOFF;
    return S->mode[i] == IMP_SIM_C_STICK ? IMP_SIM_SLIP : IMP_SIM_STICK;
}

imp_status sim_event_values(sim_t *S, double t, const double *q, const double *qd, double *val)
{
    imp_status st;
    int any_closed = 0;
    for (int i = 0; i < S->nc; i++) {
        val[2 * i] = val[2 * i + 1] = HUGE_VAL;
        if (S->closed[i]) {
            any_closed = 1;
        } else if (S->armed[i]) {
            if ((st = sim_gap(S, t, i, q, &val[2 * i])) != IMP_OK) return st;
        }
    }
    if (!any_closed) return IMP_OK;
    sim_dyn *d = &S->dyn2;
    if ((st = sim_dynamics(S, d, t, q, qd, 0, NULL)) != IMP_OK) return st;
    for (int c = 0; c < d->k; c++) {
        int i = d->idx[c], o = d->off[c], dim = d->p.dim[c];
        const double *l = d->r.lambda + o, *v = d->v + o;
        val[2 * i] = l[1];
        if (S->mode[i] == IMP_SIM_C_STICK)
            val[2 * i + 1] = S->s->c[i].mu_s * l[1] - (dim == 3 ? hypot(l[0], l[2]) : fabs(l[0]));
        else if (S->mode[i] == IMP_SIM_C_SLIDE)
            val[2 * i + 1] = v[0] * S->dir[i][0] + (dim == 3 ? v[2] * S->dir[i][1] : 0);
    }
    return IMP_OK;
}

static imp_status value_at(sim_t *S, sim_state_fn stf, void *ctx, double t0, int j, double tau,
                           double *v)
{
    double q[SIM_N], qd[SIM_N], val[2 * IMP_SIM_CMAX];
    imp_status st = stf(S, ctx, tau, q, qd);
    if (st == IMP_OK) st = sim_event_values(S, t0 + tau, q, qd, val);
    *v = val[j];
    return st;
}

typedef struct {
    sim_t *S;
    sim_state_fn stf;
    void *ctx;
    double t0;
    int j;
} locate_ctx;

/* -value: Brent's sides are f >= 0 and f < 0, the event's are value <= 0
 * (it has happened) and value > 0 */
static imp_status neg_value_at(void *vl, double tau, double *v)
{
    const locate_ctx *l = vl;
    imp_status st = value_at(l->S, l->stf, l->ctx, l->t0, l->j, tau, v);
    *v = -*v;
    return st;
}

/* two ulps of tau, the time since the segment's start */
static double tau_tol(void *vl, double b)
{
    (void)vl;
    return 2 * DBL_EPSILON * fabs(b) + DBL_MIN;
}

/* Brent's zero (zeroin) on [tau0, tau1], fa >= 0 > fb or fa > 0 >= fb;
 * ends when the bracket is within two ulps of tau, the time since the
 * segment's start (the state there is computed from tau, so a short last
 * flight keeps its speeds' relative accuracy, where two ulps of the
 * absolute time would cost g ulp(t) in speed), and answers its crossed end
 * (f <= 0: the event has happened there). */
imp_status sim_locate(sim_t *S, sim_state_fn stf, void *ctx, double t0, int j, double tau0,
                      double fa, double tau1, double fb, double *tau)
{
    locate_ctx l = {S, stf, ctx, t0, j};
    imp_brent B = {neg_value_at, tau_tol, &l, 200};
    imp_brent_bracket k;
    imp_status st = imp_brent_solve(&B, tau0, -fa, tau1, -fb, &k);
    if (st != IMP_OK) return st;
    /* the crossed end of the final bracket [b, c] (values negated back) */
    double lo = fmin(k.b, k.c), hi = fmax(k.b, k.c), flo = k.b < k.c ? -k.fb : -k.fc;
    *tau = flo <= 0 ? lo : hi;
    return IMP_OK;
}

/* ---- closed-form flight ------------------------------------------------ */

typedef struct {
    const double *q0, *qd0;
} flight_ctx;

static imp_status flight_state(sim_t *S, void *vctx, double tau, double *q, double *qd)
{
    const flight_ctx *f = vctx;
    if (S->s->flight(S->s->ctx, tau, f->q0, f->qd0, q, qd))
        return sim_fail_at(S, S->t + tau, IMP_ELAW, "flight", -1, -1, NAN);
    for (int j = 0; j < S->n; j++)
        if (!isfinite(q[j]) || !isfinite(qd[j]))
            return sim_fail_at(S, S->t + tau, IMP_EINPUT, "flight", -1, j,
                               isfinite(q[j]) ? qd[j] : q[j]);
    return IMP_OK;
}

/* gap and its rate at tau */
static imp_status gap_rate(sim_t *S, flight_ctx *fc, int i, double tau, double *g, double *gd)
{
    double q[SIM_N], qd[SIM_N], v[3];
    imp_status st = flight_state(S, fc, tau, q, qd);
    if (st == IMP_OK) st = sim_gap(S, S->t + tau, i, q, g);
    if (st == IMP_OK) st = sim_cvel(S, S->t + tau, i, q, qd, v);
    *gd = v[1];
    return st;
}

/* how far the lower bound g + gd s - B s^2/2 stays positive (g > 0) */
static double reach(double g, double gd, double B)
{
    if (!(g > 0) || !isfinite(B)) return 0;
    if (B <= 0) return gd >= 0 ? HUGE_VAL : g / -gd;
    return (gd + sqrt(gd * gd + 2 * B * g)) / B;
}

/* The first sign change of g on [a, b], g(a) > 0: *lo, *hi with g(*hi) <= 0,
 * or *hi = -1 when the bound proves there is none (or the interval has
 * shrunk to the time's resolution: a graze within rounding). */
static imp_status first_root(sim_t *S, flight_ctx *fc, int i, double B, double a, double ga,
                             double gda, double b, double gb, double gdb, int depth,
                             double *lo, double *hi)
{
    if (gb <= 0) {
        *lo = a;
        *hi = b;
        return IMP_OK;
    }
    *hi = -1;
    if (reach(ga, gda, B) + reach(gb, -gdb, B) >= b - a) return IMP_OK;
    if (depth > (isfinite(B) ? 60 : 4) || b - a <= 4 * DBL_EPSILON * fabs(S->t + b)) return IMP_OK;
    double m = 0.5 * (a + b), gm, gdm;
    imp_status st = gap_rate(S, fc, i, m, &gm, &gdm);
    if (st != IMP_OK) return st;
    if ((st = first_root(S, fc, i, B, a, ga, gda, m, gm, gdm, depth + 1, lo, hi)) != IMP_OK)
        return st;
    if (*hi >= 0 || gm <= 0) return IMP_OK;
    return first_root(S, fc, i, B, m, gm, gdm, b, gb, gdb, depth + 1, lo, hi);
}

/* The earliest impact in [0, H] of the flight from S's state: *contact and
 * *tau (on the crossed side), or *contact = -1 and *tau <= H where the
 * search stopped (a contact still leaving the surface cuts the step). */
imp_status sim_flight_search(sim_t *S, double H, double *tau, int *contact)
{
    flight_ctx fc = {S->q, S->qd};
    imp_status st;
    *contact = -1;
    for (int i = 0; i < S->nc; i++) {
        double B = HUGE_VAL, g, gd, a = 0, ga, gda, gb, gdb, lo, hi;
        if (S->s->gap_bound) {
            if (S->s->gap_bound(S->s->ctx, i, H, S->q, S->qd, &B))
                return sim_fail(S, IMP_ELAW, "gap_bound", i, -1, S->t);
            if (!(B >= 0)) return sim_fail(S, IMP_EINPUT, "gap_bound", i, -1, B);
        }
        if ((st = gap_rate(S, &fc, i, 0, &g, &gd)) != IMP_OK) return st;
        if (S->closed[i]) continue;
        /* a gap clearly open (beyond the touching tolerance) is searched
         * from now even when not yet armed (an impact elsewhere ended the
         * flight before arm() saw it positive): a contact closing from
         * there must not be stepped over */
        if (!(S->armed[i] || g > S->gtol) || !(g > 0)) {
            /* leaving the surface: g increases while g' >= gd - B s > 0 */
            if (gd > 0 && B == 0) continue;
            a = gd > 0 && isfinite(B) ? gd / B : H * 1e-3;
            if (a >= H) continue;
            if ((st = gap_rate(S, &fc, i, a, &ga, &gda)) != IMP_OK) return st;
            if (!(ga > 0)) {                   /* look again from there */
                if (a < H) *contact = -1;      /* an earlier root lies beyond */
                H = fmin(H, a);
                continue;
            }
        } else {
            ga = g;
            gda = gd;
        }
        if (a >= H) continue;
        if ((st = gap_rate(S, &fc, i, H, &gb, &gdb)) != IMP_OK) return st;
        if ((st = first_root(S, &fc, i, B, a, ga, gda, H, gb, gdb, 0,
                             &lo, &hi)) != IMP_OK)
            return st;
        if (hi < 0) continue;
        double fl, fh, t_i;
        if ((st = gap_rate(S, &fc, i, lo, &fl, &gda)) != IMP_OK) return st;
        if ((st = gap_rate(S, &fc, i, hi, &fh, &gdb)) != IMP_OK) return st;
        int armed = S->armed[i];
        S->armed[i] = 1;                 /* its gap is the event function */
        st = sim_locate(S, flight_state, &fc, S->t, 2 * i, lo, fl, hi, fh, &t_i);
        S->armed[i] = armed;
        if (st != IMP_OK) return st;
        if (t_i <= H) {
            H = t_i;
            *contact = i;
        }
    }
    *tau = H;
    return IMP_OK;
}
