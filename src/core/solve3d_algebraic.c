/* Sun & Baruh's algebraic ("nine-equation") 3D impact model
 * (SB22 secs 3-4, in the workbench's contact frame with the signs the
 * extracted text lost reconstructed from their own examples). Each stage has nine unknowns (v', w', F): six momentum rows
 *
 *   m (v' - v) = F,     I (w' - w) = r x F,
 *
 * and three closures on F and the contact velocity. The momentum rows are
 * explicit in F (v' = v + F/m, w' = w + I^-1 (r x F) with I^-1 from the
 * principal decomposition), so the closures become three equations in F
 * alone through v_C' = v_C + W F (SB22 secs 3-4, solved in contact space): a 3x3
 * system solved with LAPACKE dgesv, or, for the sticking closure v_t' = 0,
 * F_t = -(Wtt^-1 v_t + q F_n) from W's Cholesky factor. Unlike the 9x9
 * form this keeps its digits for a nearly singular inertia (a rod about
 * its axis), whose momentum rows are ill-conditioned where W is not. The nonlinear closures
 * (slip stops: |F_t| = mu_k F_n; energetic restitution: F_n (vn_start +
 * vn_end)/2 = T) are quadratics in the stage's F_n (SB22's closed forms):
 * the admissible root is taken in a cancellation-free form (so a double
 * root, e.g. mu_k = 0 with the slip passing through zero, is exact), the
 * stage is solved as the linear system with that F_n, and Newton's method
 * on F (the Jacobian solved by dgesv) polishes it when the closure's
 * residual is above the rounding level of the solve. A sliding stage's
 * friction direction is taken from the same stage solved without friction
 * (SB22's assumption). Every stage is checked as SB22's model requires: F_n >= 0
 * (rounding below 0 is clamped to an exact 0) and, in restitution, v_n >= 0
 * at its end; a case that fails has no admissible solution in SB22's
 * model (IMP_ENOSOLUTION). */
#include <lapacke.h>
#undef I  /* complex.h's I (via lapacke.h): our inertia fields are named I */
#include <math.h>
#include <float.h>
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

/* Records why a stage failed; IMP_ENOSOLUTION marks the case inconsistent. */
static imp_status failed(sb_t *s, imp_fail3d why, imp_status st)
{
    imp_result3d *o = s->out;
    if (o->fail == IMP_FAIL3D_NONE) {
        o->fail = why;
        o->fail_stage = s->cur;
        o->fail_restitution = s->restitution;
        o->fail_iter = s->o->newton_max;
    }
    if (st == IMP_ENOSOLUTION) o->inconsistent = 1;
    return st;
}

#define A_(i, j) A[(i) + 3 * (j)]

/* A stage's solution x: its impulse F (0..2) and the contact velocity at
 * its end (3..5), kept apart from F so that a sticking stage ends at
 * v_t = 0 exactly (W F itself carries rounding of the size of W's largest
 * entries times F, large for a nearly singular inertia). The body's
 * velocities follow from the total impulse only (imp_result3d_apply). */
#define NX 6

/* The contact velocity at the start of the stage, and at its end for the
 * stage impulse x: v_C + W F. */
static void start_vel(const sb_t *s, double vc[3])
{
    memcpy(vc, s->vc, 3 * sizeof *vc);
}

static void end_vel(const sb_t *s, const double x[NX], double vc[3])
{
    (void)s;
    memcpy(vc, x + 3, 3 * sizeof *vc);
}

/* The stage that starts at the current state and carries no impulse. */
static void start_point(const sb_t *s, double x[NX])
{
    x[0] = x[1] = x[2] = 0;
    memcpy(x + 3, s->vc, sizeof s->vc);
}

/* x = (F, v_C + W F). */
static void stage_end(const sb_t *s, const double F[3], double x[NX])
{
    double WF[3];
    memcpy(x, F, 3 * sizeof *F);
    imp_mat3_vec(s->c->W, F, WF);
    for (int i = 0; i < 3; i++) x[3 + i] = s->vc[i] + WF[i];
}

/* Row `row` := component k of v_C' = v_C + W F (right-hand side in b). */
static void vc_row(const sb_t *s, double *A, double *b, int row, int k, double target)
{
    for (int j = 0; j < 3; j++) A_(row, j) = s->c->W[3 * k + j];
    b[row] = target - s->vc[k];
}

/* The linear closures of a stage as three equations in F: rows 0 and 1
 * tangential (x, z), row 2 normal (unset for a nonlinear closure). */
