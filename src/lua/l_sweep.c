/* The sweep area's C side: the fast path of 2D and 3D sweeps (a plan parsed
 * once with the solver's own parser, points solved in C by src/core/study/sweep2d.c
 * (3D problems: sweep3d.c), the
 * CSV rows formatted on the worker threads as they are solved and written
 * here in order, the columns built on demand). Small helpers:
 * l_sweep_util.c. */
#include <errno.h>
#include <math.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "csvnum.h"
#include "l_problem2d.h"
#include "l_problem3d.h"
#include "l_sweep_util.h"
#include "module.h"
#include "parallel.h"
#include "sweep2d.h"
#include "sweep3d.h"

#define PLAN_MT "impact.SweepPlan2D"


/* The CSV text of one batch of points of the last run. */
typedef struct {
    char *buf;
    size_t len, cap;
} textbuf;

/* A fast-path sweep: the core's sweep, whose rows hold the whole run
 * (points first0 .. first0 + cap - 1), and how many of them are done. */
typedef struct {
    imp_sweep2d s;
    imp_problem3d base3;                /* solve3d's problem (s.form_base) */
    double *values[IMP_SWEEP2D_MAXF];   /* owned copies of the axes' values */
    size_t done;
    int ncol;                           /* result columns asked for */
    int col_out[IMP_SWEEP_MAXOUT];      /* each: its imp_sweep2d_out kind */
    int col_slot[IMP_SWEEP_MAXOUT];     /* its stored slot, -1: an input echo */
    int has_mu, has_mu_s, has_mu_k;     /* keys of the points' tables, for messages */
    int with_mode, with_class;          /* the CSV's last columns */
    /* CSV rows of the last run (when asked), one buffer per batch of
     * IMP_PARALLEL_BATCH points, kept for the next runs. */
    size_t run_row0, run_done;          /* its rows: run_row0 .. + run_done - 1 */
    textbuf *text;
    size_t ntext;
    atomic_int text_nomem;              /* a worker could not allocate */
} plan2d;

static void plan_free(plan2d *p)
{
    imp_sweep2d_free(&p->s);
    for (int a = 0; a < IMP_SWEEP2D_MAXF; a++) {
        free(p->values[a]);
        p->values[a] = NULL;
    }
    for (size_t b = 0; b < p->ntext; b++) free(p->text[b].buf);
    free(p->text);
    p->text = NULL;
    p->ntext = 0;
}

static int plan_gc(lua_State *L)
{
    plan_free(luaL_checkudata(L, 1, PLAN_MT));
    return 0;
}

/* Reads axes[a] = {count =, nfield =, values = {...}}; 0 if unusable. */
static int read_axis(lua_State *L, int axes, lua_Integer a, plan2d *p, int *field0)
{
    imp_sweep2d_axis *ax = &p->s.axis[a - 1];
    lua_geti(L, axes, a);
    lua_getfield(L, -1, "count");
    lua_getfield(L, -2, "nfield");
    lua_Integer count = lua_tointeger(L, -2), k = lua_tointeger(L, -1);
    lua_pop(L, 2);
    if (count < 1 || k < 1 || *field0 + k > p->s.nfield) {
        lua_pop(L, 1);
        return 0;
    }
    double *v = malloc((size_t)count * (size_t)k * sizeof *v);
    if (!v) luaL_error(L, "sweep: out of memory");
    p->values[a - 1] = v;
    *ax = (imp_sweep2d_axis){(size_t)count, (int)k, *field0, v};
    *field0 += (int)k;
    p->s.naxes = (int)a;
    lua_getfield(L, -1, "values");
    for (lua_Integer j = 0; j < count * k; j++) {
        const char *const *choice = p->s.enames[ax->field0 + (int)(j % k)];
        int isnum = 0;
        lua_geti(L, -1, j + 1);
        if (choice) {   /* a choice's name ("law": a built-in law): its index */
            const char *name = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
            for (int m = 0; choice[m] && !isnum; m++)
                if (strcmp(name, choice[m]) == 0) {
                    v[j] = m;
                    isnum = 1;
                }
        } else {
            v[j] = lua_tonumberx(L, -1, &isnum);
            /* Lua writes an integer in full, C as a float: alike below 1e15 */
            if (isnum && lua_isinteger(L, -1) && fabs(v[j]) >= 1e15) isnum = 0;
        }
        lua_pop(L, 1);
        if (!isnum) {
            lua_pop(L, 2);
            return 0;
        }
    }
    lua_pop(L, 2);
    return 1;
}

