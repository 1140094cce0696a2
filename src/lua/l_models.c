/* solve2d with t.model = one of Cataldo & Sampaio's published models
 * (CS01). Each model reads its own parameters; the result has the
 * fields of a solve2d result plus the model's flags and status. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "l_problem2d.h"
#include "models2d.h"
#include "models3d.h"
#include "module.h"
#include "raise.h"

#define MODEL_MT "impact.ModelResult2D"

typedef struct {
    lua_State *L;
    int fn;               /* absolute index of the moment law */
    limp_model_fail fail;  /* what the law returned, for limp_raise_model */
    imp_model2d model;
    const imp_coef2d *c;
    const imp_model_params *p;
    imp_model_result2d *r;
    imp_status st;
} moment_ctx;

/* The C-S moment law: law(state) -> contact moment impulse of the phase. */
static int moment_eval(void *ctx, const imp_moment_state *s, double *Mq)
{
    moment_ctx *m = ctx;
    lua_State *L = m->L;
    lua_pushvalue(L, m->fn);
    lua_createtable(L, 0, 8);
    limp_set_string(L, "phase", s->single ? "impact"
                               : s->phase == IMP_PHASE_COMPRESSION ? "compression" : "restitution");
    limp_set_number(L, "S", s->S);
    limp_set_number(L, "C", s->C);
    limp_set_number(L, "W", s->W);
    limp_set_number(L, "W0", s->W0);
    limp_set_number(L, "Px", s->Px);
    limp_set_number(L, "Py", s->Py);
    limp_set_number(L, "PyC", s->PyC);
    lua_call(L, 1, 1);
    int isnum = lua_type(L, -1) == LUA_TNUMBER;
    double v = isnum ? lua_tonumber(L, -1) : 0;
    if (!isnum) m->fail.badtype = luaL_typename(L, -1);
    else if (!isfinite(v)) { m->fail.badtype = "a non-finite number"; m->fail.badvalue = v; }
    lua_pop(L, 1);
    if (m->fail.badtype) return 1;
    *Mq = v;
    return 0;
}

/* Runs inside lua_pcall with (law, ctx): stack indices are this frame's,
 * so the law is re-pointed at argument 1. */
static int run_protected(lua_State *L)
{
    moment_ctx *m = lua_touserdata(L, 2);
    m->fn = 1;
    m->st = imp_model2d_solve(m->model, m->c, m->p, m->r);
    return 0;
}

static void reject(const limp_check *c, int t, const char *key, const char *why)
{
    if (limp_check_has(c, t, key))
        limp_check_error(c, key, "%s", why);
}

/* Every field solve2d reads with some model: the problem's, the model and
 * the models' own parameters (those of another model are rejected above). */
static const char *const solve2d_model_fields[] = {
    "model", "body1", "body2", "B1", "B2", "B3", "S0", "C0", "mu", "mu_s", "mu_k", "e", "law",
    "mu_0", "ratio", "e_m", "nu", "e_t", "e_mC", "e_mE", "moment", "M", "J", "qdot", "tip", "frame",
    "mechanism", NULL
};

/* The normal law each model fixes (CS01), a row of the law registry. */
static imp_law_kind model_law_kind(imp_model2d m)
{
    return m == IMP_MODEL_GLOCKER_PFEIFFER || m == IMP_MODEL_CS ? IMP_LAW_POISSON : IMP_LAW_NEWTON;
}

static const char *model_law(imp_model2d m)
{
    return imp_law_kind_name(model_law_kind(m));
}

