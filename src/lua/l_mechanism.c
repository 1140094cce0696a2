/* Prepared mechanisms: impact.prepare_mechanism{M =, J =} checks and
 * factors M and builds W = J M^-1 J^T once, in a userdata (metatable
 * impact.Mechanism). solve2d and solve3d take it as `mechanism =` with
 * each call's qdot: they copy it (imp_mech_copy) and set the rates
 * (imp_mech_rates) instead of reading M and J from Lua and factoring M,
 * which is most of a mechanism call's cost. The results are those of the
 * same call with M and J, bit for bit. */
#include <math.h>
#include <string.h>

#include <lauxlib.h>

#include "l_matrix.h"
#include "l_mechanism.h"
#include "module.h"

#define MECHANISM_MT "impact.Mechanism"

static const char *const prepare_fields[] = {"M", "J", NULL};

/* t.M, t.J (2 or 3 rows) into mc by imp_mech_init at rest (qdot = NULL). */
static void read_prepared(const limp_check *c, int t, imp_mech *mc)
{
    lua_State *L = c->L;
    t = lua_absindex(L, t);
    luaL_checkstack(L, LIMP_MATRIX_STACK, "M");
    double M[IMP_MECH_NMAX * IMP_MECH_NMAX], J[3 * IMP_MECH_NMAX];
    int n = limp_matrix_count_rows(c, lua_getfield(L, t, "M"), "M");
    if (n < 1 || n > IMP_MECH_NMAX)
        limp_check_error(c, "M", "must have 1 to %d rows, got %d", IMP_MECH_NMAX, n);
    limp_matrix_read_rows(c, LUA_TTABLE, "M", n, n, "one per coordinate", M);
    int rows = limp_matrix_count_rows(c, lua_getfield(L, t, "J"), "J");
    if (rows != 2 && rows != 3)
        limp_check_error(c, "J", "must have 2 rows (tangent, normal) or 3 (x, y = normal, z), got %d", rows);
    limp_matrix_read_rows(c, LUA_TTABLE, "J", rows, n, rows == 2 ? "tangent, normal" : "x, y = normal, z", J);
    imp_status st = imp_mech_init(mc, n, rows, M, J, NULL);
    if (st != IMP_OK) limp_mechanism_raise(c, mc, st, "J");
}

/* impact.prepare_mechanism{M = n rows of n, J = 2 or 3 rows of n} */
static int l_prepare(lua_State *L)
{
    limp_check c;
    limp_check_init(&c, L, "prepare_mechanism");
    limp_check_table_arg(&c, 1);
    limp_check_known(&c, 1, prepare_fields, NULL, NULL);
    limp_check_unknown(&c);
    lua_settop(L, 1);
    imp_mech *mc = lua_newuserdatauv(L, sizeof *mc, 0);   /* freed by the collector */
    mc->n = 0;
    luaL_setmetatable(L, MECHANISM_MT);
    read_prepared(&c, 1, mc);
    return 1;
}

const imp_mech *limp_mechanism_get(const limp_check *c, int t, int dim)
{
    lua_State *L = c->L;
    if (lua_getfield(L, t, "mechanism") == LUA_TNIL) {
        lua_pop(L, 1);
        return NULL;
    }
    const imp_mech *mc = luaL_testudata(L, -1, MECHANISM_MT);
    if (!mc)
        limp_check_error(c, "mechanism", "must be a prepared mechanism (impact.prepare_mechanism{M =, J =}), got %s",
                         luaL_typename(L, -1));
    lua_pop(L, 1);   /* (the problem table holds it) */
    if (mc->dim != dim)
        limp_check_error(c, "mechanism", "has a %dD contact (J has %d rows); %s needs %d rows",
                         mc->dim, mc->dim, c->fn, dim);
    static const char *const other[] = {"M", "J", NULL};
    for (int i = 0; other[i]; i++)
        if (limp_check_has(c, t, other[i]))
            limp_check_error(c, other[i], "cannot be combined with mechanism (it holds M and J)");
    return mc;
}

void limp_mechanism_rates(const limp_check *c, const imp_mech *prep, int n, const double *qdot,
                          imp_mech *mc)
{
    if (n != prep->n)
        limp_check_error(c, "qdot", "must have %d entr%s (one per coordinate of the mechanism), got %d",
                         prep->n, prep->n == 1 ? "y" : "ies", n);
    imp_mech_copy(mc, prep);
    if (imp_mech_rates(mc, qdot) != IMP_OK)
        limp_check_error(c, "qdot", "gives a contact velocity or kinetic energy beyond double's range");
}