static void build(const sb_t *s, const closure *cl, double *A, double rhs[3])
{
    memset(A, 0, 9 * sizeof *A);
    rhs[0] = rhs[1] = rhs[2] = 0;
    switch (cl->tang) {
    case T_FREE:
        A_(0, 0) = 1;
        A_(1, 2) = 1;
        break;
    case T_SLIDE:
        A_(0, 0) = 1; A_(0, 1) = s->mu_k * cl->u[0];
        A_(1, 2) = 1; A_(1, 1) = s->mu_k * cl->u[1];
        break;
    default:
        vc_row(s, A, rhs, 0, 0, 0);
        vc_row(s, A, rhs, 1, 2, 0);
        break;
    }
    if (cl->norm == N_VN) {
        vc_row(s, A, rhs, 2, 1, cl->target);
    } else if (cl->norm == N_FN) {
        A_(2, 1) = 1;
        rhs[2] = cl->target;
    }
}

/* Solves the 3x3 system; s->noise gets the relative rounding level of its
 * solution, 10 eps / rcond (LAPACKE dgecon on the LU factors). */
static imp_status gesv(sb_t *s, double *A, double x[3])
{
    lapack_int ipiv[3], iw[3];
    double anorm = LAPACKE_dlange_work(LAPACK_COL_MAJOR, '1', 3, 3, A, 3, NULL), rc = 0;
    lapack_int info = LAPACKE_dgesv_work(LAPACK_COL_MAJOR, 3, 1, A, 3, ipiv, x, 3);
    if (info < 0) return IMP_ELAPACK;
    if (info > 0) return failed(s, IMP_FAIL3D_SINGULAR, IMP_ESINGULAR);
    for (int i = 0; i < 3; i++)
        if (!isfinite(x[i])) return failed(s, IMP_FAIL3D_SINGULAR, IMP_ESINGULAR);
    if (LAPACKE_dgecon_work(LAPACK_COL_MAJOR, '1', 3, A, 3, anorm, &rc, (double[12]){0}, iw) == 0
        && rc > 0)
        s->noise = fmax(s->noise, 10 * DBL_EPSILON / rc);
    return IMP_OK;
}

static imp_status solve_linear(sb_t *s, const closure *cl, double x[NX])
{
    double A[9], F[3];
    if (cl->tang == T_STICK) {
        /* v_t' = 0: F_t = -(g + q F_n), g = Wtt^-1 v_t, from W's Cholesky
         * factor (an LU of W's rows would lose cond(Wtt) of F_t's digits,
         * which W then multiplies back into v_C') */
        const imp_contact3d *c = s->c;
        double vt[2] = {s->vc[0], s->vc[2]}, g[2];
        imp_contact3d_tsolve(c, vt, g);
        double Fn = cl->norm == N_FN ? cl->target
                  : (cl->target - s->vc[1] + c->Wtn[0] * g[0] + c->Wtn[1] * g[1]) / c->kstick;
        F[0] = -(g[0] + c->q[0] * Fn);
        F[1] = Fn;
        F[2] = -(g[1] + c->q[1] * Fn);
        if (!isfinite(F[0]) || !isfinite(F[1]) || !isfinite(F[2]))
            return failed(s, IMP_FAIL3D_SINGULAR, IMP_ESINGULAR);
        stage_end(s, F, x);
        /* v_n' = v_n - Wtn.g + kstick F_n, kstick = 1/(W^-1)_nn from L */
        x[3] = x[5] = 0;
        x[4] = s->vc[1] - (c->Wtn[0] * g[0] + c->Wtn[1] * g[1]) + c->kstick * Fn;
        return IMP_OK;
    }
    build(s, cl, A, F);
    imp_status st = gesv(s, A, F);
    if (st == IMP_OK) stage_end(s, F, x);
    return st;
}

/* The nonlinear closure's residual at x and its scale (N_STOP: |F_t|^2 -
 * mu_k^2 F_n^2; N_ENERGY: F_n (vn_start + vn_end)/2 - T). */
/* (*floor: the residual's own rounding, which no iteration can remove: for
 * the energetic closure that of W_n.F, large for a nearly singular inertia) */
static double closure_residual(const sb_t *s, const closure *cl, const double x[NX],
                               const double vcs[3], double *scale, double *floor)
{
    const double *F = x;
    double fmax_ = fmax(fmax(fabs(F[0]), fabs(F[1])), fabs(F[2])) + 1e-3 * s->Ps;
    if (cl->norm == N_STOP) {
        *scale = fmax_ * fmax_;
        *floor = 0;
        return F[0] * F[0] + F[2] * F[2] - s->mu_k * s->mu_k * F[1] * F[1];
    }
    double vce[3];
    end_vel(s, x, vce);
    *scale = fabs(cl->target) + fmax_ * s->vscale;
    *floor = 8 * DBL_EPSILON * fabs(F[1]) * (fabs(s->c->W[3] * F[0]) + fabs(s->c->W[4] * F[1])
                                            + fabs(s->c->W[5] * F[2]) + fabs(vcs[1]));
    return 0.5 * F[1] * (vcs[1] + vce[1]) - cl->target;
}

