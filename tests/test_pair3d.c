/* Two moving bodies in 3D: W = W1 + W2, the relative contact velocity,
 * conservation of linear and angular momentum, the same pair written as a
 * 12-coordinate mechanism, the limit of a huge body 2 (the fixed plane),
 * and planar data against the 2D two-body coefficients (WM92 eqs 5-23). */
#include <math.h>
#include <string.h>

#include "bodies3d.h"
#include "check.h"
#include "contact3d_check.h"
#include "mechanism.h"

static imp_mech mc;

static void two_bodies(imp_body3d *b1, imp_body3d *b2)
{
    double v1[3] = {0.4, -1, 0.1}, w1[3] = {0.3, -0.2, 0.5};
    if (b1) {
        box_body(b1, v1);
        memcpy(b1->w, w1, sizeof w1);
    }
    double Im[3] = {0.8, 1.1, 1.5}, R[9], r[3] = {0.2, 0.7, -0.35};
    double v2[3] = {-0.2, 0.6, 0.3}, w2[3] = {-0.4, 0.9, 0.1};
    imp_rotation_sb(0.7, -0.4, R);
    principal_body(b2, 3.5, Im, R, r, v2, w2);
}

static void momenta(const imp_body3d *b, const double v[3], const double w[3],
                    double p[3], double h[3])
{
    double Iw[3], x[3] = {-b->r[0], -b->r[1], -b->r[2]}, xv[3];
    imp_mat3_vec(b->I, w, Iw);
    imp_vec3_cross(x, v, xv);           /* the CM sits at -r from the contact */
    for (int i = 0; i < 3; i++) {
        p[i] += b->m * v[i];
        h[i] += Iw[i] + b->m * xv[i];
    }
}

static void test_pair(void)
{
    imp_body3d b1, b2;
    two_bodies(&b1, &b2);
    imp_pair3d p;
    int which = -1;
    const char *why = "x", *field = "x";
    CHECK(imp_pair3d_init(&b1, &b2, &p, &which, &field, &why) == IMP_OK);
    CHECK(which == 0 && why == NULL && field == NULL);
    imp_contact3d c1, c2;
    CHECK(imp_contact3d_init(&b1, &c1) == IMP_OK);
    CHECK(imp_contact3d_init(&b2, &c2) == IMP_OK);
    for (int i = 0; i < 9; i++) CHECK_REL(p.c.W[i], c1.W[i] + c2.W[i], X);
    for (int i = 0; i < 3; i++) CHECK_REL(p.c.vC0[i], c1.vC0[i] - c2.vC0[i], X);
    CHECK_REL(p.c.T0, c1.T0 + c2.T0, X);
    /* an impulse on 1, its opposite on 2 */
    double P[3] = {0.13, 0.62, -0.21}, v1[3], w1[3], v2[3], w2[3], dT;
    imp_pair3d_after(&b1, &b2, &p, P, v1, w1, v2, w2, &dT);
    double p0[3] = {0}, h0[3] = {0}, p1[3] = {0}, h1[3] = {0};
    momenta(&b1, b1.v, b1.w, p0, h0);
    momenta(&b2, b2.v, b2.w, p0, h0);
    momenta(&b1, v1, w1, p1, h1);
    momenta(&b2, v2, w2, p1, h1);
    for (int i = 0; i < 3; i++) {
        CHECK_NEAR(p1[i], p0[i], 4e-16);    /* linear: to rounding */
        CHECK_NEAR(h1[i], h0[i], 1e-14);    /* angular, about the contact point */
    }
    /* contact velocity after = vC0 + W P; dT both ways */
    double a1[3], a2[3], WP[3];
    imp_vec3_cross(w1, b1.r, a1);
    imp_vec3_cross(w2, b2.r, a2);
    imp_mat3_vec(p.c.W, P, WP);
    for (int i = 0; i < 3; i++)
        CHECK_NEAR((v1[i] + a1[i]) - (v2[i] + a2[i]), p.c.vC0[i] + WP[i], X);
    CHECK_REL(dT, imp_vec3_dot(p.c.vC0, P) + 0.5 * imp_vec3_dot(P, WP), X);
    CHECK_REL(dT, imp_body3d_energy(&b1, v1, w1) + imp_body3d_energy(&b2, v2, w2) - p.c.T0, 1e-13);
    printf("  momentum after - before: linear %.1e, angular %.1e\n",
           fmax(fabs(p1[0] - p0[0]), fmax(fabs(p1[1] - p0[1]), fabs(p1[2] - p0[2]))),
           fmax(fabs(h1[0] - h0[0]), fmax(fabs(h1[1] - h0[1]), fabs(h1[2] - h0[2]))));
}

