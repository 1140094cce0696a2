/* imp_csv_double against its printf/strtod reference: the same text for
 * doubles of every kind (random bits, short decimals, grid values, ties
 * at 15 and 16 digits, powers of two and ten, neighbours of each). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "csvnum.h"

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint64_t next(void)   /* splitmix64 */
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static double uniform(void) { return (double)(next() >> 11) * 0x1p-53; }

static long mismatches = 0, tested = 0;

static void one(double x)
{
    char a[IMP_CSVNUM_MAX], b[IMP_CSVNUM_MAX];
    size_t na = imp_csv_double(x, a), nb = imp_csv_double_ref(x, b);
    tested++;
    if (na != nb || strcmp(a, b) != 0) {
        if (mismatches++ < 10) fprintf(stderr, "%a: fast %s, printf %s\n", x, a, b);
    }
}

/* x and its two neighbours, both signs. */
static void around(double x)
{
    double v[3] = {x, nextafter(x, INFINITY), nextafter(x, -INFINITY)};
    for (int i = 0; i < 3; i++) {
        one(v[i]);
        one(-v[i]);
    }
}

static void test_kinds(void)
{
    static const double fixed[] = {0.5, 1e15, 1e16 + 2, 9007199254740994.0, 9.9999999999999995e22,
        1e-5, 1e-4, 123456.5, 0.000123456789012345, 1.2345678901234567e15, 5e-324,
        2.2250738585072014e-308, 1.7976931348623157e308, 1e100, 1e-100, 99999999999999.95,
        0.30000000000000004, 1.0 / 3, 2.0 / 3, 1e21, 1e22, 0.1, 0.2, 0.6000000000000001,
        -2.9000000000000004, 0.05000000000000004, 1e-16, 1e-17, 5.551115123125783e-17, 0.0,
        -0.0, 1.0, 2.0, 10.0, 100.0};
    for (size_t i = 0; i < sizeof fixed / sizeof *fixed; i++) around(fixed[i]);
    for (int e = -330; e <= 310; e++) {   /* powers of ten and of two */
        around(pow(10, e));
        around(ldexp(1, e));
        around(ldexp(1, e) * 3);
    }
    for (int i = 0; i < 60000; i++) {
        uint64_t bits = next();   /* any finite double */
        double x;
        memcpy(&x, &bits, sizeof x);
        if (isfinite(x)) one(x);
        /* short decimals: d / 10^k and d * 10^k, d with 1 to 17 digits */
        int nd = 1 + (int)(next() % 17), k = (int)(next() % 40) - 20;
        double d = (double)(next() % (uint64_t)pow(10, nd));
        around(d * pow(10, k));
        /* the values sweeps write: uniform in a few decades, grid steps */
        around((uniform() - 0.5) * pow(10, (int)(next() % 24) - 12));
        int n = 2 + (int)(next() % 1000);
        around(-2 + 4.0 * (double)(next() % (uint64_t)n) / (n - 1));
        /* ties at 15 and 16 digits: digits then 5 (then zeros) */
        double t = (double)(next() % 100000000000000ull) * 10 + 5;
        around(t * pow(10, (int)(next() % 30) - 25));
    }
    CHECK(mismatches == 0);
    printf("%ld numbers, %ld differ\n", tested, mismatches);
}

int main(void)
{
    RUN(test_kinds);
    return check_summary();
}
