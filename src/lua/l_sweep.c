/* The sweep area's C side: the fast path of 2D sweeps (a plan parsed once
 * with solve2d's own parser, points solved in C by src/core/sweep2d.c, the
 * columns and CSV rows built on demand). Small helpers: l_sweep_util.c. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "l_solve2d.h"
#include "l_sweep_util.h"
#include "module.h"
#include "sweep2d.h"

#define PLAN_MT "impact.Sweep2D"

/* A fast-path sweep: the core's sweep, whose rows hold the whole run
 * (points first0 .. first0 + cap - 1), and how many of them are done. */
typedef struct {
    imp_sweep2d s;
    double *values[IMP_SWEEP2D_MAXF];   /* owned copies of the axes' values */
    size_t done;
    int ncol;                           /* result columns asked for */
    int col_out[IMP_OUT_COUNT];         /* each: its imp_sweep2d_out kind */
    int col_slot[IMP_OUT_COUNT];        /* its stored slot, -1: an input echo */
    int has_mu, has_mu_s, has_mu_k;     /* keys of the points' tables, for messages */
} plan2d;

static void plan_free(plan2d *p)
{
    imp_sweep2d_free(&p->s);
    for (int a = 0; a < IMP_SWEEP2D_MAXF; a++) {
        free(p->values[a]);
        p->values[a] = NULL;
    }
}

static int plan_gc(lua_State *L)
{
    plan_free(luaL_checkudata(L, 1, PLAN_MT));
    return 0;
}

/* Reads axes[a] = {count =, nfield =, values = {...}}; 0 if unusable. */
static int read_axis(lua_State *L, int axes, lua_Integer a, plan2d *p, int *field0)
{
    imp_sweep2d_axis *ax = &p->s.axis[a - 1];
    lua_geti(L, axes, a);
    lua_getfield(L, -1, "count");
    lua_getfield(L, -2, "nfield");
    lua_Integer count = lua_tointeger(L, -2), k = lua_tointeger(L, -1);
    lua_pop(L, 2);
    if (count < 1 || k < 1 || *field0 + k > p->s.nfield) {
        lua_pop(L, 1);
        return 0;
    }
    double *v = malloc((size_t)count * (size_t)k * sizeof *v);
    if (!v) luaL_error(L, "sweep: out of memory");
    p->values[a - 1] = v;
    *ax = (imp_sweep2d_axis){(size_t)count, (int)k, *field0, v};
    *field0 += (int)k;
    p->s.naxes = (int)a;
    lua_getfield(L, -1, "values");
    for (lua_Integer j = 0; j < count * k; j++) {
        lua_geti(L, -1, j + 1);
        int isnum;
        v[j] = lua_tonumberx(L, -1, &isnum);
        lua_pop(L, 1);
        if (!isnum) {
            lua_pop(L, 2);
            return 0;
        }
    }
    lua_pop(L, 2);
    return 1;
}

/* core._sweep2d_new(problem, fields, axes, outs, first, count) -> plan, or
 * nil when the fast path cannot run this sweep.
 * problem: the sweep's first point, parsed by solve2d's own parser (bad
 * input raises as solve2d would); fields: the varied names; axes: list of
 * {count =, nfield =, values = {count*nfield numbers}}; outs: the result
 * columns; first, count: the points of this run (1-based). */
