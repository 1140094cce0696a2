/* A minimal test harness for the core's C unit tests. Each tests/test_*.c
 * is one CTest executable: call CHECK* inside test functions, run them with
 * RUN(fn), and return check_summary() from main. */
#ifndef IMPACT_TEST_CHECK_H
#define IMPACT_TEST_CHECK_H

#include <math.h>
#include <stdio.h>

static int check_failed_ = 0, check_count_ = 0;

#define CHECK(cond) do { check_count_++; if (!(cond)) { check_failed_++; \
    fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond); } } while (0)

/* |a - b| <= tol * max(1, |b|): absolute near 0, relative for large values. */
#define CHECK_NEAR(a, b, tol) do { double a_ = (a), b_ = (b), t_ = (tol); \
    check_count_++; double s_ = fabs(b_) > 1 ? fabs(b_) : 1; \
    if (!(fabs(a_ - b_) <= t_ * s_)) { check_failed_++; \
    fprintf(stderr, "%s:%d: %s = %.15g, expected %s = %.15g (tol %g)\n", \
            __FILE__, __LINE__, #a, a_, #b, b_, t_); } } while (0)

#define RUN(fn) do { int f0_ = check_failed_; fn(); \
    printf("%s %s\n", check_failed_ == f0_ ? "ok  " : "FAIL", #fn); } while (0)

static inline int check_summary(void)
{
    printf("%d checks, %d failed\n", check_count_, check_failed_);
    return check_failed_ ? 1 : 0;
}

#endif
