/* The system's callbacks, checked (a callback's failure is IMP_ELAW, a
 * non-finite value IMP_EINPUT naming the quantity), and the dynamics with
 * the closed contacts' forces: M q'' = f + J_c^T lambda with lambda from
 * the acceleration-level problem (Pfeiffer & Glocker 1996; Baraff 1994). */
#include <float.h>
#include <math.h>
#include <string.h>

#include "sim_internal.h"

int sim_chol(int n, const double *A, double *L)
{
    for (int j = 0; j < n; j++) {
        double s = A[j * n + j];
        for (int k = 0; k < j; k++) s -= L[j * n + k] * L[j * n + k];
        if (!(s > 0)) return 0;
        double d = sqrt(s);
        L[j * n + j] = d;
        for (int i = j + 1; i < n; i++) {
            double t = A[i * n + j];
            for (int k = 0; k < j; k++) t -= L[i * n + k] * L[j * n + k];
            L[i * n + j] = t / d;
        }
        for (int i = 0; i < j; i++) L[i * n + j] = 0;
    }
    return 1;
}

void sim_chol_solve(int n, const double *L, double *x)
{
    for (int i = 0; i < n; i++) {
        double s = x[i];
        for (int k = 0; k < i; k++) s -= L[i * n + k] * x[k];
        x[i] = s / L[i * n + i];
    }
    for (int i = n - 1; i >= 0; i--) {
        double s = x[i];
        for (int k = i + 1; k < n; k++) s -= L[k * n + i] * x[k];
        x[i] = s / L[i * n + i];
    }
}

/* LDL^T without pivoting; a pivot below 1e-13 of the diagonal's scale is a
 * redundant row: its unknown is set to 0 (the others then satisfy their
 * rows), so a projection onto redundant constraints still converges. */
void sim_psd_solve(int n, const double *A, double *x)
{
    double L[SIM_ROWS * SIM_ROWS], D[SIM_ROWS], scale = 0;
    for (int i = 0; i < n; i++) scale = fmax(scale, fabs(A[i * n + i]));
    for (int j = 0; j < n; j++) {
        double s = A[j * n + j];
        for (int k = 0; k < j; k++) s -= L[j * n + k] * L[j * n + k] * D[k];
        D[j] = s > 1e-13 * scale ? s : 0;
        for (int i = j + 1; i < n; i++) {
            double t = A[i * n + j];
            for (int k = 0; k < j; k++) t -= L[i * n + k] * L[j * n + k] * D[k];
            L[i * n + j] = D[j] > 0 ? t / D[j] : 0;
        }
    }
    for (int i = 0; i < n; i++)
        for (int k = 0; k < i; k++) x[i] -= L[i * n + k] * x[k];
    for (int i = 0; i < n; i++) x[i] = D[i] > 0 ? x[i] / D[i] : 0;
    for (int i = n - 1; i >= 0; i--)
        for (int k = i + 1; k < n; k++) x[i] -= L[k * n + i] * x[k];
}

static int first_nonfinite(const double *x, int m)
{
    for (int i = 0; i < m; i++)
        if (!isfinite(x[i])) return i;
    return -1;
}

imp_status sim_mass(sim_t *S, double t, const double *q, double *M, double *Lf)
{
    int n = S->n, bad;
    if (S->have_Mc) {
        memcpy(M, S->Mc, sizeof(double) * n * n);
        memcpy(Lf, S->Lc, sizeof(double) * n * n);
        return IMP_OK;
    }
    if (S->s->mass(S->s->ctx, q, M)) return sim_fail_at(S, t, IMP_ELAW, "mass", -1, -1, NAN);
    if ((bad = first_nonfinite(M, n * n)) >= 0)
        return sim_fail_at(S, t, IMP_EINPUT, "mass", -1, bad, M[bad]);
    for (int i = 0; i < n; i++)        /* symmetrised, as the mechanism does */
        for (int j = 0; j < i; j++)
            M[i * n + j] = M[j * n + i] = 0.5 * (M[i * n + j] + M[j * n + i]);
    if (!sim_chol(n, M, Lf)) return sim_fail_at(S, t, IMP_EINPUT, "M", -1, -1, NAN);
    if (S->s->const_mass) {
        memcpy(S->Mc, M, sizeof(double) * n * n);
        memcpy(S->Lc, Lf, sizeof(double) * n * n);
        S->have_Mc = 1;
        S->diag_Lc = 1;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                if (i != j && Lf[i * n + j] != 0) S->diag_Lc = 0;
    }
    return IMP_OK;
}

