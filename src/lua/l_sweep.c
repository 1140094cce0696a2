#include "module.h"

/* Placeholder until the sweep binding lands. */
void imp_open_sweep(lua_State *L)
{
    (void)L;
}
