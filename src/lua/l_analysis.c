/* The analyses: Mason & Wang's sliding rod (painleve, painleve_bands) and
 * Wang's impact space (space, space_map): MW88 and W86. */
#include <math.h>
#include <string.h>

#include <lauxlib.h>

#include "interrupt.h"
#include "l_law.h"
#include "l_problem2d.h"
#include "raise.h"
#include "module.h"
#include "painleve.h"
#include "space2d.h"

#define DEG (M_PI / 180)

#define PAINLEVE_MT "impact.Painleve"
#define BANDS_MT "impact.PainleveBands"
#define SPACE_MT "impact.Space"
#define SPACE_MAP_MT "impact.SpaceMap"

/* ---- the fields each function reads (a key not listed is an error) ---------- */

static const char *const painleve_fields[] = {"s", "l", "theta", "theta_deg", "m", "rho", "I",
    "speed", "body1", "body2", "B1", "B2", "B3", "S0", "mu", "mu_s", "mu_k", "e", "law", NULL};
static const char *const bands_fields[] = {"r", "body1", "body2", "l", "m", "rho", "I", "mu",
    "mu_s", "mu_k", "s", NULL};
static const char *const space_fields[] = {"r", "body1", "body2", "l", "m", "rho", "I", "theta",
    "theta_deg", "gamma", "gamma_deg", "mu", "mu_s", "mu_k", "e", "law", NULL};
/* (out: the CSV file, written by the Lua side) */
static const char *const space_map_fields[] = {"r", "body1", "body2", "l", "m", "rho", "I",
    "theta", "theta_deg", "gamma", "gamma_deg", "mu", "mu_s", "mu_k", "e", "law", "out", NULL};

/* painleve reads C0 only as part of a body's motion: a sliding contact. */
static const char *painleve_note(void *ud, const char *key, char *buf, size_t n)
{
    (void)ud;
    if (strcmp(key, "C0") != 0)
        return NULL;
    snprintf(buf, n, "is not read: the finite-force analysis is of a sliding contact (C0 = 0); "
             "give B1, B2, B3 and S0, or body1");
    return buf;
}

static void check_fields(limp_check *c, const char *const known[], limp_field_note note)
{
    limp_check_known(c, 1, known, note, NULL);
    limp_check_unknown(c);
}

/* ---- helpers ---------------------------------------------------------------- */

/* The law for the tracer, and the job run under limp_law_run's single
 * protected call (a custom law may raise). */
typedef struct {
    limp_lua_law lctx;
    imp_law law;
} law_run;

/* ---- painleve ------------------------------------------------------------------ */

typedef struct {
    imp_coef2d c;
    double mu_s, mu_k;
    const imp_law *law;
    imp_result2d res;
    imp_status st;
} painleve_job;

static int painleve_body(lua_State *L)
{
    painleve_job *j = lua_touserdata(L, 1);
    j->st = imp_painleve_resolve(&j->c, j->mu_s, j->mu_k, j->law, &j->res);
    return 0;
}

/* MW88's shape: l, theta (from the surface), rho or I (default rho = 1), m. */
static void read_shape(const limp_check *c, int t, double *m, double *rho, double *l)
{
    *m = limp_check_positive(c, t, "m", 0, 1);
    if (limp_check_has(c, t, "I")) {
        if (limp_check_has(c, t, "rho")) limp_check_error(c, "I", "and 'rho' are exclusive: give one");
        *rho = sqrt(limp_check_positive(c, t, "I", 1, 0) / *m);
    } else {
        *rho = limp_check_positive(c, t, "rho", 0, 1);
    }
    *l = limp_check_positive(c, t, "l", 1, 0);
}

/* painleve{body1 = ...} or painleve{B1 =, B2 =, B3 =, S0 =}: the
 * coefficients and the slip's sign *s (checked against S0); 1 when the
 * problem was read from bodies (then with its friction and law). */