imp_status sim_force(sim_t *S, double t, const double *q, const double *qd, double *f)
{
    int bad;
    if (S->s->force(S->s->ctx, t, q, qd, f))
        return sim_fail_at(S, t, IMP_ELAW, "force", -1, -1, NAN);
    if ((bad = first_nonfinite(f, S->n)) >= 0)
        return sim_fail_at(S, t, IMP_EINPUT, "force", -1, bad, f[bad]);
    return IMP_OK;
}

imp_status sim_gap(sim_t *S, double t, int i, const double *q, double *g)
{
    if (S->s->gap(S->s->ctx, i, q, g)) return sim_fail_at(S, t, IMP_ELAW, "gap", i, -1, NAN);
    if (!isfinite(*g)) return sim_fail_at(S, t, IMP_EINPUT, "gap", i, -1, *g);
    return IMP_OK;
}

imp_status sim_jac(sim_t *S, double t, int i, const double *q, double *J)
{
    int m = S->s->c[i].dim * S->n, bad;
    if (S->s->jac(S->s->ctx, i, q, J)) return sim_fail_at(S, t, IMP_ELAW, "J", i, -1, NAN);
    if ((bad = first_nonfinite(J, m)) >= 0)
        return sim_fail_at(S, t, IMP_EINPUT, "J", i, bad, J[bad]);
    return IMP_OK;
}

/* J'(q, q') q': the system's closed form, else central differences of J
 * along q' (step cbrt(eps) of the length scale: error ~ eps^(2/3)). */
imp_status sim_jdot(sim_t *S, double t, int i, const double *q, const double *qd, double *Jd)
{
    int n = S->n, dim = S->s->c[i].dim, bad;
    if (S->s->jdot) {
        if (S->s->jdot(S->s->ctx, i, q, qd, Jd))
            return sim_fail_at(S, t, IMP_ELAW, "J", i, -1, NAN);
        if ((bad = first_nonfinite(Jd, dim)) >= 0)
            return sim_fail_at(S, t, IMP_EINPUT, "J", i, bad, Jd[bad]);
        return IMP_OK;
    }
    double vmax = 0, qa[SIM_N], qb[SIM_N], Ja[3 * SIM_N], Jb[3 * SIM_N];
    for (int j = 0; j < n; j++) vmax = fmax(vmax, fabs(qd[j]));
    for (int r = 0; r < dim; r++) Jd[r] = 0;
    if (vmax == 0) return IMP_OK;
    double eps = cbrt(DBL_EPSILON) * S->L / vmax;
    for (int j = 0; j < n; j++) {
        qa[j] = q[j] + eps * qd[j];
        qb[j] = q[j] - eps * qd[j];
    }
    imp_status st = sim_jac(S, t, i, qa, Ja);
    if (st == IMP_OK) st = sim_jac(S, t, i, qb, Jb);
    if (st != IMP_OK) return st;
    for (int r = 0; r < dim; r++) {
        double s = 0;
        for (int j = 0; j < n; j++) s += (Ja[r * n + j] - Jb[r * n + j]) * qd[j];
        Jd[r] = s / (2 * eps);
    }
    return IMP_OK;
}

imp_status sim_cvel(sim_t *S, double t, int i, const double *q, const double *qd, double *v)
{
    double J[3 * SIM_N];
    int n = S->n;
    imp_status st = sim_jac(S, t, i, q, J);
    if (st != IMP_OK) return st;
    for (int r = 0; r < S->s->c[i].dim; r++) {
        double s = 0;
        for (int j = 0; j < n; j++) s += J[r * n + j] * qd[j];
        v[r] = s;
    }
    return IMP_OK;
}

/* x = M^-1 x with M's factor L: sim_chol_solve, or for a constant
 * diagonal M the same two divisions per entry without the loops over zeros */
static void msolve(const sim_t *S, int n, const double *L, double *x)
{
    if (L == S->Lc && S->diag_Lc) {
        for (int i = 0; i < n; i++) x[i] = x[i] / L[i * n + i] / L[i * n + i];
        return;
    }
    sim_chol_solve(n, L, x);
}

