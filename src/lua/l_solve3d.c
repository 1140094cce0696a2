/* The 3D binding: impact.solve3d (Keller 1986; SB22) and impact.rod. Reads
 * the problem table through l_problem3d.c (field by field, raising naming
 * the field), runs the exact or the algebraic core solver, and returns a
 * plain result table (lua/impact/solve3d.lua adds the printing metatable). */
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "friction3d.h"
#include "l_friction.h"
#include "check.h"
#include "raise.h"
#include "impact3d.h"
#include "l_solve3d.h"
#include "l_solve3d_model.h"
#include "interrupt.h"
#include "l_compliance.h"
#include "l_law.h"
#include "mat3.h"
#include "sweep3d.h"
#include "module.h"

#define TRACK_MT "impact.Track3D"
#define RESULT3D_MT "impact.Result3D"   /* filled in by lua/impact/solve3d.lua */

/* The hodograph buffer lives in a userdata (lauxlib's box pattern): if a
 * custom law raises mid-integration, the collector still frees it. */
typedef struct {
    imp_track3d t;
} track_box;

static double *track_grow(void *ud, double *old, size_t n)
{
    (void)ud;
    return realloc(old, n * sizeof *old);
}

static int track_gc(lua_State *L)
{
    track_box *b = luaL_checkudata(L, 1, TRACK_MT);
    free(b->t.data);
    b->t.data = NULL;
    b->t.n = b->t.cap = 0;
    return 0;
}

static track_box *push_track(lua_State *L)
{
    track_box *b = lua_newuserdatauv(L, sizeof *b, 0);
    memset(b, 0, sizeof *b);
    b->t.grow = track_grow;
    luaL_setmetatable(L, TRACK_MT);
    return b;
}

/* With a built-in law the hodograph is not recorded by the solve: the
 * result keeps the contact data and the settings (one small userdata, no
 * buffer, no finalizer) and core._hodograph solves again with a track,
 * which gives the same points (the integration is deterministic). A custom
 * law is recorded as it runs (calling it again could see other values). */
#define TRACK_LAZY_MT "impact.Track3DLazy"
typedef struct {
    imp_contact3d c;
    double mu_s, mu_k;
    imp_law law;
    imp_opts3d o;
} track_lazy;

static void push_track_lazy(lua_State *L, const imp_contact3d *c, double mu_s, double mu_k,
                            const imp_law *law, const imp_opts3d *o)
{
    track_lazy *z = lua_newuserdatauv(L, sizeof *z, 0);
    z->c = *c;
    z->mu_s = mu_s; z->mu_k = mu_k;
    z->law = *law;
    z->law.ctx = NULL;          /* (a built-in law: fn and ctx unused) */
    z->o = *o;
    z->o.track = NULL;
    luaL_setmetatable(L, TRACK_LAZY_MT);
}

/* core._hodograph(track): columns {p =, x =, y =, z =} (y: normal velocity). */
static int l_hodograph(lua_State *L)
{
    track_box *b = luaL_testudata(L, 1, TRACK_MT);
    if (!b) {
        track_lazy *z = luaL_checkudata(L, 1, TRACK_LAZY_MT);
        imp_opts3d o = z->o;
        imp_result3d r;
        b = push_track(L);             /* holds the buffer until collected */
        o.track = &b->t;
        imp_interrupt_clear();
        imp_status st = imp_exact3d_solve_contact(&z->c, z->mu_s, z->mu_k, &z->law, &o, &r);
        if (st == IMP_EINTERRUPT) return luaL_error(L, "solve3d: interrupted!");
        if (st != IMP_OK) return luaL_error(L, "solve3d: the hodograph's solve failed (%s)",
                                            imp_strerror(st));
    }
    static const char *const names[4] = {"p", "x", "y", "z"};
    lua_createtable(L, 0, 4);
    for (int k = 0; k < 4; k++) {
        lua_createtable(L, (int)b->t.n, 0);
        for (size_t i = 0; i < b->t.n; i++) {
            lua_pushnumber(L, b->t.data[4 * i + k]);
            lua_rawseti(L, -2, (lua_Integer)i + 1);
        }
        lua_setfield(L, -2, names[k]);
    }
    return 1;
}

static const char *const rod_fields[] = {"m", "L", "radius", "theta1", "theta2", "theta1_deg",
    "theta2_deg", "cap", NULL};

