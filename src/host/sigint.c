/* Ctrl-C while a chunk runs, as lua.c's laction/lstop: the handler sets a
 * hook that raises "interrupted!" at the next Lua instruction, and raises
 * the core's flag so long C loops (which never reach the hook) return
 * IMP_EINTERRUPT. The handler resets SIGINT to its default, so a second
 * Ctrl-C while the first is pending kills the process. */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE
#endif
#include <signal.h>

#include <lauxlib.h>

#include "host.h"
#include "interrupt.h"

static lua_State *volatile running_L;
static struct sigaction outside;   /* restored after the call (calls never nest) */

static void set_signal(int sig, void (*handler)(int))
{
    struct sigaction sa;
    sa.sa_handler = handler;
    sa.sa_flags = 0;
    sigemptyset(&sa.sa_mask);
    sigaction(sig, &sa, NULL);
}

static void lstop(lua_State *L, lua_Debug *ar)
{
    (void)ar;
    lua_sethook(L, NULL, 0, 0);
    luaL_error(L, "interrupted!");
}

/* lua_sethook is safe to call from a signal handler (Lua manual 4.7). */
static void laction(int sig)
{
    int mask = LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE | LUA_MASKCOUNT;
    set_signal(sig, SIG_DFL);
    imp_interrupt_raise();
    lua_sethook(running_L, lstop, mask, 1);
}

void host_sigint_catch(lua_State *L)
{
    struct sigaction sa;
    sa.sa_handler = laction;
    sa.sa_flags = 0;
    sigemptyset(&sa.sa_mask);
    running_L = L;
    sigaction(SIGINT, &sa, &outside);
}

/* Restores the action from before the call: the default in script mode
 * (as lua.c), the REPL's prompt handler in the REPL. A Ctrl-C that came as
 * the chunk finished leaves the hook set: remove it, or it would stop the
 * next chunk. A user's own hook stays. */
void host_sigint_release(lua_State *L)
{
    sigaction(SIGINT, &outside, NULL);
    if (lua_gethook(L) == lstop)
        lua_sethook(L, NULL, 0, 0);
}
