/* What a study keeps of a run: a summary built by an observer (sim.h) as
 * the run goes, without its samples, and the quantities ("measures") read
 * from it, one registry row each. A sweep over simulations (the binding's
 * core._simulate_sweep) runs many systems on worker threads with this
 * observer and writes one row of measures per run. */
#ifndef IMPACT_SIM_SUMMARY_H
#define IMPACT_SIM_SUMMARY_H

#include "sim.h"

typedef struct {
    int n;                                   /* coordinates */
    long samples;
    double energy0, energy;                  /* at the first and last sample */
    double q[IMP_SIM_NMAX], qd[IMP_SIM_NMAX];/* the last sample's state */
    double t_first_impact;                   /* NAN: none */
    double t_accumulation;                   /* the first "rest" event's t, NAN: none */
    long counts[IMP_SIM_INCONSISTENT + 1];   /* events by kind */
} imp_sim_summary;

/* s ready for a run of n coordinates; obs observes into it. */
void imp_sim_summary_init(imp_sim_summary *s, int n, imp_sim_observer *obs);

/* One measure: a number of the run (per coordinate: one column per
 * coordinate, "q1", "q2", ...). get(s, out, j) with j the 0-based
 * coordinate (0 for the others). */
typedef struct {
    const char *name;
    const char *doc;
    int per_coordinate;
    double (*get)(const imp_sim_summary *s, const imp_sim_outcome *out, int j);
} imp_sim_measure;

extern const imp_sim_measure imp_sim_measures[];   /* ends with a NULL name */
extern const int imp_sim_nmeasures;

#endif
