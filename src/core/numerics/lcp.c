/* Lemke's method with the lexicographic ratio test (see lcp.h). */
#include "lcp.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Tableau B^-1 [I, -M, -1, q]: columns 0..n-1 hold w (and so the basis
 * inverse, which the lexicographic test reads), n..2n-1 z, 2n z0, 2n+1 q. */
typedef struct {
    int n, cols;
    double *T;
    int *basis;          /* variable in each row: 0..n-1 w, n..2n-1 z, 2n z0 */
} imp_lemke;

#define TB(L, i, j) ((L)->T[(size_t)(i) * (L)->cols + (j)])

static void imp_lemke_pivot(imp_lemke *L, int r, int c)
{
    int cols = L->cols;
    double *pr = &TB(L, r, 0), inv = 1.0 / pr[c];
    for (int j = 0; j < cols; j++) pr[j] *= inv;
    pr[c] = 1.0;
    for (int i = 0; i < L->n; i++) {
        if (i == r) continue;
        double *pi = &TB(L, i, 0), f = pi[c];
        if (f == 0.0) continue;
        for (int j = 0; j < cols; j++) pi[j] -= f * pr[j];
        pi[c] = 0.0;
    }
    L->basis[r] = c;
}

/* The row leaving when column c enters: the lexicographic minimum of
 * (q_i, (B^-1)_i) / t_i over rows with t_i > 0; -1 on a ray. Ties within
 * rounding pass to the next column of the basis inverse. */
static int imp_lemke_ratio(imp_lemke *L, int c, int *cand)
{
    int n = L->n, m = 0;
    double tmax = 0.0;
    for (int i = 0; i < n; i++) tmax = fmax(tmax, fabs(TB(L, i, c)));
    double eps = 1e-13 * (tmax > 0 ? tmax : 1.0);
    for (int i = 0; i < n; i++)
        if (TB(L, i, c) > eps) cand[m++] = i;
    if (m == 0) return -1;
    for (int k = -1; k < n && m > 1; k++) {
        int col = k < 0 ? 2 * n + 1 : k;
        double best = INFINITY, scale = 0.0;
        for (int a = 0; a < m; a++) {
            double r = TB(L, cand[a], col) / TB(L, cand[a], c);
            if (r < best) best = r;
            scale = fmax(scale, fabs(r));
        }
        double tol = 1e-12 * (scale > 1 ? scale : 1.0);
        int m2 = 0;
        for (int a = 0; a < m; a++)
            if (TB(L, cand[a], col) / TB(L, cand[a], c) <= best + tol) cand[m2++] = cand[a];
        m = m2;
        /* z0 tied for the minimum ratio leaves first, which ends the path
         * at a solution (another row leaving keeps z0 basic at a rounding
         * value: Lemke then cycled to its pivot budget on a frictional
         * poisson compression, scene 5023 of the invariant run). */
        if (k < 0)
            for (int a = 0; a < m; a++) if (L->basis[cand[a]] == 2 * n) return cand[a];
    }
    return cand[0];
}

/* A ray with z0 still basic at a rounding-level value: the basis is
 * complementary and w = M z + q + z0 >= 0, so it solves the LCP to z0
 * (at most 1e-10 of max |q|, the callers' residual tolerance; they check
 * the residual). Degenerate steps (Stewart & Trinkle's frictionless rows,
 * mass ratios of 2^20) can leave z0 at 1e-17 instead of exactly zero,
 * where another row won the ratio test, and the path then ends in a ray.
 * The bound is on q, not on the basic values, which grow without bound
 * along a real ray. */
static imp_status imp_lemke_ray(imp_lemke *L, const double *q)
{
    int n = L->n, r0 = -1;
    double scale = 0.0;
    for (int i = 0; i < n; i++) {
        scale = fmax(scale, fabs(q[i]));
        if (L->basis[i] == 2 * n) r0 = i;
    }
    if (r0 >= 0 && TB(L, r0, 2 * n + 1) <= 1e-10 * scale) return IMP_OK;
    return IMP_ENOSOLUTION;
}

static imp_status imp_lemke_run(imp_lemke *L, const double *M, const double *q,
                                int budget, int *pivots)
{
    int n = L->n, cols = L->cols, r = 0, np = 0;
    int cand[IMP_LCP_MAX];
    for (int i = 0; i < n; i++) {
        double *row = &TB(L, i, 0);
        memset(row, 0, sizeof(double) * (size_t)cols);
        row[i] = 1.0;
        for (int j = 0; j < n; j++) row[n + j] = -M[i * n + j];
        row[2 * n] = -1.0;
        row[2 * n + 1] = q[i];
        L->basis[i] = i;
        if (q[i] <= q[r]) r = i;        /* ties: the last row, a fixed rule */
    }
    imp_lemke_pivot(L, r, 2 * n);       /* z0 = -min q makes the basis feasible */
    np = 1;
    int leaving = r;                    /* w_r left: its complement enters */
    for (;;) {
        if (np >= budget) { *pivots = np; return IMP_ENOCONV; }
        int enter = leaving < n ? leaving + n : leaving - n;
        int row = imp_lemke_ratio(L, enter, cand);
        if (row < 0) { *pivots = np; return imp_lemke_ray(L, q); }
        int out = L->basis[row];
        imp_lemke_pivot(L, row, enter);
        np++;
        if (out == 2 * n) break;        /* z0 left the basis: a solution */
        leaving = out;
    }
    *pivots = np;
    return IMP_OK;
}

imp_status imp_lcp_lemke(int n, const double *M, const double *q,
                         double *z, double *w, int max_pivots, int *pivots)
{
    int np_dummy = 0;
    if (!pivots) pivots = &np_dummy;
    *pivots = 0;
    if (n < 1 || n > IMP_LCP_MAX || !M || !q) return IMP_EINPUT;
    int neg = 0;
    for (int i = 0; i < n; i++) {
        if (!isfinite(q[i])) return IMP_EINPUT;
        for (int j = 0; j < n; j++) if (!isfinite(M[i * n + j])) return IMP_EINPUT;
        if (q[i] < 0) neg = 1;
    }
    if (!neg) {                          /* z = 0 already solves it */
        for (int i = 0; i < n; i++) {
            if (z) z[i] = 0.0;
            if (w) w[i] = q[i];
        }
        return IMP_OK;
    }
    imp_lemke L = { n, 2 * n + 2, NULL, NULL };
    L.T = malloc(sizeof(double) * (size_t)n * (size_t)L.cols);
    L.basis = malloc(sizeof(int) * (size_t)n);
    if (!L.T || !L.basis) { free(L.T); free(L.basis); return IMP_ENOMEM; }
    imp_status st = imp_lemke_run(&L, M, q, max_pivots > 0 ? max_pivots : 50 * n + 100, pivots);
    if (st == IMP_OK) {
        double zz[IMP_LCP_MAX] = { 0 };
        for (int i = 0; i < n; i++) {
            int b = L.basis[i];
            double val = fmax(TB(&L, i, 2 * n + 1), 0.0);
            if (b >= n && b < 2 * n) zz[b - n] = val;
        }
        for (int i = 0; i < n; i++) {
            if (z) z[i] = zz[i];
            if (w) {                      /* recomputed, not read off the tableau */
                double s = q[i];
                for (int j = 0; j < n; j++) s += M[i * n + j] * zz[j];
                w[i] = s;
            }
        }
    }
    free(L.T);
    free(L.basis);
    return st;
}
