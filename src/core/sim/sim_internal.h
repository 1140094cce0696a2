/* The simulator's private state and the functions its files share
 * (sim.c: the loop; sim_eval.c: callbacks, M and the contact forces;
 * sim_smooth.c: motion between events; sim_events.c: locating events;
 * sim_impact.c: impacts and modes; sim_zeno.c: accumulations). */
#ifndef IMPACT_SIM_INTERNAL_H
#define IMPACT_SIM_INTERNAL_H

#include "mechanism.h"
#include "multi_solve.h"
#include "sim.h"
#include "sim_forces.h"

#define SIM_N IMP_SIM_NMAX
#define SIM_ROWS IMP_SIM_ROWS      /* rows of the closed contacts (<= 16 of them) */
#define SIM_ZHIST 4                /* impacts remembered per contact (Zeno) */

/* One contact's recent impacts: times and normal speeds before and after. */
typedef struct {
    int n;                          /* valid entries (newest last) */
    double t[SIM_ZHIST], vin[SIM_ZHIST], vout[SIM_ZHIST];
    long count;                     /* impacts resolved on the contact */
    double vmax;                    /* its first closing speed: the scale */
} sim_zeno;

/* The closed contacts' dynamics at one state: M^-1 f, the stacked rows,
 * the acceleration-level problem and its solution, q''. */
typedef struct {
    int k, rows, idx[IMP_MULTI_MAX], off[IMP_MULTI_MAX];
    double f[SIM_N], u[SIM_N];      /* f and M^-1 f */
    double J[SIM_ROWS * SIM_N];     /* row-major, rows x n */
    double Y[SIM_ROWS * SIM_N];     /* M^-1 J^T, row r at Y + r n */
    double A[SIM_ROWS * SIM_ROWS], b[SIM_ROWS], v[SIM_ROWS];
    imp_sim_acc_problem p;
    imp_sim_acc_result r;
    double qdd[SIM_N];
} sim_dyn;

typedef struct {
    const imp_sim_system *s;
    imp_sim_opts o;                 /* defaults filled in */
    const imp_sim_observer *obs;
    imp_sim_outcome *out;
    int n, nc;
    double t, q[SIM_N], qd[SIM_N];
    int closed[IMP_SIM_CMAX];       /* persistent contact (gap 0, v_n 0) */
    int armed[IMP_SIM_CMAX];        /* open, and its gap seen positive since */
    imp_sim_cmode mode[IMP_SIM_CMAX];
    double dir[IMP_SIM_CMAX][2];
    double L, V;                    /* length and speed scales */
    double Tmax;                    /* largest kinetic energy at an impact */
    double gtol, vtol;              /* touching: gap <= gtol; v_n ~ 0: |v_n| <= vtol */
    double Mc[SIM_N * SIM_N], Lc[SIM_N * SIM_N];   /* const_mass: M and its factor */
    int have_Mc;
    int diag_Lc;                    /* have_Mc and Lc diagonal (a scene's M) */
    double h;                       /* the integrator's next step */
    imp_status rhs_st;              /* the first failure inside a step */
    long ks;                        /* next sample index: t0 + ks dt */
    double last_sample;             /* time of the last sample (NAN: none) */
    sim_zeno z[IMP_SIM_CMAX];
    sim_zeno zg;                    /* impacts on several contacts at once */
    int zeno_contact;               /* closing by accumulation at zeno_t, else -1 */
    int zeno_k, zeno_idx[IMP_MULTI_MAX];   /* the contacts it closes (zeno_contact first) */
    double zeno_t;
    long zeno_count;
    imp_multi_space *mw;            /* heap (~210 kB): imp_multi_solve's workspace */
    imp_mech *mc;                   /* &mw->mc: the single-contact solves' */
    sim_dyn dyn;                    /* the right-hand side's workspace */
    sim_dyn dyn2;                   /* the event functions' */
} sim_t;

/* sim.c */
imp_status sim_fail(sim_t *S, imp_status st, const char *what, int contact, int index,
                    double value);
/* the same, failing at time t (inside a step) */
imp_status sim_fail_at(sim_t *S, double t, imp_status st, const char *what, int contact,
                       int index, double value);
