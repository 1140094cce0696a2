/* Sun & Baruh's algebraic ("nine-equation") 3D impact model (PHYSICS.md
 * E.2, after Sun & Baruh 2022, in the master frame with the reconstructed
 * signs). Each stage has nine unknowns x = (v', w', F): six momentum rows
 *
 *   m (v' - v) = F,     I (w' - w) = r x F,
 *
 * and three closures. Linear stages are solved with LAPACKE dgesv
 * (column-major 9x9); the nonlinear ones (slip stops: |F_t| = mu_k F_n;
 * energetic restitution: F_n (vn_start + vn_end)/2 = T) by Newton's method
 * on the nine unknowns with the Jacobian solved by dgesv, started from the
 * stage's frictionless solution. A sliding stage's friction direction is
 * taken from the same stage solved without friction (SB22's assumption). */
#include <lapacke.h>
#undef I  /* complex.h's I (via lapacke.h): our inertia fields are named I */
#include <math.h>
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
    const imp_body3d *b;
    const imp_contact3d *c;
    const imp_law *law;
    const imp_opts3d *o;
    double X[9];           /* [r]x */
    double mu_s, mu_k;
    double v[3], w[3];     /* state at the start of the next stage */
    double P[3];           /* accumulated impulse */
    double Wn, Wf;
    double Ps;             /* impulse scale */
    imp_result3d *out;
} sb_t;

#define A_(i, j) A[(i) + 9 * (j)]

static void contact_vel(const sb_t *s, const double v[3], const double w[3], double vc[3])
{
    double wr[3];
    imp_vec3_cross(w, s->b->r, wr);
    for (int i = 0; i < 3; i++) vc[i] = v[i] + wr[i];
}

/* Row `row` := component k of v_C' = v' - [r]x w'. */
static void vc_row(const sb_t *s, double *A, int row, int k)
{
    A_(row, k) = 1;
    for (int j = 0; j < 3; j++) A_(row, 3 + j) = -s->X[3 * k + j];
}

/* The linear rows of a stage (all nine when the closure is linear). */
static void build(const sb_t *s, const closure *cl, double *A, double rhs[9])
{
    const imp_body3d *b = s->b;
    memset(A, 0, 81 * sizeof *A);
    double Iw[3];
    imp_mat3_vec(b->I, s->w, Iw);
    for (int i = 0; i < 3; i++) {
        A_(i, i) = b->m;
        A_(i, 6 + i) = -1;
        rhs[i] = b->m * s->v[i];
        for (int j = 0; j < 3; j++) {
            A_(3 + i, 3 + j) = b->I[3 * i + j];
            A_(3 + i, 6 + j) = -s->X[3 * i + j];
        }
        rhs[3 + i] = Iw[i];
    }
    rhs[6] = rhs[7] = rhs[8] = 0;
    switch (cl->tang) {
    case T_FREE:
        A_(6, 6) = 1;
        A_(7, 8) = 1;
        break;
    case T_SLIDE:
        A_(6, 6) = 1; A_(6, 7) = s->mu_k * cl->u[0];
        A_(7, 8) = 1; A_(7, 7) = s->mu_k * cl->u[1];
        break;
    default:
        vc_row(s, A, 6, 0);
        vc_row(s, A, 7, 2);
        break;
    }
    if (cl->norm == N_VN) {
        vc_row(s, A, 8, 1);
        rhs[8] = cl->target;
    } else if (cl->norm == N_FN) {
        A_(8, 7) = 1;
        rhs[8] = cl->target;
    }
}

static imp_status gesv(double *A, double x[9])
{
    lapack_int ipiv[9];
    lapack_int info = LAPACKE_dgesv_work(LAPACK_COL_MAJOR, 9, 1, A, 9, ipiv, x, 9);
    if (info < 0) return IMP_ELAPACK;
    if (info > 0) return IMP_ESINGULAR;
    for (int i = 0; i < 9; i++)
        if (!isfinite(x[i])) return IMP_ESINGULAR;
    return IMP_OK;
}

static imp_status solve_linear(const sb_t *s, const closure *cl, double x[9])
{
    double A[81];
    build(s, cl, A, x);
    return gesv(A, x);
}

