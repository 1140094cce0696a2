/* impact.scene2d: a planar scene (scene2d.h) read from Lua and checked
 * (bodies, lines, gravity, the contacts' friction, restitution, law and
 * multiple-impact model), returned as a normalised table (metatable
 * impact.Scene2D) that impact.simulate reads again. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "l_multi.h"
#include "l_sim.h"


static const char *const scene_fields[] = {"gravity", "lines", "bodies", "mu", "mu_s", "mu_k",
                                           "e", "law", "model", NULL};
/* a Scene2D's own table also holds what scene2d added for the reader */
static const char *const scene_fields_made[] = {"gravity", "lines", "bodies", "mu", "mu_s",
                                                "mu_k", "e", "law", "model", "n", "contacts",
                                                NULL};
static const char *const body_fields[] = {"m", "I", "rho", "x", "y", "phi", "vx", "vy", "w",
                                          "points", "radius", NULL};
static const char *const line_fields[] = {"point", "normal", "mu", "mu_s", "mu_k", "e", NULL};

/* t[key] as {x, y}: two finite numbers (absent: def, or an error when def
 * is NULL). */
static void read_vec2(const limp_check *c, int t, const char *key, const double *def,
                      double out[2], const char *what)
{
    lua_State *L = c->L;
    int ty = lua_getfield(L, t, key);
    if (ty == LUA_TNIL && def) {
        out[0] = def[0];
        out[1] = def[1];
        lua_pop(L, 1);
        return;
    }
    if (ty != LUA_TTABLE || lua_rawlen(L, -1) != 2)
        limp_check_error(c, key, "must be %s (two finite numbers), got %s", what,
                         ty == LUA_TTABLE ? "a table of another length" : luaL_typename(L, -1));
    for (int i = 0; i < 2; i++) {
        int et = lua_rawgeti(L, -1, i + 1);
        double v = lua_tonumber(L, -1);
        if (et != LUA_TNUMBER || !isfinite(v))
            limp_check_error(c, key, "must be %s (two finite numbers), entry [%d] is %s", what,
                             i + 1, et == LUA_TNUMBER ? "not finite" : luaL_typename(L, -1));
        out[i] = v;
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

/* Friction of a table that may give its own (a line): the defaults when it
 * gives none of mu, mu_s, mu_k. */
static void own_friction(const limp_check *c, int t, const lsim_in *in, double *mu_s, double *mu_k)
{
    if (limp_check_has(c, t, "mu") || limp_check_has(c, t, "mu_s") || limp_check_has(c, t, "mu_k"))
        limp_check_friction(c, t, 0, mu_s, mu_k);
    else {
        *mu_s = in->mu_s;
        *mu_k = in->mu_k;
    }
}

/* The list at t[key] (required unless allow_nil): its length. */
static int list_at(const limp_check *c, int t, const char *key, int allow_nil, const char *what)
{
    lua_State *L = c->L;
    int ty = lua_getfield(L, t, key);
    if (ty == LUA_TNIL && allow_nil) {
        lua_pop(L, 1);
        return 0;
    }
    if (ty != LUA_TTABLE)
        limp_check_error(c, key, "must be %s, got %s", what, luaL_typename(L, -1));
    int n = (int)lua_rawlen(L, -1);
    lua_pop(L, 1);
    return n;
}

static void read_line(const limp_check *top, int lt, int i, lsim_in *in)
{
    char key[32];
    snprintf(key, sizeof key, "lines[%d]", i + 1);
    limp_check sub;
    limp_check_sub(&sub, top, key);
    limp_check_known(&sub, lt, line_fields, NULL, NULL);
    limp_check_unknown(&sub);
    imp_scene2d_line *l = &in->scene.l[i];
    double p[2], nv[2];
    read_vec2(&sub, lt, "point", NULL, p, "a point {x, y}");
    read_vec2(&sub, lt, "normal", NULL, nv, "a vector {nx, ny}");
    double len = hypot(nv[0], nv[1]);
    if (!(len > 0) || !isfinite(len))
        limp_check_error(&sub, "normal", "must be a nonzero vector, got {%g, %g}", nv[0], nv[1]);
    l->px = p[0];
    l->py = p[1];
    l->nx = nv[0] / len;
    l->ny = nv[1] / len;
    own_friction(&sub, lt, in, &in->scene.lmu_s[i], &in->scene.lmu_k[i]);
    in->scene.le[i] = limp_check_range(&sub, lt, "e", 0, in->e, 0, 1);
}

static void read_body(const limp_check *top, int bt, int i, int *np, lsim_in *in)
{
    lua_State *L = top->L;
    char key[32];
    snprintf(key, sizeof key, "bodies[%d]", i + 1);
    limp_check sub;
    limp_check_sub(&sub, top, key);
    limp_check_known(&sub, bt, body_fields, NULL, NULL);
    limp_check_unknown(&sub);
    imp_scene2d_body *b = &in->scene.b[i];
    b->m = limp_check_positive(&sub, bt, "m", 1, 0);
    int has_I = limp_check_has(&sub, bt, "I"), has_rho = limp_check_has(&sub, bt, "rho");
    if (has_I && has_rho)
        limp_check_error(&sub, "I", "cannot be given together with rho (I = m rho^2)");
    if (has_I)
        b->I = limp_check_positive(&sub, bt, "I", 1, 0);
    else if (has_rho) {
        double rho = limp_check_positive(&sub, bt, "rho", 1, 0);
        b->I = b->m * rho * rho;
        limp_check_finite(&sub, "rho", b->I);
        if (!(b->I > 0))
            limp_check_error(&sub, "rho", "gives I = m rho^2 = 0 (underflow), got %g", rho);
    } else
        limp_check_error(&sub, "I", "is required (the moment of inertia about the centre of mass; or give rho, I = m rho^2)");
    b->radius = limp_check_number(&sub, bt, "radius", 0, 0);
    if (!(b->radius >= 0))
        limp_check_error(&sub, "radius", "must be positive (a disk about the centre of mass), got %g", b->radius);
    static const char *const coord[6] = {"x", "y", "phi", "vx", "vy", "w"};
    for (int k = 0; k < 3; k++) {
        in->q[3 * i + k] = limp_check_number(&sub, bt, coord[k], 0, 0);
        in->qd[3 * i + k] = limp_check_number(&sub, bt, coord[3 + k], 0, 0);
    }
    int n = list_at(&sub, bt, "points", 1, "a list of body-frame points {{px, py}, ...}");
    if (*np + n > LSIM_PMAX)
        limp_check_error(&sub, "points", "has %d points; a scene holds at most %d in all", n, LSIM_PMAX);
    b->npoints = n;
    b->points = in->scene.pts + 2 * *np;
    if (n) {
        lua_getfield(L, bt, "points");
        int pt = lua_gettop(L);
        for (int j = 0; j < n; j++) {
            /* the point as a one-entry table {[pk] = point}, so that the
             * message names bodies[i].points[j] */
            char pk[32];
            snprintf(pk, sizeof pk, "points[%d]", j + 1);
            lua_createtable(L, 0, 1);
            lua_rawgeti(L, pt, j + 1);
            lua_setfield(L, -2, pk);
            read_vec2(&sub, lua_gettop(L), pk, NULL, in->scene.pts + 2 * (*np + j),
                      "a body-frame point {px, py}");
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    *np += n;
}

void lsim_scene_contact_name(const lsim_in *in, int i, char *buf, size_t n)
{
    const imp_scene2d_contact *k = &in->scene.sc.contacts[i];
    switch (k->kind) {
    case IMP_SCENE2D_POINT_LINE:
        snprintf(buf, n, "bodies[%d].points[%d] against lines[%d]", k->body + 1, k->point + 1,
                 k->line + 1);
        break;
    case IMP_SCENE2D_DISK_LINE:
        snprintf(buf, n, "bodies[%d]'s disk against lines[%d]", k->body + 1, k->line + 1);
        break;
    default:
        snprintf(buf, n, "bodies[%d]'s disk against bodies[%d]'s", k->body + 1, k->other + 1);
        break;
    }
}

/* The contacts' coefficients: a line's own, else the scene's. */
static void set_contacts(lsim_in *in)
{
    imp_sim_system *s = &in->s;
    for (int i = 0; i < s->nc; i++) {
        const imp_scene2d_contact *k = &in->scene.sc.contacts[i];
        imp_sim_contact *cc = &s->c[i];
        if (k->kind == IMP_SCENE2D_DISK_DISK) {
            cc->mu_s = in->mu_s;
            cc->mu_k = in->mu_k;
            cc->e = in->e;
        } else {
            cc->mu_s = in->scene.lmu_s[k->line];
            cc->mu_k = in->scene.lmu_k[k->line];
            cc->e = in->scene.le[k->line];
        }
        cc->law = in->law;
        cc->law.e = cc->e;
        cc->K = 1;
        cc->eta = 1.5;
    }
    s->model = (imp_sim_model)in->model;
}

/* No contact may start inside: a gap below -1e-9 of the scene's size. */
static void check_start(const limp_check *c, lsim_in *in)
{
    double scale = 1;
    for (int i = 0; i < in->s.n; i++) if (i % 3 != 2) scale = fmax(scale, fabs(in->q[i]));
    for (int i = 0; i < in->scene.sc.nb; i++) scale = fmax(scale, in->scene.b[i].radius);
    for (int i = 0; i < in->s.nc; i++) {
        double g = 0;
        if (in->s.gap(in->s.ctx, i, in->q, &g) != 0 || !isfinite(g))
            limp_check_fail(c, "internal error: the gap of contact %d is not finite (please report)", i + 1);
        if (g < -1e-9 * scale) {
            char what[96];
            lsim_scene_contact_name(in, i, what, sizeof what);
            const imp_scene2d_contact *k = &in->scene.sc.contacts[i];
            if (k->kind == IMP_SCENE2D_DISK_DISK)
                limp_check_fail(c, "bodies[%d] and bodies[%d] start overlapping: their disks interpenetrate by %g",
                                k->body + 1, k->other + 1, -g);
            limp_check_fail(c, "%s starts inside it: penetration %g (contact %d)", what, -g, i + 1);
        }
    }
}

void lsim_scene_read(limp_check *c, int t, lsim_in *in)
{
    lua_State *L = c->L;
    t = lua_absindex(L, t);
    int mt = luaL_getmetafield(L, t, "__name");
    int made = mt == LUA_TSTRING && strcmp(lua_tostring(L, -1), SCENE2D_MT) == 0;
    if (mt != LUA_TNIL) lua_pop(L, 1);
    limp_check_known(c, t, made ? scene_fields_made : scene_fields, NULL, NULL);
    limp_check_unknown(c);
    in->kind = LSIM_SCENE;
    memset(&in->s, 0, sizeof in->s);
    lsim_defaults_read(c, t, in);
    imp_scene2d *sc = &in->scene.sc;
    memset(sc, 0, sizeof *sc);
    static const double zero[2] = {0, 0};
    read_vec2(c, t, "gravity", zero, sc->g, "a vector {gx, gy}");
    int nb = list_at(c, t, "bodies", 0, "a list of bodies {m =, I =, x =, y =, ...}");
    if (nb < 1 || nb > LSIM_BMAX)
        limp_check_error(c, "bodies", "must have 1 to %d bodies, got %d", LSIM_BMAX, nb);
    int nl = list_at(c, t, "lines", 1, "a list of lines {point = {x, y}, normal = {nx, ny}}");
    if (nl > LSIM_LMAX)
        limp_check_error(c, "lines", "must have at most %d lines, got %d", LSIM_LMAX, nl);
    luaL_checkstack(L, 8, "scene2d");
    lua_getfield(L, t, "lines");
    int ls = lua_gettop(L);
    for (int i = 0; i < nl; i++) {
        if (lua_rawgeti(L, ls, i + 1) != LUA_TTABLE) {
            char key[32];
            snprintf(key, sizeof key, "lines[%d]", i + 1);
            limp_check_error(c, key, "must be a line {point = {x, y}, normal = {nx, ny}}, got %s",
                             luaL_typename(L, -1));
        }
        read_line(c, lua_gettop(L), i, in);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    lua_getfield(L, t, "bodies");
    int bs = lua_gettop(L), np = 0;
    for (int i = 0; i < nb; i++) {
        if (lua_rawgeti(L, bs, i + 1) != LUA_TTABLE) {
            char key[32];
            snprintf(key, sizeof key, "bodies[%d]", i + 1);
            limp_check_error(c, key, "must be a body {m =, I =, x =, y =, ...}, got %s",
                             luaL_typename(L, -1));
        }
        read_body(c, lua_gettop(L), i, &np, in);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    sc->nb = nb;
    sc->nl = nl;
    sc->bodies = in->scene.b;
    sc->lines = in->scene.l;
    if (imp_scene2d_contacts(sc) < 0)
        limp_check_fail(c, "the scene has more than %d contacts (each point and disk against each line, each pair of disks)",
                        IMP_SIM_CMAX);
    imp_status st = imp_scene2d_system(sc, &in->s);
    if (st != IMP_OK)
        limp_check_fail(c, "the scene was refused by the core: %s", imp_strerror(st));
    set_contacts(in);
    check_start(c, in);
}

/* {a, b} */
static void push_pair(lua_State *L, double a, double b)
{
    lua_createtable(L, 2, 0);
    lua_pushnumber(L, a);
    lua_rawseti(L, -2, 1);
    lua_pushnumber(L, b);
    lua_rawseti(L, -2, 2);
}

static const char *const kind_names[] = {"point-line", "disk-line", "disk-disk"};

void lsim_scene_push(lua_State *L, int t, const lsim_in *in)
{
    t = lua_absindex(L, t);
    const imp_scene2d *sc = &in->scene.sc;
    luaL_checkstack(L, 8, "scene2d");
    lua_createtable(L, 0, 12);
    push_pair(L, sc->g[0], sc->g[1]);
    lua_setfield(L, -2, "gravity");
    lua_createtable(L, sc->nl, 0);
    for (int i = 0; i < sc->nl; i++) {
        const imp_scene2d_line *l = &sc->lines[i];
        lua_createtable(L, 0, 5);
        push_pair(L, l->px, l->py);
        lua_setfield(L, -2, "point");
        push_pair(L, l->nx, l->ny);
        lua_setfield(L, -2, "normal");
        limp_set_number(L, "mu_s", in->scene.lmu_s[i]);
        limp_set_number(L, "mu_k", in->scene.lmu_k[i]);
        limp_set_number(L, "e", in->scene.le[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "lines");
    lua_createtable(L, sc->nb, 0);
    for (int i = 0; i < sc->nb; i++) {
        const imp_scene2d_body *b = &sc->bodies[i];
        lua_createtable(L, 0, 11);
        limp_set_number(L, "m", b->m);
        limp_set_number(L, "I", b->I);
        static const char *const coord[6] = {"x", "y", "phi", "vx", "vy", "w"};
        for (int k = 0; k < 3; k++) {
            limp_set_number(L, coord[k], in->q[3 * i + k]);
            limp_set_number(L, coord[3 + k], in->qd[3 * i + k]);
        }
        if (b->radius > 0) limp_set_number(L, "radius", b->radius);
        if (b->npoints) {
            lua_createtable(L, b->npoints, 0);
            for (int j = 0; j < b->npoints; j++) {
                push_pair(L, b->points[2 * j], b->points[2 * j + 1]);
                lua_rawseti(L, -2, j + 1);
            }
            lua_setfield(L, -2, "points");
        }
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "bodies");
    lsim_defaults_push(L, t, in);
    lua_pushinteger(L, in->s.n);
    lua_setfield(L, -2, "n");
    /* what each contact index of a run's events means */
    lua_createtable(L, sc->nc, 0);
    for (int i = 0; i < sc->nc; i++) {
        const imp_scene2d_contact *k = &sc->contacts[i];
        lua_createtable(L, 0, 5);
        limp_set_string(L, "kind", kind_names[k->kind]);
        lua_pushinteger(L, k->body + 1);
        lua_setfield(L, -2, "body");
        if (k->point >= 0) { lua_pushinteger(L, k->point + 1); lua_setfield(L, -2, "point"); }
        if (k->line >= 0) { lua_pushinteger(L, k->line + 1); lua_setfield(L, -2, "line"); }
        if (k->other >= 0) { lua_pushinteger(L, k->other + 1); lua_setfield(L, -2, "other"); }
        const imp_sim_contact *cc = &in->s.c[i];
        limp_set_number(L, "mu_s", cc->mu_s);
        limp_set_number(L, "mu_k", cc->mu_k);
        limp_set_number(L, "e", cc->e);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "contacts");
    luaL_setmetatable(L, SCENE2D_MT);
}

void lsim_defaults_read(limp_check *c, int t, lsim_in *in)
{
    limp_check_friction(c, t, 0, &in->mu_s, &in->mu_k);
    in->model = limp_multi_check_model(c, t);
    limp_law_check(c, t, 0, &in->law, &in->lctx);   /* a custom law: two values pushed */
    in->e = in->law.e;
    /* a compliant law strikes several contacts at once by the model that
     * takes a law (sequential, the default then); another model would
     * read an e the law does not have */
    if (imp_law_is_compliant(&in->law)) {
        const imp_multi_model *seq = imp_multi_model_find("sequential");
        if (!limp_check_has(c, t, "model") && seq)
            in->model = (int)(seq - imp_multi_models);
        else if (!imp_multi_model_reads(&imp_multi_models[in->model], "law"))
            limp_check_error(c, "model", "(\"%s\") does not take a law: a compliant law (%s) "
                             "strikes several contacts by model = \"sequential\"",
                             imp_multi_models[in->model].name, limp_law_name(&in->law));
    }
}

void lsim_defaults_push(lua_State *L, int t, const lsim_in *in)
{
    limp_set_number(L, "mu_s", in->mu_s);
    limp_set_number(L, "mu_k", in->mu_k);
    /* a compliant law's table is pushed as given, and no e (its own
     * parameters hold it) */
    if (!imp_law_is_compliant(&in->law)) limp_set_number(L, "e", in->e);
    if (limp_law_is_lua(&in->law) || imp_law_is_compliant(&in->law)) {
        lua_getfield(L, t, "law");
        lua_setfield(L, -2, "law");
    } else
        limp_set_string(L, "law", limp_law_name(&in->law));
    limp_set_string(L, "model", imp_multi_models[in->model].name);
}

/* impact.scene2d(t) */
static int l_scene2d(lua_State *L)
{
    limp_check c;
    limp_check_init(&c, L, "scene2d");
    limp_check_table_arg(&c, 1);
    lua_settop(L, 1);
    lsim_in *in = lua_newuserdatauv(L, sizeof *in, 0);
    memset(in, 0, sizeof *in);
    lsim_scene_read(&c, 1, in);
    lsim_scene_push(L, 1, in);
    return 1;
}

void lsim_open_scene2d(lua_State *L)
{
    lua_pushcfunction(L, l_scene2d);
    lua_setfield(L, -2, "scene2d");
    luaL_newmetatable(L, SCENE2D_MT);
    lua_setfield(L, -2, "_scene2d_mt");
    limp_check_publish(L, "scene2d", scene_fields);
}
