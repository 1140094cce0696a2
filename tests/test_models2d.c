/* The published models (CS01) against worked vectors on WM92's rod and invariants. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "models2d.h"

#define V6 1e-6

/* Wang & Mason's rod (WM92 sec 6): B1 = B2 = 2.5, B3 = 1.5. */
static imp_coef2d rod(double S0, double C0)
{
    imp_coef2d c = { 2.5, 2.5, 1.5, S0, C0, 0 };
    return c;
}

static imp_model_params par(double e, double mu)
{
    imp_model_params p;
    memset(&p, 0, sizeof p);
    p.e = e; p.mu = mu; p.mu_0 = mu;
    return p;
}

static imp_model_result2d solve(imp_model2d m, imp_coef2d c, imp_model_params p)
{
    imp_model_result2d r;
    imp_status st = imp_model2d_solve(m, &c, &p, &r);
    CHECK(st == IMP_OK);
    return r;
}

static void test_newton_frictionless(void)
{
    imp_model_result2d r = solve(IMP_MODEL_NEWTON_FRICTIONLESS, rod(0, -1), par(0.5, 0));
    CHECK_NEAR(r.Px, 0, V6);
    CHECK_NEAR(r.Py, 0.6, V6);
    CHECK_NEAR(r.S, -0.9, V6);
    CHECK_NEAR(r.C, 0.5, V6);
    CHECK_NEAR(r.dT, -0.15, V6);
    CHECK(r.status == IMP_MSTATUS_EXACT);
    CHECK(r.slip == IMP_SLIP_FRICTIONLESS);
    CHECK(r.cls == IMP_CLASS_DIRECT);
    CHECK(!r.energy_gain && r.coulomb_ok);
}

static void test_kane_gains_energy(void)
{
    imp_model_params p = par(1, 0.5);
    imp_model_result2d r = solve(IMP_MODEL_KANE, rod(0.6, -1), p);
    CHECK_NEAR(r.Px, 0.375, V6);
    CHECK_NEAR(r.Py, 1.025, V6);
    CHECK_NEAR(r.ratio, 0.365854, V6);
    CHECK(r.S == 0);
    CHECK_NEAR(r.C, 1, V6);
    CHECK_NEAR(r.dT, 0.1125, V6);
    CHECK(r.energy_gain);
    CHECK(r.coulomb_ok);
    CHECK(r.slip == IMP_SLIP_STICKING);
    CHECK(r.status == IMP_MSTATUS_RECONSTRUCTED);
    /* Below the stick ratio it slides with Newton's normal law. */
    p = par(1, 0.2);
    r = solve(IMP_MODEL_KANE, rod(0.6, -1), p);
    CHECK_NEAR(r.Py, 2 / (2.5 + 0.2 * 1.5), 1e-12);
    CHECK_NEAR(r.Px, -0.2 * r.Py, 1e-12);
    CHECK_NEAR(r.C, 1, 1e-12);
    /* mu_0 > mu: the stick trial uses mu_0. */
    p = par(1, 0.2); p.mu_0 = 0.4;
    r = solve(IMP_MODEL_KANE, rod(0.6, -1), p);
    CHECK_NEAR(r.Px, 0.375, V6);
}

static void test_brach(void)
{
    imp_model_result2d r = solve(IMP_MODEL_BRACH, rod(0.6, -1), par(0.5, 0.3));
    CHECK_NEAR(r.ratio_limit, 0.263158, V6);
    CHECK_NEAR(r.ratio, 0.263158, V6);
    CHECK_NEAR(r.Px, 0.1875, V6);
    CHECK_NEAR(r.Py, 0.7125, V6);
    CHECK_NEAR(r.dT, -0.121875, V6);
    CHECK(r.slip == IMP_SLIP_STICKING);
    /* e = 1: every non-zero ratio gains energy, so the ratio drops to 0. */
    r = solve(IMP_MODEL_BRACH, rod(0.6, -1), par(1, 0.3));
    CHECK_NEAR(r.ratio_limit, 0.365854, V6);
    CHECK_NEAR(r.ratio, 0, 1e-12);
    CHECK_NEAR(r.Px, 0, 1e-12);
    CHECK_NEAR(r.Py, 0.8, V6);
    CHECK_NEAR(r.S, -0.6, V6);
    CHECK_NEAR(r.C, 1, V6);
    CHECK_NEAR(r.dT, 0, 1e-12);
    CHECK(!r.energy_gain);
    /* The two gains quoted for Brach's model. */
    imp_coef2d c = rod(0.6, -1);
    double lam[2] = { 0.365853658536585, -0.3 }, want[2] = { 0.1125, 0.033094 };
    for (int i = 0; i < 2; i++) {
        double Py = -2 * c.C0 / (c.B2 - lam[i] * c.B3);
        CHECK_NEAR(imp_coef2d_energy(&c, lam[i] * Py, Py), want[i], V6);
    }
    CHECK(r.ratio_limited == IMP_RATIO_ENERGY);
}

