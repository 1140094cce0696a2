/* One Dormand-Prince 5(4) step (Dormand & Prince 1980) for y' = f(t, y):
 * the integrator of the exact 3D solver (solve3d_exact_flow.c) and of the
 * multiple-impact model lzb (multi_lzb.c). static inline: each caller passes
 * its own f as a constant, so the compiler inlines it as it did the two
 * hand-written copies this replaces. */
#ifndef IMPACT_DP45_H
#define IMPACT_DP45_H

#include <stddef.h>

typedef void (*imp_dp45_rhs)(const void *ctx, double t, const double *y, double *dy);

/* yn = y + the 5th-order step of size h; err (unless NULL) = the embedded
 * error estimate. work holds 8 n doubles. */
/* The step with k1 = f(t, y) already in work[0..n) when have_k1 (the
 * previous step's k7 after an accepted step, or the same y after a
 * rejected one: first same as last); leaves f(t + h, yn) in work[6n..7n)
 * when err is asked for. */
static inline void imp_dp45_step_k1(imp_dp45_rhs f, const void *ctx, int n, double t,
                                    const double *y, double h, double *yn, double *err,
                                    double *work, int have_k1)
{
    static const double
        a21 = 1.0 / 5,
        a31 = 3.0 / 40, a32 = 9.0 / 40,
        a41 = 44.0 / 45, a42 = -56.0 / 15, a43 = 32.0 / 9,
        a51 = 19372.0 / 6561, a52 = -25360.0 / 2187, a53 = 64448.0 / 6561, a54 = -212.0 / 729,
        a61 = 9017.0 / 3168, a62 = -355.0 / 33, a63 = 46732.0 / 5247, a64 = 49.0 / 176,
        a65 = -5103.0 / 18656,
        b1 = 35.0 / 384, b3 = 500.0 / 1113, b4 = 125.0 / 192, b5 = -2187.0 / 6784, b6 = 11.0 / 84,
        e1 = 71.0 / 57600, e3 = -71.0 / 16695, e4 = 71.0 / 1920, e5 = -17253.0 / 339200,
        e6 = 22.0 / 525, e7 = -1.0 / 40;
    double *k1 = work, *k2 = k1 + n, *k3 = k2 + n, *k4 = k3 + n, *k5 = k4 + n, *k6 = k5 + n,
           *k7 = k6 + n, *w = k7 + n;
    int i;
    if (!have_k1) f(ctx, t, y, k1);
    for (i = 0; i < n; i++) w[i] = y[i] + h * a21 * k1[i];
    f(ctx, t + h / 5, w, k2);
    for (i = 0; i < n; i++) w[i] = y[i] + h * (a31 * k1[i] + a32 * k2[i]);
    f(ctx, t + 3 * h / 10, w, k3);
    for (i = 0; i < n; i++) w[i] = y[i] + h * (a41 * k1[i] + a42 * k2[i] + a43 * k3[i]);
    f(ctx, t + 4 * h / 5, w, k4);
    for (i = 0; i < n; i++)
        w[i] = y[i] + h * (a51 * k1[i] + a52 * k2[i] + a53 * k3[i] + a54 * k4[i]);
    f(ctx, t + 8 * h / 9, w, k5);
    for (i = 0; i < n; i++)
        w[i] = y[i] + h * (a61 * k1[i] + a62 * k2[i] + a63 * k3[i] + a64 * k4[i] + a65 * k5[i]);
    f(ctx, t + h, w, k6);
    for (i = 0; i < n; i++)
        yn[i] = y[i] + h * (b1 * k1[i] + b3 * k3[i] + b4 * k4[i] + b5 * k5[i] + b6 * k6[i]);
    if (!err) return;
    f(ctx, t + h, yn, k7);
    for (i = 0; i < n; i++)
        err[i] = h * (e1 * k1[i] + e3 * k3[i] + e4 * k4[i] + e5 * k5[i] + e6 * k6[i] + e7 * k7[i]);
}

static inline void imp_dp45_step(imp_dp45_rhs f, const void *ctx, int n, double t,
                                 const double *y, double h, double *yn, double *err,
                                 double *work)
{
    imp_dp45_step_k1(f, ctx, n, t, y, h, yn, err, work, 0);
}

#endif