static int read_general(limp_check *c, int plastic, double *s, imp_problem2d *pb, law_run *lr)
{
    lua_State *L = c->L;
    int parsed = 0;
    if (limp_check_has(c, 1, "body1")) {
        /* Bodies exactly as solve2d reads them (with e, law, mu); without
         * e, a copy of the table with e = 0 (plastic) */
        if (plastic) {
            lua_newtable(L);
            lua_pushnil(L);
            while (lua_next(L, 1)) {
                lua_pushvalue(L, -2);
                lua_insert(L, -2);
                lua_settable(L, -4);
            }
            lua_pushnumber(L, 0);
            lua_setfield(L, -2, "e");
            lua_replace(L, 1);
        }
        limp_problem2d_from_lua(c, 1, pb, &lr->lctx);
        imp_coef2d_from_bodies(&pb->body1, pb->nbodies == 2 ? &pb->body2 : NULL, &pb->coef);
        lr->law = pb->law;
        parsed = 1;
    } else {
        if (!limp_check_has(c, 1, "B1"))
            limp_check_fail(c, "give the shape (l, theta), 'body1', or 'B1', 'B2', 'B3'");
        pb->coef.B1 = limp_check_positive(c, 1, "B1", 1, 0);
        pb->coef.B2 = limp_check_positive(c, 1, "B2", 1, 0);
        pb->coef.B3 = limp_check_number(c, 1, "B3", 1, 0);
        pb->coef.S0 = limp_check_number(c, 1, "S0", 0, 0);
        if (!imp_coef2d_posdef(&pb->coef))
            limp_check_error(c, "B3", "must satisfy B1*B2 > B3^2 (got B1 = %g, B2 = %g, B3 = %g)",
                             pb->coef.B1, pb->coef.B2, pb->coef.B3);
    }
    double sg = (pb->coef.S0 > 0) - (pb->coef.S0 < 0);
    if (*s == 0 && sg == 0)
        limp_check_error(c, "s", "is required when the contact has no slip (S0 = 0)");
    if (*s != 0 && sg != 0 && *s != sg)
        limp_check_error(c, "s", "(%g) contradicts the sign of S0 (%.17g)", *s, pb->coef.S0);
    if (*s == 0) *s = sg;
    if (parsed && !(fabs(pb->coef.C0) <= 1e-9 * fabs(pb->coef.S0)))
        limp_check_error(c, "body1", "must slide along the contact (normal contact velocity "
                         "C0 = %g, expected 0)", pb->coef.C0);
    if (pb->coef.S0 == 0) {
        pb->coef.S0 = *s;                  /* unit slip for the resolving impact */
        pb->nbodies = 0;                   /* so no body velocities are reported */
    }
    return parsed;
}

