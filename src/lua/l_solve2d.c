#include "module.h"

/* Placeholder until the solve2d binding lands. */
void imp_open_solve2d(lua_State *L)
{
    (void)L;
}
