/* Stronge's tangential compliance (compliance2d.c) against the workbench's
 * test vectors (the WM92 rod, the compliant sphere's tangential rebound),
 * its limits (frictionless, rigid eta2 -> 0, gross slip = Routh), the
 * energy balance, and an independent solver written here: RK4 over time on
 * the model's own state (delta, u), events bisected on re-taken partial
 * steps (Stronge 2000's lumped model as stated, no shared code). */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "compliance2d.h"

static imp_cresult2d solve(double B1, double B2, double B3, double S0, double C0,
                           double mu, double e, double eta2)
{
    imp_coef2d c = {B1, B2, B3, S0, C0, 0};
    imp_cresult2d r;
    imp_status st = imp_compliance2d_solve(&c, mu, e, eta2, &r);
    CHECK(st == IMP_OK);
    return r;
}

/* The p of the i-th vertex with event ev (0-based among those), or NaN. */
static double event_p(const imp_cresult2d *r, imp_cevent ev, int nth)
{
    for (int i = 0; i < r->nvert; i++)
        if (r->vert[i].event == ev && nth-- == 0)
            return r->vert[i].Py;
    return NAN;
}

/* The sequence of events after start, as a string of letters
 * (l = slip start, s = stick, c = max-compression, e = end). */
static void event_letters(const imp_cresult2d *r, char *buf)
{
    int n = 0;
    for (int i = 0; i < r->nvert; i++) {
        imp_cevent ev = r->vert[i].event;
        if (ev == IMP_CEV_START)
            buf[n++] = r->vert[i].sigma ? 'l' : 's';
        else
            buf[n++] = ev == IMP_CEV_STICK ? 's' : ev == IMP_CEV_SLIP ? 'l'
                     : ev == IMP_CEV_MAXC ? 'c' : 'e';
    }
    buf[n] = 0;
}

/* The reference vectors: S0 = 0.6, C0 = -1, rod B1 = B2 = 2.5, B3 = 1.5 */
static void test_rod_vectors(void)
{
    static const struct { double mu, e, eta2, Px, Py, S, C, et, dT; const char *ev; } row[] = {
        {0.3, 0.5, 1.2, -0.144261761, 0.511052605, -0.527233309, 0.494024153, 0.878722181,
         -0.134538863, "lscle"},
        {0.8, 0.5, 1.2, -0.204212706, 0.474281016, -0.621953289, 0.492021599, 1.036588815,
         -0.118220686, "scle"},
        {0.3, 0.5, -0.3, -0.144516162, 0.511030910, -0.527836770, 0.494351518, 0.879727951,
         -0.134415378, "lscle"},
        {0.8, 1, 0.5, -0.149589824, 0.595721938, -0.667557466, 0.713689580, 1.112595777,
         -0.080227744, "lscle"},
        {0.3, 0.9, 0.05, 0.013665150, 0.708579119, -0.428705804, 0.750950073, 0.714509674,
         -0.087065408, "lscle"},
    };
    for (int i = 0; i < 5; i++) {
        double eta2 = row[i].eta2 < 0 ? imp_compliance_eta2_from_nu(-row[i].eta2) : row[i].eta2;
        imp_cresult2d r = solve(2.5, 2.5, 1.5, 0.6, -1, row[i].mu, row[i].e, eta2);
        CHECK_NEAR(r.Px, row[i].Px, 1e-9);
        CHECK_NEAR(r.Py, row[i].Py, 1e-9);
        CHECK_NEAR(r.S, row[i].S, 1e-9);
        CHECK_NEAR(r.C, row[i].C, 1e-9);
        CHECK_NEAR(r.et, row[i].et, 1e-9);
        CHECK_NEAR(r.dT, row[i].dT, 1e-9);
        char ev[64];
        event_letters(&r, ev);
        CHECK(strcmp(ev, row[i].ev) == 0);
        if (strcmp(ev, row[i].ev) != 0)
            fprintf(stderr, "row %d events %s, expected %s\n", i + 1, ev, row[i].ev);
        if (r.mode != IMP_MODE_C_REVERSED)
            fprintf(stderr, "row %d mode %s\n", i + 1, imp_mode_name(r.mode));
        CHECK(r.mode == IMP_MODE_C_REVERSED);
    }
    imp_cresult2d r = solve(2.5, 2.5, 1.5, 0.6, -1, 0.3, 0.5, 1.2);
    CHECK_NEAR(event_p(&r, IMP_CEV_STICK, 0), 0.202020202, 1e-9);
    CHECK_NEAR(event_p(&r, IMP_CEV_MAXC, 0), 0.339647278, 1e-9);
    CHECK_NEAR(r.Pc, 0.339647278, 1e-9);
    CHECK_NEAR(event_p(&r, IMP_CEV_SLIP, 0), 0.509289963, 1e-9);
    CHECK_NEAR(r.Ec, 0.169559578, 1e-9);
    CHECK_NEAR(r.Df, 0.007369179, 1e-9);
    CHECK_NEAR(r.dT, -(1 - 0.25) * 0.169559578 - 0.007369179, 2e-9);
    r = solve(2.5, 2.5, 1.5, 0.6, -1, 0.8, 0.5, 1.2);
    CHECK_NEAR(event_p(&r, IMP_CEV_MAXC, 0), 0.314597407, 1e-9);
    CHECK_NEAR(event_p(&r, IMP_CEV_SLIP, 0), 0.473015794, 1e-9);
    r = solve(2.5, 2.5, 1.5, 0.6, -1, 0.8, 1, 0.5);
    CHECK_NEAR(event_p(&r, IMP_CEV_STICK, 0), 0.099009901, 1e-9);
}

