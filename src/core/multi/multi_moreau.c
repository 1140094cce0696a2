/* "moreau": Newton's restitution at velocity level with Coulomb's cone, the
 * impact law of time-stepping schemes (Stewart & Trinkle 1996, Anitescu &
 * Potra 1997); see multi_models.h. */
#include "multi_models.h"
#include "multi_ncp.h"

#include <math.h>
#include <string.h>

imp_status imp_multi_moreau(const imp_multi_problem *p, imp_multi_result *out)
{
    double vscale;
    if (!out) return IMP_EINPUT;
    memset(out, 0, sizeof *out);
    imp_status st = imp_multi_check(p, &vscale);
    if (st != IMP_OK) return st;
    int k = p->k, d = p->d, n = d * k;
    imp_ncp s;
    memset(&s, 0, sizeof s);
    s.k = k; s.d = d; s.W = p->W; s.vscale = vscale;
    memcpy(s.q, p->v0, sizeof(double) * (size_t)n);
    for (int i = 0; i < k; i++)      /* u_n = v_n + e min(v0_n, 0): Newton's target */
        s.q[d * i + 1] += p->c[i].e * fmin(p->v0[d * i + 1], 0.0);
    st = imp_ncp_phase(&s, p->c, out->P, &out->residual, &out->iterations);
    if (st != IMP_OK) {              /* no half-solved P: zeros, the residual kept */
        memset(out->P, 0, sizeof out->P);
        return st;
    }
    if ((st = imp_multi_finish(p, out, vscale)) != IMP_OK) return st;
    for (int i = 0; i < k; i++) {
        const double *P = &out->P[d * i], *v = &out->v[d * i], *v0 = &p->v0[d * i];
        out->Pc[i] = out->Wc[i] = out->Wr[i] = NAN;
        out->Wf[i] = 0.5 * P[0] * (v0[0] + v[0]);
        if (d == 3) out->Wf[i] += 0.5 * P[2] * (v0[2] + v[2]);
    }
    return IMP_OK;
}
