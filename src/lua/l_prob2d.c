#include <math.h>

#include "l_prob2d.h"

static void read_body(const imp_check *parent, int t, const char *key, imp_body2d *b)
{
    lua_State *L = parent->L;
    imp_check c;
    imp_check_sub(&c, parent, key);
    lua_getfield(L, t, key);
    if (!lua_istable(L, -1))
        imp_check_error(parent, key, "must be a table, got %s", luaL_typename(L, -1));
    int bt = lua_absindex(L, -1);
    b->m = imp_check_positive(&c, bt, "m", 1, 0);
    if (imp_check_has(&c, bt, "I")) {
        if (imp_check_has(&c, bt, "rho"))
            imp_check_error(&c, "I", "and 'rho' are exclusive: give one");
        b->rho = sqrt(imp_check_positive(&c, bt, "I", 1, 0) / b->m);
    } else {
        b->rho = imp_check_positive(&c, bt, "rho", 1, 0);
    }
    b->x = imp_check_number(&c, bt, "x", 0, 0);
    b->y = imp_check_number(&c, bt, "y", 0, 0);
    b->vx = imp_check_number(&c, bt, "vx", 0, 0);
    b->vy = imp_check_number(&c, bt, "vy", 0, 0);
    b->w = imp_check_number(&c, bt, "w", 0, 0);
    lua_pop(L, 1);
}

/* PHYSICS.md A.1 (the plus sign of the body-2 term of B3). */
static void coef_from_bodies(const imp_lprob2d *p, imp_coef2d *c)
{
    c->B1 = c->B2 = c->B3 = c->S0 = c->C0 = 0;
    for (int i = 0; i < p->nbodies; i++) {
        const imp_body2d *b = &p->b[i];
        double I = b->m * b->rho * b->rho, sg = i == 0 ? 1 : -1;
        c->B1 += 1 / b->m + b->y * b->y / I;
        c->B2 += 1 / b->m + b->x * b->x / I;
        c->B3 += b->x * b->y / I;
        c->S0 += sg * (b->vx + b->w * b->y);
        c->C0 += sg * (b->vy - b->w * b->x);
    }
}

void imp_lprob2d_read(const imp_check *c, int t, int need_c0, imp_lprob2d *p)
{
    lua_State *L = c->L;
    p->nbodies = 0;
    if (imp_check_has(c, t, "body1")) {
        read_body(c, t, "body1", &p->b[0]);
        p->nbodies = 1;
        if (imp_check_has(c, t, "body2")) {
            read_body(c, t, "body2", &p->b[1]);
            p->nbodies = 2;
        }
        coef_from_bodies(p, &p->c);
        imp_check_finite(c, "body1", p->c.B1 + p->c.B2 + p->c.B3 + p->c.S0 + p->c.C0);
        return;
    }
    if (!imp_check_has(c, t, "B1") && !imp_check_has(c, t, "body2"))
        imp_check_fail(c, "give either 'body1' (and optionally 'body2') or 'B1', 'B2', 'B3'");
    if (imp_check_has(c, t, "body2"))
        imp_check_error(c, "body2", "needs 'body1'");
    p->c.B1 = imp_check_positive(c, t, "B1", 1, 0);
    p->c.B2 = imp_check_positive(c, t, "B2", 1, 0);
    p->c.B3 = imp_check_number(c, t, "B3", 1, 0);
    p->c.S0 = imp_check_number(c, t, "S0", 0, 0);
    p->c.C0 = imp_check_number(c, t, "C0", need_c0, 0);
    if (!(p->c.B1 * p->c.B2 > p->c.B3 * p->c.B3))
        imp_check_error(c, "B3", "must satisfy B1*B2 > B3^2 (got B1 = %g, B2 = %g, B3 = %g)",
                        p->c.B1, p->c.B2, p->c.B3);
    (void)L;
}

void imp_lprob2d_moment(const imp_lprob2d *p, imp_moment2d *m)
{
    m->Bq = m->BSq = m->BCq = m->W0 = 0;
    for (int i = 0; i < p->nbodies; i++) {
        const imp_body2d *b = &p->b[i];
        double I = b->m * b->rho * b->rho;
        m->Bq += 1 / I;
        m->BSq += b->y / I;
        m->BCq -= b->x / I;
        m->W0 += (i == 0 ? 1 : -1) * b->w;
    }
}

void imp_lprob2d_push_after(lua_State *L, const imp_lprob2d *p,
                            double Px, double Py, double Mq)
{
    static const char *const names[2] = { "body1", "body2" };
    for (int i = 0; i < p->nbodies; i++) {
        const imp_body2d *b = &p->b[i];
        double sg = i == 0 ? 1 : -1, I = b->m * b->rho * b->rho;
        lua_createtable(L, 0, 3);
        imp_set_number(L, "vx", b->vx + sg * Px / b->m);
        imp_set_number(L, "vy", b->vy + sg * Py / b->m);
        imp_set_number(L, "w", b->w + sg * (b->y * Px - b->x * Py + Mq) / I);
        lua_setfield(L, -2, names[i]);
    }
}
