/* imp_sim_run on a scene2d: Housner's rocking block (Housner, Bull.
 * Seism. Soc. Am. 53, 1963). A rectangle, half-width b, half-height h,
 * R = sqrt(b^2 + h^2), alpha = atan(b/h), released at rest tilted by th0
 * on its right corner, pivots (I_O th'' = -m g R sin(alpha - th), I_O =
 * 4 m R^2/3) until its left corner strikes the ground; with e = 0 at the
 * corners and friction that holds, the impact conserves the angular
 * momentum about the new corner: th'_after / th'_before =
 * 1 - (3/2) sin^2(alpha). The quarter period is checked against an RK4
 * integration written here. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "sim_scene.h"
#include "multi_solve.h"
#include "scene2d.h"
#include "sim.h"

#define MAXREC 256

typedef struct {
    int nev;
    double t[MAXREC], wb[MAXREC], wa[MAXREC];
    int kind[MAXREC], ncontacts[MAXREC];
} rec_t;

static rec_t rec;

static int on_event(void *c, const imp_sim_event *ev)
{
    rec_t *r = c;
    if (r->nev < MAXREC) {
        r->t[r->nev] = ev->t;
        r->wb[r->nev] = ev->qd_before[2];
        r->wa[r->nev] = ev->qd_after[2];
        r->kind[r->nev] = ev->kind;
        r->ncontacts[r->nev] = ev->ncontacts;
        r->nev++;
    }
    return 0;
}

/* th'' = -(m g R / I_O) sin(alpha - th): the time th reaches 0 from th0 at
 * rest, by RK4 (steps of 1e-5 of the time scale, the last step cut by
 * Newton on the step's length) */
static void rk4(double p2, double alpha, double th, double w, double h, double *th1, double *w1)
{
#define ACC(x) (-p2 * sin(alpha - (x)))
    double k1 = w, l1 = ACC(th);
    double k2 = w + 0.5 * h * l1, l2 = ACC(th + 0.5 * h * k1);
    double k3 = w + 0.5 * h * l2, l3 = ACC(th + 0.5 * h * k2);
    double k4 = w + h * l3, l4 = ACC(th + h * k3);
    *th1 = th + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
    *w1 = w + h / 6 * (l1 + 2 * l2 + 2 * l3 + l4);
#undef ACC
}

static double quarter_period(double p2, double alpha, double th0, double *w_end)
{
    double h = 1e-5 / sqrt(p2), t = 0, th = th0, w = 0, th1, w1;
    for (;;) {
        rk4(p2, alpha, th, w, h, &th1, &w1);
        if (th1 <= 0) break;
        th = th1;
        w = w1;
        t += h;
    }
    double d = h;                  /* Newton on the last step's length */
    for (int i = 0; i < 50; i++) {
        rk4(p2, alpha, th, w, d, &th1, &w1);
        double dn = d - th1 / w1;
        if (fabs(dn - d) <= 1e-17 * (t + d)) break;
        d = dn;
    }
    rk4(p2, alpha, th, w, d, &th1, &w1);
    *w_end = w1;
    return t + d;
}

static void block(imp_sim_model model, double b, double h, double th0, int settle)
{
    const double m = 3, g = 9.81;
    double R = sqrt(b * b + h * h), alpha = atan(b / h), I = m * R * R / 3;
    double pts[8] = {b, -h, -b, -h, b, h, -b, h};
    sim_scene w;
    sim_scene_body(&w, m, I, 4, pts, 4, 0, -g, 5, 0);
    imp_sim_system s = w.s;
    s.model = model;
    /* tilted by th0 about the right corner (b, 0): phi = -th0 (clockwise
     * lifts the left corner) */
    double q[3] = {b - b * cos(th0) + h * sin(th0), h * cos(th0) + b * sin(th0), -th0};
    double qd[3] = {0, 0, 0};
    double p2 = m * g * R / (4 * m * R * R / 3), w_end;
    double T4 = quarter_period(p2, alpha, th0, &w_end);
    imp_sim_opts o = {0, settle ? 100 : 5 * T4, 0, 0, 0, 0, 0};
    imp_sim_observer obs = {&rec, NULL, on_event};
    imp_sim_outcome out;
    memset(&rec, 0, sizeof rec);
    imp_status st = imp_sim_run(&s, &o, q, qd, &obs, &out);
    CHECK(st == IMP_OK);
    if (st != IMP_OK) printf("  status %d, %s at t = %g\n", st, out.fail_what, out.fail_t);
    if (settle) {
        /* the rocking dies out (its half-cycles shrink with the amplitude):
         * at rest upright, not toppled */
        printf("  settles: end %d at t = %.10g after %ld impacts, phi = %.2e, y - h = %.2e\n",
               out.end, out.t, out.impacts, q[2], q[1] - h);
        CHECK(out.end == IMP_SIM_END_REST);
        CHECK(fabs(q[2]) < 1e-9 && fabs(q[1] - h) < 1e-9 && out.impacts < 1000);
        return;
    }
    double ratio = 1 - 1.5 * sin(alpha) * sin(alpha), worst = 0;
    int nimp = 0;
    for (int j = 0; j < rec.nev; j++) {
        if (rec.kind[j] != IMP_SIM_IMPACT) continue;
        CHECK(rec.ncontacts[j] == 2);
        worst = fmax(worst, fabs(rec.wa[j] / rec.wb[j] - ratio) / ratio);
        nimp++;
    }
    printf("  model %d: %d events, %d impacts; ratio worst relative error %.2e\n", model, rec.nev,
           nimp, worst);
    CHECK(nimp >= 3);
    CHECK(worst <= 1e-12);
    CHECK(rec.nev > 0 && rec.kind[0] == IMP_SIM_IMPACT);
    printf("  first impact at %.15g, RK4 %.15g (relative %.2e); w %.15g, RK4 %.15g\n", rec.t[0],
           T4, fabs(rec.t[0] - T4) / T4, -rec.wb[0], w_end);
    CHECK_NEAR(rec.t[0] / T4, 1, 1e-10);
    CHECK_NEAR(-rec.wb[0] / w_end, 1, 1e-9);
}

