/* TEMPORARY (branch sim-lua only, removed when sim-core is merged): a
 * stand-in for imp_sim_run so that the binding links and its reading and
 * checking can be tested before the simulator exists. It reports no
 * sample and no event and refuses every run. */
#include <string.h>

#include "sim.h"

const char *const imp_sim_event_names[] = {"impact", "liftoff", "stick", "slip", "rest",
                                           "inconsistent", NULL};

imp_status imp_sim_run(const imp_sim_system *s, const imp_sim_opts *o, double *q, double *qd,
                       const imp_sim_observer *obs, imp_sim_outcome *out)
{
    (void)s; (void)o; (void)q; (void)qd; (void)obs;
    memset(out, 0, sizeof *out);
    out->fail_contact = -1;
    out->fail_what = "simulator not available yet (sim-core not merged)";
    return IMP_EINPUT;
}
