/* Motion through impacts: an event-driven hybrid simulation (Pfeiffer &
 * Glocker 1996; Brogliato, Nonsmooth Mechanics, 2016, ch. on event-driven
 * schemes; Acary & Brogliato 2008). A system in generalized coordinates
 *
 *   M(q) q'' = f(t, q, q') + sum_i J_i(q)^T lambda_i
 *
 * with contacts i, each a gap g_i(q) (>= 0 apart) and a contact frame
 * whose velocity is J_i(q) q' (rows: tangent x, normal y (the gradient
 * of g_i), and tangent z for a 3-row contact), is followed through time:
 *
 *   - smooth motion with the closed contacts fixed: closed-form free
 *     flight where the system gives it, else DOP853 (the state inside an
 *     accepted step is one step of that length from the step's start);
 *   - events located on that motion by bracketing and Brent's method:
 *     impact (an open gap reaching 0 while closing), lift-off (a closed
 *     contact's normal force reaching 0), slip (a sticking contact's
 *     friction reaching the cone), stick (a sliding contact's slip speed
 *     reaching 0);
 *   - impacts resolved by the single-contact solvers (Routh's path in
 *     2D, the exact Darboux-Keller path in 3D) on the contact's W = J M^-1
 *     J^T, or by a multiple-impact model when several contacts take part;
 *   - persistent contacts (resting, pivoting, sliding) held by the forces
 *     of the acceleration-level complementarity problem with Coulomb
 *     friction (sim_forces.h), with drift projected out;
 *   - Painleve's inconsistency resolved by a tangential impact (Mason &
 *     Wang 1988), impacts accumulating in finite time (Zeno) closed at the
 *     extrapolated accumulation time.
 *
 * The core never allocates the output: it reports samples and events to
 * the observer's callbacks (the binding builds its tables from them).
 */
#ifndef IMPACT_SIM_H
#define IMPACT_SIM_H

#include "impact2d.h"
#include "impact3d.h"
#include "law.h"
#include "multi.h"
#include "status.h"

#define IMP_SIM_NMAX 64     /* coordinates (IMP_MECH_NMAX) */
#define IMP_SIM_CMAX 64     /* contacts of a system; at most IMP_MULTI_MAX
                               take part in one impact */

/* The multiple-impact model used when several contacts take part in one
 * impact: the index of its row in the registry of multi_solve.h
 * (imp_multi_models[model], solved by imp_multi_solve); the names are the
 * rows' (test_sim_rocking checks the order). */
typedef enum {
    IMP_SIM_MODEL_MOREAU = 0,
    IMP_SIM_MODEL_POISSON,
    IMP_SIM_MODEL_SEQUENTIAL,
    IMP_SIM_MODEL_LZB
} imp_sim_model;

typedef struct {
    int dim;              /* 2 (rows x, y = normal) or 3 (x, y = normal, z);
                             one dim for all the contacts of a system (a
                             multiple impact stacks their rows). A 2-row
                             contact whose x row vanishes (a 1-dof pendulum)
                             is struck with its normal row alone,
                             frictionless: Py = -(1 + e) C0 / W_yy, whatever
                             the law */
    double mu_s, mu_k;    /* Coulomb friction, 0 <= mu_k <= mu_s */
    double e;             /* restitution (the law's coefficient) */
    imp_law law;          /* the single-contact law (law.e == e for built-in
                             laws; a custom law's callback is the caller's) */
    double K, eta;        /* lzb's stiffness ratio and exponent (1, 1.5) */
} imp_sim_contact;

/* Every callback returns 0 on success; non-zero aborts the run with
 * IMP_ELAW (the caller keeps its own message in ctx). Matrices are
 * row-major. */
typedef struct {
    int n;                /* coordinates, 1..IMP_SIM_NMAX */
    int nc;               /* contacts, 0..IMP_SIM_CMAX */
    imp_sim_contact c[IMP_SIM_CMAX];
    imp_sim_model model;
    void *ctx;

    /* M(q), n x n symmetric positive definite. const_mass: M does not
     * depend on q (called once, at the start). */
    int (*mass)(void *ctx, const double *q, double *M);
    int const_mass;
    /* f(t, q, q'): every generalized force but the contacts' (gravity,
     * springs, Coriolis and centrifugal terms). */
    int (*force)(void *ctx, double t, const double *q, const double *qd, double *f);
    /* f depends on t explicitly (a driven system): a state at rest now may
     * move later, so the run does not end at rest (IMP_SIM_END_REST) */
    int time_dependent;
    /* Contact i: its gap, its Jacobian (c[i].dim x n), and J_i'(q, q') q'
     * (c[i].dim entries: the contact acceleration is J q'' + J' q'). jdot
     * may be NULL: the simulator then differentiates J along q' by central
     * differences. */
    int (*gap)(void *ctx, int i, const double *q, double *g);
    int (*jac)(void *ctx, int i, const double *q, double *J);
    int (*jdot)(void *ctx, int i, const double *q, const double *qd, double *Jdqd);

    /* Optional closed forms (NULL when absent). flight: the state h after
     * (q0, qd0) with no contact force, exact (a scene's parabola and
     * constant spin). gap_bound: an upper bound on |g_i''| over a free
     * flight from (q0, qd0) of length h (so that a step cannot hide a
     * grazing gap). potential: V(q), for the energy (kinetic plus
     * potential) the run reports; without it the energy is kinetic only. */
    int (*flight)(void *ctx, double h, const double *q0, const double *qd0,
                  double *q, double *qd);
    int (*gap_bound)(void *ctx, int i, double h, const double *q0, const double *qd0,
                     double *bound);
    int (*potential)(void *ctx, const double *q, double *V);
} imp_sim_system;

