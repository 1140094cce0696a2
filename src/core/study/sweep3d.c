/* The 3D form of the sweeps' fast path (see sweep3d.h): the fields a
 * sweep sets, one point's solve (one body, or two: pair3d.c) into its row,
 * the columns it fills. */
#include "sweep3d.h"

#include "mechanism.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

_Static_assert(sizeof(imp_problem3d) <= IMP_SWEEP_PROB_MAX, "IMP_SWEEP_PROB_MAX");

const char *const imp_sweep3d_methods[] = {"exact", "algebraic", NULL};

/* The output kinds: vectors take 3 consecutive kinds (x, y, z). */
enum {
    O_P = 0, O_V = 3, O_W = 6, O_VC = 9, O_VC0 = 12,
    O_DT = 15, O_T0, O_ER, O_WC, O_WR, O_WF, O_PC, O_E, O_MUS, O_MUK,
    O_RHO, O_COND, O_PSTOP, O_MINSLIP, O_STEPS, O_RTOL, O_NEWTON, O_COUNT
};
_Static_assert(O_COUNT <= IMP_SWEEP_MAXOUT, "IMP_SWEEP_MAXOUT");

static const char *const VECS[] = {"P", "v", "w", "vC", "vC0"};
static const char *const SCALARS[] = {"dT", "T0", "energy_ratio", "Wc", "Wr", "Wf", "Pc",
    "e", "mu_s", "mu_k", "rho_req", "cond", "p_stop", "min_slip", "steps", "rtol",
    "newton_iterations"};

/* The component of "x", "y", "z", "1", "2", "3", or -1. */
static int component(const char *c)
{
    static const char *const xyz[] = {"x", "y", "z", "1", "2", "3"};
    for (int i = 0; i < 6; i++)
        if (strcmp(c, xyz[i]) == 0) return i % 3;
    return -1;
}

/* "head.c" -> the index of head in heads and the component; -1 if not. */
static int vector_name(const char *name, const char *const *heads, int nheads, int *comp)
{
    const char *dot = strchr(name, '.');
    if (!dot || (*comp = component(dot + 1)) < 0) return -1;
    for (int h = 0; h < nheads; h++)
        if (strlen(heads[h]) == (size_t)(dot - name) && strncmp(name, heads[h], (size_t)(dot - name)) == 0)
            return h;
    return -1;
}

int imp_sweep3d_out_index(const char *name)
{
    int c, h = vector_name(name, VECS, 5, &c);
    if (h >= 0) return 3 * h + c;
    for (int k = 0; k < O_COUNT - O_DT; k++)
        if (strcmp(name, SCALARS[k]) == 0) return O_DT + k;
    return -1;
}

/* A body's field ("m", "theta1", "r.x", "inertia.1", ...): its offsets
 * (base_off on) into off, how many (0: none). */
static int body_field(imp_sweep3d_body *body, size_t base_off, const char *name, size_t off[2])
{
    static const char *const vecs[] = {"v", "w", "r"};
    static const size_t voff[] = {offsetof(imp_sweep3d_body, v), offsetof(imp_sweep3d_body, w),
                                  offsetof(imp_sweep3d_body, r)};
    int c, h = vector_name(name, vecs, 3, &c), n = 1;
    if (h >= 0) off[0] = voff[h] + (size_t)c * sizeof(double);
    else if (strcmp(name, "m") == 0) off[0] = offsetof(imp_sweep3d_body, m);
    else if (strcmp(name, "theta1") == 0) off[0] = offsetof(imp_sweep3d_body, theta1);
    else if (strcmp(name, "theta2") == 0) off[0] = offsetof(imp_sweep3d_body, theta2);
    else if (strncmp(name, "inertia.", 8) == 0 && name[8] >= '1' && name[8] <= '3' && !name[9]) {
        /* a principal moment: the list {I1, I2, I3} (body frame, axes I) */
        c = name[8] - '1';
        off[0] = offsetof(imp_sweep3d_body, moments) + (size_t)c * sizeof(double);
        off[1] = offsetof(imp_sweep3d_body, Ib) + (size_t)(4 * c) * sizeof(double);
        n = 2;
        body->by_moments = 1;
    } else return 0;
    if (strncmp(name, "theta", 5) == 0) body->by_theta = 1;
    for (int k = 0; k < n; k++) off[k] += base_off;
    return n;
}

