/* solve_multi's result and failures (see l_multi.h). */
#include <math.h>
#include <string.h>

#include <lauxlib.h>

#include "l_multi.h"
#include "raise.h"

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
    limp_model_fail f = { .model = model };
    return limp_raise_model(c, st, &f);
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

/* A vector of the scaled problem, back in the user's units (x 2^e). */
static void push_vec_scaled(lua_State *L, const double *v, int d, int e)
{
    double x[3];
    for (int i = 0; i < d; i++) x[i] = ldexp(v[i], e);
    push_vec(L, x, d);
}

static void push_contacts(lua_State *L, const multi_in *in, const imp_multi_result *r)
{
    int d = in->d, eT = in->eM + 2 * in->eq;
    lua_createtable(L, in->k, 0);
    for (int i = 0; i < in->k; i++) {
        int eP = in->eq + in->eM - in->eJ[i], ev = in->eq + in->eJ[i];
        lua_createtable(L, 0, 8);
        push_vec_scaled(L, r->P + d * i, d, eP);
        lua_setfield(L, -2, "P");
        push_vec_scaled(L, in->p.v0 + d * i, d, ev);
        lua_setfield(L, -2, "v0");
        push_vec_scaled(L, r->v + d * i, d, ev);
        lua_setfield(L, -2, "v");
        limp_set_string(L, "mode", mode_names[r->mode[i]]);
        set_defined(L, "Pc", ldexp(r->Pc[i], eP));
        set_defined(L, "Wc", ldexp(r->Wc[i], eT));
        set_defined(L, "Wr", ldexp(r->Wr[i], eT));
        set_defined(L, "Wf", ldexp(r->Wf[i], eT));
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "contacts");
}

/* The scaled-back result must be finite: P, v, works (largest exponents). */
static int fits(const multi_in *in, const imp_multi_result *r, const double *q1, double T0,
                double dT)
{
    int d = in->d, eT = in->eM + 2 * in->eq;
    double ok = ldexp(T0, eT) + ldexp(fabs(dT), eT);
    for (int i = 0; i < in->k; i++) {
        int eP = in->eq + in->eM - in->eJ[i], ev = in->eq + in->eJ[i];
        for (int a = d * i; a < d * i + d; a++)
            ok += ldexp(fabs(r->P[a]), eP) + ldexp(fabs(r->v[a]), ev) + ldexp(fabs(in->p.v0[a]), ev);
        double w[4] = {r->Pc[i], r->Wc[i], r->Wr[i], r->Wf[i]};
        for (int j = 0; j < 4; j++) if (!isnan(w[j])) ok += ldexp(fabs(w[j]), j ? eT : eP);
    }
    for (int i = 0; i < in->n; i++) ok += ldexp(fabs(q1[i]), in->eq);
    return isfinite(ok) && isfinite(ldexp(r->dT_err, eT)) && isfinite(r->residual);
}

int limp_multi_push(lua_State *L, const limp_check *c, const multi_in *in,
                   const char *model, const imp_multi_result *r)
{
    int n = in->n, eT = in->eM + 2 * in->eq;
    double q1[IMP_MECH_NMAX], T1, dTM, dTW;
    imp_mech_after(&in->mc, r->P, q1, &T1, &dTM, &dTW);
    double T0 = in->mc.T0, scale = fmax(fmax(fabs(dTM), fabs(dTW)), 1e-4 * T0);
    /* dT from M and the rates against dT = P.(v0 + v)/2 from the contacts
     * with v = v0 + J dq (as solve2d and solve3d: both in double-double,
     * ~1e-13 apart up to cond(M) = 1e8); the models' own v0.P + P.W P/2
     * reads W as rounded and loses about cond(W) eps of it */
    if (!(fabs(dTM - dTW) <= 1e-10 * scale))
        return limp_check_fail(c, "internal error: the energy change from M (%.17g) and from the contacts (%.17g) disagree beyond 1e-10 relative (please report)",
                              ldexp(dTM, eT), ldexp(dTW, eT));
    if (!fits(in, r, q1, T0, dTW)) {
        limp_model_fail f = { .model = model };
        return limp_raise_model(c, IMP_EOVERFLOW, &f);
    }
    lua_createtable(L, 0, 12);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_pushnumber(L, ldexp(q1[i], in->eq));
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "qdot");
    /* energies of the scaled problem (normal doubles), then scaled back */
    limp_set_number(L, "dT", ldexp(dTW, eT));
    limp_set_number(L, "T0", ldexp(T0, eT));
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
        limp_set_number(L, "energy_residual", ldexp(r->dT_err, eT));
    } else {
        limp_set_number(L, "residual", r->residual);
        lua_pushinteger(L, r->iterations);
        lua_setfield(L, -2, "iterations");
    }
    luaL_setmetatable(L, MULTI_MT);
    return 1;
}
