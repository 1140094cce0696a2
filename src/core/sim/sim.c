/* imp_sim_run: the event-driven hybrid loop (Pfeiffer & Glocker 1996;
 * Brogliato, Nonsmooth Mechanics, 2016; Acary & Brogliato 2008, ch. on
 * event-driven schemes). Each pass: resolve the impacts due now, report an
 * accumulation that has reached its time, stop at rest, else follow the
 * smooth motion to the next event (or t_end) and handle it. */
#include <float.h>
#include <math.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "interrupt.h"
#include "sim_internal.h"

const char *const imp_sim_event_names[] = {"impact", "liftoff", "stick", "slip", "rest",
                                           "inconsistent", NULL};

imp_status sim_fail(sim_t *S, imp_status st, const char *what, int contact, int index,
                    double value)
{
    return sim_fail_at(S, S->t, st, what, contact, index, value);
}

imp_status sim_fail_at(sim_t *S, double t, imp_status st, const char *what, int contact,
                       int index, double value)
{
    imp_sim_outcome *o = S->out;
    if (o->fail_what) return st;          /* the first failure is the one reported */
    o->fail_t = t;
    o->fail_what = what;
    o->fail_contact = contact;
    o->fail_index = index;
    o->fail_value = value;
    return st;
}

imp_status sim_sample(sim_t *S, double t, const double *q, const double *qd)
{
    S->last_sample = t;
    if (!S->obs || !S->obs->sample) return IMP_OK;
    double E = sim_energy(S, q, qd);
    if (S->out->fail_what) return IMP_EINPUT;
    if (S->obs->sample(S->obs->ctx, t, q, qd, E))
        return sim_fail(S, IMP_ELAW, "observer", -1, -1, t);
    return IMP_OK;
}

/* The grid t0 + k dt (k counted, not accumulated, so the times carry no
 * drift) strictly after the last sample and before t_hi. */
imp_status sim_samples_upto(sim_t *S, double t_hi, int incl, sim_eval_fn eval, void *ctx)
{
    if (!(S->o.dt > 0)) return IMP_OK;
    double q[SIM_N], qd[SIM_N];
    for (;;) {
        double ts = S->o.t0 + (double)S->ks * S->o.dt;
        if (ts > S->o.t_end || ts > t_hi || (ts == t_hi && !incl)) return IMP_OK;
        S->ks++;
        if (!isnan(S->last_sample) && ts <= S->last_sample) continue;
        imp_status st = eval(S, ctx, ts, q, qd);
        if (st == IMP_OK) st = sim_sample(S, ts, q, qd);
        if (st != IMP_OK) return st;
    }
}

imp_status sim_report(sim_t *S, imp_sim_event *ev)
{
    S->out->events++;
    if (ev->kind == IMP_SIM_IMPACT) S->out->impacts++;
    if (S->obs && S->obs->event && S->obs->event(S->obs->ctx, ev))
        return sim_fail(S, IMP_ELAW, "observer", -1, -1, ev->t);
    return IMP_OK;
}

static imp_status bad(imp_sim_outcome *out, const char *what, int contact, int index,
                      double value)
{
    out->fail_what = what;
    out->fail_contact = contact;
    out->fail_index = index;
    out->fail_value = value;
    return IMP_EINPUT;
}

