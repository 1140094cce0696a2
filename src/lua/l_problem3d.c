/* Reading solve3d's problem table, shared by solve3d (l_solve3d.c,
 * l_solve3d_mech.c) and the 3D sweep's C path (l_sweep.c): one body on the
 * plane (body = {...} or the top level), two moving bodies (body2 = {...}),
 * the friction, method, options and law, and the flat problem that
 * src/core/study/sweep3d.c varies on worker threads. Checks field by field and
 * raises naming the field; computes nothing itself (the core orients the
 * body and forms the pair's contact data). */
#include <stdio.h>
#include <math.h>
#include <string.h>

#include "l_problem3d.h"
#include "mat3.h"
#include "raise.h"


/* Keys that belong to the body (top level, or inside body = {...}). */
#define BODY3D_KEYS "m", "inertia", "R", "theta1", "theta2", "theta1_deg", "theta2_deg", "q", "r"
static const char *const body_keys[] = {BODY3D_KEYS, NULL};
/* The fields each table may hold (a key not listed is an error naming it). */
const char *const limp_problem3d_body_fields[] = {BODY3D_KEYS, "v", "w", NULL};
/* M, J, qdot (and frame, a builder's description) or a prepared mechanism
 * and qdot for a mechanism; body2. */
const char *const limp_problem3d_fields[] = {"body", BODY3D_KEYS, "v", "w", "mu", "mu_s", "mu_k",
    "e", "law", "method", "rtol", "max_steps", "body2", "M", "J", "qdot", "frame", "mechanism",
    "model", "e_t", NULL};


/* inertia: {I1, I2, I3} principal, or a 3x3 (rows, or 9 numbers). */
static void read_inertia(const limp_check *c, int t, limp_body3d_in *bi, double Ib[9])
{
    lua_State *L = c->L;
    const char *why = NULL;
    int type = lua_getfield(L, t, "inertia");
    if (type == LUA_TNIL) limp_check_error(c, "inertia", "is required ({I1, I2, I3} or a 3x3 table)");
    if (type != LUA_TTABLE)
        limp_check_error(c, "inertia", "must be {I1, I2, I3} or a 3x3 table, got %s",
                         luaL_typename(L, -1));
    lua_Unsigned n = lua_rawlen(L, -1);
    int first = lua_rawgeti(L, -1, 1);
    lua_pop(L, 2);
    memset(Ib, 0, 9 * sizeof *Ib);
    if (n == 3 && first == LUA_TNUMBER) {
        double I[3];
        limp_check_vec3(c, t, "inertia", 1, NULL, I);
        if (imp_inertia3_check(I, &why) != IMP_OK)
            limp_check_error(c, "inertia", "%s, got {%g, %g, %g}", why, I[0], I[1], I[2]);
        Ib[0] = I[0]; Ib[4] = I[1]; Ib[8] = I[2];
        memcpy(bi->moments, I, sizeof I);
        imp_mat3_identity(bi->axes);
        return;
    }
    if (!((n == 3 && first == LUA_TTABLE) || n == 9))
        limp_check_error(c, "inertia", "must be {I1, I2, I3} (principal) or a 3x3 table");
    limp_check_mat3(c, t, "inertia", Ib);
    if (imp_inertia_principal(Ib, bi->moments, bi->axes, &why) != IMP_OK)
        limp_check_error(c, "inertia", "%s", why);
    bi->full_inertia = 1;
}

