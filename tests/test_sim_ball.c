/* imp_sim_run on systems written here as callbacks, against closed forms:
 * the bouncing ball (impact times, speeds, energies, the accumulation time
 * t1 (1 + e)/(1 - e) and rest), in closed-form flight and through the
 * integrator; the pendulum against a wall (quarter periods from the
 * complete elliptic integral, w_after = -e w_before); bad input. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "interrupt.h"
#include "sim.h"

/* ---- the ball: a point mass (x, y) over the ground y = 0 ---------------- */

typedef struct {
    double m, g;
    int nan_force;          /* the force callback answers NaN below y = 0.5 */
    int nan_gap, nan_jac;   /* ... the gap, J */
    int bad_mass;           /* ... M indefinite */
} ball_t;

static int ball_mass(void *c, const double *q, double *M)
{
    const ball_t *b = c;
    M[0] = M[3] = b->m;
    M[1] = M[2] = 0;
    if (b->bad_mass && q[1] < 0.5) M[3] = -b->m;
    return 0;
}

static int ball_force(void *c, double t, const double *q, const double *qd, double *f)
{
    const ball_t *b = c;
    (void)t, (void)q, (void)qd;
    f[0] = 0;
    f[1] = b->nan_force && q[1] < 0.5 ? NAN : -b->m * b->g;
    return 0;
}

static int ball_gap(void *c, int i, const double *q, double *g)
{
    (void)i;
    *g = ((const ball_t *)c)->nan_gap && q[1] < 0.5 ? NAN : q[1];
    return 0;
}

static int ball_jac(void *c, int i, const double *q, double *J)
{
    (void)i;
    J[0] = 1, J[1] = 0;     /* tangent x */
    J[2] = 0, J[3] = 1;     /* normal y */
    if (((const ball_t *)c)->nan_jac && q[1] < 0.5) J[3] = NAN;
    return 0;
}

static int ball_jdot(void *c, int i, const double *q, const double *qd, double *Jd)
{
    (void)c, (void)i, (void)q, (void)qd;
    Jd[0] = Jd[1] = 0;
    return 0;
}

static int ball_flight(void *c, double h, const double *q0, const double *qd0, double *q,
                       double *qd)
{
    const ball_t *b = c;
    q[0] = q0[0] + qd0[0] * h;
    q[1] = q0[1] + qd0[1] * h - 0.5 * b->g * h * h;
    qd[0] = qd0[0];
    qd[1] = qd0[1] - b->g * h;
    return 0;
}

static int ball_bound(void *c, int i, double h, const double *q0, const double *qd0, double *B)
{
    (void)i, (void)h, (void)q0, (void)qd0;
    *B = ((const ball_t *)c)->g;
    return 0;
}

static int ball_potential(void *c, const double *q, double *V)
{
    const ball_t *b = c;
    *V = b->m * b->g * q[1];
    return 0;
}

static void ball_system(imp_sim_system *s, ball_t *b, double e, int closed_form)
{
    memset(s, 0, sizeof *s);
    s->n = 2;
    s->nc = 1;
    s->c[0].dim = 2;
    s->c[0].e = e;
    s->c[0].law.kind = IMP_LAW_POISSON;
    s->c[0].law.e = e;
    s->ctx = b;
    s->mass = ball_mass;
    s->const_mass = 1;
    s->force = ball_force;
    s->gap = ball_gap;
    s->jac = ball_jac;
    s->jdot = ball_jdot;
    s->potential = ball_potential;
    if (closed_form) {
        s->flight = ball_flight;
        s->gap_bound = ball_bound;
    }
}

/* ---- the observer: what the run reported -------------------------------- */

#define MAXREC 4000

typedef struct {
    int nev, ns;
    double ev_t[MAXREC], ev_vb[MAXREC], ev_va[MAXREC];   /* last coordinate's rate */
    int ev_kind[MAXREC];
    long ev_resolved[MAXREC];
    double s_t[MAXREC], s_E[MAXREC], s_q[MAXREC];
    int n;                  /* coordinates */
} rec_t;

static int rec_sample(void *c, double t, const double *q, const double *qd, double E)
{
    rec_t *r = c;
    (void)qd;
    if (r->ns < MAXREC) {
        r->s_t[r->ns] = t;
        r->s_E[r->ns] = E;
        r->s_q[r->ns] = q[r->n - 1];
        r->ns++;
    }
    return 0;
}

