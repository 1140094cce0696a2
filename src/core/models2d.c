/* Cataldo & Sampaio's family of algebraic collision models (PHYSICS.md F). */
#include <math.h>
#include <stddef.h>

#include "models2d.h"

#define TOL 1e-12

static double sgn(double x) { return (x > 0) - (x < 0); }

const char *imp_model_name(imp_model2d m)
{
    switch (m) {
    case IMP_MODEL_NEWTON_FRICTIONLESS: return "newton-frictionless";
    case IMP_MODEL_KANE:                return "kane";
    case IMP_MODEL_BRACH:               return "brach";
    case IMP_MODEL_SMITH:               return "smith";
    case IMP_MODEL_GLOCKER_PFEIFFER:    return "glocker-pfeiffer";
    case IMP_MODEL_CS:                  return "cs";
    }
    return "unknown";
}

const char *imp_model_status_name(imp_model_status s)
{
    switch (s) {
    case IMP_MSTATUS_EXACT:         return "exact";
    case IMP_MSTATUS_RECONSTRUCTED: return "reconstructed";
    case IMP_MSTATUS_UNCERTAIN:     return "uncertain";
    }
    return "unknown";
}

const char *imp_slip_name(imp_slip s)
{
    switch (s) {
    case IMP_SLIP_NONE:         return "none";
    case IMP_SLIP_FRICTIONLESS: return "frictionless";
    case IMP_SLIP_STICKING:     return "sticking";
    case IMP_SLIP_SLIDING:      return "sliding";
    case IMP_SLIP_REVERSED:     return "reversed";
    }
    return "unknown";
}

/* F.9: Newton frictionless is exact; Kane, Brach, Smith and GP case 1 are
 * reconstructions; the C-S model is only a skeleton. */
imp_model_status imp_model_status_of(imp_model2d m)
{
    switch (m) {
    case IMP_MODEL_NEWTON_FRICTIONLESS: return IMP_MSTATUS_EXACT;
    case IMP_MODEL_CS:                  return IMP_MSTATUS_UNCERTAIN;
    default:                            return IMP_MSTATUS_RECONSTRUCTED;
    }
}

imp_class imp_model_class(const imp_coef2d *c)
{
    return imp_coef2d_class(c);
}

double imp_energy2d(const imp_coef2d *c, double Px, double Py)
{
    return c->S0 * Px + c->C0 * Py
         + 0.5 * (c->B1 * Px * Px - 2 * c->B3 * Px * Py + c->B2 * Py * Py);
}

static double det2(const imp_coef2d *c) { return imp_coef2d_delta(c); }

/* Slip sign of a contact about to slide: the slip, or the frictionless
 * tendency -sgn(B3) when there is none (PHYSICS.md A.4). */
static double slip_sign(double S, double B3) { return S != 0 ? sgn(S) : -sgn(B3); }

/* ---- group 1: Newton frictionless, Kane, Brach, Smith --------------------- */

static imp_status newton_frictionless(const imp_coef2d *c, double e,
                                      double *Px, double *Py)
{
    *Px = 0;
    *Py = -(1 + e) * c->C0 / c->B2;
    return IMP_OK;
}

/* Whittaker's procedure (F.3): Newton's stick trial at point D, accepted
 * inside mu_0's cone; otherwise Coulomb sliding with Newton's normal law. */
static imp_status kane(const imp_coef2d *c, double e, double mu, double mu_0,
                       double *Px, double *Py, int *stuck)
{
    double d = det2(c);
    double PxD = -(c->B2 * c->S0 + (1 + e) * c->B3 * c->C0) / d;
    double PyD = -(c->B3 * c->S0 + (1 + e) * c->B1 * c->C0) / d;
    if (PyD > 0 && fabs(PxD) <= mu_0 * PyD * (1 + TOL)) {
        *Px = PxD; *Py = PyD; *stuck = 1;
        return IMP_OK;
    }
    double s = slip_sign(c->S0, c->B3), k = c->B2 + s * mu * c->B3;
    if (!(k > 0)) return IMP_ENOROOT;
    *Py = -(1 + e) * c->C0 / k;
    *Px = -s * mu * *Py;
    *stuck = 0;
    return IMP_OK;
}

