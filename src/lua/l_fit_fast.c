/* impact.fit's C path: when the solver is the built-in solve2d, every
 * observed column is a result field the sweep's C path fills (S, C, Px,
 * Py, ...) and problem(row, p) only copies parameters into fields of the
 * table it returns (e = p.e, mu = p.mu), the rows' problems are read once
 * and every evaluation runs in C on threads (core fit_model2d.c).
 *
 * problem is called once per row with markers for the parameters: tables
 * whose every metamethod raises, so that a problem computing with a
 * parameter (2 * p.mu, p.e < 0.5) fails the trace and keeps the Lua path;
 * a field holding a marker is a parameter's field. Anything else the C
 * model does not read (a model, a friction law, a compliance, a mechanism,
 * a law written in Lua, a parameter inside a body table) keeps the Lua path
 * too. l_fit.c checks the C residuals against the Lua ones, bit for bit,
 * at the start and at the estimate. */
#include <string.h>

#include "l_fit.h"
#include "l_problem2d.h"
#include "sweep2d.h"

/* the fields the C model reads; a marker may stand in the numeric ones */
static const char *const ALLOWED[] = { "B1", "B2", "B3", "S0", "C0", "mu", "mu_s", "mu_k", "e",
                                       "law", "body1", "body2", NULL };
#define NALLOWED 12

static int marker_op(lua_State *L)
{
    return luaL_error(L, "fit: a parameter used in a computation (the C path traces problem)");
}

/* the proxy p (name -> marker) on top, and rev (marker -> k) below it */
static void push_markers(lua_State *L, const limp_fit_ctx *x, int names)
{
    static const char *const ops[] = { "__index", "__newindex", "__add", "__sub", "__mul", "__div",
                                       "__mod", "__pow", "__unm", "__idiv", "__band", "__bor",
                                       "__bxor", "__shl", "__shr", "__bnot", "__concat", "__len",
                                       "__lt", "__le", "__call", "__tostring", NULL };
    lua_newtable(L);   /* rev */
    lua_newtable(L);   /* proxy */
    lua_newtable(L);   /* the markers' metatable */
    for (int i = 0; ops[i]; i++) { lua_pushcfunction(L, marker_op); lua_setfield(L, -2, ops[i]); }
    for (int k = 0; k < x->p; k++) {
        lua_newtable(L);
        lua_pushvalue(L, -2);
        lua_setmetatable(L, -2);
        lua_pushvalue(L, -1);
        lua_pushinteger(L, k);
        lua_rawset(L, -6);                 /* rev[marker] = k */
        lua_rawgeti(L, names, k + 1);
        lua_insert(L, -2);
        lua_rawset(L, -4);                 /* proxy[name] = marker */
    }
    lua_pop(L, 1);
}

static int allowed_index(const char *key)
{
    for (int i = 0; ALLOWED[i]; i++)
        if (strcmp(ALLOWED[i], key) == 0) return i;
    return -1;
}

/* trace(env, x, m, start, rows userdata): true when every row's problem
 * was read (into the userdata) with one parameter map (into m) */
