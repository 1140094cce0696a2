/* An independent oracle for the lzb model: the time dynamics of a chain
 * of balls in a line joined at their contacts by power-law springs
 * F_i = K_i max(delta_i, 0)^eta_i (Liu, Zhao & Brogliato 2008 take the
 * rigid-body impact as the limit of this compliant collision; for power
 * laws the limit is exact at any stiffness scale, which only stretches
 * time). Ball j has mass m[j] and velocity u[j]; contact i joins balls i
 * and i+1, delta_i = x_i - x_{i+1}. Integrated in time with the Cash-Karp
 * 5(4) pair and tight tolerances until no spring is loaded and no two
 * neighbours approach. Shares no code with the model. */
#ifndef IMPACT_TEST_COMPLIANT_CHAIN_H
#define IMPACT_TEST_COMPLIANT_CHAIN_H

#include <math.h>

#define CC_MAXB 8

typedef struct {
    int n;                               /* balls */
    double m[CC_MAXB], K[CC_MAXB], eta[CC_MAXB];
} cc_chain;

/* y = (x[0..n), u[0..n)) */
static void cc_deriv(const cc_chain *c, const double *y, double *f)
{
    int n = c->n, j;
    double F[CC_MAXB];
    for (j = 0; j + 1 < n; j++) {
        double dl = y[j] - y[j + 1];
        F[j] = dl > 0 ? c->K[j] * pow(dl, c->eta[j]) : 0;
    }
    for (j = 0; j < n; j++) {
        double a = 0;
        if (j > 0) a += F[j - 1];
        if (j + 1 < n) a -= F[j];
        f[j] = y[n + j];
        f[n + j] = a / c->m[j];
    }
}

static void cc_step(const cc_chain *c, const double *y, double h, double *yn, double *err)
{
    static const double a2 = 1.0 / 5, a3[2] = {3.0 / 40, 9.0 / 40},
        a4[3] = {3.0 / 10, -9.0 / 10, 6.0 / 5},
        a5[4] = {-11.0 / 54, 5.0 / 2, -70.0 / 27, 35.0 / 27},
        a6[5] = {1631.0 / 55296, 175.0 / 512, 575.0 / 13824, 44275.0 / 110592, 253.0 / 4096},
        b5[6] = {37.0 / 378, 0, 250.0 / 621, 125.0 / 594, 0, 512.0 / 1771},
        b4[6] = {2825.0 / 27648, 0, 18575.0 / 48384, 13525.0 / 55296, 277.0 / 14336, 1.0 / 4};
    double k[6][2 * CC_MAXB], w[2 * CC_MAXB];
    int N = 2 * c->n, i, s;
    cc_deriv(c, y, k[0]);
    for (i = 0; i < N; i++) w[i] = y[i] + h * a2 * k[0][i];
    cc_deriv(c, w, k[1]);
    for (i = 0; i < N; i++) w[i] = y[i] + h * (a3[0] * k[0][i] + a3[1] * k[1][i]);
    cc_deriv(c, w, k[2]);
    for (i = 0; i < N; i++) w[i] = y[i] + h * (a4[0] * k[0][i] + a4[1] * k[1][i] + a4[2] * k[2][i]);
    cc_deriv(c, w, k[3]);
    for (i = 0; i < N; i++) {
        double t = 0;
        for (s = 0; s < 4; s++) t += a5[s] * k[s][i];
        w[i] = y[i] + h * t;
    }
    cc_deriv(c, w, k[4]);
    for (i = 0; i < N; i++) {
        double t = 0;
        for (s = 0; s < 5; s++) t += a6[s] * k[s][i];
        w[i] = y[i] + h * t;
    }
    cc_deriv(c, w, k[5]);
    for (i = 0; i < N; i++) {
        double hi = 0, lo = 0;
        for (s = 0; s < 6; s++) hi += b5[s] * k[s][i], lo += b4[s] * k[s][i];
        yn[i] = y[i] + h * hi;
        err[i] = h * (hi - lo);
    }
}

/* Over when no spring is compressed and the velocities never decrease
 * along the chain (no pair can meet again). */
static int cc_over(const cc_chain *c, const double *y)
{
    int j;
    for (j = 0; j + 1 < c->n; j++)
        if (y[j] - y[j + 1] > 0 || y[c->n + j + 1] < y[c->n + j]) return 0;
    return 1;
}

/* Final velocities u (n) from initial u0, all balls touching at rest
 * positions. Returns the number of steps, or -1 past the budget. */
static int cc_run(const cc_chain *c, const double *u0, double tol, double *u)
{
    double y[2 * CC_MAXB], yn[2 * CC_MAXB], err[2 * CC_MAXB], h = 1e-4;
    int N = 2 * c->n, i, steps = 0;
    for (i = 0; i < c->n; i++) y[i] = 0, y[c->n + i] = u0[i];
    while (!cc_over(c, y) || steps == 0) {
        if (++steps > 5000000) return -1;
        cc_step(c, y, h, yn, err);
        double q = 0;
        for (i = 0; i < N; i++) {
            double sc = tol * (1e-3 + fmax(fabs(y[i]), fabs(yn[i])));
            q = fmax(q, fabs(err[i]) / sc);
        }
        if (q > 1) { h *= fmax(0.1, 0.9 * pow(q, -0.2)); continue; }
        for (i = 0; i < N; i++) y[i] = yn[i];
        h *= q > 0 ? fmin(4, 0.9 * pow(q, -0.2)) : 4;
    }
    for (i = 0; i < c->n; i++) u[i] = y[c->n + i];
    return steps;
}

#endif
