/* The published 2D models' registry (imp_models2d): one row a model, the
 * one place for its name, status, own parameters and notes. The binding
 * publishes it (core._models2d, core._models2d_rows) and derives solve2d's
 * parameter checks, compare's per-model fields and the help's lists. */
#include "models2d.h"

static const char *const KANE[] = {"mu_0", NULL};
static const char *const BRACH[] = {"ratio", "e_m", "moment", NULL};
static const char *const GP_DECLINES[] = {"nu", "e_t", NULL};   /* case 2: not recovered */
static const char *const CS[] = {"e_mC", "e_mE", "moment", NULL};
static const char *const CR[] = {"e_t", NULL};
static const char *const NONE[] = {NULL};

const imp_model2d_type imp_models2d[IMP_MODEL_COUNT] = {
    [IMP_MODEL_NEWTON_FRICTIONLESS] = {"newton-frictionless", IMP_MSTATUS_EXACT, NONE, NONE,
        "exact (CS01): Newton's restitution, no friction"},
    [IMP_MODEL_KANE] = {"kane", IMP_MSTATUS_RECONSTRUCTED, KANE, NONE,
        "reconstructed (Kane 1984, Whittaker's procedure as CS01 review it): Whittaker's procedure, Newton's stick trial (point D) accepted "
        "within mu_0, else Coulomb sliding with Newton's law; can create energy"},
    [IMP_MODEL_BRACH] = {"brach", IMP_MSTATUS_RECONSTRUCTED, BRACH, NONE,
        "reconstructed (Brach's impulse ratio, as CS01 and WM92 review it): Newton's law with an impulse ratio (the given ratio, or mu with the "
        "sign of mu0) kept between 0 and mu0 so that friction does not reverse the slip, then "
        "lowered until no energy is gained (sign rule and energy step are this workbench's "
        "reading); Brach's moment coefficient e_m was not recovered"},
    [IMP_MODEL_SMITH] = {"smith", IMP_MSTATUS_RECONSTRUCTED, NONE, NONE,
        "reconstructed (Smith 1991): the commonly quoted form of Smith 1991 (friction on the mean of the "
        "slip before and after, Newton's law); to be verified against the paper"},
    [IMP_MODEL_GLOCKER_PFEIFFER] = {"glocker-pfeiffer", IMP_MSTATUS_RECONSTRUCTED, NONE, GP_DECLINES,
        "reconstructed (Pfeiffer & Glocker 1996, as CS01 review it): case 1, Poisson's law and Coulomb's law on each phase's lumped "
        "impulse; case 2 (tangential restitution) was not recovered"},
    [IMP_MODEL_CS] = {"cs", IMP_MSTATUS_UNCERTAIN, CS, NONE,
        "uncertain (CS01): the C-S equations were not recovered; this is the documented skeleton, "
        "Glocker-Pfeiffer case 1 plus an optional user moment law (none: equals Glocker-Pfeiffer case 1)"},
    [IMP_MODEL_CHATTERJEE_RUINA] = {"chatterjee-ruina", IMP_MSTATUS_EXACT, CR, NONE,
        "exact (Chatterjee & Ruina 1998): P^ = (1+e) P_I + (1+e_t) (P_II - P_I) from the frictionless "
        "plastic P_I and the sticking plastic P_II, kept inside Coulomb's cone, else brought onto it "
        "along P_II - P_I; C = -e C0 always, never an energy gain"},
};

const char *imp_model_name(imp_model2d m)
{
    return (unsigned)m < IMP_MODEL_COUNT ? imp_models2d[m].name : "unknown";
}

imp_model_status imp_model_status_from(imp_model2d m)
{
    return imp_models2d[m].status;
}