/* Newton's method on the nine unknowns for a nonlinear closure, from x. */
static imp_status solve_newton(sb_t *s, const closure *cl, double x[9])
{
    double vcs[3], dprev = 0;
    contact_vel(s, s->v, s->w, vcs);
    for (int it = 0; it < s->o->newton_max; it++) {
        double A[81], rhs[9], res[9];
        build(s, cl, A, rhs);
        for (int i = 0; i < 8; i++) {
            res[i] = -rhs[i];
            for (int j = 0; j < 9; j++) res[i] += A_(i, j) * x[j];
        }
        const double *F = x + 6;
        if (cl->norm == N_STOP) {
            /* |F_t|^2 - mu_k^2 F_n^2 = 0 */
            res[8] = F[0] * F[0] + F[2] * F[2] - s->mu_k * s->mu_k * F[1] * F[1];
            A_(8, 6) = 2 * F[0];
            A_(8, 7) = -2 * s->mu_k * s->mu_k * F[1];
            A_(8, 8) = 2 * F[2];
        } else {
            /* F_n (vn_start + vn_end)/2 - T = 0 */
            double vce[3];
            contact_vel(s, x, x + 3, vce);
            res[8] = 0.5 * F[1] * (vcs[1] + vce[1]) - cl->target;
            vc_row(s, A, 8, 1);
            for (int j = 0; j < 6; j++) A_(8, j) *= 0.5 * F[1];
            A_(8, 7) = 0.5 * (vcs[1] + vce[1]);
        }
        for (int i = 0; i < 9; i++) res[i] = -res[i];
        imp_status st = gesv(A, res);
        if (st != IMP_OK) return st;
        double dmax = 0, fmax_ = 0;
        for (int i = 0; i < 9; i++) x[i] += res[i];
        for (int i = 6; i < 9; i++) {
            if (fabs(res[i]) > dmax) dmax = fabs(res[i]);
            if (fabs(x[i]) > fmax_) fmax_ = fabs(x[i]);
        }
        s->out->nsteps++;
        double tol = s->o->newton_tol * (fmax_ + 1e-3 * s->Ps);
        /* converged, or converging quadratically (d_k ~ C d_{k-1}^2) with
         * the error left after this step, C dmax^2 = dmax^3/dprev^2,
         * already below tol */
        if (dmax <= tol || (it > 1 && dmax < 0.1 * dprev
                            && dmax * dmax * dmax <= tol * dprev * dprev))
            return IMP_OK;
        dprev = dmax;
    }
    return IMP_ENOCONV;
}

/* The custom law's residual at the end x of a candidate restitution stage
 * that starts at the current state (A.3.1 state, 3D). */
