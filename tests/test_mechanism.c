/* Mechanisms in generalized coordinates: the double pendulum striking a
 * surface (Kane 1984's setting), planar and spatial rigid bodies written as
 * mechanisms against the body form (WM92 eqs 5-23; Keller 1986's W), and
 * the post-impact rates and energy. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bodies3d.h"
#include "check.h"
#include "contact3d_check.h"
#include "mechanism.h"

#define V 1e-9     /* the pendulum's 9-decimal table */

/* Two uniform links (m = 1, L = 1, I = 1/12), pinned at the origin,
 * absolute angles q; the tip of link 2 strikes a surface of normal +y. */
static void pendulum(double q1, double q2, double M[4], double J[4])
{
    M[0] = 1.0 / 12 + 0.25 + 1;
    M[1] = M[2] = 0.5 * cos(q1 - q2);
    M[3] = 1.0 / 12 + 0.25;
    J[0] = -sin(q1); J[1] = -sin(q2);   /* d(tip x)/dq */
    J[2] = cos(q1);  J[3] = cos(q2);    /* d(tip y)/dq */
}

static imp_mech mc;   /* large: static */

static void test_double_pendulum(void)
{
    double M[4], J[4], qd[2] = {-1, -1}, d = 3.14159265358979323846 / 180;
    pendulum(-60 * d, -30 * d, M, J);
    CHECK_NEAR(M[0], 4.0 / 3, V);
    CHECK_NEAR(M[1], 0.4330127019, V);
    CHECK_NEAR(M[3], 1.0 / 3, V);
    CHECK_NEAR(J[0], 0.8660254038, V);
    CHECK_NEAR(J[1], 0.5, V);
    CHECK_NEAR(J[2], 0.5, V);
    CHECK_NEAR(J[3], 0.8660254038, V);
    CHECK(imp_mech_init(&mc, 2, 2, M, J, qd) == IMP_OK);
    imp_coef2d c;
    CHECK(imp_mech_coef2d(&mc, &c) == IMP_OK);
    CHECK_NEAR(c.B1, 0.810810811, V);
    CHECK_NEAR(c.B2, 2.756756757, V);
    CHECK_NEAR(c.B3, -1.123492416, V);
    CHECK_NEAR(c.S0, -1.366025404, V);
    CHECK_NEAR(c.C0, -1.366025404, V);
    CHECK_NEAR(c.D, c.B1 * c.B2 - c.B3 * c.B3, X);
    CHECK_NEAR(mc.T0, 0.5 * (M[0] + 2 * M[1] + M[3]), X);
    static const struct {
        imp_law_kind kind; double e, mu, Px, Py, q1, q2, dT;
    } row[3] = {
        {IMP_LAW_POISSON, 0.5, 0.2, 0.137452213, 0.687261066, -1.518632072, 1.665457770, -0.361742197},
        {IMP_LAW_POISSON, 0.5, 1.0, 0.528068692, 0.528068692, -1.279843512, 1.527593131, -0.631997504},
        {IMP_LAW_NEWTON, 0.9, 0.5, 0.391057096, 0.782114193, -1.524309222, 2.299675582, -0.353805624},
    };
    double worst = 0;
    for (int i = 0; i < 3; i++) {
        imp_law law = {row[i].kind, row[i].e, NULL, NULL};
        imp_result2d r;
        CHECK(imp_path2d_solve(&c, row[i].mu, row[i].mu, &law, &r) == IMP_OK);
        CHECK(r.mode == IMP_MODE_SLIDING);
        CHECK_NEAR(r.Px, row[i].Px, V);
        CHECK_NEAR(r.Py, row[i].Py, V);
        CHECK_NEAR(r.dT, row[i].dT, V);
        double P[2] = {r.Px, r.Py}, q[2], T1, dTM, dTW;
        imp_mech_after(&mc, P, q, &T1, &dTM, &dTW);
        CHECK_NEAR(q[0], row[i].q1, V);
        CHECK_NEAR(q[1], row[i].q2, V);
        double e[5] = {r.Px - row[i].Px, r.Py - row[i].Py, q[0] - row[i].q1,
                       q[1] - row[i].q2, dTM - row[i].dT};
        for (int j = 0; j < 5; j++) worst = fmax(worst, fabs(e[j]));
        CHECK_NEAR(dTM, row[i].dT, V);
        CHECK_NEAR(dTW, dTM, X);
        CHECK_NEAR(T1 - mc.T0, dTM, X);
        /* the contact velocities after: J qdot' = (S, C) of the tracer */
        CHECK_NEAR(J[0] * q[0] + J[1] * q[1], r.S, X);
        CHECK_NEAR(J[2] * q[0] + J[3] * q[1], r.C, X);
    }
    printf("  double pendulum: worst difference from the 9-decimal table %.1e\n", worst);
}

/* Near a singular configuration (links nearly aligned) with mu = 0.8,
 * e = 1: Newton's law gains energy, Poisson's and the energetic law lose
 * it (Kane 1984's puzzle; Keller 1986, Stronge 1990). */
