/* The 2D tracer and closed forms against Wang & Mason's falling
 * rod (WM92 sec 6) and Sun & Baruh's rod (SB22 sec 2). The vectors
 * are rounded to 6 decimals, hence the 1e-6 tolerance. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "closed2d.h"
#include "impact2d.h"

#define V 1.5e-6      /* rounded vectors */
#define X 1e-12       /* exact identities */

static const imp_law_kind LAWS[3] = {IMP_LAW_POISSON, IMP_LAW_NEWTON, IMP_LAW_ENERGETIC};

/* The WM92 rod: B1 = B2 = 2.5, B3 = +1.5 (leaning towards +x). */
static imp_result2d rod(double S0, double C0, double mu_s, double mu_k,
                        imp_law_kind kind, double e)
{
    imp_coef2d c = {2.5, 2.5, 1.5, S0, C0, 0};
    imp_law law = {kind, e, NULL, NULL};
    imp_result2d r;
    memset(&r, 0, sizeof r);
    imp_status st = imp_path2d_solve(&c, mu_s, mu_k, &law, &r);
    CHECK(st == IMP_OK);
    /* the closed form agrees everywhere */
    imp_closed2d k;
    CHECK(imp_closed2d_solve(&c, mu_s, mu_k, kind, e, &k) == IMP_OK);
    CHECK_NEAR(k.Px, r.Px, X);
    CHECK_NEAR(k.Py, r.Py, X);
    CHECK_NEAR(k.Pc, r.Pc, X);
    CHECK_NEAR(k.S, r.S, X);
    CHECK_NEAR(k.C, r.C, X);
    CHECK_NEAR(k.dT, r.dT, X);
    CHECK(k.mode == r.mode);
    /* the bookkeeping holds */
    CHECK_NEAR(r.Wc + r.Wr + r.Wf, r.dT, X);
    return r;
}

static int has_event(const imp_result2d *r, imp_event ev, double Py)
{
    for (int i = 0; i < r->nvert; i++)
        if (r->vert[i].event == ev && fabs(r->vert[i].Py - Py) < V)
            return 1;
    return 0;
}

static void test_rod_coefficients_from_body(void)
{
    double h = sqrt(2) / 4;
    imp_body2d b = {1, sqrt(1.0 / 12), h, h, 0.3, -1, 0};
    imp_coef2d c;
    imp_coef2d_from_bodies(&b, NULL, &c);
    CHECK_NEAR(c.B1, 2.5, X);
    CHECK_NEAR(c.B2, 2.5, X);
    CHECK_NEAR(c.B3, 1.5, X);
    CHECK_NEAR(c.S0, 0.3, X);
    CHECK_NEAR(c.C0, -1, X);
}

static void test_case1_direct(void)
{
    for (int l = 0; l < 3; l++) {
        imp_result2d r = rod(0, -1, 0.8, 0.8, LAWS[l], 0.5);
        CHECK(r.mode == IMP_MODE_C_STICKING && r.cls == IMP_CLASS_DIRECT);
        CHECK_NEAR(r.Px, 0.5625, V);
        CHECK_NEAR(r.Py, 0.9375, V);
        CHECK(r.S == 0);
        CHECK_NEAR(r.C, 0.5, V);
        CHECK_NEAR(r.dT, -0.234375, V);

        r = rod(0, -1, 0.3, 0.3, LAWS[l], 0.5);
        CHECK(r.mode == IMP_MODE_SLIDING);
        CHECK_NEAR(r.Px, 0.219512, V);
        CHECK_NEAR(r.Py, 0.731707, V);
        CHECK_NEAR(r.S, -0.548780, V);
        CHECK_NEAR(r.C, 0.5, V);
        CHECK_NEAR(r.dT, -0.243159, V);

        r = rod(0, -1, 0, 0, LAWS[l], 0.5);
        CHECK_NEAR(r.Px, 0, V);
        CHECK_NEAR(r.Py, 0.6, V);
        CHECK_NEAR(r.S, -0.9, V);
        CHECK_NEAR(r.C, 0.5, V);
        CHECK_NEAR(r.dT, -0.15, V);
    }
    /* the closed formulas in e, for mu >= 0.6 and mu < 0.6 */
    for (double e = 0; e <= 1; e += 0.125) {
        imp_result2d r = rod(0, -1, 0.6, 0.6, IMP_LAW_POISSON, e);
        CHECK(r.mode == IMP_MODE_C_STICKING);
        CHECK_NEAR(r.Py, 0.625 * (1 + e), X);
        CHECK_NEAR(r.Px, 0.375 * (1 + e), X);
        CHECK_NEAR(r.C, e, X);
        CHECK_NEAR(r.dT, -0.3125 * (1 - e * e), X);
        double mu = 0.45;
        r = rod(0, -1, mu, mu, IMP_LAW_ENERGETIC, e);
        CHECK_NEAR(r.Py, (1 + e) / (2.5 - 1.5 * mu), X);
        CHECK_NEAR(r.Px, mu * r.Py, X);
        CHECK_NEAR(r.S, -(1.5 - 2.5 * mu) * r.Py, X);
    }
}

