/* The acceleration-level contact problem with Coulomb friction
 * (sim_forces.h).
 *
 * Fixed modes (imp_sim_acc_fixed): the forces are lambda = G z for a few
 * unknowns z (a sticking contact's every row; a sliding contact's normal
 * force, its friction -mu_k dir lambda_n), and the equations H a = 0 pick
 * the rows held (a sticking contact's every row, a sliding contact's
 * normal row): (H A G) z = -H b, square, solved for the minimum-norm
 * least-squares z by LAPACK's dgelsd, so that redundant sticking contacts
 * (a box's two corners on the ground) get the smallest forces (a small
 * well-conditioned system, whose solution is unique, directly:
 * direct_solve).
 *
 * 2D modes (imp_sim_acc_solve, every contact dim 2): one LCP (Baraff,
 * SIGGRAPH 1994; Stewart & Trinkle, IJNME 39, 1996, at acceleration
 * level), unknowns per contact offered sticking (lambda_n, lambda_t+,
 * lambda_t-, beta):
 *   a_n                           >= 0  perp lambda_n
 *   beta + a_t                    >= 0  perp lambda_t+
 *   beta - a_t                    >= 0  perp lambda_t-
 *   mu_s lambda_n - lambda_t+ - lambda_t-  >= 0  perp beta
 * (beta = |a_t| when the contact slips, which it then does against its
 * friction), and per sliding contact lambda_n alone, lambda_t = -mu_k s
 * lambda_n, a_n >= 0 perp lambda_n: that column of A becomes A_n - mu_k s
 * A_t, which can make the LCP's matrix non-P and Lemke's path end on a
 * ray (Painleve's inconsistency, Mason & Wang 1988). The modes read off
 * Lemke's solution are then solved again with imp_sim_acc_fixed, whose
 * (minimum-norm) forces are kept when they satisfy every inequality.
 *
 * 3D (any contact dim 3): the same LCP on a pyramid of 8 tangent
 * directions inscribed in the cone, then the steps sim_forces.h lists
 * (slip directions iterated to a_t's, an active set as the last resort). */
#include <float.h>
#include <lapacke.h>
#include <math.h>
#include <string.h>

#include "lcp.h"
#include "sim_forces.h"

#define MAXR IMP_SIM_ROWS

/* Offsets of the contacts' rows; the total, or -1 for bad dims. */
static int row_offsets(const imp_sim_acc_problem *p, int *off)
{
    int r = 0;
    for (int i = 0; i < p->k; i++) {
        if (p->dim[i] != 2 && p->dim[i] != 3) return -1;
        off[i] = r;
        r += p->dim[i];
    }
    return r;
}

static imp_status check_problem(const imp_sim_acc_problem *p, int *off, int *rows)
{
    if (!p || p->k < 1 || p->k > IMP_MULTI_MAX || !p->A || !p->b) return IMP_EINPUT;
    int R = row_offsets(p, off);
    if (R < 0) return IMP_EINPUT;
    for (int i = 0; i < R; i++) {
        if (!isfinite(p->b[i])) return IMP_EINPUT;
        if (p->v && !isfinite(p->v[i])) return IMP_EINPUT;
        for (int j = 0; j < R; j++) if (!isfinite(p->A[i * R + j])) return IMP_EINPUT;
    }
    for (int i = 0; i < p->k; i++)
        if (!isfinite(p->mu_s[i]) || !(p->mu_k[i] >= 0) || !(p->mu_k[i] <= p->mu_s[i]))
            return IMP_EINPUT;
    *rows = R;
    return IMP_OK;
}

/* The tangential rows of contact i: x, and z for dim 3. */
static int tan_rows(const imp_sim_acc_problem *p, const int *off, int i, int t[2])
{
    t[0] = off[i];
    t[1] = off[i] + 2;
    return p->dim[i] - 1;
}

static void contact_accel(int R, const double *A, const double *b, const double *lam, double *a)
{
    for (int i = 0; i < R; i++) {
        double s = b[i];
        for (int j = 0; j < R; j++) s += A[i * R + j] * lam[j];
        a[i] = s;
    }
}

/* LAPACKE_dgelsd(LAPACK_ROW_MAJOR, nz, nz, 1, K, nz, x, 1, sv, 1e-12, rank)
 * without its per-call workspace query and allocations (most of its cost
 * beyond dgelsd's own for the small systems of closed contacts): for
 * nz <= SMALL_NZ, the same dgelsd call LAPACKE makes (K transposed to
 * column order, lwork and liwork as its query returns them, cached per
 * nz), so the same bits; larger systems go through LAPACKE. */