static imp_status validate(const imp_sim_system *s, const imp_sim_opts *o, const double *q,
                           const double *qd, imp_sim_outcome *out)
{
    if (!s) return bad(out, "system", -1, -1, NAN);
    if (!o) return bad(out, "options", -1, -1, NAN);
    if (!isfinite(o->t0)) return bad(out, "t0", -1, -1, o->t0);
    if (!isfinite(o->t_end) || !(o->t_end > o->t0)) return bad(out, "t_end", -1, -1, o->t_end);
    if (isnan(o->dt) || o->dt == HUGE_VAL) return bad(out, "dt", -1, -1, o->dt);
    if (isnan(o->rtol) || (o->rtol > 0 && !(o->rtol >= 1e-15 && o->rtol <= 1e-3)))
        return bad(out, "rtol", -1, -1, o->rtol);
    if (isnan(o->gap_tol) || (o->gap_tol > 0 && !(o->gap_tol <= 1e-3)))
        return bad(out, "gap_tol", -1, -1, o->gap_tol);
    if (isnan(o->zeno_tol) || (o->zeno_tol > 0 && !(o->zeno_tol <= 1e-2)))
        return bad(out, "zeno_tol", -1, -1, o->zeno_tol);
    if (s->n < 1 || s->n > IMP_SIM_NMAX) return bad(out, "n", -1, -1, s->n);
    if (s->nc < 0 || s->nc > IMP_SIM_CMAX) return bad(out, "nc", -1, -1, s->nc);
    if (!s->mass) return bad(out, "mass", -1, -1, NAN);
    if (!s->force) return bad(out, "force", -1, -1, NAN);
    if (s->nc > 0 && !s->gap) return bad(out, "gap", -1, -1, NAN);
    if (s->nc > 0 && !s->jac) return bad(out, "J", -1, -1, NAN);
    if ((unsigned)s->model >= (unsigned)imp_multi_nmodels) return bad(out, "model", -1, -1, s->model);
    if (!q) return bad(out, "q", -1, -1, NAN);
    if (!qd) return bad(out, "qd", -1, -1, NAN);
    for (int j = 0; j < s->n; j++) {
        if (!isfinite(q[j])) return bad(out, "q", -1, j, q[j]);
        if (!isfinite(qd[j])) return bad(out, "qd", -1, j, qd[j]);
    }
    for (int i = 0; i < s->nc; i++) {
        const imp_sim_contact *c = &s->c[i];
        if (c->dim != 2 && c->dim != 3) return bad(out, "dim", i, -1, c->dim);
        /* one multiple-impact problem has one row count per contact */
        if (c->dim != s->c[0].dim) return bad(out, "dim", i, -1, c->dim);
        if (!(c->mu_s >= 0 && isfinite(c->mu_s))) return bad(out, "mu_s", i, -1, c->mu_s);
        if (!(c->mu_k >= 0 && c->mu_k <= c->mu_s)) return bad(out, "mu_k", i, -1, c->mu_k);
        if (!(c->e >= 0 && c->e <= 1)) return bad(out, "e", i, -1, c->e);
        if (!imp_law_usable(&c->law))
            return bad(out, "law", i, -1, c->law.kind);
        if (isnan(c->K) || c->K < 0 || isnan(c->eta) || (c->eta != 0 && c->eta < 1))
            return bad(out, c->K < 0 || isnan(c->K) ? "K" : "eta", i, -1, NAN);
    }
    return IMP_OK;
}

/* Length and speed scales: the gaps and coordinates; the contact speeds
 * and sqrt(2 a L) with a the contacts' free accelerations (the speed of a
 * fall over L). The tolerances are relative to them. */
