#include "module.h"

/* Placeholder until the analysis binding lands. */
void imp_open_analysis(lua_State *L)
{
    (void)L;
}
