/* The 2D problem layer of the binding (see l_problem2d.h): reading a
 * problem table, solving it, the published models' names and parameters,
 * the dispatch of t.model. The result table is l_result2d.c's. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "interrupt.h"
#include "l_problem2d.h"
#include "raise.h"

static const char model_solver_key = 0; /* registry[&model_solver_key] = the models' solver */

const char *const limp_problem2d_keys[NKEYS] = {
    "model", "body1", "body2", "B1", "B2", "B3", "S0", "C0", "mu", "mu_s", "mu_k",
    "e", "law", "M", "J", "qdot", "tip", "frame", "mechanism", "m", "rho", "I", "x", "y", "vx", "vy", "w",
    "Px", "Py", "S", "C", "dT", "Wc", "Wr", "Wf", "Pc", "mode", "class",
    "energy_ratio", "path", "Delta", "routh",
    "none", "sliding", "C-sticking", "R-sticking", "C-reversed", "R-reversed",
    "direct", "central", "eccentric", "tangential",
};

const char *const limp_problem2d_fields[] = {PROBLEM2D_FIELDS, NULL};
const char *const limp_solve2d_fields[] = {"model", PROBLEM2D_FIELDS, NULL};
const char *const limp_body2d_fields[] = {"m", "rho", "I", "x", "y", "vx", "vy", "w", NULL};


/* A finite number at t[key]; anything else goes to the general checker,
 * which raises the message (or returns def for an absent optional key). */
static double num(keyset *ks, const limp_check *c, int t, int k,
                  int required, double def)
{
    lua_State *L = c->L;
    if (t == ks->scanned) {      /* read by scan_keys */
        if (k < NIN && (ks->isnum >> k & 1u) && isfinite(ks->val[k]))
            return ks->val[k];
        if (!required && (k >= NIN || !(ks->present >> k & 1u)))
            return def;
        return limp_check_number(c, t, limp_problem2d_keys[k], required, def);   /* raises */
    }
    int type = getk(ks, t, k);
    ks->nread += type != LUA_TNIL;
    if (type == LUA_TNUMBER) {
        double v = lua_tonumber(L, -1);
        lua_pop(L, 1);
        if (isfinite(v))
            return v;
    } else {
        lua_pop(L, 1);
        if (type == LUA_TNIL && !required)
            return def;
    }
    return limp_check_number(c, t, limp_problem2d_keys[k], required, def);
}

static void body_from_lua(keyset *ks, const limp_check *c, int k,
                          imp_body2d *b)
{
    lua_State *L = c->L;
    limp_check sub;
    limp_check_sub(&sub, c, limp_problem2d_keys[k]);
    int bt = lua_gettop(L);
    limp_check_known(&sub, bt, limp_body2d_fields, NULL, NULL);
    int outer = ks->nread;
    ks->nread = 0;
    b->m = num(ks, &sub, bt, K_m, 1, 0);
    int has_rho = getk(ks, bt, K_rho) != LUA_TNIL;
    int has_I = getk(ks, bt, K_I) != LUA_TNIL;
    lua_pop(L, 2);
    if (has_rho && has_I)
        limp_check_error(&sub, "I", "cannot be given together with rho");
    if (has_rho) {
        b->rho = num(ks, &sub, bt, K_rho, 1, 0);
    } else if (has_I) {
        double I = limp_check_positive(&sub, bt, "I", 1, 0);
        b->rho = b->m > 0 ? sqrt(I / b->m) : 1.0;  /* m is reported first */
        ks->nread++;
    } else {
        limp_check_error(&sub, "rho", "is required (the radius of gyration; or give I)");
    }
    b->x = num(ks, &sub, bt, K_x, 0, 0);
    b->y = num(ks, &sub, bt, K_y, 0, 0);
    b->vx = num(ks, &sub, bt, K_vx, 0, 0);
    b->vy = num(ks, &sub, bt, K_vy, 0, 0);
    b->w = num(ks, &sub, bt, K_w, 0, 0);
    limp_check_count(&sub, ks->nread);
    ks->nread = outer;
}

static void law_from_lua(keyset *ks, const limp_check *c, int t,
                         imp_law *law, limp_lua_law *lctx)
{
    lua_State *L = c->L;
    int type = getk(ks, t, K_law);
    int kind = -1;
    if (type == LUA_TNIL) {
        kind = IMP_LAW_POISSON;
    } else if (type == LUA_TSTRING) {
        /* a built-in row of the registry (0 .. IMP_LAW_CUSTOM - 1) by name */
        const char *name = lua_tostring(L, -1);
        for (int i = 0; imp_law_names[i] && kind < 0; i++)
            if (strcmp(name, imp_law_names[i]) == 0)
                kind = i;
        if (kind < 0)            /* raises the list of names */
            limp_check_option(c, t, "law", 0, imp_law_names);
    }
    lua_pop(L, 1);
    ks->nread += type != LUA_TNIL;
    if (kind < 0) {              /* a function, or a bad value: the general path */
        limp_law_check(c, t, 0, law, lctx);
        ks->nread += getk(ks, t, K_e) != LUA_TNIL;
        lua_pop(L, 1);
        return;
    }
    memset(law, 0, sizeof *law);
    law->kind = (imp_law_kind)kind;
    if (t == ks->scanned && (ks->isnum >> K_e & 1u)) {
        type = LUA_TNUMBER;
        law->e = ks->val[K_e];
    } else {
        type = getk(ks, t, K_e);
        law->e = lua_tonumber(L, -1);
        lua_pop(L, 1);
    }
    if (type == LUA_TNIL)
        limp_check_error(c, "e", "is required (the coefficient of restitution, in [0, 1])");
    if (type != LUA_TNUMBER || !(law->e >= 0 && law->e <= 1))
        law->e = limp_check_range(c, t, "e", 1, 0, 0, 1);   /* raises */
    ks->nread++;
}

