/* The compliant normal laws run along the rigid path (see compliant.h).
 *
 * The state (p, delta) is integrated in time with Dormand & Prince's
 * 8(5,3) pair (dop853.h), adaptive, at a tolerance of 1e-12 (relative, and
 * of the impact's scale near 0). The knots of vn(p) (the path's vertices:
 * a slip that stops or reverses, maximum compression) and the end are
 * events, located by re-taking the step with a shorter length (Newton's
 * steps on the event's rate, Illinois as the fallback), so that every step
 * is smooth: vn is linear in p inside one. The peak force is located the
 * same way (dF/dt = 0).
 *
 * Hertz's unloading (Stronge's energetic loss, as lzb's contact
 * springs): from the peak (delta_m, F_m) at maximum compression the force
 * is F_m ((delta - delta_r) / (delta_m - delta_r))^(3/2) with
 * delta_r = (1 - e^2) delta_m, which returns e^2 of the energy stored
 * (k delta_m^(5/2) / (5/2) = F_m delta_m / (5/2)). */
#include <math.h>

#include "compliant.h"
#include "dop853.h"
#include "interrupt.h"

const char *const imp_damping_names[] = {"hunt-crossley", "lankarani-nikravesh", "flores", NULL};

int imp_law_is_compliant(const imp_law *law)
{
    const imp_law_type *t = law ? imp_law_type_of(law->kind) : NULL;
    return t && t->compliant;
}

static int finite_pos(double x) { return isfinite(x) && x > 0; }

imp_status imp_compliant_check(imp_law_kind kind, const imp_compliant *cp)
{
    if (!cp || !finite_pos(cp->k) || !finite_pos(cp->n))
        return IMP_EINPUT;
    switch (kind) {
    case IMP_LAW_KELVIN_VOIGT:
        if (isnan(cp->c))
            return cp->zeta >= 0 && cp->zeta < 1 ? IMP_OK : IMP_EINPUT;
        return isfinite(cp->c) && cp->c >= 0 ? IMP_OK : IMP_EINPUT;
    case IMP_LAW_HERTZ:
        return cp->e >= 0 && cp->e <= 1 ? IMP_OK : IMP_EINPUT;
    case IMP_LAW_HUNT_CROSSLEY:
        if (isnan(cp->c))
            return cp->damping != IMP_DAMPING_NONE && cp->e > 0 && cp->e <= 1 ? IMP_OK
                                                                              : IMP_EINPUT;
        return isfinite(cp->c) && cp->c >= 0 ? IMP_OK : IMP_EINPUT;
    default:
        return IMP_EINPUT;
    }
}

double imp_compliant_damping(imp_law_kind kind, const imp_compliant *cp, double vn0, double Wnn)
{
    double v0 = -vn0, e = cp->e;
    if (!isnan(cp->c))
        return cp->c;
    if (kind == IMP_LAW_KELVIN_VOIGT)        /* zeta = c / (2 sqrt(k m_eff)) */
        return 2 * cp->zeta * sqrt(cp->k / Wnn);
    if (kind != IMP_LAW_HUNT_CROSSLEY)
        return 0;
    switch (cp->damping) {
    case IMP_DAMPING_HUNT_CROSSLEY: return 3 * (1 - e) / (2 * v0);
    case IMP_DAMPING_LANKARANI_NIKRAVESH: return 3 * (1 - e * e) / (4 * v0);
    case IMP_DAMPING_FLORES: return 8 * (1 - e) / (5 * e * v0);
    default: return 0;
    }
}

typedef struct {
    const imp_compliant_path *path;
    imp_law_kind kind;
    double k, n, c, e;
    int tension;
    int unloading;            /* Hertz after maximum compression */
    double dm, Fm, dr;        /* ... its peak and residual indentation */
    int seg;                  /* the current piece of vn(p) */
    int cubic;                /* Hermite through (pa, va, m0), (pa + h, vb, m1) */
    double pa, va, kv;        /* else its line: vn = va + kv (p - pa) */
    double h, vb, m0, m1;
    double Wnn;
    /* Kelvin-Voigt on a line: the oscillator delta'' + 2 beta delta' +
     * kv k delta = 0 (beta = kv c / 2, w2 = kv k - beta^2), stepped in
     * closed form, steps of at most hcap */
    int exact;
    double beta, w2, w, hcap;
    double dtiny;             /* 1e-15 of the penetration's scale */
} run_t;

