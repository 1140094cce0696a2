/* Ctrl-C for long C loops. The host's SIGINT handler calls
 * imp_interrupt_raise(); core loops that may run long (also on sweep worker
 * threads) poll imp_interrupt_pending() and return IMP_EINTERRUPT. The binding
 * clears the flag before each call that polls it.
 *
 * The flag is a lock-free C11 atomic: safe to set from a signal handler and
 * to read from other threads (a volatile sig_atomic_t is only the former).
 * Relaxed ordering suffices: it carries no data, only "stop soon". */
#ifndef IMPACT_INTERRUPT_H
#define IMPACT_INTERRUPT_H

#include <stdatomic.h>

extern atomic_int imp_interrupt_flag;

static inline int imp_interrupt_pending(void)
{
    return atomic_load_explicit(&imp_interrupt_flag, memory_order_relaxed) != 0;
}
static inline void imp_interrupt_raise(void)
{
    atomic_store_explicit(&imp_interrupt_flag, 1, memory_order_relaxed);
}
static inline void imp_interrupt_clear(void)
{
    atomic_store_explicit(&imp_interrupt_flag, 0, memory_order_relaxed);
}

#endif
