/* The restitution laws' registry (law.h): one row per kind, names in one
 * place, each closed-form end equal to its row's residual, the custom row
 * through fn/ctx, and the solvers each row is published for. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "closed2d.h"
#include "law.h"

static double urand(void) { return rand() / (double)RAND_MAX; }

static void test_rows(void)
{
    for (int k = 0; k < IMP_LAW_COUNT; k++) {
        const imp_law_type *t = imp_law_type_of((imp_law_kind)k);
        CHECK(t == &imp_law_types[k]);
        CHECK(t->name && t->doc && t->residual);
        CHECK(strcmp(imp_law_kind_name((imp_law_kind)k), t->name) == 0);
        for (int j = 0; j < k; j++) CHECK(strcmp(imp_law_types[j].name, t->name) != 0);
        for (int i = 0; i < t->nparams; i++) CHECK(t->params[i].lo <= t->params[i].hi);
    }
    /* imp_law_names: the rows `law = "..."` selects (the built-in rows
     * before the compliant ones, which a table selects), then NULL */
    int nnames = 0;
    while (imp_law_names[nnames]) nnames++;
    for (int k = 0; k < IMP_LAW_CUSTOM; k++) {
        CHECK(imp_law_types[k].compliant == (k >= nnames));
        if (k < nnames) CHECK(strcmp(imp_law_names[k], imp_law_types[k].name) == 0);
    }
    CHECK(nnames == IMP_LAW_KELVIN_VOIGT && !imp_law_types[IMP_LAW_CUSTOM].compliant);
    CHECK(strcmp(imp_law_kind_name(IMP_LAW_CUSTOM), "custom") == 0);
    CHECK(imp_law_type_of((imp_law_kind)IMP_LAW_COUNT) == NULL);
    CHECK(strcmp(imp_law_kind_name((imp_law_kind)99), "?") == 0);
    CHECK(imp_law_type_of((imp_law_kind)-1) == NULL);
}

/* The residual of a row with a closed-form end is that form's quantity less
 * its target, to the bit (the solvers use either). */
static void test_end_matches_residual(void)
{
    srand(3);
    for (int k = 0; k < IMP_LAW_COUNT; k++)
        for (int i = 0; i < 2000; i++) {
            imp_law law = {(imp_law_kind)k, urand(), NULL, NULL};
            imp_law_end end;
            if (!imp_law_end_of(&law, &end)) { CHECK(end.form == IMP_LAW_END_NONE); break; }
            imp_law_state s;
            memset(&s, 0, sizeof s);
            s.Pc = urand(); s.Pn = s.Pc * (1 + 2 * urand());
            s.vn0 = -urand(); s.vn = 2 * urand() - 0.5;
            s.Wc = -urand(); s.Wr = urand();
            s.phase = IMP_PHASE_RESTITUTION; s.dim = 2;
            double R, target = imp_law_end_target(&end, s.Pc, s.vn0, s.Wc), q;
            CHECK(imp_law_residual(&law, &s, &R) == 0);
            q = end.form == IMP_LAW_END_IMPULSE ? s.Pn : end.form == IMP_LAW_END_VELOCITY ? s.vn : s.Wr;
            CHECK(R == q - target);
        }
}

static int calls;
static int twice_pn(void *ctx, const imp_law_state *s, double *R)
{
    calls++;
    *R = s->Pn - *(const double *)ctx * s->Pc;
    return 0;
}

static void test_custom_row(void)
{
    double k = 2;
    imp_law law = {IMP_LAW_CUSTOM, 0, NULL, NULL};
    CHECK(!imp_law_usable(&law));
    law.fn = twice_pn; law.ctx = &k;
    CHECK(imp_law_usable(&law));
    imp_law_state s = {.Pn = 3, .Pc = 1};
    double R;
    calls = 0;
    CHECK(imp_law_residual(&law, &s, &R) == 0 && R == 1 && calls == 1);
    imp_law_end end;
    CHECK(!imp_law_end_of(&law, &end) && end.form == IMP_LAW_END_NONE);
    imp_law bad = {(imp_law_kind)IMP_LAW_COUNT, 0.5, NULL, NULL};
    CHECK(!imp_law_usable(&bad) && !imp_law_end_of(&bad, &end));
    CHECK(!imp_law_usable(NULL));
}

/* Solvers: every row runs where a residual is enough; classify2d's closed
 * forms take the rows with a closed-form end only. */
static void test_solvers(void)
{
    imp_coef2d c = {2.5, 2.5, 1.5, 0.6, -1, 0};
    for (int k = 0; k < IMP_LAW_COUNT; k++) {
        const imp_law_type *t = &imp_law_types[k];
        unsigned s = imp_law_solvers(t);
        imp_law law = {(imp_law_kind)k, 0.5, NULL, NULL};
        imp_law_end end;
        int closed = imp_law_end_of(&law, &end);
        CHECK((s & IMP_LAW_SOLVER_SOLVE2D) && (s & IMP_LAW_SOLVER_EXACT3D));
        CHECK(!!(s & IMP_LAW_SOLVER_CLASSIFY2D) == closed);
        imp_closed2d q;
        CHECK((imp_closed2d_solve(&c, 0.8, 0.8, (imp_law_kind)k, 0.5, &q) == IMP_OK) == closed);
    }
    int n = 0;
    while (imp_law_solver_names[n]) n++;
    CHECK(n == 7);
}

int main(void)
{
    RUN(test_rows);
    RUN(test_end_matches_residual);
    RUN(test_custom_row);
    RUN(test_solvers);
    return check_summary();
}