/* Newton's method on F for a nonlinear closure, from x (which already
 * satisfies the linear closures): nothing to do when the closure's
 * residual is at the tolerance or the solves' rounding level. */
static imp_status solve_newton(sb_t *s, const closure *cl, double x[NX])
{
    double vcs[3], dprev = 0, sc, F[3] = {x[0], x[1], x[2]};
    start_vel(s, vcs);
    /* (newton_tol = 0 asks for an exact zero: no noise allowance) */
    double fl, r0 = closure_residual(s, cl, x, vcs, &sc, &fl);
    double ntol = s->o->newton_tol > 0 ? fmax(s->ntol, s->noise) : 0;
    if (fabs(r0) <= ntol * sc + (ntol > 0 ? fl : 0)) return IMP_OK;
    for (int it = 0; it < s->o->newton_max; it++) {
        double A[9], rhs[3], res[3];
        build(s, cl, A, rhs);
        for (int i = 0; i < 2; i++) {
            res[i] = -rhs[i];
            for (int j = 0; j < 3; j++) res[i] += A_(i, j) * F[j];
        }
        if (cl->norm == N_STOP) {
            /* |F_t|^2 - mu_k^2 F_n^2 = 0 */
            res[2] = F[0] * F[0] + F[2] * F[2] - s->mu_k * s->mu_k * F[1] * F[1];
            A_(2, 0) = 2 * F[0];
            A_(2, 1) = -2 * s->mu_k * s->mu_k * F[1];
            A_(2, 2) = 2 * F[2];
        } else {
            /* F_n (vn_start + vn_end)/2 - T = 0, vn_end = vn_start + W_n.F */
            double vne = vcs[1];
            for (int j = 0; j < 3; j++) vne += s->c->W[3 + j] * F[j];
            res[2] = 0.5 * F[1] * (vcs[1] + vne) - cl->target;
            for (int j = 0; j < 3; j++) A_(2, j) = 0.5 * F[1] * s->c->W[3 + j];
            A_(2, 1) += 0.5 * (vcs[1] + vne);
        }
        for (int i = 0; i < 3; i++) res[i] = -res[i];
        imp_status st = gesv(s, A, res);
        if (st != IMP_OK) return st;
        double dmax = 0, fmax_ = 0;
        for (int i = 0; i < 3; i++) {
            F[i] += res[i];
            if (fabs(res[i]) > dmax) dmax = fabs(res[i]);
            if (fabs(F[i]) > fmax_) fmax_ = fabs(F[i]);
        }
        s->out->nsteps++;
        double tol = ntol * (fmax_ + 1e-3 * s->Ps);
        /* converged, or converging quadratically (d_k ~ C d_{k-1}^2) with
         * the error left after this step, C dmax^2 = dmax^3/dprev^2,
         * already below tol */
        if (dmax <= tol || (it > 1 && dmax < 0.1 * dprev
                            && dmax * dmax * dmax <= tol * dprev * dprev)) {
            stage_end(s, F, x);
            return IMP_OK;
        }
        dprev = dmax;
    }
    return failed(s, IMP_FAIL3D_NEWTON, IMP_ENOCONV);
}

/* The custom law's residual at the end x of a candidate restitution stage
 * that starts at the current state (custom-law state, 3D). */
static imp_status law_at(const sb_t *s, const double x[NX], double *R)
{
    double vcs[3], vce[3];
    const double *F = x;
    start_vel(s, vcs);
    end_vel(s, x, vce);
    imp_law_state st;
    memset(&st, 0, sizeof st);
    st.Pn = s->P[1] + F[1];
    st.Pc = s->out->Pc;
    st.vn = vce[1];
    st.vn0 = s->c->vC0[1];
    st.Wc = s->out->Wc;
    st.Wr = s->Wn + 0.5 * F[1] * (vcs[1] + vce[1]) - s->out->Wc;
    st.Pt[0] = s->P[0] + F[0]; st.Pt[1] = s->P[2] + F[2];
    st.vt[0] = vce[0]; st.vt[1] = vce[2];
    st.vt0[0] = s->c->vC0[0]; st.vt0[1] = s->c->vC0[2];
    st.phase = IMP_PHASE_RESTITUTION;
    st.dim = 3;
    if (s->law->fn(s->law->ctx, &st, R) != 0 || !isfinite(*R)) return IMP_ELAW;
    return IMP_OK;
}

