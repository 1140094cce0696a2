/* A mechanism in a 2D problem table (see l_mech2d.h). */
#include <math.h>
#include <stdio.h>

#include <lauxlib.h>

#include "l_matrix.h"
#include "l_mech2d.h"
#include "l_mechanism.h"

static const char scratch_key = 0;   /* registry[&scratch_key] = the buffer */

/* The mechanism and its row-major input (imp_mech_init copies them). */
typedef struct {
    imp_mech mc;
    double M[IMP_MECH_NMAX * IMP_MECH_NMAX];
    double J[2 * IMP_MECH_NMAX];
    double qdot[IMP_MECH_NMAX];
} mech_buf;

static mech_buf *buffer(lua_State *L, int fresh)
{
    if (fresh)
        return lua_newuserdatauv(L, sizeof(mech_buf), 0);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &scratch_key);
    mech_buf *b = lua_touserdata(L, -1);
    lua_pop(L, 1);
    return b;
}

const imp_mech *limp_mech2d_read(const limp_check *c, int t, int fresh,
                                 imp_coef2d *coef)
{
    lua_State *L = c->L;
    t = lua_absindex(L, t);
    mech_buf *b = buffer(L, fresh);
    luaL_checkstack(L, LIMP_MATRIX_STACK, "M");
    const imp_mech *prep = limp_mechanism_get(c, t, 2);
    /* n = #qdot, as in solve3d and solve_multi */
    int n = limp_matrix_read_list(c, lua_getfield(L, t, "qdot"), "qdot", b->qdot);
    if (prep) {
        limp_mechanism_rates(c, prep, n, b->qdot, &b->mc);
    } else {
        limp_matrix_read_rows(c, lua_getfield(L, t, "M"), "M", n, n, "one per coordinate, as qdot", b->M);
        limp_matrix_read_rows(c, lua_getfield(L, t, "J"), "J", 2, n, "tangent, normal", b->J);
        imp_status st = imp_mech_init(&b->mc, n, 2, b->M, b->J, b->qdot);
        if (st != IMP_OK) limp_mechanism_raise(c, &b->mc, st, "J");
    }
    imp_mech_coef2d(&b->mc, coef);
    return &b->mc;
}

void limp_mech2d_result(lua_State *L, const char *fn, const imp_mech *mc,
                        double Px, double Py)
{
    double P[2] = {Px, Py}, q[IMP_MECH_NMAX], T1, dT_M, dT_W;
    imp_mech_after(mc, P, q, &T1, &dT_M, &dT_W);
    /* Both from dq and its refinement tail in double-double
     * (imp_mech_after): they agree to ~1e-12 relative whatever cond(M)
     * (worst 9e-13 on 2,000 random mechanisms up to cond 1e8), so 1e-10 relative to dT
     * (or to 1e-6 of its terms vC0.P, P^T W P / 2 when they cancel, as
     * for e = 1) flags a bug. */
    const double *W = mc->W;
    double work = Px * (W[0] * Px + W[1] * Py) + Py * (W[3] * Px + W[4] * Py);
    double terms = fabs(mc->vC0[0] * Px) + fabs(mc->vC0[1] * Py) + fabs(work) / 2;
    double scale = fmax(fabs(dT_W), 1e-6 * terms);
    if (!imp_mech_energies_agree(dT_M, dT_W, scale)) {
        char buf[200];   /* (lua_pushfstring has no precision) */
        snprintf(buf, sizeof buf, "dT from M = %.17g, from the contact = %.17g", dT_M, dT_W);
        luaL_error(L, "%s: mechanism energy check failed: %s (please report)", fn, buf);
    }
    lua_createtable(L, mc->n, 0);
    for (int i = 0; i < mc->n; i++) {
        lua_pushnumber(L, q[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "qdot");
    /* the 2D solver's dT from the coefficients loses about cond(W) eps
     * (8e-9 relative at cond(M) = 1e8); this one is good to ~1e-13 */
    limp_set_number(L, "dT", dT_W);
    limp_set_number(L, "T0", mc->T0);
    if (mc->T0 > 0 && isfinite(T1))
        limp_set_number(L, "energy_ratio", imp_mech_energy_ratio(mc, P, T1));
}

void limp_open_mech2d(lua_State *L)
{
    lua_newuserdatauv(L, sizeof(mech_buf), 0);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &scratch_key);
}
