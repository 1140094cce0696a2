/* The lzb multiple-impact model's own declarations (private to
 * multi_lzb*.c): the integrator's state and what the driver
 * (multi_lzb.c), planar friction (multi_lzb_friction.c) and spatial
 * friction (multi_lzb_friction3d.c) share.
 *
 * State vector y over the k contacts: P_n (k), x (k: the primary's
 * energy, the others' compression), W_n (k); with friction also P_t (k:
 * the x component in space), W_f (k) and, in space, P_t's z component
 * (k). The canonical state between segments keeps the same friction
 * layout in T (T[i] = P_t, T[k + i] = W_f, T[2k + i] = P_tz). */
#ifndef IMPACT_MULTI_LZB_H
#define IMPACT_MULTI_LZB_H

#include <stddef.h>

#include "multi_models.h"

#define K_MAX IMP_MULTI_MAX
#define NY (6 * K_MAX)

/* FREE: unloaded, delta <= 0 is the gap (a contact that ended its
 * expansion keeps flying apart, and meets again only once the gap closes,
 * as the compliant dynamics do at any stiffness scale). */
enum { PH_FREE = 0, PH_COMP, PH_EXP };

/* The sticking contacts' last factorised tangential block. Spatial: the
 * LU of the block with the Tikhonov weights w on its diagonal; one
 * right-hand side's solve needs it several times over (each contact's
 * response, each event's probe). Planar: the elimination of the set S
 * (A its upper triangle, R its multipliers, piv[c] < 0 a redundant
 * contact, ok 0 an all-zero block), replayed on every right-hand side. */
typedef struct {
    int m, S[K_MAX], piv[2 * K_MAX], ok;
    double w[2 * K_MAX], A[4 * K_MAX * K_MAX], R[4 * K_MAX * K_MAX];
} lzb_stick_lu;

typedef struct {
    int k, d;
    const double *W, *v0;
    double K[K_MAX], eta[K_MAX], e2[K_MAX];
    double Kr[K_MAX]; /* K^(1/(eta+1)), the force's first factor, once */
    double dEs[K_MAX];/* the compression at energy Es: a delta's error scale */
    int phase[K_MAX], prim;
    int tmode;        /* 1: the unloading tail in compliant time (multi_lzb.c) */
    int next;         /* the new primary at a located switch, else -1 */
    int fric;         /* planar friction modelled (d == 2, some mu_s > 0) */
    int fric3;        /* spatial friction modelled (d == 3, some mu_s > 0) */
    double mu_s[K_MAX], mu_k[K_MAX], T[3 * K_MAX];
    int fs[K_MAX];    /* planar: slip sign of v_t (+1, -1), 0 sticking;
                         spatial: 1 sliding, 0 sticking */
    double uref[2 * K_MAX]; /* spatial: the slip direction at the step start
                               (used where |v_t| is below zslip) */
    double zslip;     /* spatial: a slip below this is zero (rounding) */
    int fresh[K_MAX]; /* spatial: re-slid from zero slip, not yet above zslip */
    int rmode[K_MAX]; /* spatial: the slip follows an attracting ray (near zero) */
    double Wtr[K_MAX];/* spatial: trace of contact i's tangential block of W */
    int hist[K_MAX];  /* 1 slid, 2 stuck, 4 slip reversed (re-slid after a stop) */
    int undec[K_MAX]; /* joined: stick or slip is decided once a primary is set */
    double P[K_MAX], dl[K_MAX], Wn[K_MAX]; /* canonical state between segments
                                              (dl: delta, < 0 a gap) */
    double mark[K_MAX];                    /* Wn at the start of the phase */
    double vs, Ps, Es;                     /* scales of v, P, E */
    lzb_stick_lu *slu;                     /* spatial: the stick solves' cache */
} lzb_t;

/* Row `row` (0 x tangent, 1 normal, 2 z tangent) of contact i's velocity
 * for normal impulses P and friction part T (laid out as y + 3k; NULL:
 * no friction). */
static inline double lzb_vel(const lzb_t *L, int i, int row, const double *P, const double *T)
{
    int n = L->d * L->k, r = L->d * i + row, l;
    double s = L->v0[r];
    for (l = 0; l < L->k; l++) s += L->W[r * n + L->d * l + 1] * P[l];
    if (T)
        for (l = 0; l < L->k; l++) s += L->W[r * n + L->d * l] * T[l];
    if (T && L->fric3)
        for (l = 0; l < L->k; l++) s += L->W[r * n + 3 * l + 2] * T[2 * L->k + l];
    return s;
}

static inline const double *lzb_fT(const lzb_t *L, const double *y)
{
    return L->fric || L->fric3 ? y + 3 * L->k : NULL;
}

/* multi_lzb.c */
void lzb_rhs(const lzb_t *L, const double *y, double *f);
void lzb_pack(const lzb_t *L, double *y);

/* multi_lzb_friction.c */
void lzb_fric_rates(const lzb_t *L, const double *y, double *f);
void lzb_fric_decide(lzb_t *L, int i);
void lzb_fric_settle(lzb_t *L);
void lzb_fric_project(lzb_t *L);

/* multi_lzb_friction3d.c */
void lzb_f3_rates(const lzb_t *L, const double *y, double *f);
void lzb_f3_decide(lzb_t *L, int i, int force_slide);
void lzb_f3_settle(lzb_t *L);
void lzb_f3_land(lzb_t *L, int i);
int lzb_f3_prestep(lzb_t *L, const double *y, const double *fy, double *h, double tol);
int lzb_f3_overshoot(const lzb_t *L, const double *y, const double *yn);
double lzb_f3_stopval(const lzb_t *L, int i, const double *y);

#endif