/* Orientation: R, theta1/theta2 (or _deg), q, or none (identity). */
static void read_orientation(const limp_check *c, int t, double R[9])
{
    const char *why = NULL;
    int hasR = limp_check_has(c, t, "R"), hasq = limp_check_has(c, t, "q");
    int hast = limp_check_has(c, t, "theta1") || limp_check_has(c, t, "theta2")
            || limp_check_has(c, t, "theta1_deg") || limp_check_has(c, t, "theta2_deg");
    if (hasR + hasq + hast > 1)
        limp_check_error(c, hasR ? "R" : "q", "conflicts with another orientation (give one of R, theta1/theta2, q)");
    if (hasR) {
        limp_check_mat3(c, t, "R", R);
        if (imp_rotation_check(R, &why) != IMP_OK) limp_check_error(c, "R", "%s", why);
    } else if (hasq) {
        lua_State *L = c->L;
        double q[4];
        static const char *const qn[4] = {"w", "x", "y", "z"};
        static const char *const qnames[] = {"w", "x", "y", "z", NULL};
        if (lua_getfield(L, t, "q") != LUA_TTABLE)
            limp_check_error(c, "q", "must be a quaternion {w, x, y, z}, got %s", luaL_typename(L, -1));
        limp_check_entries(c, "q", -1, 4, qnames, "a quaternion {w, x, y, z}");
        for (int i = 0; i < 4; i++) {
            if (lua_rawgeti(L, -1, i + 1) == LUA_TNIL) {
                lua_pop(L, 1);
                lua_getfield(L, -1, qn[i]);
            } else if (lua_getfield(L, -2, qn[i]) != LUA_TNIL && !lua_rawequal(L, -1, -2)) {
                char fk[8];
                snprintf(fk, sizeof fk, "q.%s", qn[i]);
                limp_check_error(c, fk, "is given twice, differently (also as q[%d])", i + 1);
            } else {
                lua_pop(L, 1);
            }
            if (lua_type(L, -1) != LUA_TNUMBER || !isfinite(lua_tonumber(L, -1)))
                limp_check_error(c, "q", "component %s must be a finite number", qn[i]);
            q[i] = lua_tonumber(L, -1);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
        if (imp_rotation_quat(q, R, &why) != IMP_OK)
            limp_check_error(c, "q", "%s, got |q| = %g", why,
                             sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]));
    } else if (hast) {
        const double d = acos(-1.0) / 180;
        if (limp_check_has(c, t, "theta1") && limp_check_has(c, t, "theta1_deg"))
            limp_check_error(c, "theta1_deg", "conflicts with 'theta1'");
        if (limp_check_has(c, t, "theta2") && limp_check_has(c, t, "theta2_deg"))
            limp_check_error(c, "theta2_deg", "conflicts with 'theta2'");
        double t1 = limp_check_has(c, t, "theta1_deg")
            ? d * limp_check_number(c, t, "theta1_deg", 1, 0) : limp_check_number(c, t, "theta1", 0, 0);
        double t2 = limp_check_has(c, t, "theta2_deg")
            ? d * limp_check_number(c, t, "theta2_deg", 1, 0) : limp_check_number(c, t, "theta2", 0, 0);
        imp_rotation_sb(t1, t2, R);
    } else {
        imp_mat3_identity(R);
    }
}

void limp_problem3d_read_shape(const limp_check *c, int bt, limp_body3d_in *bi)
{
    bi->body.m = limp_check_positive(c, bt, "m", 1, 0);
    read_inertia(c, bt, bi, bi->Ib);
    read_orientation(c, bt, bi->R);
    imp_body3d_orient(bi->Ib, bi->moments, bi->axes, bi->R, &bi->body);
    limp_check_vec3(c, bt, "r", 1, NULL, bi->body.r);
}

