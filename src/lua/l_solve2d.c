/* The 2D binding: impact.solve2d, impact.classify2d, impact.sb2d.
 * Tables are checked field by field (the problem layer, l_problem2d.c),
 * the physical checks are the core's imp_problem2d_check; solve2d sends
 * t.model to the published models through limp_solve2d_model. */
#include <float.h>
#include <math.h>
#include <string.h>

#include <lauxlib.h>

#include "closed2d.h"
#include "l_friction.h"
#include "l_compliance.h"
#include "l_problem2d.h"
#include "raise.h"
#include "module.h"

static const char *const sb2d_fields[] = {"theta", "theta_deg", "alpha", "m", "L", "mu",
    "mu_s", "mu_k", "e", "vCy", "ratio", "vCx", NULL};


/* One pass over the keys of the table at t (absolute), which has no
 * metatable: each must be an input key (present: which; numbers are kept,
 * so that reading them costs nothing more), else -1 (an unknown key, or
 * one of another model's). A table with a metatable is not scanned (0):
 * its fields may come from __index. The pass replaces the lookups, so the
 * check costs about nothing. (Only a string object has the pointer of a
 * key string: a light userdata key would have to be made from one.) */
static int scan_keys(keyset *ks, int t)
{
    lua_State *L = ks->L;
    if (lua_getmetatable(L, t)) {
        lua_pop(L, 1);
        return 0;
    }
    const void *const *ptr = lua_touserdata(L, lua_upvalueindex(PTRS_UP));
    unsigned present = 0;
    lua_pushnil(L);
    unsigned isnum = 0;
    while (lua_next(L, t)) {
        const void *p = lua_topointer(L, -2);
        int k = 0;
        while (k < NIN && ptr[k] != p)
            k++;
        if (k == NIN) {
            lua_pop(L, 2);
            return -1;
        }
        present |= 1u << k;
        if (lua_type(L, -1) == LUA_TNUMBER) {
            ks->val[k] = lua_tonumber(L, -1);
            isnum |= 1u << k;
        }
        lua_pop(L, 1);
    }
    ks->scanned = t;
    ks->present = present;
    ks->isnum = isnum;
    return 1;
}

static int l_solve2d(lua_State *L)
{
    keyset ks = {L, 1, 0, 0, 0, 0, {0}, NULL};
    limp_check c;
    limp_check_init(&c, L, "solve2d");
    limp_check_table_arg(&c, 1);
    int scan = scan_keys(&ks, 1);
    /* compliance is not a scanned key: a scan that found every key saw none */
    if (scan != 1 && lua_getfield(L, 1, "compliance") != LUA_TNIL)
        return limp_solve2d_compliance(L, 1);
    if (scan != 1)
        lua_pop(L, 1);
    if (getk(&ks, 1, K_model) != LUA_TNIL) {
        pushkey(&ks, K_routh);
        if (!lua_rawequal(L, -1, -2)) {
            lua_pop(L, 2);
            return limp_solve2d_model(L, 1);
        }
        lua_pop(L, 1);
        ks.nread++;
    }
    lua_pop(L, 1);
    /* a friction law (not among the scanned keys): its own path */
    if (scan <= 0 && limp_friction_given(L, 1))
        return limp_solve2d_friction(L, 1);
    /* the models' own parameters are known to solve2d, not to Routh's path */
    limp_check_known(&c, 1, limp_solve2d_fields, limp_model_param_note, NULL);
    if (scan < 0)
        limp_check_unknown(&c);   /* names the key */
    imp_problem2d p;
    limp_lua_law lctx;
    limp_problem2d_read(&ks, &c, 1, &p, &lctx);
    if (!scan)
        limp_check_count(&c, ks.nread);
    imp_result2d r;
    double post[2][3];
    limp_problem2d_solve_lua(&c, &p, &r, post);
    limp_result2d_build(&ks, &p, &r, post);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_setmetatable(L, -2);
    return 1;
}

/* Sets t[key] = v only when v is a number (undefined values stay nil). */
static void set_finite(lua_State *L, const char *key, double v)
{
    if (isfinite(v))
        limp_set_number(L, key, v);
}

