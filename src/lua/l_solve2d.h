/* The solve2d binding's parser and result builder, shared with the sweep's
 * C fast path: parse a base problem once, vary fields through
 * imp_problem2d_set, solve in C. */
#ifndef IMPACT_L_SOLVE2D_H
#define IMPACT_L_SOLVE2D_H

#include "check.h"
#include "impact2d.h"
#include "l_law.h"

/* Reads the problem table at index t: B1, B2, B3, S0, C0 or body1 (and
 * body2), mu / mu_s / mu_k, e, law. Raises a Lua error naming the field for
 * bad input (the physical checks are imp_problem2d_check's). A custom law
 * leaves two values on the stack (the law and its state object, see
 * imp_law_check) that must stay there while p is solved. */
void imp_problem2d_from_lua(const imp_check *c, int t, imp_problem2d *p,
                            imp_lua_law *lctx);

/* Solves p (a custom law under one protected call) and raises on failure
 * with a message naming the law or the field. */
void imp_problem2d_solve_lua(const imp_check *c, const imp_problem2d *p,
                             imp_result2d *r, double post[2][3]);

/* Pushes an impulse-space path: a list of {Px, Py, S, C, event}. */
void imp_path2d_push(lua_State *L, const imp_vertex2d *vert, int n);

/* Pushes the result table of solve2d (metatable impact.Result2D). */
void imp_result2d_push(lua_State *L, const imp_problem2d *p,
                       const imp_result2d *r, const double post[2][3]);

#endif
