/* impact.system: a system in generalized coordinates whose mass matrix,
 * forces and contacts (gap, Jacobian) are Lua functions, read and checked
 * (each function is called once at the start to check what it returns),
 * returned as a normalised table (metatable impact.System). While a run is
 * under way the core calls them through the callbacks below: each Lua call
 * is protected, and a function that raises, or returns the wrong size, a
 * non-number or a non-finite number, stops the run with its message
 * ("contacts[2].J returned 3 rows, expected 2"), which simulate raises. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "csvnum.h"
#include "l_matrix.h"
#include "l_sim.h"

static const char *const system_fields[] = {"q", "qdot", "M", "force", "potential", "contacts",
                                            "mu", "mu_s", "mu_k", "e", "law", "model", NULL};
static const char *const system_fields_made[] = {"q", "qdot", "M", "force", "potential",
                                                 "contacts", "mu", "mu_s", "mu_k", "e", "law",
                                                 "model", "n", NULL};
static const char *const contact_fields[] = {"gap", "J", "rows", "mu", "mu_s", "mu_k", "e", "K",
                                             "eta", NULL};

enum { SLOT_M = 1, SLOT_FORCE = 2, SLOT_POT = 3 };
#define SLOT_GAP(i) (4 + 2 * (i))
#define SLOT_J(i) (5 + 2 * (i))

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

static int cb_mass(void *ctx, const double *q, double *M)
{
    lsim_lua *s = ctx;
    if (!s->mfn) {
        memcpy(M, s->M, sizeof(double) * s->n * s->n);
        return 0;
    }
    lua_State *L = s->L;
    lua_rawgeti(L, s->fns, SLOT_M);
    push_list(L, q, s->n);
    if (call(s, 1, "M")) return 1;
    int rows = s->n;
    return take_rows(s, "M", &rows, s->n, M);
}

static int cb_force(void *ctx, double t, const double *q, const double *qd, double *f)
{
    lsim_lua *s = ctx;
    if (!s->has_force) {
        memset(f, 0, sizeof(double) * s->n);
        return 0;
    }
    lua_State *L = s->L;
    lua_rawgeti(L, s->fns, SLOT_FORCE);
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

static int cb_potential(void *ctx, const double *q, double *V)
{
    lsim_lua *s = ctx;
    lua_State *L = s->L;
    lua_rawgeti(L, s->fns, SLOT_POT);
    push_list(L, q, s->n);
    if (call(s, 1, "potential")) return 1;
    double v = lua_tonumber(L, -1);
    if (lua_type(L, -1) != LUA_TNUMBER || !isfinite(v)) {
        fail(s, "potential returned %s, expected a finite number", what_value(L, -1, &v));
        lua_pop(L, 1);
        return 1;
    }
    lua_pop(L, 1);
    *V = v;
    return 0;
}

static int cb_gap(void *ctx, int i, const double *q, double *g)
{
    lsim_lua *s = ctx;
    lua_State *L = s->L;
    char label[40];
    snprintf(label, sizeof label, "contacts[%d].gap", i + 1);
    lua_rawgeti(L, s->fns, SLOT_GAP(i));
    push_list(L, q, s->n);
    if (call(s, 1, label)) return 1;
    double v = lua_tonumber(L, -1);
    if (lua_type(L, -1) != LUA_TNUMBER || !isfinite(v)) {
        fail(s, "%s returned %s, expected a finite number", label, what_value(L, -1, &v));
        lua_pop(L, 1);
        return 1;
    }
    lua_pop(L, 1);
    *g = v;
    return 0;
}

static int cb_jac(void *ctx, int i, const double *q, double *J)
{
    lsim_lua *s = ctx;
    lua_State *L = s->L;
    char label[40];
    snprintf(label, sizeof label, "contacts[%d].J", i + 1);
    lua_rawgeti(L, s->fns, SLOT_J(i));
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
    S->mass = cb_mass;
    S->const_mass = !s->mfn;
    S->force = cb_force;
    S->gap = cb_gap;
    S->jac = cb_jac;
    S->jdot = NULL;
    S->flight = NULL;
    S->gap_bound = NULL;
    S->potential = s->has_pot ? cb_potential : NULL;
    for (int i = 0; i < s->nc; i++) S->c[i].dim = s->dim[i];
}

/* ---- reading ------------------------------------------------------------ */