static void reject_unused(const limp_check *c, int t, imp_model2d m)
{
    lua_State *L = c->L;
    for (const limp_model2d_param *q = limp_model2d_params; q->key; q++)
        if (!(q->mask & (1u << m)) && limp_check_has(c, t, q->key))
            limp_check_error(c, q->key, "is only used by model %s, not by \"%s\"",
                             q->users, imp_model_name(m));
    /* law: the model fixes its own; naming that one is harmless. */
    int type = lua_getfield(L, t, "law");
    if (type != LUA_TNIL && !(type == LUA_TSTRING && strcmp(lua_tostring(L, -1), model_law(m)) == 0))
        limp_check_error(c, "law", "is not used by model \"%s\": it fixes %s's law (give law = \"%s\" or none)",
                         imp_model_name(m), model_law_kind(m) == IMP_LAW_NEWTON ? "Newton" : "Poisson",
                         model_law(m));
    lua_pop(L, 1);
}

/* Reads the model's own parameters (named as in CS01). */
static void read_params(const limp_check *c, int t, imp_model2d m,
                        const imp_problem2d *pb, imp_model_params *p)
{
    reject_unused(c, t, m);
    memset(p, 0, sizeof *p);
    double mu_s = pb->mu_s;
    p->e = pb->law.e;
    p->mu = pb->mu_k;
    const imp_model2d_type *T = &imp_models2d[m];
    if (T->one_mu && pb->mu_s != pb->mu_k)
        limp_check_error(c, limp_check_has(c, t, "mu_s") ? "mu_s" : "mu_k",
                         "must equal mu_k: model \"%s\" has one friction "
                         "coefficient (give mu), got mu_s = %g, mu_k = %g", T->name, mu_s, pb->mu_k);
    for (const imp_model2d_read *q = T->read; q->key; q++) {
        double *x = (double *)((char *)p + q->offset);
        switch (q->kind) {
        case IMP_MPARAM_RANGE:
            *x = limp_check_range(c, t, q->key, 0, q->def_mu_s ? mu_s : q->def, q->lo, q->hi);
            if (q->at_least_mu && *x < p->mu)
                limp_check_error(c, q->key, "must not be below the kinetic mu (%.17g < %.17g)",
                                 *x, p->mu);
            break;
        case IMP_MPARAM_OPTIONAL:
            if (limp_check_has(c, t, q->key)) {
                *(int *)((char *)p + q->has_offset) = 1;
                *x = limp_check_number(c, t, q->key, 1, 0);
            }
            break;
        case IMP_MPARAM_REFUSED:
            reject(c, t, q->key, q->why);
            break;
        }
    }
}

static int is_callable(lua_State *L, int idx)
{
    if (lua_isfunction(L, idx)) return 1;
    if (luaL_getmetafield(L, idx, "__call") != LUA_TNIL) { lua_pop(L, 1); return 1; }
    return 0;
}

static const char *slip_mode(imp_slip s)
{
    return s == IMP_SLIP_NONE ? "none" : imp_slip_name(s);
}

