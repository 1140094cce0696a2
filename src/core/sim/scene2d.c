/* Planar scenes (scene2d.h): closed-form gaps, Jacobians, J' q', flight,
 * gap bounds and potential for rigid bodies with points and disks against
 * fixed lines and each other's disks.
 *
 * Body i has q = (x, y, phi) at 3i; a body-frame point p sits at
 * c + r, r = R(phi) p, and moves with c' + w (-r_y, r_x). The contact frame
 * has the normal n (from the line, or from body b's centre, into body a)
 * and the tangent t = (n_y, -n_x); rows x = t, y = n. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "scene2d.h"

int imp_scene2d_contacts(imp_scene2d *sc)
{
    int nc = 0;
    sc->nc = 0;
    if (sc->nb < 0 || sc->nl < 0 || (sc->nb > 0 && !sc->bodies)) return -1;
    for (int b = 0; b < sc->nb; b++) {
        const imp_scene2d_body *B = &sc->bodies[b];
        for (int p = 0; p < B->npoints; p++)
            for (int l = 0; l < sc->nl; l++) {
                if (nc >= IMP_SIM_CMAX) return -1;
                sc->contacts[nc++] = (imp_scene2d_contact){ IMP_SCENE2D_POINT_LINE, b, -1, p, l };
            }
        if (B->radius > 0)
            for (int l = 0; l < sc->nl; l++) {
                if (nc >= IMP_SIM_CMAX) return -1;
                sc->contacts[nc++] = (imp_scene2d_contact){ IMP_SCENE2D_DISK_LINE, b, -1, -1, l };
            }
    }
    for (int a = 0; a < sc->nb; a++) {
        if (!(sc->bodies[a].radius > 0)) continue;
        for (int b = a + 1; b < sc->nb; b++) {
            if (!(sc->bodies[b].radius > 0)) continue;
            if (nc >= IMP_SIM_CMAX) return -1;
            sc->contacts[nc++] = (imp_scene2d_contact){ IMP_SCENE2D_DISK_DISK, a, b, -1, -1 };
        }
    }
    sc->nc = nc;
    return nc;
}

/* ---- the callbacks (ctx is the imp_scene2d) ---- */

static int sc_mass(void *ctx, const double *q, double *M)
{
    const imp_scene2d *sc = ctx;
    int n = 3 * sc->nb;
    (void)q;
    memset(M, 0, sizeof(double) * (size_t)n * (size_t)n);
    for (int b = 0; b < sc->nb; b++) {
        int k = 3 * b;
        M[k * n + k] = sc->bodies[b].m;
        M[(k + 1) * n + k + 1] = sc->bodies[b].m;
        M[(k + 2) * n + k + 2] = sc->bodies[b].I;
    }
    return 0;
}

static int sc_force(void *ctx, double t, const double *q, const double *qd, double *f)
{
    const imp_scene2d *sc = ctx;
    (void)t; (void)q; (void)qd;
    for (int b = 0; b < sc->nb; b++) {
        f[3 * b] = sc->bodies[b].m * sc->g[0];
        f[3 * b + 1] = sc->bodies[b].m * sc->g[1];
        f[3 * b + 2] = 0;
    }
    return 0;
}

/* r = R(phi) p for contact C's point (POINT_LINE). */
static void point_arm(const imp_scene2d *sc, const imp_scene2d_contact *C, const double *q,
                      double r[2])
{
    /* the last angle's cosine and sine, per thread: gap, J and J' q' of a
     * state ask for the same angle (compared bit for bit) */
    static _Thread_local uint64_t last_bits = UINT64_MAX;   /* a NaN's: never an input */
    static _Thread_local double last_co, last_si;
    const double *p = &sc->bodies[C->body].points[2 * C->point];
    double phi = q[3 * C->body + 2], co, si;
    uint64_t bits;
    memcpy(&bits, &phi, sizeof bits);
    if (bits == last_bits) {
        co = last_co;
        si = last_si;
    } else {
        co = cos(phi);
        si = sin(phi);
        last_bits = bits;
        last_co = co;
        last_si = si;
    }
    r[0] = co * p[0] - si * p[1];
    r[1] = si * p[0] + co * p[1];
}

/* DISK_DISK: d = c_a - c_b, its length and the unit normal d/|d|. A zero d
 * has no normal: -1. */
