/* Chatterjee & Ruina's two-parameter algebraic law (Chatterjee & Ruina 1998). */
#include <math.h>
#include <string.h>

#include "mat3.h"
#include "model_cr.h"

static int params_ok(double mu, double e, double e_t)
{
    return mu >= 0 && isfinite(mu) && e >= 0 && e <= 1 && e_t >= -1 && e_t <= 1;
}

/* CR98 eq. for the cone: P^ kept when |P^_t| <= mu P^_n; otherwise the
 * point of the segment (1 + e) P_I + kappa (P_II - P_I) on the cone,
 * kappa = mu (1 + e) P_I,n / (|P_II,t| - mu (P_II,n - P_I,n)), written
 * over mu so that a huge mu does not overflow. P_I has no tangential part,
 * so P's tangential part is kappa P_II,t. */
void imp_cr_combine(int nt, const double *PIIt, double PIIn, double PIn, double mu,
                    double e, double e_t, double *Pt, double *Pn, imp_cr_info *info)
{
    double t2 = 0;
    for (int i = 0; i < nt; i++) t2 += PIIt[i] * PIIt[i];
    double tn = sqrt(t2), d = PIIn - PIn;
    double k = 1 + e_t;
    double hn = (1 + e) * PIn + k * d;        /* P^_n */
    info->on_cone = 0;
    if (!(k * tn <= mu * hn)) {
        /* outside: the denominator is positive there (k tn > mu hn >= ... ) */
        k = mu > 0 ? (1 + e) * PIn / (tn / mu - d) : 0;
        info->on_cone = 1;
    }
    info->kappa = k;
    for (int i = 0; i < nt; i++) Pt[i] = k == 0 ? 0 : k * PIIt[i];   /* no -0 */
    *Pn = k == 0 ? (1 + e) * PIn : (1 + e) * PIn + k * d;
}

imp_status imp_cr2d(const imp_coef2d *c, double mu, double e, double e_t,
                    double *Px, double *Py, imp_cr_info *info)
{
    if (!params_ok(mu, e, e_t) || !(c->C0 < 0)) return IMP_EINPUT;
    /* P_I = (0, -C0/B2); P_II = Q of WM92 (v_C -> 0) */
    double PIn = -c->C0 / c->B2;
    if (mu == 0 || e_t == -1) {   /* kappa = 0: frictionless, P_II unused */
        *Px = 0;
        *Py = (1 + e) * PIn;
        info->kappa = 0;
        info->on_cone = mu == 0 && e_t != -1;
        return IMP_OK;
    }
    double D = imp_coef2d_delta(c);
    double PIIt = -(c->B2 * c->S0 + c->B3 * c->C0) / D;
    double PIIn = -(c->B3 * c->S0 + c->B1 * c->C0) / D;
    imp_cr_combine(1, &PIIt, PIIn, PIn, mu, e, e_t, Px, Py, info);
    return IMP_OK;
}

/* -v_t.v_t0/|v_t0|^2 with v_t0 scaled to max |component| = 1 (no under-
 * or overflow of |v_t0|^2); NAN when v_t0 = 0 or the ratio overflows. */
double imp_cr_et3d(const double v0[3], const double v[3])
{
    double s = fmax(fabs(v0[0]), fabs(v0[2]));
    if (!(s > 0)) return NAN;
    double a = v0[0] / s, b = v0[2] / s;
    double et = -((v[0] * a + v[2] * b) / (a * a + b * b)) / s;
    return isfinite(et) ? et : NAN;
}

/* The 3D mode of a proportional impulse path P(u) = u P, u in [0, 1]:
 * v_n = v_n0 (1 - (1 + e) u) vanishes at uc = 1/(1 + e); the end's slip
 * stopped (at u = 1), reversed (v_t.v_t0 changes sign at u_r) or kept. */
static imp_mode mode3d(const imp_contact3d *c, const double vC[3], double e)
{
    const double *v0 = c->vC0;
    double t0 = v0[0] * v0[0] + v0[2] * v0[2];
    double scale = fabs(v0[0]) + fabs(v0[1]) + fabs(v0[2]);
    double uc = 1 / (1 + e);
    if (hypot(vC[0], vC[2]) <= 1e-12 * scale)   /* stuck from the start when t0 = 0 */
        return t0 == 0 || 1 <= uc ? IMP_MODE_C_STICKING : IMP_MODE_R_STICKING;
    double dot1 = v0[0] * vC[0] + v0[2] * vC[2];
    if (t0 > 0 && dot1 < 0) {
        double ur = t0 / (t0 - dot1);   /* v_t(u).v_t0 = t0 + u (dot1 - t0) */
        return ur <= uc + 1e-12 ? IMP_MODE_C_REVERSED : IMP_MODE_R_REVERSED;
    }
    return IMP_MODE_SLIDING;
}

imp_status imp_cr3d_solve_contact(const imp_contact3d *c, double mu, double e, double e_t,
                                  imp_result3d *out, imp_cr_info *info)
{
    memset(out, 0, sizeof *out);
    memset(info, 0, sizeof *info);
    out->p_stop = -1;
    out->mode = IMP_MODE_NONE;
    if (!params_ok(mu, e, e_t)) return IMP_EINPUT;
    const double *v0 = c->vC0;
    if (!(v0[1] < 0)) {               /* parting or grazing: no impulse */
        imp_result3d_finish(c, out);
        return IMP_OK;
    }
    /* P_I = (0, -v_n0/W_nn, 0). P_II = -W^-1 v_C0 through the contact's
     * sticking data (from its Cholesky factor): with g0 = Wtt^-1 v_t0 and
     * q = Wtt^-1 Wtn, P_II,n = (Wtn.g0 - v_n0)/kstick, P_II,t = -g0 - q P_II,n. */
    double PIn = -v0[1] / c->Wnn;
    double PIIn = (c->Wtn[0] * c->g0[0] + c->Wtn[1] * c->g0[1] - v0[1]) / c->kstick;
    double PIIt[2] = { -c->g0[0] - c->q[0] * PIIn, -c->g0[1] - c->q[1] * PIIn };
    double Pt[2], Pn;
    imp_cr_combine(2, PIIt, PIIn, PIn, mu, e, e_t, Pt, &Pn, info);
    out->P[0] = Pt[0];
    out->P[1] = Pn;
    out->P[2] = Pt[1];
    imp_result3d_finish(c, out);
    /* v_n = -e v_n0 holds for every kappa (P_II - P_I changes no normal
     * velocity): written exactly, as the 2D form does */
    out->vC[1] = -e * v0[1];
    info->et = imp_cr_et3d(v0, out->vC);
    out->mode = mode3d(c, out->vC, e);
    return IMP_OK;
}
