/* sim_forces.c against closed forms: a block resting on the ground, a
 * block on a slope (sticking, sliding), a contact lifting off, Mason &
 * Wang's sliding rod in and out of Painleve's band, a sphere on the ground
 * in 3D; the complementarity conditions on random 2D problems; bad input. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "painleve.h"
#include "scene2d.h"
#include "sim_forces.h"

#define G0 9.81

/* A = J M^-1 J^T, b = J M^-1 f + J'q', v = J q' for contacts idx[0..k-1]
 * of a scene2d system (M diagonal). */
static void contact_problem(const imp_sim_system *s, const double *q, const double *qd,
                            int k, const int *idx, double *A, double *b, double *v)
{
    int n = s->n, R = 2 * k;
    double M[IMP_SIM_NMAX * IMP_SIM_NMAX], f[IMP_SIM_NMAX], J[2 * IMP_MULTI_MAX * IMP_SIM_NMAX];
    s->mass(s->ctx, q, M);
    s->force(s->ctx, 0, q, qd, f);
    for (int c = 0; c < k; c++) {
        s->jac(s->ctx, idx[c], q, &J[2 * c * n]);
        s->jdot(s->ctx, idx[c], q, qd, &b[2 * c]);
    }
    for (int i = 0; i < R; i++) {
        double vi = 0;
        for (int j = 0; j < n; j++) {
            b[i] += J[i * n + j] * f[j] / M[j * n + j];
            vi += J[i * n + j] * qd[j];
        }
        v[i] = vi;
        for (int l = 0; l < R; l++) {
            double a = 0;
            for (int j = 0; j < n; j++) a += J[i * n + j] * J[l * n + j] / M[j * n + j];
            A[i * R + l] = a;
        }
    }
}

/* A block of half-width w, half-height h, mass m: its two lower corners. */
static const double BW = 0.5, BH = 0.25, BM = 2.0;
static const double corners[] = { -0.5, -0.25, 0.5, -0.25 };

static void block_scene(imp_scene2d *sc, imp_scene2d_body *body, imp_scene2d_line *line,
                        double slope, imp_sim_system *s)
{
    *body = (imp_scene2d_body){ BM, BM * (4 * BW * BW + 4 * BH * BH) / 12, 0, 2, corners };
    *line = (imp_scene2d_line){ 0, 0, -sin(slope), cos(slope) };
    memset(sc, 0, sizeof *sc);
    sc->nb = 1;
    sc->nl = 1;
    sc->bodies = body;
    sc->lines = line;
    sc->g[1] = -G0;
    imp_scene2d_contacts(sc);
    memset(s, 0, sizeof *s);
    imp_scene2d_system(sc, s);
}

/* The block resting on its two corners, rotated by the slope, centre at
 * h n from the line's origin plus u along the slope. */
static void block_on(double slope, double u, double ud, double *q, double *qd)
{
    q[0] = -BH * sin(slope) + u * cos(slope);
    q[1] = BH * cos(slope) + u * sin(slope);
    q[2] = slope;
    qd[0] = ud * cos(slope);
    qd[1] = ud * sin(slope);
    qd[2] = 0;
}

static imp_sim_acc_problem problem2(int k, const double *A, const double *b, const double *v,
                                    double mu_s, double mu_k)
{
    imp_sim_acc_problem p;
    memset(&p, 0, sizeof p);
    p.k = k;
    for (int i = 0; i < k; i++) {
        p.dim[i] = 2;
        p.mu_s[i] = mu_s;
        p.mu_k[i] = mu_k;
    }
    p.A = A;
    p.b = b;
    p.v = v;
    p.v_tol = 1e-9;
    return p;
}

