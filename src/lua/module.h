/* The C module impact.core: one opener per area, each adding its functions
 * to the module table on top of the stack. */
#ifndef IMPACT_LUA_MODULE_H
#define IMPACT_LUA_MODULE_H

#include <stddef.h>

#include <lua.h>

int luaopen_impact_core(lua_State *L);

void imp_open_solve2d(lua_State *L);   /* l_solve2d.c: solve2d, classify2d, ... */
void imp_open_solve3d(lua_State *L);   /* l_solve3d.c: solve3d, rod, ... */
void imp_open_models(lua_State *L);    /* l_models.c: the published models */
void imp_open_analysis(lua_State *L);  /* l_analysis.c: impact space, painleve */
void imp_open_sweep(lua_State *L);     /* l_sweep.c: the C fast path of sweeps */
void imp_open_multi(lua_State *L);    /* l_multi.c: solve_multi */

/* solve2d with t.model set to a published model other than "routh": the 2D
 * binding calls this (l_models.c) with the problem table at index t. */
int imp_solve2d_model(lua_State *L, int t);

/* An imp_field_note (check.h) for Routh's path: a published model's own
 * parameter "is only used by model ..., not by \"routh\"" (l_models.c). */
const char *imp_model_param_note(void *ud, const char *key, char *buf, size_t n);

/* The fields of a 2D body and of solve2d's table on Routh's path
 * (l_solve2d.c). */
extern const char *const imp_body2d_fields[];
extern const char *const imp_solve2d_fields[];

#endif