static int l_sweep2d_new(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checktype(L, 2, LUA_TTABLE);
    luaL_checktype(L, 3, LUA_TTABLE);
    luaL_checktype(L, 4, LUA_TTABLE);
    lua_Integer first = luaL_checkinteger(L, 5), count = luaL_checkinteger(L, 6);
    luaL_argcheck(L, first >= 1 && count >= 0, 5, "bad range");
    plan2d *p = lua_newuserdatauv(L, sizeof *p, 0);
    memset(p, 0, sizeof *p);
    luaL_setmetatable(L, PLAN_MT);
    int ud = lua_gettop(L);

    imp_check c;
    imp_check_init(&c, L, "solve2d");
    imp_lua_law lctx;
    imp_problem2d_from_lua(&c, 1, &p->s.base, &lctx);
    lua_settop(L, ud);
    p->has_mu = imp_check_has(&c, 1, "mu");
    p->has_mu_s = imp_check_has(&c, 1, "mu_s");
    p->has_mu_k = imp_check_has(&c, 1, "mu_k");
    if (p->s.base.law.kind == IMP_LAW_CUSTOM) goto no;   /* Lua laws: not here */

    lua_Integer nf = luaL_len(L, 2);
    for (lua_Integer f = 1; f <= nf; f++) {
        lua_geti(L, 2, f);
        const char *name = lua_tostring(L, -1);
        int ok = name && imp_sweep2d_add_field(&p->s, name);
        lua_pop(L, 1);
        if (!ok) goto no;
    }
    lua_Integer na = luaL_len(L, 3);
    if (na < 1 || na > IMP_SWEEP2D_MAXF) goto no;
    int field0 = 0;
    for (lua_Integer a = 1; a <= na; a++)
        if (!read_axis(L, 3, a, p, &field0)) goto no;
    if (field0 != p->s.nfield) goto no;
    lua_Integer no = luaL_len(L, 4);
    for (lua_Integer k = 1; k <= no; k++) {
        lua_geti(L, 4, k);
        const char *name = lua_tostring(L, -1);
        int idx = name ? imp_sweep2d_out_index(name) : -1;
        lua_pop(L, 1);
        if (idx < 0 || p->ncol >= IMP_OUT_COUNT) goto no;
        p->col_out[p->ncol] = idx;
        p->col_slot[p->ncol] = -1;
        if (!imp_sweep2d_out_is_input(idx)) {   /* stored per point */
            p->col_slot[p->ncol] = p->s.nout;
            p->s.out[p->s.nout++] = idx;
        }
        p->ncol++;
    }

    if (imp_sweep2d_alloc(&p->s, (size_t)(first - 1), (size_t)count) != IMP_OK)
        return luaL_error(L, "sweep: out of memory for %d points", (int)count);
    lua_pushvalue(L, ud);
    return 1;
no:
    lua_pushnil(L);
    return 1;
}

/* The message solve2d gives for a point that failed. */
static void point_message(lua_State *L, plan2d *p, size_t i, int st)
{
    imp_problem2d prob;
    double vals[IMP_SWEEP2D_MAXF];
    char msg[200];
    imp_sweep2d_point(&p->s, i, &prob, vals);
    const char *field = imp_problem2d_check(&prob, msg, sizeof msg);
    if (field && prob.mu_k > prob.mu_s && prob.mu_s >= 0)   /* aimed as solve2d aims it */
        field = imp_friction_message(msg, sizeof msg, prob.mu_s, prob.mu_k, p->has_mu_s,
                                     p->has_mu_k, p->has_mu);
    if (field)
        lua_pushfstring(L, "solve2d: field '%s' %s", field, msg);
    else
        lua_pushfstring(L, "solve2d: %s", imp_strerror((imp_status)st));
}

/* The first j in from .. n-1 with st[j] != IMP_OK, or n. Eight statuses
 * at a time: this scan runs on one thread after every chunk (failures are
 * rare), and byte by byte it took about 2% of a one-thread sweep. */
_Static_assert(IMP_OK == 0, "first_failed skips zero bytes");
static size_t first_failed(const unsigned char *st, size_t j, size_t n)
{
    while (j < n && (j & 7)) {
        if (st[j]) return j;
        j++;
    }
    for (; j + 8 <= n; j += 8) {
        uint64_t w;
        memcpy(&w, st + j, sizeof w);
        if (w) break;
    }
    while (j < n && !st[j]) j++;
    return j;
}

/* core._sweep2d_run(plan, first, count, threads) -> done, failures, interrupted
 * Solves points first .. first+count-1 (1-based, in order after the points
 * already done); failures: list of {index =, message =}. */
