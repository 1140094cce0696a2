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

/* What a published model's failure names: the model and, when it called a
 * user function given as a field (a 2D model's 'moment'), what went wrong
 * there. Zero the struct, then set what applies. */
typedef struct {
    const char *model;    /* the model's name, e.g. "cs" */
    const char *field;    /* the function's field, e.g. "moment" (NULL: none) */
    const char *raised;   /* the function's error message, when it raised */
    const char *badtype;  /* the type it returned instead of a number, or
                           * "a non-finite number" (then badvalue is it) */
    double badvalue;
} limp_model_fail;

/* Raise "fn: model \"name\"..." for st: its function raised (the message
 * "interrupted!" is re-raised as it is, as for a law: Ctrl-C stops the
 * caller) or returned a non-number (IMP_ELAW), it has no admissible
 * solution (IMP_ENOSOLUTION: worded for the 2D models, "no root with
 * Py > 0"), or imp_strerror's text; IMP_EINTERRUPT reads as limp_raise's
 * "fn: interrupted!". Never returns. */
int limp_raise_model(const limp_check *c, imp_status st, const limp_model_fail *m);

#endif
