/* What l_solve3d.c shares with l_solve3d_mech.c: the body reader and the
 * readers of the two other forms of solve3d's problem (two bodies, a
 * mechanism). */
#ifndef IMPACT_LUA_SOLVE3D_H
#define IMPACT_LUA_SOLVE3D_H

#include "check.h"
#include "impact3d.h"
#include "l_law.h"
#include "mechanism.h"
#include "sweep3d.h"

typedef struct {
    imp_body3d body;
    int full_inertia;          /* a 3x3 body inertia was given */
    double moments[3], axes[9];/* principal moments and axes (body frame) */
    double Ib[9], R[9];        /* the body-frame inertia and the orientation */
} limp_body3d_in;

/* The fields solve3d's table may hold. */
extern const char *const limp_solve3d_fields[];

/* m, inertia, orientation and r from the table at bt (not v, w). */
void limp_body3d_read_shape(const limp_check *c, int bt, limp_body3d_in *bi);

/* Body 1: body = {...} or the top level, v and w from either (solve3d's
 * rules). */
void limp_solve3d_read_body(const limp_check *top, int t, limp_body3d_in *bi);
/* Friction, method, options and law (custom: pushes the law and its state). */
void limp_solve3d_read_settings(const limp_check *c, int t, double *mu_s, double *mu_k,
                                int *method, imp_opts3d *o, imp_law *law, limp_lua_law *lctx);
/* Is this a mechanism problem (M, J or qdot given)? Raises when a body's
 * field is mixed in. */
int limp_solve3d_is_mech(const limp_check *c, int t);
/* body2 = {...}: shape, v and w (both default 0: a body at rest). */
void limp_solve3d_read_body2(const limp_check *c, int t, limp_body3d_in *bi);
/* The pair's contact data, or an error naming the body and field;
 * body1_prefix is "body." or "" (body 1 given at the top level). */
void limp_solve3d_pair(const limp_check *c, const char *body1_prefix, const limp_body3d_in *b1,
                       const limp_body3d_in *b2, imp_pair3d *p);
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
/* solve3d's problem at t, read (and checked, raising) as solve3d reads
 * it, into the sweeps' flat 3D problem; 0 (nothing raised) for a form the
 * fast path does not take: a mechanism, a custom law (l_sweep3d.c). */
int limp_solve3d_read_problem(lua_State *L, int t, imp_problem3d *p);

/* core._solve3d_bench (l_solve3d_bench.c). */
int limp_solve3d_bench(lua_State *L);

/* The mechanism userdata's metatable. */
void limp_solve3d_open_mech(lua_State *L);

#endif
