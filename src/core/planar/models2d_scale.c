/* Power-of-two scaling for the published models (models2d.c): the frames
 * their closed forms run in, and the bodies' inverse inertias 1/(m rho^2)
 * without forming m rho^2 (it overflows for valid bodies). */
#include <float.h>
#include <limits.h>
#include <math.h>

#include "models2d.h"

/* A value scaled to 0 keeps its sign as the smallest subnormal: the models
 * branch on S0 = 0 and sgn(B3), and B1, B2 must stay positive. */
static double keep_sign(double scaled, double x)
{
    return scaled == 0 && x != 0 ? copysign(DBL_TRUE_MIN, x) : scaled;
}

/* Every choice below is a function of the data's exponents that shifts by
 * k when they are scaled by 2^k, so a problem and its power-of-two image
 * are solved on the same numbers (impulses then scale exactly by
 * 2^(kv - kb)). B1, B2 are centred on their geometric mean, which leaves
 * |B3| <= sqrt(B1 B2) near 1, unless they span more than 2^2000. Frames 0
 * and 1 centre the velocities on |C0| (impulses ~ C0/B), keeping |S0|
 * below 2^960; frame 0 then moves the B's so that C0/B2 stays near 1
 * (|S0| >> |C0|), frame 1 does not (products such as B2 S0 then stay in
 * range); frame 2 centres them on max(|S0|, |C0|). */
int imp_model2d_frame(const imp_coef2d *c, int frame, imp_coef2d_scaled *s)
{
    if (frame < 0 || frame > 2) return 0;
    int e1 = ilogb(c->B1), e2 = ilogb(c->B2);
    int kb = (int)floor(0.5 * (e1 + e2)), emax = e1 > e2 ? e1 : e2;
    if (kb < emax - 1000) kb = emax - 1000;
    int eS = c->S0 != 0 ? ilogb(c->S0) : INT_MIN, eC = ilogb(c->C0);  /* C0 < 0 */
    int kv = frame < 2 ? eC : (eS > eC ? eS : eC);
    if (eS != INT_MIN && kv < eS - 960) kv = eS - 960;
    /* The normal impulse C0/B2 (2^p in the frame) must not under- or
     * overflow there when |C0| was pushed down by |S0|: the B's move
     * towards it as far as they stay within 2^+-1000. */
    int p = (eC - kv) - (e2 - kb), emin = e1 < e2 ? e1 : e2;
    if (frame == 0 && p < -600 && kb < emin + 1000) kb += -600 - p < emin + 1000 - kb ? -600 - p : emin + 1000 - kb;
    if (frame == 0 && p > 600 && kb > emax - 1000) kb -= p - 600 < kb - emax + 1000 ? p - 600 : kb - emax + 1000;
    s->kv = kv;
    s->kb = kb;
    s->p = &s->c;
    s->c.B1 = keep_sign(imp_mul2k(c->B1, -kb), c->B1);
    s->c.B2 = keep_sign(imp_mul2k(c->B2, -kb), c->B2);
    s->c.B3 = keep_sign(imp_mul2k(c->B3, -kb), c->B3);
    s->c.S0 = keep_sign(imp_mul2k(c->S0, -kv), c->S0);
    s->c.C0 = keep_sign(imp_mul2k(c->C0, -kv), c->C0);
    double D = c->D >= DBL_MIN && c->D <= DBL_MAX ? imp_mul2k(c->D, -2 * kb) : 0;
    s->c.D = D >= DBL_MIN && D <= DBL_MAX ? D : 0;   /* else recomputed scale-free */
    s->D = s->c.D;
    return 1;
}

/* The user's moment law seen from the frame: the state back in physical
 * units (velocities 2^kv, impulses 2^kP), the moment impulse into the
 * frame's (scaled like an impulse, so that Bq, BSq, BCq scale like B). */