void limp_problem3d_read_body(const limp_check *top, int t, limp_body3d_in *bi)
{
    lua_State *L = top->L;
    limp_check sub;
    const limp_check *c = top;
    int bt = t;
    memset(bi, 0, sizeof *bi);
    int type = lua_getfield(L, t, "body");
    if (type != LUA_TNIL) {
        if (type != LUA_TTABLE)
            limp_check_error(top, "body", "must be a table (e.g. impact.rod{...}), got %s",
                             luaL_typename(L, -1));
        for (int i = 0; body_keys[i]; i++)
            if (limp_check_has(top, t, body_keys[i]))
                limp_check_error(top, body_keys[i], "conflicts with 'body' (give the body's fields in one place)");
        limp_check_sub(&sub, top, "body");
        c = &sub;
        bt = lua_absindex(L, -1);
        limp_check_known(&sub, bt, limp_problem3d_body_fields, NULL, NULL);
        limp_check_unknown(&sub);
    } else {
        lua_pop(L, 1);
    }
    limp_problem3d_read_shape(c, bt, bi);
    /* velocities: each from the top level, else from the body table */
    int vin = type != LUA_TNIL && !limp_check_has(top, t, "v") && limp_check_has(c, bt, "v");
    int win = type != LUA_TNIL && !limp_check_has(top, t, "w") && limp_check_has(c, bt, "w");
    limp_check_vec3(vin ? c : top, vin ? bt : t, "v", 1, NULL, bi->body.v);
    limp_check_vec3(win ? c : top, win ? bt : t, "w", 0, NULL, bi->body.w);
    if (type != LUA_TNIL) lua_pop(L, 1);
}

void limp_problem3d_read_settings(const limp_check *c, int t, double *mu_s, double *mu_k, int *method,
                                  imp_opts3d *o, imp_law *law, limp_lua_law *lctx)
{
    limp_check_friction(c, t, 0, mu_s, mu_k);
    *method = limp_check_option(c, t, "method", LIMP_EXACT3D, imp_sweep3d_methods);
    imp_opts3d_default(o);
    o->rtol = limp_check_range(c, t, "rtol", 0, o->rtol, IMP_SWEEP3D_RTOL_MIN, IMP_SWEEP3D_RTOL_MAX);
    o->max_steps = (long)limp_check_integer(c, t, "max_steps", 0, o->max_steps, 10, 100000000);
    limp_law_check(c, t, 0, law, lctx);
    if (*method != LIMP_EXACT3D && imp_law_is_compliant(law))
        limp_check_error(c, "law", "(\"%s\", a compliant law) needs method = \"exact\": it is "
                         "followed in time along the exact path", limp_law_name(law));
}

static const char *const body2_fields[] = {"m", "inertia", "R", "theta1", "theta2", "theta1_deg",
    "theta2_deg", "q", "r", "v", "w", NULL};
/* A body's fields, which a mechanism problem must not hold. */
static const char *const not_mech[] = {"body", "body2", "m", "inertia", "R", "theta1", "theta2",
    "theta1_deg", "theta2_deg", "q", "r", "v", "w", NULL};

int limp_problem3d_is_mech(const limp_check *c, int t)
{
    const char *mk = limp_check_has(c, t, "M") ? "M" : limp_check_has(c, t, "J") ? "J"
                   : limp_check_has(c, t, "mechanism") ? "mechanism"
                   : limp_check_has(c, t, "qdot") ? "qdot" : NULL;
    if (!mk) return 0;
    for (int i = 0; not_mech[i]; i++)
        if (limp_check_has(c, t, not_mech[i]))
            limp_check_error(c, not_mech[i], "conflicts with '%s' (give a mechanism as M, J, qdot, "
                             "or bodies, not both)", mk);
    return 1;
}

void limp_problem3d_read_body2(const limp_check *top, int t, limp_body3d_in *bi)
{
    lua_State *L = top->L;
    limp_check sub;
    memset(bi, 0, sizeof *bi);
    if (lua_getfield(L, t, "body2") != LUA_TTABLE)
        limp_check_error(top, "body2", "must be a table (the body below the contact plane), got %s",
                         luaL_typename(L, -1));
    limp_check_sub(&sub, top, "body2");
    int bt = lua_absindex(L, -1);
    limp_check_known(&sub, bt, body2_fields, NULL, NULL);
    limp_check_unknown(&sub);
    limp_problem3d_read_shape(&sub, bt, bi);
    static const double zero[3] = {0, 0, 0};
    limp_check_vec3(&sub, bt, "v", 0, zero, bi->body.v);
    limp_check_vec3(&sub, bt, "w", 0, zero, bi->body.w);
    lua_pop(L, 1);
}