static int disk_normal(const imp_scene2d_contact *C, const double *q, double d[2],
                       double *L, double n[2])
{
    d[0] = q[3 * C->body] - q[3 * C->other];
    d[1] = q[3 * C->body + 1] - q[3 * C->other + 1];
    *L = hypot(d[0], d[1]);
    if (!(*L > 0)) return -1;
    n[0] = d[0] / *L;
    n[1] = d[1] / *L;
    return 0;
}

static const imp_scene2d_contact *sc_contact(const imp_scene2d *sc, int i)
{
    return i >= 0 && i < sc->nc ? &sc->contacts[i] : NULL;
}

static int sc_gap(void *ctx, int i, const double *q, double *g)
{
    const imp_scene2d *sc = ctx;
    const imp_scene2d_contact *C = sc_contact(sc, i);
    if (!C) return -1;
    const double *c = &q[3 * C->body];
    switch (C->kind) {
    case IMP_SCENE2D_POINT_LINE: {
        const imp_scene2d_line *Ln = &sc->lines[C->line];
        double r[2];
        point_arm(sc, C, q, r);
        *g = Ln->nx * (c[0] + r[0] - Ln->px) + Ln->ny * (c[1] + r[1] - Ln->py);
        return 0;
    }
    case IMP_SCENE2D_DISK_LINE: {
        const imp_scene2d_line *Ln = &sc->lines[C->line];
        *g = Ln->nx * (c[0] - Ln->px) + Ln->ny * (c[1] - Ln->py) - sc->bodies[C->body].radius;
        return 0;
    }
    case IMP_SCENE2D_DISK_DISK: {
        double d[2], L, n[2];
        disk_normal(C, q, d, &L, n);   /* L = 0 is a gap like any other */
        *g = L - sc->bodies[C->body].radius - sc->bodies[C->other].radius;
        return 0;
    }
    }
    return -1;
}

static int sc_jac(void *ctx, int i, const double *q, double *J)
{
    const imp_scene2d *sc = ctx;
    const imp_scene2d_contact *C = sc_contact(sc, i);
    if (!C) return -1;
    int n = 3 * sc->nb, ka = 3 * C->body;
    double *Jt = J, *Jn = J + n;
    memset(J, 0, sizeof(double) * 2 * (size_t)n);
    switch (C->kind) {
    case IMP_SCENE2D_POINT_LINE: {
        const imp_scene2d_line *Ln = &sc->lines[C->line];
        double r[2], nx = Ln->nx, ny = Ln->ny, tx = ny, ty = -nx;
        point_arm(sc, C, q, r);
        Jt[ka] = tx; Jt[ka + 1] = ty; Jt[ka + 2] = -tx * r[1] + ty * r[0];
        Jn[ka] = nx; Jn[ka + 1] = ny; Jn[ka + 2] = -nx * r[1] + ny * r[0];
        return 0;
    }
    case IMP_SCENE2D_DISK_LINE: {
        /* the contact point c - R n: arm r = -R n, (-r_y, r_x) = R t */
        const imp_scene2d_line *Ln = &sc->lines[C->line];
        double nx = Ln->nx, ny = Ln->ny;
        Jt[ka] = ny; Jt[ka + 1] = -nx; Jt[ka + 2] = sc->bodies[C->body].radius;
        Jn[ka] = nx; Jn[ka + 1] = ny;
        return 0;
    }
    case IMP_SCENE2D_DISK_DISK: {
        /* a's point c_a - R_a n moves with c_a' + w_a R_a t, b's point
         * c_b + R_b n with c_b' - w_b R_b t */
        double d[2], L, nn[2];
        if (disk_normal(C, q, d, &L, nn)) return -1;
        int kb = 3 * C->other;
        double tx = nn[1], ty = -nn[0];
        Jt[ka] = tx; Jt[ka + 1] = ty; Jt[ka + 2] = sc->bodies[C->body].radius;
        Jt[kb] = -tx; Jt[kb + 1] = -ty; Jt[kb + 2] = sc->bodies[C->other].radius;
        Jn[ka] = nn[0]; Jn[ka + 1] = nn[1];
        Jn[kb] = -nn[0]; Jn[kb + 1] = -nn[1];
        return 0;
    }
    }
    return -1;
}

