/* The columns of a sweep's JSON file, streamed by C (core._json_columns):
 * lua-cjson took seconds to encode a million rows, so that a Ctrl-C
 * while the file was written could not return within a second. Numbers
 * in the CSV's shortest round-trip text (imp_csv_double), NaN and inf as
 * null, strings escaped as lua-cjson escapes them; every write checked. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <lauxlib.h>

#include "csvnum.h"
#include "interrupt.h"
#include "l_sweep_util.h"

/* Text gathered before each fwrite; room for the longest value too. */
#define JSON_BUF 65536
/* Values between two looks at the interrupt flag. */
#define JSON_POLL 4096
/* After a Ctrl-C, the rest is written when it should take less than this
 * (seconds, at the rate so far), else the write stops. */
#define JSON_FINISH 0.5

typedef struct {
    FILE *f;
    size_t len;
    int failed;
    double t0;                /* when the write began */
    lua_Integer done, total;  /* values written, values in all */
    char buf[JSON_BUF];
} jsonout;

/* The writing thread's CPU time: the rate it gives does not fall when
 * other processes share the machine (the choice is the same on a loaded
 * machine as on a quiet one; the write itself then takes longer). */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* After a Ctrl-C (during the write or before it, the points stopped):
 * whether to stop rather than finish, judged at the rate so far once the
 * first values are written, so that the sweep returns within a second
 * either way. */
static int jstop(jsonout *o)
{
    if (o->done < JSON_POLL || !imp_interrupt_pending()) return 0;
    double left = (double)(o->total - o->done);
    return left * (now() - o->t0) / (double)o->done > JSON_FINISH;
}

static void jflush(jsonout *o)
{
    if (o->len && !o->failed && fwrite(o->buf, 1, o->len, o->f) != o->len) o->failed = 1;
    o->len = 0;
}

static void jput(jsonout *o, const char *s, size_t n)
{
    if (o->len + n > JSON_BUF) jflush(o);
    if (n > JSON_BUF) {   /* a long string: straight to the file */
        if (!o->failed && fwrite(s, 1, n, o->f) != n) o->failed = 1;
        return;
    }
    memcpy(o->buf + o->len, s, n);
    o->len += n;
}

/* s as a JSON string, escaped as lua-cjson 2.1 does ('/' as "\/" too). */
static void jstring(jsonout *o, const char *s, size_t n)
{
    jput(o, "\"", 1);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        char esc[8];
        const char *e = NULL;
        switch (c) {
        case '"': e = "\\\""; break;
        case '\\': e = "\\\\"; break;
        case '/': e = "\\/"; break;
        case '\b': e = "\\b"; break;
        case '\f': e = "\\f"; break;
        case '\n': e = "\\n"; break;
        case '\r': e = "\\r"; break;
        case '\t': e = "\\t"; break;
        default:
            if (c < 0x20 || c == 0x7f) {
                snprintf(esc, sizeof esc, "\\u%04x", c);
                e = esc;
            }
        }
        if (e) jput(o, e, strlen(e));
        else jput(o, (const char *)&s[i], 1);
    }
    jput(o, "\"", 1);
}

/* What core._json_columns returns when it stops after a Ctrl-C. */
static int stopped(lua_State *L)
{
    lua_pushnil(L);
    lua_pushliteral(L, "interrupted!");
    return 2;
}

/* Element k of the column at index col, as JSON; 0 on success, else the
 * Lua type name of a value JSON cannot hold. */
static const char *jvalue(lua_State *L, jsonout *o, int col, lua_Integer k)
{
    char num[IMP_CSVNUM_MAX];
    const char *bad = NULL;
    switch (lua_rawgeti(L, col, k)) {
    case LUA_TNUMBER: {
        double x = lua_tonumber(L, -1);
        if (isfinite(x)) jput(o, num, imp_csv_double(x, num));
        else jput(o, "null", 4);   /* lua-cjson's encode_invalid_numbers("null") */
        break;
    }
    case LUA_TSTRING: {
        size_t n;
        const char *s = lua_tolstring(L, -1, &n);
        jstring(o, s, n);
        break;
    }
    case LUA_TBOOLEAN:
        if (lua_toboolean(L, -1)) jput(o, "true", 4);
        else jput(o, "false", 5);
        break;
    case LUA_TNIL:
        jput(o, "null", 4);
        break;
    default:
        bad = luaL_typename(L, -1);
    }
    lua_pop(L, 1);
    return bad;
}

/* core._json_columns(file, names, columns, rows) -> true: writes the JSON
 * object {"name":[values...], ...} of columns[name] for each of names, in
 * order, to the io file; a column built by __index (the fast path's) is
 * built as it is reached; rows (values per column) sizes the time left.
 * A write error returns nil, message (the io library's way); a value JSON
 * cannot hold raises naming its column. After a Ctrl-C (the flag: this
 * runs where the host's hook does not reach) it finishes when that takes
 * under JSON_FINISH s, else returns nil, "interrupted!" at once. */
static int l_json_columns(lua_State *L)
{
    luaL_Stream *fs = luaL_checkudata(L, 1, LUA_FILEHANDLE);
    luaL_argcheck(L, fs->closef != NULL, 1, "the file is closed");
    luaL_checktype(L, 2, LUA_TTABLE);
    luaL_checktype(L, 3, LUA_TTABLE);
    lua_Integer rows = luaL_checkinteger(L, 4);
    lua_settop(L, 4);
    jsonout *o = lua_newuserdatauv(L, sizeof *o, 0);   /* collected on a raise */
    o->f = fs->f;
    o->len = 0;
    o->failed = 0;
    o->t0 = now();
    o->done = o->total = 0;
    lua_Integer nn = (lua_Integer)lua_rawlen(L, 2);
    o->total = nn * rows;
    jput(o, "{", 1);
    for (lua_Integer j = 1; j <= nn && !o->failed; j++) {
        if (lua_rawgeti(L, 2, j) != LUA_TSTRING) return luaL_error(L, "names[%d] is not a string", (int)j);
        size_t len;
        const char *name = lua_tolstring(L, -1, &len);
        if (j > 1) jput(o, ",", 1);
        jstring(o, name, len);
        jput(o, ":[", 2);
        if (jstop(o)) return stopped(L);
        if (lua_getfield(L, 3, name) != LUA_TTABLE) return luaL_error(L, "column '%s' is not a table", name);
        int col = lua_gettop(L);
        lua_Integer n = (lua_Integer)lua_rawlen(L, col);
        for (lua_Integer k = 1; k <= n && !o->failed; k++, o->done++) {
            if (o->done % JSON_POLL == 0 && jstop(o)) return stopped(L);
            if (k > 1) jput(o, ",", 1);
            const char *bad = jvalue(L, o, col, k);
            if (bad) return luaL_error(L, "column '%s' row %d: cannot write a %s in JSON", name, (int)k, bad);
        }
        jput(o, "]", 1);
        lua_pop(L, 2);
    }
    jput(o, "}", 1);
    jflush(o);
    if (o->failed || ferror(fs->f)) return luaL_fileresult(L, 0, NULL);
    lua_pushboolean(L, 1);
    return 1;
}

void limp_open_json(lua_State *L)
{
    static const luaL_Reg funcs[] = {
        {"_json_columns", l_json_columns},
        {NULL, NULL}
    };
    luaL_setfuncs(L, funcs, 0);
}
