/* "sequential" (Han & Gilmore 1993) and the stacked mechanism rows: the
 * cradle's textbook answer, one contact equal to imp_path2d_solve, the budget,
 * and imp_mech_init_rows against imp_mech_init on one contact. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "impact2d.h"
#include "mechanism.h"
#include "multi_models.h"

static const imp_law POISSON = {IMP_LAW_POISSON, 0, NULL, NULL};
static const imp_law NEWTON = {IMP_LAW_NEWTON, 0, NULL, NULL};
static const imp_law CUSTOM_NOFN = {IMP_LAW_CUSTOM, 0, NULL, NULL};

/* Three unit masses on a line, contacts 1-2 and 2-3 (normal rows only
 * matter; tangent rows decoupled): W in (t1, n1, t2, n2) order. */
static void test_cradle(void)
{
    double W[16] = {2, 0, 0, 0,  0, 2, 0, -1,  0, 0, 2, 0,  0, -1, 0, 2};
    double v0[4] = {0, -1, 0, 0};
    imp_multi_problem p;
    memset(&p, 0, sizeof p);
    p.k = 2; p.d = 2; p.W = W; p.v0 = v0;
    p.c[0].e = p.c[1].e = 1;
    imp_multi_result r;
    CHECK(imp_multi_sequential(&p, &POISSON, &r) == IMP_OK);
    CHECK(r.n_order == 2 && r.order[0] == 0 && r.order[1] == 1);
    CHECK_NEAR(r.P[1], 1, 1e-14);
    CHECK_NEAR(r.P[3], 1, 1e-14);
    CHECK_NEAR(r.v[3], 1, 1e-14);
    CHECK_NEAR(r.dT, 0, 1e-14);
    CHECK(r.energy_gain == 0);
    CHECK(imp_multi_sequential(&p, &CUSTOM_NOFN, &r) == IMP_EINPUT);
    p.d = 4;
    CHECK(imp_multi_sequential(&p, &POISSON, &r) == IMP_EINPUT);
}

/* The same chain in space (rows x, y = normal, z per contact; the tangent
 * blocks of unit balls with no rotation coupling): (0, 0, 1) again. */
static void test_cradle3d(void)
{
    double W[36] = {0};
    for (int i = 0; i < 6; i++) W[7 * i] = 2;
    for (int a = 0; a < 3; a++) W[6 * a + 3 + a] = W[6 * (3 + a) + a] = -1;
    double v0[6] = {0, -1, 0, 0, 0, 0};
    imp_multi_problem p;
    memset(&p, 0, sizeof p);
    p.k = 2; p.d = 3; p.W = W; p.v0 = v0;
    p.c[0].e = p.c[1].e = 1;
    p.c[0].mu_s = p.c[0].mu_k = p.c[1].mu_s = p.c[1].mu_k = 0.3;
    imp_multi_result r;
    CHECK(imp_multi_sequential(&p, &POISSON, &r) == IMP_OK);
    CHECK(r.n_order == 2 && r.order[0] == 0 && r.order[1] == 1);
    CHECK_NEAR(r.P[1], 1, 1e-12);
    CHECK_NEAR(r.P[4], 1, 1e-12);
    CHECK_NEAR(r.v[4], 1, 1e-12);
    CHECK_NEAR(r.P[0], 0, 1e-12);
    CHECK_NEAR(r.dT, 0, 1e-12);
}

static void test_one_contact(void)
{
    double W[4] = {2.5, -1.5, -1.5, 2.5}, v0[2] = {0.6, -1};
    imp_multi_problem p;
    memset(&p, 0, sizeof p);
    p.k = 1; p.d = 2; p.W = W; p.v0 = v0;
    p.c[0].mu_s = p.c[0].mu_k = 0.5;
    p.c[0].e = 0.5;
    imp_multi_result r;
    CHECK(imp_multi_sequential(&p, &NEWTON, &r) == IMP_OK);
    imp_coef2d c = {2.5, 2.5, 1.5, 0.6, -1, 0};
    imp_law law = {IMP_LAW_NEWTON, 0.5, NULL, NULL};
    imp_result2d s;
    CHECK(imp_path2d_solve(&c, 0.5, 0.5, &law, &s) == IMP_OK);
    CHECK_NEAR(r.P[0], s.Px, 1e-15);
    CHECK_NEAR(r.P[1], s.Py, 1e-15);
    CHECK_NEAR(r.dT, s.dT, 1e-14);
    CHECK_NEAR(r.Wc[0] + r.Wr[0] + r.Wf[0], r.dT, 1e-14);
}

