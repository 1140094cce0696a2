/* core._fit(t, solvers): impact.fit's checks and the call of the core's
 * imp_fit (the Lua layer, fit.lua, reads CSV files into t.data and keeps
 * the 'laws' option). Every bad field is named: unknown fields, a
 * parameter without a start, lo > hi, a start outside its bounds, an
 * observed column missing from the data, a data row with a missing value
 * (with its number); the callbacks' failures in l_fit_eval.c. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "interrupt.h"
#include "l_fit.h"
#include "module.h"
#include "raise.h"

static const char *const FIT_KNOWN[] = { "data", "problem", "solve", "observe", "params", "weights",
                                         "starts", "seed", "profile", "max_iter", "level", "laws",
                                         "bootstrap", "fast", "threads", NULL };
static const char *const PARAM_KNOWN[] = { "lo", "hi", "scale", NULL };

static int by_name(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The string keys of the table at t, sorted, anchored in a new list left
 * on the stack; *names points into a userdata pushed below it. */
static int sorted_keys(const limp_check *c, int t, const char *what, const char ***names)
{
    lua_State *L = c->L;
    int n = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) { lua_pop(L, 1); n++; }
    const char **v = lua_newuserdatauv(L, sizeof(char *) * (size_t)(n + 1), 0);
    lua_createtable(L, n, 0);
    int m = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) != LUA_TSTRING)
            limp_check_fail(c, "field '%s' must be keyed by names, got a %s key", what,
                            luaL_typename(L, -1));
        lua_pushvalue(L, -1);
        lua_rawseti(L, -3, ++m);
        v[m - 1] = lua_tostring(L, -1);
    }
    v[m] = NULL;   /* a NULL-terminated list, as limp_nearest_name reads */
    qsort(v, (size_t)m, sizeof *v, by_name);
    for (int i = 0; i < m; i++) { lua_pushstring(L, v[i]); lua_rawseti(L, -2, i + 1); }
    for (int i = 0; i < m; i++) { lua_rawgeti(L, -1, i + 1); v[i] = lua_tostring(L, -1); lua_pop(L, 1); }
    *names = v;
    return m;
}

static int missing(lua_State *L, int idx)
{
    int t = lua_type(L, idx);
    if (t == LUA_TNIL) return 1;
    if (t == LUA_TSTRING) return lua_rawlen(L, idx) == 0;
    if (t == LUA_TNUMBER) return lua_tonumber(L, idx) != lua_tonumber(L, idx);
    return 0;
}

/* data: columns; builds rows (env[1]); returns the row count */
static int read_data(const limp_check *c, int env, const char ***cols, int *ncol)
{
    lua_State *L = c->L;
    if (lua_getfield(L, 1, "data") != LUA_TTABLE)
        limp_check_error(c, "data", "must be a columns table { name = { values } } or a CSV file's name, got %s",
                         luaL_typename(L, -1));
    int dt = lua_gettop(L);
    *ncol = sorted_keys(c, dt, "data", cols);
    int nrows = 0;
    for (int j = 0; j < *ncol; j++) {
        if (lua_getfield(L, dt, (*cols)[j]) != LUA_TTABLE)
            limp_check_fail(c, "field 'data.%s' must be a list of values, got %s", (*cols)[j],
                            luaL_typename(L, -1));
        int len = (int)lua_rawlen(L, -1);
        if (len > nrows) nrows = len;
        lua_pop(L, 1);
    }
    if (nrows == 0) limp_check_error(c, "data", "has no rows");
    lua_createtable(L, nrows, 0);
    for (int i = 1; i <= nrows; i++) {
        lua_createtable(L, 0, *ncol);
        for (int j = 0; j < *ncol; j++) {
            lua_getfield(L, dt, (*cols)[j]);
            lua_rawgeti(L, -1, i);
            if (missing(L, -1))
                limp_check_fail(c, "data row %d has a missing value in column '%s'", i, (*cols)[j]);
            lua_setfield(L, -3, (*cols)[j]);
            lua_pop(L, 1);
        }
        lua_rawseti(L, -2, i);
    }
    lua_rawseti(L, env, 1);
    return nrows;
}