#define SMALL_NZ 8
static lapack_int small_dgelsd(int nz, double *K, double *x, double *sv, lapack_int *rank)
{
    enum { LWORK = 4096, LIWORK = 1024 };
    static _Thread_local double work[LWORK], At[SMALL_NZ * SMALL_NZ];
    static _Thread_local lapack_int iwork[LIWORK], lw[SMALL_NZ + 1], liw[SMALL_NZ + 1];
    const double rcond = 1e-12;
    if (nz > SMALL_NZ) return LAPACKE_dgelsd(LAPACK_ROW_MAJOR, nz, nz, 1, K, nz, x, 1, sv, rcond, rank);
    /* LAPACKE's NaN checks of A and b */
    for (int i = 0; i < nz * nz; i++) if (isnan(K[i])) return -4;
    for (int i = 0; i < nz; i++) if (isnan(x[i])) return -6;
    lapack_int m = nz, one = 1, ld = nz > 1 ? nz : 1, info = 0;
    if (lw[nz] == 0) {
        double wq = 0;
        lapack_int iq = 0, q = -1;
        LAPACK_dgelsd(&m, &m, &one, K, &ld, x, &ld, sv, &rcond, rank, &wq, &q, &iq, &info);
        if (info != 0) return info;
        lw[nz] = (lapack_int)wq;
        liw[nz] = iq;
        if (lw[nz] > LWORK || liw[nz] > LIWORK || lw[nz] < 1) {
            lw[nz] = -1;              /* too large: LAPACKE's own workspace */
        }
    }
    if (lw[nz] < 0) return LAPACKE_dgelsd(LAPACK_ROW_MAJOR, nz, nz, 1, K, nz, x, 1, sv, rcond, rank);
    for (int r = 0; r < nz; r++)
        for (int c = 0; c < nz; c++) At[c * nz + r] = K[r * nz + c];
    LAPACK_dgelsd(&m, &m, &one, At, &ld, x, &ld, sv, &rcond, rank, work, &lw[nz], iwork, &info);
    return info;
}

/* x = K^-1 x for a small (nz <= DIRECT_NZ) well-conditioned K, by
 * Gaussian elimination with partial pivoting; 0 (x untouched) when a pivot
 * vanishes or K's 1-norm condition number, from the explicit inverse, is
 * above 1e8: then cond_2 <= nz cond_1 is far below dgelsd's 1/rcond =
 * 1e12, so where this answers dgelsd would find full rank and the same
 * unique solution (to rounding); elsewhere the caller's dgelsd decides
 * the rank and the minimum-norm solution. */
#define DIRECT_NZ 4
#if defined(__GNUC__)
#define DIRECT_INLINE static inline __attribute__((always_inline))
#else
#define DIRECT_INLINE static inline
#endif
DIRECT_INLINE int direct_solve_n(int nz, const double *K, double *x)
{
    double U[DIRECT_NZ][2 * DIRECT_NZ], b[DIRECT_NZ];
    int w = 2 * nz;
    for (int i = 0; i < nz; i++) {
        for (int j = 0; j < nz; j++) {
            U[i][j] = K[i * nz + j];
            U[i][nz + j] = i == j;
        }
        b[i] = x[i];
    }
    /* [K | I] to [I | K^-1] by Gauss-Jordan with row pivoting; b alongside */
    for (int c = 0; c < nz; c++) {
        int p = c;
        for (int i = c + 1; i < nz; i++)
            if (fabs(U[i][c]) > fabs(U[p][c])) p = i;
        if (!(fabs(U[p][c]) > 0)) return 0;
        if (p != c) {
            for (int j = 0; j < w; j++) {
                double t = U[c][j]; U[c][j] = U[p][j]; U[p][j] = t;
            }
            double t = b[c]; b[c] = b[p]; b[p] = t;
        }
        double d = 1 / U[c][c];
        for (int i = 0; i < nz; i++) {
            if (i == c) continue;
            double f = U[i][c] * d;
            if (f == 0) continue;
            for (int j = c; j < w; j++) U[i][j] -= f * U[c][j];
            b[i] -= f * b[c];
        }
    }
    double nK = 0, nI = 0;
    for (int j = 0; j < nz; j++) {
        double sK = 0, sI = 0;
        for (int i = 0; i < nz; i++) {
            sK += fabs(K[i * nz + j]);
            sI += fabs(U[i][nz + j] / U[i][i]);
        }
        if (!(sK <= nK)) nK = sK;     /* fmax, a NaN kept */
        if (!(sI <= nI)) nI = sI;
    }
    if (!(nK * nI < 1e8)) return 0;
    for (int i = 0; i < nz; i++) x[i] = b[i] / U[i][i];
    return 1;
}