/* The first point of a 2D sweep, parsed by solve2d's own parser (bad
 * input raises as solve2d would); 0 for a Lua law (not on the fast path). */
static int read_problem2d(lua_State *L, plan2d *p, int ud)
{
    limp_check c;
    limp_check_init(&c, L, "solve2d");
    /* a model other than Routh's never comes here */
    limp_check_known(&c, 1, limp_solve2d_fields, limp_model_param_note, NULL);
    limp_check_unknown(&c);
    limp_lua_law lctx;
    limp_problem2d_from_lua(&c, 1, &p->s.base, &lctx);
    lua_settop(L, ud);
    p->has_mu = limp_check_has(&c, 1, "mu");
    p->has_mu_s = limp_check_has(&c, 1, "mu_s");
    p->has_mu_k = limp_check_has(&c, 1, "mu_k");
    return !limp_law_is_lua(&p->s.base.law);
}

/* A test hook: the most rows a plan may allocate (0: no limit), so that
 * the specs can see what a sweep too big for memory does. */
static size_t max_rows = 0;

/* core._sweep2d_new(problem, fields, axes, outs, first, count, mode, class)
 * -> plan, or nil when the fast path cannot run this sweep, or nil and the
 * bytes wanted when its rows do not fit in memory.
 * problem: the sweep's first point, parsed by solve2d's own parser (bad
 * input raises as solve2d would); fields: the varied names ("law" takes
 * the built-in laws' names); axes: list of {count =, nfield =, values =
 * {count*nfield values}}; outs: the result columns; first, count: the
 * points of this run (1-based); mode, class: whether the CSV rows end with
 * them; solve: "solve3d" for solve3d's problems (a body on the plane or two),
 * else solve2d's. */
static int l_sweep2d_new(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checktype(L, 2, LUA_TTABLE);
    luaL_checktype(L, 3, LUA_TTABLE);
    luaL_checktype(L, 4, LUA_TTABLE);
    lua_Integer first = luaL_checkinteger(L, 5), count = luaL_checkinteger(L, 6);
    luaL_argcheck(L, first >= 1 && count >= 0, 5, "bad range");
    int with_mode = lua_toboolean(L, 7), with_class = lua_toboolean(L, 8);
    int three = lua_type(L, 9) == LUA_TSTRING && strcmp(lua_tostring(L, 9), "solve3d") == 0;
    lua_settop(L, 6);
    plan2d *p = lua_newuserdatauv(L, sizeof *p, 0);
    memset(p, 0, sizeof *p);
    luaL_setmetatable(L, PLAN_MT);
    int ud = lua_gettop(L);
    p->with_mode = with_mode;
    p->with_class = with_class;

    if (three) {   /* a custom law or another form: not here */
        if (!limp_problem3d_read_flat(L, 1, &p->base3)) goto no;
        lua_settop(L, ud);
        p->s.form = &imp_sweep3d_form;
        p->s.form_base = &p->base3;
    } else if (!read_problem2d(L, p, ud)) {
        goto no;
    }

    /* the first point, as solve2d checks it (a model other than Routh's
     * never comes here) */

    lua_Integer nf = luaL_len(L, 2);
    for (lua_Integer f = 1; f <= nf; f++) {
        lua_geti(L, 2, f);
        const char *name = lua_tostring(L, -1);
        int ok = name && (three ? imp_sweep3d_add_field(&p->s, &p->base3, name)
                                : imp_sweep2d_add_field(&p->s, name));
        lua_pop(L, 1);
        if (!ok) goto no;
    }
    lua_Integer na = luaL_len(L, 3);
    if (na < 1 || na > IMP_SWEEP2D_MAXF) goto no;
    int field0 = 0;
    for (lua_Integer a = 1; a <= na; a++)
        if (!read_axis(L, 3, a, p, &field0)) goto no;
    if (field0 != p->s.nfield) goto no;
    lua_Integer no = luaL_len(L, 4);
    for (lua_Integer k = 1; k <= no; k++) {
        lua_geti(L, 4, k);
        const char *name = lua_tostring(L, -1);
        int idx = !name ? -1 : three ? imp_sweep3d_out_index(name) : imp_sweep2d_out_index(name);
        lua_pop(L, 1);
        if (idx < 0 || p->ncol >= IMP_SWEEP_MAXOUT) goto no;
        p->col_out[p->ncol] = idx;
        p->col_slot[p->ncol] = -1;
        if (three || !imp_sweep2d_out_is_input(idx)) {   /* stored per point */
            p->col_slot[p->ncol] = p->s.nout;
            p->s.out[p->s.nout++] = idx;
        }
        p->ncol++;
    }

    if ((max_rows && (size_t)count > max_rows) ||
        imp_sweep2d_alloc(&p->s, (size_t)(first - 1), (size_t)count) != IMP_OK) {
        lua_pushnil(L);
        lua_pushnumber(L, (double)count * ((double)(p->s.nout ? p->s.nout : 1) * sizeof(double) + 3));
        return 2;
    }
    lua_pushvalue(L, ud);
    return 1;
no:
    lua_pushnil(L);
    return 1;
}

