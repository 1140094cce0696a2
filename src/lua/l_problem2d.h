/* The 2D problem layer of the binding, shared by solve2d, the published
 * models, the analyses and the sweeps: reading a problem table (bodies or
 * coefficients, friction, law), solving it, building the result table
 * (l_result2d.c: metatable impact.Result2D, whose __index builds the
 * problem's fields and `path` on first read),
 * the published models' names and own parameters, and the dispatch of
 * t.model to the models' solver. The key strings are upvalues of solve2d
 * (keyset.fast) or pushed by name. */
#ifndef IMPACT_L_PROBLEM2D_H
#define IMPACT_L_PROBLEM2D_H

#include <stddef.h>

#include "check.h"
#include "impact2d.h"
#include "l_law.h"
#include "l_mech2d.h"
#include "models2d.h"

#define RESULT2D_MT "impact.Result2D"

/* Key strings. solve2d keeps them as upvalues (from KEY_UP on) so that a
 * call reads and writes fields without interning strings (lua_getfield
 * costs a string-cache lookup and a strcmp per key); the exported entry
 * points, called once per sweep, push them by name. */
enum {
    K_model, K_body1, K_body2, K_B1, K_B2, K_B3, K_S0, K_C0, K_mu, K_mu_s, K_mu_k,
    K_e, K_law, K_M, K_J, K_qdot, K_tip, K_frame, K_mechanism, K_m, K_rho, K_I, K_x, K_y, K_vx, K_vy, K_w,
    K_Px, K_Py, K_S, K_C, K_dT, K_Wc, K_Wr, K_Wf, K_Pc, K_mode, K_class,
    K_energy_ratio, K_path, K_Delta, K_routh,
    K_none, K_sliding, K_C_sticking, K_R_sticking, K_C_reversed, K_R_reversed,
    K_direct, K_central, K_eccentric, K_tangential,
    NKEYS
};
extern const char *const limp_problem2d_keys[NKEYS];
#define KEY_UP 2                 /* upvalue 1 is the result metatable */

/* The fields each table may hold (a key not listed is an error naming it):
 * a problem (classify2d's table), solve2d's (Routh's path), a body. */
#define PROBLEM2D_FIELDS "body1", "body2", "B1", "B2", "B3", "S0", "C0", \
    "mu", "mu_s", "mu_k", "e", "law", "M", "J", "qdot", "tip", "frame", "mechanism"
extern const char *const limp_problem2d_fields[];
extern const char *const limp_solve2d_fields[];
extern const char *const limp_body2d_fields[];


/* The input keys model .. mechanism, which scan_keys recognises. A field added to
 * solve2d goes in limp_solve2d_fields (else it is rejected as unknown) and,
 * to keep the fast path, among these keys; one that is not makes the scan
 * miss, and solve2d then reads the table by lookups (correct, slower). */
#define NIN (K_mechanism + 1)

typedef struct {
    lua_State *L;
    int fast;                    /* keys are upvalues of the running closure */
    int nread;                   /* known fields found (non-nil) in the table */
    int scanned;                 /* the table scanned by scan_keys (0: none) */
    unsigned present;            /* its keys: bit k for input key k */
    unsigned isnum;              /* those whose value is a number, */
    double val[NIN];             /* that number */
    const imp_mech *mech;        /* a mechanism's (M, J, qdot), else NULL */
} keyset;

/* solve2d's last upvalue: the input keys' string objects, as
 * lua_topointer gives them (short strings are interned: a key of the
 * table is one of them exactly when it is the same object). */
#define PTRS_UP (KEY_UP + NKEYS)

static inline void pushkey(const keyset *ks, int k)
{
    if (ks->fast)
        lua_pushvalue(ks->L, lua_upvalueindex(KEY_UP + k));
    else
        lua_pushstring(ks->L, limp_problem2d_keys[k]);
}

