/* imp_multi_solve and the registry of multi-contact models from plain C
 * (no Lua): every model on a disc in a corner (qdot' from M and J^T P,
 * energy, the contacts' velocities), the same bits for M, qdot or one
 * contact's J times 2^k, with and without a caller's workspace, and the
 * failure detail of each stage. */
#include <string.h>

#include "check.h"
#include "multi_solve.h"

#define N 3

/* The corner of spec/multi_spec.lua: M = diag(1, 1, 0.1), floor and wall
 * (rows tangent, normal). */
static const double M0[N * N] = {1, 0, 0, 0, 1, 0, 0, 0, 0.1};
static const double J0[2 * 2 * N] = {1, 0, 1, 0, 1, 0, /* floor */
                                     0, -1, 1, 1, 0, 0}; /* wall */
static const double q0[N] = {-1, -2, 0};

static imp_multi_input corner(const imp_multi_model *m, imp_multi_contact *c, double e,
                              double mu)
{
    imp_multi_input in;
    memset(&in, 0, sizeof in);
    for (int i = 0; i < 2; i++) {
        memset(&c[i], 0, sizeof c[i]);
        c[i].mu_s = c[i].mu_k = mu;
        c[i].e = e;
        c[i].K = 1;
        c[i].eta = 1.5;
    }
    in.n = N; in.k = 2; in.d = 2;
    in.M = M0; in.J = J0; in.qdot = q0; in.c = c;
    in.model = m;
    return in;
}

static void test_registry(void)
{
    static const char *const names[] = {"moreau", "poisson", "sequential", "lzb"};
    CHECK(imp_multi_nmodels == 4 && imp_multi_nmodels <= IMP_MULTI_MAX_MODELS);
    for (int i = 0; i < imp_multi_nmodels; i++) {
        CHECK(strcmp(imp_multi_models[i].name, names[i]) == 0);
        CHECK(imp_multi_model_find(names[i]) == &imp_multi_models[i]);
        CHECK(imp_multi_models[i].solve != NULL);
        CHECK(imp_multi_model_reads(&imp_multi_models[i], "e"));
    }
    CHECK(imp_multi_model_find("bogus") == NULL && imp_multi_model_find(NULL) == NULL);
    CHECK(!imp_multi_model_find("lzb")->scaled && imp_multi_model_find("moreau")->scaled);
    CHECK(imp_multi_model_reads(imp_multi_model_find("sequential"), "law"));
    CHECK(!imp_multi_model_reads(imp_multi_model_find("moreau"), "law"));
    CHECK(imp_multi_model_reads(imp_multi_model_find("lzb"), "rtol"));
}

static void test_corner(void)
{
    for (int i = 0; i < imp_multi_nmodels; i++) {
        imp_multi_contact c[2];
        imp_multi_input in = corner(&imp_multi_models[i], c, 0.5, 0.3);
        imp_multi_output out;
        imp_multi_fail f;
        imp_status st = imp_multi_solve(&in, &out, &f);
        CHECK(st == IMP_OK && f.stage == IMP_MULTI_FAIL_NONE);
        if (st != IMP_OK) continue;
        /* M (q1 - q0) = J^T P */
        for (int a = 0; a < N; a++) {
            double g = 0;
            for (int r = 0; r < 4; r++) g += J0[r * N + a] * out.r.P[r];
            CHECK_NEAR(M0[a * N + a] * (out.qdot[a] - q0[a]), g, 1e-12);
        }
        double T0 = 0, T1 = 0;
        for (int a = 0; a < N; a++) {
            T0 += 0.5 * M0[a * N + a] * q0[a] * q0[a];
            T1 += 0.5 * M0[a * N + a] * out.qdot[a] * out.qdot[a];
        }
        CHECK_NEAR(out.T0, T0, 1e-15);
        CHECK_NEAR(out.dT, T1 - T0, 1e-12);
        CHECK_NEAR(out.energy_ratio, T1 / T0, 1e-12);
        CHECK(out.dT < 0 && out.r.dT == out.dT);
        for (int r = 0; r < 4; r++) {
            double v0 = 0, v = 0;
            for (int a = 0; a < N; a++) {
                v0 += J0[r * N + a] * q0[a];
                v += J0[r * N + a] * out.qdot[a];
            }
            CHECK_NEAR(out.v0[r], v0, 1e-15);
            CHECK_NEAR(out.r.v[r], v, 1e-12);
        }
        CHECK(out.r.v[1] >= -1e-12 && out.r.v[3] >= -1e-12);   /* no contact closes */
        CHECK((imp_multi_models[i].out & IMP_MULTI_OUT_PHASES) ? !isnan(out.r.Pc[0])
                                                               : isnan(out.r.Pc[0]));
    }
}

