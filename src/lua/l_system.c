/* impact.system: a system in generalized coordinates whose mass matrix,
 * forces and contacts (gap, Jacobian) are Lua functions, read and checked
 * (each function is called once at the start to check what it returns),
 * returned as a normalised table (metatable impact.System). While a run is
 * under way the core calls them through l_system_calls.c's callbacks. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "l_matrix.h"
#include "l_sim.h"

static const char *const system_fields[] = {"q", "qdot", "M", "force", "potential", "contacts",
                                            "mu", "mu_s", "mu_k", "e", "law", "model",
                                            "time_dependent", NULL};
static const char *const system_fields_made[] = {"q", "qdot", "M", "force", "potential",
                                                 "contacts", "mu", "mu_s", "mu_k", "e", "law",
                                                 "model", "time_dependent", "n", NULL};
static const char *const contact_fields[] = {"gap", "J", "rows", "mu", "mu_s", "mu_k", "e", "K",
                                             "eta", NULL};

static void push_list(lua_State *L, const double *v, int n)
{
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_pushnumber(L, v[i]);
        lua_rawseti(L, -2, i + 1);
    }
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
    take_fn(&sub, ct, "gap", fns, LSIM_SLOT_GAP(i), 1, "a function gap(q) -> number (>= 0 apart)");
    take_fn(&sub, ct, "J", fns, LSIM_SLOT_J(i), 1, "a function J(q) -> 2 (or 3) rows of n numbers");
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
    int bad = s->mfn && lsim_cb_mass(s, in->q, buf);
    if (!bad && s->mfn) check_mass(c, buf, s->n);
    bad = bad || lsim_cb_force(s, 0, in->q, in->qd, f)
          || (s->has_pot && lsim_cb_potential(s, in->q, &v));
    double scale = 1;
    for (int i = 0; i < s->n; i++) scale = fmax(scale, fabs(in->q[i]));
    for (int i = 0; i < s->nc && !bad; i++) {
        /* every contact has contacts[1]'s rows (a multiple impact stacks them) */
        if (i > 0 && s->dim[i] < 0) s->dim[i] = s->dim[0];
        if (i > 0 && s->dim[i] != s->dim[0]) {
            char key[40];
            snprintf(key, sizeof key, "contacts[%d].rows", i + 1);
            limp_check_error(c, key, "must be %d, as contacts[1]'s (every contact of a system has 2 rows, or every one 3), got %d",
                             s->dim[0], s->dim[i]);
        }
        bad = lsim_cb_jac(s, i, in->q, buf) || lsim_cb_gap(s, i, in->q, &v);
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
    lsim_defaults_read(c, t, in);
    lua_createtable(L, 3 + 2 * IMP_SIM_CMAX, 0);   /* the functions */
    int fns = lua_gettop(L);
    int ty = lua_getfield(L, t, "M");
    if (ty == LUA_TFUNCTION || (ty == LUA_TTABLE && is_callable(L, -1))) {
        s->mfn = 1;
        lua_rawseti(L, fns, LSIM_SLOT_M);
    } else if (ty == LUA_TTABLE) {
        limp_matrix_read_rows(c, ty, "M", n, n, "one per coordinate, as q", s->M);
        check_mass(c, s->M, n);
        lua_pushboolean(L, 0);
        lua_rawseti(L, fns, LSIM_SLOT_M);
    } else
        limp_check_error(c, "M", "must be the mass matrix (n rows of n numbers) or a function M(q) returning it, got %s",
                         luaL_typename(L, -1));
    s->has_force = take_fn(c, t, "force", fns, LSIM_SLOT_FORCE, 0,
                           "a function force(t, q, qdot) -> n generalized forces");
    s->has_pot = take_fn(c, t, "potential", fns, LSIM_SLOT_POT, 0, "a function potential(q) -> number");
    in->s.time_dependent = limp_check_boolean(c, t, "time_dependent", 0);
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
    lsim_defaults_push(L, t, in);
    limp_set_boolean(L, "time_dependent", in->s.time_dependent);
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
