/* The registry of the multi-contact models and imp_multi_solve, the one
 * entry from M, J, qdot, the contacts and a model to qdot' and the
 * model's result in the caller's units (see multi_solve.h). */
#include "multi_solve.h"
#include "multi_models.h"
#include "multi_unique.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static imp_status run_moreau(const imp_multi_problem *p, const imp_multi_opts *o,
                             imp_multi_result *r)
{
    (void)o;
    return imp_multi_moreau(p, r);
}

static imp_status run_poisson(const imp_multi_problem *p, const imp_multi_opts *o,
                              imp_multi_result *r)
{
    (void)o;
    return imp_multi_poisson(p, r);
}

static imp_status run_sequential(const imp_multi_problem *p, const imp_multi_opts *o,
                                 imp_multi_result *r)
{
    return imp_multi_sequential(p, o->law, r);
}

static imp_status run_lzb(const imp_multi_problem *p, const imp_multi_opts *o,
                          imp_multi_result *r)
{
    return imp_multi_lzb(p, o->rtol, r);
}

static const char *const velocity_params[] = {"mu_s", "mu_k", "e", NULL};
static const char *const sequential_params[] = {"mu_s", "mu_k", "e", "law", NULL};
static const char *const lzb_params[] = {"mu_s", "mu_k", "e", "K", "eta", "rtol", NULL};

/* lzb runs on the problem as normalisation left it: its integration is not
 * yet invariant under a further scaling of W alone (a jammed body that
 * converges in these units diverges with max W_ii = 1). */
const imp_multi_model imp_multi_models[] = {
    {"moreau", run_moreau, 1, velocity_params, IMP_MULTI_OUT_RESIDUAL | IMP_MULTI_OUT_UNIQUE},
    {"poisson", run_poisson, 1, velocity_params,
     IMP_MULTI_OUT_RESIDUAL | IMP_MULTI_OUT_PHASES | IMP_MULTI_OUT_UNIQUE},
    {"sequential", run_sequential, 1, sequential_params,
     IMP_MULTI_OUT_ORDER | IMP_MULTI_OUT_PHASES},
    {"lzb", run_lzb, 0, lzb_params, IMP_MULTI_OUT_STEPS | IMP_MULTI_OUT_PHASES},
};
const int imp_multi_nmodels = (int)(sizeof imp_multi_models / sizeof imp_multi_models[0]);

const imp_multi_model *imp_multi_model_find(const char *name)
{
    for (int i = 0; name && i < imp_multi_nmodels; i++)
        if (strcmp(imp_multi_models[i].name, name) == 0) return &imp_multi_models[i];
    return NULL;
}

int imp_multi_model_reads(const imp_multi_model *m, const char *param)
{
    for (int i = 0; m && m->params[i]; i++)
        if (strcmp(m->params[i], param) == 0) return 1;
    return 0;
}

/* The exponent of the largest |x_i| (0 when all are zero). */
static int max_exponent(const double *x, int n)
{
    double m = 0.0;
    for (int i = 0; i < n; i++) m = fmax(m, fabs(x[i]));
    return m > 0 ? ilogb(m) : 0;
}

/* The problem's exponents: M by 2^-eM, qdot by 2^-eq, contact i's rows of
 * J by 2^-eJ[i] (their largest entries in [1, 2)). */
typedef struct {
    int eM, eq, eJ[IMP_MULTI_MAX];
} expo;

/* M, qdot and J by powers of two (exact): the mechanism's energies of a
 * problem in tiny or huge units would otherwise leave the normal doubles
 * (T0 ~ 1e-320 has a few bits). Not for a custom law, which sees the
 * caller's units. Each contact's rows have their own exponent: P_i scales
 * by 2^-eJ[i], so the contacts' units do not spread W's diagonal. */
static void normalize(imp_multi_space *w, int n, int d, int k, int custom, expo *x)
{
    memset(x, 0, sizeof *x);
    if (custom) return;
    x->eM = max_exponent(w->M, n * n);
    x->eq = max_exponent(w->qdot, n);
    for (int i = 0; i < n * n; i++) w->M[i] = ldexp(w->M[i], -x->eM);
    for (int i = 0; i < n; i++) w->qdot[i] = ldexp(w->qdot[i], -x->eq);
    for (int c = 0; c < k; c++) {
        double *J = w->J + n * d * c;
        x->eJ[c] = max_exponent(J, n * d);
        for (int i = 0; i < n * d; i++) J[i] = ldexp(J[i], -x->eJ[c]);
    }
}

static void mech_fail(imp_multi_fail *f, imp_multi_stage stage, int contact, const imp_mech *mc)
{
    f->stage = stage;
    f->contact = contact;
    f->mech = mc->fail;
    f->row = mc->fail_row;
    f->col = mc->fail_col;
    f->cond = mc->cond;
}

/* The contacts' normal compliances W_nn,i may differ by at most
 * IMP_MULTI_SPREAD_MAX: 0, or 1 with the stiffest and the most compliant
 * contact in f. */
