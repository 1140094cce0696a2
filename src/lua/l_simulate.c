/* core._simulate(system, opts): a scene2d or a system run by imp_sim_run
 * (sim.h) from its initial state; the observer (l_sim_events.c) builds
 * the run's tables as the core reports. The Lua side (simulate.lua) is
 * impact.simulate: it raises "interrupted!" for a run stopped by Ctrl-C,
 * which comes back here as a partial run with run.interrupted = true. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "interrupt.h"
#include "l_sim.h"
#include "module.h"
#include "raise.h"

static const char *const opt_fields[] = {"t_end", "t0", "dt", "max_events", "rtol", "gap_tol",
                                         "zeno_tol", NULL};
static const char *const status_names[] = {"t_end", "rest", "max_events"};

/* registry[&frame_key]: the lists the running frame needs (see run_job) */
static const char frame_key = 0;
enum { FR_FNS = 1, FR_T, FR_Q, FR_QD, FR_ENERGY, FR_EVENTS, FR_N = FR_EVENTS };

typedef struct {
    lsim_in *in;
    imp_sim_opts o;
    imp_sim_observer observer;
    lsim_obs obs;
    imp_sim_outcome out;
    imp_status st;
} job_t;

/* Runs inside limp_law_run (one protected call with a custom law): the
 * frame's lists pushed here, where the callbacks find them. */
static int run_job(lua_State *L)
{
    job_t *j = lua_touserdata(L, 1);
    luaL_checkstack(L, FR_N + 20, "simulate");
    lua_rawgetp(L, LUA_REGISTRYINDEX, &frame_key);
    int fr = lua_gettop(L);
    for (int k = 1; k <= FR_N; k++) lua_rawgeti(L, fr, k);
    j->in->lua.L = L;
    j->in->lua.fns = fr + FR_FNS;
    j->obs.L = L;
    j->obs.t = fr + FR_T;
    j->obs.q = fr + FR_Q;
    j->obs.qd = fr + FR_QD;
    j->obs.energy = fr + FR_ENERGY;
    j->obs.events = fr + FR_EVENTS;
    j->st = imp_sim_run(&j->in->s, &j->o, j->in->q, j->in->qd, &j->observer, &j->out);
    j->in->lua.fns = 0;
    return 0;
}

void lsim_opts_read(limp_check *c, int t, imp_sim_opts *o)
{
    limp_check_known(c, t, opt_fields, NULL, NULL);
    limp_check_unknown(c);
    memset(o, 0, sizeof *o);
    o->t0 = limp_check_number(c, t, "t0", 0, 0);
    o->t_end = limp_check_number(c, t, "t_end", 1, 0);
    if (!(o->t_end > o->t0))
        limp_check_error(c, "t_end", "must be greater than t0 = %g (the run's start), got %g", o->t0, o->t_end);
    o->dt = limp_check_number(c, t, "dt", 0, (o->t_end - o->t0) / 1000);
    if (!(o->dt >= 0))
        limp_check_error(c, "dt", "must be positive (the spacing of the samples; 0: only the events' instants), got %g", o->dt);
    if (o->dt > 0 && (o->t_end - o->t0) / o->dt > 1e7)
        limp_check_error(c, "dt", "gives more than 1e7 samples over [t0, t_end], got %g", o->dt);
    o->max_events = (long)limp_check_integer(c, t, "max_events", 0, 10000, 1, 100000000);
    o->rtol = limp_check_range(c, t, "rtol", 0, 1e-12, 1e-15, 1e-3);
    o->gap_tol = limp_check_range(c, t, "gap_tol", 0, 1e-12, 1e-16, 1e-3);
    o->zeno_tol = limp_check_range(c, t, "zeno_tol", 0, 1e-6, 1e-14, 1e-1);
}

/* The error of a failed run (never returns). */
/* "fn: <message>" formatted with printf's conversions (luaL_error has no %g). */
static int fail_msg(lua_State *L, const char *fn, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return luaL_error(L, "%s: %s", fn, msg);
}

