/* Impacts. The contacts touching and closing, with the closed ones, are
 * struck together: one contact by the single-contact solver on the
 * mechanism's W = J M^-1 J^T (Routh's path as Wang & Mason 1992; Keller
 * 1986's exact path in 3D), several by the system's multiple-impact
 * model (multi.h). After it a contact with v_n ~ 0 is closed, its mode
 * then chosen at the acceleration level (sim_modes.c); a single bouncing
 * contact's history goes to the accumulation test (sim_zeno.c). */
#include <math.h>
#include <string.h>

#include "compliant.h"
#include "mechanism.h"
#include "multi_solve.h"
#include "sim_internal.h"

double sim_kinetic(int n, const double *M, const double *qd)
{
    double T = 0;
    for (int i = 0; i < n; i++) {
        double s = 0;
        for (int j = 0; j < n; j++) s += M[i * n + j] * qd[j];
        T += qd[i] * s;
    }
    return 0.5 * T;
}

imp_law sim_contact_law(const imp_sim_contact *c)
{
    imp_law law = c->law;
    if (law.kind != IMP_LAW_CUSTOM) law.e = c->e;
    return law;
}

/* A contact whose tangent row vanishes or depends on its normal row (a
 * 1-dof pendulum against a wall: J's rows are then parallel, W = J M^-1 J^T
 * singular, and the contact cannot slip independently of its approach):
 * its normal row alone, frictionless, where Poisson, Newton and the
 * energetic law agree: Py = -(1 + e) C0 / W_yy. IMP_ESINGULAR when the
 * normal row itself cannot move (W_yy not positive). */
static imp_status normal_only(sim_t *S, const imp_sim_contact *c, const double *Lf, const double *Jn,
                        const double *qd, double *qd1, imp_result2d *r)
{
    int n = S->n;
    double Y[SIM_N], W = 0, C0 = 0;
    memcpy(Y, Jn, sizeof(double) * n);
    sim_chol_solve(n, Lf, Y);
    for (int j = 0; j < n; j++) {
        W += Jn[j] * Y[j];
        C0 += Jn[j] * qd[j];
    }
    memset(r, 0, sizeof *r);
    if (!(W > 0)) return IMP_ESINGULAR;
    imp_law law = sim_contact_law(c);
    if (imp_law_is_compliant(&law)) {
        /* the law's force on the normal row alone: a direct impact of
         * m_eff = 1/W, frictionless (compliant2d.c) */
        imp_coef2d dir = {W, W, 0, 0, C0, 0};
        imp_status st = imp_path2d_solve(&dir, 0, 0, &law, r);
        if (st != IMP_OK) return st;
        for (int j = 0; j < n; j++) qd1[j] = qd[j] + Y[j] * r->Py;
        r->mode = IMP_MODE_SLIDING;
        return IMP_OK;
    }
    double Py = C0 < 0 ? -(1 + c->e) * C0 / W : 0, Pc = C0 < 0 ? -C0 / W : 0;
    for (int j = 0; j < n; j++) qd1[j] = qd[j] + Y[j] * Py;
    r->coef.B2 = W;
    r->coef.C0 = C0;
    r->Py = Py;
    r->Pc = Pc;
    r->C = C0 + W * Py;
    r->dT = imp_dT2d(0, Py, 0, C0, 0, r->C);
    r->Wc = 0.5 * Pc * C0;
    r->Wr = 0.5 * (Py - Pc) * r->C;
    r->mode = IMP_MODE_SLIDING;
    r->cls = IMP_CLASS_DIRECT;
    return IMP_OK;
}

typedef struct {
    imp_result2d r2;
    imp_result3d r3;
    imp_multi_output mo;
} impact_results;

/* Several contacts: the stacked rows, the contacts and the system's model
 * (imp_sim_model is the index of its row in the registry, imp_multi_models)
 * to imp_multi_solve, which normalises, checks each contact and the stack,
 * the spread, runs the model, cross-checks the energy and scales back. Its
 * workspace is the run's (S->mw: no allocation per impact; a custom law
 * may longjmp). */
static imp_status multi(sim_t *S, int k, const int *idx, const double *M, const double *qd,
                        double *qd1, impact_results *res)
{
    const imp_sim_system *s = S->s;
    int n = S->n, d = s->c[idx[0]].dim;
    double J[SIM_ROWS * SIM_N];
    imp_multi_contact c[IMP_MULTI_MAX];
    imp_status st;
    imp_law law = sim_contact_law(&s->c[idx[0]]);
    for (int i = 0; i < k; i++)
        if ((st = sim_jac(S, S->t, idx[i], S->q, J + i * d * n)) != IMP_OK) return st;
    memset(c, 0, sizeof c);
    for (int i = 0; i < k; i++) {
        const imp_sim_contact *sc = &s->c[idx[i]];
        c[i].mu_s = sc->mu_s;
        c[i].mu_k = sc->mu_k;
        c[i].e = sc->e;
        c[i].K = sc->K > 0 ? sc->K : 1;
        c[i].eta = sc->eta > 0 ? sc->eta : 1.5;
    }
    imp_multi_input in;
    memset(&in, 0, sizeof in);
    in.n = n;
    in.k = k;
    in.d = d;
    in.M = M;
    in.J = J;
    in.qdot = qd;
    in.c = c;
    in.model = &imp_multi_models[s->model];
    in.law = &law;
    in.rtol = 1e-9;
    in.work = S->mw;
    imp_multi_fail f;
    if ((st = imp_multi_solve(&in, &res->mo, &f)) != IMP_OK)
        return sim_fail(S, st, "impact", f.contact >= 0 && f.contact < k ? idx[f.contact] : idx[0],
                        -1, S->t);
    memcpy(qd1, res->mo.qdot, sizeof(double) * n);
    return IMP_OK;
}

