/* Compliant normal laws (Kelvin-Voigt, Hertz, Hunt-Crossley) along the
 * impact's path: the contact force F(delta, delta') of the penetration
 * delta >= 0 and its rate delta' = -vn. The rigid path (Routh's in 2D, Keller's in 3D) gives the
 * normal contact velocity as a function of the normal impulse, vn(p); the
 * force decides where on that path the impact ends. In time,
 *
 *   dp/dt = F(delta, -vn(p)),   d delta/dt = -vn(p),
 *
 * which is the impulse form d delta/dp = -vn/F, dt/dp = 1/F (Hunt & Crossley 1975)
 * without its singular start at F = 0 (delta = 0): the time form starts
 * regularly at p = delta = 0. The impact ends when delta returns to 0, or
 * when F reaches 0 first (no tension: the contact separates with a residual
 * indentation).
 *
 * Literature: Hunt & Crossley, J. Appl. Mech. 42 (1975); Lankarani &
 * Nikravesh, J. Mech. Des. 112 (1990); Flores, Machado, Silva & Martins,
 * Multibody Syst. Dyn. 25 (2011); Schwager & Poschel, Phys. Rev. E 75
 * (2007); Gilardi & Sharf, Mech. Mach. Theory 37 (2002). */
#ifndef IMPACT_COMPLIANT_H
#define IMPACT_COMPLIANT_H

#include "law.h"
#include "status.h"

/* How a Hunt-Crossley law's c follows from e (v0 = -vn0 > 0). */
typedef enum {
    IMP_DAMPING_NONE = 0,           /* c given */
    IMP_DAMPING_HUNT_CROSSLEY,      /* c = 3 (1 - e) / (2 v0) */
    IMP_DAMPING_LANKARANI_NIKRAVESH,/* c = 3 (1 - e^2) / (4 v0) */
    IMP_DAMPING_FLORES              /* c = 8 (1 - e) / (5 e v0) */
} imp_damping;

extern const char *const imp_damping_names[];   /* by imp_damping from 1, then NULL */

/* A compliant law's parameters (the row is imp_law.kind; imp_law.ctx
 * points to them). */
typedef struct imp_compliant {
    double k;       /* stiffness: force / length^n */
    double n;       /* force exponent (Kelvin-Voigt 1, Hertz 3/2) */
    double c;       /* Kelvin-Voigt: force / velocity; Hunt-Crossley: 1 / velocity;
                       NAN: from zeta (Kelvin-Voigt) or e and damping (Hunt-Crossley) */
    double zeta;    /* Kelvin-Voigt: c = 2 zeta sqrt(k m_eff), m_eff = 1 / W_nn */
    double e;       /* Hertz: unloading returns e^2 of the stored energy;
                       Hunt-Crossley: the e the damping formula aims at */
    imp_damping damping;
    int tension;    /* Kelvin-Voigt: a pull is allowed until delta = 0 */
} imp_compliant;

/* What the compliant run produced. */
typedef struct {
    double e_eff;      /* -vn_end / vn0 */
    double duration;   /* contact time */
    double F_max;      /* peak force */
    double delta_max;  /* peak penetration */
    double c;          /* the damping coefficient used */
    double p_end;      /* normal impulse at the end (the last one reached) */
    double vn_end;     /* normal contact velocity at the end */
    long steps;        /* integration steps taken */
} imp_compliant_out;

/* The normal contact velocity along the rigid path: vn(p) piecewise
 * linear through the knots (p[i], vn[i]), i < n, p increasing, and beyond
 * the last knot the line of slope k_last (the path's last, unbounded
 * segment). The knots include maximum compression (vn = 0). */
typedef struct {
    const double *p, *vn;
    int n;
    double k_last;
    /* NULL: linear pieces; else the slopes dvn/dp at the start (s0[i]) and
     * end (s1[i]) of piece i < n - 1, cubic Hermite between the knots */
    const double *s0, *s1;
} imp_compliant_path;

/* Whether the law's row is a compliant one. */
int imp_law_is_compliant(const imp_law *law);

/* Checks the parameters (k > 0 finite, ...): IMP_OK or IMP_EINPUT. */
imp_status imp_compliant_check(imp_law_kind kind, const imp_compliant *cp);

/* The damping coefficient the law uses for an approach at vn0 < 0 with
 * m_eff = 1/Wnn (Kelvin-Voigt's zeta). */
double imp_compliant_damping(imp_law_kind kind, const imp_compliant *cp, double vn0,
                             double Wnn);

/* Runs the law in time along path from p = delta = 0 (vn0 = path->vn[0] < 0)
 * to its end, to relative accuracy ~1e-12. IMP_ENOCONV when the step budget
 * runs out (an end the path never reaches). */
imp_status imp_compliant_run(const imp_law *law, const imp_compliant_path *path, double Wnn,
                             imp_compliant_out *out);

#endif
