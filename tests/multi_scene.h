/* Random scenes of rigid bodies for the multiple-impact invariant run: 1 to
 * 3 free bodies (planar: x, y, theta; spatial: v, omega), 2 to 6 contacts
 * between two bodies or a body and the fixed ground, random points and
 * frames, random friction and restitution. Each scene is a function of its
 * index alone (splitmix64 seed), so a failure is rerun by its number. */
#ifndef IMPACT_TEST_MULTI_SCENE_H
#define IMPACT_TEST_MULTI_SCENE_H

#include "multi.h"

#include <lapacke.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#define SC_NB 3                   /* bodies at most */
#define SC_NQ (6 * SC_NB)         /* generalized coordinates at most */
#define SC_K 6                    /* contacts at most */
#define SC_N (3 * SC_K)           /* contact rows at most */

typedef struct {
    int d, k, nb, nq;
    int a[SC_K], b[SC_K];         /* bodies of each contact (b = -1: ground) */
    double x[SC_K][3];            /* contact point (world) */
    double dir[SC_N][3];          /* unit direction of each contact row */
    double m[SC_NB], inert[SC_NB][3], c[SC_NB][3];   /* mass, principal inertia, centre */
    double Minv[SC_NQ];           /* diagonal */
    double J[SC_N * SC_NQ], W[SC_N * SC_N], qd[SC_NQ], v0[SC_N];
    imp_multi_problem p;
} sc_scene;

typedef struct { uint64_t s; } sc_rng;