imp_status sim_sample(sim_t *S, double t, const double *q, const double *qd);
/* every sample t0 + k dt in (S->last, t_hi) (t_hi included when incl) from
 * eval(t) */
typedef imp_status (*sim_eval_fn)(sim_t *S, void *ctx, double t, double *q, double *qd);
imp_status sim_samples_upto(sim_t *S, double t_hi, int incl, sim_eval_fn eval, void *ctx);
imp_status sim_report(sim_t *S, imp_sim_event *ev);

/* sim_eval.c: callbacks checked for failure and non-finite values */
imp_status sim_mass(sim_t *S, double t, const double *q, double *M, double *Lf);
imp_status sim_force(sim_t *S, double t, const double *q, const double *qd, double *f);
imp_status sim_gap(sim_t *S, double t, int i, const double *q, double *g);
imp_status sim_jac(sim_t *S, double t, int i, const double *q, double *J);
imp_status sim_jdot(sim_t *S, double t, int i, const double *q, const double *qd,
                    double *Jd);
/* contact i's velocity J q' (dim entries) */
imp_status sim_cvel(sim_t *S, double t, int i, const double *q, const double *qd,
                    double *v);
/* the closed contacts' forces with the modes in S (solve: choose them with
 * imp_sim_acc_solve instead) and q'' */
imp_status sim_dynamics(sim_t *S, sim_dyn *d, double t, const double *q, const double *qd,
                        int solve, imp_status *acc_st);
double sim_energy(sim_t *S, const double *q, const double *qd);
/* small dense linear algebra (row-major, n x n) */
int sim_chol(int n, const double *A, double *L);
void sim_chol_solve(int n, const double *L, double *x);
/* x = A^-1 x for a symmetric positive semidefinite A (rows <= SIM_ROWS):
 * Cholesky with tiny pivots dropped (redundant rows get no share) */
void sim_psd_solve(int n, const double *A, double *x);

/* sim_smooth.c */
typedef struct {
    int kind;                       /* imp_sim_event_kind, or -1: none */
    int contact;
} sim_hit;
imp_status sim_advance(sim_t *S, double t_stop, sim_hit *hit);
imp_status sim_project(sim_t *S);

/* sim_events.c */
/* 2 functions per contact (see sim_events.c) at the state */
imp_status sim_event_values(sim_t *S, double t, const double *q, const double *qd,
                            double *val);
int sim_event_kind(const sim_t *S, int j);
typedef imp_status (*sim_state_fn)(sim_t *S, void *ctx, double tau, double *q, double *qd);
/* the first zero of event function j in (tau0, tau1], val(tau0) >= 0 >
 * val(tau1) (or > 0 >=): Brent; *tau on the crossed side */
imp_status sim_locate(sim_t *S, sim_state_fn st, void *ctx, double t0, int j,
                      double tau0, double v0, double tau1, double v1, double *tau);
/* flight: the first impact on [0, H] of the armed open contacts, proven
 * by the gap bound; *tau = H if none */
imp_status sim_flight_search(sim_t *S, double H, double *tau, int *contact);

/* sim_impact.c */
imp_status sim_impacts(sim_t *S, int *done);
double sim_kinetic(int n, const double *M, const double *qd);
imp_law sim_contact_law(const imp_sim_contact *c);
/* the samples before and after, the event, q' = qd1 */
imp_status sim_apply_impact(sim_t *S, imp_sim_event *ev, const double *M, double *qd1);
/* after an impact on contacts idx: closed (v_n ~ 0) or separating */
imp_status sim_classify(sim_t *S, int k, const int *idx, double *vn);

/* sim_modes.c */
imp_status sim_modes(sim_t *S);
int sim_at_rest(sim_t *S, imp_status *st);

/* sim_zeno.c */
void sim_zeno_record(sim_t *S, int i, double t, double vin, double vout);
int sim_zeno_check(sim_t *S, int i, double *t_inf);
/* the same on any history (a group of contacts struck together) */
void sim_zeno_push(sim_t *S, sim_zeno *z, double t, double vin, double vout);
int sim_zeno_test(const sim_t *S, const sim_zeno *z, double *t_inf);

#endif
