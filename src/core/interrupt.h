/* Ctrl-C for long C loops. The host's SIGINT handler calls
 * imp_interrupt_raise(); core loops that may run long poll
 * imp_interrupted() and return IMP_EINTERRUPT. The binding clears the flag
 * before each call that polls it. */
#ifndef IMPACT_INTERRUPT_H
#define IMPACT_INTERRUPT_H

#include <signal.h>

extern volatile sig_atomic_t imp_interrupt_flag;

static inline int imp_interrupted(void) { return imp_interrupt_flag != 0; }
static inline void imp_interrupt_raise(void) { imp_interrupt_flag = 1; }
static inline void imp_interrupt_clear(void) { imp_interrupt_flag = 0; }

#endif
