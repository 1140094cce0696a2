/* Cataldo & Sampaio's family of algebraic collision models (CS01). */
#include <float.h>
#include <math.h>
#include <stddef.h>

#include "model_cr.h"
#include "models2d.h"

#define TOL 1e-12

static double sgn(double x) { return (x > 0) - (x < 0); }

const char *imp_model_status_name(imp_model_status s)
{
    switch (s) {
    case IMP_MSTATUS_EXACT:         return "exact";
    case IMP_MSTATUS_RECONSTRUCTED: return "reconstructed";
    case IMP_MSTATUS_UNCERTAIN:     return "uncertain";
    }
    return "unknown";
}

const char *imp_slip_name(imp_slip s)
{
    switch (s) {
    case IMP_SLIP_NONE:         return "none";
    case IMP_SLIP_FRICTIONLESS: return "frictionless";
    case IMP_SLIP_STICKING:     return "sticking";
    case IMP_SLIP_SLIDING:      return "sliding";
    case IMP_SLIP_REVERSED:     return "reversed";
    }
    return "unknown";
}

imp_class imp_model_class(const imp_coef2d *c)
{
    return imp_coef2d_class(c);
}

double imp_coef2d_energy(const imp_coef2d *c, double Px, double Py)
{
    return imp_dT2d(Px, Py, c->S0, c->C0, c->S0 + c->B1 * Px - c->B3 * Py,
                    c->C0 - c->B3 * Px + c->B2 * Py);
}

static double det2(const imp_coef2d *c) { return imp_coef2d_delta(c); }

/* Slip sign of a contact about to slide: the slip, or the frictionless
 * tendency -sgn(B3) when there is none (WM92 sec 3.4.1, eq 49 with
 * s = -sgn(B3) for S0 = 0, not the printed s = 1). */
static double slip_sign(double S, double B3) { return S != 0 ? sgn(S) : -sgn(B3); }

/* A straight piece of a model's impulse path (models2d.h). */
typedef imp_seg2d seg2d;

/* ---- group 1: Newton frictionless, Kane, Brach, Smith --------------------- */

static imp_status newton_frictionless(const imp_coef2d *c, double e,
                                      double *Px, double *Py)
{
    *Px = 0;
    *Py = -(1 + e) * c->C0 / c->B2;
    return IMP_OK;
}

/* Whittaker's procedure (Kane 1984, as CS01 review it): Newton's stick trial at point D, accepted
 * inside mu_0's cone; otherwise Coulomb sliding with Newton's normal law. */
static imp_status kane(const imp_coef2d *c, double e, double mu, double mu_0,
                       double *Px, double *Py, int *stuck)
{
    double d = det2(c);
    double PxD = -(c->B2 * c->S0 + (1 + e) * c->B3 * c->C0) / d;
    double PyD = -(c->B3 * c->S0 + (1 + e) * c->B1 * c->C0) / d;
    if (PyD > 0 && fabs(PxD) <= mu_0 * PyD * (1 + TOL)) {
        *Px = PxD; *Py = PyD; *stuck = 1;
        return IMP_OK;
    }
    double s = slip_sign(c->S0, c->B3), k = c->B2 + s * mu * c->B3;
    if (!(k > 0)) return IMP_ENOSOLUTION;
    *Py = -(1 + e) * c->C0 / k;
    *Px = -s * mu * *Py;
    *stuck = 0;
    return IMP_OK;
}

/* Real roots of a*x^2 + b*x + c = 0 (a may be 0); returns how many. No
 * threshold on a: the coefficients may carry different powers of the
 * velocity scale, and the stable form gives the small root c/q accurately
 * however small a is (the large one, q/a, then falls outside any bracket). */
static int quadratic(double a, double b, double c, double x[2])
{
    if (a == 0) {
        if (b == 0) return 0;
        x[0] = -c / b;
        return 1;
    }
    /* Brought to max |coefficient| in [1, 2) by a power of two, which
     * changes no root and keeps b^2 and 4ac from overflowing. */
    int k = ilogb(fmax(fabs(a), fmax(fabs(b), fabs(c))));
    a = imp_mul2k(a, -k); b = imp_mul2k(b, -k); c = imp_mul2k(c, -k);
    double disc = b * b - 4 * a * c;
    if (disc < 0) {
        if (disc > -1e-14 * b * b) disc = 0; else return 0;
    }
    double q = -0.5 * (b + (b >= 0 ? 1 : -1) * sqrt(disc));
    if (q == 0) { x[0] = 0; return 1; }
    x[0] = q / a;
    x[1] = c / q;
    if (x[0] > x[1]) { double t = x[0]; x[0] = x[1]; x[1] = t; }
    return 2;
}

