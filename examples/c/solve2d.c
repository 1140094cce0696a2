/* Wang & Mason's falling rod (1992, section 6, case 2) solved from C with
 * the installed core library: B1 = B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1,
 * mu = 0.3, Poisson's law with e = 0.5. The same impact as
 *   impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.3, e = 0.5 }
 * in Lua. Build against an installed impact:
 *   cc solve2d.c $(pkg-config --cflags --libs impact) -o solve2d
 * Prints the mode, the impulse on body 1, the final contact velocities,
 * the energy change and the vertices of the impulse-space path. */
#include <stdio.h>

#include <impact/impact.h>

int main(void)
{
    imp_coef2d c = {2.5, 2.5, 1.5, 0.6, -1.0, 0.0};   /* B1 B2 B3 S0 C0, D = 0: computed */
    imp_law law = {IMP_LAW_POISSON, 0.5, NULL, NULL};
    imp_result2d r;
    imp_status st = imp_path2d_solve(&c, 0.3, 0.3, &law, &r);  /* mu_s = mu_k = 0.3 */
    if (st != IMP_OK) {
        fprintf(stderr, "solve2d: %s\n", imp_strerror(st));
        return 1;
    }
    printf("impact %s: %s impact, mode %s\n", IMPACT_VERSION, imp_class_name(r.cls),
           imp_mode_name(r.mode));
    printf("Px = %.6f  Py = %.6f  (Pc = %.6f at max compression)\n", r.Px, r.Py, r.Pc);
    printf("S = %.6f  C = %.6f  dT = %.6f\n", r.S, r.C, r.dT);
    for (int i = 0; i < r.nvert; i++)
        printf("  %-16s (%.6f, %.6f)\n", imp_event_name(r.vert[i].event), r.vert[i].Px,
               r.vert[i].Py);
    return 0;
}