static int l_sweep2d_run(lua_State *L)
{
    plan2d *p = luaL_checkudata(L, 1, PLAN_MT);
    lua_Integer first = luaL_checkinteger(L, 2);
    lua_Integer count = luaL_checkinteger(L, 3);
    lua_Integer threads = luaL_checkinteger(L, 4);
    luaL_argcheck(L, (size_t)(first - 1) == p->s.first0 + p->done && count >= 0 &&
                     p->done + (size_t)count <= p->s.cap, 2, "points out of order");
    if (threads < 1) threads = 1;
    size_t done = 0;
    imp_status st = imp_sweep2d_run(&p->s, (size_t)(first - 1), (size_t)count,
                                    (int)threads, &done);
    if (st == IMP_ENOMEM) return luaL_error(L, "sweep: out of memory");
    size_t j0 = p->done;
    p->done += done;
    lua_pushinteger(L, (lua_Integer)done);
    lua_newtable(L);
    int nfail = 0;
    const unsigned char *stat = p->s.st + j0;
    for (size_t j = 0; j < done; j++) {
        j = first_failed(stat, j, done);
        if (j == done) break;
        lua_createtable(L, 0, 2);
        lua_pushinteger(L, first + (lua_Integer)j);
        lua_setfield(L, -2, "index");
        point_message(L, p, (size_t)(first - 1) + j, stat[j]);
        lua_setfield(L, -2, "message");
        lua_rawseti(L, -2, ++nfail);
    }
    lua_pushboolean(L, st == IMP_EINTERRUPT);
    return 3;
}

/* core._sweep2d_column(plan, kind, k [, from, to]) -> list
 * Rows from .. to (default all done) of a column: kind "field" (the k-th
 * varied field), "out" (the k-th result column), "mode" or "class". */
static int l_sweep2d_column(lua_State *L)
{
    static const char *const kinds[] = {"field", "out", "mode", "class", NULL};
    plan2d *p = luaL_checkudata(L, 1, PLAN_MT);
    int kind = luaL_checkoption(L, 2, NULL, kinds);
    lua_Integer k = luaL_optinteger(L, 3, 1) - 1;
    lua_Integer from = luaL_optinteger(L, 4, 1), to = luaL_optinteger(L, 5, (lua_Integer)p->done);
    luaL_argcheck(L, from >= 1 && to <= (lua_Integer)p->done, 4, "rows out of range");
    luaL_argcheck(L, kind >= 2 || (k >= 0 && k < (kind == 0 ? p->s.nfield : p->ncol)), 3,
                  "no such column");
    lua_createtable(L, to >= from ? (int)(to - from + 1) : 0, 0);
    if (kind == 0) {   /* varied values, recomputed from the point index */
        for (lua_Integer i = from; i <= to; i++) {
            lua_pushnumber(L, imp_sweep2d_value(&p->s, p->s.first0 + (size_t)(i - 1), (int)k));
            lua_rawseti(L, -2, i - from + 1);
        }
        return 1;
    }
    if (kind == 1) {
        int slot = p->col_slot[k];
        if (slot < 0) {   /* an input echo: recomputed (NaN for a failed point, as stored ones) */
            for (lua_Integer i = from; i <= to; i++) {
                size_t j = (size_t)(i - 1);
                lua_pushnumber(L, p->s.st[j] != IMP_OK ? NAN
                                  : imp_sweep2d_input(&p->s, p->s.first0 + j, p->col_out[k]));
                lua_rawseti(L, -2, i - from + 1);
            }
            return 1;
        }
        size_t stride = (size_t)p->s.nout;
        const double *src = p->s.res + slot;
        for (lua_Integer i = from; i <= to; i++) {
            lua_pushnumber(L, src[(size_t)(i - 1) * stride]);
            lua_rawseti(L, -2, i - from + 1);
        }
        return 1;
    }
    /* Strings: one stack slot per name, pushed once. */
    int base = lua_gettop(L);
    int n = kind == 2 ? IMP_MODE_R_REVERSED + 1 : IMP_CLASS_TANGENTIAL + 1;
    for (int m = 0; m < n; m++)
        lua_pushstring(L, kind == 2 ? imp_mode_name((imp_mode)m) : imp_class_name((imp_class)m));
    lua_pushstring(L, kind == 2 ? "error" : "");
    for (lua_Integer i = from; i <= to; i++) {
        size_t j = (size_t)(i - 1);
        int slot = p->s.st[j] != IMP_OK ? n : (kind == 2 ? p->s.mode[j] : p->s.cls[j]);
        lua_pushvalue(L, base + 1 + slot);
        lua_rawseti(L, base, i - from + 1);
    }
    lua_settop(L, base);
    return 1;
}