/* Brach (as CS01 and WM92 describe it) with Newton's normal law and a fixed impulse ratio lambda:
 * Py = -(1+e) C0/(B2 - lambda B3), Px = lambda Py. The final slip
 * S(lambda) increases with lambda (dS/dlambda = Delta N/(B2 - lambda B3)^2)
 * and vanishes at mu0 (point D), so "friction does not reverse the slip"
 * keeps lambda between 0 (no friction) and mu0; when D is out of reach
 * (Py_D <= 0: the slip cannot be stopped, and keeps the sign of S0) it
 * keeps lambda on the side opposing S0. The requested ratio (the user's, or
 * mu with that sign: the rule sgn(mu0) min(mu, |mu0|)) is clamped to that
 * range, then lowered towards 0 until no energy is gained. h(lambda) below
 * has the sign of dT. *limited gets IMP_RATIO_REVERSAL and/or
 * IMP_RATIO_ENERGY for the limits that changed the ratio. */
static imp_status brach(const imp_coef2d *c, const imp_model_params *p,
                        double *Px, double *Py, double *lambda, double *mu0,
                        double *req, int *limited)
{
    double e = p->e, B1 = c->B1, B2 = c->B2, B3 = c->B3, S0 = c->S0, C0 = c->C0;
    double num = (1 + e) * C0 * B3 + S0 * B2, den = (1 + e) * C0 * B1 + S0 * B3;
    double lo, hi;
    *limited = 0;
    /* den = -Delta*PyD: the stick point D needs PyD > 0 to be reachable. */
    if (den < 0) {
        *mu0 = num / den;
        *req = p->has_ratio ? p->ratio : sgn(*mu0) * p->mu;
        lo = fmin(0, *mu0);
        hi = fmax(0, *mu0);
    } else {
        double s = slip_sign(S0, B3);
        *mu0 = NAN;
        *req = p->has_ratio ? p->ratio : -s * p->mu;
        lo = s > 0 ? -HUGE_VAL : 0;
        hi = s > 0 ? 0 : HUGE_VAL;
    }
    double lam = fmin(fmax(*req, lo), hi);
    if (lam != *req) *limited |= IMP_RATIO_REVERSAL;
    double qa = -S0 * B3 - 0.5 * (1 + e) * C0 * B1;
    double qb = S0 * B2 + e * C0 * B3;
    double qc = 0.5 * (1 - e) * C0 * B2;
    double hs = fabs(qa) * lam * lam + fabs(qb * lam) + fabs(qc);
    double h = (qa * lam + qb) * lam + qc;
    if (h > TOL * hs) {
        /* The largest |lambda'| in [0, |lam|] with h <= 0: the last root of
         * h(d t) = qa t^2 + d qb t + qc below |lam| (h(0) = qc <= 0). */
        double d = sgn(lam), T = fabs(lam), r[2], best = 0;
        int n = quadratic(qa, d * qb, qc, r);
        for (int i = 0; i < n; i++)
            if (r[i] >= 0 && r[i] <= T && r[i] > best) best = r[i];
        lam = d * best;
        *limited |= IMP_RATIO_ENERGY;
    }
    double k = B2 - lam * B3;
    if (!(k > 0)) return IMP_ENOSOLUTION;
    *lambda = lam;
    *Py = -(1 + e) * C0 / k;
    *Px = lam * *Py;
    return IMP_OK;
}

/* Brach with the e_m plug-in (Brach's moment law was not recovered, so
 * the user supplies the moment impulse): Mq acts first, then the ratio rule
 * on the shifted contact velocities. */