static void test_block_resting(void)
{
    imp_scene2d sc;
    imp_scene2d_body body;
    imp_scene2d_line line;
    imp_sim_system s;
    block_scene(&sc, &body, &line, 0, &s);
    double q[3], qd[3], A[16], b[4], v[4];
    block_on(0, 0.3, 0, q, qd);
    contact_problem(&s, q, qd, 2, (int[]){ 0, 1 }, A, b, v);
    imp_sim_acc_problem p = problem2(2, A, b, v, 0.5, 0.4);
    imp_sim_acc_result r;
    CHECK(imp_sim_acc_solve(&p, &r) == IMP_OK);
    CHECK(r.mode[0] == IMP_SIM_C_STICK && r.mode[1] == IMP_SIM_C_STICK);
    CHECK(r.inconsistent == -1);
    CHECK_NEAR(r.lambda[1] + r.lambda[3], BM * G0, 1e-13);
    /* minimum norm: no squeeze, equal corners */
    CHECK_NEAR(r.lambda[0], 0, 1e-13);
    CHECK_NEAR(r.lambda[2], 0, 1e-13);
    CHECK_NEAR(r.lambda[1], BM * G0 / 2, 1e-13);
    for (int j = 0; j < 4; j++) CHECK_NEAR(r.a[j], 0, 1e-13);
    printf("  resting block: lambda_n = %.17g + %.17g (m g = %.17g)\n", r.lambda[1], r.lambda[3], BM * G0);

    /* the fixed solve on the singular (rank 3 of 4) sticking system */
    imp_sim_acc_result f;
    memset(&f, 0, sizeof f);
    f.mode[0] = f.mode[1] = IMP_SIM_C_STICK;
    CHECK(imp_sim_acc_fixed(&p, &f) == IMP_OK);
    CHECK_NEAR(f.lambda[1], BM * G0 / 2, 1e-13);
    CHECK_NEAR(f.lambda[3], BM * G0 / 2, 1e-13);
    CHECK_NEAR(f.lambda[0], 0, 1e-13);
    CHECK_NEAR(f.lambda[2], 0, 1e-13);
    /* one corner open: the other carries the weight and the torque does
     * not balance (the fixed solve does not judge; it solves) */
    f.mode[0] = IMP_SIM_C_OPEN;
    CHECK(imp_sim_acc_fixed(&p, &f) == IMP_OK);
    CHECK(f.lambda[0] == 0 && f.lambda[1] == 0);
    CHECK(f.a[2] == 0 && f.a[3] == 0);
}

static void test_block_slope(void)
{
    imp_scene2d sc;
    imp_scene2d_body body;
    imp_scene2d_line line;
    imp_sim_system s;
    double al = 0.3, q[3], qd[3], A[16], b[4], v[4];
    block_scene(&sc, &body, &line, al, &s);
    block_on(al, 0.1, 0, q, qd);
    contact_problem(&s, q, qd, 2, (int[]){ 0, 1 }, A, b, v);
    imp_sim_acc_result r;

    /* sticks: mu_s > tan */
    imp_sim_acc_problem p = problem2(2, A, b, v, tan(al) + 0.05, tan(al) - 0.1);
    CHECK(imp_sim_acc_solve(&p, &r) == IMP_OK);
    CHECK(r.mode[0] == IMP_SIM_C_STICK && r.mode[1] == IMP_SIM_C_STICK);
    CHECK_NEAR(r.lambda[0] + r.lambda[2], BM * G0 * sin(al), 1e-13);
    CHECK_NEAR(r.lambda[1] + r.lambda[3], BM * G0 * cos(al), 1e-13);
    for (int j = 0; j < 4; j++) CHECK_NEAR(r.a[j], 0, 1e-13);
    CHECK(r.dir[0][0] == -1);   /* it would slip down the slope */

    /* slides from rest: mu_s < tan; the slip is down the slope (x < 0),
     * with kinetic friction */
    double mk = tan(al) - 0.15, at = -G0 * (sin(al) - mk * cos(al));
    p = problem2(2, A, b, v, tan(al) - 0.05, mk);
    CHECK(imp_sim_acc_solve(&p, &r) == IMP_OK);
    CHECK(r.mode[0] == IMP_SIM_C_SLIDE && r.mode[1] == IMP_SIM_C_SLIDE);
    CHECK(r.dir[0][0] == -1 && r.dir[1][0] == -1);
    CHECK_NEAR(r.a[0], at, 1e-13);
    CHECK_NEAR(r.a[2], at, 1e-13);
    CHECK_NEAR(r.a[1], 0, 1e-13);
    CHECK_NEAR(r.lambda[1] + r.lambda[3], BM * G0 * cos(al), 1e-13);
    CHECK_NEAR(r.lambda[0], mk * r.lambda[1], 1e-13);
    printf("  sliding block: a_t = %.17g, g (sin - mu_k cos) = %.17g\n", r.a[0], -at);

    /* already sliding down (v_t < 0): the same */
    block_on(al, 0.1, -0.7, q, qd);
    contact_problem(&s, q, qd, 2, (int[]){ 0, 1 }, A, b, v);
    p = problem2(2, A, b, v, tan(al) + 0.5, mk);   /* mu_s does not matter */
    CHECK(imp_sim_acc_solve(&p, &r) == IMP_OK);
    CHECK(r.mode[0] == IMP_SIM_C_SLIDE && r.dir[0][0] == -1);
    CHECK_NEAR(r.a[0], at, 1e-13);
    /* sliding up (v_t > 0): friction and gravity both decelerate */
    block_on(al, 0.1, 0.7, q, qd);
    contact_problem(&s, q, qd, 2, (int[]){ 0, 1 }, A, b, v);
    CHECK(imp_sim_acc_solve(&p, &r) == IMP_OK);
    CHECK(r.mode[0] == IMP_SIM_C_SLIDE && r.dir[0][0] == 1);
    CHECK_NEAR(r.a[0], -G0 * (sin(al) + mk * cos(al)), 1e-13);
    CHECK_NEAR(r.lambda[0] + r.lambda[2], -mk * BM * G0 * cos(al), 1e-13);
}

