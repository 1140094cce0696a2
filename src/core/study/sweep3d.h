/* The 3D form of the sweeps' C fast path (sweep2d.h runs it): solve3d's
 * problem of one body on the fixed plane, or of two moving bodies, with a
 * built-in law, as a flat
 * struct whose numeric fields a sweep varies by name, and the result
 * columns a point fills, named as in solve3d's flattened result. */
#ifndef IMPACT_SWEEP3D_H
#define IMPACT_SWEEP3D_H

#include "impact3d.h"
#include "sweep2d.h"

/* One body of the problem: what solve3d reads of it, flat. */
typedef struct {
    double m;
    double Ib[9], moments[3], axes[9];  /* body frame: inertia, principal data */
    double R[9];                        /* orientation, unless by_theta */
    double theta1, theta2;              /* with by_theta: R = imp_rotation_sb */
    int by_theta;
    int by_moments;                     /* principal moments varied: checked */
    double r[3], v[3], w[3];
} imp_sweep3d_body;

typedef struct {
    imp_sweep3d_body b[2];              /* b[1]: body2, when pair */
    int pair;                           /* two moving bodies (pair3d.c) */
    double mu_s, mu_k;
    imp_law law;                        /* built-in */
    int method;                         /* index in imp_sweep3d_methods */
    imp_opts3d opts;                    /* rtol, max_steps (no track) */
} imp_problem3d;

/* solve3d's bounds on rtol (the exact method's tolerance). */
#define IMP_SWEEP3D_RTOL_MIN 1e-14
#define IMP_SWEEP3D_RTOL_MAX 1e-3

/* "exact", "algebraic", NULL. */
extern const char *const imp_sweep3d_methods[];

/* The 3D form; s->form_base must point to an imp_problem3d. */
extern const imp_sweep_form imp_sweep3d_form;

/* Adds a varied field by name; 0 if unknown. Body 1's fields: "m",
 * "theta1", "theta2", "v.x" or "v.1" ..., "w.*", "r.*", "inertia.1" ..
 * "inertia.3" (of a principal list {I1, I2, I3}), at the top level or
 * under "body."; body 2's under "body2." (base->pair set); the rest: "mu",
 * "mu_s", "mu_k", "e", "rtol", "law", "method". theta1 or theta2 makes that
 * body's orientation the angles' (sets by_theta in base, which the caller
 * owns). Which form of a name solve3d reads is the caller's to know. */
int imp_sweep3d_add_field(imp_sweep2d *s, imp_problem3d *base, const char *name);

/* The output kind of a column name of solve3d's flattened result ("P.x",
 * "P.1", "dT", "steps", ...), or -1. */
int imp_sweep3d_out_index(const char *name);

/* Solves one problem: IMP_OK with c and r (body 1's velocities applied),
 * else the failing status: IMP_EINPUT for data solve3d's reader rejects
 * (m, rtol, a friction coefficient too large), IMP_EOVERFLOW for a result
 * that is not finite. */
imp_status imp_problem3d_solve(const imp_problem3d *p, imp_contact3d *c, imp_result3d *r);

#endif
