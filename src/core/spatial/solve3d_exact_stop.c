/* The exact 3D solver's periods and stops (see solve3d_exact.c): starting
 * a period, opening and closing stages, landing on a stop and what follows
 * it (sticking or the re-slide ray), failure records. */
#include "solve3d_exact.h"

/* Starts a p-period at the current point. */
void imp_exact3d_set_p_period(dk_t *d, int kind)
{
    d->r.kind = kind;
    d->r.stick = d->r.ray = d->r.from_stop = 0;
    d->t = d->p;
    memcpy(d->z, d->y, sizeof d->y);
    d->k0_ok = 0;
}

/* Slides on along the invariant ray u (lambda = u.f(u)): constant rates. */
void imp_exact3d_set_ray(dk_t *d, const double u[2], double lambda)
{
    double s = len2(d->y[4], d->y[5]);
    d->snap_y[0] = d->y[4]; d->snap_y[1] = d->y[5];   /* (a friction law's checks) */
    d->snap_p = d->p;
    d->ray_mu = d->mu_k;
    d->ray_forced = 0;
    d->y[4] = s * u[0];
    d->y[5] = s * u[1];
    d->r.cfix[0] = -d->mu_k * u[0];
    d->r.cfix[1] = -d->mu_k * u[1];
    d->r.vfix[0] = lambda * u[0];
    d->r.vfix[1] = lambda * u[1];
    d->r.ulast[0] = u[0]; d->r.ulast[1] = u[1];
    imp_exact3d_set_p_period(d, K_FIXED);
    d->r.ray = 1;
}

/* Without friction the slip moves on the straight line v_t0 + Wtn p with
 * no tangential impulse; it reaches zero only when v_t is exactly
 * antiparallel to Wtn (planar data): a ray then. */
void imp_exact3d_set_frictionless(dk_t *d)
{
    const imp_contact3d *c = d->c;
    double vt[2] = {d->y[4], d->y[5]};
    d->snap_y[0] = vt[0]; d->snap_y[1] = vt[1];
    d->snap_p = d->p;
    d->ray_mu = 0;
    d->ray_forced = 0;
    d->r.cfix[0] = d->r.cfix[1] = 0;
    d->r.vfix[0] = c->Wtn[0];
    d->r.vfix[1] = c->Wtn[1];
    imp_exact3d_set_p_period(d, K_FIXED);
    d->r.ray = vt[0] * c->Wtn[1] - vt[1] * c->Wtn[0] == 0;
}

void imp_exact3d_stage_open(dk_t *d, imp_stage3d_kind kind, int slip, const double u[2],
                            double lambda)
{
    imp_result3d *o = d->out;
    imp_stage3d *s = &o->stage[o->nstage++];
    memset(s, 0, sizeof *s);
    s->kind = kind;
    s->slip = slip;
    if (u) {
        s->u[0] = s->u_end[0] = u[0];
        s->u[1] = s->u_end[1] = u[1];
    }
    s->lambda = lambda;
    s->p0 = d->p;
    d->Pstage[0] = d->y[0]; d->Pstage[1] = d->p; d->Pstage[2] = d->y[1];
}

void imp_exact3d_stage_close(dk_t *d, int at_stop)
{
    imp_result3d *o = d->out;
    imp_stage3d *s = &o->stage[o->nstage - 1];
    s->p1 = d->p;
    s->P[0] = d->y[0] - d->Pstage[0];
    s->P[1] = d->p - d->Pstage[1];
    s->P[2] = d->y[1] - d->Pstage[2];
    if (s->slip && at_stop) {          /* v_t is 0 here: keep the approach direction */
        s->u_end[0] = d->r.ulast[0];
        s->u_end[1] = d->r.ulast[1];
    } else if (s->slip) {
        double n = len2(d->y[4], d->y[5]);
        s->u_end[0] = n > 0 ? d->y[4] / n : d->r.ulast[0];
        s->u_end[1] = n > 0 ? d->y[5] / n : d->r.ulast[1];
    }
}

/* The slip is zero at the current point: stick if Coulomb allows, else
 * restart along the unique invariant direction (Keller 1986). */
imp_status imp_exact3d_after_stop(dk_t *d, imp_stage3d_kind kind_if_slide)
{
    const imp_contact3d *c = d->c;
    d->y[4] = d->y[5] = 0;
    if (c->rho_req <= d->mu_s) {
        double vn = normal_vel(&d->r, d->p, d->y);
        d->r.cfix[0] = -c->q[0];
        d->r.cfix[1] = -c->q[1];
        d->r.vfix[0] = d->r.vfix[1] = 0;
        imp_exact3d_set_p_period(d, K_FIXED);
        d->r.stick = 1;
        d->r.vn_fix = vn;
        d->r.p_fix = d->p;
        imp_exact3d_stage_open(d, IMP_STAGE3D_STICKING, 0, NULL, 0);
        return IMP_OK;
    }
    double u[2], lambda;
    imp_status st = imp_exact3d_reslide(c, d->mu_k, u, &lambda);
    if (st != IMP_OK) {
        d->out->fail = IMP_FAIL3D_RESLIDE;
        return st == IMP_EINPUT ? IMP_ENOCONV : st;
    }
    imp_exact3d_set_ray(d, u, lambda);
    imp_exact3d_stage_open(d, kind_if_slide, 1, u, lambda);
    return IMP_OK;
}

