/* Bodies and problems of the planar impact: the coefficients B1..C0 from
 * two bodies (WM92 eqs 5-23), post-impact velocities, the names of modes,
 * classes and events, and imp_problem2d (check, solve, named fields). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csvnum.h"
#include "impact2d.h"

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

/* One body's share of B1, B2, B3 (WM92 eqs 5-23, eq 21 with a plus sign). The lengths are
 * divided by rho first, so that large or small m, rho do not overflow
 * I = m rho^2; two divisions per body. xr, yr are kept for Delta. */
static void add_body(const imp_body2d *b, imp_coef2d *c, double *xr, double *yr)
{
    double im = 1 / b->m, ir = 1 / b->rho;
    *xr = b->x * ir;
    *yr = b->y * ir;
    c->B1 += (1 + *yr * *yr) * im;
    c->B2 += (1 + *xr * *xr) * im;
    c->B3 += *xr * *yr * im;   /* body 2 enters with a PLUS sign too (WM92 eq
                                  21 corrected): both CMs are measured from
                                  the contact point */
}

/* Delta = B1*B2 - B3^2 summed from positive terms only (no cancellation,
 * unlike the difference of the rounded B's): with r_i^2 = (x_i^2 + y_i^2)/rho_i^2,
 *   one body   (1 + r^2)/m^2
 *   two bodies (1 + r1^2)/m1^2 + (1 + r2^2)/m2^2
 *              + (2 + r1^2 + r2^2 + (x2 y1 - x1 y2)^2/(rho1 rho2)^2)/(m1 m2) */
void imp_coef2d_from_bodies(const imp_body2d *b1, const imp_body2d *b2,
                            imp_coef2d *c)
{
    double x1, y1, x2, y2;
    c->B1 = c->B2 = c->B3 = 0;
    add_body(b1, c, &x1, &y1);
    double r1 = x1 * x1 + y1 * y1, im1 = 1 / b1->m;
    c->D = (1 + r1) * im1 * im1;
    c->S0 = b1->vx + b1->w * b1->y;
    c->C0 = b1->vy - b1->w * b1->x;
    if (b2) {
        add_body(b2, c, &x2, &y2);
        double r2 = x2 * x2 + y2 * y2, im2 = 1 / b2->m, q = x2 * y1 - x1 * y2;
        c->D += (1 + r2) * im2 * im2 + (2 + r1 + r2 + q * q) * im1 * im2;
        c->S0 -= b2->vx + b2->w * b2->y;
        c->C0 -= b2->vy - b2->w * b2->x;
    }
}

void imp_body2d_after(const imp_body2d *b, double sign, double Px, double Py,
                      double out[3])
{
    double px = sign * Px, py = sign * Py, im = 1 / b->m, ir = 1 / b->rho;
    out[0] = b->vx + px * im;
    out[1] = b->vy + py * im;
    /* times 1/m, then 1/rho: the product 1/(m rho) underflowed for m = 1e246,
     * rho = 1e175, and the spin kept its energy (a gain) */
    out[2] = b->w + ((b->y * ir) * px - (b->x * ir) * py) * im * ir;
}

double imp_body2d_energy(const imp_body2d *b, const double v[3])
{
    double rw = b->rho * v[2];
    return 0.5 * b->m * (v[0] * v[0] + v[1] * v[1] + rw * rw);
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
 * [B3, B2]] (trace^2 / det >= lambda_max / lambda_min), with the masses
 * divided by the smaller one so that neither the trace nor det under- or
 * overflows for merely heavy or light bodies. *which is the body whose own
 * compliance is the larger (0 or 1): the slender one. */