/* A stage ended by a custom law: along the stage everything is linear in
 * its normal impulse F (one solve gives the state at F = 1), so the law is
 * scanned on growing intervals (16 points each) for its first sign change
 * from below and the root refined by Illinois (custom laws). */
static imp_status solve_custom(sb_t *s, const closure *cl, double x[NX])
{
    closure one = *cl;
    one.norm = N_FN;
    one.target = 1;
    double xa[NX], x0[NX], R, a = 0, b = 0, Ra, Rb;
    imp_status st = solve_linear(s, &one, xa);
    if (st != IMP_OK) return st;
    start_point(s, x0);
#define AT(F) for (int i_ = 0; i_ < NX; i_++) x[i_] = x0[i_] + (F) * (xa[i_] - x0[i_])
    AT(0);
    if ((st = law_at(s, x, &Ra)) != IMP_OK) return st;
    if (Ra >= 0) return IMP_OK;                 /* ends where it starts */
    /* the cap: an impulse that would leave the body with 1e12 times its
     * kinetic energy (|P| <= sqrt(2 m T) + sqrt(2 m T0)), scale-free */
    double len = s->out->Pc > 0 ? s->out->Pc : s->Ps;
    double cap = 1e6 * (s->out->Pc + s->Ps + sqrt(2 * s->c->m * s->c->T0));
    int found = 0;
    while (!found) {
        for (int k = 1; k <= 16 && !found; k++) {
            b = a + len * k / 16;
            AT(b);
            if ((st = law_at(s, x, &Rb)) != IMP_OK) return st;
            if (Rb >= 0) found = 1;
            else { a = b; Ra = Rb; }
        }
        len *= 2;
        if (!found && a > cap) return IMP_ENOROOT;
    }
    for (int it = 0, side = 0; it < 200 && b - a > 1e-15 * b && Rb != 0; it++) {
        double m = b - Rb * (b - a) / (Rb - Ra);
        if (!(m > a && m < b)) m = 0.5 * (a + b);
        AT(m);
        if ((st = law_at(s, x, &R)) != IMP_OK) return st;
        if (R >= 0) { b = m; Rb = R; if (side == 1) Ra *= 0.5; side = 1; }
        else { a = m; Ra = R; if (side == -1) Rb *= 0.5; side = -1; }
    }
    AT(b);
#undef AT
    return IMP_OK;
}

/* A stage's frictionless solution (same normal closure). Without friction
 * F = (0, F_n, 0) and v_n,end = v_n + W_nn F_n, so SB22's closed forms give
 * it directly (no solve): F_n = (v_n,end - v_n)/W_nn, the Poisson
 * budget, or the energetic F_n = 2T/(v_n + sqrt(v_n^2 + 2 W_nn T)); the
 * body update follows from the momentum rows. */
static imp_status frictionless(sb_t *s, const closure *cl, double x[NX])
{
    if (cl->norm == N_LAW) {
        closure fl = *cl;
        fl.tang = T_FREE;
        return solve_custom(s, &fl, x);
    }
    double vc[3], k = s->c->Wnn, Fn;
    start_vel(s, vc);
    if (cl->norm == N_VN) Fn = (cl->target - vc[1]) / k;
    else if (cl->norm == N_FN) Fn = cl->target;
    else {
        double T = cl->target;
        Fn = T > 0 ? 2 * T / (vc[1] + sqrt(vc[1] * vc[1] + 2 * k * T)) : 0;
    }
    stage_end(s, (double[3]){0, Fn, 0}, x);
    return isfinite(Fn) ? IMP_OK : IMP_ESINGULAR;
}

/* Energetic restitution with the stage's constant friction closure: v_n is
 * linear in the stage's F_n, v_n(F) = a0 + k F (k = Wnn - mu_k Wnt.u
 * sliding, 1/(W^-1)_nn sticking), so F (vn_start + v_n(F))/2 = T is the
 * quadratic k F^2/2 + A F - T = 0, A = (vn_start + a0)/2, whose smallest
 * positive root is F = 2T/(A + sqrt(A^2 + 2kT)) (SB22 secs 3-4). *ok = 0 when there
 * is none. */
static double energetic_fn(const sb_t *s, const closure *cl, int *ok)
{
    const imp_contact3d *c = s->c;
    double vc[3], T = cl->target;
    start_vel(s, vc);
    double a0 = vc[1], k = c->Wnn;
    if (cl->tang == T_SLIDE) {
        k -= s->mu_k * (c->Wtn[0] * cl->u[0] + c->Wtn[1] * cl->u[1]);
    } else if (cl->tang == T_STICK) {
        double vt[2] = {vc[0], vc[2]}, g[2];
        imp_contact3d_tsolve(c, vt, g);
        a0 -= c->Wtn[0] * g[0] + c->Wtn[1] * g[1];
        k = c->kstick;
    }
    double A = 0.5 * (vc[1] + a0), disc = A * A + 2 * k * T;
    *ok = 1;
    if (!(T > 0)) return 0;
    if (!(disc >= 0) || !(A + sqrt(disc) > 0)) { *ok = 0; return 0; }
    return 2 * T / (A + sqrt(disc));
}

