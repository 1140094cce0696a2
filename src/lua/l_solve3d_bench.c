/* core._solve3d_bench: the plain C loop of solves that bench/sweep3d.lua
 * measures a 3D sweep against, in the same process and on the same clock. */
#include <time.h>

#include <lauxlib.h>

#include "l_solve3d.h"
#include "sweep3d.h"

static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* core._solve3d_bench(problem, field, values) -> us: CPU time per point of
 * solving problem (solve3d's form of one body or two, a built-in law) with
 * the numeric field set to each of values in turn, in a plain loop: the points
 * of a one-field sweep, without the sweep. */
int limp_solve3d_bench(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    const char *name = luaL_checkstring(L, 2);
    luaL_checktype(L, 3, LUA_TTABLE);
    imp_problem3d base, p;
    imp_sweep2d s = {0};
    if (!limp_problem3d_read_flat(L, 1, &base)) return luaL_error(L, "solve3d_bench: not a body or two bodies with a built-in law");
    if (!imp_sweep3d_add_field(&s, &base, name) || s.noff[0] == 0)
        return luaL_argerror(L, 2, "not a numeric field of the 3D fast path");
    lua_Integer n = luaL_len(L, 3);
    luaL_argcheck(L, n > 0, 3, "no values");
    double *v = lua_newuserdatauv(L, (size_t)n * sizeof *v, 0);
    for (lua_Integer i = 0; i < n; i++) {
        lua_geti(L, 3, i + 1);
        v[i] = luaL_checknumber(L, -1);
        lua_pop(L, 1);
    }
    volatile double acc = 0;
    imp_contact3d c;
    imp_result3d r;
    double t0 = cpu_seconds();
    for (lua_Integer i = 0; i < n; i++) {
        p = base;
        for (int o = 0; o < s.noff[0]; o++) *(double *)(void *)((char *)&p + s.off[0][o]) = v[i];
        if (imp_problem3d_solve(&p, &c, &r) == IMP_OK) acc += r.P[1];
    }
    double dt = cpu_seconds() - t0;
    (void)acc;
    lua_pushnumber(L, 1e6 * dt / (double)n);
    return 1;
}