/* the same, compiled for each size (the loops unrolled) */
static int direct_solve(int nz, const double *K, double *x)
{
    switch (nz) {
    case 1: return direct_solve_n(1, K, x);
    case 2: return direct_solve_n(2, K, x);
    case 3: return direct_solve_n(3, K, x);
    case 4: return direct_solve_n(4, K, x);
    }
    return 0;
}

/* Scales for the tolerances: an acceleration (max |b| + max |A| max
 * |lambda|) and a force (that over max |A|). */
static void scales(int R, const double *A, const double *b, const double *lam,
                   double *sa, double *sl)
{
    double mA = 0, mb = 0, ml = 0;
    for (int i = 0; i < R; i++) {
        mb = fmax(mb, fabs(b[i]));
        ml = fmax(ml, fabs(lam[i]));
        for (int j = 0; j < R; j++) mA = fmax(mA, fabs(A[i * R + j]));
    }
    *sa = mb + mA * ml;
    *sl = mA > 0 ? *sa / mA : ml;
}

imp_status imp_sim_acc_fixed(const imp_sim_acc_problem *p, imp_sim_acc_result *r)
{
    int off[IMP_MULTI_MAX], R;
    if (!r) return IMP_EINPUT;
    imp_status st = check_problem(p, off, &R);
    if (st != IMP_OK) return st;
    /* G (R x nz): lambda = G z, one entry per row at most (row j's in
     * column gc[j], -1: none, value gv[j]); eq[e]: the row held by
     * equation e; a column's rows are consecutive from cr[c], cn[c] of them */
    static _Thread_local double K[MAXR * MAXR];
    double gv[MAXR];
    int gc[MAXR], eq[MAXR], cr[MAXR], cn[MAXR], nz = 0;
    for (int i = 0; i < p->k; i++) {
        int o = off[i], d = p->dim[i];
        switch (r->mode[i]) {
        case IMP_SIM_C_OPEN:
            for (int j = 0; j < d; j++) gc[o + j] = -1;
            break;
        case IMP_SIM_C_STICK:
            for (int j = 0; j < d; j++) {
                gc[o + j] = nz;
                gv[o + j] = 1;
                cr[nz] = o + j;
                cn[nz] = 1;
                eq[nz++] = o + j;
            }
            break;
        case IMP_SIM_C_SLIDE: {
            double d0 = r->dir[i][0], d1 = d == 3 ? r->dir[i][1] : 0;
            double len = hypot(d0, d1);
            if (!isfinite(len) || !(len > 0)) return IMP_EINPUT;
            for (int j = 0; j < d; j++) gc[o + j] = nz;
            gv[o + 1] = 1;
            gv[o] = -p->mu_k[i] * d0 / len;
            if (d == 3) gv[o + 2] = -p->mu_k[i] * d1 / len;
            cr[nz] = o;
            cn[nz] = d;
            eq[nz++] = o + 1;
            break;
        }
        default:
            return IMP_EINPUT;
        }
    }
    double z[MAXR], rhs[MAXR];       /* z[0 .. nz-1] set below */
    st = IMP_OK;
    if (nz > 0) {
        /* K = H A G, rhs = -H b */
        for (int e = 0; e < nz; e++) {
            const double *Ar = &p->A[eq[e] * R];
            for (int c = 0; c < nz; c++) {
                double s = 0;
                for (int j = cr[c]; j < cr[c] + cn[c]; j++) s += Ar[j] * gv[j];
                K[e * nz + c] = s;
            }
            rhs[e] = -p->b[eq[e]];
        }
        double Kc[MAXR * MAXR], sv[MAXR], x[MAXR];
        memcpy(x, rhs, sizeof(double) * (size_t)nz);
        lapack_int rank = nz, info = 0;
        if (nz > DIRECT_NZ || !direct_solve(nz, K, x)) {
            memcpy(Kc, K, sizeof(double) * (size_t)nz * (size_t)nz);
            info = small_dgelsd(nz, Kc, x, sv, &rank);
        }
        if (info < 0) return IMP_ELAPACK;
        if (info > 0) return IMP_ENOCONV;   /* the SVD did not converge */
        memcpy(z, x, sizeof(double) * (size_t)nz);
        if (rank < nz) {
            /* singular: the minimum-norm least-squares z; an equation it
             * cannot meet (beyond rounding) leaves the modes with no force */
            double mK = 0, mr = 0, mz = 0, res = 0;
            for (int e = 0; e < nz; e++) {
                double s = -rhs[e];
                for (int c = 0; c < nz; c++) {
                    s += K[e * nz + c] * z[c];
                    mK = fmax(mK, fabs(K[e * nz + c]));
                }
                res = fmax(res, fabs(s));
                mr = fmax(mr, fabs(rhs[e]));
                mz = fmax(mz, fabs(z[e]));
            }
            if (res > 1e-9 * (mr + mK * mz)) st = IMP_ESINGULAR;
        }
    }
    for (int j = 0; j < R; j++) r->lambda[j] = gc[j] >= 0 ? gv[j] * z[gc[j]] : 0;
    contact_accel(R, p->A, p->b, r->lambda, r->a);
    /* a held row is 0 by the modes, not by the rounding of the solve */
    if (st == IMP_OK)
        for (int e = 0; e < nz; e++) r->a[eq[e]] = 0;
    r->inconsistent = -1;
    return st;
}

