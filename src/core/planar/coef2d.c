/* The coefficients of the planar impact: their scaling by powers of two
 * (the problem is homogeneous: WM92 eqs 5-23 are linear in
 * (S0, C0) and in 1/B), the one scaling helper of the tracer, the closed
 * forms and the published models, and Delta = B1*B2 - B3^2. */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "impact2d.h"

/* e with x = m*2^e, m in [0.5, 1) (x finite, > 0): frexp's exponent,
 * read from the bits for a normal x. */
static inline int expo(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    int b = (int)((u >> 52) & 0x7ff);
    if (b == 0) {
        int e;
        frexp(x, &e);
        return e;
    }
    return b - 1022;
}

/* a*d - b*b, accurate to a few ulps of the result: plainly when b*b is
 * at most half of a*d, else with one fma each way (Kahan), which keeps
 * that accuracy when b*b nearly cancels a*d. */
static inline double det2(double a, double d, double b)
{
    double ad = a * d, w = b * b;
    if (w <= 0.5 * ad)
        return ad - w;
    return fma(a, d, -w) - fma(b, b, -w);
}

/* A value scaled down to 0 keeps its sign as the smallest subnormal: the
 * solvers branch on S0 = 0, C0 = 0, B3 = 0 (the class, the direct start,
 * the tangential case), and those decisions must not change. */
static inline double keep_sign(double scaled, double x)
{
    return scaled == 0 && x != 0 ? copysign(DBL_TRUE_MIN, x) : scaled;
}

/* s->c: c with B1, B2, B3 (and a Delta given as a normal number) scaled by
 * 2^-kb and S0, C0 by 2^-kv, all exactly barring subnormals; with
 * keep, a value scaled to 0 keeps its sign. A Delta not given is left 0. */
static void apply(const imp_coef2d *c, int kv, int kb, int keep, imp_coef2d_scaled *s)
{
    s->kv = kv;
    s->kb = kb;
    s->p = &s->c;
    s->c.B1 = imp_mul2k(c->B1, -kb);
    s->c.B2 = imp_mul2k(c->B2, -kb);
    s->c.B3 = imp_mul2k(c->B3, -kb);
    s->c.S0 = imp_mul2k(c->S0, -kv);
    s->c.C0 = imp_mul2k(c->C0, -kv);
    if (keep) {
        s->c.B3 = keep_sign(s->c.B3, c->B3);
        s->c.S0 = keep_sign(s->c.S0, c->S0);
        s->c.C0 = keep_sign(s->c.C0, c->C0);
    }
    s->c.D = c->D >= DBL_MIN && c->D <= DBL_MAX ? imp_mul2k(c->D, -2 * kb) : 0;
}

