/* "poisson": Pfeiffer & Glocker's two-phase impact (Multibody Dynamics with
 * Unilateral Contacts, 1996): compression to v^C_n >= 0, then an expansion
 * whose normal impulse is at least e P^C_n; see multi_models.h. */
#include "multi_models.h"
#include "multi_ncp.h"

#include <math.h>
#include <string.h>

/* Work of impulse dP along a straight path from velocity va to vb. */
static double imp_work(double dP, double va, double vb) { return 0.5 * dP * (va + vb); }

imp_status imp_multi_poisson(const imp_multi_problem *p, imp_multi_result *out)
{
    double vscale, PC[3 * IMP_MULTI_MAX] = { 0 }, PE[3 * IMP_MULTI_MAX] = { 0 };
    double vC[3 * IMP_MULTI_MAX];
    if (!out) return IMP_EINPUT;
    memset(out, 0, sizeof *out);
    imp_status st = imp_multi_check(p, &vscale);
    if (st != IMP_OK) return st;
    int k = p->k, d = p->d, n = d * k, it = 0;
    imp_ncp s;
    memset(&s, 0, sizeof s);
    s.k = k; s.d = d; s.W = p->W; s.vscale = vscale;
    memcpy(s.q, p->v0, sizeof(double) * (size_t)n);
    double res = 0.0;
    st = imp_ncp_phase(&s, p->c, PC, &res, &it);        /* compression */
    if (st == IMP_OK) {
        imp_multi_velocity(n, p->W, p->v0, PC, vC);
        memcpy(s.q, vC, sizeof(double) * (size_t)n);
        for (int i = 0; i < k; i++) {                    /* expansion floor e P^C_n */
            s.c[i] = p->c[i].e * PC[d * i + 1];
            PE[d * i + 1] = s.c[i];
        }
        st = imp_ncp_phase(&s, p->c, PE, &res, &it);
    }
    out->iterations = it;
    out->residual = res;
    if (st != IMP_OK) return st;     /* out->P stays zero */
    for (int a = 0; a < n; a++) out->P[a] = PC[a] + PE[a];
    if ((st = imp_multi_finish(p, out, vscale)) != IMP_OK) return st;
    for (int i = 0; i < k; i++) {
        int b = d * i;
        const double *v = out->v, *v0 = p->v0;
        out->Pc[i] = PC[b + 1];
        out->Wc[i] = imp_work(PC[b + 1], v0[b + 1], vC[b + 1]);
        out->Wr[i] = imp_work(PE[b + 1], vC[b + 1], v[b + 1]);
        out->Wf[i] = imp_work(PC[b], v0[b], vC[b]) + imp_work(PE[b], vC[b], v[b]);
        if (d == 3)
            out->Wf[i] += imp_work(PC[b + 2], v0[b + 2], vC[b + 2])
                          + imp_work(PE[b + 2], vC[b + 2], v[b + 2]);
    }
    return IMP_OK;
}
