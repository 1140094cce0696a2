/* The lzb model on the jammed scenes of the multiple-impact invariant run
 * (multi_scene.h): long runs with redundant contacts where the Coulomb
 * cone must still hold to rounding at the end. */
#include <math.h>
#include <stdio.h>

#include "check.h"
#include "multi_models.h"
#include "multi_scene.h"

/* Scene 3416 (one body, six contacts, two of them redundant; 9e4 steps,
 * 4e3 primary switches): contact 0 (mu_s = mu_k) ends stuck after slip.
 * In one step, with the primary (contact 0) near zero force, two inner
 * stages pushed contact 3's tiny separating gap to a positive delta:
 * contact 0's stick rate reached 35 times its cone there, and the step
 * was accepted with an error in P_t of order rtol, which left P_t 6e-10
 * of the largest impulse outside the cone. */
static void test_jam_cone(void)
{
    static sc_scene s;
    imp_multi_result r;
    sc_make(&s, 2, 2 * 3416);
    CHECK(imp_multi_lzb(&s.p, 1e-9, &r) == IMP_OK);
    double ps = 0, worst = -INFINITY;
    for (int a = 0; a < 2 * s.k; a++) ps = fmax(ps, fabs(r.P[a]));
    for (int i = 0; i < s.k; i++)
        worst = fmax(worst, (fabs(r.P[2 * i]) - s.p.c[i].mu_s * r.P[2 * i + 1]) / ps);
    CHECK(ps > 0 && worst <= 1e-12 && !r.energy_gain);
    CHECK(r.mode[0] == IMP_MULTI_STICKING && s.p.c[0].mu_s == s.p.c[0].mu_k);
    printf("  scene 3416: %d steps, %d switches, worst cone excess %.1e of max |P|\n", r.steps,
           r.primary_switches, worst);
}

int main(void)
{
    (void)sc_redundant;
    RUN(test_jam_cone);
    return check_summary();
}
