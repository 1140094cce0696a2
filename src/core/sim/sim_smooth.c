/* Smooth motion between events, the closed contacts' modes fixed: the
 * system's closed-form flight when no contact is closed, else DOP853
 * (Hairer, Norsett & Wanner, Solving ODE I, 1993) on y = (q, q') with
 * M q'' = f + J_c^T lambda. The state inside an accepted step is one
 * DOP853 step of the needed length from the step's start (as accurate as
 * the step itself), which serves the event search and the samples. After
 * each accepted step the drift off the closed contacts is projected out
 * (Gauss-Newton in the M metric; Brogliato 2016, constraint
 * stabilisation). */
#include <float.h>
#include <math.h>
#include <string.h>

#include "dop853.h"
#include "interrupt.h"
#include "sim_internal.h"

/* ---- the state inside a segment -------------------------------------- */

typedef struct {
    double t0;                      /* the segment's (or step's) start */
    const double *q0, *qd0;         /* flight */
    const double *y0;               /* DOP853: (q, q') at t0 */
    double *k0;                     /* its derivative */
    double *work;
} seg_t;

static imp_status flight_at(sim_t *S, void *vctx, double tau, double *q, double *qd)
{
    const seg_t *g = vctx;
    if (S->s->flight(S->s->ctx, tau, g->q0, g->qd0, q, qd))
        return sim_fail_at(S, g->t0 + tau, IMP_ELAW, "flight", -1, -1, NAN);
    for (int j = 0; j < S->n; j++)
        if (!isfinite(q[j]) || !isfinite(qd[j]))
            return sim_fail_at(S, g->t0 + tau, IMP_EINPUT, "flight", -1, j,
                               isfinite(q[j]) ? qd[j] : q[j]);
    return IMP_OK;
}

static void rhs(const void *ctx, double t, const double *y, double *dy)
{
    sim_t *S = (sim_t *)ctx;
    int n = S->n;
    memcpy(dy, y + n, sizeof(double) * n);
    if (S->rhs_st == IMP_OK)
        S->rhs_st = sim_dynamics(S, &S->dyn, t, y, y + n, 0, NULL);
    if (S->rhs_st != IMP_OK) {
        memset(dy + n, 0, sizeof(double) * n);
        return;
    }
    memcpy(dy + n, S->dyn.qdd, sizeof(double) * n);
}

static imp_status ode_at(sim_t *S, void *vctx, double tau, double *q, double *qd)
{
    const seg_t *g = vctx;
    int n = S->n;
    double y[2 * SIM_N], k0[2 * SIM_N];
    memcpy(k0, g->k0, sizeof(double) * 2 * n);
    if (tau == 0) {
        memcpy(y, g->y0, sizeof(double) * 2 * n);
    } else {
        imp_dop853_step(rhs, S, 2 * n, g->t0, g->y0, tau, y, NULL, k0, 1, g->work);
        if (S->rhs_st != IMP_OK) return S->rhs_st;
    }
    memcpy(q, y, sizeof(double) * n);
    memcpy(qd, y + n, sizeof(double) * n);
    return IMP_OK;
}

/* samples want absolute times */
typedef struct {
    sim_state_fn f;
    seg_t *g;
} abs_ctx;

static imp_status at_abs(sim_t *S, void *vctx, double t, double *q, double *qd)
{
    abs_ctx *a = vctx;
    return a->f(S, a->g, t - a->g->t0, q, qd);
}

/* open contacts whose gap is positive may impact from now on */
static imp_status arm(sim_t *S)
{
    for (int i = 0; i < S->nc; i++) {
        if (S->closed[i] || S->armed[i]) continue;
        double g;
        imp_status st = sim_gap(S, S->t, i, S->q, &g);
        if (st != IMP_OK) return st;
        S->armed[i] = g > 0;
    }
    return IMP_OK;
}

/* The gaps of the open contacts over an accepted step: at its ends, and
 * at SCAN interior points when a contact is still leaving the surface
 * (not yet armed) or a gap has a minimum inside (closing at the start,
 * opening at the end): a step long against a bounce cannot then hide it.
 * A crossing from positive to <= 0 is refined by Brent. *contact = -1:
 * none. *missed: a leaving contact back at the surface and closing with
 * no positive sample (the caller shortens the step), else -1. */