/* The tracer's centring (see impact2d.h): kb and kv, or 0 within 2^128. */
static int centre_normal(const imp_coef2d *c, double mu_k, imp_coef2d_scaled *s)
{
    if (!(c->B1 > 0 && c->B2 > 0 && c->B1 <= DBL_MAX && c->B2 <= DBL_MAX &&
          fabs(c->B3) <= DBL_MAX)) {
        s->D = NAN;
        return 0;
    }
    int kb = (expo(c->B1) + expo(c->B2)) / 2;
    /* Scaling changes no bit of the results (barring subnormals), so it is
     * skipped while the data lie within 2^128 of 1: the products of the
     * path (at most v^2/B or B v) then stay far inside double's range.
     * Ordinary problems cost no more than without it. */
    if (kb >= -128 && kb <= 128)
        kb = 0;
    double b1 = c->B1, b2 = c->B2, b3 = c->B3;
    if (kb != 0) {
        b1 = imp_mul2k(b1, -kb);
        b2 = imp_mul2k(b2, -kb);
        b3 = keep_sign(imp_mul2k(b3, -kb), b3);
    }
    /* The velocities are scaled by the normal velocity's own scale: the
     * normal works, which the energetic law compares, are its square over
     * B, while S enters the path linearly (S*P), so centring on |C0| keeps
     * both in range even when |S0|/|C0| is 1e160, where centring on
     * max(|S0|, |C0|) let the works underflow. That scale is |C0|, or
     * about (|kC|/kS)|S0| when the first slide deepens the compression
     * (kC < 0, Painleve's case; the only scale of a tangential impact). */
    double aS = fabs(c->S0), aC = fabs(c->C0);
    int eS = aS > 0 ? expo(aS) : 0, eC = aC > 0 ? expo(aC) : 0;
    int kv = aC > 0 ? eC : eS;
    if (aS > 0) {
        double sg = c->S0 > 0 ? 1 : -1, kS = mu_k * b1 + sg * b3, kC = b2 + sg * mu_k * b3;
        if (kC < 0 && kS > 0 && isfinite(kS) && isfinite(kC)) {
            int eN = expo(-kC) - expo(kS) + eS;
            if (aC == 0 || eN > kv)
                kv = eN;
        }
    }
    /* A large mu_k shrinks the impulses of a slide by mu_k (the slip stops
     * after |S0|/(mu_k B1)): the velocities are scaled up until those
     * stay normal numbers, whose digits subnormals would lose. */
    int cap = INT_MAX, g = 0;
    double big = mu_k * (b1 + fabs(b3));
    if (big > 1 && big <= DBL_MAX) {
        g = expo(big);
        cap = (aS > 0 ? eS : eC) - g + 1000;
        if (aC > 0 && eC - g + 1000 < cap)
            cap = eC - g + 1000;
        if (kv > cap)
            kv = cap;
    }
    if (aS > 0 && kv < eS - 960)  /* S0 itself must stay far from overflow */
        kv = eS - 960;
    if (eS >= -128 && eS <= 128 && eC >= -128 && eC <= 128 && kv >= -128 && kv <= 128 &&
        cap >= 0)
        kv = 0;
    if (kv == 0 && kb == 0) {    /* the caller's own, not a copy */
        double D = c->D;
        s->kv = s->kb = 0;
        s->p = c;
        s->D = D >= DBL_MIN && D <= DBL_MAX ? D : det2(c->B1, c->B2, c->B3);
        return s->D > 0;
    }
    apply(c, kv, kb, 1, s);
    if (!(c->D >= DBL_MIN && c->D <= DBL_MAX))   /* not given: from the scaled B's */
        s->c.D = det2(s->c.B1, s->c.B2, s->c.B3);
    s->D = s->c.D;
    return s->D > 0;
}

int imp_coef2d_scale(const imp_coef2d *c, double mu_k, imp_coef2d_scaled *s)
{
    return centre_normal(c, mu_k, s);
}

int imp_coef2d_scale_centred(const imp_coef2d *c, double mu_k, imp_centring how,
                             imp_coef2d_scaled *s)
{
    if (how == IMP_CENTRE_NORMAL)
        return centre_normal(c, mu_k, s);
    int kv = 0, kb = 0;
    if (how == IMP_CENTRE_MAX) {
        double v = fmax(fabs(c->S0), fabs(c->C0));
        kv = v > 0 ? ilogb(v) : 0;
        kb = ilogb(fmax(c->B1, c->B2));
    }
    apply(c, kv, kb, 0, s);
    s->D = s->c.D;
    return 1;
}

double imp_coef2d_delta(const imp_coef2d *c)
{
    if (c->D >= DBL_MIN && c->D <= DBL_MAX)
        return c->D;
    imp_coef2d t = *c;           /* S0, C0 play no part */
    t.S0 = t.C0 = 0;
    imp_coef2d_scaled s;
    if (!imp_coef2d_scale(&t, 0, &s) && isnan(s.D))
        return c->B1 * c->B2 - c->B3 * c->B3;    /* B1, B2 not positive: plain */
    return imp_mul2k(s.D, 2 * s.kb);
}

int imp_coef2d_posdef(const imp_coef2d *c)
{
    imp_coef2d t = *c;
    t.S0 = t.C0 = 0;
    imp_coef2d_scaled s;
    return imp_coef2d_scale(&t, 0, &s);
}
