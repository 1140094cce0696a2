/* The binding of solve_multi: reading (l_multi.c) and the result
 * (l_multi_out.c). The numerics (normalisation, the checks, the model,
 * the energy cross-check, the scale-back) are imp_multi_solve's
 * (multi_solve.h); the binding converts tables to its input and its
 * output to tables. */
#ifndef IMPACT_LUA_MULTI_H
#define IMPACT_LUA_MULTI_H

#include <lua.h>

#include "check.h"
#include "mechanism.h"
#include "multi_solve.h"

#define MULTI_MT "impact.MultiResult"

/* The problem as read: M (n x n), qdot, stacked J (d*k x n), row-major,
 * the contacts, and imp_multi_solve's workspace (a custom law may raise
 * out of the solve: the workspace is the caller's, freed by the GC). */
typedef struct {
    int n, k, d;
    double M[IMP_MECH_NMAX * IMP_MECH_NMAX];
    double qdot[IMP_MECH_NMAX];
    double J[IMP_MECH_ROWS * IMP_MECH_NMAX];
    imp_multi_contact c[IMP_MULTI_MAX];
    imp_multi_space work;
} multi_in;

/* e = function(s) (l_multi_e.c): whether the value at idx is one (a
 * function or a callable table), and contact i's coefficient from it
 * (fn: its stack index; dflt: the top-level default, c the top check,
 * else the contact's own, c its sub-check), evaluated on the contact's state before the impact
 * {contact =, vn0 =, vt0 =, dim =} and checked in [0, 1] (errors name
 * the field; Ctrl-C re-raised as it is). J and qdot must be read. */
int limp_multi_e_is_function(lua_State *L, int idx);
double limp_multi_contact_e(const limp_check *c, int fn, int dflt, const multi_in *in, int i);

/* Raise the named error of a failed solve but a custom law's (never
 * returns). */
int limp_multi_raise(const limp_check *c, const imp_multi_model *m, imp_status st,
                    const imp_multi_fail *f);
/* Push the result table (metatable impact.MultiResult). */
int limp_multi_push(lua_State *L, const multi_in *in, const imp_multi_model *m,
                   const imp_multi_output *o);
/* The same table from its parts (the simulator's impacts): k contacts of d
 * rows, v0 their pre-impact velocities; idx (may be NULL) the contacts'
 * indices in a larger system, 0-based: each contact gets contact =
 * idx[i] + 1 and order lists them. */
void limp_multi_push_result(lua_State *L, const imp_multi_model *m, const imp_multi_result *r,
                            const double *v0, int k, int d, const int *idx,
                            const double *qdot, int n, double T0, double dT,
                            double energy_ratio);
/* t.model (default the registry's first row) checked against the
 * registry: the row's index. */
int limp_multi_check_model(const limp_check *c, int t);
/* core._multi_models: the registry as a list of {name =, scaled =,
 * params =, fields =} (the module table on top). */
void limp_multi_publish(lua_State *L);

#endif