#define SCAN 8
static imp_status gap_scan(sim_t *S, seg_t *g, double hs, const double *yn, double *tau,
                           int *contact, int *missed)
{
    int n = S->n, need = 0, open = 0, down[IMP_SIM_CMAX];
    double G[SCAN + 2][IMP_SIM_CMAX], T[SCAN + 2], q[SIM_N], qd[SIM_N], v0[3], v1[3];
    imp_status st;
    *contact = *missed = -1;
    for (int i = 0; i < S->nc; i++) {
        if (S->closed[i]) continue;
        open = 1;
        if ((st = sim_gap(S, g->t0, i, g->y0, &G[0][i])) != IMP_OK) return st;
        if ((st = sim_gap(S, g->t0 + hs, i, yn, &G[SCAN + 1][i])) != IMP_OK) return st;
        if ((st = sim_cvel(S, g->t0, i, g->y0, g->y0 + n, v0)) != IMP_OK) return st;
        if ((st = sim_cvel(S, g->t0 + hs, i, yn, yn + n, v1)) != IMP_OK) return st;
        down[i] = v1[1] < 0;
        if (!S->armed[i] || (v0[1] < 0 && v1[1] > 0)) need = 1;
    }
    if (!open) return IMP_OK;
    int np = need ? SCAN + 2 : 2;
    T[0] = 0;
    T[np - 1] = hs;
    if (need) {
        for (int j = 1; j <= SCAN; j++) {
            T[j] = hs * j / (SCAN + 1);
            if ((st = ode_at(S, g, T[j], q, qd)) != IMP_OK) return st;
            for (int i = 0; i < S->nc; i++)
                if (!S->closed[i] && (st = sim_gap(S, g->t0 + T[j], i, q, &G[j][i])) != IMP_OK)
                    return st;
        }
    } else {
        for (int i = 0; i < S->nc; i++) G[1][i] = G[SCAN + 1][i];
    }
    *tau = HUGE_VAL;
    for (int i = 0; i < S->nc; i++) {
        if (S->closed[i]) continue;
        /* clearly open at the start: a crossing counts even when not yet
         * armed (as in sim_flight_search) */
        int armed = S->armed[i] || G[0][i] > S->gtol;
        for (int j = 1; j < np; j++) {
            double a = G[j - 1][i], b = G[j][i], tj;
            if (!(armed && a > 0 && b <= 0)) {
                armed |= b > 0;
                if (j == np - 1 && !armed && down[i] && b <= S->gtol) *missed = i;
                continue;
            }
            int was = S->armed[i];
            S->armed[i] = 1;          /* its gap is the event function */
            st = sim_locate(S, ode_at, g, g->t0, 2 * i, T[j - 1], a, T[j], b, &tj);
            S->armed[i] = was;
            if (st != IMP_OK) return st;
            if (tj < *tau) {
                *tau = tj;
                *contact = i;
            }
            break;
        }
    }
    return IMP_OK;
}

static imp_status advance_flight(sim_t *S, double t_stop, sim_hit *hit)
{
    double q0[SIM_N], qd0[SIM_N], tau;
    int c;
    memcpy(q0, S->q, sizeof(double) * S->n);
    memcpy(qd0, S->qd, sizeof(double) * S->n);
    seg_t g = {S->t, q0, qd0, NULL, NULL, NULL};
    abs_ctx a = {flight_at, &g};
    double H = t_stop - S->t;
    imp_status st = sim_flight_search(S, H, &tau, &c);
    if (st != IMP_OK) return st;
    int whole = c < 0 && tau >= H;
    double t1 = whole ? t_stop : S->t + tau;
    if ((st = sim_samples_upto(S, t1, c < 0, at_abs, &a)) != IMP_OK) return st;
    if ((st = flight_at(S, &g, tau, S->q, S->qd)) != IMP_OK) return st;
    S->t = t1;
    S->out->steps++;
    if (c >= 0) {
        hit->kind = IMP_SIM_IMPACT;
        hit->contact = c;
        return IMP_OK;
    }
    if (!(S->o.dt > 0) && (st = sim_sample(S, S->t, S->q, S->qd)) != IMP_OK) return st;
    return arm(S);
}

/* the error of a step against rtol (atol from the length and speed scales) */
static double err_norm(const sim_t *S, const double *y, const double *yn, const double *err)
{
    int n = S->n;
    double en = 0, r = S->o.rtol;
    for (int i = 0; i < 2 * n; i++) {
        double sc = r * (fmax(fabs(y[i]), fabs(yn[i])) + (i < n ? S->L : S->V));
        en = fmax(en, fabs(err[i]) / sc);
    }
    return en;
}

