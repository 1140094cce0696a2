/* Smooth motion between events, the closed contacts' modes fixed: the
 * system's closed-form flight when no contact is closed, else DOP853
 * (Hairer, Norsett & Wanner, Solving ODE I, 1993) on y = (q, q') with
 * M q'' = f + J_c^T lambda. The state inside an accepted step is DOP853's
 * continuous extension of order 7 (Hairer's contd8: the step's stages,
 * f at its end and three more stages, built the first time a step is
 * asked inside), which serves the event search and the samples. After
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

/* DOP853's dense output over an accepted step (Hairer, Norsett & Wanner,
 * Solving ODE I, II.6, and Hairer's dop853.f, contd8): the coefficients
 * of stages 14-16 (nodes 0.1, 0.2, 7/9; stage 13 is f at the step's end)
 * and the weights d4..d7 of the interpolant's last four coefficients, in
 * stages 1-16 (zero entries left out). */
static const double dn_c14 = 0.1, dn_c15 = 0.2, dn_c16 = 0.777777777777777777777777777778;
static const double dn_a14[13] = {
    5.61675022830479523392909219681e-2, 0, 0, 0, 0, 0, 2.53500210216624811088794765333e-1,
    -2.46239037470802489917441475441e-1, -1.24191423263816360469010140626e-1,
    1.5329179827876569731206322685e-1, 8.20105229563468988491666602057e-3,
    7.56789766054569976138603589584e-3, -8.298e-3};
static const double dn_a15[14] = {
    3.18346481635021405060768473261e-2, 0, 0, 0, 0, 2.83009096723667755288322961402e-2,
    5.35419883074385676223797384372e-2, -5.49237485713909884646569340306e-2, 0, 0,
    -1.08347328697249322858509316994e-4, 3.82571090835658412954920192323e-4,
    -3.40465008687404560802977114492e-4, 1.41312443674632500278074618366e-1};
static const double dn_a16[15] = {
    -4.28896301583791923408573538692e-1, 0, 0, 0, 0, -4.69762141536116384314449447206e0,
    7.68342119606259904184240953878e0, 4.06898981839711007970213554331e0,
    3.56727187455281109270669543021e-1, 0, 0, 0, -1.39902416515901462129418009734e-3,
    2.9475147891527723389556272149e0, -9.15095847217987001081870187138e0};
static const double dn_d[4][16] = {
    {-0.84289382761090128651353491142e+01, 0, 0, 0, 0, 0.56671495351937776962531783590e+00,
     -0.30689499459498916912797304727e+01, 0.23846676565120698287728149680e+01,
     0.21170345824450282767155149946e+01, -0.87139158377797299206789907490e+00,
     0.22404374302607882758541771650e+01, 0.63157877876946881815570249290e+00,
     -0.88990336451333310820698117400e-01, 0.18148505520854727256656404962e+02,
     -0.91946323924783554000451984436e+01, -0.44360363875948939664310572000e+01},
    {0.10427508642579134603413151009e+02, 0, 0, 0, 0, 0.24228349177525818288430175319e+03,
     0.16520045171727028198505394887e+03, -0.37454675472269020279518312152e+03,
     -0.22113666853125306036270938578e+02, 0.77334326684722638389603898808e+01,
     -0.30674084731089398182061213626e+02, -0.93321305264302278729567221706e+01,
     0.15697238121770843886131091075e+02, -0.31139403219565177677282850411e+02,
     -0.93529243588444783865713862664e+01, 0.35816841486394083752465898540e+02},
    {0.19985053242002433820987653617e+02, 0, 0, 0, 0, -0.38703730874935176555105901742e+03,
     -0.18917813819516756882830838328e+03, 0.52780815920542364900561016686e+03,
     -0.11573902539959630126141871134e+02, 0.68812326946963000169666922661e+01,
     -0.10006050966910838403183860980e+01, 0.77771377980534432092869265740e+00,
     -0.27782057523535084065932004339e+01, -0.60196695231264120758267380846e+02,
     0.84320405506677161018159903784e+02, 0.11992291136182789328035130030e+02},
    {-0.25693933462703749003312586129e+02, 0, 0, 0, 0, -0.15418974869023643374053993627e+03,
     -0.23152937917604549567536039109e+03, 0.35763911791061412378285349910e+03,
     0.93405324183624310003907691704e+02, -0.37458323136451633156875139351e+02,
     0.10409964950896230045147246184e+03, 0.29840293426660503123344363579e+02,
     -0.43533456590011143754432175058e+02, 0.96324553959188282948394950600e+02,
     -0.39177261675615439165231486172e+02, -0.14972683625798562581422125276e+03}};

/* An accepted step's continuous extension: y(t0 + s h) = r0 + s (r1 + s1
 * (r2 + s (r3 + s1 (r4 + s (r5 + s1 (r6 + s r7)))))), s1 = 1 - s. */
typedef struct {
    int ready;                      /* r built for this step */
    double h;                       /* the step */
    const double *yn;               /* y(t0 + h) */
    const double *stages;           /* the step's 12 stages (imp_dop853_step's work) */
    int have_fn;                    /* fn holds f(t0 + h, yn) */
    double fn[2 * SIM_N];
    double r[8][2 * SIM_N];
} dense_t;

