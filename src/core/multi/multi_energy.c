/* Contact velocities and the energy change of the shared contact-space
 * problem (multi.h) in double-double: v = v0 + W P with each product's
 * rounding error (fma) and each sum's (Knuth's two-sum) carried, rounded
 * once. The plain sum loses about cond(W) eps of dT (1e-8 of T0 at
 * cond(W) = 1e8, where P is large along W's small eigenvectors); this one
 * is exact to a few ulps of v, so dT = P.(v0 + v)/2 agrees with T1 - T0
 * from M (as the mechanism code's dT from J dq). */
#include "multi.h"

#include <math.h>

/* s + x into (s, *c): Knuth's two-sum, the error added to *c. */
static double imp_twosum(double s, double x, double *c)
{
    double t = s + x, z = t - s;
    *c += (s - (t - z)) + (x - z);
    return t;
}

void imp_multi_velocity(int n, const double *W, const double *v0, const double *P, double *v)
{
    for (int a = 0; a < n; a++) {
        double s = v0[a], c = 0.0;
        for (int j = 0; j < n; j++) {
            double p = W[a * n + j] * P[j];
            c += fma(W[a * n + j], P[j], -p);
            s = imp_twosum(s, p, &c);
        }
        v[a] = s + c;
    }
}

double imp_multi_work(int n, const double *P, const double *va, const double *vb)
{
    double s = 0.0, c = 0.0;
    for (int a = 0; a < n; a++) {
        double p = P[a] * va[a], q = P[a] * vb[a];
        c += fma(P[a], va[a], -p) + fma(P[a], vb[a], -q);
        s = imp_twosum(s, p, &c);
        s = imp_twosum(s, q, &c);
    }
    return 0.5 * (s + c);
}
