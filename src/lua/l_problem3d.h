/* Reading solve3d's problem table (l_problem3d.c): the shared layer of
 * solve3d and the 3D sweep's C path, as l_problem2d.h is for 2D. */
#ifndef IMPACT_LUA_PROBLEM3D_H
#define IMPACT_LUA_PROBLEM3D_H

#include "check.h"
#include "impact3d.h"
#include "l_law.h"
#include "mechanism.h"   /* imp_pair3d */
#include "sweep3d.h"

/* solve3d's method, an index in imp_sweep3d_methods ("exact", "algebraic"). */
enum { LIMP_EXACT3D, LIMP_ALGEBRAIC3D };

typedef struct {
    imp_body3d body;
    int full_inertia;          /* a 3x3 body inertia was given */
    double moments[3], axes[9];/* principal moments and axes (body frame) */
    double Ib[9], R[9];        /* the body-frame inertia and the orientation */
} limp_body3d_in;

/* The fields solve3d's table may hold, and a body table's (body = {...}). */
extern const char *const limp_problem3d_fields[];
extern const char *const limp_problem3d_body_fields[];

/* m, inertia, orientation and r from the table at bt (not v, w). */
void limp_problem3d_read_shape(const limp_check *c, int bt, limp_body3d_in *bi);

/* Body 1: body = {...} or the top level, v and w from either (solve3d's
 * rules). */
void limp_problem3d_read_body(const limp_check *top, int t, limp_body3d_in *bi);
/* Friction, method, options and law (custom: pushes the law and its state). */
void limp_problem3d_read_settings(const limp_check *c, int t, double *mu_s, double *mu_k,
                                  int *method, imp_opts3d *o, imp_law *law, limp_lua_law *lctx);
/* Is this a mechanism problem (M, J or qdot given)? Raises when a body's
 * field is mixed in. */
int limp_problem3d_is_mech(const limp_check *c, int t);
/* body2 = {...}: shape, v and w (both default 0: a body at rest). */
void limp_problem3d_read_body2(const limp_check *c, int t, limp_body3d_in *bi);
/* The pair's contact data, or an error naming the body and field;
 * body1_prefix is "body." or "" (body 1 given at the top level). */
void limp_problem3d_pair(const limp_check *c, const char *body1_prefix, const limp_body3d_in *b1,
                         const limp_body3d_in *b2, imp_pair3d *p);
/* solve3d's problem at t, read (and checked, raising) as solve3d reads
 * it, into the sweeps' flat 3D problem; 0 (nothing raised) for a form the
 * fast path does not take: a mechanism, a custom law. */
int limp_problem3d_read_flat(lua_State *L, int t, imp_problem3d *p);

#endif
