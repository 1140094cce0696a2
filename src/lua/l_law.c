/* Restitution laws in the binding (see l_law.h): a law read from a name or
 * a Lua function, run under one protected call, its failures raised. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "l_law.h"

/* The reused state object is a plain Lua table, one per solve, so that a
 * law's reads (s.Pn, s.Pc, ...) are ordinary table reads in the VM rather
 * than one C __index call each, and it is filled lazily: a field enters
 * the table when a law first reads it (through __index, from the current
 * state), and from then on limp_lua_law_eval keeps it current, rewriting it
 * only when its value changed. A law reading Pn and Pc thus costs one table
 * write per evaluation, whatever the state offers. limp_law_run empties the
 * table when the solve ends (normally or by an error), and __index then
 * raises for every read of a kept reference: the box it consults is
 * inactive and its pointer to the solve's context is never followed again.
 * (A law that assigns to its state misleads only itself.) */

enum { F_Pn, F_Pc, F_vn, F_vn0, F_Wc, F_Wr, F_Pt, F_vt, F_vt0, F_phase, NFIELDS };
static const char *const field_names[NFIELDS] = {
    "Pn", "Pc", "vn", "vn0", "Wc", "Wr", "Pt", "vt", "vt0", "phase"};
#define BIT(f) (1u << (f))

/* What the state table's __index knows of its solve (its upvalue 1). */
struct limp_law_box {
    limp_lua_law *l;              /* followed only while active */
    int active;                  /* inside limp_law_run */
};

/* The trampoline that limp_law_run calls is one closure (registry[&tramp_key])
 * whose upvalues are the field names, then the two phase names: each write
 * in limp_lua_law_eval, which runs in the trampoline's frame, pushes its key
 * from there instead of interning it from a C string. */
static const char tramp_key = 0;
static const char eval_key = 0;   /* registry[&eval_key]: eval_trampoline, same upvalues */
#define KEY(f) lua_upvalueindex(1 + (f))
#define PHASE_NAME(ph) lua_upvalueindex(1 + NFIELDS + (ph))
static int law_trampoline(lua_State *L);
static int eval_trampoline(lua_State *L);


int limp_law_is_lua(const imp_law *law)
{
    return law->kind == IMP_LAW_CUSTOM && law->fn == limp_lua_law_eval;
}

int limp_law_is_closed(const imp_law *law)
{
    imp_law_end end;
    return imp_law_end_of(law, &end);
}

const char *limp_law_source(const imp_law *law)
{
    if (law->kind != IMP_LAW_CUSTOM || !law->ctx
        || (law->fn != limp_lua_law_eval && law->fn != limp_lua_law_eval_protected))
        return NULL;
    const limp_lua_law *l = law->ctx;
    return l->source[0] ? l->source : NULL;
}

const char *limp_law_name(const imp_law *law)
{
    return imp_law_kind_name(law->kind);
}

/* Pushes field f of s: a number, the phase name, or in 3D a tangential
 * {x =, z =, [1] =, [2] =} table, updated in place when tab is one. */
static void push_field(lua_State *L, const imp_law_state *s, int f, int tab)
{
    const double *v;
    switch (f) {
    case F_Pn: lua_pushnumber(L, s->Pn); return;
    case F_Pc: lua_pushnumber(L, s->Pc); return;
    case F_vn: lua_pushnumber(L, s->vn); return;
    case F_vn0: lua_pushnumber(L, s->vn0); return;
    case F_Wc: lua_pushnumber(L, s->Wc); return;
    case F_Wr: lua_pushnumber(L, s->Wr); return;
    case F_phase:
        lua_pushstring(L, s->phase == IMP_PHASE_COMPRESSION ? "compression" : "restitution");
        return;
    case F_Pt: v = s->Pt; break;
    case F_vt: v = s->vt; break;
    default: v = s->vt0; break;
    }
    if (s->dim == 2) {
        lua_pushnumber(L, v[0]);
        return;
    }
    if (tab)
        lua_pushvalue(L, tab);
    else
        lua_createtable(L, 2, 2);
    limp_set_xz(L, v);
}