static void test_case2_sticking(void)
{
    for (double e = 0; e <= 1; e += 0.25) {
        for (double mu = 0.6; mu < 3; mu += 0.7) {
            imp_result2d r = rod(0.6, -1, mu, mu, IMP_LAW_POISSON, e);
            CHECK(r.mode == IMP_MODE_C_STICKING && r.cls == IMP_CLASS_ECCENTRIC);
            CHECK_NEAR(r.Px, 0.24 * e, X);
            CHECK_NEAR(r.Py, 0.4 * (1 + e), X);
            CHECK(r.S == 0);
            CHECK_NEAR(r.C, 0.64 * e, X);
            CHECK_NEAR(r.dT, 0.5 * (0.256 * e * e - 0.4), X);
            r = rod(0.6, -1, mu, mu, IMP_LAW_NEWTON, e);
            CHECK_NEAR(r.Px, 0.375 * e, X);
            CHECK_NEAR(r.Py, 0.4 + 0.625 * e, X);   /* not 0.0625 e (H) */
            CHECK_NEAR(r.C, e, X);
            CHECK_NEAR(r.dT, 0.5 * (0.625 * e * e - 0.4), X);
        }
        imp_result2d r = rod(0.6, -1, 0.8, 0.8, IMP_LAW_ENERGETIC, e);
        CHECK_NEAR(r.Py, 0.4 + 0.445613 * e, V);
        CHECK_NEAR(r.Px, 0.267368 * e, V);
        CHECK_NEAR(r.C, 0.712982 * e, V);
        CHECK_NEAR(r.Wc, -0.158857, V);
        CHECK(has_event(&r, IMP_EV_STICK, 6.0 / 35));
    }
    imp_result2d r = rod(0.6, -1, 0.8, 0.8, IMP_LAW_ENERGETIC, 0.5);
    CHECK_NEAR(r.Px, 0.133684, V);
    CHECK_NEAR(r.Py, 0.622807, V);
    CHECK_NEAR(r.dT, -0.160286, V);
    CHECK_NEAR(r.Wr, -0.25 * r.Wc, X);
    r = rod(0.6, -1, 0.8, 0.8, IMP_LAW_ENERGETIC, 1);
    CHECK_NEAR(r.dT, -0.041143, V);
    r = rod(0.6, -1, 0.8, 0.8, IMP_LAW_POISSON, 0.5);
    CHECK_NEAR(r.Px, 0.12, V);
    CHECK_NEAR(r.Py, 0.6, V);
    CHECK_NEAR(r.dT, -0.168, V);
    r = rod(0.6, -1, 0.8, 0.8, IMP_LAW_NEWTON, 0.5);
    CHECK_NEAR(r.Px, 0.1875, V);
    CHECK_NEAR(r.Py, 0.7125, V);
    CHECK_NEAR(r.dT, -0.121875, V);
    r = rod(0.6, -1, 0.8, 0.8, IMP_LAW_NEWTON, 1);
    CHECK_NEAR(r.dT, 0.1125, V);                 /* Newton gains energy */
    r = rod(0.6, -1, 0.8, 0.8, IMP_LAW_NEWTON, 0.79);
    CHECK(r.dT < 0);
    r = rod(0.6, -1, 0.8, 0.8, IMP_LAW_NEWTON, 0.81);
    CHECK(r.dT > 0);
}