static void set_seg(run_t *r, int seg)
{
    const imp_compliant_path *P = r->path;
    r->seg = seg;
    r->pa = P->p[seg];
    r->va = P->vn[seg];
    r->cubic = 0;
    r->exact = 0;
    if (seg + 1 >= P->n) {
        r->kv = P->k_last;
    } else {
        r->h = P->p[seg + 1] - P->p[seg];
        r->vb = P->vn[seg + 1];
        r->kv = (r->vb - r->va) / r->h;
        if (P->s0) {
            r->cubic = 1;
            r->m0 = P->s0[seg] * r->h;
            r->m1 = P->s1[seg] * r->h;
            return;
        }
    }
    /* p follows from vn on the line, p = pa + (vn - va) / kv: a slope far
     * from 0 (else the time integration) */
    if (r->kind != IMP_LAW_KELVIN_VOIGT || !(fabs(r->kv) >= 1e-3 * r->Wnn))
        return;
    r->exact = 1;
    r->beta = 0.5 * r->kv * r->c;
    r->w2 = r->kv * r->k - r->beta * r->beta;
    r->w = sqrt(fabs(r->w2));
    /* an oscillation: less than half its period, so that delta, F and
     * dF/dt (zeros pi / w apart) cross 0 at most once in a step; else
     * they cross 0 at most once at all */
    r->hcap = r->w2 > 0 ? 0.9 * M_PI / r->w : 2 / sqrt(fabs(r->kv * r->k) + r->beta * r->beta);
}

static double vn_at(const run_t *r, double p)
{
    if (!r->cubic)
        return r->va + r->kv * (p - r->pa);
    double x = (p - r->pa) / r->h, x2 = x * x, x3 = x2 * x;
    /* a trial step past the piece (before its knot's event is located):
     * the tangent line at the nearer end, never the cubic far outside */
    if (x < 0)
        return r->va + r->m0 * x;
    if (x > 1)
        return r->vb + r->m1 * (x - 1);
    return (2 * x3 - 3 * x2 + 1) * r->va + (x3 - 2 * x2 + x) * r->m0 +
           (-2 * x3 + 3 * x2) * r->vb + (x3 - x2) * r->m1;
}

static double dvn_at(const run_t *r, double p)
{
    if (!r->cubic)
        return r->kv;
    double x = (p - r->pa) / r->h, x2 = x * x;
    if (x < 0)
        return r->m0 / r->h;
    if (x > 1)
        return r->m1 / r->h;
    return ((6 * x2 - 6 * x) * r->va + (3 * x2 - 4 * x + 1) * r->m0 +
            (-6 * x2 + 6 * x) * r->vb + (3 * x2 - 2 * x) * r->m1) / r->h;
}

/* x^n and x^(n-1), with Hertz's 3/2 without pow */
static inline double powr(double x, double n) { return n == 1.5 ? x * sqrt(x) : pow(x, n); }
static inline double powr1(double x, double n) { return n == 1.5 ? sqrt(x) : pow(x, n - 1); }

static double force(const run_t *r, double delta, double vn)
{
    double d = delta > 0 ? delta : 0;
    switch (r->kind) {
    case IMP_LAW_KELVIN_VOIGT:
        return r->k * delta - r->c * vn;
    case IMP_LAW_HUNT_CROSSLEY:
        return r->k * powr(d, r->n) * (1 - r->c * vn);
    default:                  /* Hertz */
        if (!r->unloading)
            return r->k * powr(d, r->n);
        double x = (delta - r->dr) / (r->dm - r->dr);
        return x > 0 ? r->Fm * powr(x, r->n) : 0;
    }
}

