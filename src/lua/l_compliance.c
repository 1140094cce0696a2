/* compliance = {eta2 =} | {nu =}: Stronge's tangential compliance (Stronge
 * 1994, 2000) in solve2d and solve3d. The table is checked here (the
 * compliance sub-table, the options it excludes: another law, a friction
 * function, mu_s != mu_k), the rest of the problem is read by the ordinary
 * readers from a copy of the table without `compliance` and with law =
 * "energetic" (the model's normal spring realises Stronge's energetic
 * law), and the core's imp_compliance2d_solve does the work. In 3D the
 * planar model applies along the slip direction when the slip keeps it
 * (a sphere, a planar motion); Jia 2013's general 3D model is not yet
 * implemented. */
#include <math.h>
#include <string.h>

#include <lauxlib.h>

#include "compliance2d.h"
#include "l_compliance.h"
#include "l_problem2d.h"
#include "l_problem3d.h"
#include "module.h"
#include "raise.h"

#define RESULT3D_MT "impact.Result3D"   /* solve3d's results (l_solve3d.c) */

static const char *const compliance_fields[] = {"eta2", "nu", NULL};

/* eta2 from t.compliance (a table {eta2 =} or {nu =}). */
static double read_compliance(const limp_check *c, int t)
{
    lua_State *L = c->L;
    lua_getfield(L, t, "compliance");
    if (!lua_istable(L, -1))
        limp_check_error(c, "compliance", "must be a table {eta2 = x} (normal/tangential stiffness "
                         "ratio) or {nu = Poisson's ratio}, got %s", luaL_typename(L, -1));
    int ct = lua_gettop(L);
    limp_check sub;
    limp_check_sub(&sub, c, "compliance");
    limp_check_known(&sub, ct, compliance_fields, NULL, NULL);
    limp_check_unknown(&sub);
    int he = limp_check_has(&sub, ct, "eta2"), hn = limp_check_has(&sub, ct, "nu");
    if (he && hn)
        limp_check_error(&sub, "nu", "cannot be given together with eta2 (nu gives eta2 = "
                         "(2 - nu)/(2 (1 - nu)))");
    if (!he && !hn)
        limp_check_error(c, "compliance", "needs eta2 (the normal to tangential stiffness ratio, "
                         "> 0) or nu (Poisson's ratio, in [0, 1))");
    double eta2;
    if (he) {
        eta2 = limp_check_positive(&sub, ct, "eta2", 1, 0);
        if (eta2 < 1e-8)   /* the rigid limit: Routh's path */
            limp_check_error(&sub, "eta2", "must be at least 1e-8 (a tangential spring 1e4 times "
                             "faster than the normal one needs some 1e5 steps; the rigid limit "
                             "eta2 -> 0 is Routh's path: solve2d without compliance), got %g", eta2);
    } else {
        double nu = limp_check_number(&sub, ct, "nu", 1, 0);
        if (!(nu >= 0 && nu < 1))
            limp_check_error(&sub, "nu", "must be in [0, 1) (Poisson's ratio), got %g", nu);
        eta2 = imp_compliance_eta2_from_nu(nu);
    }
    lua_pop(L, 1);
    return eta2;
}

/* What compliance excludes: a friction function, another law, a published
 * model; then a copy of t without `compliance` (and `model`), with law =
 * "energetic", pushed. */
