/* An independent oracle for the event-driven simulator: a planar rod
 * dropped on the ground y = 0, its two ends held off the ground by stiff
 * linear spring-dashpots (no friction), integrated in time with an
 * adaptive Cash-Karp 5(4) pair. A linear spring-dashpot of stiffness k and
 * damping c = 2 zeta sqrt(k m) on a mass m returns a normal velocity
 * ratio e = exp(-zeta pi / sqrt(1 - zeta^2)) whatever k; for the rod m is
 * the end's effective mass 1 / W_yy(phi), which the contact, lasting
 * O(1/sqrt(k)), sees as constant in the limit: as k grows the compliant
 * motion converges to the rigid one with Newton's (= Poisson's, without
 * friction) coefficient e. Shares no code with the simulator.
 *
 * State y = (x, y, phi, vx, vy, w): the centre of mass and the rod's angle
 * from +x; the ends sit at (x, y) +- (L/2)(cos phi, sin phi). */
#ifndef IMPACT_TEST_COMPLIANT_ROD_H
#define IMPACT_TEST_COMPLIANT_ROD_H

#include <math.h>

typedef struct {
    double m, L, g;   /* mass, length, gravity (> 0, pointing down) */
    double k, zeta;   /* spring stiffness, damping ratio */
} cr_rod;

/* The damping ratio that gives restitution e (0 < e <= 1). */
static double cr_zeta(double e)
{
    double l = log(e);
    return -l / sqrt(M_PI * M_PI + l * l);
}

static void cr_deriv(const cr_rod *r, const double *y, double *f)
{
    double I = r->m * r->L * r->L / 12;
    double fx = 0, fy = -r->m * r->g, tau = 0;
    for (int s = -1; s <= 1; s += 2) {
        double ax = s * 0.5 * r->L * cos(y[2]), ay = s * 0.5 * r->L * sin(y[2]);
        double ey = y[1] + ay;                 /* the end's height */
        if (ey >= 0) continue;
        double vy = y[4] + y[5] * ax;          /* its vertical velocity */
        /* effective mass of the end along y: 1/W_yy = 1/(1/m + ax^2/I) */
        double meff = 1 / (1 / r->m + ax * ax / I);
        double c = 2 * r->zeta * sqrt(r->k * meff);
        double F = -r->k * ey - c * vy;        /* unclamped: e exact for constant meff */
        fy += F;
        tau += ax * F;
    }
    f[0] = y[3];
    f[1] = y[4];
    f[2] = y[5];
    f[3] = fx / r->m;
    f[4] = fy / r->m;
    f[5] = tau / I;
}

/* Cash-Karp 5(4) step; err gets the embedded error estimate. */
static void cr_step(const cr_rod *r, const double *y, double h, double *yn, double *err)
{
    static const double a2 = 0.2, a3[2] = {3.0 / 40, 9.0 / 40},
                        a4[3] = {0.3, -0.9, 1.2},
                        a5[4] = {-11.0 / 54, 2.5, -70.0 / 27, 35.0 / 27},
                        a6[5] = {1631.0 / 55296, 175.0 / 512, 575.0 / 13824,
                                 44275.0 / 110592, 253.0 / 4096};
    static const double b[6] = {37.0 / 378, 0, 250.0 / 621, 125.0 / 594, 0, 512.0 / 1771};
    static const double bs[6] = {2825.0 / 27648, 0, 18575.0 / 48384, 13525.0 / 55296,
                                 277.0 / 14336, 0.25};
    double k[6][6], t[6];
    int i;
    cr_deriv(r, y, k[0]);
    for (i = 0; i < 6; i++) t[i] = y[i] + h * a2 * k[0][i];
    cr_deriv(r, t, k[1]);
    for (i = 0; i < 6; i++) t[i] = y[i] + h * (a3[0] * k[0][i] + a3[1] * k[1][i]);
    cr_deriv(r, t, k[2]);
    for (i = 0; i < 6; i++) t[i] = y[i] + h * (a4[0] * k[0][i] + a4[1] * k[1][i] + a4[2] * k[2][i]);
    cr_deriv(r, t, k[3]);
    for (i = 0; i < 6; i++)
        t[i] = y[i] + h * (a5[0] * k[0][i] + a5[1] * k[1][i] + a5[2] * k[2][i] + a5[3] * k[3][i]);
    cr_deriv(r, t, k[4]);
    for (i = 0; i < 6; i++)
        t[i] = y[i] + h * (a6[0] * k[0][i] + a6[1] * k[1][i] + a6[2] * k[2][i] +
                           a6[3] * k[3][i] + a6[4] * k[4][i]);
    cr_deriv(r, t, k[5]);
    for (i = 0; i < 6; i++) {
        double s5 = 0, s4 = 0;
        for (int j = 0; j < 6; j++) { s5 += b[j] * k[j][i]; s4 += bs[j] * k[j][i]; }
        yn[i] = y[i] + h * s5;
        err[i] = h * (s5 - s4);
    }
}

/* Integrates y from 0 to t_end with relative/absolute tolerance tol;
 * returns the number of accepted steps, or -1 past the budget. */
static long cr_run(const cr_rod *r, double *y, double t_end, double tol)
{
    double t = 0, h = 1e-4, yn[6], err[6];
    long steps = 0;
    while (t < t_end) {
        if (t + h > t_end) h = t_end - t;
        cr_step(r, y, h, yn, err);
        double en = 0;
        for (int i = 0; i < 6; i++) {
            double sc = tol * (1 + fabs(y[i]));
            double q = err[i] / sc;
            if (q * q > en) en = q * q;
        }
        en = sqrt(en);
        if (en <= 1) {
            t += h;
            for (int i = 0; i < 6; i++) y[i] = yn[i];
            if (++steps > 50000000L) return -1;
        }
        double fac = en > 0 ? 0.9 * pow(en, -0.2) : 5;
        if (fac > 5) fac = 5;
        if (fac < 0.2) fac = 0.2;
        h *= fac;
    }
    return steps;
}

#endif
