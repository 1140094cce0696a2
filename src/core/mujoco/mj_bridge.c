/* The MuJoCo bridge: loading, the state, M and the contact Jacobian
 * (mj_bridge.h). mj_run.c runs MuJoCo through an impact. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mj_internal.h"

static _Thread_local jmp_buf *guard;
static _Thread_local char guard_msg[1000];

jmp_buf **imp_mj_guard_slot(void) { return &guard; }
const char *imp_mj_guard_message(void) { return guard_msg; }

void imp_mj_guard_fail(imp_mj *mj)
{
    snprintf(mj->err, sizeof mj->err, "MuJoCo: %s", guard_msg);
}

static void on_error(const char *msg)
{
    snprintf(guard_msg, sizeof guard_msg, "%s", msg);
    if (guard) longjmp(*guard, 1);
    /* an error outside a guard: every call into MuJoCo is guarded, so this
     * is a bug of the bridge; abort rather than go on with a broken model */
    fprintf(stderr, "impact: MuJoCo error outside a guarded call: %s\n", msg);
    abort();
}

/* mj_loadXML under a guard: its compiler catches its own errors (they
 * come back in why), but a MuJoCo error raised elsewhere while compiling
 * must not end the process either. */
static mjModel *load_guarded(const char *name, const mjVFS *vfs, char *why, int n)
{
    jmp_buf jb;
    mjModel *volatile m = NULL;
    jmp_buf *prev = guard;
    guard = &jb;
    if (setjmp(jb) == 0) m = mj_loadXML(name, vfs, why, n);
    else snprintf(why, (size_t)n, "%s", guard_msg);
    guard = prev;
    return m;
}

/* Kept, never printed: the runs read mjData's warning counters instead. */
static void on_warning(const char *msg)
{
    (void)msg;
}

void imp_mj_guard_install(void)
{
    mju_user_error = on_error;
    mju_user_warning = on_warning;
}

static imp_status finish_load(mjModel *m, const char *name, imp_mj **out,
                              char *err, size_t errlen, const char *why)
{
    if (!m) {
        /* MuJoCo's messages end in a newline: the binding adds its own */
        size_t n = strlen(why);
        while (n > 0 && (why[n - 1] == '\n' || why[n - 1] == ' ')) n--;
        snprintf(err, errlen, "cannot load '%s': %.*s", name, (int)n,
                 n ? why : "MuJoCo gave no reason");
        return IMP_EINPUT;
    }
    imp_mj *mj = calloc(1, sizeof *mj);
    if (!mj) {
        mj_deleteModel(m);
        return IMP_ENOMEM;
    }
    mj->m = m;
    size_t nv = m->nv > 0 ? (size_t)m->nv : 1;
    mj->M = malloc(nv * nv * sizeof *mj->M);
    mj->jac = malloc(6 * nv * sizeof *mj->jac);
    if (mj->M && mj->jac) {
        jmp_buf jb;
        guard = &jb;
        if (setjmp(jb) == 0) mj->d = mj_makeData(m);
        guard = NULL;
    }
    if (!mj->d) {
        snprintf(err, errlen, "cannot load '%s': %s", name,
                 mj->M && mj->jac ? guard_msg : "out of memory");
        imp_mj_free(mj);
        return IMP_EINPUT;
    }
    *out = mj;
    return IMP_OK;
}

imp_status imp_mj_load(const char *path, imp_mj **out, char *err, size_t errlen)
{
    char why[1000] = "";
    *out = NULL;
    imp_mj_guard_install();
    mjModel *m = load_guarded(path, NULL, why, sizeof why);
    return finish_load(m, path, out, err, errlen, why);
}

imp_status imp_mj_load_string(const char *xml, const char *name, imp_mj **out,
                              char *err, size_t errlen)
{
    char why[1000] = "";
    *out = NULL;
    imp_mj_guard_install();
    /* mj_loadXML reads from a virtual file system; mjVFS holds 2000 names
     * of 1000 bytes, too large for the stack */
    mjVFS *vfs = malloc(sizeof *vfs);
    if (!vfs) return IMP_ENOMEM;
    mj_defaultVFS(vfs);
    size_t len = strlen(xml);
    mjModel *m = NULL;
    if (len < (size_t)1 << 30 && mj_makeEmptyFileVFS(vfs, name, (int)len) == 0) {
        int i = mj_findFileVFS(vfs, name);
        memcpy(vfs->filedata[i], xml, len);
        m = load_guarded(name, vfs, why, sizeof why);
    } else {
        snprintf(why, sizeof why, "the text does not fit MuJoCo's virtual file system");
    }
    mj_deleteVFS(vfs);
    free(vfs);
    return finish_load(m, name, out, err, errlen, why);
}

void imp_mj_free(imp_mj *mj)
{
    if (!mj) return;
    if (mj->d) mj_deleteData(mj->d);
    if (mj->m) mj_deleteModel(mj->m);
    free(mj->M);
    free(mj->jac);
    free(mj);
}

