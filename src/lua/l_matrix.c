/* A mechanism's matrices and lists read from Lua tables (see l_matrix.h). */
#include <math.h>

#include <lauxlib.h>

#include "l_matrix.h"

/* Entry j of the list (row = 0) or of row `row` of the matrix key, of Lua
 * type ty, is not a finite number. */
static void entry_error(const limp_check *c, const char *key, int row, int j, int ty)
{
    const char *what = ty == LUA_TNUMBER ? "not finite" : lua_typename(c->L, ty);
    if (row) limp_check_error(c, key, "must have finite numbers, entry [%d][%d] is %s", row, j, what);
    limp_check_error(c, key, "must have finite numbers, entry [%d] is %s", j, what);
}

/* The n entries of the table on top of the stack (a list, or row `row` of
 * a matrix) into out; pops the table. All entries pushed, then read, then
 * one pop with the table: a third fewer API calls than one at a time
 * (they are most of the time reading takes). */
static void read_entries(const limp_check *c, const char *key, int row, int n, double *out)
{
    lua_State *L = c->L;
    unsigned char type[IMP_MECH_NMAX];
    for (int j = 1; j <= n; j++) type[j - 1] = (unsigned char)lua_rawgeti(L, -j, j);
    for (int j = 1; j <= n; j++) {
        double v = type[j - 1] == LUA_TNUMBER ? lua_tonumberx(L, j - n - 1, NULL) : 0;
        if (type[j - 1] != LUA_TNUMBER || !isfinite(v)) entry_error(c, key, row, j, type[j - 1]);
        out[j - 1] = v;
    }
    lua_pop(L, n + 1);
}

/* The table on top of the stack must be a list of n entries and nothing
 * else: a key such as x = 5 or [9] = 1 beside the list would be ignored
 * by a read of 1..n, and the user would not know. row: 0 a list (what
 * names it), i > 0 a matrix's row i. */
static void only_list(const limp_check *c, const char *key, const char *what, int row, int n)
{
    lua_State *L = c->L;
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        lua_pop(L, 1);
        lua_Integer k = lua_isinteger(L, -1) ? lua_tointeger(L, -1) : 0;
        if (k >= 1 && k <= n) continue;
        const char *name = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1)
                         : lua_isinteger(L, -1) ? lua_pushfstring(L, "[%I]", k)
                         : luaL_typename(L, -1);
        if (row)
            limp_check_error(c, key, "must be a list of rows of numbers, row %d has the key %s beside its %d entries",
                             row, name, n);
        limp_check_error(c, key, "must be %s, it has the key %s beside its %d entries",
                         what ? what : "a list", name, n);
    }
}

void limp_matrix_only_list(const limp_check *c, const char *key, const char *what, int n)
{
    only_list(c, key, what, 0, n);
}

int limp_matrix_read_list(const limp_check *c, int ty, const char *key, double *out)
{
    lua_State *L = c->L;
    if (ty != LUA_TTABLE)
        limp_check_error(c, key, "must be a list of numbers, got %s", luaL_typename(L, -1));
    int n = (int)lua_rawlen(L, -1);
    if (n < 1 || n > IMP_MECH_NMAX)
        limp_check_error(c, key, "must have 1 to %d entries, got %d", IMP_MECH_NMAX, n);
    only_list(c, key, "a list of numbers", 0, n);
    read_entries(c, key, 0, n, out);
    return n;
}

int limp_matrix_count_rows(const limp_check *c, int ty, const char *key)
{
    if (ty != LUA_TTABLE)
        limp_check_error(c, key, "must be a list of rows (tables of numbers), got %s",
                         luaL_typename(c->L, -1));
    return (int)lua_rawlen(c->L, -1);
}

void limp_matrix_read_rows(const limp_check *c, int ty, const char *key, int rows, int cols,
                           const char *why, double *out)
{
    lua_State *L = c->L;
    int m = limp_matrix_count_rows(c, ty, key);
    if (m != rows)
        limp_check_error(c, key, "must have %d row%s (%s), got %d", rows, rows == 1 ? "" : "s", why, m);
    only_list(c, key, "a list of rows", 0, rows);
    for (int i = 1; i <= rows; i++) {
        if (lua_rawgeti(L, -1, i) != LUA_TTABLE)
            limp_check_error(c, key, "must be a list of rows (tables of numbers), row %d is a %s", i,
                             luaL_typename(L, -1));
        int n = (int)lua_rawlen(L, -1);
        if (n != cols)
            limp_check_error(c, key, "must have rows of %d entr%s (one per coordinate, as qdot), "
                             "row %d has %d", cols, cols == 1 ? "y" : "ies", i, n);
        only_list(c, key, NULL, i, cols);
        read_entries(c, key, i, cols, out + (size_t)(i - 1) * cols);
    }
    lua_pop(L, 1);
}