/* core._sweep2d_max_rows(n): the test hook above (0 lifts it). */
static int l_sweep2d_max_rows(lua_State *L)
{
    lua_Integer n = luaL_checkinteger(L, 1);
    max_rows = n > 0 ? (size_t)n : 0;
    return 0;
}

/* The message solve2d gives for a point that failed. */
static void point_message(lua_State *L, plan2d *p, size_t i, int st)
{
    imp_problem2d prob;
    double vals[IMP_SWEEP2D_MAXF];
    char msg[200];
    if (p->s.form) {   /* the Lua side asks solve3d itself for the message */
        lua_pushfstring(L, "solve3d: %s", imp_strerror((imp_status)st));
        return;
    }
    imp_sweep2d_point(&p->s, i, &prob, vals);
    const char *field = imp_problem2d_check(&prob, msg, sizeof msg);
    if (field && prob.mu_k > prob.mu_s && prob.mu_s >= 0)   /* aimed as solve2d aims it */
        field = limp_friction_message(msg, sizeof msg, prob.mu_s, prob.mu_k, p->has_mu_s,
                                      p->has_mu_k, p->has_mu);
    if (field)
        lua_pushfstring(L, "solve2d: field '%s' %s", field, msg);
    else
        lua_pushfstring(L, "solve2d: %s", imp_strerror((imp_status)st));
}

/* The first j in from .. n-1 with st[j] != IMP_OK, or n. Eight statuses
 * at a time: this scan runs on one thread after every chunk (failures are
 * rare), and byte by byte it took about 2% of a one-thread sweep. */
_Static_assert(IMP_OK == 0, "first_failed skips zero bytes");
static size_t first_failed(const unsigned char *st, size_t j, size_t n)
{
    while (j < n && (j & 7)) {
        if (st[j]) return j;
        j++;
    }
    for (; j + 8 <= n; j += 8) {
        uint64_t w;
        memcpy(&w, st + j, sizeof w);
        if (w) break;
    }
    while (j < n && !st[j]) j++;
    return j;
}

/* CSV rows, byte for byte what the Lua writer (impact.study.csv.line)
 * gives for the same columns: varied fields, result columns, then mode and
 * class when asked. Plain C: the worker threads format rows as they solve
 * them (number formatting costs several times the solving). */

/* Room for one row at its longest: every value a number at its longest,
 * the two names, commas and the newline. */
static size_t row_max(const plan2d *p)
{
    return (size_t)(p->s.nfield + p->ncol) * IMP_CSVNUM_MAX + 2 * 16 + 4;
}

static char *put(char *o, const char *text)
{
    size_t n = strlen(text);
    memcpy(o, text, n);
    return o + n;
}