/* Brach: a user ratio is limited like the rule's, first so that friction does
 * not reverse the slip (lambda between 0 and mu0, which stops it at D), then
 * so that no energy is gained (before, only the energy limit applied:
 * ratio = -1e6 gave S = -0.99 and 1e6 drove the slip past zero). */
static void test_brach_ratio_limits(void)
{
    imp_model_params p = par(0.5, 0.3);
    p.has_ratio = 1;
    double mu0 = 0.263157894736842;   /* rod case 2, e = 0.5: point D (0.1875, 0.7125) */
    double big[2] = { 0.9, 1e6 };
    for (int i = 0; i < 2; i++) {
        p.ratio = big[i];
        imp_model_result2d r = solve(IMP_MODEL_BRACH, rod(0.6, -1), p);
        CHECK_NEAR(r.ratio, mu0, 1e-12);
        CHECK_NEAR(r.Px, 0.1875, 1e-12);
        CHECK_NEAR(r.Py, 0.7125, 1e-12);
        CHECK_NEAR(r.S, 0, 1e-12);
        CHECK_NEAR(r.dT, -0.121875, 1e-12);
        CHECK(r.ratio_limited == IMP_RATIO_REVERSAL && r.ratio_req == big[i]);
    }
    p.ratio = -1e6;                   /* friction along the frictionless slip S = -0.3 */
    imp_model_result2d r = solve(IMP_MODEL_BRACH, rod(0.6, -1), p);
    CHECK(r.ratio == 0 && r.Px == 0);
    CHECK_NEAR(r.Py, 0.6, 1e-12);
    CHECK_NEAR(r.S, -0.3, 1e-12);
    CHECK(r.ratio_limited == IMP_RATIO_REVERSAL);
    p.ratio = 0.1;                    /* inside [0, mu0]: used as given */
    r = solve(IMP_MODEL_BRACH, rod(0.6, -1), p);
    CHECK(r.ratio == 0.1 && r.ratio_limited == 0);
    /* e = 1: every ratio in (0, mu0] gains energy (WM92's account of Brach), so 0 survives. */
    p = par(1, 0.3); p.has_ratio = 1; p.ratio = 0.2;
    r = solve(IMP_MODEL_BRACH, rod(0.6, -1), p);
    CHECK(r.ratio == 0 && r.ratio_limited == IMP_RATIO_ENERGY);
    p.ratio = 0.5;
    r = solve(IMP_MODEL_BRACH, rod(0.6, -1), p);
    CHECK(r.ratio == 0 && r.ratio_limited == (IMP_RATIO_REVERSAL | IMP_RATIO_ENERGY));
    /* D out of reach (S0 = 5: Py_D < 0): only ratios opposing S0. */
    p = par(0.5, 0.3); p.has_ratio = 1; p.ratio = 0.3;
    r = solve(IMP_MODEL_BRACH, rod(5, -1), p);
    CHECK(isnan(r.ratio_limit) && r.ratio == 0 && r.ratio_limited == IMP_RATIO_REVERSAL);
    p.ratio = -0.3;
    r = solve(IMP_MODEL_BRACH, rod(5, -1), p);
    CHECK(r.ratio == -0.3 && r.ratio_limited == 0 && r.S > 0);
    /* Any requested ratio: the slip ends between its frictionless value and
     * 0 (never reversed by friction) and no energy is gained. */
    double S0s[4] = { 0.6, -1, 5, 0 };
    for (int i = 0; i < 4; i++)
        for (double e = 0; e <= 1; e += 0.25)
            for (double q = -3; q <= 3; q += 0.125) {
                imp_coef2d c = rod(S0s[i], -1);
                p = par(e, 0.3); p.has_ratio = 1; p.ratio = q;
                r = solve(IMP_MODEL_BRACH, c, p);
                double Sf = c.S0 - c.B3 * (-(1 + e) * c.C0 / c.B2);   /* lambda = 0 */
                CHECK(r.S * Sf >= -1e-12 && fabs(r.S) <= fabs(Sf) + 1e-12);
                CHECK(!r.energy_gain);
            }
}

