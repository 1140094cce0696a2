/* Prepared mechanisms (l_mechanism.c): the userdata that
 * impact.prepare_mechanism returns, as solve2d and solve3d read it from a
 * problem's `mechanism =` field. */
#ifndef IMPACT_L_MECHANISM_H
#define IMPACT_L_MECHANISM_H

#include "check.h"
#include "mechanism.h"

/* t.mechanism: NULL when nil, else the prepared mechanism, which must have
 * a dim-row J; raises naming the field for anything else, or when the
 * table also gives M or J. */
const imp_mech *limp_mechanism_get(const limp_check *c, int t, int dim);

/* mc = prep with the rates qdot (n finite entries, as read): the
 * mechanism a call with M, J and qdot would have built. Raises naming
 * qdot when n is not prep's or on overflow. */
void limp_mechanism_rates(const limp_check *c, const imp_mech *prep, int n, const double *qdot,
                          imp_mech *mc);

/* A failed imp_mech_init (status st) as an error naming the field, in one
 * wording for every solver; a J failure names jkey ("J", "contacts[2].J").
 * Never returns. */
void limp_mechanism_raise(const limp_check *c, const imp_mech *mc, imp_status st,
                          const char *jkey);
/* The same from the failure's fields (imp_mech's fail, fail_row, fail_col,
 * cond), as imp_multi_fail reports them. Never returns. */
void limp_mechanism_raise_fail(const limp_check *c, imp_mech_fail fail, int fail_row,
                               int fail_col, double cond, imp_status st, const char *jkey);

#endif
