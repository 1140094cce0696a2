/* Closed forms of the planar impact: classification (WM92 eqs 31-38,
 * Table 1), impulses (WM92 eqs 39-55; Stronge 1990's energetic law in the
 * same way) and Sun & Baruh's ratios (SB22 Table 2). The path tracer is the
 * reference; the tests check these against it. Like the tracer, both work
 * on coefficients scaled by powers of two (imp_coef2d_scale) and scale
 * their results back. */
#include <math.h>

#include "closed2d.h"

static double sgn(double x) { return (x > 0) - (x < 0); }

/* Finite data, 0 <= mu_k <= mu_s, e in [0, 1], W2 positive definite
 * (then sc is set). */
static int valid(const imp_coef2d *c, double mu_s, double mu_k, double e,
                 imp_coef2d_scaled *sc)
{
    return isfinite(c->S0) && isfinite(c->C0) && isfinite(mu_s) && mu_k >= 0 &&
           mu_k <= mu_s && e >= 0 && e <= 1 && imp_coef2d_scale(c, mu_k, sc);
}

int imp_sb2d_case(double ratio, double R1, double R2, double R3, double D1,
                  double mu_s)
{
    if (ratio == 0)
        return fabs(R2) <= mu_s ? 5 : 6;
    if (D1 <= 0)                 /* the slip always stops in compression */
        return 1;
    if (ratio > R3)
        return 0;
    if (ratio > R1)
        return R2 <= mu_s ? 3 : 4;
    return R2 <= mu_s ? 1 : 2;
}

/* imp_mode2d_classify on scaled coefficients: kS, kC, P_d, P_q and p_s in
 * scaled units. */
static void classify(const imp_coef2d *c, double mu_s, double mu_k, double e,
                     imp_class2d *o)
{
    double B1 = c->B1, B2 = c->B2, B3 = c->B3, S0 = c->S0, C0 = c->C0;
    o->cls = imp_coef2d_class(c);
    o->sticks = fabs(B3) <= mu_s * B1;
    o->mu_s_wm = -B3 / B1;
    o->s = S0 != 0 ? (int)sgn(S0) : o->sticks ? 0 : -(int)sgn(B3);
    double s = o->s;
    o->kS = mu_k * B1 + s * B3;
    o->kC = B2 + s * mu_k * B3;
    o->P_d = o->kC * fabs(S0);
    o->P_q = o->kS * fabs(C0);
    o->mu_d = ((1 + e) * B3 * C0 + B2 * S0) / ((1 + e) * B1 * C0 + B3 * S0);
    o->mu_q = (B3 * C0 + B2 * S0) / (B1 * C0 + B3 * S0);
    o->mu_D = s != 0 ? -s * o->mu_d : NAN;
    o->mu_Q = s != 0 ? -s * o->mu_q : NAN;
    o->p_s = S0 == 0 ? 0.0 : o->kS > 0 ? fabs(S0) / o->kS : INFINITY;

    if (C0 > 0 || (C0 == 0 && (S0 == 0 || o->kC >= 0)))
        o->mode = IMP_MODE_NONE;     /* parting, or no tangential impulse */
    else if (S0 == 0)
        o->mode = o->sticks ? IMP_MODE_C_STICKING : IMP_MODE_SLIDING;
    else if (o->P_d > (1 + e) * o->P_q)
        o->mode = IMP_MODE_SLIDING;
    else if (o->P_d > o->P_q)
        o->mode = o->sticks ? IMP_MODE_R_STICKING : IMP_MODE_R_REVERSED;
    else
        o->mode = o->sticks ? IMP_MODE_C_STICKING : IMP_MODE_C_REVERSED;

    o->sb_valid = C0 < 0;
    o->ratio = o->R1 = o->R2 = o->R3 = NAN;
    o->sb_case = -1;
    if (o->sb_valid) {
        /* SB22's x runs along the initial slip: Pbar/m = s*B3 */
        o->ratio = fabs(S0) / -C0;
        if (S0 == 0) {
            o->R2 = fabs(B3) / B1;
        } else {
            o->R1 = o->kS / o->kC;
            o->R2 = s * B3 / B1;
            o->R3 = (1 + e) * o->R1;
        }
        o->sb_case = imp_sb2d_case(o->ratio, o->R1, o->R2, o->R3, o->kC, mu_s);
    }
}