static void test_glocker_pfeiffer(void)
{
    imp_model_result2d r = solve(IMP_MODEL_GLOCKER_PFEIFFER, rod(0.6, -1), par(0.5, 0.3));
    CHECK_NEAR(r.PxC, 0, V6);
    CHECK_NEAR(r.PyC, 0.4, V6);
    CHECK_NEAR(r.Px, 0.06, V6);
    CHECK_NEAR(r.Py, 0.6, V6);
    CHECK_NEAR(r.S, -0.15, V6);
    CHECK_NEAR(r.C, 0.41, V6);
    CHECK_NEAR(r.dT, -0.1635, V6);
    CHECK(r.slip == IMP_SLIP_REVERSED);
    r = solve(IMP_MODEL_GLOCKER_PFEIFFER, rod(0.6, -1), par(1, 0.8));
    CHECK_NEAR(r.Px, 0.24, V6);
    CHECK_NEAR(r.Py, 0.8, V6);
    CHECK(r.S == 0);
    /* C-S without a moment law is GP case 1, marked uncertain. */
    imp_model_result2d q = solve(IMP_MODEL_CS, rod(0.6, -1), par(1, 0.8));
    CHECK(q.Px == r.Px && q.Py == r.Py && q.dT == r.dT);
    CHECK(q.status == IMP_MSTATUS_UNCERTAIN);
}

static void test_smith(void)
{
    imp_model_result2d r = solve(IMP_MODEL_SMITH, rod(0.6, -1), par(0.5, 0.3));
    CHECK_NEAR(r.Px, -0.041646, V6);
    CHECK_NEAR(r.Py, 0.575012, V6);
    CHECK_NEAR(r.S, -0.366634, V6);
    CHECK_NEAR(r.C, 0.5, V6);
    CHECK_NEAR(r.dT, -0.148612, V6);
    CHECK(r.nroots == 1);
    r = solve(IMP_MODEL_SMITH, rod(-1, -1), par(0.5, 1.2));
    CHECK_NEAR(r.Px, 1.266310, V6);
    CHECK_NEAR(r.Py, 1.359786, V6);
    CHECK_NEAR(r.S, 0.126096, V6);
    CHECK_NEAR(r.dT, -0.893263, V6);
    CHECK(r.slip == IMP_SLIP_REVERSED);
    CHECK(r.nroots == 1);
    r = solve(IMP_MODEL_SMITH, rod(0.6, -1), par(1, 0.8));
    CHECK_NEAR(r.Px, 0, V6);
    CHECK_NEAR(r.Py, 0.8, V6);
    CHECK_NEAR(r.dT, 0, V6);
    CHECK(r.nroots == 1);
    /* The law holds at the root, and Newton's normal law. */
    r = solve(IMP_MODEL_SMITH, rod(-1, -1), par(0.5, 1.2));
    CHECK_NEAR(r.Px * (1 + fabs(r.S)), -1.2 * r.Py * (-1 + r.S), 1e-12);
    CHECK_NEAR(r.C, 0.5, 1e-12);
}

/* Smith's law residual Px (|S0| + |S|) + mu Py (S0 + S), relative. */
static double smith_residual(const imp_coef2d *c, double mu, const imp_model_result2d *r)
{
    double a = fabs(c->S0) + fabs(r->S);
    double res = r->Px * a + mu * r->Py * (c->S0 + r->S);
    return fabs(res) / ((fabs(r->Px) + mu * r->Py) * a);
}

/* The audit's inputs: |S0| >> |C0| (the slip-as-unknown form lost S - S0 to
 * cancellation: Px = 5.5e15 at S0 = 1e8, no root at S0 = 1e20), huge mu
 * (a spurious root with Py = 1e-16), grazing C0 (|Px|/Py = mu to 1e-8). */
static void test_smith_extreme(void)
{
    double Py = 1.5 / (2.5 + 0.3 * 1.5);             /* sliding throughout */
    double S0s[4] = { 3e7, 1e8, 1e20, 1e300 };
    for (int i = 0; i < 4; i++) {
        imp_coef2d c = rod(S0s[i], -1);
        imp_model_result2d r = solve(IMP_MODEL_SMITH, c, par(0.5, 0.3));
        CHECK_NEAR(r.Py, Py, 1e-15);
        CHECK_NEAR(r.Px, -0.3 * Py, 1e-15);
        CHECK_NEAR(r.C, 0.5, 1e-15);
        CHECK_NEAR(r.S, S0s[i] - (0.3 * 2.5 + 1.5) * Py, 1e-15);
        CHECK(r.nroots == 1 && r.coulomb_ok && r.slip == IMP_SLIP_SLIDING);
        CHECK(r.dT < 0);
    }
    /* mu -> inf: the slip is reflected, S = -S0 (the law's limit). */
    imp_coef2d c = rod(0.6, -1);
    imp_model_result2d r = solve(IMP_MODEL_SMITH, c, par(0.5, 1e17));
    CHECK_NEAR(r.Px, -0.1875, 1e-12);
    CHECK_NEAR(r.Py, 0.4875, 1e-12);
    CHECK_NEAR(r.S, -0.6, 1e-12);
    CHECK_NEAR(r.C, 0.5, 1e-15);
    CHECK_NEAR(r.dT, -0.121875, 1e-12);
    CHECK(r.nroots == 1);
    CHECK(smith_residual(&c, 1e17, &r) <= 1e-12);
    r = solve(IMP_MODEL_SMITH, c, par(0.5, 1e300));
    CHECK_NEAR(r.Px, -0.1875, 1e-12);
    /* Grazing: sliding throughout, |Px|/Py = mu to rounding (G: 1e-12). */
    double C0s[3] = { -1e-6, -1e-8, -1e-200 };
    for (int i = 0; i < 3; i++) {
        c = rod(1, C0s[i]);
        r = solve(IMP_MODEL_SMITH, c, par(0.5, 0.3));
        CHECK(r.coulomb_ok);
        CHECK_NEAR(fabs(r.Px) / r.Py, 0.3, 1e-15);
        CHECK_NEAR(r.Py, -1.5 * C0s[i] / (2.5 + 0.3 * 1.5), 1e-15 * fabs(C0s[i]));
        CHECK_NEAR(r.C, -0.5 * C0s[i], 1e-15 * fabs(C0s[i]));
    }
}

