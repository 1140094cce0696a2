/* Planar Coulomb friction of the lzb multiple-impact model (Zhao, Liu &
 * Brogliato 2009): per contact slip, stick and reversal along the impulse
 * path, with the sticking contacts' joint solve. */
#include <math.h>
#include <string.h>

#include "multi_lzb.h"

/* Gauss with partial pivoting on the sticking contacts S's W_tt block
 * (m x m), kept for the set: the same operations replayed on each
 * right-hand side (stick_solve) give the fresh solve's result bit for bit. */
static void stick_factor(const lzb_t *L, const int *S, int m, lzb_stick_lu *C)
{
    int n = 2 * L->k, c, l, i;
    double *A = C->A, *Q = C->R, amax = 0;
    C->m = m;
    memcpy(C->S, S, sizeof(int) * (size_t)m);
    for (c = 0; c < m; c++)
        for (l = 0; l < m; l++) A[c * m + l] = L->W[2 * S[c] * n + 2 * S[l]];
    for (c = 0; c < m * m; c++) amax = fmax(amax, fabs(A[c]));
    C->ok = !(m > 0 && !(amax > 1e-300));
    for (c = 0; c < m && C->ok; c++) {
        int piv = c;
        for (l = c + 1; l < m; l++) if (fabs(A[l * m + c]) > fabs(A[piv * m + c])) piv = l;
        if (!(fabs(A[piv * m + c]) > 1e-12 * amax)) {
            /* Redundant sticking contacts (two corners of one body on one
             * surface share their tangent row): the rest of this row is
             * a copy of the others, so this contact takes no share. */
            for (l = 0; l < m; l++) A[c * m + l] = A[l * m + c] = 0;
            A[c * m + c] = 1, C->piv[c] = -1;
            continue;
        }
        C->piv[c] = piv;
        for (l = 0; l < m; l++) { double t = A[c * m + l]; A[c * m + l] = A[piv * m + l]; A[piv * m + l] = t; }
        for (l = c + 1; l < m; l++) {
            double q = Q[l * m + c] = A[l * m + c] / A[c * m + c];
            for (i = c; i < m; i++) A[l * m + i] -= q * A[c * m + i];
        }
    }
}

/* b becomes the solution of the block of S; 0 when it is all zero. */
static int stick_solve(const lzb_t *L, const int *S, int m, double *b)
{
    lzb_stick_lu *C = L->slu;
    const double *A = C->A, *Q = C->R;
    int c, l;
    if (C->m != m || memcmp(C->S, S, sizeof(int) * (size_t)m)) stick_factor(L, S, m, C);
    if (!C->ok) return 0;
    for (c = 0; c < m; c++) {
        if (C->piv[c] < 0) { b[c] = 0; continue; }
        double t = b[c]; b[c] = b[C->piv[c]]; b[C->piv[c]] = t;
        for (l = c + 1; l < m; l++) b[l] -= Q[l * m + c] * b[c];
    }
    for (c = m - 1; c >= 0; c--) {
        double t = b[c];
        for (l = c + 1; l < m; l++) t -= A[c * m + l] * b[l];
        b[c] = t / A[c * m + c];
    }
    return 1;
}

/* A sliding contact's tangential rate is -mu_k sgn(v_t) times its normal
 * rate; the sticking ones keep v_t = 0 jointly (a solve with their W_tt
 * block). f[0..k) holds the normal rates; fills f[3k..5k). */
