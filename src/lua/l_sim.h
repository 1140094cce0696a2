/* The binding of the simulator (sim.h): impact.scene2d and impact.system
 * read and check a system and return it as a checked, normalised table
 * (metatables impact.Scene2D, impact.System); core._simulate reads such a
 * table again (so an edited one is checked again), runs imp_sim_run with
 * an observer that builds the run's tables, and returns the run
 * (metatable impact.Run). l_scene2d.c reads scenes, l_system.c systems of
 * Lua functions (l_system_calls.c bridges their calls to the core's callbacks),
 * l_simulate.c runs them, l_sim_events.c builds the run's events. */
#ifndef IMPACT_LUA_SIM_H
#define IMPACT_LUA_SIM_H

#include "check.h"
#include "l_law.h"
#include "scene2d.h"
#include "sim.h"

#define SCENE2D_MT "impact.Scene2D"
#define SYSTEM_MT "impact.System"
#define RUN_MT "impact.Run"

#define LSIM_BMAX (IMP_SIM_NMAX / 3)   /* bodies of a scene */
#define LSIM_LMAX IMP_SIM_CMAX          /* lines of a scene */
#define LSIM_PMAX 256                   /* points of a scene, all bodies */

/* A scene as read: the core's structs and each line's own coefficients. */
typedef struct {
    imp_scene2d sc;
    imp_scene2d_body b[LSIM_BMAX];
    imp_scene2d_line l[LSIM_LMAX];
    double pts[2 * LSIM_PMAX];
    double lmu_s[LSIM_LMAX], lmu_k[LSIM_LMAX], le[LSIM_LMAX];
} lsim_scene;

/* A system of Lua functions. While a run is under way, fns is the stack
 * index (in the frame that runs imp_sim_run) of a table holding the
 * functions: [1] M (or false), [2] force (or false), [3] potential (or
 * false), [2 + 2i] contact i's gap, [3 + 2i] its J (i from 1). A callback
 * that fails keeps its message in msg (failed = 1) and returns 1. */
enum { LSIM_SLOT_M = 1, LSIM_SLOT_FORCE = 2, LSIM_SLOT_POT = 3 };
#define LSIM_SLOT_GAP(i) (4 + 2 * (i))
#define LSIM_SLOT_J(i) (5 + 2 * (i))

typedef struct {
    lua_State *L;
    int fns;
    int n, nc;
    int dim[IMP_SIM_CMAX];
    int mfn, has_force, has_pot;
    double M[IMP_SIM_NMAX * IMP_SIM_NMAX];
    int failed, interrupted;
    char msg[400];
} lsim_lua;

enum { LSIM_SCENE = 0, LSIM_SYSTEM = 1 };

/* Everything a run needs; a userdata (large: freed by the collector). */
typedef struct {
    int kind;                 /* LSIM_SCENE or LSIM_SYSTEM */
    imp_sim_system s;
    double q[IMP_SIM_NMAX], qd[IMP_SIM_NMAX];
    imp_law law;              /* the top-level law (e: the default e) */
    limp_lua_law lctx;        /* a custom law's context */
    double mu_s, mu_k, e;     /* the defaults */
    int model;                /* imp_sim_model: the row of imp_multi_models */
    lsim_scene scene;
    lsim_lua lua;
} lsim_in;

/* The defaults a scene and a system share (mu or mu_s, mu_k; model, read
 * against the multi-contact registry; law; e), read from the table at t
 * (a custom law: two values pushed, as limp_law_check), and set in the
 * normalised table on top of the stack (t: the table read, for a custom
 * law's function). l_scene2d.c. */
void lsim_defaults_read(limp_check *c, int t, lsim_in *in);
void lsim_defaults_push(lua_State *L, int t, const lsim_in *in);

/* Reads the scene (or system) table at t into in, checked; with a custom
 * law, leaves the law and its state object on the stack (l_law.h). The
 * system's reader calls its functions once at (t = 0, q, qdot) to check
 * what they return. */
void lsim_scene_read(limp_check *c, int t, lsim_in *in);
void lsim_system_read(limp_check *c, int t, lsim_in *in);

/* The normalised tables (metatables SCENE2D_MT, SYSTEM_MT) of the table at
 * t, read into in. */
void lsim_scene_push(lua_State *L, int t, const lsim_in *in);
void lsim_system_push(lua_State *L, int t, const lsim_in *in);

/* The Lua system's callbacks (l_system_calls.c), and setting them in in->s. */
int lsim_cb_mass(void *ctx, const double *q, double *M);
int lsim_cb_force(void *ctx, double t, const double *q, const double *qd, double *f);
int lsim_cb_potential(void *ctx, const double *q, double *V);
int lsim_cb_gap(void *ctx, int i, const double *q, double *g);
int lsim_cb_jac(void *ctx, int i, const double *q, double *J);
void lsim_system_bind(lsim_in *in);

/* The scene's contact i described: "bodies[1].points[2] against lines[1]". */
void lsim_scene_contact_name(const lsim_in *in, int i, char *buf, size_t n);

/* The observer (l_sim_events.c): appends the samples and events to the
 * run's lists, at stack indices in the running frame. */
typedef struct {
    lua_State *L;
    lsim_in *in;
    int t, q, qd, energy, events;    /* stack indices of the lists */
    lua_Integer ns, ne;               /* their lengths */
    long counts[IMP_SIM_INCONSISTENT + 1];
    int interrupted;                  /* the observer stopped the run on Ctrl-C */
    char msg[300];                    /* or an error raised in it */
} lsim_obs;

int lsim_obs_sample(void *ctx, double t, const double *q, const double *qd, double energy);
int lsim_obs_event(void *ctx, const imp_sim_event *ev);

/* simulate's options (t_end, dt, ...) from the table at t, checked
 * (l_simulate.c) */
void lsim_opts_read(limp_check *c, int t, imp_sim_opts *o);
/* Raises the error of a failed run as impact.simulate does (never returns). */
int lsim_raise_run(limp_check *c, lsim_in *in, const imp_sim_outcome *out, imp_status st,
                   const char *obs_msg);

/* core._simulate_sweep and core._sim_measures (l_sim_sweep.c) */
void lsim_open_sweep(lua_State *L);
void lsim_open_scene2d(lua_State *L);
void lsim_open_system(lua_State *L);
void limp_open_simulate(lua_State *L);

#endif
