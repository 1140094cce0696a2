/* The closed contacts' modes between impacts: chosen by the
 * acceleration-level problem (Pfeiffer & Glocker 1996; Baraff 1994), with
 * Painleve's inconsistency, a sliding contact with no finite force,
 * resolved by a tangential impact (Mason & Wang 1988; Genot & Brogliato
 * 1999); and the test for rest. */
#include <math.h>
#include <string.h>

#include "mechanism.h"
#include "painleve.h"
#include "sim_internal.h"

/* Painleve: the inconsistent sliding contact i takes a tangential impact
 * (C0 = 0) by Routh's path (Mason & Wang 1988). */
static imp_status painleve(sim_t *S, int i)
{
    const imp_sim_contact *c = &S->s->c[i];
    int n = S->n;
    double M[SIM_N * SIM_N], Lf[SIM_N * SIM_N], J[3 * SIM_N], qd1[SIM_N], P[2], vn;
    imp_result2d r2;
    imp_sim_event ev;
    imp_status st;
    memset(&ev, 0, sizeof ev);
    ev.t = S->t;
    ev.kind = IMP_SIM_INCONSISTENT;
    ev.ncontacts = 1;
    ev.contacts[0] = i;
    ev.q = S->q;
    ev.qd_before = ev.qd_after = S->qd;
    if ((st = sim_report(S, &ev)) != IMP_OK) return st;
    if (c->dim != 2) return sim_fail(S, IMP_ENOSOLUTION, "inconsistent", i, -1, S->t);
    if ((st = sim_mass(S, S->t, S->q, M, Lf)) != IMP_OK) return st;
    if ((st = sim_jac(S, S->t, i, S->q, J)) != IMP_OK) return st;
    if ((st = imp_mech_init(S->mc, n, 2, M, J, S->qd)) != IMP_OK)
        return sim_fail(S, st, "impact", i, -1, S->t);
    imp_coef2d coef;
    imp_law law = sim_contact_law(c);
    if ((st = imp_mech_coef2d(S->mc, &coef)) == IMP_OK)
        st = imp_painleve_resolve(&coef, c->mu_s, c->mu_k, &law, &r2);
    if (st != IMP_OK) return sim_fail(S, st, "impact", i, -1, S->t);
    P[0] = r2.Px;
    P[1] = r2.Py;
    imp_mech_after(S->mc, P, qd1, NULL, NULL, NULL);
    memset(&ev, 0, sizeof ev);
    ev.kind = IMP_SIM_IMPACT;
    ev.ncontacts = 1;
    ev.contacts[0] = i;
    ev.solver = IMP_SIM_SOLVER_PATH2D;
    ev.r2 = &r2;
    if ((st = sim_apply_impact(S, &ev, M, qd1)) != IMP_OK) return st;
    return sim_classify(S, 1, &i, &vn);
}

/* The closed contacts' modes (imp_sim_acc_solve), then their drift
 * projected out. */
imp_status sim_modes(sim_t *S)
{
    for (int it = 0; it < 8; it++) {
        imp_status acc, st;
        sim_dyn *d = &S->dyn2;
        if ((st = sim_dynamics(S, d, S->t, S->q, S->qd, 1, &acc)) != IMP_OK) return st;
        if (d->k == 0) return IMP_OK;
        if (acc == IMP_ENOSOLUTION) {
            int c = d->r.inconsistent >= 0 && d->r.inconsistent < d->k ? d->r.inconsistent : 0;
            if ((st = painleve(S, d->idx[c])) != IMP_OK) return st;
            continue;
        }
        for (int c = 0; c < d->k; c++) {
            int i = d->idx[c];
            S->mode[i] = d->r.mode[c];
            S->dir[i][0] = d->r.dir[c][0];
            S->dir[i][1] = d->r.dir[c][1];
            if (S->mode[i] == IMP_SIM_C_OPEN) {
                S->closed[i] = 0;
                S->armed[i] = 0;
            }
        }
        S->h = 0;                   /* a new phase: the step size starts again */
        return sim_project(S);
    }
    return sim_fail(S, IMP_ENOCONV, "modes", -1, -1, S->t);
}

/* At rest: every closed contact sticking, no kinetic energy (against the
 * largest seen) and no acceleration (against M^-1 f's): nothing moves
 * (never for a system whose forces depend on time). */
int sim_at_rest(sim_t *S, imp_status *st)
{
    int n = S->n;
    double M[SIM_N * SIM_N], Lf[SIM_N * SIM_N];
    *st = IMP_OK;
    if (S->s->time_dependent) return 0;
    for (int i = 0; i < S->nc; i++)
        if (S->closed[i] && S->mode[i] != IMP_SIM_C_STICK) return 0;
    if ((*st = sim_mass(S, S->t, S->q, M, Lf)) != IMP_OK) return 0;
    if (sim_kinetic(n, M, S->qd) > 1e-20 * S->Tmax) return 0;
    sim_dyn *d = &S->dyn2;
    if ((*st = sim_dynamics(S, d, S->t, S->q, S->qd, 0, NULL)) != IMP_OK) return 0;
    return sim_kinetic(n, M, d->qdd) <= 1e-18 * sim_kinetic(n, M, d->u);
}