const char *imp_mj_error(const imp_mj *mj) { return mj->err; }
int imp_mj_nq(const imp_mj *mj) { return mj->m->nq; }
int imp_mj_nv(const imp_mj *mj) { return mj->m->nv; }
int imp_mj_nbody(const imp_mj *mj) { return mj->m->nbody; }
double imp_mj_timestep(const imp_mj *mj) { return mj->m->opt.timestep; }

const char *imp_mj_body_name(const imp_mj *mj, int i)
{
    const char *s = mj_id2name(mj->m, mjOBJ_BODY, i);
    return s ? s : "";
}

int imp_mj_body_id(const imp_mj *mj, const char *name)
{
    return mj_name2id(mj->m, mjOBJ_BODY, name);
}

void imp_mj_qpos0(const imp_mj *mj, double *qpos)
{
    memcpy(qpos, mj->m->qpos0, (size_t)mj->m->nq * sizeof *qpos);
}

imp_status imp_mj_set_state(imp_mj *mj, const double *qpos, const double *qvel)
{
    const mjModel *m = mj->m;
    mjData *d = mj->d;
    memcpy(d->qpos, qpos, (size_t)m->nq * sizeof *qpos);
    if (qvel) memcpy(d->qvel, qvel, (size_t)m->nv * sizeof *qvel);
    else memset(d->qvel, 0, (size_t)m->nv * sizeof *d->qvel);
    IMP_MJ_BEGIN(mj)
    /* only what mj_fullM (qM) and mj_jac (xpos, xmat, subtree_com, cdof)
     * read: a whole mj_forward would also collide and solve contacts */
    mj_kinematics(m, d);
    mj_comPos(m, d);
    mj_crb(m, d);
    IMP_MJ_END();
    return IMP_OK;
}

void imp_mj_mass(imp_mj *mj, double *M)
{
    int nv = mj->m->nv;
    mj_fullM(mj->m, M, mj->d->qM);
    /* mj_fullM fills both triangles from the one stored: symmetric already;
     * copy the lower onto the upper anyway so that M is exactly symmetric
     * whatever a MuJoCo version does */
    for (int i = 0; i < nv; i++)
        for (int j = i + 1; j < nv; j++) M[i * nv + j] = M[j * nv + i];
}

void imp_mj_frame(int rows, const double n[3], double *f)
{
    if (rows == 2) {
        f[0] = n[1]; f[1] = -n[0]; f[2] = 0.0;
        f[3] = n[0]; f[4] = n[1]; f[5] = 0.0;
        return;
    }
    /* as impact.system3d's frame3 (lua/impact/mechanism.lua) */
    double nx = n[0], ny = n[1], nz = n[2];
    if (ny >= 0) {
        double h = 1 / (1 + ny);
        f[0] = 1 - nx * nx * h; f[1] = -nx; f[2] = -nx * nz * h;
        f[6] = -nx * nz * h;    f[7] = -nz; f[8] = 1 - nz * nz * h;
    } else {
        double h = 1 / (1 - ny);
        f[0] = 1 - nx * nx * h; f[1] = nx;  f[2] = -nx * nz * h;
        f[6] = nx * nz * h;     f[7] = -nz; f[8] = -(1 - nz * nz * h);
    }
    f[3] = nx; f[4] = ny; f[5] = nz;
}

/* Distance from p to the nearest bounding sphere of body b's geoms. */
static double geom_offset(const mjModel *m, const mjData *d, int b, const double p[3])
{
    double best = -1;
    for (int g = 0; g < m->ngeom; g++) {
        if (m->geom_bodyid[g] != b) continue;
        const double *c = d->geom_xpos + 3 * g;
        double dx = p[0] - c[0], dy = p[1] - c[1], dz = p[2] - c[2];
        double s = sqrt(dx * dx + dy * dy + dz * dz) - m->geom_rbound[g];
        if (s < 0) s = 0;
        if (best < 0 || s < best) best = s;
    }
    return best;
}

imp_status imp_mj_jacobian(imp_mj *mj, int b, const double p[3], int rows,
                           const double n[3], double *J, double *offset)
{
    const mjModel *m = mj->m;
    int nv = m->nv;
    double f[9], pt[3] = { p[0], p[1], p[2] };
    imp_mj_frame(rows, n, f);
    IMP_MJ_BEGIN(mj)
    mj_jac(m, mj->d, mj->jac, NULL, pt, b);
    IMP_MJ_END();
    /* J row r = frame row r . jacp (3 x nv, row-major) */
    for (int r = 0; r < rows; r++)
        for (int j = 0; j < nv; j++)
            J[r * nv + j] = f[3 * r] * mj->jac[j] + f[3 * r + 1] * mj->jac[nv + j]
                          + f[3 * r + 2] * mj->jac[2 * nv + j];
    if (offset) *offset = geom_offset(m, mj->d, b, p);
    return IMP_OK;
}
