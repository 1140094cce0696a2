/* Uniqueness of a complementarity model's impulses (multi_unique.c). */
#ifndef IMPACT_MULTI_UNIQUE_H
#define IMPACT_MULTI_UNIQUE_H

#include "multi.h"

/* 1 when no other impulses meet the model's final conditions (the active
 * contacts' map from unknown impulses to fixed velocities has full rank,
 * smallest singular value above 1e-10 of the largest), 0 when another
 * split gives the same velocities. p as the model saw it, r its result. */
int imp_multi_unique(const imp_multi_problem *p, const imp_multi_result *r);

#endif
