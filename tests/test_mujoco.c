/* The MuJoCo bridge (src/core/mujoco): a double pendulum's M against its
 * closed form in MuJoCo's relative angles, the tip's Jacobian, the contact
 * frames (orthonormal, right-handed, row 2 the normal), a load error naming
 * the file, and a ball's run through one impact. Built without MuJoCo it
 * checks nothing and passes. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#ifdef IMPACT_HAVE_MUJOCO
#include "mj_bridge.h"

static const char *PENDULUM =
    "<mujoco><compiler angle='radian'/><worldbody>"
    "<body name='a'><joint type='hinge' axis='0 0 1'/>"
    "<inertial pos='0.5 0 0' mass='1' diaginertia='0.001 0.08333333333333333 0.08333333333333333'/>"
    "<body name='b' pos='1 0 0'><joint type='hinge' axis='0 0 1'/>"
    "<inertial pos='0.5 0 0' mass='1' diaginertia='0.001 0.08333333333333333 0.08333333333333333'/>"
    "<geom type='sphere' pos='1 0 0' size='0.01' contype='0' conaffinity='0'/>"
    "</body></body></worldbody></mujoco>";

static void test_pendulum(void)
{
    char err[512];
    imp_mj *mj = NULL;
    CHECK(imp_mj_load_string(PENDULUM, "pendulum.xml", &mj, err, sizeof err) == IMP_OK);
    if (!mj) return;
    CHECK(imp_mj_nq(mj) == 2 && imp_mj_nv(mj) == 2 && imp_mj_body_id(mj, "b") == 2);
    double q[2] = { 0.3, -0.7 }, M[4], J[4], off;
    CHECK(imp_mj_set_state(mj, q, NULL) == IMP_OK);
    imp_mj_mass(mj, M);
    /* relative angles: a = I1 + m l1c^2 + I2 + m (L1^2 + l2c^2), b = m L1 l2c, c = I2 + m l2c^2 */
    double a = 1.0 / 12 + 0.25 + 1.0 / 12 + 1.25, b = 0.5, c = 1.0 / 12 + 0.25;
    CHECK_NEAR(M[0], a + 2 * b * cos(q[1]), 1e-14);
    CHECK_NEAR(M[1], c + b * cos(q[1]), 1e-14);
    CHECK(M[1] == M[2]);
    CHECK_NEAR(M[3], c, 1e-14);
    /* the tip, normal +y: row 1 = d(tip x)/dq, row 2 = d(tip y)/dq */
    double t1 = q[0], t2 = q[0] + q[1];
    double tip[3] = { cos(t1) + cos(t2), sin(t1) + sin(t2), 0 }, n[3] = { 0, 1, 0 };
    CHECK(imp_mj_jacobian(mj, 2, tip, 2, n, J, &off) == IMP_OK);
    CHECK_NEAR(J[0], -sin(t1) - sin(t2), 1e-14);
    CHECK_NEAR(J[1], -sin(t2), 1e-14);
    CHECK_NEAR(J[2], cos(t1) + cos(t2), 1e-14);
    CHECK_NEAR(J[3], cos(t2), 1e-14);
    CHECK(off == 0);     /* on the tip's sphere */
    imp_mj_free(mj);
}