void limp_mechanism_raise(const limp_check *c, const imp_mech *mc, imp_status st,
                          const char *jkey)
{
    limp_mechanism_raise_fail(c, mc->fail, mc->fail_row, mc->fail_col, mc->cond, st, jkey);
}

void limp_mechanism_raise_fail(const limp_check *c, imp_mech_fail fail, int fail_row,
                               int fail_col, double cond, imp_status st, const char *jkey)
{
    const char *f = imp_mech_fail_field(fail), *why = imp_mech_fail_reason(fail);
    int row = fail_row + 1, col = fail_col + 1;
    if (!f) limp_check_fail(c, "the mechanism could not be set up (%s)", imp_strerror(st));
    if (!strcmp(f, "J")) f = jkey;
    switch (fail) {
    case IMP_MECH_FAIL_M_ASYMMETRIC:
        limp_check_error(c, "M", "must be symmetric positive definite (the generalized mass matrix), "
                         "entries [%d][%d] and [%d][%d] differ", row, col, col, row);
        break;
    case IMP_MECH_FAIL_M_NOTPD:
        if (row > 0)
            limp_check_error(c, "M", "must be symmetric positive definite (the generalized mass matrix), "
                             "it is not positive definite (found at entry [%d][%d])", row, row);
        limp_check_error(c, "M", "must be symmetric positive definite (the generalized mass matrix), "
                         "it is not positive definite");
        break;
    case IMP_MECH_FAIL_M_SINGULAR:
        limp_check_error(c, "M", "must be symmetric positive definite (the generalized mass matrix), "
                         "it %s", why);
        break;
    case IMP_MECH_FAIL_J_RANK:
        if (cond > 0 && isfinite(cond))
            limp_check_error(c, f, "%s (condition number ~%.3g)", why, cond);
        break;
    default:
        break;
    }
    if (row > 0 && col > 0) limp_check_error(c, f, "%s (entry [%d][%d])", why, row, col);
    if (row > 0) limp_check_error(c, f, "%s (entry [%d])", why, row);
    limp_check_error(c, f, "%s", why);
}

/* rows x cols entries a[i * ri + j * cj] as a new table of rows */
static void push_rows(lua_State *L, const double *a, int rows, int cols, int ri, int cj)
{
    lua_createtable(L, rows, 0);
    for (int i = 0; i < rows; i++) {
        lua_createtable(L, cols, 0);
        for (int j = 0; j < cols; j++) {
            lua_pushnumber(L, a[i * ri + j * cj]);
            lua_rawseti(L, -2, j + 1);
        }
        lua_rawseti(L, -2, i + 1);
    }
}

/* m.n, m.dim, m.cond (a bound on cond(W)), m.W (dim rows), and the M
 * (symmetrised) and J it was prepared from, as new tables */
static int l_index(lua_State *L)
{
    const imp_mech *mc = luaL_checkudata(L, 1, MECHANISM_MT);
    const char *k = luaL_checkstring(L, 2);
    if (!strcmp(k, "n")) lua_pushinteger(L, mc->n);
    else if (!strcmp(k, "dim")) lua_pushinteger(L, mc->dim);
    else if (!strcmp(k, "cond")) lua_pushnumber(L, mc->cond);
    else if (!strcmp(k, "W")) push_rows(L, mc->W, mc->dim, mc->dim, 3, 1);
    else if (!strcmp(k, "M")) push_rows(L, mc->M, mc->n, mc->n, 1, mc->n);   /* column-major */
    else if (!strcmp(k, "J")) push_rows(L, mc->J, mc->dim, mc->n, mc->n, 1);
    else
        return luaL_error(L, "impact.Mechanism has no field '%s' (n, dim, M, J, W, cond)", k);
    return 1;
}

static int l_tostring(lua_State *L)
{
    const imp_mech *mc = luaL_checkudata(L, 1, MECHANISM_MT);
    lua_pushfstring(L, "impact.Mechanism: n = %d, %dD contact, cond(W) <= %f", mc->n, mc->dim,
                    mc->cond);
    return 1;
}

void limp_open_mechanism(lua_State *L)
{
    static const luaL_Reg meta[] = {{"__index", l_index}, {"__tostring", l_tostring}, {NULL, NULL}};
    luaL_newmetatable(L, MECHANISM_MT);
    luaL_setfuncs(L, meta, 0);
    lua_pop(L, 1);
    lua_pushcfunction(L, l_prepare);
    lua_setfield(L, -2, "prepare_mechanism");
}