static imp_status advance_ode(sim_t *S, double t_stop, sim_hit *hit)
{
    int n = S->n, n2 = 2 * n, nv = 2 * S->nc;
    double y[2 * SIM_N], yn[2 * SIM_N], err[2 * SIM_N], k0[2 * SIM_N];
    double work[13 * 2 * SIM_N], work2[13 * 2 * SIM_N];
    double v0[2 * IMP_SIM_CMAX], v1[2 * IMP_SIM_CMAX];
    imp_status st;
    memcpy(y, S->q, sizeof(double) * n);
    memcpy(y + n, S->qd, sizeof(double) * n);
    if ((st = sim_event_values(S, S->t, S->q, S->qd, v0)) != IMP_OK) return st;
    double h = S->h > 0 ? S->h : 1e-3 * fmin(t_stop - S->t, S->L / S->V);
    int have_k0 = 0;
    S->rhs_st = IMP_OK;
    while (S->t < t_stop) {
        if (imp_interrupt_pending()) return sim_fail(S, IMP_EINTERRUPT, "interrupt", -1, -1, S->t);
        int last = S->t + h >= t_stop;
        double hs = last ? t_stop - S->t : h;
        imp_dop853_step(rhs, S, n2, S->t, y, hs, yn, err, k0, have_k0, work);
        have_k0 = 1;
        if (S->rhs_st != IMP_OK) return S->rhs_st;
        double en = err_norm(S, y, yn, err);
        double fac = en > 0 ? 0.8 / sqrt(sqrt(sqrt(en))) : 5;   /* en^(-1/8) */
        if (!(en <= 1)) {
            h = hs * fmax(0.2, fmin(fac, 1));
            if (!(h > 4 * DBL_EPSILON * fabs(S->t)))
                return sim_fail(S, IMP_ESTEPS, "step", -1, -1, h);
            continue;
        }
        S->out->steps++;
        seg_t g = {S->t, NULL, NULL, y, k0, work2};
        if ((st = sim_event_values(S, S->t + hs, yn, yn + n, v1)) != IMP_OK) return st;
        /* the earliest crossing among the event functions: the closed
         * contacts' at the step's ends, the gaps by gap_scan */
        double tau = HUGE_VAL;
        int jhit = -1;
        for (int j = 0; j < nv; j++) {
            if (!S->closed[j / 2]) continue;
            if (!(v0[j] >= 0 && v1[j] < 0) && !(v0[j] > 0 && v1[j] <= 0)) continue;
            double tj;
            if ((st = sim_locate(S, ode_at, &g, S->t, j, 0, v0[j], hs, v1[j], &tj)) != IMP_OK)
                return st;
            if (tj < tau) {
                tau = tj;
                jhit = j;
            }
        }
        int ci, missed;
        double tg;
        if ((st = gap_scan(S, &g, hs, yn, &tg, &ci, &missed)) != IMP_OK) return st;
        if (ci >= 0 && tg < tau) {
            tau = tg;
            jhit = 2 * ci;
        }
        if (missed >= 0 && jhit < 0) {
            /* a contact left and came back down unseen (its excursion
             * shorter than the samples' spacing): a shorter step, down to
             * the time resolution, where it is taken as struck there */
            if (hs > 1e-12 * S->L / S->V) {
                h = hs / (SCAN + 1);
                S->out->steps--;
                continue;
            }
            S->armed[missed] = 1;
            tau = hs;
            jhit = 2 * missed;
        }
        abs_ctx a = {ode_at, &g};
        if (jhit >= 0) {
            if ((st = sim_samples_upto(S, S->t + tau, 0, at_abs, &a)) != IMP_OK) return st;
            if ((st = ode_at(S, &g, tau, S->q, S->qd)) != IMP_OK) return st;
            S->t += tau;
            S->h = h;
            hit->kind = sim_event_kind(S, jhit);
            hit->contact = jhit / 2;
            return IMP_OK;
        }
        double t1 = last ? t_stop : S->t + hs;
        if ((st = sim_samples_upto(S, t1, 1, at_abs, &a)) != IMP_OK) return st;
        S->t = t1;
        memcpy(S->q, yn, sizeof(double) * n);
        memcpy(S->qd, yn + n, sizeof(double) * n);
        if ((st = sim_project(S)) != IMP_OK || (st = arm(S)) != IMP_OK) return st;
        memcpy(y, S->q, sizeof(double) * n);
        memcpy(y + n, S->qd, sizeof(double) * n);
        have_k0 = 0;
        if (!(S->o.dt > 0) && (st = sim_sample(S, S->t, S->q, S->qd)) != IMP_OK) return st;
        if ((st = sim_event_values(S, S->t, S->q, S->qd, v0)) != IMP_OK) return st;
        h = hs * fmin(5, fac);
        S->h = h;
    }
    return IMP_OK;
}

