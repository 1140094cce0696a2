/* Internal: one phase of the velocity-level models of multi_models.h, a
 * nonlinear complementarity problem over the contacts
 *   0 <= P_n,i - c_i  _|_  u_n,i >= 0,   |P_t,i| <= mu_i P_n,i,
 *   u_t,i = 0 or P_t,i = -mu_i P_n,i u_t,i/|u_t,i|,     u = q + W P.
 * c_i >= 0 is a floor on the normal impulse (poisson's expansion: e P^C_n). */
#ifndef IMPACT_MULTI_NCP_H
#define IMPACT_MULTI_NCP_H

#include "multi.h"

#define IMP_NCP_TOL 1e-10     /* accepted residual */
#define IMP_NCP_DIRS 32       /* most friction directions of the 3D polygonal LCP */

typedef struct {
    int k, d;
    const double *W;                 /* d*k x d*k */
    double q[3 * IMP_MULTI_MAX];     /* u at P = 0 */
    double c[IMP_MULTI_MAX];
    double mu[IMP_MULTI_MAX];
    double rho[IMP_MULTI_MAX];       /* Alart-Curnier step, 1/(mean diagonal of block i) */
    double vscale;                   /* residual's velocity scale (max |v0|, or 1) */
} imp_ncp;

/* Sets rho from W (call after filling W, k, d). */
void imp_ncp_init_rho(imp_ncp *s);

/* max_i |Phi_i| / rho_i / vscale, Phi the Alart-Curnier function. */
double imp_ncp_residual(const imp_ncp *s, const double *P);

/* Semismooth Newton from P (in/out); adds its iterations to *iters.
 * Returns IMP_OK when the residual is at most IMP_NCP_TOL. */
imp_status imp_ncp_newton(const imp_ncp *s, double *P, int maxit, int *iters);

/* Projected (block) Gauss-Seidel, each block solved by the local Newton. */
imp_status imp_ncp_pgs(const imp_ncp *s, double *P, int maxsweeps, int *iters);

/* One contact (k = 1) by enumeration of its cases: W d x d, returns 1 when
 * a solution was found (P written), 0 otherwise (P undefined). */
int imp_ncp_local_solve(int d, const double *W, const double *q, double c, double mu,
                        double *P);

/* Stewart & Trinkle's LCP with nd friction directions (2: exact in 2D;
 * 8 to IMP_NCP_DIRS: a polygonal cone in 3D) by Lemke; P gets its impulses. */
imp_status imp_ncp_lemke(const imp_ncp *s, int nd, double *P, int *iters);

/* The phase with mu_s / mu_k (see multi_models.h); s->q, c, vscale set by
 * the caller, s->mu set here. P in/out (a start for 3D), *res the residual. */
imp_status imp_ncp_phase(imp_ncp *s, const imp_multi_contact *ct, double *P,
                         double *res, int *iters);

/* Checks the problem (IMP_EINPUT) and returns max|v0| (or 1 when 0). */
imp_status imp_multi_check(const imp_multi_problem *p, double *vscale);

/* v = v0 + W P, dT, energy_gain and the per-contact modes and Wf.
 * IMP_EOVERFLOW (out zeroed) when dT is not finite or the rounding of
 * W P can exceed 1e-10 max|v0|: a huge impulse along W's (near) null space
 * (contacts squeezing a body against itself), whose velocities no double
 * holds to that accuracy. */
imp_status imp_multi_finish(const imp_multi_problem *p, imp_multi_result *out, double vscale);

#endif
