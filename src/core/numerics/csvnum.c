/* The one number formatter (see csvnum.h): the shortest of %.15g, %.16g,
 * %.17g that reads back, exactly in integer arithmetic, with the printf
 * reference as its fallback. */
#include "csvnum.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* nan, inf, -inf, 0 (for -0 too); 0 when x is none of them. */
static size_t special(double x, char *out)
{
    const char *t = isnan(x) ? "nan" : isinf(x) ? (x > 0 ? "inf" : "-inf") : x == 0 ? "0" : NULL;
    if (!t) return 0;
    size_t n = strlen(t);
    memcpy(out, t, n + 1);
    return n;
}

size_t imp_csv_double_ref(double x, char out[IMP_CSVNUM_MAX])
{
    size_t len = special(x, out);
    if (len) return len;
    int n = 0;
    for (int prec = 15; prec <= 17; prec++) {
        n = snprintf(out, IMP_CSVNUM_MAX, "%.*g", prec, x);
        if (strtod(out, NULL) == x) break;
    }
    return (size_t)n;
}

/* The fast way, exact in integer arithmetic. For x = m * 2^q (m < 2^53)
 * and X = floor(log10 x), V = x * 10^k with k = 16 - X lies in
 * [10^16, 10^17): V = m * 5^k * 2^(k+q) is computed exactly as an integer
 * part I and a binary fraction R / 2^s (s = -(k+q)) when that fits 128
 * bits. From V, the digits at 15, 16 and 17 significant digits are exact
 * roundings (ties to even, as printf), and whether a candidate reads back
 * to x is an exact comparison with half the gap between neighbouring
 * doubles (5^k / 2 in units of 2^-s; a quarter below a power of two),
 * ties going to the even mantissa as strtod does. Outside the range that
 * fits (|x| below about 1e-16 or at least 1e16, subnormals) the printf
 * reference runs instead. Checked against it on many millions of doubles
 * (tests/test_csvnum.c). */
typedef unsigned __int128 u128;

#define MAXK 32   /* m * 5^k < 2^53 * 5^32 < 2^128 */

static const uint64_t POW5[28] = {
    1ull, 5ull, 25ull, 125ull, 625ull, 3125ull, 15625ull, 78125ull, 390625ull, 1953125ull,
    9765625ull, 48828125ull, 244140625ull, 1220703125ull, 6103515625ull, 30517578125ull,
    152587890625ull, 762939453125ull, 3814697265625ull, 19073486328125ull,
    95367431640625ull, 476837158203125ull, 2384185791015625ull, 11920928955078125ull,
    59604644775390625ull, 298023223876953125ull, 1490116119384765625ull,
    7450580596923828125ull};

static u128 pow5(int k)
{
    return k <= 27 ? (u128)POW5[k] : (u128)POW5[27] * POW5[k - 27];
}

static const uint64_t POW10[18] = {
    1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull, 10000000ull,
    100000000ull, 1000000000ull, 10000000000ull, 100000000000ull, 1000000000000ull,
    10000000000000ull, 100000000000000ull, 1000000000000000ull, 10000000000000000ull,
    100000000000000000ull};

/* %.{p}g of the value whose p significant digits are D (10^(p-1) <= D <
 * 10^p) and decimal exponent X (of the first digit). */
static size_t layout(int neg, uint64_t D, int X, int p, char *out)
{
    static const char PAIRS[201] =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
        "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
        "8081828384858687888990919293949596979899";
    char g[18] = {0};
    int i = p;
    while (i >= 2) {   /* two digits at a time: half the divisions */
        memcpy(g + i - 2, PAIRS + 2 * (D % 100), 2);
        D /= 100;
        i -= 2;
    }
    if (i) g[0] = (char)('0' + D);
    int n = p;   /* significant digits kept, trailing zeros dropped */
    while (n > 1 && g[n - 1] == '0') n--;
    char *o = out;
    if (neg) *o++ = '-';
    if (X < -4 || X >= p) {
        *o++ = g[0];
        if (n > 1) {
            *o++ = '.';
            for (int i = 1; i < n; i++) *o++ = g[i];
        }
        *o++ = 'e';
        *o++ = X < 0 ? '-' : '+';
        int a = X < 0 ? -X : X;
        if (a >= 100) *o++ = (char)('0' + a / 100);
        *o++ = (char)('0' + a / 10 % 10);
        *o++ = (char)('0' + a % 10);
    } else if (X >= 0) {
        for (int i = 0; i <= X; i++) *o++ = i < n ? g[i] : '0';
        if (n > X + 1) {
            *o++ = '.';
            for (int i = X + 1; i < n; i++) *o++ = g[i];
        }
    } else {
        *o++ = '0';
        *o++ = '.';
        for (int i = 0; i < -X - 1; i++) *o++ = '0';
        for (int i = 0; i < n; i++) *o++ = g[i];
    }
    *o = '\0';
    return (size_t)(o - out);
}

