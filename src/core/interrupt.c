#include "interrupt.h"

volatile sig_atomic_t imp_interrupt_flag = 0;
