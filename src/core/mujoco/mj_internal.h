/* What mj_bridge.c and mj_run.c share: the model struct and the guard that
 * turns MuJoCo's fatal errors into a status. */
#ifndef IMPACT_MJ_INTERNAL_H
#define IMPACT_MJ_INTERNAL_H

#include <setjmp.h>

#include <mujoco/mujoco.h>

#include "mj_bridge.h"

struct imp_mj {
    mjModel *m;
    mjData *d;
    double *M;        /* nv x nv scratch (mj_fullM) */
    double *jac;      /* 2 x 3 x nv scratch (mj_jac of two bodies) */
    char err[1024];
};

/* MuJoCo reports a fatal error through mju_user_error and, without a
 * handler, prints and exits the process. The handler installed by
 * imp_mj_guard_install longjmps to the innermost guard of this thread,
 * with the message kept for imp_mj_error; warnings are kept, never printed
 * (MuJoCo's default writes MUJOCO_LOG.TXT into the working directory). */
void imp_mj_guard_install(void);
jmp_buf **imp_mj_guard_slot(void);
const char *imp_mj_guard_message(void);

/* Opens a guarded section in a function returning imp_status: a MuJoCo
 * error inside it returns IMP_EINPUT with mj->err = "MuJoCo: <message>".
 * Close with IMP_MJ_END before every other return. Allocate nothing inside
 * (a longjmp would leak it); locals changed inside and read after an error
 * must be volatile. */
#define IMP_MJ_BEGIN(mj)                                                  \
    jmp_buf imp_jb_;                                                      \
    jmp_buf *imp_prev_ = *imp_mj_guard_slot();                            \
    *imp_mj_guard_slot() = &imp_jb_;                                      \
    if (setjmp(imp_jb_)) {                                                \
        *imp_mj_guard_slot() = imp_prev_;                                 \
        imp_mj_guard_fail(mj);                                            \
        return IMP_EINPUT;                                                \
    }
#define IMP_MJ_END() (*imp_mj_guard_slot() = imp_prev_)

/* mj->err = "MuJoCo: " and the message the handler kept. */
void imp_mj_guard_fail(imp_mj *mj);

#endif