/* Two balls between two walls, e = 1, the first moving into its wall: in
 * the sequential picture the impulse runs back and forth for ever, so the
 * budget ends it with IMP_ENOCONV (and P zero). */
static void test_budget(void)
{
    double Wn[9] = {1, -1, 0, -1, 2, -1, 0, -1, 1}, W[36] = {0}, v0[6] = {0, -1, 0, 1, 0, 0};
    for (int i = 0; i < 3; i++) {
        W[6 * (2 * i) + 2 * i] = 1;                  /* tangents: decoupled */
        for (int j = 0; j < 3; j++) W[6 * (2 * i + 1) + 2 * j + 1] = Wn[3 * i + j];
    }
    imp_multi_problem p;
    memset(&p, 0, sizeof p);
    p.k = 3; p.d = 2; p.W = W; p.v0 = v0;
    p.c[0].e = p.c[1].e = p.c[2].e = 1;
    imp_multi_result r;
    CHECK(imp_multi_sequential(&p, &POISSON, &r) == IMP_ENOCONV);
    CHECK(r.n_order == IMP_MULTI_MAX * 8);
    CHECK(r.P[1] == 0 && r.P[3] == 0);
    p.c[0].e = p.c[1].e = p.c[2].e = 0.5;            /* dissipative: ends */
    CHECK(imp_multi_sequential(&p, &POISSON, &r) == IMP_OK);
    CHECK(r.v[1] >= -1e-12 && r.v[3] >= -1e-12 && r.v[5] >= -1e-12);
    printf("  e = 0.5: %d steps\n", r.n_order);
}

static imp_mech m1, m2;   /* large: static */

static void test_rows(void)
{
    double M[9] = {2, 0.3, 0, 0.3, 1, 0.1, 0, 0.1, 0.5};
    double J[6] = {1, 0, 0.4, 0, 1, -0.2}, qd[3] = {0.3, -1, 0.7};
    CHECK(imp_mech_init(&m1, 3, 2, M, J, qd) == IMP_OK);
    CHECK(imp_mech_init_rows(&m2, 3, 2, M, J, qd) == IMP_OK);
    for (int i = 0; i < 4; i++) CHECK_NEAR(m2.Wm[i], m1.Wm[i], 1e-15);
    CHECK_NEAR(m2.vC0[1], m1.vC0[1], 1e-15);
    double P[2] = {0.1, 0.7}, q1[3], q2[3], dTM, dTW, dTM2, dTW2;
    imp_mech_after(&m1, P, q1, NULL, &dTM, &dTW);
    imp_mech_after(&m2, P, q2, NULL, &dTM2, &dTW2);
    for (int i = 0; i < 3; i++) CHECK_NEAR(q1[i], q2[i], 1e-15);
    CHECK_NEAR(dTM, dTW, 1e-14);
    CHECK_NEAR(dTM2, dTW2, 1e-14);
    /* four rows on three coordinates: a singular stack is accepted */
    double J4[12] = {1, 0, 0.4, 0, 1, -0.2, 1, 0, -0.4, 0, 1, 0.2};
    CHECK(imp_mech_init_rows(&m2, 3, 4, M, J4, qd) == IMP_OK);
    CHECK(imp_mech_init_rows(&m2, 3, IMP_MECH_ROWS + 1, M, J4, qd) == IMP_EINPUT);
}

int main(void)
{
    RUN(test_cradle);
    RUN(test_cradle3d);
    RUN(test_one_contact);
    RUN(test_budget);
    RUN(test_rows);
    return check_summary();
}
