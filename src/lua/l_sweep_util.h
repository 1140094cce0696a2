/* Helpers of the sweep area (l_sweep_util.c), added to the module table on
 * top of the stack by the sweep opener. */
#ifndef IMPACT_L_SWEEP_UTIL_H
#define IMPACT_L_SWEEP_UTIL_H

#include <lua.h>
#include <lauxlib.h>

void limp_open_sweep_util(lua_State *L);
void limp_open_files(lua_State *L);   /* l_files.c: paths, private files, memory */
void limp_open_json(lua_State *L);    /* l_json.c: a sweep's JSON columns */

/* Appends x as impact.study.csv writes a float: the shortest of %.15g,
 * %.16g, %.17g that reads back to x; nan, inf, -inf; 0 for -0. */
void limp_csv_number(luaL_Buffer *b, double x);

#endif
