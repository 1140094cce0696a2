/* impact.solve_multi: several simultaneous contacts on a mechanism
 * (M, qdot, contacts = {{J =, mu =, e =, ...}, ...}). The binding reads and
 * checks the tables and calls imp_multi_solve (multi_solve.h), which
 * builds the stacked contact-space problem (W = J M^-1 J^T, v0 = J qdot),
 * runs the model (a row of the registry imp_multi_models) and maps the
 * impulses back to qdot'; l_multi_out.c turns its answer or its failure
 * into a table or an error. */
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "l_friction.h"
#include "check.h"
#include "raise.h"
#include "l_law.h"
#include "l_matrix.h"
#include "module.h"
#include "l_multi.h"

static const char *const top_fields[] = {"M", "qdot", "contacts", "J", "frame", "model", "law",
                                         "rtol", "mu", "mu_s", "mu_k", "e", "K", "eta", NULL};
static const char *const contact_fields[] = {"J", "frame", "mu", "mu_s", "mu_k", "e", "K",
                                             "eta", NULL};

/* t[key] (at index t) must be a list; returns its length. */
static int list_len(const limp_check *c, int t, const char *key, const char *label, const char *what)
{
    lua_getfield(c->L, t, key);
    if (!lua_istable(c->L, -1))
        limp_check_error(c, label, "must be %s, got %s", what, luaL_typename(c->L, -1));
    int len = (int)lua_rawlen(c->L, -1);
    lua_pop(c->L, 1);
    return len;
}

/* qdot (n = #qdot) and M, raw reads (l_matrix.c). */
static void read_mechanism(const limp_check *c, multi_in *in)
{
    lua_State *L = c->L;
    luaL_checkstack(L, LIMP_MATRIX_STACK, "M");
    int n = limp_matrix_read_list(c, lua_getfield(L, 1, "qdot"), "qdot", in->qdot);
    in->n = n;
    limp_matrix_read_rows(c, lua_getfield(L, 1, "M"), "M", n, n, "one per coordinate, as qdot", in->M);
}

/* eta >= 1 (a force exponent); K > 0. */
static void read_contact(const limp_check *top, int ct, int i, const imp_multi_contact *def,
                         int efn, multi_in *in)
{
    char key[32];
    snprintf(key, sizeof key, "contacts[%d]", i + 1);
    limp_check sub;
    limp_check_sub(&sub, top, key);
    limp_check_known(&sub, ct, contact_fields, limp_friction_note, (void *)limp_friction_notmulti);
    limp_check_unknown(&sub);
    lua_State *L = top->L;
    int ty = lua_getfield(L, ct, "J");
    int rows = limp_matrix_count_rows(&sub, ty, "J");
    if (rows != 2 && rows != 3)
        limp_check_error(&sub, "J", "must have 2 rows (planar: tangent, normal) or 3 (x, normal, z), got %d",
                        rows);
    if (i == 0) in->d = rows;
    else if (rows != in->d)
        limp_check_error(&sub, "J", "has %d rows but contacts[1].J has %d (the contacts must be all planar or all spatial)",
                        rows, in->d);
    limp_matrix_read_rows(&sub, ty, "J", rows, in->n, rows == 2 ? "tangent, normal" : "x, normal, z",
                          in->J + in->n * rows * i);
    imp_multi_contact *cc = &in->c[i];
    *cc = *def;
    if (limp_check_has(&sub, ct, "mu") || limp_check_has(&sub, ct, "mu_s")
        || limp_check_has(&sub, ct, "mu_k"))
        limp_check_friction(&sub, ct, 0, &cc->mu_s, &cc->mu_k);
    /* e = function(s): the contact's coefficient from its approach
     * (l_multi_e.c); else a number, or the default (itself a function) */
    lua_getfield(L, ct, "e");
    int own = limp_multi_e_is_function(L, -1);
    if (own) cc->e = limp_multi_contact_e(&sub, -1, 0, in, i);
    lua_pop(L, 1);
    if (!own && efn && !limp_check_has(&sub, ct, "e"))
        cc->e = limp_multi_contact_e(top, efn, 1, in, i);
    else if (!own)
        cc->e = limp_check_range(&sub, ct, "e", 0, def->e, 0, 1);
    cc->K = limp_check_positive(&sub, ct, "K", 0, def->K);
    cc->eta = limp_check_number(&sub, ct, "eta", 0, def->eta);
    if (!(cc->eta >= 1))
        limp_check_error(&sub, "eta", "must be >= 1 (a force exponent), got %g", cc->eta);
}