/* Housner's rocking block from rest, pivoting on its right corner at tilt
 * theta: I_O theta'' = -m g R sin(alpha - theta), I_O = 4 m R^2/3 (the
 * scene's A and b, the solver's force, then q'' = M^-1 (f + J^T lambda)). */
static void test_rocking(void)
{
    imp_scene2d sc;
    imp_scene2d_body body;
    imp_scene2d_line line;
    imp_sim_system s;
    block_scene(&sc, &body, &line, 0, &s);
    double R = hypot(BW, BH), al = atan(BW / BH), IO = 4 * BM * R * R / 3, worst = 0;
    for (int k = 1; k < 10; k++) {
        double th = 0.1 * al * k, q[3], qd[3] = { 0, 0, 0 }, A[4], b[2], v[2], J[6];
        /* tilting onto the right corner turns the block clockwise: phi =
         * -theta, the corner (BW, -BH) at the origin */
        double ph = -th, co = cos(ph), si = sin(ph);
        q[0] = -(co * BW + si * BH);
        q[1] = -(si * BW - co * BH);
        q[2] = ph;
        contact_problem(&s, q, qd, 1, (int[]){ 1 }, A, b, v);
        imp_sim_acc_problem p = problem2(1, A, b, v, 1.0, 1.0);
        imp_sim_acc_result r;
        CHECK(imp_sim_acc_solve(&p, &r) == IMP_OK);
        CHECK(r.mode[0] == IMP_SIM_C_STICK);
        s.jac(s.ctx, 1, q, J);
        double thdd = (J[2] * r.lambda[0] + J[5] * r.lambda[1]) / body.I;
        thdd = -thdd;   /* theta = -phi */
        double want = -BM * G0 * R * sin(al - th) / IO;
        CHECK_NEAR(thdd, want, 1e-13);
        worst = fmax(worst, fabs(thdd - want) / fabs(want));
    }
    printf("  rocking block: theta'' against Housner's, max rel error %.2e\n", worst);
}

static void test_liftoff(void)
{
    /* a single point: b_n > 0 lifts off, b_n < 0 with b_t = 0 sticks */
    double A[4] = { 2.0, 0.3, 0.3, 1.0 }, b[2] = { 0.1, 0.5 }, v[2] = { 0, 0 };
    imp_sim_acc_problem p = problem2(1, A, b, v, 0.5, 0.5);
    imp_sim_acc_result r;
    CHECK(imp_sim_acc_solve(&p, &r) == IMP_OK);
    CHECK(r.mode[0] == IMP_SIM_C_OPEN);
    CHECK(r.lambda[0] == 0 && r.lambda[1] == 0);
    CHECK(r.a[0] == b[0] && r.a[1] == b[1]);
    v[0] = 2;   /* sliding: the same */
    CHECK(imp_sim_acc_solve(&p, &r) == IMP_OK);
    CHECK(r.mode[0] == IMP_SIM_C_OPEN);
    /* a rotating block's corner: the centripetal J'q' pulls it off */
    imp_scene2d sc;
    imp_scene2d_body body;
    imp_scene2d_line line;
    imp_sim_system s;
    block_scene(&sc, &body, &line, 0, &s);
    double q[3], qd[3], A1[4], b1[2], v1[2];
    block_on(0, 0, 0, q, qd);
    /* pivoting on corner 1 (w, -h) with spin w: the corner is at rest */
    double w = 12.0;
    qd[0] = -w * BH;       /* c' = -w (-r_y, r_x) for r = (BW, -BH) */
    qd[1] = -w * BW;
    qd[2] = w;
    contact_problem(&s, q, qd, 1, (int[]){ 1 }, A1, b1, v1);
    CHECK(fabs(v1[0]) < 1e-14 && fabs(v1[1]) < 1e-14);
    p = problem2(1, A1, b1, v1, 1, 1);
    /* b_n = -g - w^2 n.r = -g + w^2 h: positive for w^2 > g/h */
    CHECK_NEAR(b1[1], -G0 + w * w * BH, 1e-13);
    CHECK(imp_sim_acc_solve(&p, &r) == IMP_OK);
    CHECK(r.mode[0] == IMP_SIM_C_OPEN);
}