/* Random problems at random scales: the impulse is linear in (S0, C0)
 * (homogeneity) and the law and Newton's C = -e C0 hold at the root. */
static double urand(unsigned *s) { *s = *s * 1103515245u + 12345u; return (*s >> 8) / 16777216.0; }

static void test_smith_scale_sweep(void)
{
    unsigned seed = 7;
    int worst_ok = 1;
    for (int i = 0; i < 20000; i++) {
        double B1 = exp(4 * urand(&seed) - 2), B2 = exp(4 * urand(&seed) - 2);
        double B3 = (2 * urand(&seed) - 1) * 0.999 * sqrt(B1 * B2);
        double S0 = (2 * urand(&seed) - 1) * exp(40 * urand(&seed) - 20);
        double C0 = -exp(40 * urand(&seed) - 20);
        double mu = exp(24 * urand(&seed) - 10), e = urand(&seed);
        double k = pow(10, 200 * urand(&seed) - 100);
        imp_coef2d c = { B1, B2, B3, S0, C0, 0 }, ck = { B1, B2, B3, k * S0, k * C0, 0 };
        imp_model_params p = par(e, mu);
        imp_model_result2d r, q;
        if (imp_model2d_solve(IMP_MODEL_SMITH, &c, &p, &r) != IMP_OK) continue;
        CHECK(imp_model2d_solve(IMP_MODEL_SMITH, &ck, &p, &q) == IMP_OK);
        double v = fabs(S0) + fabs(C0);
        /* P scales with k; relative to the impulse scale |C0|/B2 + |S0|/B1. */
        double ps = v / fmin(B1, B2) + v / sqrt(B1 * B2 - B3 * B3);
        int ok = fabs(q.Px / k - r.Px) <= 1e-12 * ps && fabs(q.Py / k - r.Py) <= 1e-12 * ps
              && fabs(q.S / k - r.S) <= 1e-12 * v && q.C == -e * ck.C0 && r.Py > 0
              && r.coulomb_ok && q.coulomb_ok && r.nroots == 1;
        /* S agrees with the impulse map, to rounding of the velocity scale. */
        ok = ok && fabs(c.S0 + B1 * r.Px - B3 * r.Py - r.S) <= 1e-12 * (v + B1 * fabs(r.Px) + fabs(B3) * r.Py);
        if (!ok && worst_ok) {
            fprintf(stderr, "smith scale: B = %.17g %.17g %.17g S0 = %.17g C0 = %.17g mu = %.17g e = %.17g k = %g\n",
                    B1, B2, B3, S0, C0, mu, e, k);
            worst_ok = 0;
        }
        CHECK(ok);
    }
}

/* homogeneity at the limits of double: B scaled by 10^a, velocities by 10^b give
 * impulses times 10^(b-a) and dT times 10^(2b-a), as long as those are
 * representable (B1*B2 alone overflows at a = 160); beyond, IMP_EOVERFLOW,
 * never NaN (dT was -nan at C0 = -1e300). */
