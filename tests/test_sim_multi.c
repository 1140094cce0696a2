/* imp_sim_run's multiple impacts and the 3-row contact, against closed
 * forms: a rod dropped flat on its two ends (frictionless, symmetric:
 * equal impulses, v_y' = -e v_y, no rotation, e.g. Liu, Zhao & Brogliato
 * 2008) under moreau, poisson and lzb (sequential, one contact at a time,
 * is not symmetric: only both ends separating); a point mass
 * striking a rough floor obliquely, in the plane and in space (Coulomb
 * sliding throughout: v_t' = v_t - mu (1 + e) v_n along the slip). */
#include <math.h>
#include <string.h>

#include "check.h"
#include "sim_scene.h"
#include "scene2d.h"
#include "sim.h"

typedef struct {
    int nev, kind[64], n[64], solver[64];
    double t[64], qb[64][3], qa[64][3];
} rec_t;
static rec_t rec;
static int rec_dim = 3;

static int on_event(void *c, const imp_sim_event *ev)
{
    rec_t *r = c;
    if (r->nev >= 64) return 0;
    r->kind[r->nev] = ev->kind;
    r->n[r->nev] = ev->ncontacts;
    r->solver[r->nev] = ev->solver;
    r->t[r->nev] = ev->t;
    for (int j = 0; j < rec_dim; j++) {
        r->qb[r->nev][j] = ev->qd_before[j];
        r->qa[r->nev][j] = ev->qd_after[j];
    }
    r->nev++;
    return 0;
}

static void rod_flat(imp_sim_model model)
{
    const double m = 1.2, l = 0.5, e = 0.6, g = 9.81, h = 0.4;
    double pts[4] = {-l, 0, l, 0};
    sim_scene w;
    sim_scene_body(&w, m, m * l * l / 3, 2, pts, 2, 0, -g, 0, e);
    imp_sim_system s = w.s;
    s.model = model;
    double q[3] = {0, h, 0}, qd[3] = {0, 0, 0}, t1 = sqrt(2 * h / g), v1 = sqrt(2 * g * h);
    imp_sim_opts o = {0, t1 * 1.01, 0, 0, 0, 0, 0};
    imp_sim_observer obs = {&rec, NULL, on_event};
    imp_sim_outcome out;
    memset(&rec, 0, sizeof rec);
    rec_dim = 3;
    imp_status st = imp_sim_run(&s, &o, q, qd, &obs, &out);
    CHECK(st == IMP_OK);
    CHECK(rec.nev == 1 && rec.kind[0] == IMP_SIM_IMPACT && rec.n[0] == 2);
    CHECK(rec.solver[0] == IMP_SIM_SOLVER_MULTI);
    printf("  model %d: impact at %.15g (%.15g), v_y %.15g -> %.15g, w' %.2e\n", model, rec.t[0],
           t1, rec.qb[0][1], rec.qa[0][1], rec.qa[0][2]);
    CHECK_NEAR(rec.t[0] / t1, 1, 1e-13);
    CHECK_NEAR(rec.qb[0][1] / -v1, 1, 1e-13);
    if (model == IMP_SIM_MODEL_SEQUENTIAL) {
        /* one contact at a time (Han & Gilmore 1993): not symmetric, both
         * ends separating at the end */
        CHECK(rec.qa[0][1] > 0 && fabs(rec.qa[0][2]) * l < rec.qa[0][1]);
        return;
    }
    /* lzb integrates its impact (rtol 1e-9) */
    double tol = model == IMP_SIM_MODEL_LZB ? 1e-7 : 1e-13;
    CHECK_NEAR(rec.qa[0][1] / rec.qb[0][1], -e, tol);
    CHECK(fabs(rec.qa[0][2]) <= tol * v1 / l && fabs(rec.qa[0][0]) <= tol * v1);
}

static void test_rod_flat(void)
{
    rod_flat(IMP_SIM_MODEL_MOREAU);
    rod_flat(IMP_SIM_MODEL_POISSON);
    rod_flat(IMP_SIM_MODEL_SEQUENTIAL);
    rod_flat(IMP_SIM_MODEL_LZB);
}

/* ---- a point mass in the plane (dim 2) or in space (dim 3) -------------- */

typedef struct {
    int dim;
    double m, g;
} pm_t;

static int pm_mass(void *c, const double *q, double *M)
{
    const pm_t *p = c;
    (void)q;
    for (int i = 0; i < p->dim * p->dim; i++) M[i] = i % (p->dim + 1) == 0 ? p->m : 0;
    return 0;
}

static int pm_force(void *c, double t, const double *q, const double *qd, double *f)
{
    const pm_t *p = c;
    (void)t, (void)q, (void)qd;
    for (int i = 0; i < p->dim; i++) f[i] = i == 1 ? -p->m * p->g : 0;
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
    const pm_t *p = c;
    (void)i, (void)q;
    for (int k = 0; k < p->dim * p->dim; k++) J[k] = k % (p->dim + 1) == 0;   /* rows x, y, z */
    return 0;
}

