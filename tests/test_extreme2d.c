/* The 2D tracer and closed forms at the edges of double precision: tiny
 * slips, extreme scales of S0, C0 and B, ill-conditioned bodies, custom
 * laws whose impulse is far from Pc. Each case was once wrong (the audit of
 * issue 3); the expected values follow from WM92 eqs 39-55 and the homogeneity of the
 * problem (impulses scale with (S0, C0) and with 1/B). */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "closed2d.h"
#include "impact2d.h"

static imp_status solve(imp_coef2d c, double mu_s, double mu_k,
                        imp_law_kind kind, double e, imp_result2d *r)
{
    imp_law law = {kind, e, NULL, NULL};
    memset(r, 0, sizeof *r);
    return imp_path2d_solve(&c, mu_s, mu_k, &law, r);
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
        CHECK(imp_mode2d_classify(&c, 0.1, 0.1, 1, &k) == IMP_OK);
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
 * B1*B2, and Delta must come from the bodies (summed from positive terms), not from
 * B1*B2 - B3^2. Direct impacts that stick: Pc = B1*|C0|/Delta. The body
 * form refuses a compliance whose condition number exceeds 1e12 (|r|/rho
 * beyond about 1e6 here), as solve3d does; Delta from the bodies stays exact
 * beyond that. */
static void test_small_rho_delta(void)
{
    const double rhos[5] = {1e-4, 1e-5, 1e-6, 1e-8, 1e-9};
    for (int i = 0; i < 5; i++) {
        double rho = rhos[i], r2 = 0.25 / (rho * rho);
        imp_problem2d p;
        memset(&p, 0, sizeof p);
        p.nbodies = 1;
        p.body1 = (imp_body2d){1, rho, 0.3, 0.4, 0, -1, 0};
        p.mu_s = p.mu_k = 1;
        p.law = (imp_law){IMP_LAW_POISSON, 0.5, NULL, NULL};
        imp_coef2d c;
        imp_coef2d_from_bodies(&p.body1, NULL, &c);
        CHECK_NEAR(c.D / (1 + r2), 1, 1e-15);               /* (1 + (x^2+y^2)/rho^2)/m^2 */
        imp_result2d r;
        double post[2][3];
        if (rho < 1e-6) {                                   /* condition number 2.5e15, 2.5e17 */
            char msg[200];
            CHECK(strcmp(imp_problem2d_check(&p, msg, sizeof msg), "body1") == 0);
            CHECK(strstr(msg, "too ill-conditioned") != NULL);
            CHECK(imp_problem2d_solve(&p, &r, post) == IMP_ESINGULAR);
            continue;
        }
        CHECK(imp_problem2d_check(&p, NULL, 0) == NULL);   /* never "degenerate" */
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
    for (int i = 0; i < 5; i++) {
        double rho = rhos[i], ir2 = 1 / (rho * rho);
        imp_problem2d p;
        memset(&p, 0, sizeof p);
        p.nbodies = 2;
        p.body1 = (imp_body2d){1, rho, 0.3, 0.4, 0, -1, 0};
        p.body2 = (imp_body2d){2, rho, -0.6, -0.8, 0, 0, 0};
        p.mu_s = p.mu_k = 1;
        p.law = (imp_law){IMP_LAW_ENERGETIC, 0.5, NULL, NULL};
        imp_coef2d c;
        imp_coef2d_from_bodies(&p.body1, &p.body2, &c);
        double D = 2.25 + 1.125 * ir2, B1 = 1.5 + 0.48 * ir2;
        CHECK_NEAR(c.D / D, 1, 1e-15);
        imp_result2d r;
        double post[2][3];
        if (rho < 1e-6) {   /* body2, the farther and heavier, is named */
            CHECK(strcmp(imp_problem2d_check(&p, NULL, 0), "body2") == 0);
            CHECK(imp_problem2d_solve(&p, &r, post) == IMP_ESINGULAR);
            continue;
        }
        CHECK(imp_problem2d_check(&p, NULL, 0) == NULL);
        CHECK(imp_problem2d_solve(&p, &r, post) == IMP_OK);
        CHECK(r.mode == IMP_MODE_C_STICKING);
        CHECK_NEAR(r.Py, 1.5 * B1 / D, 1e-14);
    }
}

/* homogeneity: (S0, C0) -> v*(S0, C0) scales the impulses by v and the works by
 * v^2; B -> b*B divides the impulses by b. Over every magnitude double
 * holds, the results are the unit problem's scaled (exactly: the solvers
 * scale by powers of two), the mode is the same, and the closed forms
 * still equal the tracer. */
static uint64_t rng = 0x2545F4914F6CDD1Dull;
static double urand(void)
{
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return (double)((rng * 0x2545F4914F6CDD1Dull) >> 11) * 0x1.0p-53;
}

static void test_scale_invariance(void)
{
    const double vs[] = {0x1p-1000, 0x1p-560, 0x1p-300, 0x1p-130, 0x1p130, 0x1p300, 0x1p560, 0x1p1000};
    const double bs[] = {0x1p-900, 0x1p-300, 1, 0x1p300, 0x1p900};
    int bad = 0, bad_closed = 0, n = 0;
    for (int i = 0; i < 3000; i++) {
        double B1 = 0.1 + 3 * urand(), B2 = 0.1 + 3 * urand();
        double B3 = (2 * urand() - 1) * sqrt(B1 * B2) * 0.999;
        imp_coef2d c = {B1, B2, B3, 2 * urand() - 1, -urand(), 0};
        if (i % 10 == 0)
            c.S0 = 0;
        double mu_k = 2 * urand(), mu_s = i & 1 ? mu_k : mu_k + urand(), e = urand();
        imp_law_kind kind = (imp_law_kind)(i % 3);
        imp_result2d r, q;
        CHECK(solve(c, mu_s, mu_k, kind, e, &r) == IMP_OK);
        for (size_t a = 0; a < sizeof vs / sizeof *vs; a++) {
            for (size_t b = 0; b < sizeof bs / sizeof *bs; b++) {
                double v = vs[a], bb = bs[b], P = v / bb, W = v * v / bb;
                if (!(fabs(log2(P)) < 1000 && fabs(log2(W)) < 1000))
                    continue;      /* the result itself is not a normal double */
                imp_coef2d k = {B1 * bb, B2 * bb, B3 * bb, c.S0 * v, c.C0 * v, 0};
                n++;
                if (solve(k, mu_s, mu_k, kind, e, &q) != IMP_OK || q.mode != r.mode ||
                    q.Px != r.Px * P || q.Py != r.Py * P || q.Pc != r.Pc * P ||
                    q.S != r.S * v || q.C != r.C * v || q.dT != r.dT * W || q.Wc != r.Wc * W) {
                    bad++;
                    continue;
                }
                imp_closed2d z;
                if (imp_closed2d_solve(&k, mu_s, mu_k, kind, e, &z) != IMP_OK ||
                    fabs(z.Px - q.Px) > 1e-12 * fabs(P) * (1 + fabs(r.Px) + fabs(r.Py)) ||
                    fabs(z.Py - q.Py) > 1e-12 * fabs(P) * (1 + fabs(r.Px) + fabs(r.Py)))
                    bad_closed++;
            }
        }
    }
    printf("  scaled problems: %d, differing from the unit one: %d, closed != tracer: %d\n",
           n, bad, bad_closed);
    CHECK(n > 40000);
    CHECK(bad == 0);
    CHECK(bad_closed == 0);
}

/* The audit's cases: the energetic law must not turn plastic when the works
 * underflow (|C0| = 1e-170, 1e-300) or 2*kC*T overflows (B = 1e300). */
static void test_energetic_extreme(void)
{
    imp_result2d r;
    CHECK(solve((imp_coef2d){2.5, 2.5, 1.5, 0, -1e-170, 0}, 1, 1, IMP_LAW_ENERGETIC, 1, &r) == IMP_OK);
    CHECK(r.mode == IMP_MODE_C_STICKING);
    CHECK_NEAR(r.Py / 1e-170, 1.25, 1e-15);   /* 0.625 (1 + e), WM92 sec 6 case 1 */
    CHECK_NEAR(r.C / 1e-170, 1, 1e-15);
    CHECK(solve((imp_coef2d){2.5, 2.5, 1.5, -1e-300, -1e-300, 0}, 0.95, 0.95, IMP_LAW_ENERGETIC,
                0.5, &r) == IMP_OK);
    CHECK(r.mode == IMP_MODE_R_STICKING);
    CHECK_NEAR(r.Py / 1e-300, 1.367943, 1e-6);  /* WM92 sec 6 case 3, mu = 0.95 */
    CHECK_NEAR(r.Px / 1e-300, 1.220766, 1e-6);
    CHECK(solve((imp_coef2d){1e300, 1e300, 0, 0, -1e160, 0}, 1, 1, IMP_LAW_ENERGETIC, 1, &r) == IMP_OK);
    CHECK_NEAR(r.Py / 2e-140, 1, 1e-15);
    CHECK_NEAR(r.C / 1e160, 1, 1e-15);
    CHECK_NEAR(r.Wr / -r.Wc, 1, 1e-15);           /* e = 1: all the work comes back */
}

/* |S0|/|C0| far from 1: the normal works (C0^2/B) set the velocity scale,
 * so they neither underflow when the slide is 1e200 times faster than the
 * approach nor overflow in Painleve's case, where the slide deepens the
 * compression (the rod's case 4, tangential, scaled). law coincidences: a contact that
 * slides throughout has Poisson = Newton = energetic. */
static void test_extreme_ratio(void)
{
    const double ratios[] = {1e-250, 1e-160, 1e-60, 1e60, 1e160, 1e250};
    int nslide = 0;
    for (int i = 0; i < 6; i++) {
        for (int j = 0; j < 40; j++) {
            double mu = 0.05 * j, e = 0.1 + 0.02 * j;
            /* S0/C0 = ratio, both within 1e+-125 so that the works (up to
             * S0^2/B in Painleve's case, C0^2/B) are doubles */
            double q = sqrt(ratios[i]);
            imp_coef2d c = {2.5, 2.5, 1.5, -q, -1 / q, 0};
            imp_result2d r[3];
            for (int l = 0; l < 3; l++) {
                CHECK(solve(c, mu, mu, (imp_law_kind)l, e, &r[l]) == IMP_OK);
                imp_closed2d q;
                CHECK(imp_closed2d_solve(&c, mu, mu, (imp_law_kind)l, e, &q) == IMP_OK);
                CHECK(q.mode == r[l].mode);
                CHECK_NEAR(q.Py / r[l].Py, 1, 1e-12);
                CHECK(r[l].dT <= 0 || l == IMP_LAW_NEWTON);
            }
            if (r[0].mode == IMP_MODE_SLIDING) {
                nslide++;
                CHECK_NEAR(r[2].Py / r[0].Py, 1, 1e-13);
                CHECK_NEAR(r[1].Py / r[0].Py, 1, 1e-13);
                CHECK_NEAR(r[0].Py * q, (1 + e) / (2.5 - 1.5 * mu), 1e-13);
            }
        }
    }
    CHECK(nslide > 100);
    /* case 4 at mu = 2, energetic, e = 0.5: (0.135979, 0.093298) per unit of S0 = -0.2 */
    const double scales[] = {1e-150, 1e-100, 1, 1e100, 1e150};
    for (int i = 0; i < 5; i++) {
        imp_result2d r;
        double k = scales[i];
        CHECK(solve((imp_coef2d){2.5, 2.5, 1.5, -0.2 * k, 0, 0}, 2, 2, IMP_LAW_ENERGETIC, 0.5, &r) == IMP_OK);
        CHECK_NEAR(r.Px / k, 0.135979, 1e-6);
        CHECK_NEAR(r.Py / k, 0.093298, 1e-6);
        CHECK_NEAR(r.C / k, 0.029277, 1e-6);
    }
}

/* An impulse beyond double's range is reported as an overflow
 * (IMP_EOVERFLOW: "the result is outside double's range"), never as a failure to
 * converge. */
static void test_overflow_status(void)
{
    imp_coef2d c = {8.29e-16, 9.37e-16, 8.81e-16, 5.96e299, -1.10e299, 0};
    for (int l = 0; l < 3; l++) {
        imp_result2d r;
        CHECK(solve(c, 8.95e6, 1e6, (imp_law_kind)l, 1, &r) == IMP_EOVERFLOW);
    }
    imp_coef2d ok = {8.29e-16, 9.37e-16, 8.81e-16, 5.96e140, -1.10e140, 0};
    imp_result2d r;
    CHECK(solve(ok, 8.95e6, 1e6, IMP_LAW_NEWTON, 1, &r) == IMP_OK);
    CHECK(isfinite(r.Px) && isfinite(r.dT));
    CHECK(r.C == 1.10e140);
}

/* Custom laws: the built-ins written as residuals. */
typedef struct { imp_law_kind kind; double e; } law_ctx;

static int as_custom(void *ctx, const imp_law_state *s, double *r)
{
    const law_ctx *l = ctx;
    if (l->kind == IMP_LAW_POISSON)
        *r = s->Pn - (1 + l->e) * s->Pc;
    else if (l->kind == IMP_LAW_NEWTON)
        *r = s->vn + l->e * s->vn0;
    else
        *r = s->Wr + l->e * l->e * s->Wc;
    return 0;
}

/* custom == built-in: same mode, impulse within 1e-12 of its size */
static int same_as_builtin(const imp_coef2d *c, double mu_s, double mu_k,
                           imp_law_kind kind, double e)
{
    imp_result2d a, b;
    law_ctx lc = {kind, e};
    imp_law custom = {IMP_LAW_CUSTOM, e, as_custom, &lc};
    if (solve(*c, mu_s, mu_k, kind, e, &a) != IMP_OK)
        return 0;
    memset(&b, 0, sizeof b);
    if (imp_path2d_solve(c, mu_s, mu_k, &custom, &b) != IMP_OK)
        return 0;
    double P = fabs(a.Px) + fabs(a.Py);
    return a.mode == b.mode && fabs(a.Px - b.Px) <= 1e-12 * P && fabs(a.Py - b.Py) <= 1e-12 * P;
}

/* The audit's cases: a long slide after an early maximum compression
 * (Py/Pc > 1e6) once hit a cap of 1e6*Pc on the search; a zero at 1e-40 of
 * a segment's length once exhausted Brent's 200 steps, which then returned
 * the bracket's end (Py 1.5e8 times too large) without an error. */
static void test_custom_far_and_near(void)
{
    imp_problem2d p;
    memset(&p, 0, sizeof p);
    p.nbodies = 1;
    p.body1 = (imp_body2d){1, 1e-4, -0.36, 0.54, -1.39, -0.64, 0};
    imp_coef2d c;
    imp_coef2d_from_bodies(&p.body1, NULL, &c);
    imp_result2d r;
    CHECK(solve(c, 1.32, 1.32, IMP_LAW_NEWTON, 0.5, &r) == IMP_OK);
    CHECK(r.mode == IMP_MODE_R_STICKING);
    CHECK(r.Py / r.Pc > 1e6);
    for (int l = 0; l < 3; l++)
        CHECK(same_as_builtin(&c, 1.32, 1.32, (imp_law_kind)l, 0.5));

    imp_coef2d n = {2.5, 2.5, 1.5, -1, -1e-40, 0};
    law_ctx lc = {IMP_LAW_ENERGETIC, 0.5};
    imp_law custom = {IMP_LAW_CUSTOM, 0.5, as_custom, &lc};
    CHECK(imp_path2d_solve(&n, 1.2, 1.2, &custom, &r) == IMP_OK);
    CHECK(r.mode == IMP_MODE_SLIDING);
    CHECK_NEAR(r.Py / 1e-40, 1.5 / 0.7, 1e-12);    /* (1+e)|C0|/(B2 - mu B3) */
    for (int l = 0; l < 3; l++)
        CHECK(same_as_builtin(&n, 1.2, 1.2, (imp_law_kind)l, 0.5));
}

/* custom == built-in over random bodies with small radii of gyration
 * (rho in [1e-5, 1e-1], log-uniform), where compression often ends after
 * a tiny part of the impulse: 1967 R-modes of 2e5 once failed. */
static void test_custom_small_rho(void)
{
    int bad = 0, rmodes = 0;
    for (int i = 0; i < 200000; i++) {
        imp_body2d b = {exp(log(0.1) + urand() * log(100)), exp(log(1e-5) + urand() * log(1e4)),
                        2 * urand() - 1, urand(), 4 * urand() - 2, -2 * urand(), 2 * urand() - 1};
        imp_coef2d c;
        imp_coef2d_from_bodies(&b, NULL, &c);
        if (!(c.C0 < 0))
            continue;
        double mu = 2 * urand(), e = urand();
        imp_result2d r;
        CHECK(solve(c, mu, mu, IMP_LAW_POISSON, e, &r) == IMP_OK);
        rmodes += r.mode == IMP_MODE_R_STICKING || r.mode == IMP_MODE_R_REVERSED;
        for (int l = 0; l < 3; l++)
            bad += !same_as_builtin(&c, mu, mu, (imp_law_kind)l, e);
    }
    printf("  R-modes: %d, custom != built-in: %d\n", rmodes, bad);
    CHECK(rmodes > 5000);
    CHECK(bad == 0);
}

static double lu(double a, double b) { return exp(log(a) + urand() * (log(b) - log(a))); }
static double sgn_r(void) { return urand() < 0.5 ? -1 : 1; }

/* A bounded fuzz over every magnitude double holds (B, S0, C0 in
 * 1e-300..1e300, |S0|/|C0| up to 1e40 either way, W2 close to singular,
 * mu up to 1e3, bodies with rho down to 1e-12): every solve succeeds or
 * reports an overflow that is genuine (the scaled problem's result is
 * beyond double's range); Poisson and energetic never gain energy;
 * |Px| <= mu_s Py; closed forms equal the tracer (where B1*B2/Delta <=
 * 1e4: nearer singularity both lose digits) and custom laws the
 * built-ins (where the state the law sees, in the caller's units, is a
 * normal double far from overflow: beyond, the law cannot be told it). */
static void test_fuzz(void)
{
    int n = 0, over = 0, spurious = 0, gain = 0, coulomb = 0, closed_bad = 0, custom_bad = 0;
    for (int i = 0; i < 40000; i++) {
        imp_coef2d c = {0, 0, 0, 0, 0, 0};
        if (i % 4 == 0) {
            imp_body2d b1 = {lu(1e-100, 1e100), lu(1e-12, 1e3), sgn_r() * lu(1e-6, 10), lu(1e-6, 10),
                             sgn_r() * lu(1e-100, 1e100), -lu(1e-100, 1e100), 0};
            imp_body2d b2 = {lu(1e-100, 1e100), lu(1e-12, 1e3), sgn_r() * lu(1e-6, 10), -lu(1e-6, 10), 0, 0, 0};
            imp_coef2d_from_bodies(&b1, i & 8 ? &b2 : NULL, &c);
            if (!(isfinite(c.B1) && isfinite(c.B2) && isfinite(c.B3) && isfinite(c.S0)))
                continue;
        } else {
            double b = lu(1e-300, 1e300), an = lu(1e-6, 1e6), v = lu(1e-300, 1e300);
            double q = urand() < 0.2 ? 1 - lu(1e-12, 1e-2) : urand();
            c.B1 = b * an;
            c.B2 = b / an;
            c.B3 = urand() < 0.05 ? 0 : sgn_r() * q * sqrt(c.B1) * sqrt(c.B2);
            c.S0 = urand() < 0.1 ? 0 : sgn_r() * v * lu(1e-40, 1e40);
            c.C0 = urand() < 0.05 ? 0 : -v;
            if (!isfinite(c.S0) || !imp_coef2d_posdef(&c))
                continue;
        }
        double mu_k = urand() < 0.1 ? 0 : lu(1e-3, 1e3), mu_s = urand() < 0.5 ? mu_k : mu_k * (1 + lu(1e-3, 10));
        double e = urand() < 0.1 ? 0 : urand();
        imp_law_kind kind = (imp_law_kind)(i % 3);
        imp_result2d r;
        imp_status st = solve(c, mu_s, mu_k, kind, e, &r);
        imp_coef2d_scaled sc;
        CHECK(imp_coef2d_scale(&c, mu_k, &sc));
        if (st != IMP_OK) {
            CHECK(st == IMP_EOVERFLOW);
            over++;
            imp_result2d q;      /* the scaled problem: its result, scaled back in logs */
            CHECK(solve(*sc.p, mu_s, mu_k, kind, e, &q) == IMP_OK);
            double lp = log2(fabs(q.Px) + fabs(q.Py)) + sc.kv - sc.kb;
            double lw = log2(fabs(q.Wc) + fabs(q.Wr) + fabs(q.Wf) + fabs(q.dT)) + 2 * sc.kv - sc.kb;
            spurious += lp < 1020 && lw < 1020 && log2(fabs(q.S) + fabs(q.C)) + sc.kv < 1020;
            continue;
        }
        n++;
        double P = fabs(r.Px) + fabs(r.Py), V = fabs(c.S0) + fabs(c.C0);
        CHECK(isfinite(r.Px) && isfinite(r.Py) && isfinite(r.S) && isfinite(r.C) && isfinite(r.dT) &&
              isfinite(r.Wc) && isfinite(r.Wr) && isfinite(r.Wf) && isfinite(r.Pc));
        gain += kind != IMP_LAW_NEWTON && r.dT > 1e-12 * P * V;
        /* (an impulse below double's normal range keeps a few subnormal ulps) */
        coulomb += fabs(r.Px) > mu_s * r.Py * (1 + 1e-12) + 4 * (1 + mu_s) * DBL_TRUE_MIN;
        if (sc.p->B1 * sc.p->B2 / sc.D <= 1e4) {
            imp_closed2d q;
            CHECK(imp_closed2d_solve(&c, mu_s, mu_k, kind, e, &q) == IMP_OK);
            closed_bad += fabs(q.Px - r.Px) > 1e-9 * P || fabs(q.Py - r.Py) > 1e-9 * P;
        }
        if (fabs(r.Wc) < 1e290 && (kind != IMP_LAW_ENERGETIC || fabs(r.Wc) > 1e-290) &&
            r.Py > 1e-290 && r.Py < 1e290 && V > 1e-290 && V < 1e290)
            custom_bad += !same_as_builtin(&c, mu_s, mu_k, kind, e);
    }
    printf("  %d solved, %d overflows (%d spurious); energy gains %d, |Px| > mu_s Py %d, "
           "closed != tracer %d, custom != built-in %d\n", n, over, spurious, gain, coulomb,
           closed_bad, custom_bad);
    CHECK(n > 20000 && over > 1000);
    CHECK(spurious == 0 && gain == 0 && coulomb == 0 && closed_bad == 0 && custom_bad == 0);
}

int main(void)
{
    RUN(test_tiny_slip_stops);
    RUN(test_small_rho_delta);
    RUN(test_scale_invariance);
    RUN(test_energetic_extreme);
    RUN(test_extreme_ratio);
    RUN(test_overflow_status);
    RUN(test_custom_far_and_near);
    RUN(test_custom_small_rho);
    RUN(test_fuzz);
    return check_summary();
}
