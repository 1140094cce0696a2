/* Argument checking for the binding (see check.h): numbers, ranges,
 * options, vectors, angles and friction read field by field, and the
 * errors that name the function and the field. */
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

void limp_check_init(limp_check *c, lua_State *L, const char *fn)
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

void limp_check_sub(limp_check *sub, const limp_check *parent, const char *key)
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


const char *limp_check_prefix(const limp_check *c, limp_check_prefix_buf *b)
{
    if (!c->parent)
        return c->prefix;
    limp_check_prefix_buf pb;
    snprintf(b->s, sizeof b->s, "%.60s%.30s.", limp_check_prefix(c->parent, &pb), c->key);
    return b->s;
}


/* ---- errors ------------------------------------------------------------ */

int limp_check_error(const limp_check *c, const char *key, const char *fmt, ...)
{
    limp_check_unknown(c);
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    limp_check_prefix_buf pb;
    return luaL_error(c->L, "%s: field '%s%s' %s", c->fn, limp_check_prefix(c, &pb), key, msg);
}

int limp_check_fail(const limp_check *c, const char *fmt, ...)
{
    limp_check_unknown(c);
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return luaL_error(c->L, "%s: %s", c->fn, msg);
}

void limp_check_table_arg(const limp_check *c, int idx)
{
    if (!lua_istable(c->L, idx))
        luaL_error(c->L, "%s: expected a table, got %s", c->fn,
                   luaL_typename(c->L, idx));
}

int limp_check_has(const limp_check *c, int t, const char *key)
{
    int has = lua_getfield(c->L, t, key) != LUA_TNIL;
    lua_pop(c->L, 1);
    return has;
}

/* Reads t[key] as a finite number; returns 0 when absent. */
static int read_number(const limp_check *c, int t, const char *key,
                       int required, double *out)
{
    char b[32];
    lua_State *L = c->L;
    int type = lua_getfield(L, t, key);
    if (type == LUA_TNIL) {
        lua_pop(L, 1);
        if (required)
            limp_check_error(c, key, "is required (a number)");
        return 0;
    }
    if (type != LUA_TNUMBER) {
        /* report the type, not the value: strings like "1" are rejected */
        limp_check_error(c, key, "must be a number, got %s", luaL_typename(L, -1));
    }
    double v = lua_tonumber(L, -1);
    lua_pop(L, 1);
    if (!isfinite(v))
        limp_check_error(c, key, "must be a finite number, got %s", num(b, v));
    *out = v;
    return 1;
}

double limp_check_number(const limp_check *c, int t, const char *key,
                         int required, double def)
{
    double v = def;
    read_number(c, t, key, required, &v);
    return v;
}

double limp_check_positive(const limp_check *c, int t, const char *key,
                           int required, double def)
{
    double v = def;
    char b[32];
    if (read_number(c, t, key, required, &v) && !(v > 0))
        limp_check_error(c, key, "must be positive, got %s", num(b, v));
    return v;
}

double limp_check_range(const limp_check *c, int t, const char *key,
                        int required, double def, double lo, double hi)
{
    double v = def;
    char b[32];
    if (read_number(c, t, key, required, &v) && !(v >= lo && v <= hi))
        limp_check_error(c, key, "must be in [%g, %g], got %s", lo, hi, num(b, v));
    return v;
}

long long limp_check_integer(const limp_check *c, int t, const char *key,
                             int required, long long def,
                             long long lo, long long hi)
{
    lua_State *L = c->L;
    int type = lua_getfield(L, t, key);
    if (type == LUA_TNIL) {
        lua_pop(L, 1);
        if (required)
            limp_check_error(c, key, "is required (an integer)");
        return def;
    }
    int isint = 0;
    lua_Integer v = lua_tointegerx(L, -1, &isint);
    if (type != LUA_TNUMBER || !isint)
        limp_check_error(c, key, "must be an integer, got %s",
                         type == LUA_TNUMBER ? "a fraction" : luaL_typename(L, -1));
    lua_pop(L, 1);
    if (v < lo || v > hi)
        limp_check_error(c, key, "must be in [%lld, %lld], got %lld", lo, hi,
                         (long long)v);
    return v;
}

