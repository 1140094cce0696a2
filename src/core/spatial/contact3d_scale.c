/* Power-of-two scaling of a 3D contact-space problem around a solver, as
 * the 2D solvers (coef2d.c) and the multi-contact core (multi_scale.c) do:
 * W by 2^-ew (ew even, so that L scales by 2^(-ew/2)) and vC0 by 2^-ev, so
 * that max W_ii lies in [1, 4) and max |vC0| in [1, 2). Impulses then scale
 * by 2^(ev-ew), velocities by 2^ev and energies by 2^(2ev-ew). Powers of two
 * are exact, and a problem whose exponents all lie within +-128 is solved
 * as given (bit-identical); a mechanism with J ~ 1e141 (W ~ 1e282) had its
 * works overflow inside the integration although T0 = 1. */
#include <math.h>
#include <stdlib.h>

#include "impact3d.h"

#define ORDINARY 128   /* |exponent| up to which the caller's numbers are used */

static void scale_vec(double *x, int n, int e)
{
    for (int i = 0; i < n; i++) x[i] = ldexp(x[i], e);
}

/* *s: c in scaled units, with the exponents; 0 when c is ordinary (or not
 * finite: the solver's own checks answer it). Derived data are scaled, not
 * recomputed, so every ratio (q, rho_req, tvec, cond) keeps its bits. */
static int scale_contact(const imp_contact3d *c, imp_contact3d *s, int *ev, int *ew)
{
    double wmax = fmax(fmax(c->W[0], c->W[4]), c->W[8]);
    double vmax = fmax(fmax(fabs(c->vC0[0]), fabs(c->vC0[1])), fabs(c->vC0[2]));
    if (!(wmax > 0) || !isfinite(wmax) || !isfinite(vmax)) return 0;
    int w = ilogb(wmax), v = vmax > 0 ? ilogb(vmax) : 0;
    w -= w & 1;   /* even (floor): L scales by an exact 2^(-w/2) */
    if (abs(w) <= ORDINARY && abs(v) <= ORDINARY && abs(2 * v - w) <= ORDINARY) return 0;
    *s = *c;
    scale_vec(s->W, 9, -w);
    scale_vec(s->L, 9, -w / 2);
    scale_vec(s->Wtt, 4, -w);
    scale_vec(s->Wtn, 2, -w);
    s->Wnn = ldexp(c->Wnn, -w);
    s->kstick = ldexp(c->kstick, -w);
    scale_vec(s->tev, 2, -w);
    scale_vec(s->g0, 2, w - v);   /* Wtt^-1 vt0 */
    scale_vec(s->vC0, 3, -v);
    s->T0 = ldexp(c->T0, w - 2 * v);
    s->m = ldexp(c->m, w);        /* sqrt(2 m T0) scales as an impulse */
    *ev = v;
    *ew = w;
    return 1;
}

/* The result (and the hodograph's points) back in the caller's units. */
static void unscale(const imp_contact3d *c, int ev, int ew, imp_track3d *t, imp_result3d *r)
{
    int ep = ev - ew, ee = 2 * ev - ew;
    scale_vec(r->P, 3, ep);
    scale_vec(r->vC, 3, ev);
    r->dT = ldexp(r->dT, ee);
    r->T0 = c->T0;
    r->Wc = ldexp(r->Wc, ee);
    r->Wr = ldexp(r->Wr, ee);
    r->Wf = ldexp(r->Wf, ee);
    r->Pc = ldexp(r->Pc, ep);
    if (r->p_stop >= 0) r->p_stop = ldexp(r->p_stop, ep);
    r->min_slip = ldexp(r->min_slip, ev);
    r->fail_p = ldexp(r->fail_p, ep);
    for (int i = 0; i < r->nstage && i < IMP_STAGES3D_MAX; i++) {
        imp_stage3d *g = &r->stage[i];
        scale_vec(g->P, 3, ep);
        g->p0 = ldexp(g->p0, ep);
        g->p1 = ldexp(g->p1, ep);
        g->lambda = ldexp(g->lambda, ew);   /* a rate dv/dp, as W */
    }
    if (t && t->data)
        for (size_t i = 0; i < 4 * t->n; i++) t->data[i] = ldexp(t->data[i], i % 4 ? ev : ep);
}

imp_status imp_contact3d_scale_solve(imp_contact3d_solver fn, const imp_contact3d *c,
                                     double mu_s, double mu_k, const imp_law *law,
                                     const imp_opts3d *opts, imp_result3d *out)
{
    imp_law_end end;   /* a law without a closed-form end sees the caller's units */
    imp_contact3d s;
    int ev, ew;
    if (!c || !law || !imp_law_end_of(law, &end) || !scale_contact(c, &s, &ev, &ew))
        return fn(c, mu_s, mu_k, law, opts, out);
    imp_status st = fn(&s, mu_s, mu_k, law, opts, out);
    unscale(c, ev, ew, opts ? opts->track : NULL, out);
    return st;
}
