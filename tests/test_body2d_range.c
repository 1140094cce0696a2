/* The body form of the planar problem across double's whole range: the
 * coefficients B1, B2, B3 (WM92 eqs 5-23), Delta, the post-impact
 * velocities and the kinetic energy must be computed whenever their true
 * values are representable, although (y/rho)^2, x*y/rho^2 or v^2 on the
 * way are not. Oracles: the same formulas in long double (15-bit exponent:
 * no intermediate here leaves its range), and the exact invariants of
 * power-of-two scaling (masses times 2^k scale impulses by 2^k; lengths
 * times 2^j with spins times 2^-j change nothing else). */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "impact2d.h"

typedef long double ld;

/* |a - b| <= tol * scale, scale the sum of the magnitudes of the terms. */
#define CHECK_REL(a, b, scale, tol) CHECK(fabsl((ld)(a) - (b)) <= (tol) * (scale))

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static double urand(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (double)(rng_state >> 11) * 0x1p-53;
}

/* 10^u, u uniform in [lo, hi]. */
static double lu10(double lo, double hi) { return pow(10, lo + (hi - lo) * urand()); }
static double sgn(void) { return urand() < 0.5 ? -1 : 1; }

/* One body's share in long double: out = {B1, B2, B3, S, C, |S| + |C| terms}. */
static void body_ld(const imp_body2d *b, ld out[6])
{
    ld m = b->m, r2 = (ld)b->rho * b->rho, x = b->x, y = b->y, w = b->w;
    out[0] = 1 / m + y * y / (m * r2);
    out[1] = 1 / m + x * x / (m * r2);
    out[2] = x * y / (m * r2);
    out[3] = b->vx + w * y;
    out[4] = b->vy - w * x;
    out[5] = fabsl((ld)b->vx) + fabsl(w * y) + fabsl((ld)b->vy) + fabsl(w * x);
}

static int representable(ld v) { return v == 0 || (fabsl(v) >= DBL_MIN && fabsl(v) <= DBL_MAX); }

/* B1, B2, B3, S0, C0 and Delta against long double for two bodies (b2
 * NULL: the ground). Returns 1 when the true B1, B2, B3, S0, C0 lie in
 * double's normal range (and were checked). */
static int check_coef(const imp_body2d *b1, const imp_body2d *b2)
{
    ld a[6], z[6] = {0, 0, 0, 0, 0, 0};
    body_ld(b1, a);
    if (b2)
        body_ld(b2, z);
    ld B1 = a[0] + z[0], B2 = a[1] + z[1], B3 = a[2] + z[2], S0 = a[3] - z[3], C0 = a[4] - z[4];
    /* Delta from positive terms (WM92's B1 B2 - B3^2 cancels for small rho),
     * with r_i^2 = (x_i^2 + y_i^2)/rho_i^2; Dmax takes |x2 y1| + |x1 y2| for
     * the cancelling x2 y1 - x1 y2 */
    ld m1 = b1->m, s1 = ((ld)b1->x * b1->x + (ld)b1->y * b1->y) / ((ld)b1->rho * b1->rho);
    ld D = (1 + s1) / (m1 * m1), Dmax = D;
    if (b2) {
        ld m2 = b2->m, s2 = ((ld)b2->x * b2->x + (ld)b2->y * b2->y) / ((ld)b2->rho * b2->rho);
        ld rr = (ld)b1->rho * b2->rho, q = ((ld)b2->x * b1->y - (ld)b1->x * b2->y) / rr;
        ld qa = (fabsl((ld)b2->x * b1->y) + fabsl((ld)b1->x * b2->y)) / rr;
        ld t = (1 + s2) / (m2 * m2) + (2 + s1 + s2) / (m1 * m2);
        Dmax = D + t + qa * qa / (m1 * m2);
        D += t + q * q / (m1 * m2);
    }
    if (!(representable(B1) && representable(B2) && representable(B3) && representable(S0) &&
          representable(C0)))
        return 0;
    imp_coef2d c;
    imp_coef2d_from_bodies(b1, b2, &c);
    CHECK_REL(c.B1, B1, B1, 1e-15);
    CHECK_REL(c.B2, B2, B2, 1e-15);
    CHECK_REL(c.B3, B3, fabsl(a[2]) + fabsl(z[2]), 1e-15);
    CHECK_REL(c.S0, S0, a[5] + z[5], 1e-15);
    CHECK_REL(c.C0, C0, a[5] + z[5], 1e-15);
    if (representable(D))   /* else 0 or inf: imp_coef2d_delta takes it from the B's */
        CHECK_REL(c.D, D, Dmax, 1e-14);
    return 1;
}

/* The cases the plain formulas refused or got wrong, each with its true
 * values in range: (y/rho)^2 = 1e400 against m = 1e300; rho = 1e-200;
 * x y/rho^2 = 1e-400 times 1/m = 1e300 (B3 = 1e-100, which underflowed
 * to 0); m = 1.5e308 (1/m subnormal); w y = 1e400 cancelled by w y of the
 * other body (S0 = 0). */
