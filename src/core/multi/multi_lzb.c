/* The Darboux-Keller multiple-impact model of Liu, Zhao & Brogliato
 * (Proc. R. Soc. A 464, 2008; Int. J. Solids Struct. 46, 2009).
 *
 * Each contact i is a power-law spring F_i = K_i delta_i^eta_i with stored
 * energy E_i = K_i delta_i^(eta_i+1)/(eta_i+1). The independent variable is
 * the normal impulse p of the primary contact j (largest E): the others'
 * impulse rates are the force ratios F_i/F_j, and their compressions follow
 * d delta_i/dp = -v_n,i/F_j (the compliant dynamics with dt = dp/F_j, so a
 * contact at zero energy that closes still picks up compression). The
 * primary's own state is its energy, dE_j/dp = -v_n,j, smooth to the end of
 * its expansion. At a contact's maximum compression its energy is cut to
 * e_i^2 times the maximum (energetic restitution): the expansion releases
 * e_i^2 |W_c| and ends at zero energy. Adaptive Dormand-Prince 5(4) in p;
 * events are located by Illinois root finding on the step's endpoint
 * (re-stepping from the step start). Coulomb friction per contact: in
 * the plane stick, slip and reversal (multi_lzb_friction.c); in space the
 * slip direction of each contact is integrated, with stops, sticking
 * inside the cone and re-sliding (multi_lzb_friction3d.c). */
#include <float.h>
#include <math.h>
#include <string.h>

#include "dp45.h"
#include "multi_lzb.h"

#define STEP_BUDGET 200000

static double en_of_delta(const lzb_t *L, int i, double dl)
{
    return dl > 0 ? L->K[i] * pow(dl, L->eta[i] + 1) / (L->eta[i] + 1) : 0;
}

static double delta_of_en(const lzb_t *L, int i, double E)
{
    return E > 0 ? pow((L->eta[i] + 1) * E / L->K[i], 1 / (L->eta[i] + 1)) : 0;
}

/* F = K^(1/(eta+1)) ((eta+1) E)^(eta/(eta+1)) */
static double force_of_en(const lzb_t *L, int i, double E)
{
    double a = L->eta[i] + 1;
    return E > 0 ? L->Kr[i] * pow(a * E, L->eta[i] / a) : 0;
}

#define vn(L, i, P) lzb_vel(L, i, 1, P, lzb_fT(L, P))

/* The state's length: 3k without friction, 5k planar, 6k spatial. */
static int nstate(const lzb_t *L)
{
    return (L->fric3 ? 6 : L->fric ? 5 : 3) * L->k;
}

static void decide(lzb_t *L, int i)
{
    if (L->fric3) lzb_f3_decide(L, i, 0);
    else lzb_fric_decide(L, i);
}

/* y = (P (k), x (k): E for the primary, delta for the others, Wn (k)).
 * The tail (every loaded contact unloads, none compresses) is integrated
 * in the time of the compliant model, dt = dp/F_j, with x = delta for
 * all: in p the others' compressions, d delta/dp = -v/F_j, are singular
 * as F_j -> 0 at the end of the expansion, and several contacts may end
 * theirs together (a symmetric corner), leaving no primary to hand to. */
void lzb_rhs(const lzb_t *L, const double *y, double *f)
{
    int k = L->k, j = L->prim, i;
    double sc = 1;
    if (!L->tmode) {
        double Fj = force_of_en(L, j, y[k + j]);
        sc = Fj > 1e-300 ? 1 / Fj : 1e300;
    }
    for (i = 0; i < k; i++) {
        double v = vn(L, i, y), r;
        if (i == j && !L->tmode) {
            f[i] = 1, f[k + i] = -v, f[2 * k + i] = v;
        } else {
            double dl = y[k + i];           /* a gap: no force (pow(0) = 0) */
            r = dl > 0 ? L->K[i] * pow(dl, L->eta[i]) * sc : 0;
            f[i] = r, f[k + i] = -v * sc, f[2 * k + i] = v * r;
        }
    }
    if (L->fric) lzb_fric_rates(L, y, f);
    else if (L->fric3) lzb_f3_rates(L, y, f);
}

