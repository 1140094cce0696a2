/* Sequential impacts (Han & Gilmore 1993): see multi_sequential.h. */
#include <math.h>
#include <string.h>

#include "impact2d.h"
#include "multi_sequential.h"

#define SEQ_BUDGET (IMP_MULTI_MAX * 8)   /* the size of out->order */

static int valid(const imp_multi_problem *p, const imp_law *law)
{
    if (p->k < 1 || p->k > IMP_MULTI_MAX || p->d != 2) return 0;
    if (law->kind == IMP_LAW_CUSTOM && !law->fn) return 0;
    int m = 2 * p->k;
    for (int i = 0; i < m * m; i++)
        if (!isfinite(p->W[i])) return 0;
    for (int i = 0; i < m; i++)
        if (!isfinite(p->v0[i])) return 0;
    for (int i = 0; i < p->k; i++) {
        const imp_multi_contact *c = &p->c[i];
        if (!(c->mu_k >= 0 && c->mu_k <= c->mu_s && isfinite(c->mu_s))) return 0;
        if (!(c->e >= 0 && c->e <= 1)) return 0;
    }
    return 1;
}

static imp_multi_mode mode_of(imp_mode m)
{
    switch (m) {
    case IMP_MODE_SLIDING: return IMP_MULTI_SLIDING;
    case IMP_MODE_C_STICKING: case IMP_MODE_R_STICKING: return IMP_MULTI_STICKING;
    case IMP_MODE_C_REVERSED: case IMP_MODE_R_REVERSED: return IMP_MULTI_REVERSED;
    default: return IMP_MULTI_OPEN;
    }
}

static void clear(imp_multi_result *out)
{
    memset(out, 0, sizeof *out);
}

/* Resolve contact i alone from the current velocities v. */
static imp_status resolve(const imp_multi_problem *p, const imp_law *lw, int i,
                          double *v, imp_multi_result *out, int *count)
{
    int m = 2 * p->k;
    const double *W = p->W;
    imp_coef2d c = {W[m * 2 * i + 2 * i], W[m * (2 * i + 1) + 2 * i + 1],
                    -W[m * 2 * i + 2 * i + 1], v[2 * i], v[2 * i + 1], 0};
    imp_law law = *lw;
    law.e = p->c[i].e;
    imp_result2d r;
    imp_status st = imp_solve2d(&c, p->c[i].mu_s, p->c[i].mu_k, &law, &r);
    if (st != IMP_OK) return st;
    double Pi[2] = {r.Px, r.Py};
    for (int row = 0; row < m; row++)        /* v += W[:, block i] P_i */
        v[row] += W[m * row + 2 * i] * Pi[0] + W[m * row + 2 * i + 1] * Pi[1];
    out->P[2 * i] += Pi[0];
    out->P[2 * i + 1] += Pi[1];
    out->Pc[i] += r.Pc;
    out->Wc[i] += r.Wc;
    out->Wr[i] += r.Wr;
    out->Wf[i] += r.Wf;
    imp_multi_mode md = mode_of(r.mode);
    out->mode[i] = count[i] == 0 || out->mode[i] == md ? md : IMP_MULTI_MIXED;
    count[i]++;
    return IMP_OK;
}

imp_status imp_multi_sequential(const imp_multi_problem *p, const imp_law *kind,
                                imp_multi_result *out)
{
    clear(out);
    if (!valid(p, kind)) return IMP_EINPUT;
    int k = p->k, m = 2 * k, count[IMP_MULTI_MAX] = {0};
    double v[2 * IMP_MULTI_MAX], scale = 0;
    for (int r = 0; r < m; r++) {
        v[r] = p->v0[r];
        scale = fmax(scale, fabs(v[r]));
    }
    double tol = 1e-12 * scale;
    imp_status st = IMP_OK;
    for (;;) {
        int i = -1;
        for (int j = 0; j < k; j++)
            if (v[2 * j + 1] < -tol && (i < 0 || v[2 * j + 1] < v[2 * i + 1])) i = j;
        if (i < 0) break;
        if (out->n_order == SEQ_BUDGET) { st = IMP_ENOCONV; break; }
        out->order[out->n_order++] = i;
        if ((st = resolve(p, kind, i, v, out, count)) != IMP_OK) break;
    }
    out->iterations = out->n_order;
    if (st != IMP_OK) {
        int n = out->n_order, it = out->iterations;
        int order[SEQ_BUDGET];
        memcpy(order, out->order, sizeof order);
        clear(out);
        memcpy(out->order, order, sizeof order);
        out->n_order = n;
        out->iterations = it;
        return st;
    }
    double vP = 0, PWP = 0;
    for (int r = 0; r < m; r++) {
        double wp = 0;
        for (int c = 0; c < m; c++) wp += p->W[m * r + c] * out->P[c];
        out->v[r] = p->v0[r] + wp;
        vP += p->v0[r] * out->P[r];
        PWP += out->P[r] * wp;
    }
    for (int i = 0; i < k; i++)
        if (count[i] == 0) out->Pc[i] = out->Wc[i] = out->Wr[i] = out->Wf[i] = 0;
    out->dT = vP + 0.5 * PWP;
    out->energy_gain = out->dT > 1e-12 * (fabs(vP) + 0.5 * PWP);
    out->residual = 0;
    return IMP_OK;
}