void limp_problem3d_pair(const limp_check *c, const char *body1_prefix, const limp_body3d_in *b1,
                         const limp_body3d_in *b2, imp_pair3d *p)
{
    int which = 0;
    const char *field = NULL, *why = NULL;
    imp_status st = imp_pair3d_init(&b1->body, &b2->body, p, &which, &field, &why);
    if (st == IMP_OK) return;
    char key[48];
    if (which && field) {
        snprintf(key, sizeof key, "%s%s", which == 2 ? "body2." : body1_prefix,
                 strcmp(field, "axes") && strcmp(field, "moments") ? field : "inertia");
        limp_check_error(c, key, "%s", why ? why : "is invalid");
    }
    if (st == IMP_ESINGULAR)
        limp_check_error(c, "body2", "and body 1 make the pair's contact compliance W = W1 + W2 too "
                         "ill-conditioned for double precision (condition number ~%.3g > %g)",
                         p->c.cond, IMP_COND3D_MAX);
    if (st == IMP_EOVERFLOW)
        limp_check_fail(c, "the two bodies give a contact compliance, contact velocity or kinetic "
                        "energy that overflows double precision");
    limp_raise(c, st, NULL);
}

/* The body as read, and its angles (radians) when the table at bt gives
 * them: a sweep that varies one keeps the other. */
static void put_body(lua_State *L, int bt, const limp_body3d_in *bi, imp_sweep3d_body *b)
{
    b->m = bi->body.m;
    memcpy(b->Ib, bi->Ib, sizeof b->Ib);
    memcpy(b->moments, bi->moments, sizeof b->moments);
    memcpy(b->axes, bi->axes, sizeof b->axes);
    memcpy(b->R, bi->R, sizeof b->R);
    memcpy(b->r, bi->body.r, sizeof b->r);
    memcpy(b->v, bi->body.v, sizeof b->v);
    memcpy(b->w, bi->body.w, sizeof b->w);
    lua_getfield(L, bt, "theta1");
    lua_getfield(L, bt, "theta2");
    b->theta1 = lua_tonumber(L, -2);   /* 0 when absent (checked by the reader) */
    b->theta2 = lua_tonumber(L, -1);
    lua_pop(L, 2);
}

int limp_problem3d_read_flat(lua_State *L, int t, imp_problem3d *p)
{
    limp_check c;
    t = lua_absindex(L, t);
    limp_check_init(&c, L, "solve3d");
    limp_check_known(&c, t, limp_problem3d_fields, NULL, NULL);
    limp_check_unknown(&c);
    if (limp_problem3d_is_mech(&c, t)) return 0;
    if (limp_check_has(&c, t, "model")) return 0;   /* a 3D model: solve3d itself */
    limp_body3d_in b1, b2;
    limp_problem3d_read_body(&c, t, &b1);
    memset(p, 0, sizeof *p);
    p->pair = limp_check_has(&c, t, "body2");
    if (p->pair) limp_problem3d_read_body2(&c, t, &b2);
    limp_lua_law lctx;
    limp_problem3d_read_settings(&c, t, &p->mu_s, &p->mu_k, &p->method, &p->opts, &p->law, &lctx);
    if (limp_law_is_lua(&p->law)) return 0;
    int top = lua_gettop(L);
    int bt = lua_getfield(L, t, "body") == LUA_TTABLE ? top + 1 : t;
    put_body(L, bt, &b1, &p->b[0]);
    if (p->pair) {
        lua_getfield(L, t, "body2");
        put_body(L, top + 2, &b2, &p->b[1]);
    }
    lua_settop(L, top);
    return 1;
}
