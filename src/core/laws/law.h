/* Restitution laws shared by the 2D and 3D solvers (Poisson: WM92;
 * Newton; Stronge 1990's energetic law; or a custom residual), and their
 * registry: each law is one row (an imp_law_type, in the style of GSL's
 * gsl_odeiv2_step_type) that the solvers call; none of them switches on a
 * law's kind.
 *
 * A law is a residual R(state): the impact ends at the first point after
 * maximum compression where R reaches zero from below. A row may also give
 * its end in one of the closed forms below (imp_law_end); the solvers
 * that have a closed form for that shape use it (the 2D tracer's exact
 * segment end, the exact 3D method's fixed-rate periods, the algebraic 3D
 * method's restitution closure, WM92's closed forms in classify2d, the
 * impact space's translation line), the others root-find the residual.
 *
 * How a new law is added (a law written in C):
 *   1. law.h: its kind in imp_law_kind, just before IMP_LAW_CUSTOM (the
 *      custom row stays last, so that 0 .. IMP_LAW_CUSTOM - 1 are the
 *      built-in rows, the binding's and the sweeps' list of names);
 *   2. law.c: its residual (and, if its end has one of the closed forms,
 *      its end function) and its row in imp_law_types, at the same index;
 *   3. its tests (tests/test_law_*.c and/or a spec), and its documentation
 *      (help/man).
 * Every solver, the binding (impact.core._laws, the names `law = "..."`
 * accepts) and the Lua side (names.lua, models.lua, help) take the row
 * from the registry; nothing else changes. A law that needs parameters
 * beyond e lists them in its row's params (the binding publishes them);
 * a law whose end has none of the closed forms leaves `end` NULL and the
 * solvers root-find its residual. A compliant normal law (compliant.h) is
 * a row with `compliant` set: its parameters come in a table, imp_law.ctx
 * points to them, and the solvers that follow the path in time run it. */
#ifndef IMPACT_LAW_H
#define IMPACT_LAW_H

/* The rows of imp_law_types, by index. New built-in laws go before
 * IMP_LAW_CUSTOM (see above). */
typedef enum {
    IMP_LAW_POISSON = 0,
    IMP_LAW_NEWTON,
    IMP_LAW_ENERGETIC,
    IMP_LAW_KELVIN_VOIGT,     /* compliant rows (compliant.h): chosen by a table */
    IMP_LAW_HERTZ,
    IMP_LAW_HUNT_CROSSLEY,
    IMP_LAW_CUSTOM
} imp_law_kind;
#define IMP_LAW_COUNT (IMP_LAW_CUSTOM + 1)   /* the number of rows (custom is the last) */

typedef enum { IMP_PHASE_COMPRESSION = 0, IMP_PHASE_RESTITUTION = 1 } imp_phase;

/* What a law sees. In 2D the tangential quantities use index 0 only
 * (dim = 2); in 3D index 0 is x and index 1 is z (dim = 3). */
typedef struct {
    double Pn, Pc;        /* normal impulse so far; at maximum compression */
    double vn, vn0;       /* normal contact velocity now; before impact */
    double Wc, Wr;        /* normal work in compression (<= 0); since max compression (>= 0) */
    double Pt[2];         /* tangential impulse so far */
    double vt[2], vt0[2]; /* slip velocity now; before impact */
    imp_phase phase;
    int dim;
} imp_law_state;

/* A custom law: write R(state) to *residual and return 0, or return
 * non-zero to abort the solve (the caller then reports IMP_ELAW and keeps
 * its own error message in ctx). */
typedef int (*imp_law_fn)(void *ctx, const imp_law_state *s, double *residual);

typedef struct imp_law_type imp_law_type;

/* A law as the solvers take it: its row (kind) and its values. */
typedef struct {
    imp_law_kind kind;
    double e;          /* coefficient of the built-in laws, in [0, 1] */
    imp_law_fn fn;     /* IMP_LAW_CUSTOM only */
    void *ctx;         /* custom: fn's; a compliant row: its imp_compliant (compliant.h) */
} imp_law;

/* The closed forms of a law's end (after maximum compression), in any
 * consistent units: the solvers evaluate them on their own (scaled)
 * quantities. */
