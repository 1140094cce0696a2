/* solve2d with a friction law: the table's problem read as
 * solve2d reads it (coefficients, bodies or a mechanism; e, law), the law
 * from `friction`, Routh's path traced by imp_problem2d_solve_friction. The
 * result is solve2d's, with the path kept (the law may not be repeatable)
 * and `friction` in place of mu_s, mu_k. */
#include <lauxlib.h>

#include "interrupt.h"
#include "l_friction.h"
#include "l_problem2d.h"
#include "raise.h"

typedef struct {
    const imp_problem2d *p;
    const imp_friction *f;
    imp_result2d *r;
    double (*post)[3];
    imp_status st;
} fjob;

static int run_job(lua_State *L)
{
    fjob *j = lua_touserdata(L, 1);
    j->st = imp_problem2d_solve_friction(j->p, j->f, j->r, j->post);
    return 0;
}

int limp_solve2d_friction(lua_State *L, int t)
{
    static const char *const fields[] = {"model", PROBLEM2D_FIELDS, "friction", NULL};
    t = lua_absindex(L, t);
    limp_check c;
    limp_check_init(&c, L, "solve2d");
    limp_check_known(&c, t, fields, limp_model_param_note, NULL);
    limp_check_unknown(&c);
    limp_friction_check(&c, t);      /* before mu's own checks */
    imp_problem2d p;
    limp_lua_law lctx;
    const imp_mech *mech = limp_problem2d_from_lua(&c, t, &p, &lctx);
    if (imp_law_is_compliant(&p.law))   /* its force runs on the constant-mu path only */
        limp_check_error(&c, "law", "is a compliant law (%s): friction laws take a rigid law "
                         "(poisson, newton, energetic or a function) for now", limp_law_name(&p.law));
    limp_friction *fr = limp_friction_read(&c, t);
    imp_result2d r;
    double post[2][3];
    fjob job = {&p, &fr->f, &r, post, IMP_OK};
    imp_interrupt_clear();       /* the integrator polls it */
    if (limp_law_is_lua(&p.law))
        limp_law_run(L, &p.law, run_job, &job);
    else
        job.st = imp_problem2d_solve_friction(&p, &fr->f, &r, post);
    limp_friction_done(fr);
    if (job.st != IMP_OK) {
        if (job.st == IMP_ELAW)
            limp_friction_raise(&c, fr);
        if (job.st == IMP_ENOCONV)
            limp_check_error(&c, "friction", "(%s): the path has more than %d events (stick and "
                             "slip alternating?)", limp_law_label(&fr->l), IMP_PATH2D_MAX - 2);
        limp_raise(&c, job.st, &p.law);
    }
    keyset ks = {L, 0, 0, 0, 0, 0, {0}, mech};
    limp_result2d_build(&ks, &p, &r, post);
    int res = lua_gettop(L);
    lua_getfield(L, -1, "path");     /* (a Lua law's path is there already) */
    int has_path = !lua_isnil(L, -1);
    lua_pop(L, 1);
    if (!has_path) {
        limp_path2d_push(L, r.vert, r.nvert);
        lua_setfield(L, res, "path");
    }
    lua_getfield(L, t, "friction");
    lua_setfield(L, res, "friction");
    lua_getfield(L, LUA_REGISTRYINDEX, RESULT2D_MT);
    lua_setmetatable(L, res);
    /* the problem's fields now, less mu_s and mu_k (the law replaced them) */
    limp_result2d_complete(L, res);
    lua_pushnil(L);
    lua_setfield(L, res, "mu_s");
    lua_pushnil(L);
    lua_setfield(L, res, "mu_k");
    return 1;
}