typedef struct {
    double t0;                      /* the segment's (or step's) start */
    const double *q0, *qd0;         /* flight */
    const double *y0;               /* DOP853: (q, q') at t0 */
    dense_t *dn;                    /* its dense output */
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

/* the dense output's coefficients: f at the step's end and stages 14-16
 * (four evaluations) */
static imp_status dense_build(sim_t *S, const seg_t *g)
{
    dense_t *D = g->dn;
    int m = 2 * S->n;
    double h = D->h, w[2 * SIM_N], K[16][2 * SIM_N];
    const double *y = g->y0, *yn = D->yn;
    for (int s = 0; s < 12; s++) memcpy(K[s], D->stages + s * m, sizeof(double) * m);
    if (D->have_fn) memcpy(K[12], D->fn, sizeof(double) * m);
    else rhs(S, g->t0 + h, yn, K[12]);
    for (int i = 0; i < m; i++) {
        double a = 0;
        for (int s = 0; s < 13; s++) a += dn_a14[s] * K[s][i];
        w[i] = y[i] + h * a;
    }
    rhs(S, g->t0 + dn_c14 * h, w, K[13]);
    for (int i = 0; i < m; i++) {
        double a = 0;
        for (int s = 0; s < 14; s++) a += dn_a15[s] * K[s][i];
        w[i] = y[i] + h * a;
    }
    rhs(S, g->t0 + dn_c15 * h, w, K[14]);
    for (int i = 0; i < m; i++) {
        double a = 0;
        for (int s = 0; s < 15; s++) a += dn_a16[s] * K[s][i];
        w[i] = y[i] + h * a;
    }
    rhs(S, g->t0 + dn_c16 * h, w, K[15]);
    if (S->rhs_st != IMP_OK) return S->rhs_st;
    for (int i = 0; i < m; i++) {
        double dy = yn[i] - y[i], bs = h * K[0][i] - dy;
        D->r[0][i] = y[i];
        D->r[1][i] = dy;
        D->r[2][i] = bs;
        D->r[3][i] = dy - h * K[12][i] - bs;
        for (int j = 0; j < 4; j++) {
            double a = 0;
            for (int s = 0; s < 16; s++) a += dn_d[j][s] * K[s][i];
            D->r[4 + j][i] = h * a;
        }
    }
    D->ready = 1;
    return IMP_OK;
}

static imp_status ode_at(sim_t *S, void *vctx, double tau, double *q, double *qd)
{
    const seg_t *g = vctx;
    dense_t *D = g->dn;
    int n = S->n;
    double y[2 * SIM_N];
    imp_status st;
    if (tau == 0) {
        memcpy(y, g->y0, sizeof(double) * 2 * n);
    } else if (tau == D->h) {
        memcpy(y, D->yn, sizeof(double) * 2 * n);
    } else {
        if (!D->ready && (st = dense_build(S, g)) != IMP_OK) return st;
        double s = tau / D->h, s1 = 1 - s;
        for (int i = 0; i < 2 * n; i++) {
            double c = D->r[4][i] + s * (D->r[5][i] + s1 * (D->r[6][i] + s * D->r[7][i]));
            y[i] = D->r[0][i] + s * (D->r[1][i] + s1 * (D->r[2][i] + s * (D->r[3][i] + s1 * c)));
        }
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
    seg_t g = {S->t, q0, qd0, NULL, NULL};
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

/* f(t, y) = (q', q'') from the closed contacts' dynamics that
 * sim_event_values just computed at the same state (S->dyn2; the same
 * call rhs makes), when it computed them: 1, else 0 */
static int f_from_events(const sim_t *S, const double *qd, double *f)
{
    int n = S->n, any_closed = 0;
    for (int i = 0; i < S->nc; i++) any_closed |= S->closed[i];
    if (!any_closed) return 0;
    memcpy(f, qd, sizeof(double) * n);
    memcpy(f + n, S->dyn2.qdd, sizeof(double) * n);
    return 1;
}

static imp_status advance_ode(sim_t *S, double t_stop, sim_hit *hit)
{
    int n = S->n, n2 = 2 * n, nv = 2 * S->nc;
    double y[2 * SIM_N], yn[2 * SIM_N], err[2 * SIM_N], k0[2 * SIM_N];
    double work[13 * 2 * SIM_N];
    dense_t dn;
    double v0[2 * IMP_SIM_CMAX], v1[2 * IMP_SIM_CMAX];
    imp_status st;
    memcpy(y, S->q, sizeof(double) * n);
    memcpy(y + n, S->qd, sizeof(double) * n);
    if ((st = sim_event_values(S, S->t, S->q, S->qd, v0)) != IMP_OK) return st;
    double h = S->h > 0 ? S->h : 1e-3 * fmin(t_stop - S->t, S->L / S->V);
    int have_k0 = f_from_events(S, S->qd, k0);
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
        dn.ready = 0;
        dn.h = hs;
        dn.yn = yn;
        dn.stages = work;
        seg_t g = {S->t, NULL, NULL, y, &dn};
        if ((st = sim_event_values(S, S->t + hs, yn, yn + n, v1)) != IMP_OK) return st;
        dn.have_fn = f_from_events(S, yn + n, dn.fn);
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
        if (!(S->o.dt > 0) && (st = sim_sample(S, S->t, S->q, S->qd)) != IMP_OK) return st;
        if ((st = sim_event_values(S, S->t, S->q, S->qd, v0)) != IMP_OK) return st;
        have_k0 = f_from_events(S, S->qd, k0);
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