static imp_status brach_moment(const imp_coef2d *c, const imp_model_params *p,
                               imp_model_result2d *r, seg2d *seg)
{
    const imp_moment2d *m = p->mcoef;
    imp_moment_state ms = { IMP_PHASE_COMPRESSION, c->S0, c->C0, m->W0, m->W0, 0, 0, 0, 1 };
    double q;
    if (p->moment(p->moment_ctx, &ms, &q) || !isfinite(q)) return IMP_ELAW;
    imp_coef2d s = *c;
    s.S0 += m->BSq * q;
    s.C0 += m->BCq * q;
    r->Mq = q;
    if (s.C0 < 0) {
        imp_status st = brach(&s, p, &r->Px, &r->Py, &r->ratio, &r->ratio_limit,
                              &r->ratio_req, &r->ratio_limited);
        if (st != IMP_OK) return st;
    }
    r->S = s.S0 + s.B1 * r->Px - s.B3 * r->Py;
    r->C = s.C0 - s.B3 * r->Px + s.B2 * r->Py;
    seg2d g = { 0, 0, s.S0, s.C0, r->Px, r->Py, r->S, r->C };
    *seg = g;
    return IMP_OK;
}

/* Smith (Smith 1991): Px = -mu Py (S0 + S)/(|S0| + |S|) with Newton's normal law,
 * N = B2 Py - B3 Px = -(1+e) C0. Solved branch by branch, never with Px, Py
 * as affine functions of the final slip S itself (they lose S - S0 to
 * cancellation when |S0| >> |C0|, and the quadratic's coefficients with
 * it). For S0 > 0 (S0 < 0 by the mirror x -> -x):
 *   - the slip keeps its sign: the law is Coulomb sliding, lambda = -mu
 *     exactly, Py = N/(B2 + mu B3), valid when S = S0 - (mu B1 + B3) Py >= 0;
 *   - the slip reverses (S < 0): with w = S - S0 (the change of slip, so
 *     that S0 never cancels), Px = (B2 w + B3 N)/D, Py = (B3 w + B1 N)/D and
 *     Px (S0 - S) + mu Py (S0 + S) = 0 is the quadratic
 *     (mu B3 - B2) w^2 + (N (mu B1 - B3) + 2 mu S0 B3) w + 2 mu S0 B1 N = 0
 *     (divided by mu when mu > 1, so that huge mu does not overflow).
 * S = 0 (the stick point) is shared by both branches. S0 = 0: the
 * stick point D inside the cone, else sliding with s = -sgn(B3). Writes
 * the final S and C (C = -e C0 exactly) without the cancellation of
 * S0 + B1 Px - B3 Py. Roots need Py > 0; *nroots counts them (Smith 1991 found
 * one); with several the sliding root comes first. */
static imp_status smith(const imp_coef2d *c, double e, double mu,
                        double *Px, double *Py, double *S, double *C, int *nroots)
{
    double sg = c->S0 < 0 ? -1 : 1;     /* the mirror: solve with S0 >= 0 */
    double B1 = c->B1, B2 = c->B2, B3 = sg * c->B3, S0 = sg * c->S0;
    double N = -(1 + e) * c->C0;
    double px[3], py[3], u[3];
    int n = 0, fwd = 0;
    *nroots = 0;
    *C = -e * c->C0;
    if (mu == 0) {
        px[n] = 0; py[n] = N / B2; u[n] = S0 - B3 * py[n]; n++;
    } else if (S0 == 0) {
        if (fabs(B3) <= mu * B1 * (1 + TOL)) {
            double d = det2(c);
            px[n] = B3 * N / d; py[n] = B1 * N / d; u[n] = 0; n++;
        } else {
            double lam = sgn(B3) * mu, k = B2 - mu * fabs(B3);
            if (k > 0) {
                py[n] = N / k; px[n] = lam * py[n]; u[n] = (B1 * lam - B3) * py[n]; n++;
            }
        }
    } else {
        /* Coefficients over mu when mu > 1: the rates stay O(1). */
        double im = mu > 1 ? 1 / mu : 1, fm = mu > 1 ? 1 : mu;
        double kf = B2 * im + B3 * fm;            /* (B2 + mu B3) * im */
        if (kf > 0) {
            double y = N * im / kf;               /* Py */
            double slip = S0 - (B1 * fm + B3 * im) * N / kf;
            if (slip >= -TOL * S0) {
                py[n] = y; px[n] = -mu * y; u[n] = fmax(slip, 0); n++;
                fwd = 1;
            }
        }
        double d = det2(c);
        double qa = B3 * fm - B2 * im;
        double qb = N * (B1 * fm - B3 * im) + 2 * S0 * B3 * fm;
        double qc = 2 * S0 * B1 * N * fm;
        double r[2];
        int m = quadratic(qa, qb, qc, r);
        for (int i = 0; i < m && n < 3; i++) {
            double w = r[i], slip = S0 + w;
            if (!(slip <= TOL * S0)) continue;
            if (fwd && slip >= -1e-9 * S0) continue;   /* the stick point, found above */
            double y = (B3 * w + B1 * N) / d, x = (B2 * w + B3 * N) / d;
            /* Py > 0 beyond rounding, and friction against the mean slip
             * S0 + S: a root with Py ~ 0 (one exists as mu -> inf) can
             * come out of rounding with the wrong sign of Py. */
            if (!(y > 1e-14 * (fabs(B3 * w) + B1 * N) / d) || !isfinite(y)) continue;
            if (x * (S0 + slip) > TOL * fabs(x) * (S0 - slip)) continue;
            py[n] = y;
            px[n] = x;
            u[n] = fmin(slip, 0);
            n++;
        }
    }
    *nroots = n;
    if (n == 0 || !(py[0] > 0)) return IMP_ENOSOLUTION;
    *Px = sg * px[0];
    *Py = py[0];
    *S = sg * u[0];
    return IMP_OK;
}

