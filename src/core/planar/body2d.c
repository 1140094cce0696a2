/* Bodies and problems of the planar impact: the coefficients B1..C0 from
 * two bodies (WM92 eqs 5-23), post-impact velocities, the names of modes,
 * classes and events, and imp_problem2d (check, solve, named fields). */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csvnum.h"
#include "impact2d.h"
#include "friction.h"

const char *imp_mode_name(imp_mode m)
{
    static const char *const names[] = {"none", "sliding", "C-sticking",
                                        "R-sticking", "C-reversed", "R-reversed"};
    return (unsigned)m < sizeof names / sizeof *names ? names[m] : "?";
}

const char *imp_class_name(imp_class c)
{
    static const char *const names[] = {"direct", "central", "eccentric", "tangential"};
    return (unsigned)c < sizeof names / sizeof *names ? names[c] : "?";
}

const char *imp_event_name(imp_event e)
{
    static const char *const names[] = {"start", "stick", "reverse",
                                        "max-compression", "end"};
    return (unsigned)e < sizeof names / sizeof *names ? names[e] : "?";
}

/* A double with its own exponent, f*2^e (f = 0 or 0.5 <= |f| < 1), for the
 * bodies' products: (y/rho)^2 overflows for y/rho = 1e200 although B1 =
 * (1 + (y/rho)^2)/m is 1e100 for m = 1e300. Each operation rounds its
 * mantissa as the plain one rounds (scaling by 2^k commutes with rounding),
 * so a result whose plain computation neither under- nor overflows keeps
 * every bit; only the final ldexp may round into a subnormal or overflow,
 * when the true value lies there. */
typedef struct { double f; int e; } xd;

static inline xd xd_norm(double f, int e)
{
    int k;
    f = frexp(f, &k);
    return (xd){f, e + k};
}

static inline xd xd_of(double v) { return xd_norm(v, 0); }
static inline double xd_val(xd a) { return ldexp(a.f, a.e); }
static inline xd xd_mul(xd a, xd b) { return xd_norm(a.f * b.f, a.e + b.e); }
static inline xd xd_div(xd a, xd b) { return xd_norm(a.f / b.f, a.e - b.e); }
static inline xd xd_neg(xd a) { return (xd){-a.f, a.e}; }

/* Aligned on the larger exponent: a smaller term flushed to a subnormal or
 * to 0 there is below half an ulp of the larger, as in the plain sum. */
static xd xd_add(xd a, xd b)
{
    if (a.f == 0 || b.f == 0)    /* zeros: the plain sum, with its signs */
        return a.f == 0 && b.f == 0 ? xd_of(a.f + b.f) : a.f == 0 ? b : a;
    int e = a.e > b.e ? a.e : b.e;
    return xd_norm(ldexp(a.f, a.e - e) + ldexp(b.f, b.e - e), e);
}

static inline xd xd_sub(xd a, xd b) { return xd_add(a, xd_neg(b)); }

/* One body with its mass in units of mu (exact for mu = 1): 1/m, 1/rho
 * and the arms x/rho, y/rho (as x * (1/rho), the plain formula's
 * roundings). */
typedef struct { xd im, ir, xr, yr; } body_xd;

static body_xd body_arms(const imp_body2d *b, xd mu)
{
    xd one = xd_of(1), ir = xd_div(one, xd_of(b->rho));
    return (body_xd){xd_div(one, xd_div(xd_of(b->m), mu)), ir, xd_mul(xd_of(b->x), ir),
                     xd_mul(xd_of(b->y), ir)};
}

/* B1, B2, B3, S0, C0 and Delta, unrounded to double. */
typedef struct { xd B1, B2, B3, S0, C0, D; } coef_xd;

/* One body's share of B1, B2, B3 (WM92 eqs 5-23, eq 21 with a plus sign:
 * both CMs are measured from the contact point, so body 2 enters B3 with
 * a PLUS sign too), added to c; lengths over rho first, so that I = m rho^2
 * never forms. Its contact velocity S, C is added times sign. */
