/* Persistent contacts: the acceleration-level contact problem with Coulomb
 * friction (Pfeiffer & Glocker 1996; Baraff, SIGGRAPH 1994), for the
 * contacts that are closed (gap 0, normal velocity 0) between impacts.
 *
 * In contact space the accelerations of the k closed contacts are affine
 * in their forces: a = A lambda + b, with A = J M^-1 J^T (stacked rows of
 * the closed contacts, each contact dim 2 (x, y = normal) or 3 (x, y, z))
 * and b = J M^-1 f + J' q' (what the contacts would do with no force).
 * Each contact is, at once:
 *   - open: lambda = 0, a_n >= 0 (it lifts off);
 *   - sticking: a = 0 (every row), |lambda_t| <= mu_s lambda_n;
 *   - sliding (slip velocity v_t != 0): a_n = 0, lambda_t = -mu_k lambda_n
 *     v_t/|v_t|, lambda_n >= 0.
 * imp_sim_acc_solve picks the modes (2D: a linear complementarity problem
 * solved by Lemke's method, lcp.h); imp_sim_acc_fixed solves with the
 * modes given (a linear system: the right-hand side of the smooth motion
 * between events). A sliding contact whose normal problem has no
 * non-negative solution (a_n per unit normal force negative: B2 + s mu B3
 * < 0 in Mason & Wang's 1988 notation) is Painleve's inconsistency. */
#ifndef IMPACT_SIM_FORCES_H
#define IMPACT_SIM_FORCES_H

#include "multi.h"
#include "status.h"

#define IMP_SIM_ROWS (3 * IMP_MULTI_MAX)

typedef enum {
    IMP_SIM_C_OPEN = 0,
    IMP_SIM_C_STICK,
    IMP_SIM_C_SLIDE
} imp_sim_cmode;

typedef struct {
    int k;                          /* closed contacts, 1..IMP_MULTI_MAX */
    int dim[IMP_MULTI_MAX];         /* 2 or 3 each; contact i's rows start at
                                       off[i] = sum of the dims before it */
    const double *A;                /* rows x rows, row-major */
    const double *b;                /* rows */
    const double *v;                /* rows: contact velocities now (the
                                       tangential ones decide sliding) */
    double mu_s[IMP_MULTI_MAX], mu_k[IMP_MULTI_MAX];
    double v_tol;                   /* a slip speed below this may stick */
} imp_sim_acc_problem;

typedef struct {
    imp_sim_cmode mode[IMP_MULTI_MAX];
    double dir[IMP_MULTI_MAX][2];   /* sliding: unit slip direction (x, z) the
                                       friction opposes (2D: dir[i][0] = +-1) */
    double lambda[IMP_SIM_ROWS];    /* contact forces, contact space */
    double a[IMP_SIM_ROWS];         /* contact accelerations A lambda + b */
    int inconsistent;               /* the first contact with no finite force
                                       (IMP_ENOSOLUTION), else -1 */
} imp_sim_acc_result;

/* Chooses the modes and solves: IMP_OK; IMP_ENOSOLUTION for Painleve's
 * inconsistency (r->inconsistent names the contact); IMP_EINPUT for bad
 * data. A contact whose slip speed is at most v_tol is offered sticking
 * (and slides only if the cone cannot hold it, in the direction its
 * sticking force would violate). */
imp_status imp_sim_acc_solve(const imp_sim_acc_problem *p, imp_sim_acc_result *r);

/* With r->mode and r->dir given: fills lambda and a. IMP_ESINGULAR when
 * the fixed-mode system is singular (redundant sticking contacts: then the
 * minimum-norm forces are returned, IMP_OK). */
imp_status imp_sim_acc_fixed(const imp_sim_acc_problem *p, imp_sim_acc_result *r);

#endif