/* ---- group 3/4: Glocker-Pfeiffer case 1 and the C-S skeleton ------------- */

/* Compression phase from (Sa, Ca) to C = 0 with Coulomb's law on the lumped
 * phase impulse: stick (point Q) if inside the cone, else the slide sign
 * consistent with the end-of-phase slip. */
static imp_status gp_compression(const imp_coef2d *c, double Sa, double Ca,
                                 double mu, double *px, double *py)
{
    double d = det2(c), scale = fabs(Sa) + fabs(Ca);
    *px = *py = 0;
    if (Ca >= 0) return IMP_OK;
    double qx = -(c->B2 * Sa + c->B3 * Ca) / d, qy = -(c->B1 * Ca + c->B3 * Sa) / d;
    if (qy >= 0 && fabs(qx) <= mu * qy * (1 + TOL)) {
        *px = qx; *py = qy;
        return IMP_OK;
    }
    double s1 = slip_sign(Sa, c->B3);
    for (int i = 0; i < 2; i++) {
        double s = i ? -s1 : s1, k = c->B2 + s * mu * c->B3;
        if (!(k > 0)) continue;
        double y = -Ca / k, x = -s * mu * y;
        double Se = Sa + c->B1 * x - c->B3 * y;
        if (s * Se >= -TOL * scale) { *px = x; *py = y; return IMP_OK; }
    }
    return IMP_ENOSOLUTION;
}

/* Expansion phase with a fixed normal impulse py (Poisson): stick if inside
 * the cone, else slide against the slip that zero friction would leave. */
static void gp_expansion(const imp_coef2d *c, double Sa, double py, double mu,
                         double *px, int *stuck)
{
    double x = (c->B3 * py - Sa) / c->B1;
    if (fabs(x) <= mu * py * (1 + TOL)) { *px = x; *stuck = 1; return; }
    double u = Sa - c->B3 * py;
    *px = -sgn(u) * mu * py;
    *stuck = 0;
}