/* dF/dt = F_delta (-vn) + F_vn (dvn/dt), dvn/dt = (dvn/dp) F. */
static double force_rate(const run_t *r, double delta, double p)
{
    double vn = vn_at(r, p);
    double d = delta > 0 ? delta : 0, F = force(r, delta, vn), Fd, Fv;
    switch (r->kind) {
    case IMP_LAW_KELVIN_VOIGT:
        Fd = r->k;
        Fv = -r->c;
        break;
    case IMP_LAW_HUNT_CROSSLEY:
        Fd = d > 0 ? r->n * r->k * powr1(d, r->n) * (1 - r->c * vn) : 0;
        Fv = -r->c * r->k * powr(d, r->n);
        break;
    default: {
        Fv = 0;
        if (!r->unloading) {
            Fd = d > 0 ? r->n * r->k * powr1(d, r->n) : 0;
        } else {
            double x = (delta - r->dr) / (r->dm - r->dr);
            Fd = x > 0 ? r->n * r->Fm * powr1(x, r->n) / (r->dm - r->dr) : 0;
        }
    }
    }
    return -Fd * vn + Fv * dvn_at(r, p) * F;
}

/* Kelvin-Voigt on a line, a step h in closed form: with u = delta' = -vn,
 * delta(h) = E (C delta + S (beta delta + u)), u(h) = E (C u - S (kv k delta
 * + beta u)), E = exp(-beta h), C = cos(w h), S = sin(w h) / w (cosh and
 * sinh over damped, 1 and h critically); p + u / kv is constant. */
static void kv_step(const run_t *r, const double y[2], double h, double yn[2])
{
    double x0 = y[1], u0 = -(r->va + r->kv * (y[0] - r->pa)), E = exp(-r->beta * h), C, S;
    if (r->w2 > 0) {
        C = cos(r->w * h);
        S = sin(r->w * h) / r->w;
    } else if (r->w2 < 0) {
        C = cosh(r->w * h);
        S = sinh(r->w * h) / r->w;
    } else {
        C = 1;
        S = h;
    }
    double x = E * (C * x0 + S * (r->beta * x0 + u0));
    double u = E * (C * u0 - S * (r->kv * r->k * x0 + r->beta * u0));
    yn[1] = x;
    yn[0] = y[0] + (u0 - u) / r->kv;
}

IMP_DOP853_INLINE void rhs(const void *ctx, double t, const double *y, double *dy)
{
    const run_t *r = ctx;
    (void)t;
    double vn = vn_at(r, y[0]);
    dy[0] = force(r, y[1], vn);
    dy[1] = -vn;
}

/* DOP853's embedded 3rd-order weights (Hairer's bhh: stages 1, 9, 12) */
#define BHH1 0.244094488188976377952755905512
#define BHH2 0.733846688281611857341361741547
#define BHH3 0.220588235294117647058823529412e-01

enum { EV_KNOT_UP, EV_KNOT_DOWN, EV_END_F, EV_END_D, EV_PEAK, EV_PULL, NEV };

/* A step h from y: in closed form (err 0) or DOP853's */
static void step(const run_t *r, const double *y, double h, double *yn, double *err,
                 double *k0, int have_k0, double *work)
{
    if (r->exact) {
        kv_step(r, y, h, yn);
        if (err)
            err[0] = err[1] = 0;
        return;
    }
    imp_dop853_step(rhs, r, 2, 0, y, h, yn, err, k0, have_k0, work);
}

/* The event functions at (p, delta); an event happens where one goes from
 * < 0 to >= 0. Inactive ones are -1. */