/* M by 2^60, qdot by 2^-300, the wall's J by 2^500: the same answer,
 * scaled, bit for bit; a caller's workspace or none: the same bits. */
static void test_scaling(void)
{
    static imp_multi_space work;
    for (int i = 0; i < imp_multi_nmodels; i++) {
        imp_multi_contact c[2];
        imp_multi_input in = corner(&imp_multi_models[i], c, 0.5, 0.3);
        imp_multi_output ref, out;
        CHECK(imp_multi_solve(&in, &ref, NULL) == IMP_OK);
        double M[N * N], J[4 * N], q[N];
        for (int a = 0; a < N * N; a++) M[a] = ldexp(M0[a], 60);
        for (int a = 0; a < 4 * N; a++) J[a] = ldexp(J0[a], a >= 2 * N ? 500 : 0);
        for (int a = 0; a < N; a++) q[a] = ldexp(q0[a], -300);
        in.M = M; in.J = J; in.qdot = q;
        in.work = &work;
        CHECK(imp_multi_solve(&in, &out, NULL) == IMP_OK);
        for (int a = 0; a < N; a++) CHECK(out.qdot[a] == ldexp(ref.qdot[a], -300));
        CHECK(out.r.P[1] == ldexp(ref.r.P[1], 60 - 300));
        CHECK(out.r.P[3] == ldexp(ref.r.P[3], 60 - 300 - 500));
        CHECK(out.r.v[3] == ldexp(ref.r.v[3], -300 + 500));
        CHECK(out.dT == ldexp(ref.dT, 60 - 600));
        CHECK(out.energy_ratio == ref.energy_ratio);
        in.M = M0; in.J = J0; in.qdot = q0;
        CHECK(imp_multi_solve(&in, &out, NULL) == IMP_OK);
        CHECK(memcmp(&out, &ref, sizeof out) == 0);
    }
}

static void test_failures(void)
{
    imp_multi_contact c[2];
    imp_multi_input in = corner(&imp_multi_models[0], c, 0.5, 0.3);
    imp_multi_output out;
    imp_multi_fail f;
    /* sizes, no model */
    in.k = 0;
    CHECK(imp_multi_solve(&in, &out, &f) == IMP_EINPUT && f.stage == IMP_MULTI_FAIL_INPUT);
    in.k = 2;
    in.model = NULL;
    CHECK(imp_multi_solve(&in, &out, &f) == IMP_EINPUT && f.stage == IMP_MULTI_FAIL_INPUT);
    in.model = &imp_multi_models[0];
    /* the wall's rows alone have rank 1 */
    double J[4 * N];
    memcpy(J, J0, sizeof J);
    J[2 * N + 0] = 0; J[2 * N + 1] = 0; J[2 * N + 2] = 0;
    in.J = J;
    CHECK(imp_multi_solve(&in, &out, &f) == IMP_ESINGULAR);
    CHECK(f.stage == IMP_MULTI_FAIL_CONTACT && f.contact == 1 && f.mech == IMP_MECH_FAIL_J_RANK);
    /* M not symmetric: named at its entry */
    double M[N * N];
    memcpy(M, M0, sizeof M);
    M[1] = 0.5;
    in.J = J0;
    in.M = M;
    CHECK(imp_multi_solve(&in, &out, &f) == IMP_EINPUT);
    CHECK(f.stage == IMP_MULTI_FAIL_CONTACT && f.contact == 0
          && f.mech == IMP_MECH_FAIL_M_ASYMMETRIC && f.row == 0 && f.col == 1);
    /* normal compliances 1e14 apart: the stiff contact is named */
    static const double M2[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1e14, 0, 0, 0, 0, 1e14};
    static const double J2[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    static const double q2[4] = {0, -1, 0, -1};
    in.n = 4; in.M = M2; in.J = J2; in.qdot = q2;
    CHECK(imp_multi_solve(&in, &out, &f) == IMP_ESINGULAR);
    CHECK(f.stage == IMP_MULTI_FAIL_SPREAD && f.contact == 1 && f.other == 0);
    CHECK_NEAR(f.ratio, 1e14, 1e-12);
    /* a result beyond the doubles */
    in = corner(&imp_multi_models[1], c, 0.5, 0.3);
    double q[N] = {-1e300, -2e300, 0};
    in.qdot = q;
    CHECK(imp_multi_solve(&in, &out, &f) == IMP_EOVERFLOW && f.stage == IMP_MULTI_FAIL_RANGE);
    CHECK(out.qdot[0] == 0 && out.r.P[1] == 0);   /* zeroed */
}

int main(void)
{
    RUN(test_registry);
    RUN(test_corner);
    RUN(test_scaling);
    RUN(test_failures);
    return check_summary();
}