static void add_body(const imp_body2d *b, const body_xd *a, double sign, coef_xd *c)
{
    xd one = xd_of(1), w = xd_of(b->w);
    c->B1 = xd_add(c->B1, xd_mul(xd_add(one, xd_mul(a->yr, a->yr)), a->im));
    c->B2 = xd_add(c->B2, xd_mul(xd_add(one, xd_mul(a->xr, a->xr)), a->im));
    c->B3 = xd_add(c->B3, xd_mul(xd_mul(a->xr, a->yr), a->im));
    xd S = xd_add(xd_of(b->vx), xd_mul(w, xd_of(b->y)));
    xd C = xd_sub(xd_of(b->vy), xd_mul(w, xd_of(b->x)));
    c->S0 = sign > 0 ? S : xd_sub(c->S0, S);   /* S1 - S2, as assigned then -= */
    c->C0 = sign > 0 ? C : xd_sub(c->C0, C);
}

/* Delta = B1*B2 - B3^2 summed from positive terms only (no cancellation,
 * unlike the difference of the rounded B's): with r_i^2 = (x_i^2 + y_i^2)/rho_i^2,
 *   one body   (1 + r^2)/m^2
 *   two bodies (1 + r1^2)/m1^2 + (1 + r2^2)/m2^2
 *              + (2 + r1^2 + r2^2 + (x2 y1 - x1 y2)^2/(rho1 rho2)^2)/(m1 m2) */
static void coef_from_bodies(const imp_body2d *b1, const imp_body2d *b2, xd mu,
                             coef_xd *c)
{
    xd zero = xd_of(0), one = xd_of(1);
    *c = (coef_xd){zero, zero, zero, zero, zero, zero};
    body_xd a1 = body_arms(b1, mu);
    add_body(b1, &a1, 1, c);
    xd r1 = xd_add(xd_mul(a1.xr, a1.xr), xd_mul(a1.yr, a1.yr));
    c->D = xd_mul(xd_mul(xd_add(one, r1), a1.im), a1.im);
    if (!b2)
        return;
    body_xd a2 = body_arms(b2, mu);
    add_body(b2, &a2, -1, c);
    xd r2 = xd_add(xd_mul(a2.xr, a2.xr), xd_mul(a2.yr, a2.yr));
    xd q = xd_sub(xd_mul(a2.xr, a1.yr), xd_mul(a1.xr, a2.yr));
    xd d2 = xd_mul(xd_mul(xd_add(one, r2), a2.im), a2.im);
    xd s = xd_add(xd_add(xd_add(xd_of(2), r1), r2), xd_mul(q, q));
    c->D = xd_add(c->D, xd_add(d2, xd_mul(xd_mul(s, a1.im), a2.im)));
}

static void coef_wide(const imp_body2d *b1, const imp_body2d *b2, imp_coef2d *c)
{
    coef_xd x;
    coef_from_bodies(b1, b2, xd_of(1), &x);
    *c = (imp_coef2d){xd_val(x.B1), xd_val(x.B2), xd_val(x.B3), xd_val(x.S0),
                      xd_val(x.C0), xd_val(x.D)};
}

/* In xd: (y/rho) px and 1/(m rho) do not overflow or underflow where
 * the spin change itself is representable (m = 1e246, rho = 1e175 once
 * kept the spin's energy, a gain). */
static void after_wide(const imp_body2d *b, double sign, double Px, double Py,
                       double out[3])
{
    xd px = xd_of(sign * Px), py = xd_of(sign * Py);
    body_xd a = body_arms(b, xd_of(1));
    out[0] = xd_val(xd_add(xd_of(b->vx), xd_mul(px, a.im)));
    out[1] = xd_val(xd_add(xd_of(b->vy), xd_mul(py, a.im)));
    xd dw = xd_mul(xd_mul(xd_sub(xd_mul(a.yr, px), xd_mul(a.xr, py)), a.im), a.ir);
    out[2] = xd_val(xd_add(xd_of(b->w), dw));
}

/* In xd: v^2 overflows for v = 1e200 where m v^2/2 is 1e100 (m = 1e-300). */
static xd energy_xd(const imp_body2d *b, const double v[3])
{
    xd vx = xd_of(v[0]), vy = xd_of(v[1]), rw = xd_mul(xd_of(b->rho), xd_of(v[2]));
    xd s = xd_add(xd_add(xd_mul(vx, vx), xd_mul(vy, vy)), xd_mul(rw, rw));
    return xd_mul(xd_mul(xd_of(0.5), xd_of(b->m)), s);   /* m/2: exact */
}