imp_status imp_mode2d_classify(const imp_coef2d *c, double mu_s, double mu_k,
                          double e, imp_class2d *o)
{
    imp_coef2d_scaled sc;
    if (!valid(c, mu_s, mu_k, e, &sc))
        return IMP_EINPUT;
    classify(sc.p, mu_s, mu_k, e, o);
    o->cls = imp_coef2d_class(c);
    o->kS = imp_mul2k(o->kS, sc.kb);
    o->kC = imp_mul2k(o->kC, sc.kb);
    o->P_d = imp_mul2k(o->P_d, sc.kb + sc.kv);
    o->P_q = imp_mul2k(o->P_q, sc.kb + sc.kv);
    o->p_s = imp_mul2k(o->p_s, sc.kv - sc.kb);
    return IMP_OK;
}

/* Energetic law after the slip stops at p_s (WM92 eqs 39-55, derived): k2 is the C-rate
 * of the second segment. */
static double energetic_Py(int cmode, double C0, double kC, double k2,
                           double p_s, double e, double *pc)
{
    if (cmode) {
        double Cs = C0 + kC * p_s;
        *pc = p_s - Cs / k2;
        double Wc = C0 * p_s + 0.5 * kC * p_s * p_s -
                    0.5 * k2 * (*pc - p_s) * (*pc - p_s);
        /* two roots: Wc/k2 is subnormal when kC/kS is 2^1149 (B1 = 1e-187,
         * B2 = 1e159) and lost its digits */
        return *pc + e * (sqrt(-2 * Wc) / sqrt(k2));
    }
    *pc = -C0 / kC;
    double Wc = -0.5 * kC * *pc * *pc;
    double Wr1 = 0.5 * kC * (p_s - *pc) * (p_s - *pc);
    double Cs = kC * (p_s - *pc);
    double T = -e * e * Wc - Wr1;
    if (!(T > 0))
        return p_s;
    return p_s + 2 * T / (Cs + sqrt(Cs * Cs + 2 * k2 * T));
}

/* imp_closed2d_solve on scaled coefficients, given their classification. */
static void closed(const imp_coef2d *c, double D, double mu_k, imp_law_end_form law,
                   double e, const imp_class2d *kk, imp_closed2d *o)
{
    const imp_class2d k = *kk;
    double B1 = c->B1, B2 = c->B2, B3 = c->B3, S0 = c->S0, C0 = c->C0;
    double s = k.s, mu = mu_k;
    o->mode = k.mode;
    o->Px = o->Py = o->Pc = 0;
    o->S = S0;
    o->C = C0;
    if (k.mode == IMP_MODE_NONE)
        return;

    if (k.mode == IMP_MODE_SLIDING) {   /* all laws alike */
        o->Pc = -C0 / k.kC;
        o->Py = (1 + e) * o->Pc;
        o->Px = -s * mu * o->Py;
        o->S = S0 - s * k.kS * o->Py;
        o->C = k.kC * (o->Py - o->Pc);
        return;
    }
    if (S0 == 0) {                      /* direct stick: one segment, all laws alike */
        o->Pc = -B1 * C0 / D;
        o->Py = (1 + e) * o->Pc;
        o->Px = B3 * o->Py / B1;
        o->S = 0;
        o->C = D / B1 * (o->Py - o->Pc);
        return;
    }
    int stick = k.mode == IMP_MODE_C_STICKING || k.mode == IMP_MODE_R_STICKING;
    int cmode = k.mode == IMP_MODE_C_STICKING || k.mode == IMP_MODE_C_REVERSED;
    double p_s = S0 / (B3 + s * mu * B1);
    double k2 = stick ? D / B1 : B2 - s * mu * B3;
    /* max compression: on the second segment (C-modes) or the first */
    if (cmode) {
        double Cs = C0 + k.kC * p_s;
        o->Pc = p_s - Cs / k2;
    } else {
        o->Pc = -C0 / k.kC;
    }

    switch (law) {
    case IMP_LAW_END_IMPULSE:
        if (k.mode == IMP_MODE_C_STICKING)
            o->Py = -(1 + e) * (B1 * C0 + B3 * S0) / D;
        else if (k.mode == IMP_MODE_C_REVERSED)
            o->Py = -(1 + e) / (B2 - s * mu * B3) * (C0 + 2 * s * mu * B3 * p_s);
        else
            o->Py = -(1 + e) * C0 / k.kC;
        break;
    case IMP_LAW_END_VELOCITY:
        if (stick) {                    /* point D, independent of mu */
            o->Px = -(B2 * S0 + (1 + e) * C0 * B3) / D;
            o->Py = -(B3 * S0 + (1 + e) * C0 * B1) / D;
            o->S = 0;
            o->C = 0.0 - e * C0;
            return;
        }
        o->Py = -((1 + e) * C0 + 2 * s * mu * B3 * p_s) / (B2 - s * mu * B3);
        break;
    default: {                          /* IMP_LAW_END_WORK */
        double pc;
        o->Py = energetic_Py(cmode, C0, k.kC, k2, p_s, e, &pc);
        break;
    }
    }
    o->Px = stick ? (B3 * o->Py - S0) / B1 : s * mu * (o->Py - 2 * p_s);
    /* S = 0 at p_s, then the second segment's rate; C = 0 at Pc */
    o->S = stick ? 0.0 : (s * mu * B1 - B3) * (o->Py - p_s);
    if (law == IMP_LAW_END_VELOCITY)
        o->C = 0.0 - e * C0;
    else if (cmode)
        o->C = k2 * (o->Py - o->Pc);
    else
        o->C = k.kC * (p_s - o->Pc) + k2 * (o->Py - p_s);
}

