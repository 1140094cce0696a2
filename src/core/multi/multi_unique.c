/* Whether a complementarity model's impulses are the only ones its
 * conditions admit (multi_models.h: moreau, poisson). With redundant
 * contacts (a flat face on the ground: two corners, three coordinates)
 * the active contacts' W is singular and the split of the impulse between
 * them is free: any P + N, N in the null space, gives the same
 * velocities. The answer is the rank of the map from the active unknowns
 * (the normal impulse of each contact that took one, the tangential
 * impulse of each sticking one) to the velocities they fix (v_n, and v_t
 * of a sticking contact); a sliding contact's impulse is n - mu_k u t, its
 * slip direction u. A singular map is not enough: the cones may leave a
 * single split (two corners both on their cone's edge); so a null
 * direction must also keep the contacts in their cones, to first order,
 * one way or the other (Anitescu & Potra 1997 discuss the degeneracy). */
#include <lapacke.h>
#include <math.h>
#include <string.h>

#include "multi_unique.h"

/* Whether P + eps sign N meets every active contact's cone for a small
 * eps > 0: a sticking contact on the cone's edge (|P_t| = mu_s P_n) must
 * not move outward; inside it, or sliding (its column keeps the slope),
 * any small move stays. */
static int stays_in_cones(const imp_multi_problem *p, const imp_multi_result *r,
                          const double *N, int sign)
{
    int d = p->d;
    double tol = 1e-9;
    for (int i = 0; i < p->k; i++) {
        if (r->mode[i] != IMP_MULTI_STICKING || !(p->c[i].mu_s > 0)) continue;
        const double *P = r->P + d * i;
        double pt = d == 3 ? hypot(P[0], P[2]) : fabs(P[0]);
        double lim = p->c[i].mu_s * P[1];
        if (pt < (1 - tol) * lim || pt == 0) continue;   /* inside: any small move */
        double dpt = sign * (P[0] * N[d * i] + (d == 3 ? P[2] * N[d * i + 2] : 0)) / pt;
        double dlim = sign * p->c[i].mu_s * N[d * i + 1];
        if (dpt - dlim > tol * (fabs(dpt) + fabs(dlim))) return 0;
    }
    return 1;
}

/* The unknowns' columns: the direction in contact-space rows of contact
 * i's normal impulse (with its sliding friction) and of its tangential
 * ones when it sticks. */
int imp_multi_unique(const imp_multi_problem *p, const imp_multi_result *r)
{
    int d = p->d, k = p->k, n = d * k;
    int rows[3 * IMP_MULTI_MAX], m = 0;   /* the fixed velocity components */
    double cols[3 * IMP_MULTI_MAX][3 * IMP_MULTI_MAX];   /* each an n-vector of impulse directions */
    double pmax = 0;
    for (int i = 0; i < k; i++) pmax = fmax(pmax, r->P[d * i + 1]);
    if (!(pmax > 0)) return 1;
    int nc = 0;
    for (int i = 0; i < k; i++) {
        if (!(r->P[d * i + 1] > 1e-12 * pmax)) continue;
        double *c = cols[nc++];
        memset(c, 0, sizeof(double) * (size_t)n);
        c[d * i + 1] = 1;
        rows[m++] = d * i + 1;
        if (r->mode[i] == IMP_MULTI_STICKING && p->c[i].mu_s > 0) {
            for (int t = 0; t < d; t += 2) {   /* tangent rows: 0 (and 2 in 3D) */
                double *ct = cols[nc++];
                memset(ct, 0, sizeof(double) * (size_t)n);
                ct[d * i + t] = 1;
                rows[m++] = d * i + t;
            }
        } else {   /* sliding: P_t = mu_k P_n u, u the tangential impulse's direction */
            double pt = d == 3 ? hypot(r->P[d * i], r->P[d * i + 2]) : fabs(r->P[d * i]);
            if (pt > 0) {
                double s = pt / r->P[d * i + 1];   /* = mu_k on a sliding contact */
                c[d * i] = s * r->P[d * i] / pt;
                if (d == 3) c[d * i + 2] = s * r->P[d * i + 2] / pt;
            }
        }
    }
    /* A (m x m): A[a][b] = row a of W times column b */
    double A[9 * IMP_MULTI_MAX * IMP_MULTI_MAX], VT[9 * IMP_MULTI_MAX * IMP_MULTI_MAX];
    double sv[3 * IMP_MULTI_MAX], sup[3 * IMP_MULTI_MAX];
    for (int a = 0; a < m; a++)
        for (int b = 0; b < m; b++) {
            double s = 0;
            for (int j = 0; j < n; j++) s += p->W[rows[a] * n + j] * cols[b][j];
            A[a * m + b] = s;
        }
    if (LAPACKE_dgesvd(LAPACK_ROW_MAJOR, 'N', 'A', m, m, A, m, sv, NULL, 1, VT, m, sup) != 0)
        return 1;
    /* each null direction (rows of VT past the rank), either way: another
     * answer when no contact leaves its cone to first order */
    for (int q = m - 1; q >= 0 && !(sv[q] > 1e-10 * sv[0]); q--) {
        double N[3 * IMP_MULTI_MAX] = {0};
        for (int b = 0; b < m; b++)
            for (int j = 0; j < n; j++) N[j] += VT[q * m + b] * cols[b][j];
        for (int sign = -1; sign <= 1; sign += 2)
            if (stays_in_cones(p, r, N, sign)) return 0;
    }
    return 1;
}
