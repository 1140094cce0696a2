/* The sequential model is declared in multi_models.h with the other
 * multiple-impact models; this header is kept only for code that still
 * includes it (the simulator's branch), and goes once none does. */
#ifndef IMPACT_MULTI_SEQUENTIAL_H
#define IMPACT_MULTI_SEQUENTIAL_H

#include "multi_models.h"

#endif