static double energy_wide(const imp_body2d *b, const double v[3])
{
    return xd_val(energy_xd(b, v));
}

/* The plain formulas, for data whose every magnitude lies within 2^+-64
 * (or is 0): then no intermediate (at most ten such factors, as in
 * q^2/(m1 m2)) under- or overflows, and the xd forms above would give the
 * same bits at many times the cost. */
static inline int in_window(double v)
{
    uint64_t u;
    memcpy(&u, &v, sizeof u);
    unsigned e = (unsigned)(u >> 52) & 0x7ff;    /* biased: 2^-64 <= |v| < 2^65 */
    return (e - (1023u - 64u) <= 128u) | ((u << 1) == 0);   /* branch-free */
}

static inline int body_plain(const imp_body2d *b)
{
    return in_window(b->m) & in_window(b->rho) & in_window(b->x) & in_window(b->y) &
           in_window(b->vx) & in_window(b->vy) & in_window(b->w);
}

/* Both bodies (b2 NULL: the ground) within the window: computed once per
 * solve and passed on, as the checks cost about what the formulas do. */
static int bodies_plain(const imp_body2d *b1, const imp_body2d *b2)
{
    return body_plain(b1) & (!b2 || body_plain(b2));
}

static void add_plain(const imp_body2d *b, imp_coef2d *c, double *xr, double *yr)
{
    double im = 1 / b->m, ir = 1 / b->rho;
    *xr = b->x * ir;
    *yr = b->y * ir;
    c->B1 += (1 + *yr * *yr) * im;
    c->B2 += (1 + *xr * *xr) * im;
    c->B3 += *xr * *yr * im;
}

/* coef_from_bodies in plain doubles. */
static void coef_plain(const imp_body2d *b1, const imp_body2d *b2, imp_coef2d *c)
{
    double x1, y1, x2, y2;
    c->B1 = c->B2 = c->B3 = 0;
    add_plain(b1, c, &x1, &y1);
    double r1 = x1 * x1 + y1 * y1, im1 = 1 / b1->m;
    c->D = (1 + r1) * im1 * im1;
    c->S0 = b1->vx + b1->w * b1->y;
    c->C0 = b1->vy - b1->w * b1->x;
    if (b2) {
        add_plain(b2, c, &x2, &y2);
        double r2 = x2 * x2 + y2 * y2, im2 = 1 / b2->m, q = x2 * y1 - x1 * y2;
        c->D += (1 + r2) * im2 * im2 + (2 + r1 + r2 + q * q) * im1 * im2;
        c->S0 -= b2->vx + b2->w * b2->y;
        c->C0 -= b2->vy - b2->w * b2->x;
    }
}

static void coef_any(const imp_body2d *b1, const imp_body2d *b2, int plain, imp_coef2d *c)
{
    if (plain)
        coef_plain(b1, b2, c);
    else
        coef_wide(b1, b2, c);
}

void imp_coef2d_from_bodies(const imp_body2d *b1, const imp_body2d *b2,
                            imp_coef2d *c)
{
    coef_any(b1, b2, bodies_plain(b1, b2), c);
}

/* plain: body_plain(b). */
static void after_any(const imp_body2d *b, double sign, double Px, double Py, int plain,
                      double out[3])
{
    if (!(plain & in_window(Px) & in_window(Py))) {
        after_wide(b, sign, Px, Py, out);
        return;
    }
    double px = sign * Px, py = sign * Py, im = 1 / b->m, ir = 1 / b->rho;
    out[0] = b->vx + px * im;
    out[1] = b->vy + py * im;
    out[2] = b->w + ((b->y * ir) * px - (b->x * ir) * py) * im * ir;
}

void imp_body2d_after(const imp_body2d *b, double sign, double Px, double Py,
                      double out[3])
{
    after_any(b, sign, Px, Py, body_plain(b), out);
}

double imp_body2d_energy(const imp_body2d *b, const double v[3])
{
    if (!(in_window(b->m) & in_window(b->rho) & in_window(v[0]) & in_window(v[1]) &
          in_window(v[2])))
        return energy_wide(b, v);
    double rw = b->rho * v[2];
    return 0.5 * b->m * (v[0] * v[0] + v[1] * v[1] + rw * rw);
}

