/* The binding's one channel for a failed solve: the core returns a status
 * (and leaves its details in its result struct); the binding turns it into
 * a Lua error here, or, for a failure only it can name better (a field, a
 * model's detail), raises through limp_check_error / limp_check_fail. */
#ifndef IMPACT_LUA_RAISE_H
#define IMPACT_LUA_RAISE_H

#include "check.h"
#include "law.h"
#include "status.h"

/* Raise "fn: <message>" for st. With the law that ran (law may be NULL), a
 * law's own failure names it: it failed (IMP_ELAW: raised or returned a
 * non-number), never reached zero (IMP_ENOROOT) or its zero was not found
 * (IMP_EROOT); every other status reads imp_strerror. Never returns. */
int limp_raise(const limp_check *c, imp_status st, const imp_law *law);

#endif
