/* The impact executable: Lua 5.4's lua.c with the impact module preloaded.
 * Options as in lua (-e -l -i -v -E -W - --), plus --shard k/n for sweeps,
 * -h/--help (the usage on stdout, exit 0) and --version.
 * Script mode is exactly lua's (arg table with negative indices, ... args)
 * so that busted runs specs with `busted --lua=impact`. Everything runs
 * under one lua_pcall of pmain. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <lauxlib.h>
#include <lualib.h>

#include "host.h"
#include "version.h"

#define HAS_ERROR 1   /* bad option */
#define HAS_I 2       /* -i */
#define HAS_V 4       /* -v */
#define HAS_E 8       /* -e */
#define HAS_NOENV 16  /* -E */
#define HAS_HELP 32   /* -h, --help */
#define HAS_VERSION 64 /* --version */

static void usage(FILE *out)
{
    fprintf(out,
        "usage: %s [options] [script [args]]\n"
        "Available options are:\n"
        "  -e stat      execute string 'stat'\n"
        "  -i           enter interactive mode after executing 'script'\n"
        "  -l mod       require library 'mod' into global 'mod'\n"
        "  -l g=mod     require library 'mod' into global 'g'\n"
        "  -v           show version information\n"
        "  -E           ignore environment variables\n"
        "  -W           turn warnings on\n"
        "  --shard k/n  sweeps solve only shard k of n (impact.default_shard)\n"
        "  -h, --help   show this text and exit\n"
        "  --version    show version information and exit\n"
        "  --           stop handling options\n"
        "  -            stop handling options and execute stdin\n"
        "With no script and no -e, opens the REPL (help() for a guide).\n"
        "See impact(1).\n",
        host_progname);
}

static void print_usage(const char *badoption)
{
    fprintf(stderr, "%s: ", host_progname);
    if (strcmp(badoption, "--shard") == 0 || badoption[1] == 'e' || badoption[1] == 'l')
        fprintf(stderr, "'%s' needs argument\n", badoption);
    else
        fprintf(stderr, "unrecognized option '%s'\n", badoption);
    usage(stderr);
}

static void print_version(void)
{
    puts("impact " IMPACT_VERSION " on " LUA_COPYRIGHT);
    fflush(stdout);
}

/* lua.c's collectargs plus --shard, -h/--help and --version (which stop
 * the scan: they are answered before anything runs). Sets *first to the script's index (or
 * to the bad option's), *shard to the --shard argument. */
static int collect_args(char **argv, int *first, const char **shard)
{
    int args = 0, i;
    for (i = 1; argv[i] != NULL; i++) {
        *first = i;
        if (argv[i][0] != '-')
            return args;                       /* the script */
        switch (argv[i][1]) {
        case '-':
            if (argv[i][2] == '\0') {          /* -- */
                *first = i + 1;
                return args;
            }
            if (strcmp(argv[i], "--help") == 0)
                return HAS_HELP;
            if (strcmp(argv[i], "--version") == 0)
                return HAS_VERSION;
            if (strncmp(argv[i], "--shard=", 8) == 0) {
                *shard = argv[i] + 8;
            } else if (strcmp(argv[i], "--shard") == 0) {
                if (argv[i + 1] == NULL)
                    return HAS_ERROR;
                *shard = argv[++i];
            } else {
                return HAS_ERROR;
            }
            break;
        case '\0':                             /* - (stdin) */
            return args;
        case 'E':
            if (argv[i][2] != '\0')
                return HAS_ERROR;
            args |= HAS_NOENV;
            break;
        case 'W':
            if (argv[i][2] != '\0')
                return HAS_ERROR;
            break;
        case 'h':
            if (argv[i][2] != '\0')
                return HAS_ERROR;
            return HAS_HELP;
        case 'i':
            args |= HAS_I;                     /* -i implies -v */
            /* fallthrough */
        case 'v':
            if (argv[i][2] != '\0')
                return HAS_ERROR;
            args |= HAS_V;
            break;
        case 'e':
            args |= HAS_E;
            /* fallthrough */
        case 'l':
            if (argv[i][2] == '\0') {
                i++;
                if (argv[i] == NULL || argv[i][0] == '-')
                    return HAS_ERROR;
            }
            break;
        default:
            return HAS_ERROR;
        }
    }
    *first = i;
    return args;
}