static imp_status gp(const imp_coef2d *c, const imp_model_params *p, int with_moment,
                     imp_model_result2d *r, int *stuck, seg2d seg[2])
{
    const imp_moment2d *m = with_moment ? p->mcoef : NULL;
    double S = c->S0, C = c->C0, W = m ? m->W0 : 0, Mq = 0, px, py, q;
    imp_status st;
    *stuck = 0;
    /* Compression (a moment impulse, if any, acts first: CS01 skeleton). */
    if (m) {
        imp_moment_state ms = { IMP_PHASE_COMPRESSION, S, C, W, m->W0, 0, 0, 0, 0 };
        if (p->moment(p->moment_ctx, &ms, &q)) return IMP_ELAW;
        if (!isfinite(q)) return IMP_ELAW;
        Mq += q; S += m->BSq * q; C += m->BCq * q; W += m->Bq * q;
    }
    if ((st = gp_compression(c, S, C, p->mu, &px, &py)) != IMP_OK) return st;
    r->PxC = px; r->PyC = py;
    seg[0].Px0 = seg[0].Py0 = 0; seg[0].S0 = S; seg[0].C0 = C;
    S += c->B1 * px - c->B3 * py;
    C += -c->B3 * px + c->B2 * py;
    seg[0].Px1 = px; seg[0].Py1 = py; seg[0].S1 = S; seg[0].C1 = C;
    if (m) W += m->BSq * px + m->BCq * py;
    double Px = px, Py = py;
    /* Expansion: Poisson's normal impulse e*PyC. */
    if (m) {
        imp_moment_state ms = { IMP_PHASE_RESTITUTION, S, C, W, m->W0, Px, Py, r->PyC, 0 };
        if (p->moment(p->moment_ctx, &ms, &q)) return IMP_ELAW;
        if (!isfinite(q)) return IMP_ELAW;
        Mq += q; S += m->BSq * q; C += m->BCq * q; W += m->Bq * q;
    }
    py = p->e * r->PyC;
    gp_expansion(c, S, py, p->mu, &px, stuck);
    seg[1].Px0 = Px; seg[1].Py0 = Py; seg[1].S0 = S; seg[1].C0 = C;
    S += c->B1 * px - c->B3 * py;
    C += -c->B3 * px + c->B2 * py;
    if (*stuck) S = 0;
    seg[1].Px1 = Px + px; seg[1].Py1 = Py + py; seg[1].S1 = S; seg[1].C1 = C;
    r->Px = Px + px; r->Py = Py + py; r->Mq = Mq;
    r->S = S; r->C = C;
    return IMP_OK;
}

/* ---- mode and path --------------------------------------------------------- */

/* The point at position u of the path (piece k = floor(u), fraction u - k;
 * at a joint, the end of the earlier piece: before a phase's moment jump). */
static imp_vertex2d at_pos(const seg2d *sg, int nseg, double u, imp_event ev)
{
    int k = (int)u;
    if (k > 0 && k == u) k--;            /* a joint: the end of the piece before */
    if (k >= nseg) k = nseg - 1;
    double t = u - k;
    const seg2d *g = &sg[k];
    imp_vertex2d v = { g->Px0 + t * (g->Px1 - g->Px0), g->Py0 + t * (g->Py1 - g->Py0),
                       g->S0 + t * (g->S1 - g->S0), g->C0 + t * (g->C1 - g->C0), ev };
    if (t == 1) { v.Px = g->Px1; v.Py = g->Py1; v.S = g->S1; v.C = g->C1; }
    return v;
}

/* The API mode and path of a model result from its straight pieces, read
 * like the Routh tracer's path: the contact sticks where the slip reaches
 * zero and stays there to the end; it reverses where the slip last changes
 * to the final sign, opposite to S0; otherwise it slides. C- when that
 * happens at or before maximum compression (uc: a position u in [0, nseg]),
 * R- after; a tie counts as C-, as the tracer orders coincident events
 * (stick, then max compression), so e = 0 has no R-modes. Slip within
 * tol counts as zero. A contact stuck from the start (S0 = 0) has no stick
 * vertex, as in the tracer. */
