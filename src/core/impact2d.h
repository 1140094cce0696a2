/* Planar impact with friction: Routh's impulse-space method as in Wang &
 * Mason 1992 (PHYSICS.md A and B). Conventions: contact normal +y from
 * body 2 (or the ground) into body 1; impulses act on body 1.
 *
 *   S = S0 + B1*Px - B3*Py        C = C0 - B3*Px + B2*Py
 */
#ifndef IMPACT_IMPACT2D_H
#define IMPACT_IMPACT2D_H

#include "law.h"
#include "status.h"

typedef struct { double B1, B2, B3, S0, C0; } imp_coef2d;

/* One planar body: (x, y) is its centre of mass measured from the contact
 * point in the contact frame; I = m*rho^2. */
typedef struct { double m, rho, x, y, vx, vy, w; } imp_body2d;

typedef enum {
    IMP_MODE_NONE = 0,
    IMP_MODE_SLIDING,
    IMP_MODE_C_STICKING,
    IMP_MODE_R_STICKING,
    IMP_MODE_C_REVERSED,
    IMP_MODE_R_REVERSED
} imp_mode;

typedef enum {
    IMP_CLASS_DIRECT = 0,
    IMP_CLASS_CENTRAL,
    IMP_CLASS_ECCENTRIC,
    IMP_CLASS_TANGENTIAL
} imp_class;

typedef enum {
    IMP_EV_START = 0,
    IMP_EV_STICK,
    IMP_EV_REVERSE,
    IMP_EV_MAXC,
    IMP_EV_END
} imp_event;

/* API names: "sliding", "C-sticking", ...; "direct", ...; "start", ... */
const char *imp_mode_name(imp_mode m);
const char *imp_class_name(imp_class c);
const char *imp_event_name(imp_event e);

typedef struct {
    double Px, Py;      /* accumulated impulse at the vertex */
    double S, C;        /* contact velocities there */
    imp_event event;
} imp_vertex2d;

#define IMP_PATH2D_MAX 8

typedef struct {
    double Px, Py;      /* total impulse on body 1 */
    double S, C;        /* final sliding and normal contact velocity */
    double dT;          /* kinetic energy change, eq 57 */
    double Wc, Wr, Wf;  /* path decomposition: dT = Wc + Wr + Wf */
    double Pc;          /* normal impulse at maximum compression */
    imp_mode mode;
    imp_class cls;
    int nvert;
    imp_vertex2d vert[IMP_PATH2D_MAX];
} imp_result2d;

/* B1, B2, B3 of two bodies (b2 == NULL: the fixed ground) and S0, C0 of
 * their pre-impact velocities. */
void imp_coef2d_from_bodies(const imp_body2d *b1, const imp_body2d *b2,
                            imp_coef2d *c);

/* Post-impact (vx, vy, w) of body b receiving the impulse sign*(Px, Py). */
void imp_body2d_after(const imp_body2d *b, double sign, double Px, double Py,
                      double out[3]);

/* The exact path tracer. Requires B1 > 0, B2 > 0, B1*B2 > B3^2,
 * 0 <= mu_k <= mu_s, law->e in [0, 1]; returns IMP_EINPUT otherwise. */
imp_status imp_solve2d(const imp_coef2d *c, double mu_s, double mu_k,
                       const imp_law *law, imp_result2d *out);

#endif
