/* The 3D algebraic impact models, a registry: solve3d{model = name} finds
 * its row here (one row a model; add a row to add a model). Each runs on
 * contact-space data (a body, two bodies or a mechanism alike). */
#ifndef IMPACT_MODELS3D_H
#define IMPACT_MODELS3D_H

#include "impact3d.h"
#include "model_cr.h"

/* A model's parameters (each row documents the ones it reads). */
typedef struct {
    double mu;     /* Coulomb's coefficient (one: mu_s = mu_k) */
    double e;      /* normal restitution, [0, 1] */
    double e_t;    /* tangential restitution, [-1, 1] */
} imp_model3d_params;

/* Fills P, vC, dT, T0, energy_ratio, energy_gain, mode of out (v, w: the
 * caller's imp_result3d_apply) and info (kappa, on_cone, et). */
typedef imp_status (*imp_model3d_fn)(const imp_contact3d *c, const imp_model3d_params *p,
                                     imp_result3d *out, imp_cr_info *info);

typedef struct {
    const char *name;     /* solve3d's model = "..." */
    const char *status;   /* "exact": as stated in its source */
    const char *notes;    /* one line: source and what it does */
    imp_model3d_fn solve;
} imp_model3d_row;

/* The rows, ending with name NULL. */
extern const imp_model3d_row imp_models3d[];

#endif