static void flow(const void *ctx, double t, const double *y, double *dy)
{
    (void)t;                             /* autonomous in the primary's impulse */
    lzb_rhs(ctx, y, dy);
}

/* A step from y without its error estimate; work[0..n) holds f(y)
 * (the first stage of every trial step from one state). */
static void dp_step(const lzb_t *L, const double *y, double h, double *yn, double *work)
{
    imp_dp45_step_k1(flow, L, nstate(L), 0, y, h, yn, NULL, work, 1);
}

/* Scaled error norm (max) of a step from y. */
static double err_norm(const lzb_t *L, const double *y, const double *err, double rtol)
{
    int k = L->k, i = 0, c, part;
    double m = 0;
    for (part = 0; part < nstate(L) / k; part++)
        for (c = 0; c < k; c++, i++) {
            double sc;
            if (part == 0 || part == 3 || part == 5) sc = L->Ps;
            else if (part == 2 || part == 4 || (c == L->prim && !L->tmode)) sc = L->Es;
            else sc = L->dEs[c];
            sc = rtol * (sc + fabs(y[i]));  /* not yn: a blow-up must fail */
            double q = fabs(err[i]) / sc;
            if (isnan(q)) return q;        /* a rejection */
            if (q > m) m = q;
        }
    return m;
}

/* Event kinds of contact i; g > 0 means the event has happened. The
 * primary hands over once another contact's energy is SWITCH_RATIO times
 * its own: any loaded contact serves as the independent variable, the
 * largest energy only for conditioning, and a ratio of 1 makes two equal
 * energies (a symmetric corner) swap at every step on rounding. */
#define SWITCH_RATIO 2.0
enum { EV_NONE = 0, EV_MAXCOMP, EV_ENDEXP, EV_CLOSE, EV_SWITCH, EV_STOP, EV_SLIP };

/* fy: the rates at y when known (NULL: computed where needed). */
static double ev_value_at(const lzb_t *L, int kind, int i, const double *y, const double *fy)
{
    int k = L->k, j = L->prim;
    switch (kind) {
    case EV_MAXCOMP: return vn(L, i, y);
    case EV_CLOSE: return y[k + i];
    case EV_ENDEXP: return -y[k + i];
    case EV_STOP:
        if (L->fric3) return lzb_f3_stopval(L, i, y);
        return -L->fs[i] * lzb_vel(L, i, 0, y, y + 3 * k);
    case EV_SLIP: {
        double fw[NY];
        const double *f = fy;
        if (!f) lzb_rhs(L, y, fw), f = fw;
        if (L->fric3) return hypot(f[3 * k + i], f[5 * k + i]) - L->mu_s[i] * f[i];
        return fabs(f[3 * k + i]) - L->mu_s[i] * f[i];
    }
    default: return en_of_delta(L, i, y[k + i]) - SWITCH_RATIO * y[k + j];
    }
}

static double ev_value(const lzb_t *L, int kind, int i, const double *y)
{
    return ev_value_at(L, kind, i, y, NULL);
}

/* The events contact i can have in its phase (up to 3). */
static int ev_kinds(const lzb_t *L, int i, int *kinds)
{
    int n = 0;
    if (L->phase[i] == PH_FREE) {
        if (i != L->prim) kinds[n++] = EV_CLOSE;
    } else {
        kinds[n++] = L->phase[i] == PH_COMP ? EV_MAXCOMP : EV_ENDEXP;
        if (i != L->prim && !L->tmode) kinds[n++] = EV_SWITCH;
        if (L->fric && L->mu_s[i] > 0) kinds[n++] = L->fs[i] ? EV_STOP : EV_SLIP;
        if (L->fric3 && L->mu_s[i] > 0 && (!L->fs[i] || L->rmode[i]))
            kinds[n++] = L->fs[i] ? EV_STOP : EV_SLIP;
    }
    return n;
}

