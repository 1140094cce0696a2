/* The Alart-Curnier function of one phase (multi_ncp.h), its semismooth
 * Newton method and the projected Gauss-Seidel fallback (Alart & Curnier,
 * CMAME 92, 1991; Acary & Brogliato, Numerical Methods for Nonsmooth
 * Dynamical Systems, 2008, ch. 13; Siconos' fc3d_AlartCurnier, fc3d_nsgs). */
#include "multi_ncp.h"

#include <lapacke.h>
#include <math.h>
#include <string.h>

#define NMAX (3 * IMP_MULTI_MAX)

void imp_ncp_init_rho(imp_ncp *s)
{
    int n = s->d * s->k;
    double tr = 0.0;
    for (int i = 0; i < n; i++) tr += s->W[i * n + i];
    double glob = tr > 0 ? tr / n : 1.0;
    for (int i = 0; i < s->k; i++) {
        double m = 0.0;
        for (int a = 0; a < s->d; a++) {
            int r = s->d * i + a;
            m += s->W[r * n + r];
        }
        m /= s->d;
        s->rho[i] = 1.0 / (m > 1e-300 * glob ? m : glob);
    }
}

static void imp_ncp_u(const imp_ncp *s, const double *P, double *u)
{
    int n = s->d * s->k;
    for (int i = 0; i < n; i++) {
        double a = s->q[i];
        for (int j = 0; j < n; j++) a += s->W[i * n + j] * P[j];
        u[i] = a;
    }
}

/* Phi for contact i into phi[d]; with jac != NULL also its d rows of the
 * generalized Jacobian (row stride n). Tangents are rows 0 and 2. */
static void imp_ncp_phi(const imp_ncp *s, int i, const double *P, const double *u,
                        double *phi, double *jac)
{
    int d = s->d, n = d * s->k, b = d * i, nt = d - 1;
    int t[2] = { b, b + 2 };
    double rho = s->rho[i], mu = s->mu[i];
    double pn = P[b + 1] - s->c[i], an = pn - rho * u[b + 1];
    phi[1] = pn - fmax(0.0, an);
    double at[2], na = 0.0;
    for (int a = 0; a < nt; a++) { at[a] = P[t[a]] - rho * u[t[a]]; na += at[a] * at[a]; }
    na = sqrt(na);
    double R = mu * fmax(0.0, P[b + 1]);
    int inside = na <= R && R > 0;
    double sc = inside ? 1.0 : (na > 0 ? R / na : 0.0);
    for (int a = 0; a < nt; a++) phi[t[a] - b] = P[t[a]] - sc * at[a];
    if (!jac) return;
    for (int r = 0; r < d; r++) memset(&jac[r * n], 0, sizeof(double) * (size_t)n);
    double *jn = &jac[1 * n];
    if (an > 0) for (int j = 0; j < n; j++) jn[j] = rho * s->W[(b + 1) * n + j];
    else jn[b + 1] = 1.0;
    if (inside) {                    /* Phi_t = rho u_t */
        for (int a = 0; a < nt; a++)
            for (int j = 0; j < n; j++) jac[(t[a] - b) * n + j] = rho * s->W[t[a] * n + j];
        return;
    }
    /* Phi_t = P_t - R a/|a|: d(R a/|a|) = (R/|a|)(I - a a^T/|a|^2) da + a/|a| dR */
    double h[2] = { 0, 0 };
    if (na > 0) for (int a = 0; a < nt; a++) h[a] = at[a] / na;
    for (int a = 0; a < nt; a++) {
        double *row = &jac[(t[a] - b) * n];
        row[t[a]] += 1.0;
        for (int c = 0; c < nt; c++) {
            double G = sc * ((a == c ? 1.0 : 0.0) - h[a] * h[c]);
            if (G == 0.0) continue;
            row[t[c]] -= G;                       /* da = dP_t - rho W_t dP */
            for (int j = 0; j < n; j++) row[j] += G * rho * s->W[t[c] * n + j];
        }
        if (P[b + 1] > 0) row[b + 1] -= mu * h[a];
    }
}

static double imp_ncp_merit(const imp_ncp *s, const double *P, double *phi, double *resmax)
{
    double u[NMAX], th = 0.0, rm = 0.0;
    int d = s->d;
    imp_ncp_u(s, P, u);
    for (int i = 0; i < s->k; i++) {
        double *f = &phi[d * i], ci = 0.0;
        imp_ncp_phi(s, i, P, u, f, NULL);
        for (int a = 0; a < d; a++) ci += f[a] * f[a];
        th += ci;
        rm = fmax(rm, sqrt(ci) / s->rho[i]);
    }
    if (resmax) *resmax = rm / s->vscale;
    return 0.5 * th;
}

