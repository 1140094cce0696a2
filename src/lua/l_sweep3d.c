/* The 3D sweep's reader: a point of solve3d's problem (one body on the
 * plane or two moving bodies, given at the top level or as body = {...},
 * body2 = {...}) read by solve3d's own readers into the flat problem that
 * src/core/sweep3d.c varies and solves on worker threads. */
#include <string.h>

#include <lauxlib.h>

#include "l_solve3d.h"

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

int limp_solve3d_read_problem(lua_State *L, int t, imp_problem3d *p)
{
    limp_check c;
    t = lua_absindex(L, t);
    limp_check_init(&c, L, "solve3d");
    limp_check_known(&c, t, limp_solve3d_fields, NULL, NULL);
    limp_check_unknown(&c);
    if (limp_solve3d_is_mech(&c, t)) return 0;
    limp_body3d_in b1, b2;
    limp_solve3d_read_body(&c, t, &b1);
    memset(p, 0, sizeof *p);
    p->pair = limp_check_has(&c, t, "body2");
    if (p->pair) limp_solve3d_read_body2(&c, t, &b2);
    limp_lua_law lctx;
    limp_solve3d_read_settings(&c, t, &p->mu_s, &p->mu_k, &p->method, &p->opts, &p->law, &lctx);
    if (p->law.kind == IMP_LAW_CUSTOM) return 0;
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
