/* readline glue. Ctrl-C at the prompt abandons the line (and a pending
 * multi-line chunk): readline's own signal handling is off, our handler
 * only sets a flag, and our getc function, which waits with pselect so that
 * no signal slips between the test and the wait, turns the flag into a
 * newline (accept-line), so readline ends the line on screen as usual; the
 * line is then dropped.
 *
 * A paste of several lines (readline's bracketed paste hands it over as one
 * line holding newlines) is split: its lines run one by one, as if typed,
 * so that a pasted `a = 1` then `a + 1` prints 2 as it would line by line.
 * When a line fails, the rest of the paste is dropped; without bracketed
 * paste (a terminal that does not support it, or readline's
 * enable-bracketed-paste off) the rest is plain typed-ahead input still
 * waiting in the terminal, and that is discarded (tcflush) instead: what
 * was typed ahead while a failing line ran is dropped the same way.
 *
 * When standard input is not a terminal, lines are read with getline, as
 * lua.c does without readline: piped bytes never reach readline's editing
 * code (arbitrary bytes there can abort readline itself). The line is
 * echoed after the prompt, as readline does, so the output still reads
 * as a session. */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE
#endif
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <termios.h>
#include <unistd.h>

#include <readline/readline.h>

#include "host.h"

static volatile sig_atomic_t prompt_sigint;
static int line_cancelled;
static char *pasted;                           /* lines of a paste not yet run */
static size_t pasted_at;

static void on_sigint(int sig)
{
    (void)sig;
    prompt_sigint = 1;
}

static int input_getc(FILE *stream)
{
    int fd = fileno(stream);
    sigset_t block, orig;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigprocmask(SIG_BLOCK, &block, &orig);
    int c = EOF;
    for (;;) {
        if (prompt_sigint) {
            /* Only a top-level key is surely accept-line; inside a search
             * or a key sequence, EOF ends that first and the flag stays up
             * for the next top-level read. */
            if (RL_ISSTATE(RL_STATE_READCMD)) {
                prompt_sigint = 0;
                line_cancelled = 1;
                c = '\n';
            }
            break;
        }
        fd_set rd;
        FD_ZERO(&rd);
        FD_SET(fd, &rd);
        int ready = pselect(fd + 1, &rd, NULL, NULL, NULL, &orig);
        if (ready < 0) {
            if (errno != EINTR)
                break;
            rl_check_signals();                /* e.g. a resize */
            continue;
        }
        unsigned char ch;
        ssize_t n = read(fd, &ch, 1);
        if (n == 1) {
            c = ch;
            break;
        }
        if (n == 0 || (errno != EINTR && errno != EAGAIN))
            break;                             /* end of input or error */
    }
    sigprocmask(SIG_SETMASK, &orig, NULL);
    return c;
}

static struct sigaction before_repl;

/* The prompt's handler stays installed for the REPL's lifetime (host_docall
 * swaps it for laction around each call), so a Ctrl-C between two calls
 * never kills the REPL. */
void host_input_open(lua_State *L)
{
    struct sigaction sa;
    sa.sa_handler = on_sigint;
    sa.sa_flags = 0;                           /* no SA_RESTART: wake pselect */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &before_repl);
    rl_readline_name = "impact";
    rl_catch_signals = 0;
    rl_getc_function = input_getc;
    host_history_open();
    host_complete_open(L);
}

static void drop_paste(void)
{
    free(pasted);
    pasted = NULL;
    pasted_at = 0;
}

/* The next line of the pending paste (malloc'd), or NULL when none is left;
 * a final empty line (the paste ended with a newline) is not one. */
static char *next_pasted(void)
{
    if (pasted == NULL)
        return NULL;
    char *from = pasted + pasted_at;
    char *nl = strchr(from, '\n');
    size_t len = nl ? (size_t)(nl - from) : strlen(from);
    if (!nl && len == 0) {
        drop_paste();
        return NULL;
    }
    char *line = malloc(len + 1);
    if (line == NULL) {
        drop_paste();
        return NULL;
    }
    memcpy(line, from, len);
    line[len] = '\0';
    if (nl)
        pasted_at += len + 1;
    else
        drop_paste();
    return line;
}

/* A line from a non-terminal input (malloc'd, without its newline), or
 * NULL at the end of input or on a Ctrl-C (then *cancelled is set). */
static char *plain_read(const char *prompt, int *cancelled)
{
    fputs(prompt, stdout);
    fflush(stdout);
    char *line = NULL;
    size_t cap = 0;
    errno = 0;
    ssize_t n = getline(&line, &cap, stdin);
    if (n < 0) {
        free(line);
        *cancelled = errno == EINTR && prompt_sigint;
        clearerr(stdin);
        return NULL;
    }
    if (n > 0 && line[n - 1] == '\n')
        line[n - 1] = '\0';
    fputs(line, stdout);
    fputc('\n', stdout);
    return line;
}

/* A Ctrl-C that came while the last result was printed is forgotten. A
 * Ctrl-C while a pasted line ran drops the rest of the paste (host_docall
 * reports it; the flag here is the prompt's own). */
char *host_input_read(const char *prompt, int *cancelled)
{
    prompt_sigint = 0;
    line_cancelled = 0;
    *cancelled = 0;
    char *line = next_pasted();
    if (line != NULL)
        return line;
    if (!isatty(fileno(stdin)))
        return plain_read(prompt, cancelled);
    fflush(stdout);
    line = readline(prompt);
    *cancelled = line_cancelled;
    if (line_cancelled) {
        free(line);
        return NULL;
    }
    char *nl = line ? strchr(line, '\n') : NULL;
    if (nl != NULL) {
        *nl = '\0';
        pasted = strdup(nl + 1);
        pasted_at = 0;
    }
    return line;
}

/* Called when a chunk fails or is interrupted: what was pasted (or typed
 * ahead) after it is not run. */
void host_input_drop_paste(void)
{
    drop_paste();
    int fd = fileno(rl_instream ? rl_instream : stdin);
    if (isatty(fd))
        tcflush(fd, TCIFLUSH);
}

/* Whether readline itself ended the last line on screen when it met the
 * end of input (it does so when bracketed paste is on, in a terminal). */
int host_input_eof_newline(void)
{
    const char *paste = rl_variable_value("enable-bracketed-paste");
    return isatty(fileno(rl_instream ? rl_instream : stdin)) && paste && strcmp(paste, "on") == 0;
}

void host_input_close(void)
{
    drop_paste();
    host_history_close();
    sigaction(SIGINT, &before_repl, NULL);
}