static int is_callable(lua_State *L, int idx)
{
    if (lua_isfunction(L, idx)) return 1;
    if (luaL_getmetafield(L, idx, "__call") != LUA_TNIL) {
        lua_pop(L, 1);
        return 1;
    }
    return 0;
}

/* fns[slot] = t[key], a function (required) or false when absent. */
static int take_fn(const limp_check *c, int t, const char *key, int fns, int slot, int required,
                   const char *what)
{
    lua_State *L = c->L;
    int ty = lua_getfield(L, t, key);
    if (ty == LUA_TNIL && !required) {
        lua_pop(L, 1);
        lua_pushboolean(L, 0);
        lua_rawseti(L, fns, slot);
        return 0;
    }
    if (!is_callable(L, -1))
        limp_check_error(c, key, "must be %s, got %s", what, luaL_typename(L, -1));
    lua_rawseti(L, fns, slot);
    return 1;
}

/* M symmetric (to 1e-12 of its largest entry) and positive definite. */
static void check_mass(const limp_check *c, const double *M, int n)
{
    double big = 0;
    for (int i = 0; i < n * n; i++) big = fmax(big, fabs(M[i]));
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (fabs(M[i * n + j] - M[j * n + i]) > 1e-12 * big)
                limp_check_error(c, "M", "must be symmetric, M[%d][%d] = %g but M[%d][%d] = %g",
                                 i + 1, j + 1, M[i * n + j], j + 1, i + 1, M[j * n + i]);
    double Lc[IMP_SIM_NMAX * IMP_SIM_NMAX];
    for (int j = 0; j < n; j++) {
        double d = M[j * n + j];
        for (int k = 0; k < j; k++) d -= Lc[j * n + k] * Lc[j * n + k];
        if (!(d > 1e-14 * big))
            limp_check_error(c, "M", "must be positive definite (its leading %dx%d block is not)", j + 1, j + 1);
        Lc[j * n + j] = sqrt(d);
        for (int i = j + 1; i < n; i++) {
            double v = M[i * n + j];
            for (int k = 0; k < j; k++) v -= Lc[i * n + k] * Lc[j * n + k];
            Lc[i * n + j] = v / Lc[j * n + j];
        }
    }
}

static void read_contact(const limp_check *top, int ct, int i, int fns, lsim_in *in)
{
    char key[32];
    snprintf(key, sizeof key, "contacts[%d]", i + 1);
    limp_check sub;
    limp_check_sub(&sub, top, key);
    limp_check_known(&sub, ct, contact_fields, NULL, NULL);
    limp_check_unknown(&sub);
    take_fn(&sub, ct, "gap", fns, SLOT_GAP(i), 1, "a function gap(q) -> number (>= 0 apart)");
    take_fn(&sub, ct, "J", fns, SLOT_J(i), 1, "a function J(q) -> 2 (or 3) rows of n numbers");
    in->lua.dim[i] = (int)limp_check_integer(&sub, ct, "rows", 0, -1, 2, 3);
    imp_sim_contact *cc = &in->s.c[i];
    if (limp_check_has(&sub, ct, "mu") || limp_check_has(&sub, ct, "mu_s")
        || limp_check_has(&sub, ct, "mu_k"))
        limp_check_friction(&sub, ct, 0, &cc->mu_s, &cc->mu_k);
    else {
        cc->mu_s = in->mu_s;
        cc->mu_k = in->mu_k;
    }
    cc->e = limp_check_range(&sub, ct, "e", 0, in->e, 0, 1);
    cc->K = limp_check_positive(&sub, ct, "K", 0, 1);
    cc->eta = limp_check_number(&sub, ct, "eta", 0, 1.5);
    if (!(cc->eta >= 1)) limp_check_error(&sub, "eta", "must be >= 1 (a force exponent), got %g", cc->eta);
    cc->law = in->law;
    cc->law.e = cc->e;
}

/* Each function once at (t = 0, q, qdot): what it returns is checked now,
 * and J's rows fix each contact's dimension. */
