/* The result table of solve2d (metatable impact.Result2D). What the impact
 * did (Px, Py, S, C, dT, Wc, Wr, Wf, Pc, mode, class, the bodies'
 * velocities) is set when the table is made; what the problem was (law, e,
 * mu_s, mu_k, B1 .. C0, Delta) and the path are built on first read by
 * __index from a private copy of the solved problem, so that a result costs
 * about half as many table entries. That copy is a userdata under a
 * light-userdata key: the path does not depend on the public fields, which
 * the user may change. __pairs builds the problem's fields first and skips
 * the private key; __lazy lists what __index builds (for impact.pretty and
 * the REPL's completion). */
#include <float.h>
#include <math.h>
#include <string.h>

#include <lauxlib.h>

#include "compliant.h"
#include "l_problem2d.h"

static const char result2d_key = 0;   /* registry[&result2d_key] = metatable */
static const char store_key = 0;      /* result[&store_key] = its result2d_store */

/* The solved problem, as the result's private copy. */
typedef struct {
    imp_coef2d coef;             /* as solved (Delta exact when from bodies) */
    double mu_s, mu_k, e;
    int law;                     /* imp_law_kind */
    int gain;                    /* dT > 0 beyond rounding: energy_gain */
    int built;                   /* the problem's fields were set */
} result2d_store;

/* What __index builds (the path, then the problem's fields). */
static const char *const lazy_names[] = {
    "path", "law", "e", "mu_s", "mu_k", "B1", "B2", "B3", "S0", "C0", "Delta", "energy_gain", NULL
};

static void setnum(const keyset *ks, int k, double v)
{
    pushkey(ks, k);
    lua_pushnumber(ks->L, v);
    lua_rawset(ks->L, -3);
}

static void setkey(const keyset *ks, int k, int vk)
{
    pushkey(ks, k);
    pushkey(ks, vk);
    lua_rawset(ks->L, -3);
}

/* {vx =, vy =, w =} */
static void push_velocity(const keyset *ks, const double v[3])
{
    lua_createtable(ks->L, 0, 3);
    setnum(ks, K_vx, v[0]);
    setnum(ks, K_vy, v[1]);
    setnum(ks, K_w, v[2]);
}

void limp_path2d_push(lua_State *L, const imp_vertex2d *vert, int n)
{
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        const imp_vertex2d *v = &vert[i];
        lua_createtable(L, 0, 5);
        limp_set_number(L, "Px", v->Px);
        limp_set_number(L, "Py", v->Py);
        limp_set_number(L, "S", v->S);
        limp_set_number(L, "C", v->C);
        limp_set_string(L, "event", imp_event_name(v->event));
        lua_rawseti(L, -2, i + 1);
    }
}

/* The bodies' velocities after and T'/T (scale-free: the energies
 * themselves may overflow); T'/T left out when not defined. */
static void set_bodies(const keyset *ks, const imp_problem2d *p, const double post[2][3])
{
    lua_State *L = ks->L;
    pushkey(ks, K_body1);
    push_velocity(ks, post[0]);
    lua_rawset(L, -3);
    if (p->nbodies == 2) {
        pushkey(ks, K_body2);
        push_velocity(ks, post[1]);
        lua_rawset(L, -3);
    }
    double ratio = imp_problem2d_energy_ratio(p, post);
    if (!isnan(ratio))
        setnum(ks, K_energy_ratio, ratio);
}

/* The result table; leaves it on the stack without its metatable. */
void limp_result2d_build(const keyset *ks, const imp_problem2d *p,
                         const imp_result2d *r, const double post[2][3])
{
    lua_State *L = ks->L;
    /* a law through fn/ctx (a Lua law), or a compliant one (its
     * parameters are the caller's): the path is kept now */
    int custom = p->law.fn != NULL || imp_law_is_compliant(&p->law);
    lua_createtable(L, 0, 12 + (p->nbodies ? 1 + p->nbodies : 0) + custom);
    setnum(ks, K_Px, r->Px);
    setnum(ks, K_Py, r->Py);
    setnum(ks, K_S, r->S);
    setnum(ks, K_C, r->C);
    setnum(ks, K_dT, r->dT);
    setnum(ks, K_Wc, r->Wc);
    setnum(ks, K_Wr, r->Wr);
    setnum(ks, K_Wf, r->Wf);
    setnum(ks, K_Pc, r->Pc);
    setkey(ks, K_mode, K_none + (int)r->mode);
    setkey(ks, K_class, K_direct + (int)r->cls);
    result2d_store *st = lua_newuserdatauv(L, sizeof *st, 0);
    st->coef = r->coef;
    st->mu_s = p->mu_s;
    st->mu_k = p->mu_k;
    st->e = p->law.e;
    st->law = (int)p->law.kind;
    /* a gain beyond rounding, on the scale of the works (as the 2D
     * models' energy_gain) */
    st->gain = r->dT > 1e-12 * (fabs(r->coef.S0 * r->Px) + fabs(r->coef.C0 * r->Py));
    st->built = 0;
    lua_rawsetp(L, -2, &store_key);
    if (p->nbodies)
        set_bodies(ks, p, post);
    if (ks->mech)
        limp_mech2d_result(L, "solve2d", ks->mech, r->Px, r->Py);
    if (r->compliant) {          /* compliant.h: what the force produced */
        limp_set_number(L, "e_eff", r->e_eff);
        limp_set_number(L, "duration", r->duration);
        limp_set_number(L, "F_max", r->F_max);
        limp_set_number(L, "delta_max", r->delta_max);
    }
    if (custom) {                /* a Lua law may not be repeatable: keep the path now */
        pushkey(ks, K_path);
        limp_path2d_push(L, r->vert, r->nvert);
        lua_rawset(L, -3);
        const char *src = limp_law_source(&p->law);
        if (src) limp_set_string(L, "law_source", src);
    }
}

