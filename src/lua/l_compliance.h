/* compliance = {eta2 =} | {nu =} in solve2d and solve3d: Stronge's
 * tangential compliance (core: compliance2d.h). solve2d and solve3d hand a
 * table holding `compliance` to these (l_compliance.c). */
#ifndef IMPACT_L_COMPLIANCE_H
#define IMPACT_L_COMPLIANCE_H

#include <lua.h>

/* solve2d(t) with t.compliance: coefficients, bodies or a mechanism. */
int limp_solve2d_compliance(lua_State *L, int t);

/* solve3d(t) with t.compliance: one body on the plane whose slip keeps
 * one direction (a sphere, a planar motion); other bodies raise "not yet
 * supported". */
int limp_solve3d_compliance(lua_State *L, int t);

#endif
