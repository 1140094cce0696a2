/* Power-of-two scaling of the contact-space problem (multi.h) around any
 * model: W by 2^-ew and v0 by 2^-ev so that max W_ii and max |v0| lie in
 * [1, 2). Powers of two are exact, so the models (whose tolerances mix
 * absolute floors with the data's scale) see the same numbers whatever the
 * units, and their energies stay inside the normal doubles. */
#include "multi.h"

#include <math.h>
#include <string.h>

#define NMAX (3 * IMP_MULTI_MAX)

/* x 2^e on the n entries. */
static void imp_scale_vec(double *x, int n, int e)
{
    for (int i = 0; i < n; i++) x[i] = ldexp(x[i], e);
}

static int imp_scale_finite(const double *x, int n)
{
    for (int i = 0; i < n; i++) if (isinf(x[i])) return 0;   /* NAN: undefined, kept */
    return 1;
}

/* The unscaled result: impulses by 2^(ev-ew), velocities by 2^ev, works
 * and energies by 2^(2ev-ew); 0 when one overflows. */
static int imp_scale_back(imp_multi_result *r, int n, int k, int ev, int ew)
{
    int ep = ev - ew, ee = 2 * ev - ew;
    imp_scale_vec(r->P, n, ep);
    imp_scale_vec(r->Pc, k, ep);
    imp_scale_vec(r->v, n, ev);
    imp_scale_vec(r->Wc, k, ee);
    imp_scale_vec(r->Wr, k, ee);
    imp_scale_vec(r->Wf, k, ee);
    r->dT = ldexp(r->dT, ee);
    r->dT_err = ldexp(r->dT_err, ee);
    return imp_scale_finite(r->P, n) && imp_scale_finite(r->Pc, k) && imp_scale_finite(r->v, n)
           && imp_scale_finite(r->Wc, k) && imp_scale_finite(r->Wr, k)
           && imp_scale_finite(r->Wf, k) && isfinite(r->dT) && !isinf(r->dT_err);
}

imp_status imp_multi_scale_solve(const imp_multi_problem *p, imp_multi_fn fn, void *ctx,
                                 imp_multi_result *out)
{
    if (!p || !out || !p->W || !p->v0 || p->k < 1 || p->k > IMP_MULTI_MAX
        || (p->d != 2 && p->d != 3))
        return fn(p, ctx, out);
    int n = p->d * p->k;
    double wmax = 0.0, vmax = 0.0;
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++)
            if (!isfinite(p->W[i * n + j])) return fn(p, ctx, out);  /* its EINPUT */
        if (!isfinite(p->v0[i])) return fn(p, ctx, out);
        wmax = fmax(wmax, p->W[i * n + i]);
        vmax = fmax(vmax, fabs(p->v0[i]));
    }
    int ew = wmax > 0 ? ilogb(wmax) : 0, ev = vmax > 0 ? ilogb(vmax) : 0;
    double W[NMAX * NMAX], v0[NMAX];
    memcpy(W, p->W, sizeof(double) * (size_t)n * n);
    memcpy(v0, p->v0, sizeof(double) * (size_t)n);
    imp_scale_vec(W, n * n, -ew);
    imp_scale_vec(v0, n, -ev);
    imp_multi_problem q = *p;
    q.W = W;
    q.v0 = v0;
    imp_status st = fn(&q, ctx, out);
    if (st == IMP_OK && !imp_scale_back(out, n, p->k, ev, ew)) {
        memset(out, 0, sizeof *out);
        return IMP_EOVERFLOW;
    }
    if (st != IMP_OK) imp_scale_vec(out->P, n, ev - ew);   /* zero, or a kept partial */
    return st;
}
