/* The published models across double's whole range: the reported cases
 * (Smith with |S0|/|C0| ~ 1e366, the frictionless limit whose answer
 * overflows), the power-of-two scaling invariant (the homogeneity of WM92
 * eqs 5-23) over random problems spanning 1e-300 .. 1e300, a long-double
 * oracle for mu = 0 (every model is then Newton's frictionless impulse
 * Py = -(1+e) C0/B2), and 1/(m rho^2) for bodies whose m rho^2 overflows. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "models2d.h"

static const imp_model2d models[7] = {
    IMP_MODEL_NEWTON_FRICTIONLESS, IMP_MODEL_KANE, IMP_MODEL_BRACH,
    IMP_MODEL_SMITH, IMP_MODEL_GLOCKER_PFEIFFER, IMP_MODEL_CS, IMP_MODEL_CHATTERJEE_RUINA
};

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static double urand(void)
{
    rng_state = rng_state * 6364136223846793005u + 1442695040888963407u;
    return (double)(rng_state >> 11) / 9007199254740992.0;
}

/* A magnitude 10^[-300, 300] with a random mantissa. */
static double wide(void) { return (1 + 9 * urand()) * pow(10, floor(601 * urand()) - 300); }

/* Smith with S0 ~ -5e124 and C0 ~ -1.5e-242: C0 once flushed to 0 in the
 * scaled frame ("no admissible solution"; the other models gave Py = 0).
 * mu = 1e-300 is a Coulomb slide, Py = -(1+e) C0/(B2 - mu B3) (the mirror
 * of S0 < 0) = 2.45e-293, Px = mu Py below the subnormals, C = -e C0. */
static void test_smith_reported(void)
{
    imp_coef2d c = {5.2413940584572395e-227, 6.037403828594076e+50, 9.6407712936413739e-89,
                    -4.9448437197047561e+124, -1.4610524870498994e-242, 0};
    double e = 0.012583983823094558, mu = 1e-300;
    long double Py = -(1 + (long double)e) * c.C0 / (c.B2 - (long double)mu * c.B3);
    imp_model_params p = {e, mu, mu, 0, 0, NULL, NULL, NULL, 0};
    for (int m = 0; m < 7; m++) {
        imp_model_result2d r;
        CHECK(imp_model2d_solve(models[m], &c, &p, &r) == IMP_OK);
        CHECK_NEAR(r.Py / 2.4504545164012039e-293, 1, 1e-15);
        CHECK(fabsl(r.Py - Py) <= 4 * DBL_EPSILON * Py);
        CHECK(r.Px == 0 && r.S == c.S0);
        CHECK(fabs(r.C + e * c.C0) <= 4 * DBL_EPSILON * fabs(c.C0));
    }
}

/* Kane, Brach, GP, C-S (and the others) with mu = 0 and Py = -C0/B2 =
 * 6.38e292/9.1154e-244 = 7e535: the answer overflows (IMP_EOVERFLOW), it
 * is not "no admissible solution". (B3 as reported, -1.1443e-65, makes
 * B1 B2 < B3^2: input refused; -1.1e-65 keeps the magnitudes.) */
static void test_frictionless_overflow_reported(void)
{
    imp_coef2d c = {1.4364e113, 9.1154e-244, -1.1e-65, 0, -6.38e292, 0};
    imp_model_params p = {0, 0, 0, 0, 0, NULL, NULL, NULL, 0};
    for (int m = 0; m < 7; m++) {
        imp_model_result2d r;
        CHECK(imp_model2d_solve(models[m], &c, &p, &r) == IMP_EOVERFLOW);
    }
    c.B3 = -1.1443e-65;
    imp_model_result2d r;
    CHECK(imp_model2d_solve(IMP_MODEL_KANE, &c, &p, &r) == IMP_EINPUT);
    /* C0 2^-300 smaller: Py = 7e535 * 2^-300 = 3.4e445, still too big;
     * 2^-900: 8.3e264, representable, and Newton's to the last bits. */
    c.B3 = -1.1e-65;
    c.C0 = ldexp(-6.38e292, -900);
    for (int m = 0; m < 7; m++) {
        CHECK(imp_model2d_solve(models[m], &c, &p, &r) == IMP_OK);
        CHECK(r.Py == -c.C0 / c.B2 && r.Px == 0);
    }
}