static void test_housner_moreau(void)
{
    block(IMP_SIM_MODEL_MOREAU, 0.2, 1.0, 0.1, 0);
}

static void test_housner_settles(void)
{
    block(IMP_SIM_MODEL_MOREAU, 0.2, 1.0, 0.1, 1);
}

static void test_housner_poisson(void)
{
    block(IMP_SIM_MODEL_POISSON, 0.3, 0.8, 0.2, 0);
}

/* McGeer's rimless wheel (McGeer, IJRR 9, 1990; Coleman, Chatterjee &
 * Ruina 1997): N spokes of length l on a hub (m, I) down a slope gamma
 * (gravity tilted in the slope's frame), e = 0, no slip. Each impact keeps
 * the angular momentum about the new foot: w+ = eta w-, eta = (I + m l^2
 * cos 2 beta)/(I + m l^2), beta = pi/N; over a step the slope gives
 * w-^2 = w+^2 + K, K = 4 m g l sin(beta) sin(gamma)/(I + m l^2); the fixed
 * point w+^2 = eta^2 K/(1 - eta^2). Started there just after an impact,
 * every impact must give it back. */
static void test_rimless_wheel(void)
{
    enum { N = 8 };
    const double m = 2, l = 0.9, I = 0.25 * m * l * l, g = 9.81, gam = 0.12;
    double beta = M_PI / N, pts[2 * N];
    for (int k = 0; k < N; k++) {
        pts[2 * k] = l * cos(beta - M_PI / 2 + 2 * beta * k);
        pts[2 * k + 1] = l * sin(beta - M_PI / 2 + 2 * beta * k);
    }
    sim_scene w;
    sim_scene_body(&w, m, I, N, pts, N, g * sin(gam), -g * cos(gam), 5, 0);
    imp_sim_system s = w.s;
    s.model = IMP_SIM_MODEL_MOREAU;
    double J = I + m * l * l, eta = (I + m * l * l * cos(2 * beta)) / J;
    double K = 4 * m * g * l * sin(beta) * sin(gam) / J, wp = sqrt(eta * eta * K / (1 - eta * eta));
    CHECK(0.5 * J * wp * wp > m * g * l * (1 - cos(beta - gam)));   /* it gets over the top */
    /* just after an impact: foot 0 at the origin, the hub behind it by beta */
    double q[3] = {-l * sin(beta), l * cos(beta), 0};
    double qd[3] = {wp * l * cos(beta), wp * l * sin(beta), -wp};
    imp_sim_opts o = {0, 3, 0, 0, 0, 0, 0};
    imp_sim_observer obs = {&rec, NULL, on_event};
    imp_sim_outcome out;
    memset(&rec, 0, sizeof rec);
    CHECK(imp_sim_run(&s, &o, q, qd, &obs, &out) == IMP_OK);
    double worst_eta = 0, worst_fix = 0;
    int nimp = 0;
    for (int j = 0; j < rec.nev; j++) {
        if (rec.kind[j] != IMP_SIM_IMPACT) continue;
        worst_eta = fmax(worst_eta, fabs(rec.wa[j] / rec.wb[j] - eta) / eta);
        worst_fix = fmax(worst_fix, fabs(-rec.wa[j] - wp) / wp);
        nimp++;
    }
    printf("  rimless wheel: %d impacts in 3 s; w+/w- worst %.2e from eta, w+ worst %.2e from\n"
           "  the fixed point %.15g\n", nimp, worst_eta, worst_fix, wp);
    CHECK(nimp >= 3 && nimp == rec.nev);
    CHECK(worst_eta <= 1e-12);
    CHECK(worst_fix <= 1e-10);
}

/* imp_sim_model indexes the registry of multi_solve.h */
static void test_models(void)
{
    CHECK(imp_multi_nmodels == 4);
    CHECK(strcmp(imp_multi_models[IMP_SIM_MODEL_MOREAU].name, "moreau") == 0);
    CHECK(strcmp(imp_multi_models[IMP_SIM_MODEL_POISSON].name, "poisson") == 0);
    CHECK(strcmp(imp_multi_models[IMP_SIM_MODEL_SEQUENTIAL].name, "sequential") == 0);
    CHECK(strcmp(imp_multi_models[IMP_SIM_MODEL_LZB].name, "lzb") == 0);
}

int main(void)
{
    RUN(test_models);
    RUN(test_rimless_wheel);
    RUN(test_housner_moreau);
    RUN(test_housner_poisson);
    RUN(test_housner_settles);
    return check_summary();
}