static int l_painleve(lua_State *L)
{
    limp_check c;
    limp_check_init(&c, L, "painleve");
    limp_check_table_arg(&c, 1);
    check_fields(&c, painleve_fields, painleve_note);
    imp_problem2d pb;
    memset(&pb, 0, sizeof pb);
    law_run lr;
    memset(&lr, 0, sizeof lr);
    double s = 0, theta = NAN, l = NAN, m = 1, rho = 1, mu_s, mu_k;
    int shape = limp_check_has(&c, 1, "l"), parsed = 0;
    /* The finite-force analysis needs no restitution. Without e (and with a
     * built-in law) the resolving impact stops at maximum compression: Mason
     * & Wang's plastic tangential impact (MW88). */
    int lt = lua_getfield(L, 1, "law");
    lua_pop(L, 1);
    int plastic = !limp_check_has(&c, 1, "e") && (lt == LUA_TNIL || lt == LUA_TSTRING);
    if (limp_check_has(&c, 1, "s")) {
        s = limp_check_number(&c, 1, "s", 1, 0);
        if (s != 1 && s != -1) limp_check_error(&c, "s", "must be 1 or -1, got %.17g", s);
    }
    if (shape) {
        read_shape(&c, 1, &m, &rho, &l);
        theta = limp_check_angle(&c, 1, "theta", 1, 0, 0, M_PI);
        if (s == 0) s = -1;           /* MW88's rod slides to the left */
        imp_painleve_coef(m, rho, l, theta, s, &pb.coef);
        if (!(isfinite(pb.coef.B1) && isfinite(pb.coef.B2) && isfinite(pb.coef.B3) &&
              isfinite(pb.coef.D)))
            limp_check_error(&c, "rho", "gives coefficients beyond double's range (l/rho = %g, "
                             "m = %g: B1 = 1/m + (l sin theta)^2/(m rho^2), Delta = (1 + (l/rho)^2)/m^2)",
                             l / rho, m);
        pb.coef.S0 = s * limp_check_positive(&c, 1, "speed", 0, 1);
    } else {
        parsed = read_general(&c, plastic, &s, &pb, &lr);
    }
    if (parsed) {
        mu_s = pb.mu_s; mu_k = pb.mu_k;
    } else {
        limp_check_friction(&c, 1, 0, &mu_s, &mu_k);
        limp_law_check(&c, 1, 0, &lr.law, &lr.lctx);     /* no e: 0, plastic */
    }
    double a = imp_painleve_a(&pb.coef, mu_k, s);
    if (!isfinite(a))
        limp_check_error(&c, "mu", "makes a = B2 + s mu B3 overflow double precision (mu = %g, B3 = %g)",
                         mu_k, pb.coef.B3);
    lua_createtable(L, 0, 16);
    int res = lua_gettop(L);
    limp_set_number(L, "a", a);
    limp_set_boolean(L, "consistent", a >= 0);
    limp_set_number(L, "s", s);
    limp_set_number(L, "mu", mu_k);
    limp_set_number(L, "B1", pb.coef.B1);
    limp_set_number(L, "B2", pb.coef.B2);
    limp_set_number(L, "B3", pb.coef.B3);
    limp_set_number(L, "Delta", imp_coef2d_delta(&pb.coef));
    limp_set_number(L, "S0", pb.coef.S0);
    /* The friction coefficient above which this orientation is inconsistent. */
    double mu_crit = imp_painleve_mu_crit(&pb.coef, s);
    if (isfinite(mu_crit)) limp_set_number(L, "mu_crit", mu_crit);   /* beyond range: left out */
    if (shape) {
        limp_set_number(L, "theta", theta);
        limp_set_number(L, "theta_deg", theta / DEG);
        limp_set_number(L, "r", l / rho);
    }
    if (a < 0) {
        /* "max-compression": no e given, the impact ends where compression
         * does (every built-in law at e = 0 ends there); "law": the law's end */
        lua_pushstring(L, plastic ? "max-compression" : "law");
        lua_setfield(L, res, "resolution");
        painleve_job j;
        memset(&j, 0, sizeof j);
        j.c = pb.coef; j.mu_s = mu_s; j.mu_k = mu_k; j.law = &lr.law;
        limp_law_run(L, &lr.law, painleve_body, &j);
        if (j.st != IMP_OK) return limp_raise(&c, j.st, &lr.law);
        /* A solve2d result of the tangential problem (printed as one). */
        imp_problem2d tp = pb;
        tp.coef = j.res.coef;
        tp.mu_s = mu_s; tp.mu_k = mu_k; tp.law = lr.law;
        double post[2][3];
        for (int i = 0; i < tp.nbodies; i++)
            imp_body2d_after(i ? &tp.body2 : &tp.body1, i ? -1 : 1, j.res.Px, j.res.Py, post[i]);
        limp_result2d_push(L, &tp, &j.res, post);
        lua_setfield(L, res, "impact");
    }
    lua_settop(L, res);
    luaL_setmetatable(L, PAINLEVE_MT);
    return 1;
}

/* The field that gave r (read_r's order: r, body1, then l and rho). */
static const char *r_field(const limp_check *c, int t)
{
    return limp_check_has(c, t, "r") ? "r" : limp_check_has(c, t, "body1") ? "body1" : "l";
}

