/* The event-driven simulator against an independent check: a rod dropped
 * on the ground without friction, simulated rigidly (a scene2d, Newton's
 * law with coefficient e) and compliantly (compliant_rod.h: stiff linear
 * spring-dashpots tuned to e, integrated in time). As the stiffness k
 * grows the compliant state at a later time converges to the rigid one,
 * the error falling about like the contact's duration, k^(-1/2). */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "compliant_rod.h"
#include "scene2d.h"
#include "sim.h"

#define L_ROD 1.0
#define G 9.81
#define E_REST 0.8
#define PHI0 (M_PI / 6)
#define H0 0.5          /* the lower end's starting height */
#define T_END 0.9

static void rigid(double q[3], double qd[3], long *impacts)
{
    double pts[4] = {-L_ROD / 2, 0, L_ROD / 2, 0};
    imp_scene2d_body b = {1.0, L_ROD * L_ROD / 12, 0, 2, pts};
    imp_scene2d_line ground = {0, 0, 0, 1};
    imp_scene2d sc;
    memset(&sc, 0, sizeof sc);
    sc.nb = 1; sc.nl = 1; sc.bodies = &b; sc.lines = &ground;
    sc.g[0] = 0; sc.g[1] = -G;
    CHECK(imp_scene2d_contacts(&sc) == 2);
    imp_sim_system s;
    memset(&s, 0, sizeof s);
    CHECK(imp_scene2d_system(&sc, &s) == IMP_OK);
    for (int i = 0; i < s.nc; i++) {
        s.c[i].mu_s = s.c[i].mu_k = 0;
        s.c[i].e = E_REST;
        s.c[i].law.kind = IMP_LAW_NEWTON;
        s.c[i].law.e = E_REST;
        s.c[i].K = 1; s.c[i].eta = 1.5;
    }
    s.model = IMP_SIM_MODEL_POISSON;
    imp_sim_opts o;
    memset(&o, 0, sizeof o);
    o.t0 = 0; o.t_end = T_END; o.dt = 0;
    imp_sim_outcome out;
    q[0] = 0; q[1] = H0 + 0.5 * L_ROD * sin(PHI0); q[2] = PHI0;
    qd[0] = qd[1] = qd[2] = 0;
    CHECK(imp_sim_run(&s, &o, q, qd, NULL, &out) == IMP_OK);
    CHECK(out.end == IMP_SIM_END_T);
    *impacts = out.impacts;
}

static double compliant_error(double k, const double q[3], const double qd[3])
{
    cr_rod r = {1.0, L_ROD, G, k, cr_zeta(E_REST)};
    double y[6] = {0, H0 + 0.5 * L_ROD * sin(PHI0), PHI0, 0, 0, 0};
    CHECK(cr_run(&r, y, T_END, 1e-11) > 0);
    double err = 0;
    for (int i = 0; i < 3; i++) {
        double d = fabs(y[i] - q[i]), dv = fabs(y[3 + i] - qd[i]);
        if (d > err) err = d;
        if (dv > err) err = dv;
    }
    return err;
}

static void test_converges(void)
{
    double q[3], qd[3];
    long impacts = 0;
    rigid(q, qd, &impacts);
    CHECK(impacts >= 3);   /* a few bounces before T_END, none simultaneous */
    double e6 = compliant_error(1e6, q, qd);
    double e8 = compliant_error(1e8, q, qd);
    double e10 = compliant_error(1e10, q, qd);
    printf("rigid: %ld impacts; max state difference at t = %g: k=1e6 %.3g, k=1e8 %.3g, "
           "k=1e10 %.3g\n", impacts, T_END, e6, e8, e10);
    /* k^(-1/2): a factor 10 per factor 100 of stiffness (allow 5) */
    CHECK(e8 < e6 / 5);
    CHECK(e10 < e8 / 5);
    CHECK(e10 < 1e-3);
}

int main(void)
{
    RUN(test_converges);
    return check_summary();
}