imp_status imp_closed2d_solve(const imp_coef2d *c, double mu_s, double mu_k,
                              imp_law_kind law, double e, imp_closed2d *o)
{
    /* the law's end in closed form (WM92's forms are written for the three
     * imp_law_end forms, with the row's coefficient) */
    imp_law one = {law, e, NULL, NULL};
    imp_law_end end;
    if (!imp_law_type_of(law) || !imp_law_end_of(&one, &end))
        return IMP_EINPUT;
    e = end.e;
    imp_coef2d_scaled sc;
    if (!valid(c, mu_s, mu_k, e, &sc))
        return IMP_EINPUT;
    /* mu B beyond double's range even on scaled data: the slide's rates
     * are not representable (the tracer reports the same overflow) */
    if (!isfinite(mu_k * sc.p->B1) || !isfinite(mu_k * sc.p->B2) || !isfinite(mu_k * fabs(sc.p->B3)))
        return IMP_EOVERFLOW;
    imp_class2d k;
    classify(sc.p, mu_s, mu_k, e, &k);
    closed(sc.p, sc.D, mu_k, end.form, e, &k, o);
    if (end.form == IMP_LAW_END_VELOCITY && o->mode != IMP_MODE_NONE)
        o->C = 0.0 - e * sc.p->C0;  /* the law itself, exactly as the tracer ends */
    o->dT = imp_dT2d(o->Px, o->Py, sc.p->S0, sc.p->C0, o->S, o->C);
    int kP = sc.kv - sc.kb;
    o->Px = imp_mul2k(o->Px, kP);
    o->Py = imp_mul2k(o->Py, kP);
    o->Pc = imp_mul2k(o->Pc, kP);
    o->S = imp_mul2k(o->S, sc.kv);
    o->C = imp_mul2k(o->C, sc.kv);
    o->dT = imp_mul2k(o->dT, 2 * sc.kv - sc.kb);
    return isfinite(o->Px) && isfinite(o->Py) && isfinite(o->Pc) && isfinite(o->S) &&
           isfinite(o->C) && isfinite(o->dT) ? IMP_OK : IMP_EOVERFLOW;
}

void imp_sb2d_rod(double theta, double alpha, double mu_s, double mu_k,
                  double e, double ratio, imp_sb2d *o)
{
    double sn = sin(theta), cs = cos(theta);
    o->Pbar = sn * cs / alpha;
    o->Qbar = 1 + sn * sn / alpha;
    o->Rbar = 1 + cs * cs / alpha;
    o->D1 = alpha + sn * sn + mu_k * sn * cs;
    o->R1 = (mu_k * (alpha + cs * cs) + sn * cs) / o->D1;
    o->R2 = sn * cs / (alpha + cs * cs);
    o->R3 = (1 + e) * o->R1;
    o->sb_case = ratio >= 0 ? imp_sb2d_case(ratio, o->R1, o->R2, o->R3, o->D1, mu_s)
                            : -1;
}

void imp_sb2d_body(double theta, double alpha, double m, double L,
                   double vCx, double vCy, imp_body2d *b)
{
    b->m = m;
    b->rho = L * sqrt(alpha);
    b->x = L * sin(theta);
    b->y = L * cos(theta);
    b->vx = vCx;
    b->vy = -vCy;
    b->w = 0;
}