/* A random problem: B1, B2 anywhere in 1e-300 .. 1e300 (ordinary one time
 * in four), B3 within the positive-definite range, S0 and C0 likewise
 * (S0 = 0 one time in eight), mu ordinary, 0 or huge. */
static void draw(imp_coef2d *c, imp_model_params *p)
{
    memset(p, 0, sizeof *p);   /* every field set: e_t was left to the stack */
    int ord = urand() < 0.25;
    c->B1 = ord ? 0.2 + urand() : wide();
    c->B2 = ord ? 0.2 + urand() : wide();
    c->B3 = (2 * urand() - 1) * 0.999 * sqrt(c->B1) * sqrt(c->B2);
    c->S0 = urand() < 0.125 ? 0 : (urand() < 0.5 ? -1 : 1) * (ord ? urand() : wide());
    c->C0 = -(ord ? 0.1 + urand() : wide());
    c->D = 0;
    double u = urand();
    p->mu = u < 0.1 ? 0 : u < 0.2 ? wide() : 2 * urand();
    p->mu_0 = p->mu * (1 + urand());
    p->e = urand();
    p->e_t = 1 - 2 * p->e;   /* Chatterjee-Ruina's, over [-1, 1] (no draw: the sequence stays) */
    p->has_ratio = 0;
    p->ratio = 0;
    p->moment = NULL;
    p->moment_ctx = NULL;
    p->mcoef = NULL;
}

static int normal(double x) { return isnormal(x); }

/* x2 is x times 2^k exactly wherever both are normal numbers (rounding
 * into the subnormals or to 0 is the one place scaling is not exact). */
static int scaled_eq(double x, double x2, int k)
{
    double y = ldexp(x, k);
    if (!normal(x) || !normal(y) || !normal(x2)) return 1;
    return x2 == y;
}

static int all_normal(const imp_coef2d *c)
{
    return normal(c->B1) && normal(c->B2) && (c->B3 == 0 || normal(c->B3)) &&
           (c->S0 == 0 || normal(c->S0)) && normal(c->C0);
}

static int bad_pairs = 0;

/* r2 solves c scaled by B*2^kb, v*2^kv: impulses 2^(kv-kb), velocities
 * 2^kv, dT 2^(2kv-kb); the labels unchanged. */
static void compare(const imp_model_result2d *r, const imp_model_result2d *r2, int kv, int kb)
{
    int kP = kv - kb, ok = 1;
    ok &= scaled_eq(r->Px, r2->Px, kP) && scaled_eq(r->Py, r2->Py, kP);
    ok &= scaled_eq(r->PxC, r2->PxC, kP) && scaled_eq(r->PyC, r2->PyC, kP);
    ok &= scaled_eq(r->S, r2->S, kv) && scaled_eq(r->C, r2->C, kv);
    ok &= scaled_eq(r->dT, r2->dT, 2 * kv - kb);
    ok &= r->slip == r2->slip && r->mode == r2->mode && r->nvert == r2->nvert;
    ok &= r->nroots == r2->nroots && r->coulomb_ok == r2->coulomb_ok;
    ok &= r->energy_gain == r2->energy_gain && r->ratio_limited == r2->ratio_limited;
    ok &= r->ratio == r2->ratio || (isnan(r->ratio) && isnan(r2->ratio));
    for (int i = 0; ok && i < r->nvert; i++)
        ok &= scaled_eq(r->vert[i].Py, r2->vert[i].Py, kP) &&
              scaled_eq(r->vert[i].S, r2->vert[i].S, kv) &&
              r->vert[i].event == r2->vert[i].event;
    CHECK(ok);
    if (!ok) bad_pairs++;
}

