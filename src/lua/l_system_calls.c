/* The core's callbacks for a system of Lua functions (l_sim.h): each
 * Lua call protected, what it returns checked (size, numbers, finite), a
 * failure kept as a message naming the function and the index
 * ("contacts[2].J returned 3 rows, expected 2", "force returned NaN at
 * index 2 (t = 0.5)") and reported to the core as non-zero. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "csvnum.h"
#include "l_sim.h"

/* ---- the callbacks ------------------------------------------------------ */

static int fail(lsim_lua *s, const char *fmt, ...)
{
    if (!s->failed) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(s->msg, sizeof s->msg, fmt, ap);
        va_end(ap);
        s->failed = 1;
    }
    return 1;
}

static void push_list(lua_State *L, const double *v, int n)
{
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_pushnumber(L, v[i]);
        lua_rawseti(L, -2, i + 1);
    }
}

/* The function (pushed) and its nargs arguments, called protected; its
 * result is left on top, or the failure recorded (nothing left). */
static int call(lsim_lua *s, int nargs, const char *label)
{
    lua_State *L = s->L;
    if (lua_pcall(L, nargs, 1, 0) != LUA_OK) {
        const char *m = lua_tostring(L, -1);
        if (m && strcmp(m, "interrupted!") == 0) s->interrupted = 1;
        fail(s, "%s raised an error: %s", label, m ? m : luaL_typename(L, -1));
        lua_pop(L, 1);
        return 1;
    }
    return 0;
}

static const char *what_value(lua_State *L, int idx, double *v)
{
    if (lua_type(L, idx) != LUA_TNUMBER) return luaL_typename(L, idx);
    *v = lua_tonumber(L, idx);
    return isnan(*v) ? "NaN" : *v > 0 ? "inf" : "-inf";
}