static double bodies_cond(const imp_body2d *b1, const imp_body2d *b2, int *which)
{
    imp_body2d s1 = *b1, s2 = b2 ? *b2 : *b1;
    double mm = b2 ? fmin(b1->m, b2->m) : b1->m;
    s1.m = b1->m / mm;
    s2.m = s2.m / mm;
    imp_coef2d c;
    imp_coef2d_from_bodies(&s1, b2 ? &s2 : NULL, &c);
    *which = 0;
    if (b2) {
        imp_coef2d c1, c2;
        imp_coef2d_from_bodies(&s1, NULL, &c1);
        imp_coef2d_from_bodies(&s2, NULL, &c2);
        *which = !(c1.B1 + c1.B2 >= c2.B1 + c2.B2);
    }
    double t = c.B1 + c.B2;
    return c.D > 0 ? t / c.D * t : INFINITY;
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
    if ((unsigned)p->law.kind > IMP_LAW_CUSTOM ||
        (p->law.kind == IMP_LAW_CUSTOM && !p->law.fn)) {
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
    imp_coef2d_from_bodies(&p->body1, p->nbodies == 2 ? &p->body2 : NULL, &c);
    if (!(isfinite(c.B1) && isfinite(c.B2) && isfinite(c.B3) && isfinite(c.S0) &&
          isfinite(c.C0) && imp_coef2d_posdef(&c))) {
        if (msg && n)
            snprintf(msg, n, "gives a degenerate contact (B1*B2 <= B3^2 or overflow)");
        return "body1";
    }
    int which;
    double k = bodies_cond(&p->body1, p->nbodies == 2 ? &p->body2 : NULL, &which);
    if (!(k <= IMP_COND2D_MAX)) {
        if (msg && n)
            snprintf(msg, n, "makes the contact compliance too ill-conditioned for double precision "
                     "(condition number ~%.3g > %g: rho is too small against the arm (x, y))",
                     k, IMP_COND2D_MAX);
        return which ? "body2" : "body1";
    }
    return NULL;
}

/* One body: its spin change (y Px - x Py)/(m rho^2) cancels when rho is
 * much smaller than the CM's distance from the contact (an error of order
 * eps |P| |r|/(m rho^2)). The traced contact velocities give it without
 * that: S - S0 = Px/m + y dw and C - C0 = Py/m - x dw. */
static void spin_from_contact(const imp_body2d *b, const imp_coef2d *c,
                              const imp_result2d *r, double v[3])
{
    double r2 = b->x * b->x + b->y * b->y, im = 1 / b->m;
    if (!(r2 > b->rho * b->rho && isfinite(r2)))
        return;
    double dw = (b->y * (r->S - c->S0 - r->Px * im) + b->x * (r->Py * im - (r->C - c->C0))) / r2;
    v[2] = b->w + dw;
}

imp_status imp_problem2d_solve(const imp_problem2d *p, imp_result2d *out,
                               double post[2][3])
{
    if (p->nbodies == 0)
        return imp_path2d_solve(&p->coef, p->mu_s, p->mu_k, &p->law, out);
    const imp_body2d *b2 = p->nbodies == 2 ? &p->body2 : NULL;
    if (!body_ok(&p->body1) || (b2 && !body_ok(b2)))
        return IMP_EINPUT;
    int which;
    if (!(bodies_cond(&p->body1, b2, &which) <= IMP_COND2D_MAX))
        return IMP_ESINGULAR;   /* imp_problem2d_check names the body */
    imp_coef2d c;
    imp_coef2d_from_bodies(&p->body1, b2, &c);
    imp_status st = imp_path2d_solve(&c, p->mu_s, p->mu_k, &p->law, out);
    if (st == IMP_OK && post) {
        imp_body2d_after(&p->body1, 1, out->Px, out->Py, post[0]);
        if (b2)
            imp_body2d_after(b2, -1, out->Px, out->Py, post[1]);
        else
            spin_from_contact(&p->body1, &c, out, post[0]);
        for (int i = 0; i < (b2 ? 6 : 3); i++)
            if (!isfinite(post[i / 3][i % 3]))
                return IMP_EOVERFLOW;  /* never return inf/NaN */
    }
    return st;
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
