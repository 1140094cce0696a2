/* Sequential impacts (Han & Gilmore 1993): see multi_models.h. */
#include <math.h>
#include <string.h>

#include "impact2d.h"
#include "impact3d.h"
#include "multi_models.h"

#define SEQ_BUDGET (IMP_MULTI_MAX * 8)   /* the size of out->order */

static int valid(const imp_multi_problem *p, const imp_law *law)
{
    if (p->k < 1 || p->k > IMP_MULTI_MAX || (p->d != 2 && p->d != 3)) return 0;
    if (!imp_law_usable(law)) return 0;
    int m = p->d * p->k;
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

/* Contact i alone in the plane: solve2d's tracer on its 2x2 block. */
static imp_status single2d(const imp_multi_problem *p, const imp_law *law, int i,
                           const double *v, double *Pi, imp_result3d *r)
{
    int m = 2 * p->k;
    const double *W = p->W;
    imp_coef2d c = {W[m * 2 * i + 2 * i], W[m * (2 * i + 1) + 2 * i + 1],
                    -W[m * 2 * i + 2 * i + 1], v[2 * i], v[2 * i + 1], 0};
    imp_result2d r2;
    imp_status st = imp_path2d_solve(&c, p->c[i].mu_s, p->c[i].mu_k, law, &r2);
    if (st != IMP_OK) return st;
    Pi[0] = r2.Px;
    Pi[1] = r2.Py;
    r->Pc = r2.Pc; r->Wc = r2.Wc; r->Wr = r2.Wr; r->Wf = r2.Wf;
    r->mode = r2.mode;
    return IMP_OK;
}

/* Contact i alone in space: the exact Darboux-Keller integration on its
 * 3x3 block (Keller 1986), the block's own energy 1/2 v.W^-1 v as T0. */
static imp_status single3d(const imp_multi_problem *p, const imp_law *law, int i,
                           const double *v, double *Pi, imp_result3d *r)
{
    int m = 3 * p->k;
    double Wi[9];
    for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++)
            Wi[3 * a + b] = p->W[m * (3 * i + a) + 3 * i + b];
    imp_contact3d c;
    imp_status st = imp_contact3d_from_W(Wi, &v[3 * i], 0, &c);
    if (st != IMP_OK) return st;
    /* T0 = 1/2 |L^-1 v|^2 with L's rows in the order (x, z, y) */
    const double *L = c.L;
    double vp[3] = {v[3 * i], v[3 * i + 2], v[3 * i + 1]}, y[3];
    y[0] = vp[0] / L[0];
    y[1] = (vp[1] - L[3] * y[0]) / L[4];
    y[2] = (vp[2] - L[6] * y[0] - L[7] * y[1]) / L[8];
    c.T0 = 0.5 * (y[0] * y[0] + y[1] * y[1] + y[2] * y[2]);
    imp_opts3d o;
    imp_opts3d_default(&o);
    st = imp_exact3d_solve_contact(&c, p->c[i].mu_s, p->c[i].mu_k, law, &o, r);
    if (st != IMP_OK) return st;
    memcpy(Pi, r->P, sizeof r->P);
    return IMP_OK;
}

/* Resolve contact i alone from the current velocities v. */
static imp_status resolve(const imp_multi_problem *p, const imp_law *lw, int i,
                          double *v, imp_multi_result *out, int *count)
{
    int d = p->d, m = d * p->k;
    imp_law law = *lw;
    law.e = p->c[i].e;
    double Pi[3];
    imp_result3d r;
    imp_status st = d == 2 ? single2d(p, &law, i, v, Pi, &r) : single3d(p, &law, i, v, Pi, &r);
    if (st != IMP_OK) return st;
    for (int row = 0; row < m; row++)        /* v += W[:, block i] P_i */
        for (int a = 0; a < d; a++)
            v[row] += p->W[m * row + d * i + a] * Pi[a];
    for (int a = 0; a < d; a++) out->P[d * i + a] += Pi[a];
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
    int k = p->k, d = p->d, m = d * k, count[IMP_MULTI_MAX] = {0};
    double v[3 * IMP_MULTI_MAX], scale = 0;
    for (int r = 0; r < m; r++) {
        v[r] = p->v0[r];
        scale = fmax(scale, fabs(v[r]));
    }
    double tol = 1e-12 * scale;
    imp_status st = IMP_OK;
    for (;;) {
        int i = -1;
        for (int j = 0; j < k; j++)
            if (v[d * j + 1] < -tol && (i < 0 || v[d * j + 1] < v[d * i + 1])) i = j;
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
    imp_multi_velocity(m, p->W, p->v0, out->P, out->v);   /* v and dT to a few ulps */
    out->dT = imp_multi_work(m, out->P, p->v0, out->v);
    if (!isfinite(out->dT) || !isfinite(vP + 0.5 * PWP)) {   /* overflow: no half result */
        memset(out, 0, sizeof *out);
        return IMP_EOVERFLOW;
    }
    out->energy_gain = out->dT > 1e-12 * (fabs(vP) + 0.5 * PWP);
    out->residual = 0;
    return IMP_OK;
}
