#include "sweep2d.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "parallel.h"

static const char *const OUT_NAMES[IMP_OUT_COUNT] = {
    "Px", "Py", "S", "C", "dT", "Wc", "Wr", "Wf", "Pc",
    "B1", "B2", "B3", "S0", "C0", "e", "mu_s", "mu_k",
    "body1.vx", "body1.vy", "body1.w", "body2.vx", "body2.vy", "body2.w",
};

const char *imp_sweep2d_out_name(int k)
{
    return k >= 0 && k < IMP_OUT_COUNT ? OUT_NAMES[k] : NULL;
}

int imp_sweep2d_out_index(const char *name)
{
    for (int k = 0; k < IMP_OUT_COUNT; k++)
        if (strcmp(OUT_NAMES[k], name) == 0) return k;
    return -1;
}

int imp_sweep2d_add_field(imp_sweep2d *s, const char *name)
{
    if (s->nfield >= IMP_SWEEP2D_MAXF) return 0;
    int k = s->nfield;
    s->noff[k] = imp_problem2d_field(name, s->off[k]);
    if (s->noff[k] == 0) return 0;
    s->nfield++;
    return 1;
}

void imp_sweep2d_point(const imp_sweep2d *s, size_t i, imp_problem2d *p,
                       double *vals)
{
    *p = s->base;
    size_t rest = i;
    for (int a = s->naxes - 1; a >= 0; a--) {
        const imp_sweep2d_axis *ax = &s->axis[a];
        size_t k = rest % ax->count;
        rest /= ax->count;
        for (int f = 0; f < ax->nfield; f++)
            vals[ax->field0 + f] = ax->values[k * (size_t)ax->nfield + (size_t)f];
    }
    for (int f = 0; f < s->nfield; f++)
        for (int o = 0; o < s->noff[f]; o++)
            memcpy((char *)p + s->off[f][o], &vals[f], sizeof(double));
}

static double output(int k, const imp_problem2d *p, const imp_result2d *r,
                     double post[2][3])
{
    switch (k) {
    case IMP_OUT_PX: return r->Px;
    case IMP_OUT_PY: return r->Py;
    case IMP_OUT_S: return r->S;
    case IMP_OUT_C: return r->C;
    case IMP_OUT_DT: return r->dT;
    case IMP_OUT_WC: return r->Wc;
    case IMP_OUT_WR: return r->Wr;
    case IMP_OUT_WF: return r->Wf;
    case IMP_OUT_PC: return r->Pc;
    case IMP_OUT_B1: return r->coef.B1;
    case IMP_OUT_B2: return r->coef.B2;
    case IMP_OUT_B3: return r->coef.B3;
    case IMP_OUT_S0: return r->coef.S0;
    case IMP_OUT_C0: return r->coef.C0;
    case IMP_OUT_E: return p->law.e;
    case IMP_OUT_MU_S: return p->mu_s;
    case IMP_OUT_MU_K: return p->mu_k;
    case IMP_OUT_B1VX: case IMP_OUT_B1VY: case IMP_OUT_B1W:
        return p->nbodies >= 1 ? post[0][k - IMP_OUT_B1VX] : NAN;
    case IMP_OUT_B2VX: case IMP_OUT_B2VY: case IMP_OUT_B2W:
        return p->nbodies == 2 ? post[1][k - IMP_OUT_B2VX] : NAN;
    default: return NAN;
    }
}

static void solve_point(void *ctx, size_t j)
{
    imp_sweep2d *s = ctx;
    imp_problem2d p;
    double *vals = s->vals + j * (size_t)s->nfield;
    double *res = s->res + j * (size_t)s->nout;
    imp_sweep2d_point(s, s->first + j, &p, vals);
    imp_result2d r;
    double post[2][3] = {{0}};
    imp_status st = imp_problem2d_check(&p, NULL, 0) ? IMP_EINPUT
                                                      : imp_problem2d_solve(&p, &r, post);
    s->st[j] = (unsigned char)st;
    if (st != IMP_OK) {
        for (int k = 0; k < s->nout; k++) res[k] = NAN;
        s->mode[j] = 0;
        s->cls[j] = 0;
        return;
    }
    for (int k = 0; k < s->nout; k++) res[k] = output(s->out[k], &p, &r, post);
    s->mode[j] = (unsigned char)r.mode;
    s->cls[j] = (unsigned char)r.cls;
}

static imp_status grow(imp_sweep2d *s, size_t n)
{
    if (n <= s->n && s->vals) return IMP_OK;
    imp_sweep2d_free(s);
    size_t nf = s->nfield ? (size_t)s->nfield : 1, no = s->nout ? (size_t)s->nout : 1;
    s->vals = malloc(n * nf * sizeof(double));
    s->res = malloc(n * no * sizeof(double));
    s->mode = malloc(n);
    s->cls = malloc(n);
    s->st = malloc(n);
    if (!s->vals || !s->res || !s->mode || !s->cls || !s->st) {
        imp_sweep2d_free(s);
        return IMP_ENOMEM;
    }
    s->n = n;
    return IMP_OK;
}

imp_status imp_sweep2d_run(imp_sweep2d *s, size_t first, size_t n, int threads,
                           size_t *done)
{
    *done = 0;
    imp_status st = grow(s, n);
    if (st != IMP_OK) return st;
    s->first = first;
    return imp_parallel_for(n, threads, solve_point, s, done);
}

void imp_sweep2d_free(imp_sweep2d *s)
{
    free(s->vals);
    free(s->res);
    free(s->mode);
    free(s->cls);
    free(s->st);
    s->vals = s->res = NULL;
    s->mode = s->cls = s->st = NULL;
    s->n = 0;
}