/* Real roots of a*x^2 + b*x + c = 0 (a may be 0); returns how many. */
static int quadratic(double a, double b, double c, double x[2])
{
    double scale = fabs(a) + fabs(b) + fabs(c);
    if (scale == 0) return 0;
    if (fabs(a) <= 1e-14 * scale) {
        if (b == 0) return 0;
        x[0] = -c / b;
        return 1;
    }
    double disc = b * b - 4 * a * c;
    if (disc < 0) {
        if (disc > -1e-14 * b * b) disc = 0; else return 0;
    }
    double q = -0.5 * (b + (b >= 0 ? 1 : -1) * sqrt(disc));
    if (q == 0) { x[0] = 0; return 1; }
    x[0] = q / a;
    x[1] = c / q;
    if (x[0] > x[1]) { double t = x[0]; x[0] = x[1]; x[1] = t; }
    return 2;
}

/* Brach (F.4) with Newton's normal law and a fixed impulse ratio lambda:
 * Py = -(1+e) C0/(B2 - lambda B3), Px = lambda Py. The ratio starts at
 * sgn(mu0) min(mu, |mu0|) (never past the stick point D) and is lowered
 * towards 0 until no energy is gained. h(lambda) below has the sign of dT. */
static imp_status brach(const imp_coef2d *c, const imp_model_params *p,
                        double *Px, double *Py, double *lambda, double *mu0)
{
    double e = p->e, B1 = c->B1, B2 = c->B2, B3 = c->B3, S0 = c->S0, C0 = c->C0;
    double num = (1 + e) * C0 * B3 + S0 * B2, den = (1 + e) * C0 * B1 + S0 * B3;
    double lam;
    /* den = -Delta*PyD: the stick point D needs PyD > 0 to be reachable. */
    if (den < 0) {
        *mu0 = num / den;
        lam = sgn(*mu0) * fmin(p->mu, fabs(*mu0));
    } else {
        *mu0 = NAN;
        lam = -slip_sign(S0, B3) * p->mu;
    }
    if (p->has_ratio) lam = p->ratio;
    double qa = -S0 * B3 - 0.5 * (1 + e) * C0 * B1;
    double qb = S0 * B2 + e * C0 * B3;
    double qc = 0.5 * (1 - e) * C0 * B2;
    double hs = fabs(qa) * lam * lam + fabs(qb * lam) + fabs(qc);
    double h = (qa * lam + qb) * lam + qc;
    if (h > TOL * hs) {
        /* The largest |lambda'| in [0, |lam|] with h <= 0: the last root of
         * h(d t) = qa t^2 + d qb t + qc below |lam| (h(0) = qc <= 0). */
        double d = sgn(lam), T = fabs(lam), r[2], best = 0;
        int n = quadratic(qa, d * qb, qc, r);
        for (int i = 0; i < n; i++)
            if (r[i] >= 0 && r[i] <= T && r[i] > best) best = r[i];
        lam = d * best;
    }
    double k = B2 - lam * B3;
    if (!(k > 0)) return IMP_ENOROOT;
    *lambda = lam;
    *Py = -(1 + e) * C0 / k;
    *Px = lam * *Py;
    return IMP_OK;
}

/* Brach with the e_m plug-in (F.4: Brach's moment law was not recovered, so
 * the user supplies the moment impulse): Mq acts first, then the ratio rule
 * on the shifted contact velocities. */
