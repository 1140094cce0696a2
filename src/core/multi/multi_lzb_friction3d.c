/* Spatial Coulomb friction of the lzb multiple-impact model: each
 * contact's slip v_t = (x, z) is integrated along the impulse path as in
 * the exact single-contact Darboux-Keller integration (after Keller
 * 1986). A sliding contact's tangential impulse rate is -mu_k f_i u with
 * u = v_t/|v_t| (f_i its normal rate); the sticking contacts keep their
 * slips at zero jointly (a solve with their tangential block of W). A
 * slip heading for zero is followed in steps of at most half the rest of
 * the approach and lands on v_t = 0 once that rest moves the impulse by
 * less than the tolerance; then the contact sticks if the impulse it
 * needs is inside its cone, else it re-slides along the unique ray of
 * its slip rate (b - mu_k f_i W^ u = lambda u, lambda >= 0, with b the
 * slip rate without its own friction and W^ its tangential compliance
 * given the sticking contacts). A sticking contact re-slides the same way
 * when its impulse reaches the cone (an event located by the driver).
 * Near zero slip the direction equation is stiff (its rate grows like
 * 1/|v_t|): next to an attracting ray, once the lag of the direction is
 * negligible, the friction follows the ray itself (recomputed at every
 * stage) and the stop is an event like the others. */
#include <math.h>
#include <string.h>

#include "impact3d.h"
#include "multi_lzb.h"

/* Contact i's slip (x, z) in state y. */
static void slip(const lzb_t *L, int i, const double *y, double v[2])
{
    /* lzb_vel's sums for rows 0 and 2 in one pass (the same order: the
       hottest loop of sticking contacts) */
    int k = L->k, n = 3 * k, l;
    const double *w0 = L->W + 3 * i * n, *w2 = w0 + 2 * n;
    double a = L->v0[3 * i], b = L->v0[3 * i + 2];
    for (l = 0; l < k; l++) a += w0[3 * l + 1] * y[l], b += w2[3 * l + 1] * y[l];
    for (l = 0; l < k; l++) a += w0[3 * l] * y[3 * k + l], b += w2[3 * l] * y[3 * k + l];
    for (l = 0; l < k; l++) a += w0[3 * l + 2] * y[5 * k + l], b += w2[3 * l + 2] * y[5 * k + l];
    v[0] = a, v[1] = b;
}

static int rubs(const lzb_t *L, int i)
{
    return L->mu_s[i] > 0 && L->phase[i] != PH_FREE;
}

/* LU with partial pivoting of R (N x N, in place); 0 when singular. */
static int lu(double *R, int N, int *piv)
{
    for (int c = 0; c < N; c++) {
        int p = c;
        for (int l = c + 1; l < N; l++) if (fabs(R[l * N + c]) > fabs(R[p * N + c])) p = l;
        if (!(fabs(R[p * N + c]) > 1e-300)) return 0;
        piv[c] = p;
        for (int l = 0; l < N; l++) { double t = R[c * N + l]; R[c * N + l] = R[p * N + l]; R[p * N + l] = t; }
        for (int l = c + 1; l < N; l++) {
            double q = R[l * N + c] /= R[c * N + c];
            for (int j = c + 1; j < N; j++) R[l * N + j] -= q * R[c * N + j];
        }
    }
    return 1;
}

static void lu_solve(const double *R, int N, const int *piv, double *r)
{
    for (int c = 0; c < N; c++) {
        double t = r[c]; r[c] = r[piv[c]]; r[piv[c]] = t;
        for (int l = c + 1; l < N; l++) r[l] -= R[l * N + c] * r[c];
    }
    for (int c = N - 1; c >= 0; c--) {
        for (int l = c + 1; l < N; l++) r[c] -= R[c * N + l] * r[l];
        r[c] /= R[c * N + c];
    }
}

