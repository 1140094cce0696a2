/* Helpers of the sweep area (l_sweep_util.c), added to the module table on
 * top of the stack by the sweep opener. */
#ifndef IMPACT_L_SWEEP_UTIL_H
#define IMPACT_L_SWEEP_UTIL_H

#include <lua.h>

void imp_open_sweep_util(lua_State *L);

#endif
