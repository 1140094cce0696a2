/* imp_problem2d: validity messages naming the field, named numeric fields
 * for sweeps, body bookkeeping (two bodies, plus sign of body 2 in B3,
 * momentum and energy from the post-impact velocities). */
#include <math.h>
#include <string.h>

#include "check.h"
#include "impact2d.h"

static imp_problem2d base(void)
{
    imp_problem2d p;
    memset(&p, 0, sizeof p);
    p.nbodies = 2;
    p.body1 = (imp_body2d){1, 0.3, 0.2, 0.5, 0.4, -1, 0.7};
    p.body2 = (imp_body2d){2, 0.5, -0.1, -0.6, -0.2, 0.3, -0.4};
    p.mu_s = 0.6;
    p.mu_k = 0.4;
    p.law.kind = IMP_LAW_POISSON;
    p.law.e = 0.5;
    return p;
}

static int field_is(const imp_problem2d *p, const char *name, const char *msg_part)
{
    char msg[128];
    const char *f = imp_problem2d_check(p, msg, sizeof msg);
    if (!f || strcmp(f, name) != 0 || !strstr(msg, msg_part)) {
        fprintf(stderr, "  got field %s, msg '%s'\n", f ? f : "(none)", f ? msg : "");
        return 0;
    }
    return 1;
}

static void test_check(void)
{
    imp_problem2d p = base();
    CHECK(imp_problem2d_check(&p, NULL, 0) == NULL);
    p.body1.m = -1;
    CHECK(field_is(&p, "body1.m", "must be positive, got -1"));
    p = base(); p.body2.rho = 0;
    CHECK(field_is(&p, "body2.rho", "must be positive"));
    p = base(); p.body2.vx = NAN;
    CHECK(field_is(&p, "body2.vx", "finite"));
    p = base(); p.law.e = 1.3;
    CHECK(field_is(&p, "e", "must be in [0, 1], got 1.3"));
    p = base(); p.mu_k = 0.7;
    CHECK(field_is(&p, "mu_k", "must not exceed mu_s = 0.6, got 0.7"));
    p = base(); p.mu_s = -0.1;
    CHECK(field_is(&p, "mu_s", "got -0.1"));
    p = base(); p.law.kind = IMP_LAW_CUSTOM;
    CHECK(field_is(&p, "law", "law"));
    p = base();
    p.nbodies = 0;
    p.coef = (imp_coef2d){2.5, 2.5, 1.5, 0, -1, 0};
    CHECK(imp_problem2d_check(&p, NULL, 0) == NULL);
    p.coef.B3 = 2.5;
    CHECK(field_is(&p, "B3", "B1*B2 > B3^2"));
    p.coef.B3 = 1.5; p.coef.B1 = 0;
    CHECK(field_is(&p, "B1", "must be positive, got 0"));
    p.coef.B1 = 2.5; p.coef.C0 = INFINITY;
    CHECK(field_is(&p, "C0", "finite"));
}

static void test_fields(void)
{
    imp_problem2d p = base();
    size_t off[2];
    CHECK(imp_problem2d_field("mu", off) == 2);
    CHECK(imp_problem2d_field("nope", off) == 0);
    CHECK(imp_problem2d_field("body1.I", off) == 0);
    CHECK(imp_problem2d_set(&p, "mu", 0.9) == 2);
    CHECK(p.mu_s == 0.9 && p.mu_k == 0.9);
    CHECK(imp_problem2d_set(&p, "e", 0.25) == 1 && p.law.e == 0.25);
    CHECK(imp_problem2d_set(&p, "body2.w", 3) == 1 && p.body2.w == 3);
    CHECK(imp_problem2d_set(&p, "body1.rho", 0.7) == 1 && p.body1.rho == 0.7);
    CHECK(imp_problem2d_set(&p, "C0", -2) == 1 && p.coef.C0 == -2);
    CHECK(imp_problem2d_set(&p, "mu_k", 0.1) == 1 && p.mu_k == 0.1 && p.mu_s == 0.9);
}

static void test_two_bodies(void)
{
    /* point-symmetric identical bodies double B3 (plus sign, WM92 eqs 5-23) */
    imp_body2d a = {1, 0.5, 0.3, 0.4, 0, -1, 0}, b = {1, 0.5, -0.3, -0.4, 0, 0, 0};
    imp_coef2d c1, c2;
    imp_coef2d_from_bodies(&a, NULL, &c1);
    imp_coef2d_from_bodies(&a, &b, &c2);
    CHECK_NEAR(c2.B3, 2 * c1.B3, 1e-15);
    CHECK_NEAR(c2.B1, 2 * c1.B1, 1e-15);

    for (int law = 0; law < 3; law++) {
        imp_problem2d p = base();
        p.law.kind = (imp_law_kind)law;
        imp_result2d r;
        double post[2][3];
        CHECK(imp_problem2d_solve(&p, &r, post) == IMP_OK);
        const imp_body2d *b1 = &p.body1, *b2 = &p.body2;
        /* linear momentum is conserved */
        CHECK_NEAR(b1->m * post[0][0] + b2->m * post[1][0], b1->m * b1->vx + b2->m * b2->vx, 1e-13);
        CHECK_NEAR(b1->m * post[0][1] + b2->m * post[1][1], b1->m * b1->vy + b2->m * b2->vy, 1e-13);
        /* the relative contact velocity after is (S, C) */
        double S = (post[0][0] + post[0][2] * b1->y) - (post[1][0] + post[1][2] * b2->y);
        double C = (post[0][1] - post[0][2] * b1->x) - (post[1][1] - post[1][2] * b2->x);
        CHECK_NEAR(S, r.S, 1e-12);
        CHECK_NEAR(C, r.C, 1e-12);
        /* eq 57 is the kinetic energy change of the bodies */
        double v1[3] = {b1->vx, b1->vy, b1->w}, v2[3] = {b2->vx, b2->vy, b2->w};
        double T0 = imp_body2d_energy(b1, v1) + imp_body2d_energy(b2, v2);
        double T1 = imp_body2d_energy(b1, post[0]) + imp_body2d_energy(b2, post[1]);
        CHECK_NEAR(T1 - T0, r.dT, 1e-13);
    }
    /* a negative mass is rejected by solve too */
    imp_problem2d p = base();
    p.body2.m = -2;
    imp_result2d r;
    CHECK(imp_problem2d_solve(&p, &r, NULL) == IMP_EINPUT);
}

static void test_names(void)
{
    CHECK(strcmp(imp_mode_name(IMP_MODE_R_REVERSED), "R-reversed") == 0);
    CHECK(strcmp(imp_mode_name(IMP_MODE_NONE), "none") == 0);
    CHECK(strcmp(imp_class_name(IMP_CLASS_TANGENTIAL), "tangential") == 0);
    CHECK(strcmp(imp_event_name(IMP_EV_MAXC), "max-compression") == 0);
}

int main(void)
{
    RUN(test_check);
    RUN(test_fields);
    RUN(test_two_bodies);
    RUN(test_names);
    return check_summary();
}
