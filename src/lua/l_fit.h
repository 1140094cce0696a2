/* impact.fit in the binding: l_fit.c reads and checks the spec, l_fit_eval.c
 * evaluates the residuals through the user's Lua functions and builds the
 * result. Shared here: what an evaluation needs. */
#ifndef IMPACT_LUA_FIT_H
#define IMPACT_LUA_FIT_H

#include "check.h"
#include "fit.h"
#include "fit_model2d.h"

/* Where an evaluation failed, for the message (fit_raise_eval). */
enum { FIT_AT_NONE, FIT_AT_PROBLEM, FIT_AT_SOLVE, FIT_AT_OBSERVE };

typedef struct {
    lua_State *L;
    int env;          /* absolute index: { rows, problem, solve, observe list, param names } */
    int errslot;      /* absolute index: the error object of a failed evaluation */
    int nrows, nobs, p;
    int solve_is_fn;  /* solve given as a function (else a built-in solver) */
    int solve2d;      /* solve is the built-in solve2d */
    const char *const *obsname;   /* nobs column names (strings kept in env) */
    const double *y;  /* nrows x nobs observed values, row-major */
    const double *sw; /* sqrt of the weights, the same layout */
    int row, at, obs; /* where the last evaluation was */
} limp_fit_ctx;

/* The residual callback handed to imp_fit. */
int limp_fit_resid(void *ctx, const double *theta, double *r);
/* Raise the error kept by a failed evaluation, with the row and field. */
int limp_fit_raise_eval(const limp_check *c, const limp_fit_ctx *x);
/* Push the result table; names[] (p) are the parameters, x's columns the observations. */
void limp_fit_push_result(lua_State *L, const limp_fit_ctx *x, const imp_fit_problem *pb,
                          const imp_fit_result *res, const double *r, const char *const *names);

/* The C path (l_fit_fast.c): the model of the spec in C when it qualifies
 * (anchored in env[8], env[9]), else NULL (the Lua path then runs). */
imp_fit_model2d *limp_fit_fast_prepare(limp_fit_ctx *x, const double *start, int threads);

#endif
