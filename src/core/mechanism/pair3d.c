/* Two moving rigid bodies in 3D meeting at one point: body 1 above the
 * plane of contact, body 2 below (normal +y from 2 into 1), P on body 1
 * and -P on body 2. W = W1 + W2 (Keller 1986's compliance of each body),
 * vC0 the relative contact velocity. */
#include <math.h>
#include <string.h>

#include "mat3.h"
#include "mechanism.h"

static imp_status bad(const char **field, const char **why, const char *f, const char *w)
{
    if (field) *field = f;
    if (why) *why = w;
    return IMP_EINPUT;
}

/* A body's principal decomposition (given, or from its tensor) and
 * I^-1 = sum_j a_j a_j^T / I_j. */
static imp_status body_terms(const imp_body3d *b, double mom[3], double axes[9],
                             double Iinv[9], const char **field, const char **why)
{
    if (!(b->m > 0) || !isfinite(b->m))
        return bad(field, why, "m", "must be a positive finite number");
    for (int i = 0; i < 3; i++) {
        if (!isfinite(b->r[i])) return bad(field, why, "r", "must be finite");
        if (!isfinite(b->v[i])) return bad(field, why, "v", "must be finite");
        if (!isfinite(b->w[i])) return bad(field, why, "w", "must be finite");
    }
    const char *w = NULL;
    if (b->principal) {
        memcpy(mom, b->moments, 3 * sizeof *mom);
        memcpy(axes, b->axes, 9 * sizeof *axes);
        for (int i = 0; i < 9; i++)
            if (!isfinite(axes[i])) return bad(field, why, "axes", "must be finite");
        if (imp_inertia3_check(mom, &w) != IMP_OK) return bad(field, why, "moments", w);
    } else if (imp_inertia_principal(b->I, mom, axes, &w) != IMP_OK) {
        return bad(field, why, "inertia", w);
    }
    memset(Iinv, 0, 9 * sizeof *Iinv);
    for (int j = 0; j < 3; j++) {
        double inv = 1 / mom[j];
        if (!isfinite(inv))
            return bad(field, why, "inertia", "has a principal moment too small for double");
        for (int i = 0; i < 3; i++)
            for (int k = 0; k < 3; k++)
                Iinv[3 * i + k] += axes[3 * i + j] * axes[3 * k + j] * inv;
    }
    return IMP_OK;
}

imp_status imp_pair3d_init(const imp_body3d *b1, const imp_body3d *b2,
                           imp_pair3d *p, int *which, const char **field, const char **why)
{
    double mom1[3], ax1[9], mom2[3], ax2[9];
    memset(p, 0, sizeof *p);
    if (which) *which = 1;
    imp_status st = body_terms(b1, mom1, ax1, p->Iinv1, field, why);
    if (st != IMP_OK) return st;
    if (which) *which = 2;
    if ((st = body_terms(b2, mom2, ax2, p->Iinv2, field, why)) != IMP_OK) return st;
    if (which) *which = 0;
    imp_contact3d *c = &p->c;
    double im = 1 / b1->m + 1 / b2->m;
    for (int i = 0; i < 3; i++) {
        c->W[4 * i] = im;
        c->L[4 * i] = sqrt(im);
    }
    imp_contact3d_rotation_add(b1->r, mom1, ax1, c->W, c->L);
    imp_contact3d_rotation_add(b2->r, mom2, ax2, c->W, c->L);
    double wr1[3], wr2[3];
    imp_vec3_cross(b1->w, b1->r, wr1);
    imp_vec3_cross(b2->w, b2->r, wr2);
    for (int i = 0; i < 3; i++)
        c->vC0[i] = (b1->v[i] + wr1[i]) - (b2->v[i] + wr2[i]);
    p->T01 = imp_body3d_energy(b1, b1->v, b1->w);
    p->T02 = imp_body3d_energy(b2, b2->v, b2->w);
    c->T0 = p->T01 + p->T02;
    if (field) *field = NULL;
    if (why) *why = NULL;
    return imp_contact3d_from_L(c);
}

/* v' = v + sign P/m, w' = w + sign I^-1 (r x P). */
static void apply(const imp_body3d *b, const double Iinv[9], double sign,
                  const double P[3], double v[3], double w[3])
{
    double sP[3] = {sign * P[0], sign * P[1], sign * P[2]}, rP[3], dw[3];
    imp_vec3_cross(b->r, sP, rP);
    imp_mat3_vec(Iinv, rP, dw);
    for (int i = 0; i < 3; i++) {
        v[i] = b->v[i] + sP[i] / b->m;
        w[i] = b->w[i] + dw[i];
    }
}

/* T' - T of one body as (x + x')/2 . K (x' - x): no cancellation of T' - T. */
static double body_dT(const imp_body3d *b, const double v[3], const double w[3])
{
    double mv[3], mw[3], dv[3], dw[3], Idw[3];
    for (int i = 0; i < 3; i++) {
        mv[i] = 0.5 * (b->v[i] + v[i]); dv[i] = v[i] - b->v[i];
        mw[i] = 0.5 * (b->w[i] + w[i]); dw[i] = w[i] - b->w[i];
    }
    imp_mat3_vec(b->I, dw, Idw);
    return b->m * imp_vec3_dot(mv, dv) + imp_vec3_dot(mw, Idw);
}

void imp_pair3d_after(const imp_body3d *b1, const imp_body3d *b2,
                      const imp_pair3d *p, const double P[3],
                      double v1[3], double w1[3], double v2[3], double w2[3],
                      double *dT_bodies)
{
    double a1[3], o1[3], a2[3], o2[3];
    apply(b1, p->Iinv1, 1, P, a1, o1);
    apply(b2, p->Iinv2, -1, P, a2, o2);
    if (v1) memcpy(v1, a1, sizeof a1);
    if (w1) memcpy(w1, o1, sizeof o1);
    if (v2) memcpy(v2, a2, sizeof a2);
    if (w2) memcpy(w2, o2, sizeof o2);
    if (dT_bodies) *dT_bodies = body_dT(b1, a1, o1) + body_dT(b2, a2, o2);
}