static int field_index(const char *k)
{
    for (int f = 0; f < NFIELDS; f++)
        if (strcmp(k, field_names[f]) == 0)
            return f;
    return -1;
}

/* __index (upvalue 1: the box), reached for keys absent from the table:
 * a field a law reads for the first time in this solve enters the table. */
static int lawstate_index(lua_State *L)
{
    limp_law_box *box = lua_touserdata(L, lua_upvalueindex(1));
    if (!box->active || !box->l->written)
        return luaL_error(L, "law state used outside a law evaluation");
    int f = lua_type(L, 2) == LUA_TSTRING ? field_index(lua_tostring(L, 2)) : -1;
    if (f < 0 || !lua_istable(L, 1))
        return 0;
    limp_lua_law *l = box->l;
    push_field(L, &l->last, f, 0);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, -2);
    lua_rawset(L, 1);
    l->fields |= BIT(f);
    return 1;
}

static int lawstate_tostring(lua_State *L)
{
    const limp_law_box *box = NULL;
    if (luaL_getmetafield(L, 1, "__index") == LUA_TFUNCTION &&
        lua_getupvalue(L, -1, 1))
        box = lua_touserdata(L, -1);
    if (!box || !box->active || !box->l->written) {
        lua_pushliteral(L, "law state (idle)");
        return 1;
    }
    const imp_law_state *s = &box->l->last;
    lua_pushfstring(L, "law state {phase = %s, Pn = %f, Pc = %f, vn = %f, vn0 = %f, Wc = %f, Wr = %f}",
                    s->phase == IMP_PHASE_COMPRESSION ? "compression" : "restitution",
                    s->Pn, s->Pc, s->vn, s->vn0, s->Wc, s->Wr);
    return 1;
}

/* core._laws: the registry's rows in order, { {name =, doc =, kind =,
 * params = { {name =, lo =, hi =, doc =}, ... }, closed = the end's closed
 * form or nil, solvers = {names}, builtin = whether law = "name" selects it
 * (the last row, "custom", is a function) }, ... }, read by names.lua. */
static void push_registry(lua_State *L)
{
    lua_createtable(L, IMP_LAW_COUNT, 0);
    for (int k = 0; k < IMP_LAW_COUNT; k++) {
        const imp_law_type *t = &imp_law_types[k];
        lua_createtable(L, 0, 7);
        lua_pushstring(L, t->name);
        lua_setfield(L, -2, "name");
        lua_pushstring(L, t->doc);
        lua_setfield(L, -2, "doc");
        lua_pushinteger(L, k);
        lua_setfield(L, -2, "kind");
        lua_pushboolean(L, k < IMP_LAW_CUSTOM && !t->compliant);
        lua_setfield(L, -2, "builtin");
        lua_pushboolean(L, t->compliant);
        lua_setfield(L, -2, "compliant");
        lua_createtable(L, t->nparams, 0);
        for (int i = 0; i < t->nparams; i++) {
            const imp_law_param *p = &t->params[i];
            lua_createtable(L, 0, 4);
            lua_pushstring(L, p->name);
            lua_setfield(L, -2, "name");
            lua_pushnumber(L, p->lo);
            lua_setfield(L, -2, "lo");
            lua_pushnumber(L, p->hi);
            lua_setfield(L, -2, "hi");
            lua_pushstring(L, p->doc);
            lua_setfield(L, -2, "doc");
            lua_rawseti(L, -2, i + 1);
        }
        lua_setfield(L, -2, "params");
        imp_law probe = {(imp_law_kind)k, 0.5, NULL, NULL};
        imp_law_end end;
        if (imp_law_end_of(&probe, &end)) {
            static const char *const forms[] = {"none", "impulse", "velocity", "work"};
            lua_pushstring(L, forms[end.form]);
            lua_setfield(L, -2, "closed");
        }
        unsigned s = imp_law_solvers(t);
        lua_newtable(L);
        for (int b = 0, n = 0; imp_law_solver_names[b]; b++)
            if (s >> b & 1u) {
                lua_pushstring(L, imp_law_solver_names[b]);
                lua_rawseti(L, -2, ++n);
            }
        lua_setfield(L, -2, "solvers");
        lua_rawseti(L, -2, k + 1);
    }
}