typedef struct {
    const imp_contact3d *c;
    double mu_s, mu_k;
    const imp_law *law;
    const imp_opts3d *o;
    int method;
    imp_result3d *r;
    imp_status st;
    const imp_friction *fr;   /* a friction law (exact path), or NULL */
} run_t;

/* Runs under limp_law_run (one protected call when the law is custom). */
static int run_solver(lua_State *L)
{
    run_t *u = lua_touserdata(L, 1);
    imp_interrupt_clear();
    u->st = u->fr ? imp_exact3d_solve_contact_friction(u->c, u->fr, u->law, u->o, u->r)
        : u->method == LIMP_EXACT3D
        ? imp_exact3d_solve_contact(u->c, u->mu_s, u->mu_k, u->law, u->o, u->r)
        : imp_algebraic3d_solve_contact(u->c, u->mu_s, u->mu_k, u->law, u->o, u->r);
    return 0;
}

static void push_dir(lua_State *L, const double u[2])
{
    lua_createtable(L, 2, 2);
    limp_set_xz(L, u);
}

static void push_stages(lua_State *L, const imp_result3d *r)
{
    lua_createtable(L, r->nstage, 0);
    for (int i = 0; i < r->nstage; i++) {
        const imp_stage3d *s = &r->stage[i];
        lua_createtable(L, 0, 10);
        limp_set_string(L, "name", imp_stage3d_name(s->kind));
        limp_set_boolean(L, "slip", s->slip);
        if (s->slip) {
            push_dir(L, s->u);
            lua_setfield(L, -2, "u");
            push_dir(L, s->u_end);
            lua_setfield(L, -2, "u_end");
        }
        if (s->lambda > 0) limp_set_number(L, "lambda", s->lambda);
        limp_push_vec3(L, s->P);
        lua_setfield(L, -2, "P");
        limp_set_number(L, "p0", s->p0);
        limp_set_number(L, "p1", s->p1);
        if (s->recompression) limp_set_boolean(L, "recompression", 1);
        lua_rawseti(L, -2, i + 1);
    }
}

/* The body's contact data, or an error naming what cannot be computed. */
static void check_contact(const limp_check *c, const limp_body3d_in *bi, imp_contact3d *cc)
{
    imp_status st = imp_contact3d_init(&bi->body, cc);
    if (st == IMP_OK) return;
    const double *I = bi->moments;
    double lo = fmin(fmin(I[0], I[1]), I[2]), hi = fmax(fmax(I[0], I[1]), I[2]);
    const double *r = bi->body.r;
    if (st == IMP_ESINGULAR && cc->cond > 0)
        limp_check_error(c, "inertia", "makes the contact compliance W too ill-conditioned for double precision "
                         "(condition number ~%.3g > %g: its smallest principal moment, %g, is too small against "
                         "m |r|^2 = %g, so the post-impact velocities, W times an impulse known to rounding, "
                         "cannot be resolved)", cc->cond, IMP_COND3D_MAX, lo,
                         bi->body.m * hypot(hypot(r[0], r[1]), r[2]) * hypot(hypot(r[0], r[1]), r[2]));
    if (st == IMP_ESINGULAR)
        limp_check_error(c, "inertia", "has a principal moment whose reciprocal overflows (moments %g .. %g)", lo, hi);
    if (st == IMP_EOVERFLOW) {
        int Wok = 1;
        for (int i = 0; i < 9; i++) Wok = Wok && isfinite(cc->W[i]);
        if (Wok)
            luaL_error(c->L, "solve3d: fields 'v', 'w' give a contact velocity or kinetic energy that "
                       "overflows double precision");
        luaL_error(c->L, "solve3d: fields 'm', 'inertia', 'r' give a contact compliance W that overflows "
                   "double precision");
    }
    limp_raise(c, st, NULL);
}

/* A friction coefficient so large that mu times the contact speed (the
 * slip's rate of change, the friction work's rate) overflows: the slide
 * then lasts an impulse of order |v|/(mu W), but its rates are not
 * representable. */