static void model_path(const imp_coef2d *c, const seg2d *sg, int nseg, double uc, double sf0,
                       double tol, imp_model_result2d *r)
{
    double S0 = c->S0, us = -1;   /* before the impact (and before any moment impulse) */
    imp_event ev = IMP_EV_START;
    /* Samples (u, S): S0, then the ends of each piece (a moment impulse
     * before a piece is a jump at the same u). */
    double u[5], S[5];
    int n = 0;
    u[n] = 0; S[n++] = fabs(S0) <= tol ? 0 : S0;
    for (int k = 0; k < nseg; k++) {
        u[n] = k; S[n++] = fabs(sg[k].S0) <= tol ? 0 : sg[k].S0;
        u[n] = k + 1; S[n++] = fabs(sg[k].S1) <= tol ? 0 : sg[k].S1;
    }
    double sf = sf0 == 0 ? 0 : sgn(S[n - 1]);
    if (sf == 0) {
        int i = n - 1;
        while (i > 0 && S[i - 1] == 0) i--;
        us = u[i];
        ev = IMP_EV_STICK;
    } else if (S0 != 0 && sf == -sgn(S0)) {
        int i = n - 1;
        while (i > 0 && sgn(S[i - 1]) == sf) i--;
        /* S[i-1] has not the final sign; the change is on (u[i-1], u[i]]. */
        double a = S[i - 1], b = S[i];
        us = a == 0 || u[i] == u[i - 1] ? u[i - 1] : u[i - 1] + (u[i] - u[i - 1]) * a / (a - b);
        ev = IMP_EV_REVERSE;
    }
    int C = us >= 0 && us <= uc + 1e-12;     /* coincident events: the tracer's 1e-12 */
    if (ev == IMP_EV_STICK) r->mode = C ? IMP_MODE_C_STICKING : IMP_MODE_R_STICKING;
    else if (ev == IMP_EV_REVERSE) r->mode = C ? IMP_MODE_C_REVERSED : IMP_MODE_R_REVERSED;
    else r->mode = IMP_MODE_SLIDING;
    int nv = 0;
    imp_vertex2d v0 = { 0, 0, S0, c->C0, IMP_EV_START };
    r->vert[nv++] = v0;
    if (ev != IMP_EV_START && us > 0 && C) {
        r->vert[nv] = at_pos(sg, nseg, fmin(us, uc), ev); r->vert[nv++].S = 0;
    }
    r->vert[nv] = at_pos(sg, nseg, uc, IMP_EV_MAXC); r->vert[nv++].C = 0;
    if (ev != IMP_EV_START && !C) {
        r->vert[nv] = at_pos(sg, nseg, us, ev); r->vert[nv++].S = 0;
    }
    r->vert[nv] = at_pos(sg, nseg, nseg, IMP_EV_END);
    r->vert[nv].S = r->S; r->vert[nv].C = r->C;
    nv++;
    r->nvert = nv;
}

/* ---- driver ---------------------------------------------------------------- */

static int valid(const imp_coef2d *c, const imp_model_params *p, imp_model2d m)
{
    if (!(c->B1 > 0 && c->B2 > 0 && isfinite(c->B1) && isfinite(c->B2) && isfinite(c->B3)))
        return 0;
    if (!imp_coef2d_posdef(c)) return 0;
    if (!isfinite(c->S0) || !isfinite(c->C0)) return 0;
    if (!(p->e >= 0 && p->e <= 1)) return 0;
    if (!(p->mu >= 0 && isfinite(p->mu))) return 0;
    return !imp_models2d[m].valid || imp_models2d[m].valid(p);
}

/* ---- the rows' hooks (models2d_registry.c) ---------------------------------- */

int imp_model2d_kane_valid(const imp_model_params *p)
{
    return p->mu_0 >= p->mu && isfinite(p->mu_0);
}

int imp_model2d_brach_valid(const imp_model_params *p)
{
    return !(p->has_ratio && !isfinite(p->ratio)) && !(p->moment && !p->mcoef);
}

int imp_model2d_cs_valid(const imp_model_params *p)
{
    return !(p->moment && !p->mcoef);
}

int imp_model2d_cr_valid(const imp_model_params *p)
{
    return p->e_t >= -1 && p->e_t <= 1;
}

imp_status imp_model2d_newton_frictionless(const imp_coef2d *c, const imp_model_params *p,
                                           imp_model_result2d *r, imp_model2d_step *s)
{
    s->mu_bound = 0;
    s->frictionless = 1;
    return newton_frictionless(c, p->e, &r->Px, &r->Py);
}

imp_status imp_model2d_kane(const imp_coef2d *c, const imp_model_params *p,
                            imp_model_result2d *r, imp_model2d_step *s)
{
    s->mu_bound = p->mu_0;
    return kane(c, p->e, p->mu, p->mu_0, &r->Px, &r->Py, &s->stuck);
}

imp_status imp_model2d_brach(const imp_coef2d *c, const imp_model_params *p,
                             imp_model_result2d *r, imp_model2d_step *s)
{
    s->own_ratio = 1;   /* Px/Py overflows by rounding at mu near DBL_MAX */
    if (p->moment) {
        imp_status st = brach_moment(c, p, r, s->seg);
        s->velocities = 1;
        s->nseg = 1;
        r->status = IMP_MSTATUS_UNCERTAIN;
        return st;
    }
    return brach(c, p, &r->Px, &r->Py, &r->ratio, &r->ratio_limit,
                 &r->ratio_req, &r->ratio_limited);
}

