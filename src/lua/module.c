/* The module impact.core: luaopen_impact_core opens each area in turn
 * (the shared 2D problem layer first) and adds core._num, the
 * interrupt flag's accessors and the version. */
#include <lauxlib.h>

#include "check.h"
#include "csvnum.h"
#include "interrupt.h"
#include "l_law.h"
#include "l_mech2d.h"
#include "mechanism.h"
#include "module.h"
#include "version.h"

/* core.interrupted(): whether Ctrl-C was pressed since the last clear. */
static int l_interrupted(lua_State *L)
{
    lua_pushboolean(L, imp_interrupt_pending());
    return 1;
}

/* core._num(x): x in its shortest round-trip text (imp_csv_double), the
 * one formatter of the CSV files and the messages. */
static int l_num(lua_State *L)
{
    char buf[IMP_CSVNUM_MAX];
    size_t n = imp_csv_double(luaL_checknumber(L, 1), buf);
    lua_pushlstring(L, buf, n);
    return 1;
}

static int l_clear_interrupt(lua_State *L)
{
    (void)L;
    imp_interrupt_clear();
    return 0;
}

int luaopen_impact_core(lua_State *L)
{
    static const luaL_Reg funcs[] = {
        {"_interrupted", l_interrupted},
        {"_clear_interrupt", l_clear_interrupt},
        {"_num", l_num},
        {NULL, NULL}
    };
    luaL_newlib(L, funcs);
    lua_pushstring(L, IMPACT_VERSION);
    lua_setfield(L, -2, "version");
    lua_pushinteger(L, IMP_MECH_NMAX);   /* the most coordinates a solver takes */
    lua_setfield(L, -2, "_coordinates_max");
    limp_law_open(L);
    limp_open_problem2d(L);
    limp_open_mech2d(L);
    limp_open_mechanism(L);
    limp_open_solve2d(L);
    limp_open_solve3d(L);
    limp_open_models(L);
    limp_open_analysis(L);
    limp_open_sweep(L);
    limp_open_multi(L);
    limp_open_fit(L);
    limp_open_simulate(L);
    limp_open_check(L);
    limp_open_mujoco(L);
    limp_open_compliance(L);
    return 1;
}
