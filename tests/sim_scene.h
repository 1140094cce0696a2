/* The simulator tests' common scene: one body above the ground line
 * y = 0 (normal +y) under gravity (gx, gy), every contact with Poisson's
 * law e and Coulomb's mu (mu_s = mu_k), as scene2d builds it. */
#ifndef TESTS_SIM_SCENE_H
#define TESTS_SIM_SCENE_H

#include <string.h>

#include "check.h"
#include "scene2d.h"
#include "sim.h"

typedef struct {
    imp_scene2d_body body;
    imp_scene2d_line ground;
    imp_scene2d sc;          /* points at body and ground */
    imp_sim_system s;        /* its ctx is sc */
} sim_scene;

/* The body: mass m, inertia I about its centre, np body-frame points pts
 * (x, y pairs); ncontacts the number of contacts expected (CHECKed). */
static inline void sim_scene_body(sim_scene *w, double m, double I, int np, double *pts,
                                  int ncontacts, double gx, double gy, double mu, double e)
{
    memset(w, 0, sizeof *w);
    w->body = (imp_scene2d_body){m, I, 0, np, pts};
    w->ground = (imp_scene2d_line){0, 0, 0, 1};
    w->sc.nb = 1;
    w->sc.nl = 1;
    w->sc.bodies = &w->body;
    w->sc.lines = &w->ground;
    w->sc.g[0] = gx;
    w->sc.g[1] = gy;
    CHECK(imp_scene2d_contacts(&w->sc) == ncontacts);
    CHECK(imp_scene2d_system(&w->sc, &w->s) == IMP_OK);
    for (int i = 0; i < w->s.nc; i++) {
        w->s.c[i].mu_s = w->s.c[i].mu_k = mu;
        w->s.c[i].e = e;
        w->s.c[i].law.kind = IMP_LAW_POISSON;
        w->s.c[i].law.e = e;
    }
}

#endif