static void test_kane_puzzle(void)
{
    double M[4], J[4], qd[2] = {-1, -1}, d = 3.14159265358979323846 / 180;
    pendulum(-40 * d, -50 * d, M, J);
    imp_coef2d c;
    CHECK(imp_mech_init(&mc, 2, 2, M, J, qd) == IMP_OK);
    CHECK(imp_mech_coef2d(&mc, &c) == IMP_OK);
    static const imp_law_kind kinds[3] = {IMP_LAW_NEWTON, IMP_LAW_POISSON, IMP_LAW_ENERGETIC};
    double dT[3];
    for (int i = 0; i < 3; i++) {
        imp_law law = {kinds[i], 1, NULL, NULL};
        imp_result2d r;
        CHECK(imp_path2d_solve(&c, 0.8, 0.8, &law, &r) == IMP_OK);
        double P[2] = {r.Px, r.Py}, dTM, dTW;
        imp_mech_after(&mc, P, NULL, NULL, &dTM, &dTW);
        CHECK_NEAR(dTM, r.dT, X);
        CHECK_NEAR(dTW, r.dT, X);
        dT[i] = r.dT;
    }
    printf("  Kane's puzzle: dT newton %+.6f, poisson %+.6f, energetic %+.6f (T0 %.6f)\n",
           dT[0], dT[1], dT[2], mc.T0);
    CHECK(dT[0] > 0.1 * mc.T0);
    CHECK(dT[1] < 0 && dT[2] < 0);
}

/* Coordinates in other units (q_i -> q_i / k_i: M -> K M K, J -> J K,
 * qdot -> qdot / k, k from 1e-6 to 1e6) leave W, vC0 and T0 unchanged. */
static void test_units(void)
{
    double M[4], J[4], qd[2] = {-1, -1}, d = 3.14159265358979323846 / 180;
    pendulum(-60 * d, -30 * d, M, J);
    CHECK(imp_mech_init(&mc, 2, 2, M, J, qd) == IMP_OK);
    imp_coef2d a, b;
    CHECK(imp_mech_coef2d(&mc, &a) == IMP_OK);
    double P[2] = {0.2, 0.5}, qa[2], qb[2], dTa, dTb;
    imp_mech_after(&mc, P, qa, NULL, &dTa, NULL);
    double T0 = mc.T0, k[2] = {1e6, 1e-6};
    double Mk[4] = {M[0] * k[0] * k[0], M[1] * k[0] * k[1], M[2] * k[1] * k[0], M[3] * k[1] * k[1]};
    double Jk[4] = {J[0] * k[0], J[1] * k[1], J[2] * k[0], J[3] * k[1]};
    double qk[2] = {qd[0] / k[0], qd[1] / k[1]};
    CHECK(imp_mech_init(&mc, 2, 2, Mk, Jk, qk) == IMP_OK);
    CHECK(imp_mech_coef2d(&mc, &b) == IMP_OK);
    CHECK_REL(b.B1, a.B1, X);
    CHECK_REL(b.B2, a.B2, X);
    CHECK_REL(b.B3, a.B3, X);
    CHECK_REL(b.D, a.D, X);
    CHECK_REL(b.S0, a.S0, X);
    CHECK_REL(b.C0, a.C0, X);
    CHECK_REL(mc.T0, T0, X);
    imp_mech_after(&mc, P, qb, NULL, &dTb, NULL);
    CHECK_REL(qb[0] * k[0], qa[0], X);
    CHECK_REL(qb[1] * k[1], qa[1], X);
    CHECK_REL(dTb, dTa, X);
}

/* A planar body as q = (x, y, phi): M = diag(m, m, I), the contact at
 * -(x1, y1) from the centre of mass moves with (vx + w y1, vy - w x1). */
static void planar_rows(const imp_body2d *b, double sign, int n, int col, double *J)
{
    J[col] = sign;          J[col + 1] = 0;        J[col + 2] = sign * b->y;
    J[n + col] = 0;         J[n + col + 1] = sign; J[n + col + 2] = -sign * b->x;
}