static void events(const run_t *r, const double y[2], int restit, double g[NEV])
{
    const imp_compliant_path *P = r->path;
    double vn = vn_at(r, y[0]);
    g[EV_KNOT_UP] = r->seg + 1 < P->n ? y[0] - P->p[r->seg + 1] : -1;
    g[EV_KNOT_DOWN] = r->seg > 0 ? P->p[r->seg] - y[0] : -1;
    g[EV_END_F] = -1;
    g[EV_END_D] = -1;
    if (restit) {
        if (!(r->kind == IMP_LAW_KELVIN_VOIGT && r->tension)) {
            g[EV_END_F] = -force(r, y[1], vn);
            if (r->kind == IMP_LAW_HERTZ && r->unloading)
                g[EV_END_F] = r->dr - y[1];
            /* Hunt-Crossley's F = k delta^n (1 - c vn) lets go where its
             * damping factor does (a simple root; -F's at delta = 0 is
             * of order n, where Newton crawls: that end is EV_END_D's) */
            if (r->kind == IMP_LAW_HUNT_CROSSLEY)
                g[EV_END_F] = r->c * vn - 1;
        }
        /* a closed-form step ends at delta = 1e-15 of its scale: an
         * overdamped pull only approaches 0 (as the integrator's error
         * crosses it) */
        g[EV_END_D] = r->exact ? r->dtiny - y[1] : -y[1];
    }
    g[EV_PEAK] = -force_rate(r, y[1], y[0]);
    /* a closed-form step ends where F = 0 (the pull starts, or the end),
     * so that p is monotone in it and a knot it reaches is seen */
    g[EV_PULL] = r->exact ? -force(r, y[1], vn) : -1;
}

/* The rate dg/dt of event ev's function at y (restit: the restitution
 * phase's ends are live), for Newton's steps. */
static double event_rate(const run_t *r, int ev, const double y[2])
{
    double vn = vn_at(r, y[0]);
    switch (ev) {
    case EV_KNOT_UP: return force(r, y[1], vn);     /* g = p - p_knot */
    case EV_KNOT_DOWN: return -force(r, y[1], vn);
    case EV_END_D: return vn;                       /* g = -delta */
    default:                                        /* EV_END_F, EV_PULL */
        if (ev == EV_PULL)
            return -force_rate(r, y[1], y[0]);
        if (r->kind == IMP_LAW_HERTZ && r->unloading)
            return vn;                              /* g = delta_r - delta */
        if (r->kind == IMP_LAW_HUNT_CROSSLEY)       /* g = c vn - 1 */
            return r->c * dvn_at(r, y[0]) * force(r, y[1], vn);
        return -force_rate(r, y[1], y[0]);          /* g = -F */
    }
}

/* theta in (0, 1] where event ev crosses within the step (t, y) -> h, on
 * the re-taken step: Newton's steps on g(theta) with the event's rate
 * (dg/dtheta = h dg/dt), kept inside the bracket (else Illinois); they
 * converge in a few re-takes where Illinois alone took tens. The peak
 * force (EV_PEAK) is a maximum: F there is wrong by F'' dt^2 only, so
 * its bracket stops at 1e-7 and it takes Illinois. */
static double locate(const run_t *r, int ev, const double y[2], double h, double ga, double gb,
                     int restit, double *k0, double *work)
{
    double a = 0, b = 1, yn[2], g[NEV];
    double x = (a * gb - b * ga) / (gb - ga), tol = ev == EV_PEAK ? 1e-7 : 1e-15;
    int side = 0;
    for (int it = 0; it < 100 && b - a > tol; it++) {
        if (!(x > a && x < b))
            x = (a * gb - b * ga) / (gb - ga);
        if (!(x > a && x < b))
            x = 0.5 * (a + b);
        step(r, y, x * h, yn, NULL, k0, 1, work);
        events(r, yn, restit, g);
        double gx = g[ev];
        if (gx >= 0) {
            b = x;
            gb = gx;
            if (side == -1) ga *= 0.5;
            side = -1;
        } else {
            a = x;
            ga = gx;
            if (side == 1) gb *= 0.5;
            side = 1;
        }
        if (ev == EV_PEAK)
            continue;
        double d = h * event_rate(r, ev, yn);
        if (!(d != 0 && isfinite(d)))
            continue;
        double dx = -gx / d;
        x += dx;
        /* converged: the crossing is within 1e-15 of x; the >= 0 side */
        if (fabs(dx) < 1e-15)
            return fmin(b, fmax(x, a) + 1e-15);
    }
    return b;
}

