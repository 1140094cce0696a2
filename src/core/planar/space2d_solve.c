/* Striking states of Wang's impact space solved by the 2D path tracer. */
#include <math.h>

#include "interrupt.h"
#include "space2d.h"

imp_status imp_space_state(double r, double mu, const imp_law *law,
                           double theta, double gamma, imp_space_point *out)
{
    if (!(r >= 0 && isfinite(r) && fabs(theta) < M_PI / 2 && fabs(gamma) < M_PI / 2))
        return IMP_EINPUT;
    imp_coef2d c;
    imp_result2d res;
    imp_space_coef(r, theta, gamma, &c);
    imp_status st = imp_path2d_solve(&c, mu, mu, law, &res);
    if (st != IMP_OK) return st;
    out->theta = theta;
    out->gamma = gamma;
    out->mode = res.mode;
    out->Px = res.Px;
    out->Py = res.Py;
    out->S = res.S;
    out->C = res.C;
    out->dT = res.dT;
    /* Rebound (W86 sec 5): gamma_r = atan2(-S, C), the angle of the outgoing
     * contact velocity from the normal, positive towards -x like gamma;
     * 0 when sticking, +-pi/2 when the contact leaves tangentially (C = 0,
     * e.g. e = 0 while sliding), where tan_gr = -S/C is +-inf. */
    double C = fmax(res.C, 0);          /* +0, never a rounding -0 */
    out->tan_gr = res.S == 0 ? 0 : -res.S / C;
    out->gamma_r = res.S == 0 ? 0 : atan2(-res.S, C);
    /* dw = (Px y1 - Py x1)/(m rho^2) with (x1, y1) = r (sin th, cos th). */
    out->dw = r * (res.Px * cos(theta) - res.Py * sin(theta));
    double tol = 1e-12 * r * (fabs(res.Px) + fabs(res.Py));
    out->sense = out->dw > tol ? 1 : out->dw < -tol ? -1 : 0;
    return IMP_OK;
}

static double at(double a, double b, int n, int i)
{
    return n <= 1 ? a : a + (b - a) * i / (n - 1);
}

imp_status imp_space_grid(double r, double mu, const imp_law *law,
                          double g0, double g1, int ng,
                          double t0, double t1, int nt, imp_space_point *out)
{
    if (ng < 1 || nt < 1) return IMP_EINPUT;
    for (int i = 0; i < nt; i++) {
        if (imp_interrupt_pending()) return IMP_EINTERRUPT;
        for (int j = 0; j < ng; j++) {
            imp_status st = imp_space_state(r, mu, law, at(t0, t1, nt, i),
                                            at(g0, g1, ng, j), &out[i * ng + j]);
            if (st != IMP_OK) return st;
        }
    }
    return IMP_OK;
}

imp_status imp_space_translation_root(double r, double mu, const imp_law *law, double theta,
                                      double g0, double g1, imp_space_point *out)
{
    imp_space_point a, b, m;
    imp_status st;
    if ((st = imp_space_state(r, mu, law, theta, g0, &a)) != IMP_OK) return st;
    if (a.dw == 0) { *out = a; return IMP_OK; }
    if ((st = imp_space_state(r, mu, law, theta, g1, &b)) != IMP_OK) return st;
    if (b.dw == 0) { *out = b; return IMP_OK; }
    if ((a.dw > 0) == (b.dw > 0)) return IMP_EINPUT;
    /* Bisection: dw has kinks at the region boundaries, so no secant steps. */
    for (int i = 0; i < 200; i++) {
        double gm = 0.5 * (a.gamma + b.gamma);
        if (gm == a.gamma || gm == b.gamma) break;
        if ((st = imp_space_state(r, mu, law, theta, gm, &m)) != IMP_OK) return st;
        if (m.dw == 0) { *out = m; return IMP_OK; }
        if ((m.dw > 0) == (a.dw > 0)) a = m; else b = m;
    }
    *out = fabs(a.dw) <= fabs(b.dw) ? a : b;
    return IMP_OK;
}

/* Adds the closed-form points of row theta (both signs of gamma) to out. */
static int closed_points(double r, double mu, const imp_law *law, double theta,
                         double gmin, double gmax, imp_space_tpoint *out)
{
    static const imp_mode regs[2] = { IMP_MODE_C_STICKING, IMP_MODE_R_STICKING };
    int k = 0;
    for (int sg = 1; sg >= -1; sg -= 2)
        for (int q = 0; q < 2; q++) {
            /* gamma < 0: the mirror of (-gamma, -theta) */
            double tg = imp_space_translation_law(law->kind, r, mu, law->e, sg * theta, regs[q]);
            if (!(tg > 0) || !isfinite(tg)) continue;
            double ga = sg * atan(tg);
            if (!(ga >= gmin && ga <= gmax)) continue;
            if (imp_space_region(r, mu, law->e, theta, ga) != regs[q]) continue;
            out[k].theta = theta; out[k].gamma = ga; out[k].segment = regs[q]; out[k].closed = 1;
            k++;
        }
    return k;
}

imp_status imp_space_translation_grid(double r, double mu, const imp_law *law,
                                      const imp_space_point *pts, int ng, int nt,
                                      imp_space_tpoint *out, int *n)
{
    *n = 0;
    if (ng < 1 || nt < 1) return IMP_EINPUT;
    if (r == 0) return IMP_OK;
    double gmin = fmin(pts[0].gamma, pts[ng - 1].gamma);
    double gmax = fmax(pts[0].gamma, pts[ng - 1].gamma);
    int k = 0;
    for (int i = 0; i < nt; i++) {
        if (imp_interrupt_pending()) return IMP_EINTERRUPT;
        const imp_space_point *row = pts + (size_t)i * ng;
        double th = row[0].theta;
        int k0 = k;
        k += closed_points(r, mu, law, th, gmin, gmax, out + k);
        int kc = k;
        for (int j = 0; j < ng; j++) {
            const imp_space_point *a = &row[j], *b = j + 1 < ng ? &row[j + 1] : NULL;
            int zero = a->dw == 0, change = b && ((a->dw < 0 && b->dw > 0) || (a->dw > 0 && b->dw < 0));
            if (!zero && !change) continue;
            double lo = zero ? a->gamma : fmin(a->gamma, b->gamma);
            double hi = zero ? a->gamma : fmax(a->gamma, b->gamma);
            int known = 0;
            for (int q = k0; q < kc; q++)
                if (out[q].gamma >= lo - 1e-12 && out[q].gamma <= hi + 1e-12) known = 1;
            if (known) continue;
            imp_space_point p = *a;
            if (change) {
                imp_status st = imp_space_translation_root(r, mu, law, th, a->gamma, b->gamma, &p);
                if (st != IMP_OK) return st;
            }
            out[k].theta = th; out[k].gamma = p.gamma; out[k].segment = p.mode; out[k].closed = 0;
            k++;
        }
    }
    *n = k;
    return IMP_OK;
}
