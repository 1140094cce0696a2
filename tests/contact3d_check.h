/* Field-by-field comparison of contact-space data (imp_contact3d) for the
 * mechanism and two-body tests, with the worst relative difference kept
 * for the report line. */
#ifndef IMPACT_TEST_CONTACT3D_CHECK_H
#define IMPACT_TEST_CONTACT3D_CHECK_H

#include <math.h>

#include "check.h"
#include "impact3d.h"

#define X 1e-12    /* identities */

/* Relative difference (0 when both are 0). */
static inline double rel(double a, double b)
{
    double s = fmax(fabs(a), fabs(b));
    return s > 0 ? fabs(a - b) / s : 0;
}

static double max_rel = 0;
#define CHECK_REL(a, b, tol) do { double r_ = rel((a), (b)); \
    if (r_ > max_rel) { max_rel = r_; } \
    CHECK_NEAR(r_, 0, (tol)); } while (0)

/* Every field the solvers read; entries relative to their matrix's or
 * vector's largest (a zero entry of one form is rounding in the other). */
static inline void check_contact3d(const imp_contact3d *c, const imp_contact3d *ref, double tol)
{
    double ws = 0, ls = 0;
    for (int i = 0; i < 9; i++) {
        ws = fmax(ws, fabs(ref->W[i]));
        ls = fmax(ls, fabs(ref->L[i]));
    }
    for (int i = 0; i < 9; i++) {
        CHECK_REL(ws + c->W[i], ws + ref->W[i], tol);
        CHECK_REL(ls + c->L[i], ls + ref->L[i], tol);
    }
    for (int i = 0; i < 4; i++) CHECK_REL(ws + c->Wtt[i], ws + ref->Wtt[i], tol);
    double qs = fmax(1e-300, ref->rho_req), gs = hypot(ref->g0[0], ref->g0[1]);
    for (int i = 0; i < 2; i++) {
        CHECK_REL(ws + c->Wtn[i], ws + ref->Wtn[i], tol);
        CHECK_REL(qs + c->q[i], qs + ref->q[i], tol);
        CHECK_REL(c->tev[i], ref->tev[i], tol);
        CHECK_REL(1 + c->tvec[i], 1 + ref->tvec[i], tol);
        CHECK_REL(gs + c->g0[i], gs + ref->g0[i], tol);
    }
    CHECK_REL(c->Wnn, ref->Wnn, tol);
    CHECK_REL(c->rho_req, ref->rho_req, tol);
    CHECK_REL(c->kstick, ref->kstick, tol);
    CHECK_REL(c->cond, ref->cond, tol);
    double vs = fmax(fabs(ref->vC0[0]), fmax(fabs(ref->vC0[1]), fabs(ref->vC0[2])));
    for (int i = 0; i < 3; i++) CHECK_REL(vs + c->vC0[i], vs + ref->vC0[i], tol);
    CHECK_REL(c->T0, ref->T0, tol);
}

#endif