/* The slip reached zero at the current point (p, y): land on v_t = 0 with
 * the tangential impulse that gives it exactly, Pt = -(g0 + q p), a
 * correction of the order of the integration error. The slide kept
 * |Pt| <= mu_k p; a stop on the line v_t = 0 outside that cone lies before
 * p1 = imp_exact3d_cone_entry() (by rounding: the stop conditions below require
 * p >= p1 within the tolerance), so it moves there along the line and v_t
 * stays 0 (moving Pt off the line instead would be amplified by W for a
 * nearly singular inertia). */
static void land_on_stop(dk_t *d)
{
    const imp_contact3d *c = d->c;
    double mu = d->mu_k, p = d->p;
    double Pt[2] = {-(c->g0[0] + c->q[0] * p), -(c->g0[1] + c->q[1] * p)};
    /* (a friction law that varied: the cone bound is not |Pt| <= mu p) */
    if (len2(Pt[0], Pt[1]) > mu * p && !(d->fx && d->fx->varied)) {
        double p1 = d->p1;
        p1 /= 1 - 1e-6;
        if (p1 > p && p1 - p <= 3e-6 * (p + 1e-300) + 1e-3 * d->tol) {
            double vn = normal_vel(&d->r, p, d->y);
            d->y[2] += vn * (p1 - p);
            d->p = d->t = p = p1;
            d->k0_ok = 0;
            Pt[0] = -(c->g0[0] + c->q[0] * p); Pt[1] = -(c->g0[1] + c->q[1] * p);
        }
        double n = len2(Pt[0], Pt[1]), cap = mu * p;
        if (n > cap) {                 /* what is left is rounding */
            double k = n > 0 ? cap / n : 0;
            Pt[0] *= k; Pt[1] *= k;
        }
    }
    d->y[0] = Pt[0]; d->y[1] = Pt[1];
    d->y[4] = d->y[5] = 0;
}

/* dv_n/dp at the current point of a p-period. */
double imp_exact3d_dvn_dp(const dk_t *d)
{
    double dy[NY];
    imp_exact3d_rhs(&d->r, d->p, d->y, dy);
    return d->c->Wnn + d->c->Wtn[0] * dy[0] + d->c->Wtn[1] * dy[1];
}

imp_status imp_exact3d_fail(dk_t *d, imp_fail3d why, imp_status st)
{
    imp_result3d *o = d->out;
    o->fail = why;
    o->fail_stage = o->nstage > 0 ? o->stage[o->nstage - 1].kind : IMP_STAGE3D_SLIDING;
    o->fail_restitution = !d->compression;
    o->fail_p = d->p;
    return st;
}

/* The slip reached zero at the current point: land on it, close the
 * sliding stage and open the next one; *maxc when this is also maximum
 * compression. */
imp_status imp_exact3d_on_stop(dk_t *d, int *maxc)
{
    imp_result3d *out = d->out;
    const imp_contact3d *c = d->c;
    land_on_stop(d);
    out->min_slip = 0;
    imp_exact3d_stage_close(d, 1);
    if (out->nstage >= IMP_STAGES3D_MAX) return imp_exact3d_fail(d, IMP_FAIL3D_STEP, IMP_ENOCONV);
    out->p_stop = d->p;
    if (d->fx) {                       /* a friction law: mu here, with v_t = 0 */
        fx_t *fx = d->fx;
        imp_exact3d_law_refresh(d);
        if (fx->fail != IMP_OK) return fx->fail;
        if (fx->first_stop < 0) fx->first_stop = !d->compression;
        if (c->rho_req > d->mu_s) fx->reversed = 1;
        d->snap_off = 0;
    }
    imp_status st = imp_exact3d_after_stop(d, IMP_STAGE3D_RESLIDE);
    if (st != IMP_OK) return imp_exact3d_fail(d, out->fail, st);
    out->mode = c->rho_req <= d->mu_s
        ? (d->compression ? IMP_MODE_C_STICKING : IMP_MODE_R_STICKING)
        : (d->compression ? IMP_MODE_C_REVERSED : IMP_MODE_R_REVERSED);
    /* the stop may coincide with maximum compression */
    if (d->compression && normal_vel(&d->r, d->p, d->y) >= 0) *maxc = 1;
    return IMP_OK;
}