/* The mechanism's coefficients (l_mech2d.c). Lua code can run before its
 * result is built when the law is a function or the table has a
 * metatable: then the mechanism gets its own userdata. */
static const imp_mech *read_mech(keyset *ks, const limp_check *c, int t,
                                 imp_coef2d *coef)
{
    lua_State *L = c->L;
    int fresh = lua_getmetatable(L, t);
    if (fresh)
        lua_pop(L, 1);
    int lt = getk(ks, t, K_law);
    lua_pop(L, 1);
    fresh |= lt != LUA_TNIL && lt != LUA_TSTRING;
    int prepared = 0;
    for (int k = K_M; k <= K_mechanism; k++) {
        int given = getk(ks, t, k) != LUA_TNIL;
        ks->nread += given;
        if (k == K_mechanism) prepared = given;
        lua_pop(L, 1);
    }
    const char *form = prepared ? "mechanism" : "M";
    for (int k = K_body1; k <= K_C0; k++) {
        int type = getk(ks, t, k);
        lua_pop(L, 1);
        if (type != LUA_TNIL)
            limp_check_error(c, limp_problem2d_keys[k],
                             "cannot be combined with %s (give a mechanism, bodies or coefficients)", form);
    }
    if (!prepared && getk(ks, t, K_J) == LUA_TNIL)
        limp_check_error(c, "J", "is required with M (the contact Jacobian, rows tangent and normal)");
    if (getk(ks, t, K_qdot) == LUA_TNIL)
        limp_check_error(c, "qdot", "is required with %s (the generalized velocities before impact)", form);
    lua_pop(L, prepared ? 1 : 2);
    return limp_mech2d_read(c, t, fresh, coef);
}

/* Bodies (body1, body2) or the coefficients B1 .. C0. */
static void read_bodies_or_coef(keyset *ks, const limp_check *c, int t,
                                imp_problem2d *p)
{
    lua_State *L = c->L;
    int type = getk(ks, t, K_body1);
    if (type == LUA_TNIL) {
        lua_pop(L, 1);
        double *v = &p->coef.B1;
        for (int i = 0; i < 5; i++)
            v[i] = num(ks, c, t, K_B1 + i, 1, 0);
    } else {
        if (type != LUA_TTABLE)
            limp_check_error(c, "body1", "must be a table {m =, rho = (or I =), x =, y =, vx =, vy =, w =}, got %s",
                             luaL_typename(L, -1));
        ks->nread++;
        for (int i = 0; i < 5; i++) {
            if (getk(ks, t, K_B1 + i) != LUA_TNIL)
                limp_check_error(c, limp_problem2d_keys[K_B1 + i],
                                 "cannot be combined with body1 (give bodies or coefficients)");
            lua_pop(L, 1);
        }
        body_from_lua(ks, c, K_body1, &p->body1);
        lua_pop(L, 1);
        p->nbodies = 1;
        type = getk(ks, t, K_body2);
        if (type == LUA_TTABLE) {
            ks->nread++;
            body_from_lua(ks, c, K_body2, &p->body2);
            p->nbodies = 2;
        } else if (type != LUA_TNIL) {
            limp_check_error(c, "body2", "must be a table or nil (the fixed ground), got %s",
                             luaL_typename(L, -1));
        }
        lua_pop(L, 1);
    }
}

void limp_problem2d_read(keyset *ks, const limp_check *c, int t,
                         imp_problem2d *p, limp_lua_law *lctx)
{
    lua_State *L = c->L;
    t = lua_absindex(L, t);
    memset(p, 0, sizeof *p);
    ks->mech = NULL;
    int type = getk(ks, t, K_M);
    type |= getk(ks, t, K_mechanism);   /* (LUA_TNIL is 0) */
    lua_pop(L, 2);
    if (type != LUA_TNIL)
        ks->mech = read_mech(ks, c, t, &p->coef);
    else
        read_bodies_or_coef(ks, c, t, p);
    double mu = num(ks, c, t, K_mu, 0, 0);
    p->mu_s = num(ks, c, t, K_mu_s, 0, mu);
    p->mu_k = num(ks, c, t, K_mu_k, 0, mu);
    if (!(mu >= 0 && p->mu_s >= 0 && p->mu_k >= 0 && p->mu_k <= p->mu_s))
        limp_check_friction(c, t, 0, &p->mu_s, &p->mu_k);   /* raises */
    law_from_lua(ks, c, t, &p->law, lctx);
    char msg[160];
    const char *field = imp_problem2d_check(p, msg, sizeof msg);
    if (field)
        limp_check_error(c, field, "%s", msg);
}

