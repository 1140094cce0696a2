/* impact.solve_multi: several simultaneous contacts on a mechanism
 * (M, qdot, contacts = {{J =, mu =, e =, ...}, ...}). The binding reads and
 * checks the tables, builds the stacked contact-space problem
 * (W = J M^-1 J^T, v0 = J qdot) through the mechanism code, runs the
 * model and maps the impulses back to qdot'. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "check.h"
#include "raise.h"
#include "l_law.h"
#include "l_matrix.h"
#include "l_mechanism.h"
#include "mechanism.h"
#include "module.h"
#include "multi_models.h"
#include "multi_sequential.h"
#include "l_mechanism.h"
#include "l_multi.h"

static const char *const top_fields[] = {"M", "qdot", "contacts", "model", "law", "rtol",
                                         "mu", "mu_s", "mu_k", "e", "K", "eta", NULL};
static const char *const contact_fields[] = {"J", "frame", "mu", "mu_s", "mu_k", "e", "K",
                                             "eta", NULL};

typedef struct {
    const imp_law *law;
    double rtol;
} multi_opts;

typedef imp_status (*multi_fn)(const imp_multi_problem *, const multi_opts *,
                               imp_multi_result *);

static imp_status core_moreau(const imp_multi_problem *p, void *o, imp_multi_result *r)
{
    (void)o;
    return imp_multi_moreau(p, r);
}

static imp_status core_poisson(const imp_multi_problem *p, void *o, imp_multi_result *r)
{
    (void)o;
    return imp_multi_poisson(p, r);
}

static imp_status core_sequential(const imp_multi_problem *p, void *o, imp_multi_result *r)
{
    return imp_multi_sequential(p, ((const multi_opts *)o)->law, r);
}

static imp_status core_lzb(const imp_multi_problem *p, void *o, imp_multi_result *r)
{
    return imp_multi_lzb(p, ((const multi_opts *)o)->rtol, r);
}

/* Every model on the problem scaled by powers of two (imp_multi_scale_solve),
 * but a law without a closed-form end (a custom law), whose residual sees
 * the user's units. */
static imp_status run_scaled(imp_multi_fn fn, const imp_multi_problem *p, const multi_opts *o,
                             imp_multi_result *r)
{
    if (!limp_law_is_closed(o->law)) return fn(p, (void *)o, r);
    return imp_multi_scale_solve(p, fn, (void *)o, r);
}

static imp_status run_moreau(const imp_multi_problem *p, const multi_opts *o,
                             imp_multi_result *r)
{
    return run_scaled(core_moreau, p, o, r);
}

static imp_status run_poisson(const imp_multi_problem *p, const multi_opts *o,
                              imp_multi_result *r)
{
    return run_scaled(core_poisson, p, o, r);
}

static imp_status run_sequential(const imp_multi_problem *p, const multi_opts *o,
                                 imp_multi_result *r)
{
    return run_scaled(core_sequential, p, o, r);
}

/* lzb on the problem as normalize() left it: its integration is not yet
 * invariant under a further scaling of W alone (a jammed body that
 * converges in these units diverges with max W_ii = 1). */
static imp_status run_lzb(const imp_multi_problem *p, const multi_opts *o,
                          imp_multi_result *r)
{
    return core_lzb(p, (void *)o, r);
}

/* The models; a NULL function is "not available yet". */
static const struct { const char *name; multi_fn fn; } models[] = {
    {"moreau", run_moreau},
    {"poisson", run_poisson},
    {"sequential", run_sequential},
    {"lzb", run_lzb},
};
#define NMODELS ((int)(sizeof models / sizeof models[0]))
static const char *const model_names[] = {"moreau", "poisson", "sequential", "lzb", NULL};

/* t[key] (at index t) must be a list; returns its length. */
static int list_len(const limp_check *c, int t, const char *key, const char *label, const char *what)
{
    lua_getfield(c->L, t, key);
    if (!lua_istable(c->L, -1))
        limp_check_error(c, label, "must be %s, got %s", what, luaL_typename(c->L, -1));
    int len = (int)lua_rawlen(c->L, -1);
    lua_pop(c->L, 1);
    return len;
}

/* qdot (n = #qdot) and M, raw reads (l_matrix.c). */
static void read_mechanism(const limp_check *c, multi_in *in)
{
    lua_State *L = c->L;
    luaL_checkstack(L, LIMP_MATRIX_STACK, "M");
    int n = limp_matrix_read_list(c, lua_getfield(L, 1, "qdot"), "qdot", in->qdot);
    in->n = n;
    limp_matrix_read_rows(c, lua_getfield(L, 1, "M"), "M", n, n, "one per coordinate, as qdot", in->M);
}