/* Whether the fixed-mode solution in r satisfies every inequality of its
 * modes (to tolerances ta on accelerations, tl on forces): open lifts off
 * (why 1 when not), closed pushes (2), sticking inside the cone (3), a
 * contact offered sticking (offered[i]) that slides slips along dir (4).
 * *worst: the contact with the largest violation, or -1. */
static int admissible(const imp_sim_acc_problem *p, const int *off, const imp_sim_acc_result *r,
                      const int *offered, double ta, double tl, int *worst, int *why)
{
    double wv = 0;
    *worst = -1;
    *why = 0;
    for (int i = 0; i < p->k; i++) {
        int o = off[i], t[2], nt = tan_rows(p, off, i, t);
        double ln = r->lambda[o + 1], an = r->a[o + 1], viol = 0;
        int w = 0;
        switch (r->mode[i]) {
        case IMP_SIM_C_OPEN:
            if (an < -ta) { viol = -an / ta; w = 1; }
            break;
        case IMP_SIM_C_STICK: {
            double lt = fabs(r->lambda[t[0]]);
            if (nt == 2) lt = hypot(lt, r->lambda[t[1]]);
            if (ln < -tl) { viol = -ln / tl; w = 2; }
            else if (lt > p->mu_s[i] * ln + tl) { viol = (lt - p->mu_s[i] * ln) / tl; w = 3; }
            break;
        }
        case IMP_SIM_C_SLIDE: {
            double at = r->a[t[0]] * r->dir[i][0] + (nt == 2 ? r->a[t[1]] * r->dir[i][1] : 0);
            if (ln < -tl) { viol = -ln / tl; w = 2; }
            else if (offered[i] && at < -ta) { viol = -at / ta; w = 4; }
            else if (offered[i] && nt == 2) {
                /* 3D: starting to slip along a_t itself (maximum dissipation) */
                double ax = r->a[t[0]], az = r->a[t[1]], am = hypot(ax, az);
                double dev = am > ta ? hypot(ax / am - r->dir[i][0], az / am - r->dir[i][1]) : 0;
                if (dev > 1e-8) { viol = dev / 1e-8; w = 5; }
            }
            break;
        }
        }
        if (viol > wv) { wv = viol; *worst = i; *why = w; }
    }
    return *worst < 0;
}

static double slip_speed(const imp_sim_acc_problem *p, const int *off, int i, double dir[2])
{
    if (!p->v) { dir[0] = dir[1] = 0; return 0; }
    double vx = p->v[off[i]], vz = p->dim[i] == 3 ? p->v[off[i] + 2] : 0, s = hypot(vx, vz);
    dir[0] = s > 0 ? vx / s : 0;
    dir[1] = s > 0 ? vz / s : 0;
    return s;
}

/* A sliding contact's normal acceleration per unit normal force, its
 * friction included: A_nn - mu_k dir.A_nt (MW88's B2 + s mu B3). */
static double slide_compliance(const imp_sim_acc_problem *p, const int *off, int R, int i,
                               const double dir[2])
{
    int n = off[i] + 1;
    double c = p->A[n * R + n] - p->mu_k[i] * dir[0] * p->A[n * R + off[i]];
    if (p->dim[i] == 3) c -= p->mu_k[i] * dir[1] * p->A[n * R + off[i] + 2];
    return c;
}

/* The Painleve report: the first sliding contact whose normal compliance
 * is negative, else the first sliding contact, else -1. */
static int painleve_contact(const imp_sim_acc_problem *p, const int *off, int R,
                            const imp_sim_acc_result *r)
{
    int first = -1;
    for (int i = 0; i < p->k; i++) {
        if (r->mode[i] != IMP_SIM_C_SLIDE) continue;
        if (first < 0) first = i;
        if (slide_compliance(p, off, R, i, r->dir[i]) < 0) return i;
    }
    return first;
}

