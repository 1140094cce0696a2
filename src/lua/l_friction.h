/* Friction laws from Lua: `friction = function(s) return mu
 * end`, read beside a problem's other fields, called by the core through
 * imp_friction with the custom laws' state object (l_law.c's machinery),
 * each call protected so that an error it raises never unwinds the core;
 * its failures (a raised error, a non-number, NaN, a negative value)
 * raised afterwards naming the field `friction` and the state. */
#ifndef IMPACT_L_FRICTION_H
#define IMPACT_L_FRICTION_H

#include "check.h"
#include "friction.h"
#include "l_law.h"

typedef struct {
    imp_friction f;      /* what the core calls: fn = the adapter, ctx = this */
    limp_lua_law l;      /* the function, its state object, its failure */
    double negative;     /* a negative value it returned (failed == 2) */
    int failed;          /* 0, 1: raised or not a finite number, 2: negative */
    int active;          /* between limp_friction_read and limp_friction_done */
} limp_friction;

/* Whether the table at t gives `friction` (not nil). */
int limp_friction_given(lua_State *L, int t);

/* Checks t.friction without reading it: a function or callable table,
 * and none of mu, mu_s, mu_k beside it (errors naming `friction`). */
void limp_friction_check(const limp_check *c, int t);

/* Reads t.friction: a function or callable table, exclusive with mu,
 * mu_s and mu_k (an error naming `friction` otherwise). Pushes the
 * function, the law (a userdata: the result), a copy of the function and
 * its state object, and the law again as a to-be-closed slot: all stay on
 * the stack while the problem is solved; limp_friction_done ends the law,
 * and the slot's closing does if an error leaves first. */
limp_friction *limp_friction_read(const limp_check *c, int t);

/* After the solve (normally, before raising): the state object emptied,
 * the function's registry slot freed. */
void limp_friction_done(limp_friction *fr);

/* Raises the friction law's failure when it had one (the solve's status
 * st was IMP_ELAW because of it); returns 0 when it had none. */
int limp_friction_raise(const limp_check *c, limp_friction *fr);

/* A limp_field_note for the readers without friction laws: `friction`
 * (an unknown field there) is reported with the text ud points to, one of
 * the one below (solve_multi and its contacts). */
const char *limp_friction_note(void *ud, const char *key, char *buf, size_t n);
extern const char *const limp_friction_notmulti;

/* solve2d(t) for a table with `friction` (l_solve2d_friction.c): Routh's
 * path with the law, coefficients, bodies or a mechanism; returns 1 (the
 * result on the stack). */
int limp_solve2d_friction(lua_State *L, int t);

#endif
