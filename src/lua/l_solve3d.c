#include "module.h"

/* Placeholder until the solve3d binding lands. */
void imp_open_solve3d(lua_State *L)
{
    (void)L;
}
