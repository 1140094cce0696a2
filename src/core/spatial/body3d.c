/* Rigid-body data for the 3D solvers: inertia and orientation checks, the
 * contact compliance matrix W (Keller 1986; SB22 sec 3), kinetic energy. */
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

void imp_rod3d(double m, double L, double rc, double theta1, double theta2, int cap,
               double I[3], double R[9], double r[3])
{
    I[0] = I[2] = m * (rc * rc / 4 + L * L / 3);
    I[1] = m * rc * rc / 2;
    imp_rotation_sb(theta1, theta2, R);
    for (int i = 0; i < 3; i++) r[i] = -L * R[3 * i + 1];
    if (cap) r[1] -= rc;
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

void imp_body3d_orient(const double Ib[9], const double moments[3], const double axes[9],
                       const double R[9], imp_body3d *b)
{
    imp_mat3_rotate(R, Ib, b->I);
    /* W is built from the decomposition: no inverse of a nearly singular tensor */
    b->principal = 1;
    memcpy(b->moments, moments, 3 * sizeof *moments);
    imp_mat3_mul(R, axes, b->axes);
}

double imp_body3d_energy(const imp_body3d *b, const double v[3], const double w[3])
{
    double H[3];
    imp_mat3_vec(b->I, w, H);
    return 0.5 * (b->m * imp_vec3_dot(v, v) + imp_vec3_dot(w, H));
}

/* The principal decomposition of the world inertia: given, or from dsyev. */
static imp_status principal(const imp_body3d *b, double moments[3], double axes[9])
{
    if (b->principal) {
        memcpy(moments, b->moments, 3 * sizeof *moments);
        memcpy(axes, b->axes, 9 * sizeof *axes);
        for (int i = 0; i < 9; i++)
            if (!isfinite(axes[i])) return IMP_EINPUT;
    } else {
        double a[9];
        memcpy(a, b->I, sizeof a);  /* symmetric: row- and column-major agree */
        if (LAPACKE_dsyev_work(LAPACK_COL_MAJOR, 'V', 'U', 3, a, 3, moments,
                               (double[64]){0}, 64) != 0)
            return IMP_ESINGULAR;
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                axes[3 * i + j] = a[i + 3 * j];  /* column j = axis j */
    }
    for (int i = 0; i < 3; i++)
        if (!(moments[i] > 0) || !isfinite(moments[i])) return IMP_ESINGULAR;
    return IMP_OK;
}

void imp_contact3d_tsolve(const imp_contact3d *c, const double v[2], double g[2])
{
    const double *L = c->L;   /* Wtt = Ltt Ltt^T, Ltt = [[L0, 0], [L3, L4]] */
    double y0 = v[0] / L[0], y1 = (v[1] - L[3] * y0) / L[4];
    g[1] = y1 / L[4];
    g[0] = (y0 - L[3] * g[1]) / L[0];
}

imp_status imp_contact3d_init(const imp_body3d *b, imp_contact3d *c)
{
    c->cond = 0;
    if (!(b->m > 0) || !isfinite(b->m)) return IMP_EINPUT;
    for (int i = 0; i < 9; i++)
        if (!isfinite(b->I[i])) return IMP_EINPUT;
    for (int i = 0; i < 3; i++)
        if (!isfinite(b->r[i]) || !isfinite(b->v[i]) || !isfinite(b->w[i]))
            return IMP_EINPUT;
    double mom[3];
    imp_status st = principal(b, mom, c->axes);
    if (st != IMP_OK) return st;
    /* W = 1/m + sum_j c_j c_j^T / I_j, c_j = a_j x r (with
     * I^-1 = sum_j a_j a_j^T / I_j): every term is positive semidefinite */
    memset(c->W, 0, sizeof c->W);
    memset(c->Iinv, 0, sizeof c->Iinv);
    memset(c->L, 0, sizeof c->L);
    for (int i = 0; i < 3; i++) {
        c->W[4 * i] = 1 / b->m;
        c->L[4 * i] = sqrt(1 / b->m);
    }
    for (int j = 0; j < 3; j++) {
        double a[3] = {c->axes[j], c->axes[3 + j], c->axes[6 + j]};
        c->invI[j] = 1 / mom[j];
        if (!isfinite(c->invI[j])) return IMP_ESINGULAR;
        for (int i = 0; i < 3; i++)
            for (int k = 0; k < 3; k++)
                c->Iinv[3 * i + k] += a[i] * a[k] * c->invI[j];
    }
    imp_contact3d_rotation_add(b->r, mom, c->axes, c->W, c->L);
    for (int i = 0; i < 9; i++)
        if (!isfinite(c->W[i]) || !isfinite(c->L[i])) return IMP_EOVERFLOW;
    double wr[3];
    imp_vec3_cross(b->w, b->r, wr);
    for (int i = 0; i < 3; i++) c->vC0[i] = b->v[i] + wr[i];
    c->T0 = imp_body3d_energy(b, b->v, b->w);
    c->m = b->m;
    return imp_contact3d_from_L(c);
}

imp_status imp_problem3d_check(double mu_s, double mu_k, const imp_law *law)
{
    if (!(mu_k >= 0 && mu_k <= mu_s) || !isfinite(mu_s) || !(law->e >= 0 && law->e <= 1))
        return IMP_EINPUT;
    if (!imp_law_usable(law)) return IMP_EINPUT;
    return IMP_OK;
}

imp_status imp_problem3d_setup(const imp_body3d *b, double mu_s, double mu_k,
                             const imp_law *law, imp_contact3d *c)
{
    imp_status st = imp_problem3d_check(mu_s, mu_k, law);
    return st != IMP_OK ? st : imp_contact3d_init(b, c);
}

imp_status imp_result3d_start(double mu_s, double mu_k, const imp_law *law,
                              imp_result3d *out)
{
    imp_status st = imp_problem3d_check(mu_s, mu_k, law);
    if (st != IMP_OK) return st;
    memset(out, 0, sizeof *out);
    out->p_stop = -1;
    out->mode = IMP_MODE_NONE;
    return IMP_OK;
}

void imp_result3d_finish(const imp_contact3d *c, imp_result3d *out)
{
    const double *P = out->P;
    double WP[3];
    imp_mat3_vec(c->W, P, WP);
    for (int i = 0; i < 3; i++) out->vC[i] = c->vC0[i] + WP[i];
    /* P.W.P = |L^T P|^2 (order x, z, y): a sum of squares, so a nearly
     * singular inertia (entries of W far larger than P.W.P) costs nothing */
    const double *L = c->L;
    double q0 = P[0], q1 = P[2], q2 = P[1];
    double l0 = L[0] * q0 + L[3] * q1 + L[6] * q2, l1 = L[4] * q1 + L[7] * q2, l2 = L[8] * q2;
    out->dT = imp_vec3_dot(c->vC0, P) + 0.5 * (l0 * l0 + l1 * l1 + l2 * l2);
    out->T0 = c->T0;
    out->energy_ratio = c->T0 > 0 ? 1 + out->dT / c->T0 : 1;
    out->energy_gain = out->dT > 1e-9 * c->T0;
}

void imp_result3d_apply(const imp_body3d *b, const imp_contact3d *c, imp_result3d *out)
{
    const double *P = out->P;
    double rP[3], dw[3], wr[3];
    imp_vec3_cross(b->r, P, rP);
    imp_mat3_vec(c->Iinv, rP, dw);
    for (int i = 0; i < 3; i++) {
        out->v[i] = b->v[i] + P[i] / b->m;
        out->w[i] = b->w[i] + dw[i];
    }
    imp_vec3_cross(out->w, b->r, wr);
    for (int i = 0; i < 3; i++) out->vC[i] = out->v[i] + wr[i];
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

imp_status imp_exact3d_reslide(const imp_contact3d *c, double mu_k, double u[2], double *lambda)
{
    const double *Wtn = c->Wtn;
    double b = hypot(Wtn[0], Wtn[1]);
    if (!(b > 0)) return IMP_EINPUT;
    if (mu_k == 0) {  /* u = Wtn/lambda */
        u[0] = Wtn[0] / b; u[1] = Wtn[1] / b;
        *lambda = b;
        return IMP_OK;
    }
    if (!(c->rho_req > mu_k)) return IMP_EINPUT;
    return imp_exact3d_reslide_ray(Wtn, c->tvec, c->tev, mu_k, u, lambda);
}

imp_status imp_exact3d_reslide_ray(const double Wtn[2], const double tvec[2], const double tev[2],
                           double mu_k, double u[2], double *lambda)
{
    double b = hypot(Wtn[0], Wtn[1]);
    /* In Wtt's eigenbasis (e1 small, e2 large): |u(l)|^2 =
     * b1^2/(l + mu w1)^2 + b2^2/(l + mu w2)^2, convex and strictly
     * decreasing on l > 0; safeguarded Newton on the bracket [0, |Wtn|]
     * (|u(|Wtn|)| < 1). */
    const double e2[2] = {tvec[0], tvec[1]}, e1[2] = {-tvec[1], tvec[0]};
    double b1 = e1[0] * Wtn[0] + e1[1] * Wtn[1], b2 = e2[0] * Wtn[0] + e2[1] * Wtn[1];
    double m1 = mu_k * tev[0], m2 = mu_k * tev[1];
    double lo = 0, hi = b, l = 0.5 * b, x1 = 0, x2 = 0;
    for (int it = 0; it < 200; it++) {
        x1 = b1 / (l + m1); x2 = b2 / (l + m2);
        double f = x1 * x1 + x2 * x2 - 1;
        double df = -2 * (x1 * x1 / (l + m1) + x2 * x2 / (l + m2));
        if (f > 0) lo = l; else hi = l;
        if (f == 0 || hi - lo <= 4e-16 * hi) break;
        double ln = l - f / df;
        if (!(ln > lo && ln < hi)) ln = 0.5 * (lo + hi);
        if (fabs(ln - l) <= 1e-16 * l) { l = ln; break; }
        l = ln;
    }
    x1 = b1 / (l + m1); x2 = b2 / (l + m2);
    double n = hypot(x1, x2);
    u[0] = (x1 * e1[0] + x2 * e2[0]) / n;
    u[1] = (x1 * e1[1] + x2 * e2[1]) / n;
    *lambda = l;
    if (!(l > 0)) return IMP_ENOCONV;
    return IMP_OK;
}