static void read_contacts(const limp_check *c, multi_in *in)
{
    lua_State *L = c->L;
    imp_multi_contact def;
    limp_check_friction(c, 1, 0, &def.mu_s, &def.mu_k);
    lua_getfield(L, 1, "e");
    int efn = limp_multi_e_is_function(L, -1) ? lua_gettop(L) : 0;   /* kept till the end */
    if (!efn) lua_pop(L, 1);
    def.e = efn ? 0 : limp_check_range(c, 1, "e", 0, 0, 0, 1);
    def.K = limp_check_positive(c, 1, "K", 0, 1);
    def.eta = limp_check_number(c, 1, "eta", 0, 1.5);
    if (!(def.eta >= 1)) limp_check_error(c, "eta", "must be >= 1 (a force exponent), got %g", def.eta);
    int k = list_len(c, 1, "contacts", "contacts", "a list of contacts {J =, mu =, e =}");
    if (k < 1 || k > IMP_MULTI_MAX)
        limp_check_error(c, "contacts", "must have 1 to %d contacts, got %d", IMP_MULTI_MAX, k);
    in->k = k;
    lua_getfield(L, 1, "contacts");
    limp_matrix_only_list(c, "contacts", "a list of contacts {J =, mu =, e =}", k);
    int cs = lua_gettop(L);
    luaL_checkstack(L, LIMP_MATRIX_STACK, "contacts");   /* a contact, its J */
    for (int i = 0; i < k; i++) {
        lua_rawgeti(L, cs, i + 1);
        if (!lua_istable(L, -1)) {
            char key[32];
            snprintf(key, sizeof key, "contacts[%d]", i + 1);
            limp_check_error(c, key, "must be a contact {J =, mu =, e =}, got %s", luaL_typename(L, -1));
        }
        read_contact(c, lua_gettop(L), i, &def, efn, in);
        lua_pop(L, 1);
    }
    lua_pop(L, efn ? 2 : 1);
}

/* The solve, run inside limp_law_run's protected call. */
typedef struct {
    const imp_multi_input *in;
    imp_multi_output *out;
    imp_multi_fail *fail;
    imp_status st;
} run_t;

static int run_solve(lua_State *L)
{
    run_t *u = lua_touserdata(L, 1);
    u->st = imp_multi_solve(u->in, u->out, u->fail);
    return 0;
}

/* 'model "a"' or 'models "a", "b"': the models that read param. */
static const char *models_reading(const char *param, char *buf, size_t size)
{
    int n = 0;
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < imp_multi_nmodels; i++)
        if (imp_multi_model_reads(&imp_multi_models[i], param)) n++;
    len += (size_t)snprintf(buf, size, "model%s", n > 1 ? "s" : "");
    for (int i = 0, j = 0; i < imp_multi_nmodels && len < size; i++)
        if (imp_multi_model_reads(&imp_multi_models[i], param))
            len += (size_t)snprintf(buf + len, size - len, "%s \"%s\"", j++ ? "," : "",
                                    imp_multi_models[i].name);
    return buf;
}

/* Why a model takes no custom residual law (its own restitution). */
static const char *law_refusal(const char *model)
{
    if (strcmp(model, "moreau") == 0)
        return "Newton's restitution in one velocity step, no impulse process for a residual";
    if (strcmp(model, "poisson") == 0)
        return "Poisson's impulse ratio inside one complementarity problem, no residual there";
    if (strcmp(model, "lzb") == 0)
        return "each spring's energetic ratio; a residual per contact is not implemented";
    return "its own restitution";
}

int limp_multi_check_model(const limp_check *c, int t)
{
    const char *names[IMP_MULTI_MAX_MODELS + 1];
    int nm = imp_multi_nmodels < IMP_MULTI_MAX_MODELS ? imp_multi_nmodels : IMP_MULTI_MAX_MODELS;
    for (int i = 0; i < nm; i++) names[i] = imp_multi_models[i].name;
    names[nm] = NULL;
    return limp_check_option(c, t, "model", 0, names);
}

/* One contact as system2d/system3d give it (M, qdot, J, frame at the top)
 * is a multi-contact problem too: the argument is replaced by a shallow
 * copy whose contacts = {{J =, frame =}} (the caller's table untouched). */
