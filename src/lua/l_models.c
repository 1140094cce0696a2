#include <lauxlib.h>

#include "module.h"

/* Placeholder until the models binding lands. */
int imp_solve2d_model(lua_State *L, int t)
{
    (void)t;
    return luaL_error(L, "solve2d: field 'model': published models are not available yet");
}

void imp_open_models(lua_State *L)
{
    (void)L;
}
