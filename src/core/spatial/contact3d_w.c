/* Contact-space data of the 3D solvers from W: a body's rotational part
 * of W (shared by one body and a pair), W's Cholesky factor in (x, z, y)
 * order and what follows from it (Keller 1986). */
#include <math.h>
#include <string.h>

#include "impact3d.h"
#include "mat3.h"

void imp_chol3_update(double L[9], double x[3])
{
    for (int k = 0; k < 3; k++) {
        double r = hypot(L[4 * k], x[k]);
        if (!(r > 0)) continue;
        double c = L[4 * k] / r, s = x[k] / r;
        L[4 * k] = r;
        for (int i = k + 1; i < 3; i++) {
            double t = L[3 * i + k];
            L[3 * i + k] = c * t + s * x[i];
            x[i] = c * x[i] - s * t;
        }
    }
}

void imp_contact3d_rotation_add(const double r[3], const double mom[3], const double axes[9],
                                double W[9], double L[9])
{
    /* x_j = (a_j x r) / sqrt(I_j) with r scaled to about 1 by a power of
     * two: forming c_j c_j^T first and dividing by I_j after underflows
     * (|r| = 1e-244, I = 1e-306) and loses the term that dominates W. */
    static const int perm[3] = {0, 2, 1};   /* L's order (x, z, y) */
    double s = fmax(fabs(r[0]), fmax(fabs(r[1]), fabs(r[2])));
    if (!(s > 0)) return;
    int ex;
    frexp(s, &ex);
    double rs[3] = {ldexp(r[0], -ex), ldexp(r[1], -ex), ldexp(r[2], -ex)};
    for (int j = 0; j < 3; j++) {
        double a[3] = {axes[j], axes[3 + j], axes[6 + j]}, cj[3], x[3], y[3];
        double isq = 1 / sqrt(mom[j]);
        imp_vec3_cross(a, rs, cj);
        for (int i = 0; i < 3; i++) x[i] = ldexp(cj[i] * isq, ex);
        for (int i = 0; i < 3; i++)
            for (int k = 0; k < 3; k++) W[3 * i + k] += x[i] * x[k];
        for (int i = 0; i < 3; i++) y[i] = x[perm[i]];
        imp_chol3_update(L, y);
    }
}

imp_status imp_contact3d_from_L(imp_contact3d *c)
{
    const double *W = c->W, *L = c->L;
    c->cond = 0;
    for (int i = 0; i < 9; i++)
        if (!isfinite(W[i]) || !isfinite(L[i])) return IMP_EOVERFLOW;
    c->Wtt[0] = W[0]; c->Wtt[1] = W[2]; c->Wtt[2] = W[6]; c->Wtt[3] = W[8];
    c->Wtn[0] = W[1]; c->Wtn[1] = W[7];
    c->Wnn = W[4];
    if (!(L[0] > 0) || !(L[4] > 0) || !(L[8] > 0)) return IMP_ESINGULAR;
    /* cond(W) <= trace(W) |L^-1|_F^2, at most 9 times too large */
    double i10 = -L[3] / (L[0] * L[4]), i21 = -L[7] / (L[4] * L[8]);
    double i20 = (L[3] * L[7] - L[4] * L[6]) / (L[0] * L[4] * L[8]);
    double fro = 1 / (L[0] * L[0]) + 1 / (L[4] * L[4]) + 1 / (L[8] * L[8])
               + i10 * i10 + i21 * i21 + i20 * i20;
    c->cond = (W[0] + W[4] + W[8]) * fro;
    if (!(c->cond <= IMP_COND3D_MAX)) return IMP_ESINGULAR;
    if (c->m == 0) c->m = fro;   /* >= 1/lambda_min(W): caps |P| generously */
    /* q = Wtt^-1 Wtn = Ltt^-T (L6, L7); kstick = L8^2 */
    c->q[1] = L[7] / L[4];
    c->q[0] = (L[6] - L[3] * c->q[1]) / L[0];
    c->rho_req = hypot(c->q[0], c->q[1]);
    c->kstick = L[8] * L[8];
    /* Wtt's eigensystem: the small eigenvalue from det Wtt = (L0 L4)^2 */
    double hd = 0.5 * (c->Wtt[0] - c->Wtt[3]), off = c->Wtt[1];
    c->tev[1] = 0.5 * (c->Wtt[0] + c->Wtt[3]) + hypot(hd, off);
    double d = L[0] * L[4];
    c->tev[0] = d / c->tev[1] * d;   /* d * d overflows for m = 1e-300 */
    double th = 0.5 * atan2(off, hd);
    c->tvec[0] = cos(th); c->tvec[1] = sin(th);
    double vt0[2] = {c->vC0[0], c->vC0[2]};
    imp_contact3d_tsolve(c, vt0, c->g0);
    if (!isfinite(c->vC0[0]) || !isfinite(c->vC0[1]) || !isfinite(c->vC0[2])
        || !isfinite(c->T0) || !isfinite(c->rho_req) || !isfinite(c->kstick))
        return IMP_EOVERFLOW;
    return IMP_OK;
}

imp_status imp_contact3d_from_W(const double W[9], const double vC0[3], double T0,
                                imp_contact3d *c)
{
    memset(c, 0, sizeof *c);
    for (int i = 0; i < 9; i++)
        if (!isfinite(W[i])) return IMP_EINPUT;
    for (int i = 0; i < 3; i++)
        if (!isfinite(vC0[i])) return IMP_EINPUT;
    if (!isfinite(T0)) return IMP_EINPUT;
    /* the symmetric part, then Cholesky in the order (x, z, y) */
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++)
            c->W[3 * i + k] = 0.5 * (W[3 * i + k] + W[3 * k + i]);
    static const int perm[3] = {0, 2, 1};
    double A[9];
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++)
            A[3 * i + k] = c->W[3 * perm[i] + perm[k]];
    double *L = c->L;
    if (!(A[0] > 0)) return IMP_ESINGULAR;
    L[0] = sqrt(A[0]);
    L[3] = A[3] / L[0];
    L[6] = A[6] / L[0];
    double d1 = A[4] - L[3] * L[3];
    if (!(d1 > 0)) return IMP_ESINGULAR;
    L[4] = sqrt(d1);
    L[7] = (A[7] - L[6] * L[3]) / L[4];
    double d2 = A[8] - L[6] * L[6] - L[7] * L[7];
    if (!(d2 > 0)) return IMP_ESINGULAR;
    L[8] = sqrt(d2);
    memcpy(c->vC0, vC0, sizeof c->vC0);
    c->T0 = T0;
    return imp_contact3d_from_L(c);
}