/* Row j of the plan (point first0 + j) with its newline; returns the end. */
static char *format_row(const plan2d *p, size_t j, char *o)
{
    size_t pt = p->s.first0 + j;
    int ok = p->s.st[j] == IMP_OK;
    union {   /* the point once: its varied values and input echoes */
        imp_problem2d p2;
        _Alignas(16) unsigned char raw[IMP_SWEEP_PROB_MAX];
    } prob;
    double vals[IMP_SWEEP2D_MAXF];
    imp_sweep_point(&p->s, pt, &prob, vals);
    for (int f = 0; f < p->s.nfield; f++) {
        if (f) *o++ = ',';
        double v = vals[f];
        if (p->s.enames[f])
            o = put(o, p->s.enames[f][(int)v]);
        else
            o += imp_csv_double(v, o);
    }
    for (int k = 0; k < p->ncol; k++) {
        if (p->s.nfield || k) *o++ = ',';
        int slot = p->col_slot[k];
        double v = !ok ? NAN
                   : slot >= 0 ? p->s.res[j * (size_t)p->s.nout + (size_t)slot]
                               : imp_sweep2d_input_from(&prob.p2, p->col_out[k]);
        o += imp_csv_double(v, o);
    }
    if (p->with_mode) {
        *o++ = ',';
        o = put(o, ok ? imp_mode_name((imp_mode)p->s.mode[j]) : "error");
    }
    if (p->with_class) {
        *o++ = ',';
        if (ok) o = put(o, imp_class_name((imp_class)p->s.cls[j]));
    }
    *o++ = '\n';
    return o;
}

/* The sweep's after-batch hook, on a worker thread: the batch's rows into
 * its own buffer (batch b of the run: points b*IMP_PARALLEL_BATCH ...). */
static void format_batch(void *ctx, const imp_sweep2d *s, size_t lo, size_t hi)
{
    plan2d *p = ctx;
    textbuf *t = &p->text[lo / IMP_PARALLEL_BATCH];
    size_t row0 = s->first - s->first0, most = row_max(p);
    t->len = 0;
    for (size_t j = lo; j < hi; j++) {
        if (t->cap - t->len < most) {
            size_t cap = t->cap ? 2 * t->cap : (hi - lo) * most / 2 + most;
            char *b = realloc(t->buf, cap);
            if (!b) {
                atomic_store(&p->text_nomem, 1);
                return;
            }
            t->buf = b;
            t->cap = cap;
        }
        t->len = (size_t)(format_row(p, row0 + j, t->buf + t->len) - t->buf);
    }
}

/* plan:run(first, count, threads [, csv]) -> done, failures,
 * interrupted (also core._sweep2d_run(plan, ...)). Solves points first ..
 * first+count-1 (1-based, in order
 * after the points already done); failures: list of {index =, message =}.
 * csv: also format the rows (for plan:write), on the same threads. */
static int l_sweep2d_run(lua_State *L)
{
    plan2d *p = luaL_checkudata(L, 1, PLAN_MT);
    lua_Integer first = luaL_checkinteger(L, 2);
    lua_Integer count = luaL_checkinteger(L, 3);
    lua_Integer threads = luaL_checkinteger(L, 4);
    int csv = lua_toboolean(L, 5);
    luaL_argcheck(L, (size_t)(first - 1) == p->s.first0 + p->done && count >= 0 &&
                     p->done + (size_t)count <= p->s.cap, 2, "points out of order");
    if (threads < 1) threads = 1;
    p->run_done = 0;
    if (csv) {
        size_t nb = ((size_t)count + IMP_PARALLEL_BATCH - 1) / IMP_PARALLEL_BATCH;
        if (nb > p->ntext) {
            textbuf *t = realloc(p->text, nb * sizeof *t);
            if (!t) return luaL_error(L, "sweep: out of memory");
            memset(t + p->ntext, 0, (nb - p->ntext) * sizeof *t);
            p->text = t;
            p->ntext = nb;
        }
        atomic_store(&p->text_nomem, 0);
        p->s.after = format_batch;
        p->s.after_ctx = p;
    }
    size_t done = 0;
    imp_status st = imp_sweep2d_run(&p->s, (size_t)(first - 1), (size_t)count,
                                    (int)threads, &done);
    p->s.after = NULL;
    if (st == IMP_ENOMEM || atomic_load(&p->text_nomem)) return luaL_error(L, "sweep: out of memory");
    size_t j0 = p->done;
    p->done += done;
    if (csv) {
        p->run_row0 = j0;
        p->run_done = done;
    }
    lua_pushinteger(L, (lua_Integer)done);
    lua_newtable(L);
    int nfail = 0;
    const unsigned char *stat = p->s.st + j0;
    for (size_t j = 0; j < done; j++) {
        j = first_failed(stat, j, done);
        if (j == done) break;
        lua_createtable(L, 0, 2);
        lua_pushinteger(L, first + (lua_Integer)j);
        lua_setfield(L, -2, "index");
        point_message(L, p, (size_t)(first - 1) + j, stat[j]);
        lua_setfield(L, -2, "message");
        lua_rawseti(L, -2, ++nfail);
    }
    lua_pushboolean(L, st == IMP_EINTERRUPT);
    return 3;
}

