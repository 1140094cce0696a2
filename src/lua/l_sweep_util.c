/* Small helpers of the Lua sweep: CSV lines formatted in C, a monotonic clock for rates, whether
 * stderr is a terminal (the progress bar), the number of cores (the default
 * thread count), a test hook for the interrupt flag, and the 2D solve timing
 * that bench/sweep.lua compares the sweep with. */
#define _GNU_SOURCE   /* sched_getaffinity, CPU_COUNT */
#include <ctype.h>
#include <sched.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <lauxlib.h>

#include "csvnum.h"
#include "impact2d.h"
#include "interrupt.h"
#include "l_problem2d.h"
#include "l_sweep_util.h"

/* core._solve2d_bench(n) -> ns: CPU time of one imp_path2d_solve call, as
 * bench/bench_solve2d.c's solve2d_c_ns measures it (the same eight rod
 * problems in turn, Poisson e = 0.5), for bench/sweep.lua to compare the
 * sweep with in the same process and on the same clock. */
static int l_solve2d_bench(lua_State *L)
{
    static const imp_coef2d P[8] = {
        {2.5, 2.5, 1.5, 0, -1, 0}, {2.5, 2.5, 1.5, 0, -1, 0}, {2.5, 2.5, 1.5, 0.6, -1, 0},
        {2.5, 2.5, 1.5, 0.6, -1, 0}, {2.5, 2.5, 1.5, -1, -1, 0}, {2.5, 2.5, 1.5, -1, -1, 0},
        {2.5, 2.5, 1.5, -0.2, 0, 0}, {2.760472, 2.239528, 1.477212, 1.2, -1, 0}};
    static const double MU[8] = {0.8, 0.3, 0.8, 0.3, 0.5, 0.95, 2, 0.4};
    lua_Integer n = luaL_checkinteger(L, 1);
    luaL_argcheck(L, n > 0, 1, "must be positive");
    imp_law law = {IMP_LAW_POISSON, 0.5, NULL, NULL};
    imp_result2d r;
    volatile double acc = 0;
    struct timespec t0, t1;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
    for (lua_Integer i = 0; i < n; i++) {
        int k = (int)(i & 7);
        imp_path2d_solve(&P[k], MU[k], MU[k], &law, &r);
        acc += r.Py;
    }
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
    (void)acc;
    double dt = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    lua_pushnumber(L, 1e9 * dt / (double)n);
    return 1;
}

/* A number as impact.study.csv writes it (src/core/numerics/csvnum.c). */
void limp_csv_number(luaL_Buffer *b, double x)
{
    char buf[IMP_CSVNUM_MAX];
    size_t n = imp_csv_double(x, buf);
    luaL_addlstring(b, buf, n);
}

/* The CSV line of values[1..n] (the table at index t) into b, byte for
 * byte impact.study.csv.line: integers as %d, floats as limp_csv_number,
 * strings quoted when they hold a comma, quote or newline, start with '#'
 * or with or end in white space; nil as an empty field. */
static void csv_line(lua_State *L, int t, lua_Integer n, luaL_Buffer *bp)
{
    for (lua_Integer i = 1; i <= n; i++) {
        if (i > 1) luaL_addchar(bp, ',');
        int ty = lua_geti(L, t, i);
        if (ty == LUA_TNUMBER && lua_isinteger(L, -1)) {
            char buf[32];
            snprintf(buf, sizeof buf, "%lld", (long long)lua_tointeger(L, -1));
            lua_pop(L, 1);
            luaL_addstring(bp, buf);
        } else if (ty == LUA_TNUMBER) {
            double x = lua_tonumber(L, -1);
            lua_pop(L, 1);
            limp_csv_number(bp, x);
        } else if (ty == LUA_TNIL) {
            lua_pop(L, 1);
        } else {
            /* The text on top, alone (luaL_addvalue is the one buffer call
             * that takes an extra stack slot: the buffer may grow). */
            size_t len;
            const char *s = luaL_tolstring(L, -1, &len);
            lua_remove(L, -2);
            int quote = len > 0 && (s[0] == '#' || isspace((unsigned char)s[0]) ||
                                    isspace((unsigned char)s[len - 1]));
            for (size_t k = 0; k < len && !quote; k++)
                quote = s[k] == ',' || s[k] == '"' || s[k] == '\n' || s[k] == '\r';
            if (quote) {
                luaL_Buffer q;
                luaL_buffinit(L, &q);
                luaL_addchar(&q, '"');
                for (size_t k = 0; k < len; k++) {
                    if (s[k] == '"') luaL_addchar(&q, '"');
                    luaL_addchar(&q, s[k]);
                }
                luaL_addchar(&q, '"');
                luaL_pushresult(&q);
                lua_remove(L, -2);
            }
            luaL_addvalue(bp);
        }
    }
}

/* core._csv_line(values, n) -> the CSV line of values[1..n] (csv_line). */
static int l_csv_line(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    csv_line(L, 1, n, &b);
    luaL_pushresult(&b);
    return 1;
}

/* core._csv_row(file, values, n, writer [, comment]) -> true: writes the
 * CSV line of values[1..n] and its newline to the io file, then the comment
 * line if given, and adds 1 to writer.rows, all in one call: Ctrl-C raises
 * in Lua code only, so the count always matches the rows in the file. A
 * write error returns nil, message (the io library's way). */
