/* The sweep area's C side: small helpers the Lua sweep needs (a monotonic
 * clock for rates, whether stderr is a terminal for the progress bar, a
 * test hook for the interrupt flag). */
#define _POSIX_C_SOURCE 200809L
#include <time.h>
#include <unistd.h>

#include <lauxlib.h>

#include "interrupt.h"
#include "module.h"

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

/* core._ncpu(): online processors, the default number of sweep threads. */
static int l_ncpu(lua_State *L)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    lua_pushinteger(L, n > 0 ? n : 1);
    return 1;
}

void imp_open_sweep(lua_State *L)
{
    static const luaL_Reg funcs[] = {
        {"_now", l_now},
        {"_isatty", l_isatty},
        {"_raise_interrupt", l_raise_interrupt},
        {"_ncpu", l_ncpu},
        {NULL, NULL}
    };
    luaL_setfuncs(L, funcs, 0);
}