static imp_status scales(sim_t *S)
{
    double L = 0, V = 0, A = 0, g;
    imp_status st;
    for (int j = 0; j < S->n; j++) L = fmax(L, fabs(S->q[j]));
    for (int i = 0; i < S->nc; i++) {
        if ((st = sim_gap(S, S->t, i, S->q, &g)) != IMP_OK) return st;
        L = fmax(L, fabs(g));
    }
    S->L = L > 0 ? L : 1;
    int saved[IMP_SIM_CMAX];
    memcpy(saved, S->closed, sizeof saved);
    for (int i = 0; i < S->nc; i++) S->closed[i] = 0;
    if ((st = sim_dynamics(S, &S->dyn, S->t, S->q, S->qd, 0, NULL)) != IMP_OK) return st;
    for (int j = 0; j < S->n; j++) V = fmax(V, fabs(S->qd[j]));
    for (int i = 0; i < S->nc; i++) {
        double J[3 * SIM_N];
        if ((st = sim_jac(S, S->t, i, S->q, J)) != IMP_OK) return st;
        for (int r = 0; r < S->s->c[i].dim; r++) {
            double a = 0, vr = 0;
            for (int j = 0; j < S->n; j++) {
                a += J[r * S->n + j] * S->dyn.u[j];
                vr += J[r * S->n + j] * S->qd[j];
            }
            A = fmax(A, fabs(a));
            V = fmax(V, fabs(vr));
        }
    }
    V = fmax(V, sqrt(2 * A * S->L));
    {
        double M[SIM_N * SIM_N], Lf[SIM_N * SIM_N], T = 0;
        if ((st = sim_mass(S, S->t, S->q, M, Lf)) != IMP_OK) return st;
        for (int i = 0; i < S->n; i++)
            for (int j = 0; j < S->n; j++) T += 0.5 * S->qd[i] * M[i * S->n + j] * S->qd[j];
        S->Tmax = T;            /* the kinetic energy's scale (with the impacts') */
    }
    S->V = V > 0 ? V : S->L;
    S->gtol = S->o.gap_tol * S->L;
    /* a rebound slower than sqrt(gap_tol) V rises less than about gap_tol L
     * (V^2 ~ 2 a L): its flight is lost in the gap's rounding, so it counts
     * as staying (closed) */
    S->vtol = sqrt(S->o.gap_tol) * S->V;
    memcpy(S->closed, saved, sizeof saved);
    return IMP_OK;
}

/* Initial contacts: inside by more than the tolerance is an error; touching
 * at rest relative to the contact is closed (persistent), touching and
 * closing is an impact at t0, touching and separating is left. */
static imp_status initial_contacts(sim_t *S)
{
    imp_status st;
    for (int i = 0; i < S->nc; i++) {
        double g, v[3];
        if ((st = sim_gap(S, S->t, i, S->q, &g)) != IMP_OK) return st;
        if (g < -S->gtol) return sim_fail(S, IMP_EINPUT, "penetration", i, -1, -g);
        if ((st = sim_cvel(S, S->t, i, S->q, S->qd, v)) != IMP_OK) return st;
        S->closed[i] = g <= S->gtol && fabs(v[1]) <= S->vtol;
        S->armed[i] = g > 0;
        S->mode[i] = IMP_SIM_C_OPEN;
    }
    return sim_modes(S);
}

static imp_status report_rest(sim_t *S)
{
    imp_sim_event ev;
    memset(&ev, 0, sizeof ev);
    ev.t = S->t;
    ev.kind = IMP_SIM_REST;
    ev.ncontacts = S->zeno_k;
    memcpy(ev.contacts, S->zeno_idx, sizeof(int) * (size_t)S->zeno_k);
    ev.q = S->q;
    ev.qd_before = ev.qd_after = S->qd;
    ev.impacts_resolved = S->zeno_count;
    S->zeno_contact = -1;
    imp_status st = sim_sample(S, S->t, S->q, S->qd);
    return st == IMP_OK ? sim_report(S, &ev) : st;
}

