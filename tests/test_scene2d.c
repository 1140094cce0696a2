/* scene2d.c: contact order, closed-form Jacobians and J' q' against
 * central finite differences, flight against the parabola, gap bounds
 * against sampled second differences, bad input. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "scene2d.h"

#define N 9   /* three bodies */

static const double pts0[] = { 0.5, -0.25, -0.5, -0.25, 0.1, 0.3 };
static const double pts2[] = { 0.0, -0.4 };
static imp_scene2d_body bodies[3];
static imp_scene2d_line lines[2];
static imp_scene2d scene;

/* Body 0: three points and a disk; body 1: a disk; body 2: a point and a
 * disk. Lines: the ground, and a slope of 30 degrees. */
static void make_scene(void)
{
    bodies[0] = (imp_scene2d_body){ 2.0, 0.3, 0.35, 3, pts0 };
    bodies[1] = (imp_scene2d_body){ 0.7, 0.05, 0.2, 0, NULL };
    bodies[2] = (imp_scene2d_body){ 1.3, 0.11, 0.45, 1, pts2 };
    double a = M_PI / 6;
    lines[0] = (imp_scene2d_line){ 0.0, 0.0, 0.0, 1.0 };
    lines[1] = (imp_scene2d_line){ 1.0, -0.5, -sin(a), cos(a) };
    memset(&scene, 0, sizeof scene);
    scene.nb = 3;
    scene.nl = 2;
    scene.bodies = bodies;
    scene.lines = lines;
    scene.g[0] = 0.3;
    scene.g[1] = -9.81;
}

static double urand(double lo, double hi) { return lo + (hi - lo) * rand() / (double)RAND_MAX; }

static void test_contact_order(void)
{
    make_scene();
    int nc = imp_scene2d_contacts(&scene);
    /* body 0: 3 points x 2 lines, disk x 2 lines; body 1: disk x 2;
     * body 2: 1 point x 2, disk x 2; pairs (0,1), (0,2), (1,2) */
    CHECK(nc == 6 + 2 + 2 + 2 + 2 + 3);
    CHECK(scene.nc == nc);
    const imp_scene2d_contact *c = scene.contacts;
    CHECK(c[0].kind == IMP_SCENE2D_POINT_LINE && c[0].body == 0 && c[0].point == 0 && c[0].line == 0);
    CHECK(c[1].kind == IMP_SCENE2D_POINT_LINE && c[1].point == 0 && c[1].line == 1);
    CHECK(c[2].point == 1 && c[2].line == 0 && c[5].point == 2 && c[5].line == 1);
    CHECK(c[6].kind == IMP_SCENE2D_DISK_LINE && c[6].body == 0 && c[6].line == 0 && c[6].point == -1);
    CHECK(c[7].kind == IMP_SCENE2D_DISK_LINE && c[7].line == 1);
    CHECK(c[8].kind == IMP_SCENE2D_DISK_LINE && c[8].body == 1 && c[9].line == 1);
    CHECK(c[10].kind == IMP_SCENE2D_POINT_LINE && c[10].body == 2 && c[10].point == 0);
    CHECK(c[12].kind == IMP_SCENE2D_DISK_LINE && c[12].body == 2);
    CHECK(c[14].kind == IMP_SCENE2D_DISK_DISK && c[14].body == 0 && c[14].other == 1 && c[14].line == -1);
    CHECK(c[15].body == 0 && c[15].other == 2);
    CHECK(c[16].body == 1 && c[16].other == 2);
    for (int i = 0; i < nc; i++)
        CHECK(c[i].other == (c[i].kind == IMP_SCENE2D_DISK_DISK ? c[i].other : -1));

    /* overflow: 65 points on one line */
    static double many[2 * 65];
    imp_scene2d_body big = { 1, 1, 0, 65, many };
    imp_scene2d s2 = scene;
    s2.nb = 1;
    s2.nl = 1;
    s2.bodies = &big;
    CHECK(imp_scene2d_contacts(&s2) == -1);
    CHECK(s2.nc == 0);
    big.npoints = 64;
    CHECK(imp_scene2d_contacts(&s2) == 64);
}

/* A body's material point that sits at world point P when the state is q:
 * its world position at state q2. */
static void material_point(const double *q, int b, const double P[2], const double *q2,
                           double out[2])
{
    double phi = q[3 * b + 2], dx = P[0] - q[3 * b], dy = P[1] - q[3 * b + 1];
    double px = cos(phi) * dx + sin(phi) * dy, py = -sin(phi) * dx + cos(phi) * dy;
    double p2 = q2[3 * b + 2];
    out[0] = q2[3 * b] + cos(p2) * px - sin(p2) * py;
    out[1] = q2[3 * b + 1] + sin(p2) * px + cos(p2) * py;
}