/* MW88's rod: W = [[B1, -B3], [-B3, B2]] in (x, y = normal), b = (0, -g)
 * (no spin: J'q' = 0), sliding with sign s. */
static void test_painleve(void)
{
    double mu = tan(M_PI / 6), worst = 0;
    int n_inc = 0, n_ok = 0;
    for (int si = 0; si < 2; si++) {
        double s = si ? 1 : -1;
        for (int k = 1; k < 360; k++) {
            double th = M_PI * k / 360;
            imp_coef2d c;
            imp_painleve_coef(1, 1, 4, th, s, &c);
            double a = imp_painleve_a(&c, mu, s);
            if (fabs(a) < 1e-9) continue;
            double A[4] = { c.B1, -c.B3, -c.B3, c.B2 }, b[2] = { 0, -G0 }, v[2] = { s * 0.8, 0 };
            imp_sim_acc_problem p = problem2(1, A, b, v, mu, mu);
            imp_sim_acc_result r;
            imp_status st = imp_sim_acc_solve(&p, &r);
            if (a < 0) {
                n_inc++;
                CHECK(st == IMP_ENOSOLUTION);
                CHECK(r.inconsistent == 0);
            } else {
                n_ok++;
                CHECK(st == IMP_OK);
                CHECK(r.mode[0] == IMP_SIM_C_SLIDE && r.dir[0][0] == s);
                double ln = G0 / a;   /* -b_n / a */
                CHECK_NEAR(r.lambda[1], ln, 1e-13);
                CHECK_NEAR(r.lambda[0], -mu * s * ln, 1e-13);
                CHECK_NEAR(r.a[1], 0, 1e-13);
                worst = fmax(worst, fabs(r.lambda[1] - ln) / ln);
            }
            /* 3D: the same contact with a z row that does not couple */
            double A3[9] = { c.B1, -c.B3, 0, -c.B3, c.B2, 0, 0, 0, c.B1 };
            double b3[3] = { 0, -G0, 0 }, v3[3] = { s * 0.8, 0, 0 };
            imp_sim_acc_problem p3 = p;
            p3.dim[0] = 3;
            p3.A = A3;
            p3.b = b3;
            p3.v = v3;
            st = imp_sim_acc_solve(&p3, &r);
            CHECK(st == (a < 0 ? IMP_ENOSOLUTION : IMP_OK));
            if (a < 0) CHECK(r.inconsistent == 0);
            else CHECK_NEAR(r.lambda[1], G0 / a, 1e-13);
        }
    }
    CHECK(n_inc > 10 && n_ok > 10);
    printf("  Painleve: %d inconsistent, %d consistent (max rel error of lambda_n %.2e)\n",
           n_inc, n_ok, worst);
    /* MW88's example: theta = 75 degrees, l = 4, s = -1, a = 9 - 16/sqrt 3 */
    imp_coef2d c;
    imp_painleve_coef(1, 1, 4, 75 * M_PI / 180, -1, &c);
    CHECK_NEAR(imp_painleve_a(&c, mu, -1), 9 - 16 / sqrt(3), 1e-13);
    double A[4] = { c.B1, -c.B3, -c.B3, c.B2 }, b[2] = { 0, -G0 }, v[2] = { -1, 0 };
    imp_sim_acc_problem p = problem2(1, A, b, v, mu, mu);
    imp_sim_acc_result r;
    CHECK(imp_sim_acc_solve(&p, &r) == IMP_ENOSOLUTION);
    /* offered sticking (v = 0), the same rod sticks or slips, consistently */
    v[0] = 0;
    CHECK(imp_sim_acc_solve(&p, &r) == IMP_OK);
    /* a = 0 exactly, b_n != 0: the fixed modes have no force */
    double Az[4] = { 1, -0.5, -0.5, 0.5 }, bz[2] = { 0, -1 }, vz[2] = { -1, 0 };
    p = problem2(1, Az, bz, vz, 1, 1);
    memset(&r, 0, sizeof r);
    r.mode[0] = IMP_SIM_C_SLIDE;
    r.dir[0][0] = -1;
    CHECK(imp_sim_acc_fixed(&p, &r) == IMP_ESINGULAR);
    /* two contacts, the second Painleve: it is named */
    double A2[16] = { 2, 0, 0, 0,  0, 1, 0, 0,  0, 0, c.B1, -c.B3,  0, 0, -c.B3, c.B2 };
    double b2[4] = { 0, -1, 0, -G0 }, v2[4] = { 1, 0, -1, 0 };
    p = problem2(2, A2, b2, v2, mu, mu);
    CHECK(imp_sim_acc_solve(&p, &r) == IMP_ENOSOLUTION);
    CHECK(r.inconsistent == 1);
}

