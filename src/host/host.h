/* The impact host: a lua.c-style interpreter with the impact module
 * preloaded and a readline REPL. One concern per file:
 *   main.c      arguments and pmain (everything under one lua_pcall)
 *   call.c      protected calls with a traceback, error reports
 *   sigint.c    Ctrl-C while a chunk runs (Lua hook + core interrupt flag)
 *   paths.c     finding lua/impact/ and loading the module
 *   repl.c      read-eval-print loop (lua.c's loadline/multiline)
 *   input.c     readline glue: prompt, Ctrl-C at the prompt
 *   history.c   the history file
 *   complete.c  Tab completion of globals, keys and methods */
#ifndef IMPACT_HOST_H
#define IMPACT_HOST_H

#include <lua.h>

/* Prefix of error messages ("impact"); NULL inside the REPL, as in lua.c. */
extern const char *host_progname;

/* call.c */
void host_message(const char *pname, const char *msg);
int host_report(lua_State *L, int status);
int host_docall(lua_State *L, int narg, int nres);

/* sigint.c: host_docall brackets each protected call with these. */
void host_sigint_catch(lua_State *L);
void host_sigint_release(lua_State *L);

/* paths.c: preloads impact.core, prefixes package.path, sets the globals
 * `impact` and `help`. Returns a lua status (reported already). */
int host_open_impact(lua_State *L);

/* repl.c */
void host_repl(lua_State *L);

/* input.c: one line from readline (malloc'ed, caller frees), or NULL at
 * end of input; *cancelled is set when Ctrl-C abandoned the line. */
void host_input_open(lua_State *L);
char *host_input_read(const char *prompt, int *cancelled);
void host_input_drop_paste(void);
int host_input_eof_newline(void);
void host_input_close(void);

/* history.c */
void host_history_open(void);
void host_history_add(const char *line);
void host_history_close(void);

/* complete.c */
void host_complete_open(lua_State *L);

#endif