/* painleve_bands{l =, rho = (or r =, or body1 =), mu =, s = -1} */
static double read_r_raw(const limp_check *c, int t, double *theta_body);

/* r = |(x, y)|/rho, finite and at most 1e150, so that r^2 and 1 + r^2
 * stay well inside double's range. */
static double read_r(const limp_check *c, int t, double *theta_body)
{
    double r = read_r_raw(c, t, theta_body);
    if (!(r <= 1e150))
        limp_check_error(c, r_field(c, t), "gives r = %g, too large for double precision "
                         "(r^2 nears the largest double: keep r below 1e150)", r);
    return r;
}

static double read_r_raw(const limp_check *c, int t, double *theta_body)
{
    lua_State *L = c->L;
    *theta_body = NAN;
    if (limp_check_has(c, t, "r")) return limp_check_range(c, t, "r", 1, 0, 0, HUGE_VAL);
    if (limp_check_has(c, t, "body1")) {
        /* Only the shape: body1's x, y and rho (or I and m). */
        if (limp_check_has(c, t, "body2"))
            limp_check_error(c, "body2", "is not used: the analysis is for one body on a fixed surface");
        limp_check sub;
        limp_check_sub(&sub, c, "body1");
        if (lua_getfield(L, t, "body1") != LUA_TTABLE)
            limp_check_error(c, "body1", "must be a table, got %s", luaL_typename(L, -1));
        int bt = lua_gettop(L);
        limp_check_known(&sub, bt, limp_body2d_fields, NULL, NULL);
        limp_check_unknown(&sub);
        double m, rho, x = limp_check_number(&sub, bt, "x", 0, 0), y = limp_check_number(&sub, bt, "y", 0, 0);
        m = limp_check_positive(&sub, bt, "m", 1, 0);
        if (limp_check_has(&sub, bt, "I")) rho = sqrt(limp_check_positive(&sub, bt, "I", 1, 0) / m);
        else rho = limp_check_positive(&sub, bt, "rho", 1, 0);
        lua_pop(L, 1);
        *theta_body = atan2(x, y);
        return hypot(x, y) / rho;
    }
    double m, rho, l;
    read_shape(c, t, &m, &rho, &l);
    return l / rho;
}

static int l_painleve_bands(lua_State *L)
{
    limp_check c;
    limp_check_init(&c, L, "painleve_bands");
    limp_check_table_arg(&c, 1);
    check_fields(&c, bands_fields, NULL);
    double th, r = read_r(&c, 1, &th);
    double mu_s, mu_k;
    limp_check_friction(&c, 1, 0, &mu_s, &mu_k);
    double s = limp_check_number(&c, 1, "s", 0, -1);
    if (s != 1 && s != -1) limp_check_error(&c, "s", "must be 1 or -1, got %.17g", s);
    double lo, hi;
    int n = imp_painleve_band(r, mu_k, s, &lo, &hi);
    lua_createtable(L, 0, 6);
    limp_set_number(L, "r", r);
    limp_set_number(L, "mu", mu_k);
    limp_set_number(L, "s", s);
    double mu_min = imp_painleve_mu_min(r);
    if (isfinite(mu_min))   /* r = 0 (or below 1e-154): no mu gives a band */
        limp_set_number(L, "mu_min", mu_min);
    lua_createtable(L, n, 0);
    if (n) {
        lua_createtable(L, 0, 4);
        limp_set_number(L, "lo", lo);
        limp_set_number(L, "hi", hi);
        limp_set_number(L, "lo_deg", lo / DEG);
        limp_set_number(L, "hi_deg", hi / DEG);
        lua_rawseti(L, -2, 1);
    }
    lua_setfield(L, -2, "bands");
    luaL_setmetatable(L, BANDS_MT);
    return 1;
}

/* ---- impact space ---------------------------------------------------------------- */

typedef struct {
    double r, mu;
    const imp_law *law;
    double theta, gamma;
    double g[3], t[3];
    int ng, nt;
    imp_space_point *pts;
    imp_space_point one;
    imp_space_tpoint *tl;    /* translation line on the grid */
    int ntl;
    imp_status st;
} space_job;