void lzb_fric_rates(const lzb_t *L, const double *y, double *f)
{
    int k = L->k, n = 2 * k, i, l, c, S[K_MAX], m = 0;
    double b[K_MAX];
    for (i = 0; i < k; i++) {
        f[3 * k + i] = L->mu_s[i] > 0 && L->fs[i] ? -L->mu_k[i] * L->fs[i] * f[i] : 0;
        if (L->mu_s[i] > 0 && !L->fs[i] && L->phase[i] != PH_FREE) S[m++] = i;
    }
    for (c = 0; c < m; c++) {
        int r = 2 * S[c];
        b[c] = 0;
        for (l = 0; l < k; l++) b[c] -= L->W[r * n + 2 * l + 1] * f[l] + L->W[r * n + 2 * l] * f[3 * k + l];
    }
    if (!stick_solve(L, S, m, b)) return;
    for (c = 0; c < m; c++) f[3 * k + S[c]] = b[c];
    for (i = 0; i < k; i++) f[4 * k + i] = lzb_vel(L, i, 0, y, y + 3 * k) * f[3 * k + i];
}

/* Stick or slip for contact i from the canonical state: slide along
 * v_t when it slips, else stick if the joint stick solve keeps its ratio
 * within mu_s, else slip against the friction it would need (WM92's
 * reversal in the plane). */
void lzb_fric_decide(lzb_t *L, int i)
{
    double y[NY], f[NY];
    int k = L->k, old = L->fs[i];
    if (!L->fric || !(L->mu_s[i] > 0)) return;
    double vt = lzb_vel(L, i, 0, L->P, L->T);
    if (fabs(vt) > 1e-12 * L->vs) {
        L->fs[i] = vt > 0 ? 1 : -1, L->hist[i] |= 1;
        return;
    }
    lzb_pack(L, y);
    L->fs[i] = 0;
    lzb_rhs(L, y, f);
    if (fabs(f[3 * k + i]) <= L->mu_s[i] * f[i] * (1 + 1e-12)) {
        L->hist[i] |= 2;
        return;
    }
    L->fs[i] = f[3 * k + i] > 0 ? -1 : 1;
    if (old && L->fs[i] == old) L->fs[i] = -old;
    L->hist[i] |= old ? 5 : 1;
}

/* At a segment start another contact's event may have pushed a sticking
 * contact past its cone, or left a slip against its velocity: those can
 * no longer be seen as sign changes, so settle them here. */
void lzb_fric_settle(lzb_t *L)
{
    double y[NY], f[NY];
    int k = L->k, it, i, changed = 1;
    for (it = 0; it < 2 * k + 2 && changed && L->fric; it++) {
        changed = 0;
        lzb_pack(L, y);
        lzb_rhs(L, y, f);
        for (i = 0; i < k && !changed; i++) {
            if (L->phase[i] == PH_FREE || !(L->mu_s[i] > 0)) continue;
            if (!L->fs[i] && fabs(f[3 * k + i]) > L->mu_s[i] * f[i] * (1 + 1e-9)) {
                L->fs[i] = f[3 * k + i] > 0 ? -1 : 1, L->hist[i] |= 1, changed = 1;
            } else if (L->fs[i] && -L->fs[i] * lzb_vel(L, i, 0, L->P, L->T) > 1e-12 * L->vs) {
                lzb_fric_decide(L, i);
                changed = 1;
            }
        }
    }
}

/* The exact path keeps |P_t| <= mu_s P_n (stick rates inside the cone,
 * slip at mu_k <= mu_s), but P_t is integrated with an error of order
 * rtol (Ps + |P_t|) per step, and during a stick nothing ties it to P_n.
 * One step suffices: near the primary's zero force, d delta/dp = -v/F_j
 * is large, a step's inner stages can push a separating contact's tiny
 * gap to a positive delta, its force ratio jumps, and a sticking
 * contact's rate leaves its cone at those stages only. At each segment
 * end P_t goes back onto the cone (a projection onto the invariant set,
 * Hairer, Lubich & Wanner 2006). */
void lzb_fric_project(lzb_t *L)
{
    for (int i = 0; i < L->k; i++) {
        double c = L->mu_s[i] * fmax(L->P[i], 0);
        if (L->mu_s[i] > 0 && fabs(L->T[i]) > c) L->T[i] = copysign(c, L->T[i]);
    }
}
