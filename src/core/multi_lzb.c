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
 * (re-stepping from the step start). Planar problems (d = 2) carry
 * Coulomb friction per contact (stick, slip, reversal); in 3D friction is
 * not modelled yet: P_t = 0, and a contact that took impulse is "sliding". */
#include <float.h>
#include <math.h>
#include <string.h>

#include "dp45.h"
#include "multi.h"

#define K_MAX IMP_MULTI_MAX
#define NY (5 * K_MAX)
#define STEP_BUDGET 200000

/* FREE: unloaded, delta <= 0 is the gap (a contact that ended its
 * expansion keeps flying apart, and meets again only once the gap closes,
 * as the compliant dynamics do at any stiffness scale). */
enum { PH_FREE = 0, PH_COMP, PH_EXP };

typedef struct {
    unsigned key;             /* 1 + the set's bits; 0: none yet */
    int sing, piv[K_MAX];     /* sing < m: singular at that step */
    double A[K_MAX * K_MAX];
} lzb_lu;

typedef struct {
    int k, d;
    const double *W, *v0;
    lzb_lu *lu;       /* the stick block's elimination (fric_rates) */
    double K[K_MAX], eta[K_MAX], e2[K_MAX];
    double Kr[K_MAX];  /* K^(1/(eta+1)), computed once: the force's first factor */
    double dEs[K_MAX]; /* delta_of_en(Es): the error scale of a gap */
    int phase[K_MAX], prim;
    int tmode;        /* 1: the unloading tail in compliant time (below) */
    int next;         /* the new primary at a located switch, else -1 */
    int fric;         /* planar friction modelled (d == 2, some mu_s > 0) */
    double mu_s[K_MAX], mu_k[K_MAX], Pt[K_MAX], Wf[K_MAX];
    int fs[K_MAX];    /* slip sign of v_t (+1, -1), 0 sticking */
    int hist[K_MAX];  /* 1 slid, 2 stuck, 4 slip reversed */
    int undec[K_MAX]; /* joined: stick or slip is decided once a primary is set */
    double P[K_MAX], dl[K_MAX], Wn[K_MAX]; /* canonical state between segments
                                              (dl: delta, < 0 a gap) */
    double mark[K_MAX];                    /* Wn at the start of the phase */
    double vs, Ps, Es;                     /* scales of v, P, E */
} lzb_t;

/* x^eta, x >= 0, without pow for the usual exponents (eta and eta + 1 with eta = 1, 3/2) (the
 * integrator's right-hand side is most of lzb's time). */
static double pow_eta(double x, double eta)
{
    return pow(x, eta);
}

