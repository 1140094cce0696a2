/* The bridge to MuJoCo (compiled only when the build finds it; CMake
 * defines IMPACT_HAVE_MUJOCO then). Plain C, no Lua: load an MJCF or URDF
 * file, set a state, read MuJoCo's generalized mass matrix and a contact
 * point's Jacobian in the workbench's contact frame, and run MuJoCo's own
 * soft contact through one impact (mj_run.c).
 *
 * Coordinates are MuJoCo's: qpos has nq entries, qvel nv (nq > nv with free
 * or ball joints, whose orientation is a quaternion); M is nv x nv and J has
 * nv columns, so the solvers' qdot is qvel. Every function returns an
 * imp_status; a failure's text (MuJoCo's own message, with the file named)
 * is in imp_mj_error(model) or, for a load, in the caller's buffer. */
#ifndef IMPACT_MJ_BRIDGE_H
#define IMPACT_MJ_BRIDGE_H

#include <stddef.h>

#include "status.h"

typedef struct imp_mj imp_mj;   /* a model, its data and scratch */

/* Load path (MJCF or URDF, by MuJoCo's reader). On failure *out = NULL and
 * err holds "cannot load 'path': <MuJoCo's message>". */
imp_status imp_mj_load(const char *path, imp_mj **out, char *err, size_t errlen);
/* Load from XML text held in memory (name: how messages name it). */
imp_status imp_mj_load_string(const char *xml, const char *name, imp_mj **out,
                              char *err, size_t errlen);
void imp_mj_free(imp_mj *mj);

/* The last failure's text ("" when none). */
const char *imp_mj_error(const imp_mj *mj);

int imp_mj_nq(const imp_mj *mj);
int imp_mj_nv(const imp_mj *mj);
int imp_mj_nbody(const imp_mj *mj);     /* body 0 is MuJoCo's world */
double imp_mj_timestep(const imp_mj *mj);
/* Body i's name ("" for an unnamed body, "world" for body 0). */
const char *imp_mj_body_name(const imp_mj *mj, int i);
/* A body's index by name, or -1. */
int imp_mj_body_id(const imp_mj *mj, const char *name);
/* The model's default qpos (qpos0: joint references, unit quaternions). */
void imp_mj_qpos0(const imp_mj *mj, double *qpos);

/* Set the state (qpos: nq, qvel: nv; qvel may be NULL: zero) and compute
 * the kinematics, com-based quantities and M (MuJoCo's mj_kinematics,
 * mj_comPos, mj_crb: what mj_fullM and mj_jac read). */
imp_status imp_mj_set_state(imp_mj *mj, const double *qpos, const double *qvel);

/* M (nv x nv, row-major, symmetric) at the state last set. */
void imp_mj_mass(imp_mj *mj, double *M);

/* The contact frame of the workbench (impact.system2d/system3d):
 * rows = 2: the planar frame in MuJoCo's world x-y plane, n = (nx, ny, 0):
 *   row 1 the tangent (ny, -nx, 0) (n turned by -90 degrees), row 2 n;
 * rows = 3: row 2 = n, rows 1 and 3 world x and z turned by the smallest
 *   rotation taking +y onto n (for n_y < 0, a half-turn about world x first).
 * n must be a unit vector. frame: rows x 3, row-major. */
void imp_mj_frame(int rows, const double n[3], double *frame);

/* The Jacobian (rows x nv, row-major) of the velocity of the world point p,
 * moving with body b, in the contact frame: J qvel = the point's velocity
 * in frame components (mj_jac's translational part, rotated). offset: the
 * distance from p to the nearest of the body's geoms' bounding spheres
 * (0 inside one; -1 when the body has no geom), for flagging a point far
 * from the body. */
imp_status imp_mj_jacobian(imp_mj *mj, int b, const double p[3], int rows,
                           const double n[3], double *J, double *offset);

/* One impact run by MuJoCo: from qpos, qvel (the striking body approaching
 * or already touching), mj_step until the body's contacts end. */
typedef struct {
    int body;             /* the striking body: contacts with its geoms count */
    int gravity;          /* 0: gravity off during the run (the rigid impact has none) */
    double max_time;      /* give up after this simulated time (s) */
    int set_solref;       /* 1: put solref on every geom and pair first */
    double solref[2];
} imp_mj_run_opts;

typedef struct {
    int contacted;        /* a contact of the body was seen */
    int separated;        /* ... and ended within max_time */
    int steps;            /* steps taken in all */
    int contact_steps;    /* steps with a contact of the body */
    double t_contact;     /* simulated time at first contact */
    double duration;      /* time in contact */
    double depth_max;     /* deepest penetration (MuJoCo's -dist) */
    double point[3];      /* first contact's point (world, at first contact) */
    double normal[3];     /* its normal, pointing into the striking body */
    double vn0, vn1;      /* the point's normal velocity relative to the other
                             body at first contact and at separation */
    double T0, T1;        /* kinetic energy 1/2 qvel' M qvel then and at the end */
    double mu;            /* the first contact's tangential friction (MuJoCo's
                             mix of the two geoms': the larger) */
} imp_mj_run_result;

/* qpos (nq), qvel (nv) in; qpos_out (nq), qvel_out (nv) the state where the
 * contact ended (or at max_time). The model's own solref is restored after
 * a run with set_solref. IMP_EINPUT with the text in imp_mj_error for a
 * MuJoCo error or an unstable run (a bad qacc). */
imp_status imp_mj_run(imp_mj *mj, const double *qpos, const double *qvel,
                      const imp_mj_run_opts *o, double *qpos_out,
                      double *qvel_out, imp_mj_run_result *r);

#endif