int imp_sweep3d_add_field(imp_sweep2d *s, imp_problem3d *base, const char *name)
{
    size_t off[2] = {0, 0};
    int n;
    if (strncmp(name, "body2.", 6) == 0)   /* body 2's, only of a pair */
        n = base->pair ? body_field(&base->b[1], offsetof(imp_problem3d, b[1]), name + 6, off) : 0;
    else if (strncmp(name, "body.", 5) == 0)
        n = body_field(&base->b[0], offsetof(imp_problem3d, b[0]), name + 5, off);
    else if ((n = body_field(&base->b[0], offsetof(imp_problem3d, b[0]), name, off)) > 0)
        ;   /* body 1's at the top level */
    else if (strcmp(name, "law") == 0)
        return imp_sweep_add(s, 0, off, offsetof(imp_problem3d, law.kind), imp_law_names);
    else if (strcmp(name, "method") == 0)
        return imp_sweep_add(s, 0, off, offsetof(imp_problem3d, method), imp_sweep3d_methods);
    else if (strcmp(name, "mu") == 0) {
        off[0] = offsetof(imp_problem3d, mu_s);
        off[1] = offsetof(imp_problem3d, mu_k);
        n = 2;
    } else {
        static const char *const one[] = {"e", "rtol", "mu_s", "mu_k"};
        static const size_t ooff[] = {offsetof(imp_problem3d, law.e),
            offsetof(imp_problem3d, opts.rtol), offsetof(imp_problem3d, mu_s),
            offsetof(imp_problem3d, mu_k)};
        for (int k = 0; k < 4 && !n; k++)
            if (strcmp(name, one[k]) == 0) {
                off[0] = ooff[k];
                n = 1;
            }
    }
    return n > 0 && imp_sweep_add(s, n, off, 0, NULL);
}

static int finite3(const double x[3])
{
    return isfinite(x[0]) && isfinite(x[1]) && isfinite(x[2]);
}

/* What solve3d's reader checks of a body's fields (the rest: the core),
 * and the world-frame body. */
static int body_build(const imp_sweep3d_body *p, imp_body3d *b)
{
    if (!(p->m > 0) || !isfinite(p->m) || !finite3(p->r) || !finite3(p->v) || !finite3(p->w) ||
        (p->by_theta && !(isfinite(p->theta1) && isfinite(p->theta2))) ||
        (p->by_moments && imp_inertia3_check(p->moments, NULL) != IMP_OK))
        return 0;
    memset(b, 0, sizeof *b);
    double R[9];
    if (p->by_theta) imp_rotation_sb(p->theta1, p->theta2, R);
    else memcpy(R, p->R, sizeof R);
    b->m = p->m;
    imp_body3d_orient(p->Ib, p->moments, p->axes, R, b);
    memcpy(b->r, p->r, sizeof b->r);
    memcpy(b->v, p->v, sizeof b->v);
    memcpy(b->w, p->w, sizeof b->w);
    return 1;
}

/* solve3d's bound on mu (its reader's check_mu_range): mu^2 terms, and
 * mu times the contact speed, must not overflow. */
static int mu_in_range(const imp_contact3d *c, double mu)
{
    if (!(mu > 1)) return 1;
    if (mu > 1e100) return 0;
    double vs = hypot(hypot(c->vC0[0], c->vC0[1]), c->vC0[2]), wmax = 0;
    for (int i = 0; i < 9; i++) wmax = fmax(wmax, fabs(c->W[i]));
    double a = mu * vs * (wmax / c->Wnn), b = mu * vs * (vs / c->Wnn);
    return a <= 1e300 && b <= 1e300;
}