/* Solves the tangential block of W over the contacts S (2m x 2m) for
 * b in place. Redundant contacts (a box flat on four corners) make the
 * block singular: iterated Tikhonov with the weight 1e-9 / f_i (f: normal
 * rates, NULL: 1) converges to the solution of least sum |tau_i|^2 / f_i,
 * friction shared in proportion to the normal loads where it can be, and
 * to the exact solution when the block is regular. 0 when singular. */
static int stick_solve(const lzb_t *L, const int *S, int m, const double *f, double *b)
{
    int n = 3 * L->k, c, l, q, N = 2 * m;
    double x[2 * K_MAX], r[2 * K_MAX], w[2 * K_MAX], dmax = 0, fmx = 0;
    lzb_stick_lu *C = L->slu;           /* the last factorisation, reused while */
    double *A = C->A, *R = C->R;        /* the set and the weights are unchanged */
    for (c = 0; f && c < m; c++) fmx = fmax(fmx, f[S[c]]);
    for (c = 0; c < N; c++) dmax = fmax(dmax, L->W[(3 * S[c / 2] + 2 * (c % 2)) * (n + 1)]);
    for (c = 0; c < N; c++)
        w[c] = 1e-9 * dmax * (!f ? 1 : f[S[c / 2]] > 1e-13 * fmx ? fmx / f[S[c / 2]] : 1e13);
    int same = C->m == m && !memcmp(C->S, S, sizeof(int) * m) && !memcmp(C->w, w, sizeof(double) * N);
    if (!same) {
        C->m = m;
        memcpy(C->S, S, sizeof(int) * m), memcpy(C->w, w, sizeof(double) * N);
        for (c = 0; c < N; c++)
            for (l = 0; l < N; l++)
                R[c * N + l] = A[c * N + l] = L->W[(3 * S[c / 2] + 2 * (c % 2)) * n + 3 * S[l / 2] + 2 * (l % 2)];
        for (c = 0; c < N; c++) R[c * N + c] += w[c];
        C->ok = lu(R, N, C->piv);
    }
    if (!C->ok) return 0;
    for (c = 0; c < N; c++) x[c] = 0;
    for (q = 0; q < 3; q++) {
        for (c = 0; c < N; c++) {
            r[c] = b[c];
            for (l = 0; l < N; l++) r[c] -= A[c * N + l] * x[l];
        }
        lu_solve(R, N, C->piv, r);
        for (c = 0; c < N; c++) x[c] += r[c];
    }
    for (c = 0; c < N; c++) b[c] = x[c];
    return 1;
}

/* Row r's velocity rate for normal rates f and tangential ones tau (2k). */
static double row_rate(const lzb_t *L, int r, const double *f, const double *tau)
{
    int n = 3 * L->k, l;
    const double *w = L->W + r * n;
    double s = 0;
    for (l = 0; l < L->k; l++) s += w[3 * l + 1] * f[l] + w[3 * l] * tau[2 * l] + w[3 * l + 2] * tau[2 * l + 1];
    return s;
}

/* The tangential rates tau (2k) for normal rates f in state y: sliding
 * contacts -mu_k f u, the sticking ones from the joint solve; contact
 * `force` (>= 0) takes tf instead. */
static int ray_near(const lzb_t *L, const double *y, const double *f, int i, double u[2],
                    double lam[2]);

/* The sliding contacts' part of tan_rates (contact `force` left at 0);
 * S gets the sticking ones. Returns their number. */