static int trace(lua_State *L)
{
    limp_fit_ctx *x = lua_touserdata(L, 2);
    imp_fit_model2d *m = lua_touserdata(L, 3);
    const double *start = lua_touserdata(L, 4);
    imp_problem2d *rows = lua_touserdata(L, 5);
    lua_settop(L, 5);
    for (int k = 1; k <= 5; k++) lua_rawgeti(L, 1, k);   /* 6 rows, 7 problem, 8 solve, 9 observe, 10 names */
    push_markers(L, x, 10);                               /* 11 rev, 12 proxy */
    int sig0[NALLOWED];
    for (int i = 1; i <= x->nrows; i++) {
        lua_pushvalue(L, 7);
        lua_rawgeti(L, 6, i);
        lua_pushvalue(L, 12);
        if (lua_pcall(L, 2, 1, 0) != LUA_OK || !lua_istable(L, -1)) return 0;
        int t = lua_gettop(L);
        lua_newtable(L);   /* the table with start values for the markers */
        int cp = t + 1;
        int sig[NALLOWED];
        for (int a = 0; a < NALLOWED; a++) sig[a] = -1;
        lua_pushnil(L);
        while (lua_next(L, t)) {
            if (lua_type(L, -2) != LUA_TSTRING) return 0;
            int a = allowed_index(lua_tostring(L, -2));
            if (a < 0) return 0;
            lua_pushvalue(L, -1);
            if (lua_rawget(L, 11) != LUA_TNIL) {   /* a marker */
                int k = (int)lua_tointeger(L, -1);
                size_t off[2];
                if (imp_problem2d_field(ALLOWED[a], off) <= 0) return 0;
                sig[a] = k;
                lua_pop(L, 2);
                lua_pushvalue(L, -1);
                lua_pushnumber(L, start[k]);
                lua_rawset(L, cp);
                continue;
            }
            lua_pop(L, 1);
            if (strcmp(ALLOWED[a], "law") == 0 && lua_type(L, -1) != LUA_TSTRING) return 0;
            if (lua_istable(L, -1)) {   /* a body: plain values only */
                lua_pushnil(L);
                while (lua_next(L, -2)) {
                    if (lua_istable(L, -1) || lua_isfunction(L, -1)) return 0;
                    lua_pop(L, 1);
                }
            }
            lua_pushvalue(L, -2);
            lua_insert(L, -2);
            lua_rawset(L, cp);
        }
        if (i == 1) memcpy(sig0, sig, sizeof sig);
        else if (memcmp(sig0, sig, sizeof sig) != 0) return 0;   /* rows differ in their map */
        limp_check c;
        limp_check_init(&c, L, "fit");
        limp_lua_law lctx;
        imp_problem2d *p = &rows[i - 1];
        if (limp_problem2d_from_lua(&c, cp, p, &lctx) != NULL || limp_law_is_lua(&p->law)) return 0;
        char msg[256];
        if (imp_problem2d_check(p, msg, sizeof msg) != NULL) return 0;
        lua_settop(L, 12);
    }
    m->nset = 0;
    for (int a = 0; a < NALLOWED; a++) {
        if (sig0[a] < 0) continue;
        size_t off[2];
        int no = imp_problem2d_field(ALLOWED[a], off);
        for (int o = 0; o < no; o++) {
            if (m->nset >= IMP_FIT2D_MAXSET) return 0;
            m->set_off[m->nset] = off[o];
            m->set_k[m->nset++] = sig0[a];
        }
    }
    lua_pushboolean(L, 1);
    return 1;
}

imp_fit_model2d *limp_fit_fast_prepare(limp_fit_ctx *x, const double *start, int threads)
{
    lua_State *L = x->L;
    if (!x->solve2d || x->nobs > IMP_FIT2D_MAXOBS) return NULL;
    imp_fit_model2d *m = lua_newuserdatauv(L, sizeof *m, 0);
    memset(m, 0, sizeof *m);
    lua_rawseti(L, x->env, 8);
    lua_rawgeti(L, x->env, 4);
    for (int j = 0; j < x->nobs; j++) {
        int ok = lua_rawgeti(L, -1, j + 1) == LUA_TSTRING;
        m->out[j] = ok ? imp_sweep2d_out_index(lua_tostring(L, -1)) : -1;
        lua_pop(L, 1);
        if (m->out[j] < 0) { lua_pop(L, 1); return NULL; }
    }
    lua_pop(L, 1);
    imp_problem2d *rows = lua_newuserdatauv(L, sizeof *rows * (size_t)x->nrows, 0);
    lua_rawseti(L, x->env, 9);
    lua_pushcfunction(L, trace);
    lua_pushvalue(L, x->env);
    lua_pushlightuserdata(L, x);
    lua_pushlightuserdata(L, m);
    lua_pushlightuserdata(L, (void *)start);
    lua_pushlightuserdata(L, rows);
    int ok = lua_pcall(L, 5, 1, 0) == LUA_OK && lua_toboolean(L, -1);
    lua_pop(L, 1);
    if (!ok) return NULL;
    m->nrows = x->nrows;
    m->nobs = x->nobs;
    m->p = x->p;
    m->rows = rows;
    m->y = x->y;
    m->sw = x->sw;
    m->threads = threads;
    return m;
}