/* Illinois regula falsi for the first s in (0, h] where event (kind, i)
 * turns positive, g0 <= 0 < g1 known at the ends (g1 at yn, the full
 * step), to 4 eps h; work as dp_step's. yb gets the state at the root
 * returned. Where g rounds to exactly zero the secant stalls at a: the
 * root is there within g's rounding, so the next trials go just past a,
 * at steps growing fourfold (bisection took some 40 trials to cross the
 * rest of the bracket). */
static double ev_root(const lzb_t *L, int kind, int i, const double *y, double *work,
                      double h, double g0, double g1, const double *yn, double *yb)
{
    double a = 0, b = h, ga = g0, gb = g1, yt[NY], tol = 4 * DBL_EPSILON * h, past = 0;
    int it, side = 0, n = nstate(L);
    memcpy(yb, yn, sizeof(double) * (size_t)n);
    for (it = 0; it < 200 && b - a > tol; it++) {
        double s = (a * gb - b * ga) / (gb - ga);
        if (ga == 0) past = past > 0 ? 4 * past : 0.5 * tol, s = a + fmin(past, 0.5 * (b - a));
        else past = 0;
        if (!(s > a && s < b)) s = 0.5 * (a + b);
        dp_step(L, y, s, yt, work);
        double g = ev_value(L, kind, i, yt);
        if (g > 0) {
            b = s, gb = g;
            memcpy(yb, yt, sizeof(double) * (size_t)n);
            if (side == 1) ga *= 0.5;
            side = 1;
        } else {
            a = s, ga = g;
            if (side == -1) gb *= 0.5;
            side = -1;
        }
    }
    return b;
}

void lzb_pack(const lzb_t *L, double *y)
{
    int k = L->k, i;
    for (i = 0; i < k; i++) {
        y[i] = L->P[i], y[2 * k + i] = L->Wn[i];
        y[3 * k + i] = L->T[i], y[4 * k + i] = L->T[k + i], y[5 * k + i] = L->T[2 * k + i];
        y[k + i] = i == L->prim && !L->tmode ? en_of_delta(L, i, L->dl[i]) : L->dl[i];
    }
}

static void unpack(lzb_t *L, const double *y)
{
    int k = L->k, i;
    for (i = 0; i < k; i++) {
        L->P[i] = y[i], L->Wn[i] = y[2 * k + i];
        if (L->fric || L->fric3) L->T[i] = y[3 * k + i], L->T[k + i] = y[4 * k + i];
        if (L->fric3) L->T[2 * k + i] = y[5 * k + i];
        L->dl[i] = i == L->prim && !L->tmode ? delta_of_en(L, i, y[k + i]) : y[k + i];
    }
    if (L->fric) lzb_fric_project(L);
}

static int argmax_en(const lzb_t *L)
{
    int i, j = -1;
    for (i = 0; i < L->k; i++)
        if (L->phase[i] != PH_FREE && L->dl[i] > 0
            && (j < 0 || en_of_delta(L, i, L->dl[i]) > en_of_delta(L, j, L->dl[j])))
            j = i;
    return j;
}

/* Events of one step y -> yn (size h): the earliest root s in (0, h]
 * (EV_NONE: none), and in ev[] every event that has happened by s (g <= 0
 * at y, > 0 at y(s), which yn becomes): events due together (a symmetric
 * corner's two contacts reach maximum compression or end their expansion
 * at once) are applied together, else the later one would start the next
 * segment already past its root and be missed (-1: yn moved to a root
 * at which no event shows after all). work: the step's, f(y) in
 * its first stage and f(yn) in its seventh; g1 gets the values at yn (3
 * per contact), g0 has those at y when have_g0 (the previous step's g1),
 * else gets them. */