static int slide_rates(const lzb_t *L, const double *y, const double *f, int force,
                       double *tau, int *S)
{
    int k = L->k, i, m = 0;
    for (i = 0; i < k; i++) {
        tau[2 * i] = tau[2 * i + 1] = 0;
        if (i == force) continue;
        if (rubs(L, i) && L->fs[i]) {
            double u[2] = {L->uref[2 * i], L->uref[2 * i + 1]};
            if (L->rmode[i]) {
                double ld[2];
                if (force < 0) ray_near(L, y, f, i, u, ld);
            } else {                    /* the slip only where it is the direction */
                double v[2], sl;
                slip(L, i, y, v);
                sl = hypot(v[0], v[1]);
                if (sl > L->zslip) u[0] = v[0] / sl, u[1] = v[1] / sl;
            }
            tau[2 * i] = -L->mu_k[i] * f[i] * u[0], tau[2 * i + 1] = -L->mu_k[i] * f[i] * u[1];
        } else if (rubs(L, i)) {
            S[m++] = i;
        }
    }
    return m;
}

/* The sticking contacts S (m) of tau keep their slips at zero. */
static void stick_rates(const lzb_t *L, const double *f, const int *S, int m, double *tau)
{
    double b[2 * K_MAX];
    int c;
    if (!m) return;
    for (c = 0; c < m; c++) {
        b[2 * c] = -row_rate(L, 3 * S[c], f, tau);
        b[2 * c + 1] = -row_rate(L, 3 * S[c] + 2, f, tau);
    }
    if (!stick_solve(L, S, m, f, b)) return;
    for (c = 0; c < m; c++) tau[2 * S[c]] = b[2 * c], tau[2 * S[c] + 1] = b[2 * c + 1];
}

static void tan_rates(const lzb_t *L, const double *y, const double *f, int force,
                      const double *tf, double *tau)
{
    int S[K_MAX], m = slide_rates(L, y, f, force, tau, S);
    if (force >= 0) tau[2 * force] = tf[0], tau[2 * force + 1] = tf[1];
    stick_rates(L, f, S, m, tau);
}

/* Contact i's slip rate. */
static void slip_rate(const lzb_t *L, int i, const double *f, const double *tau, double a[2])
{
    a[0] = row_rate(L, 3 * i, f, tau);
    a[1] = row_rate(L, 3 * i + 2, f, tau);
}

void lzb_f3_rates(const lzb_t *L, const double *y, double *f)
{
    int k = L->k, i;
    double tau[2 * K_MAX], v[2];
    tan_rates(L, y, f, -1, NULL, tau);
    for (i = 0; i < k; i++) {
        slip(L, i, y, v);
        f[3 * k + i] = tau[2 * i], f[5 * k + i] = tau[2 * i + 1];
        f[4 * k + i] = v[0] * tau[2 * i] + v[1] * tau[2 * i + 1];
    }
}

/* Contact i's slip rate is b + Wh tau_i for its own friction rate tau_i
 * (the sticking contacts adjusting; the other sliding ones as they are:
 * those following a ray keep its direction at the step start). */
static void response(const lzb_t *L, const double *y, const double *f, int i, double b[2],
                     double Wh[4])
{
    double tau0[2 * K_MAX], tau[2 * K_MAX], a[2];
    int c, S[K_MAX], m = slide_rates(L, y, f, i, tau0, S);
    memcpy(tau, tau0, sizeof tau);      /* the sliding part does not depend on tau_i */
    stick_rates(L, f, S, m, tau);
    slip_rate(L, i, f, tau, b);
    for (c = 0; c < 2; c++) {
        memcpy(tau, tau0, sizeof tau);
        tau[2 * i] = c == 0, tau[2 * i + 1] = c == 1;
        stick_rates(L, f, S, m, tau);
        slip_rate(L, i, f, tau, a);
        Wh[c] = a[0] - b[0], Wh[2 + c] = a[1] - b[1];
    }
    Wh[1] = Wh[2] = 0.5 * (Wh[1] + Wh[2]);
}

/* The attracting invariant ray of contact i's slip next to uref (within
 * 0.3 rad): Newton on g(phi) = u_perp.(b - m Wh u), whose slope
 * g' = -(lambda + m u_perp.Wh u_perp) must be negative. Returns 1 and u,
 * lam = (lambda = u.(b - m Wh u), g') when found; else 0 and u = uref. Near a stop
 * the slip direction follows this ray ever more closely (the lag shrinks
 * with |v_t|) and explicit steps on v_t/|v_t| would be stiff. */
