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

/* E.1: W symmetric positive definite; a thin on-axis rod has the closed form. */
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

int main(void)
{
    RUN(test_inertia);
    RUN(test_rotation);
    RUN(test_W);
    return check_summary();
}
