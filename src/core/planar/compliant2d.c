/* A compliant normal law on Routh's path (WM92 sec 3.3).
 *
 * The path before the end does not depend on the law, and every passive
 * law (Kelvin-Voigt with c >= 0, Hertz with e <= 1, Hunt-Crossley with
 * c >= 0) returns at most the energy it stored, so its end lies before the
 * end of the energetic law with e = 1 (Wr = -Wc): that trace gives vn(p)
 * exactly, piecewise linear through its vertices, its last segment
 * unbounded. The law runs in time along it (compliant.c); since vn grows
 * monotonically after maximum compression (Routh's path: v_n only grows there), the
 * point where it ends is Newton's end with e = -vn_end / vn0, traced
 * exactly. Hertz's end is the energetic law's of its e (its unloading
 * returns e^2 of the stored energy), traced in closed form. */
#include <math.h>

#include "compliant.h"
#include "impact2d.h"

imp_status imp_compliant2d_solve(const imp_coef2d *c, double mu_s, double mu_k,
                                 const imp_law *law, imp_result2d *out)
{
    if (imp_compliant_check(law->kind, ((const imp_compliant *)law->ctx)) != IMP_OK)
        return IMP_EINPUT;
    imp_law rigid = {IMP_LAW_ENERGETIC, 1, NULL, NULL};
    imp_status st;
    if (!(c->C0 < 0)) {
        /* no approach: the force starts at 0 and stays there (no impulse,
         * also for a grazing C0 = 0, which a rigid law could deepen) */
        imp_coef2d q = *c;
        if (!(q.C0 > 0))
            q.C0 = 1;
        if ((st = imp_path2d_trace(&q, mu_s, mu_k, &rigid, out)) != IMP_OK)
            return st;
        out->coef = *c;
        out->C = c->C0;
        out->cls = imp_coef2d_class(c);
        for (int i = 0; i < out->nvert; i++) out->vert[i].C = c->C0;
        return IMP_OK;
    }
    if ((st = imp_path2d_trace(c, mu_s, mu_k, &rigid, out)) != IMP_OK)
        return st;
    /* the knots (Py, C) of the vertices; of coincident ones the last
     * (maximum compression's C = 0 after a stick at the same Py) */
    double P[IMP_PATH2D_MAX], V[IMP_PATH2D_MAX];
    int n = 0;
    for (int i = 0; i < out->nvert; i++) {
        const imp_vertex2d *v = &out->vert[i];
        if (n > 0 && !(v->Py > P[n - 1]))
            n--;
        P[n] = v->Py;
        V[n] = v->C;
        n++;
    }
    if (n < 2)
        return IMP_ENOCONV;
    imp_compliant_path path = {P, V, n, (V[n - 1] - V[n - 2]) / (P[n - 1] - P[n - 2]),
                               NULL, NULL};
    if (!(path.k_last > 0 && isfinite(path.k_last)))
        return IMP_ENOCONV;
    imp_compliant_out o;
    if ((st = imp_compliant_run(law, &path, c->B2, &o)) != IMP_OK)
        return st;
    imp_law end = {IMP_LAW_NEWTON, 0, NULL, NULL};
    if (law->kind == IMP_LAW_HERTZ) {
        end.kind = IMP_LAW_ENERGETIC;
        end.e = ((const imp_compliant *)law->ctx)->e;
    } else {
        end.e = o.e_eff < 0 ? 0 : o.e_eff > 1 ? 1 : o.e_eff;
    }
    if ((st = imp_path2d_trace(c, mu_s, mu_k, &end, out)) != IMP_OK)
        return st;
    out->compliant = 1;
    out->e_eff = -out->C / c->C0;
    out->duration = o.duration;
    out->F_max = o.F_max;
    out->delta_max = o.delta_max;
    return IMP_OK;
}