/* The bodies' kinetic energy ratio T'/T, scale-free: T itself overflows
 * for m = 1e300 at vx = -vy = 1.5e4 (2.25e308) and underflows for
 * m = 1e-10, v = 1e-160, while T'/T is an ordinary number. The energies
 * and their sums in xd then, which give the plain bits wherever those are
 * normal numbers. */
static double ratio_wide(const imp_problem2d *p, const double post[2][3])
{
    const double v1[3] = {p->body1.vx, p->body1.vy, p->body1.w};
    xd t0 = energy_xd(&p->body1, v1), t1 = energy_xd(&p->body1, post[0]);
    if (p->nbodies == 2) {
        const double v2[3] = {p->body2.vx, p->body2.vy, p->body2.w};
        t0 = xd_add(t0, energy_xd(&p->body2, v2));
        t1 = xd_add(t1, energy_xd(&p->body2, post[1]));
    }
    if (!(t0.f > 0))
        return NAN;              /* at rest: no ratio */
    return xd_val(xd_div(t1, t0));
}

/* E is the exact energy of a body at velocities v, to its rounding: a
 * normal number (imp_body2d_energy is accurate there), or 0 at rest (0
 * from an underflow is not: m = 1e-10, v = 1e-160). inf is caught on the sums. */
static inline int plain_energy(double E, const double v[3])
{
    return E >= DBL_MIN || (v[0] == 0 && v[1] == 0 && v[2] == 0);
}

double imp_problem2d_energy_ratio(const imp_problem2d *p, const double post[2][3])
{
    if (p->nbodies == 0)
        return NAN;
    /* Energies normal numbers and their sums finite (the usual case): the
     * plain T1/T0, which ratio_wide gives bit for bit at several times the
     * cost. */
    const imp_body2d *b = &p->body1;
    double v[3] = {b->vx, b->vy, b->w};
    double T0 = imp_body2d_energy(b, v), T1 = imp_body2d_energy(b, post[0]);
    int plain = plain_energy(T0, v) & plain_energy(T1, post[0]);
    if (p->nbodies == 2) {
        b = &p->body2;
        v[0] = b->vx, v[1] = b->vy, v[2] = b->w;
        double E0 = imp_body2d_energy(b, v), E1 = imp_body2d_energy(b, post[1]);
        plain &= plain_energy(E0, v) & plain_energy(E1, post[1]);
        T0 += E0;
        T1 += E1;
    }
    plain &= (T0 <= DBL_MAX) & (T1 <= DBL_MAX);
    double r = plain ? T1 / T0 : ratio_wide(p, post);
    return isfinite(r) ? r : NAN;    /* at rest, T0 = 0: 0/0 */
}

static const char *fail(char *msg, size_t n, const char *field,
                        const char *what, double v)
{
    char num[IMP_CSVNUM_MAX];
    imp_csv_double(v, num);
    if (msg && n)
        snprintf(msg, n, "%s, got %s", what, num);
    return field;
}

static const char *check_body(const imp_body2d *b, int which, char *msg, size_t n)
{
    static const char *const names[2][7] = {
        {"body1.m", "body1.rho", "body1.x", "body1.y", "body1.vx", "body1.vy", "body1.w"},
        {"body2.m", "body2.rho", "body2.x", "body2.y", "body2.vx", "body2.vy", "body2.w"}};
    const double v[7] = {b->m, b->rho, b->x, b->y, b->vx, b->vy, b->w};
    for (int i = 0; i < 7; i++)
        if (!isfinite(v[i]))
            return fail(msg, n, names[which][i], "must be a finite number", v[i]);
    if (!(b->m > 0))
        return fail(msg, n, names[which][0], "must be positive", b->m);
    if (!(b->rho > 0))
        return fail(msg, n, names[which][1], "must be positive (the radius of gyration)", b->rho);
    return NULL;
}

static int body_ok(const imp_body2d *b)
{
    return b->m > 0 && b->rho > 0 && isfinite(b->m) && isfinite(b->rho);
}

