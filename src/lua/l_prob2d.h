/* Helpers over solve2d's imp_problem2d (parsed by imp_problem2d_from_lua in
 * l_solve2d.h) for the models and the analyses: the moment coupling of the
 * C-S skeleton and the post-impact body velocities with a moment impulse. */
#ifndef IMPACT_L_PROB2D_H
#define IMPACT_L_PROB2D_H

#include <lua.h>

#include "impact2d.h"
#include "models2d.h"

/* The moment coupling of the C-S model (CS01; needs bodies: p->nbodies > 0). */
void imp_lprob2d_moment(const imp_problem2d *p, imp_moment2d *m);

/* Sets result.body1 (and body2) = {vx, vy, w} after the impulse (Px, Py) and
 * moment impulse Mq on body 1 (body 2 receives the opposite), for the table
 * on top of the stack. Nothing when the problem has no bodies. */
void imp_lprob2d_push_after(lua_State *L, const imp_problem2d *p,
                            double Px, double Py, double Mq);

#endif