static void test_case2_reversed(void)
{
    imp_result2d r = rod(0.6, -1, 0.3, 0.3, IMP_LAW_POISSON, 0.5);
    CHECK(r.mode == IMP_MODE_C_REVERSED);
    CHECK(has_event(&r, IMP_EV_REVERSE, 4.0 / 15));
    CHECK(has_event(&r, IMP_EV_MAXC, 0.370732));
    CHECK_NEAR(r.Pc, 0.370732, V);
    CHECK_NEAR(r.Px, 0.006829, V);
    CHECK_NEAR(r.Py, 0.556098, V);
    CHECK_NEAR(r.S, -0.217073, V);
    CHECK_NEAR(r.C, 0.38, V);
    CHECK_NEAR(r.dT, -0.171083, V);
    r = rod(0.6, -1, 0.3, 0.3, IMP_LAW_NEWTON, 0.5);
    CHECK_NEAR(r.Px, 0.024390, V);
    CHECK_NEAR(r.Py, 0.614634, V);
    CHECK_NEAR(r.S, -0.260976, V);
    CHECK_NEAR(r.C, 0.5, V);
    CHECK_NEAR(r.dT, -0.149524, V);
    r = rod(0.6, -1, 0.3, 0.3, IMP_LAW_ENERGETIC, 0.5);
    CHECK_NEAR(r.Px, 0.012822, V);
    CHECK_NEAR(r.Py, 0.576074, V);
    CHECK_NEAR(r.dT, -0.164428, V);

    r = rod(0.6, -1, 0.3, 0.3, IMP_LAW_POISSON, 1);
    CHECK_NEAR(r.Px, 0.062439, V);
    CHECK_NEAR(r.Py, 0.741463, V);
    CHECK_NEAR(r.dT, -0.081361, V);
    r = rod(0.6, -1, 0.3, 0.3, IMP_LAW_NEWTON, 1);
    CHECK_NEAR(r.Px, 0.097561, V);
    CHECK_NEAR(r.Py, 0.858537, V);
    CHECK_NEAR(r.dT, 0.007615, V);
    r = rod(0.6, -1, 0.3, 0.3, IMP_LAW_ENERGETIC, 1);
    CHECK_NEAR(r.Px, 0.074425, V);
    CHECK_NEAR(r.Py, 0.781416, V);
    CHECK_NEAR(r.dT, -0.053809, V);

    r = rod(0.6, -1, 0.5, 0.5, IMP_LAW_NEWTON, 1);
    CHECK_NEAR(r.Px, 0.259740, V);
    CHECK_NEAR(r.Py, 0.955844, V);
    CHECK_NEAR(r.dT, 0.053972, V);
    r = rod(0.6, -1, 0.5, 0.5, IMP_LAW_POISSON, 1);
    CHECK_NEAR(r.Px, 0.166234, V);
    CHECK_NEAR(r.Py, 0.768831, V);
    CHECK_NEAR(r.dT, -0.087381, V);
    r = rod(0.6, -1, 0.2, 0.2, IMP_LAW_NEWTON, 1);   /* Newton can gain energy */
    CHECK_NEAR(r.dT, 0.001653, V);
}

static void test_case2_classification(void)
{
    imp_coef2d c = {2.5, 2.5, 1.5, 0.6, -1, 0};
    for (double mu = 0.05; mu < 3; mu += 0.1) {
        imp_class2d k;
        CHECK(imp_mode2d_classify(&c, mu, mu, 0.5, &k) == IMP_OK);
        CHECK_NEAR(k.P_d, 0.6 * (2.5 + 1.5 * mu), X);
        CHECK_NEAR(k.P_q, 2.5 * mu + 1.5, X);
        CHECK(k.mode == (mu >= 0.6 ? IMP_MODE_C_STICKING : IMP_MODE_C_REVERSED));
        CHECK_NEAR(k.mu_s_wm, -0.6, X);
    }
}

