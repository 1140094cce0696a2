/* The published models of PHYSICS.md F against its vectors and invariants. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "models2d.h"

#define V6 1e-6

/* Wang & Mason's rod (A.8): B1 = B2 = 2.5, B3 = 1.5. */
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
    /* The two gains quoted in F.4. */
    imp_coef2d c = rod(0.6, -1);
    double lam[2] = { 0.365853658536585, -0.3 }, want[2] = { 0.1125, 0.033094 };
    for (int i = 0; i < 2; i++) {
        double Py = -2 * c.C0 / (c.B2 - lam[i] * c.B3);
        CHECK_NEAR(imp_energy2d(&c, lam[i] * Py, Py), want[i], V6);
    }
    /* A user ratio is also lowered until no energy is gained. */
    imp_model_params p = par(0.5, 0.3);
    p.has_ratio = 1; p.ratio = 0.9;
    r = solve(IMP_MODEL_BRACH, rod(0.6, -1), p);
    CHECK(r.ratio < 0.9 && r.ratio > 0);
    CHECK_NEAR(r.dT, 0, 1e-9);
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

/* Without friction every model is Newton's frictionless impact (F.1). */
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
    RUN(test_glocker_pfeiffer);
    RUN(test_smith);
    RUN(test_frictionless_agree);
    RUN(test_mirror);
    RUN(test_bounds_sample);
    RUN(test_cs_moment);
    RUN(test_bad_input_and_none);
    return check_summary();
}