const imp_mech *limp_problem2d_from_lua(const limp_check *c, int t, imp_problem2d *p,
                                        limp_lua_law *lctx)
{
    keyset ks = {c->L, 0, 0, 0, 0, 0, {0}, NULL};
    limp_problem2d_read(&ks, c, t, p, lctx);
    return ks.mech;
}

typedef struct {
    const imp_problem2d *p;
    imp_result2d *r;
    double (*post)[3];
    imp_status st;
} solve_job;

static int run_job(lua_State *L)
{
    solve_job *j = lua_touserdata(L, 1);
    j->st = imp_problem2d_solve(j->p, j->r, j->post);
    return 0;
}

void limp_problem2d_solve_lua(const limp_check *c, const imp_problem2d *p,
                              imp_result2d *r, double post[2][3])
{
    solve_job job = {p, r, post, IMP_OK};
    if (limp_law_is_lua(&p->law)) {
        imp_interrupt_clear();   /* the root finder polls it */
        limp_law_run(c->L, &p->law, run_job, &job);
    } else {
        job.st = imp_problem2d_solve(p, r, post);
    }
    if (job.st != IMP_OK)
        limp_raise(c, job.st, &p->law);
}


void limp_problem2d_push_after(lua_State *L, const imp_problem2d *p, const double post[2][3])
{
    static const char *const names[2] = { "body1", "body2" };
    for (int i = 0; i < p->nbodies; i++) {
        lua_createtable(L, 0, 3);
        limp_set_number(L, "vx", post[i][0]);
        limp_set_number(L, "vy", post[i][1]);
        limp_set_number(L, "w", post[i][2]);
        lua_setfield(L, -2, names[i]);
    }
}

/* The models' names: "routh" first, then the core's (imp_model_name) in
 * imp_model2d's order, NULL-ended; filled by limp_open_models. */
const char *limp_model2d_names[IMP_MODEL_COUNT + 2];

/* Each model's own parameters and the models that read them, from the
 * registry's rows (imp_models2d: params, and declines, which the model
 * refuses itself); filled by limp_model2d_params_fill. */
limp_model2d_param limp_model2d_params[LIMP_MODEL2D_MAXPARAMS + 1];

static void add_param(const char *key, imp_model2d m, int reads)
{
    static char users[LIMP_MODEL2D_MAXPARAMS][96], decliners[LIMP_MODEL2D_MAXPARAMS][96];
    int i = 0;
    while (limp_model2d_params[i].key && strcmp(limp_model2d_params[i].key, key) != 0) i++;
    if (i >= LIMP_MODEL2D_MAXPARAMS) return;     /* (a row beyond the bound: the build's test says) */
    limp_model2d_param *q = &limp_model2d_params[i];
    if (!q->key) {
        q->key = key;
        q->users = users[i];
        users[i][0] = 0;
    }
    q->mask |= 1u << m;
    /* the messages name the readers; a parameter no model reads, the
     * models that refuse it */
    char *u = reads ? users[i] : decliners[i];
    size_t n = strlen(u);
    snprintf(u + n, sizeof users[i] - n, "%s\"%s\"", n ? " and " : "", imp_model_name(m));
    if (!users[i][0]) q->users = decliners[i];
    else q->users = users[i];
}

void limp_model2d_params_fill(void)
{
    if (limp_model2d_params[0].key) return;
    for (int m = 0; m < IMP_MODEL_COUNT; m++) {
        for (const char *const *k = imp_models2d[m].params; *k; k++) add_param(*k, (imp_model2d)m, 1);
        for (const char *const *k = imp_models2d[m].declines; *k; k++) add_param(*k, (imp_model2d)m, 0);
    }
}

const char *limp_model_param_note(void *ud, const char *key, char *buf, size_t n)
{
    (void)ud;
    for (const limp_model2d_param *q = limp_model2d_params; q->key; q++)
        if (strcmp(q->key, key) == 0) {
            snprintf(buf, n, "is only used by model %s, not by \"routh\"", q->users);
            return buf;
        }
    return NULL;
}

void limp_solve2d_model_register(lua_State *L, lua_CFunction fn)
{
    lua_pushcfunction(L, fn);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &model_solver_key);
}

int limp_solve2d_model(lua_State *L, int t)
{
    t = lua_absindex(L, t);
    int top = lua_gettop(L);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &model_solver_key);
    lua_pushvalue(L, t);
    lua_call(L, 1, LUA_MULTRET);
    return lua_gettop(L) - top;
}