static void test_scaling_invariant(void)
{
    int solved = 0, pairs = 0;
    for (int t = 0; t < 3000; t++) {
        imp_coef2d c, c2;
        imp_model_params p;
        draw(&c, &p);
        int kv = (int)floor(urand() * 1201) - 600, kb = (int)floor(urand() * 1201) - 600;
        c2 = c;
        c2.B1 = ldexp(c.B1, kb); c2.B2 = ldexp(c.B2, kb); c2.B3 = ldexp(c.B3, kb);
        c2.S0 = ldexp(c.S0, kv); c2.C0 = ldexp(c.C0, kv);
        if (!all_normal(&c) || !all_normal(&c2) || (c.S0 == 0) != (c2.S0 == 0) ||
            (c.B3 == 0) != (c2.B3 == 0) || !imp_coef2d_posdef(&c))
            continue;
        for (int m = 0; m < 7; m++) {
            imp_model_result2d r, r2;
            imp_status s = imp_model2d_solve(models[m], &c, &p, &r);
            imp_status s2 = imp_model2d_solve(models[m], &c2, &p, &r2);
            solved += s == IMP_OK;
            if (s == s2 && s == IMP_OK) {
                pairs++;
                compare(&r, &r2, kv, kb);
            } else if (s != s2) {
                /* only where one result leaves double's range */
                CHECK(s == IMP_EOVERFLOW || s2 == IMP_EOVERFLOW);
            }
        }
    }
    printf("  %d solved, %d scaled pairs compared, %d differ\n", solved, pairs, bad_pairs);
    CHECK(pairs > 2000);
}

/* mu = 0: every model is Py = -(1+e) C0/B2, Px = 0, C = -e C0,
 * S = S0 - B3 Py, dT = (1-e) C0 Py/2. Long double holds the true values
 * (exponents to 1e4932): IMP_EOVERFLOW exactly when one leaves double's
 * range, else each within a few ulps (C and dT against |C0| and |C0 Py|,
 * as C0 + C cancels for e near 1). */
static void test_frictionless_oracle(void)
{
    int over = 0, fit = 0;
    for (int t = 0; t < 3000; t++) {
        imp_coef2d c;
        imp_model_params p;
        draw(&c, &p);
        p.mu = p.mu_0 = 0;
        if (!imp_coef2d_posdef(&c)) continue;
        long double e = p.e, Py = -(1 + e) * c.C0 / c.B2;
        long double S = c.S0 - c.B3 * Py, dT = 0.5L * (1 - e) * c.C0 * Py;
        long double big = fmaxl(fabsl(Py), fmaxl(fabsl(S), fabsl(dT)));
        if (big > 0.999L * DBL_MAX && big < 1.001L * DBL_MAX) continue;   /* at the edge */
        /* Py below the normal doubles in every frame (|S0|/|C0| and B2/B1
         * both ~ 2^1800) leaves C = C0 + B2 Py unknown: out of reach. */
        if (Py < DBL_MIN) continue;
        int fits = big < DBL_MAX;
        for (int m = 0; m < 7; m++) {
            imp_model_result2d r;
            imp_status s = imp_model2d_solve(models[m], &c, &p, &r);
            CHECK(s == (fits ? IMP_OK : IMP_EOVERFLOW));
            if (s != IMP_OK) continue;
            CHECK(r.Px == 0 && fabsl(r.C + p.e * c.C0) <= 4 * DBL_EPSILON * fabs(c.C0));
            if (Py >= DBL_MIN) CHECK(fabsl(r.Py - Py) <= 2 * DBL_EPSILON * Py);
            long double sS = fabsl(c.S0) + fabsl(c.B3 * Py);
            if (sS >= DBL_MIN / DBL_EPSILON) CHECK(fabsl(r.S - S) <= 4 * DBL_EPSILON * sS);
            if (fabsl(c.C0 * Py) >= DBL_MIN / DBL_EPSILON)
                CHECK(fabsl(r.dT - dT) <= 8 * DBL_EPSILON * fabsl(c.C0 * Py));
        }
        over += !fits;
        fit += fits;
    }
    printf("  %d fit, %d overflow\n", fit, over);
    CHECK(over > 100 && fit > 100);
}

/* 1/(m rho^2) and x/(m rho^2) with m rho^2 = 1e320 past DBL_MAX: the
 * moment coupling and the bodies' spin after a moment impulse. */