static int ev_first(const lzb_t *L, const double *y, double *yn, double h, double *work,
                    double *g0, double *g1, int have_g0, int ev[][2], double *at)
{
    int i, n, c, t, kinds[3], m = 0, nc = 0, ck[3 * K_MAX], ci[3 * K_MAX], best = -1;
    int slip = 0;
    double ga[3 * K_MAX], gb[3 * K_MAX], lin[3 * K_MAX], yb[NY], yt[NY], f1[NY];
    for (i = 0; i < L->k; i++) {
        n = ev_kinds(L, i, kinds);
        for (c = 0; c < n; c++) {
            int e = 3 * i + c;
            double g = g1[e] = ev_value_at(L, kinds[c], i, yn, work + 6 * nstate(L));
            if (!have_g0) g0[e] = ev_value_at(L, kinds[c], i, y, work);
            slip |= kinds[c] == EV_SLIP;
            if (!(g0[e] <= 0 && g > 0)) continue;
            ck[nc] = kinds[c], ci[nc] = i, ga[nc] = g0[e], gb[nc] = g;
            lin[nc] = ga[nc] / (ga[nc] - g);      /* the secant's guess */
            nc++;
        }
    }
    /* The earliest guess is located first; a candidate still unhappened at
       the root found so far lies later and needs no root finding of its
       own (the root finder costs a step per iteration). */
    for (t = 0; t < nc; t++) {
        int q = -1;
        for (c = 0; c < nc; c++)
            if (ck[c] != EV_NONE && (q < 0 || lin[c] < lin[q])) q = c;
        int kind = ck[q];
        ck[q] = EV_NONE;
        if (best >= 0 && !(ev_value(L, kind, ci[q], yb) > 0)) continue;
        double s = ev_root(L, kind, ci[q], y, work, h, ga[q], gb[q], yn, yt);
        if (best < 0 || s < *at) best = q, *at = s, memcpy(yb, yt, sizeof yb);
    }
    if (best < 0) return 0;
    memcpy(yn, yb, sizeof(double) * (size_t)nstate(L));
    if (slip) lzb_rhs(L, yn, f1);
    for (i = 0; i < L->k; i++) {
        n = ev_kinds(L, i, kinds);
        for (c = 0; c < n; c++)
            if (g0[3 * i + c] <= 0 && ev_value_at(L, kinds[c], i, yn, slip ? f1 : NULL) > 0)
                ev[m][0] = kinds[c], ev[m++][1] = i;
    }
    return m ? m : -1;
}

typedef struct {
    double Wc[K_MAX], Wr[K_MAX], Pc[K_MAX];
    double cut;                          /* the energy the restitution removed */
    int steps, switches;
} lzb_log;

static void ev_apply(lzb_t *L, int kind, int i, lzb_log *g)
{
    if (kind == EV_MAXCOMP) {
        g->Wc[i] += L->Wn[i] - L->mark[i];
        if (isnan(g->Pc[i])) g->Pc[i] = L->P[i];
        g->cut += (1 - L->e2[i]) * en_of_delta(L, i, L->dl[i]);
        L->dl[i] = delta_of_en(L, i, L->e2[i] * en_of_delta(L, i, L->dl[i]));
        L->phase[i] = L->dl[i] > 0 ? PH_EXP : PH_FREE;
    } else if (kind == EV_ENDEXP) {
        g->Wr[i] += L->Wn[i] - L->mark[i];
        L->dl[i] = fmin(L->dl[i], 0);
        L->phase[i] = PH_FREE;
    } else if (kind == EV_CLOSE) {
        L->phase[i] = PH_COMP;
        decide(L, i);
    } else if (kind == EV_STOP && L->fric3) {
        lzb_f3_land(L, i);               /* a slip following its ray stops */
        lzb_f3_decide(L, i, 0);
        return;
    } else if (kind == EV_STOP) {
        lzb_fric_decide(L, i);
        return;
    } else if (kind == EV_SLIP && L->fric3) {
        lzb_f3_decide(L, i, 1);          /* the cone is reached: re-slide */
        return;
    } else if (kind == EV_SLIP) {
        double y[NY], f[NY];
        lzb_pack(L, y);
        lzb_rhs(L, y, f);
        L->fs[i] = f[3 * L->k + i] > 0 ? -1 : 1, L->hist[i] |= 1;
        return;
    } else {            /* the energies cross: rounding must not undo it */
        L->next = i;
        return;         /* same phase: its work keeps adding up */
    }
    L->mark[i] = L->Wn[i];
}

