/* Stronge's tangential compliance for a planar impact: the lumped model of
 * Stronge, Int. J. Impact Eng. 15 (1994) 435-450 and Impact Mechanics
 * (2000), ch. "discrete compliance of the contact region". A massless
 * contact particle is joined to body 1's contact point by a normal spring
 * (stiffness k in compression, k/e^2 in restitution: Stronge's energetic
 * law) and a tangential spring k/eta2, and rubs on the ground (or body 2)
 * with Coulomb friction mu. The particle sticks, slips, sticks again; the
 * impulse path depends only on eta2, e, mu and B1, B2, B3, S0, C0.
 *
 *   S = S0 + B1*Px - B3*Py        C = C0 - B3*Px + B2*Py
 */
#ifndef IMPACT_COMPLIANCE2D_H
#define IMPACT_COMPLIANCE2D_H

#include "impact2d.h"

/* Mindlin's ratio of the normal to the tangential stiffness for Poisson's
 * ratio nu in [0, 1): eta2 = (2 - nu) / (2 (1 - nu)). */
double imp_compliance_eta2_from_nu(double nu);

/* The events of the contact particle, in the order they are recorded. */
typedef enum {
    IMP_CEV_START = 0,
    IMP_CEV_STICK,       /* slip -> stick: the particle's velocity reaches 0 */
    IMP_CEV_SLIP,        /* stick -> slip: the spring force reaches mu F_n */
    IMP_CEV_MAXC,        /* C reaches 0: maximum compression */
    IMP_CEV_END          /* F_n returns to 0 */
} imp_cevent;

/* "start", "stick", "slip", "max-compression", "end" */
const char *imp_cevent_name(imp_cevent e);

typedef struct {
    double Px, Py, S, C;
    int sigma;           /* the slip direction after the event (0: sticking) */
    imp_cevent event;
} imp_cvertex2d;

/* Stick-slip alternations are few for eta2 of order 1; a stiff tangential
 * spring (eta2 -> 0) chatters in restitution (some 30 events at eta2 =
 * 1e-4). A path longer than this keeps its first vertices and its end
 * (nevents counts them all). */
#define IMP_CPATH2D_MAX 256

typedef struct {
    double Px, Py;       /* total impulse on body 1 */
    double S, C;         /* final contact velocities (rigid map) */
    double dT;           /* kinetic energy change from the impulse (WM92 eq 56) */
    double et;           /* -S/S0; NaN when S0 = 0 */
    double Pc;           /* normal impulse at maximum compression */
    double Ec;           /* normal spring energy at maximum compression */
    double Wn;           /* normal work, -(1 - e^2) Ec */
    double Wt;           /* tangential work, integral of S F_t dt (<= 0) */
    double Df;           /* slip dissipation, integral of mu F_n |w| dt (>= 0) */
    imp_mode mode;
    imp_class cls;
    long nsteps;         /* integration steps taken */
    int nevents;         /* events after the start, the end included */
    int nvert;
    imp_cvertex2d vert[IMP_CPATH2D_MAX];
} imp_cresult2d;

/* Solves the lumped model over time (the form of Stronge 2000; the time
 * scale is arbitrary, k = 1 after scaling). C0 >= 0: no impulse (mode
 * none). Requires B1, B2 > 0, Delta > 0, finite S0, C0, mu >= 0,
 * e in [0, 1], eta2 > 0 finite: else IMP_EINPUT. A restitution that turns
 * back into compression (the model has no reloading branch for the normal
 * spring) gives IMP_ENOSOLUTION; more than IMP_CSTEPS_MAX steps (eta2 so
 * small that the tangential oscillation is not resolved) IMP_ESTEPS;
 * Ctrl-C IMP_EINTERRUPT. */
#define IMP_CSTEPS_MAX 4000000L
imp_status imp_compliance2d_solve(const imp_coef2d *c, double mu, double e, double eta2,
                                  imp_cresult2d *out);

#endif