/* A bound on the condition number of the contact compliance W = [[B1, B3],
 * [B3, B2]] (trace^2 / det >= lambda_max / lambda_min), in xd so that
 * neither the trace nor det under- or overflows for merely heavy or light
 * bodies (the masses in units of the smaller, as before xd, keep its
 * bits). *which is the body whose own compliance is the larger (0 or 1):
 * the slender one. */
static xd cond_parts(const imp_body2d *b1, const imp_body2d *b2, int *which)
{
    xd mu = xd_of(b2 ? fmin(b1->m, b2->m) : b1->m);
    coef_xd c;
    coef_from_bodies(b1, b2, mu, &c);
    *which = 0;
    if (b2) {
        coef_xd c1, c2;
        coef_from_bodies(b1, NULL, mu, &c1);
        coef_from_bodies(b2, NULL, mu, &c2);
        *which = !(xd_sub(xd_add(c1.B1, c1.B2), xd_add(c2.B1, c2.B2)).f >= 0);
    }
    xd t = xd_add(c.B1, c.B2);
    return c.D.f > 0 ? xd_mul(xd_div(t, c.D), t) : (xd){INFINITY, 0};
}

static double cond_wide(const imp_body2d *b1, const imp_body2d *b2, int *which)
{
    return xd_val(cond_parts(b1, b2, which));
}

/* The bound k as "%.3g" prints it; where k overflows double (1e400 for a
 * slender heavy body), from cond_parts' mantissa and exponent. */
static void cond_text(const imp_body2d *b1, const imp_body2d *b2, double k, char out[32])
{
    int which;
    xd c = isinf(k) ? cond_parts(b1, b2, &which) : (xd){0, 0};
    if (!(isinf(k) && isfinite(c.f))) {
        snprintf(out, 32, "%.3g", k);
        return;
    }
    double L = log10(c.f) + c.e * log10(2.0);
    int d = (int)floor(L);
    char m[16];
    snprintf(m, sizeof m, "%.3g", pow(10, L - d));
    if (strcmp(m, "10") == 0) {  /* 9.9996 rounds up a decade */
        snprintf(m, sizeof m, "1");
        d++;
    }
    snprintf(out, 32, "%se%+03d", m, d);
}

/* cond_wide in plain doubles, for bodies within the window (the masses
 * in units of the smaller then lie within 2^128 of 1, and trace^2/det
 * within 2^+-800). */
static double bodies_cond(const imp_body2d *b1, const imp_body2d *b2, int plain,
                          int *which)
{
    if (!plain)
        return cond_wide(b1, b2, which);
    imp_body2d s1 = *b1, s2 = b2 ? *b2 : *b1;
    double mm = b2 ? fmin(b1->m, b2->m) : b1->m;
    s1.m = b1->m / mm;
    s2.m = s2.m / mm;
    imp_coef2d c;
    coef_plain(&s1, b2 ? &s2 : NULL, &c);
    *which = 0;
    if (b2) {
        imp_coef2d c1, c2;
        coef_plain(&s1, NULL, &c1);
        coef_plain(&s2, NULL, &c2);
        *which = !(c1.B1 + c1.B2 >= c2.B1 + c2.B2);
    }
    double t = c.B1 + c.B2;
    return c.D > 0 ? t / c.D * t : INFINITY;
}

/* Finite coefficients, W positive definite. */
static int contact_ok(const imp_coef2d *c)
{
    return isfinite(c->B1) && isfinite(c->B2) && isfinite(c->B3) && isfinite(c->S0) &&
           isfinite(c->C0) && imp_coef2d_posdef(c);
}

/* b alone against the ground gives a contact: when body1 does and body2
 * does not, the degenerate (or overflowing) contact is body2's. */
static int alone_ok(const imp_body2d *b)
{
    imp_coef2d c;
    coef_any(b, NULL, body_plain(b), &c);
    return contact_ok(&c);
}

