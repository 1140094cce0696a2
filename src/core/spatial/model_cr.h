/* Chatterjee & Ruina's two-parameter algebraic impact law (Chatterjee &
 * Ruina, J. Appl. Mech. 65, 1998): normal restitution e in [0, 1],
 * tangential restitution e_t in [-1, 1], one friction coefficient mu.
 *
 *   P_I  = (-v_n0 / W_nn) n        frictionless, perfectly plastic
 *   P_II = -W^-1 v_C0              sticking, perfectly plastic
 *   P^   = (1 + e) P_I + (1 + e_t) (P_II - P_I)
 *   P    = P^ if |P^_t| <= mu P^_n (inside the cone), else
 *          (1 + e) P_I + kappa (P_II - P_I) on the cone's surface.
 *
 * The 2D form is a row of the 2D models (models2d.c); the 3D form runs on
 * contact-space data (imp_contact3d) and fills an imp_result3d. */
#ifndef IMPACT_MODEL_CR_H
#define IMPACT_MODEL_CR_H

#include "impact2d.h"
#include "impact3d.h"
#include "status.h"

/* Where the law put the impulse. */
typedef struct {
    double kappa;   /* the factor of P_II - P_I: 1 + e_t inside the cone */
    int on_cone;    /* 1: P^ was outside the cone, P is on its surface */
    double et;      /* 3D: the tangential restitution obtained, imp_cr_et3d */
} imp_cr_info;

/* The combination step on P_I's normal component PIn > 0 and P_II's
 * tangential components PIIt[0..nt-1] and normal component PIIn: writes
 * P's tangential part Pt, its normal part *Pn and info's kappa, on_cone.
 * mu >= 0 finite, e in [0, 1], e_t in [-1, 1] (unchecked here). */
void imp_cr_combine(int nt, const double *PIIt, double PIIn, double PIn, double mu,
                    double e, double e_t, double *Pt, double *Pn, imp_cr_info *info);

/* -v_t.v_t0/|v_t0|^2 (tangential parts x, z of v_C0 and v_C); NAN when
 * v_t0 = 0 or the ratio is beyond double's range. */
double imp_cr_et3d(const double v0[3], const double v[3]);

/* 2D, WM92's coefficients (S = S0 + B1 Px - B3 Py, C = C0 - B3 Px + B2 Py),
 * C0 < 0: the impulse (Px, Py); IMP_EINPUT on out-of-range parameters. */
imp_status imp_cr2d(const imp_coef2d *c, double mu, double e, double e_t,
                    double *Px, double *Py, imp_cr_info *info);

/* 3D on contact-space data: fills P, vC, dT, T0, energy_ratio, energy_gain
 * and mode (none, sliding, C-sticking) of out (v, w left 0: the caller's
 * imp_result3d_apply). v_n0 >= 0: no impulse. IMP_EINPUT on parameters out
 * of range (mu >= 0 finite, e in [0, 1], e_t in [-1, 1]). */
imp_status imp_cr3d_solve_contact(const imp_contact3d *c, double mu, double e, double e_t,
                                  imp_result3d *out, imp_cr_info *info);

#endif
