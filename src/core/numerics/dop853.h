/* One step of Dormand & Prince's 8(5,3) pair (Hairer, Norsett & Wanner,
 * Solving ODE I, 1993; the coefficients of Hairer's DOP853) for
 * y' = f(t, y): the integrator of the exact 3D solver
 * (solve3d_exact_flow.c). At the 1e-10 tolerance of that solver it takes
 * a few times fewer steps than dp45.h for twice the evaluations. */
#ifndef IMPACT_DOP853_H
#define IMPACT_DOP853_H

#include <stddef.h>

/* the step and the right-hand sides it calls are inlined into one loop
 * per caller: a call between stages costs the spills of the stage sums */
#if defined(__GNUC__)
#define IMP_DOP853_INLINE static inline __attribute__((always_inline))
#else
#define IMP_DOP853_INLINE static inline
#endif

typedef void (*imp_dop853_rhs)(const void *ctx, double t, const double *y, double *dy);

/* Hairer's coefficients: nodes c, stages a (zero entries left out), the
 * 8th-order weights b, the 5th-order error weights er (Hairer's 3rd-order
 * weights, blended into his error norm, are left out: see the caller). */
static const double imp_dop853_c[12] = {
    0, 0.526001519587677318785587544488e-01, 0.789002279381515978178381316732e-01,
    0.118350341907227396726757197510, 0.281649658092772603273242802490,
    0.333333333333333333333333333333, 0.25, 0.307692307692307692307692307692,
    0.651282051282051282051282051282, 0.6, 0.857142857142857142857142857142, 1};
/* row i (stage i + 1) uses k[0] and k[3 .. i - 1] (and k[1], k[2] in rows 1-4) */
static const double imp_dop853_a[12][11] = {
    {0},
    {5.26001519587677318785587544488e-2},
    {1.97250569845378994544595329183e-2, 5.91751709536136983633785987549e-2},
    {2.95875854768068491816892993775e-2, 0, 8.87627564304205475450678981324e-2},
    {2.41365134159266685502369798665e-1, 0, -8.84549479328286085344864962717e-1,
     9.24834003261792003115737966543e-1},
    {3.7037037037037037037037037037e-2, 0, 0, 1.70828608729473871279604482173e-1,
     1.25467687566822425016691814123e-1},
    {3.7109375e-2, 0, 0, 1.70252211019544039314978060272e-1,
     6.02165389804559606850219397283e-2, -1.7578125e-2},
    {3.70920001185047927108779319836e-2, 0, 0, 1.70383925712239993810214054705e-1,
     1.07262030446373284651809199168e-1, -1.53194377486244017527936158236e-2,
     8.27378916381402288758473766002e-3},
    {6.24110958716075717114429577812e-1, 0, 0, -3.36089262944694129406857109825e0,
     -8.68219346841726006818189891453e-1, 2.75920996994467083049415600797e1,
     2.01540675504778934086186788979e1, -4.34898841810699588477366255144e1},
    {4.77662536438264365890433908527e-1, 0, 0, -2.48811461997166764192642586468e0,
     -5.90290826836842996371446475743e-1, 2.12300514481811942347288949897e1,
     1.52792336328824235832596922938e1, -3.32882109689848629194453265587e1,
     -2.03312017085086261358222928593e-2},
    {-9.3714243008598732571704021658e-1, 0, 0, 5.18637242884406370830023853209e0,
     1.09143734899672957818500254654e0, -8.14978701074692612513997267357e0,
     -1.85200656599969598641566180701e1, 2.27394870993505042818970056734e1,
     2.49360555267965238987089396762e0, -3.0467644718982195003823669022e0},
    {2.27331014751653820792359768449e0, 0, 0, -1.05344954667372501984066689879e1,
     -2.00087205822486249909675718444e0, -1.79589318631187989172765950534e1,
     2.79488845294199600508499808837e1, -2.85899827713502369474065508674e0,
     -8.87285693353062954433549289258e0, 1.23605671757943030647266201528e1,
     6.43392746015763530355970484046e-1}};
static const double imp_dop853_b[12] = {
    5.42937341165687622380535766363e-2, 0, 0, 0, 0, 4.45031289275240888144113950566e0,
    1.89151789931450038304281599044e0, -5.8012039600105847814672114227e0,
    3.1116436695781989440891606237e-1, -1.52160949662516078556178806805e-1,
    2.01365400804030348374776537501e-1, 4.47106157277725905176885569043e-2};
static const double imp_dop853_er[12] = {
    0.1312004499419488073250102996e-01, 0, 0, 0, 0, -0.1225156446376204440720569753e+01,
    -0.4957589496572501915214079952e+00, 0.1664377182454986536961530415e+01,
    -0.3503288487499736816886487290e+00, 0.3341791187130174790297318841e+00,
    0.8192320648511571246570742613e-01, -0.2235530786388629525884427845e-01};

