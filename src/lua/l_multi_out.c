/* solve_multi's result and failures (see l_multi.h). */
#include <math.h>
#include <string.h>

#include <lauxlib.h>

#include "l_multi.h"

static const char *const mode_names[] = {"open", "sliding", "sticking", "reversed", "mixed"};

int limp_multi_raise(const limp_check *c, const char *model, imp_status st,
                    const imp_multi_result *r)
{
    if (st == IMP_ENOCONV && strcmp(model, "sequential") == 0)
        return limp_check_fail(c, "model \"sequential\" did not converge (contacts still closing after %d single-contact impacts)",
                              r->n_order);
    if (st == IMP_ESTEPS)
        return limp_check_fail(c, "model \"%s\" exceeded its step budget (%d steps)", model, r->steps);
    if (st == IMP_ENOCONV && strcmp(model, "lzb") == 0)
        return limp_check_fail(c, "model \"lzb\" failed: the integration diverged (it left the finite numbers or gained energy)");
    if (st == IMP_ENOCONV)
        return limp_check_fail(c, "model \"%s\" did not converge (residual %.3g after %d iterations)",
                              model, r->residual, r->iterations);
    if (st == IMP_ENOSOLUTION)
        return limp_check_fail(c, "model \"%s\" has no solution for this problem (Newton's restitution targets are infeasible: redundant contacts or large friction)",
                              model);
    return limp_check_fail(c, "model \"%s\" failed (%s)", model, imp_strerror(st));
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

static void push_contacts(lua_State *L, const multi_in *in, const imp_multi_result *r)
{
    int d = in->d;
    lua_createtable(L, in->k, 0);
    for (int i = 0; i < in->k; i++) {
        lua_createtable(L, 0, 8);
        push_vec(L, r->P + d * i, d);
        lua_setfield(L, -2, "P");
        push_vec(L, in->p.v0 + d * i, d);
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

int limp_multi_push(lua_State *L, const limp_check *c, const multi_in *in,
                   const char *model, const imp_multi_result *r)
{
    int n = in->n;
    double q1[IMP_MECH_NMAX], T1, dTM, dTW;
    imp_mech_after(&in->mc, r->P, q1, &T1, &dTM, &dTW);
    double T0 = in->mc.T0, tol = 1e-9 * (T0 + fabs(dTW)) + 1e-300;
    /* dT from M and the rates against dT from the contacts: they part only
     * when J M^-1 J^T has lost its digits */
    if (!(fabs(dTM - dTW) <= tol) || !(fabs(r->dT - dTW) <= tol))
        return limp_check_fail(c, "the energy change from M (%.17g) and from the contacts (%.17g) disagree: J M^-1 J^T is too badly conditioned",
                              dTM, dTW);
    lua_createtable(L, 0, 12);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_pushnumber(L, q1[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "qdot");
    limp_set_number(L, "dT", dTM);
    limp_set_number(L, "T0", T0);
    limp_set_number(L, "energy_ratio", T0 > 0 ? T1 / T0 : 1);
    limp_set_string(L, "model", model);
    limp_set_boolean(L, "energy_gain", r->energy_gain);
    push_contacts(L, in, r);
    if (strcmp(model, "sequential") == 0) {
        lua_createtable(L, r->n_order, 0);
        for (int i = 0; i < r->n_order; i++) {
            lua_pushinteger(L, r->order[i] + 1);
            lua_rawseti(L, -2, i + 1);
        }
        lua_setfield(L, -2, "order");
    } else if (strcmp(model, "lzb") == 0) {
        lua_pushinteger(L, r->steps);
        lua_setfield(L, -2, "steps");
        lua_pushinteger(L, r->primary_switches);
        lua_setfield(L, -2, "primary_switches");
        limp_set_number(L, "energy_residual", r->dT_err);
    } else {
        limp_set_number(L, "residual", r->residual);
        lua_pushinteger(L, r->iterations);
        lua_setfield(L, -2, "iterations");
    }
    luaL_setmetatable(L, MULTI_MT);
    return 1;
}
