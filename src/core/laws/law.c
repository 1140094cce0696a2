/* The restitution laws' registry (see law.h): one row per law, one table
 * for the core's solvers, the binding and the sweeps. */
#include <stddef.h>

#include <math.h>

#include "compliant.h"
#include "law.h"

/* ---- Poisson (WM92): Pn = (1 + e) Pc ---- */
static int poisson_residual(const imp_law *law, const imp_law_state *s, double *R)
{
    *R = s->Pn - (1 + law->e) * s->Pc;
    return 0;
}

static int poisson_end(const imp_law *law, imp_law_end *out)
{
    out->form = IMP_LAW_END_IMPULSE;
    out->e = law->e;
    return 1;
}

/* ---- Newton: vn = -e vn0 ---- */
static int newton_residual(const imp_law *law, const imp_law_state *s, double *R)
{
    *R = s->vn + law->e * s->vn0;
    return 0;
}

static int newton_end(const imp_law *law, imp_law_end *out)
{
    out->form = IMP_LAW_END_VELOCITY;
    out->e = law->e;
    return 1;
}

/* ---- Stronge 1990's energetic law: Wr = -e^2 Wc ---- */
static int energetic_residual(const imp_law *law, const imp_law_state *s, double *R)
{
    *R = s->Wr + law->e * law->e * s->Wc;
    return 0;
}

static int energetic_end(const imp_law *law, imp_law_end *out)
{
    out->form = IMP_LAW_END_WORK;
    out->e = law->e;
    return 1;
}

/* ---- custom: the caller's R(state) through fn/ctx (the binding's Lua
 * adapter, or a C function) ---- */
static int custom_residual(const imp_law *law, const imp_law_state *s, double *R)
{
    return law->fn(law->ctx, s, R);
}

static int custom_usable(const imp_law *law)
{
    return law->fn != NULL;
}

/* ---- compliant normal laws (compliant.h): the force of the
 * penetration ends the impact, run in time along the path by the solvers
 * that support them; a residual of the state alone does not exist ---- */
static int compliant_residual(const imp_law *law, const imp_law_state *s, double *R)
{
    (void)law; (void)s; (void)R;
    return 1;
}

static int compliant_usable(const imp_law *law)
{
    return imp_compliant_check(law->kind, ((const imp_compliant *)law->ctx)) == IMP_OK;
}

static const char POISSON[] = "poisson", NEWTON[] = "newton", ENERGETIC[] = "energetic",
                  CUSTOM[] = "custom";

static const imp_law_param E_PARAM[] = {
    {"e", 0, 1, "the coefficient of restitution"},
};

static const imp_law_param KV_PARAMS[] = {
    {"k", 0, INFINITY, "stiffness (force / length)"},
    {"c", 0, INFINITY, "dashpot (force / velocity), or zeta"},
    {"zeta", 0, 1, "damping ratio c / (2 sqrt(k m_eff)), m_eff = 1 / B2 (3D: 1 / W_nn); below 1"},
    {"tension", 0, 1, "true: a pull is allowed until the penetration returns to 0"},
};
static const imp_law_param HERTZ_PARAMS[] = {
    {"k", 0, INFINITY, "stiffness (force / length^(3/2))"},
    {"e", 0, 1, "unloading returns e^2 of the stored energy"},
};
static const imp_law_param HC_PARAMS[] = {
    {"k", 0, INFINITY, "stiffness (force / length^n)"},
    {"n", 0, INFINITY, "force exponent (default 3/2)"},
    {"c", 0, INFINITY, "damping (1 / velocity), or e with damping"},
    {"e", 0, 1, "the restitution a damping formula aims at (above 0)"},
    {"damping", 0, 0, "\"hunt-crossley\", \"lankarani-nikravesh\" or \"flores\""},
};

const imp_law_type imp_law_types[IMP_LAW_COUNT] = {
    [IMP_LAW_POISSON] = {POISSON, "Poisson's law (WM92): the impact ends at Pn = (1 + e) Pc",
                         1, E_PARAM, poisson_residual, poisson_end, NULL},
    [IMP_LAW_NEWTON] = {NEWTON, "Newton's law: the impact ends at vn = -e vn0",
                        1, E_PARAM, newton_residual, newton_end, NULL},
    [IMP_LAW_ENERGETIC] = {ENERGETIC, "Stronge's energetic law: the impact ends at Wr = -e^2 Wc",
                           1, E_PARAM, energetic_residual, energetic_end, NULL},
    [IMP_LAW_KELVIN_VOIGT] = {"kelvin-voigt",
                              "Kelvin-Voigt: F = k delta + c delta'; ends at F = 0 (or delta = 0 with tension)",
                              4, KV_PARAMS, compliant_residual, NULL, compliant_usable, 1},
    [IMP_LAW_HERTZ] = {"hertz",
                       "Hertz: F = k delta^(3/2), unloading returns e^2 of the stored energy (the energetic law's impulses)",
                       2, HERTZ_PARAMS, compliant_residual, NULL, compliant_usable, 1},
    [IMP_LAW_HUNT_CROSSLEY] = {"hunt-crossley",
                               "Hunt-Crossley: F = k delta^n (1 + c delta'); ends at F = 0",
                               5, HC_PARAMS, compliant_residual, NULL, compliant_usable, 1},
    [IMP_LAW_CUSTOM] = {CUSTOM, "a function R(state): the impact ends where R reaches 0 from below",
                        0, NULL, custom_residual, NULL, custom_usable},
};

const char *const imp_law_names[] = {POISSON, NEWTON, ENERGETIC, NULL};

const char *const imp_law_solver_names[] = {
    "solve2d", "classify2d", "solve3d_exact", "solve3d_algebraic", "solve_multi_sequential",
    "space", "painleve", NULL};

const imp_law_type *imp_law_type_of(imp_law_kind k)
{
    return (unsigned)k < IMP_LAW_COUNT ? &imp_law_types[k] : NULL;
}

int imp_law_usable(const imp_law *law)
{
    const imp_law_type *t = law ? imp_law_type_of(law->kind) : NULL;
    return t && t->residual && (!t->usable || t->usable(law));
}

int imp_law_residual(const imp_law *law, const imp_law_state *s, double *R)
{
    return imp_law_types[law->kind].residual(law, s, R);
}

int imp_law_end_of(const imp_law *law, imp_law_end *out)
{
    const imp_law_type *t = imp_law_type_of(law->kind);
    out->form = IMP_LAW_END_NONE;
    out->e = law->e;
    return t && t->end && t->end(law, out);
}

unsigned imp_law_solvers(const imp_law_type *t)
{
    unsigned all = IMP_LAW_SOLVER_SOLVE2D | IMP_LAW_SOLVER_EXACT3D | IMP_LAW_SOLVER_ALGEBRAIC3D |
                   IMP_LAW_SOLVER_SEQUENTIAL | IMP_LAW_SOLVER_SPACE2D | IMP_LAW_SOLVER_PAINLEVE;
    if (!t->residual) return 0;
    if (t->compliant)            /* followed in time along the path */
        return IMP_LAW_SOLVER_SOLVE2D | IMP_LAW_SOLVER_EXACT3D | IMP_LAW_SOLVER_SEQUENTIAL;
    return t->end ? all | IMP_LAW_SOLVER_CLASSIFY2D : all;
}

const char *imp_law_kind_name(imp_law_kind k)
{
    const imp_law_type *t = imp_law_type_of(k);
    return t ? t->name : "?";
}
