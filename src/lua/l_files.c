/* File-system helpers of the Lua side's writers and readers (lua/impact/
 * files.lua, sweep_read, sweep_merge): what a path is, a private file
 * created beside it (written, then renamed over the path when complete),
 * a directory's names (the shard sets beside a sweep's file) and the
 * machine's memory (counts refused up front). */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <lauxlib.h>

#include "l_sweep_util.h"

/* core._file_kind(path) -> "file", "directory", "other" (a device, a
 * pipe, a symbolic link: written in place, never renamed over), or nil,
 * message when it does not exist or cannot be looked at. */
static int l_file_kind(lua_State *L)
{
    const char *path = luaL_checkstring(L, 1);
    struct stat st;
    if (lstat(path, &st) != 0) return luaL_fileresult(L, 0, path);
    lua_pushstring(L, S_ISREG(st.st_mode) ? "file" : S_ISDIR(st.st_mode) ? "directory" : "other");
    return 1;
}

/* The io library's close function for the files made here. */
static int file_close(lua_State *L)
{
    luaL_Stream *p = luaL_checkudata(L, 1, LUA_FILEHANDLE);
    int ok = fclose(p->f) == 0;
    return luaL_fileresult(L, ok, NULL);
}

/* core._create_temp(path) -> file, name: a new file "path.PID-N.tmp" (the
 * first N free; O_EXCL, so two processes never share one), opened for
 * writing as an io file; or nil, message, errno. */
static int l_create_temp(lua_State *L)
{
    const char *path = luaL_checkstring(L, 1);
    luaL_Stream *p = lua_newuserdatauv(L, sizeof *p, 0);
    p->closef = NULL;   /* not yet a file: closing it does nothing */
    luaL_setmetatable(L, LUA_FILEHANDLE);
    for (int n = 1; n <= 1000; n++) {
        lua_pushfstring(L, "%s.%d-%d.tmp", path, (int)getpid(), n);
        int fd = open(lua_tostring(L, -1), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0 && errno == EEXIST) {
            lua_pop(L, 1);
            continue;
        }
        if (fd < 0) return luaL_fileresult(L, 0, NULL);
        p->f = fdopen(fd, "w");
        if (!p->f) {
            int e = errno;
            unlink(lua_tostring(L, -1));
            close(fd);
            errno = e;
            return luaL_fileresult(L, 0, NULL);
        }
        p->closef = file_close;
        return 2;
    }
    errno = EEXIST;
    return luaL_fileresult(L, 0, NULL);
}

/* core._list_dir(dir) -> the names in it (without "." and ".."), or nil,
 * message. */
static int l_list_dir(lua_State *L)
{
    const char *dir = luaL_checkstring(L, 1);
    DIR *d = opendir(dir);
    if (!d) return luaL_fileresult(L, 0, dir);
    lua_newtable(L);
    lua_Integer n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
        lua_pushstring(L, e->d_name);
        lua_rawseti(L, -2, ++n);
    }
    closedir(d);
    return 1;
}

/* core._memory() -> bytes of physical memory (0 when unknown). */
static int l_memory(lua_State *L)
{
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGE_SIZE);
    lua_pushnumber(L, pages > 0 && size > 0 ? (double)pages * (double)size : 0.0);
    return 1;
}

void limp_open_files(lua_State *L)
{
    static const luaL_Reg funcs[] = {
        {"_file_kind", l_file_kind},
        {"_create_temp", l_create_temp},
        {"_list_dir", l_list_dir},
        {"_memory", l_memory},
        {NULL, NULL}
    };
    luaL_setfuncs(L, funcs, 0);
}