static void test_scale_limits(void)
{
    imp_model2d ms[6] = { IMP_MODEL_NEWTON_FRICTIONLESS, IMP_MODEL_KANE, IMP_MODEL_BRACH,
                          IMP_MODEL_SMITH, IMP_MODEL_GLOCKER_PFEIFFER, IMP_MODEL_CS };
    int ab[4][2] = { { 160, 150 }, { -160, -150 }, { 160, -60 }, { -160, 60 } };
    imp_coef2d base[3] = { rod(0.6, -1), rod(-1, -1), { 1.3, 2.1, -0.7, 0.4, -2, 0 } };
    for (int j = 0; j < 6; j++)
        for (int b = 0; b < 3; b++)
            for (int i = 0; i < 4; i++) {
                double fa = pow(10, ab[i][0]), fb = pow(10, ab[i][1]);
                imp_coef2d c = base[b], k = { c.B1 * fa, c.B2 * fa, c.B3 * fa, c.S0 * fb, c.C0 * fb, 0 };
                imp_model_params p = par(0.7, 0.4);
                imp_model_result2d r = solve(ms[j], c, p), q;
                CHECK(imp_model2d_solve(ms[j], &k, &p, &q) == IMP_OK);
                CHECK_NEAR(q.Px / (fb / fa), r.Px, 1e-12);
                CHECK_NEAR(q.Py / (fb / fa), r.Py, 1e-12);
                CHECK_NEAR(q.S / fb, r.S, 1e-12);
                CHECK_NEAR(q.C / fb, r.C, 1e-12);
                CHECK_NEAR(q.dT / (fb * fb / fa), r.dT, 1e-12);
                CHECK(q.slip == r.slip && q.coulomb_ok == r.coulomb_ok
                      && q.energy_gain == r.energy_gain);
            }
    for (int j = 0; j < 6; j++) {
        imp_coef2d c = rod(0.6, -1e300);
        imp_model_params p = par(0.5, 0.3);
        imp_model_result2d r;
        CHECK(imp_model2d_solve(ms[j], &c, &p, &r) == IMP_EOVERFLOW);
        c = rod(0.6, -1e150);                    /* dT ~ 1e300: representable */
        CHECK(imp_model2d_solve(ms[j], &c, &p, &r) == IMP_OK);
        CHECK(isfinite(r.dT) && r.dT < 0 && isfinite(r.Px) && r.Py > 0);
    }
}

/* The API mode and path of the models (solve2d's vocabulary instead of
 * "sticking"/"reversed"/"frictionless"). */
static int is_api_mode(imp_mode m)
{
    return m == IMP_MODE_SLIDING || m == IMP_MODE_C_STICKING || m == IMP_MODE_R_STICKING
        || m == IMP_MODE_C_REVERSED || m == IMP_MODE_R_REVERSED;
}

static void check_path(const imp_coef2d *c, imp_model2d m, const imp_model_result2d *r)
{
    int n = r->nvert, ic = -1, ie = -1;
    CHECK(n >= 3 && n <= 4);
    CHECK(r->vert[0].event == IMP_EV_START && r->vert[0].Px == 0 && r->vert[0].Py == 0);
    CHECK(r->vert[0].S == c->S0 && r->vert[0].C == c->C0);
    CHECK(r->vert[n - 1].event == IMP_EV_END);
    CHECK(r->vert[n - 1].Px == r->Px && r->vert[n - 1].Py == r->Py);
    CHECK(r->vert[n - 1].S == r->S && r->vert[n - 1].C == r->C);
    double scale = fabs(r->Px) + r->Py;
    for (int i = 1; i < n; i++) {
        const imp_vertex2d *v = &r->vert[i];
        CHECK(v->Py >= r->vert[i - 1].Py - 1e-12 * scale);
        if (v->event == IMP_EV_MAXC) { ic = i; CHECK(v->C == 0); }
        if (v->event == IMP_EV_STICK || v->event == IMP_EV_REVERSE) { ie = i; CHECK(v->S == 0); }
        /* the contact velocities follow the impulse (no moment law here) */
        if (v->event != IMP_EV_END) {
            CHECK(fabs(c->S0 + c->B1 * v->Px - c->B3 * v->Py - v->S) <= 1e-9 * (fabs(c->S0) + fabs(c->C0)));
            CHECK(fabs(c->C0 - c->B3 * v->Px + c->B2 * v->Py - v->C) <= 1e-9 * (fabs(c->S0) + fabs(c->C0)));
        }
        /* one-step models: every vertex on the line from the origin */
        if (m != IMP_MODEL_GLOCKER_PFEIFFER && m != IMP_MODEL_CS)
            CHECK(fabs(v->Px * r->Py - v->Py * r->Px) <= 1e-12 * scale * scale);
    }
    CHECK(ic > 0);
    int stick = r->mode == IMP_MODE_C_STICKING || r->mode == IMP_MODE_R_STICKING;
    int rev = r->mode == IMP_MODE_C_REVERSED || r->mode == IMP_MODE_R_REVERSED;
    int Cmode = r->mode == IMP_MODE_C_STICKING || r->mode == IMP_MODE_C_REVERSED;
    if (ie > 0) {
        CHECK(r->vert[ie].event == (stick ? IMP_EV_STICK : IMP_EV_REVERSE));
        CHECK(Cmode == (ie < ic));
    } else {
        CHECK(r->mode == IMP_MODE_SLIDING || (c->S0 == 0 && r->mode == IMP_MODE_C_STICKING));
    }
    CHECK(stick == (r->slip == IMP_SLIP_STICKING) || (m == IMP_MODEL_NEWTON_FRICTIONLESS));
    if (rev) CHECK(c->S0 * r->S < 0);
}