void limp_result2d_push(lua_State *L, const imp_problem2d *p,
                        const imp_result2d *r, const double post[2][3])
{
    keyset ks = {L, 0, 0, 0, 0, 0, {0}, NULL};
    limp_result2d_build(&ks, p, r, post);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &result2d_key);
    lua_setmetatable(L, -2);
}

/* t[key] = v unless t has key (the user may have set it first). */
static void set_absent(lua_State *L, int t, const char *key)
{
    lua_pushstring(L, key);
    if (lua_rawget(L, t) == LUA_TNIL) {
        lua_pushstring(L, key);
        lua_pushvalue(L, -3);
        lua_rawset(L, t);
    }
    lua_pop(L, 2);
}

static void set_absent_number(lua_State *L, int t, const char *key, double v)
{
    lua_pushnumber(L, v);
    set_absent(L, t, key);
}

/* The problem's fields of the result at t, once. */
static void build_problem(lua_State *L, int t, result2d_store *st)
{
    static const char *const names[5] = {"B1", "B2", "B3", "S0", "C0"};
    st->built = 1;
    lua_pushstring(L, imp_law_kind_name((imp_law_kind)st->law));
    set_absent(L, t, "law");
    /* a custom law has no e (law_source names it), a compliant law none of its own */
    if (st->law != IMP_LAW_CUSTOM && !imp_law_types[st->law].compliant)
        set_absent_number(L, t, "e", st->e);
    lua_pushboolean(L, st->gain);
    set_absent(L, t, "energy_gain");
    set_absent_number(L, t, "mu_s", st->mu_s);
    set_absent_number(L, t, "mu_k", st->mu_k);
    const double *v = &st->coef.B1;
    for (int i = 0; i < 5; i++)
        set_absent_number(L, t, names[i], v[i]);
    /* exact from the bodies when given; 1/m^2 overflows for m below about
     * 1e-154: then left out */
    double D = imp_coef2d_delta(&st->coef);
    if (isfinite(D))
        set_absent_number(L, t, "Delta", D);
}

/* The result's private copy, or NULL. */
static result2d_store *store_of(lua_State *L, int t)
{
    result2d_store *st = NULL;
    if (lua_type(L, t) == LUA_TTABLE && lua_rawgetp(L, t, &store_key) == LUA_TUSERDATA)
        st = lua_touserdata(L, -1);
    lua_pop(L, 1);
    return st;
}

/* Result2D.__index: `path` traced again from the private copy (the tracer
 * is deterministic), or the problem's fields; each is then a plain field. */
static int result2d_index(lua_State *L)
{
    result2d_store *st = lua_type(L, 2) == LUA_TSTRING ? store_of(L, 1) : NULL;
    if (!st)
        return 0;
    const char *key = lua_tostring(L, 2);
    if (strcmp(key, "path") == 0) {
        imp_law law = {(imp_law_kind)st->law, st->e, NULL, NULL};
        if (!imp_law_usable(&law))
            return 0;            /* a law through fn: stored when solved (the user removed it) */
        imp_result2d r;
        if (imp_path2d_solve(&st->coef, st->mu_s, st->mu_k, &law, &r) != IMP_OK)
            return luaL_error(L, "solve2d result: cannot build the path");
        limp_path2d_push(L, r.vert, r.nvert);
        lua_pushvalue(L, -1);
        lua_setfield(L, 1, "path");
        return 1;
    }
    if (st->built)
        return 0;
    int k = 1;
    while (lazy_names[k] && strcmp(lazy_names[k], key) != 0)
        k++;
    if (!lazy_names[k])
        return 0;
    build_problem(L, 1, st);
    lua_pushvalue(L, 2);
    lua_rawget(L, 1);
    return 1;
}

/* The iterator of Result2D's pairs: next, less the private key. */
static int result2d_next(lua_State *L)
{
    lua_settop(L, 2);
    while (lua_next(L, 1)) {
        if (lua_touserdata(L, -2) != &store_key)
            return 2;
        lua_pop(L, 1);
    }
    lua_pushnil(L);
    return 1;
}

/* Result2D.__pairs: every field, the problem's built first. */
static int result2d_pairs(lua_State *L)
{
    limp_result2d_complete(L, 1);
    lua_pushcfunction(L, result2d_next);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

int limp_result2d_complete(lua_State *L, int t)
{
    t = lua_absindex(L, t);
    result2d_store *st = store_of(L, t);
    if (st && !st->built)
        build_problem(L, t, st);
    return st != NULL;
}

void limp_open_problem2d(lua_State *L)
{
    /* the result metatable, also reachable as core._result2d_mt so that the
     * Lua side can add __tostring */
    luaL_newmetatable(L, RESULT2D_MT);
    lua_pushcfunction(L, result2d_index);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, result2d_pairs);
    lua_setfield(L, -2, "__pairs");
    lua_createtable(L, 11, 0);     /* what __index builds, for Tab completion */
    for (int i = 0; lazy_names[i]; i++) {
        lua_pushstring(L, lazy_names[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "__lazy");
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &result2d_key);
    lua_setfield(L, -2, "_result2d_mt");
}
