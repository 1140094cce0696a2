/* Linear complementarity problems: find z with
 *   w = M z + q >= 0,  z >= 0,  z.w = 0
 * by Lemke's complementary pivoting (covering vector of ones) with the
 * lexicographic ratio test, which keeps degenerate problems from cycling
 * (Cottle, Pang & Stone, The Linear Complementarity Problem, 1992, sec 4.4;
 * Siconos' lcp_lexicolemke.c follows the same scheme). */
#ifndef IMPACT_LCP_H
#define IMPACT_LCP_H

#include "status.h"

#define IMP_LCP_MAX 256   /* unknowns */

/* M is n x n row-major, q has n entries; z and w (either may be NULL) get
 * the solution. max_pivots <= 0 picks 50 n + 100. *pivots (may be NULL)
 * gets the pivots made. IMP_EINPUT: n outside 1..IMP_LCP_MAX or a
 * non-finite entry; IMP_ENOCONV: the pivot budget ran out; IMP_ENOSOLUTION:
 * ray termination (no solution Lemke can reach: M not copositive-plus, or
 * an infeasible problem); IMP_ENOMEM. */
imp_status imp_lcp_lemke(int n, const double *M, const double *q,
                         double *z, double *w, int max_pivots, int *pivots);

#endif