static void test_mode_path(void)
{
    imp_model2d ms[6] = { IMP_MODEL_NEWTON_FRICTIONLESS, IMP_MODEL_KANE, IMP_MODEL_BRACH,
                          IMP_MODEL_SMITH, IMP_MODEL_GLOCKER_PFEIFFER, IMP_MODEL_CS };
    /* The labelled examples. */
    imp_model_result2d r = solve(IMP_MODEL_KANE, rod(0.6, -1), par(1, 0.5));
    CHECK(r.mode == IMP_MODE_R_STICKING);          /* D is reached after C = 0 on the line */
    CHECK(r.nvert == 4 && r.vert[1].event == IMP_EV_MAXC && r.vert[2].event == IMP_EV_STICK);
    CHECK_NEAR(r.vert[1].Py, 1.025 / 2, 1e-12);    /* C = 0 at 1/(1+e) of the line */
    r = solve(IMP_MODEL_KANE, rod(0.6, -1), par(0, 0.5));
    CHECK(r.mode == IMP_MODE_C_STICKING);          /* e = 0: stick and max compression coincide */
    r = solve(IMP_MODEL_KANE, rod(0, -1), par(0.5, 0.8));
    CHECK(r.mode == IMP_MODE_C_STICKING && r.nvert == 3);   /* stuck from the start */
    r = solve(IMP_MODEL_GLOCKER_PFEIFFER, rod(0.6, -1), par(0.5, 0.3));
    CHECK(r.mode == IMP_MODE_C_REVERSED && r.vert[1].event == IMP_EV_REVERSE);
    CHECK_NEAR(r.vert[1].Py, 0.4, 1e-12);         /* at Q, the end of its compression */
    r = solve(IMP_MODEL_SMITH, rod(-1, -1), par(0.5, 1.2));
    CHECK(r.mode == IMP_MODE_R_REVERSED);
    r = solve(IMP_MODEL_SMITH, rod(0.6, -1), par(0.5, 0.3));
    CHECK(r.mode == IMP_MODE_C_REVERSED);
    {
        imp_coef2d c = rod(0.6, 0.5);
        imp_model_params p = par(0.5, 0.3);
        CHECK(imp_model2d_solve(IMP_MODEL_SMITH, &c, &p, &r) == IMP_OK);
        CHECK(r.mode == IMP_MODE_NONE && r.nvert == 2);
    }
    /* Newton frictionless = the tracer's Newton path at mu = 0, mode and all
     * (Routh's conventions for mu = 0: sliding, or reversed where S = 0). */
    unsigned seed = 11;
    for (int i = 0; i < 4000; i++) {
        double B1 = exp(2 * urand(&seed) - 1), B2 = exp(2 * urand(&seed) - 1);
        double B3 = (2 * urand(&seed) - 1) * 0.99 * sqrt(B1 * B2);
        double S0 = i % 10 == 0 ? 0 : 2 * urand(&seed) - 1, C0 = -urand(&seed) - 0.01;
        double e = i % 7 == 0 ? 0 : urand(&seed);
        imp_coef2d c = { B1, B2, B3, S0, C0, 0 };
        imp_law law = { IMP_LAW_NEWTON, e, NULL, NULL };
        imp_result2d t;
        CHECK(imp_path2d_solve(&c, 0, 0, &law, &t) == IMP_OK);
        r = solve(IMP_MODEL_NEWTON_FRICTIONLESS, c, par(e, 0));
        CHECK(r.mode == t.mode);
        CHECK(r.nvert == t.nvert);
        for (int k = 0; k < r.nvert && k < t.nvert; k++) {
            CHECK(r.vert[k].event == t.vert[k].event);
            CHECK_NEAR(r.vert[k].Py, t.vert[k].Py, 1e-12);
        }
        /* every model: API vocabulary and a consistent path */
        for (int j = 0; j < 6; j++) {
            imp_model_params p = par(e, 3 * urand(&seed));
            if (imp_model2d_solve(ms[j], &c, &p, &r) != IMP_OK) continue;
            CHECK(is_api_mode(r.mode));
            check_path(&c, ms[j], &r);
        }
    }
}

