#include "module.h"

/* Placeholder until the models binding lands. */
void imp_open_models(lua_State *L)
{
    (void)L;
}
