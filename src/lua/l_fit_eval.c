/* impact.fit's residuals, evaluated in Lua: for each data row,
 * problem(row, p), then solve, then each observe column of the result;
 * r = sqrt(w) (y - f). One protected call per evaluation: a Lua error
 * anywhere is kept (with the row and the field where it happened) and the
 * fit aborts, to be raised once the core has freed its workspace. */
#include <math.h>
#include <string.h>

#include "csvnum.h"
#include "l_fit.h"

static int eval_all(lua_State *L)
{
    limp_fit_ctx *x = lua_touserdata(L, 2);
    const double *theta = lua_touserdata(L, 3);
    double *r = lua_touserdata(L, 4);
    lua_settop(L, 1);
    for (int k = 1; k <= 5; k++) lua_rawgeti(L, 1, k);   /* 2 rows, 3 problem, 4 solve, 5 observe, 6 names */
    for (int i = 1; i <= x->nrows; i++) {
        x->row = i;
        x->at = FIT_AT_PROBLEM;
        lua_pushvalue(L, 3);
        lua_rawgeti(L, 2, i);
        lua_createtable(L, 0, x->p);
        for (int k = 0; k < x->p; k++) {
            lua_rawgeti(L, 6, k + 1);
            lua_pushnumber(L, theta[k]);
            lua_rawset(L, -3);
        }
        lua_call(L, 2, 1);
        if (!lua_istable(L, -1)) {
            x->at = FIT_AT_NONE;
            return luaL_error(L, "fit: field 'problem' must return a problem table, got %s (data row %d)",
                              luaL_typename(L, -1), i);
        }
        x->at = FIT_AT_SOLVE;
        lua_pushvalue(L, 4);
        lua_insert(L, -2);
        lua_call(L, 1, 1);
        int res = lua_gettop(L);
        for (int j = 0; j < x->nobs; j++) {
            x->at = FIT_AT_OBSERVE;
            x->obs = j;
            int field = lua_rawgeti(L, 5, j + 1) == LUA_TSTRING;
            if (field) {
                lua_getfield(L, res, lua_tostring(L, -1));
            } else {
                lua_pushvalue(L, res);
                lua_call(L, 1, 1);
            }
            double v = lua_tonumber(L, -1);
            if (lua_type(L, -1) != LUA_TNUMBER || !isfinite(v)) {
                char b[IMP_CSVNUM_MAX];
                x->at = FIT_AT_NONE;
                if (lua_type(L, -1) == LUA_TNUMBER) imp_csv_double(v, b);
                return luaL_error(L, "fit: field 'observe.%s' must %s a finite number, got %s (data row %d)",
                                  x->obsname[j], field ? "name a result field holding" : "return",
                                  lua_type(L, -1) == LUA_TNUMBER ? b : luaL_typename(L, -1), i);
            }
            size_t o = (size_t)(i - 1) * (size_t)x->nobs + (size_t)j;
            r[o] = x->sw[o] * (x->y[o] - v);
            lua_pop(L, 1 + field);
        }
        lua_settop(L, 6);
    }
    x->at = FIT_AT_NONE;
    return 0;
}

int limp_fit_resid(void *ctx, const double *theta, double *r)
{
    limp_fit_ctx *x = ctx;
    lua_State *L = x->L;
    lua_pushcfunction(L, eval_all);
    lua_pushvalue(L, x->env);
    lua_pushlightuserdata(L, x);
    lua_pushlightuserdata(L, (void *)theta);
    lua_pushlightuserdata(L, r);
    if (lua_pcall(L, 4, 0, 0) != LUA_OK) {
        lua_replace(L, x->errslot);
        return 1;
    }
    return 0;
}

int limp_fit_raise_eval(const limp_check *c, const limp_fit_ctx *x)
{
    lua_State *L = c->L;
    lua_pushvalue(L, x->errslot);
    const char *msg = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
    if (x->at == FIT_AT_NONE || (msg && strcmp(msg, "interrupted!") == 0))
        return lua_error(L);   /* a full message already, or Ctrl-C as it is */
    msg = luaL_tolstring(L, -1, NULL);
    if (x->at == FIT_AT_PROBLEM)
        return luaL_error(L, "%s: field 'problem' raised an error at data row %d: %s", c->fn, x->row, msg);
    if (x->at == FIT_AT_OBSERVE)
        return luaL_error(L, "%s: field 'observe.%s' raised an error at data row %d: %s", c->fn,
                          x->obsname[x->obs], x->row, msg);
    if (x->solve_is_fn)
        return luaL_error(L, "%s: field 'solve' raised an error at data row %d: %s", c->fn, x->row, msg);
    return luaL_error(L, "%s: data row %d: %s", c->fn, x->row, msg);
}