static void check_mu_range(const limp_check *c, const imp_contact3d *cp, double mu)
{
    if (!(mu > 1)) return;
    /* the solvers square mu (the cone's quadratics): a bound far below
     * sqrt(DBL_MAX); beyond the sticking ratio rho_req a larger mu only
     * shortens slides that already last 1/mu of the impact */
    if (mu > 1e100)
        limp_check_error(c, "mu", "must be at most 1e100 (mu^2 terms overflow double precision; "
                         "this contact sticks for any mu above %g), got %g", cp->rho_req, mu);
    double vs = hypot(hypot(cp->vC0[0], cp->vC0[1]), cp->vC0[2]), wmax = 0;
    for (int i = 0; i < 9; i++) wmax = fmax(wmax, fabs(cp->W[i]));
    double a = mu * vs * (wmax / cp->Wnn), b = mu * vs * (vs / cp->Wnn);
    if (!(a <= 1e300 && b <= 1e300))
        limp_check_error(c, "mu", "is too large for these velocities: mu |v_C| |W|/W_nn = %g and "
                         "mu |v_C|^2/W_nn = %g (the slip's rate and the friction work's) overflow double precision",
                         a, b);
}

static const char *period_name(imp_stage3d_kind k)
{
    return k == IMP_STAGE3D_STICKING ? "sticking" : k == IMP_STAGE3D_RESLIDE ? "re-slide" : "sliding";
}

/* A solver failure with the method, stage or period, law and cap named. */
static int raise_failure(lua_State *L, const imp_law *law, const imp_opts3d *o,
                         const imp_result3d *r)
{
    const char *ln = limp_law_name(law), *ph = r->fail_restitution ? "restitution" : "compression";
    const char *sg = imp_stage3d_name(r->fail_stage);
    char p[32];   /* luaL_error has no %g: the impulse formatted here */
    snprintf(p, sizeof p, "%.6g", r->fail_p);
    static const char *const tail = "; Sun & Baruh's model has no admissible solution here "
                                    "(method = \"exact\" always has one)";
    switch (r->fail) {
    case IMP_FAIL3D_NEGATIVE_FN:
        return luaL_error(L, "solve3d: algebraic stage %s (%s): the stage needs a negative normal impulse "
                          "(with its fixed friction direction u the normal rate Wnn - mu_k Wnt.u is negative)%s",
                          sg, ln, tail);
    case IMP_FAIL3D_PENETRATES:
        return luaL_error(L, "solve3d: algebraic stage %s (%s): the stage ends with the contact still "
                          "approaching (vC.y < 0 in restitution: its fixed friction direction drives the "
                          "contact back into the plane)%s", sg, ln, tail);
    case IMP_FAIL3D_NO_ENERGY_ROOT:
        return luaL_error(L, "solve3d: algebraic stage %s (%s): the energetic closure has no root (the stage "
                          "cannot return the work e^2 |Wc| along its fixed friction direction)%s", sg, ln, tail);
    case IMP_FAIL3D_NEWTON:
        return luaL_error(L, "solve3d: algebraic stage %s (%s): Newton did not converge in %d iterations",
                          sg, ln, o->newton_max);
    case IMP_FAIL3D_SINGULAR:
        return luaL_error(L, "solve3d: algebraic stage %s (%s): the stage's 9x9 system is singular", sg, ln);
    case IMP_FAIL3D_STEP:
        return luaL_error(L, "solve3d: exact (%s): the step size underflowed in the %s period (%s) at p = %s",
                          ln, period_name(r->fail_stage), ph, p);
    case IMP_FAIL3D_NOEND:
        return luaL_error(L, "solve3d: exact (%s): the impact does not end: at p = %s (10^6 times the body's "
                          "momentum scale) the law is still unmet in the %s period, the contact keeps "
                          "re-compressing", ln, p, period_name(r->fail_stage));
    case IMP_FAIL3D_RESLIDE:
        return luaL_error(L, "solve3d: exact (%s): no re-slide direction found after the slip stopped at p = %s",
                          ln, p);
    default:
        return luaL_error(L, "solve3d: failed");
    }
}

/* solve3d's fields with `friction` (a friction law, exact path). */
static const char *const *fields_with_friction(void)
{
    static const char *f[96];
    if (!f[0]) {
        int n = 0;
        while (limp_problem3d_fields[n] && n < 94) { f[n] = limp_problem3d_fields[n]; n++; }
        f[n] = "friction";
        f[n + 1] = NULL;
    }
    return f;
}

