/* limp_raise: a core status to a Lua error (see raise.h). */
#include <string.h>

#include "l_law.h"
#include "raise.h"

int limp_raise(const limp_check *c, imp_status st, const imp_law *law)
{
    limp_lua_law *l = law && law->kind == IMP_LAW_CUSTOM ? law->ctx : NULL;
    if (st == IMP_ELAW && l && l->badtype && strcmp(l->badtype, "a non-finite number") == 0)
        return limp_check_fail(c, "law (%s) must return a finite number, got %s",
                               limp_law_label(l), l->badvalue != l->badvalue ? "nan"
                               : l->badvalue > 0 ? "inf" : "-inf");
    if (st == IMP_ELAW && l)
        return limp_check_fail(c, "law (%s) must return a finite number, got %s",
                               limp_law_label(l), l->badtype ? l->badtype : "nothing");
    if (law && st == IMP_ENOROOT)
        return limp_check_fail(c, "law (%s) never reached zero after maximum compression",
                               l ? limp_law_label(l) : limp_law_name(law));
    if (law && st == IMP_EROOT)
        return limp_check_fail(c, "law (%s): the root finder did not converge on its zero "
                               "after maximum compression (is the law continuous?)",
                               l ? limp_law_label(l) : limp_law_name(law));
    return limp_check_fail(c, "%s", imp_strerror(st));
}