imp_status sim_dynamics(sim_t *S, sim_dyn *d, double t, const double *q, const double *qd,
                        int solve, imp_status *acc_st)
{
    int n = S->n;
    double Mb[SIM_N * SIM_N], Lbuf[SIM_N * SIM_N];
    const double *Lb = S->Lc;         /* a constant M's factor in place */
    imp_status st = IMP_OK;
    if (!S->have_Mc) {
        st = sim_mass(S, t, q, Mb, Lbuf);
        Lb = Lbuf;
    }
    if (st == IMP_OK) st = sim_force(S, t, q, qd, d->f);
    if (st != IMP_OK) return st;
    memcpy(d->u, d->f, sizeof(double) * n);
    msolve(S, n, Lb, d->u);
    d->k = d->rows = 0;
    if (acc_st) *acc_st = IMP_OK;
    for (int i = 0; i < S->nc; i++) {
        if (!S->closed[i]) continue;
        if (d->k == IMP_MULTI_MAX) return sim_fail_at(S, t, IMP_EINPUT, "contacts", i, -1, NAN);
        int dim = S->s->c[i].dim, r0 = d->rows;
        double Jd[3];
        d->idx[d->k] = i;
        d->off[d->k] = r0;
        d->p.dim[d->k] = dim;
        d->p.mu_s[d->k] = S->s->c[i].mu_s;
        d->p.mu_k[d->k] = S->s->c[i].mu_k;
        d->r.mode[d->k] = S->mode[i];
        d->r.dir[d->k][0] = S->dir[i][0];
        d->r.dir[d->k][1] = S->dir[i][1];
        if ((st = sim_jac(S, t, i, q, d->J + r0 * n)) != IMP_OK) return st;
        if ((st = sim_jdot(S, t, i, q, qd, Jd)) != IMP_OK) return st;
        for (int r = 0; r < dim; r++) {
            const double *Jr = d->J + (r0 + r) * n;
            double *Yr = d->Y + (r0 + r) * n, bu = 0, v = 0;
            memcpy(Yr, Jr, sizeof(double) * n);
            msolve(S, n, Lb, Yr);
            for (int j = 0; j < n; j++) {
                bu += Jr[j] * d->u[j];
                v += Jr[j] * qd[j];
            }
            d->b[r0 + r] = bu + Jd[r];
            d->v[r0 + r] = v;
        }
        /* in space the slip turns: friction opposes the slip now (Coulomb),
         * not the phase's first direction; past a stop (the slip against
         * that direction) the phase's direction is kept, so that the stop's
         * event function v_t . dir crosses zero cleanly */
        double vt = dim == 3 ? hypot(d->v[r0], d->v[r0 + 2]) : 0;
        if (!solve && dim == 3 && S->mode[i] == IMP_SIM_C_SLIDE && vt > 0
            && d->v[r0] * S->dir[i][0] + d->v[r0 + 2] * S->dir[i][1] > 0) {
            d->r.dir[d->k][0] = d->v[r0] / vt;
            d->r.dir[d->k][1] = d->v[r0 + 2] / vt;
        }
        d->rows += dim;
        d->k++;
    }
    memcpy(d->qdd, d->u, sizeof(double) * n);
    if (d->k == 0) return IMP_OK;
    int R = d->rows;
    for (int a = 0; a < R; a++)
        for (int b = 0; b <= a; b++) {
            double s = 0;
            for (int j = 0; j < n; j++) s += d->J[a * n + j] * d->Y[b * n + j];
            d->A[a * R + b] = d->A[b * R + a] = s;
        }
    d->p.k = d->k;
    d->p.A = d->A;
    d->p.b = d->b;
    d->p.v = d->v;
    d->p.v_tol = S->vtol;
    d->r.inconsistent = -1;
    st = solve ? imp_sim_acc_solve(&d->p, &d->r) : imp_sim_acc_fixed(&d->p, &d->r);
    if (st == IMP_ESINGULAR) st = IMP_OK;    /* minimum-norm forces (sim_forces.h) */
    if (acc_st) *acc_st = st;
    if (st != IMP_OK) {
        if (st == IMP_ENOSOLUTION && acc_st) return IMP_OK;   /* Painleve: the caller's */
        return sim_fail_at(S, t, st, "contact forces", -1, -1, NAN);
    }
    for (int r = 0; r < R; r++) {
        if (!isfinite(d->r.lambda[r]))
            return sim_fail_at(S, t, IMP_EINPUT, "contact forces", -1, r, d->r.lambda[r]);
        for (int j = 0; j < n; j++) d->qdd[j] += d->Y[r * n + j] * d->r.lambda[r];
    }
    return IMP_OK;
}

double sim_energy(sim_t *S, const double *q, const double *qd)
{
    int n = S->n;
    double M[SIM_N * SIM_N], Lf[SIM_N * SIM_N], T = 0, V = 0;
    if (sim_mass(S, S->t, q, M, Lf) != IMP_OK) return NAN;
    for (int i = 0; i < n; i++) {
        double s = 0;
        for (int j = 0; j < n; j++) s += M[i * n + j] * qd[j];
        T += qd[i] * s;
    }
    if (S->s->potential && S->s->potential(S->s->ctx, q, &V)) V = NAN;
    return 0.5 * T + V;
}