/* "k/n" with 1 <= k <= n. */
static int parse_shard(const char *s, long *k, long *n)
{
    char *end;
    errno = 0;
    *k = strtol(s, &end, 10);
    if (end == s || *end != '/' || errno)
        return 0;
    s = end + 1;
    *n = strtol(s, &end, 10);
    if (end == s || *end != '\0' || errno)
        return 0;
    return *k >= 1 && *k <= *n;
}

static void set_default_shard(lua_State *L, long k, long n)
{
    lua_getglobal(L, "impact");
    lua_createtable(L, 2, 0);
    lua_pushinteger(L, k);
    lua_rawseti(L, -2, 1);
    lua_pushinteger(L, n);
    lua_rawseti(L, -2, 2);
    lua_setfield(L, -2, "default_shard");
    lua_pop(L, 1);
}

static void create_arg_table(lua_State *L, char **argv, int argc, int script)
{
    if (script == argc)
        script = 0;                            /* no script name */
    int narg = argc - (script + 1);
    lua_createtable(L, narg, script + 1);
    for (int i = 0; i < argc; i++) {
        lua_pushstring(L, argv[i]);
        lua_rawseti(L, -2, i - script);
    }
    lua_setglobal(L, "arg");
}

static int dochunk(lua_State *L, int status)
{
    if (status == LUA_OK)
        status = host_docall(L, 0, 0);
    return host_report(L, status);
}

static int dofile(lua_State *L, const char *name)
{
    return dochunk(L, luaL_loadfile(L, name));
}

static int dostring(lua_State *L, const char *s, const char *name)
{
    return dochunk(L, luaL_loadbuffer(L, s, strlen(s), name));
}

/* -l mod or -l g=mod: require into a global. */
static int dolibrary(lua_State *L, char *globname)
{
    char *modname = strchr(globname, '=');
    if (modname == NULL) {
        modname = globname;
    } else {
        *modname = '\0';
        modname++;
    }
    lua_getglobal(L, "require");
    lua_pushstring(L, modname);
    int status = host_docall(L, 1, 1);
    if (status == LUA_OK)
        lua_setglobal(L, globname);
    return host_report(L, status);
}

/* Pushes arg[1..n] as the script's ... arguments. */
static int pushargs(lua_State *L)
{
    if (lua_getglobal(L, "arg") != LUA_TTABLE)
        luaL_error(L, "'arg' is not a table");
    int n = (int)luaL_len(L, -1);
    luaL_checkstack(L, n + 3, "too many arguments to script");
    int i;
    for (i = 1; i <= n; i++)
        lua_rawgeti(L, -i, i);
    lua_remove(L, -i);
    return n;
}

static int handle_script(lua_State *L, char **argv)
{
    const char *fname = argv[0];
    if (strcmp(fname, "-") == 0 && strcmp(argv[-1], "--") != 0)
        fname = NULL;                          /* stdin */
    int status = luaL_loadfile(L, fname);
    if (status == LUA_OK) {
        int n = pushargs(L);
        status = host_docall(L, n, LUA_MULTRET);
    }
    return host_report(L, status);
}

