/* The one number formatter of the workbench: a sweep's CSV (and
 * impact.study.csv.number for a float, through core._num), the analyses'
 * CSV and the numbers in error messages. The shortest of %.15g, %.16g and
 * %.17g that reads back (strtod) to the same double; "nan", "inf", "-inf";
 * "0" for both zeros. Plain C, thread-safe, so that worker threads can
 * format rows. */
#ifndef IMPACT_CSVNUM_H
#define IMPACT_CSVNUM_H

#include <stddef.h>

/* Room for the longest text: "-1.2345678901234567e-308" and a '\0'. */
#define IMP_CSVNUM_MAX 32

/* Writes the text of x and its '\0' into out; returns its length. */
size_t imp_csv_double(double x, char out[IMP_CSVNUM_MAX]);

/* The same by printf and strtod only (up to three conversions and checks):
 * the reference imp_csv_double is tested against, and its fallback. */
size_t imp_csv_double_ref(double x, char out[IMP_CSVNUM_MAX]);

#endif
