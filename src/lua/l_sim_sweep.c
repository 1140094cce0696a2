/* Sweeps over simulations (impact.sweep{simulate = ...}, sweep/simulate.lua):
 * core._simulate_sweep(problems, opts, columns, threads) reads each scene
 * (as impact.simulate reads it), runs them all with the core's summary
 * observer (sim_summary.h) on `threads` worker threads (parallel.h, one
 * run per batch), and returns per problem its measures or impact.simulate's
 * error message. A run's numbers do not depend on the thread that ran it,
 * nor on its observer: the rows equal those read from impact.simulate's
 * runs. core._sim_measures publishes the measures' registry. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "interrupt.h"
#include "l_sim.h"
#include "module.h"
#include "parallel.h"
#include "sim_summary.h"

#define MAXCOL 256

typedef struct {
    lsim_in *in;             /* NULL: the problem was refused (its message kept) */
    imp_sim_summary sum;
    imp_sim_outcome out;
    imp_status st;
} point_t;

typedef struct {
    point_t *p;
    imp_sim_opts o;
} batch_ctx;

static void run_points(void *ctx, size_t lo, size_t hi)
{
    batch_ctx *b = ctx;
    for (size_t i = lo; i < hi; i++) {
        point_t *p = &b->p[i];
        if (!p->in) continue;
        imp_sim_observer obs;
        imp_sim_summary_init(&p->sum, p->in->s.n, &obs);
        p->st = imp_sim_run(&p->in->s, &b->o, p->in->q, p->in->qd, &obs, &p->out);
    }
}

/* pcall'd: read the scene at 1 into the lsim_in at 2 (light userdata) */
static int read_one(lua_State *L)
{
    lsim_in *in = lua_touserdata(L, 2);
    limp_check c;
    limp_check_init(&c, L, "simulate");
    if (lua_type(L, 1) != LUA_TTABLE)
        return luaL_error(L, "simulate: argument 1 must be a system made by impact.scene2d{...}, got %s",
                          luaL_typename(L, 1));
    lsim_scene_read(&c, 1, in);
    if (limp_law_is_lua(&in->law))
        return luaL_error(L, "simulate: a law written in Lua runs one point at a time (internal: not for the threads)");
    return 0;
}

/* pcall'd: impact.simulate's message for the failed point (light userdata) */
static int message_of(lua_State *L)
{
    point_t *p = lua_touserdata(L, 1);
    limp_check c;
    limp_check_init(&c, L, "simulate");
    return lsim_raise_run(&c, p->in, &p->out, p->st, NULL);
}

/* A column: a scalar measure by its name, or a per-coordinate one as the
 * name and a coordinate ("q2"). -1: unknown. */
static int parse_column(const char *name, int *coord)
{
    for (int m = 0; m < imp_sim_nmeasures; m++) {
        const imp_sim_measure *r = &imp_sim_measures[m];
        size_t len = strlen(r->name);
        if (strncmp(name, r->name, len) != 0) continue;
        if (!r->per_coordinate) {
            if (name[len] != 0) continue;
            *coord = 0;
            return m;
        }
        const char *d = name + len;
        if (*d < '1' || *d > '9') continue;
        char *end;
        long j = strtol(d, &end, 10);
        if (*end != 0 || j > IMP_SIM_NMAX) continue;
        *coord = (int)j - 1;
        return m;
    }
    return -1;
}

static const char *const status_names[] = {"t_end", "rest", "max_events"};

/* core._simulate_sweep(problems, opts, columns, threads) -> rows, done,
 * interrupted: rows[i] = {values..., status} or the failure's message */
