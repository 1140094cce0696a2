/* The tangential impact resolving Painleve's inconsistency (MW88). */
#include "painleve.h"

imp_status imp_painleve_resolve(const imp_coef2d *c, double mu_s, double mu_k,
                                const imp_law *law, imp_result2d *out)
{
    imp_coef2d t = *c;
    t.C0 = 0;
    return imp_path2d_solve(&t, mu_s, mu_k, law, out);
}