static void check_planar(const imp_body2d *b1, const imp_body2d *b2)
{
    int n = b2 ? 6 : 3;
    double M[36] = {0}, J[12] = {0}, qd[6];
    const imp_body2d *bs[2] = {b1, b2};
    for (int k = 0; k < n / 3; k++) {
        const imp_body2d *b = bs[k];
        int o = 3 * k;
        M[(n + 1) * o] = M[(n + 1) * (o + 1)] = b->m;
        M[(n + 1) * (o + 2)] = b->m * b->rho * b->rho;
        planar_rows(b, k ? -1 : 1, n, o, J);
        qd[o] = b->vx; qd[o + 1] = b->vy; qd[o + 2] = b->w;
    }
    imp_coef2d ref, c;
    imp_coef2d_from_bodies(b1, b2, &ref);
    CHECK(imp_mech_init(&mc, n, 2, M, J, qd) == IMP_OK);
    CHECK(imp_mech_coef2d(&mc, &c) == IMP_OK);
    CHECK_REL(c.B1, ref.B1, X);
    CHECK_REL(c.B2, ref.B2, X);
    CHECK_REL(c.B3, ref.B3, X);
    CHECK_REL(c.S0, ref.S0, X);
    CHECK_REL(c.C0, ref.C0, X);
    CHECK_REL(c.D, ref.D, X);
    /* post-impact velocities against the body form */
    double P[2] = {0.3, 0.7}, q[6], post[3], dTM, dTW;
    imp_mech_after(&mc, P, q, NULL, &dTM, &dTW);
    for (int k = 0; k < n / 3; k++) {
        imp_body2d_after(bs[k], k ? -1 : 1, P[0], P[1], post);
        for (int i = 0; i < 3; i++) CHECK_REL(q[3 * k + i], post[i], X);
    }
    CHECK_NEAR(dTM, dTW, X);
}

static void test_planar_bodies(void)
{
    double h = sqrt(2) / 4;
    imp_body2d rod = {1, sqrt(1.0 / 12), h, h, 0.6, -1, 0.2};
    imp_body2d a = {2.5, 0.3, -0.4, 0.9, 0.1, -0.7, 1.3};
    imp_body2d b = {0.7, 1.1, 0.25, -1.5, -0.3, 0.4, -0.8};
    imp_body2d thin = {1, 1e-4, 0.3, 0.5, 1, -1, 0};     /* B3^2 close to B1 B2 */
    check_planar(&rod, NULL);
    check_planar(&a, NULL);
    check_planar(&thin, NULL);
    check_planar(&a, &b);
    check_planar(&rod, &a);
    check_planar(&thin, &b);
}

/* A spatial body as q = (v, w): M = diag(m, m, m, I), J = [1, -[r]x]
 * (the contact point moves with v + w x r = v - r x w). */
static void body_mech(const imp_body3d *b, double M[36], double J[18], double qd[6])
{
    const double *r = b->r;
    double Rx[9];
    imp_mat3_cross(r, Rx);
    memset(M, 0, 36 * sizeof *M);
    for (int i = 0; i < 3; i++) {
        M[7 * i] = b->m;
        for (int k = 0; k < 3; k++) {
            M[6 * (3 + i) + 3 + k] = b->I[3 * i + k];
            J[6 * i + k] = i == k;
            J[6 * i + 3 + k] = -Rx[3 * i + k];
        }
        qd[i] = b->v[i];
        qd[3 + i] = b->w[i];
    }
}

static void check_body3d(const imp_body3d *b)
{
    double M[36], J[18], qd[6];
    imp_contact3d ref, c, cw;
    CHECK(imp_contact3d_init(b, &ref) == IMP_OK);
    body_mech(b, M, J, qd);
    CHECK(imp_mech_init(&mc, 6, 3, M, J, qd) == IMP_OK);
    CHECK(imp_mech_contact3d(&mc, &c) == IMP_OK);
    check_contact3d(&c, &ref, X);
    CHECK(c.Iinv[0] == 0 && c.axes[0] == 0 && c.invI[0] == 0);
    CHECK(imp_contact3d_from_W(ref.W, ref.vC0, ref.T0, &cw) == IMP_OK);
    check_contact3d(&cw, &ref, X);
    /* the body solver's impulse through the mechanism gives its v, w, dT */
    imp_law law = {IMP_LAW_POISSON, 0.7, NULL, NULL};
    imp_result3d r;
    CHECK(imp_exact3d_solve(b, 0.3, 0.3, &law, NULL, &r) == IMP_OK);
    double q[6], dTM, dTW;
    imp_mech_after(&mc, r.P, q, NULL, &dTM, &dTW);
    for (int i = 0; i < 3; i++) {
        CHECK_REL(q[i], r.v[i], X);
        CHECK_REL(q[3 + i], r.w[i], X);
    }
    CHECK_REL(dTM, r.dT, X);
    CHECK_REL(dTW, r.dT, X);
}

static void test_body3d_as_mechanism(void)
{
    imp_body3d b;
    double v[3] = {0.4, -1, 0.1}, w[3] = {0.3, -0.2, 0.5};
    rod_body(&b, 1, 1.15, 0.5, 20 * DEG, 15 * DEG, v);
    check_body3d(&b);
    box_body(&b, v);
    memcpy(b.w, w, sizeof w);
    check_body3d(&b);
    double Im[3] = {0.2, 0.35, 0.4}, R[9], r[3] = {0.3, -0.6, 0.25};
    imp_rotation_sb(0.7, -0.4, R);
    principal_body(&b, 2.5, Im, R, r, v, w);
    check_body3d(&b);
    printf("  body forms: worst relative difference %.2e\n", max_rel);
}

int main(void)
{
    RUN(test_double_pendulum);
    RUN(test_kane_puzzle);
    RUN(test_units);
    RUN(test_planar_bodies);
    RUN(test_body3d_as_mechanism);
    return check_summary();
}