/* Solves a stage: the linear ones directly, energetic restitution from its
 * closed form (then polished by Newton), custom laws by their scan. */
static imp_status solve_stage(sb_t *s, const closure *cl, double x[NX])
{
    if (cl->norm == N_VN || cl->norm == N_FN) return solve_linear(s, cl, x);
    if (cl->norm == N_LAW) return solve_custom(s, cl, x);
    if (cl->tang == T_FREE) return frictionless(s, cl, x);
    int ok;
    double Fn = energetic_fn(s, cl, &ok);
    if (!ok) return failed(s, IMP_FAIL3D_NO_ENERGY_ROOT, IMP_ENOSOLUTION);
    closure lin = *cl;
    lin.norm = N_FN;
    lin.target = Fn;
    imp_status st = solve_linear(s, &lin, x);
    if (st != IMP_OK) return st;
    return solve_newton(s, cl, x);
}

/* Friction direction of a sliding stage: the frictionless end slip. */
static imp_status slip_direction(sb_t *s, const closure *cl, double u[2])
{
    double x[NX], vc[3];
    imp_status st = frictionless(s, cl, x);
    if (st != IMP_OK) return st;
    end_vel(s, x, vc);
    double n = hypot(vc[0], vc[2]);
    if (!(n > 0)) {                         /* no tendency: keep the current slip */
        start_vel(s, vc);
        n = hypot(vc[0], vc[2]);
        if (!(n > 0)) { vc[0] = s->c->Wtn[0]; vc[2] = s->c->Wtn[1]; n = hypot(vc[0], vc[2]); }
    }
    u[0] = n > 0 ? vc[0] / n : 1;
    u[1] = n > 0 ? vc[2] / n : 0;
    return IMP_OK;
}

/* The slip-stop stage (c1/r1): v_t' = 0 and |F_t| = mu_k F_n, the smallest
 * positive F_n. Returns 1 in *found when it exists. Along v_t' = 0,
 * F_t = -(g + q F_n) with g = Wtt^-1 v_t, so the residual is the quadratic
 * f(F) = a F^2 + 2 b F + c with a = |q|^2 - mu_k^2, b = g.q, c = |g|^2 > 0
 * (SB22 secs 3-4). Its discriminant b^2 - a c equals mu_k^2 |g|^2 - (g x q)^2
 * (Lagrange's identity), which has no cancellation: with mu_k = 0 it is
 * <= 0, and 0 (a double root, the slip passing exactly through zero) only
 * when g and q are exactly parallel, as for planar data. The smallest
 * positive root in a cancellation-free form is c/(-b + sqrt(disc)) for
 * b <= 0 and (b + sqrt(disc))/(-a) for b > 0 (then a < 0 is needed). */
static imp_status slip_stop(sb_t *s, double x[NX], int *found)
{
    const imp_contact3d *c = s->c;
    double vc[3], g[2];
    start_vel(s, vc);
    double vt[2] = {vc[0], vc[2]};
    imp_contact3d_tsolve(c, vt, g);
    double mu = s->mu_k;
    double a = (c->rho_req - mu) * (c->rho_req + mu);
    double bb = g[0] * c->q[0] + g[1] * c->q[1], cc = g[0] * g[0] + g[1] * g[1];
    double cr = g[0] * c->q[1] - g[1] * c->q[0];
    double disc = mu * mu * cc - cr * cr, F;
    *found = 0;
    if (!(cc > 0)) return IMP_OK;
    if (bb <= 0) {
        if (a > 0 && !(bb < 0 && disc >= 0)) return IMP_OK;   /* the slip cannot stop */
        if (a == 0 && !(bb < 0)) return IMP_OK;
        F = cc / (-bb + sqrt(fmax(disc, 0)));
    } else {
        if (!(a < 0)) return IMP_OK;
        F = (bb + sqrt(disc)) / -a;
    }
    if (!(F > 0) || !isfinite(F)) return IMP_OK;
    /* the stage: v_t' = 0 at that F_n (without friction, F_t = 0 exactly:
     * the slip only passes through zero) */
    closure cl = {mu > 0 ? T_STICK : T_FREE, {0, 0}, N_FN, F};
    imp_status st = solve_linear(s, &cl, x);
    if (st != IMP_OK) return st;
    if (mu > 0) {
        closure stop = {T_STICK, {0, 0}, N_STOP, 0};
        if ((st = solve_newton(s, &stop, x)) != IMP_OK) return st;
    }
    *found = 1;
    return IMP_OK;
}