static int rec_event(void *c, const imp_sim_event *ev)
{
    rec_t *r = c;
    if (r->nev < MAXREC) {
        r->ev_t[r->nev] = ev->t;
        r->ev_kind[r->nev] = ev->kind;
        r->ev_vb[r->nev] = ev->qd_before[r->n - 1];
        r->ev_va[r->nev] = ev->qd_after[r->n - 1];
        r->ev_resolved[r->nev] = ev->impacts_resolved;
        r->nev++;
    }
    return 0;
}

static rec_t rec;

static void ball_case(double e, int closed_form)
{
    const double m = 2, g = 9.81, h = 1.3;
    ball_t b = {m, g, 0, 0, 0, 0};
    imp_sim_system s;
    ball_system(&s, &b, e, closed_form);
    imp_sim_opts o = {0, 100, 0.01, 0, 0, 0, 0};
    imp_sim_observer obs = {&rec, rec_sample, rec_event};
    imp_sim_outcome out;
    double q[2] = {0, h}, qd[2] = {0, 0};
    memset(&rec, 0, sizeof rec);
    rec.n = 2;
    imp_status st = imp_sim_run(&s, &o, q, qd, &obs, &out);
    CHECK(st == IMP_OK);
    CHECK(out.end == IMP_SIM_END_REST);
    /* closed form: t1 = sqrt(2h/g), v_k = e^k v1, flight k lasts 2 e^k v1 / g */
    double t1 = sqrt(2 * h / g), v1 = sqrt(2 * g * h), E0 = m * g * h;
    double tk = t1, worst_t = 0, worst_v = 0;
    int k = 0;
    for (int j = 0; j < rec.nev && rec.ev_kind[j] == IMP_SIM_IMPACT; j++, k++) {
        double vin = pow(e, k) * v1, vout = pow(e, k + 1) * v1;
        worst_t = fmax(worst_t, fabs(rec.ev_t[j] - tk) / tk);
        worst_v = fmax(worst_v, fabs(-rec.ev_vb[j] - vin) / vin);
        worst_v = fmax(worst_v, fabs(rec.ev_va[j] - vout) / vout);
        tk += 2 * vout / g;
    }
    printf("  e = %g %s: %d impacts, worst relative error: times %.2e, speeds %.2e\n", e,
           closed_form ? "flight" : "DOP853", k, worst_t, worst_v);
    CHECK(k >= 4);
    CHECK(worst_t <= 1e-12);
    CHECK(worst_v <= 1e-12);
    /* the accumulation */
    double t_inf = t1 * (1 + e) / (1 - e);
    CHECK(rec.nev == k + 1 && rec.ev_kind[k] == IMP_SIM_REST);
    CHECK(rec.ev_resolved[k] == k);
    printf("  accumulation: t = %.15g, closed form %.15g (relative %.2e)\n", rec.ev_t[k], t_inf,
           fabs(rec.ev_t[k] - t_inf) / t_inf);
    CHECK_NEAR(rec.ev_t[k] / t_inf, 1, 1e-9);
    CHECK_NEAR(out.t / t_inf, 1, 1e-9);
    CHECK(fabs(q[1]) <= 1e-12 * h && fabs(qd[1]) <= 1e-12 * v1);
    /* energies: after impact j it is e^(2 j) E0, constant in flight */
    double worst_E = 0;
    int applied = 0, seen_before = 0;
    for (int j = 0; j < rec.ns && applied < k; j++) {
        if (rec.s_t[j] == rec.ev_t[applied]) {      /* the samples before, then after */
            if (seen_before) applied++;
            seen_before = !seen_before;
        }
        if (applied == k) break;  /* then the contact closes: the extrapolated rest */
        worst_E = fmax(worst_E, fabs(rec.s_E[j] - pow(e, 2 * applied) * E0) / E0);
    }
    printf("  energy: worst |E - e^(2k) E0| / E0 = %.2e over %d samples\n", worst_E, rec.ns);
    CHECK(worst_E <= 1e-10);
    /* samples on the grid t0 + k dt (and at the events) */
    int on_grid = 0;
    for (int j = 0; j < rec.ns; j++)
        if (fabs(rec.s_t[j] / 0.01 - nearbyint(rec.s_t[j] / 0.01)) < 1e-9) on_grid++;
    CHECK(on_grid >= (int)(t_inf / 0.01) - 1);
}

static void test_ball_flight(void)
{
    ball_case(0.5, 1);
    ball_case(0.8, 1);
}

