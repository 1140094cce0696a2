/* What l_solve3d.c shares with l_solve3d_mech.c (the mechanism form of
 * solve3d's problem, the results of the pair and mechanism forms) and
 * l_solve3d_bench.c. The problem's reading is l_problem3d.h's. */
#ifndef IMPACT_LUA_SOLVE3D_H
#define IMPACT_LUA_SOLVE3D_H

#include "l_problem3d.h"
#include "mechanism.h"

/* M, J, qdot checked and factored; fills the contact data. The mechanism
 * lives in a per-state scratch buffer, or, when Lua code can run before
 * the result is built (fresh != 0: a custom law, a table with a
 * metatable), in a userdata left on the stack (freed by the collector
 * even if a later check raises). */
imp_mech *limp_solve3d_read_mech(const limp_check *c, int t, int fresh, imp_contact3d *cc);
/* The post-impact fields of each form, into the result table on top. */
void limp_solve3d_push_pair(lua_State *L, const limp_body3d_in *b1, const limp_body3d_in *b2,
                            const imp_pair3d *p, const double P[3]);
void limp_solve3d_push_mech(const limp_check *c, const imp_mech *mc, imp_result3d *r);
/* core._solve3d_bench (l_solve3d_bench.c). */
int limp_solve3d_bench(lua_State *L);

/* The mechanism userdata's metatable. */
void limp_solve3d_open_mech(lua_State *L);

#endif
