/* Wang 1986's impact space: the closed forms of W86 secs 3-5
 * (with the corrected sign of his (4.2)). */
#include <math.h>

#include "space2d.h"

void imp_space_coef(double r, double theta, double gamma, imp_coef2d *c)
{
    double s = sin(theta), co = cos(theta), r2 = r * r;
    c->B1 = 1 + r2 * co * co;
    c->B2 = 1 + r2 * s * s;
    c->B3 = r2 * s * co;
    c->S0 = -sin(gamma);
    c->C0 = -cos(gamma);
    c->D = 1 + r2;               /* B1*B2 - B3^2, exactly */
}

/* W86 (4.1)-(4.3) for gamma > 0 (s = -1): P_d and P_q of WM92 eqs 31-38 divided by
 * cos^2(theta) cos(gamma), in t = tan(theta), g = tan(gamma). */
imp_mode imp_space_region(double r, double mu, double e, double theta, double gamma)
{
    if (gamma < 0) { gamma = -gamma; theta = -theta; }
    double t = tan(theta), g = tan(gamma), r2 = r * r;
    if (gamma == 0) {
        /* Direct impact (WM92 eqs 31-38): sticks iff |B3| <= mu B1, i.e.
         * r^2 |t| <= mu (1 + t^2 + r^2). */
        return r2 * fabs(t) <= mu * (1 + t * t + r2) ? IMP_MODE_C_STICKING : IMP_MODE_SLIDING;
    }
    double common = (1 + r2) * g * t * t - mu * r2 * g * t + g;
    int reversed = mu * t * t + r2 * t + mu * (1 + r2) < 0;              /* (4.2) */
    if (common - mu * (1 + e) * t * t + (1 + e) * r2 * t > mu * (1 + e) * (1 + r2))
        return IMP_MODE_SLIDING;                                         /* (4.1) */
    if (common - mu * t * t + r2 * t < mu * (1 + r2))                     /* (4.3) */
        return reversed ? IMP_MODE_C_REVERSED : IMP_MODE_C_STICKING;
    return reversed ? IMP_MODE_R_REVERSED : IMP_MODE_R_STICKING;
}

int imp_space_reversal(double r, double mu, double *ratio_max, double *lo, double *hi)
{
    double r2 = r * r;
    *ratio_max = r2 / (2 * sqrt(1 + r2));
    *lo = *hi = 0;
    if (!(*ratio_max > mu)) return 0;
    if (mu == 0) {               /* every theta < 0 has B3 < 0 = mu B1 */
        *lo = -M_PI / 2;
        return 1;
    }
    /* mu t^2 + r^2 t + mu (1 + r^2) < 0 between its roots, whose product
     * is 1 + r^2; d = sqrt(r^4 - 4 mu^2 (1 + r^2)) = r^2 sqrt((1-k)(1+k)),
     * k = mu/ratio_max, without r^4, which overflows for r = 1e100 */
    double k = mu / *ratio_max, q = -0.5 * (r2 / mu) * (1 + sqrt((1 - k) * (1 + k)));
    *lo = atan(q);
    *hi = atan((1 + r2) / q);
    return 1;
}

int imp_space_sphere(double r, double mu, double e, double gamma, double *e_tan_gr)
{
    double lim = (1 + e) * mu * (1 + r * r), g = tan(gamma);
    if (g <= lim) { *e_tan_gr = 0; return 1; }
    *e_tan_gr = g - lim;
    return 0;
}

double imp_space_translation(double r, double mu, double e, double theta, imp_mode region)
{
    double s = sin(theta), co = cos(theta), t = tan(theta), r2 = r * r, den;
    if (region == IMP_MODE_C_STICKING) {
        den = (1 + r2) - (1 + e) * r2 * s * s;
        return den == 0 ? NAN : (1 + e) * t * (1 + r2 * co * co) / den;
    }
    if (region == IMP_MODE_R_STICKING) {
        den = 1 + r2 * s * s - mu * r2 * s * co;
        return den == 0 ? NAN : (1 + e) * t / den;
    }
    return NAN;
}

/* Newton's sticking impulse is point D in both sticking regions (WM92 eqs 39-55), and
 * Px_D/Py_D = tan(theta) reads ((1+e) B3 + B2 g)/((1+e) B1 + B3 g) = t with
 * g = tan(gamma), i.e. g (B2 - t B3) = (1+e)(t B1 - B3). Here t B1 - B3 = t
 * and B2 - t B3 = 1 (W86 sec 3), so tan(gamma) = (1+e) tan(theta). */
double imp_space_translation_law(imp_law_kind kind, double r, double mu, double e,
                                 double theta, imp_mode region)
{
    if (region != IMP_MODE_C_STICKING && region != IMP_MODE_R_STICKING) return NAN;
    imp_law one = {kind, e, NULL, NULL};
    imp_law_end end;
    if (!imp_law_type_of(kind) || !imp_law_end_of(&one, &end)) return NAN;
    if (end.form == IMP_LAW_END_IMPULSE) return imp_space_translation(r, mu, end.e, theta, region);
    if (end.form == IMP_LAW_END_VELOCITY) return (1 + end.e) * tan(theta);
    return NAN;   /* the work form: no closed-form line */
}

double imp_space_rebound_c(double r, double mu, double e, double theta)
{
    double t = tan(theta), r2 = r * r;
    if (r2 > 1) {   /* divided by r^2: no overflow for large r */
        double a = (1 + t * t) / r2;
        return (1 + e) * (mu * (a + 1) - t) / (mu * t - (a + t * t));
    }
    double den = mu * r2 * t - (1 + t * t + r2 * t * t);
    return (1 + e) * (mu * (1 + r2 + t * t) - r2 * t) / den;
}

void imp_space_units_from(const imp_body2d *b, const imp_coef2d *c, imp_space_units *u)
{
    double v = hypot(c->S0, c->C0);
    u->P = b->m * v;
    u->V = v;
    u->W = v / b->rho;
}

void imp_space_point_scale(imp_space_point *p, const imp_space_units *u)
{
    p->Px *= u->P;
    p->Py *= u->P;
    p->S *= u->V;
    p->C *= u->V;
    p->dT = p->dT * u->P * u->V;
    p->dw *= u->W;
}
