/* impact.core's MuJoCo functions (internal, "_mujoco_*"; lua/impact/mujoco.lua
 * is the public face): a model as a userdata, its mechanism (M, J, qdot)
 * and MuJoCo's run through an impact. Built without MuJoCo, only
 * _mujoco_available (false) exists and the Lua side says how to get it.
 * Field names are checked on the Lua side; the values here. */
#include <lauxlib.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "module.h"

#ifdef IMPACT_HAVE_MUJOCO
#include "l_mujoco.h"

typedef struct { imp_mj *mj; } model_ud;

imp_mj *limp_mj_model(lua_State *L, int i)
{
    model_ud *u = luaL_checkudata(L, i, MODEL_MT);
    if (!u->mj) luaL_error(L, "mujoco: the model was freed");
    return u->mj;
}

static int model_gc(lua_State *L)
{
    model_ud *u = luaL_checkudata(L, 1, MODEL_MT);
    imp_mj_free(u->mj);
    u->mj = NULL;
    return 0;
}

static int push_model(lua_State *L, imp_status st, imp_mj *mj, const char *err)
{
    if (st != IMP_OK) {
        imp_mj_free(mj);
        return luaL_error(L, "mujoco.load: %s", st == IMP_ENOMEM ? "out of memory" : err);
    }
    model_ud *u = lua_newuserdatauv(L, sizeof *u, 0);
    u->mj = mj;
    luaL_setmetatable(L, MODEL_MT);
    return 1;
}

/* core._mujoco_load(path) -> model */
static int l_load(lua_State *L)
{
    const char *path = luaL_checkstring(L, 1);
    char err[1200];
    imp_mj *mj = NULL;
    /* the userdata's metatable must exist before the model is owned by it:
     * push_model cannot fail between the load and the handover */
    imp_status st = imp_mj_load(path, &mj, err, sizeof err);
    return push_model(L, st, mj, err);
}

/* core._mujoco_load_string(xml, name) -> model */
static int l_load_string(lua_State *L)
{
    const char *xml = luaL_checkstring(L, 1);
    const char *name = luaL_checkstring(L, 2);
    char err[1200];
    imp_mj *mj = NULL;
    imp_status st = imp_mj_load_string(xml, name, &mj, err, sizeof err);
    return push_model(L, st, mj, err);
}

void limp_mj_push_list(lua_State *L, const double *x, int n)
{
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_pushnumber(L, x[i]);
        lua_rawseti(L, -2, i + 1);
    }
}

/* core._mujoco_info(model) -> {nq, nv, timestep, bodies = {names}, qpos0} */
static int l_info(lua_State *L)
{
    imp_mj *mj = limp_mj_model(L, 1);
    int nq = imp_mj_nq(mj), nb = imp_mj_nbody(mj);
    lua_createtable(L, 0, 5);
    lua_pushinteger(L, nq);
    lua_setfield(L, -2, "nq");
    lua_pushinteger(L, imp_mj_nv(mj));
    lua_setfield(L, -2, "nv");
    lua_pushnumber(L, imp_mj_timestep(mj));
    lua_setfield(L, -2, "timestep");
    lua_createtable(L, nb, 0);
    for (int i = 0; i < nb; i++) {
        lua_pushstring(L, imp_mj_body_name(mj, i));
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "bodies");
    double *q = lua_newuserdatauv(L, (size_t)(nq > 0 ? nq : 1) * sizeof *q, 0);
    imp_mj_qpos0(mj, q);
    limp_mj_push_list(L, q, nq);
    lua_setfield(L, -3, "qpos0");
    lua_pop(L, 1);
    return 1;
}