static int spread_fails(const double *W, int d, int k, imp_multi_fail *f)
{
    int rows = d * k, lo = 0, hi = 0;
    for (int i = 1; i < k; i++) {
        int r = d * i + 1;
        if (W[r * rows + r] < W[(d * lo + 1) * (rows + 1)]) lo = i;
        if (W[r * rows + r] > W[(d * hi + 1) * (rows + 1)]) hi = i;
    }
    double ratio = W[(d * hi + 1) * (rows + 1)] / W[(d * lo + 1) * (rows + 1)];
    if (ratio <= IMP_MULTI_SPREAD_MAX) return 0;
    f->stage = IMP_MULTI_FAIL_SPREAD;
    f->contact = lo;
    f->other = hi;
    f->ratio = ratio;
    return 1;
}

/* The model on the problem scaled by imp_multi_scale_solve. */
typedef struct {
    const imp_multi_model *m;
    const imp_multi_opts *o;
} scaled_ctx;

static imp_status run_scaled(const imp_multi_problem *p, void *ctx, imp_multi_result *r)
{
    const scaled_ctx *s = ctx;
    return s->m->solve(p, s->o, r);
}

/* The scaled-back result must be finite: P, v, works (largest exponents). */
static int fits(const expo *x, int n, int d, int k, const double *v0, const imp_multi_result *r,
                const double *q1, double T0, double dT)
{
    int eT = x->eM + 2 * x->eq;
    double ok = ldexp(T0, eT) + ldexp(fabs(dT), eT);
    for (int i = 0; i < k; i++) {
        int eP = x->eq + x->eM - x->eJ[i], ev = x->eq + x->eJ[i];
        for (int a = d * i; a < d * i + d; a++)
            ok += ldexp(fabs(r->P[a]), eP) + ldexp(fabs(r->v[a]), ev) + ldexp(fabs(v0[a]), ev);
        double w[4] = {r->Pc[i], r->Wc[i], r->Wr[i], r->Wf[i]};
        for (int j = 0; j < 4; j++) if (!isnan(w[j])) ok += ldexp(fabs(w[j]), j ? eT : eP);
    }
    for (int i = 0; i < n; i++) ok += ldexp(fabs(q1[i]), x->eq);
    return isfinite(ok) && isfinite(ldexp(r->dT_err, eT)) && isfinite(r->residual);
}

/* The result in the caller's units (x 2^e; NAN stays NAN). */
static void scale_back(const expo *x, int n, int d, int k, const double *v0, const double *q1,
                       double T0, double dT, double T1, imp_multi_output *out)
{
    imp_multi_result *r = &out->r;
    int eT = x->eM + 2 * x->eq;
    for (int i = 0; i < k; i++) {
        int eP = x->eq + x->eM - x->eJ[i], ev = x->eq + x->eJ[i];
        for (int a = d * i; a < d * i + d; a++) {
            r->P[a] = ldexp(r->P[a], eP);
            r->v[a] = ldexp(r->v[a], ev);
            out->v0[a] = ldexp(v0[a], ev);
        }
        r->Pc[i] = ldexp(r->Pc[i], eP);
        r->Wc[i] = ldexp(r->Wc[i], eT);
        r->Wr[i] = ldexp(r->Wr[i], eT);
        r->Wf[i] = ldexp(r->Wf[i], eT);
    }
    for (int i = 0; i < n; i++) out->qdot[i] = ldexp(q1[i], x->eq);
    out->dT = r->dT = ldexp(dT, eT);
    out->T0 = ldexp(T0, eT);
    out->energy_ratio = T0 > 0 ? T1 / T0 : 1;
    r->dT_err = ldexp(r->dT_err, eT);
}

static imp_status fail_input(imp_multi_fail *f)
{
    f->stage = IMP_MULTI_FAIL_INPUT;
    return IMP_EINPUT;
}

/* A frictionless contact (mu_s = mu_k = 0) that took an impulse has one
 * mode in every model, named by what its slip did, as solve2d names a
 * frictionless impact: "sticking" when the tangential velocity is zero
 * at the end (to tol of the largest contact speed: 1e-12, or 10 rtol for
 * an integrating model), "reversed" in 2D when it changed sign, else
 * "sliding". The models' own tests named the same contact "sticking" in
 * moreau and poisson and "sliding" in lzb, whose integration leaves a
 * slip of about rtol. */
static void frictionless_modes(const imp_multi_problem *p, double tol, imp_multi_result *r)
{
    int d = p->d;
    double vmax = 0;
    for (int j = 0; j < d * p->k; j++) vmax = fmax(vmax, fabs(p->v0[j]));
    for (int i = 0; i < p->k; i++) {
        if (p->c[i].mu_s != 0 || p->c[i].mu_k != 0 || r->mode[i] == IMP_MULTI_OPEN) continue;
        double t0 = p->v0[d * i], t1 = r->v[d * i];
        double slip = d == 3 ? hypot(t1, r->v[d * i + 2]) : fabs(t1);
        r->mode[i] = slip <= tol * vmax ? IMP_MULTI_STICKING
                   : d == 2 && t0 * t1 < 0 ? IMP_MULTI_REVERSED : IMP_MULTI_SLIDING;
    }
}

