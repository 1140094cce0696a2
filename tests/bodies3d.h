/* Bodies of the 3D tests: SB22's rod and a non-axisymmetric box. */
#ifndef IMPACT_TEST_BODIES3D_H
#define IMPACT_TEST_BODIES3D_H

#include <math.h>
#include <string.h>

#include "impact3d.h"
#include "mat3.h"

#define DEG (3.14159265358979323846 / 180)

/* Sun & Baruh's cylinder (half-length L, radius rc) in the master frame. */
static inline void rod_body(imp_body3d *b, double m, double L, double rc,
                            double th1, double th2, const double v[3])
{
    double I[3], R[9];
    memset(b, 0, sizeof *b);
    imp_rod3d(m, L, rc, th1, th2, 0, I, R, b->r);
    double Ib[9] = {I[0], 0, 0, 0, I[1], 0, 0, 0, I[2]};
    b->m = m;
    imp_mat3_rotate(R, Ib, b->I);
    for (int i = 0; i < 3; i++) b->v[i] = v[i];
}

/* The non-axisymmetric box of examples/box_reslide.lua. */
static inline void box_body(imp_body3d *b, const double v[3])
{
    memset(b, 0, sizeof *b);
    b->m = 1;
    b->I[0] = 0.52 / 12; b->I[4] = 1.16 / 12; b->I[8] = 1.36 / 12;
    b->r[0] = -0.5; b->r[1] = -0.3; b->r[2] = -0.2;
    for (int i = 0; i < 3; i++) b->v[i] = v[i];
}

/* A body given as the solve3d binding builds it: principal moments I in the
 * body frame, orientation R (body -> world), so W comes from the exact
 * principal decomposition. */
static inline void principal_body(imp_body3d *b, double m, const double I[3],
                                  const double R[9], const double r[3], const double v[3],
                                  const double w[3])
{
    double Ib[9] = {I[0], 0, 0, 0, I[1], 0, 0, 0, I[2]};
    memset(b, 0, sizeof *b);
    b->m = m;
    imp_mat3_rotate(R, Ib, b->I);
    b->principal = 1;
    memcpy(b->moments, I, 3 * sizeof *I);
    memcpy(b->axes, R, 9 * sizeof *R);
    memcpy(b->r, r, 3 * sizeof *r);
    memcpy(b->v, v, 3 * sizeof *v);
    if (w) memcpy(b->w, w, 3 * sizeof *w);
}

/* The same from Sun & Baruh's angles or a quaternion. */
static inline void sb_body(imp_body3d *b, double m, const double I[3], double th1, double th2,
                           const double r[3], const double v[3], const double w[3])
{
    double R[9];
    imp_rotation_sb(th1, th2, R);
    principal_body(b, m, I, R, r, v, w);
}

static inline void quat_body(imp_body3d *b, double m, const double I[3], const double q[4],
                             const double r[3], const double v[3], const double w[3])
{
    double R[9], n = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    double u[4] = {q[0] / n, q[1] / n, q[2] / n, q[3] / n};
    imp_mat3_from_quat(u, R);
    principal_body(b, m, I, R, r, v, w);
}

static inline imp_law law_of(imp_law_kind k, double e)
{
    imp_law l;
    memset(&l, 0, sizeof l);
    l.kind = k;
    l.e = e;
    return l;
}

#endif
