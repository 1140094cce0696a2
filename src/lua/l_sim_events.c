/* The run's observer (l_sim.h): every sample appended to run.t, run.q,
 * run.qdot, run.energy, every event to run.events, with an impact's
 * result as the single-contact and multi-contact solvers give theirs
 * (impact.Result2D from Routh's path, impact.MultiResult from a model). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "interrupt.h"
#include "l_multi.h"
#include "l_problem2d.h"
#include "l_sim.h"

static void push_list(lua_State *L, const double *v, int n)
{
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_pushnumber(L, v[i]);
        lua_rawseti(L, -2, i + 1);
    }
}

static int sample_body(lsim_obs *o, double t, const double *q, const double *qd, double energy)
{
    lua_State *L = o->L;
    int n = o->in->s.n;
    /* Ctrl-C, looked at here too: a long free flight is sampled in one
     * stretch of the core */
    if ((o->ns & 1023) == 0 && imp_interrupt_pending()) {
        o->interrupted = 1;
        return 1;
    }
    lua_Integer k = ++o->ns;
    lua_pushnumber(L, t);
    lua_rawseti(L, o->t, k);
    push_list(L, q, n);
    lua_rawseti(L, o->q, k);
    push_list(L, qd, n);
    lua_rawseti(L, o->qd, k);
    lua_pushnumber(L, energy);
    lua_rawseti(L, o->energy, k);
    return 0;
}

/* Contact i's velocity J_i qd (d entries); 1 when J failed. */
static int contact_velocity(lsim_obs *o, int i, const double *q, const double *qd, double *v)
{
    const imp_sim_system *s = &o->in->s;
    int n = s->n, d = s->c[i].dim;
    double J[3 * IMP_SIM_NMAX];
    if (s->jac(s->ctx, i, q, J)) return 1;
    for (int r = 0; r < d; r++) {
        double a = 0;
        for (int j = 0; j < n; j++) a += J[r * n + j] * qd[j];
        v[r] = a;
    }
    return 0;
}

/* solve_multi's result table (l_multi_out.c), each contact also naming its
 * index in the system */
static int push_multi(lsim_obs *o, const imp_sim_event *ev)
{
    const imp_multi_result *r = ev->rm;
    const imp_sim_system *s = &o->in->s;
    double v0[3 * IMP_MULTI_MAX];
    int off = 0;
    for (int k = 0; k < ev->ncontacts; k++) {
        int i = ev->contacts[k];
        if (contact_velocity(o, i, ev->q, ev->qd_before, v0 + off)) return 1;
        off += s->c[i].dim;
    }
    limp_multi_push_result(o->L, &imp_multi_models[s->model], r, v0, ev->ncontacts,
                           s->c[ev->contacts[0]].dim, ev->contacts, ev->qd_after, s->n, ev->T0,
                           ev->dT, ev->T0 > 0 ? (ev->T0 + ev->dT) / ev->T0 : 1);
    return 0;
}

static void push_exact3d(lua_State *L, const imp_result3d *r)
{
    lua_createtable(L, 0, 12);
    limp_push_vec3(L, r->P);
    lua_setfield(L, -2, "P");
    limp_push_vec3(L, r->vC);
    lua_setfield(L, -2, "vC");
    limp_set_string(L, "mode", imp_mode_name(r->mode));
    limp_set_number(L, "dT", r->dT);
    limp_set_number(L, "T0", r->T0);
    limp_set_number(L, "Pc", r->Pc);
    limp_set_number(L, "Wc", r->Wc);
    limp_set_number(L, "Wr", r->Wr);
    limp_set_number(L, "Wf", r->Wf);
    limp_set_boolean(L, "energy_gain", r->energy_gain);
}

/* The impact's result on top; 1 when a callback failed. */
static int push_result(lsim_obs *o, const imp_sim_event *ev)
{
    lua_State *L = o->L;
    const imp_sim_system *s = &o->in->s;
    switch (ev->solver) {
    case IMP_SIM_SOLVER_PATH2D: {
        const imp_sim_contact *cc = &s->c[ev->contacts[0]];
        imp_problem2d p;
        memset(&p, 0, sizeof p);
        p.coef = ev->r2->coef;
        p.mu_s = cc->mu_s;
        p.mu_k = cc->mu_k;
        p.law = cc->law;
        limp_result2d_push(L, &p, ev->r2, NULL);
        lua_pushinteger(L, ev->contacts[0] + 1);
        lua_setfield(L, -2, "contact");
        return 0;
    }
    case IMP_SIM_SOLVER_EXACT3D:
        push_exact3d(L, ev->r3);
        lua_pushinteger(L, ev->contacts[0] + 1);
        lua_setfield(L, -2, "contact");
        return 0;
    case IMP_SIM_SOLVER_MULTI:
        return push_multi(o, ev);
    default:
        lua_pushnil(L);
        return 0;
    }
}