static int sc_jdot(void *ctx, int i, const double *q, const double *qd, double *Jdqd)
{
    const imp_scene2d *sc = ctx;
    const imp_scene2d_contact *C = sc_contact(sc, i);
    if (!C) return -1;
    int ka = 3 * C->body;
    switch (C->kind) {
    case IMP_SCENE2D_POINT_LINE: {
        /* d/dt (-r_y, r_x) = -w r */
        const imp_scene2d_line *Ln = &sc->lines[C->line];
        double r[2], w = qd[ka + 2], nx = Ln->nx, ny = Ln->ny;
        point_arm(sc, C, q, r);
        Jdqd[0] = -w * w * (ny * r[0] - nx * r[1]);
        Jdqd[1] = -w * w * (nx * r[0] + ny * r[1]);
        return 0;
    }
    case IMP_SCENE2D_DISK_LINE:
        Jdqd[0] = Jdqd[1] = 0;         /* J does not depend on q */
        return 0;
    case IMP_SCENE2D_DISK_DISK: {
        /* u = c_a' - c_b'; n' = t (t.u)/L and t' = -n (t.u)/L, so the rows'
         * derivatives along q' are n'.u = (t.u)^2/L (the centripetal term)
         * and t'.u = -(n.u)(t.u)/L */
        double d[2], L, nn[2];
        if (disk_normal(C, q, d, &L, nn)) return -1;
        int kb = 3 * C->other;
        double ux = qd[ka] - qd[kb], uy = qd[ka + 1] - qd[kb + 1];
        double tu = nn[1] * ux - nn[0] * uy, nu = nn[0] * ux + nn[1] * uy;
        Jdqd[0] = -nu * tu / L;
        Jdqd[1] = tu * tu / L;
        return 0;
    }
    }
    return -1;
}

static int sc_flight(void *ctx, double h, const double *q0, const double *qd0,
                     double *q, double *qd)
{
    const imp_scene2d *sc = ctx;
    for (int b = 0; b < sc->nb; b++) {
        int k = 3 * b;
        for (int j = 0; j < 2; j++) {
            q[k + j] = q0[k + j] + h * (qd0[k + j] + 0.5 * sc->g[j] * h);
            qd[k + j] = qd0[k + j] + sc->g[j] * h;
        }
        q[k + 2] = q0[k + 2] + qd0[k + 2] * h;
        qd[k + 2] = qd0[k + 2];
    }
    return 0;
}

/* Over a flight the centre's acceleration is g and the spin constant:
 *   point-line  g'' = n.g - w^2 n.r,       |g''| <= |n.g| + w^2 |p|;
 *   disk-line   g'' = n.g;
 *   disk-disk   the gravities cancel, so d = c_a - c_b moves on a straight
 *               line, d(s) = d0 + u s, and g'' = |d|'' = (t.u)^2/|d| =
 *               (d0 x u)^2/|d|^3 (|d| sin = the line's distance from the
 *               origin, a constant): its largest value over the flight is
 *               at the smallest |d|, which is exact. A flight through
 *               d = 0 has no bound (HUGE_VAL).
 * Each bound is inflated by 8 ulps against its own rounding. */
static int sc_gap_bound(void *ctx, int i, double h, const double *q0, const double *qd0,
                        double *bound)
{
    const imp_scene2d *sc = ctx;
    const imp_scene2d_contact *C = sc_contact(sc, i);
    if (!C) return -1;
    int ka = 3 * C->body;
    double B = 0;
    switch (C->kind) {
    case IMP_SCENE2D_POINT_LINE: {
        const imp_scene2d_line *Ln = &sc->lines[C->line];
        const double *p = &sc->bodies[C->body].points[2 * C->point];
        double w = qd0[ka + 2];
        B = fabs(Ln->nx * sc->g[0] + Ln->ny * sc->g[1]) + w * w * hypot(p[0], p[1]);
        break;
    }
    case IMP_SCENE2D_DISK_LINE: {
        const imp_scene2d_line *Ln = &sc->lines[C->line];
        B = fabs(Ln->nx * sc->g[0] + Ln->ny * sc->g[1]);
        break;
    }
    case IMP_SCENE2D_DISK_DISK: {
        int kb = 3 * C->other;
        double dx = q0[ka] - q0[kb], dy = q0[ka + 1] - q0[kb + 1];
        double ux = qd0[ka] - qd0[kb], uy = qd0[ka + 1] - qd0[kb + 1];
        double uu = ux * ux + uy * uy, cr = dx * uy - dy * ux;
        if (uu == 0) { B = 0; break; }
        double lo = fmin(0, h), hi = fmax(0, h);
        double s = -(dx * ux + dy * uy) / uu;
        s = fmin(fmax(s, lo), hi);
        double Lmin = hypot(dx + ux * s, dy + uy * s);
        if (!(Lmin > 0)) { B = HUGE_VAL; break; }
        if (cr == 0) { B = 0; break; }   /* head-on: straight, |d|'' = 0 */
        B = cr / Lmin * (cr / Lmin) / Lmin;
        break;
    }
    }
    *bound = B * (1 + 8 * DBL_EPSILON);
    return 0;
}