static void push_result(lua_State *L, imp_model2d m, const imp_problem2d *pb,
                        const imp_model_params *p, const imp_model_result2d *r,
                        const double post[2][3], const imp_mech *mech)
{
    lua_createtable(L, 0, 24);
    limp_set_string(L, "model", imp_model_name(m));
    limp_set_string(L, "status", imp_model_status_name(r->status));
    if (m == IMP_MODEL_BRACH && p->moment) {
        lua_pushstring(L, imp_models2d[m].note);
        lua_pushstring(L, ". With the moment law (the e_m plug-in) the result is uncertain: "
                          "the law's Mq acts first, then the ratio rule");
        lua_concat(L, 2);
        lua_setfield(L, -2, "notes");
    } else {
        limp_set_string(L, "notes", imp_models2d[m].note);
    }
    limp_set_string(L, "law", model_law(m));
    limp_set_number(L, "Px", r->Px);
    limp_set_number(L, "Py", r->Py);
    limp_set_number(L, "S", r->S);
    limp_set_number(L, "C", r->C);
    limp_set_number(L, "dT", r->dT);
    /* The problem's coefficients, as solve2d gives them (plot.path draws
     * the lines S = 0 and C = 0 from them). */
    limp_set_number(L, "B1", pb->coef.B1);
    limp_set_number(L, "B2", pb->coef.B2);
    limp_set_number(L, "B3", pb->coef.B3);
    limp_set_number(L, "S0", pb->coef.S0);
    limp_set_number(L, "C0", pb->coef.C0);
    limp_set_number(L, "e", p->e);
    limp_set_number(L, "mu", p->mu);
    limp_set_string(L, "mode", imp_mode_name(r->mode));
    limp_set_string(L, "model_mode", slip_mode(r->slip));
    limp_set_string(L, "slip", slip_mode(r->slip));
    limp_path2d_push(L, r->vert, r->nvert);
    lua_setfield(L, -2, "path");
    limp_set_string(L, "class", imp_class_name(r->cls));
    limp_set_boolean(L, "energy_gain", r->energy_gain);
    limp_set_boolean(L, "coulomb_ok", r->coulomb_ok);
    limp_set_number(L, "ratio", r->ratio);
    if (m == IMP_MODEL_KANE) limp_set_number(L, "mu_0", p->mu_0);
    /* mu0 beyond double's range (a subnormal B1) bounds nothing: left out */
    if (m == IMP_MODEL_BRACH && isfinite(r->ratio_limit)) limp_set_number(L, "mu0", r->ratio_limit);
    if (m == IMP_MODEL_BRACH && r->Py > 0) {
        static const char *const why[4] = { NULL, "reversal", "energy", "reversal+energy" };
        limp_set_number(L, "ratio_requested", r->ratio_req);
        if (r->ratio_limited) limp_set_string(L, "ratio_limited", why[r->ratio_limited & 3]);
        else limp_set_boolean(L, "ratio_limited", 0);
    }
    if (m == IMP_MODEL_SMITH) { lua_pushinteger(L, r->nroots); lua_setfield(L, -2, "nroots"); }
    if (m == IMP_MODEL_CHATTERJEE_RUINA) {
        /* et = -S/S0, the tangential restitution obtained (CR98) */
        limp_set_number(L, "e_t", p->e_t);
        double et = -r->S / pb->coef.S0;   /* absent: S0 = 0, or out of range */
        if (pb->coef.S0 != 0 && isfinite(et)) limp_set_number(L, "et", et);
        if (r->Py > 0) {
            limp_set_number(L, "kappa", r->kappa);
            limp_set_string(L, "cone", r->on_cone ? "on" : "inside");
        }
    }
    if (m == IMP_MODEL_GLOCKER_PFEIFFER || m == IMP_MODEL_CS) {
        limp_set_number(L, "PxC", r->PxC);
        limp_set_number(L, "PyC", r->PyC);
    }
    if (m == IMP_MODEL_CS || (m == IMP_MODEL_BRACH && p->moment)) limp_set_number(L, "Mq", r->Mq);
    limp_problem2d_push_after(L, pb, post);
    if (mech)
        limp_mech2d_result(L, "solve2d", mech, r->Px, r->Py);
}

/* solve2d(t) with t.model a published model (registered with the problem
 * layer: limp_solve2d_model_register). */
