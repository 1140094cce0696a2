/* "sequential": the simultaneous impact as a sequence of single-contact
 * impacts (Han & Gilmore, "Multi-body impact motion with friction",
 * J. Mech. Des. 115, 1993). The most strongly closing contact (most
 * negative v_n) is resolved alone by the single-contact solver: in the
 * plane imp_path2d_solve (Routh's path), in space imp_exact3d_solve_contact on
 * the contact's 3x3 block (Keller 1986), with the contact's friction and e
 * under the given law (law->e is replaced by each contact's e; a custom law
 * sees each single-contact impact); every contact velocity is updated (v += W[:, i] P_i),
 * and this repeats until no contact closes faster than 1e-12 max|v0|.
 *
 * Fills P, v, mode (open: never resolved; the single-contact mode of its
 * resolutions when they agree, else mixed), Pc (the normal impulse at
 * maximum compression summed over its resolutions), Wc, Wr, Wf (summed),
 * dT, energy_gain, order/n_order (the contact resolved at each step),
 * iterations (= n_order). Statuses: IMP_EINPUT (as imp_multi_moreau, or a
 * custom law without fn), IMP_ESINGULAR (a 3D block too ill-conditioned), IMP_ENOCONV (still closing
 * after IMP_MULTI_MAX * 8 resolutions), the single-contact solver's
 * failures (IMP_EOVERFLOW, a custom law's IMP_ELAW, IMP_ENOROOT, IMP_EROOT). On failure P is zero. */
#ifndef IMPACT_MULTI_SEQUENTIAL_H
#define IMPACT_MULTI_SEQUENTIAL_H

#include "law.h"
#include "multi.h"

imp_status imp_multi_sequential(const imp_multi_problem *p, const imp_law *law,
                                imp_multi_result *out);

#endif
