/* Rigid-body data for the 3D solvers: inertia and orientation checks, the
 * contact compliance matrix W (PHYSICS.md E.1), kinetic energy. */
#include <lapacke.h>
#undef I  /* complex.h's I (via lapacke.h): our inertia fields are named I */
#include <math.h>
#include <string.h>

#include "impact3d.h"
#include "mat3.h"

static imp_status fail(const char **why, const char *msg)
{
    if (why) *why = msg;
    return IMP_EINPUT;
}

/* Triangle inequality of principal moments, with a rounding margin. */
static int triangle_ok(const double I[3])
{
    double s = fabs(I[0]) + fabs(I[1]) + fabs(I[2]);
    double tol = 1e-12 * s;
    return I[0] + I[1] >= I[2] - tol && I[1] + I[2] >= I[0] - tol
        && I[0] + I[2] >= I[1] - tol;
}

imp_status imp_inertia3_check(const double I[3], const char **why)
{
    for (int i = 0; i < 3; i++) {
        if (!isfinite(I[i])) return fail(why, "must be finite");
        if (!(I[i] > 0)) return fail(why, "must have positive principal moments");
    }
    if (!triangle_ok(I))
        return fail(why, "must satisfy the triangle inequality (I1 + I2 >= I3 and permutations)");
    return IMP_OK;
}

imp_status imp_inertia_principal(const double I[9], double moments[3],
                                 double axes[9], const char **why)
{
    double s = imp_mat3_maxabs(I);
    for (int i = 0; i < 9; i++)
        if (!isfinite(I[i])) return fail(why, "must be finite");
    if (!(s > 0)) return fail(why, "must be positive definite (it is zero)");
    for (int i = 0; i < 3; i++)
        for (int j = i + 1; j < 3; j++)
            if (fabs(I[3 * i + j] - I[3 * j + i]) > 1e-12 * s)
                return fail(why, "must be symmetric");
    double a[9], wv[3];
    memcpy(a, I, sizeof a);  /* symmetric: row- and column-major agree */
    lapack_int info = LAPACKE_dsyev_work(LAPACK_COL_MAJOR, 'V', 'U', 3, a, 3, wv,
                                         (double[64]){0}, 64);
    if (info != 0) return fail(why, "could not be diagonalised (dsyev failed)");
    if (!(wv[0] > 1e-14 * s))
        return fail(why, "must be positive definite (a principal moment is <= 0)");
    if (!triangle_ok(wv))
        return fail(why, "must satisfy the triangle inequality (I1 + I2 >= I3 and permutations)");
    for (int i = 0; i < 3; i++) {
        moments[i] = wv[i];
        for (int j = 0; j < 3; j++)
            axes[3 * i + j] = a[i + 3 * j];  /* column j = axis j */
    }
    if (imp_mat3_det(axes) < 0)              /* make the axes right-handed */
        for (int i = 0; i < 3; i++) axes[3 * i + 2] = -axes[3 * i + 2];
    return IMP_OK;
}

imp_status imp_rotation_check(const double R[9], const char **why)
{
    double RRt[9];
    for (int i = 0; i < 9; i++)
        if (!isfinite(R[i])) return fail(why, "must be finite");
    imp_mat3_mul_bt(R, R, RRt);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            if (fabs(RRt[3 * i + j] - (i == j)) > 1e-9)
                return fail(why, "must be a rotation matrix (orthonormal rows)");
    if (imp_mat3_det(R) < 0)
        return fail(why, "must be a rotation matrix (determinant +1, got -1: a reflection)");
    return IMP_OK;
}

void imp_rotation_sb(double theta1, double theta2, double R[9])
{
    double Z[9], X[9];
    imp_mat3_rot_z(-theta1, Z);
    imp_mat3_rot_x(theta2, X);
    imp_mat3_mul(Z, X, R);
}