static int l_classify2d(lua_State *L)
{
    limp_check c;
    limp_check_init(&c, L, "classify2d");
    limp_check_table_arg(&c, 1);
    limp_check_known(&c, 1, limp_problem2d_fields, NULL, NULL);
    limp_check_unknown(&c);
    imp_problem2d p;
    limp_lua_law lctx;
    limp_problem2d_from_lua(&c, 1, &p, &lctx);
    imp_coef2d co = p.coef;
    if (p.nbodies)
        imp_coef2d_from_bodies(&p.body1, p.nbodies == 2 ? &p.body2 : NULL, &co);
    imp_class2d k;
    imp_status st = imp_mode2d_classify(&co, p.mu_s, p.mu_k, p.law.e, &k);
    if (st != IMP_OK)
        return limp_raise(&c, st, NULL);
    lua_createtable(L, 0, 30);
    limp_set_string(L, "mode", imp_mode_name(k.mode));
    limp_set_string(L, "class", imp_class_name(k.cls));
    lua_pushinteger(L, k.s);
    lua_setfield(L, -2, "s");
    limp_set_boolean(L, "sticks", k.sticks);
    set_finite(L, "stick_slope", k.mu_s_wm);
    set_finite(L, "mu_d", k.mu_d);
    set_finite(L, "mu_q", k.mu_q);
    set_finite(L, "mu_D", k.mu_D);
    set_finite(L, "mu_Q", k.mu_Q);
    set_finite(L, "P_d", k.P_d);
    set_finite(L, "P_q", k.P_q);
    set_finite(L, "kS", k.kS);
    set_finite(L, "kC", k.kC);
    if (co.S0 != 0)
        set_finite(L, "p_s", k.p_s);
    if (k.sb_valid) {
        set_finite(L, "ratio", k.ratio);
        set_finite(L, "R1", k.R1);
        set_finite(L, "R2", k.R2);
        set_finite(L, "R3", k.R3);
        lua_pushinteger(L, k.sb_case);
        lua_setfield(L, -2, "sb_case");
    }
    limp_set_number(L, "B1", co.B1);
    limp_set_number(L, "B2", co.B2);
    limp_set_number(L, "B3", co.B3);
    limp_set_number(L, "S0", co.S0);
    limp_set_number(L, "C0", co.C0);
    set_finite(L, "Delta", imp_coef2d_delta(&co));
    limp_set_number(L, "e", p.law.e);
    /* closed = {poisson = {Px, Py, Pc, S, C, dT}, newton = ..., energetic = ...}:
     * every law of the registry with a closed-form end (WM92 eqs 39-55,
     * Stronge 1990's law likewise; a law whose result overflows double, or
     * that has no closed form, is left out) */
    lua_createtable(L, 0, 3);
    for (int l = 0; l < IMP_LAW_COUNT; l++) {
        imp_closed2d q;
        if (imp_closed2d_solve(&co, p.mu_s, p.mu_k, (imp_law_kind)l, p.law.e, &q) != IMP_OK)
            continue;
        lua_createtable(L, 0, 6);
        limp_set_number(L, "Px", q.Px);
        limp_set_number(L, "Py", q.Py);
        limp_set_number(L, "Pc", q.Pc);
        limp_set_number(L, "S", q.S);
        limp_set_number(L, "C", q.C);
        limp_set_number(L, "dT", q.dT);
        lua_setfield(L, -2, imp_law_types[l].name);
    }
    lua_setfield(L, -2, "closed");
    return 1;
}