/* The reference sphere row: B1 = 3.5, B2 = 1, mu = 0.3, e = 0.8, nu = 0.3 */
static void test_sphere_row(void)
{
    static const double psi[6] = {0.5, 1, 2, 3, 5, 6};
    static const double ratio[6] = {-0.075344139, -0.221247878, -0.537185484, -0.583308511,
                                    -0.26, -0.05};
    double eta2 = imp_compliance_eta2_from_nu(0.3);
    for (int i = 0; i < 6; i++) {
        double S0 = psi[i] * 0.3;
        imp_cresult2d r = solve(3.5, 1, 0, S0, -1, 0.3, 0.8, eta2);
        CHECK_NEAR(r.S / S0, ratio[i], 1e-9);
        CHECK_NEAR(r.et, -ratio[i], 1e-9);
    }
}

/* The sphere's table: S/S0 of the uniform solid sphere against psi = -(S0/C0)/mu. */
static void test_sphere_table(void)
{
    static const double psi[11] = {0.1, 0.5, 1, 1.5, 2, 3, 4, 5, 6, 8, 10};
    static const double col_e[5] = {1, 1, 0.8, 0.8, 0.5}, col_nu[5] = {0.23, 0.33, 0.23, 0.33, 0.33};
    static const double tab[11][5] = {
        {0.672183, 0.494397, 0.186224, -0.006203, -0.701866},
        {0.544447, 0.350234, 0.047047, -0.131263, -0.737465},
        {0.325470, 0.146141, -0.117363, -0.268385, -0.772669},
        {0.009966, -0.095940, -0.334544, -0.425274, -0.820050},
        {-0.238507, -0.317878, -0.490253, -0.559183, -0.824454},
        {-0.419470, -0.470300, -0.554073, -0.597140, -0.684636},
        {-0.417528, -0.448839, -0.470392, -0.493372, -0.312500},
        {-0.330601, -0.345187, -0.260000, -0.260000, -0.050000},
        {-0.166667, -0.166667, -0.050000, -0.050000, 0.125000},
        {0.125000, 0.125000, 0.212500, 0.212500, 0.343750},
        {0.300000, 0.300000, 0.370000, 0.370000, 0.475000},
    };
    double mu = 0.4, C0 = -2;    /* the ratio depends on psi alone */
    for (int j = 0; j < 5; j++) {
        double eta2 = imp_compliance_eta2_from_nu(col_nu[j]);
        for (int i = 0; i < 11; i++) {
            double S0 = psi[i] * mu * -C0;
            imp_cresult2d r = solve(3.5, 1, 0, S0, C0, mu, col_e[j], eta2);
            CHECK_NEAR(r.S / S0, tab[i][j], 6e-7);
        }
    }
    /* the rigid column is Routh's, and gross slip (psi >= (1+e) B1/B2 - eta2/e)
     * is Routh's exactly */
    /* gross slip: w = S + sigma mu (k_p/k_t) C never reaches 0; with B3 = 0
     * it is piecewise linear in p, least at maximum compression (psi >= B1/B2)
     * or at the end (psi >= (1+e) B1/B2 - eta2/e). Then S/S0 is the sliding
     * line's 1 - (1+e) B1/(B2 psi), Routh's result where Routh slides too
     * (psi >= (1+e) B1/B2; below it Routh stops the slip at S = 0). */
    int ngross = 0;
    for (int j = 0; j < 5; j++) {
        double eta2 = imp_compliance_eta2_from_nu(col_nu[j]), e = col_e[j];
        for (int i = 0; i < 11; i++) {
            if (psi[i] < fmax(3.5, (1 + e) * 3.5 - eta2 / e))
                continue;
            double S0 = psi[i] * mu * -C0;
            imp_cresult2d r = solve(3.5, 1, 0, S0, C0, mu, e, eta2);
            CHECK(r.mode == IMP_MODE_SLIDING);
            CHECK(r.nvert == 3);
            CHECK_NEAR(r.S / S0, 1 - (1 + e) * 3.5 / psi[i], 1e-13);
            ngross++;
            if (psi[i] < (1 + e) * 3.5)
                continue;
            imp_coef2d c = {3.5, 1, 0, S0, C0, 0};
            imp_law law = {IMP_LAW_ENERGETIC, e, NULL, NULL};
            imp_result2d q;
            CHECK(imp_path2d_solve(&c, mu, mu, &law, &q) == IMP_OK);
            CHECK_NEAR(r.S, q.S, 1e-13);
            CHECK_NEAR(r.Px, q.Px, 1e-13);
            CHECK_NEAR(r.Py, q.Py, 1e-13);
        }
    }
    CHECK(ngross == 19);   /* psi >= 6, 6, 5, 5, 4 in the five columns */
}