/* 3D: a sphere (m, R, I = 2/5 m R^2) on the ground, contact at r = -R n:
 * W = diag(7/(2m), 1/m, 7/(2m)); a horizontal force F on its centre. */
static void test_sphere3d(void)
{
    double m = 1.5, Wt = 3.5 / m, A[9] = { Wt, 0, 0, 0, 1 / m, 0, 0, 0, Wt };
    double F[2] = { 3.0, -4.0 }, Fl = hypot(F[0], F[1]);   /* (x, z) */
    double b[3] = { F[0] / m, -G0, F[1] / m }, v[3] = { 0, 0, 0 };
    imp_sim_acc_problem p;
    memset(&p, 0, sizeof p);
    p.k = 1;
    p.dim[0] = 3;
    p.A = A;
    p.b = b;
    p.v = v;
    p.v_tol = 1e-9;
    imp_sim_acc_result r;
    /* sticks when 2 |F| / 7 <= mu_s m g */
    p.mu_s[0] = 2 * Fl / 7 / (m * G0) + 0.01;
    p.mu_k[0] = 0.05;
    CHECK(imp_sim_acc_solve(&p, &r) == IMP_OK);
    CHECK(r.mode[0] == IMP_SIM_C_STICK);
    CHECK_NEAR(r.lambda[0], -2 * F[0] / 7, 1e-13);
    CHECK_NEAR(r.lambda[2], -2 * F[1] / 7, 1e-13);
    CHECK_NEAR(r.lambda[1], m * G0, 1e-13);
    /* slips along F otherwise: a_t = F/m - 7/2 mu_k g along F */
    p.mu_s[0] = 2 * Fl / 7 / (m * G0) - 0.01;
    CHECK(imp_sim_acc_solve(&p, &r) == IMP_OK);
    CHECK(r.mode[0] == IMP_SIM_C_SLIDE);
    CHECK_NEAR(r.dir[0][0], F[0] / Fl, 1e-14);
    CHECK_NEAR(r.dir[0][1], F[1] / Fl, 1e-14);
    double at = Fl / m - 3.5 * p.mu_k[0] * G0;
    CHECK_NEAR(r.a[0], at * F[0] / Fl, 1e-13);
    CHECK_NEAR(r.a[2], at * F[1] / Fl, 1e-13);
    CHECK_NEAR(r.lambda[1], m * G0, 1e-13);
    /* sliding (v along (1, 1)): friction against v, whatever F */
    v[0] = v[2] = 0.5;
    CHECK(imp_sim_acc_solve(&p, &r) == IMP_OK);
    CHECK(r.mode[0] == IMP_SIM_C_SLIDE);
    CHECK_NEAR(r.lambda[0], -p.mu_k[0] * m * G0 / sqrt(2), 1e-13);
    CHECK_NEAR(r.lambda[2], -p.mu_k[0] * m * G0 / sqrt(2), 1e-13);
    CHECK_NEAR(r.a[0], F[0] / m - 3.5 * p.mu_k[0] * G0 / sqrt(2), 1e-13);
    /* pulled up: open */
    b[1] = 0.5;
    CHECK(imp_sim_acc_solve(&p, &r) == IMP_OK);
    CHECK(r.mode[0] == IMP_SIM_C_OPEN && r.lambda[1] == 0);
}

static double urand(double lo, double hi) { return lo + (hi - lo) * rand() / (double)RAND_MAX; }

/* Random 2D problems (A = J M^-1 J^T of random Jacobians, fewer or more
 * rows than coordinates): every contact's mode conditions hold. */
