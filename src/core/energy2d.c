/* The bodies' kinetic energy ratio T'/T of a planar impact, scale-free:
 * T itself overflows for m = 1e300 at vx = -vy = 1.5e4 (2.25e308) and
 * underflows for m = 1e-10, v = 1e-160, while T'/T is an ordinary number. */
#include <float.h>
#include <limits.h>
#include <math.h>

#include "impact2d.h"

/* f * 2^k; f = 0 for a body at rest. */
typedef struct { double f; int k; } part;

/* k with x = f*2^k, |f| in [0.5, 1) (x finite, nonzero). */
static inline int expo(double x)
{
    int e;
    frexp(x, &e);
    return e;
}

static inline int max_expo(int k, double x, int add)
{
    int e = x != 0 ? expo(x) + add : INT_MIN;
    return e > k ? e : k;
}

/* One body's energy with m, rho and the velocities (vx, vy, rho w) scaled
 * by powers of two to about 1: then imp_body2d_energy neither under- nor
 * overflows, and as scaling by 2^k commutes with rounding, f*2^k has the
 * bits of the unscaled energy wherever that one is a normal number. A
 * component that becomes subnormal here is below 2^-1000 of the largest:
 * its square is lost in the sum either way. */
static part energy_part(const imp_body2d *b, const double v[3])
{
    int km = expo(b->m), kr = expo(b->rho);
    int kv = max_expo(max_expo(max_expo(INT_MIN, v[0], 0), v[1], 0), v[2], kr);
    if (kv == INT_MIN)
        return (part){0, 0};
    imp_body2d s = *b;
    s.m = imp_mul2k(b->m, -km);
    s.rho = imp_mul2k(b->rho, -kr);
    const double u[3] = {imp_mul2k(v[0], -kv), imp_mul2k(v[1], -kv),
                         imp_mul2k(v[2], kr - kv)};
    return (part){imp_body2d_energy(&s, u), km + 2 * kv};
}

/* a + b, on the larger exponent (the smaller term, if it becomes
 * subnormal there, is below half an ulp of the larger, as in the plain sum). */
static part part_add(part a, part b)
{
    if (a.f == 0)
        return b;
    if (b.f == 0)
        return a;
    int k = a.k > b.k ? a.k : b.k;
    return (part){imp_mul2k(a.f, a.k - k) + imp_mul2k(b.f, b.k - k), k};
}

/* T'/T from the parts (the rare case: some energy not a normal number). */
static double ratio_scaled(const imp_problem2d *p, const double post[2][3])
{
    const double v1[3] = {p->body1.vx, p->body1.vy, p->body1.w};
    part t0 = energy_part(&p->body1, v1), t1 = energy_part(&p->body1, post[0]);
    if (p->nbodies == 2) {
        const double v2[3] = {p->body2.vx, p->body2.vy, p->body2.w};
        t0 = part_add(t0, energy_part(&p->body2, v2));
        t1 = part_add(t1, energy_part(&p->body2, post[1]));
    }
    if (!(t0.f > 0))
        return NAN;              /* at rest: no ratio */
    return t1.f == 0 ? 0 : imp_mul2k(t1.f / t0.f, t1.k - t0.k);
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
     * plain T1/T0, which the parts give bit for bit at several times the
     * cost (60 ns more a point of a sweep). */
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
    double r = plain ? T1 / T0 : ratio_scaled(p, post);
    return isfinite(r) ? r : NAN;    /* at rest, T0 = 0: 0/0 */
}
