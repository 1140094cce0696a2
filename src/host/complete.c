/* Tab completion in the REPL: globals and keywords, keys of tables along a
 * dotted path (a.b.c<Tab>), methods after ':' (s:up<Tab>), following
 * __index when it is a table (never calling an __index function, so
 * completion has no side effects; the keys such a function builds are
 * offered when its metatable lists them in __lazy). Functions and callable tables complete
 * with "(", other tables with ".". Inside a string literal readline
 * completes file names, except in help("...") where the help pages'
 * names (impact.help.names) are offered. The candidates are gathered under lua_pcall:
 * readline's callbacks must never see a Lua error. */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <readline/readline.h>

#include "host.h"

#define INDEX_DEPTH 8      /* __index links followed */

static lua_State *comp_L;

/* Word breaks for Lua code: '.' and ':' stay inside the word so that
 * a.b:c is one word. Inside a string only quotes and blanks break, so a
 * path keeps its '/', '~' and '-'. */
static char lua_breaks[] = " \t\n\"'`@$><=;|&{}()[],+-*/%^~#\\";
static char string_breaks[] = " \t\n\"'";
static int completing_file;   /* the current completion is a file name */
static int completing_help;   /* ... or a help page's name, help("sol */

/* Candidates handed one by one to rl_completion_matches. */
static struct {
    const char *text;      /* the word being completed */
    char **items;
    size_t n, next;
} comp;

static const char *const keywords[] = {
    "and", "break", "do", "else", "elseif", "end", "false", "for",
    "function", "goto", "if", "in", "local", "nil", "not", "or", "repeat",
    "return", "then", "true", "until", "while", NULL
};

static int is_ident(const char *s, size_t n)
{
    if (n == 0 || !(s[0] == '_' || ((s[0] | 32) >= 'a' && (s[0] | 32) <= 'z')))
        return 0;
    for (size_t i = 1; i < n; i++) {
        char c = s[i];
        if (!(c == '_' || (c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'z')))
            return 0;
    }
    for (const char *const *k = keywords; *k; k++)
        if (strlen(*k) == n && memcmp(*k, s, n) == 0)
            return 0;
    return 1;
}

/* Pushes the __index table of the value at idx, or returns 0. */
static int push_index_table(lua_State *L, int idx)
{
    if (!lua_getmetatable(L, idx))
        return 0;
    lua_pushliteral(L, "__index");
    lua_rawget(L, -2);
    lua_remove(L, -2);
    if (lua_istable(L, -1))
        return 1;
    lua_pop(L, 1);
    return 0;
}

/* Pushes v[key] (v at idx) looking through raw fields and __index tables;
 * nil when absent. */
static void push_field(lua_State *L, int idx, const char *key, size_t len)
{
    lua_pushvalue(L, idx);
    for (int depth = 0; depth < INDEX_DEPTH; depth++) {
        if (lua_istable(L, -1)) {
            lua_pushlstring(L, key, len);
            if (lua_rawget(L, -2) != LUA_TNIL) {
                lua_remove(L, -2);
                return;
            }
            lua_pop(L, 1);
        }
        if (!push_index_table(L, -1))
            break;
        lua_remove(L, -2);
    }
    lua_pop(L, 1);
    lua_pushnil(L);
}

/* set[prefix .. key .. suffix] = true for the strings of the metatable's
 * __lazy list (keys an __index function builds on first read, such as a
 * result's path) that match part. */
