/* The 2D binding: impact.solve2d, impact.classify2d, impact.sb2d.
 * Tables are checked field by field, the physical checks are the core's
 * imp_problem2d_check, and the result table carries a metatable
 * (impact.Result2D) whose __index builds `path` on first read. */
#include <float.h>
#include <math.h>
#include <string.h>

#include <lauxlib.h>

#include "closed2d.h"
#include "interrupt.h"
#include "l_solve2d.h"
#include "module.h"

#define RESULT2D_MT "impact.Result2D"
static const char result2d_key = 0;   /* registry[&result2d_key] = metatable */

/* Key strings. solve2d keeps them as upvalues (from KEY_UP on) so that a
 * call reads and writes fields without interning strings (lua_getfield
 * costs a string-cache lookup and a strcmp per key); the exported entry
 * points, called once per sweep, push them by name. */
enum {
    K_model, K_body1, K_body2, K_B1, K_B2, K_B3, K_S0, K_C0, K_mu, K_mu_s, K_mu_k,
    K_e, K_law, K_m, K_rho, K_I, K_x, K_y, K_vx, K_vy, K_w,
    K_Px, K_Py, K_S, K_C, K_dT, K_Wc, K_Wr, K_Wf, K_Pc, K_mode, K_class,
    K_energy_ratio, K_path, K_Delta, K_routh, K_poisson, K_newton, K_energetic, K_custom,
    K_none, K_sliding, K_C_sticking, K_R_sticking, K_C_reversed, K_R_reversed,
    K_direct, K_central, K_eccentric, K_tangential,
    NKEYS
};
static const char *const key_names[NKEYS] = {
    "model", "body1", "body2", "B1", "B2", "B3", "S0", "C0", "mu", "mu_s", "mu_k",
    "e", "law", "m", "rho", "I", "x", "y", "vx", "vy", "w",
    "Px", "Py", "S", "C", "dT", "Wc", "Wr", "Wf", "Pc", "mode", "class",
    "energy_ratio", "path", "Delta", "routh", "poisson", "newton", "energetic", "custom",
    "none", "sliding", "C-sticking", "R-sticking", "C-reversed", "R-reversed",
    "direct", "central", "eccentric", "tangential",
};
#define KEY_UP 2                 /* upvalue 1 is the result metatable */

/* The fields each table may hold (a key not listed is an error naming it):
 * a problem (classify2d's table), solve2d's (Routh's path: the published
 * models' own parameters are l_models.c's), a body. */
#define PROBLEM2D_FIELDS "body1", "body2", "B1", "B2", "B3", "S0", "C0", \
    "mu", "mu_s", "mu_k", "e", "law"
static const char *const problem2d_fields[] = {PROBLEM2D_FIELDS, NULL};
const char *const imp_solve2d_fields[] = {"model", PROBLEM2D_FIELDS, NULL};
const char *const imp_body2d_fields[] = {"m", "rho", "I", "x", "y", "vx", "vy", "w", NULL};
static const char *const sb2d_fields[] = {"theta", "theta_deg", "alpha", "m", "L", "mu",
    "mu_s", "mu_k", "e", "vCy", "ratio", "vCx", NULL};

/* The input keys model .. law, which scan_keys recognises. A field added to
 * solve2d goes in imp_solve2d_fields (else it is rejected as unknown) and,
 * to keep the fast path, among these keys; one that is not makes the scan
 * miss, and solve2d then reads the table by lookups (correct, slower). */
#define NIN (K_law + 1)

typedef struct {
    lua_State *L;
    int fast;                    /* keys are upvalues of the running closure */
    int nread;                   /* known fields found (non-nil) in the table */
    int scanned;                 /* the table scanned by scan_keys (0: none) */
    unsigned present;            /* its keys: bit k for input key k */
    unsigned isnum;              /* those whose value is a number, */
    double val[NIN];             /* that number */
} keyset;

/* solve2d's last upvalue: the input keys' string objects, as
 * lua_topointer gives them (short strings are interned: a key of the
 * table is one of them exactly when it is the same object). */
#define PTRS_UP (KEY_UP + NKEYS)

static void pushkey(const keyset *ks, int k)
{
    if (ks->fast)
        lua_pushvalue(ks->L, lua_upvalueindex(KEY_UP + k));
    else
        lua_pushstring(ks->L, key_names[k]);
}

