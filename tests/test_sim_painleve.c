/* imp_sim_run on Painleve's sliding rod (Mason & Wang 1988, sec 4): a rod
 * (half-length l, rho^2 = l^2/3) leaning at theta = 45 degrees on its
 * lower end, sliding away from its centre of mass with mu = 2, where
 * a = B2 + s mu B3 < 0: no finite contact force exists. The run must
 * report "inconsistent", then the tangential impact (C0 = 0) Routh's
 * method gives on MW88's coefficients (imp_painleve_coef, solved here with
 * imp_painleve_resolve), and the rod's velocities after that impulse;
 * then its bounces on the end accumulate to a rest. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "sim_scene.h"
#include "painleve.h"
#include "scene2d.h"
#include "sim.h"

typedef struct {
    int nev;
    int kind[256], solver[256];
    double t[256], Px, Py, qa[3];
} rec_t;
static rec_t rec;

static int on_event(void *c, const imp_sim_event *ev)
{
    rec_t *r = c;
    if (r->nev >= 256) return 0;
    r->kind[r->nev] = ev->kind;
    r->solver[r->nev] = ev->solver;
    r->t[r->nev] = ev->t;
    if (ev->kind == IMP_SIM_IMPACT && r->nev == 1) {
        r->Px = ev->r2->Px;
        r->Py = ev->r2->Py;
        memcpy(r->qa, ev->qd_after, sizeof r->qa);
    }
    r->nev++;
    return 0;
}

static void test_sliding_rod(void)
{
    const double m = 1.3, l = 0.6, rho = l / sqrt(3), th = M_PI / 4, mu = 2, g = 9.81;
    double pts[4] = {-l, 0, l, 0};            /* the lower end first */
    sim_scene w;
    sim_scene_body(&w, m, m * rho * rho, 2, pts, 2, 0, -g, mu, 0.5);
    imp_sim_system s = w.s;
    /* the lower end at the origin sliding at -1 (away from the CM), no spin */
    double q[3] = {l * cos(th), l * sin(th), th}, qd[3] = {-1, 0, 0};
    imp_sim_opts o = {0, 0.3, 0, 0, 0, 0, 0};
    imp_sim_observer obs = {&rec, NULL, on_event};
    imp_sim_outcome out;
    memset(&rec, 0, sizeof rec);
    imp_status st = imp_sim_run(&s, &o, q, qd, &obs, &out);
    CHECK(st == IMP_OK);
    printf("  %d events:", rec.nev);
    for (int j = 0; j < rec.nev; j++)
        printf(" %s at %.6g;", imp_sim_event_names[rec.kind[j]], rec.t[j]);
    printf(" end %d at %g\n", out.end, out.t);
    CHECK(rec.nev >= 2);
    CHECK(rec.kind[0] == IMP_SIM_INCONSISTENT && rec.t[0] == 0);
    CHECK(rec.kind[1] == IMP_SIM_IMPACT && rec.t[1] == 0 && rec.solver[1] == IMP_SIM_SOLVER_PATH2D);
    /* it lifts off (C = e * 0 + the impulse's), bounces (e = 0.5) and its
     * end's impacts accumulate: a rest, the end then held by the ground */
    CHECK(rec.nev < 100 && rec.kind[rec.nev - 1] == IMP_SIM_REST);
    CHECK(fabs(q[1] - l * sin(q[2])) <= 1e-12);
    /* MW88's tangential impact on their coefficients */
    imp_coef2d c;
    imp_result2d r;
    imp_law law = {IMP_LAW_POISSON, 0.5, NULL, NULL};
    imp_painleve_coef(m, rho, l, th, -1, &c);
    CHECK(imp_painleve_a(&c, mu, -1) < 0);
    CHECK(imp_painleve_resolve(&c, mu, mu, &law, &r) == IMP_OK);
    printf("  tangential impact: P = (%.15g, %.15g), MW88 (%.15g, %.15g)\n", rec.Px, rec.Py, r.Px,
           r.Py);
    CHECK_NEAR(rec.Px, r.Px, 1e-12);
    CHECK_NEAR(rec.Py, r.Py, 1e-12);
    /* the rod after the impulse at the lower end, r = end - CM */
    double rx = -l * cos(th), ry = -l * sin(th);
    CHECK_NEAR(rec.qa[0], -1 + r.Px / m, 1e-12);
    CHECK_NEAR(rec.qa[1], r.Py / m, 1e-12);
    CHECK_NEAR(rec.qa[2], (rx * r.Py - ry * r.Px) / (m * rho * rho), 1e-12);
}

int main(void)
{
    RUN(test_sliding_rod);
    return check_summary();
}