static int sc_potential(void *ctx, const double *q, double *V)
{
    const imp_scene2d *sc = ctx;
    double s = 0;
    for (int b = 0; b < sc->nb; b++)
        s -= sc->bodies[b].m * (sc->g[0] * q[3 * b] + sc->g[1] * q[3 * b + 1]);
    *V = s;
    return 0;
}

static int pos_finite(double x) { return isfinite(x) && x > 0; }

imp_status imp_scene2d_system(const imp_scene2d *sc, imp_sim_system *s)
{
    if (!sc || !s || sc->nb < 1 || 3 * sc->nb > IMP_SIM_NMAX || sc->nl < 0 || !sc->bodies
        || (sc->nl > 0 && !sc->lines) || sc->nc < 0 || sc->nc > IMP_SIM_CMAX
        || !isfinite(sc->g[0]) || !isfinite(sc->g[1]))
        return IMP_EINPUT;
    for (int b = 0; b < sc->nb; b++) {
        const imp_scene2d_body *B = &sc->bodies[b];
        if (!pos_finite(B->m) || !pos_finite(B->I) || !isfinite(B->radius) || B->radius < 0
            || B->npoints < 0 || (B->npoints > 0 && !B->points))
            return IMP_EINPUT;
        for (int j = 0; j < 2 * B->npoints; j++)
            if (!isfinite(B->points[j])) return IMP_EINPUT;
    }
    for (int l = 0; l < sc->nl; l++) {
        const imp_scene2d_line *L = &sc->lines[l];
        if (!isfinite(L->px) || !isfinite(L->py) || !isfinite(L->nx) || !isfinite(L->ny)
            || !(fabs(hypot(L->nx, L->ny) - 1) <= 1e-12))
            return IMP_EINPUT;
    }
    for (int i = 0; i < sc->nc; i++) {
        const imp_scene2d_contact *C = &sc->contacts[i];
        if (C->body < 0 || C->body >= sc->nb) return IMP_EINPUT;
        const imp_scene2d_body *B = &sc->bodies[C->body];
        switch (C->kind) {
        case IMP_SCENE2D_POINT_LINE:
            if (C->point < 0 || C->point >= B->npoints || C->line < 0 || C->line >= sc->nl)
                return IMP_EINPUT;
            break;
        case IMP_SCENE2D_DISK_LINE:
            if (!(B->radius > 0) || C->line < 0 || C->line >= sc->nl) return IMP_EINPUT;
            break;
        case IMP_SCENE2D_DISK_DISK:
            if (!(B->radius > 0) || C->other < 0 || C->other >= sc->nb || C->other == C->body
                || !(sc->bodies[C->other].radius > 0))
                return IMP_EINPUT;
            break;
        default:
            return IMP_EINPUT;
        }
    }
    s->n = 3 * sc->nb;
    s->nc = sc->nc;
    for (int i = 0; i < sc->nc; i++) s->c[i].dim = 2;
    s->ctx = (void *)sc;
    s->mass = sc_mass;
    s->const_mass = 1;
    s->force = sc_force;
    s->gap = sc_gap;
    s->jac = sc_jac;
    s->jdot = sc_jdot;
    s->flight = sc_flight;
    s->gap_bound = sc_gap_bound;
    s->potential = sc_potential;
    return IMP_OK;
}
