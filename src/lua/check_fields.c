/* Field names for the binding's checks (see check.h): which fields a
 * table may hold, the first unknown one reported with the nearest known
 * name (or a note: another reading uses it), the count check, and the
 * lists published to the Lua side (core._check_fields). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

void limp_check_known(limp_check *c, int t, const char *const known[],
                      limp_field_note note, void *note_ud)
{
    c->t = lua_absindex(c->L, t);
    c->known = known;
    c->note = note;
    c->note_ud = note_ud;
}

static int lower(int ch)
{
    return ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch;
}

#define NEAR_MAX 48   /* longer keys get no suggestion */

/* Optimal string alignment distance (insertions, deletions, substitutions
 * and transpositions of neighbours cost 1), ignoring case. */
static int edit_distance(const char *a, size_t na, const char *b, size_t nb)
{
    int d0[NEAR_MAX + 1], d1[NEAR_MAX + 1], d2[NEAR_MAX + 1];
    int *pp = d0, *p = d1, *q = d2;
    for (size_t j = 0; j <= nb; j++)
        p[j] = (int)j;
    for (size_t i = 1; i <= na; i++) {
        q[0] = (int)i;
        for (size_t j = 1; j <= nb; j++) {
            int ca = lower((unsigned char)a[i - 1]), cb = lower((unsigned char)b[j - 1]);
            int v = p[j - 1] + (ca != cb);
            if (p[j] + 1 < v) v = p[j] + 1;
            if (q[j - 1] + 1 < v) v = q[j - 1] + 1;
            if (i > 1 && j > 1 && ca == lower((unsigned char)b[j - 2]) &&
                lower((unsigned char)a[i - 2]) == cb && pp[j - 2] + 1 < v)
                v = pp[j - 2] + 1;
            q[j] = v;
        }
        int *t = pp; pp = p; p = q; q = t;
    }
    return p[nb];
}

const char *limp_nearest_name(const char *key, const char *const names[])
{
    size_t nk = strlen(key);
    if (nk == 0 || nk > NEAR_MAX)
        return NULL;
    /* close enough to be a slip of the keyboard: 1 edit in a short name,
     * 2 in a longer one, 3 in a long one; never all of it */
    int limit = nk <= 3 ? 1 : nk <= 8 ? 2 : 3;
    if (limit >= (int)nk)
        limit = (int)nk - 1;
    /* ties go to a name no shorter than the key (a letter left out is
     * likelier than one added: "mu0" is "mu_0" rather than "mu"), then to
     * the first listed */
    const char *best = NULL;
    int best_score = 2 * limit + 2;
    for (int i = 0; names[i]; i++) {
        size_t nn = strlen(names[i]);
        if (nn > NEAR_MAX || (nn > nk ? nn - nk : nk - nn) > (size_t)limit)
            continue;
        int score = 2 * edit_distance(key, nk, names[i], nn) + (nn < nk);
        if (score < best_score) {
            best_score = score;
            best = names[i];
        }
    }
    return best;
}

/* (the first letters are compared first: most names differ there, and a
 * call of strcmp per name was a fifth of solve3d's time from Lua) */
static int is_known(const char *key, const char *const known[])
{
    for (int i = 0; known[i]; i++)
        if (key[0] == known[i][0] && strcmp(key, known[i]) == 0)
            return 1;
    return 0;
}

/* Pushes the key at idx as the message shows it: 'name' for a string
 * (cut when long), [1] for a number, [true] or [a table] for others. */
static void push_key_text(lua_State *L, const char *prefix, int idx)
{
    int type = lua_type(L, idx);
    if (type == LUA_TSTRING) {
        size_t n;
        const char *s = lua_tolstring(L, idx, &n);
        lua_pushfstring(L, "'%s%s%s'", prefix, n > 60 ? "" : s, n > 60 ? "(a long name)" : "");
    } else if (type == LUA_TNUMBER) {
        lua_pushvalue(L, idx);
        lua_pushfstring(L, "%s[%s]", prefix, lua_tostring(L, -1));
        lua_remove(L, -2);
    } else if (type == LUA_TBOOLEAN) {
        lua_pushfstring(L, "%s[%s]", prefix, lua_toboolean(L, idx) ? "true" : "false");
    } else {
        lua_pushfstring(L, "%s[a %s]", prefix, luaL_typename(L, idx));
    }
}

