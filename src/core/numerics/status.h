/* Status codes returned by every core function. The core never prints and
 * never raises: the Lua binding turns a status into an error message. */
#ifndef IMPACT_STATUS_H
#define IMPACT_STATUS_H

typedef enum {
    IMP_OK = 0,
    IMP_EINPUT,      /* input the binding should have rejected */
    IMP_ELAW,        /* a custom law's callback failed (raised, non-number) */
    IMP_ENOROOT,     /* a custom law never reached zero (only custom laws) */
    IMP_ENOCONV,     /* an iteration did not converge */
    IMP_ESINGULAR,   /* a matrix that must be invertible is not */
    IMP_ELAPACK,     /* LAPACKE reported a bad argument */
    IMP_EINTERRUPT,  /* imp_interrupt_pending() became true inside a long loop */
    IMP_ENOMEM,
    IMP_ESTEPS,      /* an integrator exceeded its step budget */
    IMP_EOVERFLOW,   /* valid input whose result does not fit a double */
    IMP_EROOT,       /* the root finder did not converge on a custom law's zero */
    IMP_ENOSOLUTION  /* the model has no admissible solution for this input (the
                        algebraic 3D model, the published 2D models) */
} imp_status;

/* A short English description of a status, for error messages. */
const char *imp_strerror(imp_status st);

#endif
