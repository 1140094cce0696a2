/* core._mujoco_mechanism and core._mujoco_run: a MuJoCo model's M, contact
 * Jacobians and qdot at a state, and MuJoCo's own run through an impact.
 * The Lua side (lua/impact/mujoco.lua) has checked the field names. */
#include <lauxlib.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef IMPACT_HAVE_MUJOCO
#include "l_mujoco.h"

/* Scratch for n doubles, owned by a userdata on the stack (freed by the
 * collector if a check below raises). */
static double *scratch(lua_State *L, size_t n)
{
    return lua_newuserdatauv(L, (n ? n : 1) * sizeof(double), 0);
}

/* The state fields qpos (nq, required) and qvel (nv, default zeros). */
static void read_state(const limp_check *c, int t, imp_mj *mj, double *qpos, double *qvel)
{
    int nq = imp_mj_nq(mj), nv = imp_mj_nv(mj);
    char what[160];
    snprintf(what, sizeof what, "the model's nq = %d joint positions%s", nq,
             nq != nv ? "; free and ball joints give a quaternion's 4" : "");
    limp_mj_numbers(c, t, "qpos", nq, qpos, what);
    if (limp_check_has(c, t, "qvel")) {
        snprintf(what, sizeof what, "the model's nv = %d joint velocities%s", nv,
                 nq != nv ? "; free and ball joints give an angular velocity's 3" : "");
        limp_mj_numbers(c, t, "qvel", nv, qvel, what);
    } else {
        for (int i = 0; i < nv; i++) qvel[i] = 0;
    }
}

/* MuJoCo's own message, whole (limp_check_fail would cut it at 256 bytes). */
static int raise_mj(const limp_check *c, imp_mj *mj, imp_status st)
{
    lua_pushfstring(c->L, "%s: %s", c->fn, st == IMP_ENOMEM ? "out of memory" : imp_mj_error(mj));
    return lua_error(c->L);
}

/* core._mujoco_mechanism(model, t, fn) -> { M =, qdot =, dim =, contacts =
 * { {J =, frame = {x =, y =, z =}, body =, point =, normal =, offset =} } } */