imp_status imp_model2d_smith(const imp_coef2d *c, const imp_model_params *p,
                             imp_model_result2d *r, imp_model2d_step *s)
{
    s->velocities = 1;
    return smith(c, p->e, p->mu, &r->Px, &r->Py, &r->S, &r->C, &r->nroots);
}

imp_status imp_model2d_gp(const imp_coef2d *c, const imp_model_params *p,
                          imp_model_result2d *r, imp_model2d_step *s)
{
    s->velocities = 1;
    s->nseg = 2;
    return gp(c, p, 0, r, &s->stuck, s->seg);
}

imp_status imp_model2d_cs(const imp_coef2d *c, const imp_model_params *p,
                          imp_model_result2d *r, imp_model2d_step *s)
{
    s->velocities = 1;
    s->nseg = 2;
    return gp(c, p, p->moment != NULL, r, &s->stuck, s->seg);
}

imp_status imp_model2d_cr(const imp_coef2d *c, const imp_model_params *p,
                          imp_model_result2d *r, imp_model2d_step *s)
{
    imp_cr_info ci;
    imp_status st = imp_cr2d(c, p->mu, p->e, p->e_t, &r->Px, &r->Py, &ci);
    r->kappa = ci.kappa;
    r->on_cone = ci.on_cone;
    /* C = -e C0 for every kappa (P_II - P_I changes no C): exact */
    r->S = c->S0 + c->B1 * r->Px - c->B3 * r->Py;
    r->C = -p->e * c->C0;
    s->velocities = 1;
    return st;
}

/* One model on data with C0 < 0; every output in the units of c. */
static imp_status solve_model(imp_model2d m, const imp_coef2d *c,
                              const imp_model_params *p, imp_model_result2d *r)
{
    imp_model2d_step k = {0};
    k.mu_bound = p->mu;
    imp_status st = imp_models2d[m].solve(c, p, r, &k);
    seg2d *seg = k.seg;
    int nseg = k.nseg;
    if (st != IMP_OK) return st;
    if (!k.velocities) {
        r->S = c->S0 + c->B1 * r->Px - c->B3 * r->Py;
        r->C = c->C0 - c->B3 * r->Px + c->B2 * r->Py;
        if (k.stuck) r->S = 0;
    }
    /* A moment law can drive the velocities past double's range; the path
     * below needs finite ones to place its events. */
    if (!(isfinite(r->Px) && isfinite(r->Py) && isfinite(r->S) && isfinite(r->C)))
        return IMP_EOVERFLOW;
    /* eq 56 with the model's own final velocities; a moment impulse adds
     * Mq (W0 + W)/2 with W = W0 + BSq Px + BCq Py + Bq Mq. */
    r->dT = imp_dT2d(r->Px, r->Py, c->S0, c->C0, r->S, r->C);
    double dscale = fabs(c->S0 * r->Px) + fabs(c->C0 * r->Py);
    if (r->Mq != 0) {
        const imp_moment2d *q = p->mcoef;
        r->dT += 0.5 * r->Mq * (2 * q->W0 + q->BSq * r->Px + q->BCq * r->Py + q->Bq * r->Mq);
        dscale += fabs(q->W0 * r->Mq);
    }
    if (!k.own_ratio) {
        r->ratio = r->Py > 0 ? r->Px / r->Py : 0;
        if (isinf(r->ratio)) r->ratio = copysign(DBL_MAX, r->ratio);
    }
    r->energy_gain = r->dT > TOL * dscale;
    r->coulomb_ok = fabs(r->Px) <= k.mu_bound * r->Py * (1 + TOL) + TOL * fabs(r->Py);
    double sscale = TOL * (fabs(c->S0) + fabs(c->C0));
    if (k.frictionless) r->slip = IMP_SLIP_FRICTIONLESS;
    else if (fabs(r->S) <= sscale) r->slip = IMP_SLIP_STICKING;
    else if (c->S0 == 0 || sgn(r->S) == sgn(c->S0)) r->slip = IMP_SLIP_SLIDING;
    else r->slip = IMP_SLIP_REVERSED;
    /* The API mode and path: GP and C-S have their phases (max compression
     * at the end of the first); a one-step model applies its impulse
     * proportionally along the line from the origin, where C = 0 at
     * u = C0/(C0 - C) (= 1/(1+e) with Newton's law). */
    double uc = 1;
    if (nseg == 0) {
        seg2d g = { 0, 0, c->S0, c->C0, r->Px, r->Py, r->S, r->C };
        seg[0] = g;
        nseg = 1;
    }
    if (nseg == 1 && seg[0].C0 >= 0) uc = 0;    /* Brach's moment alone separates */
    else if (nseg == 1 && seg[0].C1 > 0) uc = seg[0].C0 / (seg[0].C0 - seg[0].C1);
    model_path(c, seg, nseg, uc, r->slip == IMP_SLIP_STICKING ? 0 : 1, sscale, r);
    return IMP_OK;
}

