/* A compliant normal law on the exact 3D path (Darboux-Keller over the
 * normal impulse, after Keller 1986).
 *
 * As in 2D (compliant2d.c): the path before the end does not depend on the
 * law, and a passive law ends before the energetic law with e = 1. That
 * trace's hodograph (p, v_t, v_n at every step) gives vn(p), cubic Hermite
 * between the steps with the slopes of the flow, dv_n/dp = W_nn - mu_k
 * W_nt.u while sliding along u = v_t/|v_t| (a piece that starts or ends at
 * v_t = 0 slides along its other end's direction: the invariant ray the
 * slip restarts on, or approaches a stop along) and the sticking rate
 * 1/(W^-1)_nn while stuck. The law runs in time along it (compliant.c); the
 * impact is then traced to the normal impulse where it ended, as a law
 * R = P_n - p_end (P_n grows monotonically on every path). Hertz's end is
 * the energetic law's of its e. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compliant.h"
#include "impact3d.h"

static double *grow(void *ud, double *old, size_t n)
{
    (void)ud;
    return realloc(old, n * sizeof *old);
}

static int end_at(void *ctx, const imp_law_state *s, double *R)
{
    *R = s->Pn - *(const double *)ctx;
    return 0;
}

/* dv_n/dp on a slide along (ux, uz) (unit), or stuck (u = NULL) */
static double rate(const imp_contact3d *c, double mu_k, const double *u)
{
    if (!u)
        return c->kstick;
    return c->Wnn - mu_k * (c->Wtn[0] * u[0] + c->Wtn[1] * u[1]);
}

static imp_status run(const imp_contact3d *c, double mu_k, const imp_law *law,
                      const imp_track3d *tr, double pc, imp_compliant_out *o)
{
    size_t m = tr->n + 2;
    double *buf = malloc(6 * m * sizeof *buf), *P = buf, *V = P + m, *U = V + m;
    double *S0 = U + 2 * m, *S1 = S0 + m;
    if (!buf)
        return IMP_ENOMEM;
    /* knots (p, vn) and slip directions; the start first, coincident
     * points replaced by the later one */
    int n = 0;
    for (size_t i = 0; i <= tr->n; i++) {
        const double *q = i ? tr->data + 4 * (i - 1) : NULL;
        double p = q ? q[0] : 0, vn = q ? q[2] : c->vC0[1];
        double vx = q ? q[1] : c->vC0[0], vz = q ? q[3] : c->vC0[2], s = hypot(vx, vz);
        if (n > 0 && !(p > P[n - 1]))
            n--;
        P[n] = p;
        V[n] = p == pc ? 0 : vn;          /* maximum compression, exactly */
        U[2 * n] = s > 0 ? vx / s : 0;
        U[2 * n + 1] = s > 0 ? vz / s : 0;
        n++;
    }
    /* maximum compression is a knot (a fixed-rate period passes it
     * without a step of its own) */
    int has_pc = 0;
    for (int i = 0; i < n; i++) has_pc |= P[i] == pc;
    if (!has_pc && pc > 0 && pc < P[n - 1]) {
        int j = n;
        while (P[j - 1] > pc) {
            P[j] = P[j - 1];
            V[j] = V[j - 1];
            U[2 * j] = U[2 * j - 2];
            U[2 * j + 1] = U[2 * j - 1];
            j--;
        }
        P[j] = pc;
        V[j] = 0;
        U[2 * j] = U[2 * j + 2];        /* the piece's direction: its end's */
        U[2 * j + 1] = U[2 * j + 3];
        n++;
    }
    imp_status st = IMP_ENOCONV;
    if (n >= 2) {
        for (int i = 0; i + 1 < n; i++) {
            const double *ua = U + 2 * i, *ub = U + 2 * i + 2;
            int sa = ua[0] != 0 || ua[1] != 0, sb = ub[0] != 0 || ub[1] != 0;
            if (sa && sb) {
                S0[i] = rate(c, mu_k, ua);
                S1[i] = rate(c, mu_k, ub);
            } else if (sa || sb) {
                S0[i] = S1[i] = rate(c, mu_k, sa ? ua : ub);
            } else {
                S0[i] = S1[i] = (V[i + 1] - V[i]) / (P[i + 1] - P[i]);
            }
        }
        imp_compliant_path path = {P, V, n, S1[n - 2], S0, S1};
        st = path.k_last > 0 ? imp_compliant_run(law, &path, c->Wnn, o) : IMP_ENOCONV;
    }
    free(buf);
    return st;
}

imp_status imp_compliant3d_solve_contact(const imp_contact3d *c, double mu_s, double mu_k,
                                         const imp_law *law, const imp_opts3d *opts,
                                         imp_result3d *out)
{
    const imp_compliant *cp = law->ctx;
    if (imp_compliant_check(law->kind, cp) != IMP_OK)
        return IMP_EINPUT;
    imp_law rigid = {IMP_LAW_ENERGETIC, 1, NULL, NULL};
    if (!(c->vC0[1] < 0)) {
        /* no approach: the force starts at 0 and stays there */
        imp_contact3d q = *c;
        if (!(q.vC0[1] > 0))
            q.vC0[1] = 1;
        imp_status st = imp_exact3d_solve_contact(&q, mu_s, mu_k, &rigid, opts, out);
        if (st == IMP_OK)
            out->vC[1] = c->vC0[1];
        return st;
    }
    imp_opts3d o1 = *opts;
    imp_track3d tr = {NULL, 0, 0, grow, NULL};
    o1.track = &tr;
    imp_status st = imp_exact3d_solve_contact(c, mu_s, mu_k, &rigid, &o1, out);
    imp_compliant_out o;
    if (st == IMP_OK)
        st = run(c, mu_k, law, &tr, out->Pc, &o);
    free(tr.data);
    if (st != IMP_OK)
        return st;
    double p_end = o.p_end;
    imp_law end = {IMP_LAW_CUSTOM, 0, end_at, &p_end};
    if (law->kind == IMP_LAW_HERTZ) {
        end.kind = IMP_LAW_ENERGETIC;
        end.e = cp->e;
        end.fn = NULL;
        end.ctx = NULL;
    }
    if ((st = imp_exact3d_solve_contact(c, mu_s, mu_k, &end, opts, out)) != IMP_OK)
        return st;
    out->compliant = 1;
    out->e_eff = -out->vC[1] / c->vC0[1];
    out->duration = o.duration;
    out->F_max = o.F_max;
    out->delta_max = o.delta_max;
    return IMP_OK;
}
