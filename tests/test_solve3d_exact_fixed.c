/* The exact solver's fixed-rate periods in closed form
 * (solve3d_exact_fixed.c): a direct impact that sticks throughout against
 * its analytic impulse and works, and the closed-form restitution of each
 * built-in law against the same law written as a custom residual, whose
 * restitution is stepped and located by Illinois. */
#include "bodies3d.h"
#include "check.h"

/* SB22's rod dropped straight (v_t0 = 0) with mu = 0.4 >= rho_req: it
 * sticks from the start, v_n = vn0 + kstick p and Pt = -q p, so every
 * law ends at (1 + e) pc, pc = -vn0 / kstick; Wc = -vn0^2 / (2 kstick),
 * Wr = e^2 vn0^2 / (2 kstick), no friction work. Two periods, no steps
 * inside them. */
static void test_stick_analytic(void)
{
    imp_body3d b;
    imp_contact3d c;
    rod_body(&b, 1, 2.3, 0.5, 20 * DEG, 15 * DEG, (double[3]){0, -1, 0});
    CHECK(imp_contact3d_init(&b, &c) == IMP_OK);
    double vn0 = c.vC0[1], e = 0.6, k = c.kstick;
    double pc = -vn0 / k, pn = (1 + e) * pc, W = 0.5 * vn0 * vn0 / k;
    for (int kind = 0; kind < 3; kind++) {
        imp_law law = law_of((imp_law_kind)kind, e);
        imp_result3d r;
        CHECK(imp_exact3d_solve(&b, 0.4, 0.4, &law, NULL, &r) == IMP_OK);
        CHECK_NEAR(r.Pc, pc, 1e-14 * pc);
        CHECK_NEAR(r.P[1], pn, 1e-14 * pn);
        CHECK_NEAR(r.P[0], -c.q[0] * pn, 1e-14 * pn);
        CHECK_NEAR(r.P[2], -c.q[1] * pn, 1e-14 * pn);
        CHECK_NEAR(r.Wc, -W, 1e-14 * W);
        CHECK_NEAR(r.Wr, e * e * W, 1e-14 * W);
        CHECK(r.Wf == 0);
        CHECK(r.mode == IMP_MODE_C_STICKING);
        CHECK(r.nsteps == 2);
    }
}

/* The built-in laws' residuals as a custom law (ctx: the law). */
static int as_custom(void *ctx, const imp_law_state *s, double *R)
{
    const imp_law *law = ctx;
    double e = law->e;
    *R = law->kind == IMP_LAW_POISSON ? s->Pn - (1 + e) * s->Pc
       : law->kind == IMP_LAW_NEWTON ? s->vn + e * s->vn0
       : s->Wr + e * e * s->Wc;
    return 0;
}

/* SB22's rod at mu = 0.4 slides, stops at p = 0.2592 and sticks through
 * maximum compression to the end: the sticking restitution in closed form
 * (built-in law) and stepped (the same law as a custom residual) agree to
 * the event location's accuracy, and the closed form takes fewer steps. */
static void test_closed_vs_stepped(void)
{
    imp_body3d b;
    rod_body(&b, 1, 2.3, 0.5, 20 * DEG, 15 * DEG, (double[3]){0.4, -1, 0});
    for (int kind = 0; kind < 3; kind++) {
        imp_law law = law_of((imp_law_kind)kind, 0.7);
        imp_law custom = {IMP_LAW_CUSTOM, 0.7, as_custom, &law};
        imp_result3d a, s;
        CHECK(imp_exact3d_solve(&b, 0.4, 0.4, &law, NULL, &a) == IMP_OK);
        CHECK(imp_exact3d_solve(&b, 0.4, 0.4, &custom, NULL, &s) == IMP_OK);
        for (int j = 0; j < 3; j++) CHECK_NEAR(a.P[j], s.P[j], 1e-12 * a.P[1]);
        CHECK_NEAR(a.Wr, s.Wr, -1e-12 * a.Wc);
        CHECK_NEAR(a.Wf, s.Wf, -1e-12 * a.Wc);
        CHECK(a.Pc == s.Pc);             /* compression: the same closed form */
        CHECK(a.mode == IMP_MODE_C_STICKING && s.mode == IMP_MODE_C_STICKING);
        CHECK(a.nsteps < s.nsteps);
    }
}

int main(void)
{
    RUN(test_stick_analytic);
    RUN(test_closed_vs_stepped);
    return check_summary();
}
