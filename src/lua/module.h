/* The C module impact.core: one opener per area, each adding its functions
 * to the module table on top of the stack. */
#ifndef IMPACT_LUA_MODULE_H
#define IMPACT_LUA_MODULE_H

#include <stddef.h>

#include <lua.h>

int luaopen_impact_core(lua_State *L);

void limp_open_problem2d(lua_State *L); /* l_result2d.c: the Result2D metatable */
void limp_open_solve2d(lua_State *L);   /* l_solve2d.c: solve2d, classify2d, ... */
void limp_open_solve3d(lua_State *L);   /* l_solve3d.c: solve3d, rod, ... */
void limp_open_models(lua_State *L);    /* l_models.c: the published models */
void limp_open_analysis(lua_State *L);  /* l_analysis.c: impact space, painleve */
void limp_open_sweep(lua_State *L);     /* l_sweep.c: the C fast path of sweeps */
void limp_open_multi(lua_State *L);     /* l_multi.c, l_multi_out.c: solve_multi */
void limp_open_mechanism(lua_State *L); /* l_mechanism.c: prepare_mechanism */
void limp_open_fit(lua_State *L);       /* l_fit.c, l_fit_eval.c: core._fit (impact.fit) */
void limp_open_simulate(lua_State *L);  /* l_simulate.c, l_scene2d.c, l_system.c: scene2d, system, _simulate */
void limp_open_mujoco(lua_State *L);    /* l_mujoco.c: impact.mujoco's C half */
void limp_open_compliance(lua_State *L); /* l_compliance.c: the compliance table's fields */

#endif
