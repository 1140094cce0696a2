/* The binding of solve_multi: reading (l_multi.c) and the result
 * (l_multi_out.c). */
#ifndef IMPACT_LUA_MULTI_H
#define IMPACT_LUA_MULTI_H

#include <lua.h>

#include "check.h"
#include "mechanism.h"
#include "multi.h"

#define MULTI_MT "impact.MultiResult"

/* The problem as read: M (n x n), qdot, stacked J (d*k x n), row-major,
 * each scaled by a power of two (M by 2^-eM, qdot by 2^-eq, contact i's
 * rows of J by 2^-eJ[i]; their largest entries in [1, 2)) so that the
 * energies and contact velocities stay normal doubles whatever the units,
 * and a contact's units do not weigh against another's; the result is
 * scaled back (limp_multi_push). */
typedef struct {
    int n, k, d;
    int eM, eq, eJ[IMP_MULTI_MAX];
    double M[IMP_MECH_NMAX * IMP_MECH_NMAX];
    double qdot[IMP_MECH_NMAX];
    double J[IMP_MECH_ROWS * IMP_MECH_NMAX];
    imp_multi_problem p;
    imp_mech mc;
} multi_in;

/* Raise the named error of a failed model (never returns). */
int limp_multi_raise(const limp_check *c, const char *model, imp_status st,
                    const imp_multi_result *r);
/* Push the result table (metatable impact.MultiResult); checks dT from M
 * against dT from the contacts. */
int limp_multi_push(lua_State *L, const limp_check *c, const multi_in *in,
                   const char *model, const imp_multi_result *r);

#endif
