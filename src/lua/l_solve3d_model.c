/* solve3d{model = name}: a row of the 3D models' registry (models3d.c),
 * e.g. Chatterjee & Ruina 1998's algebraic law with e and e_t. The problem
 * is read as solve3d reads it; the result has solve3d's fields of the
 * impulse, velocities and energy, and the model's own. */
#include <math.h>
#include <string.h>

#include <lauxlib.h>

#include "l_solve3d.h"
#include "l_solve3d_model.h"
#include "raise.h"

static const imp_model3d_row *find(const char *name)
{
    for (const imp_model3d_row *r = imp_models3d; r->name; r++)
        if (strcmp(r->name, name) == 0) return r;
    return NULL;
}

/* '"a", "b"': the registry's names, for messages. */
static const char *names(lua_State *L)
{
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (const imp_model3d_row *r = imp_models3d; r->name; r++) {
        if (r != imp_models3d) luaL_addstring(&b, ", ");
        lua_pushfstring(L, "\"%s\"", r->name);
        luaL_addvalue(&b);
    }
    luaL_pushresult(&b);
    return lua_tostring(L, -1);   /* anchored on the stack until the error */
}

int limp_solve3d_model_read(const limp_check *c, int t, const imp_law *law, double mu_s,
                            double mu_k, limp_model3d *m)
{
    lua_State *L = c->L;
    memset(m, 0, sizeof *m);
    int type = lua_getfield(L, t, "model");
    if (type == LUA_TNIL) {
        lua_pop(L, 1);
        if (limp_check_has(c, t, "e_t"))
            limp_check_error(c, "e_t", "is only used by model \"chatterjee-ruina\" (give model = "
                             "\"chatterjee-ruina\")");
        return 0;
    }
    if (type != LUA_TSTRING)
        limp_check_error(c, "model", "must be a string (%s), got %s", names(L), luaL_typename(L, -1));
    const char *name = lua_tostring(L, -1);   /* anchored by the slot */
    m->row = find(name);
    if (!m->row)
        limp_check_error(c, "model", "must be one of %s, got \"%s\"", names(L), name);
    lua_pop(L, 1);
    /* an algebraic model: no path, so no method or integrator settings */
    static const char *const unused[] = {"method", "rtol", "max_steps", NULL};
    for (int i = 0; unused[i]; i++)
        if (limp_check_has(c, t, unused[i]))
            limp_check_error(c, unused[i], "is not used by model \"%s\" (an algebraic law: no "
                             "impulse path to integrate)", m->row->name);
    if (limp_check_has(c, t, "law") && strcmp(limp_law_name(law), "newton") != 0)
        limp_check_error(c, "law", "is not used by model \"%s\": it fixes Newton's law, v_n = -e v_n0 "
                         "(give law = \"newton\" or none)", m->row->name);
    /* CR98: one friction coefficient */
    if (mu_s != mu_k)
        limp_check_error(c, limp_check_has(c, t, "mu_s") ? "mu_s" : "mu_k",
                         "must equal mu_k: model \"%s\" has one friction coefficient (give mu), "
                         "got mu_s = %f, mu_k = %f", m->row->name, mu_s, mu_k);
    m->p.mu = mu_k;
    m->p.e = law->e;
    m->p.e_t = limp_check_range(c, t, "e_t", 0, 0.0, -1, 1);
    return 1;
}

int limp_solve3d_model_push(const limp_check *c, const limp_model3d *m,
                            const imp_contact3d *cp, const imp_mech *mc,
                            const limp_body3d_in *b1, const limp_body3d_in *b2,
                            const imp_pair3d *pr)
{
    lua_State *L = c->L;
    imp_result3d r;
    imp_cr_info ci;
    imp_status st = m->row->solve(cp, &m->p, &r, &ci);
    if (st != IMP_OK) return limp_raise(c, st, NULL);
    if (!mc && !pr) imp_result3d_apply(&b1->body, cp, &r);
    for (int i = 0; i < 3; i++)
        if (!isfinite(r.P[i]) || !isfinite(r.vC[i]) || !isfinite(r.dT)
            || (!mc && !pr && (!isfinite(r.v[i]) || !isfinite(r.w[i]))))
            return luaL_error(L, "solve3d: the solution is not finite (inputs out of range?)");
    lua_createtable(L, 0, 24);
    luaL_setmetatable(L, "impact.Result3D");
    limp_push_vec3(L, r.P); lua_setfield(L, -2, "P");
    if (mc) {
        limp_solve3d_push_mech(c, mc, &r);
    } else if (pr) {
        limp_solve3d_push_pair(L, b1, b2, pr, r.P);
    } else {
        limp_push_vec3(L, r.v); lua_setfield(L, -2, "v");
        limp_push_vec3(L, r.w); lua_setfield(L, -2, "w");
    }
    limp_push_vec3(L, r.vC); lua_setfield(L, -2, "vC");
    limp_push_vec3(L, cp->vC0); lua_setfield(L, -2, "vC0");
    limp_set_number(L, "dT", r.dT);
    limp_set_number(L, "T0", r.T0);
    limp_set_number(L, "energy_ratio", r.energy_ratio);
    limp_set_string(L, "mode", imp_mode_name(r.mode));
    limp_set_string(L, "model", m->row->name);
    limp_set_string(L, "status", m->row->status);
    limp_set_string(L, "notes", m->row->notes);
    limp_set_string(L, "law", "newton");
    limp_set_number(L, "e", m->p.e);
    limp_set_number(L, "e_t", m->p.e_t);
    limp_set_number(L, "mu", m->p.mu);
    limp_set_number(L, "mu_s", m->p.mu);
    limp_set_number(L, "mu_k", m->p.mu);
    limp_set_number(L, "rho_req", cp->rho_req);
    limp_set_number(L, "cond", cp->cond);
    limp_set_boolean(L, "energy_gain", r.energy_gain);
    if (isfinite(ci.et)) limp_set_number(L, "et", ci.et);   /* absent: vt0 = 0, or out of range */
    if (cp->vC0[1] < 0) {
        limp_set_number(L, "kappa", ci.kappa);
        limp_set_string(L, "cone", ci.on_cone ? "on" : "inside");
    }
    lua_createtable(L, 0, 0);
    lua_setfield(L, -2, "stages");   /* none: one algebraic step */
    return 1;
}