/* The pair as q = (v1, w1, v2, w2): J = [1, -[r1]x, -1, [r2]x]. */
static void test_pair_as_mechanism(void)
{
    imp_body3d b1, b2;
    two_bodies(&b1, &b2);
    imp_pair3d p;
    CHECK(imp_pair3d_init(&b1, &b2, &p, NULL, NULL, NULL) == IMP_OK);
    double M[144] = {0}, J[36] = {0}, qd[12], R1[9], R2[9];
    imp_mat3_cross(b1.r, R1);
    imp_mat3_cross(b2.r, R2);
    for (int i = 0; i < 3; i++) {
        M[13 * i] = b1.m;
        M[13 * (6 + i)] = b2.m;
        for (int k = 0; k < 3; k++) {
            M[12 * (3 + i) + 3 + k] = b1.I[3 * i + k];
            M[12 * (9 + i) + 9 + k] = b2.I[3 * i + k];
            J[12 * i + 3 + k] = -R1[3 * i + k];
            J[12 * i + 9 + k] = R2[3 * i + k];
        }
        J[12 * i + i] = 1;
        J[12 * i + 6 + i] = -1;
        qd[i] = b1.v[i]; qd[3 + i] = b1.w[i]; qd[6 + i] = b2.v[i]; qd[9 + i] = b2.w[i];
    }
    imp_contact3d c;
    CHECK(imp_mech_init(&mc, 12, 3, M, J, qd) == IMP_OK);
    CHECK(imp_mech_contact3d(&mc, &c) == IMP_OK);
    check_contact3d(&c, &p.c, X);
    double P[3] = {-0.3, 0.8, 0.45}, q[12], v1[3], w1[3], v2[3], w2[3], dT, dTM;
    imp_pair3d_after(&b1, &b2, &p, P, v1, w1, v2, w2, &dT);
    imp_mech_after(&mc, P, q, NULL, &dTM, NULL);
    for (int i = 0; i < 3; i++) {
        CHECK_REL(q[i], v1[i], X); CHECK_REL(q[3 + i], w1[i], X);
        CHECK_REL(q[6 + i], v2[i], X); CHECK_REL(q[9 + i], w2[i], X);
    }
    CHECK_REL(dTM, dT, X);
}

/* m2 = 1e12 with an inertia to match, at rest: the fixed plane. */
static void test_heavy_body2(void)
{
    imp_body3d b1, b2;
    double v[3] = {0.4, -1, 0.1}, Im[3] = {1e12, 2e12, 2.5e12}, R[9], r[3] = {0.3, 0.5, -0.2};
    double zero[3] = {0, 0, 0};
    rod_body(&b1, 1, 1.15, 0.5, 20 * DEG, 15 * DEG, v);
    imp_rotation_sb(0.3, 0.2, R);
    principal_body(&b2, 1e12, Im, R, r, zero, zero);
    imp_pair3d p;
    imp_contact3d c1;
    CHECK(imp_pair3d_init(&b1, &b2, &p, NULL, NULL, NULL) == IMP_OK);
    CHECK(imp_contact3d_init(&b1, &c1) == IMP_OK);
    check_contact3d(&p.c, &c1, 1e-9);
    double P[3] = {0.1, 0.7, 0.05}, v1[3], w1[3], v2[3], w2[3];
    imp_pair3d_after(&b1, &b2, &p, P, v1, w1, v2, w2, NULL);
    imp_result3d out;
    memset(&out, 0, sizeof out);
    memcpy(out.P, P, sizeof P);
    imp_result3d_apply(&b1, &c1, &out);
    for (int i = 0; i < 3; i++) {
        CHECK_NEAR(v1[i], out.v[i], X);
        CHECK_NEAR(w1[i], out.w[i], X);
        CHECK_NEAR(v2[i], 0, 1e-11);
        CHECK_NEAR(w2[i], 0, 1e-11);
    }
}

/* Planar data (r_z = 0, z principal, motion in x-y): the 2D two-body
 * coefficients with (x_i, y_i) = -(r_ix, r_iy), and the 2D solution. */
static void planar(imp_body3d *b, imp_body2d *q, double m, double rho, double x, double y,
                   double vx, double vy, double w)
{
    double Im[3] = {0.6 * m * rho * rho, 0.7 * m * rho * rho, m * rho * rho}, R[9], r[3] = {-x, -y, 0};
    double v[3] = {vx, vy, 0}, wv[3] = {0, 0, w};
    imp_mat3_identity(R);
    principal_body(b, m, Im, R, r, v, wv);
    imp_body2d t = {m, rho, x, y, vx, vy, w};
    *q = t;
}