void limp_law_open(lua_State *L)
{
    push_registry(L);
    lua_setfield(L, -2, "_laws");
    luaL_checkstack(L, NFIELDS + 2, "impact: opening the laws");
    for (int f = 0; f < NFIELDS; f++)
        lua_pushstring(L, field_names[f]);
    lua_pushliteral(L, "compression");
    lua_pushliteral(L, "restitution");
    lua_pushcclosure(L, law_trampoline, NFIELDS + 2);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &tramp_key);
    for (int f = 0; f < NFIELDS; f++)
        lua_pushstring(L, field_names[f]);
    lua_pushliteral(L, "compression");
    lua_pushliteral(L, "restitution");
    lua_pushcclosure(L, eval_trampoline, NFIELDS + 2);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &eval_key);
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

/* Cached in l->name: the first call reads the law at its stack slot. */
const char *limp_law_label(limp_lua_law *l)
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
            snprintf(l->source, sizeof l->source, "%s:%d", ar.short_src, ar.linedefined);
            return l->name;
        }
    }
    snprintf(l->name, sizeof l->name, "callable table");
    snprintf(l->source, sizeof l->source, "callable table");
    return l->name;
}

void limp_law_check(const limp_check *c, int t, double def_e, imp_law *law,
                    limp_lua_law *lctx)
{
    limp_law_check_law(c, t, &def_e, law, lctx);
}

void limp_law_check_law(const limp_check *c, int t, const double *def_e, imp_law *law,
                        limp_lua_law *lctx)
{
    lua_State *L = c->L;
    memset(law, 0, sizeof *law);
    if (lua_getfield(L, t, "law") == LUA_TTABLE &&
        limp_law_compliant(c, -1, law, &lctx->compliant)) {   /* { "name", params } */
        lua_pop(L, 1);
        if (limp_check_has(c, t, "e"))
            limp_check_error(c, "e", "is not read with a compliant law: its parameters go in "
                             "the law table (law = { \"%s\", ... })", limp_law_name(law));
        return;
    }
    lua_pop(L, 1);
    if (def_e) law->e = limp_check_range(c, t, "e", 0, *def_e, 0, 1);
    int type = lua_getfield(L, t, "law");
    if (type == LUA_TNIL || type == LUA_TSTRING) {
        lua_pop(L, 1);
        law->kind = (imp_law_kind)limp_check_option(c, t, "law", IMP_LAW_POISSON,
                                                    imp_law_names);
        return;
    }
    if (!is_callable(L, -1)) {
        char names[256];                 /* "poisson", "newton", "energetic" */
        size_t n = 0;
        names[0] = 0;
        for (int i = 0; imp_law_names[i] && n < sizeof names; i++)
            n += (size_t)snprintf(names + n, sizeof names - n, "%s\"%s\"",
                                  i == 0 ? "" : ", ", imp_law_names[i]);
        limp_check_error(c, "law", "must be %s or a function, got %s", names,
                         luaL_typename(L, -1));
    }
    limp_lua_fn_bind(c, lctx);
    lctx->residual = 1;
    law->kind = IMP_LAW_CUSTOM;
    law->fn = limp_lua_law_eval;
    law->ctx = lctx;
}

void limp_lua_fn_bind(const limp_check *c, limp_lua_law *lctx)
{
    lua_State *L = c->L;
    memset(lctx, 0, sizeof *lctx);
    lctx->L = L;
    lctx->check = c;
    lctx->fn = lua_absindex(L, -1);
    limp_law_label(lctx);             /* lctx->name, read by callers' messages */
    /* a fresh state object per solve: a reference a law keeps can only
     * ever see this solve's state, or the error after it */
    lua_createtable(L, 0, 4);
    lua_createtable(L, 0, 2);    /* its metatable, private to this solve */
    lctx->box = lua_newuserdatauv(L, sizeof *lctx->box, 0);
    lctx->box->l = lctx;
    lctx->box->active = 0;
    lua_pushcclosure(L, lawstate_index, 1);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, lawstate_tostring);
    lua_setfield(L, -2, "__tostring");
    lua_setmetatable(L, -2);
    lctx->state = lua_absindex(L, -1);
}