static void contact_frame(int i, const double *q, double n[2], double Pa[2], double Pb[2])
{
    const imp_scene2d_contact *C = &scene.contacts[i];
    const double *c = &q[3 * C->body];
    if (C->kind == IMP_SCENE2D_DISK_DISK) {
        const double *cb = &q[3 * C->other];
        double L = hypot(c[0] - cb[0], c[1] - cb[1]);
        n[0] = (c[0] - cb[0]) / L;
        n[1] = (c[1] - cb[1]) / L;
        double ra = bodies[C->body].radius, rb = bodies[C->other].radius;
        Pa[0] = c[0] - ra * n[0]; Pa[1] = c[1] - ra * n[1];
        Pb[0] = cb[0] + rb * n[0]; Pb[1] = cb[1] + rb * n[1];
        return;
    }
    n[0] = lines[C->line].nx;
    n[1] = lines[C->line].ny;
    if (C->kind == IMP_SCENE2D_DISK_LINE) {
        double r = bodies[C->body].radius;
        Pa[0] = c[0] - r * n[0]; Pa[1] = c[1] - r * n[1];
    } else {
        const double *p = &bodies[C->body].points[2 * C->point];
        double phi = c[2];
        Pa[0] = c[0] + cos(phi) * p[0] - sin(phi) * p[1];
        Pa[1] = c[1] + sin(phi) * p[0] + cos(phi) * p[1];
    }
}

static void random_state(double *q, double *qd)
{
    q[0] = 0.2; q[1] = 0.9; q[3] = 1.3; q[4] = 0.4; q[6] = -0.8; q[7] = 1.5;
    for (int b = 0; b < 3; b++) {
        q[3 * b] += urand(-0.2, 0.2);
        q[3 * b + 1] += urand(-0.2, 0.2);
        q[3 * b + 2] = urand(-3, 3);
        qd[3 * b] = urand(-2, 2);
        qd[3 * b + 1] = urand(-2, 2);
        qd[3 * b + 2] = urand(-5, 5);
    }
}

static double e_jac = 0, e_vel = 0, e_jdot = 0;

static void test_jacobians(void)
{
    make_scene();
    imp_scene2d_contacts(&scene);
    imp_sim_system s;
    memset(&s, 0, sizeof s);
    CHECK(imp_scene2d_system(&scene, &s) == IMP_OK);
    CHECK(s.n == N && s.nc == scene.nc && s.const_mass == 1 && s.ctx == &scene);
    srand(7);
    for (int trial = 0; trial < 50; trial++) {
        double q[N], qd[N];
        random_state(q, qd);
        for (int i = 0; i < s.nc; i++) {
            const imp_scene2d_contact *C = &scene.contacts[i];
            CHECK(s.c[i].dim == 2);
            double J[2 * N], Jd[2];
            CHECK(s.jac(s.ctx, i, q, J) == 0);
            CHECK(s.jdot(s.ctx, i, q, qd, Jd) == 0);
            /* normal row = the gap's gradient */
            double h = 1e-5;
            for (int j = 0; j < N; j++) {
                double qp[N], qm[N], gp, gm;
                memcpy(qp, q, sizeof qp);
                memcpy(qm, q, sizeof qm);
                qp[j] += h;
                qm[j] -= h;
                s.gap(s.ctx, i, qp, &gp);
                s.gap(s.ctx, i, qm, &gm);
                double fd = (gp - gm) / (2 * h), err = fabs(fd - J[N + j]);
                e_jac = fmax(e_jac, err);
                CHECK(err < 1e-8);
            }
            /* tangent row: the contact points' relative velocity along t */
            double n[2], Pa[2], Pb[2], t[2], qp[N], qm[N], ap[2], am[2], v[2];
            contact_frame(i, q, n, Pa, Pb);
            t[0] = n[1];
            t[1] = -n[0];
            for (int j = 0; j < N; j++) { qp[j] = q[j] + h * qd[j]; qm[j] = q[j] - h * qd[j]; }
            material_point(q, C->body, Pa, qp, ap);
            material_point(q, C->body, Pa, qm, am);
            v[0] = (ap[0] - am[0]) / (2 * h);
            v[1] = (ap[1] - am[1]) / (2 * h);
            if (C->kind == IMP_SCENE2D_DISK_DISK) {
                material_point(q, C->other, Pb, qp, ap);
                material_point(q, C->other, Pb, qm, am);
                v[0] -= (ap[0] - am[0]) / (2 * h);
                v[1] -= (ap[1] - am[1]) / (2 * h);
            }
            double vt = 0, vn = 0;
            for (int j = 0; j < N; j++) { vt += J[j] * qd[j]; vn += J[N + j] * qd[j]; }
            double err = fmax(fabs(vt - (t[0] * v[0] + t[1] * v[1])),
                              fabs(vn - (n[0] * v[0] + n[1] * v[1])));
            e_vel = fmax(e_vel, err);
            CHECK(err < 1e-8);
            /* J' q' = d/dh J(q + h q') q' */
            double Jp[2 * N], Jm[2 * N], fd[2] = { 0, 0 };
            s.jac(s.ctx, i, qp, Jp);
            s.jac(s.ctx, i, qm, Jm);
            for (int r = 0; r < 2; r++)
                for (int j = 0; j < N; j++)
                    fd[r] += (Jp[r * N + j] - Jm[r * N + j]) / (2 * h) * qd[j];
            err = fmax(fabs(fd[0] - Jd[0]), fabs(fd[1] - Jd[1]));
            e_jdot = fmax(e_jdot, err / fmax(1, fabs(Jd[0]) + fabs(Jd[1])));
            CHECK(err < 1e-7 * fmax(1, fabs(Jd[0]) + fabs(Jd[1])));
            /* disk-disk: the columns' pattern (b's translation columns the
             * negatives of a's) */
            if (C->kind == IMP_SCENE2D_DISK_DISK) {
                int ka = 3 * C->body, kb = 3 * C->other;
                CHECK(J[kb] == -J[ka] && J[kb + 1] == -J[ka + 1]);
                CHECK(J[N + kb] == -J[N + ka] && J[N + ka + 2] == 0 && J[N + kb + 2] == 0);
            }
        }
    }
    printf("  max |J - fd|: normal rows %.2e, contact velocities %.2e, J'q' (rel) %.2e\n",
           e_jac, e_vel, e_jdot);
    /* the closed forms of the point-line J' q' */
    double q[N] = { 0.1, 0.5, 0.7, 0, 0, 0, 0, 0, 0 }, qd[N] = { 0.3, -0.2, 2.0 }, Jd[2];
    s.jdot(s.ctx, 0, q, qd, Jd);
    double rx = cos(0.7) * 0.5 + sin(0.7) * 0.25, ry = sin(0.7) * 0.5 - cos(0.7) * 0.25;
    CHECK_NEAR(Jd[0], -4.0 * rx, 1e-14);   /* t = (1, 0) on the ground */
    CHECK_NEAR(Jd[1], -4.0 * ry, 1e-14);
    CHECK(s.jac(s.ctx, s.nc, q, (double[2 * N]){ 0 }) != 0);   /* no such contact */
}