static int push_plain_copy(const limp_check *c, int t, int twod)
{
    lua_State *L = c->L;
    const char *energetic = imp_law_kind_name(IMP_LAW_ENERGETIC), *routh = limp_model2d_names[0];
    if (limp_check_has(c, t, "friction"))
        limp_check_error(c, "compliance", "cannot be combined with friction (Stronge's compliant "
                         "contact uses one constant mu)");
    int type = lua_getfield(L, t, "law");
    if (type != LUA_TNIL && !(type == LUA_TSTRING && strcmp(lua_tostring(L, -1), energetic) == 0))
        limp_check_error(c, "law", "must be \"%s\" (the default) with compliance: Stronge's "
                         "normal spring realises the energetic law, got %s", energetic,
                         type == LUA_TSTRING ? lua_tostring(L, -1) : luaL_typename(L, -1));
    lua_pop(L, 1);
    if (twod) {
        type = lua_getfield(L, t, "model");
        if (type != LUA_TNIL && !(type == LUA_TSTRING && strcmp(lua_tostring(L, -1), routh) == 0))
            limp_check_error(c, "compliance", "cannot be combined with model %s (compliance is a "
                             "tangential law of Routh's path)",
                             type == LUA_TSTRING ? lua_tostring(L, -1) : luaL_typename(L, -1));
        lua_pop(L, 1);
    }
    lua_newtable(L);
    int copy = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, t)) {
        int skip = lua_type(L, -2) == LUA_TSTRING &&
                   (strcmp(lua_tostring(L, -2), "compliance") == 0 ||
                    strcmp(lua_tostring(L, -2), "model") == 0);
        if (skip) {
            lua_pop(L, 1);
            continue;
        }
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, copy);
    }
    lua_pushstring(L, energetic);
    lua_setfield(L, copy, "law");
    return copy;
}

static void one_mu(const limp_check *c, double mu_s, double mu_k)
{
    if (mu_s != mu_k)
        limp_check_error(c, "compliance", "needs one friction coefficient mu (got mu_s = %g, "
                         "mu_k = %g)", mu_s, mu_k);
}

/* A failed solve, named. */
static void raise_status(const limp_check *c, imp_status st, double eta2)
{
    if (st == IMP_ENOSOLUTION)
        limp_check_error(c, "compliance", "the lumped model does not define this impact: after "
                         "maximum compression the contact re-compresses (C returns to 0 while the "
                         "normal force is positive), which needs a reloading branch of the normal "
                         "spring that Stronge's model does not have");
    if (st == IMP_ESTEPS)
        limp_check_error(c, "compliance", "needs more than %ld steps (eta2 = %g): the "
                         "tangential spring's oscillation (k/eta2) or a slip's growth (mu B3) is "
                         "too fast against the impact", IMP_CSTEPS_MAX, eta2);
    limp_raise(c, st, NULL);
}

/* The path: {Px, Py, S, C, event, sigma} (sigma the slip direction after
 * the vertex, 0 sticking). */
static void push_path(lua_State *L, const imp_cresult2d *r)
{
    lua_createtable(L, r->nvert, 0);
    for (int i = 0; i < r->nvert; i++) {
        const imp_cvertex2d *v = &r->vert[i];
        lua_createtable(L, 0, 6);
        limp_set_number(L, "Px", v->Px);
        limp_set_number(L, "Py", v->Py);
        limp_set_number(L, "S", v->S);
        limp_set_number(L, "C", v->C);
        limp_set_string(L, "event", imp_cevent_name(v->event));
        lua_pushinteger(L, v->sigma);
        lua_setfield(L, -2, "sigma");
        lua_rawseti(L, -2, i + 1);
    }
}

/* The compliance part of a 2D or 3D result (the table on top): the path,
 * et (when finite), eta2, the energies and the event count. */
static void set_fields(lua_State *L, const imp_cresult2d *r, double eta2, double et)
{
    push_path(L, r);
    lua_setfield(L, -2, "path");
    if (isfinite(et))
        limp_set_number(L, "et", et);
    limp_set_number(L, "eta2", eta2);
    limp_set_number(L, "E_c", r->Ec);
    limp_set_number(L, "Wn", r->Wn);
    limp_set_number(L, "Wt", r->Wt);
    limp_set_number(L, "D_f", r->Df);
    lua_pushinteger(L, r->nevents);
    lua_setfield(L, -2, "events");
}

