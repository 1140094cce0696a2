/* A before/after tool for the exact 3D solver (not a test, not built by
 * CMake): "dump N" solves N random bodies (random mass, inertia,
 * orientation, r, v, w, mu_s, mu_k, e; the Poisson, Newton and energetic
 * laws in turn) and prints each result in hex floats; "cmp a b" compares
 * two dumps and prints the largest relative differences (vectors relative
 * to their norm, vC to |vC0| if larger, works to T0, Pc and p_stop to P_n,
 * min_slip to |vC0|; min_slip is the smallest slip at the steps' ends and
 * moves with them); "show K" prints body K's inputs. Build it against each
 * tree's library, e.g.
 *   cc -O2 -Isrc/core/numerics -Isrc/core/laws -Isrc/core/planar \
 *      -Isrc/core/spatial -Itests bench/exact3d_compare.c build-bench/libimpact.a \
 *      -llapacke -llapack -lm -o /tmp/cmp
 * then dump with the old and the new build and cmp the two files. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bodies3d.h"

static unsigned long long seed = 88172645463325252ull;
static double urand(double lo, double hi)
{
    seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17;
    return lo + (hi - lo) * ((seed >> 11) * (1.0 / 9007199254740992.0));
}

/* moments in [0.05, 2] that make a triangle, a random orientation, the
 * contact point below the centre of mass, velocities in [-1, 1] */
static void random_body(imp_body3d *b)
{
    double I[3], q[4], r[3], v[3], w[3];
    do { for (int i = 0; i < 3; i++) I[i] = urand(0.05, 2); }
    while (imp_inertia3_check(I, NULL) != IMP_OK);
    for (int i = 0; i < 4; i++) q[i] = urand(-1, 1);
    double m = urand(0.2, 5);
    for (int i = 0; i < 3; i++) { r[i] = urand(-1, 1); v[i] = urand(-1, 1); w[i] = urand(-1, 1); }
    r[1] = -fabs(r[1]) - 0.05;
    quat_body(b, m, I, q, r, v, w);
}

#define NF 24
/* dump N: the results of the first N bodies; show > 0: body number show's inputs */
static int dump(long N, long show)
{
    long done = 0;
    while (done < N) {
        imp_body3d b;
        imp_contact3d c;
        random_body(&b);
        if (imp_contact3d_init(&b, &c) != IMP_OK || !(c.vC0[1] < -0.02)) continue;
        double mu_k = urand(0, 1.2), mu_s = mu_k + (urand(0, 1) < 0.5 ? 0 : urand(0, 0.3));
        double e = urand(0, 1);
        imp_law law = {(imp_law_kind)(done % 3), e, NULL, NULL};
        if (show > 0 && done + 1 != show) { done++; continue; }
        if (show > 0) {
            printf("m %.17g\nI", b.m);
            for (int i = 0; i < 9; i++) printf(" %.17g", b.I[i]);
            printf("\nr %.17g %.17g %.17g\nv %.17g %.17g %.17g\nw %.17g %.17g %.17g\n", b.r[0], b.r[1],
                   b.r[2], b.v[0], b.v[1], b.v[2], b.w[0], b.w[1], b.w[2]);
            printf("mu_s %.17g mu_k %.17g e %.17g law %d\n", mu_s, mu_k, e, (int)law.kind);
        }
        imp_result3d r;
        imp_status st = imp_exact3d_solve(&b, mu_s, mu_k, &law, NULL, &r);
        double f[NF] = {r.P[0], r.P[1], r.P[2], r.vC[0], r.vC[1], r.vC[2], r.v[0], r.v[1],
                        r.v[2], r.w[0], r.w[1], r.w[2], r.Wc, r.Wr, r.Wf, r.Pc, r.dT, c.T0,
                        r.p_stop, r.min_slip, hypot(hypot(c.vC0[0], c.vC0[1]), c.vC0[2]),
                        (double)r.mode, (double)r.nstage, (double)st};
        printf("%ld", (long)r.nsteps);
        for (int i = 0; i < NF; i++) printf(" %a", f[i]);
        printf("\n");
        done++;
    }
    return 0;
}

/* |a - b| / max(|a|, |b|, floor) */
static double rel3(const double *a, const double *b, double floor)
{
    double d = hypot(hypot(a[0] - b[0], a[1] - b[1]), a[2] - b[2]);
    double s = fmax(fmax(hypot(hypot(a[0], a[1]), a[2]), hypot(hypot(b[0], b[1]), b[2])), floor);
    return s > 0 ? d / s : d;
}

static int cmp(const char *fa, const char *fb)
{
    FILE *A = fopen(fa, "r"), *B = fopen(fb, "r");
    if (!A || !B) { fprintf(stderr, "cannot open\n"); return 2; }
    const char *names[] = {"P", "vC", "v", "w", "works", "Pc", "p_stop", "min_slip"};
    double worst[8] = {0};
    long wline[8] = {0}, line = 0, sa = 0, sb = 0, discrete = 0;
    for (;;) {
        long na, nb;
        double a[NF], b[NF];
        if (fscanf(A, "%ld", &na) != 1 || fscanf(B, "%ld", &nb) != 1) break;
        for (int i = 0; i < NF; i++)
            if (fscanf(A, "%la", &a[i]) != 1 || fscanf(B, "%la", &b[i]) != 1) return 2;
        line++; sa += na; sb += nb;
        double T0 = a[17], Ps = fmax(fabs(a[1]), fabs(b[1]));
        double d[8] = {rel3(a, b, 0), rel3(a + 3, b + 3, a[20]), rel3(a + 6, b + 6, 0),
                       rel3(a + 9, b + 9, 0), 0,
                       fabs(a[15] - b[15]) / fmax(Ps, 1e-300),
                       fabs(a[18] - b[18]) / fmax(Ps, 1e-300),
                       fabs(a[19] - b[19]) / a[20]};
        for (int i = 12; i <= 16; i++) d[4] = fmax(d[4], fabs(a[i] - b[i]) / T0);
        if (a[21] != b[21] || a[22] != b[22] || a[23] != b[23]) {
            discrete++;
            fprintf(stderr, "line %ld: mode %g/%g nstage %g/%g status %g/%g\n", line, a[21], b[21],
                    a[22], b[22], a[23], b[23]);
        }
        for (int k = 0; k < 8; k++)
            if (!(d[k] <= worst[k])) { worst[k] = d[k]; wline[k] = line; }
    }
    printf("%ld bodies, steps %ld -> %ld, %ld with a different mode/stages/status\n", line, sa, sb,
           discrete);
    double all = 0;
    for (int k = 0; k < 8; k++) {
        printf("  %-8s largest relative difference %.3g (body %ld)\n", names[k], worst[k], wline[k]);
        if (k != 7 && !(worst[k] <= all)) all = worst[k];
    }
    printf("largest (all but min_slip): %.3g\n", all);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 3 && !strcmp(argv[1], "dump")) return dump(atol(argv[2]), 0);
    if (argc >= 3 && !strcmp(argv[1], "show")) return dump(atol(argv[2]), atol(argv[2]));
    if (argc >= 4 && !strcmp(argv[1], "cmp")) return cmp(argv[2], argv[3]);
    fprintf(stderr, "usage: %s dump N | show K | cmp a b\n", argv[0]);
    return 2;
}