int limp_mj_mechanism(lua_State *L)
{
    imp_mj *mj = limp_mj_model(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    limp_check c;
    limp_check_init(&c, L, luaL_checkstring(L, 3));
    int nq = imp_mj_nq(mj), nv = imp_mj_nv(mj);
    double *qpos = scratch(L, (size_t)nq), *qvel = scratch(L, (size_t)nv);
    read_state(&c, 2, mj, qpos, qvel);
    imp_status st = imp_mj_set_state(mj, qpos, qvel);
    if (st != IMP_OK) raise_mj(&c, mj, st);

    if (lua_getfield(L, 2, "contacts") != LUA_TTABLE)
        limp_check_error(&c, "contacts", "must be a list of contacts {body =, point =, normal =}, got %s",
                         luaL_typename(L, -1));
    int cs = lua_gettop(L);
    lua_Integer nc = luaL_len(L, cs);
    if (nc < 1) limp_check_error(&c, "contacts", "must hold at least one contact");
    double *M = scratch(L, (size_t)nv * nv), *J = scratch(L, 3 * (size_t)nv);
    imp_mj_mass(mj, M);

    lua_createtable(L, 0, 4);
    int out = lua_gettop(L);
    limp_mj_push_matrix(L, M, nv, nv);
    lua_setfield(L, out, "M");
    limp_mj_push_list(L, qvel, nv);
    lua_setfield(L, out, "qdot");
    lua_createtable(L, (int)nc, 0);
    int dim = 0;
    for (lua_Integer i = 1; i <= nc; i++) {
        char key[32];
        snprintf(key, sizeof key, "contacts[%lld]", (long long)i);
        if (lua_rawgeti(L, cs, i) != LUA_TTABLE)
            limp_check_error(&c, key, "must be a contact {body =, point =, normal =}, got %s",
                             luaL_typename(L, -1));
        int ct = lua_gettop(L);
        limp_check sub;
        limp_check_sub(&sub, &c, key);
        int b = limp_mj_body(&sub, ct, "body", mj);
        double p[3], n[3];
        limp_mj_vec23(&sub, ct, "point", p);
        int nd = limp_mj_vec23(&sub, ct, "normal", n);
        if (dim && nd != dim)
            limp_check_error(&sub, "normal", "must have %d entries as contacts[1]'s (every contact "
                             "planar or every one spatial), got %d", dim, nd);
        dim = nd;
        double len = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        if (!(len > 0) || !isfinite(len))
            limp_check_error(&sub, "normal", "must be a nonzero vector, got length %g", len);
        for (int k = 0; k < 3; k++) n[k] /= len;
        double offset;
        st = imp_mj_jacobian(mj, b, p, dim, n, J, &offset);
        if (st != IMP_OK) raise_mj(&c, mj, st);
        double f[9];
        imp_mj_frame(dim, n, f);

        lua_createtable(L, 0, 6);
        limp_mj_push_matrix(L, J, dim, nv);
        lua_setfield(L, -2, "J");
        lua_createtable(L, 0, 3);
        limp_mj_push_list(L, f, dim);
        lua_setfield(L, -2, "x");
        limp_mj_push_list(L, f + 3, dim);
        lua_setfield(L, -2, "y");
        if (dim == 3) {
            limp_mj_push_list(L, f + 6, 3);
            lua_setfield(L, -2, "z");
        }
        lua_setfield(L, -2, "frame");
        lua_pushstring(L, imp_mj_body_name(mj, b));
        lua_setfield(L, -2, "body");
        limp_mj_push_list(L, p, 3);
        lua_setfield(L, -2, "point");
        lua_pushnumber(L, offset);
        lua_setfield(L, -2, "offset");
        lua_rawseti(L, -3, i);
        lua_pop(L, 1);   /* the contact's table */
    }
    lua_setfield(L, out, "contacts");
    lua_pushinteger(L, dim);
    lua_setfield(L, out, "dim");
    return 1;
}

/* core._mujoco_run(model, t, fn): t = { qpos =, qvel =, body =, gravity =,
 * max_time =, solref = {a, b} or nil } -> the run's fields (mj_bridge.h). */
int limp_mj_run(lua_State *L)
{
    imp_mj *mj = limp_mj_model(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    limp_check c;
    limp_check_init(&c, L, luaL_checkstring(L, 3));
    int nq = imp_mj_nq(mj), nv = imp_mj_nv(mj);
    double *qpos = scratch(L, (size_t)nq), *qvel = scratch(L, (size_t)nv);
    double *qpos1 = scratch(L, (size_t)nq), *qvel1 = scratch(L, (size_t)nv);
    read_state(&c, 2, mj, qpos, qvel);
    imp_mj_run_opts o = { 0 };
    o.body = limp_mj_body(&c, 2, "body", mj);
    o.gravity = limp_check_boolean(&c, 2, "gravity", 0);
    o.max_time = limp_check_positive(&c, 2, "max_time", 0, 1.0);
    if (limp_check_has(&c, 2, "solref")) {
        limp_mj_numbers(&c, 2, "solref", 2, o.solref, "timeconst, dampratio or -stiffness, -damping");
        o.set_solref = 1;
    }
    imp_mj_run_result r;
    imp_status st = imp_mj_run(mj, qpos, qvel, &o, qpos1, qvel1, &r);
    if (st != IMP_OK) raise_mj(&c, mj, st);

    lua_createtable(L, 0, 16);
    limp_mj_push_list(L, qpos1, nq);
    lua_setfield(L, -2, "qpos");
    limp_mj_push_list(L, qvel1, nv);
    lua_setfield(L, -2, "qvel");
    lua_pushboolean(L, r.contacted);
    lua_setfield(L, -2, "contacted");
    lua_pushboolean(L, r.separated);
    lua_setfield(L, -2, "separated");
    lua_pushinteger(L, r.steps);
    lua_setfield(L, -2, "steps");
    lua_pushinteger(L, r.contact_steps);
    lua_setfield(L, -2, "contact_steps");
    static const char *const names[] = { "t_contact", "duration", "depth_max", "vn0", "vn1", "T0", "T1", "mu" };
    const double vals[] = { r.t_contact, r.duration, r.depth_max, r.vn0, r.vn1, r.T0, r.T1, r.mu };
    for (int i = 0; i < 8; i++) {
        lua_pushnumber(L, vals[i]);
        lua_setfield(L, -2, names[i]);
    }
    if (r.contacted) {
        limp_mj_push_list(L, r.point, 3);
        lua_setfield(L, -2, "point");
        limp_mj_push_list(L, r.normal, 3);
        lua_setfield(L, -2, "normal");
    }
    lua_pushnumber(L, imp_mj_timestep(mj));
    lua_setfield(L, -2, "timestep");
    return 1;
}

#endif /* IMPACT_HAVE_MUJOCO */