static double sc_rand(sc_rng *g)      /* splitmix64, uniform in [0, 1) */
{
    uint64_t z = (g->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return (double)(z >> 11) / 9007199254740992.0;
}
static double sc_uni(sc_rng *g, double a, double b) { return a + (b - a) * sc_rand(g); }

static void sc_unit(sc_rng *g, int d, double *u)
{
    double s;
    do {
        s = 0;
        for (int a = 0; a < 3; a++) { u[a] = a < d ? sc_uni(g, -1, 1) : 0; s += u[a] * u[a]; }
    } while (s < 1e-2 || s > 1);
    for (int a = 0; a < 3; a++) u[a] /= sqrt(s);
}

static void sc_cross(const double *a, const double *b, double *c)
{
    c[0] = a[1] * b[2] - a[2] * b[1];
    c[1] = a[2] * b[0] - a[0] * b[2];
    c[2] = a[0] * b[1] - a[1] * b[0];
}

/* The contact frame: rows (t, n) in the plane with n = t turned by +90
 * degrees; in space (t1, n, t2) orthonormal. */
static void sc_frame(sc_rng *g, sc_scene *s, int i)
{
    double *r0 = s->dir[s->d * i], *r1 = s->dir[s->d * i + 1];
    if (s->d == 2) {
        sc_unit(g, 2, r0);
        r1[0] = -r0[1]; r1[1] = r0[0]; r1[2] = 0;
        return;
    }
    double *r2 = s->dir[3 * i + 2], h[3];
    sc_unit(g, 3, r1);
    sc_unit(g, 3, h);
    sc_cross(r1, h, r0);
    double l = sqrt(r0[0] * r0[0] + r0[1] * r0[1] + r0[2] * r0[2]);
    for (int a = 0; a < 3; a++) r0[a] /= l;
    sc_cross(r0, r1, r2);
}

/* J's entries of one row (direction u at point x) on body j, times sgn. */
static void sc_row(sc_scene *s, double *row, int j, const double *u, const double *x, double sgn)
{
    double r[3], w[3];
    for (int a = 0; a < 3; a++) r[a] = x[a] - s->c[j][a];
    sc_cross(r, u, w);                 /* u . (omega x r) = omega . (r x u) */
    if (s->d == 2) {
        double *q = &row[3 * j];
        q[0] += sgn * u[0]; q[1] += sgn * u[1]; q[2] += sgn * w[2];
        return;
    }
    double *q = &row[6 * j];
    for (int a = 0; a < 3; a++) { q[a] += sgn * u[a]; q[3 + a] += sgn * w[a]; }
}

static void sc_make(sc_scene *s, int d, uint64_t seed)
{
    sc_rng g = { seed * 0x2545F4914F6CDD1Dull + 1 };
    memset(s, 0, sizeof *s);
    s->d = d;
    s->nb = 1 + (int)(sc_rand(&g) * SC_NB);
    s->k = 2 + (int)(sc_rand(&g) * (SC_K - 1));
    int dof = d == 2 ? 3 : 6, n = d * s->k;
    s->nq = dof * s->nb;
    for (int j = 0; j < s->nb; j++) {
        s->m[j] = sc_uni(&g, 0.3, 3);
        for (int a = 0; a < 3; a++) {
            s->inert[j][a] = s->m[j] * sc_uni(&g, 0.02, 0.6);
            s->c[j][a] = a < d ? sc_uni(&g, -1, 1) : 0;
        }
        for (int a = 0; a < dof; a++)
            s->Minv[dof * j + a] = a < d ? 1 / s->m[j] : 1 / s->inert[j][d == 2 ? 2 : a - 3];
    }
    for (int i = 0; i < s->k; i++) {
        s->a[i] = (int)(sc_rand(&g) * s->nb);
        s->b[i] = s->nb > 1 && sc_rand(&g) < 0.6 ? (s->a[i] + 1 + (int)(sc_rand(&g) * (s->nb - 1))) % s->nb : -1;
        for (int a = 0; a < 3; a++) s->x[i][a] = a < d ? s->c[s->a[i]][a] + sc_uni(&g, -0.8, 0.8) : 0;
        sc_frame(&g, s, i);
        for (int r = d * i; r < d * i + d; r++) {
            sc_row(s, &s->J[r * s->nq], s->a[i], s->dir[r], s->x[i], 1);
            if (s->b[i] >= 0) sc_row(s, &s->J[r * s->nq], s->b[i], s->dir[r], s->x[i], -1);
        }
        double u = sc_rand(&g), ms = u < 0.15 ? 0 : u < 0.9 ? sc_uni(&g, 0, 1.2) : sc_uni(&g, 1.2, 5);
        s->p.c[i].mu_s = ms;
        s->p.c[i].mu_k = sc_rand(&g) < 0.3 ? ms * sc_uni(&g, 0.5, 1) : ms;
        u = sc_rand(&g);
        s->p.c[i].e = u < 0.15 ? 0 : u < 0.3 ? 1 : sc_uni(&g, 0, 1);
        s->p.c[i].K = sc_uni(&g, 0.2, 5);
        s->p.c[i].eta = sc_rand(&g) < 0.5 ? 1 : 1.5;
    }
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            double w = 0;
            for (int q = 0; q < s->nq; q++) w += s->J[r * s->nq + q] * s->Minv[q] * s->J[c * s->nq + q];
            s->W[r * n + c] = w;
        }
    for (int q = 0; q < s->nq; q++) s->qd[q] = sc_uni(&g, -1, 1);
    for (int r = 0; r < n; r++) {
        double v = 0;
        for (int q = 0; q < s->nq; q++) v += s->J[r * s->nq + q] * s->qd[q];
        s->v0[r] = v;
    }
    s->p.k = s->k; s->p.d = d; s->p.W = s->W; s->p.v0 = s->v0;
}

/* 1 when the normal rows are dependent (W_nn singular to 1e-10 of its
 * diagonal): Newton's and Poisson's targets may then have no solution. */
static int sc_redundant(const sc_scene *s)
{
    int k = s->k, d = s->d, n = d * k;
    double A[SC_K * SC_K], dmax = 0;
    for (int i = 0; i < k; i++)
        for (int j = 0; j < k; j++) A[i * k + j] = s->W[(d * i + 1) * n + d * j + 1];
    for (int i = 0; i < k; i++) dmax = fmax(dmax, A[i * k + i]);
    if (LAPACKE_dpotrf(LAPACK_ROW_MAJOR, 'L', k, A, k) != 0) return 1;
    for (int i = 0; i < k; i++) if (A[i * k + i] * A[i * k + i] < 1e-10 * dmax) return 1;
    return 0;
}

#endif