imp_status imp_compliant_run(const imp_law *law, const imp_compliant_path *path, double Wnn,
                             imp_compliant_out *out)
{
    const imp_compliant *cp = ((const imp_compliant *)law->ctx);
    const double rtol = 1e-12;
    double vn0 = path->vn[0], v0 = -vn0;
    run_t r = {0};
    r.path = path;
    r.kind = law->kind;
    r.k = cp->k;
    r.n = law->kind == IMP_LAW_HERTZ ? 1.5 : law->kind == IMP_LAW_KELVIN_VOIGT ? 1 : cp->n;
    r.c = imp_compliant_damping(law->kind, cp, vn0, Wnn);
    r.e = cp->e;
    r.tension = cp->tension;
    r.Wnn = Wnn;
    set_seg(&r, 0);
    out->c = r.c;
    out->F_max = 0;
    out->delta_max = 0;
    out->steps = 0;
    if (!(v0 > 0 && Wnn > 0) || !isfinite(r.c))
        return IMP_EINPUT;
    /* scales: the penetration that stores the approach's energy v0^2/(2 Wnn) */
    double dstar = pow((r.n + 1) * v0 * v0 / (2 * Wnn * r.k), 1 / (r.n + 1));
    double pstar = v0 / Wnn, tstar = dstar / v0;
    r.dtiny = 1e-15 * dstar;
    double atol[2] = {rtol * pstar, rtol * dstar};
    /* k0 = f(t, y) at the step's start, shared by its re-takes */
    double y[2] = {0, 0}, yn[2], err[2], k0[2] = {0, 0}, work[26], g0[NEV], g1[NEV];
    double t = 0, h = 1e-3 * tstar;
    /* the leading-order start, past the force's non-smooth
     * origin (F ~ delta^n): delta = v0 t, p = F0 t^(n+1) / (n+1) for
     * F ~ k (v0 t)^n (1 + c v0), to t0 = 1e-4 tstar; the terms left out
     * are (t0/tstar)^(n+1) of these. (Kelvin-Voigt starts regularly.) */
    if (r.kind != IMP_LAW_KELVIN_VOIGT) {
        double t0 = 1e-4 * tstar, d0 = v0 * t0;
        double F0 = force(&r, d0, vn0), p0 = F0 * t0 / (r.n + 1);
        if (path->n < 2 || p0 < path->p[1]) {      /* still on the first piece */
            y[0] = p0;
            y[1] = d0 - Wnn * p0 * t0 / (r.n + 2);
            t = t0;
        }
    }
    int restit = 0, have_k0 = 0;
    /* Kelvin-Voigt's c v0 at the start may be the peak (a decreasing force) */
    out->F_max = fmax(0, force(&r, y[1], vn_at(&r, y[0])));
    events(&r, y, restit, g0);
    for (long it = 0;; it++) {
        if (it > 2000000)
            return IMP_ESTEPS;
        if ((it & 1023) == 1023 && imp_interrupt_pending())
            return IMP_EINTERRUPT;
        if (r.exact)
            h = r.hcap;         /* no error to control */
        step(&r, y, h, yn, err, k0, have_k0, work);
        have_k0 = 1;
        /* Hairer's error norm of DOP853 (Hairer, Norsett & Wanner 1993,
         * II.10): the 5th-order estimate blended with the 3rd-order one,
         * err5^2 / sqrt(err5^2 + 0.01 err3^2), which is O(h^8) as the
         * step controller's exponent 1/8 assumes (the 5th-order estimate
         * alone is O(h^6): steps some 3 times too short at 1e-12). The
         * stages are still in work (k[s] = work + 2 s). */
        double e5 = 0, e3 = 0;
        for (int i = 0; i < 2 && !r.exact; i++) {
            double sc = atol[i] + rtol * fmax(fabs(y[i]), fabs(yn[i]));
            double d3 = (yn[i] - y[i]) - h * (BHH1 * work[i] + BHH2 * work[16 + i] +
                                              BHH3 * work[22 + i]);
            e5 += (err[i] / sc) * (err[i] / sc);
            e3 += (d3 / sc) * (d3 / sc);
        }
        double en = e5 > 0 ? e5 / sqrt(2 * (e5 + 0.01 * e3)) : 0;
        if (r.exact)
            en = 0;
        if (!isfinite(en) || !isfinite(yn[0] + yn[1] + err[0] + err[1]))
            return IMP_EOVERFLOW;
        if (en > 1) {
            h *= fmax(0.2, 0.9 * pow(en, -0.125));
            continue;
        }
        out->steps++;
        events(&r, yn, restit, g1);
        /* the first event that crosses within the step */
        int ev = -1;
        double th = 2;
        for (int k = 0; k < NEV; k++) {
            if (!(g0[k] < 0 && g1[k] >= 0))
                continue;
            if (k == EV_PEAK)        /* below, inside the step as taken */
                continue;
            double x = locate(&r, k, y, h, g0[k], g1[k], restit, k0, work);
            if (x < th) {
                th = x;
                ev = k;
            }
        }
        /* past F = 0 p turns back: the knots are looked for again in the
         * step cut there */
        if (r.exact && (ev == EV_END_F || ev == EV_PULL)) {
            double hc = th * h, yc[2], gc[NEV];
            step(&r, y, hc, yc, NULL, k0, 1, work);
            events(&r, yc, restit, gc);
            for (int k = EV_KNOT_UP; k <= EV_KNOT_DOWN; k++) {
                if (!(g0[k] < 0 && gc[k] >= 0))
                    continue;
                double x = locate(&r, k, y, hc, g0[k], gc[k], restit, k0, work) * th;
                if (x <= th) {
                    th = x;
                    ev = k;
                }
            }
        }
        double hn = h * fmin(5.0, 0.9 * pow(en > 1e-10 ? en : 1e-10, -0.125));
        double hs = h;
        if (ev >= 0) {
            hs = th * h;
            step(&r, y, hs, yn, NULL, k0, 1, work);
            events(&r, yn, restit, g1);
        }
        /* the peak force, where dF/dt crosses 0 in the step as taken (not
         * past an event that cut it: there the piece's line no longer holds) */
        if (g0[EV_PEAK] < 0 && g1[EV_PEAK] >= 0) {
            double x = locate(&r, EV_PEAK, y, hs, g0[EV_PEAK], g1[EV_PEAK], restit, k0, work),
                   yp[2];
            step(&r, y, x * hs, yp, NULL, k0, 1, work);
            double F = force(&r, yp[1], vn_at(&r, yp[0]));
            out->F_max = F > out->F_max ? F : out->F_max;
        }
        t += hs;
        y[0] = yn[0];
        y[1] = yn[1];
        have_k0 = 0;
        double vn = vn_at(&r, y[0]), F = force(&r, y[1], vn);
        out->F_max = F > out->F_max ? F : out->F_max;
        out->delta_max = y[1] > out->delta_max ? y[1] : out->delta_max;
        if (ev == EV_END_F || ev == EV_END_D) {
            out->duration = t;
            out->p_end = y[0];
            out->vn_end = vn;
            out->e_eff = -vn / vn0;
            return IMP_OK;
        }
        if (ev == EV_KNOT_UP) {
            set_seg(&r, r.seg + 1);
            y[0] = r.pa;
            if (r.va >= 0 && !restit) {       /* maximum compression */
                restit = 1;
                out->delta_max = y[1] > out->delta_max ? y[1] : out->delta_max;
                if (r.kind == IMP_LAW_HERTZ) {
                    r.dm = y[1];
                    r.Fm = force(&r, y[1], 0);
                    r.dr = (1 - r.e * r.e) * r.dm;
                    r.unloading = 1;
                    if (!(r.dm > r.dr)) {    /* e = 0: no restitution */
                        out->duration = t;
                        out->p_end = y[0];
                        out->vn_end = 0;
                        out->e_eff = 0;
                        return IMP_OK;
                    }
                }
            }
        } else if (ev == EV_KNOT_DOWN) {
            set_seg(&r, r.seg - 1);
            y[0] = path->p[r.seg + 1];
        }
        events(&r, y, restit, g0);
        /* a step that ended on an event restarts at its own scale */
        h = ev >= 0 ? fmax(th * h, 1e-3 * tstar) : hn;
    }
}
