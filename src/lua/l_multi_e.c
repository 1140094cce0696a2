/* solve_multi's e given as a function: each contact's restitution
 * coefficient from its state before the impact, e(s) with s = {contact =,
 * vn0 =, vt0 =, dim =}, evaluated once per contact while the contacts are
 * read, so that every model runs on plain per-contact numbers (Newton's
 * coefficient for "moreau", Poisson's for "poisson", the energetic one of
 * each spring for "lzb", the single-contact law's for "sequential"). A
 * speed-dependent restitution e(vn0) is the common case. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "l_multi.h"

int limp_multi_e_is_function(lua_State *L, int idx)
{
    if (lua_isfunction(L, idx)) return 1;
    if (lua_istable(L, idx) && luaL_getmetafield(L, idx, "__call") != LUA_TNIL) {
        lua_pop(L, 1);
        return 1;
    }
    return 0;
}

/* "function <file:line>" or "callable table". */
static void label(lua_State *L, int fn, char *buf, size_t size)
{
    lua_Debug ar;
    if (lua_isfunction(L, fn)) {
        lua_pushvalue(L, fn);
        if (lua_getinfo(L, ">S", &ar)) {
            snprintf(buf, size, "function <%s:%d>", ar.short_src, ar.linedefined);
            return;
        }
    }
    snprintf(buf, size, "callable table");
}

double limp_multi_contact_e(const limp_check *c, int fn, int dflt, const multi_in *in, int i)
{
    lua_State *L = c->L;
    int n = in->n, d = in->d;
    const double *J = in->J + (size_t)n * d * i;
    double v[3] = {0, 0, 0};
    for (int r = 0; r < d; r++)
        for (int j = 0; j < n; j++) v[r] += J[r * n + j] * in->qdot[j];
    fn = lua_absindex(L, fn);
    luaL_checkstack(L, 4, "e");
    lua_pushvalue(L, fn);
    lua_createtable(L, 0, 4);
    lua_pushinteger(L, i + 1);
    lua_setfield(L, -2, "contact");
    lua_pushnumber(L, v[1]);
    lua_setfield(L, -2, "vn0");
    if (d == 2) {
        lua_pushnumber(L, v[0]);
    } else {
        double t[2] = {v[0], v[2]};
        lua_createtable(L, 2, 2);
        limp_set_xz(L, t);
    }
    lua_setfield(L, -2, "vt0");
    lua_pushinteger(L, d);
    lua_setfield(L, -2, "dim");
    char who[160], at[48] = "";
    if (dflt)   /* the default, for contact i: say which */
        snprintf(at, sizeof at, " for contacts[%d]", i + 1);
    if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
        const char *msg = lua_tostring(L, -1);
        if (msg && strcmp(msg, "interrupted!") == 0) lua_error(L);   /* Ctrl-C: as anywhere */
        label(L, fn, who, sizeof who);
        limp_check_error(c, "e", "(%s) raised an error%s: %s", who, at,
                         msg ? msg : luaL_typename(L, -1));
    }
    int isnum = lua_type(L, -1) == LUA_TNUMBER;
    double e = isnum ? lua_tonumber(L, -1) : NAN;
    if (!(e >= 0 && e <= 1)) {
        char got[64];
        if (isnum) snprintf(got, sizeof got, "%g", e);
        else snprintf(got, sizeof got, "%s", luaL_typename(L, -1));
        label(L, fn, who, sizeof who);
        limp_check_error(c, "e", "(%s) must return a number in [0, 1]%s, got %s", who, at, got);
    }
    lua_pop(L, 1);
    return e;
}