const char *imp_problem2d_check(const imp_problem2d *p, char *msg, size_t n)
{
    const char *f;
    if (!isfinite(p->mu_s) || !(p->mu_s >= 0))
        return fail(msg, n, "mu_s", "must be a finite number >= 0", p->mu_s);
    if (!isfinite(p->mu_k) || !(p->mu_k >= 0))
        return fail(msg, n, "mu_k", "must be a finite number >= 0", p->mu_k);
    if (p->mu_k > p->mu_s) {
        char num[IMP_CSVNUM_MAX], what[64];
        imp_csv_double(p->mu_s, num);
        snprintf(what, sizeof what, "must not exceed mu_s = %s", num);
        return fail(msg, n, "mu_k", what, p->mu_k);
    }
    if (!(p->law.e >= 0 && p->law.e <= 1))
        return fail(msg, n, "e", "must be in [0, 1]", p->law.e);
    if (!imp_law_usable(&p->law)) {
        if (msg && n)
            snprintf(msg, n, "is not a known restitution law");
        return "law";
    }
    imp_coef2d c = p->coef;
    if (p->nbodies == 0) {
        static const char *const names[5] = {"B1", "B2", "B3", "S0", "C0"};
        const double v[5] = {c.B1, c.B2, c.B3, c.S0, c.C0};
        for (int i = 0; i < 5; i++)
            if (!isfinite(v[i]))
                return fail(msg, n, names[i], "must be a finite number", v[i]);
        if (!(c.B1 > 0))
            return fail(msg, n, "B1", "must be positive", c.B1);
        if (!(c.B2 > 0))
            return fail(msg, n, "B2", "must be positive", c.B2);
        if (!imp_coef2d_posdef(&c)) {
            char a[IMP_CSVNUM_MAX], what[80];
            imp_csv_double(c.B1 * c.B2, a);
            snprintf(what, sizeof what, "must satisfy B1*B2 > B3^2 (B1*B2 = %s)", a);
            return fail(msg, n, "B3", what, c.B3);
        }
        return NULL;
    }
    if ((f = check_body(&p->body1, 0, msg, n)))
        return f;
    if (p->nbodies == 2 && (f = check_body(&p->body2, 1, msg, n)))
        return f;
    const imp_body2d *b2 = p->nbodies == 2 ? &p->body2 : NULL;
    int plain = bodies_plain(&p->body1, b2);
    coef_any(&p->body1, b2, plain, &c);
    if (!contact_ok(&c)) {
        if (msg && n)
            snprintf(msg, n, "gives a degenerate contact (B1*B2 <= B3^2 or overflow)");
        return b2 && alone_ok(&p->body1) && !alone_ok(b2) ? "body2" : "body1";
    }
    int which;
    double k = bodies_cond(&p->body1, b2, plain, &which);
    if (!(k <= IMP_COND2D_MAX)) {
        char num[32];
        if (msg && n) {
            cond_text(&p->body1, b2, k, num);
            snprintf(msg, n, "makes the contact compliance too ill-conditioned for double precision "
                     "(condition number ~%s > %g: rho is too small against the arm (x, y))",
                     num, IMP_COND2D_MAX);
        }
        return which ? "body2" : "body1";
    }
    return NULL;
}

/* One body: its spin change (y Px - x Py)/(m rho^2) cancels when rho is
 * much smaller than the CM's distance from the contact (an error of order
 * eps |P| |r|/(m rho^2)). The traced contact velocities give it without
 * that: S - S0 = Px/m + y dw and C - C0 = Py/m - x dw. In xd, as the
 * coefficients: x^2 + y^2 overflows for x = 1e160. */
static void spin_wide(const imp_body2d *b, const imp_coef2d *c,
                      const imp_result2d *r, double v[3])
{
    xd x = xd_of(b->x), y = xd_of(b->y), rho = xd_of(b->rho);
    xd r2 = xd_add(xd_mul(x, x), xd_mul(y, y)), im = xd_div(xd_of(1), xd_of(b->m));
    if (!(xd_sub(r2, xd_mul(rho, rho)).f > 0))
        return;
    xd dS = xd_sub(xd_sub(xd_of(r->S), xd_of(c->S0)), xd_mul(xd_of(r->Px), im));
    xd dC = xd_sub(xd_mul(xd_of(r->Py), im), xd_sub(xd_of(r->C), xd_of(c->C0)));
    xd dw = xd_div(xd_add(xd_mul(y, dS), xd_mul(x, dC)), r2);
    v[2] = xd_val(xd_add(xd_of(b->w), dw));
}