/* state[key f] = the value of field f in s; the state table is at the top
 * of the stack. A 3D tangential table is updated in place. */
static void set_field(lua_State *L, const imp_law_state *s, int f)
{
    if (s->dim == 2 || f < F_Pt || f > F_vt0) {
        lua_pushvalue(L, KEY(f));
        push_field(L, s, f, 0);
        lua_rawset(L, -3);
        return;
    }
    lua_pushvalue(L, KEY(f));
    if (lua_rawget(L, -2) == LUA_TTABLE) {
        push_field(L, s, f, lua_gettop(L));
        lua_pop(L, 2);
        return;
    }
    lua_pop(L, 1);               /* replaced by the law: a new one */
    lua_pushvalue(L, KEY(f));
    push_field(L, s, f, 0);
    lua_rawset(L, -3);
}

static int changed2(const double a[2], const double b[2])
{
    return a[0] != b[0] || a[1] != b[1];
}

/* Runs inside limp_law_run, in the trampoline's frame (see above): brings
 * the fields the law has read so far up to date, then calls it. */
int limp_lua_law_eval(void *ctx, const imp_law_state *s, double *residual)
{
    limp_lua_law *l = ctx;
    lua_State *L = l->L;
    const imp_law_state *o = &l->last;
    unsigned m = l->fields;
    lua_pushvalue(L, l->fn);
    lua_pushvalue(L, l->state);
    if (m) {
        if ((m & BIT(F_Pn)) && s->Pn != o->Pn) set_field(L, s, F_Pn);
        if ((m & BIT(F_Pc)) && s->Pc != o->Pc) set_field(L, s, F_Pc);
        if ((m & BIT(F_vn)) && s->vn != o->vn) set_field(L, s, F_vn);
        if ((m & BIT(F_vn0)) && s->vn0 != o->vn0) set_field(L, s, F_vn0);
        if ((m & BIT(F_Wc)) && s->Wc != o->Wc) set_field(L, s, F_Wc);
        if ((m & BIT(F_Wr)) && s->Wr != o->Wr) set_field(L, s, F_Wr);
        if ((m & BIT(F_Pt)) && changed2(s->Pt, o->Pt)) set_field(L, s, F_Pt);
        if ((m & BIT(F_vt)) && changed2(s->vt, o->vt)) set_field(L, s, F_vt);
        if ((m & BIT(F_vt0)) && changed2(s->vt0, o->vt0)) set_field(L, s, F_vt0);
        if ((m & BIT(F_phase)) && s->phase != o->phase) {
            lua_pushvalue(L, KEY(F_phase));
            lua_pushvalue(L, PHASE_NAME(s->phase == IMP_PHASE_COMPRESSION ? 0 : 1));
            lua_rawset(L, -3);
        }
    }
    l->last = *s;
    l->written = 1;
    lua_call(L, 1, 1);
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
    /* At maximum compression (restitution starts: Pn = Pc, Wr = 0) a
     * law's residual must be <= 0: the impact ends where it reaches zero
     * from below. A positive value there (a sign error, such as
     * (1 + e) Pc - Pn) would end the impact at once, a plastic result
     * that no law meant: an error. */
    if (l->residual && s->phase == IMP_PHASE_RESTITUTION && s->Pn == s->Pc && r > 0) {
        /* the solvers locate maximum compression to their accuracy: vn
         * may be a rounding off 0 there (a tiny positive vn, and Newton's
         * e = 0 written in Lua, s.vn, is positive). Judged on the state
         * as defined (vn = 0, Wr = 0), once more: a law at or below zero
         * there ends the impact at maximum compression, as before. */
        if (!l->snapping && (s->vn != 0 || s->Wr != 0)) {
            imp_law_state z = *s;
            double rz;
            z.vn = 0;
            z.Wr = 0;
            l->snapping = 1;
            int bad = limp_lua_law_eval(l, &z, &rz);
            l->snapping = 0;
            if (!bad) {
                *residual = r;
                return 0;
            }
            if (!l->positive_maxc) return bad;
        }
        l->positive_maxc = 1;
        l->maxc_value = r;
        return 1;
    }
    *residual = r;
    return 0;
}