/* eta2 = (2 - nu)/(2 (1 - nu)) */
static void test_nu(void)
{
    CHECK_NEAR(imp_compliance_eta2_from_nu(0), 1, 1e-15);
    CHECK_NEAR(imp_compliance_eta2_from_nu(0.23), 1.1494, 1e-4);
    CHECK_NEAR(imp_compliance_eta2_from_nu(0.3), 1.2143, 1e-4);
    CHECK_NEAR(imp_compliance_eta2_from_nu(0.33), 1.2463, 1e-4);
    CHECK_NEAR(imp_compliance_eta2_from_nu(0.5), 1.5, 1e-15);
}

static imp_result2d routh(double B1, double B2, double B3, double S0, double C0,
                          double mu, double e)
{
    imp_coef2d c = {B1, B2, B3, S0, C0, 0};
    imp_law law = {IMP_LAW_ENERGETIC, e, NULL, NULL};
    imp_result2d r;
    CHECK(imp_path2d_solve(&c, mu, mu, &law, &r) == IMP_OK);
    return r;
}

static double dist(const imp_cresult2d *a, const imp_result2d *b)
{
    return hypot(a->Px - b->Px, a->Py - b->Py) / (1 + hypot(b->Px, b->Py));
}

/* Limits: frictionless; the rigid limit; gross slip = Routh exactly. */
static void test_limits(void)
{
    imp_cresult2d r = solve(2.5, 2.5, 1.5, 0.6, -1, 0, 0.5, 1.2);
    CHECK_NEAR(r.Px, 0, 1e-14);
    CHECK_NEAR(r.Py, 1.5 / 2.5, 1e-13);
    CHECK_NEAR(r.Df, 0, 1e-14);
    r = solve(1.3, 0.7, -0.4, -2, -3, 0, 0.2, 0.01);
    CHECK_NEAR(r.Py, 1.2 * 3 / 0.7, 1e-12);
    /* rigid limit: O(eta) on a reversing path, O(eta^2) on a sticking one */
    double dr[3], ds[3];
    static const double eta2[3] = {1e-2, 1e-4, 1e-6};
    imp_result2d rr = routh(2.5, 2.5, 1.5, 0.6, -1, 0.3, 0.5);
    imp_result2d rs = routh(2.5, 2.5, 1.5, 0.6, -1, 0.8, 0.5);
    CHECK(rr.mode == IMP_MODE_C_REVERSED);
    CHECK(rs.mode == IMP_MODE_C_STICKING);
    for (int i = 0; i < 3; i++) {
        r = solve(2.5, 2.5, 1.5, 0.6, -1, 0.3, 0.5, eta2[i]);
        dr[i] = dist(&r, &rr);
        r = solve(2.5, 2.5, 1.5, 0.6, -1, 0.8, 0.5, eta2[i]);
        ds[i] = dist(&r, &rs);
        printf("eta2 = %g: reversed %.2e, sticking %.2e (%ld steps)\n", eta2[i], dr[i], ds[i],
               r.nsteps);
    }
    for (int i = 0; i < 2; i++) {
        CHECK(dr[i + 1] / dr[i] > 0.1 / 1.5 && dr[i + 1] / dr[i] < 0.1 * 1.5);
        CHECK(ds[i + 1] / ds[i] > 0.01 / 1.5 && ds[i + 1] / ds[i] < 0.01 * 1.5);
    }
    CHECK(dr[2] < 1e-3 && ds[2] < 1e-6);
    /* gross slip: the particle never sticks, the result is Routh's */
    double cases[][7] = {
        {2.5, 2.5, 1.5, 5, -1, 0.3, 0.5}, {3.5, 1, 0, 3, -1, 0.3, 0.8},
        {1.7, 0.9, -0.5, -4, -0.5, 0.2, 1}, {3.5, 1, 0, 3, -1, 0.3, 0},
    };
    for (int i = 0; i < 4; i++) {
        double *a = cases[i];
        imp_result2d q = routh(a[0], a[1], a[2], a[3], a[4], a[5], a[6]);
        for (int k = 0; k < 3; k++) {
            r = solve(a[0], a[1], a[2], a[3], a[4], a[5], a[6], 0.1 + k);
            CHECK(r.mode == IMP_MODE_SLIDING);
            CHECK(q.mode == IMP_MODE_SLIDING);
            CHECK_NEAR(r.Px, q.Px, 1e-13);
            CHECK_NEAR(r.Py, q.Py, 1e-13);
            CHECK_NEAR(r.S, q.S, 1e-13);
            CHECK_NEAR(r.dT, q.dT, 1e-13);
        }
    }
    /* C0 >= 0: no impulse */
    r = solve(2.5, 2.5, 1.5, 0.6, 0.1, 0.3, 0.5, 1.2);
    CHECK(r.mode == IMP_MODE_NONE && r.Px == 0 && r.Py == 0 && r.S == 0.6);
}