static void oblique(int dim)
{
    pm_t p = {dim, 0.8, 9.81};
    const double e = 0.5, mu = 0.2, h = 0.3;
    imp_sim_system s;
    memset(&s, 0, sizeof s);
    s.n = dim;
    s.nc = 1;
    s.c[0].dim = dim;
    s.c[0].mu_s = s.c[0].mu_k = mu;
    s.c[0].e = e;
    s.c[0].law.kind = IMP_LAW_POISSON;
    s.c[0].law.e = e;
    s.ctx = &p;
    s.mass = pm_mass;
    s.const_mass = 1;
    s.force = pm_force;
    s.gap = pm_gap;
    s.jac = pm_jac;
    double q[3] = {0, h, 0}, qd[3] = {3, 0, dim == 3 ? -4 : 0};
    double t1 = sqrt(2 * h / p.g), vn = sqrt(2 * p.g * h);
    imp_sim_opts o = {0, t1 * 1.01, 0, 0, 0, 0, 0};
    imp_sim_observer obs = {&rec, NULL, on_event};
    imp_sim_outcome out;
    memset(&rec, 0, sizeof rec);
    rec_dim = dim;
    CHECK(imp_sim_run(&s, &o, q, qd, &obs, &out) == IMP_OK);
    CHECK(rec.nev == 1 && rec.kind[0] == IMP_SIM_IMPACT);
    CHECK(rec.solver[0] == (dim == 2 ? IMP_SIM_SOLVER_PATH2D : IMP_SIM_SOLVER_EXACT3D));
    double vt = dim == 3 ? 5 : 3, dv = mu * (1 + e) * vn;     /* |v_t| = 5 in space */
    printf("  dim %d: v %.15g %.15g %.15g -> %.15g %.15g %.15g\n", dim, rec.qb[0][0], rec.qb[0][1],
           dim == 3 ? rec.qb[0][2] : 0, rec.qa[0][0], rec.qa[0][1], dim == 3 ? rec.qa[0][2] : 0);
    CHECK_NEAR(rec.t[0] / t1, 1, 1e-13);
    /* the exact 3D path integrates (rtol 1e-10) */
    double tol = dim == 3 ? 1e-9 : 1e-13;
    CHECK_NEAR(rec.qa[0][1] / (e * vn), 1, tol);
    CHECK_NEAR(rec.qa[0][0] / (3 * (vt - dv) / vt), 1, tol);
    if (dim == 3) CHECK_NEAR(rec.qa[0][2] / (-4 * (vt - dv) / vt), 1, tol);
}

static void test_oblique(void)
{
    oblique(2);
    oblique(3);
}

/* in space, sliding on the floor to a stop: the slip keeps its direction,
 * stops at t = |v0|/(mu g) after |v0|^2/(2 mu g), then the mass rests */
static void test_slide_3d(void)
{
    pm_t p = {3, 0.8, 9.81};
    const double mu = 0.4;
    imp_sim_system s;
    memset(&s, 0, sizeof s);
    s.n = 3;
    s.nc = 1;
    s.c[0].dim = 3;
    s.c[0].mu_s = s.c[0].mu_k = mu;
    s.c[0].law.kind = IMP_LAW_POISSON;
    s.ctx = &p;
    s.mass = pm_mass;
    s.const_mass = 1;
    s.force = pm_force;
    s.gap = pm_gap;
    s.jac = pm_jac;
    double q[3] = {0, 0, 0}, qd[3] = {3, 0, -4};
    double ts = 5 / (mu * p.g), d = 25 / (2 * mu * p.g);
    imp_sim_opts o = {0, 10, 0, 0, 0, 0, 0};
    imp_sim_observer obs = {&rec, NULL, on_event};
    imp_sim_outcome out;
    memset(&rec, 0, sizeof rec);
    rec_dim = 3;
    CHECK(imp_sim_run(&s, &o, q, qd, &obs, &out) == IMP_OK);
    printf("  3D slide: %d events, end %d at %.15g (stop %.15g), x %.15g z %.15g (%.15g %.15g)\n",
           rec.nev, out.end, out.t, ts, q[0], q[2], 0.6 * d, -0.8 * d);
    CHECK(rec.nev == 1 && rec.kind[0] == IMP_SIM_STICK);
    CHECK(out.end == IMP_SIM_END_REST);
    CHECK_NEAR(rec.t[0] / ts, 1, 1e-12);
    CHECK_NEAR(q[0] / (0.6 * d), 1, 1e-11);
    CHECK_NEAR(q[2] / (-0.8 * d), 1, 1e-11);
}

int main(void)
{
    RUN(test_slide_3d);
    RUN(test_rod_flat);
    RUN(test_oblique);
    return check_summary();
}