static imp_status brach_moment(const imp_coef2d *c, const imp_model_params *p,
                               imp_model_result2d *r)
{
    const imp_moment2d *m = p->mcoef;
    imp_moment_state ms = { IMP_PHASE_COMPRESSION, c->S0, c->C0, m->W0, m->W0, 0, 0, 0, 1 };
    double q;
    if (p->moment(p->moment_ctx, &ms, &q) || !isfinite(q)) return IMP_ELAW;
    imp_coef2d s = *c;
    s.S0 += m->BSq * q;
    s.C0 += m->BCq * q;
    r->Mq = q;
    if (s.C0 < 0) {
        imp_status st = brach(&s, p, &r->Px, &r->Py, &r->ratio, &r->ratio_limit);
        if (st != IMP_OK) return st;
    }
    r->S = s.S0 + s.B1 * r->Px - s.B3 * r->Py;
    r->C = s.C0 - s.B3 * r->Px + s.B2 * r->Py;
    return IMP_OK;
}

/* Smith (F.7): I_T = -mu I_N (S0 + S)/(|S0| + |S|) with Newton's normal law.
 * With S = u unknown, Px(u), Py(u) are affine; on each branch sgn(u) = b the
 * law is a quadratic in u. Keeps roots on their branch with Py > 0. */
static imp_status smith(const imp_coef2d *c, double e, double mu,
                        double *Px, double *Py, int *nroots)
{
    double d = det2(c), B1 = c->B1, B2 = c->B2, B3 = c->B3, S0 = c->S0, C0 = c->C0;
    double a1 = B2 / d, a0 = (-B2 * S0 - B3 * (1 + e) * C0) / d;   /* Px = a1 u + a0 */
    double c1 = B3 / d, c0 = (-B3 * S0 - B1 * (1 + e) * C0) / d;   /* Py = c1 u + c0 */
    double scale = fabs(S0) + fabs(C0);
    double found[4];
    int n = 0;
    *nroots = 0;
    if (S0 == 0 && c0 > 0 && fabs(a0) <= mu * c0 * (1 + TOL)) {
        /* Direct impact: u = 0 leaves the law 0/0; the stick point D is the
         * solution when it lies inside the cone. */
        found[n++] = 0;
    }
    for (int b = -1; b <= 1; b += 2) {
        double r[2];
        int m = quadratic(b * a1 + mu * c1,
                          a1 * fabs(S0) + b * a0 + mu * (c1 * S0 + c0),
                          a0 * fabs(S0) + mu * c0 * S0, r);
        for (int i = 0; i < m; i++) {
            double u = r[i];
            if (b * u < -TOL * scale) continue;
            if (S0 == 0 && fabs(u) <= TOL * scale) continue;  /* handled above */
            if (!(c1 * u + c0 > 0)) continue;
            int dup = 0;
            for (int j = 0; j < n; j++)
                if (fabs(found[j] - u) <= 1e-9 * (scale + fabs(u))) dup = 1;
            if (!dup && n < 4) found[n++] = u;
        }
    }
    *nroots = n;
    if (n == 0) return IMP_ENOROOT;
    /* Several roots have not been seen (F.7 reports a unique root); keep the
     * first and report the count. */
    double u = found[0];
    *Px = a1 * u + a0;
    *Py = c1 * u + c0;
    return IMP_OK;
}

/* ---- group 3/4: Glocker-Pfeiffer case 1 and the C-S skeleton ------------- */

/* Compression phase from (Sa, Ca) to C = 0 with Coulomb's law on the lumped
 * phase impulse: stick (point Q) if inside the cone, else the slide sign
 * consistent with the end-of-phase slip. */
