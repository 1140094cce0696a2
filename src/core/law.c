/* The restitution laws' names (see law.h): one table for the core, the
 * binding and the sweeps. */
#include <stddef.h>

#include "law.h"

const char *const imp_law_names[] = {"poisson", "newton", "energetic", NULL};

const char *imp_law_kind_name(imp_law_kind k)
{
    return k == IMP_LAW_CUSTOM ? "custom"
         : (unsigned)k < IMP_LAW_CUSTOM ? imp_law_names[k] : "?";
}
