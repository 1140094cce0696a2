/* The coefficients of the planar impact: their scaling by powers of two
 * (the problem is homogeneous, PHYSICS.md G.14) and Delta = B1*B2 - B3^2. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "impact2d.h"

/* 2^k for k in [-1022, 1023], from its bits. */
static inline double pow2(int k)
{
    uint64_t u = (uint64_t)(k + 1023) << 52;
    double x;
    memcpy(&x, &u, sizeof x);
    return x;
}

double imp_mul2k(double x, int k)
{
    if (k >= -1022 && k <= 1023)
        return x * pow2(k);      /* one rounding, as ldexp */
    return ldexp(x, k);
}

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

/* a*d - b*b with one fma each way (Kahan): accurate to a few ulps of the
 * result even when b*b nearly cancels a*d. */
static inline double det2(double a, double d, double b)
{
    double w = b * b;
    return fma(a, d, -w) - fma(b, b, -w);
}

void imp_coef2d_scale(const imp_coef2d *c, imp_coef2d_scaled *s)
{
    double v = fmax(fabs(c->S0), fabs(c->C0));
    int kv = v > 0 ? expo(v) : 0;
    int kb = (expo(c->B1) + expo(c->B2)) / 2;
    s->kv = kv;
    s->kb = kb;
    s->c.B1 = imp_mul2k(c->B1, -kb);
    s->c.B2 = imp_mul2k(c->B2, -kb);
    s->c.B3 = imp_mul2k(c->B3, -kb);
    s->c.S0 = imp_mul2k(c->S0, -kv);
    s->c.C0 = imp_mul2k(c->C0, -kv);
    /* a given Delta only while it is a normal number: scaled exactly */
    if (c->D >= DBL_MIN && c->D <= DBL_MAX)
        s->c.D = imp_mul2k(c->D, -2 * kb);
    else
        s->c.D = det2(s->c.B1, s->c.B2, s->c.B3);
}

double imp_coef2d_delta(const imp_coef2d *c)
{
    if (c->D >= DBL_MIN && c->D <= DBL_MAX)
        return c->D;
    if (!(c->B1 > 0 && c->B2 > 0 && isfinite(c->B1) && isfinite(c->B2)))
        return c->B1 * c->B2 - c->B3 * c->B3;
    imp_coef2d_scaled s;
    imp_coef2d_scale(c, &s);
    return imp_mul2k(s.c.D, 2 * s.kb);
}

int imp_coef2d_posdef(const imp_coef2d *c)
{
    if (!(c->B1 > 0 && c->B2 > 0 && isfinite(c->B1) && isfinite(c->B2) && isfinite(c->B3)))
        return 0;
    if (c->D >= DBL_MIN && c->D <= DBL_MAX)
        return 1;
    int kb = (expo(c->B1) + expo(c->B2)) / 2;
    return det2(imp_mul2k(c->B1, -kb), imp_mul2k(c->B2, -kb), imp_mul2k(c->B3, -kb)) > 0;
}