/* eta >= 1 (a force exponent); K > 0. */
static void read_contact(const limp_check *top, int ct, int i, const imp_multi_contact *def,
                         multi_in *in)
{
    char key[32];
    snprintf(key, sizeof key, "contacts[%d]", i + 1);
    limp_check sub;
    limp_check_sub(&sub, top, key);
    limp_check_known(&sub, ct, contact_fields, NULL, NULL);
    limp_check_unknown(&sub);
    lua_State *L = top->L;
    int ty = lua_getfield(L, ct, "J");
    int rows = limp_matrix_count_rows(&sub, ty, "J");
    if (rows != 2 && rows != 3)
        limp_check_error(&sub, "J", "must have 2 rows (planar: tangent, normal) or 3 (x, normal, z), got %d",
                        rows);
    if (i == 0) in->d = rows;
    else if (rows != in->d)
        limp_check_error(&sub, "J", "has %d rows but contacts[1].J has %d (the contacts must be all planar or all spatial)",
                        rows, in->d);
    limp_matrix_read_rows(&sub, ty, "J", rows, in->n, rows == 2 ? "tangent, normal" : "x, normal, z",
                          in->J + in->n * rows * i);
    imp_multi_contact *cc = &in->p.c[i];
    *cc = *def;
    if (limp_check_has(&sub, ct, "mu") || limp_check_has(&sub, ct, "mu_s")
        || limp_check_has(&sub, ct, "mu_k"))
        limp_check_friction(&sub, ct, 0, &cc->mu_s, &cc->mu_k);
    cc->e = limp_check_range(&sub, ct, "e", 0, def->e, 0, 1);
    cc->K = limp_check_positive(&sub, ct, "K", 0, def->K);
    cc->eta = limp_check_number(&sub, ct, "eta", 0, def->eta);
    if (!(cc->eta >= 1))
        limp_check_error(&sub, "eta", "must be >= 1 (a force exponent), got %g", cc->eta);
}