/* observe: column -> function or result field name; sorted by column */
static int read_observe(const limp_check *c, int env, const char *const *cols, int ncol, limp_fit_ctx *x)
{
    lua_State *L = c->L;
    if (lua_getfield(L, 1, "observe") != LUA_TTABLE)
        limp_check_error(c, "observe", "must be a table { column = function(result) or field name }, got %s",
                         luaL_typename(L, -1));
    int ot = lua_gettop(L);
    lua_newtable(L);   /* column -> what, with the list entries {"S"} as S = "S" */
    int norm = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, ot)) {
        if (lua_type(L, -2) == LUA_TNUMBER && lua_type(L, -1) == LUA_TSTRING) {
            lua_pushvalue(L, -1);
        } else if (lua_type(L, -2) == LUA_TSTRING &&
                   (lua_type(L, -1) == LUA_TSTRING || lua_type(L, -1) == LUA_TFUNCTION)) {
            lua_pushvalue(L, -2);
        } else {
            const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "[?]";
            limp_check_fail(c, "field 'observe.%s' must be a function of the result or the name of "
                            "its field, got %s", k, luaL_typename(L, -1));
        }
        if (lua_getfield(L, norm, lua_tostring(L, -1)) != LUA_TNIL)
            limp_check_fail(c, "field 'observe' names column '%s' twice", lua_tostring(L, -2));
        lua_pop(L, 1);
        lua_insert(L, -2);
        lua_settable(L, norm);
    }
    const char **names;
    int nobs = sorted_keys(c, norm, "observe", &names);
    if (nobs == 0) limp_check_error(c, "observe", "must name at least one column");
    for (int j = 0; j < nobs; j++) {
        int found = 0;
        for (int i = 0; i < ncol && !found; i++) found = strcmp(cols[i], names[j]) == 0;
        if (!found) {
            const char *near = limp_nearest_name(names[j], cols);
            limp_check_fail(c, "field 'observe.%s' names no column of data%s%s%s", names[j],
                            near ? " (did you mean '" : "", near ? near : "", near ? "'?)" : "");
        }
    }
    lua_createtable(L, nobs, 0);
    for (int j = 0; j < nobs; j++) { lua_getfield(L, norm, names[j]); lua_rawseti(L, -2, j + 1); }
    lua_rawseti(L, env, 4);
    lua_rawseti(L, env, 7);   /* the sorted names, anchored */
    x->obsname = names;
    return nobs;
}

