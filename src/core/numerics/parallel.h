/* A parallel for-loop over point indices for sweeps: worker threads claim
 * batches of points in index order, so an interrupted run has finished a
 * prefix of the points; each point writes only its own outputs, so results
 * do not depend on the number of threads. */
#ifndef IMPACT_PARALLEL_H
#define IMPACT_PARALLEL_H

#include <stddef.h>

#include "status.h"

/* Points per batch. Small batches keep threads balanced and the interrupt
 * prompt; large enough that neighbouring batches, done by different
 * threads, rarely share a cache line of the outputs (at 64 points per
 * batch the per-point status bytes of two threads shared lines, and two
 * threads ran no faster than one) and that the atomic counter costs
 * nothing per point. Batch b holds points b*BATCH .. (b+1)*BATCH - 1. */
#define IMP_PARALLEL_BATCH 512

/* Solves points lo .. hi-1 (0-based within the run, in order) and stores
 * their outputs. Called concurrently from several threads for disjoint
 * batches; a batch in order lets the callee step through its points
 * incrementally. */
typedef void (*imp_batch_fn)(void *ctx, size_t lo, size_t hi);

/* Runs fn over [0, n) in batches on `threads` threads (1: the calling thread).
 * Polls imp_interrupt_pending() between batches; on an interrupt it stops and
 * returns IMP_EINTERRUPT. *done receives the length of the prefix of points
 * that were all solved (n when the run completes). IMP_ENOMEM if threads
 * cannot be started (then nothing is guaranteed beyond *done). */
imp_status imp_parallel_for(size_t n, int threads, imp_batch_fn fn, void *ctx,
                            size_t *done);

/* The same with batches of `batch` points (>= 1): for short loops (a fit's
 * few hundred rows per evaluation), which one batch of IMP_PARALLEL_BATCH
 * would leave to a single thread, and for points that take long each (a
 * simulation), where 512 of them would leave threads idle. */
imp_status imp_parallel_for_batch(size_t n, size_t batch, int threads, imp_batch_fn fn,
                                  void *ctx, size_t *done);

#endif
