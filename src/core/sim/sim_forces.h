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
                                       tangential ones decide sliding);
                                       imp_sim_acc_solve needs it,
                                       imp_sim_acc_fixed does not read it */
    double mu_s[IMP_MULTI_MAX], mu_k[IMP_MULTI_MAX];
    double v_tol;                   /* a slip speed below this may stick */
} imp_sim_acc_problem;

typedef struct {
    imp_sim_cmode mode[IMP_MULTI_MAX];
    double dir[IMP_MULTI_MAX][2];   /* sliding: unit slip direction (x, z) the
                                       friction opposes (2D: dir[i][0] = +-1;
                                       imp_sim_acc_fixed normalizes a non-zero
                                       one). 2D sticking, from
                                       imp_sim_acc_solve: the way it would
                                       slip, -sgn lambda_t (0 if lambda_t = 0) */
    double lambda[IMP_SIM_ROWS];    /* contact forces, contact space */
    double a[IMP_SIM_ROWS];         /* contact accelerations A lambda + b */
    int inconsistent;               /* IMP_ENOSOLUTION: the first sliding
                                       contact whose normal compliance A_nn -
                                       mu_k dir.A_nt is negative, else the first
                                       sliding contact; -1 when no contact
                                       slides (a jam: b outside A's range with
                                       A singular, which J'q' can do) */
} imp_sim_acc_result;

/* Chooses the modes and solves: IMP_OK; IMP_ENOSOLUTION for Painleve's
 * inconsistency (r->inconsistent names the contact) or a jam; IMP_ENOCONV
 * when 3D's active set found no modes; IMP_EINPUT for bad data (k outside
 * 1..IMP_MULTI_MAX, a dim not 2 or 3, non-finite A, b or v, not 0 <= mu_k
 * <= mu_s, v_tol negative, v NULL). A contact whose slip speed is at most
 * v_tol is offered sticking (and slides only if the cone cannot hold it,
 * in the direction its sticking force would violate).
 *
 * Every contact dim 2: one LCP (Lemke). A contact is open when lambda_n
 * = 0 and a_n > 1e-10 of the problem's acceleration scale (max |b| + max
 * |A| max |lambda|), closed otherwise; an offered contact slides when
 * |a_t| exceeds that, with kinetic friction mu_k when the forces so found
 * still satisfy every mode's inequalities (else a second LCP with it
 * sliding decides; if that fails too, the first LCP's forces, with mu_s
 * at the slipping contacts, stand). The forces returned are those of
 * imp_sim_acc_fixed for the modes found (minimum-norm for redundant
 * contacts) when they satisfy the inequalities, else Lemke's.
 *
 * Any contact dim 3: the same LCP with the cone replaced by an inscribed
 * pyramid of 8 directions. Its modes, solved with the true cone by
 * imp_sim_acc_fixed, stand when they satisfy every inequality; else
 * Lemke's own forces when no contact starts to slip (they are inside the
 * true cone); else the contacts starting to slip are made to slide along
 * their tangential acceleration in further LCPs until the directions
 * settle (to 1e-12); else an active-set loop on imp_sim_acc_fixed (one
 * mode change per solve, a bounded number). This can miss a solution that
 * exists (IMP_ENOCONV: 46 of 500 random 3-row problems of up to 4
 * contacts with mu up to 1, b in A's range, when written) and does not
 * detect non-uniqueness. */
imp_status imp_sim_acc_solve(const imp_sim_acc_problem *p, imp_sim_acc_result *r);

/* With r->mode and r->dir given: fills lambda and a (and inconsistent =
 * -1). The unknowns (a sticking contact's every row, a sliding contact's
 * lambda_n) solve the held rows (sticking: all, sliding: the normal) by
 * LAPACK's minimum-norm least squares (dgelsd, singular values below
 * 1e-12 of the largest dropped; up to 4 unknowns with a 1-norm condition
 * number below 1e8, the unique solution by a direct solve instead):
 * redundant sticking contacts (a box's two corners on the ground) get the
 * minimum-norm forces and IMP_OK.
 * IMP_ESINGULAR when the system is singular and no force meets the held
 * rows (a sliding contact with A_nn - mu_k dir.A_nt = 0 and b_n != 0):
 * lambda then holds the least-squares forces. IMP_EINPUT for a bad mode
 * or a sliding contact without direction. */
imp_status imp_sim_acc_fixed(const imp_sim_acc_problem *p, imp_sim_acc_result *r);

#endif