/* Commits a stage: updates the state, works and the stage record. */
static void commit(sb_t *s, const double x[NX], imp_stage3d_kind kind, int slip,
                   const double u[2])
{
    double vcs[3], vce[3], F[3] = {x[0], x[1], x[2]};
    if (slip) {
        /* a sliding or stopping stage has |F_t| = mu_k F_n; the solve
         * gives F_t to rounding of |F|, which a tiny mu_k would turn into
         * a visible excess over the Coulomb cone */
        double n = hypot(F[0], F[2]), cap = s->mu_k * F[1];
        if (n > cap) {
            double k = n > 0 ? cap / n : 0;
            F[0] *= k; F[2] *= k;
        }
    }
    start_vel(s, vcs);
    end_vel(s, x, vce);
    imp_result3d *o = s->out;
    imp_stage3d *st = &o->stage[o->nstage++];
    memset(st, 0, sizeof *st);
    st->kind = kind;
    st->slip = slip;
    if (slip && u) {
        st->u[0] = st->u_end[0] = u[0];
        st->u[1] = st->u_end[1] = u[1];
    }
    st->p0 = s->P[1];
    for (int i = 0; i < 3; i++) {
        st->P[i] = F[i];
        s->P[i] += F[i];
    }
    st->p1 = s->P[1];
    memcpy(s->vc, vce, sizeof vce);
    s->Wn += 0.5 * F[1] * (vcs[1] + vce[1]);
    s->Wf += 0.5 * (F[0] * (vcs[0] + vce[0]) + F[2] * (vcs[2] + vce[2]));
}

/* The slip direction of a c1/r1 stage: opposite to its friction, or
 * (without friction) the slip at its start. */
static void stop_dir(const sb_t *s, const double x[NX], double u[2])
{
    double n = hypot(x[0], x[2]), vc[3];
    if (n > 0) {
        u[0] = -x[0] / n; u[1] = -x[2] / n;
        return;
    }
    start_vel(s, vc);
    n = hypot(vc[0], vc[2]);
    u[0] = n > 0 ? vc[0] / n : 0;
    u[1] = n > 0 ? vc[2] / n : 0;
}

/* The restitution closure for what remains of the law's budget. */
static closure rest_closure(const sb_t *s, int tang)
{
    const imp_law *law = s->law;
    closure cl = {tang, {0, 0}, N_FN, 0};
    double e = law->e;
    if (law->kind == IMP_LAW_POISSON) {
        cl.target = (1 + e) * s->out->Pc - s->P[1];
    } else if (law->kind == IMP_LAW_NEWTON) {
        cl.norm = N_VN;
        cl.target = -e * s->c->vC0[1];
    } else if (law->kind == IMP_LAW_CUSTOM) {
        cl.norm = N_LAW;
    } else {
        cl.norm = N_ENERGY;
        cl.target = -e * e * s->out->Wc - (s->Wn - s->out->Wc);
    }
    return cl;
}

/* SB22's checks on a solved stage x: F_n >= 0 and, in restitution, v_n >= 0
 * at its end (v_n is linear along a stage that starts at v_n >= 0, so
 * then it is >= 0 throughout; with a fixed friction direction the normal
 * rate W_nn - mu_k W_nt.u can be negative in 3D). Rounding is allowed for:
 * 1e-12 of the impulse (velocity) scale, the solve's own relative rounding
 * of |F| (noise) and that of W F (1e-16 tr(W) |F|); a normal impulse below
 * zero by no more than that is clamped to an exact 0 (the stage then
 * carries no impulse at all). A stage that fails has no admissible
 * solution in SB22's model; the exact method always has one. */
static imp_status check_stage(sb_t *s, double x[NX])
{
    const double *W = s->c->W;
    double nF = fmax(fmax(fabs(x[0]), fabs(x[1])), fabs(x[2]));
    if (!(x[1] >= 0)) {
        if (!(x[1] >= -(1e-12 * s->Ps + s->noise * nF)))
            return failed(s, IMP_FAIL3D_NEGATIVE_FN, IMP_ENOSOLUTION);
        start_point(s, x);
        nF = 0;
    }
    if (s->restitution) {
        double vce[3];
        end_vel(s, x, vce);
        if (vce[1] < -(1e-12 * s->vscale + (s->noise + 1e-16) * (W[0] + W[4] + W[8]) * nF))
            return failed(s, IMP_FAIL3D_PENETRATES, IMP_ENOSOLUTION);
    }
    return IMP_OK;
}