static void test_frames(void)
{
    srand(7);
    for (int k = 0; k < 1000; k++) {
        double n[3], f[9], len = 0;
        for (int i = 0; i < 3; i++) {
            n[i] = 2.0 * rand() / RAND_MAX - 1;
            len += n[i] * n[i];
        }
        if (k == 0) { n[0] = 0; n[1] = -1; n[2] = 0; len = 1; }   /* the half-turn branch's pole */
        for (int i = 0; i < 3; i++) n[i] /= sqrt(len);
        imp_mj_frame(3, n, f);
        for (int r = 0; r < 3; r++)
            for (int s = 0; s < 3; s++) {
                double dot = f[3 * r] * f[3 * s] + f[3 * r + 1] * f[3 * s + 1] + f[3 * r + 2] * f[3 * s + 2];
                CHECK_NEAR(dot, r == s ? 1 : 0, 1e-14);
            }
        /* z = x cross y */
        CHECK_NEAR(f[1] * f[5] - f[2] * f[4], f[6], 1e-14);
        CHECK_NEAR(f[2] * f[3] - f[0] * f[5], f[7], 1e-14);
        CHECK_NEAR(f[0] * f[4] - f[1] * f[3], f[8], 1e-14);
        CHECK(f[3] == n[0] && f[4] == n[1] && f[5] == n[2]);
    }
    double n2[3] = { 0.6, 0.8, 0 }, f2[6];
    imp_mj_frame(2, n2, f2);
    CHECK(f2[0] == 0.8 && f2[1] == -0.6 && f2[2] == 0);   /* n turned by -90 degrees */
}

static void test_load_error(void)
{
    char err[512] = "";
    imp_mj *mj = (imp_mj *)1;
    CHECK(imp_mj_load("/nonexistent/robot.xml", &mj, err, sizeof err) == IMP_EINPUT);
    CHECK(mj == NULL);
    CHECK(strstr(err, "cannot load '/nonexistent/robot.xml': ") == err);
    CHECK(imp_mj_load_string("<mujoco><worldbody><body>", "bad.xml", &mj, err, sizeof err) == IMP_EINPUT);
    CHECK(strstr(err, "cannot load 'bad.xml': ") == err);
}

static void test_ball_run(void)
{
    static const char *BALL =
        "<mujoco><option timestep='0.001'/><worldbody>"
        "<geom type='plane' size='1 1 0.1' friction='0 0 0'/>"
        "<body name='ball' pos='0 0 0.1'><freejoint/>"
        "<geom type='sphere' size='0.1' mass='1' friction='0 0 0'/></body></worldbody></mujoco>";
    char err[512];
    imp_mj *mj = NULL;
    CHECK(imp_mj_load_string(BALL, "ball.xml", &mj, err, sizeof err) == IMP_OK);
    if (!mj) return;
    double qpos[7] = { 0, 0, 0.1, 1, 0, 0, 0 }, qvel[6] = { 0, 0, -1, 0, 0, 0 }, q1[7], v1[6];
    imp_mj_run_opts o = { .body = 1, .gravity = 0, .max_time = 1 };
    imp_mj_run_result r;
    CHECK(imp_mj_run(mj, qpos, qvel, &o, q1, v1, &r) == IMP_OK);
    CHECK(r.contacted && r.separated && r.contact_steps > 5);
    CHECK_NEAR(r.vn0, -1, 1e-15);
    CHECK(r.vn1 > 0 && r.vn1 < 1);
    CHECK_NEAR(v1[2], r.vn1, 1e-12);
    CHECK_NEAR(r.T1, 0.5 * r.vn1 * r.vn1, 1e-12);
    CHECK(r.normal[2] == 1);
    /* a stiffer, less damped solref rebounds more; the model's own comes back */
    o.set_solref = 1;
    o.solref[0] = 0.02; o.solref[1] = 0.3;
    imp_mj_run_result r2;
    CHECK(imp_mj_run(mj, qpos, qvel, &o, q1, v1, &r2) == IMP_OK);
    CHECK(r2.vn1 > r.vn1);
    o.set_solref = 0;
    CHECK(imp_mj_run(mj, qpos, qvel, &o, q1, v1, &r2) == IMP_OK);
    CHECK(r2.vn1 == r.vn1);
    imp_mj_free(mj);
}
#endif

int main(void)
{
#ifdef IMPACT_HAVE_MUJOCO
    RUN(test_pendulum);
    RUN(test_frames);
    RUN(test_load_error);
    RUN(test_ball_run);
#else
    printf("built without MuJoCo: nothing to check\n");
#endif
    return check_summary();
}
