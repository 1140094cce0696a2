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
    imp_status st = imp_solve2d(&c, mu, mu, law, &res);
    if (st != IMP_OK) return st;
    out->theta = theta;
    out->gamma = gamma;
    out->mode = res.mode;
    out->Px = res.Px;
    out->Py = res.Py;
    out->S = res.S;
    out->C = res.C;
    out->dT = res.dT;
    /* Rebound (C.4): gamma_r = atan2(-S, C), the angle of the outgoing
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
        if (imp_interrupted()) return IMP_EINTERRUPT;
        for (int j = 0; j < ng; j++) {
            imp_status st = imp_space_state(r, mu, law, at(t0, t1, nt, i),
                                            at(g0, g1, ng, j), &out[i * ng + j]);
            if (st != IMP_OK) return st;
        }
    }
    return IMP_OK;
}