/* t[key] as exactly n finite numbers into out. */
void limp_mj_numbers(const limp_check *c, int t, const char *key, int n,
                         double *out, const char *what)
{
    lua_State *L = c->L;
    if (lua_getfield(L, t, key) != LUA_TTABLE)
        limp_check_error(c, key, "must be a list of %d numbers (%s), got %s", n, what,
                         luaL_typename(L, -1));
    lua_Integer len = luaL_len(L, -1);
    if (len != n)
        limp_check_error(c, key, "must have %d entries (%s), got %lld", n, what, (long long)len);
    for (int i = 0; i < n; i++) {
        lua_rawgeti(L, -1, i + 1);
        int ok;
        double x = lua_tonumberx(L, -1, &ok);
        if (!ok || !isfinite(x))
            limp_check_error(c, key, "entry [%d] must be a finite number, got %s", i + 1,
                             ok ? "a non-finite number" : luaL_typename(L, -1));
        out[i] = x;
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

/* The body named c[key]: an unknown name lists the model's bodies. */
int limp_mj_body(const limp_check *c, int t, const char *key, imp_mj *mj)
{
    lua_State *L = c->L;
    if (lua_getfield(L, t, key) != LUA_TSTRING)
        limp_check_error(c, key, "must be a body's name (a string), got %s", luaL_typename(L, -1));
    const char *name = lua_tostring(L, -1);
    int b = imp_mj_body_id(mj, name);
    if (b <= 0) {   /* the world (0) cannot strike */
        luaL_Buffer B;
        luaL_buffinit(L, &B);
        for (int i = 1; i < imp_mj_nbody(mj); i++) {
            if (i > 1) luaL_addstring(&B, ", ");
            const char *s = imp_mj_body_name(mj, i);
            if (s[0]) lua_pushfstring(L, "'%s'", s);
            else lua_pushfstring(L, "(body %d, unnamed)", i);
            luaL_addvalue(&B);
        }
        luaL_pushresult(&B);
        /* pushed whole: a robot's list of bodies outgrows limp_check_error's buffer */
        limp_check_prefix_buf pb;
        lua_pushfstring(L, "%s: field '%s%s' names no moving body of the model (%s): its bodies are %s",
                        c->fn, limp_check_prefix(c, &pb), key, b == 0 ? "the world" : name,
                        lua_tostring(L, -1));
        lua_error(L);
    }
    lua_pop(L, 1);
    return b;
}

/* A 2- or 3-vector t[key] (list) into v (z = 0 for 2); returns its length. */
int limp_mj_vec23(const limp_check *c, int t, const char *key, double v[3])
{
    lua_State *L = c->L;
    if (lua_getfield(L, t, key) != LUA_TTABLE)
        limp_check_error(c, key, "must be a vector {x, y} or {x, y, z}, got %s", luaL_typename(L, -1));
    lua_Integer n = luaL_len(L, -1);
    if (n != 2 && n != 3)
        limp_check_error(c, key, "must have 2 or 3 entries, got %lld", (long long)n);
    v[2] = 0;
    for (int i = 0; i < n; i++) {
        lua_rawgeti(L, -1, i + 1);
        int ok;
        v[i] = lua_tonumberx(L, -1, &ok);
        if (!ok || !isfinite(v[i]))
            limp_check_error(c, key, "entry [%d] must be a finite number", i + 1);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return (int)n;
}

void limp_mj_push_matrix(lua_State *L, const double *A, int r, int n)
{
    lua_createtable(L, r, 0);
    for (int i = 0; i < r; i++) {
        limp_mj_push_list(L, A + (size_t)i * n, n);
        lua_rawseti(L, -2, i + 1);
    }
}

#endif /* IMPACT_HAVE_MUJOCO */

static int l_available(lua_State *L)
{
#ifdef IMPACT_HAVE_MUJOCO
    lua_pushboolean(L, 1);
#else
    lua_pushboolean(L, 0);
#endif
    return 1;
}

void limp_open_mujoco(lua_State *L)
{
    static const luaL_Reg funcs[] = {
        {"_mujoco_available", l_available},
#ifdef IMPACT_HAVE_MUJOCO
        {"_mujoco_load", l_load},
        {"_mujoco_load_string", l_load_string},
        {"_mujoco_info", l_info},
        {"_mujoco_mechanism", limp_mj_mechanism},
        {"_mujoco_run", limp_mj_run},
#endif
        {NULL, NULL}
    };
#ifdef IMPACT_HAVE_MUJOCO
    if (luaL_newmetatable(L, MODEL_MT)) {
        lua_pushcfunction(L, model_gc);
        lua_setfield(L, -2, "__gc");
    }
    lua_pop(L, 1);
#endif
    luaL_setfuncs(L, funcs, 0);
}