static imp_status gp_compression(const imp_coef2d *c, double Sa, double Ca,
                                 double mu, double *px, double *py)
{
    double d = det2(c), scale = fabs(Sa) + fabs(Ca);
    *px = *py = 0;
    if (Ca >= 0) return IMP_OK;
    double qx = -(c->B2 * Sa + c->B3 * Ca) / d, qy = -(c->B1 * Ca + c->B3 * Sa) / d;
    if (qy >= 0 && fabs(qx) <= mu * qy * (1 + TOL)) {
        *px = qx; *py = qy;
        return IMP_OK;
    }
    double s1 = slip_sign(Sa, c->B3);
    for (int i = 0; i < 2; i++) {
        double s = i ? -s1 : s1, k = c->B2 + s * mu * c->B3;
        if (!(k > 0)) continue;
        double y = -Ca / k, x = -s * mu * y;
        double Se = Sa + c->B1 * x - c->B3 * y;
        if (s * Se >= -TOL * scale) { *px = x; *py = y; return IMP_OK; }
    }
    return IMP_ENOROOT;
}

/* Expansion phase with a fixed normal impulse py (Poisson): stick if inside
 * the cone, else slide against the slip that zero friction would leave. */
static void gp_expansion(const imp_coef2d *c, double Sa, double py, double mu,
                         double *px, int *stuck)
{
    double x = (c->B3 * py - Sa) / c->B1;
    if (fabs(x) <= mu * py * (1 + TOL)) { *px = x; *stuck = 1; return; }
    double u = Sa - c->B3 * py;
    *px = -sgn(u) * mu * py;
    *stuck = 0;
}

static imp_status gp(const imp_coef2d *c, const imp_model_params *p, int with_moment,
                     imp_model_result2d *r, int *stuck)
{
    const imp_moment2d *m = with_moment ? p->mcoef : NULL;
    double S = c->S0, C = c->C0, W = m ? m->W0 : 0, Mq = 0, px, py, q;
    imp_status st;
    *stuck = 0;
    /* Compression (a moment impulse, if any, acts first: F.8 skeleton). */
    if (m) {
        imp_moment_state ms = { IMP_PHASE_COMPRESSION, S, C, W, m->W0, 0, 0, 0, 0 };
        if (p->moment(p->moment_ctx, &ms, &q)) return IMP_ELAW;
        if (!isfinite(q)) return IMP_ELAW;
        Mq += q; S += m->BSq * q; C += m->BCq * q; W += m->Bq * q;
    }
    if ((st = gp_compression(c, S, C, p->mu, &px, &py)) != IMP_OK) return st;
    r->PxC = px; r->PyC = py;
    S += c->B1 * px - c->B3 * py;
    C += -c->B3 * px + c->B2 * py;
    if (m) W += m->BSq * px + m->BCq * py;
    double Px = px, Py = py;
    /* Expansion: Poisson's normal impulse e*PyC. */
    if (m) {
        imp_moment_state ms = { IMP_PHASE_RESTITUTION, S, C, W, m->W0, Px, Py, r->PyC, 0 };
        if (p->moment(p->moment_ctx, &ms, &q)) return IMP_ELAW;
        if (!isfinite(q)) return IMP_ELAW;
        Mq += q; S += m->BSq * q; C += m->BCq * q; W += m->Bq * q;
    }
    py = p->e * r->PyC;
    gp_expansion(c, S, py, p->mu, &px, stuck);
    S += c->B1 * px - c->B3 * py;
    C += -c->B3 * px + c->B2 * py;
    if (*stuck) S = 0;
    r->Px = Px + px; r->Py = Py + py; r->Mq = Mq;
    r->S = S; r->C = C;
    return IMP_OK;
}

/* ---- driver ---------------------------------------------------------------- */

static int valid(const imp_coef2d *c, const imp_model_params *p, imp_model2d m)
{
    if (!(c->B1 > 0 && c->B2 > 0 && isfinite(c->B1) && isfinite(c->B2) && isfinite(c->B3)))
        return 0;
    if (!imp_coef2d_posdef(c)) return 0;
    if (!isfinite(c->S0) || !isfinite(c->C0)) return 0;
    if (!(p->e >= 0 && p->e <= 1)) return 0;
    if (!(p->mu >= 0 && isfinite(p->mu))) return 0;
    if (m == IMP_MODEL_KANE && !(p->mu_0 >= p->mu && isfinite(p->mu_0))) return 0;
    if (m == IMP_MODEL_BRACH && p->has_ratio && !isfinite(p->ratio)) return 0;
    if ((m == IMP_MODEL_CS || m == IMP_MODEL_BRACH) && p->moment && !p->mcoef) return 0;
    return 1;
}