/* After a stop (or from rest): stick if Coulomb allows, else slide along
 * the frictionless direction, which from v_t = 0 is Wtn/|Wtn|. */
static imp_status stick_or_slide(sb_t *s, closure cl, imp_stage3d_kind kind,
                                 int *sticks, double u[2])
{
    double x[NX];
    imp_status st;
    s->cur = kind;
    *sticks = s->c->rho_req <= s->mu_s;
    if (*sticks) {
        cl.tang = T_STICK;
    } else {
        if ((st = slip_direction(s, &cl, u)) != IMP_OK) return st;
        cl.tang = T_SLIDE;
        cl.u[0] = u[0]; cl.u[1] = u[1];
    }
    if ((st = solve_stage(s, &cl, x)) != IMP_OK || (st = check_stage(s, x)) != IMP_OK)
        return st;
    commit(s, x, kind, !*sticks, u);
    return IMP_OK;
}

/* Slides with direction u for the whole (rest of the) stage. */
static imp_status slide(sb_t *s, closure cl, const double *ufix, imp_stage3d_kind kind)
{
    double x[NX], u[2];
    imp_status st;
    s->cur = kind;
    if (ufix) { u[0] = ufix[0]; u[1] = ufix[1]; }
    else if ((st = slip_direction(s, &cl, u)) != IMP_OK) return st;
    cl.tang = T_SLIDE;
    cl.u[0] = u[0]; cl.u[1] = u[1];
    if ((st = solve_stage(s, &cl, x)) != IMP_OK || (st = check_stage(s, x)) != IMP_OK)
        return st;
    commit(s, x, kind, 1, u);
    return IMP_OK;
}

enum { REST_STICK, REST_SLIDE_FIXED, REST_TEST };

/* Compression: a slip that stops (c1, then c2 sticking or sliding), a slide
 * through it (c), or from rest stick or slide (c). *rest says how
 * restitution goes on, u the slip direction it keeps. */
static imp_status compress(sb_t *s, int *rest, double u[2])
{
    imp_result3d *out = s->out;
    closure comp = {T_FREE, {0, 0}, N_VN, 0};
    int sticks;
    double x[NX];
    imp_status st;
    if (s->vc[0] == 0 && s->vc[2] == 0) {
        if ((st = stick_or_slide(s, comp, IMP_STAGE3D_C, &sticks, u)) != IMP_OK) return st;
        out->mode = sticks ? IMP_MODE_C_STICKING : IMP_MODE_SLIDING;
        *rest = sticks ? REST_STICK : REST_SLIDE_FIXED;
        return IMP_OK;
    }
    int found;
    s->cur = IMP_STAGE3D_C1;
    if ((st = slip_stop(s, x, &found)) != IMP_OK) return st;
    double vce[3];
    end_vel(s, x, vce);
    if (found && vce[1] < 0) {             /* the slip stops in compression */
        double us[2];
        stop_dir(s, x, us);
        commit(s, x, IMP_STAGE3D_C1, 1, us);
        out->p_stop = s->P[1];
        if ((st = stick_or_slide(s, comp, IMP_STAGE3D_C2, &sticks, u)) != IMP_OK) return st;
        out->mode = sticks ? IMP_MODE_C_STICKING : IMP_MODE_C_REVERSED;
        *rest = sticks ? REST_STICK : REST_SLIDE_FIXED;
    } else {
        if ((st = slide(s, comp, NULL, IMP_STAGE3D_C)) != IMP_OK) return st;
        u[0] = out->stage[0].u[0]; u[1] = out->stage[0].u[1];
        out->mode = IMP_MODE_SLIDING;
        *rest = REST_TEST;
    }
    return IMP_OK;
}

/* Restitution after a slide through compression: does the slip stop (r1,
 * then r2) before the law's budget runs out, or slide on (r)? */
static imp_status restitute_sliding(sb_t *s)
{
    imp_result3d *out = s->out;
    double x[NX];
    int found, sticks;
    imp_status st;
    s->cur = IMP_STAGE3D_R1;
    if ((st = slip_stop(s, x, &found)) != IMP_OK) return st;
    double vcs[3], vce[3];
    start_vel(s, vcs);
    end_vel(s, x, vce);
    /* a stop while the contact approaches again is not a restitution stop */
    if (found && vce[1] < 0) found = 0;
    if (found) {
        /* does the slip stop before the law's budget runs out? */
        closure cl = rest_closure(s, T_FREE);
        if (cl.norm == N_FN) found = x[1] < cl.target;
        else if (cl.norm == N_VN) found = vce[1] < cl.target;
        else if (cl.norm == N_ENERGY) found = 0.5 * x[1] * (vcs[1] + vce[1]) < cl.target;
        else {
            double R;
            if ((st = law_at(s, x, &R)) != IMP_OK) return st;
            found = R < 0;
        }
    }
    if (!found) return slide(s, rest_closure(s, T_FREE), NULL, IMP_STAGE3D_R);
    double us[2], u[2] = {0, 0};
    stop_dir(s, x, us);
    commit(s, x, IMP_STAGE3D_R1, 1, us);
    out->p_stop = s->P[1];
    if ((st = stick_or_slide(s, rest_closure(s, T_FREE), IMP_STAGE3D_R2, &sticks, u)) != IMP_OK)
        return st;
    out->mode = sticks ? IMP_MODE_R_STICKING : IMP_MODE_R_REVERSED;
    return IMP_OK;
}