int limp_check_boolean(const limp_check *c, int t, const char *key, int def)
{
    lua_State *L = c->L;
    int type = lua_getfield(L, t, key);
    int v = def;
    if (type == LUA_TBOOLEAN)
        v = lua_toboolean(L, -1);
    else if (type != LUA_TNIL)
        limp_check_error(c, key, "must be a boolean, got %s", luaL_typename(L, -1));
    lua_pop(L, 1);
    return v;
}

int limp_check_option(const limp_check *c, int t, const char *key, int def,
                      const char *const names[])
{
    lua_State *L = c->L;
    int type = lua_getfield(L, t, key);
    if (type == LUA_TNIL) {
        lua_pop(L, 1);
        return def;
    }
    if (type != LUA_TSTRING)
        limp_check_error(c, key, "must be a string, got %s", luaL_typename(L, -1));
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
    return limp_check_error(c, key, "must be one of %s, got \"%s\"",
                            lua_tostring(L, -1), s);
}

/* Reads element i (1-based) or named field of the table on top. */
static double vec_component(const limp_check *c, const char *key, int i,
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
            limp_check_error(c, fk, "is given twice, differently (also as %.40s[%d])", key, i);
        }
    }
    if (type != LUA_TNUMBER)
        limp_check_error(c, key, "component %s must be a number, got %s", name,
                         luaL_typename(L, -1));
    double v = lua_tonumber(L, -1);
    lua_pop(L, 1);
    if (!isfinite(v))
        limp_check_error(c, key, "component %s must be finite, got %s", name, num(b, v));
    return v;
}

void limp_check_vec3(const limp_check *c, int t, const char *key,
                     int required, const double def[3], double out[3])
{
    static const char *const names[3] = {"x", "y", "z"};
    lua_State *L = c->L;
    int type = lua_getfield(L, t, key);
    if (type == LUA_TNIL) {
        lua_pop(L, 1);
        if (required)
            limp_check_error(c, key, "is required (a vector {x, y, z})");
        for (int i = 0; i < 3; i++)
            out[i] = def ? def[i] : 0.0;
        return;
    }
    if (type != LUA_TTABLE)
        limp_check_error(c, key, "must be a vector {x, y, z}, got %s",
                         luaL_typename(L, -1));
    static const char *const xyz[] = {"x", "y", "z", NULL};
    limp_check_entries(c, key, -1, 3, xyz, "a vector {x, y, z}");
    for (int i = 0; i < 3; i++)
        out[i] = vec_component(c, key, i + 1, names[i]);
    lua_pop(L, 1);
}

