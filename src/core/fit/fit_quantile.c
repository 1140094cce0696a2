/* The t and F quantiles of the intervals, from the regularized incomplete
 * beta function I_x(a, b) by its continued fraction (DLMF 8.17.22, modified
 * Lentz as in Press et al., Numerical Recipes, 6.4), inverted by bisection:
 * the distribution functions are monotone, and 200 halvings of a bracket
 * reach the last bit whatever the tail. */
#include <math.h>

#include "fit.h"

/* The continued fraction, convergent for x < (a + 1)/(a + b + 2). */
static double betacf(double x, double a, double b)
{
    const double tiny = 1e-300;
    double c = 1.0, d = 1.0 - (a + b) * x / (a + 1.0);
    if (fabs(d) < tiny) d = tiny;
    d = 1.0 / d;
    double h = d;
    for (int m = 1; m <= 1000; m++) {
        double m2 = 2.0 * m;
        double aa = m * (b - m) * x / ((a + m2 - 1.0) * (a + m2));
        d = 1.0 + aa * d; if (fabs(d) < tiny) d = tiny;
        c = 1.0 + aa / c; if (fabs(c) < tiny) c = tiny;
        d = 1.0 / d;
        h *= d * c;
        aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1.0));
        d = 1.0 + aa * d; if (fabs(d) < tiny) d = tiny;
        c = 1.0 + aa / c; if (fabs(c) < tiny) c = tiny;
        d = 1.0 / d;
        double del = d * c;
        h *= del;
        if (fabs(del - 1.0) < 1e-16) break;
    }
    return h;
}

double imp_incbeta(double x, double a, double b)
{
    if (!(x > 0.0)) return 0.0;
    if (!(x < 1.0)) return 1.0;
    double lbt = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x);
    if (x < (a + 1.0) / (a + b + 2.0))
        return exp(lbt) * betacf(x, a, b) / a;
    return 1.0 - exp(lbt) * betacf(1.0 - x, b, a) / b;   /* the symmetry I_x(a,b) = 1 - I_{1-x}(b,a) */
}

/* P(F <= f) for F with (d1, d2) degrees of freedom. */
static double f_cdf(double f, double d1, double d2)
{
    if (f <= 0.0) return 0.0;
    return imp_incbeta(d1 * f / (d1 * f + d2), 0.5 * d1, 0.5 * d2);
}

double imp_f_quantile(double q, double d1, double d2)
{
    if (!(q > 0.0 && q < 1.0) || !(d1 > 0.0) || !(d2 > 0.0)) return NAN;
    double lo = 0.0, hi = 1.0;
    while (f_cdf(hi, d1, d2) < q && hi < 1e300) hi *= 2.0;
    for (int i = 0; i < 200 && hi - lo > 1e-15 * hi; i++) {
        double mid = 0.5 * (lo + hi);
        if (f_cdf(mid, d1, d2) < q) lo = mid; else hi = mid;
    }
    return 0.5 * (lo + hi);
}

/* t^2 with nu degrees of freedom is F(1, nu): P(|T| <= t) = 2 P(T <= t) - 1. */
double imp_t_quantile(double q, double nu)
{
    if (!(q > 0.0 && q < 1.0) || !(nu > 0.0)) return NAN;
    if (q == 0.5) return 0.0;
    double t = sqrt(imp_f_quantile(fabs(2.0 * q - 1.0), 1.0, nu));
    return q > 0.5 ? t : -t;
}