static void test_coef_cases(void)
{
    const imp_body2d light = {1e-110, 1, 0, 0, 0, 0, 0};
    const imp_body2d cases[5][2] = {
        {{1e300, 1, 0.3e200, 1e200, 0, -1, 0}, light},
        {{1e300, 1e-200, 0.5, 1, 0, -1, 0}, light},
        {{1e-300, 1, 1e-200, 1e-200, 0, -1, 0}, {1e-300, 1, -1e-200, -2e-200, 0, 0, 0}},
        {{1.5e308, 1e-150, 1, 0.7, 0, -1, 0}, {1.5e308, 1e-150, -0.4, -1, 0, 0, 0}},
        {{1, 1e200, 0.3, 1e200, 0, -1, 1e200}, {1e300, 1e200, 0.3, -1e200, 0, 1, -1e200}},
    };
    for (int i = 0; i < 5; i++) {
        int in_range = check_coef(&cases[i][0], &cases[i][1]);
        CHECK(in_range);
        if (!in_range)
            fprintf(stderr, "case %d out of range\n", i);
        imp_problem2d p = {.body1 = cases[i][0], .body2 = cases[i][1], .nbodies = 2,
                           .mu_s = 0.3, .mu_k = 0.3, .law = {IMP_LAW_POISSON, 0.5, NULL, NULL}};
        char msg[256];
        const char *f = imp_problem2d_check(&p, msg, sizeof msg);
        CHECK(f == NULL || strstr(msg, "ill-conditioned"));
        if (f)
            fprintf(stderr, "case %d: %s %s\n", i, f, msg);
    }
    imp_coef2d c;       /* case 3 exactly: B3 = 2 * 1e-400/1e-300 */
    imp_coef2d_from_bodies(&cases[2][0], &cases[2][1], &c);
    CHECK_NEAR(c.B3 / 3e-100, 1, 1e-15);
}

/* Random bodies with every field anywhere in [1e-300, 1e300]: whenever
 * the true coefficients are representable they are right. */
static void test_coef_random(void)
{
    int checked = 0;
    for (int i = 0; i < 20000; i++) {
        imp_body2d b[2];
        for (int k = 0; k < 2; k++)
            b[k] = (imp_body2d){lu10(-300, 300), lu10(-300, 300), sgn() * lu10(-300, 300),
                                sgn() * lu10(-300, 300), sgn() * lu10(-300, 300),
                                sgn() * lu10(-300, 300), sgn() * lu10(-300, 300)};
        checked += check_coef(&b[0], NULL);
        checked += check_coef(&b[0], &b[1]);
    }
    CHECK(checked > 4000);   /* about a third of the draws */
    printf("  %d random coefficient sets in range checked\n", checked);
}

/* Post-impact velocities and energy against long double. */
static void test_after_energy(void)
{
    int checked = 0;
    for (int i = 0; i < 20000; i++) {
        imp_body2d b = {lu10(-300, 300), lu10(-300, 300), sgn() * lu10(-300, 300),
                        sgn() * lu10(-300, 300), sgn() * lu10(-300, 300),
                        sgn() * lu10(-300, 300), sgn() * lu10(-300, 300)};
        double Px = sgn() * lu10(-300, 300), Py = sgn() * lu10(-300, 300), v[3];
        ld m = b.m, I = m * b.rho * b.rho, dw = (b.y * (ld)Px - b.x * (ld)Py) / I;
        ld want[3] = {b.vx + Px / m, b.vy + Py / m, b.w + dw};
        ld scale[3] = {fabsl((ld)b.vx) + fabsl(Px / m), fabsl((ld)b.vy) + fabsl(Py / m),
                       fabsl((ld)b.w) + fabsl(b.y * (ld)Px / I) + fabsl(b.x * (ld)Py / I)};
        imp_body2d_after(&b, 1, Px, Py, v);
        for (int k = 0; k < 3; k++)
            if (scale[k] >= DBL_MIN && scale[k] <= DBL_MAX / 4) {
                CHECK_REL(v[k], want[k], scale[k], 1e-15);
                checked++;
            }
        double u[3] = {b.vx, b.vy, b.w};
        ld T = 0.5L * m * ((ld)u[0] * u[0] + (ld)u[1] * u[1] + (ld)b.rho * b.rho * u[2] * u[2]);
        if (T >= DBL_MIN && T <= DBL_MAX / 2) {
            CHECK_REL(imp_body2d_energy(&b, u), T, T, 1e-15);
            checked++;
        }
    }
    CHECK(checked > 20000);
    /* v^2 = 1e400 against m = 1e-300; a subnormal mass (m/2 once rounded to 0) */
    imp_body2d b = {1e-300, 1e50, 0, 0, 1e200, -1e200, 1e150};
    double v[3] = {1e200, -1e200, 1e150};
    CHECK_NEAR(imp_body2d_energy(&b, v) / 1.5e100, 1, 1e-15);
    b.m = 5e-324;
    CHECK_NEAR(imp_body2d_energy(&b, v) / (1.5L * 0x1p-1074L * 1e400L), 1, 1e-15);
    b.m = 1e300;        /* the true energy 1.5e700 overflows: inf, not a wrong number */
    CHECK(isinf(imp_body2d_energy(&b, v)));
}