static double urand(double a, double b)
{
    return a + (b - a) * (rand() / (double)RAND_MAX);
}

/* A random body against the ground (B's from m, rho, x, y). */
static void random_problem(double *B, double *S0, double *C0, double *mu, double *e,
                           double *eta2, int sphere)
{
    double m = urand(0.5, 2), rho = urand(0.2, 1), x = urand(-1, 1), y = urand(0.2, 1.5);
    if (sphere) {
        x = 0;
        rho = y * sqrt(0.4);
    }
    double I = m * rho * rho;
    B[0] = 1 / m + y * y / I;
    B[1] = 1 / m + x * x / I;
    B[2] = x * y / I;
    *C0 = -urand(0.2, 3);
    *S0 = urand(-2, 2) * -*C0;
    *mu = urand(0.05, 1);
    *e = urand(0.05, 1);
    *eta2 = urand(0.3, 3);
}

/* dT = Wn + Wt, Wt = -Df <= 0, Wn = -(1 - e^2) Ec, dT <= 0. */
static void test_energy(void)
{
    srand(7);
    double worst = 0;
    for (int n = 0; n < 60; n++) {
        double B[3], S0, C0, mu, e, eta2;
        random_problem(B, &S0, &C0, &mu, &e, &eta2, n % 4 == 0);
        if (n % 5 == 1)
            e = 0;                 /* plastic: ends at maximum compression */
        imp_coef2d c = {B[0], B[1], B[2], S0, C0, 0};
        imp_cresult2d r;
        imp_status st = imp_compliance2d_solve(&c, mu, e, eta2, &r);
        if (st == IMP_ENOSOLUTION)
            continue;            /* a restitution that re-compresses: no model */
        CHECK(st == IMP_OK);
        double scale = C0 * C0 / B[1] + S0 * S0 / B[0];
        double bal = fabs(r.dT - (r.Wn + r.Wt)) / scale;
        worst = fmax(worst, bal);
        CHECK(bal <= 1e-12);
        CHECK_NEAR(r.Wt / scale, -r.Df / scale, 1e-12);
        CHECK(r.Df >= -1e-15 * scale);
        CHECK(r.dT <= 1e-14 * scale);
        CHECK_NEAR(r.Wn, -(1 - e * e) * r.Ec, 1e-15);
        CHECK(r.Py > 0);
    }
    printf("energy balance: worst |dT - Wn - Wt|/T-scale = %.1e\n", worst);
}

