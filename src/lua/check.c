#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "csvnum.h"

/* v in its shortest round-trip form: "1.3", not "1.3000000000000000444"
 * (the core's imp_csv_double: "nan" whatever its sign bit, "0" for -0). */
static const char *num(char buf[IMP_CSVNUM_MAX], double v)
{
    imp_csv_double(v, buf);
    return buf;
}

void imp_check_init(imp_check *c, lua_State *L, const char *fn)
{
    c->L = L;
    c->fn = fn;
    c->prefix = "";
    c->key = NULL;
    c->t = 0;
    c->known = NULL;
    c->note = NULL;
    c->note_ud = NULL;
    c->parent = NULL;
}

void imp_check_sub(imp_check *sub, const imp_check *parent, const char *key)
{
    sub->L = parent->L;
    sub->fn = parent->fn;
    sub->prefix = "";
    sub->key = key;
    sub->t = 0;
    sub->known = NULL;
    sub->note = NULL;
    sub->note_ud = NULL;
    sub->parent = parent;
}

/* The prefix of c's fields ("", "body1.", ...), built only for a message
 * (a long one is cut: that only shortens the message). */
typedef struct { char s[96]; } prefix_buf;

static const char *prefix_of(const imp_check *c, prefix_buf *b)
{
    if (!c->parent)
        return c->prefix;
    prefix_buf pb;
    snprintf(b->s, sizeof b->s, "%.60s%.30s.", prefix_of(c->parent, &pb), c->key);
    return b->s;
}

/* ---- unknown fields ---------------------------------------------------- */

void imp_check_known(imp_check *c, int t, const char *const known[],
                     imp_field_note note, void *note_ud)
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

const char *imp_nearest_name(const char *key, const char *const names[])
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

