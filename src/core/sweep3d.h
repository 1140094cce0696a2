/* The 3D form of the sweeps' C fast path (sweep2d.h runs it): solve3d's
 * problem of one body on the fixed plane with a built-in law, as a flat
 * struct whose numeric fields a sweep varies by name, and the result
 * columns a point fills, named as in solve3d's flattened result. */
#ifndef IMPACT_SWEEP3D_H
#define IMPACT_SWEEP3D_H

#include "impact3d.h"
#include "sweep2d.h"

typedef struct {
    double m;
    double Ib[9], moments[3], axes[9];  /* body frame: inertia, principal data */
    double R[9];                        /* orientation, unless by_theta */
    double theta1, theta2;              /* with by_theta: R = imp_rotation_sb */
    int by_theta;
    double r[3], v[3], w[3];
    double mu_s, mu_k;
    imp_law law;                        /* built-in */
    int method;                         /* index in imp_sweep3d_methods */
    imp_opts3d opts;                    /* rtol, max_steps (no track) */
} imp_problem3d;

/* "exact", "algebraic", NULL. */
extern const char *const imp_sweep3d_methods[];

/* The 3D form; s->form_base must point to an imp_problem3d. */
extern const imp_sweep_form imp_sweep3d_form;

/* Adds a varied field by name ("m", "theta1", "theta2", "v.x" or "v.1" ...,
 * "w.*", "r.*", "mu", "mu_s", "mu_k", "e", "law", "method"); 0 if unknown.
 * theta1 or theta2 makes the orientation the angles' (sets by_theta in
 * base, which the caller owns). */
int imp_sweep3d_add_field(imp_sweep2d *s, imp_problem3d *base, const char *name);

/* The output kind of a column name of solve3d's flattened result ("P.x",
 * "P.1", "dT", "steps", ...), or -1. */
int imp_sweep3d_out_index(const char *name);

/* Solves one problem: IMP_OK with c and r (body velocities applied), else the
 * failing status (IMP_EINPUT for invalid data, IMP_EOVERFLOW for a result
 * that is not finite). */
imp_status imp_problem3d_solve(const imp_problem3d *p, imp_contact3d *c, imp_result3d *r);

#endif
