/* Restitution laws shared by the 2D and 3D solvers (Poisson: WM92;
 * Newton; Stronge 1990's energetic law; or a custom residual).
 * A custom law is a residual R(state): the impact ends at the first point
 * after maximum compression where R reaches zero from below. */
#ifndef IMPACT_LAW_H
#define IMPACT_LAW_H

typedef enum {
    IMP_LAW_POISSON = 0,
    IMP_LAW_NEWTON,
    IMP_LAW_ENERGETIC,
    IMP_LAW_CUSTOM
} imp_law_kind;

typedef enum { IMP_PHASE_COMPRESSION = 0, IMP_PHASE_RESTITUTION = 1 } imp_phase;

/* What a custom law sees. In 2D the tangential quantities use index 0 only
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

typedef struct {
    imp_law_kind kind;
    double e;          /* coefficient of the built-in laws, in [0, 1] */
    imp_law_fn fn;     /* IMP_LAW_CUSTOM only */
    void *ctx;
} imp_law;

/* The built-in laws' names indexed by imp_law_kind ("poisson", "newton",
 * "energetic"), then NULL; imp_law_kind_name gives "custom" too. */
extern const char *const imp_law_names[];
const char *imp_law_kind_name(imp_law_kind k);

#endif