void limp_check_mat3(const limp_check *c, int t, const char *key, double out[9])
{
    lua_State *L = c->L;
    if (lua_getfield(L, t, key) != LUA_TTABLE)
        limp_check_error(c, key, "must be a 3x3 matrix (three rows of three numbers), got %s",
                         luaL_typename(L, -1));
    int nested = lua_rawgeti(L, -1, 1) == LUA_TTABLE;
    lua_pop(L, 1);
    limp_check_entries(c, key, -1, nested ? 3 : 9, NULL,
                       "a 3x3 matrix: three rows of three numbers, or nine numbers");
    for (int i = 0; i < 3; i++) {
        if (nested) {
            if (lua_rawgeti(L, -1, i + 1) != LUA_TTABLE)
                limp_check_error(c, key, "row %d must be a table of three numbers", i + 1);
            char row[40];
            snprintf(row, sizeof row, "%.30s[%d]", key, i + 1);
            limp_check_entries(c, row, -1, 3, NULL, "a row of three numbers");
        }
        for (int j = 0; j < 3; j++) {
            int type = nested ? lua_rawgeti(L, -1, j + 1)
                              : lua_rawgeti(L, -1, 3 * i + j + 1);
            if (type != LUA_TNUMBER)
                limp_check_error(c, key, "entry (%d, %d) must be a number, got %s",
                                 i + 1, j + 1, luaL_typename(L, -1));
            double v = lua_tonumber(L, -1);
            char b[32];
            if (!isfinite(v))
                limp_check_error(c, key, "entry (%d, %d) must be finite, got %s",
                                 i + 1, j + 1, num(b, v));
            out[3 * i + j] = v;
            lua_pop(L, 1);
        }
        if (nested)
            lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

#define DEG (3.14159265358979323846 / 180)

double limp_check_angle(const limp_check *c, int t, const char *key, int required,
                        double def, double lo, double hi)
{
    char kd[32];
    snprintf(kd, sizeof kd, "%s_deg", key);
    int has = limp_check_has(c, t, key), hasd = limp_check_has(c, t, kd);
    if (has && hasd) limp_check_error(c, kd, "and '%s' are exclusive: give one", key);
    double v;
    if (hasd) {
        v = limp_check_number(c, t, kd, 1, 0) * DEG;
        if (!(v > lo && v < hi))
            limp_check_error(c, kd, "must be in (%g, %g), got %.17g", lo / DEG, hi / DEG, v / DEG);
        return v;
    }
    if (!has && required) limp_check_error(c, key, "is required (or '%s', in degrees)", kd);
    v = limp_check_number(c, t, key, 0, def);
    if (has && !(v > lo && v < hi))
        limp_check_error(c, key, "must be in (%g, %g) radians, got %.17g", lo, hi, v);
    return v;
}

void limp_check_angle_range(const limp_check *c, int t, const char *key, const double def[3],
                            double lo, double hi, double out[3], int *n)
{
    lua_State *L = c->L;
    char kd[32];
    snprintf(kd, sizeof kd, "%s_deg", key);
    int hasd = limp_check_has(c, t, kd), has = limp_check_has(c, t, key);
    if (has && hasd) limp_check_error(c, kd, "and '%s' are exclusive: give one", key);
    const char *k = hasd ? kd : key;
    double scale = hasd ? DEG : 1;
    if (!has && !hasd) {
        out[0] = def[0]; out[1] = def[1]; *n = (int)def[2];
        return;
    }
    lua_getfield(L, t, k);
    if (!lua_istable(L, -1))
        limp_check_error(c, k, "must be a table {from, to, n}, got %s", luaL_typename(L, -1));
    limp_check_entries(c, k, -1, 3, NULL, "a range {from, to, n}");
    for (int i = 0; i < 3; i++) {
        lua_geti(L, -1, i + 1);
        if (lua_type(L, -1) != LUA_TNUMBER || !isfinite(lua_tonumber(L, -1)))
            limp_check_error(c, k, "must be {from, to, n} with numbers, entry %d is %s", i + 1,
                             luaL_typename(L, -1));
        double v = lua_tonumber(L, -1);
        lua_pop(L, 1);
        if (i < 2) {
            out[i] = v * scale;
            if (!(out[i] > lo && out[i] < hi))
                limp_check_error(c, k, "entry %d must be in (%g, %g), got %.17g", i + 1,
                                 lo / scale, hi / scale, v);
        } else {
            if (!(v >= 1 && v <= 1e6 && v == floor(v)))
                limp_check_error(c, k, "entry 3 (n) must be an integer in [1, 1000000], got %.17g", v);
            *n = (int)v;
        }
    }
    lua_pop(L, 1);
}

void limp_check_finite(const limp_check *c, const char *key, double v)
{
    char b[32];
    if (!isfinite(v))
        limp_check_error(c, key, "gives a non-finite value (%s)", num(b, v));
}

void limp_check_friction(const limp_check *c, int t, double def,
                         double *mu_s, double *mu_k)
{
    const double inf = HUGE_VAL;
    double mu = limp_check_range(c, t, "mu", 0, def, 0, inf);
    *mu_s = limp_check_range(c, t, "mu_s", 0, mu, 0, inf);
    *mu_k = limp_check_range(c, t, "mu_k", 0, mu, 0, inf);
    if (!(*mu_k > *mu_s))
        return;
    char msg[200];
    const char *field = limp_friction_message(msg, sizeof msg, *mu_s, *mu_k,
                                              limp_check_has(c, t, "mu_s"),
                                              limp_check_has(c, t, "mu_k"),
                                              limp_check_has(c, t, "mu"));
    limp_check_error(c, field, "%s", msg);
}

const char *limp_friction_message(char *msg, size_t n, double mu_s, double mu_k,
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

void limp_set_number(lua_State *L, const char *key, double v)
{
    lua_pushnumber(L, v);
    lua_setfield(L, -2, key);
}

void limp_set_string(lua_State *L, const char *key, const char *v)
{
    lua_pushstring(L, v);
    lua_setfield(L, -2, key);
}

void limp_set_boolean(lua_State *L, const char *key, int v)
{
    lua_pushboolean(L, v);
    lua_setfield(L, -2, key);
}

void limp_push_vec3(lua_State *L, const double v[3])
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

void limp_set_xz(lua_State *L, const double v[2])
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