/* Tangent directions of the friction LCP: 2D +-x; 3D a pyramid of
 * NPYR directions in the (x, z) plane, inscribed in the cone. */
#define NPYR 8
#define MZ ((2 + NPYR) * IMP_MULTI_MAX)

static int tangent_dirs(int dim, double D[NPYR][2])
{
    if (dim == 2) {
        D[0][0] = 1; D[0][1] = 0;
        D[1][0] = -1; D[1][1] = 0;
        return 2;
    }
    for (int j = 0; j < NPYR; j++) {
        D[j][0] = cos(2 * M_PI * j / NPYR);
        D[j][1] = sin(2 * M_PI * j / NPYR);
    }
    return NPYR;
}

/* One LCP. sdir[i] = (0, 0) offers contact i sticking, a non-zero (unit)
 * direction makes it slide along it. offered: the contacts offered
 * sticking by their slip speed (for the check of the fixed-mode forces).
 * *polished: whether the fixed-mode forces replaced Lemke's (in 3D the
 * LCP's cone is a pyramid: its forces are never kept, only its modes). */
static imp_status solve_lcp(const imp_sim_acc_problem *p, const int *off, int R,
                            const double (*sdir)[2], const int *offered,
                            imp_sim_acc_result *r, int *polished)
{
    /* z layout: pos[i] is contact i's first unknown; offered sticking:
     * lambda_n, one force per tangent direction, the slack; sliding:
     * lambda_n */
    int pos[IMP_MULTI_MAX], stick[IMP_MULTI_MAX], nd[IMP_MULTI_MAX], m = 0;
    double D[IMP_MULTI_MAX][NPYR][2];
    *polished = 0;
    for (int i = 0; i < p->k; i++) {
        stick[i] = sdir[i][0] == 0 && sdir[i][1] == 0;
        nd[i] = tangent_dirs(p->dim[i], D[i]);
        r->dir[i][0] = sdir[i][0];
        r->dir[i][1] = p->dim[i] == 3 ? sdir[i][1] : 0;
        r->mode[i] = stick[i] ? IMP_SIM_C_STICK : IMP_SIM_C_SLIDE;
        pos[i] = m;
        m += stick[i] ? 2 + nd[i] : 1;
    }
    static _Thread_local double G[MAXR * MZ], AG[MAXR * MZ], M[MZ * MZ];
    double q[MZ], z[MZ], w[MZ];
    /* G: lambda (R) = G z */
    memset(G, 0, sizeof(double) * (size_t)R * (size_t)m);
    for (int i = 0; i < p->k; i++) {
        int t0 = off[i], t1 = off[i] + 2, n = off[i] + 1, c = pos[i], d3 = p->dim[i] == 3;
        G[n * m + c] = 1;
        if (stick[i]) {
            for (int j = 0; j < nd[i]; j++) {
                G[t0 * m + c + 1 + j] = D[i][j][0];
                if (d3) G[t1 * m + c + 1 + j] = D[i][j][1];
            }
        } else {
            G[t0 * m + c] = -p->mu_k[i] * r->dir[i][0];
            if (d3) G[t1 * m + c] = -p->mu_k[i] * r->dir[i][1];
        }
    }
    /* AG = A G (R x m), then the LCP's rows */
    for (int i = 0; i < R; i++)
        for (int c = 0; c < m; c++) {
            double s = 0;
            for (int j = 0; j < R; j++) s += p->A[i * R + j] * G[j * m + c];
            AG[i * m + c] = s;
        }
    memset(M, 0, sizeof(double) * (size_t)m * (size_t)m);
    for (int i = 0; i < p->k; i++) {
        int t0 = off[i], t1 = off[i] + 2, n = off[i] + 1, c = pos[i], d3 = p->dim[i] == 3;
        for (int j = 0; j < m; j++) M[c * m + j] = AG[n * m + j];
        q[c] = p->b[n];
        if (!stick[i]) continue;
        int cs = c + 1 + nd[i];   /* the slack */
        for (int k = 0; k < nd[i]; k++) {
            /* slack + D_k.a_t >= 0  perp  the force along D_k */
            double dx = D[i][k][0], dz = D[i][k][1];
            for (int j = 0; j < m; j++)
                M[(c + 1 + k) * m + j] = dx * AG[t0 * m + j] + (d3 ? dz * AG[t1 * m + j] : 0);
            M[(c + 1 + k) * m + cs] = 1;
            q[c + 1 + k] = dx * p->b[t0] + (d3 ? dz * p->b[t1] : 0);
            M[cs * m + c + 1 + k] = -1;
        }
        M[cs * m + c] = p->mu_s[i];   /* mu_s lambda_n - sum >= 0  perp  slack */
        q[cs] = 0;
    }
    imp_status st = imp_lcp_lemke(m, M, q, z, w, 0, NULL);
    if (st == IMP_ENOSOLUTION) {
        r->inconsistent = painleve_contact(p, off, R, r);
        return IMP_ENOSOLUTION;
    }
    if (st != IMP_OK) return st;
    for (int j = 0; j < R; j++) {
        double s = 0;
        for (int c = 0; c < m; c++) s += G[j * m + c] * z[c];
        r->lambda[j] = s;
    }
    contact_accel(R, p->A, p->b, r->lambda, r->a);
    double sa, sl;
    scales(R, p->A, p->b, r->lambda, &sa, &sl);
    double ta = 1e-10 * sa;
    for (int i = 0; i < p->k; i++) {
        int t0 = off[i], n = off[i] + 1, d3 = p->dim[i] == 3;
        double ln = r->lambda[n], an = r->a[n];
        double lx = r->lambda[t0], lz = d3 ? r->lambda[t0 + 2] : 0;
        double ax = r->a[t0], az = d3 ? r->a[t0 + 2] : 0, at = hypot(ax, az), lt = hypot(lx, lz);
        if (ln == 0 && an > ta) {
            r->mode[i] = IMP_SIM_C_OPEN;
        } else if (stick[i]) {
            /* the slack = max_k -D_k.a_t > 0: the cone is saturated and
             * the contact slips along a_t, against its friction */
            if (at > ta) {
                r->mode[i] = IMP_SIM_C_SLIDE;
                r->dir[i][0] = d3 ? ax / at : ax > 0 ? 1 : -1;
                r->dir[i][1] = d3 ? az / at : 0;
            } else if (lt > 0) {
                r->dir[i][0] = d3 ? -lx / lt : lx > 0 ? -1 : 1;
                r->dir[i][1] = d3 ? -lz / lt : 0;
            }
        }
    }
    r->inconsistent = -1;
    /* the same modes, solved again: minimum-norm forces, held rows exact */
    imp_sim_acc_result f = *r;
    if (imp_sim_acc_fixed(p, &f) == IMP_OK) {
        int worst, why;
        double fa, fl;
        scales(R, p->A, p->b, f.lambda, &fa, &fl);
        if (admissible(p, off, &f, offered, 1e-9 * fmax(fa, sa), 1e-9 * fmax(fl, sl), &worst, &why)) {
            memcpy(r->lambda, f.lambda, sizeof(double) * (size_t)R);
            memcpy(r->a, f.a, sizeof(double) * (size_t)R);
            *polished = 1;
        }
    }
    return IMP_OK;
}