static int is_known(const char *key, const char *const known[])
{
    for (int i = 0; known[i]; i++)
        if (strcmp(key, known[i]) == 0)
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
static int raise_unknown(const imp_check *c, int idx)
{
    lua_State *L = c->L;
    luaL_checkstack(L, 8, "impact: checking fields");
    prefix_buf pb;
    const char *prefix = prefix_of(c, &pb);
    if (lua_type(L, idx) == LUA_TSTRING) {
        const char *key = lua_tostring(L, idx);
        char buf[256];
        const char *msg = c->note ? c->note(c->note_ud, key, buf, sizeof buf) : NULL;
        if (msg)
            return luaL_error(L, "%s: field '%s%s' %s", c->fn, prefix, key, msg);
        const char *near = imp_nearest_name(key, c->known);
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
static int has_note(const imp_check *c)
{
    char buf[256];
    return c->note && lua_type(c->L, -1) == LUA_TSTRING &&
           c->note(c->note_ud, lua_tostring(c->L, -1), buf, sizeof buf) != NULL;
}

static void unknown_in(const imp_check *c)
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

void imp_check_unknown(const imp_check *c)
{
    if (c->parent)
        imp_check_unknown(c->parent);
    unknown_in(c);
}

void imp_check_count(const imp_check *c, int nread)
{
    lua_State *L = c->L;
    int n = 0;
    lua_pushnil(L);
    while (lua_next(L, c->t)) {
        lua_pop(L, 1);
        n++;
    }
    if (n != nread)
        imp_check_unknown(c);
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
    imp_check c;
    imp_check_init(&c, L, fn);
    c.prefix = prefix;   /* kept alive by the argument */
    imp_check_known(&c, 2, known, lua_note, L);
    imp_check_unknown(&c);
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

void imp_check_publish(lua_State *L, const char *name, const char *const known[])
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

void imp_open_check(lua_State *L)
{
    lua_pushcfunction(L, l_check_fields);
    lua_setfield(L, -2, "_check_fields");
}

/* ---- errors ------------------------------------------------------------ */

int imp_check_error(const imp_check *c, const char *key, const char *fmt, ...)
{
    imp_check_unknown(c);
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    prefix_buf pb;
    return luaL_error(c->L, "%s: field '%s%s' %s", c->fn, prefix_of(c, &pb), key, msg);
}

int imp_check_fail(const imp_check *c, const char *fmt, ...)
{
    imp_check_unknown(c);
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return luaL_error(c->L, "%s: %s", c->fn, msg);
}

void imp_check_table_arg(const imp_check *c, int idx)
{
    if (!lua_istable(c->L, idx))
        luaL_error(c->L, "%s: expected a table, got %s", c->fn,
                   luaL_typename(c->L, idx));
}

int imp_check_has(const imp_check *c, int t, const char *key)
{
    int has = lua_getfield(c->L, t, key) != LUA_TNIL;
    lua_pop(c->L, 1);
    return has;
}

/* Reads t[key] as a finite number; returns 0 when absent. */
static int read_number(const imp_check *c, int t, const char *key,
                       int required, double *out)
{
    char b[32];
    lua_State *L = c->L;
    int type = lua_getfield(L, t, key);
    if (type == LUA_TNIL) {
        lua_pop(L, 1);
        if (required)
            imp_check_error(c, key, "is required (a number)");
        return 0;
    }
    if (type != LUA_TNUMBER) {
        /* report the type, not the value: strings like "1" are rejected */
        imp_check_error(c, key, "must be a number, got %s", luaL_typename(L, -1));
    }
    double v = lua_tonumber(L, -1);
    lua_pop(L, 1);
    if (!isfinite(v))
        imp_check_error(c, key, "must be a finite number, got %s", num(b, v));
    *out = v;
    return 1;
}

double imp_check_number(const imp_check *c, int t, const char *key,
                        int required, double def)
{
    double v = def;
    read_number(c, t, key, required, &v);
    return v;
}

double imp_check_positive(const imp_check *c, int t, const char *key,
                          int required, double def)
{
    double v = def;
    char b[32];
    if (read_number(c, t, key, required, &v) && !(v > 0))
        imp_check_error(c, key, "must be positive, got %s", num(b, v));
    return v;
}

double imp_check_range(const imp_check *c, int t, const char *key,
                       int required, double def, double lo, double hi)
{
    double v = def;
    char b[32];
    if (read_number(c, t, key, required, &v) && !(v >= lo && v <= hi))
        imp_check_error(c, key, "must be in [%g, %g], got %s", lo, hi, num(b, v));
    return v;
}

long long imp_check_integer(const imp_check *c, int t, const char *key,
                            int required, long long def,
                            long long lo, long long hi)
{
    lua_State *L = c->L;
    int type = lua_getfield(L, t, key);
    if (type == LUA_TNIL) {
        lua_pop(L, 1);
        if (required)
            imp_check_error(c, key, "is required (an integer)");
        return def;
    }
    int isint = 0;
    lua_Integer v = lua_tointegerx(L, -1, &isint);
    if (type != LUA_TNUMBER || !isint)
        imp_check_error(c, key, "must be an integer, got %s",
                        type == LUA_TNUMBER ? "a fraction" : luaL_typename(L, -1));
    lua_pop(L, 1);
    if (v < lo || v > hi)
        imp_check_error(c, key, "must be in [%lld, %lld], got %lld", lo, hi,
                        (long long)v);
    return v;
}

int imp_check_boolean(const imp_check *c, int t, const char *key, int def)
{
    lua_State *L = c->L;
    int type = lua_getfield(L, t, key);
    int v = def;
    if (type == LUA_TBOOLEAN)
        v = lua_toboolean(L, -1);
    else if (type != LUA_TNIL)
        imp_check_error(c, key, "must be a boolean, got %s", luaL_typename(L, -1));
    lua_pop(L, 1);
    return v;
}

int imp_check_option(const imp_check *c, int t, const char *key, int def,
                     const char *const names[])
{
    lua_State *L = c->L;
    int type = lua_getfield(L, t, key);
    if (type == LUA_TNIL) {
        lua_pop(L, 1);
        return def;
    }
    if (type != LUA_TSTRING)
        imp_check_error(c, key, "must be a string, got %s", luaL_typename(L, -1));
    const char *s = lua_tostring(L, -1);
    for (int i = 0; names[i]; i++) {
        if (strcmp(names[i], s) == 0) {
            lua_pop(L, 1);
            return i;
        }
    }
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (int i = 0; names[i]; i++) {
        if (i) luaL_addstring(&b, ", ");
        luaL_addchar(&b, '"');
        luaL_addstring(&b, names[i]);
        luaL_addchar(&b, '"');
    }
    luaL_pushresult(&b);
    return imp_check_error(c, key, "must be one of %s, got \"%s\"",
                           lua_tostring(L, -1), s);
}

void imp_check_entries(const imp_check *c, const char *key, int idx, lua_Integer n,
                       const char *const names[], const char *what)
{
    static const char *const none[] = {NULL};
    lua_State *L = c->L;
    imp_check sub;
    imp_check_sub(&sub, c, key);
    imp_check_known(&sub, idx, names ? names : none, NULL, NULL);
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
        prefix_buf pb;
        push_key_text(L, "", lua_gettop(L));
        luaL_error(L, "%s: field '%s%s' has an unknown entry %s (%s)", c->fn,
                   prefix_of(c, &pb), key, lua_tostring(L, -1), what);
    }
}

/* Reads element i (1-based) or named field of the table on top. */
static double vec_component(const imp_check *c, const char *key, int i,
                            const char *name)
{
    char b[32];
    lua_State *L = c->L;
    int type = lua_rawgeti(L, -1, i);
    if (type == LUA_TNIL) {
        lua_pop(L, 1);
        type = lua_getfield(L, -1, name);
    } else {
        /* both forms, as the results' vectors carry them: they must agree */
        int differs = lua_getfield(L, -2, name) != LUA_TNIL && !lua_rawequal(L, -1, -2);
        lua_pop(L, 1);
        if (differs) {
            char fk[64];
            snprintf(fk, sizeof fk, "%.40s.%s", key, name);
            imp_check_error(c, fk, "is given twice, differently (also as %.40s[%d])", key, i);
        }
    }
    if (type != LUA_TNUMBER)
        imp_check_error(c, key, "component %s must be a number, got %s", name,
                        luaL_typename(L, -1));
    double v = lua_tonumber(L, -1);
    lua_pop(L, 1);
    if (!isfinite(v))
        imp_check_error(c, key, "component %s must be finite, got %s", name, num(b, v));
    return v;
}

void imp_check_vec3(const imp_check *c, int t, const char *key,
                    int required, const double def[3], double out[3])
{
    static const char *const names[3] = {"x", "y", "z"};
    lua_State *L = c->L;
    int type = lua_getfield(L, t, key);
    if (type == LUA_TNIL) {
        lua_pop(L, 1);
        if (required)
            imp_check_error(c, key, "is required (a vector {x, y, z})");
        for (int i = 0; i < 3; i++)
            out[i] = def ? def[i] : 0.0;
        return;
    }
    if (type != LUA_TTABLE)
        imp_check_error(c, key, "must be a vector {x, y, z}, got %s",
                        luaL_typename(L, -1));
    static const char *const xyz[] = {"x", "y", "z", NULL};
    imp_check_entries(c, key, -1, 3, xyz, "a vector {x, y, z}");
    for (int i = 0; i < 3; i++)
        out[i] = vec_component(c, key, i + 1, names[i]);
    lua_pop(L, 1);
}

void imp_check_mat3(const imp_check *c, int t, const char *key, double out[9])
{
    lua_State *L = c->L;
    if (lua_getfield(L, t, key) != LUA_TTABLE)
        imp_check_error(c, key, "must be a 3x3 matrix (three rows of three numbers), got %s",
                        luaL_typename(L, -1));
    int nested = lua_rawgeti(L, -1, 1) == LUA_TTABLE;
    lua_pop(L, 1);
    imp_check_entries(c, key, -1, nested ? 3 : 9, NULL,
                      "a 3x3 matrix: three rows of three numbers, or nine numbers");
    for (int i = 0; i < 3; i++) {
        if (nested) {
            if (lua_rawgeti(L, -1, i + 1) != LUA_TTABLE)
                imp_check_error(c, key, "row %d must be a table of three numbers", i + 1);
            char row[40];
            snprintf(row, sizeof row, "%.30s[%d]", key, i + 1);
            imp_check_entries(c, row, -1, 3, NULL, "a row of three numbers");
        }
        for (int j = 0; j < 3; j++) {
            int type = nested ? lua_rawgeti(L, -1, j + 1)
                              : lua_rawgeti(L, -1, 3 * i + j + 1);
            if (type != LUA_TNUMBER)
                imp_check_error(c, key, "entry (%d, %d) must be a number, got %s",
                                i + 1, j + 1, luaL_typename(L, -1));
            double v = lua_tonumber(L, -1);
            char b[32];
            if (!isfinite(v))
                imp_check_error(c, key, "entry (%d, %d) must be finite, got %s",
                                i + 1, j + 1, num(b, v));
            out[3 * i + j] = v;
            lua_pop(L, 1);
        }
        if (nested)
            lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

void imp_check_finite(const imp_check *c, const char *key, double v)
{
    char b[32];
    if (!isfinite(v))
        imp_check_error(c, key, "gives a non-finite value (%s)", num(b, v));
}

void imp_check_friction(const imp_check *c, int t, double def,
                        double *mu_s, double *mu_k)
{
    const double inf = HUGE_VAL;
    double mu = imp_check_range(c, t, "mu", 0, def, 0, inf);
    *mu_s = imp_check_range(c, t, "mu_s", 0, mu, 0, inf);
    *mu_k = imp_check_range(c, t, "mu_k", 0, mu, 0, inf);
    if (!(*mu_k > *mu_s))
        return;
    char msg[200];
    const char *field = imp_friction_message(msg, sizeof msg, *mu_s, *mu_k,
                                             imp_check_has(c, t, "mu_s"),
                                             imp_check_has(c, t, "mu_k"),
                                             imp_check_has(c, t, "mu"));
    imp_check_error(c, field, "%s", msg);
}

const char *imp_friction_message(char *msg, size_t n, double mu_s, double mu_k,
                                 int has_s, int has_k, int has_mu)
{
    char a[32], b[32];
    const char *from = has_mu ? "mu" : "the default";
    if (has_s && !has_k) {
        snprintf(msg, n, "must be at least the kinetic coefficient mu_k = %s (taken from %s; "
                 "give mu_k too, or a larger mu_s), got %s", num(a, mu_k), from, num(b, mu_s));
        return "mu_s";
    }
    if (has_k && !has_s)
        snprintf(msg, n, "must not exceed the static coefficient mu_s = %s (taken from %s; "
                 "give mu_s too, or a smaller mu_k), got %s", num(b, mu_s), from, num(a, mu_k));
    else
        snprintf(msg, n, "must not exceed mu_s (%s > %s)", num(a, mu_k), num(b, mu_s));
    return "mu_k";
}

void imp_set_number(lua_State *L, const char *key, double v)
{
    lua_pushnumber(L, v);
    lua_setfield(L, -2, key);
}

void imp_set_string(lua_State *L, const char *key, const char *v)
{
    lua_pushstring(L, v);
    lua_setfield(L, -2, key);
}

void imp_set_boolean(lua_State *L, const char *key, int v)
{
    lua_pushboolean(L, v);
    lua_setfield(L, -2, key);
}

void imp_push_vec3(lua_State *L, const double v[3])
{
    static const char *const names[3] = {"x", "y", "z"};
    lua_createtable(L, 3, 3);
    for (int i = 0; i < 3; i++) {
        lua_pushnumber(L, v[i]);
        lua_pushvalue(L, -1);
        lua_rawseti(L, -3, i + 1);
        lua_setfield(L, -2, names[i]);
    }
}

void imp_set_xz(lua_State *L, const double v[2])
{
    lua_pushnumber(L, v[0]);
    lua_setfield(L, -2, "x");
    lua_pushnumber(L, v[1]);
    lua_setfield(L, -2, "z");
    lua_pushnumber(L, v[0]);
    lua_rawseti(L, -2, 1);
    lua_pushnumber(L, v[1]);
    lua_rawseti(L, -2, 2);
}