/* One contact: its rows alone (a vanishing tangent row), Routh's path on
 * the 2-row mechanism, or the exact 3D path on the 3-row one. */
static imp_status single(sim_t *S, int i, const double *M, const double *Lf, const double *qd,
                         double *qd1, impact_results *res, imp_sim_solver *solver)
{
    const imp_sim_contact *c = &S->s->c[i];
    int n = S->n, dim = c->dim;
    double J[3 * SIM_N], P[3], z = 0;
    imp_law law = sim_contact_law(c);
    imp_status st = sim_jac(S, S->t, i, S->q, J);
    if (st != IMP_OK) return st;
    for (int j = 0; j < n; j++) z += fabs(J[j]);
    st = dim == 2 && z == 0 ? IMP_ESINGULAR : imp_mech_init(S->mc, n, dim, M, J, qd);
    if (dim == 2 && (z == 0 || (st != IMP_OK && S->mc->fail == IMP_MECH_FAIL_J_RANK))) {
        /* the tangent row vanishes or is (numerically) the normal row's
         * multiple: W is singular and the contact cannot slip on its own */
        *solver = IMP_SIM_SOLVER_PATH2D;
        if ((st = normal_only(S, c, Lf, J + n, qd, qd1, &res->r2)) != IMP_OK)
            return sim_fail(S, st, "impact", i, -1, S->t);
        return IMP_OK;
    }
    if (st != IMP_OK) return sim_fail(S, st, "impact", i, -1, S->t);
    if (dim == 2) {
        imp_coef2d coef;
        if ((st = imp_mech_coef2d(S->mc, &coef)) == IMP_OK)
            st = imp_path2d_solve(&coef, c->mu_s, c->mu_k, &law, &res->r2);
        P[0] = res->r2.Px;
        P[1] = res->r2.Py;
        *solver = IMP_SIM_SOLVER_PATH2D;
    } else {
        imp_contact3d c3;
        if ((st = imp_mech_contact3d(S->mc, &c3)) == IMP_OK)
            st = imp_exact3d_solve_contact(&c3, c->mu_s, c->mu_k, &law, NULL, &res->r3);
        memcpy(P, res->r3.P, sizeof P);
        *solver = IMP_SIM_SOLVER_EXACT3D;
    }
    if (st != IMP_OK) return sim_fail(S, st, "impact", i, -1, S->t);
    imp_mech_after(S->mc, P, qd1, NULL, NULL, NULL);
    return IMP_OK;
}

/* Samples just before and after, the event, the new velocities. */
imp_status sim_apply_impact(sim_t *S, imp_sim_event *ev, const double *M, double *qd1)
{
    imp_status st;
    ev->t = S->t;
    ev->q = S->q;
    ev->qd_before = S->qd;
    ev->qd_after = qd1;
    ev->T0 = sim_kinetic(S->n, M, S->qd);
    ev->dT = sim_kinetic(S->n, M, qd1) - ev->T0;
    if (ev->solver == IMP_SIM_SOLVER_PATH2D) ev->dT = ev->r2->dT;
    if (ev->solver == IMP_SIM_SOLVER_EXACT3D) ev->dT = ev->r3->dT;
    if (ev->solver == IMP_SIM_SOLVER_MULTI) ev->dT = ev->rm->dT;
    S->Tmax = fmax(S->Tmax, ev->T0);
    if ((st = sim_sample(S, S->t, S->q, S->qd)) != IMP_OK) return st;
    if ((st = sim_report(S, ev)) != IMP_OK) return st;
    memcpy(S->qd, qd1, sizeof(double) * S->n);
    return sim_sample(S, S->t, S->q, S->qd);
}

/* after an impact: v_n ~ 0 closes the contact, else it separates */
imp_status sim_classify(sim_t *S, int k, const int *idx, double *vn)
{
    for (int c = 0; c < k; c++) {
        int i = idx[c];
        double g, v[3];
        imp_status st = sim_gap(S, S->t, i, S->q, &g);
        if (st == IMP_OK) st = sim_cvel(S, S->t, i, S->q, S->qd, v);
        if (st != IMP_OK) return st;
        vn[c] = v[1];
        S->closed[i] = fabs(v[1]) <= S->vtol;
        if (!S->closed[i]) {
            S->armed[i] = g > 0;
            S->mode[i] = IMP_SIM_C_OPEN;
        }
    }
    return IMP_OK;
}

