/* What l_mujoco.c (models, loading) and l_mujoco_mech.c (mechanism, runs)
 * share; only with MuJoCo (IMPACT_HAVE_MUJOCO). */
#ifndef IMPACT_LUA_L_MUJOCO_H
#define IMPACT_LUA_L_MUJOCO_H

#include <lua.h>

#include "check.h"
#include "mj_bridge.h"

#define MODEL_MT "impact.core.MujocoModel"   /* the userdata; lua/impact/mujoco.lua wraps it */

/* The model at stack index i (raises for a freed one). */
imp_mj *limp_mj_model(lua_State *L, int i);
/* t[key]: exactly n finite numbers into out (what: how the error names them). */
void limp_mj_numbers(const limp_check *c, int t, const char *key, int n,
                     double *out, const char *what);
/* The moving body named t[key]; an unknown name lists the model's bodies. */
int limp_mj_body(const limp_check *c, int t, const char *key, imp_mj *mj);
/* t[key] = {x, y} (z = 0) or {x, y, z} into v; returns 2 or 3. */
int limp_mj_vec23(const limp_check *c, int t, const char *key, double v[3]);
void limp_mj_push_list(lua_State *L, const double *x, int n);
/* r rows of n (row-major A) as a list of lists. */
void limp_mj_push_matrix(lua_State *L, const double *A, int r, int n);

int limp_mj_mechanism(lua_State *L);   /* core._mujoco_mechanism */
int limp_mj_run(lua_State *L);         /* core._mujoco_run */

#endif
