#include <math.h>
#include <string.h>

#include "l_law.h"

#define LAWSTATE_MT "impact.LawState"

/* The reused state object: a userdata holding a copy of the core's current
 * state, so a law evaluation creates no table. cur points at the copy
 * during an evaluation and is NULL otherwise. A copy, not a pointer into
 * the core's frame: if an error skips the reset, a reference the law kept
 * still reads valid memory. */
struct imp_law_box {
    imp_law_state st;
    const imp_law_state *cur;
};

static const char *const law_names[] = {"poisson", "newton", "energetic", NULL};

const char *imp_law_name(const imp_law *law)
{
    return law->kind == IMP_LAW_CUSTOM ? "custom" : law_names[law->kind];
}

/* Pushes a tangential quantity: a number in 2D, a reused {x =, z =} table
 * (one per field, kept in the userdata's user values) in 3D. */
static int push_tangential(lua_State *L, const imp_law_state *s,
                           const double v[2], int slot)
{
    if (s->dim == 2) {
        lua_pushnumber(L, v[0]);
        return 1;
    }
    if (lua_getiuservalue(L, 1, slot) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_createtable(L, 2, 2);
        lua_pushvalue(L, -1);
        lua_setiuservalue(L, 1, slot);
    }
    lua_pushnumber(L, v[0]);
    lua_setfield(L, -2, "x");
    lua_pushnumber(L, v[1]);
    lua_setfield(L, -2, "z");
    lua_pushnumber(L, v[0]);
    lua_rawseti(L, -2, 1);
    lua_pushnumber(L, v[1]);
    lua_rawseti(L, -2, 2);
    return 1;
}

/* s.key for a law. This runs once per field a law reads, so it avoids
 * luaL_checkudata's registry lookup (the metatable is upvalue 1) and
 * dispatches on the key's length and characters instead of strcmp. */
static int lawstate_index(lua_State *L)
{
    imp_law_box *box = lua_touserdata(L, 1);
    if (!box || !lua_getmetatable(L, 1) || !lua_rawequal(L, -1, lua_upvalueindex(1)))
        return luaL_typeerror(L, 1, LAWSTATE_MT);
    size_t n;
    const char *k = lua_type(L, 2) == LUA_TSTRING ? lua_tolstring(L, 2, &n) : NULL;
    const imp_law_state *s = box->cur;
    if (!s)
        return luaL_error(L, "law state used outside a law evaluation");
    if (!k)
        return 0;
    double v;
    if (n == 2 && k[0] == 'P' && k[1] == 'n') v = s->Pn;
    else if (n == 2 && k[0] == 'P' && k[1] == 'c') v = s->Pc;
    else if (n == 2 && k[0] == 'v' && k[1] == 'n') v = s->vn;
    else if (n == 3 && k[0] == 'v' && k[1] == 'n' && k[2] == '0') v = s->vn0;
    else if (n == 2 && k[0] == 'W' && k[1] == 'c') v = s->Wc;
    else if (n == 2 && k[0] == 'W' && k[1] == 'r') v = s->Wr;
    else if (n == 2 && k[0] == 'P' && k[1] == 't') return push_tangential(L, s, s->Pt, 1);
    else if (n == 2 && k[0] == 'v' && k[1] == 't') return push_tangential(L, s, s->vt, 2);
    else if (n == 3 && k[0] == 'v' && k[1] == 't' && k[2] == '0')
        return push_tangential(L, s, s->vt0, 3);
    else if (n == 5 && strcmp(k, "phase") == 0) {
        lua_pushstring(L, s->phase == IMP_PHASE_COMPRESSION ? "compression" : "restitution");
        return 1;
    } else
        return 0;
    lua_pushnumber(L, v);
    return 1;
}

static int lawstate_tostring(lua_State *L)
{
    imp_law_box *box = luaL_checkudata(L, 1, LAWSTATE_MT);
    const imp_law_state *s = box->cur;
    if (!s) {
        lua_pushstring(L, "law state (idle)");
        return 1;
    }
    lua_pushfstring(L, "law state {phase = %s, Pn = %f, Pc = %f, vn = %f, vn0 = %f, Wc = %f, Wr = %f}",
                    s->phase == IMP_PHASE_COMPRESSION ? "compression" : "restitution",
                    s->Pn, s->Pc, s->vn, s->vn0, s->Wc, s->Wr);
    return 1;
}

void imp_law_open(lua_State *L)
{
    if (luaL_newmetatable(L, LAWSTATE_MT)) {
        lua_pushvalue(L, -1);
        lua_pushcclosure(L, lawstate_index, 1);
        lua_setfield(L, -2, "__index");
        lua_pushcfunction(L, lawstate_tostring);
        lua_setfield(L, -2, "__tostring");
    }
    lua_pop(L, 1);
}

static int is_callable(lua_State *L, int idx)
{
    if (lua_isfunction(L, idx))
        return 1;
    if (luaL_getmetafield(L, idx, "__call") != LUA_TNIL) {
        lua_pop(L, 1);
        return 1;
    }
    return 0;
}

/* "function <file:line>" or "callable table", for error messages; the
 * law must still be at its stack slot (the caller's frame). */
