/* The interrupt flag the long loops poll (imp_interrupt_pending), set from a
 * signal handler by the host. */
#include "interrupt.h"

_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "the interrupt flag must be lock-free to be set from a signal handler");

atomic_int imp_interrupt_flag = 0;
