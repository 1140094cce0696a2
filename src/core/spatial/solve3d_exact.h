/* The exact 3D solver's own declarations (private to solve3d_exact*.c):
 * the state of a period and of the integrator, and what the driver
 * (solve3d_exact.c), the flow (solve3d_exact_flow.c) and the stops
 * (solve3d_exact_stop.c) share. */
#ifndef IMPACT_SOLVE3D_EXACT_H
#define IMPACT_SOLVE3D_EXACT_H

#include <math.h>
#include <string.h>

#include "friction.h"
#include "impact3d.h"

enum { K_SLIDE, K_FIXED, K_TAU };

/* The state of a p-period, y = (Pt_x, Pt_z, Wn, Wf, vt_x, vt_z); a
 * tau-period has z = (u_x, u_z, p, Pt_x, Pt_z, Wn, Wf) and |v_t| =
 * s0 exp(-tau) (the direction is a unit vector, not an angle, so a slip
 * along an axis of planar data stays exactly on it). */
#define NY 6
#define NZ 7

/* |(a, b)|: sqrt of the squares, hypot only where they could under- or
 * overflow (libm's hypot is a quarter of the integrator's time) */
static inline double len2(double a, double b)
{
    double s = sqrt(a * a + b * b);
    return s > 1e-150 && s < 1e150 ? s : hypot(a, b);
}

/* A friction law along the exact path (solve3d_exact_law.c): what mu(s)
 * needs besides a point (p, y), and what its evaluations found. While
 * every value equals the first (mu0) the path is the constant-mu one,
 * step for step; once one differs (varied) the constant-mu shortcuts
 * that assume it (the cone bound, the impulse cap) are off. */
typedef struct {
    const imp_friction *f;
    int compression;
    double pc, Wc, vt0[2], vn0;
    double mu0;
    int varied;
    imp_status fail;    /* the law aborted (IMP_ELAW) in a right-hand side */
    int first_stop;     /* -1, or the phase of the first stop (mode, as 2D) */
    int reversed;       /* a stop that did not stick, or a stick that broke */
} fx_t;

typedef struct {
    const imp_contact3d *c;
    double mu_k;
    fx_t *fx;           /* a friction law, or NULL (mu_k constant) */
    int from_stop;      /* a slide in p starting at v_t = 0 (law only) */
    int kind;
    double cfix[2];     /* K_FIXED: dPt/dp */
    double vfix[2];     /* K_FIXED: dv_t/dp (0 sticking, lambda u on a ray) */
    double ulast[2];    /* the slip direction used where |v_t| is exactly 0 */
    double s0;          /* K_TAU: |v_t| at tau = 0 */
    int ray;            /* K_FIXED along an invariant ray: the slip may reach zero */
    int stick;          /* K_FIXED sticking: v_n = vn_fix + kstick (p - p_fix) */
    double vn_fix, p_fix;
} rhs_t;

static inline int dim_of(const rhs_t *r) { return r->kind == K_TAU ? NZ : NY; }

/* v_n = vC0_n + Wtn.Pt + Wnn p; while sticking it is linear with the rate
 * kstick = L_yy^2, which the sum would give only after a cancellation of
 * terms as large as W's largest entries (a nearly singular inertia). */
static inline double normal_vel(const rhs_t *r, double p, const double y[NY])
{
    const imp_contact3d *c = r->c;
    if (r->kind == K_FIXED && r->stick) return r->vn_fix + c->kstick * (p - r->p_fix);
    return c->vC0[1] + c->Wtn[0] * y[0] + c->Wtn[1] * y[1] + c->Wnn * p;
}

/* (p, y) of a state (t, z) of the period r. */
static inline void unpack(const rhs_t *r, double t, const double *z, double *p, double y[NY])
{
    if (r->kind == K_TAU) {
        double n = len2(z[0], z[1]), s = r->s0 * exp(-t);
        *p = z[2];
        memcpy(y, z + 3, 4 * sizeof *y);
        y[4] = s * z[0] / n;
        y[5] = s * z[1] / n;
    } else {
        *p = t;
        memcpy(y, z, NY * sizeof *y);
    }
}

/* f(u) = dv_t/dp while sliding along u. */
static inline void slide_rate(const imp_contact3d *c, double mu_k, const double u[2], double f[2])
{
    f[0] = c->Wtn[0] - mu_k * (c->Wtt[0] * u[0] + c->Wtt[1] * u[1]);
    f[1] = c->Wtn[1] - mu_k * (c->Wtt[2] * u[0] + c->Wtt[3] * u[1]);
}

