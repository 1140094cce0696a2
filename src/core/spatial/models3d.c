/* The 3D models' registry (models3d.h). */
#include "models3d.h"

/* Chatterjee & Ruina 1998: model_cr.c. */
static imp_status cr(const imp_contact3d *c, const imp_model3d_params *p, imp_result3d *out,
                     imp_cr_info *info)
{
    return imp_cr3d_solve_contact(c, p->mu, p->e, p->e_t, out, info);
}

const imp_model3d_row imp_models3d[] = {
    { "chatterjee-ruina", "exact",
      "Chatterjee & Ruina 1998: P^ = (1+e) P_I + (1+e_t) (P_II - P_I) from the frictionless "
      "plastic P_I and the sticking plastic P_II, kept inside Coulomb's cone, else brought onto "
      "it along P_II - P_I; v_n = -e v_n0 always, never an energy gain", cr },
    { NULL, NULL, NULL, NULL }
};