/* Without friction every model is Newton's frictionless impact (CS01). */
static void test_frictionless_agree(void)
{
    imp_coef2d cs[3] = { rod(0.6, -1), rod(-1, -1), { 1.3, 2.1, -0.7, 0.4, -2, 0 } };
    imp_model2d ms[5] = { IMP_MODEL_KANE, IMP_MODEL_BRACH, IMP_MODEL_SMITH,
                          IMP_MODEL_GLOCKER_PFEIFFER, IMP_MODEL_CS };
    for (int i = 0; i < 3; i++)
        for (double e = 0; e <= 1; e += 0.25) {
            imp_model_result2d n = solve(IMP_MODEL_NEWTON_FRICTIONLESS, cs[i], par(e, 0));
            for (int j = 0; j < 5; j++) {
                imp_model_result2d r = solve(ms[j], cs[i], par(e, 0));
                CHECK_NEAR(r.Px, 0, 1e-12);
                CHECK_NEAR(r.Py, n.Py, 1e-12);
                CHECK_NEAR(r.dT, n.dT, 1e-12);
                CHECK(r.coulomb_ok);
            }
        }
}

/* x -> -x maps (S0, B3) -> (-S0, -B3), Px -> -Px, same Py and dT. */
static void test_mirror(void)
{
    imp_model2d ms[6] = { IMP_MODEL_NEWTON_FRICTIONLESS, IMP_MODEL_KANE, IMP_MODEL_BRACH,
                          IMP_MODEL_SMITH, IMP_MODEL_GLOCKER_PFEIFFER, IMP_MODEL_CS };
    imp_coef2d a = rod(0.6, -1), b = { 2.5, 2.5, -1.5, -0.6, -1, 0 };
    for (int j = 0; j < 6; j++)
        for (double mu = 0.1; mu < 1.3; mu += 0.3) {
            imp_model_result2d r = solve(ms[j], a, par(0.7, mu));
            imp_model_result2d q = solve(ms[j], b, par(0.7, mu));
            CHECK_NEAR(q.Px, -r.Px, 1e-12);
            CHECK_NEAR(q.Py, r.Py, 1e-12);
            CHECK_NEAR(q.S, -r.S, 1e-12);
            CHECK_NEAR(q.dT, r.dT, 1e-12);
            CHECK(q.slip == r.slip);
        }
}

/* Coulomb's bound holds for every model that enforces it, and only Newton-
 * type models (Kane) may gain energy on the rod. */
static void test_bounds_sample(void)
{
    imp_model2d ms[4] = { IMP_MODEL_BRACH, IMP_MODEL_SMITH,
                          IMP_MODEL_GLOCKER_PFEIFFER, IMP_MODEL_KANE };
    for (double S0 = -2; S0 <= 2; S0 += 0.25)
        for (double mu = 0; mu <= 1.5; mu += 0.1)
            for (int j = 0; j < 4; j++) {
                imp_coef2d c = rod(S0, -1);
                imp_model_params p = par(0.6, mu);
                imp_model_result2d r;
                if (imp_model2d_solve(ms[j], &c, &p, &r) != IMP_OK) continue;
                CHECK(r.coulomb_ok);
                CHECK(r.Py > 0);
                CHECK(r.C >= -1e-12);
                if (ms[j] == IMP_MODEL_BRACH) CHECK(!r.energy_gain);
            }
}

/* The C-S moment coupling against explicit body updates: one body (rod
 * inclined, m = 2, rho^2 = 0.3) on the ground with a constant moment law. */
static int moment_law(void *ctx, const imp_moment_state *s, double *Mq)
{
    (void)ctx;
    *Mq = s->phase == IMP_PHASE_COMPRESSION ? -0.05 : 0.02;
    return 0;
}

/* A moment impulse that reverses the slip before any contact impulse. */
static int big_moment_law(void *ctx, const imp_moment_state *s, double *Mq)
{
    (void)ctx;
    *Mq = s->phase == IMP_PHASE_COMPRESSION ? -3 : 0;
    return 0;
}

static int failing_law(void *ctx, const imp_moment_state *s, double *Mq)
{
    (void)ctx; (void)s; (void)Mq;
    return 1;
}