int lsim_raise_run(limp_check *c, lsim_in *in, const imp_sim_outcome *out, imp_status st,
                   const char *obs_msg)
{
    lua_State *L = c->L;
    if (st == IMP_ELAW && in->kind == LSIM_SYSTEM && in->lua.failed)
        return fail_msg(L, c->fn, "%s", in->lua.msg);
    if (st == IMP_ELAW && obs_msg && *obs_msg)
        return fail_msg(L, c->fn, "while recording the run: %s", obs_msg);
    if (limp_law_is_lua(&in->law) && in->lctx.raised)
        return fail_msg(L, c->fn, "law (%s) raised an error: %s", limp_law_label(&in->lctx),
                        in->lctx.message);
    if (limp_law_is_lua(&in->law) && (st == IMP_ELAW || st == IMP_ENOROOT || st == IMP_EROOT))
        return limp_raise(c, st, &in->law);
    const char *what = out->fail_what ? out->fail_what : "";
    char where[160] = "";
    if (out->fail_contact >= 0 && out->fail_contact < in->s.nc) {
        if (in->kind == LSIM_SCENE) {
            char name[96];
            lsim_scene_contact_name(in, out->fail_contact, name, sizeof name);
            snprintf(where, sizeof where, " (contact %d: %s)", out->fail_contact + 1, name);
        } else
            snprintf(where, sizeof where, " (contacts[%d])", out->fail_contact + 1);
    }
    if (strcmp(what, "penetration") == 0)
        return fail_msg(L, c->fn, "a contact starts inside%s: penetration %g", where,
                          fabs(out->fail_value));
    if (strcmp(what, "M") == 0)
        return fail_msg(L, c->fn, "field 'M' is not symmetric positive definite at t = %g",
                          out->fail_t);
    if (strcmp(what, "impact") == 0)
        return fail_msg(L, c->fn, "the impact at t = %.17g failed%s: %s", out->fail_t, where,
                          imp_strerror(st));
    static const char *const opts[] = {"t_end", "t0", "dt", "max_events", "rtol", "gap_tol",
                                       "zeno_tol", NULL};
    for (int k = 0; opts[k]; k++)
        if (strcmp(what, opts[k]) == 0)
            return fail_msg(L, c->fn, "field '%s' was refused by the simulator: %s", what,
                              imp_strerror(st));
    if (*what)
        return fail_msg(L, c->fn, "%s at t = %.17g%s: %s (value %g, index %d)", what,
                          out->fail_t, where, imp_strerror(st), out->fail_value, out->fail_index + 1);
    return fail_msg(L, c->fn, "at t = %.17g%s: %s", out->t, where, imp_strerror(st));
}

static const char *kind_of(lua_State *L, int idx)
{
    const char *k = NULL;
    int mt = luaL_getmetafield(L, idx, "__name");
    if (mt == LUA_TSTRING) {
        const char *name = lua_tostring(L, -1);
        if (strcmp(name, SCENE2D_MT) == 0) k = "scene2d";
        else if (strcmp(name, SYSTEM_MT) == 0) k = "system";
    }
    if (mt != LUA_TNIL) lua_pop(L, 1);
    return k;
}

static void new_list(lua_State *L, int run, const char *key, int fr, int slot)
{
    lua_createtable(L, 64, 0);
    lua_pushvalue(L, -1);
    lua_setfield(L, run, key);
    lua_rawseti(L, fr, slot);
}