static void test_random2d(void)
{
    srand(3);
    double worst = 0;
    int counts[3] = { 0, 0, 0 }, nfail = 0, nmus = 0, njam = 0;
    for (int trial = 0; trial < 2000; trial++) {
        int k = 1 + rand() % 5, n = 2 + rand() % 6, R = 2 * k;
        double J[10 * 8], A[100], b[10], v[10];
        for (int i = 0; i < R * n; i++) J[i] = urand(-1, 1);
        for (int i = 0; i < R; i++) {
            for (int l = 0; l < R; l++) {
                double s = 0;
                for (int j = 0; j < n; j++) s += J[i * n + j] * J[l * n + j];
                A[i * R + l] = s;
            }
            b[i] = urand(-1, 1);
            v[i] = 0;
        }
        /* every other problem: b = J x, in the range of A as J M^-1 f is */
        int inrange = trial % 2;
        if (inrange) {
            double x[8];
            for (int j = 0; j < n; j++) x[j] = urand(-1, 1);
            for (int i = 0; i < R; i++) {
                b[i] = 0;
                for (int j = 0; j < n; j++) b[i] += J[i * n + j] * x[j];
            }
        }
        for (int i = 0; i < k; i++) {
            int sl = rand() % 3 == 0;
            v[2 * i] = sl ? urand(-1, 1) : 0;
        }
        double mu = urand(0, 1);
        imp_sim_acc_problem p = problem2(k, A, b, v, mu, mu * urand(0.5, 1));
        imp_sim_acc_result r;
        imp_status st = imp_sim_acc_solve(&p, &r);
        if (st != IMP_OK) {
            /* only a contact given sliding can make the problem inconsistent */
            nfail++;
            CHECK(st == IMP_ENOSOLUTION);
            if (r.inconsistent < 0) {
                /* no sliding contact: a jam, possible only when b has a
                 * part outside J's range (A singular, J'q' arbitrary) */
                njam++;
                CHECK(!inrange && n < R);
            } else {
                CHECK(r.inconsistent < k && v[2 * r.inconsistent] != 0);
            }
            continue;
        }
        double e = 0;
        for (int i = 0; i < k; i++) {
            double lt = r.lambda[2 * i], ln = r.lambda[2 * i + 1], at = r.a[2 * i], an = r.a[2 * i + 1];
            counts[r.mode[i]]++;
            switch (r.mode[i]) {
            case IMP_SIM_C_OPEN:
                e = fmax(e, fmax(fabs(lt), fabs(ln)));
                e = fmax(e, -an);
                break;
            case IMP_SIM_C_STICK:
                e = fmax(e, fmax(fabs(at), fabs(an)));
                e = fmax(e, fabs(lt) - p.mu_s[i] * ln);
                e = fmax(e, -ln);
                break;
            case IMP_SIM_C_SLIDE:
                e = fmax(e, fabs(an));
                e = fmax(e, -ln);
                if (v[2 * i] == 0) {
                    /* starting to slip: along a_t, against mu_k or (when
                     * mu_k's forces change the other modes) mu_s friction */
                    e = fmax(e, -at * r.dir[i][0]);
                    double ek = fabs(lt + p.mu_k[i] * r.dir[i][0] * ln);
                    double es = fabs(lt + p.mu_s[i] * r.dir[i][0] * ln);
                    nmus += ek > 1e-9 && es <= 1e-9;
                    e = fmax(e, fmin(ek, es));
                } else {
                    e = fmax(e, fabs(lt + p.mu_k[i] * r.dir[i][0] * ln));
                    CHECK(r.dir[i][0] == (v[2 * i] > 0 ? 1 : -1));
                }
                break;
            }
        }
        worst = fmax(worst, e);
        CHECK(e < 1e-9);
        if (!(e < 1e-9)) {
            printf("trial %d k %d mu %g %g\n", trial, k, p.mu_s[0], p.mu_k[0]);
            for (int i = 0; i < k; i++)
                printf("  c%d mode %d dir %g v %g lam (%g %g) a (%g %g)\n", i, r.mode[i], r.dir[i][0],
                       v[2 * i], r.lambda[2 * i], r.lambda[2 * i + 1], r.a[2 * i], r.a[2 * i + 1]);
        }
    }
    printf("  random 2D: modes open %d, stick %d, slide %d (%d with mu_s); %d not solved "
           "(%d jams, b outside J's range); max violation %.2e\n", counts[0], counts[1],
           counts[2], nmus, nfail, njam, worst);
}

/* Random 3-row problems (b in J's range): the active set's answers meet
 * their modes' conditions; how often it finds none is counted. */