static const char *law_label(imp_lua_law *l)
{
    if (l->name[0])
        return l->name;
    lua_State *L = l->L;
    lua_Debug ar;
    if (lua_isfunction(L, l->fn)) {
        lua_pushvalue(L, l->fn);
        if (lua_getinfo(L, ">S", &ar)) {
            snprintf(l->name, sizeof l->name, "function <%s:%d>", ar.short_src,
                     ar.linedefined);
            return l->name;
        }
    }
    snprintf(l->name, sizeof l->name, "callable table");
    return l->name;
}

void imp_law_check(const imp_check *c, int t, double def_e, imp_law *law,
                   imp_lua_law *lctx)
{
    lua_State *L = c->L;
    memset(law, 0, sizeof *law);
    law->e = imp_check_range(c, t, "e", 0, def_e, 0, 1);
    int type = lua_getfield(L, t, "law");
    if (type == LUA_TNIL || type == LUA_TSTRING) {
        lua_pop(L, 1);
        law->kind = (imp_law_kind)imp_check_option(c, t, "law", IMP_LAW_POISSON,
                                                   law_names);
        return;
    }
    if (!is_callable(L, -1))
        imp_check_error(c, "law", "must be \"poisson\", \"newton\", \"energetic\" or a function, got %s",
                        luaL_typename(L, -1));
    memset(lctx, 0, sizeof *lctx);
    lctx->L = L;
    lctx->check = c;
    lctx->fn = lua_absindex(L, -1);
    law_label(lctx);             /* lctx->name, read by callers' messages */
    /* a fresh state object per solve: a reference a law keeps can only
     * ever see this solve's state, or the error after it */
    lctx->box = lua_newuserdatauv(L, sizeof *lctx->box, 3);
    lctx->box->cur = NULL;
    luaL_setmetatable(L, LAWSTATE_MT);
    lctx->state = lua_absindex(L, -1);
    law->kind = IMP_LAW_CUSTOM;
    law->fn = imp_lua_law_eval;
    law->ctx = lctx;
}

int imp_lua_law_eval(void *ctx, const imp_law_state *s, double *residual)
{
    imp_lua_law *l = ctx;
    lua_State *L = l->L;
    l->box->st = *s;
    l->box->cur = &l->box->st;
    lua_pushvalue(L, l->fn);
    lua_pushvalue(L, l->state);
    lua_call(L, 1, 1);
    l->box->cur = NULL;
    if (lua_type(L, -1) != LUA_TNUMBER) {
        l->badtype = luaL_typename(L, -1);
        lua_pop(L, 1);
        return 1;
    }
    double r = lua_tonumber(L, -1);
    lua_pop(L, 1);
    if (!isfinite(r)) {
        l->badtype = "a non-finite number";
        l->badvalue = r;
        return 1;
    }
    *residual = r;
    return 0;
}

/* The function run under imp_law_run's protected call. The law and its
 * state object are passed as its arguments 2 and 3, because stack indices
 * taken in the caller's frame mean nothing inside this new C frame. */
typedef struct {
    lua_CFunction fn;
    void *ud;
    imp_lua_law *l;
} law_job;

static int law_trampoline(lua_State *L)
{
    law_job *job = lua_touserdata(L, 1);
    imp_lua_law *l = job->l;
    int fn = l->fn, state = l->state;
    l->fn = 2;
    l->state = 3;
    lua_pushlightuserdata(L, job->ud);
    lua_replace(L, 1);           /* job->fn sees its ud at index 1 */
    int n = job->fn(L);
    l->fn = fn;
    l->state = state;
    return n;
}

void imp_law_run(lua_State *L, const imp_law *law, lua_CFunction fn, void *ud)
{
    if (law->kind != IMP_LAW_CUSTOM) {
        /* nothing can raise inside: call directly */
        lua_pushcfunction(L, fn);
        lua_pushlightuserdata(L, ud);
        lua_call(L, 1, 0);
        return;
    }
    imp_lua_law *l = law->ctx;
    law_job job = {fn, ud, l};
    int outer_fn = l->fn, outer_state = l->state;
    lua_pushcfunction(L, law_trampoline);
    lua_pushlightuserdata(L, &job);
    lua_pushvalue(L, l->fn);
    lua_pushvalue(L, l->state);
    if (lua_pcall(L, 3, 0, 0) != LUA_OK) {
        l->fn = outer_fn;
        l->state = outer_state;
        l->box->cur = NULL;
        const char *msg = lua_tostring(L, -1);
        luaL_error(L, "%s: law (%s) raised an error: %s", l->check->fn, law_label(l),
                   msg ? msg : luaL_typename(L, -1));
    }
}

int imp_law_raise(lua_State *L, const imp_check *c, const imp_law *law,
                  imp_status st)
{
    imp_lua_law *l = law->kind == IMP_LAW_CUSTOM ? law->ctx : NULL;
    if (st == IMP_ELAW && l && l->badtype && strcmp(l->badtype, "a non-finite number") == 0)
        return luaL_error(L, "%s: law (%s) must return a finite number, got %s",
                          c->fn, law_label(l), l->badvalue != l->badvalue ? "nan"
                          : l->badvalue > 0 ? "inf" : "-inf");
    if (st == IMP_ELAW && l)
        return luaL_error(L, "%s: law (%s) must return a finite number, got %s",
                          c->fn, law_label(l), l->badtype ? l->badtype : "nothing");
    if (st == IMP_ENOROOT)
        return luaL_error(L, "%s: law (%s) never reached zero after maximum compression",
                          c->fn, l ? law_label(l) : imp_law_name(law));
    return luaL_error(L, "%s: %s", c->fn, imp_strerror(st));
}