/* core._sweep2d_csv(plan, from, to, mode, class) -> text
 * Rows from .. to of the plan as CSV lines, byte for byte what the Lua
 * writer gives for the same columns (varied fields, result columns, then
 * mode and class when asked): formatting numbers in C makes writing a
 * sweep's CSV about as fast as solving it. */
static int l_sweep2d_csv(lua_State *L)
{
    plan2d *p = luaL_checkudata(L, 1, PLAN_MT);
    lua_Integer from = luaL_checkinteger(L, 2), to = luaL_checkinteger(L, 3);
    int with_mode = lua_toboolean(L, 4), with_class = lua_toboolean(L, 5);
    luaL_argcheck(L, from >= 1 && to <= (lua_Integer)p->done, 2, "rows out of range");
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (lua_Integer i = from; i <= to; i++) {
        size_t j = (size_t)(i - 1), pt = p->s.first0 + j;
        int ok = p->s.st[j] == IMP_OK;
        for (int f = 0; f < p->s.nfield; f++) {
            if (f) luaL_addchar(&b, ',');
            imp_csv_number(&b, imp_sweep2d_value(&p->s, pt, f));
        }
        for (int k = 0; k < p->ncol; k++) {
            if (p->s.nfield || k) luaL_addchar(&b, ',');
            int slot = p->col_slot[k];
            double v = !ok ? NAN
                       : slot >= 0 ? p->s.res[j * (size_t)p->s.nout + (size_t)slot]
                                   : imp_sweep2d_input(&p->s, pt, p->col_out[k]);
            imp_csv_number(&b, v);
        }
        if (with_mode) {
            luaL_addchar(&b, ',');
            luaL_addstring(&b, ok ? imp_mode_name((imp_mode)p->s.mode[j]) : "error");
        }
        if (with_class) {
            luaL_addchar(&b, ',');
            if (ok) luaL_addstring(&b, imp_class_name((imp_class)p->s.cls[j]));
        }
        luaL_addchar(&b, '\n');
    }
    luaL_pushresult(&b);
    return 1;
}

/* core._sweep2d_rewind(plan, first): forget the rows done; the next run
 * starts at point `first` (1-based) in the first row. A sweep that does not
 * keep its columns reuses one chunk of rows this way. */
static int l_sweep2d_rewind(lua_State *L)
{
    plan2d *p = luaL_checkudata(L, 1, PLAN_MT);
    lua_Integer first = luaL_checkinteger(L, 2);
    luaL_argcheck(L, first >= 1, 2, "must be positive");
    p->s.first0 = (size_t)(first - 1);
    p->done = 0;
    return 0;
}

void imp_open_sweep(lua_State *L)
{
    static const luaL_Reg funcs[] = {
        {"_sweep2d_new", l_sweep2d_new},
        {"_sweep2d_run", l_sweep2d_run},
        {"_sweep2d_column", l_sweep2d_column},
        {"_sweep2d_rewind", l_sweep2d_rewind},
        {"_sweep2d_csv", l_sweep2d_csv},
        {NULL, NULL}
    };
    if (luaL_newmetatable(L, PLAN_MT)) {
        lua_pushcfunction(L, plan_gc);
        lua_setfield(L, -2, "__gc");
    }
    lua_pop(L, 1);
    luaL_setfuncs(L, funcs, 0);
    imp_open_sweep_util(L);
}