/* lift-off, slip, stick: reported, then the modes chosen again */
static imp_status mode_event(sim_t *S, const sim_hit *hit)
{
    imp_sim_event ev;
    memset(&ev, 0, sizeof ev);
    ev.t = S->t;
    ev.kind = (imp_sim_event_kind)hit->kind;
    ev.ncontacts = 1;
    ev.contacts[0] = hit->contact;
    ev.q = S->q;
    ev.qd_before = ev.qd_after = S->qd;
    int i = hit->contact;
    imp_sim_cmode was = S->mode[i];
    double dir0 = S->dir[i][0], dir1 = S->dir[i][1];
    imp_status st = sim_sample(S, S->t, S->q, S->qd);
    if (st == IMP_OK) st = sim_report(S, &ev);
    if (st == IMP_OK) st = sim_modes(S);
    if (st != IMP_OK) return st;
    /* At the event the mode problem is degenerate (a force or a slip
     * speed at zero), and its solver may keep the old mode within its
     * tolerance: the event function would then cross again at once. The
     * event decides: lift-off opens, slip slides against the friction
     * force's direction, a stop sticks. */
    if (S->closed[i] && S->mode[i] == was && (was != IMP_SIM_C_SLIDE ||
        (S->dir[i][0] == dir0 && S->dir[i][1] == dir1))) {
        const sim_dyn *d = &S->dyn2;
        int c = 0;
        while (c < d->k && d->idx[c] != i) c++;
        if (hit->kind == IMP_SIM_LIFTOFF) {
            S->closed[i] = 0;
            S->armed[i] = 0;
            S->mode[i] = IMP_SIM_C_OPEN;
        } else if (hit->kind == IMP_SIM_SLIP && c < d->k) {
            const double *l = d->r.lambda + d->off[c];
            double lz = S->s->c[i].dim == 3 ? l[2] : 0, nt = hypot(l[0], lz);
            S->mode[i] = IMP_SIM_C_SLIDE;
            S->dir[i][0] = nt > 0 ? -l[0] / nt : 1;
            S->dir[i][1] = nt > 0 ? -lz / nt : 0;
        } else if (hit->kind == IMP_SIM_STICK) {
            S->mode[i] = IMP_SIM_C_STICK;
        }
        if ((st = sim_project(S)) != IMP_OK) return st;
    }
    return sim_sample(S, S->t, S->q, S->qd);
}

static imp_status loop(sim_t *S)
{
    imp_status st;
    imp_sim_outcome *out = S->out;
    if ((st = scales(S)) != IMP_OK || (st = initial_contacts(S)) != IMP_OK) return st;
    if ((st = sim_sample(S, S->t, S->q, S->qd)) != IMP_OK) return st;
    S->ks = 1;
    for (;;) {
        if (imp_interrupt_pending()) return sim_fail(S, IMP_EINTERRUPT, "interrupt", -1, -1, S->t);
        if (out->events >= S->o.max_events) {
            out->end = IMP_SIM_END_MAX_EVENTS;
            break;
        }
        int done = 0;
        if ((st = sim_impacts(S, &done)) != IMP_OK) return st;
        if (done) continue;
        if (S->zeno_contact >= 0 && S->t >= S->zeno_t) {
            if ((st = report_rest(S)) != IMP_OK) return st;
            continue;
        }
        if (S->zeno_contact < 0) {
            int rest = sim_at_rest(S, &st);
            if (st != IMP_OK) return st;
            if (rest) {
                out->end = IMP_SIM_END_REST;
                break;
            }
        }
        if (S->t >= S->o.t_end) {
            out->end = IMP_SIM_END_T;
            break;
        }
        double t_stop = S->zeno_contact >= 0 ? fmin(S->o.t_end, S->zeno_t) : S->o.t_end;
        sim_hit hit;
        if ((st = sim_advance(S, t_stop, &hit)) != IMP_OK) return st;
        if (hit.kind == IMP_SIM_LIFTOFF || hit.kind == IMP_SIM_SLIP || hit.kind == IMP_SIM_STICK)
            if ((st = mode_event(S, &hit)) != IMP_OK) return st;
        /* an impact is resolved at the top of the loop */
    }
    if (isnan(S->last_sample) || S->last_sample != S->t)
        return sim_sample(S, S->t, S->q, S->qd);
    return IMP_OK;
}

/* A run's state and imp_multi_solve's workspace (about 0.4 MB together),
 * kept per thread for its next run (freed when the thread ends): allocated
 * and freed at every run, the heap's top went back to the system at each
 * run's end and every page touched faulted in again at the next, the main
 * cost of a short run (the ball's ten bounces: 60 us per event against 5).
 * A run started inside another (a Lua callback) allocates its own. */
typedef struct {
    sim_t S;
    imp_multi_space mw;
} sim_block;

