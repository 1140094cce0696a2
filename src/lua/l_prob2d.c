#include "check.h"
#include "l_prob2d.h"

static const imp_body2d *body(const imp_problem2d *p, int i)
{
    return i == 0 ? &p->body1 : &p->body2;
}

void imp_lprob2d_moment(const imp_problem2d *p, imp_moment2d *m)
{
    m->Bq = m->BSq = m->BCq = m->W0 = 0;
    for (int i = 0; i < p->nbodies; i++) {
        const imp_body2d *b = body(p, i);
        double I = b->m * b->rho * b->rho;
        m->Bq += 1 / I;
        m->BSq += b->y / I;
        m->BCq -= b->x / I;
        m->W0 += (i == 0 ? 1 : -1) * b->w;
    }
}

void imp_lprob2d_push_after(lua_State *L, const imp_problem2d *p,
                            double Px, double Py, double Mq)
{
    static const char *const names[2] = { "body1", "body2" };
    for (int i = 0; i < p->nbodies; i++) {
        const imp_body2d *b = body(p, i);
        double sg = i == 0 ? 1 : -1, v[3];
        imp_body2d_after(b, sg, Px, Py, v);
        v[2] += sg * Mq / (b->m * b->rho * b->rho);
        lua_createtable(L, 0, 3);
        imp_set_number(L, "vx", v[0]);
        imp_set_number(L, "vy", v[1]);
        imp_set_number(L, "w", v[2]);
        lua_setfield(L, -2, names[i]);
    }
}