static int solve2d_model(lua_State *L)
{
    int t = 1;
    limp_check c;
    limp_check_init(&c, L, "solve2d");
    limp_check_table_arg(&c, t);
    limp_check_known(&c, t, solve2d_model_fields, NULL, NULL);
    limp_check_unknown(&c);
    int idx = limp_check_option(&c, t, "model", 0, limp_model2d_names);
    if (idx == 0)
        return limp_check_fail(&c, "model \"routh\" is the path tracer, not a published model");
    imp_model2d m = (imp_model2d)(idx - 1);
    /* The problem exactly as solve2d reads it (its law, if any, is not used:
     * each model fixes its own normal law). */
    imp_problem2d pb;
    limp_lua_law lctx;
    int top = lua_gettop(L);
    const imp_mech *mech = limp_problem2d_from_lua(&c, t, &pb, &lctx);
    if (!mech)
        lua_settop(L, top);   /* (a mechanism's userdata must stay anchored) */
    if (pb.nbodies > 0)
        imp_coef2d_from_bodies(&pb.body1, pb.nbodies == 2 ? &pb.body2 : NULL, &pb.coef);
    imp_model_params p;
    read_params(&c, t, m, &pb, &p);
    imp_model_result2d r;
    imp_moment2d mc;
    moment_ctx ctx = { 0 };
    ctx.fail.model = imp_model_name(m);
    int type = lua_getfield(L, t, "moment");
    if (type != LUA_TNIL) {
        if (!is_callable(L, -1))
            limp_check_error(&c, "moment", "must be a function, got %s", luaL_typename(L, -1));
        if (pb.nbodies == 0)
            limp_check_error(&c, "moment", "needs bodies (body1, body2), not coefficients: "
                             "a moment impulse couples through the inertia");
        imp_moment2d_from_problem(&pb, &mc);
        p.moment = moment_eval;
        p.moment_ctx = &ctx;
        p.mcoef = &mc;
        ctx.L = L;
        ctx.fn = lua_absindex(L, -1);
        ctx.model = m; ctx.c = &pb.coef; ctx.p = &p; ctx.r = &r;
        lua_pushcfunction(L, run_protected);
        lua_pushvalue(L, ctx.fn);
        lua_pushlightuserdata(L, &ctx);
        ctx.fail.field = "moment";
        if (lua_pcall(L, 2, 0, 0) != LUA_OK) {
            const char *msg = lua_tostring(L, -1);
            ctx.fail.raised = msg ? msg : luaL_typename(L, -1);
            return limp_raise_model(&c, IMP_ELAW, &ctx.fail);
        }
    } else {
        ctx.st = imp_model2d_solve(m, &pb.coef, &p, &r);
    }
    lua_pop(L, 1);
    if (ctx.st != IMP_OK)
        return limp_raise_model(&c, ctx.st, &ctx.fail);
    /* Body velocities from a representable impulse may still overflow. */
    double post[2][3];
    if (imp_problem2d_after(&pb, r.Px, r.Py, r.Mq, post) != IMP_OK)
        return limp_raise_model(&c, IMP_EOVERFLOW, &ctx.fail);
    push_result(L, m, &pb, &p, &r, post, mech);
    luaL_setmetatable(L, MODEL_MT);
    return 1;
}

static double getnum(lua_State *L, const char *k)
{
    lua_getfield(L, 1, k);
    double v = lua_tonumber(L, -1);
    lua_pop(L, 1);
    return v;
}

static const char *getstr(lua_State *L, const char *k)
{
    lua_getfield(L, 1, k);
    const char *v = lua_tostring(L, -1);   /* kept alive by the table */
    lua_pop(L, 1);
    return v ? v : "?";
}

/* A short summary, as solve2d's results print. */
static int model_tostring(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_getfield(L, 1, "energy_gain");
    int gain = lua_toboolean(L, -1);
    lua_getfield(L, 1, "coulomb_ok");
    int cok = lua_isnil(L, -1) || lua_toboolean(L, -1);
    lua_pop(L, 2);
    /* The path along which the impulse is applied, as one line. */
    int parts = 0;
    if (lua_getfield(L, 1, "path") == LUA_TTABLE) {
        int path = lua_gettop(L);
        lua_Integer n = luaL_len(L, path);          /* at most 4 vertices */
        lua_pushliteral(L, "\n  path (Px, Py)  ");
        parts = 1;
        for (lua_Integer i = 1; i <= n; i++) {
            lua_geti(L, path, i);
            lua_getfield(L, -1, "event");
            lua_getfield(L, -2, "Px");
            lua_getfield(L, -3, "Py");
            const char *ev = lua_tostring(L, -3);
            lua_pushfstring(L, "%s%s (%f, %f)", i > 1 ? " -> " : "", ev ? ev : "?",
                            lua_tonumber(L, -2), lua_tonumber(L, -1));
            lua_replace(L, -5);
            lua_pop(L, 3);
            parts++;
        }
    }
    lua_concat(L, parts);           /* "" when there is no path */
    lua_pushfstring(L, "solve2d: model %s (%s), mode %s (model's own: %s); law %s (e = %f), mu = %f\n"
                    "  impulse  Px = %f  Py = %f\n  after    S = %f  C = %f\n  energy   dT = %f%s%s%s\n  %s",
                    getstr(L, "model"), getstr(L, "status"), getstr(L, "mode"), getstr(L, "model_mode"),
                    getstr(L, "law"), getnum(L, "e"), getnum(L, "mu"), getnum(L, "Px"), getnum(L, "Py"),
                    getnum(L, "S"), getnum(L, "C"), getnum(L, "dT"),
                    gain ? "  (energy GAINED)" : "", cok ? "" : "\n  Coulomb's bound |Px| <= mu*Py is VIOLATED",
                    lua_tostring(L, -1), getstr(L, "notes"));
    return 1;
}

