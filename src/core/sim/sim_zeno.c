/* Accumulations of impacts (Zeno): a contact bouncing with rebound speeds
 * and flight times shrinking by one steady ratio r < 1 has infinitely many
 * impacts before t_inf = t_k + dt_k r/(1 - r), dt_k its last flight (the
 * geometric sum of the flights still to come; Brogliato, Nonsmooth
 * Mechanics, 2016, on accumulations; for the bouncing ball t_inf =
 * t1 (1 + e)/(1 - e)). The contact is closed at t_inf.
 *
 * Detected when four impacts agree: three speed ratios equal to zeno_tol,
 * two flight ratios to sqrt(zeno_tol) (flight times come from located
 * roots of a gap whose apex is small: the gap's rounding, eps L over the
 * apex, reaches them first; they only tell an accumulation from flights
 * of steady length, an impact oscillator at its wall, whose ratio is 1),
 * and the rebound speed below sqrt(zeno_tol) of the contact's first
 * closing speed (small flights, where the geometric law holds). A contact
 * whose rebounds never agree so closes once its rebound speed is below
 * the speed tolerance (its apex within the gap tolerance): also a rest,
 * at that impact.
 *
 * Several contacts struck together (a box landing flat on two corners)
 * keep one history for the group: its closing speed the fastest struck
 * contact's, its rebound the fastest separating one's; the same test
 * closes them all at t_inf (a single-contact impact between breaks the
 * sequence). */
#include <math.h>
#include <string.h>

#include "sim_internal.h"

void sim_zeno_record(sim_t *S, int i, double t, double vin, double vout)
{
    sim_zeno_push(S, &S->z[i], t, vin, vout);
}

int sim_zeno_check(sim_t *S, int i, double *t_inf)
{
    return sim_zeno_test(S, &S->z[i], t_inf);
}

void sim_zeno_push(sim_t *S, sim_zeno *z, double t, double vin, double vout)
{
    if (z->count == 0 || !(z->vmax > 0)) z->vmax = vin;
    z->count++;
    if (!(vout > S->vtol)) {              /* it stayed: no bounce to follow */
        z->n = 0;
        return;
    }
    if (z->n == SIM_ZHIST) {
        memmove(z->t, z->t + 1, sizeof(double) * (SIM_ZHIST - 1));
        memmove(z->vin, z->vin + 1, sizeof(double) * (SIM_ZHIST - 1));
        memmove(z->vout, z->vout + 1, sizeof(double) * (SIM_ZHIST - 1));
        z->n--;
    }
    z->t[z->n] = t;
    z->vin[z->n] = vin;
    z->vout[z->n] = vout;
    z->n++;
}

int sim_zeno_test(const sim_t *S, const sim_zeno *z, double *t_inf)
{
    double tol = S->o.zeno_tol;
    if (z->n < SIM_ZHIST) return 0;
    const double *t = z->t, *v = z->vout;
    double r = v[3] / v[2];
    if (!(r > 0 && r < 1) || !(v[3] < sqrt(tol) * z->vmax)) return 0;
    double ratios[4] = {v[1] / v[0], v[2] / v[1], (t[2] - t[1]) / (t[1] - t[0]),
                        (t[3] - t[2]) / (t[2] - t[1])};
    for (int k = 0; k < 4; k++)
        if (!(fabs(ratios[k] - r) <= (k < 2 ? tol : sqrt(tol)) * r)) return 0;
    *t_inf = t[3] + (t[3] - t[2]) * r / (1 - r);
    return 1;
}