/* params: sorted names; start, lo, hi, scale each */
static int read_params(const limp_check *c, int env, double *start, double *lo, double *hi,
                       double *scale, int *has_scale, const char ***names)
{
    lua_State *L = c->L;
    if (lua_getfield(L, 1, "params") != LUA_TTABLE)
        limp_check_error(c, "params", "must be a table { name = { start, lo =, hi = } }, got %s",
                         luaL_typename(L, -1));
    int pt = lua_gettop(L);
    int p = sorted_keys(c, pt, "params", names);
    if (p == 0) limp_check_error(c, "params", "must name at least one parameter");
    if (p > IMP_FIT_MAXP) limp_check_error(c, "params", "has %d parameters, at most %d are fitted", p, IMP_FIT_MAXP);
    limp_check pc;
    limp_check_sub(&pc, c, "params");
    *has_scale = 0;
    for (int k = 0; k < p; k++) {
        const char *nm = (*names)[k];
        lo[k] = -HUGE_VAL; hi[k] = HUGE_VAL; scale[k] = 0.0;
        int ty = lua_getfield(L, pt, nm);
        if (ty == LUA_TNUMBER) {
            start[k] = limp_check_number(&pc, pt, nm, 1, 0);
        } else if (ty == LUA_TTABLE) {
            int e = lua_gettop(L);
            limp_check ec;
            limp_check_sub(&ec, &pc, nm);
            lua_pushnil(L);
            while (lua_next(L, e)) {   /* unknown fields, [1] the start */
                lua_pop(L, 1);
                if (lua_type(L, -1) == LUA_TNUMBER && lua_tonumber(L, -1) == 1) continue;
                const char *key = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "?";
                int known = 0;
                for (int i = 0; PARAM_KNOWN[i]; i++) known |= strcmp(key, PARAM_KNOWN[i]) == 0;
                if (!known) {
                    const char *near = limp_nearest_name(key, PARAM_KNOWN);
                    if (near)
                        limp_check_fail(c, "unknown field 'params.%s.%s' (did you mean 'params.%s.%s'?)",
                                        nm, key, nm, near);
                    limp_check_fail(c, "unknown field 'params.%s.%s' (known: [1] the start, lo, hi, scale)",
                                    nm, key);
                }
            }
            if (lua_rawgeti(L, e, 1) != LUA_TNUMBER)
                limp_check_error(&pc, nm, "has no start value: give { start, lo =, hi = }, got %s at [1]",
                                 luaL_typename(L, -1));
            start[k] = lua_tonumber(L, -1);
            lua_pop(L, 1);
            if (!isfinite(start[k])) limp_check_error(&pc, nm, "has a start that is not finite");
            if (limp_check_has(&ec, e, "lo")) lo[k] = limp_check_number(&ec, e, "lo", 1, 0);
            if (limp_check_has(&ec, e, "hi")) hi[k] = limp_check_number(&ec, e, "hi", 1, 0);
            if (limp_check_has(&ec, e, "scale")) { scale[k] = limp_check_positive(&ec, e, "scale", 1, 1); *has_scale = 1; }
            if (lo[k] >= hi[k])   /* a fixed value belongs in problem, not among the fitted */
                limp_check_error(&ec, "lo", "must be below hi = %g, got %g", hi[k], lo[k]);
            if (start[k] < lo[k] || start[k] > hi[k])
                limp_check_error(&pc, nm, "has its start %g outside [lo, hi] = [%g, %g]", start[k], lo[k], hi[k]);
        } else {
            limp_check_error(&pc, nm, "must be a start value or a table { start, lo =, hi = }, got %s",
                             luaL_typename(L, -1));
        }
        lua_pop(L, 1);
    }
    lua_rawseti(L, env, 5);   /* the sorted names */
    return p;
}

/* The observed values y (row-major, rows x columns) and sqrt of the weights. */
static void read_values(const limp_check *c, int env, limp_fit_ctx *x, double *y, double *sw)
{
    lua_State *L = c->L;
    lua_rawgeti(L, env, 1);
    int rows = lua_gettop(L);
    int wt = lua_getfield(L, 1, "weights");
    int wi = lua_gettop(L);
    if (wt != LUA_TNIL && wt != LUA_TSTRING && wt != LUA_TFUNCTION)
        limp_check_error(c, "weights", "must be a column's name or a function(row, column), got %s",
                         luaL_typename(L, -1));
    for (int i = 1; i <= x->nrows; i++) {
        lua_rawgeti(L, rows, i);
        for (int j = 0; j < x->nobs; j++) {
            size_t o = (size_t)(i - 1) * (size_t)x->nobs + (size_t)j;
            if (lua_getfield(L, -1, x->obsname[j]) != LUA_TNUMBER || !isfinite(lua_tonumber(L, -1)))
                limp_check_fail(c, "data row %d: the observed column '%s' must hold a finite number, got %s",
                                i, x->obsname[j], luaL_tolstring(L, -1, NULL));
            y[o] = lua_tonumber(L, -1);
            lua_pop(L, 1);
            double w = 1.0;
            if (wt == LUA_TSTRING) {
                if (lua_getfield(L, -1, lua_tostring(L, wi)) == LUA_TNIL)
                    limp_check_error(c, "weights", "names no column of data: '%s'", lua_tostring(L, wi));
                w = lua_tonumber(L, -1);
                if (lua_type(L, -1) != LUA_TNUMBER || !(w > 0.0) || !isfinite(w))
                    limp_check_fail(c, "data row %d: the weight (column '%s') must be a positive number, got %s",
                                    i, lua_tostring(L, wi), luaL_tolstring(L, -1, NULL));
                lua_pop(L, 1);
            } else if (wt == LUA_TFUNCTION) {
                lua_pushvalue(L, wi);
                lua_pushvalue(L, -2);
                lua_pushstring(L, x->obsname[j]);
                lua_call(L, 2, 1);
                w = lua_tonumber(L, -1);
                if (lua_type(L, -1) != LUA_TNUMBER || !(w > 0.0) || !isfinite(w))
                    limp_check_fail(c, "field 'weights' must return a positive number, got %s (data row %d, column '%s')",
                                    luaL_tolstring(L, -1, NULL), i, x->obsname[j]);
                lua_pop(L, 1);
            }
            sw[o] = sqrt(w);
        }
        lua_pop(L, 1);
    }
    lua_settop(L, rows - 1);
}