/* Restitution (built-in laws with e = 0, or a custom law already satisfied
 * at maximum compression, have none). */
static imp_status restitute(sb_t *s, int rest, const double u[2])
{
    imp_status st;
    int restitute = s->law->e > 0;
    if (s->law->kind == IMP_LAW_CUSTOM) {
        double R, x0[NX];
        start_point(s, x0);
        if ((st = law_at(s, x0, &R)) != IMP_OK) return st;
        restitute = R < 0;
    }
    s->restitution = 1;
    if (!restitute) return IMP_OK;
    if (rest == REST_STICK) {
        double x[NX];
        closure cl = rest_closure(s, T_STICK);
        s->cur = IMP_STAGE3D_R;
        if ((st = solve_stage(s, &cl, x)) != IMP_OK || (st = check_stage(s, x)) != IMP_OK)
            return st;
        commit(s, x, IMP_STAGE3D_R, 0, NULL);
        return IMP_OK;
    }
    if (rest == REST_SLIDE_FIXED) return slide(s, rest_closure(s, T_FREE), u, IMP_STAGE3D_R);
    return restitute_sliding(s);
}

imp_status imp_solve3d_algebraic_contact(const imp_contact3d *c, double mu_s, double mu_k,
                                         const imp_law *law, const imp_opts3d *opts,
                                         imp_result3d *out)
{
    imp_opts3d def;
    if (!opts) { imp_opts3d_default(&def); opts = &def; }
    imp_status st = imp_result3d_start(mu_s, mu_k, law, out);
    if (st != IMP_OK) return st;

    sb_t s;
    memset(&s, 0, sizeof s);
    s.c = c; s.law = law; s.o = opts; s.out = out;
    s.mu_s = mu_s; s.mu_k = mu_k;
    memcpy(s.vc, c->vC0, sizeof s.vc);
    double vn0 = c->vC0[1], vt0[2] = {c->vC0[0], c->vC0[2]};
    s.vscale = hypot(hypot(c->vC0[0], c->vC0[1]), c->vC0[2]);
    s.Ps = s.vscale / c->Wnn;
    s.ntol = opts->newton_tol * fmax(1, 1e-2 * c->cond);
    out->min_slip = hypot(vt0[0], vt0[1]);
    if (!(vn0 < 0)) {  /* parting or tangential: the model gives no impulse */
        imp_result3d_finish(c, out);
        return IMP_OK;
    }
    int rest;
    double u[2] = {0, 0};
    if ((st = compress(&s, &rest, u)) != IMP_OK) return st;
    out->Pc = s.P[1];
    out->Wc = s.Wn;
    if (!(s.P[1] > 0)) {
        /* grazing: compression needed a normal impulse below zero by no
         * more than rounding (clamped to 0), so the model gives none */
        memset(out->P, 0, sizeof out->P);
        out->nstage = 0;
        out->mode = IMP_MODE_NONE;
        out->p_stop = -1;
        out->Pc = out->Wc = 0;
        imp_result3d_finish(c, out);
        return IMP_OK;
    }
    if ((st = restitute(&s, rest, u)) != IMP_OK) return st;
    memcpy(out->P, s.P, sizeof s.P);
    out->Wr = s.Wn - out->Wc;
    out->Wf = s.Wf;
    imp_result3d_finish(c, out);
    return IMP_OK;
}

imp_status imp_solve3d_algebraic(const imp_body3d *b, double mu_s, double mu_k,
                                 const imp_law *law, const imp_opts3d *opts,
                                 imp_result3d *out)
{
    imp_contact3d c;
    imp_status st = imp_solve3d_setup(b, mu_s, mu_k, law, &c);
    if (st == IMP_OK) st = imp_solve3d_algebraic_contact(&c, mu_s, mu_k, law, opts, out);
    if (st == IMP_OK) imp_result3d_apply(b, &c, out);
    return st;
}
