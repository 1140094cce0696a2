/* solve3d{model = ...}: the 3D models' registry (models3d.h) reached from
 * solve3d (l_solve3d_model.c). */
#ifndef IMPACT_LUA_SOLVE3D_MODEL_H
#define IMPACT_LUA_SOLVE3D_MODEL_H

#include "l_problem3d.h"
#include "models3d.h"

typedef struct {
    const imp_model3d_row *row;   /* NULL: no model (the exact or algebraic method) */
    imp_model3d_params p;
} limp_model3d;

/* Reads t.model (a registry row's name) and its parameters after the
 * settings (law, e, mu_s, mu_k) were read; refuses the fields a model does
 * not read (method, rtol, max_steps, a law other than Newton's) and, with
 * no model, the models' own (e_t). Returns 1 when a model was given. */
int limp_solve3d_model_read(const limp_check *c, int t, const imp_law *law, double mu_s,
                            double mu_k, limp_model3d *m);

/* Solves and pushes the result table (metatable impact.Result3D): the form
 * is the mechanism's (mc), the pair's (pr, b1, b2) or one body's (b1, cc). */
int limp_solve3d_model_push(const limp_check *c, const limp_model3d *m,
                            const imp_contact3d *cp, const imp_mech *mc,
                            const limp_body3d_in *b1, const limp_body3d_in *b2,
                            const imp_pair3d *pr);

#endif