/* All energies are zero and some contacts close: the compliant start
 * delta_i = -v_i t, P_i = K_i (-v_i)^eta t^(eta+1)/(eta+1) up to a tiny
 * impulse (relative 1e-12; the neglected terms are O(that squared)),
 * since the primary's impulse is singular as an independent variable at
 * zero energy. Returns how many contacts started. */
static int series_start(lzb_t *L, double vtol)
{
    int i, n = 0;
    double v[K_MAX], t = INFINITY, eps = 1e-12;
    for (i = 0; i < L->k; i++) {
        v[i] = lzb_vel(L, i, 1, L->P, L->fric || L->fric3 ? L->T : NULL);
        if (L->phase[i] != PH_COMP) continue;
        if (!(v[i] < -vtol)) { L->phase[i] = PH_FREE; continue; }
        double c = L->K[i] * pow(-v[i], L->eta[i]) / (L->eta[i] + 1);
        t = fmin(t, pow(eps * L->Ps / c, 1 / (L->eta[i] + 1)));
        n++;
    }
    for (i = 0; i < L->k && n; i++) {
        if (L->phase[i] != PH_COMP) { L->dl[i] -= v[i] * t; continue; }
        double dP = L->K[i] * pow(-v[i], L->eta[i]) * pow(t, L->eta[i] + 1) / (L->eta[i] + 1);
        L->P[i] += dP, L->Wn[i] += v[i] * dP;
        L->dl[i] = -v[i] * t, L->undec[i] = 1;
    }
    return n;
}

/* The spatial slips before a step from y (lzb_f3_prestep; fy: f(y) when
 * known): the directions it sets change the rates, so f(y) and the event
 * values kept at y are dropped (*have = 0) when they moved. 1 when a slip
 * reached zero (landed and decided: the segment ends). */
static int prestep(lzb_t *L, const double *y, const double *fy, double *h, double tol,
                   int *have)
{
    double uref[2 * K_MAX];
    int rmode[K_MAX], k = L->k;
    memcpy(uref, L->uref, sizeof(double) * 2 * (size_t)k);
    memcpy(rmode, L->rmode, sizeof(int) * (size_t)k);
    int stop = lzb_f3_prestep(L, y, fy, h, tol);
    if (stop >= 0) {
        unpack(L, y);
        lzb_f3_land(L, stop);
        lzb_f3_decide(L, stop, 0);
        return 1;
    }
    if (memcmp(uref, L->uref, sizeof(double) * 2 * (size_t)k)
        || memcmp(rmode, L->rmode, sizeof(int) * (size_t)k))
        *have = 0;
    return 0;
}

/* One smooth stretch from the canonical state to its first event (or to
 * the end of the step budget); h carries the step size over. */