static void test_ball_dop853(void)
{
    ball_case(0.5, 0);
}

/* ---- the pendulum against a wall: q = angle, wall at angle 0 ------------ */

typedef struct {
    double m, l, g;
} pend_t;

static int pend_mass(void *c, const double *q, double *M)
{
    const pend_t *p = c;
    (void)q;
    M[0] = p->m * p->l * p->l;
    return 0;
}

static int pend_force(void *c, double t, const double *q, const double *qd, double *f)
{
    const pend_t *p = c;
    (void)t, (void)qd;
    f[0] = -p->m * p->g * p->l * sin(q[0]);
    return 0;
}

static int pend_gap(void *c, int i, const double *q, double *g)
{
    (void)c, (void)i;
    *g = q[0];
    return 0;
}

static int pend_jac(void *c, int i, const double *q, double *J)
{
    (void)c, (void)i, (void)q;
    J[0] = 0;               /* no tangent: the 2 x 1 Jacobian's x row vanishes */
    J[1] = 1;
    return 0;
}

/* the complete elliptic integral K(k) by the arithmetic-geometric mean */
static double ellK(double k)
{
    double a = 1, b = sqrt(1 - k * k);
    for (int i = 0; i < 40; i++) {
        double an = 0.5 * (a + b);
        b = sqrt(a * b);
        a = an;
    }
    return M_PI / (2 * a);
}

static void test_pendulum_wall(void)
{
    pend_t p = {1.5, 0.7, 9.81};
    const double e = 0.6, th0 = 1.1, w0 = sqrt(p.g / p.l);
    imp_sim_system s;
    memset(&s, 0, sizeof s);
    s.n = 1;
    s.nc = 1;
    s.c[0].dim = 2;
    s.c[0].e = e;
    s.c[0].law.kind = IMP_LAW_NEWTON;
    s.c[0].law.e = e;
    s.ctx = &p;
    s.mass = pend_mass;
    s.const_mass = 1;
    s.force = pend_force;
    s.gap = pend_gap;
    s.jac = pend_jac;          /* jdot NULL: central differences */
    double T1 = ellK(sin(th0 / 2)) / w0;                  /* quarter period from th0 */
    double wb = sqrt(2 * p.g / p.l * (1 - cos(th0)));     /* speed at the wall */
    double th1 = acos(1 - e * e * (1 - cos(th0)));        /* the rebound's amplitude */
    double T2 = T1 + 2 * ellK(sin(th1 / 2)) / w0;
    imp_sim_opts o = {0, T2 + 0.5 * (T2 - T1) * e, 0, 0, 0, 0, 0};
    imp_sim_observer obs = {&rec, rec_sample, rec_event};
    imp_sim_outcome out;
    double q[1] = {th0}, qd[1] = {0};
    memset(&rec, 0, sizeof rec);
    rec.n = 1;
    imp_status st = imp_sim_run(&s, &o, q, qd, &obs, &out);
    CHECK(st == IMP_OK);
    CHECK(out.end == IMP_SIM_END_T);
    CHECK(rec.nev == 2);
    printf("  pendulum: impacts at %.15g, %.15g (closed forms %.15g, %.15g), w %.15g -> %.15g\n",
           rec.ev_t[0], rec.ev_t[1], T1, T2, rec.ev_vb[0], rec.ev_va[0]);
    CHECK_NEAR(rec.ev_t[0] / T1, 1, 1e-10);
    CHECK_NEAR(rec.ev_t[1] / T2, 1, 1e-10);
    CHECK_NEAR(rec.ev_vb[0] / -wb, 1, 1e-10);
    CHECK_NEAR(rec.ev_va[0] / rec.ev_vb[0], -e, 1e-13);
    CHECK_NEAR(rec.ev_va[1] / rec.ev_vb[1], -e, 1e-13);
    CHECK_NEAR(rec.ev_vb[1] / (-e * wb), 1, 1e-9);
}

/* ---- bad input ---------------------------------------------------------- */

/* Ctrl-C while the run goes on: the host's handler raises the flag */
static int ctrl_c(void *c, double t, const double *q, const double *qd, double E)
{
    (void)c, (void)q, (void)qd, (void)E;
    if (t >= 0.6) imp_interrupt_raise();
    return 0;
}