static void spin_from_contact(const imp_body2d *b, const imp_coef2d *c,
                              const imp_result2d *r, int plain, double v[3])
{
    if (!(plain & in_window(r->S) & in_window(r->C) & in_window(c->S0) &
          in_window(c->C0) & in_window(r->Px) & in_window(r->Py))) {
        spin_wide(b, c, r, v);
        return;
    }
    double r2 = b->x * b->x + b->y * b->y, im = 1 / b->m;
    if (!(r2 > b->rho * b->rho))
        return;
    double dw = (b->y * (r->S - c->S0 - r->Px * im) + b->x * (r->Py * im - (r->C - c->C0))) / r2;
    v[2] = b->w + dw;
}

/* Routh's path with p's mu_s, mu_k, or with the friction law fr. */
static inline imp_status path_solve(const imp_problem2d *p, const imp_friction *fr,
                                    const imp_coef2d *c, imp_result2d *out)
{
    return fr ? imp_path2d_solve_friction(c, fr, &p->law, out)
              : imp_path2d_solve(c, p->mu_s, p->mu_k, &p->law, out);
}

static imp_status problem_solve(const imp_problem2d *p, const imp_friction *fr,
                                imp_result2d *out, double post[2][3])
{
    if (p->nbodies == 0)
        return path_solve(p, fr, &p->coef, out);
    const imp_body2d *b2 = p->nbodies == 2 ? &p->body2 : NULL;
    if (!body_ok(&p->body1) || (b2 && !body_ok(b2)))
        return IMP_EINPUT;
    int which, plain = bodies_plain(&p->body1, b2);
    if (!(bodies_cond(&p->body1, b2, plain, &which) <= IMP_COND2D_MAX))
        return IMP_ESINGULAR;   /* imp_problem2d_check names the body */
    imp_coef2d c;
    coef_any(&p->body1, b2, plain, &c);
    imp_status st = path_solve(p, fr, &c, out);
    if (st == IMP_OK && post) {
        after_any(&p->body1, 1, out->Px, out->Py, plain, post[0]);
        if (b2)
            after_any(b2, -1, out->Px, out->Py, plain, post[1]);
        else
            spin_from_contact(&p->body1, &c, out, plain, post[0]);
        for (int i = 0; i < (b2 ? 6 : 3); i++)
            if (!isfinite(post[i / 3][i % 3]))
                return IMP_EOVERFLOW;  /* never return inf/NaN */
    }
    return st;
}

imp_status imp_problem2d_solve(const imp_problem2d *p, imp_result2d *out,
                               double post[2][3])
{
    return problem_solve(p, NULL, out, post);
}

imp_status imp_problem2d_solve_friction(const imp_problem2d *p, const imp_friction *f,
                                        imp_result2d *out, double post[2][3])
{
    return f ? problem_solve(p, f, out, post) : IMP_EINPUT;
}

int imp_problem2d_field(const char *name, size_t off[2])
{
#define F(s, m) { s, offsetof(imp_problem2d, m) }
    static const struct { const char *name; size_t off; } fields[] = {
        F("B1", coef.B1), F("B2", coef.B2), F("B3", coef.B3),
        F("S0", coef.S0), F("C0", coef.C0),
        F("mu_s", mu_s), F("mu_k", mu_k), F("e", law.e),
        F("body1.m", body1.m), F("body1.rho", body1.rho), F("body1.x", body1.x),
        F("body1.y", body1.y), F("body1.vx", body1.vx), F("body1.vy", body1.vy),
        F("body1.w", body1.w),
        F("body2.m", body2.m), F("body2.rho", body2.rho), F("body2.x", body2.x),
        F("body2.y", body2.y), F("body2.vx", body2.vx), F("body2.vy", body2.vy),
        F("body2.w", body2.w),
    };
#undef F
    if (strcmp(name, "mu") == 0) {
        off[0] = offsetof(imp_problem2d, mu_s);
        off[1] = offsetof(imp_problem2d, mu_k);
        return 2;
    }
    for (size_t i = 0; i < sizeof fields / sizeof *fields; i++) {
        if (strcmp(fields[i].name, name) == 0) {
            off[0] = fields[i].off;
            return 1;
        }
    }
    return 0;
}

int imp_problem2d_set(imp_problem2d *p, const char *name, double v)
{
    size_t off[2];
    int n = imp_problem2d_field(name, off);
    for (int i = 0; i < n; i++)
        memcpy((char *)p + off[i], &v, sizeof v);
    return n;
}