/* A 3-row contact offered sticking that slips does so along its
 * tangential acceleration, which depends on the friction's direction:
 * iterate dir <- a_t/|a_t| with the modes fixed (a fixed point; it
 * contracts when the slip is driven, |b_t| > mu_k |A_tt dir| lambda_n, by
 * their ratio). The last fixed solve's status. */
static imp_status align_slips(const imp_sim_acc_problem *p, const int *off, const int *offered,
                              imp_sim_acc_result *r)
{
    imp_status st = imp_sim_acc_fixed(p, r);
    for (int it = 0; it < 50 && (st == IMP_OK || st == IMP_ESINGULAR); it++) {
        double change = 0;
        for (int i = 0; i < p->k; i++) {
            if (!offered[i] || p->dim[i] != 3 || r->mode[i] != IMP_SIM_C_SLIDE) continue;
            double ax = r->a[off[i]], az = r->a[off[i] + 2], am = hypot(ax, az);
            if (!(am > 0)) continue;
            change = fmax(change, hypot(ax / am - r->dir[i][0], az / am - r->dir[i][1]));
            r->dir[i][0] = ax / am;
            r->dir[i][1] = az / am;
        }
        if (change <= 1e-14) break;
        st = imp_sim_acc_fixed(p, r);
    }
    return st;
}

/* Active set for 3-row contacts (and 2-row ones among them): start from
 * the modes in r (from_r) or every contact closed (sticking when offered,
 * else sliding along its slip), solve with the modes fixed (slips aligned
 * with their accelerations), and change the worst violation:
 * a closed contact pulling opens, an open contact sinking closes, a
 * sticking contact outside its cone slides along -lambda_t. Limits: one
 * change per solve, no guarantee against cycling (a bounded number of
 * solves, then IMP_ENOCONV, or IMP_ENOSOLUTION when a sliding contact's
 * normal compliance is negative); a contact that starts to slip starts
 * along -lambda_t and is turned onto its acceleration by align_slips,
 * whose fixed point need not converge (the contact then sticks again). */