static int law_in_frame(void *ctx, const imp_moment_state *s, double *Mq)
{
    const imp_model2d_lawscale *ls = ctx;
    imp_moment_state u = *s;
    u.S = imp_mul2k(s->S, ls->kv); u.C = imp_mul2k(s->C, ls->kv);
    u.W = imp_mul2k(s->W, ls->kv); u.W0 = imp_mul2k(s->W0, ls->kv);
    u.Px = imp_mul2k(s->Px, ls->kP); u.Py = imp_mul2k(s->Py, ls->kP);
    u.PyC = imp_mul2k(s->PyC, ls->kP);
    int rc = ls->user->moment(ls->user->moment_ctx, &u, Mq);
    if (rc == 0) *Mq = imp_mul2k(*Mq, -ls->kP);
    return rc;
}

void imp_model2d_moment_scale(const imp_model_params *p, const imp_coef2d_scaled *sc,
                              imp_moment2d *m, imp_model2d_lawscale *ls, imp_model_params *q)
{
    const imp_moment2d *u = p->mcoef;
    m->Bq = imp_mul2k(u->Bq, -sc->kb);
    m->BSq = imp_mul2k(u->BSq, -sc->kb);
    m->BCq = imp_mul2k(u->BCq, -sc->kb);
    m->W0 = imp_mul2k(u->W0, -sc->kv);
    ls->user = p;
    ls->kv = sc->kv;
    ls->kP = sc->kv - sc->kb;
    *q = *p;
    q->mcoef = m;
    q->moment = law_in_frame;
    q->moment_ctx = ls;
}

/* a*b*2^k from the mantissas: rounded once, and no under- or overflow on
 * the way when the result is a normal number. */
static double mul_wide(double a, double b, int k)
{
    if (a == 0 || b == 0 || !isfinite(a) || !isfinite(b)) return imp_mul2k(a * b, k);
    int ea, eb;
    double fa = frexp(a, &ea), fb = frexp(b, &eb);
    return ldexp(fa * fb, ea + eb + k);
}

/* WM92 eq 56 in the frame c, times 2^k: the same bits as scaling the
 * frame's dT wherever that is normal. */
double imp_model2d_dT_wide(const imp_coef2d *c, double Px, double Py, double S, double C,
                           int k)
{
    return mul_wide(Px, c->S0 + S, k - 1) + mul_wide(Py, c->C0 + C, k - 1);  /* halves first */
}

/* x / (m rho^2) from the mantissas and exponents: the same rounding as the
 * plain quotient wherever that is a normal number, and no overflow of
 * m rho^2 on the way. */
double imp_model2d_over_inertia(double x, double m, double rho)
{
    if (x == 0 || !isfinite(x) || !(m > 0) || !isfinite(m) || rho == 0 || !isfinite(rho))
        return x / (m * rho * rho);
    int ex, em, er;
    double fx = frexp(x, &ex), fm = frexp(m, &em), fr = frexp(rho, &er);
    return ldexp(fx / (fm * fr * fr), ex - em - 2 * er);
}

void imp_moment2d_from_problem(const imp_problem2d *p, imp_moment2d *m)
{
    m->Bq = m->BSq = m->BCq = m->W0 = 0;
    for (int i = 0; i < p->nbodies; i++) {
        const imp_body2d *b = i == 0 ? &p->body1 : &p->body2;
        m->Bq += imp_model2d_over_inertia(1, b->m, b->rho);
        m->BSq += imp_model2d_over_inertia(b->y, b->m, b->rho);
        m->BCq -= imp_model2d_over_inertia(b->x, b->m, b->rho);
        m->W0 += (i == 0 ? 1 : -1) * b->w;
    }
}

imp_status imp_problem2d_after(const imp_problem2d *p, double Px, double Py, double Mq,
                               double post[2][3])
{
    for (int i = 0; i < p->nbodies; i++) {
        const imp_body2d *b = i == 0 ? &p->body1 : &p->body2;
        double sg = i == 0 ? 1 : -1, *v = post[i];
        imp_body2d_after(b, sg, Px, Py, v);
        v[2] += sg * imp_model2d_over_inertia(Mq, b->m, b->rho);
        if (!(isfinite(v[0]) && isfinite(v[1]) && isfinite(v[2])))
            return IMP_EOVERFLOW;
    }
    return IMP_OK;
}