static imp_status solve(const imp_problem2d *p, imp_result2d *r, double post[2][3])
{
    memset(r, 0, sizeof *r);
    return imp_problem2d_solve(p, r, post);
}

/* Scales problem p: masses by 2^k, lengths (x, y, rho) by 2^j, spins by 2^-j. */
static imp_problem2d scaled(imp_problem2d p, int k, int j)
{
    imp_body2d *b[2] = {&p.body1, &p.body2};
    for (int i = 0; i < 2; i++) {
        b[i]->m = ldexp(b[i]->m, k);
        b[i]->rho = ldexp(b[i]->rho, j);
        b[i]->x = ldexp(b[i]->x, j);
        b[i]->y = ldexp(b[i]->y, j);
        b[i]->w = ldexp(b[i]->w, -j);
    }
    return p;
}

/* Ordinary problems and their scalings by 2^k (masses) and 2^j (lengths):
 * impulses times 2^k, velocities equal, spins times 2^-j, exactly while
 * Delta ~ 2^-2k stays a normal number (beyond, Delta comes from the
 * rounded B's: a few ulps times the condition number). */
static void test_scaling(void)
{
    const int ks[6] = {0, 480, -480, 1000, -1000, 0}, js[6] = {600, 0, -600, 300, 0, -900};
    int n = 0;
    for (int i = 0; i < 300; i++) {
        imp_problem2d p = {.nbodies = 1 + (i & 1), .mu_s = urand(), .law = {IMP_LAW_POISSON, urand(), NULL, NULL}};
        p.mu_k = p.mu_s;
        p.body1 = (imp_body2d){lu10(-1, 1), lu10(-1, 0), sgn() * lu10(-1, 0), lu10(-1, 0),
                               sgn() * urand(), -urand(), sgn() * urand()};
        p.body2 = (imp_body2d){lu10(-1, 1), lu10(-1, 0), sgn() * lu10(-1, 0), -lu10(-1, 0),
                               sgn() * urand(), urand(), sgn() * urand()};
        imp_result2d r0, r;
        double post0[2][3], post[2][3];
        if (solve(&p, &r0, post0) != IMP_OK)
            continue;
        for (int s = 0; s < 6; s++) {
            imp_problem2d q = scaled(p, ks[s], js[s]);
            CHECK(imp_problem2d_check(&q, NULL, 0) == NULL);
            CHECK(solve(&q, &r, post) == IMP_OK);
            double tol = abs(ks[s]) > 500 ? 1e-12 : 0;
            CHECK_NEAR(ldexp(r.Px, -ks[s]), r0.Px, tol);
            CHECK_NEAR(ldexp(r.Py, -ks[s]), r0.Py, tol);
            for (int b = 0; b < p.nbodies; b++) {
                CHECK_NEAR(post[b][0], post0[b][0], tol);
                CHECK_NEAR(post[b][1], post0[b][1], tol);
                CHECK_NEAR(ldexp(post[b][2], js[s]), post0[b][2], tol);
            }
        }
        n++;
    }
    CHECK(n > 150);
}

/* The true result out of range: still refused, with the messages. */
static void test_refused(void)
{
    const imp_body2d ground_body = {1, 1, 0.3, 0.5, 0, -1, 0};
    struct { imp_body2d b1, b2; int nb; const char *field, *msg; } cases[] = {
        /* 1/m = 1e310 */
        {{1e-310, 1, 0.3, 0.5, 0, -1, 0}, ground_body, 1, "body1", "overflow"},
        /* B1 = (1 + 1e20)/1e-300 */
        {{1e-300, 1e-10, 0.3, 1, 0, -1, 0}, ground_body, 2, "body1", "overflow"},
        /* C0 = -1e308 - 1e308 */
        {{1, 1, 0.3, 0.5, 0, -1e308, 0}, {1, 1, 0.3, -0.5, 0, 1e308, 0}, 2, "body1", "overflow"},
        /* one body, y/rho = 1e200: W's condition number ~1e400 */
        {{1e300, 1, 0, 1e200, 0, -1, 0}, ground_body, 1, "body1", "ill-conditioned"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        imp_problem2d p = {.body1 = cases[i].b1, .body2 = cases[i].b2, .nbodies = cases[i].nb,
                           .mu_s = 0.3, .mu_k = 0.3, .law = {IMP_LAW_POISSON, 0.5, NULL, NULL}};
        char msg[256] = "";
        const char *f = imp_problem2d_check(&p, msg, sizeof msg);
        CHECK(f && strcmp(f, cases[i].field) == 0);
        CHECK(strstr(msg, cases[i].msg) != NULL);
        imp_result2d r;
        double post[2][3];
        CHECK(solve(&p, &r, post) != IMP_OK);
    }
}

int main(void)
{
    RUN(test_coef_cases);
    RUN(test_coef_random);
    RUN(test_after_energy);
    RUN(test_scaling);
    RUN(test_refused);
    return check_summary();
}