int limp_solve2d_compliance(lua_State *L, int t)
{
    t = lua_absindex(L, t);
    limp_check c;
    limp_check_init(&c, L, "solve2d");
    double eta2 = read_compliance(&c, t);
    int copy = push_plain_copy(&c, t, 1);
    limp_check known;
    limp_check_init(&known, L, "solve2d");
    limp_check_known(&known, copy, limp_solve2d_fields, limp_model_param_note, NULL);
    limp_check_unknown(&known);
    imp_problem2d p;
    limp_lua_law lctx;
    const imp_mech *mech = limp_problem2d_from_lua(&known, copy, &p, &lctx);
    one_mu(&c, p.mu_s, p.mu_k);
    imp_coef2d co = p.coef;
    if (p.nbodies)
        imp_coef2d_from_bodies(&p.body1, p.nbodies == 2 ? &p.body2 : NULL, &co);
    imp_cresult2d cr;
    imp_status st = imp_compliance2d_solve(&co, p.mu_k, p.law.e, eta2, &cr);
    if (st != IMP_OK)
        raise_status(&c, st, eta2);
    imp_result2d r;
    memset(&r, 0, sizeof r);
    r.Px = cr.Px;
    r.Py = cr.Py;
    r.S = cr.S;
    r.C = cr.C;
    r.dT = cr.dT;
    r.Wc = -cr.Ec;
    r.Wr = p.law.e * p.law.e * cr.Ec;
    r.Wf = cr.Wt;
    r.Pc = cr.Pc;
    r.mode = cr.mode;
    r.cls = cr.cls;
    r.coef = co;
    double post[2][3] = {{0}};
    if (p.nbodies && imp_problem2d_after(&p, r.Px, r.Py, 0, post) != IMP_OK)
        limp_raise(&c, IMP_EOVERFLOW, NULL);
    limp_result2d_push(L, &p, &r, post);
    if (mech)
        limp_mech2d_result(L, "solve2d", mech, r.Px, r.Py);
    set_fields(L, &cr, eta2, cr.et);
    return 1;
}

/* Is the unit vector d (x, z) an eigenvector of Wtt, with Wtn along it?
 * Then the slip keeps the direction d and the planar model applies. */
static int collinear(const imp_contact3d *cc, const double d[2], double tol)
{
    const double *T = cc->Wtt, *n = cc->Wtn;
    double a = T[0] * d[0] + T[1] * d[1], b = T[2] * d[0] + T[3] * d[1];
    double lam = a * d[0] + b * d[1];
    double off = hypot(a - lam * d[0], b - lam * d[1]);
    double ncross = fabs(n[0] * d[1] - n[1] * d[0]);
    double scale = fmax(fabs(T[0]) + fabs(T[3]) + fabs(T[1]), cc->Wnn);
    return off <= tol * scale && ncross <= tol * scale;
}