static imp_status lzb_segment(lzb_t *L, double rtol, double *h, lzb_log *g)
{
    double y[NY], yn[NY], err[NY], at, work[8 * NY], g0[3 * K_MAX], g1[3 * K_MAX];
    int ev[3 * K_MAX][2], i, n = nstate(L), have = 0;
    lzb_pack(L, y);
    for (;;) {         /* have: f(y) in work (first same as last), 2: and g0 */
        if (++g->steps > STEP_BUDGET) return IMP_ESTEPS;
        if (L->fric3 && prestep(L, y, have ? work : NULL, h, 1e-2 * rtol, &have))
            return IMP_OK;               /* a spatial slip reached zero */
        imp_dp45_step_k1(flow, L, n, 0, y, *h, yn, err, work, have > 0);
        have = have ? have : 1;
        /* in time no impulse is the independent variable: every P is
           integrated, so the tail keeps a third of the tolerance */
        double q = err_norm(L, y, err, L->tmode ? 0.3 * rtol : rtol);
        int bad = !(q <= 1);
        if (bad || (L->fric3 && lzb_f3_overshoot(L, y, yn))) {
            *h *= !bad ? 0.5 : isfinite(q) ? fmax(0.1, 0.9 * pow(q, -0.2)) : 0.1;
            if (!(*h > 1e-300)) return IMP_ENOCONV;
            continue;
        }
        int nev = ev_first(L, y, yn, *h, work, g0, g1, have == 2, ev, &at);
        double grow = q > 0 ? fmin(5, fmax(0.2, 0.9 * pow(q, -0.2))) : 5;
        if (nev > 0) {
            unpack(L, yn);
            for (i = 0; i < nev; i++) ev_apply(L, ev[i][0], ev[i][1], g);
            *h *= grow;
            return IMP_OK;
        }
        memcpy(y, yn, sizeof(double) * (size_t)n);
        memcpy(work, work + 6 * n, sizeof(double) * (size_t)n);
        memcpy(g0, g1, sizeof g0);
        have = nev < 0 ? 0 : 2;          /* < 0: yn moved to a root after all */
        *h *= grow;
    }
}

/* No contact is loaded: the velocities stay constant until the first
 * closing gap shuts (a skip in time, no impulse). Returns 0 when no gap
 * ever closes: the impact is over. */
static int free_flight(lzb_t *L, double vtol)
{
    int i, first = -1;
    double v[K_MAX], t = INFINITY;
    for (i = 0; i < L->k; i++) {
        v[i] = lzb_vel(L, i, 1, L->P, L->fric || L->fric3 ? L->T : NULL);
        if (v[i] < -vtol && L->dl[i] / v[i] < t) t = fmax(L->dl[i] / v[i], 0), first = i;
    }
    if (first < 0) return 0;
    for (i = 0; i < L->k; i++) L->dl[i] = fmin(L->dl[i] - v[i] * t, 0);
    L->dl[first] = 0;
    return 1;
}

/* Free contacts that touch and close join in (from zero energy): their closing
 * event can only be seen from v >= 0. */
static void join_closing(lzb_t *L)
{
    int i;
    for (i = 0; i < L->k; i++)
        if (L->phase[i] == PH_FREE && L->dl[i] >= 0 && lzb_vel(L, i, 1, L->P, L->fric || L->fric3 ? L->T : NULL) < 0)
            L->phase[i] = PH_COMP, L->dl[i] = 0, L->mark[i] = L->Wn[i], L->undec[i] = 1;
}

/* The impact is over to the tolerance: the contacts hold at most
 * 1e-6 rtol^2 of the energy scale (what is left would move the impulses by
 * about 1e-3 rtol of their scale) and none closes faster than 1e-3 rtol of
 * the speed scale. With e = 0 a chain of equal balls hands its compression
 * back and forth in an infinite series of ever smaller ones (each contact's
 * energy is lost at its maximum compression, the neighbour is then still
 * closing); the series converged to the answer, then its compressions of
 * 1e-12 left the finite numbers and the model said "diverged". */
static int settled(const lzb_t *L, double rtol)
{
    double E = 0;
    for (int i = 0; i < L->k; i++) {
        if (lzb_vel(L, i, 1, L->P, L->fric || L->fric3 ? L->T : NULL) < -1e-3 * rtol * L->vs)
            return 0;
        E += en_of_delta(L, i, L->dl[i]);
    }
    return E <= 1e-6 * rtol * rtol * L->Es;
}

/* The event-to-event loop; returns when no contact holds energy and none
 * closes. */