/* A friction law (exact path only): read after the problem's settings,
 * with the track recorded during the solve (the law may not repeat). */
static limp_friction *read_friction(const limp_check *c, int method, const imp_law *law,
                                    int model)
{
    if (method != LIMP_EXACT3D)
        limp_check_error(c, "friction", "needs method = \"exact\": a friction law is re-evaluated "
                         "along the exact path (the algebraic method's stages keep one mu)");
    if (model)
        limp_check_error(c, "friction", "cannot be given with model (the algebraic models take "
                         "mu, or mu_s and mu_k)");
    if (imp_law_is_compliant(law))
        limp_check_error(c, "law", "is a compliant law (%s): friction laws take a rigid law "
                         "(poisson, newton, energetic or a function) for now", limp_law_name(law));
    return limp_friction_read(c, 1);
}

static int l_solve3d(lua_State *L)
{
    limp_check c;
    limp_check_init(&c, L, "solve3d");
    limp_check_table_arg(&c, 1);
    lua_settop(L, 1);
    if (limp_check_has(&c, 1, "compliance"))
        return limp_solve3d_compliance(L, 1);
    int has_fr = limp_friction_given(L, 1);
    limp_check_known(&c, 1, fields_with_friction(), NULL, NULL);
    limp_check_unknown(&c);
    if (has_fr) limp_friction_check(&c, 1);   /* before mu's own checks */
    /* the form: a body on the fixed plane, two bodies, or a mechanism */
    int mech = limp_problem3d_is_mech(&c, 1), pair = !mech && limp_check_has(&c, 1, "body2");
    limp_body3d_in bi, b2;
    if (!mech) limp_problem3d_read_body(&c, 1, &bi);
    if (pair) limp_problem3d_read_body2(&c, 1, &b2);
    double mu_s, mu_k;
    int method;
    imp_opts3d o;
    imp_law law;
    limp_lua_law lctx;
    limp_problem3d_read_settings(&c, 1, &mu_s, &mu_k, &method, &o, &law, &lctx);
    limp_model3d model;   /* model = "...": a row of the 3D models (models3d.c) */
    limp_solve3d_model_read(&c, 1, &law, mu_s, mu_k, &model);
    /* a Lua law or a compliant one (its parameters are on this frame):
     * the hodograph recorded now, not re-solved later */
    limp_friction *fr = has_fr ? read_friction(&c, method, &law, model.row != NULL) : NULL;
    if (method == LIMP_EXACT3D && (limp_law_is_lua(&law) || imp_law_is_compliant(&law) || fr)) {
        track_box *tb = push_track(L);
        o.track = &tb->t;
    } else {
        lua_pushnil(L);               /* (built-in law: pushed after the solve) */
    }
    int track_idx = lua_gettop(L);
    imp_contact3d cc;
    imp_pair3d pr;
    const imp_contact3d *cp = pair ? &pr.c : &cc;
    imp_mech *mc = NULL;
    if (mech) {
        int fresh = limp_law_is_lua(&law) || fr;   /* Lua runs before the result */
        if (!fresh && lua_getmetatable(L, 1)) {
            lua_pop(L, 1);
            fresh = 1;
        }
        mc = limp_solve3d_read_mech(&c, 1, fresh, &cc);
    }
    else if (pair) limp_problem3d_pair(&c, limp_check_has(&c, 1, "body") ? "body." : "", &bi, &b2, &pr);
    else check_contact(&c, &bi, &cc);
    if (!fr) check_mu_range(&c, cp, mu_k);
    if (model.row)
        return limp_solve3d_model_push(&c, &model, cp, mc, &bi, pair ? &b2 : NULL, pair ? &pr : NULL);
    imp_result3d r;
    run_t u = {cp, mu_s, mu_k, &law, &o, method, &r, IMP_OK, fr ? &fr->f : NULL};
    limp_law_run(L, &law, run_solver, &u);
    if (fr) {
        limp_friction_done(fr);
        if (u.st == IMP_ELAW) limp_friction_raise(&c, fr);
    }
    if (u.st == IMP_EINTERRUPT) return limp_raise(&c, u.st, NULL);
    if (u.st == IMP_ESTEPS)
        return limp_check_error(&c, "max_steps", "(%ld) was exceeded by the integrator (exact, %s, %s period in %s); raise it or loosen rtol",
                                o.max_steps, limp_law_name(&law), period_name(r.fail_stage),
                                r.fail_restitution ? "restitution" : "compression");
    if (u.st != IMP_OK && r.fail != IMP_FAIL3D_NONE) return raise_failure(L, &law, &o, &r);
    if (u.st != IMP_OK) return limp_raise(&c, u.st, &law);
    if (!mech && !pair) imp_result3d_apply(&bi.body, &cc, &r);
    if (!isfinite(r.Wc) || !isfinite(r.Wr) || !isfinite(r.Wf) || !isfinite(r.Pc))
        return luaL_error(L, "solve3d: the works are not finite (inputs out of range?)");
    for (int i = 0; i < 3; i++)
        if (!isfinite(r.P[i]) || !isfinite(r.vC[i]) || !isfinite(r.dT)
            || (!mech && !pair && (!isfinite(r.v[i]) || !isfinite(r.w[i]))))
            return luaL_error(L, "solve3d: the solution is not finite (inputs out of range?)");

    lua_createtable(L, 0, 32);
    luaL_setmetatable(L, RESULT3D_MT);
    limp_push_vec3(L, r.P); lua_setfield(L, -2, "P");
    if (mech) {
        limp_solve3d_push_mech(&c, mc, &r);
    } else if (pair) {
        limp_solve3d_push_pair(L, &bi, &b2, &pr, r.P);
    } else {
        limp_push_vec3(L, r.v); lua_setfield(L, -2, "v");
        limp_push_vec3(L, r.w); lua_setfield(L, -2, "w");
    }
    limp_push_vec3(L, r.vC); lua_setfield(L, -2, "vC");
    limp_push_vec3(L, cp->vC0); lua_setfield(L, -2, "vC0");
    limp_set_number(L, "dT", r.dT);
    limp_set_number(L, "T0", r.T0);
    limp_set_number(L, "energy_ratio", r.energy_ratio);
    limp_set_number(L, "Wc", r.Wc);
    limp_set_number(L, "Wr", r.Wr);
    limp_set_number(L, "Wf", r.Wf);
    limp_set_number(L, "Pc", r.Pc);
    limp_set_string(L, "mode", imp_mode_name(r.mode));
    limp_set_string(L, "method", imp_sweep3d_methods[method]);
    limp_set_string(L, "law", limp_law_name(&law));
    if (r.compliant) {            /* compliant.h: what the force produced */
        limp_set_number(L, "e_eff", r.e_eff);
        limp_set_number(L, "duration", r.duration);
        limp_set_number(L, "F_max", r.F_max);
        limp_set_number(L, "delta_max", r.delta_max);
    }
    if (law.kind != IMP_LAW_CUSTOM && !imp_law_is_compliant(&law))   /* a custom law has no e: law_source names it */
        limp_set_number(L, "e", law.e);
    else if (limp_law_source(&law))
        limp_set_string(L, "law_source", limp_law_source(&law));
    if (fr) {                      /* the law in place of mu_s, mu_k */
        lua_getfield(L, 1, "friction");
        lua_setfield(L, -2, "friction");
    } else {
        limp_set_number(L, "mu_s", mu_s);
        limp_set_number(L, "mu_k", mu_k);
    }
    limp_set_number(L, "rho_req", cp->rho_req);
    limp_set_number(L, "cond", cp->cond);
    limp_set_boolean(L, "energy_gain", r.energy_gain);
    limp_set_boolean(L, "recompression", r.recompression);
    if (r.p_stop >= 0) limp_set_number(L, "p_stop", r.p_stop);
    push_stages(L, &r);
    lua_setfield(L, -2, "stages");
    if (method == LIMP_EXACT3D) {
        limp_set_number(L, "min_slip", r.min_slip);
        limp_set_number(L, "steps", (double)r.nsteps);
        limp_set_number(L, "rtol", o.rtol);
        if (o.track) lua_pushvalue(L, track_idx);
        else push_track_lazy(L, cp, mu_s, mu_k, &law, &o);
        lua_setfield(L, -2, "_track");
    } else {
        limp_set_number(L, "newton_iterations", (double)r.nsteps);
    }
    if (!mech && bi.full_inertia) {
        lua_createtable(L, 0, 2);
        limp_push_vec3(L, bi.moments);
        lua_setfield(L, -2, "moments");
        lua_createtable(L, 3, 0);
        for (int j = 0; j < 3; j++) {
            double a[3] = {bi.axes[j], bi.axes[3 + j], bi.axes[6 + j]};
            limp_push_vec3(L, a);
            lua_rawseti(L, -2, j + 1);
        }
        lua_setfield(L, -2, "axes");
        lua_setfield(L, -2, "inertia_principal");
    }
    return 1;
}