/* V = I + R / 2^s rounded to p significant digits (div = 10^(17-p), a
 * constant where inlined, so no division instruction), ties to even:
 * the digits *D and exponent *Xp; returns whether they read back to x
 * (m * 2^q, X its decimal exponent, five = 5^k). */
static inline __attribute__((always_inline)) int
round_to(uint64_t I, u128 R, int s, uint64_t div, int p, int X, u128 five, int pow2,
         uint64_t m, uint64_t *Dp, int *Xp)
{
    uint64_t D = I / div, r = I % div;
    u128 twice = 2 * (((u128)r << s) + R), whole = (u128)div << s;
    if (twice > whole || (twice == whole && (D & 1))) D++;
    uint64_t Cs = D * div;   /* the candidate in units of V */
    *Xp = X;
    if (D == POW10[p]) {     /* 99..9 rounded up: one more decade */
        D = POW10[p - 1];
        *Xp = X + 1;
    }
    *Dp = D;
    /* |candidate - V| * 2^s against half the gap (5^k / 2), or a quarter
     * (5^k / 4) below a power of two; equality reads back to x when m is
     * even (strtod's ties to even). */
    int below = Cs < I || (Cs == I && R != 0);
    u128 diff = below ? (((u128)(I - Cs)) << s) + R : (((u128)(Cs - I)) << s) - R;
    u128 lhs = diff * ((below && pow2) ? 4 : 2);
    return lhs < five || (lhs == five && !(m & 1));
}

size_t imp_csv_double(double x, char out[IMP_CSVNUM_MAX])
{
    size_t len = special(x, out);
    if (len) return len;
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    int neg = (int)(bits >> 63);
    int be = (int)((bits >> 52) & 0x7ff);
    if (be == 0) return imp_csv_double_ref(x, out);   /* subnormal */
    uint64_t m = (bits & ((1ull << 52) - 1)) | (1ull << 52);
    int q = be - 1075;
    int pow2 = m == (1ull << 52) && be > 1;   /* the gap below is half */

    /* X: floor(log10 |x|), from the binary exponent, corrected below. */
    int X = (int)floor((double)(be - 1023) * 0.30102999566398120);
    u128 A, R = 0, five = 0;
    uint64_t I = 0;
    int k = 0, s = 0;
    for (int tries = 0; tries < 3; tries++) {
        k = 16 - X;
        if (k < 0 || k > MAXK) return imp_csv_double_ref(x, out);
        s = -(k + q);
        if (s <= 0 || s > 110) return imp_csv_double_ref(x, out);
        five = pow5(k);
        A = (u128)m * five;
        I = (uint64_t)(A >> s);
        R = A & (((u128)1 << s) - 1);
        if (I < POW10[16]) X--;
        else if (I >= POW10[17]) X++;
        else break;
    }
    if (I < POW10[16] || I >= POW10[17]) return imp_csv_double_ref(x, out);

    uint64_t D;
    int Xp;
    if (round_to(I, R, s, 100, 15, X, five, pow2, m, &D, &Xp)) return layout(neg, D, Xp, 15, out);
    if (round_to(I, R, s, 10, 16, X, five, pow2, m, &D, &Xp)) return layout(neg, D, Xp, 16, out);
    round_to(I, R, s, 1, 17, X, five, pow2, m, &D, &Xp);   /* 17 digits always read back */
    return layout(neg, D, Xp, 17, out);
}