/* The integrator's whole state. */
typedef struct {
    const imp_contact3d *c;
    const imp_law *law;
    imp_law_end end;    /* the law's end in closed form, or form NONE */
    double mu_s, mu_k;
    rhs_t r;            /* the current period */
    double t, z[NZ];    /* its independent variable and state */
    double k0[NZ];      /* dz/dt at (t, z), when k0_ok: a step's first stage, */
    int k0_ok;          /* kept for its retries and its events' re-takes */
    double p, y[NY];    /* the same point as (p, Pt_x, Pt_z, Wn, Wf, vt_x, vt_z) */
    int compression;
    double pc, Wc;
    imp_track3d *track;
    imp_result3d *out;
    double Pstage[3];   /* impulse at the start of the current stage */
    double p1;          /* no stop before this p (cone_entry) */
    double tol;         /* what a stop or a snap may move P by (updated per step) */
    const imp_opts3d *o;
    double vn0;         /* pre-impact normal velocity */
    double vscale, Ps;  /* |vC0| and the impulse scale |vC0|/Wnn */
    double pcap;        /* the largest normal impulse a built-in law may need */
    double h, hp;       /* the step; the p-step kept across a tau-period */
    long steps;         /* accepted and rejected steps so far */
    int done;           /* the law is satisfied */
    fx_t *fx;           /* a friction law, or NULL */
    double snap_y[2];   /* the slip before the last snap onto a ray (law) */
    double snap_p;      /* ... and where it was */
    double ray_mu;      /* the mu a fixed ray period was set with (law) */
    int ray_forced;     /* the ray ends an approach below the tolerance (law) */
    int snap_off;       /* no snap onto a ray until the next event (law) */
    int tau_off;        /* no tau-period until the slip grows (law) */
} dk_t;

/* solve3d_exact_flow.c: the flow of each period and its invariant rays. */
void imp_exact3d_rhs(const rhs_t *r, double t, const double *z, double *dz);
void imp_exact3d_dp_step(const rhs_t *r, double t, const double *y, double h,
                         double *yn, double *err, double *k0, int have_k0);
double imp_exact3d_near_ray(const imp_contact3d *c, double mu, const double u[2], double s,
                            double tol, double us[2], double *lambda);
double imp_exact3d_cone_entry(const imp_contact3d *c, double mu);

/* solve3d_exact_stop.c: periods, stages and stops. */
void imp_exact3d_set_p_period(dk_t *d, int kind);
void imp_exact3d_set_ray(dk_t *d, const double u[2], double lambda);
void imp_exact3d_set_frictionless(dk_t *d);
void imp_exact3d_stage_open(dk_t *d, imp_stage3d_kind kind, int slip, const double u[2],
                            double lambda);
void imp_exact3d_stage_close(dk_t *d, int at_stop);
imp_status imp_exact3d_after_stop(dk_t *d, imp_stage3d_kind kind_if_slide);
double imp_exact3d_dvn_dp(const dk_t *d);
imp_status imp_exact3d_fail(dk_t *d, imp_fail3d why, imp_status st);
imp_status imp_exact3d_on_stop(dk_t *d, int *maxc);

/* solve3d_exact.c: the driver's pieces the closed-form periods share. */
imp_status imp_exact3d_residual(const dk_t *d, double p, const double y[NY], double *R);
imp_status imp_exact3d_reached(dk_t *d, int maxc, int end, int *done);

/* solve3d_exact_law.c: a friction law along the path. */
double imp_exact3d_mu(const rhs_t *r, double p, const double y[NY]);
void imp_exact3d_law_state(const imp_contact3d *c, const fx_t *fx, const rhs_t *r, double p,
                           const double y[NY], imp_law_state *s);
void imp_exact3d_law_refresh(dk_t *d);
imp_status imp_exact3d_law_fixed(dk_t *d, double x, int *ok);
imp_status imp_exact3d_law_break(dk_t *d);
double imp_exact3d_break_value(const dk_t *d, double p, const double y[NY]);
void imp_exact3d_unsnap(dk_t *d);

/* solve3d_exact_fixed.c: a fixed-rate period's next event in closed form;
 * *jumped when the state moved there (else the period is stepped). */
imp_status imp_exact3d_fixed_jump(dk_t *d, int *jumped);

#endif
