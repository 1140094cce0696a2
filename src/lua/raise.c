/* limp_raise and limp_raise_model: a core status to a Lua error (see raise.h). */
#include <string.h>

#include "l_law.h"
#include "raise.h"

/* What a user function returned instead of a finite number: its type, or
 * the non-finite number itself ("nan", "inf", "-inf"). */
static const char *returned(const char *badtype, double badvalue)
{
    if (!badtype) return "nothing";
    if (strcmp(badtype, "a non-finite number") != 0) return badtype;
    return badvalue != badvalue ? "nan" : badvalue > 0 ? "inf" : "-inf";
}

int limp_raise(const limp_check *c, imp_status st, const imp_law *law)
{
    limp_lua_law *l = law && limp_law_is_lua(law) ? law->ctx : NULL;
    if (st == IMP_ELAW && l && l->positive_maxc)
        return limp_check_fail(c, "law (%s) is positive at maximum compression (R = %.6g): "
                               "the residual must rise to zero from below (a sign error?)",
                               limp_law_label(l), l->maxc_value);
    if (st == IMP_ELAW && l)
        return limp_check_fail(c, "law (%s) must return a finite number, got %s",
                               limp_law_label(l), returned(l->badtype, l->badvalue));
    if (law && st == IMP_ENOROOT)
        return limp_check_fail(c, "law (%s) never reached zero after maximum compression",
                               l ? limp_law_label(l) : limp_law_name(law));
    if (law && st == IMP_EROOT)
        return limp_check_fail(c, "law (%s): the root finder did not converge on its zero "
                               "after maximum compression (is the law continuous?)",
                               l ? limp_law_label(l) : limp_law_name(law));
    return limp_check_fail(c, "%s", imp_strerror(st));
}

int limp_raise_model(const limp_check *c, imp_status st, const limp_model_fail *m)
{
    lua_State *L = c->L;
    if (m->raised && strcmp(m->raised, "interrupted!") == 0) {
        lua_pushstring(L, m->raised);   /* Ctrl-C: the plain message, as anywhere */
        return lua_error(L);
    }
    limp_check_prefix_buf b;
    const char *pre = limp_check_prefix(c, &b);
    if (m->field && m->raised) {   /* the message in full: limp_check_fail would cut it */
        limp_check_unknown(c);
        return luaL_error(L, "%s: model \"%s\": field '%s%s' raised an error: %s",
                          c->fn, m->model, pre, m->field, m->raised);
    }
    if (m->field && st == IMP_ELAW)
        return limp_check_fail(c, "model \"%s\": field '%s%s' must return a finite number, got %s",
                               m->model, pre, m->field, returned(m->badtype, m->badvalue));
    if (st == IMP_EINTERRUPT)   /* "fn: interrupted!", whichever model ran */
        return limp_raise(c, st, NULL);
    if (st == IMP_ENOSOLUTION)
        return limp_check_fail(c, "model \"%s\" has no admissible solution for this impact "
                               "(no root with Py > 0)", m->model);
    return limp_check_fail(c, "model \"%s\": %s", m->model, imp_strerror(st));
}