static const char *const solver_names[] = {"none", "path2d", "exact3d", "multi"};

static int event_body(lsim_obs *o, const imp_sim_event *ev)
{
    lua_State *L = o->L;
    int n = o->in->s.n;
    luaL_checkstack(L, 12, "simulate");
    lua_createtable(L, 0, 12);
    limp_set_number(L, "t", ev->t);
    limp_set_string(L, "kind", imp_sim_event_names[ev->kind]);
    lua_createtable(L, ev->ncontacts, 0);
    for (int k = 0; k < ev->ncontacts; k++) {
        lua_pushinteger(L, ev->contacts[k] + 1);
        lua_rawseti(L, -2, k + 1);
    }
    lua_setfield(L, -2, "contacts");
    if (ev->q) {
        push_list(L, ev->q, n);
        lua_setfield(L, -2, "q");
    }
    if (ev->qd_before) {
        push_list(L, ev->qd_before, n);
        lua_setfield(L, -2, "qdot_before");
    }
    if (ev->qd_after) {
        push_list(L, ev->qd_after, n);
        lua_setfield(L, -2, "qdot_after");
    }
    if (ev->solver != IMP_SIM_SOLVER_NONE) {
        limp_set_string(L, "solver", solver_names[ev->solver]);
        limp_set_number(L, "T0", ev->T0);
        limp_set_number(L, "dT", ev->dT);
        if (push_result(o, ev)) {
            lua_pop(L, 1);
            return 1;
        }
        lua_setfield(L, -2, "result");
    }
    if (ev->kind == IMP_SIM_REST) {
        lua_pushinteger(L, ev->impacts_resolved);
        lua_setfield(L, -2, "impacts_resolved");
    }
    lua_rawseti(L, o->events, ++o->ne);
    if ((int)ev->kind >= 0 && ev->kind <= IMP_SIM_INCONSISTENT) o->counts[ev->kind]++;
    return 0;
}

/* The observer's work runs under its own protected call: an error there
 * (Ctrl-C's "interrupted!" raised by the host's hook at a collector's
 * finalizer, a memory error) must not unwind through imp_sim_run, which
 * holds memory. The lists are passed as arguments 2..6, a system's
 * functions as 7 (stack indices of the calling frame mean nothing in the
 * new one). */
typedef struct {
    lsim_obs *o;
    double t, energy;
    const double *q, *qd;
    const imp_sim_event *ev;
    int ret;
} obs_job;

static int obs_job_run(lua_State *L)
{
    obs_job *j = lua_touserdata(L, 1);
    lsim_obs *o = j->o;
    int saved[5] = {o->t, o->q, o->qd, o->energy, o->events}, fns = o->in->lua.fns;
    o->t = 2; o->q = 3; o->qd = 4; o->energy = 5; o->events = 6;
    if (o->in->kind == LSIM_SYSTEM) o->in->lua.fns = 7;   /* J, for a multiple impact's v0 */
    j->ret = j->ev ? event_body(o, j->ev) : sample_body(o, j->t, j->q, j->qd, j->energy);
    o->t = saved[0]; o->q = saved[1]; o->qd = saved[2]; o->energy = saved[3]; o->events = saved[4];
    o->in->lua.fns = fns;
    return 0;
}

static int protected(lsim_obs *o, obs_job *j)
{
    lua_State *L = o->L;
    int idx[5] = {o->t, o->q, o->qd, o->energy, o->events};
    lua_pushcfunction(L, obs_job_run);
    lua_pushlightuserdata(L, j);
    for (int k = 0; k < 5; k++) lua_pushvalue(L, idx[k]);
    if (o->in->kind == LSIM_SYSTEM) lua_pushvalue(L, o->in->lua.fns);
    else lua_pushnil(L);
    if (lua_pcall(L, 7, 0, 0) != LUA_OK) {
        const char *m = lua_tostring(L, -1);
        if (m && strcmp(m, "interrupted!") == 0) o->interrupted = 1;
        else snprintf(o->msg, sizeof o->msg, "%s", m ? m : "an error");
        lua_pop(L, 1);
        return 1;
    }
    return j->ret;
}

int lsim_obs_sample(void *ctx, double t, const double *q, const double *qd, double energy)
{
    lsim_obs *o = ctx;
    obs_job j = {o, t, energy, q, qd, NULL, 0};
    return protected(o, &j);
}

int lsim_obs_event(void *ctx, const imp_sim_event *ev)
{
    lsim_obs *o = ctx;
    obs_job j = {o, 0, 0, NULL, NULL, ev, 0};
    return protected(o, &j);
}