/* core._model2d_raise(model, status): raises what solve2d raises when the
 * model returns status ("nosolution", "overflow", "noconv"): for the
 * specs, as the models return "nosolution" only defensively (no input of
 * ordinary magnitude reaches it). */
static int l_model2d_raise(lua_State *L)
{
    static const char *const names[] = {"nosolution", "overflow", "noconv", NULL};
    static const imp_status st[] = {IMP_ENOSOLUTION, IMP_EOVERFLOW, IMP_ENOCONV};
    limp_model_fail f = { .model = luaL_checkstring(L, 1) };
    int i = luaL_checkoption(L, 2, NULL, names);
    limp_check c;
    limp_check_init(&c, L, "solve2d");
    return limp_raise_model(&c, st[i], &f);
}

void limp_open_models(lua_State *L)
{
    lua_pushcfunction(L, l_model2d_raise);
    lua_setfield(L, -2, "_model2d_raise");
    /* The models are reached through solve2d's t.model; their results
     * share one metatable for printing. */
    if (luaL_newmetatable(L, MODEL_MT)) {
        lua_pushcfunction(L, model_tostring);
        lua_setfield(L, -2, "__tostring");
    }
    lua_pop(L, 1);
    limp_check_publish(L, "solve2d", solve2d_model_fields);
    limp_solve2d_model_register(L, solve2d_model);
    /* The registries' names, for names.lua and help: core._models2d
     * (solve2d's model = ..., "routh" first), core._models3d (solve3d's). */
    limp_model2d_params_fill();
    limp_model2d_names[0] = "routh";
    for (int m = 0; m < IMP_MODEL_COUNT; m++) limp_model2d_names[m + 1] = imp_model_name((imp_model2d)m);
    limp_model2d_names[IMP_MODEL_COUNT + 1] = NULL;
    lua_newtable(L);
    for (int i = 0; limp_model2d_names[i]; i++) {
        lua_pushstring(L, limp_model2d_names[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "_models2d");
    /* the rows themselves: models.lua's per-model fields, the help */
    lua_createtable(L, IMP_MODEL_COUNT, 0);
    for (int m = 0; m < IMP_MODEL_COUNT; m++) {
        const imp_model2d_type *T = &imp_models2d[m];
        lua_createtable(L, 0, 5);
        limp_set_string(L, "name", T->name);
        limp_set_string(L, "status", imp_model_status_name(T->status));
        limp_set_string(L, "note", T->note);
        const char *const *lists[2] = {T->params, T->declines};
        const char *keys[2] = {"params", "declines"};
        for (int l = 0; l < 2; l++) {
            lua_newtable(L);
            for (int i = 0; lists[l][i]; i++) {
                lua_pushstring(L, lists[l][i]);
                lua_rawseti(L, -2, i + 1);
            }
            lua_setfield(L, -2, keys[l]);
        }
        lua_rawseti(L, -2, m + 1);
    }
    lua_setfield(L, -2, "_models2d_rows");
    lua_newtable(L);
    for (int i = 0; imp_models3d[i].name; i++) {
        lua_pushstring(L, imp_models3d[i].name);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "_models3d");
}