static int ray_near(const lzb_t *L, const double *y, const double *f, int i, double u[2],
                    double lam[2])
{
    double b[2], Wh[4], m = L->mu_k[i] * f[i], phi0 = atan2(L->uref[2 * i + 1], L->uref[2 * i]);
    double phi = phi0, dg = 0;
    int it;
    response(L, y, f, i, b, Wh);
    for (it = 0; it < 30; it++) {
        double c = cos(phi), s = sin(phi);
        double a0 = b[0] - m * (Wh[0] * c + Wh[1] * s), a1 = b[1] - m * (Wh[1] * c + Wh[3] * s);
        double g = c * a1 - s * a0, wWw = Wh[0] * s * s - 2 * Wh[1] * s * c + Wh[3] * c * c;
        lam[0] = c * a0 + s * a1;
        lam[1] = dg = -(lam[0] + m * wWw);
        if (!(dg < 0) || fabs(phi - phi0) > 0.3) break;
        double d = -g / dg;
        phi += d;
        if (fabs(d) <= 1e-15) { it = -1; break; }
    }
    if (it >= 0 || !(dg < 0) || fabs(phi - phi0) > 0.3) {
        u[0] = L->uref[2 * i], u[1] = L->uref[2 * i + 1];
        return 0;
    }
    u[0] = cos(phi), u[1] = sin(phi);
    return 1;
}

/* Contact i starts sliding from v_t = 0 along its re-slide ray. */
static void reslide(lzb_t *L, int i, const double *y, const double *f)
{
    double b[2], Wh[4], u[2], lam;
    double m = L->mu_k[i] * f[i];
    response(L, y, f, i, b, Wh);
    double det = Wh[0] * Wh[3] - Wh[1] * Wh[1];
    if (!(det > 1e-10 * L->Wtr[i] * L->Wtr[i])) {
        /* locked by the sticking contacts: keep the friction it had */
        double tau[2 * K_MAX];
        L->fs[i] = 0;
        tan_rates(L, y, f, -1, NULL, tau);
        b[0] = -tau[2 * i], b[1] = -tau[2 * i + 1];
        Wh[0] = Wh[3] = 1, Wh[1] = Wh[2] = 0, det = 1;
        m = hypot(b[0], b[1]);
    }
    double q[2] = {(Wh[3] * b[0] - Wh[1] * b[1]) / det, (Wh[0] * b[1] - Wh[1] * b[0]) / det};
    double nq = hypot(q[0], q[1]), nb = hypot(b[0], b[1]);
    if (!(m > 0) && nb > 0) {
        u[0] = b[0] / nb, u[1] = b[1] / nb;
    } else if (nq > 0 && nq <= m * (1 + 1e-12)) {
        u[0] = q[0] / nq, u[1] = q[1] / nq;   /* at the cone's edge: lambda = 0 */
    } else {
        double hd = 0.5 * (Wh[0] - Wh[3]), tev[2], tvec[2];
        tev[1] = 0.5 * (Wh[0] + Wh[3]) + hypot(hd, Wh[1]);
        tev[0] = det / tev[1];
        double th = 0.5 * atan2(Wh[1], hd);
        tvec[0] = cos(th), tvec[1] = sin(th);
        if (!(nq > 0) || imp_exact3d_reslide_ray(b, tvec, tev, m, u, &lam) != IMP_OK) {
            u[0] = L->uref[2 * i], u[1] = L->uref[2 * i + 1];
            if (nq > 0) u[0] = q[0] / nq, u[1] = q[1] / nq;
        }
    }
    L->uref[2 * i] = u[0], L->uref[2 * i + 1] = u[1];
    L->fs[i] = 1, L->fresh[i] = 1, L->rmode[i] = 1;
}

