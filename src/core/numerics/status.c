/* imp_strerror: a short English text for each imp_status. */
#include "status.h"

const char *imp_strerror(imp_status st)
{
    switch (st) {
    case IMP_OK:         return "ok";
    case IMP_EINPUT:     return "invalid input";
    case IMP_ELAW:       return "the restitution law failed";
    case IMP_ENOROOT:    return "the restitution law never reached zero";
    case IMP_ENOCONV:    return "the iteration did not converge";
    case IMP_ESINGULAR:  return "singular matrix";
    case IMP_ELAPACK:    return "LAPACKE rejected an argument";
    case IMP_EINTERRUPT: return "interrupted!";
    case IMP_ENOMEM:     return "out of memory";
    case IMP_ESTEPS:     return "the integrator exceeded its step budget";
    case IMP_EOVERFLOW:  return "the result is outside double's range (the inputs' magnitudes are too extreme for double precision)";
    case IMP_EROOT:      return "the root finder did not converge on the restitution law's zero";
    case IMP_ENOSOLUTION: return "the model has no admissible solution";
    }
    return "unknown status";
}