/* Raises the message for the unknown key at idx of c's table. */
static int raise_unknown(const limp_check *c, int idx)
{
    lua_State *L = c->L;
    luaL_checkstack(L, 8, "impact: checking fields");
    limp_check_prefix_buf pb;
    const char *prefix = limp_check_prefix(c, &pb);
    if (lua_type(L, idx) == LUA_TSTRING) {
        const char *key = lua_tostring(L, idx);
        char buf[256];
        const char *msg = c->note ? c->note(c->note_ud, key, buf, sizeof buf) : NULL;
        if (msg)
            return luaL_error(L, "%s: field '%s%s' %s", c->fn, prefix, key, msg);
        const char *near = limp_nearest_name(key, c->known);
        if (near)
            return luaL_error(L, "%s: unknown field '%s%s' (did you mean '%s%s'?)", c->fn,
                              prefix, key, prefix, near);
    }
    push_key_text(L, prefix, idx);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (int i = 0; c->known[i]; i++) {
        if (i) luaL_addstring(&b, ", ");
        luaL_addstring(&b, c->known[i]);
    }
    luaL_pushresult(&b);
    return luaL_error(L, "%s: unknown field %s (%s%s)", c->fn, lua_tostring(L, -2),
                      c->known[0] ? "known fields: " : "it takes no fields",
                      lua_tostring(L, -1));
}

/* Orders keys for reporting the first unknown one whatever the table's
 * traversal order (which varies with Lua's string hashing): strings by
 * name, before numbers, before other types. */
static int key_before(lua_State *L, int a, int b)
{
    int ta = lua_type(L, a), tb = lua_type(L, b);
    if (ta != tb)
        return ta == LUA_TSTRING || (ta == LUA_TNUMBER && tb != LUA_TSTRING);
    if (ta == LUA_TSTRING)
        return strcmp(lua_tostring(L, a), lua_tostring(L, b)) < 0;
    if (ta == LUA_TNUMBER)
        return lua_compare(L, a, b, LUA_OPLT);
    return 0;
}

/* Whether the string key on top has a note (another reading uses it). */
static int has_note(const limp_check *c)
{
    char buf[256];
    return c->note && lua_type(c->L, -1) == LUA_TSTRING &&
           c->note(c->note_ud, lua_tostring(c->L, -1), buf, sizeof buf) != NULL;
}

static void unknown_in(const limp_check *c)
{
    lua_State *L = c->L;
    if (!c->known || !c->t || !lua_istable(L, c->t))
        return;
    luaL_checkstack(L, 8, "impact: checking fields");
    /* the first unknown key: one that nothing reads before one with a note
     * (a misspelt "model" explains why a model's parameter is not read) */
    int found = 0, noted = 0;
    lua_pushnil(L);
    int best = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, c->t)) {
        lua_pop(L, 1);
        int t = lua_type(L, -1);
        if (t == LUA_TSTRING && is_known(lua_tostring(L, -1), c->known))
            continue;
        int note = has_note(c);
        if (!found || note < noted || (note == noted && key_before(L, -1, best))) {
            lua_pushvalue(L, -1);
            lua_replace(L, best);
            found = 1;
            noted = note;
        }
    }
    if (found)
        raise_unknown(c, best);
    lua_pop(L, 1);
}

void limp_check_unknown(const limp_check *c)
{
    if (c->parent)
        limp_check_unknown(c->parent);
    unknown_in(c);
}