static void probe(const limp_check *c, lsim_in *in)
{
    lsim_lua *s = &in->lua;
    lua_State *L = c->L;
    double buf[IMP_SIM_NMAX * IMP_SIM_NMAX], f[IMP_SIM_NMAX], v;
    s->failed = 0;
    int bad = s->mfn && cb_mass(s, in->q, buf);
    if (!bad && s->mfn) check_mass(c, buf, s->n);
    bad = bad || cb_force(s, 0, in->q, in->qd, f)
          || (s->has_pot && cb_potential(s, in->q, &v));
    double scale = 1;
    for (int i = 0; i < s->n; i++) scale = fmax(scale, fabs(in->q[i]));
    for (int i = 0; i < s->nc && !bad; i++) {
        bad = cb_jac(s, i, in->q, buf) || cb_gap(s, i, in->q, &v);
        if (!bad && v < -1e-12 * scale) {
            char msg[160];
            snprintf(msg, sizeof msg, "contacts[%d] starts inside: its gap is %.17g (penetration %.17g)",
                     i + 1, v, -v);
            luaL_error(L, "%s: %s", c->fn, msg);
        }
    }
    if (bad) {
        if (s->interrupted) {
            lua_pushliteral(L, "interrupted!");
            lua_error(L);
        }
        /* "force returned ..." -> "field 'force' returned ...": here the
         * function is a field the user just gave */
        const char *sp = strchr(s->msg, ' ');
        if (sp) {
            lua_pushlstring(L, s->msg, (size_t)(sp - s->msg));
            luaL_error(L, "%s: field '%s'%s", c->fn, lua_tostring(L, -1), sp);
        }
        luaL_error(L, "%s: %s", c->fn, s->msg);
    }
}