/* plan:write(file, writer, comments) -> rows
 * Writes the rows the last run formatted (every point it finished, in
 * order) to the io file; a failed point's row is followed by
 * comments[point index] (its "# failed point" line). Adds the rows to
 * writer.rows in the same call, so that the count always matches the file
 * (Ctrl-C raises in Lua code only, between calls). The text is used once.
 * A write error returns nil, message (the io library's way). */
static int l_sweep2d_write(lua_State *L)
{
    plan2d *p = luaL_checkudata(L, 1, PLAN_MT);
    luaL_Stream *fs = luaL_checkudata(L, 2, LUA_FILEHANDLE);
    luaL_argcheck(L, fs->closef != NULL, 2, "the file is closed");
    luaL_checktype(L, 3, LUA_TTABLE);
    luaL_checktype(L, 4, LUA_TTABLE);
    size_t n = p->run_done;
    p->run_done = 0;
    const unsigned char *stat = p->s.st + p->run_row0;
    for (size_t lo = 0; lo < n; lo += IMP_PARALLEL_BATCH) {
        const textbuf *t = &p->text[lo / IMP_PARALLEL_BATCH];
        size_t hi = lo + IMP_PARALLEL_BATCH < n ? lo + IMP_PARALLEL_BATCH : n;
        size_t j = first_failed(stat, lo, hi);
        if (j == hi) {
            fwrite(t->buf, 1, t->len, fs->f);
            continue;
        }
        const char *at = t->buf;   /* row by row: a comment after each failed one */
        for (j = lo; j < hi; j++) {
            const char *end = memchr(at, '\n', (size_t)(t->buf + t->len - at)) + 1;
            fwrite(at, 1, (size_t)(end - at), fs->f);
            at = end;
            if (stat[j] != IMP_OK && lua_geti(L, 4, (lua_Integer)(p->s.first + j + 1)) == LUA_TSTRING) {
                size_t len;
                const char *c = lua_tolstring(L, -1, &len);
                fwrite(c, 1, len, fs->f);
                fputc('\n', fs->f);
            }
            if (stat[j] != IMP_OK) lua_pop(L, 1);
        }
    }
    /* A short write sets the stream's error flag, which stays set. */
    if (ferror(fs->f)) {
        if (errno == 0) errno = EIO;
        return luaL_fileresult(L, 0, NULL);
    }
    lua_getfield(L, 3, "rows");
    lua_Integer rows = lua_tointeger(L, -1) + (lua_Integer)n;
    lua_pop(L, 1);
    lua_pushinteger(L, rows);
    lua_setfield(L, 3, "rows");
    lua_pushinteger(L, (lua_Integer)n);
    return 1;
}

/* plan:column(kind, k [, from, to]) -> list
 * Rows from .. to (default all done) of a column: kind "field" (the k-th
 * varied field), "out" (the k-th result column), "mode" or "class". */