static void test_bad_input(void)
{
    ball_t b = {1, 9.81, 0, 0, 0, 0};
    imp_sim_system s;
    imp_sim_outcome out;
    ball_system(&s, &b, 0.5, 1);
    double q[2] = {0, 1}, qd[2] = {0, 0};
    imp_sim_opts o = {1, 1, 0, 0, 0, 0, 0};
    CHECK(imp_sim_run(&s, &o, q, qd, NULL, &out) == IMP_EINPUT);
    CHECK(out.fail_what && strcmp(out.fail_what, "t_end") == 0);
    o.t_end = 0.5;
    CHECK(imp_sim_run(&s, &o, q, qd, NULL, &out) == IMP_EINPUT);
    CHECK(out.fail_what && strcmp(out.fail_what, "t_end") == 0);
    o.t0 = 0;
    o.t_end = 2;
    q[1] = -0.01;                                  /* starts inside */
    CHECK(imp_sim_run(&s, &o, q, qd, NULL, &out) == IMP_EINPUT);
    CHECK(out.fail_what && strcmp(out.fail_what, "penetration") == 0);
    CHECK(out.fail_contact == 0);
    CHECK_NEAR(out.fail_value, 0.01, 1e-15);
    q[1] = 1, qd[1] = 0;
    b.nan_force = 1;                               /* NaN once below 0.5 */
    CHECK(imp_sim_run(&s, &o, q, qd, NULL, &out) == IMP_EINPUT);
    CHECK(out.fail_what && strcmp(out.fail_what, "force") == 0);
    CHECK(out.fail_index == 1);
    CHECK(out.fail_t > 0 && q[1] < 1);             /* the state reached is returned */
    b.nan_force = 0;
    b.nan_gap = 1;
    q[1] = 1, qd[1] = 0;
    CHECK(imp_sim_run(&s, &o, q, qd, NULL, &out) == IMP_EINPUT);
    CHECK(out.fail_what && strcmp(out.fail_what, "gap") == 0 && out.fail_contact == 0);
    b.nan_gap = 0;
    b.nan_jac = 1;
    q[1] = 1, qd[1] = 0;
    CHECK(imp_sim_run(&s, &o, q, qd, NULL, &out) == IMP_EINPUT);
    CHECK(out.fail_what && strcmp(out.fail_what, "J") == 0 && out.fail_index == 3);
    b.nan_jac = 0;
    b.bad_mass = 1;                                /* M indefinite below 0.5 */
    s.const_mass = 0;
    q[1] = 1, qd[1] = 0;
    CHECK(imp_sim_run(&s, &o, q, qd, NULL, &out) == IMP_EINPUT);
    CHECK(out.fail_what && strcmp(out.fail_what, "M") == 0);
    printf("  M indefinite at t = %.6g (y = %.6g)\n", out.fail_t, q[1]);
    CHECK(out.fail_t > 0);
    b.bad_mass = 0;
    s.const_mass = 1;
    s.c[0].e = 2;
    q[1] = 1, qd[1] = 0;
    CHECK(imp_sim_run(&s, &o, q, qd, NULL, &out) == IMP_EINPUT);
    CHECK(out.fail_what && strcmp(out.fail_what, "e") == 0 && out.fail_contact == 0);
    s.c[0].e = 0.5;
    imp_interrupt_raise();                         /* Ctrl-C */
    CHECK(imp_sim_run(&s, &o, q, qd, NULL, &out) == IMP_EINTERRUPT);
    imp_interrupt_clear();
    imp_sim_observer stop = {NULL, ctrl_c, NULL};
    o.dt = 0.1;
    q[1] = 1, qd[1] = 0;
    CHECK(imp_sim_run(&s, &o, q, qd, &stop, &out) == IMP_EINTERRUPT);
    imp_interrupt_clear();
    printf("  interrupted at t = %g (y = %g, %ld impacts)\n", out.t, q[1], out.impacts);
    /* it stops before the next event: here the second impact, at 2 t1 */
    CHECK(out.t >= 0.6 && out.t <= 2 * sqrt(2 / 9.81) * (1 + 1e-12) && out.impacts == 1);
    CHECK(q[1] >= 0 && q[1] <= 1);
    o.dt = 0;
    o.max_events = 3;
    q[1] = 1, qd[1] = 0;
    CHECK(imp_sim_run(&s, &o, q, qd, NULL, &out) == IMP_OK);
    CHECK(out.end == IMP_SIM_END_MAX_EVENTS && out.events == 3);
}

int main(void)
{
    RUN(test_ball_flight);
    RUN(test_ball_dop853);
    RUN(test_pendulum_wall);
    RUN(test_bad_input);
    return check_summary();
}
