/* Body data for the 3D solvers: inertia and orientation checks, W. */
#include "bodies3d.h"
#include "check.h"

static void test_inertia(void)
{
    const char *why = NULL;
    CHECK(imp_inertia3_check((double[3]){1, 2, 2.5}, &why) == IMP_OK);
    CHECK(imp_inertia3_check((double[3]){1, 1, 2}, &why) == IMP_OK);       /* a lamina */
    CHECK(imp_inertia3_check((double[3]){1, 1, 2.1}, &why) == IMP_EINPUT);
    CHECK(why && strstr(why, "triangle"));
    CHECK(imp_inertia3_check((double[3]){1, 0, 1}, &why) == IMP_EINPUT);
    CHECK(imp_inertia3_check((double[3]){1, NAN, 1}, &why) == IMP_EINPUT);
    /* full tensor: a rotated diagonal one gives back its moments and axes */
    double Ib[9] = {1, 0, 0, 0, 2, 0, 0, 0, 2.5}, R[9], I[9], mom[3], ax[9];
    imp_rotation_sb(0.3, -0.7, R);
    imp_mat3_rotate(R, Ib, I);
    CHECK(imp_inertia_principal(I, mom, ax, &why) == IMP_OK);
    CHECK_NEAR(mom[0], 1, 1e-14);
    CHECK_NEAR(mom[1], 2, 1e-14);
    CHECK_NEAR(mom[2], 2.5, 1e-14);
    CHECK_NEAR(imp_mat3_det(ax), 1, 1e-14);
    for (int j = 0; j < 3; j++)     /* axis j is +-column j of R */
        CHECK_NEAR(fabs(ax[j] * R[j] + ax[3 + j] * R[3 + j] + ax[6 + j] * R[6 + j]), 1, 1e-12);
    double bad[9] = {1, 0.1, 0, 0.2, 1, 0, 0, 0, 1};
    CHECK(imp_inertia_principal(bad, mom, ax, &why) == IMP_EINPUT && strstr(why, "symmetric"));
    double indef[9] = {1, 2, 0, 2, 1, 0, 0, 0, 1};
    CHECK(imp_inertia_principal(indef, mom, ax, &why) == IMP_EINPUT && strstr(why, "definite"));
    double tri[9] = {1, 0, 0, 0, 1, 0, 0, 0, 3};
    CHECK(imp_inertia_principal(tri, mom, ax, &why) == IMP_EINPUT && strstr(why, "triangle"));
}

static void test_rotation(void)
{
    const char *why = NULL;
    double R[9], Q[9];
    imp_rotation_sb(20 * DEG, 15 * DEG, R);
    CHECK(imp_rotation_check(R, &why) == IMP_OK);
    /* the rod axis R e_Y = (s1 c2, c1 c2, s2) */
    CHECK_NEAR(R[1], sin(20 * DEG) * cos(15 * DEG), 1e-15);
    CHECK_NEAR(R[4], cos(20 * DEG) * cos(15 * DEG), 1e-15);
    CHECK_NEAR(R[7], sin(15 * DEG), 1e-15);
    double refl[9] = {1, 0, 0, 0, 1, 0, 0, 0, -1};
    CHECK(imp_rotation_check(refl, &why) == IMP_EINPUT && strstr(why, "determinant"));
    double skew[9] = {1, 0.1, 0, 0, 1, 0, 0, 0, 1};
    CHECK(imp_rotation_check(skew, &why) == IMP_EINPUT && strstr(why, "orthonormal"));
    /* quaternion of a rotation by a about z */
    double a = 0.7;
    CHECK(imp_rotation_quat((double[4]){cos(a / 2), 0, 0, sin(a / 2)}, Q, &why) == IMP_OK);
    imp_mat3_rot_z(a, R);
    for (int i = 0; i < 9; i++) CHECK_NEAR(Q[i], R[i], 1e-15);
    CHECK(imp_rotation_quat((double[4]){1, 0.1, 0, 0}, Q, &why) == IMP_EINPUT);
}

/* W (the contact compliance matrix) symmetric positive definite; a thin on-axis rod has the closed form. */
static void test_W(void)
{
    imp_body3d b;
    imp_contact3d c;
    /* rc = 0 gives I_a = 0 (singular): a tiny radius, so I is ill-conditioned
     * (ratio 1e6) and W is good to ~1e-11 */
    rod_body(&b, 1.5, 1.2, 1e-3, 30 * DEG, 40 * DEG, (double[3]){0, -1, 0});
    CHECK(imp_contact3d_init(&b, &c) == IMP_OK);
    double It = 1.5 * (1e-6 / 4 + 1.44 / 3);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            CHECK_NEAR(c.W[3 * i + j], (i == j) * (1 / 1.5 + 1.44 / It) - b.r[i] * b.r[j] / It, 1e-9);
    /* kstick = 1/(W^-1)_nn */
    double Wi[9];
    imp_mat3_inverse(c.W, Wi);
    CHECK_NEAR(c.kstick, 1 / Wi[4], 1e-12);
    CHECK_NEAR(c.T0, 0.75, 1e-15);
}


