/* The simulator (imp_sim_run on scene2d systems), medians of repeated runs
 * of wall time:
 *   simulate_ball_us_per_event: a disk (e = 0.5) dropped 1 m onto a line,
 *     bouncing to rest (its impacts and the accumulation's rest event);
 *   simulate_rocking_us: Housner's block (b = 0.2, h = 1, e = 0, mu = 5,
 *     moreau on the two corners) released at 0.1 rad, 10 s of history
 *     (the impact count is printed as simulate_rocking_impacts);
 *   simulate_rod_us_per_event: a rod dropped with friction (mu = 0.3,
 *     e = 0.5, moreau) slightly tilted and sliding, bouncing on its two
 *     ends (single- and two-contact impacts) for 3 s.
 * Per event: the run's time divided by out.events. No samples (dt = 0). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "scene2d.h"
#include "sim.h"

#define REPS 15

/* "bench_sim once": every scene run once, untimed repeats skipped (for
 * valgrind --tool=callgrind, whose instruction counts do not depend on the
 * machine's load) */
static int once;
static const char *only;   /* "bench_sim once ball": that scene alone */

typedef struct {
    imp_scene2d s2;       /* the system's ctx */
    imp_sim_system s;
    imp_sim_opts o;
    double q[3], qd[3];
} scene;

static double run_once(scene *sc, imp_sim_outcome *out, int inner)
{
    double t0 = bench_now();
    for (int i = 0; i < inner; i++) {
        double q[3], qd[3];
        memcpy(q, sc->q, sizeof q);
        memcpy(qd, sc->qd, sizeof qd);
        if (imp_sim_run(&sc->s, &sc->o, q, qd, NULL, out) != IMP_OK) {
            fprintf(stderr, "bench_sim: run failed (%s at t = %g)\n", out->fail_what,
                    out->fail_t);
            return NAN;
        }
    }
    return (bench_now() - t0) / inner;
}

/* median seconds per run, and the last outcome */
static double median_run(scene *sc, imp_sim_outcome *out, int inner)
{
    double t[REPS];
    if (once) return run_once(sc, out, 1);
    run_once(sc, out, inner);                /* warm up */
    for (int r = 0; r < REPS; r++) t[r] = run_once(sc, out, inner);
    return bench_median(t, REPS);
}

static const imp_scene2d_line ground = {0, 0, 0, 1};

static void setup(scene *sc, const imp_scene2d_body *b, double mu, double e,
                  imp_sim_model model, double t_end)
{
    imp_scene2d *s2 = &sc->s2;
    memset(s2, 0, sizeof *s2);
    s2->nb = 1;
    s2->nl = 1;
    s2->bodies = b;
    s2->lines = &ground;
    s2->g[1] = -9.81;
    imp_scene2d_contacts(s2);
    memset(&sc->s, 0, sizeof sc->s);
    if (imp_scene2d_system(s2, &sc->s) != IMP_OK) fprintf(stderr, "bench_sim: scene\n");
    for (int i = 0; i < sc->s.nc; i++) {
        sc->s.c[i].mu_s = sc->s.c[i].mu_k = mu;
        sc->s.c[i].e = e;
        sc->s.c[i].law.kind = IMP_LAW_POISSON;
        sc->s.c[i].law.e = e;
    }
    sc->s.model = model;
    memset(&sc->o, 0, sizeof sc->o);
    sc->o.t_end = t_end;
}

int main(int argc, char **argv)
{
    once = argc > 1 && strcmp(argv[1], "once") == 0;
    only = once && argc > 2 ? argv[2] : NULL;
    imp_sim_outcome out;
    static scene sc;
    const double R = 0.1;
    double zero[3] = {0, 0, 0};

    /* the ball */
    if (!only || strcmp(only, "ball") == 0) {
    imp_scene2d_body ball = {2, 2 * 0.4 * R * R, R, 0, NULL};
    setup(&sc, &ball, 0.3, 0.5, IMP_SIM_MODEL_MOREAU, 10);
    double qb[3] = {0, 1 + R, 0};
    memcpy(sc.q, qb, sizeof qb);
    memcpy(sc.qd, zero, sizeof zero);
    double tb = median_run(&sc, &out, 20);
    printf("simulate_ball_events: %ld\n", out.events);
    printf("simulate_ball_steps: %ld\n", out.steps);
    printf("simulate_ball_us_per_event: %.2f\n", tb / out.events * 1e6);
    }
    if (!only || strcmp(only, "rocking") == 0) {
    /* Housner's block */
    const double b = 0.2, h = 1.0, th0 = 0.1;
    double pts[8] = {b, -h, -b, -h, b, h, -b, h};
    imp_scene2d_body block = {3, 3 * (b * b + h * h) / 3, 0, 4, pts};
    setup(&sc, &block, 5, 0, IMP_SIM_MODEL_MOREAU, 10);
    double qr[3] = {b - b * cos(th0) + h * sin(th0), h * cos(th0) + b * sin(th0), -th0};
    memcpy(sc.q, qr, sizeof qr);
    memcpy(sc.qd, zero, sizeof zero);
    double tr = median_run(&sc, &out, 5);
    printf("simulate_rocking_impacts: %ld\n", out.impacts);
    printf("simulate_rocking_events: %ld\n", out.events);
    printf("simulate_rocking_steps: %ld\n", out.steps);
    printf("simulate_rocking_us: %.1f\n", tr * 1e6);
    }
    if (!only || strcmp(only, "rod") == 0) {
    /* the rod on its two ends */
    const double l = 0.5, th = 0.02;
    double ends[4] = {-l, 0, l, 0};
    imp_scene2d_body rod = {1, l * l / 3, 0, 2, ends};
    setup(&sc, &rod, 0.3, 0.5, IMP_SIM_MODEL_MOREAU, 3);
    double qo[3] = {0, 0.3, th}, qdo[3] = {0.5, 0, 0};
    memcpy(sc.q, qo, sizeof qo);
    memcpy(sc.qd, qdo, sizeof qdo);
    double to = median_run(&sc, &out, 5);
    printf("simulate_rod_events: %ld\n", out.events);
    printf("simulate_rod_impacts: %ld\n", out.impacts);
    printf("simulate_rod_steps: %ld\n", out.steps);
    printf("simulate_rod_us_per_event: %.2f\n", to / out.events * 1e6);
    }
    return 0;
}