static int l_simulate_sweep(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checktype(L, 2, LUA_TTABLE);
    luaL_checktype(L, 3, LUA_TTABLE);
    int threads = (int)luaL_checkinteger(L, 4);
    lua_settop(L, 4);
    size_t k = lua_rawlen(L, 1);
    int ncol = (int)lua_rawlen(L, 3);
    if (ncol > MAXCOL) return luaL_error(L, "simulate: at most %d measures, got %d", MAXCOL, ncol);
    int mcol[MAXCOL], ccol[MAXCOL];
    for (int c = 0; c < ncol; c++) {
        lua_rawgeti(L, 3, c + 1);
        const char *name = lua_tostring(L, -1);
        if (!name || (mcol[c] = parse_column(name, &ccol[c])) < 0)
            return luaL_error(L, "sweep: unknown measure '%s'", name ? name : "?");
        lua_pop(L, 1);
    }
    batch_ctx b;
    limp_check oc;
    limp_check_init(&oc, L, "simulate");
    lsim_opts_read(&oc, 2, &b.o);

    /* the points' state: a userdata (freed by the collector); each read
     * scene a userdata kept in the table at 5 */
    point_t *p = lua_newuserdatauv(L, (k ? k : 1) * sizeof *p, 0);
    memset(p, 0, (k ? k : 1) * sizeof *p);
    b.p = p;
    lua_createtable(L, (int)k, 0);
    int keep = lua_gettop(L);
    lua_createtable(L, (int)k, 0);
    int rows = lua_gettop(L);
    for (size_t i = 0; i < k; i++) {
        lsim_in *in = lua_newuserdatauv(L, sizeof *in, 0);
        memset(in, 0, sizeof *in);
        lua_rawseti(L, keep, (lua_Integer)i + 1);
        lua_pushcfunction(L, read_one);
        lua_rawgeti(L, 1, (lua_Integer)i + 1);
        lua_pushlightuserdata(L, in);
        if (lua_pcall(L, 2, 0, 0) != LUA_OK) {
            lua_rawseti(L, rows, (lua_Integer)i + 1);   /* the message */
            continue;
        }
        lua_settop(L, rows);
        p[i].in = in;
    }

    size_t done = 0;
    imp_status pst = imp_parallel_for_batch(k, 1, threads, run_points, &b, &done);
    int interrupted = pst == IMP_EINTERRUPT;
    if (pst != IMP_OK && !interrupted) return luaL_error(L, "sweep: cannot start the threads: %s", imp_strerror(pst));
    for (size_t i = 0; i < done; i++) {
        point_t *q = &p[i];
        if (!q->in) continue;
        if (q->st == IMP_EINTERRUPT) {
            done = i;
            interrupted = 1;
            break;
        }
        if (q->st != IMP_OK) {
            lua_pushcfunction(L, message_of);
            lua_pushlightuserdata(L, q);
            lua_pcall(L, 1, 1, 0);
            lua_rawseti(L, rows, (lua_Integer)i + 1);
            continue;
        }
        lua_createtable(L, ncol + 1, 0);
        for (int c = 0; c < ncol; c++) {
            const imp_sim_measure *m = &imp_sim_measures[mcol[c]];
            double v = m->per_coordinate && ccol[c] >= q->in->s.n ? NAN
                                                                  : m->get(&q->sum, &q->out, ccol[c]);
            lua_pushnumber(L, v);
            lua_rawseti(L, -2, c + 1);
        }
        int e = (int)q->out.end;
        lua_pushstring(L, e >= 0 && e <= 2 ? status_names[e] : "t_end");
        lua_rawseti(L, -2, ncol + 1);
        lua_rawseti(L, rows, (lua_Integer)i + 1);
    }
    lua_pushvalue(L, rows);
    lua_pushinteger(L, (lua_Integer)done);
    lua_pushboolean(L, interrupted);
    return 3;
}

void lsim_open_sweep(lua_State *L)
{
    lua_pushcfunction(L, l_simulate_sweep);
    lua_setfield(L, -2, "_simulate_sweep");
    lua_createtable(L, imp_sim_nmeasures, 0);
    for (int m = 0; m < imp_sim_nmeasures; m++) {
        const imp_sim_measure *r = &imp_sim_measures[m];
        lua_createtable(L, 0, 3);
        limp_set_string(L, "name", r->name);
        limp_set_string(L, "doc", r->doc);
        limp_set_boolean(L, "per_coordinate", r->per_coordinate);
        lua_rawseti(L, -2, m + 1);
    }
    lua_setfield(L, -2, "_sim_measures");
}