static int space_one_body(lua_State *L)
{
    space_job *j = lua_touserdata(L, 1);
    j->st = imp_space_state(j->r, j->mu, j->law, j->theta, j->gamma, &j->one);
    return 0;
}

static int space_grid_body(lua_State *L)
{
    space_job *j = lua_touserdata(L, 1);
    j->st = imp_space_grid(j->r, j->mu, j->law, j->g[0], j->g[1], j->ng,
                           j->t[0], j->t[1], j->nt, j->pts);
    if (j->st == IMP_OK)
        j->st = imp_space_translation_grid(j->r, j->mu, j->law, j->pts, j->ng, j->nt,
                                           j->tl, &j->ntl);
    return 0;
}

static double read_mu(const limp_check *c, int t)
{
    double mu_s, mu_k;
    limp_check_friction(c, t, 0, &mu_s, &mu_k);
    if (mu_s != mu_k)
        limp_check_error(c, "mu_s", "must equal mu_k here (Wang 1986 uses one mu), got %g and %g",
                         mu_s, mu_k);
    return mu_k;
}

static void space_raise(const limp_check *c, const law_run *lr, imp_status st,
                        double r)
{
    /* Every other field is checked: the tracer refused the coefficients. */
    if (st == IMP_EINPUT)
        limp_check_error(c, r_field(c, 1), "gives r = %g, too large for double precision: "
                         "m^2 (B1*B2 - B3^2) = 1 + r^2 is lost to rounding in "
                         "B1 = 1 + r^2 cos^2(theta), B2 = 1 + r^2 sin^2(theta) (keep r below about 1e8)", r);
    limp_raise(c, st, &lr->law);
}

/* law and e as solve2d: e is required (except for a custom law). */
static void read_law(const limp_check *c, int t, law_run *lr)
{
    limp_law_check(c, t, NAN, &lr->law, &lr->lctx);
    int closed = limp_law_is_closed(&lr->law);
    if (!closed && isnan(lr->law.e)) lr->law.e = 0;   /* unused */
    if (closed && isnan(lr->law.e))
        limp_check_error(c, "e", "is required (the coefficient of restitution, in [0, 1])");
}

static const char *sense_name(int s)
{
    return s > 0 ? "counter-clockwise" : s < 0 ? "clockwise" : "none";
}

/* t.reversal for the table on top of the stack (space and space_map):
 * whether a reversal exists for r and mu, max|B3|/B1 and, when it does,
 * the theta band (W86 (4.1)-(4.3)). */
static void set_reversal(lua_State *L, double r, double mu)
{
    double rm, lo, hi;
    int rev = imp_space_reversal(r, mu, &rm, &lo, &hi);
    lua_createtable(L, 0, 5);
    limp_set_boolean(L, "exists", rev);
    limp_set_number(L, "ratio_max", rm);
    if (rev) {
        limp_set_number(L, "theta_lo", lo);
        limp_set_number(L, "theta_hi", hi);
        limp_set_number(L, "theta_lo_deg", lo / DEG);
        limp_set_number(L, "theta_hi_deg", hi / DEG);
    }
    lua_setfield(L, -2, "reversal");
}