/* ---- the independent solver: RK4 over time on (Px, Py, delta, u) ---- */

typedef struct {
    double B1, B2, B3, S0, C0, mu, e, kt;
    int stick, sigma, rest;
    double df;                  /* delta_f */
} ref_model;

typedef struct { double Px, Py, d, u; } ref_state;

static double ref_S(const ref_model *m, const ref_state *y) { return m->S0 + m->B1 * y->Px - m->B3 * y->Py; }
static double ref_C(const ref_model *m, const ref_state *y) { return m->C0 - m->B3 * y->Px + m->B2 * y->Py; }
/* normal spring: k delta in compression, (k/e^2)(delta - delta_f) after (k = 1) */
static double ref_Fn(const ref_model *m, const ref_state *y)
{
    return m->rest ? (y->d - m->df) / (m->e * m->e) : y->d;
}
static double ref_kp(const ref_model *m) { return m->rest ? 1 / (m->e * m->e) : 1; }

static void ref_rhs(const ref_model *m, const ref_state *y, ref_state *dy)
{
    double Fn = ref_Fn(m, y), C = ref_C(m, y);
    dy->d = -C;
    dy->Py = Fn;
    if (m->stick) {
        dy->u = ref_S(m, y);
        dy->Px = -m->kt * y->u;
    } else {
        dy->Px = -m->sigma * m->mu * Fn;
        dy->u = m->sigma * m->mu * (ref_kp(m) * -C) / m->kt;
    }
}

static ref_state ref_rk4(const ref_model *m, ref_state y, double h)
{
    ref_state k1, k2, k3, k4, t;
#define AX(a, b, s) (ref_state){a.Px + s * b.Px, a.Py + s * b.Py, a.d + s * b.d, a.u + s * b.u}
    ref_rhs(m, &y, &k1);
    t = AX(y, k1, h / 2);
    ref_rhs(m, &t, &k2);
    t = AX(y, k2, h / 2);
    ref_rhs(m, &t, &k3);
    t = AX(y, k3, h);
    ref_rhs(m, &t, &k4);
#undef AX
    y.Px += h / 6 * (k1.Px + 2 * k2.Px + 2 * k3.Px + k4.Px);
    y.Py += h / 6 * (k1.Py + 2 * k2.Py + 2 * k3.Py + k4.Py);
    y.d += h / 6 * (k1.d + 2 * k2.d + 2 * k3.d + k4.d);
    y.u += h / 6 * (k1.u + 2 * k2.u + 2 * k3.u + k4.u);
    if (!m->stick)              /* u = sigma mu F_n / k_t */
        y.u = m->sigma * m->mu * ref_Fn(m, &y) / m->kt;
    return y;
}

/* Which event has happened at y (0 none; 1 slip, 2 stick, 3 max-c, 4 end). */
static int ref_event(const ref_model *m, const ref_state *y)
{
    double Fn = ref_Fn(m, y), C = ref_C(m, y);
    if (m->mu > 0 && m->stick && m->kt * fabs(y->u) >= m->mu * Fn && (y->u != 0 || Fn != 0))
        return 1;
    if (m->mu > 0 && !m->stick) {
        double w = ref_S(m, y) - m->sigma * m->mu * (ref_kp(m) * -C) / m->kt;
        if (m->sigma * w <= 0)
            return 2;
    }
    if (!m->rest && C >= 0)
        return 3;
    if (m->rest && Fn <= 0)
        return 4;
    return 0;
}