/* Runs -e, -l and -W in order; 0 on the first error. */
static int run_args(lua_State *L, char **argv, int n)
{
    for (int i = 1; i < n; i++) {
        int option = argv[i][1];
        if (option == 'e' || option == 'l') {
            char *extra = argv[i] + 2;
            if (*extra == '\0')
                extra = argv[++i];
            int status = option == 'e' ? dostring(L, extra, "=(command line)")
                                       : dolibrary(L, extra);
            if (status != LUA_OK)
                return 0;
        } else if (option == 'W') {
            lua_warning(L, "@on", 0);
        } else if (strcmp(argv[i], "--shard") == 0) {
            i++;                               /* handled in pmain */
        }
    }
    return 1;
}

/* LUA_INIT_5_4 or LUA_INIT: code, or @file. */
static int handle_luainit(lua_State *L)
{
    const char *name = "=LUA_INIT_5_4";
    const char *init = getenv(name + 1);
    if (init == NULL) {
        name = "=LUA_INIT";
        init = getenv(name + 1);
    }
    if (init == NULL)
        return LUA_OK;
    if (init[0] == '@')
        return dofile(L, init + 1);
    return dostring(L, init, name);
}

static int pmain(lua_State *L)
{
    int argc = (int)lua_tointeger(L, 1);
    char **argv = (char **)lua_touserdata(L, 2);
    int script = 0;
    const char *shard = NULL;
    long shard_k = 0, shard_n = 0;
    int args = collect_args(argv, &script, &shard);
    int optlim = script > 0 ? script : argc;
    luaL_checkversion(L);
    if (args == HAS_ERROR) {
        print_usage(argv[script]);
        return 0;
    }
    if (args == HAS_HELP || args == HAS_VERSION) {
        if (args == HAS_HELP)
            usage(stdout);
        else
            print_version();
        fflush(stdout);
        lua_pushboolean(L, 1);
        return 1;
    }
    if (shard && !parse_shard(shard, &shard_k, &shard_n)) {
        fprintf(stderr, "%s: --shard wants k/n with integers 1 <= k <= n, got '%s'\n",
                host_progname, shard);
        return 0;
    }
    if (args & HAS_V)
        print_version();
    if (args & HAS_NOENV) {                    /* the package library reads it */
        lua_pushboolean(L, 1);
        lua_setfield(L, LUA_REGISTRYINDEX, "LUA_NOENV");
    }
    luaL_openlibs(L);
    create_arg_table(L, argv, argc, script);
    lua_gc(L, LUA_GCRESTART);
    lua_gc(L, LUA_GCGEN, 0, 0);
    if (host_open_impact(L) != LUA_OK)
        return 0;
    if (shard)
        set_default_shard(L, shard_k, shard_n);
    if (!(args & HAS_NOENV) && handle_luainit(L) != LUA_OK)
        return 0;
    if (!run_args(L, argv, optlim))
        return 0;
    if (script > 0 && script < argc && handle_script(L, argv + script) != LUA_OK)
        return 0;
    if (args & HAS_I) {
        host_repl(L);
    } else if ((script == 0 || script == argc) && !(args & (HAS_E | HAS_V))) {
        if (isatty(STDIN_FILENO)) {
            print_version();
            host_repl(L);
        } else {
            dofile(L, NULL);
        }
    }
    lua_pushboolean(L, 1);
    return 1;
}

int main(int argc, char **argv)
{
    static char *no_argv[] = {"impact", NULL};
    if (argc < 1 || argv[0] == NULL) {         /* exec'ed with no argv[0] */
        argc = 1;
        argv = no_argv;
    }
    lua_State *L = luaL_newstate();
    if (L == NULL) {
        host_message(host_progname, "cannot create state: not enough memory");
        return EXIT_FAILURE;
    }
    lua_gc(L, LUA_GCSTOP);                     /* until the libraries are open */
    lua_pushcfunction(L, pmain);
    lua_pushinteger(L, argc);
    lua_pushlightuserdata(L, argv);
    int status = lua_pcall(L, 2, 1, 0);
    int result = lua_toboolean(L, -1);
    host_report(L, status);
    lua_close(L);
    return result && status == LUA_OK ? EXIT_SUCCESS : EXIT_FAILURE;
}
