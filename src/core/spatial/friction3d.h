/* Friction laws on the exact 3D path (solve3d_exact_law.c). */
#ifndef IMPACT_FRICTION3D_H
#define IMPACT_FRICTION3D_H

#include "friction.h"
#include "impact3d.h"

/* imp_exact3d_solve_contact (the exact path, after Keller 1986) with the
 * friction law f instead of mu_s, mu_k: sliding dPt/dp = -mu(s) u,
 * sticking while rho_req <= mu(s), a stop or a break that cannot stick
 * re-slides along Keller's ray for the mu of that instant (Stronge,
 * Impact Mechanics, 2000, for friction varying along the impact). A
 * constant f gives imp_exact3d_solve_contact's result bit for bit.
 * IMP_ELAW when f aborts or returns a negative or non-finite value;
 * IMP_EINPUT for a compliant law (its force runs on the constant-mu path
 * only) or opts->rtol <= 0. */
imp_status imp_exact3d_solve_contact_friction(const imp_contact3d *c, const imp_friction *f,
                                              const imp_law *law, const imp_opts3d *opts,
                                              imp_result3d *out);

#endif