imp_status imp_problem3d_solve(const imp_problem3d *p, imp_contact3d *c, imp_result3d *r)
{
    imp_body3d b1, b2;
    imp_pair3d pr;
    if (!body_build(&p->b[0], &b1) || (p->pair && !body_build(&p->b[1], &b2)) ||
        !(p->opts.rtol >= IMP_SWEEP3D_RTOL_MIN && p->opts.rtol <= IMP_SWEEP3D_RTOL_MAX))
        return IMP_EINPUT;
    imp_status st = imp_problem3d_check(p->mu_s, p->mu_k, &p->law);
    if (st != IMP_OK) return st;
    if (p->pair) {
        st = imp_pair3d_init(&b1, &b2, &pr, NULL, NULL, NULL);
        *c = pr.c;
    } else {
        st = imp_contact3d_init(&b1, c);
    }
    if (st != IMP_OK) return st;
    if (!mu_in_range(c, p->mu_k)) return IMP_EINPUT;
    st = p->method == 0 ? imp_exact3d_solve_contact(c, p->mu_s, p->mu_k, &p->law, &p->opts, r)
                        : imp_algebraic3d_solve_contact(c, p->mu_s, p->mu_k, &p->law, &p->opts, r);
    if (st != IMP_OK) return st;
    if (p->pair) imp_pair3d_after(&b1, &b2, &pr, r->P, r->v, r->w, NULL, NULL, NULL);
    else imp_result3d_apply(&b1, c, r);
    /* solve3d: "the works are not finite", "the solution is not finite"
     * (a pair's v and w are not checked there) */
    if (!isfinite(r->Wc) || !isfinite(r->Wr) || !isfinite(r->Wf) || !isfinite(r->Pc) ||
        !finite3(r->P) || !finite3(r->vC) || !isfinite(r->dT) ||
        (!p->pair && !(finite3(r->v) && finite3(r->w))))
        return IMP_EOVERFLOW;
    return IMP_OK;
}

/* Every column of one solved point. */
static void outputs(const imp_problem3d *p, const imp_contact3d *cc, const imp_result3d *r,
                    double *all)
{
    const double *vec[5] = {r->P, r->v, r->w, r->vC, cc->vC0};
    for (int h = 0; h < 5; h++)
        for (int c = 0; c < 3; c++) all[3 * h + c] = vec[h][c];
    const int exact = p->method == 0;
    const double s[] = {r->dT, r->T0, r->energy_ratio, r->Wc, r->Wr, r->Wf, r->Pc,
        p->law.e, p->mu_s, p->mu_k, cc->rho_req, cc->cond,
        r->p_stop >= 0 ? r->p_stop : NAN, exact ? r->min_slip : NAN,
        exact ? (double)r->nsteps : NAN, exact ? p->opts.rtol : NAN,
        exact ? NAN : (double)r->nsteps};
    memcpy(all + O_DT, s, sizeof s);
}

static void solve_row(const imp_sweep2d *s, const void *prob, size_t row)
{
    const imp_problem3d *p = prob;
    double *res = s->res + row * (size_t)s->nout;
    imp_contact3d c;
    imp_result3d r;
    imp_status st = imp_problem3d_solve(p, &c, &r);
    s->st[row] = (unsigned char)st;
    s->cls[row] = 0;
    if (st != IMP_OK) {
        for (int c = 0; c < s->nout; c++) res[c] = NAN;
        s->mode[row] = 0;
        return;
    }
    double all[O_COUNT];
    outputs(p, &c, &r, all);
    for (int c = 0; c < s->nout; c++) res[c] = all[s->out[c]];
    s->mode[row] = (unsigned char)r.mode;
}

const imp_sweep_form imp_sweep3d_form = {sizeof(imp_problem3d), solve_row};