static imp_status solve_active(const imp_sim_acc_problem *p, const int *off, int R,
                               imp_sim_acc_result *r, int from_r)
{
    int offered[IMP_MULTI_MAX];
    for (int i = 0; i < p->k; i++) {
        double d[2], s = slip_speed(p, off, i, d);
        offered[i] = !(s > p->v_tol);
        if (from_r) continue;
        r->mode[i] = offered[i] ? IMP_SIM_C_STICK : IMP_SIM_C_SLIDE;
        r->dir[i][0] = offered[i] ? 0 : d[0];
        r->dir[i][1] = offered[i] ? 0 : d[1];
        if (!offered[i] && p->dim[i] == 2) r->dir[i][0] = d[0] > 0 ? 1 : -1;
    }
    int maxit = 6 * p->k + 10;
    for (int it = 0; it < maxit; it++) {
        imp_status st = align_slips(p, off, offered, r);
        if (st != IMP_OK && st != IMP_ESINGULAR) return st;
        double sa, sl;
        scales(R, p->A, p->b, r->lambda, &sa, &sl);
        int worst, why;
        int ok = admissible(p, off, r, offered, 1e-10 * sa, 1e-10 * sl, &worst, &why);
        if (st == IMP_OK && ok) {
            r->inconsistent = -1;
            return IMP_OK;
        }
        if (worst < 0) worst = painleve_contact(p, off, R, r), why = 2;
        if (worst < 0) break;
        int i = worst;
        if (why == 1) {                 /* open but sinking: close it */
            double d[2];
            slip_speed(p, off, i, d);
            r->mode[i] = offered[i] ? IMP_SIM_C_STICK : IMP_SIM_C_SLIDE;
            if (!offered[i]) {
                r->dir[i][0] = p->dim[i] == 2 ? (d[0] > 0 ? 1 : -1) : d[0];
                r->dir[i][1] = p->dim[i] == 2 ? 0 : d[1];
            }
        } else if (why == 2) {          /* pulling: open it */
            r->mode[i] = IMP_SIM_C_OPEN;
        } else if (why == 4 || why == 5) {   /* slipping against (or not along) its
                                           acceleration: stick */
            r->mode[i] = IMP_SIM_C_STICK;
        } else {                        /* outside the cone: slide */
            int t[2], nt = tan_rows(p, off, i, t);
            double lx = r->lambda[t[0]], lz = nt == 2 ? r->lambda[t[1]] : 0, L = hypot(lx, lz);
            r->mode[i] = IMP_SIM_C_SLIDE;
            r->dir[i][0] = -lx / L;
            r->dir[i][1] = -lz / L;
            if (p->dim[i] == 2) r->dir[i][0] = lx > 0 ? -1 : 1;
        }
    }
    /* no admissible modes found: Painleve when a sliding contact's
     * compliance is negative */
    for (int i = 0; i < p->k; i++) {
        double d[2];
        if (offered[i] || slip_speed(p, off, i, d) <= 0) continue;
        if (p->dim[i] == 2) { d[0] = d[0] > 0 ? 1 : -1; d[1] = 0; }
        if (slide_compliance(p, off, R, i, d) < 0) {
            r->inconsistent = i;
            return IMP_ENOSOLUTION;
        }
    }
    r->inconsistent = -1;
    return IMP_ENOCONV;
}

/* 3D contacts starting to slip (r: the pyramid LCP's answer): slide them
 * along their tangential acceleration, with mu_k, in further LCPs (the
 * others' modes decided again each time), dir <- a_t/|a_t|, until the
 * directions settle (1e-12): maximum dissipation at the start of the
 * slip. IMP_ENOCONV when they do not within 40 LCPs, or a contact's
 * slip turns against its friction. */