/* Stick or slide for contact i at the canonical state: slide along a
 * nonzero slip; from zero slip stick if the joint stick solve keeps its
 * impulse rate inside the cone, else re-slide (force_slide: re-slide). */
void lzb_f3_decide(lzb_t *L, int i, int force_slide)
{
    double y[NY], f[NY], v[2];
    int k = L->k, old = L->fs[i];
    if (!L->fric3 || !(L->mu_s[i] > 0)) return;
    lzb_pack(L, y);
    slip(L, i, y, v);
    double s = hypot(v[0], v[1]);
    if (!force_slide && s > 1e-12 * L->vs) {
        L->fs[i] = 1, L->fresh[i] = 0, L->rmode[i] = 0, L->hist[i] |= 1;
        L->uref[2 * i] = v[0] / s, L->uref[2 * i + 1] = v[1] / s;
        return;
    }
    L->fs[i] = 0, L->fresh[i] = 0, L->rmode[i] = 0;
    lzb_rhs(L, y, f);
    if (!force_slide && hypot(f[3 * k + i], f[5 * k + i]) <= L->mu_s[i] * f[i] * (1 + 1e-12)) {
        L->hist[i] |= 2;
        return;
    }
    reslide(L, i, y, f);
    L->hist[i] |= old ? 5 : 1;
}

/* At a segment start: a sticking contact that another contact's event
 * pushed past its cone re-slides, and a slip just restarted from zero
 * takes the ray of the new state. */
void lzb_f3_settle(lzb_t *L)
{
    double y[NY], f[NY];
    int k = L->k, it, i, changed = 1;
    lzb_pack(L, y);
    lzb_rhs(L, y, f);
    for (i = 0; i < k; i++)
        if (rubs(L, i) && L->fs[i] && L->fresh[i]) reslide(L, i, y, f);
    for (it = 0; it < 2 * k + 2 && changed; it++) {
        changed = 0;
        lzb_pack(L, y);
        lzb_rhs(L, y, f);
        for (i = 0; i < k && !changed; i++)
            if (rubs(L, i) && !L->fs[i]
                && hypot(f[3 * k + i], f[5 * k + i]) > L->mu_s[i] * f[i] * (1 + 1e-9)) {
                lzb_f3_decide(L, i, 1);
                changed = 1;
            }
    }
}

/* Contact i's slip reached zero: set it (and the sticking contacts'
 * slips) to zero exactly by a tangential correction of the size of the
 * tolerance. */
void lzb_f3_land(lzb_t *L, int i)
{
    int k = L->k, l, c, S[K_MAX], m = 0;
    double b[2 * K_MAX], y[NY], v[2];
    lzb_pack(L, y);
    for (l = 0; l < k; l++)
        if (l == i || (rubs(L, l) && !L->fs[l])) S[m++] = l;
    for (c = 0; c < m; c++) {
        slip(L, S[c], y, v);
        b[2 * c] = -v[0], b[2 * c + 1] = -v[1];
    }
    if (!stick_solve(L, S, m, NULL, b)) return;
    for (c = 0; c < m; c++) L->T[S[c]] += b[2 * c], L->T[2 * k + S[c]] += b[2 * c + 1];
}

/* Before a step from y: the slip directions of the step (uref), the step
 * limited to half of any approach to zero slip and to half a radian of
 * turning; a slip heading for zero next to an attracting ray follows the
 * ray once the lag of its direction is negligible (its stop is then an
 * event of the driver, lzb_f3_stopval). Returns a contact whose approach
 * is done (the rest would move the impulse by less than rtol2 times its
 * scale), else -1. fy: f(y) when known, else NULL. */