static int l_space(lua_State *L)
{
    limp_check c;
    limp_check_init(&c, L, "space");
    limp_check_table_arg(&c, 1);
    check_fields(&c, space_fields, NULL);
    space_job j;
    memset(&j, 0, sizeof j);
    double th_body;
    imp_space_units units = {1, 1, 1};
    law_run lr;
    memset(&lr, 0, sizeof lr);
    j.r = read_r(&c, 1, &th_body);
    if (!isnan(th_body)) {
        /* A body, read as solve2d reads it: theta from its CM position,
         * gamma from its contact velocity, its e, law and mu. */
        imp_problem2d pb;
        limp_problem2d_from_lua(&c, 1, &pb, &lr.lctx);
        imp_coef2d_from_bodies(&pb.body1, NULL, &pb.coef);
        lr.law = pb.law;
        if (!(pb.coef.C0 < 0))
            limp_check_error(&c, "body1", "must approach the surface (contact velocity C0 = %g)", pb.coef.C0);
        if (!(fabs(th_body) < M_PI / 2))
            limp_check_error(&c, "body1", "must have its centre of mass above the contact (y > 0)");
        if (pb.mu_s != pb.mu_k)
            limp_check_error(&c, "mu_s", "must equal mu_k here (Wang 1986 uses one mu), got %g and %g",
                             pb.mu_s, pb.mu_k);
        j.mu = pb.mu_k;
        j.theta = th_body;
        j.gamma = atan2(-pb.coef.S0, -pb.coef.C0);
        imp_space_units_from(&pb.body1, &pb.coef, &units);
    } else {
        j.theta = limp_check_angle(&c, 1, "theta", 1, 0, -M_PI / 2, M_PI / 2);
        j.gamma = limp_check_angle(&c, 1, "gamma", 1, 0, -M_PI / 2, M_PI / 2);
        j.mu = read_mu(&c, 1);
        read_law(&c, 1, &lr);
    }
    j.law = &lr.law;
    limp_law_run(L, &lr.law, space_one_body, &j);
    if (j.st != IMP_OK) space_raise(&c, &lr, j.st, j.r);
    imp_space_point_scale(&j.one, &units);
    double e = lr.law.e, r = j.r;
    /* Wang's closed forms (W86 secs 3-5) hold for the built-in laws, whose mode
     * and sliding impulse do not depend on the law (WM92 eqs 31-38, WM92 eqs 56-58); a custom law
     * has no e to put in them: region, rebound_c and sphere stay nil. */
    int builtin = limp_law_is_closed(&lr.law);
    imp_mode region = imp_space_region(r, j.mu, e, j.theta, j.gamma);
    lua_createtable(L, 0, 24);
    limp_set_number(L, "r", r);
    limp_set_number(L, "mu", j.mu);
    if (builtin) limp_set_number(L, "e", e);   /* a custom law has none (law_source names it) */
    limp_set_string(L, "law", limp_law_name(&lr.law));
    if (limp_law_source(&lr.law)) limp_set_string(L, "law_source", limp_law_source(&lr.law));
    limp_set_number(L, "theta", j.theta);
    limp_set_number(L, "gamma", j.gamma);
    limp_set_number(L, "theta_deg", j.theta / DEG);
    limp_set_number(L, "gamma_deg", j.gamma / DEG);
    limp_set_string(L, "mode", imp_mode_name(j.one.mode));
    if (builtin) limp_set_string(L, "region", imp_mode_name(region));
    limp_set_number(L, "Px", j.one.Px);
    limp_set_number(L, "Py", j.one.Py);
    limp_set_number(L, "S", j.one.S);
    limp_set_number(L, "C", j.one.C);
    limp_set_number(L, "dT", j.one.dT);
    /* -S/C: none where the contact leaves tangentially (C = 0); gamma_r
     * = +-90 degrees says it */
    if (isfinite(j.one.tan_gr)) limp_set_number(L, "tan_gr", j.one.tan_gr);
    limp_set_number(L, "gamma_r", j.one.gamma_r);
    limp_set_number(L, "gamma_r_deg", j.one.gamma_r / DEG);
    limp_set_number(L, "dw", j.one.dw);
    limp_set_string(L, "sense", sense_name(j.one.sense));
    /* Sliding region, gamma > 0 (mirrored otherwise): e tan(gamma_r) = tan(gamma) + c. */
    if (builtin && region == IMP_MODE_SLIDING && j.gamma != 0) {
        double sg = j.gamma > 0 ? 1 : -1;
        limp_set_number(L, "rebound_c", sg * imp_space_rebound_c(r, j.mu, e, sg * j.theta));
    }
    if (builtin && j.theta == 0) {
        double etg;
        int sticks = imp_space_sphere(r, j.mu, e, fabs(j.gamma), &etg);
        lua_createtable(L, 0, 2);
        limp_set_boolean(L, "sticks", sticks);
        limp_set_number(L, "e_tan_gr", (j.gamma < 0 ? -1 : 1) * etg);
        lua_setfield(L, -2, "sphere");
    }
    set_reversal(L, r, j.mu);
    luaL_setmetatable(L, SPACE_MT);
    return 1;
}

