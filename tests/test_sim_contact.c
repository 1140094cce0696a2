/* imp_sim_run's persistent contacts, against closed forms: a point mass
 * on the ground (q = (x, y), gap y) sliding to a stop (Coulomb: it sticks
 * at t = v0/(mu g), x = v0^2/(2 mu g), then rests), pushed up by a growing
 * force (lift-off when k t = m g, then y = k (t - t_l)^3/(6 m)), pushed
 * sideways by a growing force (slip when k t = mu_s m g, then
 * m x'' = k t - mu_k m g). */
#include <math.h>
#include <string.h>

#include "check.h"
#include "sim.h"

typedef struct {
    double m, g, kx, ky;     /* f = (kx t, -m g + ky t) */
} mass_t;

static int pm_mass(void *c, const double *q, double *M)
{
    const mass_t *p = c;
    (void)q;
    M[0] = M[3] = p->m;
    M[1] = M[2] = 0;
    return 0;
}

static int pm_force(void *c, double t, const double *q, const double *qd, double *f)
{
    const mass_t *p = c;
    (void)q, (void)qd;
    f[0] = p->kx * t;
    f[1] = -p->m * p->g + p->ky * t;
    return 0;
}

static int pm_gap(void *c, int i, const double *q, double *g)
{
    (void)c, (void)i;
    *g = q[1];
    return 0;
}

static int pm_jac(void *c, int i, const double *q, double *J)
{
    (void)c, (void)i, (void)q;
    J[0] = 1, J[1] = 0;
    J[2] = 0, J[3] = 1;
    return 0;
}

#define MAXREC 64
typedef struct {
    int nev;
    double t[MAXREC];
    int kind[MAXREC];
} rec_t;
static rec_t rec;

static int on_event(void *c, const imp_sim_event *ev)
{
    rec_t *r = c;
    if (r->nev < MAXREC) {
        r->t[r->nev] = ev->t;
        r->kind[r->nev] = ev->kind;
        r->nev++;
    }
    return 0;
}

static imp_status run(mass_t *p, double mu_s, double mu_k, double t_end, double *q, double *qd,
                      imp_sim_outcome *out)
{
    imp_sim_system s;
    memset(&s, 0, sizeof s);
    s.n = 2;
    s.nc = 1;
    s.c[0].dim = 2;
    s.c[0].mu_s = mu_s;
    s.c[0].mu_k = mu_k;
    s.c[0].e = 0.5;
    s.c[0].law.kind = IMP_LAW_POISSON;
    s.ctx = p;
    s.mass = pm_mass;
    s.const_mass = 1;
    s.force = pm_force;
    s.time_dependent = p->kx != 0 || p->ky != 0;
    s.gap = pm_gap;
    s.jac = pm_jac;
    imp_sim_opts o = {0, t_end, 0, 0, 0, 0, 0};
    imp_sim_observer obs = {&rec, NULL, on_event};
    memset(&rec, 0, sizeof rec);
    return imp_sim_run(&s, &o, q, qd, &obs, out);
}

static void test_slide_to_stop(void)
{
    mass_t p = {2, 9.81, 0, 0};
    double mu = 0.4, v0 = 2, q[2] = {0, 0}, qd[2] = {v0, 0};
    imp_sim_outcome out;
    CHECK(run(&p, mu, mu, 10, q, qd, &out) == IMP_OK);
    double ts = v0 / (mu * p.g), xs = v0 * v0 / (2 * mu * p.g);
    CHECK(rec.nev == 1 && rec.kind[0] == IMP_SIM_STICK);
    CHECK(out.end == IMP_SIM_END_REST);
    printf("  stick at %.15g (closed form %.15g, %.1e), x %.15g (%.15g, %.1e)\n", rec.t[0], ts,
           fabs(rec.t[0] - ts) / ts, q[0], xs, fabs(q[0] - xs) / xs);
    CHECK_NEAR(rec.t[0] / ts, 1, 1e-12);
    CHECK_NEAR(out.t / ts, 1, 1e-12);
    CHECK_NEAR(q[0] / xs, 1, 1e-11);
    CHECK(fabs(q[1]) <= 1e-14 && qd[0] == 0 && fabs(qd[1]) <= 1e-14);
}

static void test_liftoff(void)
{
    mass_t p = {2, 9.81, 0, 3};
    double q[2] = {0, 0}, qd[2] = {0, 0}, tl = p.m * p.g / p.ky, T = tl + 1;
    imp_sim_outcome out;
    CHECK(run(&p, 0.5, 0.5, T, q, qd, &out) == IMP_OK);
    CHECK(rec.nev == 1 && rec.kind[0] == IMP_SIM_LIFTOFF);
    CHECK(out.end == IMP_SIM_END_T);
    double y = p.ky * pow(T - tl, 3) / (6 * p.m);
    printf("  liftoff at %.15g (closed form %.15g, %.1e), y(T) %.15g (%.15g, %.1e)\n", rec.t[0], tl,
           fabs(rec.t[0] - tl) / tl, q[1], y, fabs(q[1] - y) / y);
    CHECK_NEAR(rec.t[0] / tl, 1, 1e-12);
    CHECK_NEAR(q[1] / y, 1, 1e-9);
}

static void test_slip(void)
{
    mass_t p = {2, 9.81, 5, 0};
    double mu_s = 0.6, mu_k = 0.4, q[2] = {0, 0}, qd[2] = {0, 0};
    double ts = mu_s * p.m * p.g / p.kx, T = ts + 1;
    imp_sim_outcome out;
    CHECK(run(&p, mu_s, mu_k, T, q, qd, &out) == IMP_OK);
    CHECK(rec.nev == 1 && rec.kind[0] == IMP_SIM_SLIP);
    double d = T - ts;
    double x = (p.kx * d * d * d / 6 + (p.kx * ts - mu_k * p.m * p.g) * d * d / 2) / p.m;
    printf("  slip at %.15g (closed form %.15g, %.1e), x(T) %.15g (%.15g, %.1e)\n", rec.t[0], ts,
           fabs(rec.t[0] - ts) / ts, q[0], x, fabs(q[0] - x) / x);
    CHECK_NEAR(rec.t[0] / ts, 1, 1e-12);
    CHECK_NEAR(q[0] / x, 1, 1e-9);
    CHECK(fabs(q[1]) <= 1e-14);
}

int main(void)
{
    RUN(test_slide_to_stop);
    RUN(test_liftoff);
    RUN(test_slip);
    return check_summary();
}