int lzb_f3_prestep(lzb_t *L, const double *y, const double *fy, double *h, double rtol2)
{
    int k = L->k, i;
    double f[NY], tau[2 * K_MAX], Pm = L->Ps, fm = 0;
    if (fy) memcpy(f, fy, sizeof(double) * 6 * (size_t)k);
    else lzb_rhs(L, y, f);
    for (i = 0; i < k; i++) {
        Pm = fmax(Pm, y[i]), fm = fmax(fm, f[i]);
        tau[2 * i] = f[3 * k + i], tau[2 * i + 1] = f[5 * k + i];
    }
    for (i = 0; i < k; i++) {
        double v[2], a[2], u[2] = {L->uref[2 * i], L->uref[2 * i + 1]}, ur[2], lam[2];
        if (!rubs(L, i) || !L->fs[i]) continue;
        slip(L, i, y, v);
        double s = hypot(v[0], v[1]);
        /* following the ray moves the impulse by about mu f s^2 w / |g' lambda|
         * for a ray turning at the rate w ~ 1/Pm: a tenth of the tolerance */
        double crit = 0.1 * rtol2 * Pm * Pm, m = L->mu_k[i] * f[i];
        if (L->rmode[i]) {          /* on the ray while it leads to zero or s is small */
            if (ray_near(L, y, f, i, ur, lam) && (lam[0] < 0 || s * s * m <= crit * fabs(lam[0] * lam[1]))) {
                L->uref[2 * i] = ur[0], L->uref[2 * i + 1] = ur[1];
                continue;
            }
            L->rmode[i] = 0;
        }
        if (s > L->zslip) u[0] = v[0] / s, u[1] = v[1] / s, L->fresh[i] = 0;
        L->uref[2 * i] = u[0], L->uref[2 * i + 1] = u[1];
        slip_rate(L, i, f, tau, a);
        double ds = u[0] * a[0] + u[1] * a[1], g = u[0] * a[1] - u[1] * a[0];
        if (ds < -0.5 * hypot(a[0], a[1]) && !L->fresh[i]
            && (s <= L->zslip || (1 + L->mu_k[i]) * fm * s / -ds <= rtol2 * Pm))
            return i;
        if (!(s > L->zslip)) continue;
        if (s * s * m <= crit * hypot(a[0], a[1]) * (hypot(a[0], a[1]) + m * L->Wtr[i])
            && ray_near(L, y, f, i, ur, lam) && ur[0] * u[0] + ur[1] * u[1] > 0.99
            && s * s * m <= crit * fabs(lam[0] * lam[1])) {
            L->rmode[i] = 1;
            L->uref[2 * i] = ur[0], L->uref[2 * i + 1] = ur[1];
            continue;
        }
        /* half of the approach, half a radian of turning, and the direction's
         * stiffness |g'|/s (|g'| <= |a| + m tr W_tt) */
        if (ds < 0) *h = fmin(*h, 0.5 * s / -ds);
        if (g != 0) *h = fmin(*h, 0.5 * s / fabs(g));
        *h = fmin(*h, s / (hypot(a[0], a[1]) + m * L->Wtr[i]));
    }
    return -1;
}

/* The stop of a slip following a ray: v_t crosses zero along it. */
double lzb_f3_stopval(const lzb_t *L, int i, const double *y)
{
    double v[2];
    slip(L, i, y, v);
    return -(v[0] * L->uref[2 * i] + v[1] * L->uref[2 * i + 1]);
}

/* A slip that turned by more than a right angle within the step (it
 * passed zero): the step is retaken shorter. */
int lzb_f3_overshoot(const lzb_t *L, const double *y, const double *yn)
{
    int i;
    double v[2];
    for (i = 0; i < L->k; i++) {
        if (!rubs(L, i) || !L->fs[i] || L->fresh[i] || L->rmode[i]) continue;
        slip(L, i, y, v);
        if (!(hypot(v[0], v[1]) > L->zslip)) continue;
        slip(L, i, yn, v);
        if (v[0] * L->uref[2 * i] + v[1] * L->uref[2 * i + 1] < 0) return 1;
    }
    return 0;
}