/* t[name] = {lo, hi} for each parameter */
static void push_intervals(lua_State *L, const char *key, const char *const *names, int p,
                           const double *lo, const double *hi)
{
    lua_createtable(L, 0, p);
    for (int k = 0; k < p; k++) {
        lua_createtable(L, 2, 0);
        lua_pushnumber(L, lo[k]); lua_rawseti(L, -2, 1);
        lua_pushnumber(L, hi[k]); lua_rawseti(L, -2, 2);
        lua_setfield(L, -2, names[k]);
    }
    lua_setfield(L, -2, key);
}

static void push_named(lua_State *L, const char *key, const char *const *names, int p, const double *v)
{
    lua_createtable(L, 0, p);
    for (int k = 0; k < p; k++) limp_set_number(L, names[k], v[k]);
    lua_setfield(L, -2, key);
}

static void push_list(lua_State *L, const char *key, const char *const *names, int p)
{
    lua_createtable(L, p, 0);
    for (int k = 0; k < p; k++) { lua_pushstring(L, names[k]); lua_rawseti(L, -2, k + 1); }
    lua_setfield(L, -2, key);
}

void limp_fit_push_result(lua_State *L, const limp_fit_ctx *x, const imp_fit_problem *pb,
                          const imp_fit_result *res, const double *r, const char *const *names)
{
    const int p = pb->p, n = pb->n;
    lua_createtable(L, 0, 32);
    push_named(L, "estimate", names, p, res->theta);
    push_named(L, "se", names, p, res->se);
    push_intervals(L, "ci_wald", names, p, res->wald_lo, res->wald_hi);
    if (pb->profile) {
        push_intervals(L, "ci_profile", names, p, res->prof_lo, res->prof_hi);
        lua_createtable(L, 0, p);
        for (int k = 0; k < p; k++) {
            lua_createtable(L, 2, 0);
            lua_pushboolean(L, res->prof_open_lo[k]); lua_rawseti(L, -2, 1);
            lua_pushboolean(L, res->prof_open_hi[k]); lua_rawseti(L, -2, 2);
            lua_setfield(L, -2, names[k]);
        }
        lua_setfield(L, -2, "ci_open");
    }
    lua_getfield(L, -1, pb->profile ? "ci_profile" : "ci_wald");
    lua_setfield(L, -2, "ci");
    lua_createtable(L, 0, p);
    for (int a = 0; a < p; a++) {
        lua_createtable(L, 0, p);
        for (int b = 0; b < p; b++) limp_set_number(L, names[b], res->cov[a * p + b]);
        lua_setfield(L, -2, names[a]);
    }
    lua_setfield(L, -2, "cov");
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) { lua_pushnumber(L, r[i]); lua_rawseti(L, -2, i + 1); }
    lua_setfield(L, -2, "residuals");
    lua_createtable(L, n, 0);   /* f = y - r / sqrt(w), the model at the estimate */
    for (int i = 0; i < n; i++) { lua_pushnumber(L, x->y[i] - r[i] / x->sw[i]); lua_rawseti(L, -2, i + 1); }
    lua_setfield(L, -2, "fitted");
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) { lua_pushnumber(L, x->sw[i] * x->sw[i]); lua_rawseti(L, -2, i + 1); }
    lua_setfield(L, -2, "weights");
    limp_set_number(L, "rss", res->rss);
    lua_pushinteger(L, n); lua_setfield(L, -2, "n");
    lua_pushinteger(L, p); lua_setfield(L, -2, "p");
    lua_pushinteger(L, x->nrows); lua_setfield(L, -2, "rows");
    limp_set_number(L, "s2", res->s2);
    limp_set_number(L, "level", pb->level);
    limp_set_boolean(L, "converged", res->converged);
    limp_set_boolean(L, "identifiable", res->identifiable);
    lua_newtable(L);
    for (int k = 0, m = 0; k < p; k++)
        if (res->confounded[k]) { lua_pushstring(L, names[k]); lua_rawseti(L, -2, ++m); }
    lua_setfield(L, -2, "confounded");
    if (!res->identifiable) push_named(L, "direction", names, p, res->direction);
    lua_createtable(L, p, 0);
    for (int k = 0; k < p; k++) { lua_pushnumber(L, res->sv[k]); lua_rawseti(L, -2, k + 1); }
    lua_setfield(L, -2, "singular_values");
    push_list(L, "params", names, p);
    push_list(L, "observed", x->obsname, x->nobs);
    lua_pushinteger(L, res->iterations); lua_setfield(L, -2, "iterations");
    lua_pushinteger(L, res->evals); lua_setfield(L, -2, "evaluations");
    lua_pushinteger(L, pb->starts); lua_setfield(L, -2, "starts");
    lua_pushinteger(L, res->best_start); lua_setfield(L, -2, "best_start");
    lua_pushinteger(L, res->restarts); lua_setfield(L, -2, "restarts");
}