static double en_of_delta(const lzb_t *L, int i, double dl)
{
    return dl > 0 ? L->K[i] * pow_eta(dl, L->eta[i] + 1) / (L->eta[i] + 1) : 0;
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


/* Row `row` (1 normal, 0 tangent in 2D) of contact i's velocity for
 * normal impulses P and planar tangential ones Pt (NULL: none). */
static double vel(const lzb_t *L, int i, int row, const double *P, const double *Pt)
{
    int n = L->d * L->k, r = L->d * i + row, l;
    double s = L->v0[r];
    for (l = 0; l < L->k; l++) s += L->W[r * n + L->d * l + 1] * P[l];
    if (Pt)
        for (l = 0; l < L->k; l++) s += L->W[r * n + L->d * l] * Pt[l];
    return s;
}

#define vn(L, i, P) vel(L, i, 1, P, (L)->fric ? (P) + 3 * (L)->k : NULL)

/* The sticking contacts' W_tt block depends only on which contacts stick:
 * its elimination (partial pivoting; multipliers below the diagonal) is
 * kept for the set (key) and replayed on each right-hand side, the same
 * operations in the same order as a fresh solve. */
static void lu_factor(const lzb_t *L, const int *S, int m, unsigned key, lzb_lu *F)
{
    int n = 2 * L->k, c, l, i;
    double *A = F->A;
    F->key = key + 1;
    for (c = 0; c < m; c++)
        for (l = 0; l < m; l++) A[c * m + l] = L->W[2 * S[c] * n + 2 * S[l]];
    for (c = 0; c < m; c++) {
        int piv = c;
        for (l = c + 1; l < m; l++) if (fabs(A[l * m + c]) > fabs(A[piv * m + c])) piv = l;
        F->sing = c;
        if (!(fabs(A[piv * m + c]) > 1e-300)) return;
        F->piv[c] = piv;
        for (l = 0; l < m; l++) { double t = A[c * m + l]; A[c * m + l] = A[piv * m + l]; A[piv * m + l] = t; }
        for (l = c + 1; l < m; l++) {
            double q = A[l * m + c] / A[c * m + c];
            for (i = c; i < m; i++) A[l * m + i] -= q * A[c * m + i];
            A[l * m + c] = q;
        }
    }
    F->sing = m;
}

/* Planar Coulomb friction along the impulse path (Zhao, Liu & Brogliato
 * 2009): a sliding contact's tangential rate is -mu_k sgn(v_t) times its
 * normal rate; the sticking ones keep v_t = 0 jointly (a solve with their
 * W_tt block). f[0..k) holds the normal rates; fills f[3k..5k). */
static void fric_rates(const lzb_t *L, const double *y, double *f)
{
    int k = L->k, n = 2 * k, i, l, c, S[K_MAX], m = 0;
    unsigned key = 0;
    double b[K_MAX];
    lzb_lu *F = L->lu;
    for (i = 0; i < k; i++) {
        f[3 * k + i] = L->mu_s[i] > 0 && L->fs[i] ? -L->mu_k[i] * L->fs[i] * f[i] : 0;
        if (L->mu_s[i] > 0 && !L->fs[i] && L->phase[i] != PH_FREE) S[m++] = i, key |= 1u << i;
    }
    for (c = 0; c < m; c++) {
        int r = 2 * S[c];
        b[c] = 0;
        for (l = 0; l < k; l++) b[c] -= L->W[r * n + 2 * l + 1] * f[l] + L->W[r * n + 2 * l] * f[3 * k + l];
    }
    if (F->key != key + 1) lu_factor(L, S, m, key, F);
    for (c = 0; c < F->sing; c++) {      /* the elimination's steps on b */
        double t = b[c]; b[c] = b[F->piv[c]]; b[F->piv[c]] = t;
        for (l = c + 1; l < m; l++) b[l] -= F->A[l * m + c] * b[c];
    }
    if (F->sing < m) return;             /* a singular stick block */
    for (c = m - 1; c >= 0; c--) {
        double t = b[c];
        for (l = c + 1; l < m; l++) t -= F->A[c * m + l] * b[l];
        b[c] = t / F->A[c * m + c];
        f[3 * k + S[c]] = b[c];
    }
    for (i = 0; i < k; i++) f[4 * k + i] = vel(L, i, 0, y, y + 3 * k) * f[3 * k + i];
}

/* y = (P (k), x (k): E for the primary, delta for the others, Wn (k)).
 * The tail (the primary unloads while every other contact is free) is
 * integrated in the time of the compliant model, dt = dp/F_j, with x =
 * delta for all: in p the free contacts' gaps, d delta/dp = -v/F_j, are
 * singular as F_j -> 0 at the end of the expansion. */
static void rhs(const lzb_t *L, const double *y, double *f)
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
            double dl = y[k + i] > 0 ? y[k + i] : 0;
            r = L->K[i] * pow_eta(dl, L->eta[i]) * sc;
            f[i] = r, f[k + i] = -v * sc, f[2 * k + i] = v * r;
        }
    }
    if (L->fric) fric_rates(L, y, f);
}

static void flow(const void *ctx, double t, const double *y, double *dy)
{
    (void)t;                             /* autonomous in the primary's impulse */
    rhs(ctx, y, dy);
}

/* Scaled error norm (max) of a step from y. */
static double err_norm(const lzb_t *L, const double *y, const double *err, double rtol)
{
    int k = L->k, i;
    double m = 0;
    for (i = 0; i < (L->fric ? 5 : 3) * k; i++) {
        int c = i % k, part = i / k;
        double sc;
        if (part == 0 || part == 3) sc = L->Ps;
        else if (part == 2 || part == 4 || (c == L->prim && !L->tmode)) sc = L->Es;
        else sc = L->dEs[c];
        sc = rtol * (sc + fabs(y[i]));  /* not yn: a blow-up must fail */
        double q = fabs(err[i]) / sc;
        if (!(q <= m)) m = q;          /* NaN propagates as a rejection */
    }
    return m;
}

/* Event kinds of contact i; g > 0 means the event has happened. */
enum { EV_NONE = 0, EV_MAXCOMP, EV_ENDEXP, EV_CLOSE, EV_SWITCH, EV_STOP, EV_SLIP };

