/* A mechanism in a 2D problem table (M, J, qdot; Keller 1986's
 * generalized-coordinate view): read and checked into an imp_mech, its
 * contact coefficients for the 2D solvers, and the result's generalized
 * fields (qdot after, T0, energy_ratio, dT checked from M). */
#ifndef IMPACT_L_MECH2D_H
#define IMPACT_L_MECH2D_H

#include "check.h"
#include "impact2d.h"
#include "mechanism.h"

/* Reads t.M (n rows of n), J (2 rows of n) and qdot (n) with raw reads
 * (or t.mechanism, prepared, and qdot),
 * factors them and sets *coef. The caller has checked that M is given,
 * J and qdot too, and no bodies or coefficients. The imp_mech
 * lives in a per-state scratch buffer, or, when Lua code can run before
 * the result is built (fresh != 0: a custom law, a table with a
 * metatable), in a new userdata left on the stack. Raises naming the
 * field. */
const imp_mech *limp_mech2d_read(const limp_check *c, int t, int fresh,
                                 imp_coef2d *coef);

/* On the table on top of the stack: qdot (after), T0, energy_ratio, from
 * the contact impulse (Px, Py); dT from M must agree with the
 * contact-space dT (else a named error). */
void limp_mech2d_result(lua_State *L, const char *fn, const imp_mech *mc,
                        double Px, double Py);

/* Creates the scratch buffer (at opening). */
void limp_open_mech2d(lua_State *L);

#endif
