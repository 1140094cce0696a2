/* A planar scene (impact.scene2d): rigid bodies with body-frame points
 * (corners, spoke tips) and disks about their centres of mass, against
 * fixed lines (ground, slopes, walls) and against each other's disks,
 * under uniform gravity. Generalized coordinates (x, y, phi) per body in
 * order; M = diag(m, m, I) per body, constant.
 *
 * Everything is closed form: gaps, Jacobians, J' q', free flight (a
 * parabola with constant spin), the potential -m g.x, and a bound on a
 * gap's second derivative over a flight. imp_scene2d_system fills an
 * imp_sim_system's geometry and callbacks (n, nc, c[i].dim, mass, force,
 * gap, jac, jdot, flight, gap_bound, potential, ctx); the caller sets each
 * contact's friction, restitution and law, and the model.
 *
 * Contact frames (as impact.system2d): the normal n points from the fixed
 * line (or body b) into body a; the tangent x is n turned by -90 degrees,
 * (n_y, -n_x); rows x then y = n. A disk's contact point is its centre
 * minus radius n; against another disk the row x is the relative velocity
 * of a's material point c_a - R_a n and b's c_b + R_b n along the tangent.
 * Disk-disk's jac and jdot fail (non-zero) when the centres coincide (no
 * normal); its gap_bound is HUGE_VAL for a flight through coincidence. */
#ifndef IMPACT_SCENE2D_H
#define IMPACT_SCENE2D_H

#include "sim.h"

typedef struct {
    double m, I;            /* > 0 */
    double radius;          /* > 0: a disk about the centre of mass; 0: none */
    int npoints;
    const double *points;   /* 2 * npoints: body-frame points (px, py) */
} imp_scene2d_body;

typedef struct {
    double px, py;          /* a point of the line */
    double nx, ny;          /* unit normal into the free half-plane */
} imp_scene2d_line;

typedef enum {
    IMP_SCENE2D_POINT_LINE = 0,  /* body's point against a line */
    IMP_SCENE2D_DISK_LINE,       /* body's disk against a line */
    IMP_SCENE2D_DISK_DISK        /* body's disk (a) against other's disk (b) */
} imp_scene2d_kind;

typedef struct {
    imp_scene2d_kind kind;
    int body;                /* body a */
    int other;               /* DISK_DISK: body b; else -1 */
    int point;               /* POINT_LINE: index in the body's points; else -1 */
    int line;                /* *_LINE: index of the line; else -1 */
} imp_scene2d_contact;

typedef struct {
    int nb, nl;
    const imp_scene2d_body *bodies;
    const imp_scene2d_line *lines;
    double g[2];             /* gravity */
    int nc;                  /* contacts, listed by imp_scene2d_contacts */
    imp_scene2d_contact contacts[IMP_SIM_CMAX];
} imp_scene2d;

/* Lists the scene's contacts in a fixed order: for each body in order,
 * each of its points against each line (point-major), then its disk
 * against each line; then each pair of disk bodies (a < b, b's disk
 * below: normal from b into a). Returns the count, or -1 if it would
 * exceed IMP_SIM_CMAX (sc->nc then 0). */
int imp_scene2d_contacts(imp_scene2d *sc);

/* The system (after imp_scene2d_contacts). sc must outlive s. IMP_EINPUT
 * for a body with m or I not positive and finite, a line whose normal is
 * not unit length (to 1e-12) or not finite. */
imp_status imp_scene2d_system(const imp_scene2d *sc, imp_sim_system *s);

#endif