static void test_flight_mass_force(void)
{
    make_scene();
    imp_scene2d_contacts(&scene);
    imp_sim_system s;
    imp_scene2d_system(&scene, &s);
    srand(11);
    double q0[N], qd0[N], q[N], qd[N];
    random_state(q0, qd0);
    double h = 0.37;
    CHECK(s.flight(s.ctx, h, q0, qd0, q, qd) == 0);
    for (int b = 0; b < 3; b++)
        for (int j = 0; j < 2; j++) {
            int k = 3 * b + j;
            CHECK_NEAR(q[k], q0[k] + qd0[k] * h + 0.5 * scene.g[j] * h * h, 1e-15);
            CHECK_NEAR(qd[k], qd0[k] + scene.g[j] * h, 1e-15);
        }
    for (int b = 0; b < 3; b++) {
        CHECK_NEAR(q[3 * b + 2], q0[3 * b + 2] + qd0[3 * b + 2] * h, 1e-15);
        CHECK(qd[3 * b + 2] == qd0[3 * b + 2]);
    }
    double M[N * N], f[N], V;
    CHECK(s.mass(s.ctx, q0, M) == 0);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            double e = i != j ? 0 : i % 3 == 2 ? bodies[i / 3].I : bodies[i / 3].m;
            CHECK(M[i * N + j] == e);
        }
    CHECK(s.force(s.ctx, 0, q0, qd0, f) == 0);
    for (int b = 0; b < 3; b++) {
        CHECK(f[3 * b] == bodies[b].m * scene.g[0]);
        CHECK(f[3 * b + 1] == bodies[b].m * scene.g[1]);
        CHECK(f[3 * b + 2] == 0);
    }
    CHECK(s.potential(s.ctx, q0, &V) == 0);
    double V0 = 0;
    for (int b = 0; b < 3; b++) V0 -= bodies[b].m * (scene.g[0] * q0[3 * b] + scene.g[1] * q0[3 * b + 1]);
    CHECK_NEAR(V, V0, 1e-15);
    /* energy conserved along the flight */
    double T0 = 0, T1 = 0, V1;
    s.potential(s.ctx, q, &V1);
    for (int k = 0; k < N; k++) { T0 += 0.5 * M[k * N + k] * qd0[k] * qd0[k]; T1 += 0.5 * M[k * N + k] * qd[k] * qd[k]; }
    CHECK_NEAR(T1 + V1, T0 + V, 1e-13);
}