/* t[key] (metamethods honoured, as lua_getfield); a key absent from the
 * scanned table is nil without a lookup */
static int getk(const keyset *ks, int t, int k)
{
    if (t == ks->scanned && (k >= NIN || !(ks->present >> k & 1u))) {
        lua_pushnil(ks->L);
        return LUA_TNIL;
    }
    pushkey(ks, k);
    return lua_gettable(ks->L, t);
}

static void setnum(const keyset *ks, int k, double v)
{
    pushkey(ks, k);
    lua_pushnumber(ks->L, v);
    lua_rawset(ks->L, -3);
}

static void setkey(const keyset *ks, int k, int vk)
{
    pushkey(ks, k);
    pushkey(ks, vk);
    lua_rawset(ks->L, -3);
}

/* A finite number at t[key]; anything else goes to the general checker,
 * which raises the message (or returns def for an absent optional key). */
static double num(keyset *ks, const imp_check *c, int t, int k,
                  int required, double def)
{
    lua_State *L = c->L;
    if (t == ks->scanned) {      /* read by scan_keys */
        if (k < NIN && (ks->isnum >> k & 1u) && isfinite(ks->val[k]))
            return ks->val[k];
        if (!required && (k >= NIN || !(ks->present >> k & 1u)))
            return def;
        return imp_check_number(c, t, key_names[k], required, def);   /* raises */
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
    return imp_check_number(c, t, key_names[k], required, def);
}

static void body_from_lua(keyset *ks, const imp_check *c, int k,
                          imp_body2d *b)
{
    lua_State *L = c->L;
    imp_check sub;
    imp_check_sub(&sub, c, key_names[k]);
    int bt = lua_gettop(L);
    imp_check_known(&sub, bt, imp_body2d_fields, NULL, NULL);
    int outer = ks->nread;
    ks->nread = 0;
    b->m = num(ks, &sub, bt, K_m, 1, 0);
    int has_rho = getk(ks, bt, K_rho) != LUA_TNIL;
    int has_I = getk(ks, bt, K_I) != LUA_TNIL;
    lua_pop(L, 2);
    if (has_rho && has_I)
        imp_check_error(&sub, "I", "cannot be given together with rho");
    if (has_rho) {
        b->rho = num(ks, &sub, bt, K_rho, 1, 0);
    } else if (has_I) {
        double I = imp_check_positive(&sub, bt, "I", 1, 0);
        b->rho = b->m > 0 ? sqrt(I / b->m) : 1.0;  /* m is reported first */
        ks->nread++;
    } else {
        imp_check_error(&sub, "rho", "is required (the radius of gyration; or give I)");
    }
    b->x = num(ks, &sub, bt, K_x, 0, 0);
    b->y = num(ks, &sub, bt, K_y, 0, 0);
    b->vx = num(ks, &sub, bt, K_vx, 0, 0);
    b->vy = num(ks, &sub, bt, K_vy, 0, 0);
    b->w = num(ks, &sub, bt, K_w, 0, 0);
    imp_check_count(&sub, ks->nread);
    ks->nread = outer;
}

static void law_from_lua(keyset *ks, const imp_check *c, int t,
                         imp_law *law, imp_lua_law *lctx)
{
    static const char *const law_names[] = {"poisson", "newton", "energetic", NULL};
    lua_State *L = c->L;
    int type = getk(ks, t, K_law);
    int kind = -1;
    if (type == LUA_TNIL) {
        kind = IMP_LAW_POISSON;
    } else if (type == LUA_TSTRING) {
        for (int i = 0; i < 3 && kind < 0; i++) {
            pushkey(ks, K_poisson + i);
            if (lua_rawequal(L, -1, -2))
                kind = i;
            lua_pop(L, 1);
        }
        if (kind < 0)            /* raises the list of names */
            imp_check_option(c, t, "law", 0, law_names);
    }
    lua_pop(L, 1);
    ks->nread += type != LUA_TNIL;
    if (kind < 0) {              /* a function, or a bad value: the general path */
        imp_law_check(c, t, 0, law, lctx);
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
        imp_check_error(c, "e", "is required (the coefficient of restitution, in [0, 1])");
    if (type != LUA_TNUMBER || !(law->e >= 0 && law->e <= 1))
        law->e = imp_check_range(c, t, "e", 1, 0, 0, 1);   /* raises */
    ks->nread++;
}

static void problem_from_lua(keyset *ks, const imp_check *c, int t,
                             imp_problem2d *p, imp_lua_law *lctx)
{
    lua_State *L = c->L;
    t = lua_absindex(L, t);
    memset(p, 0, sizeof *p);
    int type = getk(ks, t, K_body1);
    if (type == LUA_TNIL) {
        lua_pop(L, 1);
        double *v = &p->coef.B1;
        for (int i = 0; i < 5; i++)
            v[i] = num(ks, c, t, K_B1 + i, 1, 0);
    } else {
        if (type != LUA_TTABLE)
            imp_check_error(c, "body1", "must be a table {m =, rho = (or I =), x =, y =, vx =, vy =, w =}, got %s",
                            luaL_typename(L, -1));
        ks->nread++;
        for (int i = 0; i < 5; i++) {
            if (getk(ks, t, K_B1 + i) != LUA_TNIL)
                imp_check_error(c, key_names[K_B1 + i],
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
            imp_check_error(c, "body2", "must be a table or nil (the fixed ground), got %s",
                            luaL_typename(L, -1));
        }
        lua_pop(L, 1);
    }
    double mu = num(ks, c, t, K_mu, 0, 0);
    p->mu_s = num(ks, c, t, K_mu_s, 0, mu);
    p->mu_k = num(ks, c, t, K_mu_k, 0, mu);
    if (!(mu >= 0 && p->mu_s >= 0 && p->mu_k >= 0 && p->mu_k <= p->mu_s))
        imp_check_friction(c, t, 0, &p->mu_s, &p->mu_k);   /* raises */
    law_from_lua(ks, c, t, &p->law, lctx);
    char msg[160];
    const char *field = imp_problem2d_check(p, msg, sizeof msg);
    if (field)
        imp_check_error(c, field, "%s", msg);
}

void imp_problem2d_from_lua(const imp_check *c, int t, imp_problem2d *p,
                            imp_lua_law *lctx)
{
    keyset ks = {c->L, 0, 0, 0, 0, 0, {0}};
    problem_from_lua(&ks, c, t, p, lctx);
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

void imp_problem2d_solve_lua(const imp_check *c, const imp_problem2d *p,
                             imp_result2d *r, double post[2][3])
{
    solve_job job = {p, r, post, IMP_OK};
    if (p->law.kind == IMP_LAW_CUSTOM) {
        imp_interrupt_clear();   /* the root finder polls it */
        imp_law_run(c->L, &p->law, run_job, &job);
    } else {
        job.st = imp_problem2d_solve(p, r, post);
    }
    if (job.st != IMP_OK)
        imp_law_raise(c->L, c, &p->law, job.st);
}

/* {vx =, vy =, w =} */
static void push_velocity(const keyset *ks, const double v[3])
{
    lua_createtable(ks->L, 0, 3);
    setnum(ks, K_vx, v[0]);
    setnum(ks, K_vy, v[1]);
    setnum(ks, K_w, v[2]);
}

void imp_path2d_push(lua_State *L, const imp_vertex2d *vert, int n)
{
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        const imp_vertex2d *v = &vert[i];
        lua_createtable(L, 0, 5);
        imp_set_number(L, "Px", v->Px);
        imp_set_number(L, "Py", v->Py);
        imp_set_number(L, "S", v->S);
        imp_set_number(L, "C", v->C);
        imp_set_string(L, "event", imp_event_name(v->event));
        lua_rawseti(L, -2, i + 1);
    }
}

/* The result table; leaves it on the stack without its metatable. */
static void result_push(const keyset *ks, const imp_problem2d *p,
                        const imp_result2d *r, const double post[2][3])
{
    lua_State *L = ks->L;
    int custom = p->law.kind == IMP_LAW_CUSTOM;
    lua_createtable(L, 0, 21 + (p->nbodies ? 1 + p->nbodies : 0) + 1);
    setnum(ks, K_Px, r->Px);
    setnum(ks, K_Py, r->Py);
    setnum(ks, K_S, r->S);
    setnum(ks, K_C, r->C);
    setnum(ks, K_dT, r->dT);
    setnum(ks, K_Wc, r->Wc);
    setnum(ks, K_Wr, r->Wr);
    setnum(ks, K_Wf, r->Wf);
    setnum(ks, K_Pc, r->Pc);
    setkey(ks, K_mode, K_none + (int)r->mode);
    setkey(ks, K_class, K_direct + (int)r->cls);
    setkey(ks, K_law, K_poisson + (int)p->law.kind);
    setnum(ks, K_e, p->law.e);
    setnum(ks, K_mu_s, p->mu_s);
    setnum(ks, K_mu_k, p->mu_k);
    setnum(ks, K_B1, r->coef.B1);
    setnum(ks, K_B2, r->coef.B2);
    setnum(ks, K_B3, r->coef.B3);
    setnum(ks, K_S0, r->coef.S0);
    setnum(ks, K_C0, r->coef.C0);
    /* exact from the bodies when given; the path is traced again with it */
    double D = imp_coef2d_delta(&r->coef);
    setnum(ks, K_Delta, D);
    if (p->nbodies) {
        const imp_body2d *b2 = p->nbodies == 2 ? &p->body2 : NULL;
        double v1[3] = {p->body1.vx, p->body1.vy, p->body1.w};
        double T0 = imp_body2d_energy(&p->body1, v1);
        double T1 = imp_body2d_energy(&p->body1, post[0]);
        pushkey(ks, K_body1);
        push_velocity(ks, post[0]);
        lua_rawset(L, -3);
        if (b2) {
            double v2[3] = {b2->vx, b2->vy, b2->w};
            T0 += imp_body2d_energy(b2, v2);
            T1 += imp_body2d_energy(b2, post[1]);
            pushkey(ks, K_body2);
            push_velocity(ks, post[1]);
            lua_rawset(L, -3);
        }
        if (T0 > 0 && isfinite(T0) && isfinite(T1))
            setnum(ks, K_energy_ratio, T1 / T0);
    }
    /* a Lua law may not be repeatable, and a Delta out of double's normal
     * range cannot carry the bodies' exact value: keep the path now */
    if (custom || !(fabs(D) >= DBL_MIN && fabs(D) <= DBL_MAX)) {
        pushkey(ks, K_path);
        imp_path2d_push(L, r->vert, r->nvert);
        lua_rawset(L, -3);
    }
}

void imp_result2d_push(lua_State *L, const imp_problem2d *p,
                       const imp_result2d *r, const double post[2][3])
{
    keyset ks = {L, 0, 0, 0, 0, 0, {0}};
    result_push(&ks, p, r, post);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &result2d_key);
    lua_setmetatable(L, -2);
}

/* Result2D.__index: `path` is built on first read by tracing again from the
 * stored coefficients (the tracer is deterministic), then cached. */
static int result2d_index(lua_State *L)
{
    if (lua_type(L, 2) != LUA_TSTRING || strcmp(lua_tostring(L, 2), "path") != 0)
        return 0;
    static const char *const laws[] = {"poisson", "newton", "energetic", NULL};
    imp_coef2d c;
    double *v = &c.B1, mu_s, mu_k;
    static const char *const names[6] = {"B1", "B2", "B3", "S0", "C0", "Delta"};
    for (int i = 0; i < 6; i++) {
        lua_getfield(L, 1, names[i]);
        v[i] = lua_tonumber(L, -1);
        lua_pop(L, 1);
    }
    lua_getfield(L, 1, "mu_s");
    mu_s = lua_tonumber(L, -1);
    lua_getfield(L, 1, "mu_k");
    mu_k = lua_tonumber(L, -1);
    lua_getfield(L, 1, "e");
    imp_law law = {IMP_LAW_POISSON, lua_tonumber(L, -1), NULL, NULL};
    lua_getfield(L, 1, "law");
    const char *name = lua_tostring(L, -1);
    int kind = -1;
    for (int i = 0; name && laws[i]; i++)
        if (strcmp(name, laws[i]) == 0)
            kind = i;
    lua_pop(L, 4);
    if (kind < 0)
        return 0;                /* a custom law's path is stored eagerly */
    if (!(c.D >= DBL_MIN && c.D <= DBL_MAX))
        c.D = 0;                 /* (not stored by solve2d: computed, as it was) */
    law.kind = (imp_law_kind)kind;
    lua_getfield(L, 1, "Px");
    lua_getfield(L, 1, "Py");
    double Px = lua_tonumber(L, -2), Py = lua_tonumber(L, -1);
    lua_pop(L, 2);
    imp_result2d r;
    imp_status st = imp_solve2d(&c, mu_s, mu_k, &law, &r);
    if (st != IMP_OK || r.Px != Px || r.Py != Py)
        return luaL_error(L, "solve2d result: cannot build the path, the result's fields were changed");
    imp_path2d_push(L, r.vert, r.nvert);
    lua_pushvalue(L, -1);
    lua_setfield(L, 1, "path");  /* plain field: no metamethod for a present key */
    return 1;
}

/* One pass over the keys of the table at t (absolute), which has no
 * metatable: each must be an input key (present: which; numbers are kept,
 * so that reading them costs nothing more), else -1 (an unknown key, or
 * one of another model's). A table with a metatable is not scanned (0):
 * its fields may come from __index. The pass replaces the lookups, so the
 * check costs about nothing. (Only a string object has the pointer of a
 * key string: a light userdata key would have to be made from one.) */
static int scan_keys(keyset *ks, int t)
{
    lua_State *L = ks->L;
    if (lua_getmetatable(L, t)) {
        lua_pop(L, 1);
        return 0;
    }
    const void *const *ptr = lua_touserdata(L, lua_upvalueindex(PTRS_UP));
    unsigned present = 0;
    lua_pushnil(L);
    unsigned isnum = 0;
    while (lua_next(L, t)) {
        const void *p = lua_topointer(L, -2);
        int k = 0;
        while (k < NIN && ptr[k] != p)
            k++;
        if (k == NIN) {
            lua_pop(L, 2);
            return -1;
        }
        present |= 1u << k;
        if (lua_type(L, -1) == LUA_TNUMBER) {
            ks->val[k] = lua_tonumber(L, -1);
            isnum |= 1u << k;
        }
        lua_pop(L, 1);
    }
    ks->scanned = t;
    ks->present = present;
    ks->isnum = isnum;
    return 1;
}

static int l_solve2d(lua_State *L)
{
    keyset ks = {L, 1, 0, 0, 0, 0, {0}};
    imp_check c;
    imp_check_init(&c, L, "solve2d");
    imp_check_table_arg(&c, 1);
    int scan = scan_keys(&ks, 1);
    if (getk(&ks, 1, K_model) != LUA_TNIL) {
        pushkey(&ks, K_routh);
        if (!lua_rawequal(L, -1, -2)) {
            lua_pop(L, 2);
            return imp_solve2d_model(L, 1);
        }
        lua_pop(L, 1);
        ks.nread++;
    }
    lua_pop(L, 1);
    /* the models' own parameters are known to solve2d, not to Routh's path */
    imp_check_known(&c, 1, imp_solve2d_fields, imp_model_param_note, NULL);
    if (scan < 0)
        imp_check_unknown(&c);   /* names the key */
    imp_problem2d p;
    imp_lua_law lctx;
    problem_from_lua(&ks, &c, 1, &p, &lctx);
    if (!scan)
        imp_check_count(&c, ks.nread);
    imp_result2d r;
    double post[2][3];
    imp_problem2d_solve_lua(&c, &p, &r, post);
    result_push(&ks, &p, &r, post);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_setmetatable(L, -2);
    return 1;
}

/* Sets t[key] = v only when v is a number (undefined values stay nil). */
static void set_finite(lua_State *L, const char *key, double v)
{
    if (isfinite(v))
        imp_set_number(L, key, v);
}

static int l_classify2d(lua_State *L)
{
    imp_check c;
    imp_check_init(&c, L, "classify2d");
    imp_check_table_arg(&c, 1);
    imp_check_known(&c, 1, problem2d_fields, NULL, NULL);
    imp_check_unknown(&c);
    imp_problem2d p;
    imp_lua_law lctx;
    imp_problem2d_from_lua(&c, 1, &p, &lctx);
    imp_coef2d co = p.coef;
    if (p.nbodies)
        imp_coef2d_from_bodies(&p.body1, p.nbodies == 2 ? &p.body2 : NULL, &co);
    imp_class2d k;
    imp_status st = imp_classify2d(&co, p.mu_s, p.mu_k, p.law.e, &k);
    if (st != IMP_OK)
        return luaL_error(L, "classify2d: %s", imp_strerror(st));
    lua_createtable(L, 0, 30);
    imp_set_string(L, "mode", imp_mode_name(k.mode));
    imp_set_string(L, "class", imp_class_name(k.cls));
    lua_pushinteger(L, k.s);
    lua_setfield(L, -2, "s");
    imp_set_boolean(L, "sticks", k.sticks);
    set_finite(L, "stick_slope", k.mu_s_wm);
    set_finite(L, "mu_d", k.mu_d);
    set_finite(L, "mu_q", k.mu_q);
    set_finite(L, "mu_D", k.mu_D);
    set_finite(L, "mu_Q", k.mu_Q);
    set_finite(L, "P_d", k.P_d);
    set_finite(L, "P_q", k.P_q);
    set_finite(L, "kS", k.kS);
    set_finite(L, "kC", k.kC);
    if (co.S0 != 0)
        set_finite(L, "p_s", k.p_s);
    if (k.sb_valid) {
        set_finite(L, "ratio", k.ratio);
        set_finite(L, "R1", k.R1);
        set_finite(L, "R2", k.R2);
        set_finite(L, "R3", k.R3);
        lua_pushinteger(L, k.sb_case);
        lua_setfield(L, -2, "sb_case");
    }
    imp_set_number(L, "B1", co.B1);
    imp_set_number(L, "B2", co.B2);
    imp_set_number(L, "B3", co.B3);
    imp_set_number(L, "S0", co.S0);
    imp_set_number(L, "C0", co.C0);
    imp_set_number(L, "Delta", imp_coef2d_delta(&co));
    imp_set_number(L, "e", p.law.e);
    /* closed = {poisson = {Px, Py, Pc, S, C, dT}, newton = ..., energetic = ...}
     * (WM92 eqs 39-55, Stronge 1990's law likewise; a law whose result
     * overflows double is left out) */
    static const char *const laws[3] = {"poisson", "newton", "energetic"};
    lua_createtable(L, 0, 3);
    for (int l = 0; l < 3; l++) {
        imp_closed2d q;
        if (imp_closed2d_solve(&co, p.mu_s, p.mu_k, (imp_law_kind)l, p.law.e, &q) != IMP_OK)
            continue;
        lua_createtable(L, 0, 6);
        imp_set_number(L, "Px", q.Px);
        imp_set_number(L, "Py", q.Py);
        imp_set_number(L, "Pc", q.Pc);
        imp_set_number(L, "S", q.S);
        imp_set_number(L, "C", q.C);
        imp_set_number(L, "dT", q.dT);
        lua_setfield(L, -2, laws[l]);
    }
    lua_setfield(L, -2, "closed");
    return 1;
}

static int l_sb2d(lua_State *L)
{
    static const imp_mode case_mode[7] = {
        IMP_MODE_SLIDING, IMP_MODE_C_STICKING, IMP_MODE_C_REVERSED, IMP_MODE_R_STICKING,
        IMP_MODE_R_REVERSED, IMP_MODE_C_STICKING, IMP_MODE_SLIDING};
    imp_check c;
    imp_check_init(&c, L, "sb2d");
    imp_check_table_arg(&c, 1);
    imp_check_known(&c, 1, sb2d_fields, NULL, NULL);
    imp_check_unknown(&c);
    int has_t = imp_check_has(&c, 1, "theta"), has_d = imp_check_has(&c, 1, "theta_deg");
    if (has_t == has_d)
        imp_check_error(&c, "theta", "%s", has_t ? "cannot be given together with theta_deg"
                                                 : "is required (radians; or give theta_deg)");
    double theta = has_t ? imp_check_number(&c, 1, "theta", 1, 0)
                         : imp_check_number(&c, 1, "theta_deg", 1, 0) * (M_PI / 180);
    double alpha = imp_check_positive(&c, 1, "alpha", 0, 1.0 / 3);
    double m = imp_check_positive(&c, 1, "m", 0, 1);
    double Lr = imp_check_positive(&c, 1, "L", 0, 1);
    double mu_s, mu_k;
    imp_check_friction(&c, 1, 0, &mu_s, &mu_k);
    double e = imp_check_range(&c, 1, "e", 1, 0, 0, 1);
    double vCy = imp_check_positive(&c, 1, "vCy", 0, 1);
    double ratio = -1;
    if (imp_check_has(&c, 1, "ratio") && imp_check_has(&c, 1, "vCx"))
        imp_check_error(&c, "ratio", "cannot be given together with vCx");
    if (imp_check_has(&c, 1, "ratio"))
        ratio = imp_check_range(&c, 1, "ratio", 1, 0, 0, HUGE_VAL);
    else if (imp_check_has(&c, 1, "vCx"))
        ratio = imp_check_range(&c, 1, "vCx", 1, 0, 0, HUGE_VAL) / vCy;
    imp_sb2d q;
    imp_sb2d_rod(theta, alpha, mu_s, mu_k, e, ratio, &q);
    lua_createtable(L, 0, 12);
    imp_set_number(L, "Pbar", q.Pbar);
    imp_set_number(L, "Qbar", q.Qbar);
    imp_set_number(L, "Rbar", q.Rbar);
    imp_set_number(L, "D1", q.D1);
    set_finite(L, "R1", q.R1);
    imp_set_number(L, "R2", q.R2);
    set_finite(L, "R3", q.R3);
    imp_set_number(L, "theta", theta);
    imp_set_number(L, "alpha", alpha);
    if (ratio >= 0) {
        imp_set_number(L, "ratio", ratio);
        lua_pushinteger(L, q.sb_case);
        lua_setfield(L, -2, "case");
        imp_set_string(L, "mode", imp_mode_name(case_mode[q.sb_case]));
        /* the same impact as a solve2d problem in the master convention */
        imp_body2d b;
        imp_sb2d_body(theta, alpha, m, Lr, ratio * vCy, vCy, &b);
        lua_createtable(L, 0, 4);
        lua_createtable(L, 0, 7);
        imp_set_number(L, "m", b.m);
        imp_set_number(L, "rho", b.rho);
        imp_set_number(L, "x", b.x);
        imp_set_number(L, "y", b.y);
        imp_set_number(L, "vx", b.vx);
        imp_set_number(L, "vy", b.vy);
        imp_set_number(L, "w", b.w);
        lua_setfield(L, -2, "body1");
        imp_set_number(L, "mu_s", mu_s);
        imp_set_number(L, "mu_k", mu_k);
        imp_set_number(L, "e", e);
        lua_setfield(L, -2, "problem");
    }
    return 1;
}

void imp_open_solve2d(lua_State *L)
{
    /* the result metatable, also reachable as core._result2d_mt so that the
     * Lua side can add __tostring */
    luaL_newmetatable(L, RESULT2D_MT);
    lua_pushcfunction(L, result2d_index);
    lua_setfield(L, -2, "__index");
    lua_createtable(L, 1, 0);      /* what __index builds, for Tab completion */
    lua_pushliteral(L, "path");
    lua_rawseti(L, -2, 1);
    lua_setfield(L, -2, "__lazy");
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &result2d_key);
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, "_result2d_mt");
    /* solve2d: upvalues = the metatable, then the key strings */
    luaL_checkstack(L, NKEYS + 2, "impact: opening solve2d");
    for (int k = 0; k < NKEYS; k++)
        lua_pushstring(L, key_names[k]);
    const void **ptr = lua_newuserdatauv(L, NIN * sizeof *ptr, 0);
    for (int k = 0; k < NIN; k++)
        ptr[k] = lua_topointer(L, -1 - NKEYS + k);
    lua_pushcclosure(L, l_solve2d, 2 + NKEYS);
    lua_setfield(L, -2, "solve2d");
    static const luaL_Reg funcs[] = {
        {"classify2d", l_classify2d},
        {"sb2d", l_sb2d},
        {NULL, NULL}
    };
    luaL_setfuncs(L, funcs, 0);
    imp_check_publish(L, "classify2d", problem2d_fields);
    imp_check_publish(L, "sb2d", sb2d_fields);
    imp_check_publish(L, "body2d", imp_body2d_fields);
}
