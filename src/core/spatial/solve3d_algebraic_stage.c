/* One stage of the algebraic 3D solver (see solve3d_algebraic.c): its
 * closures as three equations in F, solved directly (LAPACKE dgesv, or
 * sticking from W's Cholesky factor), by Newton's method for a nonlinear
 * closure, by a scan for a custom law, or without friction. */
#include <lapacke.h>
#undef I  /* complex.h's I (via lapacke.h): our inertia fields are named I */
#include <math.h>
#include <float.h>

#include "solve3d_algebraic.h"

/* Records why a stage failed; IMP_ENOSOLUTION marks the case inconsistent. */
imp_status imp_algebraic3d_failed(sb_t *s, imp_fail3d why, imp_status st)
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
    if (info > 0) return imp_algebraic3d_failed(s, IMP_FAIL3D_SINGULAR, IMP_ESINGULAR);
    for (int i = 0; i < 3; i++)
        if (!isfinite(x[i])) return imp_algebraic3d_failed(s, IMP_FAIL3D_SINGULAR, IMP_ESINGULAR);
    if (LAPACKE_dgecon_work(LAPACK_COL_MAJOR, '1', 3, A, 3, anorm, &rc, (double[12]){0}, iw) == 0
        && rc > 0)
        s->noise = fmax(s->noise, 10 * DBL_EPSILON / rc);
    return IMP_OK;
}

imp_status imp_algebraic3d_solve_linear(sb_t *s, const closure *cl, double x[NX])
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
            return imp_algebraic3d_failed(s, IMP_FAIL3D_SINGULAR, IMP_ESINGULAR);
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
imp_status imp_algebraic3d_solve_newton(sb_t *s, const closure *cl, double x[NX])
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
    return imp_algebraic3d_failed(s, IMP_FAIL3D_NEWTON, IMP_ENOCONV);
}

/* The custom law's residual at the end x of a candidate restitution stage
 * that starts at the current state (custom-law state, 3D). */
imp_status imp_algebraic3d_law_at(const sb_t *s, const double x[NX], double *R)
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
    if (imp_law_residual(s->law, &st, R) != 0 || !isfinite(*R)) return IMP_ELAW;
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
    imp_status st = imp_algebraic3d_solve_linear(s, &one, xa);
    if (st != IMP_OK) return st;
    start_point(s, x0);
#define AT(F) for (int i_ = 0; i_ < NX; i_++) x[i_] = x0[i_] + (F) * (xa[i_] - x0[i_])
    AT(0);
    if ((st = imp_algebraic3d_law_at(s, x, &Ra)) != IMP_OK) return st;
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
            if ((st = imp_algebraic3d_law_at(s, x, &Rb)) != IMP_OK) return st;
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
        if ((st = imp_algebraic3d_law_at(s, x, &R)) != IMP_OK) return st;
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
imp_status imp_algebraic3d_frictionless(sb_t *s, const closure *cl, double x[NX])
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
imp_status imp_algebraic3d_solve_stage(sb_t *s, const closure *cl, double x[NX])
{
    if (cl->norm == N_VN || cl->norm == N_FN) return imp_algebraic3d_solve_linear(s, cl, x);
    if (cl->norm == N_LAW) return solve_custom(s, cl, x);
    if (cl->tang == T_FREE) return imp_algebraic3d_frictionless(s, cl, x);
    int ok;
    double Fn = energetic_fn(s, cl, &ok);
    if (!ok) return imp_algebraic3d_failed(s, IMP_FAIL3D_NO_ENERGY_ROOT, IMP_ENOSOLUTION);
    closure lin = *cl;
    lin.norm = N_FN;
    lin.target = Fn;
    imp_status st = imp_algebraic3d_solve_linear(s, &lin, x);
    if (st != IMP_OK) return st;
    return imp_algebraic3d_solve_newton(s, cl, x);
}