void limp_check_count(const limp_check *c, int nread)
{
    lua_State *L = c->L;
    int n = 0;
    lua_pushnil(L);
    while (lua_next(L, c->t)) {
        lua_pop(L, 1);
        n++;
    }
    if (n != nread)
        limp_check_unknown(c);
}

/* core._check_fields(fname, t, known [, prefix [, notes]]) */
static const char *lua_note(void *ud, const char *key, char *buf, size_t n)
{
    lua_State *L = ud;
    const char *msg = NULL;
    if (lua_istable(L, 5) && lua_getfield(L, 5, key) == LUA_TSTRING) {
        snprintf(buf, n, "%s", lua_tostring(L, -1));
        msg = buf;
    }
    if (lua_istable(L, 5))
        lua_pop(L, 1);
    return msg;
}

static int check_fields_body(lua_State *L)
{
    const char *fn = luaL_checkstring(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    luaL_checktype(L, 3, LUA_TTABLE);
    const char *prefix = luaL_optstring(L, 4, "");
    if (!lua_isnoneornil(L, 5))
        luaL_checktype(L, 5, LUA_TTABLE);
    lua_settop(L, 5);
    lua_Integer n = luaL_len(L, 3);
    luaL_argcheck(L, n >= 0 && n < 4096, 3, "too many names");
    const char **known = lua_newuserdatauv(L, sizeof *known * (size_t)(n + 1), 0);
    for (lua_Integer i = 1; i <= n; i++) {
        if (lua_rawgeti(L, 3, i) != LUA_TSTRING)
            return luaL_argerror(L, 3, "a list of names");
        known[i - 1] = lua_tostring(L, -1);   /* kept alive by the list */
        lua_pop(L, 1);
    }
    known[n] = NULL;
    limp_check c;
    limp_check_init(&c, L, fn);
    c.prefix = prefix;   /* kept alive by the argument */
    limp_check_known(&c, 2, known, lua_note, L);
    limp_check_unknown(&c);
    return 0;
}

/* Returns the message (nil when every field is known), so that the Lua
 * side raises it at the level its own messages use. */
static int l_check_fields(lua_State *L)
{
    lua_settop(L, 5);
    lua_pushcfunction(L, check_fields_body);
    lua_insert(L, 1);
    if (lua_pcall(L, 5, 0, 0) == LUA_OK)
        return 0;
    return 1;
}

void limp_check_publish(lua_State *L, const char *name, const char *const known[])
{
    if (lua_getfield(L, -1, "_fields") != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_setfield(L, -3, "_fields");
    }
    lua_newtable(L);
    for (int i = 0; known[i]; i++) {
        lua_pushstring(L, known[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, name);
    lua_pop(L, 1);
}

void limp_open_check(lua_State *L)
{
    lua_pushcfunction(L, l_check_fields);
    lua_setfield(L, -2, "_check_fields");
}

void limp_check_entries(const limp_check *c, const char *key, int idx, lua_Integer n,
                        const char *const names[], const char *what)
{
    static const char *const none[] = {NULL};
    lua_State *L = c->L;
    limp_check sub;
    limp_check_sub(&sub, c, key);
    limp_check_known(&sub, idx, names ? names : none, NULL, NULL);
    luaL_checkstack(L, 4, "impact: checking entries");
    lua_pushnil(L);
    while (lua_next(L, sub.t)) {
        lua_pop(L, 1);
        lua_Integer i = lua_isinteger(L, -1) ? lua_tointeger(L, -1) : 0;
        if (i >= 1 && i <= n)
            continue;
        if (lua_type(L, -1) == LUA_TSTRING) {
            if (is_known(lua_tostring(L, -1), sub.known))
                continue;
            if (names)                       /* a misspelt component: named */
                raise_unknown(&sub, lua_gettop(L));
        }
        limp_check_prefix_buf pb;
        push_key_text(L, "", lua_gettop(L));
        luaL_error(L, "%s: field '%s%s' has an unknown entry %s (%s)", c->fn,
                   limp_check_prefix(c, &pb), key, lua_tostring(L, -1), what);
    }
}