double imp_ncp_residual(const imp_ncp *s, const double *P)
{
    double phi[NMAX], r;
    imp_ncp_merit(s, P, phi, &r);
    return isfinite(r) ? r : INFINITY;
}

/* One Newton direction: solves Jac dx = -phi (regularized if singular). */
static imp_status imp_ncp_direction(const imp_ncp *s, const double *P,
                                    const double *phi, double *dx)
{
    int n = s->d * s->k;
    double u[NMAX], A[NMAX * NMAX], A0[NMAX * NMAX], f[3];
    lapack_int ipiv[NMAX];
    imp_ncp_u(s, P, u);
    for (int i = 0; i < s->k; i++)
        imp_ncp_phi(s, i, P, u, f, &A0[(size_t)s->d * i * n]);
    double reg = 0.0;
    for (int attempt = 0; attempt < 4; attempt++) {
        memcpy(A, A0, sizeof(double) * (size_t)n * n);
        for (int i = 0; i < n; i++) { A[i * n + i] += reg; dx[i] = -phi[i]; }
        lapack_int info = LAPACKE_dgesv(LAPACK_ROW_MAJOR, n, 1, A, n, ipiv, dx, 1);
        if (info < 0) return IMP_ELAPACK;
        int fin = 1;
        for (int i = 0; i < n; i++) fin &= isfinite(dx[i]);
        if (info == 0 && fin) return IMP_OK;
        reg = reg == 0.0 ? 1e-12 : reg * 1e3;   /* a singular W: Levenberg-like shift */
    }
    return IMP_ESINGULAR;
}

imp_status imp_ncp_newton(const imp_ncp *s, double *P, int maxit, int *iters)
{
    int n = s->d * s->k;
    double phi[NMAX], dx[NMAX], Pt[NMAX], phit[NMAX], res, rest;
    double th = imp_ncp_merit(s, P, phi, &res);
    for (int it = 0; it < maxit && res > 1e-15; it++) {
        ++*iters;
        imp_status st = imp_ncp_direction(s, P, phi, dx);
        if (st == IMP_ELAPACK) return st;
        if (st != IMP_OK) break;
        double alpha = 1.0, tht = th;
        int ok = 0;
        for (int ls = 0; ls < 30; ls++, alpha *= 0.5) {   /* Armijo on |Phi|^2/2 */
            for (int j = 0; j < n; j++) Pt[j] = P[j] + alpha * dx[j];
            tht = imp_ncp_merit(s, Pt, phit, &rest);
            if (tht <= (1.0 - 1e-4 * alpha) * th) { ok = 1; break; }
        }
        if (!ok) break;
        memcpy(P, Pt, sizeof(double) * (size_t)n);
        memcpy(phi, phit, sizeof(double) * (size_t)n);
        th = tht;
        res = rest;
    }
    return res <= IMP_NCP_TOL ? IMP_OK : IMP_ENOCONV;
}

/* Contact i alone, the others' impulses frozen into its q. */
static void imp_ncp_local(const imp_ncp *s, int i, const double *P, imp_ncp *l, double *Wl)
{
    int d = s->d, n = d * s->k, b = d * i;
    l->k = 1; l->d = d; l->W = Wl;
    l->c[0] = s->c[i]; l->mu[0] = s->mu[i]; l->rho[0] = s->rho[i]; l->vscale = s->vscale;
    for (int a = 0; a < d; a++) {
        double qa = s->q[b + a];
        for (int j = 0; j < n; j++)
            if (j < b || j >= b + d) qa += s->W[(b + a) * n + j] * P[j];
        l->q[a] = qa;
        for (int c = 0; c < d; c++) Wl[a * d + c] = s->W[(b + a) * n + b + c];
    }
}

imp_status imp_ncp_pgs(const imp_ncp *s, double *P, int maxsweeps, int *iters)
{
    imp_ncp l;
    double Wl[9];
    for (int sw = 0; sw < maxsweeps; sw++) {
        ++*iters;
        for (int i = 0; i < s->k; i++) {
            int it = 0;
            double Pl[3];
            imp_ncp_local(s, i, P, &l, Wl);
            if (imp_ncp_local_solve(s->d, Wl, l.q, l.c[0], l.mu[0], Pl))
                for (int a = 0; a < s->d; a++) P[s->d * i + a] = Pl[a];
            else
                imp_ncp_newton(&l, &P[s->d * i], 20, &it);   /* best effort */
        }
        if (imp_ncp_residual(s, P) <= IMP_NCP_TOL) return IMP_OK;
    }
    return IMP_ENOCONV;
}