static void add_lazy_keys(lua_State *L, int t, const char *prefix, const char *part,
                          size_t plen, int set)
{
    if (!lua_getmetatable(L, t))
        return;
    lua_pushliteral(L, "__lazy");
    if (lua_rawget(L, -2) == LUA_TTABLE) {
        for (lua_Integer i = 1; lua_rawgeti(L, -1, i) == LUA_TSTRING; i++) {
            size_t klen;
            const char *k = lua_tolstring(L, -1, &klen);
            if (klen >= plen && memcmp(k, part, plen) == 0 && is_ident(k, klen)) {
                lua_pushfstring(L, "%s%s", prefix, k);
                lua_pushboolean(L, 1);
                lua_rawset(L, set);
            }
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 2);
}

/* set[prefix .. key .. suffix] = true for the matching keys of the value
 * at idx and of its __index tables. */
static void add_keys(lua_State *L, int idx, const char *prefix, const char *part,
                     int methods, int set)
{
    size_t plen = strlen(part);
    int top = lua_gettop(L);
    lua_pushvalue(L, idx);
    for (int depth = 0; depth < INDEX_DEPTH; depth++) {
        int t = lua_gettop(L);
        if (lua_istable(L, t)) {
            lua_pushnil(L);
            while (lua_next(L, t)) {
                size_t klen;
                const char *k;
                if (lua_type(L, -2) == LUA_TSTRING
                    && (k = lua_tolstring(L, -2, &klen), klen >= plen)
                    && memcmp(k, part, plen) == 0 && is_ident(k, klen)) {
                    int vt = lua_type(L, -1);
                    if (vt == LUA_TTABLE && luaL_getmetafield(L, -1, "__call") != LUA_TNIL) {
                        lua_pop(L, 1);
                        vt = LUA_TFUNCTION;            /* callable, like help */
                    }
                    if (!methods || vt == LUA_TFUNCTION) {
                        const char *suffix = vt == LUA_TFUNCTION ? "("
                                           : vt == LUA_TTABLE && !methods ? "." : "";
                        lua_pushfstring(L, "%s%s%s", prefix, k, suffix);
                        lua_pushboolean(L, 1);
                        lua_rawset(L, set);
                    }
                }
                lua_pop(L, 1);
            }
            if (!methods)
                add_lazy_keys(L, t, prefix, part, plen, set);
        }
        if (!push_index_table(L, t))
            break;
    }
    lua_settop(L, top);
}

/* Protected: fills comp.items from the word comp.text. */
static int gather(lua_State *L)
{
    const char *text = comp.text;
    lua_newtable(L);
    int set = lua_gettop(L);
    const char *last = NULL;
    for (const char *p = text; *p; p++)
        if (*p == '.' || *p == ':')
            last = p;
    lua_pushglobaltable(L);
    if (last == NULL) {
        add_keys(L, -1, "", text, 0, set);
        size_t tlen = strlen(text);
        for (const char *const *k = keywords; *k; k++)
            if (strncmp(*k, text, tlen) == 0) {
                lua_pushstring(L, *k);
                lua_pushboolean(L, 1);
                lua_rawset(L, set);
            }
    } else {
        /* Walk a.b.c (no ':' before the last separator). */
        const char *seg = text;
        if (last == text)
            lua_pushnil(L);                    /* ".x": nothing to walk */
        while (seg < last && !lua_isnil(L, -1)) {
            const char *end = seg + strcspn(seg, ".:");
            if ((*end == ':' && end != last) || !is_ident(seg, (size_t)(end - seg))) {
                lua_pushnil(L);
                break;
            }
            push_field(L, -1, seg, (size_t)(end - seg));
            lua_remove(L, -2);
            if (lua_isnil(L, -1))
                break;
            seg = end + 1;
        }
        if (!lua_isnil(L, -1)) {
            lua_pushlstring(L, text, (size_t)(last - text) + 1);
            add_keys(L, -2, lua_tostring(L, -1), last + 1, *last == ':', set);
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    size_t n = 0;
    lua_pushnil(L);
    while (lua_next(L, set)) {
        n++;
        lua_pop(L, 1);
    }
    comp.items = calloc(n + 1, sizeof *comp.items);
    if (!comp.items)
        return 0;
    lua_pushnil(L);
    while (lua_next(L, set)) {
        char *s = strdup(lua_tostring(L, -2));
        if (s)
            comp.items[comp.n++] = s;
        lua_pop(L, 1);
    }
    return 0;
}

/* Protected: fills comp.items with the names in impact.help.names that
 * start with comp.text. */
static int gather_help(lua_State *L)
{
    size_t tlen = strlen(comp.text);
    lua_getglobal(L, "impact");
    if (!lua_istable(L, -1) || lua_getfield(L, -1, "help") == LUA_TNIL
        || lua_getfield(L, -1, "names") != LUA_TTABLE)
        return 0;
    lua_Integer n = luaL_len(L, -1);
    comp.items = calloc((size_t)n + 1, sizeof *comp.items);
    if (!comp.items)
        return 0;
    for (lua_Integer i = 1; i <= n; i++) {
        if (lua_rawgeti(L, -1, i) == LUA_TSTRING) {
            const char *name = lua_tostring(L, -1);
            if (strncmp(name, comp.text, tlen) == 0) {
                char *item = strdup(name);
                if (item)
                    comp.items[comp.n++] = item;
            }
        }
        lua_pop(L, 1);
    }
    return 0;
}

/* Whether the string starting at `start` (just after its quote) is the
 * argument of help( or help.text( (also as impact.help...). */
static int is_help_arg(const char *line, int start)
{
    int i = start - 1;
    if (i < 0 || (line[i] != '"' && line[i] != '\''))
        return 0;
    while (--i >= 0 && (line[i] == ' ' || line[i] == '\t'))
        ;
    if (i < 0 || line[i] != '(')
        return 0;
    while (--i >= 0 && (line[i] == ' ' || line[i] == '\t'))
        ;
    const char *names[] = {"help", "help.text", NULL};
    for (const char *const *n = names; *n; n++) {
        int len = (int)strlen(*n);
        if (i + 1 >= len && strncmp(line + i + 1 - len, *n, (size_t)len) == 0) {
            int before = i - len;              /* not part of a longer name */
            if (before < 0 || !(line[before] == '_' || (line[before] >= '0' && line[before] <= '9')
                                || ((line[before] | 32) >= 'a' && (line[before] | 32) <= 'z')))
                return 1;                      /* also impact.help( */
        }
    }
    return 0;
}

static void free_items(void)
{
    for (size_t i = comp.next; i < comp.n; i++)
        free(comp.items[i]);
    free(comp.items);
    comp.items = NULL;
    comp.n = comp.next = 0;
}

/* rl_completion_matches' generator: hands over ownership of each item. */
static char *next_item(const char *text, int state)
{
    (void)text;
    (void)state;
    return comp.next < comp.n ? comp.items[comp.next++] : NULL;
}

/* Whether position `end` of the line lies inside a quoted string (or a
 * comment). */
static int in_string(const char *line, int end)
{
    char quote = 0;
    for (int i = 0; i < end; i++) {
        char c = line[i];
        if (quote) {
            if (c == '\\' && i + 1 < end)
                i++;
            else if (c == quote)
                quote = 0;
        } else if (c == '"' || c == '\'') {
            quote = c;
        } else if (c == '-' && line[i + 1] == '-' && i + 1 < end) {
            return 1;                          /* a comment: left to readline */
        }
    }
    return quote != 0;
}

static char *word_breaks(void)
{
    return in_string(rl_line_buffer, rl_point) ? string_breaks : lua_breaks;
}

static char **complete(const char *text, int start, int end)
{
    (void)end;
    completing_file = in_string(rl_line_buffer, start);
    completing_help = completing_file && is_help_arg(rl_line_buffer, start);
    if (completing_file && !completing_help)
        return NULL;                           /* readline: file names */
    rl_attempted_completion_over = 1;
    rl_completion_suppress_append = 1;
    lua_State *L = comp_L;
    int top = lua_gettop(L);
    comp.text = text;
    lua_pushcfunction(L, completing_help ? gather_help : gather);
    if (lua_pcall(L, 0, 0, 0) != LUA_OK) {
        free_items();
        lua_settop(L, top);
        return NULL;
    }
    lua_settop(L, top);
    char **matches = comp.n ? rl_completion_matches(text, next_item) : NULL;
    free_items();
    return matches;
}

/* Lists candidates by their last component ("solve2d(" rather than
 * "impact.solve2d("), as luaprompt does. */
static void display(char **matches, int n, int max_length)
{
    if (completing_file) {                     /* readline shows base names */
        rl_display_match_list(matches, n, max_length);
        rl_forced_update_display();
        return;
    }
    char **shown = malloc(((size_t)n + 2) * sizeof *shown);
    if (!shown) {
        rl_display_match_list(matches, n, max_length);
        return;
    }
    int width = 0;
    shown[0] = matches[0];
    for (int i = 1; i <= n; i++) {
        char *s = matches[i], *cut = s;
        for (char *p = s; *p; p++)
            if ((*p == '.' || *p == ':') && p[1] != '\0')
                cut = p + 1;
        shown[i] = cut;
        int w = (int)strlen(cut);
        if (w > width)
            width = w;
    }
    shown[n + 1] = NULL;
    rl_display_match_list(shown, n, width);
    rl_forced_update_display();
    free(shown);
}

void host_complete_open(lua_State *L)
{
    comp_L = L;
    rl_attempted_completion_function = complete;
    rl_completion_display_matches_hook = display;
    rl_completion_word_break_hook = word_breaks;
    rl_completer_word_break_characters = lua_breaks;
    rl_completer_quote_characters = "\"'";
}