/* Sets t[key] = array of n doubles taken with stride from a point field. */
#define COLUMN(key, expr) do { \
    lua_createtable(L, n, 0); \
    for (int i_ = 0; i_ < n; i_++) { const imp_space_point *p = &j.pts[i_]; \
        lua_pushnumber(L, (expr)); lua_rawseti(L, -2, i_ + 1); } \
    lua_setfield(L, -2, key); } while (0)

static int l_space_map(lua_State *L)
{
    limp_check c;
    limp_check_init(&c, L, "space_map");
    limp_check_table_arg(&c, 1);
    check_fields(&c, space_map_fields, NULL);
    space_job j;
    memset(&j, 0, sizeof j);
    double th_body;
    j.r = read_r(&c, 1, &th_body);
    j.mu = read_mu(&c, 1);
    static const double gdef[3] = { 0, 89 * DEG, 90 }, tdef[3] = { -89 * DEG, 89 * DEG, 179 };
    limp_check_angle_range(&c, 1, "gamma", gdef, -M_PI / 2, M_PI / 2, j.g, &j.ng);
    limp_check_angle_range(&c, 1, "theta", tdef, -M_PI / 2, M_PI / 2, j.t, &j.nt);
    if ((double)j.ng * j.nt > 1e6)
        limp_check_error(&c, "gamma", "times 'theta' gives %.0f points, more than 1000000",
                         (double)j.ng * j.nt);
    law_run lr;
    memset(&lr, 0, sizeof lr);
    read_law(&c, 1, &lr);
    j.law = &lr.law;
    int n = j.ng * j.nt;
    /* Scratch owned by the collector, so an error leaks nothing. */
    j.pts = lua_newuserdatauv(L, sizeof(imp_space_point) * (size_t)n, 0);
    int scratch = lua_gettop(L);
    j.tl = lua_newuserdatauv(L, sizeof(imp_space_tpoint) * (size_t)j.nt * (size_t)(j.ng + 4), 0);
    imp_interrupt_clear();
    limp_law_run(L, &lr.law, space_grid_body, &j);
    if (j.st != IMP_OK) space_raise(&c, &lr, j.st, j.r);
    double e = lr.law.e;
    lua_createtable(L, 0, 12);
    lua_pushinteger(L, n); lua_setfield(L, -2, "n");
    lua_pushinteger(L, j.ng); lua_setfield(L, -2, "ng");
    lua_pushinteger(L, j.nt); lua_setfield(L, -2, "nt");
    limp_set_number(L, "r", j.r);
    limp_set_number(L, "mu", j.mu);
    if (limp_law_is_closed(&lr.law)) limp_set_number(L, "e", e);   /* a custom law has none */
    limp_set_string(L, "law", limp_law_name(&lr.law));
    if (limp_law_source(&lr.law)) limp_set_string(L, "law_source", limp_law_source(&lr.law));
    lua_createtable(L, 0, 16);
    COLUMN("gamma", p->gamma);
    COLUMN("theta", p->theta);
    COLUMN("gamma_deg", p->gamma / DEG);
    COLUMN("theta_deg", p->theta / DEG);
    COLUMN("Px", p->Px);
    COLUMN("Py", p->Py);
    COLUMN("S", p->S);
    COLUMN("C", p->C);
    COLUMN("dT", p->dT);
    COLUMN("tan_gr", isfinite(p->tan_gr) ? p->tan_gr : NAN);   /* C = 0: none */
    COLUMN("gamma_r", p->gamma_r);
    COLUMN("gamma_r_deg", p->gamma_r / DEG);
    COLUMN("dw", p->dw);
    COLUMN("sense", (double)p->sense);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_pushstring(L, imp_mode_name(j.pts[i].mode));
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "mode");
    /* Wang's inequalities hold for the built-in laws (the mode does not
     * depend on them, WM92 eqs 31-38); a custom law has no region. */
    if (limp_law_is_closed(&lr.law)) {
        lua_createtable(L, n, 0);
        for (int i = 0; i < n; i++) {
            lua_pushstring(L, imp_mode_name(imp_space_region(j.r, j.mu, e, j.pts[i].theta, j.pts[i].gamma)));
            lua_rawseti(L, -2, i + 1);
        }
        lua_setfield(L, -2, "region");
    }
    lua_setfield(L, -2, "columns");
    /* The translation line (W86 sec 5): closed forms where the law has them,
     * roots of dw along gamma elsewhere (imp_space_translation_grid). */
    lua_createtable(L, 0, 8);
    lua_createtable(L, j.ntl, 0);   /* theta */
    lua_createtable(L, j.ntl, 0);   /* gamma */
    lua_createtable(L, j.ntl, 0);   /* segment */
    lua_createtable(L, j.ntl, 0);   /* method */
    for (int k = 0; k < j.ntl; k++) {
        lua_pushnumber(L, j.tl[k].theta); lua_rawseti(L, -5, k + 1);
        lua_pushnumber(L, j.tl[k].gamma); lua_rawseti(L, -4, k + 1);
        lua_pushstring(L, imp_mode_name(j.tl[k].segment)); lua_rawseti(L, -3, k + 1);
        lua_pushstring(L, j.tl[k].closed ? "closed-form" : "numerical"); lua_rawseti(L, -2, k + 1);
    }
    lua_setfield(L, -5, "method");
    lua_setfield(L, -4, "segment");
    lua_setfield(L, -3, "gamma");
    lua_setfield(L, -2, "theta");
    /* Sliding region: theta = atan(mu) for gamma > 0, its mirror -atan(mu)
     * for gamma < 0 (every law). */
    double gmin = fmin(j.g[0], j.g[1]), gmax = fmax(j.g[0], j.g[1]);
    limp_set_number(L, "sliding_theta", (gmax > 0 || gmin >= 0 ? 1 : -1) * atan(j.mu));
    if (gmin < 0 && gmax > 0) limp_set_number(L, "sliding_theta_neg", -atan(j.mu));
    /* r = 0: the impulse always passes through the CM. */
    if (j.r == 0) limp_set_boolean(L, "everywhere", 1);
    lua_setfield(L, -2, "translation");
    set_reversal(L, j.r, j.mu);
    lua_remove(L, scratch + 1);
    lua_remove(L, scratch);
    luaL_setmetatable(L, SPACE_MAP_MT);
    return 1;
}

void limp_open_analysis(lua_State *L)
{
    static const luaL_Reg funcs[] = {
        {"painleve", l_painleve},
        {"painleve_bands", l_painleve_bands},
        {"space", l_space},
        {"space_map", l_space_map},
        {NULL, NULL}
    };
    luaL_setfuncs(L, funcs, 0);
    limp_check_publish(L, "painleve", painleve_fields);
    limp_check_publish(L, "painleve_bands", bands_fields);
    limp_check_publish(L, "space", space_fields);
    limp_check_publish(L, "space_map", space_map_fields);
    /* Result metatables, reachable as core._<name>_mt so that the Lua side
     * (analysis.lua) adds __tostring, as for solve2d's results. */
    static const char *const mts[4][2] = {
        { PAINLEVE_MT, "_painleve_mt" }, { BANDS_MT, "_painleve_bands_mt" },
        { SPACE_MT, "_space_mt" }, { SPACE_MAP_MT, "_space_map_mt" },
    };
    for (int i = 0; i < 4; i++) {
        luaL_newmetatable(L, mts[i][0]);
        lua_setfield(L, -2, mts[i][1]);
    }
}