/* impact.rod{m, L, radius, theta1, theta2}: Sun & Baruh's cylinder. */
static int l_rod(lua_State *L)
{
    limp_check c;
    limp_check_init(&c, L, "rod");
    limp_check_table_arg(&c, 1);
    limp_check_known(&c, 1, rod_fields, NULL, NULL);
    limp_check_unknown(&c);
    double m = limp_check_positive(&c, 1, "m", 1, 0);
    double Lh = limp_check_positive(&c, 1, "L", 1, 0);
    double rc = limp_check_positive(&c, 1, "radius", 1, 0);
    const double d = acos(-1.0) / 180;
    if (limp_check_has(&c, 1, "theta1") && limp_check_has(&c, 1, "theta1_deg"))
        limp_check_error(&c, "theta1_deg", "conflicts with 'theta1'");
    if (limp_check_has(&c, 1, "theta2") && limp_check_has(&c, 1, "theta2_deg"))
        limp_check_error(&c, "theta2_deg", "conflicts with 'theta2'");
    double t1 = limp_check_has(&c, 1, "theta1_deg") ? d * limp_check_number(&c, 1, "theta1_deg", 1, 0)
                                                   : limp_check_number(&c, 1, "theta1", 0, 0);
    double t2 = limp_check_has(&c, 1, "theta2_deg") ? d * limp_check_number(&c, 1, "theta2_deg", 1, 0)
                                                   : limp_check_number(&c, 1, "theta2", 0, 0);
    int cap = limp_check_boolean(&c, 1, "cap", 0);
    double I[3], R[9], r[3];
    imp_rod3d(m, Lh, rc, t1, t2, cap, I, R, r);
    for (int i = 0; i < 3; i++) {
        if (isfinite(I[i]) && I[i] > 0 && isfinite(r[i])) continue;
        /* which field: the length the shape overflows with, else the mass */
        double g = rc * rc / 4 + Lh * Lh / 3, h = rc * rc / 2;
        const char *f = !(isfinite(g) && g > 0 && h > 0) ? (Lh >= rc ? "L" : "radius") : "m";
        limp_check_error(&c, f, "gives moments of inertia beyond double's range (m = %g, L = %g, "
                         "radius = %g: m (radius^2/4 + L^2/3) = %g, m radius^2/2 = %g)",
                         m, Lh, rc, I[0], I[1]);
    }
    lua_createtable(L, 0, 6);
    limp_set_number(L, "m", m);
    limp_push_vec3(L, I);
    lua_setfield(L, -2, "inertia");
    limp_set_number(L, "theta1", t1);
    limp_set_number(L, "theta2", t2);
    limp_push_vec3(L, r);
    lua_setfield(L, -2, "r");
    return 1;
}

void limp_open_solve3d(lua_State *L)
{
    static const luaL_Reg funcs[] = {
        {"solve3d", l_solve3d},
        {"rod", l_rod},
        {"_hodograph", l_hodograph},
        {"_solve3d_bench", limp_solve3d_bench},
        {NULL, NULL}
    };
    /* the result metatable, exposed as core._Result3D for the Lua side */
    luaL_newmetatable(L, RESULT3D_MT);
    lua_setfield(L, -2, "_Result3D");
    limp_solve3d_open_mech(L);
    if (luaL_newmetatable(L, TRACK_MT)) {
        lua_pushcfunction(L, track_gc);
        lua_setfield(L, -2, "__gc");
        lua_pushcfunction(L, track_gc);
        lua_setfield(L, -2, "__close");
    }
    lua_pop(L, 1);
    luaL_newmetatable(L, TRACK_LAZY_MT);
    lua_pop(L, 1);
    luaL_setfuncs(L, funcs, 0);
    limp_check_publish(L, "solve3d", fields_with_friction());
    limp_check_publish(L, "body3d", limp_problem3d_body_fields);
    limp_check_publish(L, "rod", rod_fields);
}