imp_status imp_model2d_solve(imp_model2d m, const imp_coef2d *c,
                             const imp_model_params *p, imp_model_result2d *r)
{
    imp_model_result2d z = {0};
    *r = z;
    r->status = imp_model_status_from(m);
    r->cls = imp_model_class(c);
    r->ratio_limit = NAN;
    r->coulomb_ok = 1;
    if (!valid(c, p, m)) return IMP_EINPUT;
    if (c->C0 >= 0) {
        /* Separating or grazing: no model here generates an impulse. */
        r->S = c->S0; r->C = c->C0; r->slip = IMP_SLIP_NONE;
        r->mode = IMP_MODE_NONE;
        imp_vertex2d a = { 0, 0, c->S0, c->C0, IMP_EV_START }, b = a;
        b.event = IMP_EV_END;
        r->vert[0] = a; r->vert[1] = b; r->nvert = 2;
        return IMP_OK;
    }
    /* Solved on data scaled by powers of two (models2d_scale.c), which
     * commutes with rounding: the results are those of the unscaled
     * arithmetic wherever that neither under- nor overflows. A frame where
     * the closed form fails (an intermediate out of range, a vanished
     * C0) gives way to the next; the first frame's refusal stands when
     * none succeeds. A moment law sees physical values (converted). */
    imp_coef2d_scaled sc;
    imp_status st = IMP_OK;
    if (p->moment) {   /* one frame: the law is called once per phase */
        imp_moment2d mq;
        imp_model2d_lawscale ls;
        imp_model_params q;
        imp_model2d_frame(c, 0, &sc);
        imp_model2d_moment_scale(p, &sc, &mq, &ls, &q);
        st = solve_model(m, sc.p, &q, r);
    } else {
        imp_model_result2d r0 = *r;
        imp_status st0 = IMP_OK;
        for (int f = 0; imp_model2d_frame(c, f, &sc); f++) {
            *r = r0;
            st = solve_model(m, sc.p, p, r);
            if (st == IMP_OK) break;
            if (f == 0) st0 = st;
        }
        if (st != IMP_OK) st = st0;
    }
    if (st != IMP_OK) return st;
    /* An approach gives Py > 0 in the frame unless the frame lost C0
     * (|S0/C0| and B2/B1 ~ 2^1600): then the impulse has no double and C
     * would stay C0 (a moment law alone may separate with Py = 0). */
    if (!p->moment && !(r->Py > 0)) return IMP_EOVERFLOW;
    int kP = sc.kv - sc.kb, kV = sc.kv;
    if (p->moment)
        r->dT = imp_mul2k(r->dT, 2 * kV - sc.kb);
    else   /* from the frame's factors: C0 Py can be normal when neither is */
        r->dT = imp_model2d_dT_wide(sc.p, r->Px, r->Py, r->S, r->C, 2 * kV - sc.kb);
    r->Px = imp_mul2k(r->Px, kP);
    r->Py = imp_mul2k(r->Py, kP);
    r->PxC = imp_mul2k(r->PxC, kP);
    r->PyC = imp_mul2k(r->PyC, kP);
    r->Mq = imp_mul2k(r->Mq, kP);
    r->S = imp_mul2k(r->S, kV);
    r->C = imp_mul2k(r->C, kV);
    int path_ok = imp_vertices2d_scale(r->vert, r->nvert, kP, kV);
    /* The answer itself does not fit a double (dT ~ |C0|^2/B2 at 1e300). */
    if (!(path_ok && isfinite(r->Px) && isfinite(r->Py) && isfinite(r->S) && isfinite(r->C)
          && isfinite(r->dT) && isfinite(r->PxC) && isfinite(r->PyC) && isfinite(r->Mq)))
        return IMP_EOVERFLOW;
    return IMP_OK;
}
