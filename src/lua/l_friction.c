/* Friction laws from Lua (see l_friction.h). The function and its state
 * object live at stack slots of the binding's frame; the core may call
 * the law from inside another protected frame (a Lua restitution law's,
 * limp_law_run), where those slots are out of reach, so the pair is also
 * kept in the registry under the limp_friction's address for the solve's
 * duration and pushed from there for each call. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "l_friction.h"

int limp_friction_given(lua_State *L, int t)
{
    int type = lua_getfield(L, t, "friction");
    lua_pop(L, 1);
    return type != LUA_TNIL;
}

/* The core's callback: mu(state) through the Lua function, protected. */
static int friction_eval(void *ctx, const imp_law_state *s, double *mu)
{
    limp_friction *fr = ctx;
    limp_lua_law *l = &fr->l;
    lua_State *L = l->L;
    if (fr->failed)
        return 1;
    if (!lua_checkstack(L, 8)) {     /* (raising here would unwind the core) */
        fr->failed = 1;
        l->raised = 1;
        l->last = *s;
        snprintf(l->message, sizeof l->message, "stack overflow");
        return 1;
    }
    lua_rawgetp(L, LUA_REGISTRYINDEX, fr);
    lua_rawgeti(L, -1, 1);
    lua_rawgeti(L, -2, 2);
    int fn = l->fn, state = l->state;
    l->fn = lua_absindex(L, -2);
    l->state = lua_absindex(L, -1);
    int r = limp_lua_law_eval_protected(l, s, mu);
    l->fn = fn;
    l->state = state;
    lua_pop(L, 3);
    if (r) {
        fr->failed = 1;
        return 1;
    }
    if (*mu < 0) {
        fr->failed = 2;
        fr->negative = *mu;
        return 1;
    }
    return 0;
}

/* The guard's __close: a solve left by an error (a Lua restitution law
 * that raised, Ctrl-C) ends the law here. Only Lua-owned memory is
 * touched: the C frames are gone by then. */
static int friction_close(lua_State *L)
{
    limp_friction *fr = lua_touserdata(L, 1);
    if (fr && fr->active) {
        fr->active = 0;
        limp_lua_fn_activate(&fr->l, -1);   /* its state object raises from now on */
        lua_pushnil(L);
        lua_rawsetp(L, LUA_REGISTRYINDEX, fr);
    }
    return 0;
}

void limp_friction_check(const limp_check *c, int t)
{
    lua_State *L = c->L;
    static const char *const excl[] = {"mu", "mu_s", "mu_k"};
    for (int i = 0; i < 3; i++)
        if (limp_check_has(c, t, excl[i]))
            limp_check_error(c, "friction", "cannot be given together with %s (the friction "
                             "law gives the coefficient)", excl[i]);
    lua_getfield(L, t, "friction");
    int callable = lua_isfunction(L, -1);
    if (!callable && luaL_getmetafield(L, -1, "__call") != LUA_TNIL) {
        lua_pop(L, 1);
        callable = 1;
    }
    if (!callable)
        limp_check_error(c, "friction", "must be a function of the law state s returning the "
                         "friction coefficient, got %s", luaL_typename(L, -1));
    lua_pop(L, 1);
}

limp_friction *limp_friction_read(const limp_check *c, int t)
{
    lua_State *L = c->L;
    t = lua_absindex(L, t);
    limp_friction_check(c, t);
    lua_getfield(L, t, "friction");
    int fn = lua_gettop(L);
    limp_friction *fr = lua_newuserdatauv(L, sizeof *fr, 0);
    memset(fr, 0, sizeof *fr);
    if (luaL_newmetatable(L, "impact.FrictionLaw")) {
        lua_pushcfunction(L, friction_close);
        lua_setfield(L, -2, "__close");
    }
    lua_setmetatable(L, -2);
    lua_pushvalue(L, fn);
    limp_lua_fn_bind(c, &fr->l);     /* the function copied, then its state object */
    lua_createtable(L, 2, 0);
    lua_pushvalue(L, fr->l.fn);
    lua_rawseti(L, -2, 1);
    lua_pushvalue(L, fr->l.state);
    lua_rawseti(L, -2, 2);
    lua_rawsetp(L, LUA_REGISTRYINDEX, fr);
    limp_lua_fn_activate(&fr->l, 1);
    fr->active = 1;
    fr->f.fn = friction_eval;
    fr->f.ctx = fr;
    lua_pushvalue(L, fn + 1);        /* the guard, closed on any exit */
    lua_toclose(L, -1);
    return fr;
}

void limp_friction_done(limp_friction *fr)
{
    if (!fr->active)
        return;
    lua_State *L = fr->l.L;
    fr->active = 0;
    lua_pushnil(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, fr);
    limp_lua_fn_activate(&fr->l, 0);
}

int limp_friction_raise(const limp_check *c, limp_friction *fr)
{
    limp_lua_law *l = &fr->l;
    if (!fr->failed)
        return 0;
    lua_State *L = c->L;
    if (l->raised && strcmp(l->message, "interrupted!") == 0) {
        lua_pushstring(L, l->message);   /* Ctrl-C: the plain message */
        return lua_error(L);
    }
    const imp_law_state *s = &l->last;
    const char *ph = s->phase == IMP_PHASE_COMPRESSION ? "compression" : "restitution";
    char at[200], msg[700];
    if (s->dim == 3)
        snprintf(at, sizeof at, "at Pn = %.10g, vn = %.10g, vt = {%.10g, %.10g} (%s)", s->Pn,
                 s->vn, s->vt[0], s->vt[1], ph);
    else
        snprintf(at, sizeof at, "at Pn = %.10g, vn = %.10g, vt = %.10g (%s)", s->Pn, s->vn,
                 s->vt[0], ph);
    const char *label = limp_law_label(l);
    if (l->raised) {             /* in full: limp_check_error would cut it */
        snprintf(msg, sizeof msg, "%s: field 'friction' (%s) raised an error %s: %s", c->fn,
                 label, at, l->message);
        lua_pushstring(L, msg);
        return lua_error(L);
    }
    if (fr->failed == 2)
        return limp_check_error(c, "friction", "(%s) returned %.10g %s: a friction coefficient "
                                "must be >= 0", label, fr->negative, at);
    const char *got = !l->badtype ? "nothing"
                    : strcmp(l->badtype, "a non-finite number") != 0 ? l->badtype
                    : l->badvalue != l->badvalue ? "nan" : l->badvalue > 0 ? "inf" : "-inf";
    return limp_check_error(c, "friction", "(%s) must return a finite number >= 0, got %s %s",
                            label, got, at);
}

const char *const limp_friction_notmulti =
    "is not supported by solve_multi's models (each contact takes mu, or mu_s and mu_k); "
    "friction laws run on solve2d's single-contact path";

const char *limp_friction_note(void *ud, const char *key, char *buf, size_t n)
{
    if (strcmp(key, "friction") != 0)
        return NULL;
    snprintf(buf, n, "%s", (const char *)ud);
    return buf;
}