/* fy: the right-hand side at y when known (else NULL). */
static double ev_value(const lzb_t *L, int kind, int i, const double *y, const double *fy)
{
    int k = L->k, j = L->prim;
    switch (kind) {
    case EV_MAXCOMP: return vn(L, i, y);
    case EV_CLOSE: return y[k + i];
    case EV_ENDEXP: return -y[k + i];
    case EV_STOP: return -L->fs[i] * vel(L, i, 0, y, y + 3 * k);
    case EV_SLIP: {
        double f[NY];
        if (!fy) rhs(L, y, f), fy = f;
        return fabs(fy[3 * k + i]) - L->mu_s[i] * fy[i];
    }
    default: return en_of_delta(L, i, y[k + i]) - y[k + j];
    }
}

/* The events contact i can have in its phase (up to 3). */
static int ev_kinds(const lzb_t *L, int i, int *kinds)
{
    int n = 0;
    if (L->phase[i] == PH_FREE) {
        if (i != L->prim) kinds[n++] = EV_CLOSE;
    } else {
        kinds[n++] = L->phase[i] == PH_COMP ? EV_MAXCOMP : EV_ENDEXP;
        if (i != L->prim) kinds[n++] = EV_SWITCH;
        if (L->fric && L->mu_s[i] > 0) kinds[n++] = L->fs[i] ? EV_STOP : EV_SLIP;
    }
    return n;
}

/* Illinois regula falsi for the first s in (0, h] where event (kind, i)
 * turns positive, g0 < 0 < g1 known at the ends. */
