/* One contact of a phase (multi_ncp.h) solved by enumeration, for the
 * Gauss-Seidel sweeps: the normal impulse at its floor or the normal
 * velocity zero, times sticking or sliding; a sliding direction is a root
 * of u_t x t(theta) over the circle, bracketed on a grid and bisected
 * (the same case analysis as Siconos' fc3d projection-on-cone solvers,
 * exact rather than iterative, so the sweeps cannot stall inside a block). */
#include "multi_ncp.h"

#include <math.h>

#define TH_GRID 96

typedef struct {
    int d;
    const double *W, *q;
    double c, mu, tol;
} imp_local;

static void imp_local_u(const imp_local *L, const double *P, double *u)
{
    for (int a = 0; a < L->d; a++) {
        u[a] = L->q[a];
        for (int b = 0; b < L->d; b++) u[a] += L->W[a * L->d + b] * P[b];
    }
}

/* Tangential direction theta: (cos, ., sin) in 3D, +-1 in 2D (theta 0, pi). */
static void imp_local_dir(int d, double th, double *t)
{
    t[0] = cos(th);
    t[1] = d == 3 ? sin(th) : 0.0;
}

/* Sliding along t: P_t = -mu P_n t with P_n = c (floor) or from u_n = 0.
 * Returns 0 when P_n is not admissible; g = u_t x t, s = u_t . t. */
static int imp_local_slide(const imp_local *L, int floor, double th, double *P,
                           double *g, double *s)
{
    int d = L->d;
    double t[2], u[3];
    imp_local_dir(d, th, t);
    double pn = L->c;
    if (!floor) {
        double Wt = L->W[1 * d + 0] * t[0] + (d == 3 ? L->W[1 * d + 2] * t[1] : 0.0);
        double den = L->W[1 * d + 1] - L->mu * Wt;
        if (!(den > 0)) return 0;
        pn = -L->q[1] / den;
        if (pn < L->c) return 0;
    }
    P[1] = pn;
    P[0] = -L->mu * pn * t[0];
    if (d == 3) P[2] = -L->mu * pn * t[1];
    imp_local_u(L, P, u);
    double ut1 = d == 3 ? u[2] : 0.0;
    *g = u[0] * t[1] - ut1 * t[0];
    *s = u[0] * t[0] + ut1 * t[1];
    return floor ? u[1] >= -L->tol : 1;
}

static int imp_local_try_slide(const imp_local *L, int floor, double *P)
{
    double g, s, Pt[3];
    if (L->d == 2) {
        for (int k = 0; k < 2; k++) {
            if (imp_local_slide(L, floor, k * M_PI, P, &g, &s) && s > 0) return 1;
        }
        return 0;
    }
    double th0 = 0.0, g0 = 0.0;
    int ok0 = 0;
    for (int k = 0; k <= TH_GRID; k++) {
        double th = 2 * M_PI * k / TH_GRID;
        int ok = imp_local_slide(L, floor, th, Pt, &g, &s);
        if (ok && ok0 && (g0 <= 0) != (g <= 0)) {
            double a = th0, b = th, ga = g0;
            for (int it = 0; it < 60; it++) {      /* bisection on g */
                double m = 0.5 * (a + b), gm;
                if (!imp_local_slide(L, floor, m, Pt, &gm, &s)) break;
                if ((gm <= 0) == (ga <= 0)) { a = m; ga = gm; } else b = m;
            }
            if (imp_local_slide(L, floor, 0.5 * (a + b), Pt, &g, &s) && s > 0) {
                for (int i = 0; i < 3; i++) P[i] = Pt[i];
                return 1;
            }
        }
        th0 = th; g0 = g; ok0 = ok;
    }
    return 0;
}

/* Solves W_TT x = b for the tangential block (1 or 2 unknowns). */
static int imp_local_tsolve(const imp_local *L, const double *b, double *x)
{
    int d = L->d;
    if (d == 2) {
        if (!(L->W[0] > 0)) return 0;
        x[0] = b[0] / L->W[0];
        return 1;
    }
    double a = L->W[0], bb = L->W[2], c = L->W[2 * 3 + 0], dd = L->W[2 * 3 + 2];
    double det = a * dd - bb * c;
    if (!(fabs(det) > 1e-300)) return 0;
    x[0] = (dd * b[0] - bb * b[1]) / det;
    x[1] = (a * b[1] - c * b[0]) / det;
    return 1;
}

static int imp_local_stick(const imp_local *L, int floor, double *P)
{
    int d = L->d;
    double u[3] = {0, 0, 0}, x[2], b[2];   /* (zeroed for gcc -O2's flow analysis) */
    if (floor) {
        P[1] = L->c;
        b[0] = -(L->q[0] + L->W[0 * d + 1] * L->c);
        b[1] = d == 3 ? -(L->q[2] + L->W[2 * d + 1] * L->c) : 0.0;
        if (!imp_local_tsolve(L, b, x)) return 0;
        P[0] = x[0];
        if (d == 3) P[2] = x[1];
    } else {                                  /* u = 0: Cramer on the full block */
        double M[9], r[3];
        for (int i = 0; i < d * d; i++) M[i] = L->W[i];
        for (int i = 0; i < d; i++) r[i] = -L->q[i];
        for (int col = 0; col < d; col++) {   /* Gauss with partial pivoting */
            int pv = col;
            for (int i = col + 1; i < d; i++) if (fabs(M[i * d + col]) > fabs(M[pv * d + col])) pv = i;
            if (!(fabs(M[pv * d + col]) > 1e-300)) return 0;
            for (int j = 0; j < d; j++) { double t = M[col * d + j]; M[col * d + j] = M[pv * d + j]; M[pv * d + j] = t; }
            double t = r[col]; r[col] = r[pv]; r[pv] = t;
            for (int i = col + 1; i < d; i++) {
                double f = M[i * d + col] / M[col * d + col];
                for (int j = col; j < d; j++) M[i * d + j] -= f * M[col * d + j];
                r[i] -= f * r[col];
            }
        }
        for (int i = d - 1; i >= 0; i--) {
            double s = r[i];
            for (int j = i + 1; j < d; j++) s -= M[i * d + j] * P[j];
            P[i] = s / M[i * d + i];
        }
        if (!(P[1] >= L->c - L->tol)) return 0;
    }
    double pt = d == 3 ? hypot(P[0], P[2]) : fabs(P[0]);
    if (!(pt <= L->mu * P[1] * (1 + 1e-12) + 1e-300)) return 0;
    imp_local_u(L, P, u);
    return u[1] >= -L->tol;
}

int imp_ncp_local_solve(int d, const double *W, const double *q, double c, double mu,
                        double *P)
{
    double qs = 0.0;
    for (int a = 0; a < d; a++) qs = fmax(qs, fabs(q[a]));
    imp_local L = { d, W, q, c, mu, 1e-13 * (qs > 0 ? qs : 1.0) };
    double u[3] = {0, 0, 0};
    if (mu * c == 0.0) {                      /* at the floor, no friction possible */
        P[0] = 0.0; P[1] = c;
        if (d == 3) P[2] = 0.0;
        imp_local_u(&L, P, u);
        if (u[1] >= -L.tol) return 1;
    } else if (imp_local_stick(&L, 1, P) || imp_local_try_slide(&L, 1, P)) {
        return 1;
    }
    return imp_local_stick(&L, 0, P) || imp_local_try_slide(&L, 0, P);
}
