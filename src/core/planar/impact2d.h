/* Planar impact with friction: Routh's impulse-space method as in Wang &
 * Mason 1992 (WM92) and the split stages of Sun & Baruh 2022 (SB22). Conventions: contact normal +y from
 * body 2 (or the ground) into body 1; impulses act on body 1.
 *
 *   S = S0 + B1*Px - B3*Py        C = C0 - B3*Px + B2*Py
 */
#ifndef IMPACT_IMPACT2D_H
#define IMPACT_IMPACT2D_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "law.h"
#include "status.h"

/* D is Delta = B1*B2 - B3^2 when known more exactly than B1, B2, B3 give
 * it: imp_coef2d_from_bodies computes it from the bodies, free of the
 * cancellation of B1*B2 - B3^2 (a body with a small radius of gyration has
 * B3^2 close to B1*B2). 0, as {B1, B2, B3, S0, C0} initialisers leave it:
 * computed from B1, B2, B3. Whoever changes B1, B2 or B3 resets it. */
typedef struct { double B1, B2, B3, S0, C0, D; } imp_coef2d;

/* One planar body: (x, y) is its centre of mass measured from the contact
 * point in the contact frame; I = m*rho^2. */
typedef struct { double m, rho, x, y, vx, vy, w; } imp_body2d;

typedef enum {
    IMP_MODE_NONE = 0,
    IMP_MODE_SLIDING,
    IMP_MODE_C_STICKING,
    IMP_MODE_R_STICKING,
    IMP_MODE_C_REVERSED,
    IMP_MODE_R_REVERSED
} imp_mode;

typedef enum {
    IMP_CLASS_DIRECT = 0,
    IMP_CLASS_CENTRAL,
    IMP_CLASS_ECCENTRIC,
    IMP_CLASS_TANGENTIAL
} imp_class;

typedef enum {
    IMP_EV_START = 0,
    IMP_EV_STICK,
    IMP_EV_REVERSE,
    IMP_EV_MAXC,
    IMP_EV_END
} imp_event;

/* API names: "sliding", "C-sticking", ...; "direct", ...; "start", ... */
const char *imp_mode_name(imp_mode m);
const char *imp_class_name(imp_class c);
const char *imp_event_name(imp_event e);

/* The class of WM92 sec 3.4.1 (precedence tangential, direct, central). */
imp_class imp_coef2d_class(const imp_coef2d *c);

typedef struct {
    double Px, Py;      /* accumulated impulse at the vertex */
    double S, C;        /* contact velocities there */
    imp_event event;
} imp_vertex2d;

/* start, stick or reverse, max-compression, end: at most 4 in 2D with a
 * constant mu; a friction law (friction.h) may stop and break more often. */
#define IMP_PATH2D_MAX 16

typedef struct {
    double Px, Py;      /* total impulse on body 1 */
    double S, C;        /* final sliding and normal contact velocity */
    double dT;          /* kinetic energy change, eq 56 with the traced S, C */
    double Wc, Wr, Wf;  /* path decomposition: dT = Wc + Wr + Wf */
    double Pc;          /* normal impulse at maximum compression */
    imp_mode mode;
    imp_class cls;
    imp_coef2d coef;    /* the coefficients that were solved */
    int nvert;
    imp_vertex2d vert[IMP_PATH2D_MAX];
    /* a compliant law (compliant.h) that met an approach: compliant = 1 and */
    int compliant;
    double e_eff;       /* -C / C0 */
    double duration, F_max, delta_max;
} imp_result2d;

/* The problem is homogeneous (WM92 eqs 5-23 are linear): (S0, C0) -> v*(S0, C0)
 * gives v times the impulses and v^2 times the works; B -> b*B divides the
 * impulses by b. The solvers work on coefficients scaled by powers of two
 * (exactly, barring subnormals): B1*B2 brought near 1 and the normal
 * velocity's scale (|C0|, or what a slide that deepens the compression
 * makes of |S0|; mu_k enters there) to [0.5, 1), when the data lie more
 * than 2^128 from 1 (left alone otherwise), so that no product of the
 * path under- or overflows: impulses
 * scale back by 2^(kv - kb), velocities by 2^kv, works by 2^(2 kv - kb).
 */