/* Whether the C model's residuals at theta (into rc) are the Lua path's
 * (into rl), bit for bit. */
static int same_resid(limp_fit_ctx *x, imp_fit_model2d *fm, const double *theta, double *rc, double *rl)
{
    size_t n = (size_t)x->nrows * (size_t)x->nobs;
    if (imp_fit_model2d_resid(fm, theta, rc) != 0) return 0;
    if (limp_fit_resid(x, theta, rl) != 0) return 0;
    return memcmp(rc, rl, sizeof(double) * n) == 0;
}

static int l_fit(lua_State *L)
{
    limp_check c;
    limp_check_init(&c, L, "fit");
    limp_check_table_arg(&c, 1);
    limp_check_known(&c, 1, FIT_KNOWN, NULL, NULL);
    limp_check_unknown(&c);
    luaL_checktype(L, 2, LUA_TTABLE);   /* the built-in solvers by name */
    lua_settop(L, 2);
    lua_createtable(L, 7, 0);
    lua_pushnil(L);
    limp_fit_ctx x;
    memset(&x, 0, sizeof x);
    x.L = L;
    x.env = 3;
    x.errslot = 4;
    if (lua_getfield(L, 1, "problem") != LUA_TFUNCTION)
        limp_check_error(&c, "problem", "must be a function(row, p) returning the solver's table, got %s",
                         luaL_typename(L, -1));
    lua_rawseti(L, x.env, 2);
    int st = lua_getfield(L, 1, "solve");
    if (st == LUA_TNIL) { lua_pop(L, 1); lua_pushliteral(L, "solve2d"); st = LUA_TSTRING; }
    if (st == LUA_TSTRING) {
        if (lua_getfield(L, 2, lua_tostring(L, -1)) != LUA_TFUNCTION)
            limp_check_error(&c, "solve", "must be \"solve2d\", \"solve3d\", \"solve_multi\" or a function, got '%s'",
                             lua_tostring(L, -2));
        x.solve2d = strcmp(lua_tostring(L, -2), "solve2d") == 0;
        lua_remove(L, -2);
    } else if (st == LUA_TFUNCTION) {
        x.solve_is_fn = 1;
    } else {
        limp_check_error(&c, "solve", "must be \"solve2d\", \"solve3d\", \"solve_multi\" or a function, got %s",
                         luaL_typename(L, -1));
    }
    lua_rawseti(L, x.env, 3);
    const char **cols;
    int ncol;
    x.nrows = read_data(&c, x.env, &cols, &ncol);
    x.nobs = read_observe(&c, x.env, cols, ncol, &x);
    double start[IMP_FIT_MAXP], lo[IMP_FIT_MAXP], hi[IMP_FIT_MAXP], scale[IMP_FIT_MAXP];
    int has_scale;
    const char **names;
    x.p = read_params(&c, x.env, start, lo, hi, scale, &has_scale, &names);
    imp_fit_problem pb;
    memset(&pb, 0, sizeof pb);
    pb.n = x.nrows * x.nobs;
    pb.p = x.p;
    if (pb.n <= pb.p)
        limp_check_fail(&c, "%d observations (%d rows x %d columns) cannot fit %d parameters: "
                        "more observations than parameters are needed", pb.n, x.nrows, x.nobs, pb.p);
    double *y = lua_newuserdatauv(L, sizeof(double) * (size_t)pb.n * 3, 0);
    double *sw = y + pb.n, *r = sw + pb.n;
    read_values(&c, x.env, &x, y, sw);
    x.y = y;
    x.sw = sw;
    pb.resid = limp_fit_resid;
    pb.ctx = &x;
    pb.start = start;
    pb.lo = lo;
    pb.hi = hi;
    if (has_scale) {   /* a scale given for some: the others' default */
        for (int k = 0; k < pb.p; k++)
            if (scale[k] == 0.0) {
                double t = fabs(start[k]);
                if (isfinite(hi[k] - lo[k])) t = fmax(t, 0.1 * (hi[k] - lo[k]));
                scale[k] = t > 0.0 ? t : 1.0;
            }
        pb.typical = scale;
    }
    pb.starts = (int)limp_check_integer(&c, 1, "starts", 0, 5, 1, IMP_FIT_MAXSTARTS);
    pb.seed = (unsigned long long)limp_check_integer(&c, 1, "seed", 0, 1, 0, 9007199254740992LL);
    pb.max_iter = (int)limp_check_integer(&c, 1, "max_iter", 0, 200, 1, 1000000);
    pb.profile = limp_check_boolean(&c, 1, "profile", 1);
    pb.level = limp_check_number(&c, 1, "level", 0, 0.95);
    if (!(pb.level > 0.0 && pb.level < 1.0)) limp_check_error(&c, "level", "must be in (0, 1), got %g", pb.level);
    int fast = limp_check_boolean(&c, 1, "fast", 1);
    int threads = (int)limp_check_integer(&c, 1, "threads", 0, 1, 1, 1024);
    imp_fit_result *res = lua_newuserdatauv(L, sizeof *res, 0);
    imp_interrupt_clear();
    imp_status s = IMP_OK;
    imp_fit_model2d *fm = fast ? limp_fit_fast_prepare(&x, start, threads) : NULL;
    if (fm) {
        /* the C path runs when its residuals are the Lua path's, bit for
         * bit, at the start; and its result stands when they are at the
         * estimate too (else the fit is redone through Lua) */
        double *rl = lua_newuserdatauv(L, sizeof(double) * (size_t)pb.n, 0);
        if (!same_resid(&x, fm, start, r, rl)) fm = NULL;
        lua_pop(L, 1);
    }
    if (fm) {
        pb.resid = imp_fit_model2d_resid;
        pb.resid_many = imp_fit_model2d_resid_many;
        pb.ctx = fm;
        s = imp_fit(&pb, res, r);
        if (s == IMP_ELAW && fm->failed == IMP_EINTERRUPT) s = IMP_EINTERRUPT;
        if (s == IMP_OK) {
            double *rc = lua_newuserdatauv(L, sizeof(double) * (size_t)pb.n * 2, 0);
            if (!same_resid(&x, fm, res->theta, rc, rc + pb.n) || memcmp(rc, r, sizeof(double) * (size_t)pb.n))
                fm = NULL;
            lua_pop(L, 1);
        } else if (s == IMP_ELAW) {
            fm = NULL;   /* a row the solver refused: the Lua path names it */
        }
    }
    if (!fm && s == IMP_OK) {
        pb.resid = limp_fit_resid;
        pb.resid_many = NULL;
        pb.ctx = &x;
        imp_interrupt_clear();
        s = imp_fit(&pb, res, r);
        if (s == IMP_ELAW) return limp_fit_raise_eval(&c, &x);
    }
    if (s != IMP_OK) return limp_raise(&c, s, NULL);
    limp_fit_push_result(L, &x, &pb, res, r, names);
    limp_set_boolean(L, "fast", fm != NULL);
    lua_pushinteger(L, fm ? threads : 1);
    lua_setfield(L, -2, "threads");
    return 1;
}

void limp_open_fit(lua_State *L)
{
    lua_pushcfunction(L, l_fit);
    lua_setfield(L, -2, "_fit");
    limp_check_publish(L, "fit", FIT_KNOWN);
    limp_check_publish(L, "fit.params", PARAM_KNOWN);
}
