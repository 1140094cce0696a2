/* The algebraic 3D solver's own declarations (private to
 * solve3d_algebraic*.c): a stage's closures, the solver's state and a
 * stage's solution, shared by the stage sequence (solve3d_algebraic.c)
 * and the solve of one stage (solve3d_algebraic_stage.c). */
#ifndef IMPACT_SOLVE3D_ALGEBRAIC_H
#define IMPACT_SOLVE3D_ALGEBRAIC_H

#include <string.h>

#include "impact3d.h"
#include "mat3.h"

enum { T_FREE, T_SLIDE, T_STICK };          /* tangential closures */
enum { N_VN, N_FN, N_ENERGY, N_STOP, N_LAW }; /* normal / nonlinear closure */

typedef struct {
    int tang;
    double u[2];       /* T_SLIDE: slip direction; friction F_t = -mu_k F_n u */
    int norm;
    double target;     /* N_VN: v_n at the end; N_FN: F_n; N_ENERGY: work T;
                          N_LAW: the custom law's first root along the stage */
} closure;

typedef struct {
    const imp_contact3d *c;
    const imp_law *law;
    imp_law_end end;       /* the law's end in closed form, or form NONE */
    const imp_opts3d *o;
    double mu_s, mu_k;
    double vc[3];          /* contact velocity at the start of the next stage, vC0 + W P */
    double P[3];           /* accumulated impulse */
    double Wn, Wf;
    double Ps;             /* impulse scale */
    double vscale;         /* |vC0| */
    double ntol;           /* Newton's tolerance: newton_tol, raised to the rounding level
                              of the solves (~1e-15 cond(W)) */
    double noise;          /* the largest relative rounding level of a 3x3 solve so far */
    imp_stage3d_kind cur;  /* the stage being solved (for failure reports) */
    int restitution;
    imp_result3d *out;
} sb_t;

/* A stage's solution x: its impulse F (0..2) and the contact velocity at
 * its end (3..5), kept apart from F so that a sticking stage ends at
 * v_t = 0 exactly (W F itself carries rounding of the size of W's largest
 * entries times F, large for a nearly singular inertia). The body's
 * velocities follow from the total impulse only (imp_result3d_apply). */
#define NX 6

/* The contact velocity at the start of the stage, and at its end for the
 * stage impulse x: v_C + W F. */
static inline void start_vel(const sb_t *s, double vc[3])
{
    memcpy(vc, s->vc, 3 * sizeof *vc);
}

static inline void end_vel(const sb_t *s, const double x[NX], double vc[3])
{
    (void)s;
    memcpy(vc, x + 3, 3 * sizeof *vc);
}

/* The stage that starts at the current state and carries no impulse. */
static inline void start_point(const sb_t *s, double x[NX])
{
    x[0] = x[1] = x[2] = 0;
    memcpy(x + 3, s->vc, sizeof s->vc);
}

/* x = (F, v_C + W F). */
static inline void stage_end(const sb_t *s, const double F[3], double x[NX])
{
    double WF[3];
    memcpy(x, F, 3 * sizeof *F);
    imp_mat3_vec(s->c->W, F, WF);
    for (int i = 0; i < 3; i++) x[3 + i] = s->vc[i] + WF[i];
}

/* solve3d_algebraic_stage.c: one stage's solve. */
/* Records why a stage failed; IMP_ENOSOLUTION marks the case inconsistent. */
imp_status imp_algebraic3d_failed(sb_t *s, imp_fail3d why, imp_status st);
/* A stage with linear closures (a 3x3 solve, or sticking from L). */
imp_status imp_algebraic3d_solve_linear(sb_t *s, const closure *cl, double x[NX]);
/* Newton's method on F for a nonlinear closure, from x. */
imp_status imp_algebraic3d_solve_newton(sb_t *s, const closure *cl, double x[NX]);
/* The custom law's residual at the end x of a candidate restitution stage. */
imp_status imp_algebraic3d_law_at(const sb_t *s, const double x[NX], double *R);
/* A stage's frictionless solution (same normal closure). */
imp_status imp_algebraic3d_frictionless(sb_t *s, const closure *cl, double x[NX]);
/* Any stage: linear, energetic (closed form, then Newton) or custom. */
imp_status imp_algebraic3d_solve_stage(sb_t *s, const closure *cl, double x[NX]);

#endif