imp_status imp_rotation_quat(const double q[4], double R[9], const char **why)
{
    double n = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    if (!isfinite(n)) return fail(why, "must be finite");
    if (!(fabs(n - 1) <= 1e-6))
        return fail(why, "must be a unit quaternion {w, x, y, z}");
    double u[4] = {q[0] / n, q[1] / n, q[2] / n, q[3] / n};
    imp_mat3_from_quat(u, R);
    return IMP_OK;
}

double imp_body3d_energy(const imp_body3d *b, const double v[3], const double w[3])
{
    double H[3];
    imp_mat3_vec(b->I, w, H);
    return 0.5 * (b->m * imp_vec3_dot(v, v) + imp_vec3_dot(w, H));
}

imp_status imp_contact3d_init(const imp_body3d *b, imp_contact3d *c)
{
    if (!(b->m > 0) || !isfinite(b->m)) return IMP_EINPUT;
    for (int i = 0; i < 9; i++)
        if (!isfinite(b->I[i])) return IMP_EINPUT;
    for (int i = 0; i < 3; i++)
        if (!isfinite(b->r[i]) || !isfinite(b->v[i]) || !isfinite(b->w[i]))
            return IMP_EINPUT;
    if (!imp_mat3_inverse(b->I, c->Iinv)) return IMP_ESINGULAR;
    double X[9], T[9];
    imp_mat3_cross(b->r, X);
    imp_mat3_mul(X, c->Iinv, T);
    imp_mat3_mul(T, X, c->W);
    for (int i = 0; i < 9; i++) c->W[i] = -c->W[i];
    for (int i = 0; i < 3; i++) c->W[4 * i] += 1 / b->m;
    for (int i = 0; i < 3; i++)          /* symmetric by construction */
        for (int j = i + 1; j < 3; j++)
            c->W[3 * i + j] = c->W[3 * j + i] = 0.5 * (c->W[3 * i + j] + c->W[3 * j + i]);
    const double *W = c->W;
    c->Wtt[0] = W[0]; c->Wtt[1] = W[2]; c->Wtt[2] = W[6]; c->Wtt[3] = W[8];
    c->Wtn[0] = W[1]; c->Wtn[1] = W[7];
    c->Wnn = W[4];
    double det = c->Wtt[0] * c->Wtt[3] - c->Wtt[1] * c->Wtt[2];
    if (!(det > 0) || !(c->Wnn > 0)) return IMP_ESINGULAR;
    c->q[0] = (c->Wtt[3] * c->Wtn[0] - c->Wtt[1] * c->Wtn[1]) / det;
    c->q[1] = (c->Wtt[0] * c->Wtn[1] - c->Wtt[2] * c->Wtn[0]) / det;
    c->rho_req = hypot(c->q[0], c->q[1]);
    c->kstick = c->Wnn - (c->Wtn[0] * c->q[0] + c->Wtn[1] * c->q[1]);
    double wr[3];
    imp_vec3_cross(b->w, b->r, wr);
    for (int i = 0; i < 3; i++) c->vC0[i] = b->v[i] + wr[i];
    c->T0 = imp_body3d_energy(b, b->v, b->w);
    return IMP_OK;
}

imp_status imp_result3d_start(const imp_body3d *b, double mu_s, double mu_k,
                              const imp_law *law, imp_contact3d *c, imp_result3d *out)
{
    if (!(mu_k >= 0 && mu_k <= mu_s) || !isfinite(mu_s) || !(law->e >= 0 && law->e <= 1))
        return IMP_EINPUT;
    if (law->kind == IMP_LAW_CUSTOM && !law->fn) return IMP_EINPUT;
    imp_status st = imp_contact3d_init(b, c);
    if (st != IMP_OK) return st;
    memset(out, 0, sizeof *out);
    out->p_stop = -1;
    out->mode = IMP_MODE_NONE;
    return IMP_OK;
}