static int l_csv_row(lua_State *L)
{
    luaL_Stream *fs = luaL_checkudata(L, 1, LUA_FILEHANDLE);
    luaL_argcheck(L, fs->closef != NULL, 1, "the file is closed");
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_Integer n = luaL_checkinteger(L, 3);
    luaL_checktype(L, 4, LUA_TTABLE);
    size_t clen = 0;
    const char *comment = luaL_optlstring(L, 5, NULL, &clen);
    lua_settop(L, 5);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    csv_line(L, 2, n, &b);
    luaL_addchar(&b, '\n');
    if (comment) {
        luaL_addlstring(&b, comment, clen);
        luaL_addchar(&b, '\n');
    }
    luaL_pushresult(&b);
    size_t len;
    const char *text = lua_tolstring(L, -1, &len);
    if (fwrite(text, 1, len, fs->f) != len || ferror(fs->f)) return luaL_fileresult(L, 0, NULL);
    lua_getfield(L, 4, "rows");
    lua_Integer rows = lua_tointeger(L, -1) + 1;
    lua_pop(L, 1);
    lua_pushinteger(L, rows);
    lua_setfield(L, 4, "rows");
    lua_pushboolean(L, 1);
    return 1;
}

/* core._flatten(res) -> the table impact.study.columns.flatten makes of a
 * solver's result table (its string-keyed numbers, mode and class strings,
 * and one level of sub-tables' numbers as "key.sub"), or nil when that Lua
 * function must do it (not a table, or a table with __pairs other than a
 * solve2d result's). The same traversal as pairs(), so the same table; the
 * Lua path of sweeps calls it once per point, where building the table in
 * Lua cost more than solve2d. */
static int l_flatten(lua_State *L)
{
    /* a solve2d result's __pairs only builds its lazy fields first */
    if (lua_type(L, 1) != LUA_TTABLE ||
        (!limp_result2d_complete(L, 1) && luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL)) {
        lua_pushnil(L);
        return 1;
    }
    lua_settop(L, 1);
    int n = 0;   /* presized for the top-level entries: no rehash on the way */
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        n++;
        lua_pop(L, 1);
    }
    lua_createtable(L, 0, n);
    int out = 2;
    lua_pushnil(L);
    while (lua_next(L, 1)) {   /* key -3+1 = 3, value 4 */
        if (lua_type(L, 3) == LUA_TSTRING) {
            int tv = lua_type(L, 4);
            if (tv == LUA_TNUMBER) {
                lua_pushvalue(L, 3);
                lua_pushvalue(L, 4);
                lua_rawset(L, out);
            } else if (tv == LUA_TSTRING && (strcmp(lua_tostring(L, 3), "mode") == 0 ||
                                             strcmp(lua_tostring(L, 3), "class") == 0)) {
                size_t len;
                lua_tolstring(L, 3, &len);
                if (len == strlen(lua_tostring(L, 3))) {   /* no embedded zero */
                    lua_pushvalue(L, 3);
                    lua_pushvalue(L, 4);
                    lua_rawset(L, out);
                }
            } else if (tv == LUA_TTABLE) {
                if (luaL_getmetafield(L, 4, "__pairs") != LUA_TNIL) {
                    lua_pushnil(L);
                    return 1;
                }
                lua_pushnil(L);
                while (lua_next(L, 4)) {   /* key 5, value 6 */
                    /* "body1.vx", or "qdot.1" for a list's entries */
                    if ((lua_type(L, 5) == LUA_TSTRING || lua_isinteger(L, 5))
                        && lua_type(L, 6) == LUA_TNUMBER) {
                        lua_pushvalue(L, 3);
                        lua_pushliteral(L, ".");
                        lua_pushvalue(L, 5);
                        lua_concat(L, 3);
                        lua_pushvalue(L, 6);
                        lua_rawset(L, out);
                    }
                    lua_pop(L, 1);
                }
            }
        }
        lua_pop(L, 1);
    }
    return 1;
}

/* core._now(): seconds on a monotonic clock (wall time, for rates). */
static int l_now(lua_State *L)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    lua_pushnumber(L, (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec);
    return 1;
}

/* core._isatty(fd): whether the file descriptor is a terminal. */
static int l_isatty(lua_State *L)
{
    lua_Integer fd = luaL_checkinteger(L, 1);
    lua_pushboolean(L, fd >= 0 && fd <= 1024 && isatty((int)fd));
    return 1;
}

/* core._raise_interrupt(): what the host's SIGINT handler does; lets the
 * specs check that sweeps stop cleanly and keep what is done. */
static int l_raise_interrupt(lua_State *L)
{
    (void)L;
    imp_interrupt_raise();
    return 0;
}

/* core._ncpu(): the processors this process may run on (its CPU
 * affinity, which taskset and Slurm's --cpus-per-task set; the online
 * processors where that is unknown): the default number of sweep threads. */
static int l_ncpu(lua_State *L)
{
    long n = 0;
#ifdef __linux__
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) n = CPU_COUNT(&set);
#endif
    if (n < 1) n = sysconf(_SC_NPROCESSORS_ONLN);
    lua_pushinteger(L, n > 0 ? n : 1);
    return 1;
}

void limp_open_sweep_util(lua_State *L)
{
    static const luaL_Reg funcs[] = {
        {"_now", l_now},
        {"_isatty", l_isatty},
        {"_raise_interrupt", l_raise_interrupt},
        {"_ncpu", l_ncpu},
        {"_solve2d_bench", l_solve2d_bench},
        {"_csv_line", l_csv_line},
        {"_csv_row", l_csv_row},
        {"_flatten", l_flatten},
        {NULL, NULL}
    };
    luaL_setfuncs(L, funcs, 0);
}
