/* The 2D problem table shared by the models and the analyses: either the
 * coefficients {B1, B2, B3, S0, C0} or bodies {body1 = {m, rho or I, x, y,
 * vx, vy, w}, body2 = ... or nil}. Stand-in until the solve2d binding's
 * parser (l_solve2d.h) is available; same fields and messages. */
#ifndef IMPACT_L_PROB2D_H
#define IMPACT_L_PROB2D_H

#include "check.h"
#include "impact2d.h"
#include "models2d.h"

typedef struct {
    imp_coef2d c;
    int nbodies;          /* 0: coefficients given; 1: body1 on the ground; 2 */
    imp_body2d b[2];
} imp_lprob2d;

/* Reads the problem at index t (raises naming the field on bad input).
 * need_c0: when 0, C0 (and S0) may be absent (then 0). */
void imp_lprob2d_read(const imp_check *c, int t, int need_c0, imp_lprob2d *p);

/* The moment coupling of F.8 (needs bodies). */
void imp_lprob2d_moment(const imp_lprob2d *p, imp_moment2d *m);

/* Sets result.body1 (and body2) = {vx, vy, w} after the impulse (Px, Py) and
 * moment impulse Mq on body 1, for the table on top of the stack. */
void imp_lprob2d_push_after(lua_State *L, const imp_lprob2d *p,
                            double Px, double Py, double Mq);

#endif
