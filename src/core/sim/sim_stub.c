/* TEMPORARY (branch sim-lua only, removed when sim-core is merged): a
 * stand-in for imp_sim_run so that the binding links and its plumbing can
 * be tested before the simulator exists. It is NOT a simulator: it steps
 * q' = M^-1 f by explicit Euler (diagonal of M only), calls every
 * callback, samples every dt and reports one fake "impact" (no solver,
 * q' reversed) at the midpoint of [t0, t_end]. */
#include <math.h>
#include <string.h>

#include "interrupt.h"
#include "sim.h"

const char *const imp_sim_event_names[] = {"impact", "liftoff", "stick", "slip", "rest",
                                           "inconsistent", NULL};

imp_status imp_sim_run(const imp_sim_system *s, const imp_sim_opts *o, double *q, double *qd,
                       const imp_sim_observer *obs, imp_sim_outcome *out)
{
    memset(out, 0, sizeof *out);
    out->fail_contact = -1;
    if (!(o->t_end > o->t0)) { out->fail_what = "t_end"; return IMP_EINPUT; }
    int n = s->n;
    double M[IMP_SIM_NMAX * IMP_SIM_NMAX], f[IMP_SIM_NMAX], J[3 * IMP_SIM_NMAX], g, V = 0;
    double dt = o->dt > 0 ? o->dt : (o->t_end - o->t0) / 100, t = o->t0;
    int hit = 0;
    while (t <= o->t_end + 1e-12 * dt) {
        if (imp_interrupt_pending()) { out->t = t; return IMP_EINTERRUPT; }
        if (s->mass(s->ctx, q, M) || s->force(s->ctx, t, q, qd, f)) return IMP_ELAW;
        for (int i = 0; i < s->nc; i++)
            if (s->gap(s->ctx, i, q, &g) || s->jac(s->ctx, i, q, J)) return IMP_ELAW;
        if (s->potential && s->potential(s->ctx, q, &V)) return IMP_ELAW;
        double T = 0;
        for (int i = 0; i < n; i++) T += 0.5 * M[i * n + i] * qd[i] * qd[i];
        if (obs->sample && obs->sample(obs->ctx, t, q, qd, T + V)) return IMP_ELAW;
        if (!hit && t >= 0.5 * (o->t0 + o->t_end)) {
            double before[IMP_SIM_NMAX], after[IMP_SIM_NMAX];
            for (int i = 0; i < n; i++) { before[i] = qd[i]; after[i] = -qd[i]; }
            imp_sim_event ev;
            memset(&ev, 0, sizeof ev);
            ev.t = t;
            ev.kind = IMP_SIM_IMPACT;
            ev.ncontacts = s->nc > 0;
            ev.q = q;
            ev.qd_before = before;
            ev.qd_after = after;
            if (obs->sample && obs->sample(obs->ctx, t, q, before, T + V)) return IMP_ELAW;
            if (obs->event && obs->event(obs->ctx, &ev)) return IMP_ELAW;
            for (int i = 0; i < n; i++) qd[i] = after[i];
            if (obs->sample && obs->sample(obs->ctx, t, q, qd, T + V)) return IMP_ELAW;
            out->events++;
            out->impacts++;
            hit = 1;
        }
        for (int i = 0; i < n; i++) {
            q[i] += dt * qd[i];
            qd[i] += dt * f[i] / M[i * n + i];
        }
        t += dt;
    }
    out->t = o->t_end;
    out->end = IMP_SIM_END_T;
    return IMP_OK;
}
