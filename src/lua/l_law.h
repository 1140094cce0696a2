/* Restitution laws from Lua: "poisson", "newton", "energetic" or a Lua
 * function (or callable table) law(s) returning a residual. A custom law is
 * called through limp_lua_law_eval with one reused state object, inside the
 * single protected call made by limp_law_run. */
#ifndef IMPACT_L_LAW_H
#define IMPACT_L_LAW_H

#include "check.h"
#include "compliant.h"
#include "law.h"
#include "status.h"

typedef struct limp_law_box limp_law_box;

typedef struct {
    lua_State *L;
    int fn;              /* absolute stack index of the law */
    int state;           /* absolute stack index of the state table */
    limp_law_box *box;    /* what the state table's __index consults */
    unsigned fields;     /* the fields present in the state table */
    int written;         /* `last` holds the state of the current evaluation */
    imp_law_state last;  /* the state last passed to the law */
    const char *badtype; /* set when the law returned a non-number */
    double badvalue;     /* set when it returned a non-finite number */
    int positive_maxc;   /* set when it was positive at maximum compression */
    double maxc_value;   /* ... its value there */
    int snapping;        /* evaluating it at the exact maximum compression */
    int residual;        /* a restitution law (its value must be <= 0 at
                            maximum compression), not a friction law */
    char name[128];      /* "function <file:line>" for messages */
    char source[128];    /* "file:line" (or "callable table"): results' law_source */
    int raised;          /* limp_lua_law_eval_protected: the law raised */
    char message[300];   /* ... its message ("interrupted!" for Ctrl-C) */
    const limp_check *check;
    imp_compliant compliant; /* a compliant law's parameters (law->cp) */
} limp_lua_law;

/* Reads t.law and t.e (e in [0, 1], default def_e) into *law. For a
 * custom law it pushes the law and its state object (two stack slots,
 * left for the caller to pop) and points law->fn/ctx at *lctx. */
void limp_law_check(const limp_check *c, int t, double def_e, imp_law *law,
                    limp_lua_law *lctx);

/* The same with e read as limp_law_check does when def_e is given (its
 * default), or left alone (law->e = 0) when def_e is NULL: a caller that
 * reads e itself (solve_multi's e = function(s)). */
void limp_law_check_law(const limp_check *c, int t, const double *def_e, imp_law *law,
                        limp_lua_law *lctx);

/* The same state machinery for another Lua function of the law state (a
 * friction law, l_friction.c): binds the callable at the top of the stack
 * to *lctx and pushes its state object (the function and the object stay
 * on the stack, as limp_law_check's). limp_lua_law_eval_protected calls it;
 * limp_lua_fn_activate(l, 1) before the solve lets its state be read,
 * (l, 0) after it empties the state and makes later reads raise; (l, -1)
 * only makes them raise (for an error's cleanup, when the frame whose
 * stack holds the state is gone). */
void limp_lua_fn_bind(const limp_check *c, limp_lua_law *lctx);
void limp_lua_fn_activate(limp_lua_law *l, int on);

/* t (a stack index) as law = { "name", params } of a compliant law: fills
 * *cp and *law (law->cp = cp) and returns 1, or returns 0 when t is no
 * such table (its [1] is not a string); raises for bad parameters, naming
 * them ("law.k"). */
int limp_law_compliant(const limp_check *c, int t, imp_law *law, imp_compliant *cp);

/* The C adapter the core calls for a custom law; it runs only inside
 * limp_law_run (it takes the state's key strings from that frame). */
int limp_lua_law_eval(void *ctx, const imp_law_state *s, double *residual);

/* The same adapter, with the law called under its own protected call: an
 * error the law raises is kept (raised, message) and the evaluation
 * returns non-zero, instead of unwinding through the core's frames (for a
 * core that holds memory across law calls: the simulator). It too runs
 * only inside limp_law_run. */
int limp_lua_law_eval_protected(void *ctx, const imp_law_state *s, double *residual);

/* Runs fn(L) with ud as its only argument under one lua_pcall. With a custom
 * law, an error raised inside (by the law) is re-raised naming the law;
 * other errors propagate unchanged. */
void limp_law_run(lua_State *L, const imp_law *law, lua_CFunction fn, void *ud);

/* "function <file:line>" or "callable table", for error messages; the law
 * must still be at its stack slot (the caller's frame). */
const char *limp_law_label(limp_lua_law *l);

/* Registers limp_law_run's trampoline (with the state's key strings as its
 * upvalues); called by the module opener. */
void limp_law_open(lua_State *L);

/* Whether law is a Lua function read by limp_law_check (its ctx is a
 * limp_lua_law; Lua runs inside the solve, under limp_law_run). */
int limp_law_is_lua(const imp_law *law);

/* Whether the law's end has a closed form (imp_law_end_of): its results
 * are scale-free and depend on the law only through its coefficient e. */
int limp_law_is_closed(const imp_law *law);

/* A Lua law's "file:line" (where the function is defined; "callable
 * table" for one), or NULL for a law of the registry: the results'
 * law_source. */
const char *limp_law_source(const imp_law *law);

/* The law's row name: "poisson", "newton", "energetic" or "custom". */
const char *limp_law_name(const imp_law *law);

#endif
