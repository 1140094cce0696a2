/* The C fast path of 2D sweeps (see sweep2d.h): a base problem, named
 * fields varied over the axes, each point checked and solved. */
#include "sweep2d.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <stddef.h>

#include "parallel.h"

/* solve_batch copies Px .. Pc as one block. */
_Static_assert(offsetof(imp_result2d, Pc) - offsetof(imp_result2d, Px) == 8 * sizeof(double),
               "imp_result2d: Px .. Pc must be nine consecutive doubles");

static const char *const OUT_NAMES[IMP_OUT_COUNT] = {
    "Px", "Py", "S", "C", "dT", "Wc", "Wr", "Wf", "Pc",
    "B1", "B2", "B3", "S0", "C0", "Delta", "e", "mu_s", "mu_k",
    "body1.vx", "body1.vy", "body1.w", "body2.vx", "body2.vy", "body2.w",
    "energy_ratio",
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

int imp_sweep2d_out_is_input(int k)
{
    return (k >= IMP_OUT_B1 && k <= IMP_OUT_DELTA) || k == IMP_OUT_E ||
           k == IMP_OUT_MU_S || k == IMP_OUT_MU_K;
}

double imp_sweep2d_input_from(const imp_problem2d *p, int k)
{
    imp_coef2d c = p->coef;
    if (p->nbodies && k >= IMP_OUT_B1 && k <= IMP_OUT_DELTA)
        imp_coef2d_from_bodies(&p->body1, p->nbodies == 2 ? &p->body2 : NULL, &c);
    switch (k) {
    case IMP_OUT_B1: return c.B1;
    case IMP_OUT_B2: return c.B2;
    case IMP_OUT_B3: return c.B3;
    case IMP_OUT_S0: return c.S0;
    case IMP_OUT_C0: return c.C0;
    case IMP_OUT_DELTA: {
        double D = imp_coef2d_delta(&c);
        return isfinite(D) ? D : NAN;   /* as the solved columns */
    }
    case IMP_OUT_E: return p->law.e;
    case IMP_OUT_MU_S: return p->mu_s;
    case IMP_OUT_MU_K: return p->mu_k;
    default: return NAN;
    }
}

double imp_sweep2d_input(const imp_sweep2d *s, size_t i, int k)
{
    imp_problem2d p;
    double vals[IMP_SWEEP2D_MAXF];
    imp_sweep2d_point(s, i, &p, vals);
    return imp_sweep2d_input_from(&p, k);
}

int imp_sweep_add(imp_sweep2d *s, int n, const size_t off[2], size_t eoff,
                  const char *const *enames)
{
    if (s->nfield >= IMP_SWEEP2D_MAXF) return 0;
    int k = s->nfield++;
    s->noff[k] = n;
    for (int o = 0; o < n; o++) s->off[k][o] = off[o];
    s->eoff[k] = eoff;
    s->enames[k] = enames;
    return 1;
}

_Static_assert(sizeof(imp_law_kind) == sizeof(int), "a choice is set as an int");

int imp_sweep2d_add_field(imp_sweep2d *s, const char *name)
{
    size_t off[2] = {0, 0};
    if (strcmp(name, "law") == 0)
        return imp_sweep_add(s, 0, off, offsetof(imp_problem2d, law.kind), imp_law_names);
    int n = imp_problem2d_field(name, off);
    return n > 0 && imp_sweep_add(s, n, off, 0, NULL);
}

/* Writes the values of axis a at index k into vals and into p. */
static inline void set_axis(const imp_sweep2d *s, int a, size_t k, void *p,
                            double *vals)
{
    const imp_sweep2d_axis *ax = &s->axis[a];
    const double *v = ax->values + k * (size_t)ax->nfield;
    for (int f = 0; f < ax->nfield; f++) {
        int g = ax->field0 + f;
        vals[g] = v[f];
        for (int o = 0; o < s->noff[g]; o++)
            memcpy((char *)p + s->off[g][o], &v[f], sizeof(double));
        if (s->noff[g] == 0) {   /* a choice: "law", "method" */
            int e = (int)v[f];
            memcpy((char *)p + s->eoff[g], &e, sizeof e);
        }
    }
}

/* The axis indices (digits) of point i, last axis fastest. */
static void digits(const imp_sweep2d *s, size_t i, size_t *k)
{
    for (int a = s->naxes - 1; a >= 0; a--) {
        k[a] = i % s->axis[a].count;
        i /= s->axis[a].count;
    }
}

/* The base problem of the sweep's form and its size. */
static const void *base_of(const imp_sweep2d *s, size_t *size)
{
    *size = s->form ? s->form->size : sizeof s->base;
    return s->form ? s->form_base : &s->base;
}

void imp_sweep_point(const imp_sweep2d *s, size_t i, void *p, double *vals)
{
    size_t k[IMP_SWEEP2D_MAXF], size;
    const void *base = base_of(s, &size);
    memcpy(p, base, size);
    digits(s, i, k);
    for (int a = 0; a < s->naxes; a++) set_axis(s, a, k[a], p, vals);
}

void imp_sweep2d_point(const imp_sweep2d *s, size_t i, imp_problem2d *p,
                       double *vals)
{
    imp_sweep_point(s, i, p, vals);
}

double imp_sweep2d_value(const imp_sweep2d *s, size_t i, int f)
{
    size_t k[IMP_SWEEP2D_MAXF];
    digits(s, i, k);
    for (int a = 0; a < s->naxes; a++) {
        const imp_sweep2d_axis *ax = &s->axis[a];
        if (f >= ax->field0 && f < ax->field0 + ax->nfield)
            return ax->values[k[a] * (size_t)ax->nfield + (size_t)(f - ax->field0)];
    }
    return NAN;
}

void imp_sweep2d_outputs(const imp_problem2d *p, const imp_result2d *r,
                    double post[2][3], double *all)
{
    all[IMP_OUT_PX] = r->Px;
    all[IMP_OUT_PY] = r->Py;
    all[IMP_OUT_S] = r->S;
    all[IMP_OUT_C] = r->C;
    all[IMP_OUT_DT] = r->dT;
    all[IMP_OUT_WC] = r->Wc;
    all[IMP_OUT_WR] = r->Wr;
    all[IMP_OUT_WF] = r->Wf;
    all[IMP_OUT_PC] = r->Pc;
    all[IMP_OUT_B1] = r->coef.B1;
    all[IMP_OUT_B2] = r->coef.B2;
    all[IMP_OUT_B3] = r->coef.B3;
    all[IMP_OUT_S0] = r->coef.S0;
    all[IMP_OUT_C0] = r->coef.C0;
    all[IMP_OUT_DELTA] = imp_coef2d_delta(&r->coef);
    if (!isfinite(all[IMP_OUT_DELTA]))   /* overflows (m < 1e-154): not defined */
        all[IMP_OUT_DELTA] = NAN;
    all[IMP_OUT_E] = p->law.e;
    all[IMP_OUT_MU_S] = p->mu_s;
    all[IMP_OUT_MU_K] = p->mu_k;
    for (int c = 0; c < 3; c++) {
        all[IMP_OUT_B1VX + c] = p->nbodies >= 1 ? post[0][c] : NAN;
        all[IMP_OUT_B2VX + c] = p->nbodies == 2 ? post[1][c] : NAN;
    }
    /* as solve2d's result; NaN where that one leaves it out */
    all[IMP_OUT_ENERGY_RATIO] = imp_problem2d_energy_ratio(p, post);
}

/* How many leading stored columns are Px, Py, S, C, dT, Wc, Wr, Wf, Pc in
 * that order (the layout of imp_result2d's first nine doubles). */
static int direct_run(const imp_sweep2d *s)
{
    int d = 0;
    while (d < s->nout && d <= IMP_OUT_PC && s->out[d] == d) d++;
    return d;
}

/* Solves the 2D problem p into row `row`. */
static inline void solve2d_row(const imp_sweep2d *s, const imp_problem2d *p, size_t row,
                               int direct)
{
    /* p itself, not a copy: a copy per point doubled the sweep's own cost */
    double *res = s->res + row * (size_t)s->nout;
    imp_result2d r;
    double post[2][3];
    /* The solver validates its input (IMP_EINPUT); the binding asks
     * imp_problem2d_check for the field to name only for failed points. */
    imp_status st = p->nbodies ? imp_problem2d_solve(p, &r, post)
                               : imp_path2d_solve(&p->coef, p->mu_s, p->mu_k, &p->law, &r);
    s->st[row] = (unsigned char)st;
    if (st != IMP_OK) {
        for (int c = 0; c < s->nout; c++) res[c] = NAN;
        s->mode[row] = 0;
        s->cls[row] = 0;
        return;
    }
    /* Px .. Pc lie in this order in imp_result2d: copy the leading run
     * of them at once; anything else goes through outputs(). */
    if (direct == IMP_OUT_PC + 1)   /* constant size: plain moves, not rep movs */
        memcpy(res, &r.Px, (IMP_OUT_PC + 1) * sizeof(double));
    else
        for (int c = 0; c < direct; c++) res[c] = (&r.Px)[c];
    if (direct < s->nout) {
        double all[IMP_OUT_COUNT];
        imp_sweep2d_outputs(p, &r, post, all);
        for (int c = direct; c < s->nout; c++) res[c] = all[s->out[c]];
    }
    s->mode[row] = (unsigned char)r.mode;
    s->cls[row] = (unsigned char)r.cls;
}

/* Points lo .. hi-1 of the chunk: the problem is kept from one point to the
 * next and only the axes whose index changed are rewritten. */
static void solve_batch(void *ctx, size_t lo, size_t hi)
{
    imp_sweep2d *s = ctx;
    const int direct = s->form ? 0 : direct_run(s);
    size_t k[IMP_SWEEP2D_MAXF], size;
    union {   /* the point's problem, of the sweep's form */
        imp_problem2d p2;
        _Alignas(16) unsigned char raw[IMP_SWEEP_PROB_MAX];
    } u;
    _Static_assert(sizeof(imp_problem2d) <= IMP_SWEEP_PROB_MAX, "IMP_SWEEP_PROB_MAX");
    const void *base = base_of(s, &size);
    memcpy(&u, base, size);
    double cur[IMP_SWEEP2D_MAXF];
    digits(s, s->first + lo, k);
    for (int a = 0; a < s->naxes; a++) set_axis(s, a, k[a], &u, cur);
    /* The last axis steps at every point: when it holds one field (the
     * usual case), its one or two destinations in p are resolved here, and
     * a step within it is one load and two stores. */
    const int last = s->naxes - 1;
    const imp_sweep2d_axis *lax = last >= 0 ? &s->axis[last] : NULL;
    double *dst0 = NULL, *dst1 = NULL;
    if (lax && lax->nfield == 1 && s->noff[lax->field0] > 0) {
        int g = lax->field0;
        dst0 = (double *)(void *)((char *)&u + s->off[g][0]);
        dst1 = s->noff[g] == 2 ? (double *)(void *)((char *)&u + s->off[g][1]) : dst0;
    }
    for (size_t j = lo; j < hi; j++) {
        if (j > lo && dst0 && k[last] + 1 < lax->count) {
            double v = lax->values[++k[last]];
            *dst0 = v;
            *dst1 = v;
        } else if (j > lo) {   /* step the digits: the last axis fastest */
            int a = s->naxes - 1;
            while (a > 0 && ++k[a] == s->axis[a].count) {
                k[a] = 0;
                set_axis(s, a, 0, &u, cur);
                a--;
            }
            if (a == 0) ++k[0];
            set_axis(s, a, k[a], &u, cur);
        }
        size_t row = s->first - s->first0 + j;
        if (s->form)
            s->form->solve(s, &u, row);
        else
            solve2d_row(s, &u.p2, row, direct);
    }
    if (s->after) s->after(s->after_ctx, s, lo, hi);
}

imp_status imp_sweep2d_alloc(imp_sweep2d *s, size_t first0, size_t cap)
{
    imp_sweep2d_free(s);
    size_t no = s->nout ? (size_t)s->nout : 1;
    size_t c = cap ? cap : 1;
    s->res = malloc(c * no * sizeof(double));
    s->mode = malloc(c);
    s->cls = malloc(c);
    s->st = malloc(c);
    if (!s->res || !s->mode || !s->cls || !s->st) {
        imp_sweep2d_free(s);
        return IMP_ENOMEM;
    }
    s->first0 = first0;
    s->cap = cap;
    return IMP_OK;
}

imp_status imp_sweep2d_run(imp_sweep2d *s, size_t first, size_t n, int threads,
                           size_t *done)
{
    *done = 0;
    if (!s->res || first < s->first0 || first - s->first0 + n > s->cap)
        return IMP_EINPUT;
    s->first = first;
    imp_status st = imp_parallel_for(n, threads, solve_batch, s, done);
    /* A solver that polls Ctrl-C itself (3D exact) fails its point with
     * IMP_EINTERRUPT: the run ends before that point's batch. */
    const unsigned char *row = s->st + (first - s->first0);
    for (size_t j = 0; s->form && j < *done; j++)
        if (row[j] == IMP_EINTERRUPT) {
            *done = j / IMP_PARALLEL_BATCH * IMP_PARALLEL_BATCH;
            return IMP_EINTERRUPT;
        }
    return st;
}

void imp_sweep2d_free(imp_sweep2d *s)
{
    free(s->res);
    free(s->mode);
    free(s->cls);
    free(s->st);
    s->res = NULL;
    s->mode = s->cls = s->st = NULL;
    s->cap = 0;
}