imp_status sim_impacts(sim_t *S, int *done)
{
    int n = S->n, k = 0, nstruck = 0, grazed = 0, idx[IMP_MULTI_MAX], was_open = -1;
    double vin = 0;
    imp_status st;
    *done = 0;
    for (int i = 0; i < S->nc; i++) {
        double g, v[3];
        if (S->closed[i]) continue;
        if ((st = sim_gap(S, S->t, i, S->q, &g)) != IMP_OK) return st;
        if (g > S->gtol) continue;
        if ((st = sim_cvel(S, S->t, i, S->q, S->qd, v)) != IMP_OK) return st;
        if (v[1] < -S->vtol) {
            if (k == IMP_MULTI_MAX) return sim_fail(S, IMP_EINPUT, "contacts", i, -1, S->t);
            idx[k++] = i;
            nstruck++;
            was_open = i;
            vin = fmax(vin, -v[1]);
        } else if (S->armed[i] && fabs(v[1]) <= S->vtol) {
            S->closed[i] = 1;          /* landed with no normal speed */
            grazed = 1;
        }
    }
    if (nstruck == 0) {
        if (!grazed) return IMP_OK;
        *done = 1;
        return sim_modes(S);
    }
    for (int i = 0; i < S->nc; i++)
        if (S->closed[i]) {
            if (k == IMP_MULTI_MAX) return sim_fail(S, IMP_EINPUT, "contacts", i, -1, S->t);
            idx[k++] = i;
        }
    double M[SIM_N * SIM_N], Lf[SIM_N * SIM_N], qd1[SIM_N], vn[IMP_MULTI_MAX];
    impact_results res;
    imp_sim_event ev;
    memset(&ev, 0, sizeof ev);
    if ((st = sim_mass(S, S->t, S->q, M, Lf)) != IMP_OK) return st;
    if (k == 1) {
        st = single(S, idx[0], M, Lf, S->qd, qd1, &res, &ev.solver);
    } else {
        st = multi(S, k, idx, M, S->qd, qd1, &res);
        ev.solver = IMP_SIM_SOLVER_MULTI;
    }
    if (st != IMP_OK) return st;
    ev.kind = IMP_SIM_IMPACT;
    ev.ncontacts = k;
    memcpy(ev.contacts, idx, sizeof(int) * k);
    ev.r2 = &res.r2;
    ev.r3 = &res.r3;
    ev.rm = &res.mo.r;
    if ((st = sim_apply_impact(S, &ev, M, qd1)) != IMP_OK) return st;
    if ((st = sim_classify(S, k, idx, vn)) != IMP_OK) return st;
    *done = 1;
    S->h = 0;                             /* the step size starts again */
    (void)n;
    if (k == 1) {                          /* one contact bouncing: Zeno? */
        int i = was_open, bounced = S->z[i].n >= 2;
        double t_inf;
        sim_zeno_record(S, i, S->t, vin, vn[0]);
        S->zg.n = 0;                     /* a group's sequence broken */
        if (S->closed[i] && bounced && S->zeno_contact < 0) {
            S->zeno_contact = i;         /* rebounds died out: a rest, now */
            S->zeno_k = 1;
            S->zeno_idx[0] = i;
            S->zeno_t = S->t;
            S->zeno_count = S->z[i].count;
        }
        if (!S->closed[i] && S->zeno_contact < 0 && sim_zeno_check(S, i, &t_inf)) {
            S->zeno_contact = i;
            S->zeno_k = 1;
            S->zeno_idx[0] = i;
            S->zeno_t = t_inf;
            S->zeno_count = S->z[i].count;
            S->z[i].n = 0;
            S->closed[i] = 1;            /* closed now, reported at t_inf */
        }
    } else if (nstruck == k) {             /* several struck together: the group's history */
        int bounced = S->zg.n >= 2, all_closed = 1;
        double vout = 0, t_inf;
        for (int c = 0; c < k; c++) {
            vout = fmax(vout, vn[c]);
            all_closed = all_closed && S->closed[idx[c]];
        }
        sim_zeno_push(S, &S->zg, S->t, vin, vout);
        int rest_now = all_closed && bounced;
        int later = !all_closed && sim_zeno_test(S, &S->zg, &t_inf);
        if (S->zeno_contact < 0 && (rest_now || later)) {
            S->zeno_contact = idx[0];
            S->zeno_k = k;
            memcpy(S->zeno_idx, idx, sizeof(int) * (size_t)k);
            S->zeno_t = rest_now ? S->t : t_inf;
            S->zeno_count = S->zg.count;
            S->zg.n = 0;
            for (int c = 0; c < k; c++) S->closed[idx[c]] = 1;   /* reported at zeno_t */
        }
    }
    return sim_modes(S);
}
