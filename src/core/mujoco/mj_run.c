/* MuJoCo through one impact (imp_mj_run): its soft contact and its solver,
 * stepped from a given state until the striking body's contacts end. The
 * restitution it produced is measured at the first contact's point, fixed
 * on the body, along the first contact's normal. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mj_internal.h"

/* Index of the first active contact of body b in d->contact, or -1; the
 * deepest penetration among them goes to *depth. */
static int body_contact(const mjModel *m, const mjData *d, int b, double *depth)
{
    int first = -1;
    for (int i = 0; i < d->ncon; i++) {
        const mjContact *c = d->contact + i;
        if (c->exclude != 0) continue;     /* in the margin's gap, fused, ... */
        if (m->geom_bodyid[c->geom1] != b && m->geom_bodyid[c->geom2] != b) continue;
        if (first < 0) first = i;
        if (-c->dist > *depth) *depth = -c->dist;
    }
    return first;
}

static double kinetic(const mjModel *m, const mjData *d, double *Mfull)
{
    int nv = m->nv;
    mj_fullM(m, Mfull, d->qM);
    double T = 0;
    for (int i = 0; i < nv; i++) {
        double row = 0;
        for (int j = 0; j < nv; j++) row += Mfull[i * nv + j] * d->qvel[j];
        T += d->qvel[i] * row;
    }
    return 0.5 * T;
}

/* The normal velocity of the point at (body b's frame) pl relative to the
 * other body ob, along n. Needs the kinematics of the current qpos. */
static double normal_velocity(const mjModel *m, const mjData *d, double *jac,
                              int b, int ob, const double pl[3], const double n[3])
{
    int nv = m->nv;
    const double *x = d->xpos + 3 * b, *R = d->xmat + 9 * b;
    double p[3];
    for (int k = 0; k < 3; k++)
        p[k] = x[k] + R[3 * k] * pl[0] + R[3 * k + 1] * pl[1] + R[3 * k + 2] * pl[2];
    double *ja = jac, *jb = jac + 3 * nv;
    mj_jac(m, d, ja, NULL, p, b);
    mj_jac(m, d, jb, NULL, p, ob);     /* body 0, the world, gives zeros */
    double v = 0;
    for (int k = 0; k < 3; k++)
        for (int j = 0; j < nv; j++) v += n[k] * (ja[k * nv + j] - jb[k * nv + j]) * d->qvel[j];
    return v;
}

/* Set every geom's and pair's solref to s (saved in keep, 2 (ngeom +
 * npair) numbers), or put keep back. */
static void swap_solref(mjModel *m, const double s[2], double *keep, int restore)
{
    for (int g = 0; g < m->ngeom + m->npair; g++) {
        double *dst = g < m->ngeom ? m->geom_solref + 2 * g
                                   : m->pair_solref + 2 * (g - m->ngeom);
        if (restore) {
            dst[0] = keep[2 * g]; dst[1] = keep[2 * g + 1];
        } else {
            keep[2 * g] = dst[0]; keep[2 * g + 1] = dst[1];
            dst[0] = s[0]; dst[1] = s[1];
        }
    }
}