static pthread_key_t block_key;
static pthread_once_t block_once = PTHREAD_ONCE_INIT;
static int block_key_ok;

static void block_key_init(void)
{
    block_key_ok = pthread_key_create(&block_key, free) == 0;
}

static sim_block *block_take(void)
{
    pthread_once(&block_once, block_key_init);
    sim_block *b = block_key_ok ? pthread_getspecific(block_key) : NULL;
    if (b && pthread_setspecific(block_key, NULL) != 0) b = NULL;
    return b ? b : malloc(sizeof *b);
}

static void block_give(sim_block *b)
{
    if (block_key_ok && !pthread_getspecific(block_key) && pthread_setspecific(block_key, b) == 0)
        return;
    free(b);
}

/* S zeroed as calloc would, except the workspaces every use writes before
 * reading: M's cache (read only when have_Mc) and the dynamics' (written
 * by sim_dynamics before any read; their counts zeroed) */
_Static_assert(offsetof(sim_t, Lc) == offsetof(sim_t, Mc) + sizeof(((sim_t *)0)->Mc)
               && offsetof(sim_t, have_Mc) >= offsetof(sim_t, Lc) + sizeof(((sim_t *)0)->Lc)
               && offsetof(sim_t, dyn2) >= offsetof(sim_t, dyn) + sizeof(sim_dyn)
               && offsetof(sim_t, dyn) > offsetof(sim_t, have_Mc)
               && sizeof(sim_t) >= offsetof(sim_t, dyn2) + sizeof(sim_dyn)
               && sizeof(sim_t) - offsetof(sim_t, dyn2) - sizeof(sim_dyn) < 64,
               "sim_t's layout as sim_clear expects");
static void sim_clear(sim_t *S)
{
    memset(S, 0, offsetof(sim_t, Mc));
    memset(&S->have_Mc, 0, offsetof(sim_t, dyn) - offsetof(sim_t, have_Mc));
    S->dyn.k = S->dyn.rows = S->dyn2.k = S->dyn2.rows = 0;
}

imp_status imp_sim_run(const imp_sim_system *s, const imp_sim_opts *o, double *q, double *qd,
                       const imp_sim_observer *obs, imp_sim_outcome *out)
{
    imp_sim_outcome local;
    if (!out) out = &local;
    memset(out, 0, sizeof *out);
    out->fail_contact = -1;
    out->fail_index = -1;
    out->end = IMP_SIM_END_T;
    out->t = o ? o->t0 : NAN;
    out->fail_t = out->t;
    imp_status st = validate(s, o, q, qd, out);
    if (st != IMP_OK) return st;
    sim_block *blk = block_take();
    if (!blk) {
        out->fail_what = "memory";
        return IMP_ENOMEM;
    }
    sim_t *S = &blk->S;
    imp_multi_space *mw = &blk->mw;
    sim_clear(S);
    S->s = s;
    S->o = *o;
    if (S->o.max_events <= 0) S->o.max_events = 10000;
    if (!(S->o.rtol > 0)) S->o.rtol = 1e-12;
    if (!(S->o.gap_tol > 0)) S->o.gap_tol = 1e-12;
    if (!(S->o.zeno_tol > 0)) S->o.zeno_tol = 1e-6;
    S->obs = obs;
    S->out = out;
    S->n = s->n;
    S->nc = s->nc;
    S->t = o->t0;
    memcpy(S->q, q, sizeof(double) * s->n);
    memcpy(S->qd, qd, sizeof(double) * s->n);
    S->last_sample = NAN;
    S->zeno_contact = -1;
    S->mw = mw;
    S->mc = &mw->mc;
    st = loop(S);
    memcpy(q, S->q, sizeof(double) * s->n);
    memcpy(qd, S->qd, sizeof(double) * s->n);
    out->t = S->t;
    if (st != IMP_OK && !out->fail_what) out->fail_what = "status";
    block_give(blk);
    return st;
}