static imp_status lzb_run(lzb_t *L, double rtol, lzb_log *g)
{
    double vtol = 1e-12 * L->vs, h = 0;
    int i, started = 0;
    for (;;) {
        join_closing(L);
        if (started && settled(L, rtol)) return IMP_OK;
        int j = argmax_en(L);
        if (L->next >= 0 && L->phase[L->next] != PH_FREE && L->dl[L->next] > 0 && j >= 0)
            j = L->next;                 /* never a primary at zero energy */
        L->next = -1;
        if (j < 0) {
            if (!free_flight(L, vtol)) return IMP_OK;
            join_closing(L);
            if (!series_start(L, vtol)) return IMP_OK;
            join_closing(L);       /* the touching ones the start pushed */
            j = argmax_en(L);
            if (j < 0) return IMP_ENOCONV;
            h = 0;
        }
        if (started && j != L->prim) g->switches++;
        started = 1, L->prim = j;
        int tm = 1;                      /* every loaded contact unloads */
        for (i = 0; i < L->k; i++)
            if (L->phase[i] == PH_COMP) tm = 0;
        if (tm != L->tmode) h = 0;
        L->tmode = tm;
        for (i = 0; i < L->k; i++)
            if (L->undec[i]) L->undec[i] = 0, decide(L, i);
        if (L->fric3) lzb_f3_settle(L);
        else lzb_fric_settle(L);
        if (!(h > 0) && tm)      /* a small fraction of delta/v */
            h = 1e-4 * delta_of_en(L, j, L->Es) / L->vs;
        else if (!(h > 0))
            h = fmax(L->P[j], 1e-14 * L->Ps);
        imp_status st = lzb_segment(L, rtol, &h, g);
        if (st != IMP_OK) return st;
        for (i = 0; i < L->k; i++)
            if (!isfinite(L->P[i]) || !isfinite(L->dl[i])) return IMP_ENOCONV;
    }
}

static int lzb_valid(const imp_multi_problem *p)
{
    int i, n;
    if (!p || !p->W || !p->v0 || p->k < 1 || p->k > K_MAX || (p->d != 2 && p->d != 3))
        return 0;
    n = p->d * p->k;
    for (i = 0; i < n * n; i++)
        if (!isfinite(p->W[i])) return 0;
    for (i = 0; i < n; i++)
        if (!isfinite(p->v0[i]) || !(p->W[i * n + i] > 0)) return 0;
    for (i = 0; i < p->k; i++) {
        const imp_multi_contact *c = &p->c[i];
        if (!(c->e >= 0 && c->e <= 1) || !(c->K > 0) || !isfinite(c->K)
            || !(c->eta >= 1) || !isfinite(c->eta) || !(c->mu_k >= 0)
            || !(c->mu_k <= c->mu_s) || !isfinite(c->mu_s))
            return 0;
    }
    return 1;
}

static void lzb_init(lzb_t *L, const imp_multi_problem *p)
{
    int i, n = p->d * p->k;
    memset(L, 0, sizeof *L);
    L->k = p->k, L->d = p->d, L->W = p->W, L->v0 = p->v0, L->prim = L->next = -1;
    for (i = 0; i < p->k; i++) {
        int r = p->d * i + 1;
        L->K[i] = p->c[i].K, L->eta[i] = p->c[i].eta, L->e2[i] = p->c[i].e * p->c[i].e;
        L->Kr[i] = pow(L->K[i], 1 / (L->eta[i] + 1));
        L->mu_s[i] = p->c[i].mu_s, L->mu_k[i] = p->c[i].mu_k;
        if (p->d == 3) L->Wtr[i] = p->W[(r - 1) * n + r - 1] + p->W[(r + 1) * n + r + 1];
        if (p->c[i].mu_s > 0) *(p->d == 2 ? &L->fric : &L->fric3) = 1;
        if (p->v0[r] < 0) {
            L->vs = fmax(L->vs, -p->v0[r]);
            L->Ps = fmax(L->Ps, -p->v0[r] / p->W[r * n + r]);
        }
    }
    L->Es = L->vs * L->Ps;
    for (i = 0; i < p->k; i++) L->dEs[i] = delta_of_en(L, i, L->Es);
    L->zslip = 1e-14 * L->vs;
}

