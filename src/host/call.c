/* Protected calls with a traceback, and error reports (lua.c's docall,
 * msghandler, report). */
#include <stdio.h>

#include <lauxlib.h>

#include "host.h"
#include "interrupt.h"

const char *host_progname = "impact";

void host_message(const char *pname, const char *msg)
{
    if (pname)
        fprintf(stderr, "%s: ", pname);
    fprintf(stderr, "%s\n", msg);
    fflush(stderr);
}

/* Prints the error on top of the stack (if any) and pops it. */
int host_report(lua_State *L, int status)
{
    if (status != LUA_OK) {
        const char *msg = lua_tostring(L, -1);
        host_message(host_progname, msg ? msg : "(error object is not a string)");
        lua_pop(L, 1);
    }
    return status;
}

/* Adds a traceback; copes with non-string errors (a __tostring is used). */
static int msghandler(lua_State *L)
{
    const char *msg = lua_tostring(L, 1);
    if (msg == NULL) {
        if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
            return 1;
        msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
    luaL_traceback(L, L, msg, 1);
    return 1;
}

/* Calls the function below its narg arguments with msghandler, Ctrl-C
 * caught for the duration. The core's interrupt flag starts cleared so a
 * Ctrl-C pressed earlier does not stop this chunk. */
int host_docall(lua_State *L, int narg, int nres)
{
    int base = lua_gettop(L) - narg;
    lua_pushcfunction(L, msghandler);
    lua_insert(L, base);
    imp_interrupt_clear();
    host_sigint_catch(L);
    int status = lua_pcall(L, narg, nres, base);
    host_sigint_release(L);
    lua_remove(L, base);
    return status;
}
