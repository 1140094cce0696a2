/* Brent's zeroin (R. P. Brent, Algorithms for Minimization without
 * Derivatives, Prentice-Hall 1973, ch. 4, procedure zero): inverse
 * quadratic or linear interpolation, falling back on bisection whenever the
 * step would leave the bracket or shrink too slowly, so the bracket always
 * halves within a few steps. The sides are f >= 0 and f < 0: a caller whose
 * crossing is f > 0 to f <= 0 passes -f (bit for bit the same iterates).
 * The tolerance comes from the caller (its own scale), and the search hands
 * back the bracket: which end answers is the caller's rule. */
#include <math.h>

#include "brent.h"

imp_status imp_brent_solve(const imp_brent *B, double a, double fa, double b, double fb,
                           imp_brent_bracket *out)
{
    double c = a, fc = fa, d = b - a, e = d;
    int done = 0;
    for (int it = 0; it < B->maxit; it++) {
        if ((fb >= 0) == (fc >= 0)) {       /* keep the root between b and c */
            c = a; fc = fa; d = e = b - a;
        }
        if (fabs(fc) < fabs(fb)) {          /* b the best iterate */
            a = b; b = c; c = a;
            fa = fb; fb = fc; fc = fa;
        }
        double tol = B->tol(B->ctx, b), m = 0.5 * (c - b);
        if (fabs(m) <= tol || fb == 0) {
            done = 1;
            break;
        }
        if (fabs(e) < tol || fabs(fa) <= fabs(fb)) {
            d = e = m;
        } else {
            double s = fb / fa, p, q;
            if (a == c) {                   /* secant */
                p = 2 * m * s;
                q = 1 - s;
            } else {                        /* inverse quadratic */
                double qq = fa / fc, r = fb / fc;
                p = s * (2 * m * qq * (qq - r) - (b - a) * (r - 1));
                q = (qq - 1) * (r - 1) * (s - 1);
            }
            if (p > 0) q = -q; else p = -p;
            if (2 * p < 3 * m * q - fabs(tol * q) && p < fabs(0.5 * e * q)) {
                e = d;
                d = p / q;
            } else {
                d = e = m;
            }
        }
        a = b;
        fa = fb;
        b += fabs(d) > tol ? d : (m > 0 ? tol : -tol);
        imp_status st = B->f(B->ctx, b, &fb);
        if (st != IMP_OK)
            return st;
    }
    out->b = b;
    out->fb = fb;
    out->c = c;
    out->fc = fc;
    out->done = done;
    return IMP_OK;
}

imp_status imp_brent_root(const imp_brent *B, double a, double fa, double b, double fb,
                          double *x)
{
    imp_brent_bracket k;
    imp_status st = imp_brent_solve(B, a, fa, b, fb, &k);
    if (st != IMP_OK)
        return st;
    if (!k.done)
        return IMP_EROOT;
    *x = k.fb >= 0 ? k.b : k.c;     /* b and c bracket the root */
    return IMP_OK;
}