typedef struct {
    const imp_coef2d *p;   /* the coefficients to use: &c, or the caller's own
                              when no scaling was needed (kv = kb = 0) */
    double D;              /* their Delta (> 0 iff W2 is positive definite) */
    int kv, kb;
    imp_coef2d c;          /* the scaled copy */
} imp_coef2d_scaled;

/* Where the data are centred. NORMAL: as above (the tracer, the closed
 * forms). MAX: max(B1, B2) and max(|S0|, |C0|) to [1, 2), always, a zero
 * not kept signed (the published models, as they were checked). NONE:
 * unscaled (a model with a moment law sees physical values). */
typedef enum { IMP_CENTRE_NORMAL, IMP_CENTRE_MAX, IMP_CENTRE_NONE } imp_centring;

/* NORMAL: returns 1 when W2 is positive definite (B1 > 0, B2 > 0,
 * Delta > 0, all finite), else 0 (with s->D = NaN when B1, B2, B3 were not
 * even finite with B1, B2 > 0); s->D is the scaled Delta. MAX, NONE: for a
 * W2 the caller has checked; returns 1, with s->D = s->c.D the scaled
 * Delta when c->D gave it as a normal number, else 0 (not given). S0, C0
 * must be finite. */
int imp_coef2d_scale_centred(const imp_coef2d *c, double mu_k, imp_centring how,
                             imp_coef2d_scaled *s);

/* The same with the tracer's centring (NORMAL); a function of its own so
 * that the tracer's hot path costs no dispatch. */
int imp_coef2d_scale(const imp_coef2d *c, double mu_k, imp_coef2d_scaled *s);

/* The kinetic energy change: the impulse times the mean of the contact
 * velocities before and after (WM92 eq 56), the one form used for dT; the
 * equal quadratic form of eq 57 cancels when dT is small against its
 * terms (B3^2 near B1*B2, e near 1). */
static inline double imp_dT2d(double Px, double Py, double S0, double C0, double S, double C)
{
    return 0.5 * (Px * (S0 + S) + Py * (C0 + C));
}

/* x * 2^k, exact unless the result under- or overflows (inline: the
 * tracer scales some thirty numbers per solve). */
static inline double imp_mul2k(double x, int k)
{
    if (k >= -1022 && k <= 1023) {
        uint64_t u = (uint64_t)(k + 1023) << 52;    /* 2^k */
        double f;
        memcpy(&f, &u, sizeof f);
        return x * f;            /* one rounding, as ldexp */
    }
    return ldexp(x, k);
}

/* A path's vertices back from scaled units: impulses times 2^kP, contact
 * velocities times 2^kV. Returns 1 when every one is finite (a vertex can
 * overflow where the end does not). */
static inline int imp_vertices2d_scale(imp_vertex2d *v, int n, int kP, int kV)
{
    double z = 0;
    for (int i = 0; i < n; i++) {
        v[i].Px = imp_mul2k(v[i].Px, kP);
        v[i].Py = imp_mul2k(v[i].Py, kP);
        v[i].S = imp_mul2k(v[i].S, kV);
        v[i].C = imp_mul2k(v[i].C, kV);
        z += v[i].Px * 0.0 + v[i].Py * 0.0 + v[i].S * 0.0 + v[i].C * 0.0;
    }
    return z == 0;
}

/* Delta = B1*B2 - B3^2: c->D when set, else from B1, B2, B3 (fma, on the
 * scaled coefficients: a few ulps, no overflow in B1*B2). The scaled value
 * of imp_coef2d_scale times 2^(2 kb): may under- or overflow. */
double imp_coef2d_delta(const imp_coef2d *c);

/* B1 > 0, B2 > 0 and Delta > 0 (W2 positive definite), all finite. */
int imp_coef2d_posdef(const imp_coef2d *c);

/* B1, B2, B3 of two bodies (b2 == NULL: the fixed ground) and S0, C0 of
 * their pre-impact velocities (WM92 eqs 5-23, with a plus sign for body 2 in B3,
 * where WM92's printed eq 21 has a minus). */
