/* Painleve's sliding rod (Mason & Wang 1988): closed forms. */
#include <float.h>
#include <math.h>

#include "painleve.h"

double imp_painleve_a(const imp_coef2d *c, double mu, double s)
{
    return c->B2 + s * mu * c->B3;
}

void imp_painleve_coef(double m, double rho, double l, double theta, double s,
                       imp_coef2d *c)
{
    /* theta carries its own rounding (pi/2 is not a double): a cosine or
     * sine within that of zero is zero, or cos(pi/2) = 6e-17 makes
     * B3 ~ 1e-16 and mu_crit = B2/|B3| ~ 1e15 out of noise. */
    double co = cos(theta), si = sin(theta), eps = DBL_EPSILON * fabs(theta);
    if (fabs(co) <= eps) co = 0;
    if (fabs(si) <= eps) si = 0;
    double x = l * co, y = l * si, J = m * rho * rho;
    c->B1 = 1 / m + y * y / J;
    c->B2 = 1 / m + x * x / J;
    c->B3 = x * y / J;
    c->S0 = s;
    c->C0 = 0;
    c->D = (1 + (l / rho) * (l / rho)) / (m * m);   /* exact: (1 + r^2)/m^2 */
}

/* Divided by cos^2 theta: t^2 + s mu r^2 t + (1 + r^2) < 0, t = tan theta,
 * between the roots; s = -1 gives positive t (theta < pi/2), s = +1 the
 * mirror image beyond pi/2. */
int imp_painleve_band(double r, double mu, double s, double *lo, double *hi)
{
    /* b = s mu r^2, disc = b^2 - 4 (1 + r^2) = b^2 (1 - k)(1 + k), k =
     * 2 sqrt(1 + r^2)/|b|: no b^2, which overflows for r = 1e100 */
    double r2 = r * r, k = 2 * sqrt(1 + r2) / (mu * r2);
    *lo = *hi = 0;
    if (!(k < 1) || s == 0) return 0;
    double sq = 1 + sqrt((1 - k) * (1 + k));
    double q = -0.5 * s * (mu * r2) * sq;
    double t1 = q, t2 = (1 / r2 + 1) / (-0.5 * s * mu * sq);   /* (1 + r^2)/q; both with the sign of -s */
    double a1 = atan(t1), a2 = atan(t2);
    if (a1 < 0) a1 += M_PI;
    if (a2 < 0) a2 += M_PI;
    *lo = fmin(a1, a2);
    *hi = fmax(a1, a2);
    return 1;
}

double imp_painleve_mu_crit(const imp_coef2d *c, double s)
{
    return s * c->B3 < 0 ? c->B2 / fabs(c->B3) : NAN;
}

double imp_painleve_mu_min(double r)
{
    return r > 0 ? 2 * hypot(1, 1 / r) / r : HUGE_VAL;   /* 2 sqrt(1 + r^2)/r^2, no r^2 */
}