static double ev_root(const lzb_t *L, int kind, int i, const double *y, const double *fy,
                      double h, double g0, double g1)
{
    double a = 0, b = h, ga = g0, gb = g1, yt[NY], work[8 * NY];
    int it, side = 0, ny = (L->fric ? 5 : 3) * L->k;
    memcpy(work, fy, sizeof(double) * (size_t)ny);      /* f(y): every trial's k1 */
    for (it = 0; it < 200 && b - a > 4 * DBL_EPSILON * h; it++) {
        double s = (a * gb - b * ga) / (gb - ga);
        if (!(s > a && s < b)) s = 0.5 * (a + b);
        imp_dp45_step_k1(flow, L, ny, 0, y, s, yt, NULL, work, 1);
        double g = ev_value(L, kind, i, yt, NULL);
        if (g > 0) {
            b = s, gb = g;
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

static void pack(const lzb_t *L, double *y)
{
    int k = L->k, i;
    for (i = 0; i < k; i++) {
        y[i] = L->P[i], y[2 * k + i] = L->Wn[i];
        y[3 * k + i] = L->Pt[i], y[4 * k + i] = L->Wf[i];
        y[k + i] = i == L->prim && !L->tmode ? en_of_delta(L, i, L->dl[i]) : L->dl[i];
    }
}

static void unpack(lzb_t *L, const double *y)
{
    int k = L->k, i;
    for (i = 0; i < k; i++) {
        L->P[i] = y[i], L->Wn[i] = y[2 * k + i];
        if (L->fric) L->Pt[i] = y[3 * k + i], L->Wf[i] = y[4 * k + i];
        L->dl[i] = i == L->prim && !L->tmode ? delta_of_en(L, i, y[k + i]) : y[k + i];
    }
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

/* Events of one step y -> yn (size h): the earliest one in (0, h], or
 * EV_NONE. */
static int ev_first(const lzb_t *L, const double *y, const double *yn, double h,
                    const double *fy, const double *fyn, double *gy, double *gyn,
                    int have_g, int *who, double *at)
{
    int i, n, c, kinds[3], best = EV_NONE;
    *at = h;
    for (i = 0; i < L->k; i++) {
        n = ev_kinds(L, i, kinds);
        for (c = 0; c < n; c++) {
            double g0 = have_g ? gy[3 * i + c] : ev_value(L, kinds[c], i, y, fy);
            double g1 = gyn[3 * i + c] = ev_value(L, kinds[c], i, yn, fyn);
            if (!(g0 <= 0 && g1 > 0)) continue;
            double s = ev_root(L, kinds[c], i, y, fy, h, g0, g1);
            if (best == EV_NONE || s < *at) best = kinds[c], *who = i, *at = s;
        }
    }
    return best;
}

/* Stick or slip for contact i from the canonical state: slide along
 * v_t when it slips, else stick if the joint stick solve keeps its ratio
 * within mu_s, else slip against the friction it would need (WM92's
 * reversal in the plane). */
static void fric_decide(lzb_t *L, int i)
{
    double y[NY], f[NY];
    int k = L->k, old = L->fs[i];
    if (!L->fric || !(L->mu_s[i] > 0)) return;
    double vt = vel(L, i, 0, L->P, L->Pt);
    if (fabs(vt) > 1e-12 * L->vs) {
        L->fs[i] = vt > 0 ? 1 : -1, L->hist[i] |= 1;
        return;
    }
    pack(L, y);
    L->fs[i] = 0;
    rhs(L, y, f);
    if (fabs(f[3 * k + i]) <= L->mu_s[i] * f[i] * (1 + 1e-12)) {
        L->hist[i] |= 2;
        return;
    }
    L->fs[i] = f[3 * k + i] > 0 ? -1 : 1;
    if (old && L->fs[i] == old) L->fs[i] = -old;
    L->hist[i] |= old ? 5 : 1;
}

/* At a segment start another contact's event may have pushed a sticking
 * contact past its cone, or left a slip against its velocity: those can
 * no longer be seen as sign changes, so settle them here. */
static void fric_settle(lzb_t *L)
{
    double y[NY], f[NY];
    int k = L->k, it, i, changed = 1;
    for (it = 0; it < 2 * k + 2 && changed && L->fric; it++) {
        changed = 0;
        pack(L, y);
        rhs(L, y, f);
        for (i = 0; i < k && !changed; i++) {
            if (L->phase[i] == PH_FREE || !(L->mu_s[i] > 0)) continue;
            if (!L->fs[i] && fabs(f[3 * k + i]) > L->mu_s[i] * f[i] * (1 + 1e-9)) {
                L->fs[i] = f[3 * k + i] > 0 ? -1 : 1, L->hist[i] |= 1, changed = 1;
            } else if (L->fs[i] && -L->fs[i] * vel(L, i, 0, L->P, L->Pt) > 1e-12 * L->vs) {
                fric_decide(L, i);
                changed = 1;
            }
        }
    }
}

typedef struct {
    double Wc[K_MAX], Wr[K_MAX], Pc[K_MAX];
    int steps, switches;
} lzb_log;

static void ev_apply(lzb_t *L, int kind, int i, lzb_log *g)
{
    if (kind == EV_MAXCOMP) {
        g->Wc[i] += L->Wn[i] - L->mark[i];
        if (isnan(g->Pc[i])) g->Pc[i] = L->P[i];
        L->dl[i] = delta_of_en(L, i, L->e2[i] * en_of_delta(L, i, L->dl[i]));
        L->phase[i] = L->dl[i] > 0 ? PH_EXP : PH_FREE;
    } else if (kind == EV_ENDEXP) {
        g->Wr[i] += L->Wn[i] - L->mark[i];
        L->dl[i] = fmin(L->dl[i], 0);
        L->phase[i] = PH_FREE;
    } else if (kind == EV_CLOSE) {
        L->phase[i] = PH_COMP;
        fric_decide(L, i);
    } else if (kind == EV_STOP) {
        fric_decide(L, i);
        return;
    } else if (kind == EV_SLIP) {
        double y[NY], f[NY];
        pack(L, y);
        rhs(L, y, f);
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
        v[i] = vel(L, i, 1, L->P, L->fric ? L->Pt : NULL);
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

/* One smooth stretch from the canonical state to its first event (or to
 * the end of the step budget); h carries the step size over. */
static imp_status lzb_segment(lzb_t *L, double rtol, double *h, lzb_log *g)
{
    double y[NY], yn[NY], err[NY], at, work[8 * NY], gy[3 * K_MAX], gyn[3 * K_MAX];
    int who = 0, kind, ny = (L->fric ? 5 : 3) * L->k, have = 0, have_g = 0;
    pack(L, y);
    for (;;) {        /* the state is fixed within a segment: f(y), g(y) are reused */
        if (++g->steps > STEP_BUDGET) return IMP_ESTEPS;
        imp_dp45_step_k1(flow, L, ny, 0, y, *h, yn, err, work, have);
        have = 1;
        double q = err_norm(L, y, err, rtol);
        if (!(q <= 1)) {
            *h *= isfinite(q) ? fmax(0.1, 0.9 * pow(q, -0.2)) : 0.1;
            if (!(*h > 1e-300)) return IMP_ENOCONV;
            continue;
        }
        kind = ev_first(L, y, yn, *h, work, work + 6 * ny, gy, gyn, have_g, &who, &at);
        double grow = q > 0 ? fmin(5, fmax(0.2, 0.9 * pow(q, -0.2))) : 5;
        if (kind != EV_NONE) {
            imp_dp45_step_k1(flow, L, ny, 0, y, at, yn, NULL, work, 1);
            unpack(L, yn);
            ev_apply(L, kind, who, g);
            *h *= grow;
            return IMP_OK;
        }
        memcpy(y, yn, sizeof(double) * 5 * L->k);
        memcpy(work, work + 6 * ny, sizeof(double) * (size_t)ny);
        memcpy(gy, gyn, sizeof gy);
        have_g = 1;
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
        v[i] = vel(L, i, 1, L->P, L->fric ? L->Pt : NULL);
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
        if (L->phase[i] == PH_FREE && L->dl[i] >= 0 && vel(L, i, 1, L->P, L->fric ? L->Pt : NULL) < 0)
            L->phase[i] = PH_COMP, L->dl[i] = 0, L->mark[i] = L->Wn[i], L->undec[i] = 1;
}

/* The event-to-event loop; returns when no contact holds energy and none
 * closes. */
static imp_status lzb_run(lzb_t *L, double rtol, lzb_log *g)
{
    double vtol = 1e-12 * L->vs, h = 0;
    int i, started = 0;
    for (;;) {
        join_closing(L);
        int j = argmax_en(L);
        if (L->next >= 0 && L->phase[L->next] != PH_FREE && j >= 0) j = L->next;
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
        int tm = L->phase[j] == PH_EXP;
        for (i = 0; i < L->k; i++)
            if (i != j && L->phase[i] != PH_FREE) tm = 0;
        if (tm != L->tmode) h = 0;
        L->tmode = tm;
        for (i = 0; i < L->k; i++)
            if (L->undec[i]) L->undec[i] = 0, fric_decide(L, i);
        fric_settle(L);
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
        if (p->d == 2 && p->c[i].mu_s > 0) L->fric = 1;
        if (p->v0[r] < 0) {
            L->vs = fmax(L->vs, -p->v0[r]);
            L->Ps = fmax(L->Ps, -p->v0[r] / p->W[r * n + r]);
        }
    }
    L->Es = L->vs * L->Ps;
    for (i = 0; i < p->k; i++) L->dEs[i] = delta_of_en(L, i, L->Es);
}

static imp_multi_mode lzb_mode(const lzb_t *L, int i)
{
    int h = L->hist[i];
    if (!(L->P[i] > 0)) return IMP_MULTI_OPEN;
    if (!L->fric || !(L->mu_s[i] > 0) || h == 1) return IMP_MULTI_SLIDING;
    if (!L->fs[i] && !(h & 4)) return IMP_MULTI_STICKING;
    if (L->fs[i] && (h & 4) && !(h & 2)) return IMP_MULTI_REVERSED;
    return IMP_MULTI_MIXED;
}

static void lzb_fill(const lzb_t *L, const imp_multi_problem *p, const lzb_log *g,
                     imp_multi_result *out)
{
    int i, l, n = p->d * p->k;
    double vp = 0, pwp = 0;
    for (i = 0; i < p->k; i++) {       /* RK rounding can leave -1e-37 */
        out->P[p->d * i + 1] = fmax(L->P[i], 0);
        if (L->fric) out->P[p->d * i] = L->Pt[i];
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
        out->Wf[i] = L->fric ? L->Wf[i] : 0;
    }
    out->dT = vp + 0.5 * pwp;
    out->steps = g->steps, out->primary_switches = g->switches;
    out->energy_gain = out->dT > 1e-10 * (fabs(vp) + fabs(pwp)) + 1e-300;
}

imp_status imp_multi_lzb(const imp_multi_problem *p, double rtol, imp_multi_result *out)
{
    lzb_t L;
    lzb_lu lu;
    lzb_log g;
    int i;
    memset(out, 0, sizeof *out);
    if (!lzb_valid(p)) return IMP_EINPUT;
    if (!(rtol > 0)) rtol = 1e-9;
    rtol = fmin(fmax(rtol, 1e-13), 1e-3);
    lzb_init(&L, p);
    lu.key = 0;
    L.lu = &lu;
    memset(&g, 0, sizeof g);
    for (i = 0; i < p->k; i++) g.Pc[i] = NAN;
    imp_status st = L.vs > 0 ? lzb_run(&L, rtol, &g) : IMP_OK;
    if (st == IMP_OK) lzb_fill(&L, p, &g, out);
    for (i = 0; st == IMP_OK && i < p->d * p->k; i++)
        if (!isfinite(out->P[i]) || !isfinite(out->v[i]) || !isfinite(out->dT)) st = IMP_EOVERFLOW;
    if (st != IMP_OK) {
        memset(out, 0, sizeof *out);
        out->steps = g.steps;
    }
    for (i = 0; i < p->k; i++)
        if (st != IMP_OK || out->mode[i] == IMP_MULTI_OPEN) out->Pc[i] = NAN;
    return st;
}