static void read_contacts(const limp_check *c, multi_in *in)
{
    lua_State *L = c->L;
    imp_multi_contact def;
    limp_check_friction(c, 1, 0, &def.mu_s, &def.mu_k);
    def.e = limp_check_range(c, 1, "e", 0, 0, 0, 1);
    def.K = limp_check_positive(c, 1, "K", 0, 1);
    def.eta = limp_check_number(c, 1, "eta", 0, 1.5);
    if (!(def.eta >= 1)) limp_check_error(c, "eta", "must be >= 1 (a force exponent), got %g", def.eta);
    int k = list_len(c, 1, "contacts", "contacts", "a list of contacts {J =, mu =, e =}");
    if (k < 1 || k > IMP_MULTI_MAX)
        limp_check_error(c, "contacts", "must have 1 to %d contacts, got %d", IMP_MULTI_MAX, k);
    in->k = k;
    lua_getfield(L, 1, "contacts");
    int cs = lua_gettop(L);
    luaL_checkstack(L, LIMP_MATRIX_STACK, "contacts");   /* a contact, its J */
    for (int i = 0; i < k; i++) {
        lua_rawgeti(L, cs, i + 1);
        if (!lua_istable(L, -1)) {
            char key[32];
            snprintf(key, sizeof key, "contacts[%d]", i + 1);
            limp_check_error(c, key, "must be a contact {J =, mu =, e =}, got %s", luaL_typename(L, -1));
        }
        read_contact(c, lua_gettop(L), i, &def, in);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

/* The exponent of the largest |x_i| (0 when all are zero). */
static int max_exponent(const double *x, int n)
{
    double m = 0.0;
    for (int i = 0; i < n; i++) m = fmax(m, fabs(x[i]));
    return m > 0 ? ilogb(m) : 0;
}

/* M, qdot and J by powers of two (exact): the mechanism's energies of a
 * problem in tiny or huge units would otherwise leave the normal doubles
 * (T0 ~ 1e-320 has a few bits). Not for a custom law, which sees the
 * user's units. Each contact's rows have their own exponent: P_i scales
 * by 2^-eJ[i], so the contacts' units do not spread W's diagonal. */
static void normalize(multi_in *in, int custom)
{
    int n = in->n, d = in->d;
    in->eM = in->eq = 0;
    memset(in->eJ, 0, sizeof in->eJ);
    if (custom) return;
    in->eM = max_exponent(in->M, n * n);
    in->eq = max_exponent(in->qdot, n);
    for (int i = 0; i < n * n; i++) in->M[i] = ldexp(in->M[i], -in->eM);
    for (int i = 0; i < n; i++) in->qdot[i] = ldexp(in->qdot[i], -in->eq);
    for (int c = 0; c < in->k; c++) {
        double *J = in->J + n * d * c;
        in->eJ[c] = max_exponent(J, n * d);
        for (int i = 0; i < n * d; i++) J[i] = ldexp(J[i], -in->eJ[c]);
    }
}

/* The bound on the spread of the contacts' normal compliances W_nn,i
 * (each contact's J normalized): past it the stiff contacts' impulses are
 * lost in the rounding of the compliant ones' (poisson's refusals jump
 * from 5% to 56% of random chains between ratios 2^40 and 2^50). */
#define MULTI_SPREAD_MAX 1e12

static void check_spread(const limp_check *c, const multi_in *in)
{
    int rows = in->d * in->k, lo = 0, hi = 0;
    const double *W = in->mc.Wm;
    for (int i = 1; i < in->k; i++) {
        int r = in->d * i + 1;
        if (W[r * rows + r] < W[(in->d * lo + 1) * (rows + 1)]) lo = i;
        if (W[r * rows + r] > W[(in->d * hi + 1) * (rows + 1)]) hi = i;
    }
    double ratio = W[(in->d * hi + 1) * (rows + 1)] / W[(in->d * lo + 1) * (rows + 1)];
    if (!(ratio <= MULTI_SPREAD_MAX)) {
        char key[32];
        snprintf(key, sizeof key, "contacts[%d].J", lo + 1);
        limp_check_error(c, key, "gives a normal compliance (J M^-1 J^T) %.3g times smaller than contacts[%d]'s (beyond %g, in units where each contact's J has its largest entry ~1, the contacts' impulses are not resolved in double precision)",
                        ratio, hi + 1, MULTI_SPREAD_MAX);
    }
}

/* Each contact alone (its rows' rank, M's checks), then the stack. */
static void build(const limp_check *c, multi_in *in)
{
    int n = in->n, d = in->d;
    for (int i = 0; i < in->k; i++) {
        imp_status st = imp_mech_init(&in->mc, n, d, in->M, in->J + n * d * i, in->qdot);
        if (st != IMP_OK) {
            char key[48];
            snprintf(key, sizeof key, "contacts[%d].J", i + 1);
            limp_mechanism_raise(c, &in->mc, st, key);
        }
    }
    imp_status st = imp_mech_init_rows(&in->mc, n, d * in->k, in->M, in->J, in->qdot);
    if (st != IMP_OK) limp_mechanism_raise(c, &in->mc, st, "contacts[1].J");
    in->p.k = in->k;
    in->p.d = d;
    in->p.W = in->mc.Wm;
    in->p.v0 = in->mc.vC0;
    check_spread(c, in);
}

/* The model, run inside limp_law_run's protected call. */
typedef struct {
    multi_fn fn;
    const imp_multi_problem *p;
    const multi_opts *o;
    imp_multi_result *r;
    imp_status st;
} run_t;

static int run_model(lua_State *L)
{
    run_t *u = lua_touserdata(L, 1);
    u->st = u->fn(u->p, u->o, u->r);
    return 0;
}

static int l_solve_multi(lua_State *L)
{
    limp_check c;
    limp_check_init(&c, L, "solve_multi");
    limp_check_table_arg(&c, 1);
    lua_settop(L, 1);
    limp_check_known(&c, 1, top_fields, NULL, NULL);
    limp_check_unknown(&c);
    int model = limp_check_option(&c, 1, "model", 0, model_names);
    imp_law law = {IMP_LAW_POISSON, 0, NULL, NULL};
    limp_lua_law lctx;
    multi_opts o = {&law, 1e-9};
    o.rtol = limp_check_range(&c, 1, "rtol", 0, o.rtol, 1e-14, 1e-3);
    if (strcmp(models[model].name, "sequential") == 0)
        limp_law_check(&c, 1, 0, &law, &lctx);   /* custom: pushes the law and its state */
    else if (limp_check_has(&c, 1, "law"))
        limp_check_error(&c, "law", "is only used by model \"sequential\" (the others have their own restitution)");
    multi_in *in = lua_newuserdatauv(L, sizeof *in, 0);   /* ~200 kB: freed by the GC */
    memset(&in->p, 0, sizeof in->p);
    read_mechanism(&c, in);
    read_contacts(&c, in);
    if (!models[model].fn)
        return limp_check_fail(&c, "model \"%s\" is not available yet", models[model].name);
    normalize(in, !limp_law_is_closed(&law));
    build(&c, in);
    imp_multi_result *r = lua_newuserdatauv(L, sizeof *r, 0);
    run_t u = {models[model].fn, &in->p, &o, r, IMP_OK};
    limp_law_run(L, &law, run_model, &u);   /* a custom law's errors name it */
    if (u.st == IMP_ELAW || u.st == IMP_ENOROOT || u.st == IMP_EROOT)
        return limp_raise(&c, u.st, &law);
    if (u.st != IMP_OK) return limp_multi_raise(&c, models[model].name, u.st, r);
    return limp_multi_push(L, &c, in, models[model].name, r);
}

void limp_open_multi(lua_State *L)
{
    lua_pushcfunction(L, l_solve_multi);
    lua_setfield(L, -2, "solve_multi");
    luaL_newmetatable(L, MULTI_MT);
    lua_setfield(L, -2, "_multi_mt");
    limp_check_publish(L, "solve_multi", top_fields);
}