typedef enum {
    IMP_LAW_END_NONE = 0,  /* none: the solvers root-find the residual */
    IMP_LAW_END_IMPULSE,   /* Pn = (1 + e) Pc    (Poisson's form) */
    IMP_LAW_END_VELOCITY,  /* vn = -e vn0        (Newton's form) */
    IMP_LAW_END_WORK       /* Wr = -e^2 Wc       (Stronge's energetic form) */
} imp_law_end_form;

typedef struct {
    imp_law_end_form form;
    double e;              /* the form's coefficient, in [0, 1] */
} imp_law_end;

/* A parameter of a law, read from the problem's field of that name. */
typedef struct {
    const char *name;
    double lo, hi;         /* its closed range */
    const char *doc;       /* one line for the help */
} imp_law_param;

/* What the solvers may use. A row gives its name, parameters, residual and
 * (optional) closed-form end; see the top of this file. */
struct imp_law_type {
    const char *name;                 /* what `law = "..."` names ("custom": a function) */
    const char *doc;                  /* one line for the help */
    int nparams;
    const imp_law_param *params;
    /* R(state) into *R; non-zero aborts the solve (IMP_ELAW) */
    int (*residual)(const imp_law *law, const imp_law_state *s, double *R);
    /* the end in closed form: fills *out and returns 1, or returns 0 (or
     * the hook is NULL) when the law has none */
    int (*end)(const imp_law *law, imp_law_end *out);
    /* whether the values are complete (e.g. a custom law has its fn), or
     * NULL: always */
    int (*usable)(const imp_law *law);
    /* a compliant normal law (compliant.h): chosen by a table with its
     * parameters, not by its name alone; run by the solvers that follow
     * the path in time (imp_law_solvers) */
    int compliant;
};

/* The registry: IMP_LAW_COUNT rows indexed by imp_law_kind. */
extern const imp_law_type imp_law_types[IMP_LAW_COUNT];

/* The row of kind k, or NULL for a kind that has none. */
const imp_law_type *imp_law_type_of(imp_law_kind k);

/* A law the solvers can run: a row, complete values (the range of e is the
 * caller's check, with its own message). */
int imp_law_usable(const imp_law *law);

/* The law's residual on s through its row (IMP_OK-style: 0, or non-zero
 * when the law aborts). */
int imp_law_residual(const imp_law *law, const imp_law_state *s, double *R);

/* The law's end in closed form: 1 with *out filled, or 0 (out->form =
 * IMP_LAW_END_NONE) when it has none. */
int imp_law_end_of(const imp_law *law, imp_law_end *out);

/* The value the end form's quantity reaches (Pn for IMPULSE, vn for
 * VELOCITY, Wr for WORK) given the state at maximum compression's Pc,
 * vn0 and Wc, in the caller's units. */
static inline double imp_law_end_target(const imp_law_end *end, double Pc, double vn0, double Wc)
{
    double e = end->e;
    switch (end->form) {
    case IMP_LAW_END_IMPULSE: return (1 + e) * Pc;
    case IMP_LAW_END_VELOCITY: return -e * vn0;
    case IMP_LAW_END_WORK: return -e * e * Wc;
    default: return 0;
    }
}

/* Which solvers accept a law (IMP_LAW_SOLVER_* bits): every solver runs a
 * residual; those built on closed forms need the row's end. */
enum {
    IMP_LAW_SOLVER_SOLVE2D = 1u << 0,     /* Routh's path (solve2d, mechanisms, bodies) */
    IMP_LAW_SOLVER_CLASSIFY2D = 1u << 1,  /* WM92's closed forms (classify2d's closed) */
    IMP_LAW_SOLVER_EXACT3D = 1u << 2,     /* solve3d, method = "exact" */
    IMP_LAW_SOLVER_ALGEBRAIC3D = 1u << 3, /* solve3d, method = "algebraic" */
    IMP_LAW_SOLVER_SEQUENTIAL = 1u << 4,  /* solve_multi, model = "sequential" */
    IMP_LAW_SOLVER_SPACE2D = 1u << 5,     /* the impact space's translation line */
    IMP_LAW_SOLVER_PAINLEVE = 1u << 6     /* painleve */
};
extern const char *const imp_law_solver_names[];   /* by bit, then NULL */
unsigned imp_law_solvers(const imp_law_type *t);

/* The names `law = "..."` selects (the rows before the compliant ones,
 * indexed by imp_law_kind), then NULL; imp_law_kind_name gives "custom" too ("?" for no row). */
extern const char *const imp_law_names[];
const char *imp_law_kind_name(imp_law_kind k);

#endif
