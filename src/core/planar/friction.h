/* Friction laws: the coefficient of friction as a function
 * of the impact state, mu(s), re-evaluated along Routh's path (Routh 1905
 * as WM92 sec 3.3 trace it; Stronge, Impact Mechanics, 2000, for
 * friction that varies during the impact). The state is the one the
 * restitution laws see (imp_law_state); the callback has the custom law's
 * shape: write mu to *mu and return 0, or return non-zero to abort the
 * solve (the caller keeps its own message in ctx). */
#ifndef IMPACT_FRICTION_H
#define IMPACT_FRICTION_H

#include <math.h>

#include "impact2d.h"
#include "law.h"
#include "status.h"

typedef struct imp_friction {
    imp_law_fn fn;       /* mu(state) into *mu (the law's residual slot) */
    void *ctx;
} imp_friction;

/* mu at s: 0 with *mu >= 0 finite, else non-zero (the callback aborted,
 * or returned a negative or non-finite value). */
static inline int imp_friction_eval(const imp_friction *f, const imp_law_state *s, double *mu)
{
    if (f->fn(f->ctx, s, mu) != 0)
        return 1;
    return !(*mu >= 0 && isfinite(*mu));
}

/* Routh's path with mu = f(state): sliding segments
 * integrated over the normal impulse (DOP853, events located on re-taken
 * partial steps), sticking segments exact, stick breaks located on them.
 * Requires c positive definite and finite, law->e in [0, 1]. Returns
 * IMP_ELAW when f or a custom law aborts, IMP_ENOCONV when the path
 * has more events than imp_result2d holds, IMP_ESTEPS, IMP_ENOROOT,
 * IMP_EROOT, IMP_EINTERRUPT as the other solvers. */
imp_status imp_path2d_solve_friction(const imp_coef2d *c, const imp_friction *f,
                                     const imp_law *law, imp_result2d *out);

/* imp_problem2d_solve with the friction law f instead of p's mu_s, mu_k
 * (body2d.c). */
imp_status imp_problem2d_solve_friction(const imp_problem2d *p, const imp_friction *f,
                                        imp_result2d *out, double post[2][3]);

#endif