/* The list of n finite numbers on top (popped). when: " (t = ...)" or "". */
static int take_list(lsim_lua *s, const char *label, int n, double *out, const char *when)
{
    lua_State *L = s->L;
    int ok = 0;
    if (lua_type(L, -1) != LUA_TTABLE)
        fail(s, "%s returned %s, expected a list of %d numbers%s", label, luaL_typename(L, -1), n, when);
    else if ((int)lua_rawlen(L, -1) != n)
        fail(s, "%s returned %d values, expected %d%s", label, (int)lua_rawlen(L, -1), n, when);
    else {
        ok = 1;
        for (int j = 0; j < n && ok; j++) {
            lua_rawgeti(L, -1, j + 1);
            double v = lua_tonumber(L, -1);
            if (lua_type(L, -1) != LUA_TNUMBER || !isfinite(v)) {
                fail(s, "%s returned %s at index %d%s", label, what_value(L, -1, &v), j + 1, when);
                ok = 0;
            }
            out[j] = v;
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    return !ok;
}

/* The rows x n matrix on top (popped); rows < 0: 2 or 3, returned. */
static int take_rows(lsim_lua *s, const char *label, int *rows, int n, double *out)
{
    lua_State *L = s->L;
    if (lua_type(L, -1) != LUA_TTABLE) {
        fail(s, "%s returned %s, expected a list of rows", label, luaL_typename(L, -1));
        lua_pop(L, 1);
        return 1;
    }
    int m = (int)lua_rawlen(L, -1);
    if (*rows < 0 && (m == 2 || m == 3)) *rows = m;
    if (m != *rows) {
        if (*rows < 0) fail(s, "%s returned %d rows, expected 2 (tangent, normal) or 3 (x, normal, z)", label, m);
        else fail(s, "%s returned %d rows, expected %d", label, m, *rows);
        lua_pop(L, 1);
        return 1;
    }
    for (int i = 0; i < m; i++) {
        if (lua_rawgeti(L, -1, i + 1) != LUA_TTABLE || (int)lua_rawlen(L, -1) != n) {
            if (lua_type(L, -1) != LUA_TTABLE)
                fail(s, "%s returned %s as row %d, expected a list of %d numbers", label,
                     luaL_typename(L, -1), i + 1, n);
            else
                fail(s, "%s returned row %d with %d entries, expected %d (one per coordinate)",
                     label, i + 1, (int)lua_rawlen(L, -1), n);
            lua_pop(L, 2);
            return 1;
        }
        for (int j = 0; j < n; j++) {
            lua_rawgeti(L, -1, j + 1);
            double v = lua_tonumber(L, -1);
            if (lua_type(L, -1) != LUA_TNUMBER || !isfinite(v)) {
                fail(s, "%s returned %s at [%d][%d]", label, what_value(L, -1, &v), i + 1, j + 1);
                lua_pop(L, 3);
                return 1;
            }
            out[(size_t)i * n + j] = v;
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return 0;
}

int lsim_cb_mass(void *ctx, const double *q, double *M)
{
    lsim_lua *s = ctx;
    if (!s->mfn) {
        memcpy(M, s->M, sizeof(double) * s->n * s->n);
        return 0;
    }
    lua_State *L = s->L;
    lua_rawgeti(L, s->fns, LSIM_SLOT_M);
    push_list(L, q, s->n);
    if (call(s, 1, "M")) return 1;
    int rows = s->n;
    return take_rows(s, "M", &rows, s->n, M);
}

int lsim_cb_force(void *ctx, double t, const double *q, const double *qd, double *f)
{
    lsim_lua *s = ctx;
    if (!s->has_force) {
        memset(f, 0, sizeof(double) * s->n);
        return 0;
    }
    lua_State *L = s->L;
    lua_rawgeti(L, s->fns, LSIM_SLOT_FORCE);
    lua_pushnumber(L, t);
    push_list(L, q, s->n);
    push_list(L, qd, s->n);
    if (call(s, 3, "force")) return 1;
    char when[48];
    char tb[IMP_CSVNUM_MAX];
    imp_csv_double(t, tb);
    snprintf(when, sizeof when, " (t = %s)", tb);
    return take_list(s, "force", s->n, f, when);
}

/* The function in slot called with q, its value a finite number. */
static int scalar_of_q(lsim_lua *s, int slot, const char *label, const double *q, double *out)
{
    lua_State *L = s->L;
    lua_rawgeti(L, s->fns, slot);
    push_list(L, q, s->n);
    if (call(s, 1, label)) return 1;
    double v = lua_tonumber(L, -1);
    if (lua_type(L, -1) != LUA_TNUMBER || !isfinite(v)) {
        fail(s, "%s returned %s, expected a finite number", label, what_value(L, -1, &v));
        lua_pop(L, 1);
        return 1;
    }
    lua_pop(L, 1);
    *out = v;
    return 0;
}

int lsim_cb_potential(void *ctx, const double *q, double *V)
{
    return scalar_of_q(ctx, LSIM_SLOT_POT, "potential", q, V);
}

int lsim_cb_gap(void *ctx, int i, const double *q, double *g)
{
    char label[40];
    snprintf(label, sizeof label, "contacts[%d].gap", i + 1);
    return scalar_of_q(ctx, LSIM_SLOT_GAP(i), label, q, g);
}

int lsim_cb_jac(void *ctx, int i, const double *q, double *J)
{
    lsim_lua *s = ctx;
    lua_State *L = s->L;
    char label[40];
    snprintf(label, sizeof label, "contacts[%d].J", i + 1);
    lua_rawgeti(L, s->fns, LSIM_SLOT_J(i));
    push_list(L, q, s->n);
    if (call(s, 1, label)) return 1;
    return take_rows(s, label, &s->dim[i], s->n, J);
}

void lsim_system_bind(lsim_in *in)
{
    imp_sim_system *S = &in->s;
    lsim_lua *s = &in->lua;
    S->n = s->n;
    S->nc = s->nc;
    S->ctx = s;
    S->mass = lsim_cb_mass;
    S->const_mass = !s->mfn;
    S->force = lsim_cb_force;
    S->gap = lsim_cb_gap;
    S->jac = lsim_cb_jac;
    S->jdot = NULL;
    S->flight = NULL;
    S->gap_bound = NULL;
    S->potential = s->has_pot ? lsim_cb_potential : NULL;
    for (int i = 0; i < s->nc; i++) S->c[i].dim = s->dim[i];
}