int limp_solve3d_compliance(lua_State *L, int t)
{
    t = lua_absindex(L, t);
    limp_check c;
    limp_check_init(&c, L, "solve3d");
    double eta2 = read_compliance(&c, t);
    int copy = push_plain_copy(&c, t, 0);
    limp_check known;
    limp_check_init(&known, L, "solve3d");
    limp_check_known(&known, copy, limp_problem3d_fields, NULL, NULL);
    limp_check_unknown(&known);
    if (limp_problem3d_is_mech(&known, copy) || limp_check_has(&known, copy, "body2"))
        limp_check_error(&c, "compliance", "is not yet supported for mechanisms or two bodies in "
                         "3D (one body on the plane; solve2d takes every form)");
    if (limp_check_has(&known, copy, "method"))
        limp_check_error(&c, "compliance", "is its own solver: 'method' is not used with it");
    limp_body3d_in bi;
    limp_problem3d_read_body(&known, copy, &bi);
    double mu_s, mu_k;
    int method;
    imp_opts3d o;
    imp_law law;
    limp_lua_law lctx;
    limp_problem3d_read_settings(&known, copy, &mu_s, &mu_k, &method, &o, &law, &lctx);
    one_mu(&c, mu_s, mu_k);
    imp_contact3d cc;
    imp_status st = imp_contact3d_init(&bi.body, &cc);
    if (st != IMP_OK)
        limp_raise(&c, st, NULL);
    /* the slip direction: v_t0's, else Wtn's, else x */
    double vt = hypot(cc.vC0[0], cc.vC0[2]), wn = hypot(cc.Wtn[0], cc.Wtn[1]);
    double d[2] = {1, 0};
    if (vt > 0) {
        d[0] = cc.vC0[0] / vt;
        d[1] = cc.vC0[2] / vt;
    } else if (wn > 0) {
        d[0] = cc.Wtn[0] / wn;
        d[1] = cc.Wtn[1] / wn;
    }
    if (!collinear(&cc, d, 1e-12))
        limp_check_error(&c, "compliance", "is not yet supported for a general body in 3D: the "
                         "slip must keep one direction (W_tn along v_t0, v_t0 an eigenvector of "
                         "W_tt: a sphere, or a planar motion); Jia 2013's 3D model is not implemented");
    double B1 = d[0] * (cc.Wtt[0] * d[0] + cc.Wtt[1] * d[1]) + d[1] * (cc.Wtt[2] * d[0] + cc.Wtt[3] * d[1]);
    double B3 = -(cc.Wtn[0] * d[0] + cc.Wtn[1] * d[1]);
    imp_coef2d co = {B1, cc.Wnn, B3, vt, cc.vC0[1], 0};
    imp_cresult2d cr;
    st = imp_compliance2d_solve(&co, mu_k, law.e, eta2, &cr);
    if (st != IMP_OK)
        raise_status(&c, st, eta2);
    imp_result3d r;
    memset(&r, 0, sizeof r);
    r.P[0] = cr.Px * d[0];
    r.P[1] = cr.Py;
    r.P[2] = cr.Px * d[1];
    imp_result3d_finish(&cc, &r);
    imp_result3d_apply(&bi.body, &cc, &r);
    lua_createtable(L, 0, 32);
    luaL_setmetatable(L, RESULT3D_MT);
    limp_push_vec3(L, r.P);
    lua_setfield(L, -2, "P");
    limp_push_vec3(L, r.v);
    lua_setfield(L, -2, "v");
    limp_push_vec3(L, r.w);
    lua_setfield(L, -2, "w");
    limp_push_vec3(L, r.vC);
    lua_setfield(L, -2, "vC");
    limp_push_vec3(L, cc.vC0);
    lua_setfield(L, -2, "vC0");
    limp_set_number(L, "dT", r.dT);
    limp_set_number(L, "T0", r.T0);
    limp_set_number(L, "energy_ratio", r.energy_ratio);
    limp_set_boolean(L, "energy_gain", r.energy_gain);
    limp_set_number(L, "Wc", -cr.Ec);
    limp_set_number(L, "Wr", law.e * law.e * cr.Ec);
    limp_set_number(L, "Wf", cr.Wt);
    limp_set_number(L, "Pc", cr.Pc);
    limp_set_string(L, "mode", imp_mode_name(cr.mode));
    limp_set_string(L, "method", "compliance");
    limp_set_string(L, "law", imp_law_kind_name(IMP_LAW_ENERGETIC));
    limp_set_number(L, "e", law.e);
    limp_set_number(L, "mu_s", mu_s);
    limp_set_number(L, "mu_k", mu_k);
    limp_set_number(L, "rho_req", cc.rho_req);
    limp_set_number(L, "cond", cc.cond);
    lua_newtable(L);
    lua_setfield(L, -2, "stages");
    double dd[3] = {d[0], 0, d[1]};
    limp_push_vec3(L, dd);
    lua_setfield(L, -2, "direction");
    /* et = -v_t . v_t0 / |v_t0|^2 */
    double et = vt > 0 ? -(r.vC[0] * cc.vC0[0] + r.vC[2] * cc.vC0[2]) / (vt * vt) : NAN;
    set_fields(L, &cr, eta2, et);
    return 1;
}

/* core._fields.compliance: the fields of t.compliance (the sweep checks
 * base.compliance and vary.compliance.* against them). */
void limp_open_compliance(lua_State *L)
{
    limp_check_publish(L, "compliance", compliance_fields);
}