void imp_result3d_finish(const imp_body3d *b, const imp_contact3d *c,
                         imp_result3d *out)
{
    const double *P = out->P;
    double rP[3], dw[3], WP[3], wr[3];
    imp_vec3_cross(b->r, P, rP);
    imp_mat3_vec(c->Iinv, rP, dw);
    for (int i = 0; i < 3; i++) {
        out->v[i] = b->v[i] + P[i] / b->m;
        out->w[i] = b->w[i] + dw[i];
    }
    imp_vec3_cross(out->w, b->r, wr);
    for (int i = 0; i < 3; i++) out->vC[i] = out->v[i] + wr[i];
    imp_mat3_vec(c->W, P, WP);
    out->dT = imp_vec3_dot(c->vC0, P) + 0.5 * imp_vec3_dot(P, WP);
    out->T0 = c->T0;
    out->energy_ratio = c->T0 > 0 ? 1 + out->dT / c->T0 : 1;
    out->energy_gain = out->dT > 1e-9 * c->T0;
}

const char *imp_stage3d_name(imp_stage3d_kind k)
{
    static const char *const names[] = {"c", "c1", "c2", "r", "r1", "r2",
                                        "sliding", "sticking", "re-slide"};
    return (unsigned)k < sizeof names / sizeof *names ? names[k] : "?";
}

void imp_opts3d_default(imp_opts3d *o)
{
    o->rtol = 1e-10;
    o->max_steps = 1000000;
    o->newton_tol = 1e-13;
    o->newton_max = 50;
    o->track = NULL;
}

imp_status imp_reslide3d(const double Wtt[4], const double Wtn[2], double mu_k,
                         double u[2], double *lambda)
{
    double b = hypot(Wtn[0], Wtn[1]);
    if (!(b > 0)) return IMP_EINPUT;
    if (mu_k == 0) {  /* u = Wtn/lambda */
        u[0] = Wtn[0] / b; u[1] = Wtn[1] / b;
        *lambda = b;
        return IMP_OK;
    }
    double det = Wtt[0] * Wtt[3] - Wtt[1] * Wtt[2];
    double q0 = (Wtt[3] * Wtn[0] - Wtt[1] * Wtn[1]) / det,
           q1 = (Wtt[0] * Wtn[1] - Wtt[2] * Wtn[0]) / det;
    if (!(det > 0) || !(hypot(q0, q1) > mu_k)) return IMP_EINPUT;
    /* |u(l)|^2 - 1 is convex and strictly decreasing on l > 0: safeguarded
     * Newton on the bracket [0, |Wtn|] (|u(|Wtn|)| < 1). */
    double lo = 0, hi = b, l = 0.5 * b;
    for (int it = 0; it < 200; it++) {
        double A0 = l + mu_k * Wtt[0], A1 = mu_k * Wtt[1], A2 = mu_k * Wtt[2],
               A3 = l + mu_k * Wtt[3];
        double d = A0 * A3 - A1 * A2;
        double x = (A3 * Wtn[0] - A1 * Wtn[1]) / d, z = (A0 * Wtn[1] - A2 * Wtn[0]) / d;
        double f = x * x + z * z - 1;
        /* d|u|^2/dl = -2 u.(A^-1 u) */
        double y0 = (A3 * x - A1 * z) / d, y1 = (A0 * z - A2 * x) / d;
        double df = -2 * (x * y0 + z * y1);
        if (f > 0) lo = l; else hi = l;
        u[0] = x; u[1] = z;
        if (f == 0 || hi - lo <= 4e-16 * hi) break;
        double ln = l - f / df;
        if (!(ln > lo && ln < hi)) ln = 0.5 * (lo + hi);
        if (fabs(ln - l) <= 1e-16 * l) { l = ln; break; }
        l = ln;
    }
    double n = hypot(u[0], u[1]);
    u[0] /= n; u[1] /= n;
    *lambda = l;
    if (!(l > 0)) return IMP_ENOCONV;
    return IMP_OK;
}
