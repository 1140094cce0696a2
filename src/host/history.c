/* The REPL's history file, for a REPL reading a terminal:
 * $IMPACT_HISTORY if set (empty: no file), else
 * $XDG_STATE_HOME/impact/history, else ~/.local/state/impact/history.
 * Each entry is appended as it is entered, so history survives a crash and
 * two sessions do not overwrite each other. Entries carry timestamps so
 * that a multi-line chunk comes back as one entry. */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE
#endif
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <readline/history.h>
#include <readline/readline.h>

#include "host.h"

#define HISTORY_MAX 2000   /* lines kept in the file */

static char *history_path;

/* mkdir -p of the directories leading to path. */
static void make_parents(char *path)
{
    for (char *p = strchr(path + 1, '/'); p; p = strchr(p + 1, '/')) {
        *p = '\0';
        mkdir(path, 0700);
        *p = '/';
    }
}

static char *choose_path(void)
{
    const char *env = getenv("IMPACT_HISTORY");
    if (env)
        return env[0] ? strdup(env) : NULL;
    const char *state = getenv("XDG_STATE_HOME");
    const char *home = getenv("HOME");
    const char *base, *sub;
    if (state && state[0] == '/') {
        base = state;
        sub = "/impact/history";
    } else if (home && home[0]) {
        base = home;
        sub = "/.local/state/impact/history";
    } else {
        return NULL;
    }
    char *path = malloc(strlen(base) + strlen(sub) + 1);
    if (path) {
        strcpy(path, base);
        strcat(path, sub);
    }
    return path;
}

void host_history_open(void)
{
    using_history();
    history_write_timestamps = 1;
    history_multiline_entries = 1;
    history_comment_char = '#';         /* timestamps are written as #<time> */
    history_path = isatty(STDIN_FILENO) ? choose_path() : NULL;
    if (!history_path)
        return;
    make_parents(history_path);
    if (read_history(history_path) == ENOENT) {
        FILE *f = fopen(history_path, "a");   /* append_history needs the file */
        if (f)
            fclose(f);
    }
}

void host_history_add(const char *line)
{
    if (line[strspn(line, " \t\n")] == '\0')
        return;
    HIST_ENTRY *last = history_length > 0 ? history_get(history_base + history_length - 1) : NULL;
    if (last && strcmp(last->line, line) == 0)
        return;
    add_history(line);
    if (history_path)
        append_history(1, history_path);
}

void host_history_close(void)
{
    if (history_path)
        history_truncate_file(history_path, HISTORY_MAX);
    free(history_path);
    history_path = NULL;
    rl_clear_history();
}