static void one_contact(const limp_check *c)
{
    lua_State *L = c->L;
    int hasJ = lua_getfield(L, 1, "J") != LUA_TNIL;
    int hasC = lua_getfield(L, 1, "contacts") != LUA_TNIL;
    lua_pop(L, 2);
    if (!hasJ) return;
    if (hasC) limp_check_error(c, "J", "conflicts with 'contacts' (give J for one contact, or contacts)");
    lua_newtable(L);   /* the copy */
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        if (lua_type(L, -2) == LUA_TSTRING && (strcmp(lua_tostring(L, -2), "J") == 0
                                               || strcmp(lua_tostring(L, -2), "frame") == 0)) {
            lua_pop(L, 1);
            continue;
        }
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, 2);
    }
    lua_createtable(L, 1, 0);    /* contacts */
    lua_createtable(L, 0, 2);    /* contacts[1] */
    lua_getfield(L, 1, "J");
    lua_setfield(L, -2, "J");
    lua_getfield(L, 1, "frame");
    lua_setfield(L, -2, "frame");
    lua_rawseti(L, -2, 1);
    lua_setfield(L, 2, "contacts");
    lua_replace(L, 1);
}

static int l_solve_multi(lua_State *L)
{
    limp_check c;
    limp_check_init(&c, L, "solve_multi");
    limp_check_table_arg(&c, 1);
    lua_settop(L, 1);
    one_contact(&c);
    limp_check_known(&c, 1, top_fields, limp_friction_note, (void *)limp_friction_notmulti);
    limp_check_unknown(&c);
    const imp_multi_model *m = &imp_multi_models[limp_multi_check_model(&c, 1)];
    imp_law law = {IMP_LAW_POISSON, 0, NULL, NULL};
    limp_lua_law lctx;
    imp_multi_input si = {0};
    si.model = m;
    si.law = &law;
    si.rtol = limp_check_range(&c, 1, "rtol", 0, 1e-9, 1e-14, 1e-3);
    lua_getfield(L, 1, "e");   /* e = function(s): read with the contacts (l_multi_e.c) */
    int efn = limp_multi_e_is_function(L, -1);
    lua_pop(L, 1);
    if (imp_multi_model_reads(m, "law"))   /* custom: pushes the law and its state */
        limp_law_check_law(&c, 1, efn ? NULL : &(double){0}, &law, &lctx);
    else if (limp_check_has(&c, 1, "law")) {
        char buf[128];
        limp_check_error(&c, "law", "is only used by %s (model \"%s\": %s); e = function(s) "
                         "sets each contact's coefficient in every model",
                         models_reading("law", buf, sizeof buf), m->name, law_refusal(m->name));
    }
    multi_in *in = lua_newuserdatauv(L, sizeof *in, 0);   /* ~270 kB: freed by the GC */
    memset(in->c, 0, sizeof in->c);
    read_mechanism(&c, in);
    read_contacts(&c, in);
    si.n = in->n;
    si.k = in->k;
    si.d = in->d;
    si.M = in->M;
    si.J = in->J;
    si.qdot = in->qdot;
    si.c = in->c;
    si.work = &in->work;
    imp_multi_output *out = lua_newuserdatauv(L, sizeof *out, 0);
    imp_multi_fail fail;
    run_t u = {&si, out, &fail, IMP_OK};
    limp_law_run(L, &law, run_solve, &u);   /* a custom law's errors name it */
    if (u.st == IMP_OK) {
        limp_multi_push(L, in, m, out);
        lua_getfield(L, -1, "contacts");   /* each contact's e as used (e = function(s)) */
        for (int i = 0; i < in->k; i++) {
            lua_rawgeti(L, -1, i + 1);
            limp_set_number(L, "e", in->c[i].e);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
        if (imp_multi_model_reads(m, "law")) {   /* the law it ran (a custom one by its source) */
            limp_set_string(L, "law", limp_law_name(&law));
            if (limp_law_source(&law)) limp_set_string(L, "law_source", limp_law_source(&law));
        }
        return 1;
    }
    if (fail.stage == IMP_MULTI_FAIL_MODEL
        && (u.st == IMP_ELAW || u.st == IMP_ENOROOT || u.st == IMP_EROOT))
        return limp_raise(&c, u.st, &law);
    return limp_multi_raise(&c, m, u.st, &fail);
}

void limp_open_multi(lua_State *L)
{
    lua_pushcfunction(L, l_solve_multi);
    lua_setfield(L, -2, "solve_multi");
    luaL_newmetatable(L, MULTI_MT);
    lua_setfield(L, -2, "_multi_mt");
    limp_check_publish(L, "solve_multi", top_fields);
    limp_multi_publish(L);
}