static void test_random3d(void)
{
    srand(5);
    double worst = 0;
    int counts[3] = { 0, 0, 0 }, nconv = 0, nsol = 0;
    double dev = 0;
    for (int trial = 0; trial < 500; trial++) {
        int k = 1 + rand() % 4, n = 3 + rand() % 8, R = 3 * k;
        double J[12 * 10], A[144], b[12], v[12], x[10];
        for (int i = 0; i < R * n; i++) J[i] = urand(-1, 1);
        for (int j = 0; j < n; j++) x[j] = urand(-1, 1);
        for (int i = 0; i < R; i++) {
            b[i] = 0;
            for (int j = 0; j < n; j++) b[i] += J[i * n + j] * x[j];
            for (int l = 0; l < R; l++) {
                double s = 0;
                for (int j = 0; j < n; j++) s += J[i * n + j] * J[l * n + j];
                A[i * R + l] = s;
            }
            v[i] = 0;
        }
        imp_sim_acc_problem p;
        memset(&p, 0, sizeof p);
        p.k = k;
        p.A = A;
        p.b = b;
        p.v = v;
        p.v_tol = 1e-9;
        for (int i = 0; i < k; i++) {
            p.dim[i] = 3;
            p.mu_s[i] = urand(0, 1);
            p.mu_k[i] = p.mu_s[i] * urand(0.5, 1);
            if (rand() % 3 == 0) { v[3 * i] = urand(-1, 1); v[3 * i + 2] = urand(-1, 1); }
        }
        imp_sim_acc_result r;
        imp_status st = imp_sim_acc_solve(&p, &r);
        if (st == IMP_ENOCONV) { nconv++; continue; }
        if (st == IMP_ENOSOLUTION) { nsol++; CHECK(r.inconsistent >= 0); continue; }
        CHECK(st == IMP_OK);
        double e = 0;
        for (int i = 0; i < k; i++) {
            const double *l = &r.lambda[3 * i], *a = &r.a[3 * i];
            double lt = hypot(l[0], l[2]);
            counts[r.mode[i]]++;
            if (r.mode[i] == IMP_SIM_C_OPEN) {
                e = fmax(e, fmax(lt, fabs(l[1])));
                e = fmax(e, -a[1]);
            } else if (r.mode[i] == IMP_SIM_C_STICK) {
                e = fmax(e, fmax(fabs(a[0]), fmax(fabs(a[1]), fabs(a[2]))));
                e = fmax(e, fmax(-l[1], lt - p.mu_s[i] * l[1]));
            } else {
                e = fmax(e, fmax(fabs(a[1]), -l[1]));
                e = fmax(e, fabs(l[0] + p.mu_k[i] * r.dir[i][0] * l[1]));
                e = fmax(e, fabs(l[2] + p.mu_k[i] * r.dir[i][1] * l[1]));
                if (v[3 * i] == 0) {
                    /* starting to slip: along its acceleration */
                    e = fmax(e, -(a[0] * r.dir[i][0] + a[2] * r.dir[i][1]));
                    double am = hypot(a[0], a[2]);
                    if (am > 1e-9)
                        dev = fmax(dev, hypot(a[0] / am - r.dir[i][0], a[2] / am - r.dir[i][1]));
                }
            }
        }
        worst = fmax(worst, e);
        CHECK(e < 1e-9);
        if (!(e < 1e-9))
            for (int i = 0; i < k; i++)
                printf("T3 c%d mode %d dir (%g %g) v (%g %g) mu %g %g lam (%g %g %g) a (%g %g %g)\n", i,
                       r.mode[i], r.dir[i][0], r.dir[i][1], v[3 * i], v[3 * i + 2], p.mu_s[i], p.mu_k[i],
                       r.lambda[3 * i], r.lambda[3 * i + 1], r.lambda[3 * i + 2], r.a[3 * i],
                       r.a[3 * i + 1], r.a[3 * i + 2]);
    }
    printf("  random 3D: modes open %d, stick %d, slide %d; %d IMP_ENOCONV, %d IMP_ENOSOLUTION; "
           "max violation %.2e, slip start off a_t by %.2e\n", counts[0], counts[1], counts[2],
           nconv, nsol, worst, dev);
    CHECK(dev < 1e-6);
    CHECK(nconv < 60);   /* a regression guard: 46 of 500 when written */
}

/* Gravity along a vertical wall: lambda_n = a_n = 0, the tie closes the
 * contact, and with no normal force it slides down. */
static void test_tie(void)
{
    double A[4] = { 2, 0, 0, 1 }, b[2] = { -G0, 0 }, v[2] = { 0, 0 };
    imp_sim_acc_problem p = problem2(1, A, b, v, 0.5, 0.5);
    imp_sim_acc_result r;
    CHECK(imp_sim_acc_solve(&p, &r) == IMP_OK);
    CHECK(r.mode[0] == IMP_SIM_C_SLIDE && r.dir[0][0] == -1);
    CHECK(r.lambda[0] == 0 && r.lambda[1] == 0 && r.a[0] == -G0);
    b[0] = 0;   /* nothing at all: closed and sticking */
    CHECK(imp_sim_acc_solve(&p, &r) == IMP_OK);
    CHECK(r.mode[0] == IMP_SIM_C_STICK);
}

/* Two sliding contacts (mu_k = 0) of a unit-mass point in 3 coordinates,
 * tangent rows (1, 0, 0), normal rows (0, 1, 0) and (0, 1, e), under
 * gravity: K = [1 1; 1 1 + e^2], K z = (g, g). Well conditioned (e = 0.5):
 * the unique z = (g, 0). Nearly redundant (e = 1e-7, singular values 2
 * and e^2/2, below dgelsd's 1e-12): the minimum-norm z = (g/2, g/2), not
 * the direct solve's (g, 0). */