/* t[key] (metamethods honoured, as lua_getfield); a key absent from the
 * scanned table is nil without a lookup */
static inline int getk(const keyset *ks, int t, int k)
{
    if (t == ks->scanned && (k >= NIN || !(ks->present >> k & 1u))) {
        lua_pushnil(ks->L);
        return LUA_TNIL;
    }
    pushkey(ks, k);
    return lua_gettable(ks->L, t);
}

/* Reads the problem table at index t through ks (see limp_problem2d_from_lua). */
void limp_problem2d_read(keyset *ks, const limp_check *c, int t,
                         imp_problem2d *p, limp_lua_law *lctx);
/* Reads the problem table at index t: B1, B2, B3, S0, C0 or body1 (and
 * body2), mu / mu_s / mu_k, e, law. Raises a Lua error naming the field for
 * bad input (the physical checks are imp_problem2d_check's). A custom law
 * leaves two values on the stack (the law and its state object, see
 * limp_law_check) that must stay there while p is solved. A mechanism
 * (M, J, qdot) gives p's coefficients and is returned (else NULL; it may
 * leave a userdata on the stack, below the law's values). */
const imp_mech *limp_problem2d_from_lua(const limp_check *c, int t, imp_problem2d *p,
                                        limp_lua_law *lctx);

/* Solves p (a custom law under one protected call) and raises on failure
 * with a message naming the law or the field. */
void limp_problem2d_solve_lua(const limp_check *c, const imp_problem2d *p,
                              imp_result2d *r, double post[2][3]);

/* Pushes an impulse-space path: a list of {Px, Py, S, C, event}. */
void limp_path2d_push(lua_State *L, const imp_vertex2d *vert, int n);

/* The result table of solve2d, without its metatable (through ks). */
void limp_result2d_build(const keyset *ks, const imp_problem2d *p,
                         const imp_result2d *r, const double post[2][3]);
/* Pushes the result table of solve2d (metatable impact.Result2D). */
void limp_result2d_push(lua_State *L, const imp_problem2d *p,
                        const imp_result2d *r, const double post[2][3]);
/* Sets the fields of the Result2D at t that __index would build on first
 * read (not the path), so that lua_next sees them (pairs does by itself);
 * 1 when t is a Result2D, else 0. */
int limp_result2d_complete(lua_State *L, int t);

/* Sets result.body1 (and body2) = {vx, vy, w} from post (imp_problem2d_after)
 * for the table on top of the stack. Nothing when the problem has no bodies. */
void limp_problem2d_push_after(lua_State *L, const imp_problem2d *p, const double post[2][3]);

/* The published models' names ("routh" first, in imp_model2d order after
 * it) and an limp_field_note (check.h) for Routh's path: a published
 * model's own parameter "is only used by model ..., not by \"routh\"". */
extern const char *limp_model2d_names[IMP_MODEL_COUNT + 2];
/* Each model's own parameters, the models that read them (quoted, for
 * messages) and their mask (bit imp_model2d); ends with key NULL. */
typedef struct { const char *key, *users; unsigned mask; } limp_model2d_param;
#define LIMP_MODEL2D_MAXPARAMS 16
extern limp_model2d_param limp_model2d_params[LIMP_MODEL2D_MAXPARAMS + 1];
void limp_model2d_params_fill(void);   /* from imp_models2d, once, at open */
const char *limp_model_param_note(void *ud, const char *key, char *buf, size_t n);

/* The models' solver, solve2d(t) with t.model another than "routh": the
 * models' binding registers it (limp_solve2d_model_register, at opening);
 * limp_solve2d_model calls it on the table at index t and returns its
 * results' count. */
void limp_solve2d_model_register(lua_State *L, lua_CFunction fn);
int limp_solve2d_model(lua_State *L, int t);

/* Creates the Result2D metatable (core._result2d_mt) in the module table
 * on top of the stack (l_result2d.c). */
void limp_open_problem2d(lua_State *L);

#endif