/* Px, Py at the end and the p of each event (up to 64). */
static void ref_solve(double B1, double B2, double B3, double S0, double C0, double mu,
                      double e, double eta2, int nper, double out[2], double evp[64], int *nev)
{
    ref_model m = {B1, B2, B3, S0, C0, mu, e, 1 / eta2, 0, 0, 0, 0};
    m.stick = fabs(S0) <= mu * eta2 * fabs(C0);
    m.sigma = S0 > 0 ? 1 : -1;
    ref_state y = {0, 0, 0, 0};
    *nev = 0;
    for (;;) {
        double om = sqrt(m.kt * B1 + ref_kp(&m) * (B2 + mu * fabs(B3)));
        double h = 2 * M_PI / om / nper;
        ref_state y1 = ref_rk4(&m, y, h);
        if (!ref_event(&m, &y1) || (y.d == 0 && m.stick && ref_event(&m, &y1) == 1 && 0)) {
            y = y1;
            continue;
        }
        double lo = 0, hi = h;
        for (int it = 0; it < 100; it++) {
            double mid = 0.5 * (lo + hi);
            ref_state ym = ref_rk4(&m, y, mid);
            if (ref_event(&m, &ym))
                hi = mid;
            else
                lo = mid;
        }
        y = ref_rk4(&m, y, hi);
        int ev = ref_event(&m, &y);
        if (*nev < 64)
            evp[(*nev)++] = y.Py;
        if (ev == 1) {
            m.stick = 0;
            m.sigma = y.u > 0 ? 1 : -1;
        } else if (ev == 2) {
            m.stick = 1;
        } else if (ev == 3) {
            m.df = (1 - e * e) * y.d;
            m.rest = 1;
        } else {
            break;
        }
    }
    out[0] = y.Px;
    out[1] = y.Py;
}

static void test_independent(void)
{
    srand(11);
    double worst = 0, worst_conv = 0;
    for (int n = 0; n < 12; n++) {
        double B[3], S0, C0, mu, e, eta2;
        random_problem(B, &S0, &C0, &mu, &e, &eta2, n % 3 == 0);
        if (n == 0) {           /* the first reference vector */
            B[0] = B[1] = 2.5, B[2] = 1.5, S0 = 0.6, C0 = -1, mu = 0.3, e = 0.5, eta2 = 1.2;
        }
        if (n == 1 || n == 2) { /* the rigid limit's sticking rod, stiff springs */
            B[0] = B[1] = 2.5, B[2] = 1.5, S0 = 0.6, C0 = -1, mu = 0.8, e = 0.5;
            eta2 = n == 1 ? 1e-2 : 1e-4;
        }
        e = fmax(e, 0.3);
        imp_coef2d c = {B[0], B[1], B[2], S0, C0, 0};
        imp_cresult2d r;
        if (imp_compliance2d_solve(&c, mu, e, eta2, &r) != IMP_OK)
            continue;
        double a[2], b[2], ea[64], eb[64];
        int na, nb;
        ref_solve(B[0], B[1], B[2], S0, C0, mu, e, eta2, 400, a, ea, &na);
        ref_solve(B[0], B[1], B[2], S0, C0, mu, e, eta2, 800, b, eb, &nb);
        double conv = fmax(fabs(a[0] - b[0]), fabs(a[1] - b[1]));
        double d = fmax(fabs(r.Px - b[0]), fabs(r.Py - b[1]));
        worst = fmax(worst, d);
        worst_conv = fmax(worst_conv, conv);
        CHECK(d <= 1e-9);
        CHECK(d <= 2 * conv + 1e-12);   /* within what RK4's own convergence shows */
        CHECK(nb == r.nvert - 1);        /* the same events (start not counted) */
        if (nb != r.nvert - 1)
        {
            fprintf(stderr, "problem %d: %d events, reference %d:", n, r.nvert - 1, nb);
            for (int i = 0; i < nb; i++)
                fprintf(stderr, " %.9g", eb[i]);
            fprintf(stderr, "; P %.12g %.12g vs %.12g %.12g\n", r.Px, r.Py, b[0], b[1]);
        }
        for (int i = 0; i < nb && i + 1 < r.nvert; i++)
            CHECK_NEAR(r.vert[i + 1].Py, eb[i], 1e-9);
    }
    printf("independent RK4: worst |P - P_ref| = %.1e (RK4 h vs h/2: %.1e)\n", worst, worst_conv);
}

