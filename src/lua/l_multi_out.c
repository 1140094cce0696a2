/* solve_multi's result and failures (see l_multi.h): imp_multi_solve's
 * output, already in the caller's units, as tables; its failure detail as
 * the named error. */
#include <math.h>
#include <string.h>

#include <lauxlib.h>

#include "l_mechanism.h"
#include "l_multi.h"
#include "raise.h"

static const char *const mode_names[] = {"open", "sliding", "sticking", "reversed", "mixed"};

/* The model's own progress when it did not converge, by what it fills. */
static int raise_model(const limp_check *c, const imp_multi_model *m, imp_status st,
                       const imp_multi_fail *f)
{
    const char *model = m->name;
    if (st == IMP_ENOCONV && (m->out & IMP_MULTI_OUT_ORDER))
        return limp_check_fail(c, "model \"%s\" did not converge (contacts still closing after %d single-contact impacts)",
                              model, f->n_order);
    if (st == IMP_ESTEPS)
        return limp_check_fail(c, "model \"%s\" exceeded its step budget (%d steps)", model, f->steps);
    if (st == IMP_ENOCONV && (m->out & IMP_MULTI_OUT_STEPS))
        return limp_check_fail(c, "model \"%s\" failed: the integration diverged (it left the finite numbers or gained energy)",
                              model);
    if (st == IMP_ENOCONV)
        return limp_check_fail(c, "model \"%s\" did not converge (residual %.3g after %d iterations)",
                              model, f->residual, f->iterations);
    if (st == IMP_ENOSOLUTION)
        return limp_check_fail(c, "model \"%s\" has no solution for this problem (Newton's restitution targets are infeasible: redundant contacts or large friction)",
                              model);
    limp_model_fail mf = { .model = model };
    return limp_raise_model(c, st, &mf);
}

int limp_multi_raise(const limp_check *c, const imp_multi_model *m, imp_status st,
                    const imp_multi_fail *f)
{
    char key[48];
    switch (f->stage) {
    case IMP_MULTI_FAIL_CONTACT:
        snprintf(key, sizeof key, "contacts[%d].J", f->contact + 1);
        limp_mechanism_raise_fail(c, f->mech, f->row, f->col, f->cond, st, key);
        break;
    case IMP_MULTI_FAIL_STACK:
        limp_mechanism_raise_fail(c, f->mech, f->row, f->col, f->cond, st, "contacts[1].J");
        break;
    case IMP_MULTI_FAIL_SPREAD:
        snprintf(key, sizeof key, "contacts[%d].J", f->contact + 1);
        limp_check_error(c, key, "gives a normal compliance (J M^-1 J^T) %.3g times smaller than contacts[%d]'s (beyond %g, in units where each contact's J has its largest entry ~1, the contacts' impulses are not resolved in double precision)",
                        f->ratio, f->other + 1, IMP_MULTI_SPREAD_MAX);
        break;
    case IMP_MULTI_FAIL_MODEL:
        return raise_model(c, m, st, f);
    case IMP_MULTI_FAIL_ENERGY:
        return limp_check_fail(c, "internal error: the energy change from M (%.17g) and from the contacts (%.17g) disagree beyond 1e-10 relative (please report)",
                              f->dT_M, f->dT_W);
    case IMP_MULTI_FAIL_RANGE: {
        limp_model_fail mf = { .model = m->name };
        return limp_raise_model(c, IMP_EOVERFLOW, &mf);
    }
    default:
        break;
    }
    return limp_raise(c, st, NULL);
}

/* {x, y} or {x, y, z}, both as t[1..d] and t.x, t.y (t.z). */
static void push_vec(lua_State *L, const double *v, int d)
{
    static const char *const names[] = {"x", "y", "z"};
    lua_createtable(L, d, d);
    for (int i = 0; i < d; i++) {
        lua_pushnumber(L, v[i]);
        lua_rawseti(L, -2, i + 1);
        lua_pushnumber(L, v[i]);
        lua_setfield(L, -2, names[i]);
    }
}

/* A number, or nothing where the model leaves it undefined (NAN). */
static void set_defined(lua_State *L, const char *key, double v)
{
    if (!isnan(v)) limp_set_number(L, key, v);
}

