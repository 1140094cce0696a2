/* Closed forms of the planar impact (WM92 eqs 31-55, Table 1;
 * SB22 Table 2): the contact
 * mode and class without tracing the path, Wang & Mason's critical values,
 * the closed-form impulses of the three built-in laws, and Sun & Baruh's
 * ratios R1, R2, R3 with the case of their Table 2. */
#ifndef IMPACT_CLOSED2D_H
#define IMPACT_CLOSED2D_H

#include "impact2d.h"

typedef struct {
    imp_mode mode;
    imp_class cls;
    int s;            /* slip sign of the formulas: sgn(S0); -sgn(B3) for a
                         direct slide; 0 for a direct stick or no impulse */
    double kS, kC;    /* mu_k*B1 + s*B3 and B2 + s*mu_k*B3 (WM92 eqs 31-38) */
    double P_d, P_q;  /* kC*|S0| and kS*|C0|, eqs 35-36 */
    double mu_d, mu_q;/* signed slopes of OD and OQ, eqs 32-33 (NaN: 0/0) */
    double mu_D, mu_Q;/* unsigned thresholds -s*mu_d, -s*mu_q (NaN if s = 0) */
    double mu_s_wm;   /* -B3/B1, WM's signed slope of the sticking line */
    double p_s;       /* normal impulse where the slip stops (INFINITY: never) */
    int sticks;       /* |B3| <= mu_s*B1: sticking holds */
    /* Sun & Baruh 2022 in the frame of the initial slip (valid when C0 < 0;
     * R1, R3 only when S0 != 0): ratio = |S0|/|C0|, R2 signed (|B3|/B1 for
     * a direct impact) */
    int sb_valid;
    double ratio, R1, R2, R3;
    int sb_case;      /* 0..6, SB22 Table 1 */
} imp_class2d;

/* Classifies the impact (WM92 sec 3.4.1, eqs 31-38 via P_d, P_q; e enters only
 * through (1+e)*P_q). Same input requirements as imp_path2d_solve. */
imp_status imp_mode2d_classify(const imp_coef2d *c, double mu_s, double mu_k,
                          double e, imp_class2d *out);

/* The closed-form impulse of a built-in law (WM92 eqs 39-55), the normal impulse at
 * maximum compression, the final contact velocities (each from the rate of
 * the path's last segment, as the tracer has them: S = 0 exactly when
 * stuck, Newton's C = -e*C0) and the energy change (eq 56). */
typedef struct { double Px, Py, Pc, S, C, dT; imp_mode mode; } imp_closed2d;

/* law: a row of the registry (law.h) whose end has a closed form (its
 * imp_law_end form and coefficient choose WM92's formulas); IMP_EINPUT for
 * a law without one (custom). */
imp_status imp_closed2d_solve(const imp_coef2d *c, double mu_s, double mu_k,
                              imp_law_kind law, double e, imp_closed2d *out);

/* SB22 Table 2 (made explicit): the case from the ratios. D1 is
 * alpha + sin^2 + mu_k sin cos (scaled: any positive multiple). */
int imp_sb2d_case(double ratio, double R1, double R2, double R3, double D1,
                  double mu_s);

/* Sun & Baruh's rod (SB22 sec 2, Table 2): theta (radians) between the CM-contact
 * line and the vertical, positive when the CM lies ahead of the contact in
 * the slip direction; alpha = I_G/(m L^2). */
typedef struct {
    double Pbar, Qbar, Rbar;  /* m*B3, m*B2, m*B1 */
    double D1, R1, R2, R3;
    int sb_case;              /* -1 when ratio < 0 (not given) */
} imp_sb2d;

void imp_sb2d_rod(double theta, double alpha, double mu_s, double mu_k,
                  double e, double ratio, imp_sb2d *out);

/* The rod as a body of the master convention: CM at (L sin, L cos) from
 * the contact, rho = L sqrt(alpha), contact velocity (vCx, -vCy), w = 0. */
void imp_sb2d_body(double theta, double alpha, double m, double L,
                   double vCx, double vCy, imp_body2d *b);

#endif