imp_status sim_advance(sim_t *S, double t_stop, sim_hit *hit)
{
    hit->kind = -1;
    hit->contact = -1;
    int any_closed = 0;
    for (int i = 0; i < S->nc; i++) any_closed |= S->closed[i];
    if (S->s->flight && !any_closed) return advance_flight(S, t_stop, hit);
    return advance_ode(S, t_stop, hit);
}

/* x -= M^-1 J^T (J M^-1 J^T)^-1 r over the rows given: the smallest
 * correction in the M metric that zeroes the residuals r (to first order) */
static void gauss_newton(int n, int R, const double *Lf, const double *J, const double *r,
                         double *x)
{
    double Y[SIM_ROWS * SIM_N], A[SIM_ROWS * SIM_ROWS], l[SIM_ROWS];
    if (R <= 0) return;
    memset(A, 0, sizeof(double) * (size_t)R * (size_t)R);   /* R x R: not the whole 18 kB */
    for (int a = 0; a < R; a++) {
        memcpy(Y + a * n, J + a * n, sizeof(double) * n);
        sim_chol_solve(n, Lf, Y + a * n);
        l[a] = r[a];
    }
    for (int a = 0; a < R; a++)
        for (int b = 0; b < R; b++) {
            double s = 0;
            for (int j = 0; j < n; j++) s += J[a * n + j] * Y[b * n + j];
            A[a * R + b] = s;
        }
    sim_psd_solve(R, A, l);
    for (int a = 0; a < R; a++)
        for (int j = 0; j < n; j++) x[j] -= Y[a * n + j] * l[a];
}

/* The closed contacts' drift: q onto g = 0, then q' onto v_n = 0 (and
 * v_t = 0 where sticking). */
imp_status sim_project(sim_t *S)
{
    int n = S->n, R = 0;
    double M[SIM_N * SIM_N], Lf[SIM_N * SIM_N], J[SIM_ROWS * SIM_N], Ji[3 * SIM_N];
    double r[SIM_ROWS];
    int rows[IMP_SIM_CMAX];
    imp_status st;
    for (int i = 0; i < S->nc && R < IMP_MULTI_MAX; i++) {
        if (!S->closed[i]) continue;
        if ((st = sim_jac(S, S->t, i, S->q, Ji)) != IMP_OK) return st;
        if ((st = sim_gap(S, S->t, i, S->q, &r[R])) != IMP_OK) return st;
        memcpy(J + R * n, Ji + n, sizeof(double) * n);
        rows[R++] = i;
    }
    if (R == 0) return IMP_OK;
    if ((st = sim_mass(S, S->t, S->q, M, Lf)) != IMP_OK) return st;
    gauss_newton(n, R, Lf, J, r, S->q);
    if ((st = sim_mass(S, S->t, S->q, M, Lf)) != IMP_OK) return st;
    int V = 0;
    for (int c = 0; c < R; c++) {
        int i = rows[c], dim = S->s->c[i].dim;
        if ((st = sim_jac(S, S->t, i, S->q, Ji)) != IMP_OK) return st;
        for (int a = 0; a < dim; a++) {
            if (a != 1 && S->mode[i] != IMP_SIM_C_STICK) continue;
            double s = 0;
            for (int j = 0; j < n; j++) s += Ji[a * n + j] * S->qd[j];
            if (a != 1) {           /* a vanishing tangent row (a 1-dof pendulum) */
                double z = 0;
                for (int j = 0; j < n; j++) z += fabs(Ji[a * n + j]);
                if (z == 0) continue;
            }
            memcpy(J + V * n, Ji + a * n, sizeof(double) * n);
            r[V++] = s;
        }
    }
    gauss_newton(n, V, Lf, J, r, S->qd);
    return IMP_OK;
}
