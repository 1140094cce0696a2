/* A friction law mu(s) on the exact 3D path (see solve3d_exact.c): the
 * coefficient re-evaluated along the impact (Stronge, Impact Mechanics,
 * 2000, for friction that varies during the impact; Keller 1986 for the
 * path). Sliding takes dPt/dp = -mu(s) u at every stage of the
 * integrator (solve3d_exact_flow.c); sticking holds while rho_req =
 * |Wtt^-1 Wtn| <= mu(s); a stop or a break that cannot stick restarts
 * along Keller's re-slide ray for the mu of that instant and is then
 * integrated (its direction free to turn).
 *
 * The constant-mu path's fixed-rate periods (a slide along an invariant
 * ray, a stick) are kept where they stay exact: a ray while mu(s) equals
 * the mu it was found with at 33 points along it to its next event, a
 * stick while rho_req <= mu(s) there. So a constant function follows the
 * constant-mu path step for step, and a law that is constant over a phase
 * (one value in compression, another in restitution) keeps the closed
 * forms there. This file holds the law's state, its evaluation and those
 * checks. */
#include <float.h>
#include <math.h>

#include "solve3d_exact.h"

#define LINE_PARTS 32   /* samples of mu along a fixed-rate period (as 2D's stick) */

void imp_exact3d_law_state(const imp_contact3d *c, const fx_t *fx, const rhs_t *r, double p,
                           const double y[NY], imp_law_state *s)
{
    memset(s, 0, sizeof *s);
    s->Pn = p;
    s->Pc = fx->compression ? 0 : fx->pc;
    s->vn = normal_vel(r, p, y);
    s->vn0 = c->vC0[1];
    s->Wc = fx->compression ? y[2] : fx->Wc;
    s->Wr = fx->compression ? 0 : y[2] - fx->Wc;
    s->Pt[0] = y[0]; s->Pt[1] = y[1];
    s->vt[0] = y[4]; s->vt[1] = y[5];
    s->vt0[0] = c->vC0[0]; s->vt0[1] = c->vC0[2];
    s->phase = fx->compression ? IMP_PHASE_COMPRESSION : IMP_PHASE_RESTITUTION;
    s->dim = 3;
}

/* mu at (p, y); a failing law is kept in fx->fail (the solve then ends
 * with IMP_ELAW) and the period's mu returned so that the step stays finite. */
double imp_exact3d_mu(const rhs_t *r, double p, const double y[NY])
{
    fx_t *fx = r->fx;
    if (fx->fail != IMP_OK) return r->mu_k;
    imp_law_state s;
    double mu;
    imp_exact3d_law_state(r->c, fx, r, p, y, &s);
    if (imp_friction_eval(fx->f, &s, &mu)) {
        fx->fail = IMP_ELAW;
        return r->mu_k;
    }
    if (mu != fx->mu0) fx->varied = 1;
    return mu;
}

/* At the current point: the phase's values for the law's state, mu into
 * the driver (the stops and the slide's shortcuts read d->mu_k), and the
 * cone bound p1 off once mu has varied (|Pt| <= mu p held for one mu). */
void imp_exact3d_law_refresh(dk_t *d)
{
    fx_t *fx = d->fx;
    fx->compression = d->compression;
    fx->pc = d->pc;
    fx->Wc = d->Wc;
    double mu = imp_exact3d_mu(&d->r, d->p, d->y);
    if (fx->fail != IMP_OK) return;
    d->mu_s = d->mu_k = d->r.mu_k = mu;
    if (fx->varied) d->p1 = 0;
}

/* rho_req - mu(s) on a stick: the stick holds while it is <= 0 (an
 * equality holds it, as in 2D: 0 is moved below). */
double imp_exact3d_break_value(const dk_t *d, double p, const double y[NY])
{
    double g = d->c->rho_req - imp_exact3d_mu(&d->r, p, y);
    return g == 0 ? -DBL_MIN : g;
}

/* The point x along the current fixed-rate period, as advance() moves
 * there (rates exact, works by the trapezoid rule). */
static void line_state(const dk_t *d, double x, double *p, double y[NY])
{
    const rhs_t *r = &d->r;
    const double *y0 = d->y;
    double vn0 = normal_vel(r, d->p, y0);
    *p = d->p + x;
    y[0] = y0[0] + r->cfix[0] * x;
    y[1] = y0[1] + r->cfix[1] * x;
    y[4] = y0[4] + r->vfix[0] * x;
    y[5] = y0[5] + r->vfix[1] * x;
    y[2] = y0[2];
    y[3] = y0[3];
    double vn1 = normal_vel(r, *p, y);
    double wf0 = y0[4] * r->cfix[0] + y0[5] * r->cfix[1];
    double wf1 = y[4] * r->cfix[0] + y[5] * r->cfix[1];
    y[2] = y0[2] + 0.5 * (vn0 + vn1) * x;
    y[3] = y0[3] + 0.5 * (wf0 + wf1) * x;
}

/* Whether the fixed-rate period may jump x ahead: a ray (not one ending
 * an approach below the tolerance) while mu(s) equals the mu it was set
 * with at LINE_PARTS + 1 points to x; a stick while it holds there. *ok
 * = 0 otherwise, and for a stick d->h reaches just past the first point
 * where it broke (the steps then locate the break). */
imp_status imp_exact3d_law_fixed(dk_t *d, double x, int *ok)
{
    *ok = 1;
    if (d->r.kind != K_FIXED || (!d->r.stick && d->ray_forced)) return IMP_OK;
    for (int k = 1; k <= LINE_PARTS && *ok; k++) {
        double xk = k == LINE_PARTS ? x : x * k / LINE_PARTS, p, y[NY];
        line_state(d, xk, &p, y);
        if (d->r.stick) {
            if (imp_exact3d_break_value(d, p, y) > 0) {
                *ok = 0;
                d->h = xk;
            }
        } else if (imp_exact3d_mu(&d->r, p, y) != d->ray_mu) {
            *ok = 0;
        }
        if (d->fx->fail != IMP_OK) return d->fx->fail;
    }
    return IMP_OK;
}

/* A ray whose mu does not stay put: back to the slide (in p) it was
 * snapped from, with the slip it had (or, once the ray moved, the slip it
 * reached while mu held), and no snap until the next event. */
void imp_exact3d_unsnap(dk_t *d)
{
    if (d->p == d->snap_p) {           /* (once it moved, the ray was exact so far) */
        d->y[4] = d->snap_y[0];
        d->y[5] = d->snap_y[1];
    }
    imp_exact3d_set_p_period(d, K_SLIDE);
    d->r.from_stop = !(len2(d->y[4], d->y[5]) > 0);
    d->snap_off = 1;
}

/* The stick broke at the current point (rho_req > mu(s)): the slip
 * restarts along the re-slide ray for this mu (Keller 1986). */
imp_status imp_exact3d_law_break(dk_t *d)
{
    imp_result3d *out = d->out;
    imp_exact3d_stage_close(d, 0);
    if (out->nstage >= IMP_STAGES3D_MAX) return imp_exact3d_fail(d, IMP_FAIL3D_STEP, IMP_ENOCONV);
    imp_exact3d_law_refresh(d);
    if (d->fx->fail != IMP_OK) return d->fx->fail;
    d->fx->reversed = 1;
    d->snap_off = 0;
    imp_status st = imp_exact3d_after_stop(d, IMP_STAGE3D_RESLIDE);
    return st != IMP_OK ? imp_exact3d_fail(d, out->fail, st) : IMP_OK;
}