/* Re-compression in restitution is reported, not integrated. */
static void test_recompression(void)
{
    /* a slip that compresses (B2 + sigma mu B3 < 0) carried past max-c needs
     * the stick to fail; search a few for one that errs, and check none
     * returns a wrong success silently: each run either succeeds with
     * C >= 0 at the end or says IMP_ENOSOLUTION */
    int seen = 0;
    for (int i = 0; i < 40; i++) {
        double B3 = -0.95 * sqrt(1.0 * 4.0) * (0.5 + i / 80.0);
        imp_coef2d c = {1, 4, B3, 3 + 0.1 * i, -1, 0};
        imp_cresult2d r;
        imp_status st = imp_compliance2d_solve(&c, 3, 0.9, 0.1, &r);
        CHECK(st == IMP_OK || st == IMP_ENOSOLUTION);
        if (st == IMP_OK)
            CHECK(r.C >= 0);
        seen += st == IMP_ENOSOLUTION;
    }
    printf("re-compression reported in %d of 40\n", seen);
    imp_coef2d bad = {1, 1, 2, 0, -1, 0};
    imp_cresult2d r;
    CHECK(imp_compliance2d_solve(&bad, 0.3, 0.5, 1, &r) == IMP_EINPUT);
    imp_coef2d ok = {1, 1, 0, 0, -1, 0};
    CHECK(imp_compliance2d_solve(&ok, 0.3, 0.5, 0, &r) == IMP_EINPUT);
    CHECK(imp_compliance2d_solve(&ok, -0.1, 0.5, 1, &r) == IMP_EINPUT);
    CHECK(imp_compliance2d_solve(&ok, 0.3, 1.5, 1, &r) == IMP_EINPUT);
}

/* Invariants: the mirror (S0, B3) -> (-S0, -B3) flips Px and S; the
 * problem is homogeneous (impulses scale as v/b for velocities v and B's b,
 * works as v^2/b); e = 0 ends at maximum compression with the spring's
 * energy dissipated; a direct impact starts stuck. */
static void test_invariants(void)
{
    imp_cresult2d a = solve(2.5, 2.5, 1.5, 0.6, -1, 0.3, 0.5, 1.2);
    imp_cresult2d b = solve(2.5, 2.5, -1.5, -0.6, -1, 0.3, 0.5, 1.2);
    CHECK_NEAR(b.Px, -a.Px, 1e-14);
    CHECK_NEAR(b.Py, a.Py, 1e-14);
    CHECK_NEAR(b.S, -a.S, 1e-14);
    CHECK_NEAR(b.et, a.et, 1e-14);
    imp_cresult2d c = solve(2.5 * 8, 2.5 * 8, 1.5 * 8, 0.6 * 0.25, -0.25, 0.3, 0.5, 1.2);
    CHECK_NEAR(c.Px, a.Px * 0.25 / 8, 1e-15);
    CHECK_NEAR(c.Py, a.Py * 0.25 / 8, 1e-15);
    CHECK_NEAR(c.dT, a.dT * 0.0625 / 8, 1e-15);
    CHECK_NEAR(c.Df, a.Df * 0.0625 / 8, 1e-15);
    CHECK(c.nvert == a.nvert);
    for (int e0 = 0; e0 < 2; e0++) {
        imp_cresult2d z = solve(2.5, 2.5, 1.5, e0 ? 0.6 : 0.05, -1, 0.8, 0, 1.2);
        CHECK(z.vert[z.nvert - 2].event == IMP_CEV_MAXC && z.vert[z.nvert - 1].event == IMP_CEV_END);
        CHECK_NEAR(z.Py, z.Pc, 0);
        CHECK_NEAR(z.C, 0, 1e-14);
        CHECK_NEAR(z.Wn, -z.Ec, 1e-15);
        CHECK_NEAR(z.dT, z.Wn + z.Wt, 1e-13);
        CHECK_NEAR(z.Wt, -z.Df, 1e-13);
    }
    imp_cresult2d d = solve(2.5, 2.5, 1.5, 0, -1, 0.8, 0.5, 1.2);
    CHECK(d.vert[0].sigma == 0 && isnan(d.et));
    CHECK(d.mode == IMP_MODE_C_REVERSED || d.mode == IMP_MODE_C_STICKING);
    CHECK_NEAR(d.dT, d.Wn + d.Wt, 1e-13);
}

int main(void)
{
    RUN(test_invariants);
    RUN(test_nu);
    RUN(test_rod_vectors);
    RUN(test_sphere_row);
    RUN(test_sphere_table);
    RUN(test_limits);
    RUN(test_energy);
    RUN(test_independent);
    RUN(test_recompression);
    return check_summary();
}