static imp_status law_at(const sb_t *s, const double x[9], double *R)
{
    double vcs[3], vce[3];
    const double *F = x + 6;
    contact_vel(s, s->v, s->w, vcs);
    contact_vel(s, x, x + 3, vce);
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
 * its normal impulse F (one dgesv gives the state at F = 1), so the law is
 * scanned on growing intervals (16 points each) for its first sign change
 * from below and the root refined by Illinois (A.3.1). */
static imp_status solve_custom(sb_t *s, const closure *cl, double x[9])
{
    closure one = *cl;
    one.norm = N_FN;
    one.target = 1;
    double xa[9], x0[9], R, a = 0, b = 0, Ra, Rb;
    imp_status st = solve_linear(s, &one, xa);
    if (st != IMP_OK) return st;
    memcpy(x0, s->v, sizeof s->v);
    memcpy(x0 + 3, s->w, sizeof s->w);
    x0[6] = x0[7] = x0[8] = 0;
#define AT(F) for (int i_ = 0; i_ < 9; i_++) x[i_] = x0[i_] + (F) * (xa[i_] - x0[i_])
    AT(0);
    if ((st = law_at(s, x, &Ra)) != IMP_OK) return st;
    if (Ra >= 0) return IMP_OK;                 /* ends where it starts */
    double len = s->out->Pc > 0 ? s->out->Pc : s->Ps, cap = 1e6 * (s->out->Pc + s->Ps);
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
 * F = (0, F_n, 0) and v_n,end = v_n + W_nn F_n, so E.2's closed forms give
 * it directly (no 9x9 solve): F_n = (v_n,end - v_n)/W_nn, the Poisson
 * budget, or the energetic F_n = 2T/(v_n + sqrt(v_n^2 + 2 W_nn T)); the
 * body update follows from the momentum rows. */
static imp_status frictionless(sb_t *s, const closure *cl, double x[9])
{
    if (cl->norm == N_LAW) {
        closure fl = *cl;
        fl.tang = T_FREE;
        return solve_custom(s, &fl, x);
    }
    double vc[3], k = s->c->Wnn, Fn;
    contact_vel(s, s->v, s->w, vc);
    if (cl->norm == N_VN) Fn = (cl->target - vc[1]) / k;
    else if (cl->norm == N_FN) Fn = cl->target;
    else {
        double T = cl->target;
        Fn = T > 0 ? 2 * T / (vc[1] + sqrt(vc[1] * vc[1] + 2 * k * T)) : 0;
    }
    /* v' = v + F/m, w' = w + I^-1 (r x F) with F = Fn e_y */
    const double *r = s->b->r, *Ii = s->c->Iinv;
    double rF[3] = {-r[2] * Fn, 0, r[0] * Fn};
    for (int i = 0; i < 3; i++) {
        x[i] = s->v[i] + (i == 1 ? Fn / s->b->m : 0);
        x[3 + i] = s->w[i] + Ii[3 * i] * rF[0] + Ii[3 * i + 1] * rF[1] + Ii[3 * i + 2] * rF[2];
        x[6 + i] = i == 1 ? Fn : 0;
    }
    return isfinite(Fn) ? IMP_OK : IMP_ESINGULAR;
}

/* Solves a stage (frictionless start for the nonlinear ones). */
static imp_status solve_stage(sb_t *s, const closure *cl, double x[9])
{
    if (cl->norm == N_VN || cl->norm == N_FN) return solve_linear(s, cl, x);
    if (cl->norm == N_LAW) return solve_custom(s, cl, x);
    imp_status st = frictionless(s, cl, x);
    if (st != IMP_OK || cl->tang == T_FREE) return st;
    return solve_newton(s, cl, x);
}

/* Friction direction of a sliding stage: the frictionless end slip. */
static imp_status slip_direction(sb_t *s, const closure *cl, double u[2])
{
    double x[9], vc[3];
    imp_status st = frictionless(s, cl, x);
    if (st != IMP_OK) return st;
    contact_vel(s, x, x + 3, vc);
    double n = hypot(vc[0], vc[2]);
    if (!(n > 0)) {                         /* no tendency: keep the current slip */
        contact_vel(s, s->v, s->w, vc);
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
 * f(F_n) = |g + q F_n|^2 - mu_k^2 F_n^2 with f(0) > 0; its smallest
 * positive root is where f falls through 0 (f' < 0). */
static imp_status slip_stop(sb_t *s, const closure *start, double x[9], int *found)
{
    const imp_contact3d *c = s->c;
    double vc[3];
    contact_vel(s, s->v, s->w, vc);
    double det = c->Wtt[0] * c->Wtt[3] - c->Wtt[1] * c->Wtt[2];
    double g[2] = {(c->Wtt[3] * vc[0] - c->Wtt[1] * vc[2]) / det,
                   (c->Wtt[0] * vc[2] - c->Wtt[2] * vc[0]) / det};
    double mu2 = s->mu_k * s->mu_k;
    double a = c->q[0] * c->q[0] + c->q[1] * c->q[1] - mu2;
    double bb = g[0] * c->q[0] + g[1] * c->q[1], cc = g[0] * g[0] + g[1] * g[1];
    *found = 0;
    if (a > 0 ? !(bb < 0 && bb * bb - a * cc >= 0) : (a == 0 && !(bb < 0)))
        return IMP_OK;                       /* the slip cannot stop */
    closure cl = {T_STICK, {0, 0}, N_STOP, 0};
    /* start: the frictionless solution of the phase's stage */
    imp_status st = frictionless(s, start, x);
    if (st != IMP_OK) return st;
    if (!(x[7] > 0)) x[7] = s->Ps;
    for (int attempt = 0; attempt < 2; attempt++) {
        st = solve_newton(s, &cl, x);
        double Fn = x[7];
        double df = -2 * (x[6] * c->q[0] + x[8] * c->q[1]) - 2 * mu2 * Fn;
        if (st == IMP_OK && Fn > 0 && df <= 1e-9 * sqrt(cc)) {
            *found = 1;
            return IMP_OK;
        }
        /* restart on the side of the smallest root: from F_n = 0 when f
         * is convex or falls at 0, else beyond the only positive root */
        double Fn0 = 0;
        if (!(a > 0 || bb < 0)) Fn0 = 2 * (bb + sqrt(bb * bb - a * cc)) / -a;
        closure on = {T_STICK, {0, 0}, N_FN, Fn0};
        if ((st = solve_linear(s, &on, x)) != IMP_OK) return st;
    }
    return IMP_ENOCONV;
}

/* Commits a stage: updates the state, works and the stage record. */
static void commit(sb_t *s, const double x[9], imp_stage3d_kind kind, int slip,
                   const double u[2])
{
    double vcs[3], vce[3];
    const double *F = x + 6;
    contact_vel(s, s->v, s->w, vcs);
    contact_vel(s, x, x + 3, vce);
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
        s->v[i] = x[i];
        s->w[i] = x[3 + i];
    }
    st->p1 = s->P[1];
    s->Wn += 0.5 * F[1] * (vcs[1] + vce[1]);
    s->Wf += 0.5 * (F[0] * (vcs[0] + vce[0]) + F[2] * (vcs[2] + vce[2]));
}

/* The slip direction of a c1/r1 stage: opposite to its friction. */
static void stop_dir(const double x[9], double u[2])
{
    double n = hypot(x[6], x[8]);
    u[0] = n > 0 ? -x[6] / n : 0;
    u[1] = n > 0 ? -x[8] / n : 0;
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

/* A stage with no admissible solution (a negative normal impulse, or an
 * energetic closure with no root): with a fixed friction direction the
 * normal rate W_nn - mu_k W_nt.u can be negative in 3D. SB22's model then
 * has no answer; the exact method always has one. */
static imp_status inconsistent(sb_t *s, imp_stage3d_kind kind, imp_status st)
{
    if (st != IMP_OK && st != IMP_ENOCONV) return st;
    s->out->inconsistent = 1;
    s->out->fail_stage = kind;
    return IMP_ENOCONV;
}

/* After a stop (or from rest): stick if Coulomb allows, else slide along
 * the frictionless direction, which from v_t = 0 is Wtn/|Wtn|. */
static imp_status stick_or_slide(sb_t *s, closure cl, imp_stage3d_kind kind,
                                 int *sticks, double u[2])
{
    double x[9];
    imp_status st;
    *sticks = s->c->rho_req <= s->mu_s;
    if (*sticks) {
        cl.tang = T_STICK;
    } else {
        if ((st = slip_direction(s, &cl, u)) != IMP_OK) return st;
        cl.tang = T_SLIDE;
        cl.u[0] = u[0]; cl.u[1] = u[1];
    }
    if ((st = solve_stage(s, &cl, x)) != IMP_OK || !(x[7] >= -1e-12 * s->Ps))
        return inconsistent(s, kind, st);
    commit(s, x, kind, !*sticks, u);
    return IMP_OK;
}

/* Slides with direction u for the whole (rest of the) stage. */
static imp_status slide(sb_t *s, closure cl, const double *ufix, imp_stage3d_kind kind)
{
    double x[9], u[2];
    imp_status st;
    if (ufix) { u[0] = ufix[0]; u[1] = ufix[1]; }
    else if ((st = slip_direction(s, &cl, u)) != IMP_OK) return st;
    cl.tang = T_SLIDE;
    cl.u[0] = u[0]; cl.u[1] = u[1];
    if ((st = solve_stage(s, &cl, x)) != IMP_OK || !(x[7] >= -1e-12 * s->Ps))
        return inconsistent(s, kind, st);
    commit(s, x, kind, 1, u);
    return IMP_OK;
}

enum { REST_STICK, REST_SLIDE_FIXED, REST_TEST };

imp_status imp_solve3d_algebraic(const imp_body3d *b, double mu_s, double mu_k,
                                 const imp_law *law, const imp_opts3d *opts,
                                 imp_result3d *out)
{
    imp_opts3d def;
    if (!opts) { imp_opts3d_default(&def); opts = &def; }
    imp_contact3d c;
    imp_status st = imp_result3d_start(b, mu_s, mu_k, law, &c, out);
    if (st != IMP_OK) return st;

    sb_t s;
    memset(&s, 0, sizeof s);
    s.b = b; s.c = &c; s.law = law; s.o = opts; s.out = out;
    s.mu_s = mu_s; s.mu_k = mu_k;
    imp_mat3_cross(b->r, s.X);
    memcpy(s.v, b->v, sizeof s.v);
    memcpy(s.w, b->w, sizeof s.w);
    double vn0 = c.vC0[1], vt0[2] = {c.vC0[0], c.vC0[2]};
    s.Ps = hypot(hypot(c.vC0[0], c.vC0[1]), c.vC0[2]) / c.Wnn;
    out->min_slip = hypot(vt0[0], vt0[1]);
    if (!(vn0 < 0)) {  /* parting or tangential: the model gives no impulse */
        imp_result3d_finish(b, &c, out);
        return IMP_OK;
    }

    /* ---- compression ---- */
    closure comp = {T_FREE, {0, 0}, N_VN, 0};
    int rest, sticks;
    double u[2] = {0, 0}, x[9];
    if (vt0[0] != 0 || vt0[1] != 0) {
        int found;
        if ((st = slip_stop(&s, &comp, x, &found)) != IMP_OK) return st;
        double vce[3];
        contact_vel(&s, x, x + 3, vce);
        if (found && vce[1] < 0) {
            double us[2];
            stop_dir(x, us);
            commit(&s, x, IMP_STAGE3D_C1, 1, us);
            out->p_stop = s.P[1];
            if ((st = stick_or_slide(&s, comp, IMP_STAGE3D_C2, &sticks, u)) != IMP_OK) return st;
            out->mode = sticks ? IMP_MODE_C_STICKING : IMP_MODE_C_REVERSED;
            rest = sticks ? REST_STICK : REST_SLIDE_FIXED;
        } else {
            if ((st = slide(&s, comp, NULL, IMP_STAGE3D_C)) != IMP_OK) return st;
            u[0] = out->stage[0].u[0]; u[1] = out->stage[0].u[1];
            out->mode = IMP_MODE_SLIDING;
            rest = REST_TEST;
        }
    } else {
        if ((st = stick_or_slide(&s, comp, IMP_STAGE3D_C, &sticks, u)) != IMP_OK) return st;
        out->mode = sticks ? IMP_MODE_C_STICKING : IMP_MODE_SLIDING;
        rest = sticks ? REST_STICK : REST_SLIDE_FIXED;
    }
    out->Pc = s.P[1];
    out->Wc = s.Wn;

    /* ---- restitution (built-in laws with e = 0, or a custom law already
     * satisfied at maximum compression, end here) ---- */
    int restitute = law->e > 0;
    if (law->kind == IMP_LAW_CUSTOM) {
        double R, x0[9];
        memcpy(x0, s.v, sizeof s.v);
        memcpy(x0 + 3, s.w, sizeof s.w);
        x0[6] = x0[7] = x0[8] = 0;
        if ((st = law_at(&s, x0, &R)) != IMP_OK) return st;
        restitute = R < 0;
    }
    if (restitute) {
        if (rest == REST_STICK) {
            closure cl = rest_closure(&s, T_STICK);
            if ((st = solve_stage(&s, &cl, x)) != IMP_OK || !(x[7] >= -1e-12 * s.Ps))
                return inconsistent(&s, IMP_STAGE3D_R, st);
            commit(&s, x, IMP_STAGE3D_R, 0, NULL);
        } else if (rest == REST_SLIDE_FIXED) {
            if ((st = slide(&s, rest_closure(&s, T_FREE), u, IMP_STAGE3D_R)) != IMP_OK) return st;
        } else {
            int found;
            closure flr = rest_closure(&s, T_FREE);
            if ((st = slip_stop(&s, &flr, x, &found)) != IMP_OK) return st;
            if (found) {
                /* does the slip stop before the law's budget runs out? */
                closure cl = rest_closure(&s, T_FREE);
                double vcs[3], vce[3];
                contact_vel(&s, s.v, s.w, vcs);
                contact_vel(&s, x, x + 3, vce);
                if (cl.norm == N_FN) found = x[7] < cl.target;
                else if (cl.norm == N_VN) found = vce[1] < cl.target;
                else if (cl.norm == N_ENERGY) found = 0.5 * x[7] * (vcs[1] + vce[1]) < cl.target;
                else {
                    double R;
                    if ((st = law_at(&s, x, &R)) != IMP_OK) return st;
                    found = R < 0;
                }
            }
            if (found) {
                double us[2];
                stop_dir(x, us);
                commit(&s, x, IMP_STAGE3D_R1, 1, us);
                out->p_stop = s.P[1];
                if ((st = stick_or_slide(&s, rest_closure(&s, T_FREE), IMP_STAGE3D_R2,
                                         &sticks, u)) != IMP_OK)
                    return st;
                out->mode = sticks ? IMP_MODE_R_STICKING : IMP_MODE_R_REVERSED;
            } else {
                if ((st = slide(&s, rest_closure(&s, T_FREE), NULL, IMP_STAGE3D_R)) != IMP_OK)
                    return st;
            }
        }
    }
    memcpy(out->P, s.P, sizeof s.P);
    out->Wr = s.Wn - out->Wc;
    out->Wf = s.Wf;
    imp_result3d_finish(b, &c, out);
    return IMP_OK;
}
