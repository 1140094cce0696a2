/* The published 2D models' registry (imp_models2d): one row a model, the
 * one place for its name, status, own parameters, notes, formula (the solve
 * hook, models2d.c) and its own parameters' checks. The binding
 * publishes it (core._models2d, core._models2d_rows) and derives solve2d's
 * parameter checks, compare's per-model fields and the help's lists. */
#include <math.h>
#include <stddef.h>

#include "models2d.h"

static const char *const KANE[] = {"mu_0", NULL};
static const char *const BRACH[] = {"ratio", "e_m", "moment", NULL};
static const char *const GP_DECLINES[] = {"nu", "e_t", NULL};   /* case 2: not recovered */
static const char *const CS[] = {"e_mC", "e_mE", "moment", NULL};
static const char *const CR[] = {"e_t", NULL};
static const char *const NONE[] = {NULL};

/* How solve2d reads them (the binding's read_params), in this order. */
#define OFF(f) offsetof(imp_model_params, f)
static const imp_model2d_read KANE_READ[] = {
    /* Kane's static coefficient mu_0 (default mu_s, i.e. mu) */
    {"mu_0", IMP_MPARAM_RANGE, OFF(mu_0), 0, 0, HUGE_VAL, 0, 1, 1, NULL},
    {NULL, 0, 0, 0, 0, 0, 0, 0, 0, NULL}
};
static const imp_model2d_read BRACH_READ[] = {
    {"ratio", IMP_MPARAM_OPTIONAL, OFF(ratio), OFF(has_ratio), 0, 0, 0, 0, 0, NULL},
    {"e_m", IMP_MPARAM_REFUSED, 0, 0, 0, 0, 0, 0, 0,
     "(Brach's moment coefficient) is not available: its definition was not recovered from "
     "CS01's review of Brach; give a 'moment' law (the e_m plug-in) instead"},
    {NULL, 0, 0, 0, 0, 0, 0, 0, 0, NULL}
};
#define GP_CASE2 "(Glocker-Pfeiffer case 2) is not available: the tangential restitution " \
                 "was not recovered from CS01"
static const imp_model2d_read GP_READ[] = {
    {"nu", IMP_MPARAM_REFUSED, 0, 0, 0, 0, 0, 0, 0, GP_CASE2},
    {"e_t", IMP_MPARAM_REFUSED, 0, 0, 0, 0, 0, 0, 0, GP_CASE2},
    {NULL, 0, 0, 0, 0, 0, 0, 0, 0, NULL}
};
#define CS_MOMENT "(C-S moment coefficient) is not available: the C-S equations were not " \
                  "recovered from CS01; give a 'moment' law instead"
static const imp_model2d_read CS_READ[] = {
    {"e_mC", IMP_MPARAM_REFUSED, 0, 0, 0, 0, 0, 0, 0, CS_MOMENT},
    {"e_mE", IMP_MPARAM_REFUSED, 0, 0, 0, 0, 0, 0, 0, CS_MOMENT},
    {NULL, 0, 0, 0, 0, 0, 0, 0, 0, NULL}
};
static const imp_model2d_read CR_READ[] = {
    {"e_t", IMP_MPARAM_RANGE, OFF(e_t), 0, -1, 1, 0.0, 0, 0, NULL},
    {NULL, 0, 0, 0, 0, 0, 0, 0, 0, NULL}
};
static const imp_model2d_read NONE_READ[] = {
    {NULL, 0, 0, 0, 0, 0, 0, 0, 0, NULL}
};

const imp_model2d_type imp_models2d[IMP_MODEL_COUNT] = {
    [IMP_MODEL_NEWTON_FRICTIONLESS] = {"newton-frictionless", IMP_MSTATUS_EXACT, NONE, NONE,
        "exact (CS01): Newton's restitution, no friction",
        imp_model2d_newton_frictionless, NULL, NONE_READ, 0},
    [IMP_MODEL_KANE] = {"kane", IMP_MSTATUS_RECONSTRUCTED, KANE, NONE,
        "reconstructed (Kane 1984, Whittaker's procedure as CS01 review it): Whittaker's procedure, Newton's stick trial (point D) accepted "
        "within mu_0, else Coulomb sliding with Newton's law; can create energy",
        imp_model2d_kane, imp_model2d_kane_valid, KANE_READ, 0},
    [IMP_MODEL_BRACH] = {"brach", IMP_MSTATUS_RECONSTRUCTED, BRACH, NONE,
        "reconstructed (Brach's impulse ratio, as CS01 and WM92 review it): Newton's law with an impulse ratio (the given ratio, or mu with the "
        "sign of mu0) kept between 0 and mu0 so that friction does not reverse the slip, then "
        "lowered until no energy is gained (sign rule and energy step are this workbench's "
        "reading); Brach's moment coefficient e_m was not recovered",
        imp_model2d_brach, imp_model2d_brach_valid, BRACH_READ, 0},
    [IMP_MODEL_SMITH] = {"smith", IMP_MSTATUS_RECONSTRUCTED, NONE, NONE,
        "reconstructed (Smith 1991): the commonly quoted form of Smith 1991 (friction on the mean of the "
        "slip before and after, Newton's law); to be verified against the paper",
        imp_model2d_smith, NULL, NONE_READ, 0},
    [IMP_MODEL_GLOCKER_PFEIFFER] = {"glocker-pfeiffer", IMP_MSTATUS_RECONSTRUCTED, NONE, GP_DECLINES,
        "reconstructed (Pfeiffer & Glocker 1996, as CS01 review it): case 1, Poisson's law and Coulomb's law on each phase's lumped "
        "impulse; case 2 (tangential restitution) was not recovered",
        imp_model2d_gp, NULL, GP_READ, 0},
    [IMP_MODEL_CS] = {"cs", IMP_MSTATUS_UNCERTAIN, CS, NONE,
        "uncertain (CS01): the C-S equations were not recovered; this is the documented skeleton, "
        "Glocker-Pfeiffer case 1 plus an optional user moment law (none: equals Glocker-Pfeiffer case 1)",
        imp_model2d_cs, imp_model2d_cs_valid, CS_READ, 0},
    [IMP_MODEL_CHATTERJEE_RUINA] = {"chatterjee-ruina", IMP_MSTATUS_EXACT, CR, NONE,
        "exact (Chatterjee & Ruina 1998): P^ = (1+e) P_I + (1+e_t) (P_II - P_I) from the frictionless "
        "plastic P_I and the sticking plastic P_II, kept inside Coulomb's cone, else brought onto it "
        "along P_II - P_I; C = -e C0 always, never an energy gain",
        imp_model2d_cr, imp_model2d_cr_valid, CR_READ, 1},
};

const char *imp_model_name(imp_model2d m)
{
    return (unsigned)m < IMP_MODEL_COUNT ? imp_models2d[m].name : "unknown";
}

imp_model_status imp_model_status_from(imp_model2d m)
{
    return imp_models2d[m].status;
}