void lsim_system_read(limp_check *c, int t, lsim_in *in)
{
    lua_State *L = c->L;
    t = lua_absindex(L, t);
    int mt = luaL_getmetafield(L, t, "__name");
    int made = mt == LUA_TSTRING && strcmp(lua_tostring(L, -1), SYSTEM_MT) == 0;
    if (mt != LUA_TNIL) lua_pop(L, 1);
    limp_check_known(c, t, made ? system_fields_made : system_fields, NULL, NULL);
    limp_check_unknown(c);
    in->kind = LSIM_SYSTEM;
    memset(&in->s, 0, sizeof in->s);
    lsim_lua *s = &in->lua;
    memset(s, 0, sizeof *s);
    s->L = L;
    luaL_checkstack(L, LIMP_MATRIX_STACK + 8, "system");
    int n = limp_matrix_read_list(c, lua_getfield(L, t, "q"), "q", in->q);
    int nd = limp_matrix_read_list(c, lua_getfield(L, t, "qdot"), "qdot", in->qd);
    if (nd != n)
        limp_check_error(c, "qdot", "must have as many entries as q (%d), got %d", n, nd);
    s->n = n;
    limp_check_friction(c, t, 0, &in->mu_s, &in->mu_k);
    in->model = limp_check_option(c, t, "model", 0, lsim_model_names);
    limp_law_check(c, t, 0, &in->law, &in->lctx);   /* a custom law: two values pushed */
    in->e = in->law.e;
    lua_createtable(L, 3 + 2 * IMP_SIM_CMAX, 0);   /* the functions */
    int fns = lua_gettop(L);
    int ty = lua_getfield(L, t, "M");
    if (ty == LUA_TFUNCTION || (ty == LUA_TTABLE && is_callable(L, -1))) {
        s->mfn = 1;
        lua_rawseti(L, fns, SLOT_M);
    } else if (ty == LUA_TTABLE) {
        limp_matrix_read_rows(c, ty, "M", n, n, "one per coordinate, as q", s->M);
        check_mass(c, s->M, n);
        lua_pushboolean(L, 0);
        lua_rawseti(L, fns, SLOT_M);
    } else
        limp_check_error(c, "M", "must be the mass matrix (n rows of n numbers) or a function M(q) returning it, got %s",
                         luaL_typename(L, -1));
    s->has_force = take_fn(c, t, "force", fns, SLOT_FORCE, 0,
                           "a function force(t, q, qdot) -> n generalized forces");
    s->has_pot = take_fn(c, t, "potential", fns, SLOT_POT, 0, "a function potential(q) -> number");
    ty = lua_getfield(L, t, "contacts");
    if (ty != LUA_TNIL && ty != LUA_TTABLE)
        limp_check_error(c, "contacts", "must be a list of contacts {gap =, J =, mu =, e =}, got %s",
                         luaL_typename(L, -1));
    int nc = ty == LUA_TNIL ? 0 : (int)lua_rawlen(L, -1);
    if (nc > IMP_SIM_CMAX)
        limp_check_error(c, "contacts", "must have at most %d contacts, got %d", IMP_SIM_CMAX, nc);
    int cs = lua_gettop(L);
    for (int i = 0; i < nc; i++) {
        if (lua_rawgeti(L, cs, i + 1) != LUA_TTABLE) {
            char key[32];
            snprintf(key, sizeof key, "contacts[%d]", i + 1);
            limp_check_error(c, key, "must be a contact {gap =, J =, mu =, e =}, got %s",
                             luaL_typename(L, -1));
        }
        read_contact(c, lua_gettop(L), i, fns, in);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    s->nc = nc;
    s->fns = fns;
    probe(c, in);
    in->s.model = (imp_sim_model)in->model;
    lsim_system_bind(in);
    /* the functions' table stays on top of the stack (for the run) */
}

void lsim_system_push(lua_State *L, int t, const lsim_in *in)
{
    t = lua_absindex(L, t);
    const lsim_lua *s = &in->lua;
    luaL_checkstack(L, 8, "system");
    lua_createtable(L, 0, 12);
    push_list(L, in->q, s->n);
    lua_setfield(L, -2, "q");
    push_list(L, in->qd, s->n);
    lua_setfield(L, -2, "qdot");
    if (s->mfn)
        lua_getfield(L, t, "M");
    else {
        lua_createtable(L, s->n, 0);
        for (int i = 0; i < s->n; i++) {
            push_list(L, s->M + (size_t)i * s->n, s->n);
            lua_rawseti(L, -2, i + 1);
        }
    }
    lua_setfield(L, -2, "M");
    lua_getfield(L, t, "force");
    lua_setfield(L, -2, "force");
    lua_getfield(L, t, "potential");
    lua_setfield(L, -2, "potential");
    lua_getfield(L, t, "contacts");
    int src = lua_gettop(L);
    lua_createtable(L, s->nc, 0);
    for (int i = 0; i < s->nc; i++) {
        const imp_sim_contact *cc = &in->s.c[i];
        lua_createtable(L, 0, 8);
        lua_rawgeti(L, src, i + 1);
        lua_getfield(L, -1, "gap");
        lua_setfield(L, -3, "gap");
        lua_getfield(L, -1, "J");
        lua_setfield(L, -3, "J");
        lua_pop(L, 1);
        lua_pushinteger(L, s->dim[i]);
        lua_setfield(L, -2, "rows");
        limp_set_number(L, "mu_s", cc->mu_s);
        limp_set_number(L, "mu_k", cc->mu_k);
        limp_set_number(L, "e", cc->e);
        limp_set_number(L, "K", cc->K);
        limp_set_number(L, "eta", cc->eta);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -3, "contacts");
    lua_pop(L, 1);
    limp_set_number(L, "mu_s", in->mu_s);
    limp_set_number(L, "mu_k", in->mu_k);
    limp_set_number(L, "e", in->e);
    if (in->law.kind == IMP_LAW_CUSTOM) {
        lua_getfield(L, t, "law");
        lua_setfield(L, -2, "law");
    } else
        limp_set_string(L, "law", limp_law_name(&in->law));
    limp_set_string(L, "model", lsim_model_names[in->model]);
    lua_pushinteger(L, s->n);
    lua_setfield(L, -2, "n");
    luaL_setmetatable(L, SYSTEM_MT);
}

/* impact.system(t) */
static int l_system(lua_State *L)
{
    limp_check c;
    limp_check_init(&c, L, "system");
    limp_check_table_arg(&c, 1);
    lua_settop(L, 1);
    lsim_in *in = lua_newuserdatauv(L, sizeof *in, 0);
    memset(in, 0, sizeof *in);
    lsim_system_read(&c, 1, in);
    lsim_system_push(L, 1, in);
    return 1;
}

void lsim_open_system(lua_State *L)
{
    lua_pushcfunction(L, l_system);
    lua_setfield(L, -2, "system");
    luaL_newmetatable(L, SYSTEM_MT);
    lua_setfield(L, -2, "_system_mt");
    limp_check_publish(L, "system", system_fields);
}