static int l_sweep2d_column(lua_State *L)
{
    static const char *const kinds[] = {"field", "out", "mode", "class", NULL};
    plan2d *p = luaL_checkudata(L, 1, PLAN_MT);
    int kind = luaL_checkoption(L, 2, NULL, kinds);
    lua_Integer k = luaL_optinteger(L, 3, 1) - 1;
    lua_Integer from = luaL_optinteger(L, 4, 1), to = luaL_optinteger(L, 5, (lua_Integer)p->done);
    luaL_argcheck(L, from >= 1 && to <= (lua_Integer)p->done, 4, "rows out of range");
    luaL_argcheck(L, kind >= 2 || (k >= 0 && k < (kind == 0 ? p->s.nfield : p->ncol)), 3,
                  "no such column");
    lua_createtable(L, to >= from ? (int)(to - from + 1) : 0, 0);
    if (kind == 0) {   /* varied values, recomputed from the point index */
        const char *const *choice = p->s.enames[k];
        for (lua_Integer i = from; i <= to; i++) {
            double v = imp_sweep2d_value(&p->s, p->s.first0 + (size_t)(i - 1), (int)k);
            if (choice)
                lua_pushstring(L, choice[(int)v]);
            else
                lua_pushnumber(L, v);
            lua_rawseti(L, -2, i - from + 1);
        }
        return 1;
    }
    if (kind == 1) {
        int slot = p->col_slot[k];
        if (slot < 0) {   /* an input echo: recomputed (NaN for a failed point, as stored ones) */
            for (lua_Integer i = from; i <= to; i++) {
                size_t j = (size_t)(i - 1);
                lua_pushnumber(L, p->s.st[j] != IMP_OK ? NAN
                                  : imp_sweep2d_input(&p->s, p->s.first0 + j, p->col_out[k]));
                lua_rawseti(L, -2, i - from + 1);
            }
            return 1;
        }
        size_t stride = (size_t)p->s.nout;
        const double *src = p->s.res + slot;
        for (lua_Integer i = from; i <= to; i++) {
            lua_pushnumber(L, src[(size_t)(i - 1) * stride]);
            lua_rawseti(L, -2, i - from + 1);
        }
        return 1;
    }
    /* Strings: one stack slot per name, pushed once. */
    int base = lua_gettop(L);
    int n = kind == 2 ? IMP_MODE_R_REVERSED + 1 : IMP_CLASS_TANGENTIAL + 1;
    for (int m = 0; m < n; m++)
        lua_pushstring(L, kind == 2 ? imp_mode_name((imp_mode)m) : imp_class_name((imp_class)m));
    lua_pushstring(L, kind == 2 ? "error" : "");
    for (lua_Integer i = from; i <= to; i++) {
        size_t j = (size_t)(i - 1);
        int slot = p->s.st[j] != IMP_OK ? n : (kind == 2 ? p->s.mode[j] : p->s.cls[j]);
        lua_pushvalue(L, base + 1 + slot);
        lua_rawseti(L, base, i - from + 1);
    }
    lua_settop(L, base);
    return 1;
}

/* plan:rewind(first): forget the rows done; the next run
 * starts at point `first` (1-based) in the first row. A sweep that does not
 * keep its columns reuses one chunk of rows this way. */
static int l_sweep2d_rewind(lua_State *L)
{
    plan2d *p = luaL_checkudata(L, 1, PLAN_MT);
    lua_Integer first = luaL_checkinteger(L, 2);
    luaL_argcheck(L, first >= 1, 2, "must be positive");
    p->s.first0 = (size_t)(first - 1);
    p->done = 0;
    return 0;
}

void limp_open_sweep(lua_State *L)
{
    /* core._sweep2d_run stays a free function too: the same C function as
     * plan:run (a light C function compares equal), which the specs hook */
    static const luaL_Reg funcs[] = {
        {"_sweep2d_new", l_sweep2d_new},
        {"_sweep2d_run", l_sweep2d_run},
        {"_sweep2d_max_rows", l_sweep2d_max_rows},
        {NULL, NULL}
    };
    static const luaL_Reg methods[] = {
        {"run", l_sweep2d_run},
        {"column", l_sweep2d_column},
        {"rewind", l_sweep2d_rewind},
        {"write", l_sweep2d_write},
        {NULL, NULL}
    };
    if (luaL_newmetatable(L, PLAN_MT)) {
        lua_pushcfunction(L, plan_gc);
        lua_setfield(L, -2, "__gc");
        luaL_newlib(L, methods);          /* plan:run(...), plan:column(...), ... */
        lua_setfield(L, -2, "__index");
    }
    lua_pop(L, 1);
    luaL_setfuncs(L, funcs, 0);
    limp_open_sweep_util(L);
    limp_open_files(L);
    limp_open_json(L);
}
