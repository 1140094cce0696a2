/* Mason & Wang 1988: the sliding contact under finite forces (Painleve's
 * problem, MW88 eq 20). For a contact sliding with slip sign s, the normal
 * contact acceleration is affine in the normal force with coefficient
 *   a = B2 + s*mu*B3
 * (the rate kC of impulse space). a < 0: no non-negative finite normal force
 * holds the contact; the tangential impact (C0 = 0) resolves it. */
#ifndef IMPACT_PAINLEVE_H
#define IMPACT_PAINLEVE_H

#include "impact2d.h"
#include "law.h"
#include "status.h"

/* a = B2 + s*mu*B3. */
double imp_painleve_a(const imp_coef2d *c, double mu, double s);

/* MW88's shape: one body (m, rho) whose CM sits at distance l from the
 * contact, theta measured from the surface (horizontal) in (0, pi), so the
 * CM is at (l cos theta, l sin theta) from the contact. S0 = s, C0 = 0.
 * A cosine or sine within the rounding of theta (DBL_EPSILON |theta|) is
 * taken as 0: theta = pi/2 (as a double) gives B3 = 0 exactly. */
void imp_painleve_coef(double m, double rho, double l, double theta, double s,
                       imp_coef2d *c);

/* The orientations (MW88 theta in (0, pi)) where a < 0 for r = l/rho, mu and
 * slip sign s (a*m = 1 + r^2 cos^2 th + s mu r^2 sin th cos th). There is one
 * open band (*lo, *hi) iff mu r^2 > 2 sqrt(1 + r^2); returns the number of
 * bands (0 or 1). */
int imp_painleve_band(double r, double mu, double s, double *lo, double *hi);

/* The friction coefficient above which a contact sliding with sign s is
 * inconsistent, B2/|B3| (a = 0); NAN when no mu makes it so (s*B3 >= 0). */
double imp_painleve_mu_crit(const imp_coef2d *c, double s);

/* The smallest mu with a band for r = l/rho: mu r^2 = 2 sqrt(1 + r^2)
 * (HUGE_VAL for r = 0). */
double imp_painleve_mu_min(double r);

/* The tangential impact that resolves an inconsistent sliding contact:
 * imp_path2d_solve on c with C0 forced to 0 (S0 as given, non-zero). When
 * a >= 0 it returns the tracer's "none" result (no impulse). */
imp_status imp_painleve_resolve(const imp_coef2d *c, double mu_s, double mu_k,
                                const imp_law *law, imp_result2d *out);

#endif