/* Ends the solve for the state table: empties it, and from now on its
 * __index raises without following the box's pointer. */
static void law_clear(limp_lua_law *l)
{
    lua_State *L = l->L;
    l->box->active = 0;
    for (int f = 0; f < NFIELDS; f++) {
        if (l->fields & BIT(f)) {
            lua_pushnil(L);
            lua_setfield(L, l->state, field_names[f]);
        }
    }
    l->fields = 0;
    l->written = 0;
}

/* The function run under limp_law_run's protected call. The law and its
 * state object are passed as its arguments 2 and 3, because stack indices
 * taken in the caller's frame mean nothing inside this new C frame. */
typedef struct {
    lua_CFunction fn;
    void *ud;
    limp_lua_law *l;
} law_job;

static int law_trampoline(lua_State *L)
{
    law_job *job = lua_touserdata(L, 1);
    limp_lua_law *l = job->l;
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

/* One protected evaluation: eval_trampoline(job, law, state), with the
 * key strings as its upvalues (as law_trampoline's). */
typedef struct {
    limp_lua_law *l;
    const imp_law_state *s;
    double *residual;
    int ret;
} eval_job;

static int eval_trampoline(lua_State *L)
{
    eval_job *job = lua_touserdata(L, 1);
    limp_lua_law *l = job->l;
    int fn = l->fn, state = l->state;
    l->fn = 2;
    l->state = 3;
    job->ret = limp_lua_law_eval(l, job->s, job->residual);
    l->fn = fn;
    l->state = state;
    return 0;
}

int limp_lua_law_eval_protected(void *ctx, const imp_law_state *s, double *residual)
{
    limp_lua_law *l = ctx;
    lua_State *L = l->L;
    eval_job job = {l, s, residual, 1};
    int fn = l->fn, state = l->state;
    lua_rawgetp(L, LUA_REGISTRYINDEX, &eval_key);
    lua_pushlightuserdata(L, &job);
    lua_pushvalue(L, fn);
    lua_pushvalue(L, state);
    if (lua_pcall(L, 3, 0, 0) != LUA_OK) {
        l->fn = fn;
        l->state = state;
        const char *msg = lua_tostring(L, -1);
        l->raised = 1;
        snprintf(l->message, sizeof l->message, "%s", msg ? msg : luaL_typename(L, -1));
        lua_pop(L, 1);
        return 1;
    }
    return job.ret;
}

void limp_lua_fn_activate(limp_lua_law *l, int on)
{
    if (on > 0)
        l->box->active = 1;
    else if (on == 0)
        law_clear(l);
    else
        l->box->active = 0;      /* its frame is gone: the stack untouched */
}

void limp_law_run(lua_State *L, const imp_law *law, lua_CFunction fn, void *ud)
{
    if (!limp_law_is_lua(law)) {
        /* nothing can raise inside: call directly */
        lua_pushcfunction(L, fn);
        lua_pushlightuserdata(L, ud);
        lua_call(L, 1, 0);
        return;
    }
    limp_lua_law *l = law->ctx;
    law_job job = {fn, ud, l};
    int outer_fn = l->fn, outer_state = l->state;
    lua_rawgetp(L, LUA_REGISTRYINDEX, &tramp_key);
    lua_pushlightuserdata(L, &job);
    lua_pushvalue(L, l->fn);
    lua_pushvalue(L, l->state);
    l->box->active = 1;
    if (lua_pcall(L, 3, 0, 0) != LUA_OK) {
        l->fn = outer_fn;
        l->state = outer_state;
        law_clear(l);
        const char *msg = lua_tostring(L, -1);
        /* Ctrl-C inside the law (the host's hook, or lua.c's) stops the
         * caller as anywhere else: the plain "interrupted!", not a law
         * error. */
        if (msg && strcmp(msg, "interrupted!") == 0)
            lua_error(L);
        luaL_error(L, "%s: law (%s) raised an error: %s", l->check->fn, limp_law_label(l),
                   msg ? msg : luaL_typename(L, -1));
    }
    law_clear(l);
}

