/* Sun & Baruh's 2D rod (SB22 sec 2) with planar data (theta2 = 0): both 3D solvers must give
 * the 2D SB22/Routh values. Each test keeps its own table of rows and its
 * own solve(); this runs the rows through it. Include after check.h. */
#ifndef IMPACT_TEST_PLANAR_B4_H
#define IMPACT_TEST_PLANAR_B4_H

#include <stddef.h>
#include <stdio.h>

#include "bodies3d.h"

typedef struct {
    double th, rho;            /* theta1 (degrees), vCx/vCy before */
    imp_law_kind k;
    double Px, Py, S, C, dT;   /* expected */
    imp_mode mode;
} planar_b4_row;

typedef imp_result3d (*planar_b4_solve)(const imp_body3d *b, double mu, imp_law_kind k, double e);

/* SB22's 2D rod (m = 1, slender about x and z) at theta1 = th, mu = 0.4, e = 0.7. */
static inline void check_planar_b4(const planar_b4_row *rows, size_t n, planar_b4_solve solve)
{
    for (size_t i = 0; i < n; i++) {
        imp_body3d b;
        double th = rows[i].th * DEG;
        memset(&b, 0, sizeof b);
        b.m = 1;
        double Ib[9] = {1.0 / 3, 0, 0, 0, 0.01, 0, 0, 0, 1.0 / 3}, R[9];
        imp_rotation_sb(th, 0, R);
        imp_mat3_rotate(R, Ib, b.I);
        b.r[0] = -sin(th); b.r[1] = -cos(th);
        b.v[0] = rows[i].rho; b.v[1] = -1;
        imp_result3d r = solve(&b, 0.4, rows[i].k, 0.7);
        CHECK_NEAR(r.P[0], rows[i].Px, 1.5e-6);
        CHECK_NEAR(r.P[1], rows[i].Py, 1.5e-6);
        CHECK_NEAR(r.P[2], 0, 1e-14);
        CHECK_NEAR(r.vC[0], rows[i].S, 1.5e-6);
        CHECK_NEAR(r.vC[1], rows[i].C, 1.5e-6);
        CHECK_NEAR(r.dT, rows[i].dT, 1.5e-6);
        CHECK(r.mode == rows[i].mode);
        if (r.mode != rows[i].mode) fprintf(stderr, "  row %zu: mode %d\n", i, r.mode);
    }
}

#endif