/* w = y + h (a[s][0] k0 + a[s][3] k3 + ... + a[s][s-1] k[s-1]), the last
 * stage's term added last with h folded into its coefficient: the sum of
 * the earlier terms is ready before f returns k[s-1], so a stage waits on
 * one multiply and one add after it, not four (the step is bound by this
 * chain, f's latency plus the stage's). */
#define IMP_DOP853_STAGE(s, terms) \
    do { \
        double hl = h * a[s][(s) - 1]; \
        for (int i = 0; i < n; i++) w[i] = (y[i] + h * (terms)) + hl * k[(s) - 1][i]; \
        f(ctx, t + imp_dop853_c[s] * h, w, k[s]); \
    } while (0)

/* yn = y + the 8th-order step of size h; err (unless NULL) = the embedded
 * 5th-order error estimate. k0 keeps the first stage, f(t, y): evaluated
 * and stored there unless have_k0 says it holds it already (a step re-taken
 * from the same point, shorter to locate an event or after a rejection,
 * starts from the same derivative; the pair is not FSAL, so an accepted
 * step's successor needs its own). It is copied into work rather than read
 * in place: the stages then use a local array only (reading the caller's
 * k0 in place measured 1% slower). work holds 13 n doubles. */
IMP_DOP853_INLINE void imp_dop853_step(imp_dop853_rhs f, const void *ctx, int n, double t,
                                   const double *y, double h, double *yn, double *err,
                                   double *k0, int have_k0, double *work)
{
    const double (*a)[11] = imp_dop853_a, *b = imp_dop853_b, *er = imp_dop853_er;
    double *k[12], *w = work + 12 * n;
    for (int s = 0; s < 12; s++) k[s] = work + s * n;
    if (have_k0) {
        for (int i = 0; i < n; i++) k[0][i] = k0[i];
    } else {
        f(ctx, t, y, k[0]);
        for (int i = 0; i < n; i++) k0[i] = k[0][i];
    }
    /* the stages written out, so only a's nonzero entries cost anything */
    IMP_DOP853_STAGE(1, 0.0);
    IMP_DOP853_STAGE(2, a[2][0] * k[0][i]);
    IMP_DOP853_STAGE(3, a[3][0] * k[0][i]);
    IMP_DOP853_STAGE(4, a[4][0] * k[0][i] + a[4][2] * k[2][i]);
    IMP_DOP853_STAGE(5, a[5][0] * k[0][i] + a[5][3] * k[3][i]);
    IMP_DOP853_STAGE(6, a[6][0] * k[0][i] + a[6][3] * k[3][i] + a[6][4] * k[4][i]);
    IMP_DOP853_STAGE(7, a[7][0] * k[0][i] + a[7][3] * k[3][i] + a[7][4] * k[4][i]
                        + a[7][5] * k[5][i]);
    IMP_DOP853_STAGE(8, a[8][0] * k[0][i] + a[8][3] * k[3][i] + a[8][4] * k[4][i]
                        + a[8][5] * k[5][i] + a[8][6] * k[6][i]);
    IMP_DOP853_STAGE(9, a[9][0] * k[0][i] + a[9][3] * k[3][i] + a[9][4] * k[4][i]
                        + a[9][5] * k[5][i] + a[9][6] * k[6][i] + a[9][7] * k[7][i]);
    IMP_DOP853_STAGE(10, a[10][0] * k[0][i] + a[10][3] * k[3][i] + a[10][4] * k[4][i]
                         + a[10][5] * k[5][i] + a[10][6] * k[6][i] + a[10][7] * k[7][i]
                         + a[10][8] * k[8][i]);
    IMP_DOP853_STAGE(11, a[11][0] * k[0][i] + a[11][3] * k[3][i] + a[11][4] * k[4][i]
                         + a[11][5] * k[5][i] + a[11][6] * k[6][i] + a[11][7] * k[7][i]
                         + a[11][8] * k[8][i] + a[11][9] * k[9][i]);
    for (int i = 0; i < n; i++) {
        double d = b[0] * k[0][i] + b[5] * k[5][i] + b[6] * k[6][i] + b[7] * k[7][i]
                 + b[8] * k[8][i] + b[9] * k[9][i] + b[10] * k[10][i] + b[11] * k[11][i];
        yn[i] = y[i] + h * d;
        if (!err) continue;
        err[i] = h * (er[0] * k[0][i] + er[5] * k[5][i] + er[6] * k[6][i] + er[7] * k[7][i]
                      + er[8] * k[8][i] + er[9] * k[9][i] + er[10] * k[10][i]
                      + er[11] * k[11][i]);
    }
}

#undef IMP_DOP853_STAGE

#endif