static imp_status slip_lcp3d(const imp_sim_acc_problem *p, const int *off, int R,
                             const int *offered, imp_sim_acc_result *r)
{
    double sdir[IMP_MULTI_MAX][2];
    imp_sim_acc_result r2;
    int polished;
    for (int i = 0; i < p->k; i++) {
        int s = offered[i] && r->mode[i] == IMP_SIM_C_SLIDE;
        sdir[i][0] = s || !offered[i] ? r->dir[i][0] : 0;
        sdir[i][1] = s || !offered[i] ? r->dir[i][1] : 0;
        if (p->dim[i] == 2 && (s || !offered[i])) sdir[i][1] = 0;
    }
    for (int it = 0; it < 40; it++) {
        memset(&r2, 0, sizeof r2);
        if (solve_lcp(p, off, R, (const double (*)[2])sdir, offered, &r2, &polished) != IMP_OK)
            return IMP_ENOCONV;
        double change = 0;
        for (int i = 0; i < p->k; i++) {
            if (!offered[i]) continue;
            if (sdir[i][0] == 0 && sdir[i][1] == 0) {
                if (r2.mode[i] == IMP_SIM_C_SLIDE) {   /* a new slip: slide it too */
                    sdir[i][0] = r2.dir[i][0];
                    sdir[i][1] = r2.dir[i][1];
                    change = 1;
                }
                continue;
            }
            if (r2.mode[i] == IMP_SIM_C_OPEN) continue;
            double ax = r2.a[off[i]], az = p->dim[i] == 3 ? r2.a[off[i] + 2] : 0, am = hypot(ax, az);
            if (!(am > 0)) continue;
            if (ax * sdir[i][0] + az * sdir[i][1] < 0) return IMP_ENOCONV;
            double nx = ax / am, nz = az / am;
            if (p->dim[i] == 2) { nx = ax > 0 ? 1 : -1; nz = 0; }
            double dev = hypot(nx - sdir[i][0], nz - sdir[i][1]);
            change = fmax(change, dev);
            sdir[i][0] = nx;
            sdir[i][1] = nz;
        }
        if (change <= 1e-12) {
            *r = r2;
            return IMP_OK;
        }
    }
    return IMP_ENOCONV;
}

imp_status imp_sim_acc_solve(const imp_sim_acc_problem *p, imp_sim_acc_result *r)
{
    int off[IMP_MULTI_MAX], R;
    if (!r) return IMP_EINPUT;
    imp_status st = check_problem(p, off, &R);
    if (st != IMP_OK) return st;
    if (!(p->v_tol >= 0) || !isfinite(p->v_tol) || !p->v) return IMP_EINPUT;
    memset(r, 0, sizeof *r);
    r->inconsistent = -1;
    int all2 = 1;
    for (int i = 0; i < p->k; i++) all2 &= p->dim[i] == 2;
    /* 2D. A contact offered sticking whose cone cannot hold it slides, with
     * mu_k: when the fixed-mode forces with mu_k do not satisfy the
     * inequalities (the lower friction changes the other contacts' modes),
     * a second LCP with those contacts sliding decides again; when its
     * forces fail the same check, the first LCP's stand (the slipping
     * contacts then carry mu_s lambda_n, the friction at the instant the
     * cone saturates). */
    double sdir[IMP_MULTI_MAX][2];
    int offered[IMP_MULTI_MAX] = {0}, polished, again = 0;   /* = {0}: gcc cannot see k <= IMP_MULTI_MAX */
    for (int i = 0; i < p->k; i++) {
        double d[2], sp = slip_speed(p, off, i, d);
        offered[i] = !(sp > p->v_tol);
        sdir[i][0] = offered[i] ? 0 : p->dim[i] == 3 ? d[0] : d[0] > 0 ? 1 : -1;
        sdir[i][1] = offered[i] || p->dim[i] == 2 ? 0 : d[1];
    }
    st = solve_lcp(p, off, R, (const double (*)[2])sdir, offered, r, &polished);
    if (!all2) {
        /* 3D: the pyramid LCP's modes, when the fixed solve with the true
         * cone does not confirm them, start the active set */
        if (st == IMP_OK && polished) return IMP_OK;
        /* Lemke's own forces hold on the true cone (the pyramid is
         * inscribed in it) unless a contact starts to slip (along a
         * pyramid's edge): they stand when the minimum-norm ones of
         * redundant contacts leave a cone */
        int slips = 0;
        for (int i = 0; i < p->k; i++) slips |= offered[i] && r->mode[i] == IMP_SIM_C_SLIDE;
        if (st == IMP_OK && !slips) return IMP_OK;
        if (st == IMP_OK && slip_lcp3d(p, off, R, offered, r) == IMP_OK) return IMP_OK;
        return solve_active(p, off, R, r, st == IMP_OK);
    }
    if (st != IMP_OK || polished) return st;
    for (int i = 0; i < p->k; i++)
        if (offered[i] && r->mode[i] == IMP_SIM_C_SLIDE && p->mu_k[i] != p->mu_s[i]) {
            sdir[i][0] = r->dir[i][0];
            again = 1;
        }
    if (!again) return st;
    imp_sim_acc_result r2;
    memset(&r2, 0, sizeof r2);
    if (solve_lcp(p, off, R, (const double (*)[2])sdir, offered, &r2, &polished) == IMP_OK
        && polished)
        *r = r2;
    return IMP_OK;
}
