/* Bodies of PHYSICS.md E.5 for the 3D tests. */
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
    double It = m * (rc * rc / 4 + L * L / 3), Ia = m * rc * rc / 2;
    double Ib[9] = {It, 0, 0, 0, Ia, 0, 0, 0, It}, R[9];
    imp_rotation_sb(th1, th2, R);
    memset(b, 0, sizeof *b);
    b->m = m;
    imp_mat3_rotate(R, Ib, b->I);
    for (int i = 0; i < 3; i++) {
        b->r[i] = -L * R[3 * i + 1];
        b->v[i] = v[i];
    }
}

/* The non-axisymmetric box of E.5 (c). */
static inline void box_body(imp_body3d *b, const double v[3])
{
    memset(b, 0, sizeof *b);
    b->m = 1;
    b->I[0] = 0.52 / 12; b->I[4] = 1.16 / 12; b->I[8] = 1.36 / 12;
    b->r[0] = -0.5; b->r[1] = -0.3; b->r[2] = -0.2;
    for (int i = 0; i < 3; i++) b->v[i] = v[i];
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