static imp_multi_mode lzb_mode(const lzb_t *L, int i)
{
    int h = L->hist[i];
    if (!(L->P[i] > 0)) return IMP_MULTI_OPEN;
    if (!(L->fric || L->fric3) || !(L->mu_s[i] > 0) || h == 1) return IMP_MULTI_SLIDING;
    if (!L->fs[i] && !(h & 4)) return IMP_MULTI_STICKING;
    if (L->fs[i] && (h & 4) && !(h & 2)) return IMP_MULTI_REVERSED;
    return IMP_MULTI_MIXED;
}

static void lzb_fill(const lzb_t *L, const imp_multi_problem *p, const lzb_log *g,
                     double rtol, imp_multi_result *out)
{
    int i, l, n = p->d * p->k;
    double vp = 0, pwp = 0, model = -g->cut;
    for (i = 0; i < p->k; i++) {       /* RK rounding can leave -1e-37 */
        out->P[p->d * i + 1] = fmax(L->P[i], 0);
        if (L->fric || L->fric3) out->P[p->d * i] = L->T[i];
        if (L->fric3) out->P[p->d * i + 2] = L->T[2 * p->k + i];
    }
    for (i = 0; i < n; i++) {
        double s = 0;
        for (l = 0; l < n; l++) s += p->W[i * n + l] * out->P[l];
        out->v[i] = p->v0[i] + s;
        vp += p->v0[i] * out->P[i], pwp += out->P[i] * s;
    }
    for (i = 0; i < p->k; i++) {
        out->mode[i] = lzb_mode(L, i);
        out->Pc[i] = g->Pc[i], out->Wc[i] = g->Wc[i], out->Wr[i] = g->Wr[i];
        out->Wf[i] = L->fric || L->fric3 ? L->T[p->k + i] : 0;
        model += out->Wf[i];
    }
    out->dT = vp + 0.5 * pwp, out->dT_err = out->dT - model;
    out->steps = g->steps, out->primary_switches = g->switches;
    /* The model never gains energy (each contact gives back e^2 of what it
       stored, friction dissipates): a positive dT within the integration's
       error (rtol per step, a few rtol in all) is that error, not a gain. */
    out->energy_gain = out->dT > (10 * rtol + 1e-12) * (fabs(vp) + fabs(pwp)) + 1e-300;
}

imp_status imp_multi_lzb(const imp_multi_problem *p, double rtol, imp_multi_result *out)
{
    lzb_t L;
    lzb_log g;
    lzb_stick_lu slu;
    int i;
    memset(out, 0, sizeof *out);
    if (!lzb_valid(p)) return IMP_EINPUT;
    if (!(rtol > 0)) rtol = 1e-9;
    rtol = fmin(fmax(rtol, 1e-13), 1e-3);
    lzb_init(&L, p);
    slu.m = -1, L.slu = &slu;
    memset(&g, 0, sizeof g);
    for (i = 0; i < p->k; i++) g.Pc[i] = NAN;
    imp_status st = L.vs > 0 ? lzb_run(&L, rtol, &g) : IMP_OK;
    if (st == IMP_OK) lzb_fill(&L, p, &g, rtol, out);
    for (i = 0; st == IMP_OK && i < p->d * p->k; i++)
        if (!isfinite(out->P[i]) || !isfinite(out->v[i])) st = IMP_EOVERFLOW;
    /* Every contact releases at most what it stored and friction dissipates:
     * a gain beyond rounding is an integration that diverged (3 contacts
     * jamming one planar body gave qdot ~ 1e66 from 1e-124, T1/T0 = inf). */
    double works = 0;
    for (i = 0; st == IMP_OK && i < p->d * p->k; i++)
        works += fabs(p->v0[i] * out->P[i]) + fabs(out->P[i] * (out->v[i] - p->v0[i]));
    if (st == IMP_OK && out->dT > 1e-6 * works) st = IMP_ENOCONV;
    if (st != IMP_OK) {
        memset(out, 0, sizeof *out);
        out->steps = g.steps;
    }
    for (i = 0; i < p->k; i++)
        if (st != IMP_OK || out->mode[i] == IMP_MULTI_OPEN) out->Pc[i] = NAN;
    return st;
}