static int l_sb2d(lua_State *L)
{
    static const imp_mode case_mode[7] = {
        IMP_MODE_SLIDING, IMP_MODE_C_STICKING, IMP_MODE_C_REVERSED, IMP_MODE_R_STICKING,
        IMP_MODE_R_REVERSED, IMP_MODE_C_STICKING, IMP_MODE_SLIDING};
    limp_check c;
    limp_check_init(&c, L, "sb2d");
    limp_check_table_arg(&c, 1);
    limp_check_known(&c, 1, sb2d_fields, NULL, NULL);
    limp_check_unknown(&c);
    int has_t = limp_check_has(&c, 1, "theta"), has_d = limp_check_has(&c, 1, "theta_deg");
    if (has_t == has_d)
        limp_check_error(&c, "theta", "%s", has_t ? "cannot be given together with theta_deg"
                                                 : "is required (radians; or give theta_deg)");
    double theta = has_t ? limp_check_number(&c, 1, "theta", 1, 0)
                         : limp_check_number(&c, 1, "theta_deg", 1, 0) * (M_PI / 180);
    double alpha = limp_check_positive(&c, 1, "alpha", 0, 1.0 / 3);
    double m = limp_check_positive(&c, 1, "m", 0, 1);
    double Lr = limp_check_positive(&c, 1, "L", 0, 1);
    double mu_s, mu_k;
    limp_check_friction(&c, 1, 0, &mu_s, &mu_k);
    double e = limp_check_range(&c, 1, "e", 1, 0, 0, 1);
    double vCy = limp_check_positive(&c, 1, "vCy", 0, 1);
    double ratio = -1;
    if (limp_check_has(&c, 1, "ratio") && limp_check_has(&c, 1, "vCx"))
        limp_check_error(&c, "ratio", "cannot be given together with vCx");
    if (limp_check_has(&c, 1, "ratio"))
        ratio = limp_check_range(&c, 1, "ratio", 1, 0, 0, HUGE_VAL);
    else if (limp_check_has(&c, 1, "vCx"))
        ratio = limp_check_range(&c, 1, "vCx", 1, 0, 0, HUGE_VAL) / vCy;
    if (!isfinite(ratio) || !isfinite(ratio * vCy))
        limp_check_error(&c, "vCx", "gives ratio = vCx/vCy beyond double's range (vCy = %g)", vCy);
    imp_sb2d q;
    imp_sb2d_rod(theta, alpha, mu_s, mu_k, e, ratio, &q);
    if (!(isfinite(q.Pbar) && isfinite(q.Qbar) && isfinite(q.Rbar) && isfinite(q.D1) &&
          isfinite(q.R2)))
        limp_check_error(&c, "alpha", "is too small: Qbar = 1 + sin^2(theta)/alpha and Rbar = "
                         "1 + cos^2(theta)/alpha overflow double precision (alpha = %g)", alpha);
    lua_createtable(L, 0, 12);
    limp_set_number(L, "Pbar", q.Pbar);
    limp_set_number(L, "Qbar", q.Qbar);
    limp_set_number(L, "Rbar", q.Rbar);
    limp_set_number(L, "D1", q.D1);
    set_finite(L, "R1", q.R1);
    limp_set_number(L, "R2", q.R2);
    set_finite(L, "R3", q.R3);
    limp_set_number(L, "theta", theta);
    limp_set_number(L, "alpha", alpha);
    if (ratio >= 0) {
        limp_set_number(L, "ratio", ratio);
        lua_pushinteger(L, q.sb_case);
        lua_setfield(L, -2, "case");
        limp_set_string(L, "mode", imp_mode_name(case_mode[q.sb_case]));
        /* the same impact as a solve2d problem in the master convention */
        imp_body2d b;
        imp_sb2d_body(theta, alpha, m, Lr, ratio * vCy, vCy, &b);
        if (!isfinite(b.rho))   /* L sqrt(alpha) */
            limp_check_error(&c, "L", "gives the problem's body1.rho = L sqrt(alpha) beyond double's "
                             "range (L = %g, alpha = %g)", Lr, alpha);
        lua_createtable(L, 0, 4);
        lua_createtable(L, 0, 7);
        limp_set_number(L, "m", b.m);
        limp_set_number(L, "rho", b.rho);
        limp_set_number(L, "x", b.x);
        limp_set_number(L, "y", b.y);
        limp_set_number(L, "vx", b.vx);
        limp_set_number(L, "vy", b.vy);
        limp_set_number(L, "w", b.w);
        lua_setfield(L, -2, "body1");
        limp_set_number(L, "mu_s", mu_s);
        limp_set_number(L, "mu_k", mu_k);
        limp_set_number(L, "e", e);
        lua_setfield(L, -2, "problem");
    }
    return 1;
}

void limp_open_solve2d(lua_State *L)
{
    lua_getfield(L, -1, "_result2d_mt");   /* (limp_open_problem2d) */
    /* solve2d: upvalues = the metatable, then the key strings */
    luaL_checkstack(L, NKEYS + 2, "impact: opening solve2d");
    for (int k = 0; k < NKEYS; k++)
        lua_pushstring(L, limp_problem2d_keys[k]);
    const void **ptr = lua_newuserdatauv(L, NIN * sizeof *ptr, 0);
    for (int k = 0; k < NIN; k++)
        ptr[k] = lua_topointer(L, -1 - NKEYS + k);
    lua_pushcclosure(L, l_solve2d, 2 + NKEYS);
    lua_setfield(L, -2, "solve2d");
    static const luaL_Reg funcs[] = {
        {"classify2d", l_classify2d},
        {"sb2d", l_sb2d},
        {NULL, NULL}
    };
    luaL_setfuncs(L, funcs, 0);
    limp_check_publish(L, "classify2d", limp_problem2d_fields);
    limp_check_publish(L, "sb2d", sb2d_fields);
    limp_check_publish(L, "body2d", limp_body2d_fields);
}