static void test_cs_moment(void)
{
    double m = 2, rho2 = 0.3, x = 0.3, y = 0.4, vx = 0.5, vy = -1, w = 0.7, I = m * rho2;
    imp_coef2d c = { 1 / m + y * y / I, 1 / m + x * x / I, x * y / I,
                     vx + w * y, vy - w * x, 0 };
    imp_moment2d mc = { 1 / I, y / I, -x / I, w };
    imp_model_params p = par(0.6, 0.4);
    p.moment = moment_law; p.mcoef = &mc;
    imp_model_result2d r;
    CHECK(imp_model2d_solve(IMP_MODEL_CS, &c, &p, &r) == IMP_OK);
    CHECK_NEAR(r.Mq, -0.03, 1e-15);
    double vx1 = vx + r.Px / m, vy1 = vy + r.Py / m, w1 = w + (y * r.Px - x * r.Py + r.Mq) / I;
    CHECK_NEAR(r.S, vx1 + w1 * y, 1e-12);
    CHECK_NEAR(r.C, vy1 - w1 * x, 1e-12);
    double T0 = 0.5 * m * (vx * vx + vy * vy) + 0.5 * I * w * w;
    double T1 = 0.5 * m * (vx1 * vx1 + vy1 * vy1) + 0.5 * I * w1 * w1;
    CHECK_NEAR(r.dT, T1 - T0, 1e-12);
    CHECK(is_api_mode(r.mode) && r.vert[0].S == c.S0 && r.vert[0].C == c.C0);
    p.moment = big_moment_law;                /* S0 = 0.78 jumps to -1.22 at Py = 0 */
    CHECK(imp_model2d_solve(IMP_MODEL_CS, &c, &p, &r) == IMP_OK);
    CHECK(is_api_mode(r.mode) && r.vert[0].S == c.S0 && r.vert[r.nvert - 1].S == r.S);
    CHECK(r.S < 0 && (r.mode == IMP_MODE_C_REVERSED || r.mode == IMP_MODE_C_STICKING));
    p.moment = failing_law;
    CHECK(imp_model2d_solve(IMP_MODEL_CS, &c, &p, &r) == IMP_ELAW);
    /* Brach's e_m plug-in: one call, the moment acts first. */
    p.moment = moment_law;
    CHECK(imp_model2d_solve(IMP_MODEL_BRACH, &c, &p, &r) == IMP_OK);
    CHECK(r.Mq == -0.05);
    CHECK(r.status == IMP_MSTATUS_UNCERTAIN);
    vx1 = vx + r.Px / m; vy1 = vy + r.Py / m; w1 = w + (y * r.Px - x * r.Py + r.Mq) / I;
    CHECK_NEAR(r.S, vx1 + w1 * y, 1e-12);
    CHECK_NEAR(r.C, vy1 - w1 * x, 1e-12);
    CHECK_NEAR(r.C, -0.6 * (vy - (w + r.Mq / I) * x), 1e-12);   /* Newton on the shifted C0 */
    T1 = 0.5 * m * (vx1 * vx1 + vy1 * vy1) + 0.5 * I * w1 * w1;
    CHECK_NEAR(r.dT, T1 - T0, 1e-12);
    p.moment = failing_law;
    CHECK(imp_model2d_solve(IMP_MODEL_BRACH, &c, &p, &r) == IMP_ELAW);
}

static void test_bad_input_and_none(void)
{
    imp_model_result2d r;
    imp_coef2d bad = { 1, 1, 1, 0, -1, 0 };      /* B1 B2 = B3^2 */
    imp_model_params p = par(0.5, 0.3);
    CHECK(imp_model2d_solve(IMP_MODEL_SMITH, &bad, &p, &r) == IMP_EINPUT);
    imp_coef2d c = rod(0.6, -1);
    p.e = 1.5;
    CHECK(imp_model2d_solve(IMP_MODEL_SMITH, &c, &p, &r) == IMP_EINPUT);
    p = par(0.5, 0.3); p.mu_0 = 0.1;          /* Kane: mu_0 < mu */
    CHECK(imp_model2d_solve(IMP_MODEL_KANE, &c, &p, &r) == IMP_EINPUT);
    p = par(0.5, 0.3); c.S0 = NAN;
    CHECK(imp_model2d_solve(IMP_MODEL_BRACH, &c, &p, &r) == IMP_EINPUT);
    c = rod(0.6, 0.5);                        /* separating */
    CHECK(imp_model2d_solve(IMP_MODEL_GLOCKER_PFEIFFER, &c, &p, &r) == IMP_OK);
    CHECK(r.Px == 0 && r.Py == 0 && r.dT == 0 && r.slip == IMP_SLIP_NONE);
    CHECK(strcmp(imp_model_name(IMP_MODEL_GLOCKER_PFEIFFER), "glocker-pfeiffer") == 0);
    CHECK(strcmp(imp_model_status_name(IMP_MSTATUS_UNCERTAIN), "uncertain") == 0);
}

int main(void)
{
    RUN(test_newton_frictionless);
    RUN(test_kane_gains_energy);
    RUN(test_brach);
    RUN(test_brach_ratio_limits);
    RUN(test_glocker_pfeiffer);
    RUN(test_smith);
    RUN(test_smith_extreme);
    RUN(test_smith_scale_sweep);
    RUN(test_scale_limits);
    RUN(test_mode_path);
    RUN(test_frictionless_agree);
    RUN(test_mirror);
    RUN(test_bounds_sample);
    RUN(test_cs_moment);
    RUN(test_bad_input_and_none);
    return check_summary();
}
