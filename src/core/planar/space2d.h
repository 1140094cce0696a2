/* Wang 1986's impact space (W86 secs 3-5): one body (mass m, radius of
 * gyration rho, CM at distance l from the contact) strikes a fixed surface.
 * r = l/rho; theta = angle from the surface normal to the contact->CM line
 * (positive: CM on the +x side); gamma = angle of the incident contact-point
 * velocity from the normal (positive: the contact point moves towards -x).
 * A point (gamma, theta) is a striking state. Angles in radians. */
#ifndef IMPACT_SPACE2D_H
#define IMPACT_SPACE2D_H

#include "impact2d.h"
#include "law.h"
#include "status.h"

/* B1, B2, B3, S0, C0 of a striking state with m = rho = |vc0| = 1 (W86 sec 3). */
void imp_space_coef(double r, double theta, double gamma, imp_coef2d *c);

/* The contact mode from Wang's inequalities (W86 (4.1)-(4.3), with the corrected +r^2 t
 * in 4.2), mu = mu_s = mu_k; gamma < 0 by the mirror (gamma, theta) ->
 * (-gamma, -theta); gamma = 0 is a direct impact (C-sticking or sliding). */
imp_mode imp_space_region(double r, double mu, double e, double theta, double gamma);

/* Reversal (W86 (4.1)-(4.3), W86 4.4): exists for some orientation iff
 * r^2/sqrt(1+r^2) > 2 mu (max|B3|/B1 = r^2/(2 sqrt(1+r^2)) returned in
 * *ratio_max). When it exists, for gamma > 0 it occurs for theta in
 * (*lo, *hi) (radians, both negative); otherwise *lo = *hi = 0. Returns
 * whether it exists. */
int imp_space_reversal(double r, double mu, double *ratio_max, double *lo, double *hi);

/* The sphere / central oblique case (W86 sec 3.4, theta = 0): sticks iff
 * tan(gamma) <= (1+e) mu (1+r^2); otherwise returns 0 and
 * *e_tan_gr = e tan(gamma_r) = tan(gamma) - (1+e) mu (1+r^2). Returns 1 when
 * it sticks (then *e_tan_gr = 0). gamma >= 0. */
int imp_space_sphere(double r, double mu, double e, double gamma, double *e_tan_gr);

/* Translation line (W86 sec 5, gamma > 0, Poisson): the tan(gamma) at which the
 * impulse passes through the CM for a given theta, as the closed form of a
 * region: IMP_MODE_C_STICKING or IMP_MODE_R_STICKING. Returns NAN when the
 * denominator vanishes. The point is on the line only if it lies in that
 * region (check with imp_space_region). In the sliding region the line is
 * theta = atan(mu) for every gamma. */
double imp_space_translation(double r, double mu, double e, double theta, imp_mode region);

/* The same for a law, by its row's closed-form end (law.h): Poisson's form
 * as above; Newton's form tan(gamma) = (1+e) tan(theta) in both sticking
 * regions (its sticking impulse is point D, independent of mu and of the
 * region); NAN for the energetic form (its sticking impulse depends on mu
 * through Wc: no closed form here), a law without a closed form (custom),
 * and any other region. The sliding-region line theta = atan(mu) holds for every law
 * (the impulse stays on the limiting-friction line through the origin). */
double imp_space_translation_law(imp_law_kind kind, double r, double mu, double e,
                                 double theta, imp_mode region);

/* Rebound in the sliding region (W86 sec 5, W86 5.2): e tan(gamma_r) = tan(gamma) + c;
 * returns c(theta). */
double imp_space_rebound_c(double r, double mu, double e, double theta);

/* One striking state solved with the 2D path tracer (Routh, the given law). */
typedef struct {
    double theta, gamma;
    imp_mode mode;
    double Px, Py, S, C, dT; /* for m = rho = |vc0| = 1 */
    double tan_gr;           /* rebound tan(gamma_r) = -S/C: 0 when S = 0, +-inf when C = 0 */
    double gamma_r;          /* rebound angle atan2(-S, C) in [-pi/2, pi/2], 0 when S = 0 */
    double dw;               /* change of angular velocity r (Px cos th - Py sin th) */
    int sense;               /* +1 counter-clockwise, -1 clockwise, 0 translation only */
} imp_space_point;

/* The units of a body's impact space: the impulse m v, the velocity
 * v = |(S0, C0)| and the angular velocity v/rho (W86's dimensionless
 * quantities times these are the body's). */
typedef struct { double P, V, W; } imp_space_units;
void imp_space_units_from(const imp_body2d *b, const imp_coef2d *c, imp_space_units *u);
imp_status imp_space_state(double r, double mu, const imp_law *law,
                           double theta, double gamma, imp_space_point *out);

/* A root of dw in gamma on [g0, g1] at theta (dw(g0), dw(g1) of opposite
 * signs, or one of them 0), by bisection on the tracer's dw to the last bit
 * of gamma: the translation line where no closed form applies. *out is the
 * state at the root. */
imp_status imp_space_translation_root(double r, double mu, const imp_law *law, double theta,
                                      double g0, double g1, imp_space_point *out);

/* A grid: ng values of gamma in [g0, g1] times nt of theta in [t0, t1]
 * (n = 1 gives the lower end), gamma varying fastest: out[i*ng + j] has
 * theta_i, gamma_j. Polls imp_interrupt_pending(). */
imp_status imp_space_grid(double r, double mu, const imp_law *law,
                          double g0, double g1, int ng,
                          double t0, double t1, int nt, imp_space_point *out);

/* One point of the translation line found on a grid. */
typedef struct {
    double theta, gamma;
    imp_mode segment;    /* the mode at the point */
    int closed;          /* 1: a closed form (imp_space_translation_law); 0: a root of dw */
} imp_space_tpoint;

/* The translation line (dw = 0) on a solved grid (pts from imp_space_grid
 * with ng gammas, nt thetas), row by row: first the closed forms of the
 * sticking regions where the law has them (imp_space_translation_law;
 * gamma < 0 by the mirror (gamma, theta) -> (-gamma, -theta)), kept when the
 * point lies in that region and within the grid's gamma range; then, for
 * every pair of gamma neighbours where dw changes sign with no closed-form
 * point between them, the root refined on the tracer (energetic and custom
 * laws; reversed regions for every law); a grid point with dw = 0 exactly
 * counts once. out needs room for nt*(ng + 4) points; *n gets the count.
 * r = 0 (dw = 0 everywhere: every impulse passes through the CM) gives none.
 * e is the built-in law's coefficient. Polls imp_interrupt_pending(). */
imp_status imp_space_translation_grid(double r, double mu, const imp_law *law,
                                      const imp_space_point *pts, int ng, int nt,
                                      imp_space_tpoint *out, int *n);

/* A point's dimensional fields in the units u: Px, Py (P), S, C (V),
 * dT (P V), dw (W). */
void imp_space_point_scale(imp_space_point *p, const imp_space_units *u);

#endif