static void push_contacts(lua_State *L, const imp_multi_result *r, const double *v0, int k,
                          int d, const int *idx)
{
    lua_createtable(L, k, 0);
    for (int i = 0; i < k; i++) {
        lua_createtable(L, 0, 9);
        if (idx) {
            lua_pushinteger(L, idx[i] + 1);
            lua_setfield(L, -2, "contact");
        }
        push_vec(L, r->P + d * i, d);
        lua_setfield(L, -2, "P");
        push_vec(L, v0 + d * i, d);
        lua_setfield(L, -2, "v0");
        push_vec(L, r->v + d * i, d);
        lua_setfield(L, -2, "v");
        limp_set_string(L, "mode", mode_names[r->mode[i]]);
        set_defined(L, "Pc", r->Pc[i]);
        set_defined(L, "Wc", r->Wc[i]);
        set_defined(L, "Wr", r->Wr[i]);
        set_defined(L, "Wf", r->Wf[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "contacts");
}

void limp_multi_push_result(lua_State *L, const imp_multi_model *m, const imp_multi_result *r,
                            const double *v0, int k, int d, const int *idx,
                            const double *qdot, int n, double T0, double dT,
                            double energy_ratio)
{
    lua_createtable(L, 0, 12);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_pushnumber(L, qdot[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "qdot");
    limp_set_number(L, "dT", dT);
    limp_set_number(L, "T0", T0);
    limp_set_number(L, "energy_ratio", energy_ratio);
    limp_set_string(L, "model", m->name);
    limp_set_boolean(L, "energy_gain", r->energy_gain);
    push_contacts(L, r, v0, k, d, idx);
    if (m->out & IMP_MULTI_OUT_ORDER) {
        lua_createtable(L, r->n_order, 0);
        for (int i = 0; i < r->n_order; i++) {
            lua_pushinteger(L, (idx ? idx[r->order[i]] : r->order[i]) + 1);
            lua_rawseti(L, -2, i + 1);
        }
        lua_setfield(L, -2, "order");
    }
    if (m->out & IMP_MULTI_OUT_STEPS) {
        lua_pushinteger(L, r->steps);
        lua_setfield(L, -2, "steps");
        lua_pushinteger(L, r->primary_switches);
        lua_setfield(L, -2, "primary_switches");
        limp_set_number(L, "energy_residual", r->dT_err);
    }
    if (m->out & IMP_MULTI_OUT_UNIQUE) limp_set_boolean(L, "unique", r->unique);
    if (m->out & IMP_MULTI_OUT_RESIDUAL) {
        limp_set_number(L, "residual", r->residual);
        lua_pushinteger(L, r->iterations);
        lua_setfield(L, -2, "iterations");
    }
    luaL_setmetatable(L, MULTI_MT);
}

int limp_multi_push(lua_State *L, const multi_in *in, const imp_multi_model *m,
                   const imp_multi_output *o)
{
    limp_multi_push_result(L, m, &o->r, o->v0, in->k, in->d, NULL, o->qdot, in->n, o->T0,
                           o->dT, o->energy_ratio);
    return 1;
}

/* The Lua names of the fields each IMP_MULTI_OUT_* bit adds. */
static const struct { unsigned bit; const char *names[4]; } out_fields[] = {
    {IMP_MULTI_OUT_RESIDUAL, {"residual", "iterations", NULL}},
    {IMP_MULTI_OUT_ORDER, {"order", NULL}},
    {IMP_MULTI_OUT_STEPS, {"steps", "primary_switches", "energy_residual", NULL}},
    {IMP_MULTI_OUT_PHASES, {"contacts[i].Pc", "contacts[i].Wc", "contacts[i].Wr", NULL}},
    {IMP_MULTI_OUT_UNIQUE, {"unique", NULL}},
};

static void push_names(lua_State *L, const char *const *names, int *len)
{
    for (int i = 0; names[i]; i++) {
        lua_pushstring(L, names[i]);
        lua_rawseti(L, -2, ++*len);
    }
}

void limp_multi_publish(lua_State *L)
{
    lua_createtable(L, imp_multi_nmodels, 0);
    for (int i = 0; i < imp_multi_nmodels; i++) {
        const imp_multi_model *m = &imp_multi_models[i];
        int len = 0;
        lua_createtable(L, 0, 4);
        limp_set_string(L, "name", m->name);
        limp_set_boolean(L, "scaled", m->scaled);
        lua_newtable(L);
        push_names(L, m->params, &len);
        lua_setfield(L, -2, "params");
        lua_newtable(L);
        len = 0;
        for (size_t b = 0; b < sizeof out_fields / sizeof out_fields[0]; b++)
            if (m->out & out_fields[b].bit) push_names(L, out_fields[b].names, &len);
        if (imp_multi_model_reads(m, "law")) {   /* the law it ran (l_multi.c; and
                                                  * law_source for a custom one) */
            static const char *const law_fields[] = {"law", NULL};
            push_names(L, law_fields, &len);
        }
        lua_setfield(L, -2, "fields");
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "_multi_models");
}
