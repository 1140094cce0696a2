/* law = { "name", params }: a compliant normal law's table (compliant.h,
 * Hunt & Crossley 1975, Lankarani & Nikravesh 1990, Flores et al. 2011), each
 * parameter checked by name. */
#include <math.h>
#include <string.h>

#include "compliant.h"
#include "l_law.h"

static const char *const KV_KEYS[] = {"k", "c", "zeta", "tension", NULL};
static const char *const HERTZ_KEYS[] = {"k", "e", NULL};
static const char *const HC_KEYS[] = {"k", "n", "c", "e", "damping", NULL};

static const char *const *keys_of(imp_law_kind k)
{
    return k == IMP_LAW_KELVIN_VOIGT ? KV_KEYS : k == IMP_LAW_HERTZ ? HERTZ_KEYS : HC_KEYS;
}

/* The first key of the law table that its row does not read (the name at
 * [1] aside): "fn: unknown field 'law.key' (did you mean 'name'?)". */
static void unknown_keys(const limp_check *sub, int t, const char *const *keys, const char *row)
{
    lua_State *L = sub->L;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) == LUA_TNUMBER && lua_isinteger(L, -1) && lua_tointeger(L, -1) == 1)
            continue;
        if (lua_type(L, -1) == LUA_TSTRING) {
            const char *k = lua_tostring(L, -1);
            int known = 0;
            for (int i = 0; keys[i]; i++) known |= strcmp(k, keys[i]) == 0;
            if (known) continue;
            const char *near = limp_nearest_name(k, keys);
            if (near)
                luaL_error(L, "%s: unknown field 'law.%s' (did you mean '%s'?)", sub->fn, k, near);
            char list[96] = "";
            for (int i = 0; keys[i]; i++) {
                strcat(list, i ? ", " : "");
                strcat(list, keys[i]);
            }
            luaL_error(L, "%s: unknown field 'law.%s' (the %s law reads %s)", sub->fn, k, row, list);
        }
        luaL_error(L, "%s: unknown field 'law[%s]' (a law table is { \"name\", key = value, ... })",
                   sub->fn, luaL_tolstring(L, -1, NULL));
    }
}

/* an optional number (NAN when absent) checked to be finite */
static double opt_number(const limp_check *sub, int t, const char *key)
{
    lua_State *L = sub->L;
    int type = lua_getfield(L, t, key);
    double v = NAN;
    if (type != LUA_TNIL) {
        if (type != LUA_TNUMBER)
            limp_check_error(sub, key, "must be a number, got %s", luaL_typename(L, -1));
        v = lua_tonumber(L, -1);
        if (!isfinite(v))
            limp_check_error(sub, key, "must be a finite number, got %f", v);
    }
    lua_pop(L, 1);
    return v;
}

int limp_law_compliant(const limp_check *c, int t, imp_law *law, imp_compliant *cp)
{
    lua_State *L = c->L;
    t = lua_absindex(L, t);
    if (lua_istable(L, t) && luaL_getmetafield(L, t, "__call") != LUA_TNIL) {
        lua_pop(L, 1);           /* a callable table: a custom law */
        return 0;
    }
    if (!lua_istable(L, t) || lua_rawgeti(L, t, 1) != LUA_TSTRING) {
        if (lua_istable(L, t)) lua_pop(L, 1);
        return 0;
    }
    const char *name = lua_tostring(L, -1);
    int kind = -1;
    for (int k = 0; k < IMP_LAW_COUNT; k++)
        if (imp_law_types[k].compliant && strcmp(name, imp_law_types[k].name) == 0)
            kind = k;
    limp_check sub;
    limp_check_sub(&sub, c, "law");
    if (kind < 0)
        return limp_check_error(&sub, "1", "must be \"kelvin-voigt\", \"hertz\" or \"hunt-crossley\" "
                         "(a compliant law), got \"%s\"", name);
    lua_pop(L, 1);
    unknown_keys(&sub, t, keys_of((imp_law_kind)kind), imp_law_types[kind].name);
    memset(cp, 0, sizeof *cp);
    cp->c = NAN;
    cp->e = NAN;
    cp->k = opt_number(&sub, t, "k");
    if (isnan(cp->k))
        limp_check_error(&sub, "k", "is required (a stiffness > 0)");
    if (!(cp->k > 0))
        limp_check_error(&sub, "k", "must be > 0, got %g", cp->k);
    switch (kind) {
    case IMP_LAW_KELVIN_VOIGT: {
        cp->n = 1;
        cp->c = opt_number(&sub, t, "c");
        double zeta = opt_number(&sub, t, "zeta");
        if (!isnan(cp->c) && !isnan(zeta))
            limp_check_error(&sub, "zeta", "cannot be given together with c");
        if (isnan(cp->c) && isnan(zeta))
            limp_check_error(&sub, "c", "is required (a dashpot >= 0), or zeta");
        if (!isnan(cp->c) && !(cp->c >= 0))
            limp_check_error(&sub, "c", "must be >= 0, got %g", cp->c);
        if (!isnan(zeta) && !(zeta >= 0 && zeta < 1))
            limp_check_error(&sub, "zeta", "must be in [0, 1), got %g", zeta);
        cp->zeta = isnan(zeta) ? 0 : zeta;
        cp->tension = limp_check_boolean(&sub, t, "tension", 0);
        break;
    }
    case IMP_LAW_HERTZ:
        cp->n = 1.5;
        cp->e = opt_number(&sub, t, "e");
        if (isnan(cp->e))
            limp_check_error(&sub, "e", "is required (in [0, 1])");
        if (!(cp->e >= 0 && cp->e <= 1))
            limp_check_error(&sub, "e", "must be in [0, 1], got %g", cp->e);
        break;
    default: {
        cp->n = opt_number(&sub, t, "n");
        if (isnan(cp->n)) cp->n = 1.5;
        if (!(cp->n > 0))
            limp_check_error(&sub, "n", "must be > 0, got %g", cp->n);
        cp->c = opt_number(&sub, t, "c");
        cp->e = opt_number(&sub, t, "e");
        int has_d = limp_check_has(&sub, t, "damping");
        if (!isnan(cp->c)) {
            if (!(cp->c >= 0))
                limp_check_error(&sub, "c", "must be >= 0, got %g", cp->c);
            if (!isnan(cp->e))
                limp_check_error(&sub, "e", "cannot be given together with c");
            if (has_d)
                limp_check_error(&sub, "damping", "goes with e, not with c");
            break;
        }
        if (isnan(cp->e))
            limp_check_error(&sub, "c", "is required (>= 0), or e with damping");
        if (!(cp->e > 0 && cp->e <= 1))
            limp_check_error(&sub, "e", "must be in (0, 1], got %g", cp->e);
        if (!has_d)
            limp_check_error(&sub, "damping", "is required with e (\"hunt-crossley\", "
                             "\"lankarani-nikravesh\" or \"flores\")");
        cp->damping = (imp_damping)(1 + limp_check_option(&sub, t, "damping", 0,
                                                          imp_damping_names));
        break;
    }
    }
    memset(law, 0, sizeof *law);
    law->kind = (imp_law_kind)kind;
    law->e = kind == IMP_LAW_HERTZ ? cp->e : 1;
    law->ctx = cp;
    return 1;
}
