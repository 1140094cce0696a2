/* The exact 3D solver's flow (see solve3d_exact.c): the right-hand side
 * of each period, the Dormand-Prince step, the invariant rays of the slip
 * direction and where the slip can first stop. Contact-space data only. */
#include "dop853.h"
#include "solve3d_exact.h"

/* The right-hand side of a tau-period (the approach to a stop). v_n is
 * normal_vel's sliding sum, of p = z[2] and Pt = z[3..4] only: unpack's
 * slip is not formed (unused, it still left a range check per libm call
 * for errno's sake, and a second copy of each call in the code). */
IMP_DOP853_INLINE void rhs_tau(const rhs_t *r, double t, const double *z, double *dz)
{
    const imp_contact3d *c = r->c;
    double vn = c->vC0[1] + c->Wtn[0] * z[3] + c->Wtn[1] * z[4] + c->Wnn * z[2];
    double n = len2(z[0], z[1]), u[2] = {z[0] / n, z[1] / n}, f[2];
    double s = r->s0 * exp(-t), mu = r->mu_k;
    if (r->fx) {                 /* a friction law: mu at this stage's state */
        double y[NY] = {z[3], z[4], z[5], z[6], s * u[0], s * u[1]};
        mu = imp_exact3d_mu(r, z[2], y);
    }
    slide_rate(c, mu, u, f);
    double h = u[0] * f[0] + u[1] * f[1], g = -u[1] * f[0] + u[0] * f[1];
    double dp = -s / h;
    dz[0] = (g / h) * u[1];      /* du/dtau = -(g/h) u_perp */
    dz[1] = -(g / h) * u[0];
    dz[2] = dp;
    dz[3] = -mu * u[0] * dp;
    dz[4] = -mu * u[1] * dp;
    dz[5] = vn * dp;
    dz[6] = -mu * s * dp;
}

/* ... of a fixed-rate period (sticking, or a slide along a ray). */
IMP_DOP853_INLINE void rhs_fixed(const rhs_t *r, double t, const double *y, double *dz)
{
    dz[0] = r->cfix[0];
    dz[1] = r->cfix[1];
    dz[2] = normal_vel(r, t, y);
    dz[3] = y[4] * r->cfix[0] + y[5] * r->cfix[1];
    dz[4] = r->vfix[0];
    dz[5] = r->vfix[1];
}

/* ... of a slide in p. With r = mu_k/|v_t|, dPt/dp = -r v_t and f =
 * Wtn - r Wtt v_t: Wtt v_t is formed while the square root and the
 * division run (the step waits on this function's latency). */
IMP_DOP853_INLINE void rhs_slide(const rhs_t *r, double t, const double *y, double *dz)
{
    const imp_contact3d *c = r->c;
    double mu = r->fx ? imp_exact3d_mu(r, t, y) : r->mu_k;   /* (a friction law's) */
    double v0 = y[4], v1 = y[5], q = v0 * v0 + v1 * v1, s = sqrt(q);
    double Wv0 = c->Wtt[0] * v0 + c->Wtt[1] * v1, Wv1 = c->Wtt[2] * v0 + c->Wtt[3] * v1;
    dz[2] = normal_vel(r, t, y);
    dz[3] = -mu * s;
    if (s > 1e-150 && s < 1e150) {
        double k = mu / s;
        dz[0] = -k * v0;
        dz[1] = -k * v1;
        dz[4] = c->Wtn[0] - k * Wv0;
        dz[5] = c->Wtn[1] - k * Wv1;
        return;
    }
    /* |v_t| where its square under- or overflows; the last direction at 0 */
    double u[2] = {r->ulast[0], r->ulast[1]}, f[2];
    s = len2(v0, v1);
    if (s > 0) { double is = 1 / s; u[0] = v0 * is; u[1] = v1 * is; }
    slide_rate(c, mu, u, f);
    dz[0] = -mu * u[0];
    dz[1] = -mu * u[1];
    dz[3] = -mu * s;
    dz[4] = f[0];
    dz[5] = f[1];
}

void imp_exact3d_rhs(const rhs_t *r, double t, const double *z, double *dz)
{
    if (r->kind == K_TAU) rhs_tau(r, t, z, dz);
    else if (r->kind == K_FIXED) rhs_fixed(r, t, z, dz);
    else rhs_slide(r, t, z, dz);
}

IMP_DOP853_INLINE void flow_tau(const void *ctx, double t, const double *y, double *dy)
{
    rhs_tau(ctx, t, y, dy);
}

IMP_DOP853_INLINE void flow_fixed(const void *ctx, double t, const double *y, double *dy)
{
    rhs_fixed(ctx, t, y, dy);
}

IMP_DOP853_INLINE void flow_slide(const void *ctx, double t, const double *y, double *dy)
{
    rhs_slide(ctx, t, y, dy);
}

/* One Dormand-Prince 8(5,3) step; err (unless NULL) gets the embedded
 * error estimate, k0 the derivative at (t, y) unless have_k0 (it holds it
 * already). One call per kind of period, so that each right-hand side and
 * its dimension are constants the compiler folds into the step. */
void imp_exact3d_dp_step(const rhs_t *r, double t, const double *y, double h,
                         double *yn, double *err, double *k0, int have_k0)
{
    double work[13 * NZ];
    if (r->kind == K_TAU)
        imp_dop853_step(flow_tau, r, NZ, t, y, h, yn, err, k0, have_k0, work);
    else if (r->kind == K_FIXED)
        imp_dop853_step(flow_fixed, r, NY, t, y, h, yn, err, k0, have_k0, work);
    else
        imp_dop853_step(flow_slide, r, NY, t, y, h, yn, err, k0, have_k0, work);
}