static imp_status solve(const imp_multi_input *in, imp_multi_space *w, imp_multi_output *out,
                        imp_multi_fail *f)
{
    int n = in->n, d = in->d, k = in->k;
    const imp_multi_model *m = in->model;
    imp_law poisson = {IMP_LAW_POISSON, 0, NULL, NULL};
    imp_multi_opts o = {m && imp_multi_model_reads(m, "law") && in->law ? in->law : &poisson,
                        in->rtol};
    if (!m || !m->solve || n < 1 || n > IMP_MECH_NMAX || k < 1 || k > IMP_MULTI_MAX
        || (d != 2 && d != 3) || !in->M || !in->J || !in->qdot || !in->c)
        return fail_input(f);
    imp_law_end end;   /* a law without a closed-form end sees the caller's units */
    int custom = !imp_law_end_of(o.law, &end);
    memcpy(w->M, in->M, sizeof(double) * (size_t)n * n);
    memcpy(w->qdot, in->qdot, sizeof(double) * (size_t)n);
    memcpy(w->J, in->J, sizeof(double) * (size_t)n * d * k);
    expo x;
    normalize(w, n, d, k, custom, &x);
    /* each contact alone (its rows' rank, M's checks), then the stack */
    imp_mech *mc = &w->mc;
    for (int i = 0; i < k; i++) {
        imp_status st = imp_mech_init(mc, n, d, w->M, w->J + n * d * i, w->qdot);
        if (st != IMP_OK) {
            mech_fail(f, IMP_MULTI_FAIL_CONTACT, i, mc);
            return st;
        }
    }
    imp_status st = imp_mech_init_rows(mc, n, d * k, w->M, w->J, w->qdot);
    if (st != IMP_OK) {
        mech_fail(f, IMP_MULTI_FAIL_STACK, 0, mc);
        return st;
    }
    imp_multi_problem p;
    memset(&p, 0, sizeof p);
    p.k = k;
    p.d = d;
    p.W = mc->Wm;
    p.v0 = mc->vC0;
    memcpy(p.c, in->c, sizeof(imp_multi_contact) * (size_t)k);
    if (spread_fails(p.W, d, k, f)) return IMP_ESINGULAR;
    /* the model: on the problem scaled again, but a custom law, which sees
     * the caller's units, and a row that opts out */
    imp_multi_result *r = &out->r;
    scaled_ctx sc = {m, &o};
    st = m->scaled && !custom ? imp_multi_scale_solve(&p, run_scaled, &sc, r) : m->solve(&p, &o, r);
    if (st != IMP_OK) {
        f->stage = IMP_MULTI_FAIL_MODEL;
        f->residual = r->residual;
        f->iterations = r->iterations;
        f->steps = r->steps;
        f->n_order = r->n_order;
        return st;
    }
    r->unique = m->out & IMP_MULTI_OUT_UNIQUE ? imp_multi_unique(&p, r) : 1;
    frictionless_modes(&p, imp_multi_model_reads(m, "rtol") ? fmax(1e-12, 10 * (o.rtol > 0 ? o.rtol : 1e-9)) : 1e-12, r);
    double q1[IMP_MECH_NMAX], T1, dTM, dTW;
    imp_mech_after(mc, r->P, q1, &T1, &dTM, &dTW);
    double T0 = mc->T0, scale = fmax(fmax(fabs(dTM), fabs(dTW)), 1e-4 * T0);
    int eT = x.eM + 2 * x.eq;
    /* dT from M and the rates against dT = P.(v0 + v)/2 from the contacts
     * with v = v0 + J dq (as solve2d and solve3d: both in double-double,
     * ~1e-13 apart up to cond(M) = 1e8); the models' own v0.P + P.W P/2
     * reads W as rounded and loses about cond(W) eps of it */
    if (!imp_mech_energies_agree(dTM, dTW, scale)) {
        f->stage = IMP_MULTI_FAIL_ENERGY;
        f->dT_M = ldexp(dTM, eT);
        f->dT_W = ldexp(dTW, eT);
        return IMP_ENOCONV;
    }
    if (!fits(&x, n, d, k, p.v0, r, q1, T0, dTW)) {
        f->stage = IMP_MULTI_FAIL_RANGE;
        return IMP_EOVERFLOW;
    }
    scale_back(&x, n, d, k, p.v0, q1, T0, dTW, T1, out);
    return IMP_OK;
}

imp_status imp_multi_solve(const imp_multi_input *in, imp_multi_output *out,
                           imp_multi_fail *fail)
{
    imp_multi_fail f0;
    imp_multi_fail *f = fail ? fail : &f0;
    memset(f, 0, sizeof *f);
    f->contact = f->other = f->row = f->col = -1;
    if (!in || !out) return fail_input(f);
    memset(out, 0, sizeof *out);
    imp_multi_space *w = in->work ? in->work : malloc(sizeof *w);
    if (!w) return IMP_ENOMEM;
    imp_status st = solve(in, w, out, f);
    if (!in->work) free(w);
    if (st != IMP_OK) memset(out, 0, sizeof *out);   /* no half-solved answer */
    return st;
}