imp_status imp_model2d_solve(imp_model2d m, const imp_coef2d *c,
                             const imp_model_params *p, imp_model_result2d *r)
{
    imp_model_result2d z = {0};
    *r = z;
    r->status = imp_model_status_of(m);
    r->cls = imp_model_class(c);
    r->ratio_limit = NAN;
    r->coulomb_ok = 1;
    if (!valid(c, p, m)) return IMP_EINPUT;
    if (c->C0 >= 0) {
        /* Separating or grazing: no model here generates an impulse. */
        r->S = c->S0; r->C = c->C0; r->slip = IMP_SLIP_NONE;
        return IMP_OK;
    }
    imp_status st = IMP_OK;
    int stuck = 0, computed_velocities = 0;
    double mu_bound = p->mu;
    switch (m) {
    case IMP_MODEL_NEWTON_FRICTIONLESS:
        st = newton_frictionless(c, p->e, &r->Px, &r->Py);
        mu_bound = 0;
        break;
    case IMP_MODEL_KANE:
        st = kane(c, p->e, p->mu, p->mu_0, &r->Px, &r->Py, &stuck);
        mu_bound = p->mu_0;
        break;
    case IMP_MODEL_BRACH:
        if (p->moment) {
            st = brach_moment(c, p, r);
            computed_velocities = 1;
            r->status = IMP_MSTATUS_UNCERTAIN;
        } else {
            st = brach(c, p, &r->Px, &r->Py, &r->ratio, &r->ratio_limit);
        }
        break;
    case IMP_MODEL_SMITH:
        st = smith(c, p->e, p->mu, &r->Px, &r->Py, &r->nroots);
        break;
    case IMP_MODEL_GLOCKER_PFEIFFER:
    case IMP_MODEL_CS:
        st = gp(c, p, m == IMP_MODEL_CS && p->moment != NULL, r, &stuck);
        computed_velocities = 1;
        break;
    }
    if (st != IMP_OK) return st;
    if (!computed_velocities) {
        r->S = c->S0 + c->B1 * r->Px - c->B3 * r->Py;
        r->C = c->C0 - c->B3 * r->Px + c->B2 * r->Py;
        if (stuck) r->S = 0;
    }
    r->dT = imp_energy2d(c, r->Px, r->Py);
    double dscale = fabs(c->S0 * r->Px) + fabs(c->C0 * r->Py);
    if (r->Mq != 0) {
        const imp_moment2d *q = p->mcoef;
        r->dT += q->W0 * r->Mq
               + 0.5 * (2 * q->BSq * r->Px * r->Mq + 2 * q->BCq * r->Py * r->Mq
                        + q->Bq * r->Mq * r->Mq);
        dscale += fabs(q->W0 * r->Mq);
    }
    if (m != IMP_MODEL_BRACH) r->ratio = r->Py > 0 ? r->Px / r->Py : 0;
    r->energy_gain = r->dT > TOL * dscale;
    r->coulomb_ok = fabs(r->Px) <= mu_bound * r->Py * (1 + TOL) + TOL * fabs(r->Py);
    double sscale = TOL * (fabs(c->S0) + fabs(c->C0));
    if (m == IMP_MODEL_NEWTON_FRICTIONLESS) r->slip = IMP_SLIP_FRICTIONLESS;
    else if (fabs(r->S) <= sscale) r->slip = IMP_SLIP_STICKING;
    else if (c->S0 == 0 || sgn(r->S) == sgn(c->S0)) r->slip = IMP_SLIP_SLIDING;
    else r->slip = IMP_SLIP_REVERSED;
    return IMP_OK;
}