void imp_coef2d_from_bodies(const imp_body2d *b1, const imp_body2d *b2,
                            imp_coef2d *c);

/* Post-impact (vx, vy, w) of body b receiving the impulse sign*(Px, Py). */
void imp_body2d_after(const imp_body2d *b, double sign, double Px, double Py,
                      double out[3]);

/* Kinetic energy of a body with velocities v = (vx, vy, w). */
double imp_body2d_energy(const imp_body2d *b, const double v[3]);

/* The exact path tracer (Routh's method, WM92 sec 3.3). Requires finite data, B1 > 0,
 * B2 > 0, B1*B2 > B3^2, 0 <= mu_k <= mu_s, law->e in [0, 1]; returns
 * IMP_EINPUT otherwise, and IMP_EOVERFLOW when the result would overflow
 * (data near the limits of double). A custom law may give IMP_ELAW,
 * IMP_ENOROOT or IMP_EROOT. */
imp_status imp_path2d_solve(const imp_coef2d *c, double mu_s, double mu_k,
                       const imp_law *law, imp_result2d *out);

/* The tracer itself, for a rigid law (imp_path2d_solve without the
 * compliant laws' dispatch). */
imp_status imp_path2d_trace(const imp_coef2d *c, double mu_s, double mu_k,
                       const imp_law *law, imp_result2d *out);

/* A compliant law (compliant.h) on Routh's path: the path of a rigid trace
 * (energetic, e = 1: it reaches beyond every passive law's end), the law
 * run in time along it, then the rigid trace to the end it found (Newton's
 * form at vn_end; Hertz: the energetic law of its e, which it equals). */
imp_status imp_compliant2d_solve(const imp_coef2d *c, double mu_s, double mu_k,
                                 const imp_law *law, imp_result2d *out);

/* One planar problem, as a sweep varies it: either the coefficients
 * (nbodies == 0) or body1 against the ground (1) or body1 and body2 (2). */
/* The bound on the body form's contact compliance condition number (as
 * IMP_COND3D_MAX): beyond it the post-impact velocities, W times an
 * impulse known to rounding, are not resolved in double precision. */
#define IMP_COND2D_MAX 1e12

typedef struct {
    imp_coef2d coef;
    imp_body2d body1, body2;
    int nbodies;
    double mu_s, mu_k;
    imp_law law;
} imp_problem2d;

/* NULL when p is valid; otherwise the offending field ("body1.m", "e",
 * "mu_k", "B3", ...) with the reason written to msg ("must be positive,
 * got -1"), to be reported as "field '<name>' <msg>". */
const char *imp_problem2d_check(const imp_problem2d *p, char *msg, size_t n);

/* Solves p; post (may be NULL) receives the post-impact (vx, vy, w) of
 * body1 (post[0]) and body2 (post[1]) when bodies were given. Invalid
 * bodies give IMP_EINPUT (call imp_problem2d_check for the reason), a
 * result beyond double's range IMP_EOVERFLOW. */
imp_status imp_problem2d_solve(const imp_problem2d *p, imp_result2d *out,
                               double post[2][3]);

/* T'/T of the bodies of a solved p, post as imp_problem2d_solve gave it,
 * computed scale-free (finite where the energies themselves under- or
 * overflow); the bits of the plain T1/T0 where T0, T1 and T1/T0 are
 * normal numbers. NaN without bodies, for bodies at rest (T = 0) or a
 * ratio beyond double's range. (body2d.c) */
double imp_problem2d_energy_ratio(const imp_problem2d *p, const double post[2][3]);

/* Byte offsets of the double(s) that the numeric field `name` sets in an
 * imp_problem2d ("B1".."C0", "mu" (both mu_s and mu_k), "mu_s", "mu_k",
 * "e", "body1.m", "body1.rho", "body1.x", ..., "body2.w"). Returns how
 * many offsets were written (0: unknown name). */
int imp_problem2d_field(const char *name, size_t off[2]);

/* Sets field `name` to v; returns 0 for an unknown name. */
int imp_problem2d_set(imp_problem2d *p, const char *name, double v);

#endif
