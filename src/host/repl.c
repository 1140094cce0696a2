/* The read-eval-print loop, after lua.c: each line is first tried as
 * `return <line>;` so an expression prints its value without '='; a syntax
 * error ending at <eof> means the statement is incomplete and another line
 * (prompt ">>") is read. Values print through impact.pretty (nested tables
 * indented and cut, strings quoted, __tostring respected) and the first one
 * is kept in the global `_`. The lines of a multi-line paste run one by
 * one (input.c); the first error drops the rest. */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <lauxlib.h>

#include "host.h"

#define PROMPT "> "
#define PROMPT2 ">> "
#define EOFMARK "<eof>"
#define PRETTY_KEY "impact.host.pretty"

enum { LINE_EOF = -1, LINE_CANCELLED = -2 };

/* Pushes _PROMPT/_PROMPT2 or the default. Read raw and used only when a
 * string or number: this runs outside any protected call. */
static const char *push_prompt(lua_State *L, int firstline)
{
    lua_pushglobaltable(L);
    lua_pushstring(L, firstline ? "_PROMPT" : "_PROMPT2");
    lua_rawget(L, -2);
    lua_remove(L, -2);
    if (lua_type(L, -1) == LUA_TSTRING || lua_type(L, -1) == LUA_TNUMBER)
        return lua_tostring(L, -1);
    lua_pop(L, 1);
    return lua_pushstring(L, firstline ? PROMPT : PROMPT2);
}

/* A syntax error at <eof>: the chunk goes on in the next line. */
static int incomplete(lua_State *L, int status)
{
    if (status == LUA_ERRSYNTAX) {
        size_t len;
        const char *msg = lua_tolstring(L, -1, &len);
        size_t mark = sizeof EOFMARK - 1;
        if (len >= mark && strcmp(msg + len - mark, EOFMARK) == 0) {
            lua_pop(L, 1);
            return 1;
        }
    }
    return 0;
}

/* Reads a line and pushes it; 1, or LINE_EOF / LINE_CANCELLED. */
static int pushline(lua_State *L, int firstline)
{
    const char *prompt = push_prompt(L, firstline);
    int cancelled;
    char *b = host_input_read(prompt, &cancelled);
    lua_pop(L, 1);
    if (b == NULL)
        return cancelled ? LINE_CANCELLED : LINE_EOF;
    size_t len = strlen(b);
    if (len > 0 && b[len - 1] == '\n')
        b[--len] = '\0';
    if (firstline && b[0] == '=')              /* lua 5.2 habit: '=expr' */
        lua_pushfstring(L, "return %s", b + 1);
    else
        lua_pushlstring(L, b, len);
    free(b);
    return 1;
}

/* Tries `return <line>;`; on success replaces the line by the chunk. */
static int addreturn(lua_State *L)
{
    const char *line = lua_tostring(L, -1);
    const char *retline = lua_pushfstring(L, "return %s;", line);
    int status = luaL_loadbuffer(L, retline, strlen(retline), "=stdin");
    if (status == LUA_OK) {
        lua_remove(L, -2);                     /* the modified line */
        host_history_add(line);
        lua_remove(L, -2);                     /* the line */
    } else {
        lua_pop(L, 2);                         /* the error and the modified line */
    }
    return status;
}

/* Reads lines until the chunk is complete (or plainly wrong). */
static int multiline(lua_State *L)
{
    for (;;) {
        size_t len;
        const char *line = lua_tolstring(L, 1, &len);
        int status = luaL_loadbuffer(L, line, len, "=stdin");
        if (!incomplete(L, status)) {
            host_history_add(line);
            lua_remove(L, 1);
            return status;
        }
        int more = pushline(L, 0);
        if (more != 1) {
            host_history_add(line);            /* keep what was typed */
            lua_settop(L, 0);
            return more;
        }
        lua_pushliteral(L, "\n");
        lua_insert(L, -2);
        lua_concat(L, 3);
    }
}

/* Leaves one function (or one error message) on the stack and returns its
 * status, or LINE_EOF / LINE_CANCELLED with an empty stack. */
static int loadline(lua_State *L)
{
    lua_settop(L, 0);
    int got = pushline(L, 1);
    if (got != 1)
        return got;
    int status = addreturn(L);
    if (status != LUA_OK)
        status = multiline(L);
    return status;
}

/* Pushes impact.pretty.values (cached), or print if it cannot be loaded. */
static void push_printer(lua_State *L)
{
    if (lua_getfield(L, LUA_REGISTRYINDEX, PRETTY_KEY) != LUA_TNIL)
        return;
    lua_pop(L, 1);
    lua_getglobal(L, "require");
    lua_pushliteral(L, "impact.pretty");
    if (lua_pcall(L, 1, 1, 0) == LUA_OK && lua_istable(L, -1)) {
        lua_getfield(L, -1, "values");
        lua_remove(L, -2);
    } else {
        lua_pop(L, 1);
        lua_getglobal(L, "print");             /* fall back to lua.c's way */
    }
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, PRETTY_KEY);
}

/* Protected: keeps the first result in `_`, prints them all. */
static int show_results(lua_State *L)
{
    int n = lua_gettop(L);
    lua_pushglobaltable(L);                    /* raw: a strict _G allows it */
    lua_pushliteral(L, "_");
    lua_pushvalue(L, 1);
    lua_rawset(L, -3);
    lua_pop(L, 1);
    push_printer(L);
    lua_insert(L, 1);
    lua_call(L, n, 1);
    if (lua_type(L, -1) == LUA_TSTRING) {
        size_t len;
        const char *s = lua_tolstring(L, -1, &len);
        fwrite(s, 1, len, stdout);
        fputs("\n", stdout);
        fflush(stdout);
    }
    return 0;
}

static void print_results(lua_State *L)
{
    int n = lua_gettop(L);
    if (n == 0)
        return;
    luaL_checkstack(L, LUA_MINSTACK, "too many results to print");
    lua_pushcfunction(L, show_results);
    lua_insert(L, 1);
    int status = host_docall(L, n, 0);
    if (status != LUA_OK) {
        const char *msg = lua_tostring(L, -1);
        host_message(host_progname, lua_pushfstring(L, "error printing the result (%s)",
                                                    msg ? msg : "?"));
    }
    lua_settop(L, 0);
}

void host_repl(lua_State *L)
{
    const char *saved = host_progname;
    host_progname = NULL;
    host_input_open(L);
    if (isatty(STDIN_FILENO)) {
        puts("help() for a guide, Tab completes, Ctrl-C interrupts, Ctrl-D quits.");
        fflush(stdout);
    }
    int status;
    while ((status = loadline(L)) != LINE_EOF) {
        if (status == LINE_CANCELLED)
            continue;
        if (status == LUA_OK)
            status = host_docall(L, 0, LUA_MULTRET);
        if (status == LUA_OK) {
            print_results(L);
        } else {
            /* A paste stops like a script. Drop before the message shows,
             * so what is typed once the error is on screen is kept. */
            host_input_drop_paste();
            host_report(L, status);
        }
    }
    lua_settop(L, 0);
    if (!host_input_eof_newline())
        fputs("\n", stdout);
    fflush(stdout);
    host_input_close();
    host_progname = saved;
}
