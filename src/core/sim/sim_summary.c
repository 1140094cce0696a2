/* The summary observer of a run and the measures read from it (see
 * sim_summary.h). Every number is one the run reports (its samples and
 * events), so a summary equals what the same quantities read from the
 * whole run give. */
#include "sim_summary.h"

#include <math.h>
#include <string.h>

static int on_sample(void *ctx, double t, const double *q, const double *qd, double energy)
{
    imp_sim_summary *s = ctx;
    (void)t;
    if (s->samples++ == 0) s->energy0 = energy;
    s->energy = energy;
    memcpy(s->q, q, sizeof(double) * (size_t)s->n);
    memcpy(s->qd, qd, sizeof(double) * (size_t)s->n);
    return 0;
}

static int on_event(void *ctx, const imp_sim_event *ev)
{
    imp_sim_summary *s = ctx;
    if ((unsigned)ev->kind <= IMP_SIM_INCONSISTENT) s->counts[ev->kind]++;
    if (ev->kind == IMP_SIM_IMPACT && isnan(s->t_first_impact)) s->t_first_impact = ev->t;
    if (ev->kind == IMP_SIM_REST && isnan(s->t_accumulation)) s->t_accumulation = ev->t;
    return 0;
}

void imp_sim_summary_init(imp_sim_summary *s, int n, imp_sim_observer *obs)
{
    memset(s, 0, sizeof *s);
    s->n = n;
    s->energy0 = s->energy = NAN;
    s->t_first_impact = s->t_accumulation = NAN;
    for (int j = 0; j < IMP_SIM_NMAX; j++) s->q[j] = s->qd[j] = NAN;
    obs->ctx = s;
    obs->sample = on_sample;
    obs->event = on_event;
}

static double t_reached(const imp_sim_summary *s, const imp_sim_outcome *o, int j)
{
    (void)s, (void)j;
    return o->t;
}
static double t_rest(const imp_sim_summary *s, const imp_sim_outcome *o, int j)
{
    (void)s, (void)j;
    return o->end == IMP_SIM_END_REST ? o->t : NAN;
}
static double t_first_impact(const imp_sim_summary *s, const imp_sim_outcome *o, int j)
{
    (void)o, (void)j;
    return s->t_first_impact;
}
static double t_accumulation(const imp_sim_summary *s, const imp_sim_outcome *o, int j)
{
    (void)o, (void)j;
    return s->t_accumulation;
}
#define COUNT(fn, expr)                                                                 \
    static double fn(const imp_sim_summary *s, const imp_sim_outcome *o, int j)         \
    {                                                                                   \
        (void)s, (void)o, (void)j;                                                      \
        return (double)(expr);                                                          \
    }
COUNT(n_events, s->counts[0] + s->counts[1] + s->counts[2] + s->counts[3] + s->counts[4]
                    + s->counts[5])
COUNT(n_impacts, s->counts[IMP_SIM_IMPACT])
COUNT(n_liftoff, s->counts[IMP_SIM_LIFTOFF])
COUNT(n_stick, s->counts[IMP_SIM_STICK])
COUNT(n_slip, s->counts[IMP_SIM_SLIP])
COUNT(n_rest, s->counts[IMP_SIM_REST])
COUNT(n_inconsistent, s->counts[IMP_SIM_INCONSISTENT])
static double energy0(const imp_sim_summary *s, const imp_sim_outcome *o, int j)
{
    (void)o, (void)j;
    return s->energy0;
}
static double energy(const imp_sim_summary *s, const imp_sim_outcome *o, int j)
{
    (void)o, (void)j;
    return s->energy;
}
static double q(const imp_sim_summary *s, const imp_sim_outcome *o, int j)
{
    (void)o;
    return s->q[j];
}
static double qdot(const imp_sim_summary *s, const imp_sim_outcome *o, int j)
{
    (void)o;
    return s->qd[j];
}

const imp_sim_measure imp_sim_measures[] = {
    {"t_reached", "the time the run stopped at (t_end, or when everything came to rest)", 0, t_reached},
    {"t_rest", "the time everything came to rest (status \"rest\"), else NaN", 0, t_rest},
    {"t_first_impact", "the first impact's time, NaN: none", 0, t_first_impact},
    {"t_accumulation", "the first \"rest\" event's time (impacts accumulated, Zeno), NaN: none", 0, t_accumulation},
    {"n_events", "events in all", 0, n_events},
    {"n_impacts", "impacts", 0, n_impacts},
    {"n_liftoff", "lift-off events", 0, n_liftoff},
    {"n_stick", "stick events", 0, n_stick},
    {"n_slip", "slip events", 0, n_slip},
    {"n_rest", "\"rest\" events (accumulations closed)", 0, n_rest},
    {"n_inconsistent", "\"inconsistent\" events (Painleve)", 0, n_inconsistent},
    {"energy0", "the energy at the start (kinetic plus potential)", 0, energy0},
    {"energy", "the energy at the end", 0, energy},
    {"q", "the final coordinates: columns q1 .. qn (or one, \"q2\")", 1, q},
    {"qdot", "the final velocities: columns qdot1 .. qdotn (or one, \"qdot2\")", 1, qdot},
    {NULL, NULL, 0, NULL},
};
const int imp_sim_nmeasures = (int)(sizeof imp_sim_measures / sizeof imp_sim_measures[0]) - 1;
