/* The 2D tracer and closed forms at the edges of double precision: tiny
 * slips, extreme scales of S0, C0 and B, ill-conditioned bodies, custom
 * laws whose impulse is far from Pc. Each case was once wrong (the audit of
 * issue 3); the expected values follow from PHYSICS.md A.6 and G.14. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "check.h"
#include "closed2d.h"
#include "impact2d.h"

static imp_status solve(imp_coef2d c, double mu_s, double mu_k,
                        imp_law_kind kind, double e, imp_result2d *r)
{
    imp_law law = {kind, e, NULL, NULL};
    memset(r, 0, sizeof *r);
    return imp_solve2d(&c, mu_s, mu_k, &law, r);
}

/* A slip so small that S*kS underflows still stops at once (WM92: sticking
 * holds for B3 = 0), instead of sliding on and gaining energy. */
static void test_tiny_slip_stops(void)
{
    const double tiny[4] = {5e-324, -5e-324, 1e-310, -1e-200};
    for (int i = 0; i < 4; i++) {
        imp_coef2d c = {1, 1, 0, tiny[i], -1, 0};
        imp_result2d r;
        CHECK(solve(c, 0.1, 0.1, IMP_LAW_POISSON, 1, &r) == IMP_OK);
        CHECK(r.mode == IMP_MODE_C_STICKING);
        CHECK(r.S == 0);
        CHECK(fabs(r.Px) <= 0.1 * r.Py);
        CHECK_NEAR(r.Py, 2, 1e-15);
        CHECK(r.dT <= 0);
        imp_class2d k;
        CHECK(imp_classify2d(&c, 0.1, 0.1, 1, &k) == IMP_OK);
        CHECK(k.mode == r.mode);
    }
    /* eccentric: the slip stops at once and friction reverses */
    imp_coef2d c = {2.5, 2.5, 1.5, 5e-324, -1, 0};
    imp_result2d r;
    CHECK(solve(c, 0.3, 0.3, IMP_LAW_POISSON, 0.5, &r) == IMP_OK);
    CHECK(r.mode == IMP_MODE_C_REVERSED);
    CHECK_NEAR(r.Px, 0.3 * r.Py, 1e-15);     /* the direct-impact slide, s = -1 */
    CHECK_NEAR(r.Py, 1.5 / (2.5 - 0.45), 1e-15);
}

/* Bodies with a small radius of gyration: B3^2 is within rounding of
 * B1*B2, and Delta must come from the bodies (PHYSICS.md A.1), not from
 * B1*B2 - B3^2. Direct impacts that stick: Pc = B1*|C0|/Delta. */
static void test_small_rho_delta(void)
{
    const double rhos[3] = {1e-4, 1e-8, 1e-9};
    for (int i = 0; i < 3; i++) {
        double rho = rhos[i], r2 = 0.25 / (rho * rho);
        imp_problem2d p;
        memset(&p, 0, sizeof p);
        p.nbodies = 1;
        p.body1 = (imp_body2d){1, rho, 0.3, 0.4, 0, -1, 0};
        p.mu_s = p.mu_k = 1;
        p.law = (imp_law){IMP_LAW_POISSON, 0.5, NULL, NULL};
        CHECK(imp_problem2d_check(&p, NULL, 0) == NULL);   /* never "degenerate" */
        imp_coef2d c;
        imp_coef2d_from_bodies(&p.body1, NULL, &c);
        CHECK_NEAR(c.D / (1 + r2), 1, 1e-15);               /* (1 + (x^2+y^2)/rho^2)/m^2 */
        imp_result2d r;
        double post[2][3];
        CHECK(imp_problem2d_solve(&p, &r, post) == IMP_OK);
        double Pc = (1 + 0.16 / (rho * rho)) / (1 + r2);  /* -> 0.64 */
        CHECK(r.mode == IMP_MODE_C_STICKING);
        CHECK_NEAR(r.Pc, Pc, 1e-14);
        CHECK_NEAR(r.Py, 1.5 * Pc, 1e-14);
        CHECK_NEAR(r.C, 0.5, 1e-14);
        CHECK_NEAR(r.dT, -0.5 * 0.5 * r.Py, 1e-14);         /* eq 56 with S = 0 */
        CHECK_NEAR(r.Wc + r.Wr + r.Wf, r.dT, 1e-14);
        imp_closed2d k;
        CHECK(imp_closed2d_solve(&c, 1, 1, IMP_LAW_POISSON, 0.5, &k) == IMP_OK);
        CHECK_NEAR(k.Py, r.Py, 1e-14);
    }
    /* two bodies, CMs on one line through the contact: Delta =
     * 2.25 + 1.125/rho^2 for these masses and positions */
    for (int i = 0; i < 3; i++) {
        double rho = rhos[i], ir2 = 1 / (rho * rho);
        imp_problem2d p;
        memset(&p, 0, sizeof p);
        p.nbodies = 2;
        p.body1 = (imp_body2d){1, rho, 0.3, 0.4, 0, -1, 0};
        p.body2 = (imp_body2d){2, rho, -0.6, -0.8, 0, 0, 0};
        p.mu_s = p.mu_k = 1;
        p.law = (imp_law){IMP_LAW_ENERGETIC, 0.5, NULL, NULL};
        CHECK(imp_problem2d_check(&p, NULL, 0) == NULL);
        imp_coef2d c;
        imp_coef2d_from_bodies(&p.body1, &p.body2, &c);
        double D = 2.25 + 1.125 * ir2, B1 = 1.5 + 0.48 * ir2;
        CHECK_NEAR(c.D / D, 1, 1e-15);
        imp_result2d r;
        double post[2][3];
        CHECK(imp_problem2d_solve(&p, &r, post) == IMP_OK);
        CHECK(r.mode == IMP_MODE_C_STICKING);
        CHECK_NEAR(r.Py, 1.5 * B1 / D, 1e-14);
    }
}

int main(void)
{
    RUN(test_tiny_slip_stops);
    RUN(test_small_rho_delta);
    return check_summary();
}
