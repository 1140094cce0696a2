/* solve3d's two other problem forms: a mechanism in generalized
 * coordinates (M, J, qdot: W = J M^-1 J^T) read here, and the results of
 * it and of two moving bodies (body2 = {...}, read by l_problem3d.c; the
 * pair's W = W1 + W2 and relative contact velocity, Keller 1986). Both go
 * to the same contact-space solvers as a single body. */
#include <math.h>
#include <string.h>

#include "l_matrix.h"
#include "l_mechanism.h"
#include "l_solve3d.h"
#include "module.h"
#include "raise.h"

#define MECH_MT "impact.Mech3D"

static const char scratch_key = 0;   /* registry[&scratch_key] = the buffer */

/* The mechanism and its row-major input (imp_mech_init copies them). A
 * fresh 90 kB userdata per call cost solve3d about 8 us (the allocation
 * and the collector's work on it): one per state is reused, unless Lua
 * code can run before the result is built. */
typedef struct {
    imp_mech mc;
    double in[IMP_MECH_NMAX * IMP_MECH_NMAX + 4 * IMP_MECH_NMAX];
} mech_buf;

/* The rows x n matrix t[key] into out, row-major; what: the field, for
 * the message when it is missing. */
static void read_matrix(const limp_check *c, int t, const char *key, int rows, int n,
                        const char *why, const char *what, double *out)
{
    int type = lua_getfield(c->L, t, key);
    if (type == LUA_TNIL) limp_check_error(c, key, "is required (%s)", what);
    limp_matrix_read_rows(c, type, key, rows, n, why, out);
}

imp_mech *limp_solve3d_read_mech(const limp_check *c, int t, int fresh, imp_contact3d *cc)
{
    lua_State *L = c->L;
    mech_buf *b;
    if (fresh) {
        b = lua_newuserdatauv(L, sizeof *b, 0);  /* freed by the collector */
        b->mc.n = 0;   /* imp_mech_init sets what it reads (no memset) */
        luaL_setmetatable(L, MECH_MT);
    } else {
        lua_rawgetp(L, LUA_REGISTRYINDEX, &scratch_key);
        b = lua_touserdata(L, -1);
        lua_pop(L, 1);
    }
    imp_mech *mc = &b->mc;
    luaL_checkstack(L, LIMP_MATRIX_STACK, "qdot");
    int type = lua_getfield(L, t, "qdot");
    if (type == LUA_TNIL) limp_check_error(c, "qdot", "is required (the n pre-impact generalized velocities)");
    double *qd = b->in;   /* the row-major inputs */
    int n = limp_matrix_read_list(c, type, "qdot", qd);
    const imp_mech *prep = limp_mechanism_get(c, t, 3);
    if (prep) {
        limp_mechanism_rates(c, prep, n, qd, mc);
        if (imp_mech_contact3d(mc, cc) != IMP_OK)
            limp_check_error(c, "mechanism", "%s", imp_mech_fail_reason(IMP_MECH_FAIL_J_RANK));
        return mc;
    }
    double *J = qd + n, *M = J + 3 * n;
    read_matrix(c, t, "J", 3, n, "x, y = normal, z", "a 3 x n table (rows x, y = normal, z; n = #qdot)", J);
    read_matrix(c, t, "M", n, n, "one per coordinate, as qdot", "an n x n table of rows (n = #qdot)", M);
    imp_status st = imp_mech_init(mc, n, 3, M, J, qd);
    if (st != IMP_OK) limp_mechanism_raise(c, mc, st, "J");
    st = imp_mech_contact3d(mc, cc);
    if (st != IMP_OK) limp_check_error(c, "J", "%s", imp_mech_fail_reason(IMP_MECH_FAIL_J_RANK));
    return mc;
}

static void push_vw(lua_State *L, const char *key, const double v[3], const double w[3])
{
    lua_createtable(L, 0, 2);
    limp_push_vec3(L, v);
    lua_setfield(L, -2, "v");
    limp_push_vec3(L, w);
    lua_setfield(L, -2, "w");
    lua_setfield(L, -2, key);
}

void limp_solve3d_push_pair(lua_State *L, const limp_body3d_in *b1, const limp_body3d_in *b2,
                            const imp_pair3d *p, const double P[3])
{
    double v1[3], w1[3], v2[3], w2[3];
    imp_pair3d_after(&b1->body, &b2->body, p, P, v1, w1, v2, w2, NULL);
    push_vw(L, "body1", v1, w1);
    push_vw(L, "body2", v2, w2);
    limp_push_vec3(L, v1); lua_setfield(L, -2, "v");
    limp_push_vec3(L, w1); lua_setfield(L, -2, "w");
}

/* qdot after; dT from M and from contact space must agree (both in
 * double-double in the core): a disagreement is a bug, reported as such. */
void limp_solve3d_push_mech(const limp_check *c, const imp_mech *mc, imp_result3d *r)
{
    lua_State *L = c->L;
    double qa[IMP_MECH_NMAX], T1, dTM, dTW;
    imp_mech_after(mc, r->P, qa, &T1, &dTM, &dTW);
    double scale = fmax(fmax(fabs(dTM), fabs(dTW)), 1e-4 * mc->T0);
    if (!imp_mech_energies_agree(dTM, dTW, scale))
        limp_check_fail(c, "internal error: the energy change from M (%.17g) and from contact space "
                        "(%.17g) disagree beyond 1e-10 relative (please report)", dTM, dTW);
    lua_createtable(L, mc->n, 0);
    for (int i = 0; i < mc->n; i++) {
        if (!isfinite(qa[i])) limp_check_fail(c, "the post-impact qdot is not finite (inputs out of range?)");
        lua_pushnumber(L, qa[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "qdot");
    /* the contact-space solvers' dT reads W as rounded, which loses about
     * cond(W) eps of it (1e-10 of T0 on random mechanisms up to cond(M) =
     * 1e8); this one (vC0 + vC from J dq, as in 2D) is good to ~1e-13 */
    r->dT = dTW;
    r->T0 = mc->T0;
    if (mc->T0 > 0 && isfinite(T1)) r->energy_ratio = imp_mech_energy_ratio(mc, r->P, T1);
}

void limp_solve3d_open_mech(lua_State *L)
{
    luaL_newmetatable(L, MECH_MT);
    lua_pop(L, 1);
    lua_newuserdatauv(L, sizeof(mech_buf), 0);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &scratch_key);
}