static int l_simulate(lua_State *L)
{
    limp_check c;
    limp_check_init(&c, L, "simulate");
    const char *kind = lua_type(L, 1) == LUA_TTABLE ? kind_of(L, 1) : NULL;
    if (!kind && lua_type(L, 1) == LUA_TTABLE) {   /* the constructors' tables */
        if (lua_getfield(L, 1, "bodies") != LUA_TNIL) kind = "scene2d";
        else if (lua_getfield(L, 1, "q") != LUA_TNIL) kind = "system";
        lua_settop(L, 2);
    }
    if (!kind)
        return luaL_error(L, "simulate: argument 1 must be a system made by impact.scene2d{...} or impact.system{...} (or a table for one: with bodies, or with q), got %s",
                          lua_type(L, 1) == LUA_TTABLE ? "a table with neither" : luaL_typename(L, 1));
    if (lua_type(L, 2) != LUA_TTABLE)
        return luaL_error(L, "simulate: argument 2 must be the options {t_end =, dt =, max_events =, ...}, got %s",
                          luaL_typename(L, 2));
    lua_settop(L, 2);
    job_t *j = lua_newuserdatauv(L, sizeof *j, 0);   /* large: owned by the collector */
    memset(j, 0, sizeof *j);
    limp_check oc;
    limp_check_init(&oc, L, "simulate");
    lsim_opts_read(&oc, 2, &j->o);
    lsim_in *in = lua_newuserdatauv(L, sizeof *in, 0);
    memset(in, 0, sizeof *in);
    j->in = in;
    int fns_slot;
    if (kind[1] == 'c') {             /* scene2d */
        lsim_scene_read(&c, 1, in);   /* a custom law: two values */
        lua_pushboolean(L, 0);
    } else
        lsim_system_read(&c, 1, in);  /* ..., then the functions */
    fns_slot = lua_gettop(L);
    int n = in->s.n;

    /* the run and the frame table */
    lua_createtable(L, 0, 16);
    int run = lua_gettop(L);
    lua_createtable(L, FR_N, 0);
    int fr = lua_gettop(L);
    lua_pushvalue(L, fns_slot);
    lua_rawseti(L, fr, FR_FNS);
    new_list(L, run, "t", fr, FR_T);
    new_list(L, run, "q", fr, FR_Q);
    new_list(L, run, "qdot", fr, FR_QD);
    new_list(L, run, "energy", fr, FR_ENERGY);
    new_list(L, run, "events", fr, FR_EVENTS);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &frame_key);   /* an outer run's (a callback's simulate) */
    int saved = lua_gettop(L);
    lua_pushvalue(L, fr);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &frame_key);

    j->obs.in = in;
    j->observer.ctx = &j->obs;
    j->observer.sample = lsim_obs_sample;
    j->observer.event = lsim_obs_event;
    j->out.fail_contact = -1;
    /* a custom law's errors must not unwind through imp_sim_run (which
     * holds memory): each evaluation is protected, its message kept */
    if (limp_law_is_lua(&in->law))
        for (int i = 0; i < in->s.nc; i++) in->s.c[i].law.fn = limp_lua_law_eval_protected;
    imp_interrupt_clear();
    limp_law_run(L, &in->law, run_job, j);   /* a custom law's errors name it */
    lua_pushvalue(L, saved);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &frame_key);

    imp_status st = j->st;
    int law_raised = limp_law_is_lua(&in->law) && in->lctx.raised;
    int interrupted = st == IMP_EINTERRUPT || (st == IMP_ELAW && j->obs.interrupted)
                      || (st == IMP_ELAW && in->kind == LSIM_SYSTEM && in->lua.interrupted)
                      || (st != IMP_OK && law_raised && strcmp(in->lctx.message, "interrupted!") == 0);
    if (st != IMP_OK && !interrupted) lsim_raise_run(&c, in, &j->out, st, j->obs.msg);

    lua_pushvalue(L, run);
    lua_pushvalue(L, 1);
    lua_setfield(L, run, "system");
    limp_set_string(L, "kind", kind);
    lua_pushinteger(L, n);
    lua_setfield(L, run, "n");
    if (interrupted) {
        limp_set_string(L, "status", "interrupted");
        limp_set_boolean(L, "interrupted", 1);
    } else {
        int e = (int)j->out.end;
        limp_set_string(L, "status", e >= 0 && e <= 2 ? status_names[e] : "t_end");
    }
    limp_set_number(L, "t_reached", j->out.t);
    limp_set_number(L, "t0", j->o.t0);
    limp_set_number(L, "t_end", j->o.t_end);
    lua_pushinteger(L, j->obs.ne);
    lua_setfield(L, run, "n_events");
    lua_pushinteger(L, j->obs.counts[IMP_SIM_IMPACT]);
    lua_setfield(L, run, "n_impacts");
    lua_pushinteger(L, j->out.steps);
    lua_setfield(L, run, "steps");
    lua_createtable(L, 0, IMP_SIM_INCONSISTENT + 1);
    for (int k = 0; k <= IMP_SIM_INCONSISTENT; k++) {
        lua_pushinteger(L, j->obs.counts[k]);
        lua_setfield(L, -2, imp_sim_event_names[k]);
    }
    lua_setfield(L, run, "counts");
    luaL_setmetatable(L, RUN_MT);
    return 1;
}

void limp_open_simulate(lua_State *L)
{
    lsim_open_scene2d(L);
    lsim_open_system(L);
    lua_pushcfunction(L, l_simulate);
    lua_setfield(L, -2, "_simulate");
    luaL_newmetatable(L, RUN_MT);
    lua_setfield(L, -2, "_run_mt");
    limp_check_publish(L, "simulate", opt_fields);
    lsim_open_sweep(L);
}
