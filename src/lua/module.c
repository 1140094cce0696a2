#include <lauxlib.h>

#include "check.h"
#include "interrupt.h"
#include "l_law.h"
#include "module.h"
#include "version.h"

/* core.interrupted(): whether Ctrl-C was pressed since the last clear. */
static int l_interrupted(lua_State *L)
{
    lua_pushboolean(L, imp_interrupted());
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
        {NULL, NULL}
    };
    luaL_newlib(L, funcs);
    lua_pushstring(L, IMPACT_VERSION);
    lua_setfield(L, -2, "version");
    imp_law_open(L);
    imp_open_solve2d(L);
    imp_open_solve3d(L);
    imp_open_models(L);
    imp_open_analysis(L);
    imp_open_sweep(L);
    imp_open_multi(L);
    imp_open_check(L);
    return 1;
}