/* Sampled |g''| along the flight (second differences of the gap) never
 * exceeds the bound; for disk-disk the bound is reached. */
static void test_gap_bound(void)
{
    make_scene();
    imp_scene2d_contacts(&scene);
    imp_sim_system s;
    imp_scene2d_system(&scene, &s);
    srand(13);
    double worst = 0;
    for (int trial = 0; trial < 20; trial++) {
        double q0[N], qd0[N];
        random_state(q0, qd0);
        double H = 0.5;
        for (int i = 0; i < s.nc; i++) {
            double B;
            CHECK(s.gap_bound(s.ctx, i, H, q0, qd0, &B) == 0);
            double mx = 0;
            for (int k = 1; k < 200; k++) {
                double tk = H * k / 200, dh = 1e-4, g[3];
                for (int j = -1; j <= 1; j++) {
                    double q[N], qd[N];
                    s.flight(s.ctx, tk + j * dh, q0, qd0, q, qd);
                    s.gap(s.ctx, i, q, &g[j + 1]);
                }
                mx = fmax(mx, fabs(g[0] - 2 * g[1] + g[2]) / (dh * dh));
            }
            CHECK(mx <= B * (1 + 1e-5) + 1e-5);
            if (scene.contacts[i].kind == IMP_SCENE2D_DISK_DISK && B > 1e-3)
                worst = fmax(worst, (B - mx) / B);
        }
    }
    printf("  disk-disk bound over sampled max: worst relative slack %.2e\n", worst);
    CHECK(worst < 0.05);   /* sampled at 200 points: the max is between samples */
    /* head-on flight through d = 0: no bound */
    double q0[N] = { 0, 1, 0, 1, 1, 0, 5, 5, 0 }, qd0[N] = { 1, 0, 0, -1, 0, 0 }, B;
    s.gap_bound(s.ctx, 14, 1.0, q0, qd0, &B);
    CHECK(isinf(B));
    s.gap_bound(s.ctx, 14, 0.4, q0, qd0, &B);
    CHECK(B == 0);   /* head-on, straight: g'' = 0 before the crossing */
}

static void test_bad_input(void)
{
    imp_sim_system s;
    make_scene();
    imp_scene2d_contacts(&scene);
    CHECK(imp_scene2d_system(&scene, &s) == IMP_OK);
    bodies[1].m = 0;
    CHECK(imp_scene2d_system(&scene, &s) == IMP_EINPUT);
    make_scene();
    bodies[2].I = NAN;
    CHECK(imp_scene2d_system(&scene, &s) == IMP_EINPUT);
    make_scene();
    bodies[0].m = INFINITY;
    CHECK(imp_scene2d_system(&scene, &s) == IMP_EINPUT);
    make_scene();
    lines[1].nx *= 1 + 1e-9;
    CHECK(imp_scene2d_system(&scene, &s) == IMP_EINPUT);
    make_scene();
    lines[0].ny = NAN;
    CHECK(imp_scene2d_system(&scene, &s) == IMP_EINPUT);
    make_scene();
    lines[0].py = INFINITY;
    CHECK(imp_scene2d_system(&scene, &s) == IMP_EINPUT);
    make_scene();
    bodies[0].radius = -1;
    CHECK(imp_scene2d_system(&scene, &s) == IMP_EINPUT);
    make_scene();
    imp_scene2d_contacts(&scene);
    scene.contacts[0].line = 2;
    CHECK(imp_scene2d_system(&scene, &s) == IMP_EINPUT);
    make_scene();
    imp_scene2d_contacts(&scene);
    bodies[1].radius = 0;   /* a disk contact on a body without disk */
    CHECK(imp_scene2d_system(&scene, &s) == IMP_EINPUT);
    make_scene();
    scene.g[1] = NAN;
    CHECK(imp_scene2d_system(&scene, &s) == IMP_EINPUT);
    make_scene();
    scene.nb = 22;   /* 66 coordinates > IMP_SIM_NMAX */
    CHECK(imp_scene2d_system(&scene, &s) == IMP_EINPUT);
    make_scene();
    lines[1].nx *= 1 + 1e-13;   /* unit to 1e-12: accepted */
    CHECK(imp_scene2d_system(&scene, &s) == IMP_OK);
}

int main(void)
{
    RUN(test_contact_order);
    RUN(test_jacobians);
    RUN(test_flight_mass_force);
    RUN(test_gap_bound);
    RUN(test_bad_input);
    return check_summary();
}
