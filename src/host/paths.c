/* Loading the module in the host. The C part is linked in (preloaded as
 * impact.core); the Lua files are found with no environment variable:
 * from the install prefix when the executable lives in one
 * (<prefix>/bin/impact -> <prefix>/share/lua/5.4), else from the source
 * tree the host was built from (IMPACT_SOURCE_LUADIR, set by CMake). */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE
#endif
#include <limits.h>
#include <string.h>
#include <unistd.h>

#include <lauxlib.h>

#include "host.h"
#include "module.h"

#ifndef IMPACT_SOURCE_LUADIR
#define IMPACT_SOURCE_LUADIR "lua"
#endif

/* Pushes the directory holding impact/init.lua. */
static void push_luadir(lua_State *L)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');          /* <prefix>/bin/impact */
        if (slash) {
            *slash = '\0';
            slash = strrchr(exe, '/');            /* <prefix>/bin */
            if (slash && strcmp(slash, "/bin") == 0) {
                *slash = '\0';
                const char *dir = lua_pushfstring(L, "%s/share/lua/5.4", exe);
                const char *init = lua_pushfstring(L, "%s/impact/init.lua", dir);
                int found = access(init, R_OK) == 0;
                lua_pop(L, 1);
                if (found)
                    return;
                lua_pop(L, 1);
            }
        }
    }
    lua_pushstring(L, IMPACT_SOURCE_LUADIR);
}

/* package.preload["impact.core"] too, so that a spec clearing
 * package.loaded can require it again without the loadable module. */
static void preload_core(lua_State *L)
{
    luaL_requiref(L, "impact.core", luaopen_impact_core, 0);
    lua_pop(L, 1);
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_PRELOAD_TABLE);
    lua_pushcfunction(L, luaopen_impact_core);
    lua_setfield(L, -2, "impact.core");
    lua_pop(L, 1);
}

static void prefix_path(lua_State *L)
{
    lua_getglobal(L, "package");
    push_luadir(L);
    const char *dir = lua_tostring(L, -1);
    lua_getfield(L, -2, "path");
    lua_pushfstring(L, "%s/?.lua;%s/?/init.lua;%s", dir, dir,
                    lua_isstring(L, -1) ? lua_tostring(L, -1) : "");
    lua_setfield(L, -4, "path");
    lua_pop(L, 3);
}

int host_open_impact(lua_State *L)
{
    preload_core(L);
    prefix_path(L);
    lua_getglobal(L, "require");
    lua_pushliteral(L, "impact");
    int status = host_docall(L, 1, 1);
    if (status != LUA_OK)
        return host_report(L, status);
    lua_getfield(L, -1, "help");
    lua_setglobal(L, "help");
    lua_setglobal(L, "impact");
    return LUA_OK;
}