static void test_case3(void)
{
    for (int l = 0; l < 3; l++) {
        imp_result2d r = rod(-1, -1, 0.5, 0.5, LAWS[l], 0.5);
        CHECK(r.mode == IMP_MODE_SLIDING);
        CHECK_NEAR(r.Px, 0.428571, V);
        CHECK_NEAR(r.Py, 0.857143, V);
        CHECK_NEAR(r.S, -1.214286, V);
        CHECK_NEAR(r.C, 0.5, V);
        CHECK_NEAR(r.dT, -0.688776, V);
    }
    imp_result2d r = rod(-1, -1, 0.95, 0.95, IMP_LAW_POISSON, 0.5);
    CHECK(r.mode == IMP_MODE_R_STICKING);
    CHECK_NEAR(r.Pc, 0.930233, V);
    CHECK(has_event(&r, IMP_EV_STICK, 1.142857));
    CHECK_NEAR(r.Px, 1.237209, V);
    CHECK_NEAR(r.Py, 1.395349, V);
    CHECK_NEAR(r.C, 0.632558, V);
    CHECK_NEAR(r.dT, -0.874959, V);
    r = rod(-1, -1, 0.95, 0.95, IMP_LAW_NEWTON, 0.5);
    CHECK_NEAR(r.Px, 1.1875, V);
    CHECK_NEAR(r.Py, 1.3125, V);
    CHECK_NEAR(r.C, 0.5, V);
    CHECK_NEAR(r.dT, -0.921875, V);
    r = rod(-1, -1, 0.95, 0.95, IMP_LAW_ENERGETIC, 0.5);
    CHECK_NEAR(r.Px, 1.220766, V);
    CHECK_NEAR(r.Py, 1.367943, V);
    CHECK_NEAR(r.C, 0.588709, V);
    CHECK_NEAR(r.dT, -0.891694, V);

    r = rod(-1, -1, 1.2, 1.2, IMP_LAW_POISSON, 0.5);
    CHECK(r.mode == IMP_MODE_C_STICKING);
    CHECK(has_event(&r, IMP_EV_STICK, 2.0 / 3));
    CHECK_NEAR(r.Pc, 1, V);
    CHECK_NEAR(r.Px, 1.3, V);
    CHECK_NEAR(r.Py, 1.5, V);
    CHECK_NEAR(r.C, 0.8, V);
    CHECK_NEAR(r.dT, -0.8, V);
    r = rod(-1, -1, 1.2, 1.2, IMP_LAW_NEWTON, 0.5);
    CHECK_NEAR(r.Px, 1.1875, V);
    CHECK_NEAR(r.Py, 1.3125, V);
    CHECK_NEAR(r.dT, -0.921875, V);
    r = rod(-1, -1, 1.2, 1.2, IMP_LAW_ENERGETIC, 0.5);
    CHECK_NEAR(r.Px, 1.259808, V);
    CHECK_NEAR(r.Py, 1.433013, V);
    CHECK_NEAR(r.C, 0.692820, V);
    CHECK_NEAR(r.Wc, -0.6, V);
    CHECK_NEAR(r.Wr, 0.15, V);
    CHECK_NEAR(r.Wf, -0.4, V);
    CHECK_NEAR(r.dT, -0.85, V);

    imp_coef2d c = {2.5, 2.5, 1.5, -1, -1, 0};
    imp_class2d k;
    CHECK(imp_mode2d_classify(&c, 0.95, 0.95, 0.5, &k) == IMP_OK);
    CHECK_NEAR(k.mu_Q, 1, X);
    CHECK_NEAR(k.mu_D, 0.904762, V);
    for (double e = 0; e <= 1; e += 0.25) {
        CHECK(imp_mode2d_classify(&c, 1, 1, e, &k) == IMP_OK);
        CHECK_NEAR(k.mu_D, (3 * (1 + e) + 5) / (5 * (1 + e) + 3), X);
    }
}

static void test_case4_tangential(void)
{
    for (int l = 0; l < 3; l++) {
        for (double mu = 0; mu <= 5.0 / 3; mu += 1.0 / 6) {
            imp_result2d r = rod(-0.2, 0, mu, mu, LAWS[l], 0.5);
            CHECK(r.mode == IMP_MODE_NONE && r.cls == IMP_CLASS_TANGENTIAL);
            CHECK(r.Px == 0 && r.Py == 0 && r.dT == 0);
        }
        imp_result2d r = rod(0, 0, 3, 3, LAWS[l], 0.5);   /* S0 = C0 = 0 */
        CHECK(r.mode == IMP_MODE_NONE);
    }
    for (double e = 0; e <= 1; e += 0.25) {
        for (double mu = 1.7; mu < 4; mu += 0.5) {
            imp_result2d r = rod(-0.2, 0, mu, mu, IMP_LAW_POISSON, e);
            CHECK(r.mode == IMP_MODE_C_STICKING && r.cls == IMP_CLASS_TANGENTIAL);
            CHECK_NEAR(r.Pc, 0.075, X);
            CHECK(has_event(&r, IMP_EV_STICK, 0.2 / (2.5 * mu - 1.5)));
            CHECK_NEAR(r.Py, 0.075 * (1 + e), X);
            CHECK_NEAR(r.Px, 0.08 + 0.045 * (1 + e), X);
            CHECK(r.S == 0);
            CHECK_NEAR(r.C, 0.12 * e, X);
            CHECK_NEAR(r.dT, 0.5 * (0.009 * e * e - 0.025), X);
            r = rod(-0.2, 0, mu, mu, IMP_LAW_NEWTON, e);
            CHECK_NEAR(r.Px, 0.125, X);
            CHECK_NEAR(r.Py, 0.075, X);
            CHECK_NEAR(r.C, 0, X);
            CHECK_NEAR(r.dT, -0.0125, X);
        }
    }
    imp_result2d r = rod(-0.2, 0, 1.7, 1.7, IMP_LAW_POISSON, 0.5);
    CHECK_NEAR(r.Px, 0.1475, V);
    CHECK_NEAR(r.Py, 0.1125, V);
    CHECK_NEAR(r.C, 0.06, V);
    CHECK_NEAR(r.dT, -0.011375, V);
    r = rod(-0.2, 0, 2, 2, IMP_LAW_ENERGETIC, 0.5);
    CHECK_NEAR(r.Px, 0.135979, V);
    CHECK_NEAR(r.Py, 0.093298, V);
    CHECK_NEAR(r.C, 0.029277, V);
    CHECK_NEAR(r.dT, -0.012232, V);
    r = rod(-0.2, 0, 3, 3, IMP_LAW_ENERGETIC, 0.5);
    CHECK_NEAR(r.Px, 0.141771, V);
    CHECK_NEAR(r.Py, 0.102951, V);
    CHECK_NEAR(r.C, 0.044721, V);
}