/* lambda = u.f(u) on an invariant ray, from the better conditioned of the
 * two components of f(u) = lambda u in Wtt's eigenbasis: along a stiff
 * eigenvalue w2 (a nearly singular inertia) b2 - mu w2 u2 is a difference
 * of large numbers, along the soft one it is not (weighted least squares
 * with each component's rounding level as its weight). */
static double ray_rate(const imp_contact3d *c, double mu, const double u[2])
{
    const double e2[2] = {c->tvec[0], c->tvec[1]}, e1[2] = {-c->tvec[1], c->tvec[0]};
    double b1 = e1[0] * c->Wtn[0] + e1[1] * c->Wtn[1], b2 = e2[0] * c->Wtn[0] + e2[1] * c->Wtn[1];
    double u1 = e1[0] * u[0] + e1[1] * u[1], u2 = e2[0] * u[0] + e2[1] * u[1];
    double f1 = b1 - mu * c->tev[0] * u1, f2 = b2 - mu * c->tev[1] * u2;
    /* the weights u_i / s_i^2 times the smaller s^2, so that they neither
     * under- nor overflow (mu = 1e-250 made s^2 zero, the rate NaN) */
    double s1 = fabs(b1) + mu * c->tev[0], s2 = fabs(b2) + mu * c->tev[1];
    double t1 = s1 <= s2 ? 1 : s2 / s1, t2 = s2 <= s1 ? 1 : s1 / s2;
    double w1 = u1 * t1 * t1, w2 = u2 * t2 * t2, den = w1 * u1 + w2 * u2;
    if (!(den > 0) || !(s1 > 0 || s2 > 0))
        return u1 * f1 + u2 * f2;   /* plain u.f(u) */
    return (w1 * f1 + w2 * f2) / den;
}

/* The attracting invariant ray within 0.1 rad of the slip direction u:
 * Newton on g(phi) = u_perp.f(u), whose slope g' = -(u.f + mu u_perp.Wtt
 * u_perp) must be negative (the ray attracts the direction). Returns the
 * bound on the tangential impulse lost by snapping a slip of size s onto
 * it, mu |phi - phi*| s / (|g'| - lambda) (the direction converges like
 * s^(|g'|/|lambda|)), or -1 when there is no such ray (or, on a
 * centrifugal ray, it attracts too weakly: |g'| <= 2 lambda). */
double imp_exact3d_near_ray(const imp_contact3d *c, double mu, const double u[2], double s,
                            double tol, double us[2], double *lambda)
{
    double v[2] = {u[0], u[1]}, tot = 0, lam = 0, dg = 0;
    for (int it = 0; it < 12; it++) {
        double f[2], w[2] = {-v[1], v[0]};
        slide_rate(c, mu, v, f);
        lam = v[0] * f[0] + v[1] * f[1];
        double g = w[0] * f[0] + w[1] * f[1];
        double wWw = w[0] * (c->Wtt[0] * w[0] + c->Wtt[1] * w[1])
                   + w[1] * (c->Wtt[2] * w[0] + c->Wtt[3] * w[1]);
        dg = -(lam + mu * wWw);
        if (!(dg < 0)) return -1;
        double d = -g / dg;
        /* first estimate: give up early unless a snap is within reach */
        if (it == 0 && (fabs(d) > 0.1 || mu * fabs(d) * s > 1e3 * tol * (-dg - lam)))
            return -1;
        if (it > 0 && d == 0) break;
        tot += d;
        if (fabs(tot) > 0.1) return -1;
        double cd = cos(d), sd = sin(d);
        double v0 = cd * v[0] + sd * w[0], v1 = cd * v[1] + sd * w[1], n = len2(v0, v1);
        v[0] = v0 / n; v[1] = v1 / n;
        if (fabs(d) <= 1e-15) break;
    }
    double f[2], w[2] = {-v[1], v[0]};
    slide_rate(c, mu, v, f);
    lam = v[0] * f[0] + v[1] * f[1];
    dg = -(lam + mu * (w[0] * (c->Wtt[0] * w[0] + c->Wtt[1] * w[1])
                       + w[1] * (c->Wtt[2] * w[0] + c->Wtt[3] * w[1])));
    if (!(dg < 0) || (lam > 0 && !(-dg > 2 * lam))) return -1;
    us[0] = v[0]; us[1] = v[1];
    *lambda = ray_rate(c, mu, v);
    return mu * fabs(tot) * s / (-dg - lam);
}

/* The earliest normal impulse at which the slip can be zero: v_t = 0 needs
 * Pt = -Wtt^-1 (vt0 + Wtn p) = -(g0 + q p), and every path keeps
 * |Pt| <= mu_k p, so p >= p1, the smallest root of |g0 + q p| = mu_k p
 * (SB22's c1 quadratic with g = g0, in its cancellation-free form; p1 is
 * where a slip sliding straight from the start would stop). INFINITY when
 * the line v_t = 0 never enters the cone (the slip cannot stop at all). */
double imp_exact3d_cone_entry(const imp_contact3d *c, double mu)
{
    const double *g = c->g0, *q = c->q;
    double a = (c->rho_req - mu) * (c->rho_req + mu);
    double bb = g[0] * q[0] + g[1] * q[1], cc = g[0] * g[0] + g[1] * g[1];
    double cr = g[0] * q[1] - g[1] * q[0], disc = mu * mu * cc - cr * cr;
    if (!(cc > 0)) return 0;
    if (disc >= 0) {
        if (bb <= 0 && (a <= 0 || bb < 0)) return cc / (-bb + sqrt(disc));
        if (bb > 0 && a < 0) return (bb + sqrt(disc)) / -a;
    }
    return INFINITY;
}