/* The stepping itself, under the guard (no allocation inside). */
static imp_status run(imp_mj *mj, const double *qpos, const double *qvel,
                      const imp_mj_run_opts *o, imp_mj_run_result *r)
{
    mjModel *m = mj->m;
    mjData *d = mj->d;
    IMP_MJ_BEGIN(mj)
    /* after the setjmp: nothing here is read once MuJoCo has longjmp'd */
    int ob = 0;
    double pl[3] = { 0, 0, 0 }, n[3] = { 0, 0, 0 };
    int rk4 = m->opt.integrator == mjINT_RK4;
    /* mj_resetData clears the warm start and the time; the state goes in after */
    mj_resetData(m, d);
    memcpy(d->qpos, qpos, (size_t)m->nq * sizeof *qpos);
    memcpy(d->qvel, qvel, (size_t)m->nv * sizeof *qvel);
    mj_forward(m, d);
    r->T0 = kinetic(m, d, mj->M);
    while (d->time < o->max_time) {
        /* mj_step1 collides at the current qpos (and computes M); mj_step2
         * then solves and integrates. RK4 has no split: step whole, then
         * mj_forward for the contacts of the new state. */
        if (!rk4) mj_step1(m, d);
        double depth = r->depth_max;
        int c = body_contact(m, d, o->body, &depth);
        if (c >= 0) {
            if (!r->contacted) {
                const mjContact *k = d->contact + c;
                int mine2 = m->geom_bodyid[k->geom2] == o->body;
                ob = m->geom_bodyid[mine2 ? k->geom1 : k->geom2];
                /* the frame's normal points from geom1 to geom2: into the
                 * striking body when it owns geom2 */
                for (int i = 0; i < 3; i++) {
                    n[i] = mine2 ? k->frame[i] : -k->frame[i];
                    r->point[i] = k->pos[i];
                    r->normal[i] = n[i];
                }
                /* the point in the body's frame: R' (p - x) */
                const double *x = d->xpos + 3 * o->body, *R = d->xmat + 9 * o->body;
                for (int i = 0; i < 3; i++)
                    pl[i] = R[i] * (k->pos[0] - x[0]) + R[3 + i] * (k->pos[1] - x[1])
                          + R[6 + i] * (k->pos[2] - x[2]);
                r->vn0 = normal_velocity(m, d, mj->jac, o->body, ob, pl, n);
                r->t_contact = d->time;
                r->mu = k->friction[0];
                r->contacted = 1;
            }
            r->depth_max = depth;
            r->contact_steps++;
        } else if (r->contacted) {
            r->separated = 1;
            break;
        }
        if (rk4) {
            mj_step(m, d);
            mj_forward(m, d);
        } else {
            mj_step2(m, d);
        }
        r->steps++;
        if (d->warning[mjWARN_BADQACC].number > 0) {
            IMP_MJ_END();
            snprintf(mj->err, sizeof mj->err, "MuJoCo's simulation became unstable at "
                     "t = %g s (bad acceleration): a smaller timestep or a softer solref", d->time);
            return IMP_EINPUT;
        }
    }
    /* M and the kinematics of the end state: mj_step1 computed them when
     * the contact ended; after a whole step they are the previous state's */
    if (!rk4 && !r->separated) mj_forward(m, d);
    r->T1 = kinetic(m, d, mj->M);
    if (r->contacted) {
        r->duration = d->time - r->t_contact;
        r->vn1 = normal_velocity(m, d, mj->jac, o->body, ob, pl, n);
    }
    IMP_MJ_END();
    return IMP_OK;
}

imp_status imp_mj_run(imp_mj *mj, const double *qpos, const double *qvel,
                      const imp_mj_run_opts *o, double *qpos_out,
                      double *qvel_out, imp_mj_run_result *r)
{
    mjModel *m = mj->m;
    mjData *d = mj->d;
    memset(r, 0, sizeof *r);
    double *keep = NULL;
    if (o->set_solref) {
        keep = malloc(2 * (size_t)(m->ngeom + m->npair + 1) * sizeof *keep);
        if (!keep) return IMP_ENOMEM;
        swap_solref(m, o->solref, keep, 0);
    }
    int flags = m->opt.disableflags;
    if (!o->gravity) m->opt.disableflags |= mjDSBL_GRAVITY;
    imp_status st = run(mj, qpos, qvel, o, r);
    m->opt.disableflags = flags;
    if (keep) swap_solref(m, NULL, keep, 1);
    free(keep);
    if (st != IMP_OK) return st;
    memcpy(qpos_out, d->qpos, (size_t)m->nq * sizeof *qpos_out);
    memcpy(qvel_out, d->qvel, (size_t)m->nv * sizeof *qvel_out);
    return IMP_OK;
}
