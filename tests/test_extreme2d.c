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
        imp_coef2d c = {1, 1, 0, tiny[i], -1};
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
    imp_coef2d c = {2.5, 2.5, 1.5, 5e-324, -1};
    imp_result2d r;
    CHECK(solve(c, 0.3, 0.3, IMP_LAW_POISSON, 0.5, &r) == IMP_OK);
    CHECK(r.mode == IMP_MODE_C_REVERSED);
    CHECK_NEAR(r.Px, 0.3 * r.Py, 1e-15);     /* the direct-impact slide, s = -1 */
    CHECK_NEAR(r.Py, 1.5 / (2.5 - 0.45), 1e-15);
}

int main(void)
{
    RUN(test_tiny_slip_stops);
    return check_summary();
}