static void test_parting(void)
{
    imp_result2d r = rod(0.3, 0.5, 1, 1, IMP_LAW_POISSON, 0.5);
    CHECK(r.mode == IMP_MODE_NONE);
    CHECK(r.Px == 0 && r.Py == 0 && r.dT == 0 && r.S == 0.3 && r.C == 0.5);
    CHECK(r.nvert == 2 && r.vert[0].event == IMP_EV_START && r.vert[1].event == IMP_EV_END);
}

/* Sun & Baruh's 2D rod (SB22 sec 2): m = L = 1, alpha = 1/3, mu = 0.4, e = 0.7. */
typedef struct { double th, ratio; int sbcase; imp_law_kind law;
                 double Px, Py, S, C, dT; } sb_row;

static void test_sb22(void)
{
    const double deg = M_PI / 180;
    imp_sb2d q;
    imp_sb2d_rod(40 * deg, 1.0 / 3, 0.4, 0.4, 0.7, 0.4, &q);
    CHECK_NEAR(q.Pbar, 1.477212, V);
    CHECK_NEAR(q.Qbar, 2.239528, V);
    CHECK_NEAR(q.Rbar, 2.760472, V);
    CHECK_NEAR(q.R1, 0.912023, V);
    CHECK_NEAR(q.R2, 0.535130, V);
    CHECK_NEAR(q.R3, 1.550439, V);
    imp_sb2d_rod(20 * deg, 1.0 / 3, 0.4, 0.4, 0.7, 0.4, &q);
    CHECK_NEAR(q.Pbar, 0.964181, V);
    CHECK_NEAR(q.Qbar, 1.350933, V);
    CHECK_NEAR(q.Rbar, 3.649067, V);
    CHECK_NEAR(q.R1, 1.395716, V);
    CHECK_NEAR(q.R2, 0.264227, V);
    CHECK_NEAR(q.R3, 2.372717, V);
    /* the WM92 rod seen from SB22: |R2| = |mu_s^WM| */
    imp_sb2d_rod(-45 * deg, 1.0 / 3, 0.4, 0.4, 0.7, -1, &q);
    CHECK_NEAR(fabs(q.R2), 0.6, X);
    CHECK(q.sb_case == -1);

    static const sb_row rows[] = {
        {40, 0.4, 2, IMP_LAW_POISSON, 0.212967, 0.842326, -0.256405, 0.571816, -0.165045},
        {40, 0.4, 2, IMP_LAW_ENERGETIC, 0.217747, 0.854278, -0.260863, 0.591520, -0.159329},
        {40, 0.4, 2, IMP_LAW_NEWTON, 0.244067, 0.920077, -0.285408, 0.7, -0.124028},
        {40, 1.2, 4, IMP_LAW_POISSON, -0.131643, 0.600619, -0.050640, 0.539569, -0.213925},
        {40, 1.2, 4, IMP_LAW_ENERGETIC, -0.123805, 0.620215, -0.057949, 0.571875, -0.203461},
        {40, 2.0, 0, IMP_LAW_POISSON, -0.240248, 0.600619, 0.449561, 0.7, -0.384344},
        {40, 2.0, 0, IMP_LAW_NEWTON, -0.240248, 0.600619, 0.449561, 0.7, -0.384344},
        {40, 2.0, 0, IMP_LAW_ENERGETIC, -0.240248, 0.600619, 0.449561, 0.7, -0.384344},
        {20, 0.4, 1, IMP_LAW_POISSON, 0.256850, 1.386942, 0, 0.626016, -0.207977},
        {20, 0.4, 1, IMP_LAW_ENERGETIC, 0.258643, 1.393728, 0, 0.633455, -0.203703},
        {20, 2.0, 3, IMP_LAW_POISSON, -0.289428, 0.978921, 0, 0.601518, -0.484469},
        {40, 0, 6, IMP_LAW_POISSON, 0.412460, 1.031151, -0.384643, 0.7, -0.233998},
        {40, 0, 6, IMP_LAW_NEWTON, 0.412460, 1.031151, -0.384643, 0.7, -0.233998},
        {40, 0, 6, IMP_LAW_ENERGETIC, 0.412460, 1.031151, -0.384643, 0.7, -0.233998},
        {20, 0, 5, IMP_LAW_POISSON, 0.409777, 1.550853, 0, 0.7, -0.232628},
        {20, 0, 5, IMP_LAW_NEWTON, 0.409777, 1.550853, 0, 0.7, -0.232628},
        {20, 0, 5, IMP_LAW_ENERGETIC, 0.409777, 1.550853, 0, 0.7, -0.232628},
    };
    static const imp_mode case_mode[7] = {
        IMP_MODE_SLIDING, IMP_MODE_C_STICKING, IMP_MODE_C_REVERSED, IMP_MODE_R_STICKING,
        IMP_MODE_R_REVERSED, IMP_MODE_C_STICKING, IMP_MODE_SLIDING};
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        const sb_row *w = &rows[i];
        imp_sb2d_rod(w->th * deg, 1.0 / 3, 0.4, 0.4, 0.7, w->ratio, &q);
        CHECK(q.sb_case == w->sbcase);
        imp_problem2d p;
        memset(&p, 0, sizeof p);
        p.nbodies = 1;
        imp_sb2d_body(w->th * deg, 1.0 / 3, 1, 1, w->ratio, 1, &p.body1);
        p.mu_s = p.mu_k = 0.4;
        p.law.kind = w->law;
        p.law.e = 0.7;
        imp_result2d r;
        double post[2][3];
        CHECK(imp_problem2d_check(&p, NULL, 0) == NULL);
        CHECK(imp_problem2d_solve(&p, &r, post) == IMP_OK);
        CHECK(r.mode == case_mode[w->sbcase]);
        CHECK_NEAR(r.Px, w->Px, V);
        CHECK_NEAR(r.Py, w->Py, V);
        CHECK_NEAR(r.S, w->S, V);
        CHECK_NEAR(r.C, w->C, V);
        CHECK_NEAR(r.dT, w->dT, V);
        /* the same impact from the coefficients R/m, Q/m, P/m */
        imp_coef2d c = {q.Rbar, q.Qbar, q.Pbar, w->ratio, -1, 0};
        imp_class2d k;
        CHECK(imp_mode2d_classify(&c, 0.4, 0.4, 0.7, &k) == IMP_OK);
        CHECK(k.sb_case == w->sbcase);
        CHECK(k.mode == r.mode);
        if (w->ratio > 0) {
            CHECK_NEAR(k.R1, q.R1, X);
            CHECK_NEAR(k.R2, q.R2, X);
            CHECK_NEAR(k.R3, q.R3, X);
        }
        /* post-impact velocities reproduce the contact velocities */
        double S = post[0][0] + post[0][2] * p.body1.y;
        double C = post[0][1] - post[0][2] * p.body1.x;
        CHECK_NEAR(S, r.S, X);
        CHECK_NEAR(C, r.C, X);
        if (w->sbcase == 2 && w->law == IMP_LAW_POISSON) {
            CHECK(has_event(&r, IMP_EV_REVERSE, 0.154955));
            CHECK(has_event(&r, IMP_EV_MAXC, 0.495486));
        }
    }
}

int main(void)
{
    RUN(test_rod_coefficients_from_body);
    RUN(test_case1_direct);
    RUN(test_case2_sticking);
    RUN(test_case2_reversed);
    RUN(test_case2_classification);
    RUN(test_case3);
    RUN(test_case4_tangential);
    RUN(test_parting);
    RUN(test_sb22);
    return check_summary();
}