/* W = 1/m + sum_j c_j c_j^T / I_j (c_j = a_j x r) and its Cholesky factor L
 * (order x, z, y), with q = Wtt^-1 Wtn and kstick = 1/(W^-1)_nn from L.
 * A nearly singular inertia (smallest moment 1.2e-8, contact off its
 * axis) lost kstick and q to cancellation in a 2x2 determinant (an energy
 * gain of 3.4e-6 with "sticking" that slipped); checked here against the
 * same quantities in long double. */
static void test_W_principal(void)
{
    const double I[9] = {0.38144923042790213, -0.29915578355414507, 0.25496798808509369,
                         -0.29915578355414507, 0.565540460790104, 0.18831428546617543,
                         0.25496798808509369, 0.18831428546617543, 0.62599226987008727};
    double mom[3], ax[9];
    CHECK(imp_inertia_principal(I, mom, ax, NULL) == IMP_OK);
    for (int k = 0; k < 2; k++) {
        imp_body3d b;
        imp_contact3d c;
        memset(&b, 0, sizeof b);
        b.m = 0.66246234855912256;
        b.r[0] = 0.6316512230712843; b.r[1] = -0.38608347827555445; b.r[2] = -0.79062998888437019;
        b.v[1] = -0.07;
        double mm[3] = {mom[0], mom[1], mom[2]};
        if (k == 0) { mm[0] = 0.3; mm[1] = 0.5; mm[2] = 0.6; }   /* a tame body too */
        memcpy(b.I, I, sizeof I);
        b.principal = 1;
        memcpy(b.moments, mm, sizeof mm);
        memcpy(b.axes, ax, sizeof ax);
        CHECK(imp_contact3d_init(&b, &c) == IMP_OK);
        /* long double reference: W from the same decomposition, formed plainly */
        long double W[9] = {0}, Wi[1];
        for (int i = 0; i < 3; i++) W[4 * i] = 1.0L / b.m;
        for (int j = 0; j < 3; j++) {
            long double a[3] = {ax[j], ax[3 + j], ax[6 + j]}, cj[3];
            cj[0] = a[1] * b.r[2] - a[2] * b.r[1];
            cj[1] = a[2] * b.r[0] - a[0] * b.r[2];
            cj[2] = a[0] * b.r[1] - a[1] * b.r[0];
            for (int i = 0; i < 3; i++)
                for (int l = 0; l < 3; l++) W[3 * i + l] += cj[i] * cj[l] / mm[j];
        }
        /* its Cholesky factor in the order (x, z, y), in long double */
        static const int pm[3] = {0, 2, 1};
        long double A[9], Lq[9] = {0};
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++) A[3 * i + j] = W[3 * pm[i] + pm[j]];
        for (int j = 0; j < 3; j++) {
            long double sd = A[4 * j];
            for (int l = 0; l < j; l++) sd -= Lq[3 * j + l] * Lq[3 * j + l];
            Lq[4 * j] = sqrtl(sd);
            for (int i = j + 1; i < 3; i++) {
                long double so = A[3 * i + j];
                for (int l = 0; l < j; l++) so -= Lq[3 * i + l] * Lq[3 * j + l];
                Lq[3 * i + j] = so / Lq[4 * j];
            }
        }
        (void)Wi;
        long double q1 = Lq[7] / Lq[4], q0 = (Lq[6] - Lq[3] * q1) / Lq[0];
        long double ks = Lq[8] * Lq[8];
        double tol = k ? 1e-10 : 1e-13;  /* long double keeps ~1e-11 at cond ~1e8 */
        CHECK_NEAR(c.kstick, (double)ks, tol * c.kstick);
        CHECK_NEAR(c.q[0], (double)q0, tol);
        CHECK_NEAR(c.q[1], (double)q1, tol);
        for (int i = 0; i < 9; i++) CHECK_NEAR(c.W[i], (double)W[i], 1e-15 * fabs((double)W[4 * (i / 3)]));
        /* L L^T = W (rows/columns x, z, y) */
        static const int perm[3] = {0, 2, 1};
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++) {
                double s = 0;
                for (int l = 0; l < 3; l++) s += c.L[3 * i + l] * c.L[3 * j + l];
                CHECK_NEAR(s, c.W[3 * perm[i] + perm[j]], 1e-14 * c.W[0] + 1e-14 * c.W[8]);
            }
        CHECK(c.cond > (k ? 1e7 : 1) && c.cond < (k ? 1e10 : 1e3));
    }
}

int main(void)
{
    RUN(test_W_principal);
    RUN(test_inertia);
    RUN(test_rotation);
    RUN(test_W);
    return check_summary();
}
