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
 * model (IMP_ENOSOLUTION).
 *
 * The solver runs on contact-space data (imp_algebraic3d_solve_contact):
 * the body's v', w' follow from the total impulse (imp_result3d_apply).
 * This file is the stage sequence (compression, restitution);
 * solve3d_algebraic_stage.c solves one stage. */
#include <math.h>

#include "solve3d_algebraic.h"

/* Friction direction of a sliding stage: the frictionless end slip. */
static imp_status slip_direction(sb_t *s, const closure *cl, double u[2])
{
    double x[NX], vc[3];
    imp_status st = imp_algebraic3d_frictionless(s, cl, x);
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
    /* g over its largest component (F scales with it): g.g underflowed to
     * 0 for m = 1e-175, and the slip that stops was taken for one that
     * cannot (a slide gaining energy) */
    double gn = fmax(fabs(g[0]), fabs(g[1]));
    *found = 0;
    if (!(gn > 0)) return IMP_OK;
    g[0] /= gn;
    g[1] /= gn;
    double mu = s->mu_k;
    double a = (c->rho_req - mu) * (c->rho_req + mu);
    double bb = g[0] * c->q[0] + g[1] * c->q[1], cc = g[0] * g[0] + g[1] * g[1];
    double cr = g[0] * c->q[1] - g[1] * c->q[0];
    double disc = mu * mu * cc - cr * cr, F;
    if (!(cc > 0)) return IMP_OK;
    if (bb <= 0) {
        if (a > 0 && !(bb < 0 && disc >= 0)) return IMP_OK;   /* the slip cannot stop */
        if (a == 0 && !(bb < 0)) return IMP_OK;
        F = cc / (-bb + sqrt(fmax(disc, 0)));
    } else {
        if (!(a < 0)) return IMP_OK;
        F = (bb + sqrt(disc)) / -a;
    }
    F *= gn;
    if (!(F > 0) || !isfinite(F)) return IMP_OK;
    /* the stage: v_t' = 0 at that F_n (without friction, F_t = 0 exactly:
     * the slip only passes through zero) */
    closure cl = {mu > 0 ? T_STICK : T_FREE, {0, 0}, N_FN, F};
    imp_status st = imp_algebraic3d_solve_linear(s, &cl, x);
    if (st != IMP_OK) return st;
    if (mu > 0) {
        closure stop = {T_STICK, {0, 0}, N_STOP, 0};
        if ((st = imp_algebraic3d_solve_newton(s, &stop, x)) != IMP_OK) return st;
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
    closure cl = {tang, {0, 0}, N_FN, 0};
    double target = imp_law_end_target(&s->end, s->out->Pc, s->c->vC0[1], s->out->Wc);
    switch (s->end.form) {
    case IMP_LAW_END_IMPULSE:    /* the stage's F_n */
        cl.target = target - s->P[1];
        break;
    case IMP_LAW_END_VELOCITY:   /* v_n at its end */
        cl.norm = N_VN;
        cl.target = target;
        break;
    case IMP_LAW_END_WORK:       /* the stage's normal work */
        cl.norm = N_ENERGY;
        cl.target = target - (s->Wn - s->out->Wc);
        break;
    case IMP_LAW_END_NONE:       /* the residual's first root */
        cl.norm = N_LAW;
        break;
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
            return imp_algebraic3d_failed(s, IMP_FAIL3D_NEGATIVE_FN, IMP_ENOSOLUTION);
        start_point(s, x);
        nF = 0;
    }
    if (s->restitution) {
        double vce[3];
        end_vel(s, x, vce);
        if (vce[1] < -(1e-12 * s->vscale + (s->noise + 1e-16) * (W[0] + W[4] + W[8]) * nF))
            return imp_algebraic3d_failed(s, IMP_FAIL3D_PENETRATES, IMP_ENOSOLUTION);
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
    if ((st = imp_algebraic3d_solve_stage(s, &cl, x)) != IMP_OK || (st = check_stage(s, x)) != IMP_OK)
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
    if ((st = imp_algebraic3d_solve_stage(s, &cl, x)) != IMP_OK || (st = check_stage(s, x)) != IMP_OK)
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
            if ((st = imp_algebraic3d_law_at(s, x, &R)) != IMP_OK) return st;
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
    int restitute = s->end.e > 0;
    if (s->end.form == IMP_LAW_END_NONE) {
        double R, x0[NX];
        start_point(s, x0);
        if ((st = imp_algebraic3d_law_at(s, x0, &R)) != IMP_OK) return st;
        restitute = R < 0;
    }
    s->restitution = 1;
    if (!restitute) return IMP_OK;
    if (rest == REST_STICK) {
        double x[NX];
        closure cl = rest_closure(s, T_STICK);
        s->cur = IMP_STAGE3D_R;
        if ((st = imp_algebraic3d_solve_stage(s, &cl, x)) != IMP_OK || (st = check_stage(s, x)) != IMP_OK)
            return st;
        commit(s, x, IMP_STAGE3D_R, 0, NULL);
        return IMP_OK;
    }
    if (rest == REST_SLIDE_FIXED) return slide(s, rest_closure(s, T_FREE), u, IMP_STAGE3D_R);
    return restitute_sliding(s);
}

imp_status imp_algebraic3d_solve_contact(const imp_contact3d *c, double mu_s, double mu_k,
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
    imp_law_end_of(law, &s.end);
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

imp_status imp_algebraic3d_solve(const imp_body3d *b, double mu_s, double mu_k,
                                 const imp_law *law, const imp_opts3d *opts,
                                 imp_result3d *out)
{
    imp_contact3d c;
    imp_status st = imp_problem3d_setup(b, mu_s, mu_k, law, &c);
    if (st == IMP_OK) st = imp_algebraic3d_solve_contact(&c, mu_s, mu_k, law, opts, out);
    if (st == IMP_OK) imp_result3d_apply(b, &c, out);
    return st;
}