static void test_near_redundant(void)
{
    const double es[2] = { 0.5, 1e-7 };
    for (int c = 0; c < 2; c++) {
        double e = es[c], J[12] = { 1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1, e };
        double u[3] = { 0, -G0, 0 }, A[16], b[4], v[4] = { 0, 0, 0, 0 };
        for (int i = 0; i < 4; i++) {
            b[i] = J[i * 3 + 1] * u[1];
            for (int l = 0; l < 4; l++)
                A[i * 4 + l] = J[i * 3] * J[l * 3] + J[i * 3 + 1] * J[l * 3 + 1]
                               + J[i * 3 + 2] * J[l * 3 + 2];
        }
        imp_sim_acc_problem p = problem2(2, A, b, v, 0, 0);
        imp_sim_acc_result r;
        memset(&r, 0, sizeof r);
        r.mode[0] = r.mode[1] = IMP_SIM_C_SLIDE;
        r.dir[0][0] = r.dir[1][0] = 1;
        CHECK(imp_sim_acc_fixed(&p, &r) == IMP_OK);
        double z0 = c == 0 ? G0 : G0 / 2, z1 = c == 0 ? 0 : G0 / 2;
        CHECK_NEAR(r.lambda[1], z0, 1e-13 * G0);
        CHECK_NEAR(r.lambda[3], z1, 1e-13 * G0);
        CHECK(r.lambda[0] == 0 && r.lambda[2] == 0);
        printf("  e = %g: lambda_n = %.17g, %.17g\n", e, r.lambda[1], r.lambda[3]);
    }
}

static void test_bad_input(void)
{
    double A[4] = { 1, 0, 0, 1 }, b[2] = { 0, -1 }, v[2] = { 0, 0 };
    imp_sim_acc_problem p = problem2(1, A, b, v, 0.5, 0.5);
    imp_sim_acc_result r;
    CHECK(imp_sim_acc_solve(&p, &r) == IMP_OK);
    p.k = 0;
    CHECK(imp_sim_acc_solve(&p, &r) == IMP_EINPUT);
    p.k = IMP_MULTI_MAX + 1;
    CHECK(imp_sim_acc_solve(&p, &r) == IMP_EINPUT);
    p = problem2(1, A, b, v, 0.5, 0.6);   /* mu_k > mu_s */
    CHECK(imp_sim_acc_solve(&p, &r) == IMP_EINPUT);
    p = problem2(1, A, b, v, 0.5, -0.1);
    CHECK(imp_sim_acc_solve(&p, &r) == IMP_EINPUT);
    p = problem2(1, A, b, v, 0.5, 0.5);
    p.dim[0] = 4;
    CHECK(imp_sim_acc_solve(&p, &r) == IMP_EINPUT);
    p = problem2(1, A, b, v, 0.5, 0.5);
    p.v_tol = -1;
    CHECK(imp_sim_acc_solve(&p, &r) == IMP_EINPUT);
    p = problem2(1, A, b, v, 0.5, 0.5);
    p.v = NULL;
    CHECK(imp_sim_acc_solve(&p, &r) == IMP_EINPUT);
    p = problem2(1, A, b, v, 0.5, 0.5);
    A[1] = NAN;
    CHECK(imp_sim_acc_solve(&p, &r) == IMP_EINPUT);
    A[1] = 0;
    b[0] = INFINITY;
    CHECK(imp_sim_acc_solve(&p, &r) == IMP_EINPUT);
    b[0] = 0;
    memset(&r, 0, sizeof r);
    r.mode[0] = IMP_SIM_C_SLIDE;   /* no direction */
    CHECK(imp_sim_acc_fixed(&p, &r) == IMP_EINPUT);
    r.mode[0] = 7;
    CHECK(imp_sim_acc_fixed(&p, &r) == IMP_EINPUT);
    CHECK(imp_sim_acc_solve(NULL, &r) == IMP_EINPUT);
    CHECK(imp_sim_acc_solve(&p, NULL) == IMP_EINPUT);
}

int main(void)
{
    RUN(test_block_resting);
    RUN(test_block_slope);
    RUN(test_rocking);
    RUN(test_liftoff);
    RUN(test_painleve);
    RUN(test_sphere3d);
    RUN(test_random2d);
    RUN(test_random3d);
    RUN(test_tie);
    RUN(test_near_redundant);
    RUN(test_bad_input);
    return check_summary();
}