typedef struct {
    double t0, t_end;     /* t_end > t0 */
    double dt;            /* spacing of the sampled output; <= 0: only the
                             instants before and after every event, and the
                             integrator's steps */
    long max_events;      /* <= 0: 10000 */
    double rtol;          /* integrator tolerance, <= 0: 1e-12 */
    double gap_tol;       /* a gap this small (relative to the system's
                             length scale, the largest |q_j| and |g_i| at
                             t0) counts as touching; <= 0: 1e-12 */
    double zeno_tol;      /* <= 0: 1e-6 (see sim_zeno.c): the impacts'
                             ratios must agree to it, and the rebound speed
                             be below sqrt(zeno_tol) of the contact's first */
} imp_sim_opts;

typedef enum {
    IMP_SIM_IMPACT = 0,
    IMP_SIM_LIFTOFF,
    IMP_SIM_STICK,
    IMP_SIM_SLIP,
    IMP_SIM_REST,          /* a contact closes for good: impacts accumulated */
    IMP_SIM_INCONSISTENT   /* no finite contact force (Painleve): an impact follows */
} imp_sim_event_kind;

/* "impact", "liftoff", "stick", "slip", "rest", "inconsistent", then NULL */
extern const char *const imp_sim_event_names[];

/* Which solver resolved an impact. */
typedef enum {
    IMP_SIM_SOLVER_NONE = 0,
    IMP_SIM_SOLVER_PATH2D,   /* one 2-row contact: imp_path2d_solve on W */
    IMP_SIM_SOLVER_EXACT3D,  /* one 3-row contact: imp_exact3d_solve_contact */
    IMP_SIM_SOLVER_MULTI     /* several contacts: the system's model */
} imp_sim_solver;

typedef struct {
    double t;
    imp_sim_event_kind kind;
    int ncontacts;
    int contacts[IMP_MULTI_MAX];   /* 0-based contact indices */
    const double *q;               /* n */
    const double *qd_before, *qd_after;  /* n */
    /* impacts (and the impact after "inconsistent") */
    imp_sim_solver solver;
    const imp_result2d *r2;        /* PATH2D */
    const imp_result3d *r3;        /* EXACT3D */
    const imp_multi_result *rm;    /* MULTI */
    double T0, dT;                 /* kinetic energy before, its change */
    /* rest: impacts resolved on the contact before it closed, and the
     * accumulation time it closed at (== t) */
    long impacts_resolved;
} imp_sim_event;

/* The observer: sample(t, q, qd, energy) and event(ev); either may be
 * NULL; non-zero stops the run with IMP_ELAW (the caller's message). */
typedef struct {
    void *ctx;
    int (*sample)(void *ctx, double t, const double *q, const double *qd, double energy);
    int (*event)(void *ctx, const imp_sim_event *ev);
} imp_sim_observer;

typedef enum {
    IMP_SIM_END_T = 0,      /* reached t_end */
    IMP_SIM_END_REST,       /* everything at rest: every closed contact
                               sticking, q' = 0 and q'' = 0 (never for a
                               time_dependent system); out->t is when */
    IMP_SIM_END_MAX_EVENTS
} imp_sim_end;

/* Why the run stopped, and for errors where and what. */
typedef struct {
    imp_sim_end end;
    double t;               /* time reached */
    long events, impacts, steps;
    /* on an error status: */
    double fail_t;          /* time of the failure */
    int fail_contact;       /* contact involved, or -1 */
    const char *fail_what;  /* an option or system field ("t_end", "dt",
                               "rtol", "n", "dim", "mu_s", "e", "law", "q",
                               ...: IMP_EINPUT before the run starts);
                               "M" (not symmetric positive definite at
                               fail_t), "penetration" (a contact starts
                               inside by fail_value > 0), "gap", "J",
                               "force", "mass", "flight", "gap_bound"
                               (non-finite value at fail_index, or the
                               callback failed: IMP_ELAW), "observer",
                               "impact" (the impact solver's status),
                               "contact forces" (imp_sim_acc_*'s),
                               "inconsistent" (Painleve on a 3-row contact),
                               "interrupt", "step" (the step size
                               underflowed), "modes", "contacts" (more than
                               IMP_MULTI_MAX in one impact or closed) */
    int fail_index;
    double fail_value;
} imp_sim_outcome;

/* Runs the system from (q, qd) at o->t0; q and qd (n each) hold the final
 * state on return (also after an error or Ctrl-C: the state reached).
 * IMP_OK; IMP_EINPUT for bad options or system (fail_what says which);
 * IMP_ELAW when a callback or the observer failed; IMP_EINTERRUPT on
 * Ctrl-C (imp_interrupt_pending); an impact solver's status. */
imp_status imp_sim_run(const imp_sim_system *s, const imp_sim_opts *o,
                       double *q, double *qd, const imp_sim_observer *obs,
                       imp_sim_outcome *out);

#endif
