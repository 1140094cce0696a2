/* Placeholder host: runs `impact FILE [args]` and `impact -e CODE` with the
 * module preloaded as the global `impact`. The full lua.c-style host with
 * the REPL replaces it. */
#include <stdio.h>
#include <string.h>

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

#include "module.h"

static int setup(lua_State *L)
{
    luaL_openlibs(L);
    luaL_requiref(L, "impact.core", luaopen_impact_core, 0);
    lua_pop(L, 1);
    luaL_dostring(L, "package.path = '" IMPACT_SOURCE_LUADIR "/?.lua;"
                     IMPACT_SOURCE_LUADIR "/?/init.lua;' .. package.path");
    lua_getglobal(L, "require");
    lua_pushstring(L, "impact");
    lua_call(L, 1, 1);
    lua_setglobal(L, "impact");
    return 0;
}

int main(int argc, char **argv)
{
    lua_State *L = luaL_newstate();
    lua_pushcfunction(L, setup);
    int st = lua_pcall(L, 0, 0, 0);
    if (st == LUA_OK && argc > 2 && strcmp(argv[1], "-e") == 0) {
        st = luaL_dostring(L, argv[2]);
    } else if (st == LUA_OK && argc > 1) {
        lua_createtable(L, argc, 1);
        for (int i = 0; i < argc; i++) {
            lua_pushstring(L, argv[i]);
            lua_rawseti(L, -2, i - 1);
        }
        lua_setglobal(L, "arg");
        st = luaL_loadfile(L, argv[1]);
        if (st == LUA_OK) {
            for (int i = 2; i < argc; i++)
                lua_pushstring(L, argv[i]);
            st = lua_pcall(L, argc - 2, 0, 0);
        }
    }
    if (st != LUA_OK)
        fprintf(stderr, "impact: %s\n", lua_tostring(L, -1));
    lua_close(L);
    return st == LUA_OK ? 0 : 1;
}