static void test_planar_pair(void)
{
    imp_body3d b1, b2;
    imp_body2d q1, q2;
    planar(&b1, &q1, 1.2, 0.4, 0.3, 0.5, 0.2, -1.1, 0.7);
    planar(&b2, &q2, 2.1, 0.6, -0.45, -0.25, -0.3, 0.4, -0.5);
    imp_pair3d p;
    CHECK(imp_pair3d_init(&b1, &b2, &p, NULL, NULL, NULL) == IMP_OK);
    imp_coef2d c;
    imp_coef2d_from_bodies(&q1, &q2, &c);
    CHECK_REL(p.c.W[0], c.B1, X);
    CHECK_REL(p.c.W[4], c.B2, X);
    CHECK_REL(-p.c.W[1], c.B3, X);
    CHECK(fabs(p.c.W[2]) < 1e-15 && fabs(p.c.W[5]) < 1e-15);
    CHECK_REL(p.c.vC0[0], c.S0, X);
    CHECK_REL(p.c.vC0[1], c.C0, X);
    CHECK(p.c.vC0[2] == 0);
    imp_law law = {IMP_LAW_POISSON, 0.6, NULL, NULL};
    imp_result2d r;
    CHECK(imp_path2d_solve(&c, 0.4, 0.4, &law, &r) == IMP_OK);
    double P[3] = {r.Px, r.Py, 0}, v1[3], w1[3], v2[3], w2[3], a1[3], a2[3], dT;
    imp_pair3d_after(&b1, &b2, &p, P, v1, w1, v2, w2, &dT);
    imp_body2d_after(&q1, 1, r.Px, r.Py, a1);
    imp_body2d_after(&q2, -1, r.Px, r.Py, a2);
    CHECK_REL(v1[0], a1[0], X); CHECK_REL(v1[1], a1[1], X); CHECK_REL(w1[2], a1[2], X);
    CHECK_REL(v2[0], a2[0], X); CHECK_REL(v2[1], a2[1], X); CHECK_REL(w2[2], a2[2], X);
    CHECK_NEAR(dT, r.dT, X);
}

static void bad_pair(const imp_body3d *b1, const imp_body3d *b2, int w, const char *f)
{
    imp_pair3d p;
    int which = -1;
    const char *why = NULL, *field = NULL;
    CHECK(imp_pair3d_init(b1, b2, &p, &which, &field, &why) == IMP_EINPUT);
    CHECK(which == w && field && strcmp(field, f) == 0 && why && *why);
}

static void test_bad_bodies(void)
{
    imp_body3d b1, b2;
    two_bodies(&b1, &b2);
    b2.m = 0;
    bad_pair(&b1, &b2, 2, "m");
    two_bodies(&b1, &b2);
    b1.I[4] = NAN;
    bad_pair(&b1, &b2, 1, "inertia");
    two_bodies(&b1, &b2);
    b1.I[1] += 0.01;                      /* not symmetric */
    bad_pair(&b1, &b2, 1, "inertia");
    two_bodies(&b1, &b2);
    b2.moments[0] = -1;
    bad_pair(&b1, &b2, 2, "moments");
    two_bodies(&b1, &b2);
    b2.axes[3] = NAN;
    bad_pair(&b1, &b2, 2, "axes");
    two_bodies(&b1, &b2);
    b1.v[2] = INFINITY;
    bad_pair(&b1, &b2, 1, "v");
    two_bodies(&b1, &b2);
    b2.r[0] = NAN;
    bad_pair(&b1, &b2, 2, "r");
    /* a contact that W cannot resolve: a light disc (moments 1e-13)
     * struck 1 away from its centre, cond(W) ~ 1e13 */
    double Im[3] = {1e-13, 1e-13, 2e-13}, R[9], r[3] = {1, 0, 0}, v[3] = {0, -1, 0};
    imp_mat3_identity(R);
    principal_body(&b1, 1, Im, R, r, v, NULL);
    two_bodies(NULL, &b2);
    imp_pair3d p;
    int which = -1;
    CHECK(imp_pair3d_init(&b1, &b2, &p, &which, NULL, NULL) == IMP_ESINGULAR);
    CHECK(which == 0 && p.c.cond > IMP_COND3D_MAX);
}

int main(void)
{
    RUN(test_pair);
    RUN(test_pair_as_mechanism);
    RUN(test_heavy_body2);
    RUN(test_planar_pair);
    RUN(test_bad_bodies);
    printf("  worst relative difference %.2e\n", max_rel);
    return check_summary();
}
