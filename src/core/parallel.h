/* A parallel for-loop over point indices for sweeps: worker threads claim
 * batches of points in index order, so an interrupted run has finished a
 * prefix of the points; each point writes only its own outputs, so results
 * do not depend on the number of threads. */
#ifndef IMPACT_PARALLEL_H
#define IMPACT_PARALLEL_H

#include <stddef.h>

#include "status.h"

/* Solves point i (0-based within the run) and stores its outputs. Called
 * concurrently from several threads for different i. */
typedef void (*imp_point_fn)(void *ctx, size_t i);

/* Runs fn for i in [0, n) on `threads` threads (1: in the calling thread).
 * Polls imp_interrupted() between batches; on an interrupt it stops and
 * returns IMP_EINTERRUPT. *done receives the length of the prefix of points
 * that were all solved (n when the run completes). IMP_ENOMEM if threads
 * cannot be started (then nothing is guaranteed beyond *done). */
imp_status imp_parallel_for(size_t n, int threads, imp_point_fn fn, void *ctx,
                            size_t *done);

#endif