static void test_inertia_overflow(void)
{
    imp_problem2d pb;
    memset(&pb, 0, sizeof pb);
    pb.nbodies = 1;
    pb.body1.m = 1e300;
    pb.body1.rho = 1e10;
    pb.body1.x = 1e300;
    pb.body1.y = -3e299;
    imp_moment2d q;
    imp_moment2d_from_problem(&pb, &q);
    CHECK_NEAR(q.BCq / -1e-20, 1, 1e-15);
    CHECK_NEAR(q.BSq / -3e-21, 1, 1e-15);
    CHECK(q.Bq > 0 && fabs(q.Bq / 1e-320 - 1) < 1e-3);     /* a subnormal, not 0 */
    double post[2][3];
    CHECK(imp_problem2d_after(&pb, 0, 0, 2e300, post) == IMP_OK);
    CHECK_NEAR(post[0][2] / 2e-20, 1, 1e-15);
    /* ordinary bodies: the plain quotient, bit for bit */
    CHECK(imp_model2d_over_inertia(0.3, 2.5, 0.7) == 0.3 / (2.5 * 0.7 * 0.7));
}

/* Restitution's moment impulse a fixed part of the compression impulse:
 * scales like an impulse. */
static int law_pyc(void *ctx, const imp_moment_state *s, double *Mq)
{
    (void)ctx;
    *Mq = s->phase == IMP_PHASE_RESTITUTION ? 0.0625 * s->PyC : 0;
    return 0;
}

/* C-S and Brach with a moment law on a body whose m rho^2 = 2^1040 is past
 * DBL_MAX (it once gave 1/I = 0 and inf impulses): exactly 2^1000 times
 * the impulses of the same body with m = 1 (the coefficients, B and the
 * moment coupling, all scale by 2^-1000; few-bit data keep the subnormal
 * couplings exact). */
static void test_moment_big_body(void)
{
    imp_problem2d a, b;
    memset(&a, 0, sizeof a);
    a.nbodies = 1;
    imp_body2d body = {1, 0x1p20, 0.25, 0.375, 0.5, -1, 0.75};
    a.body1 = body;
    b = a;
    b.body1.m = 0x1p1000;
    imp_coef2d_from_bodies(&a.body1, NULL, &a.coef);
    imp_coef2d_from_bodies(&b.body1, NULL, &b.coef);
    imp_moment2d qa, qb;
    imp_moment2d_from_problem(&a, &qa);
    imp_moment2d_from_problem(&b, &qb);
    CHECK(qb.Bq == 0x1p-1040 && qb.BSq == ldexp(qa.BSq, -1000) && qb.BCq == ldexp(qa.BCq, -1000));
    for (int k = 0; k < 2; k++) {
        imp_model2d m = k ? IMP_MODEL_BRACH : IMP_MODEL_CS;
        imp_model_params pa = {0.5, 0.25, 0.25, 0, 0, law_pyc, NULL, &qa, 0}, pb = pa;
        pb.mcoef = &qb;
        imp_model_result2d ra, rb;
        CHECK(imp_model2d_solve(m, &a.coef, &pa, &ra) == IMP_OK);
        CHECK(imp_model2d_solve(m, &b.coef, &pb, &rb) == IMP_OK);
        CHECK(ra.Py > 0 && rb.Py == ldexp(ra.Py, 1000) && rb.Px == ldexp(ra.Px, 1000));
        CHECK(rb.Mq == ldexp(ra.Mq, 1000) && rb.S == ra.S && rb.C == ra.C);
        CHECK(rb.dT == ldexp(ra.dT, 1000));
        double post[2][3];
        CHECK(imp_problem2d_after(&b, rb.Px, rb.Py, rb.Mq, post) == IMP_OK);
        CHECK(isfinite(post[0][2]));
    }
}

int main(void)
{
    RUN(test_smith_reported);
    RUN(test_frictionless_overflow_reported);
    RUN(test_scaling_invariant);
    RUN(test_frictionless_oracle);
    RUN(test_inertia_overflow);
    RUN(test_moment_big_body);
    return check_summary();
}
