/* The reader of a mechanism's matrices and lists (M, J, qdot) from Lua
 * tables, shared by solve2d, solve3d and solve_multi: raw reads (no
 * metamethods, so no Lua code runs while a caller's buffer fills) and one
 * message style for every caller, the field named as the checker names it
 * ("M", "contacts[2].J"), an entry as [i][j] or [i]. */
#ifndef IMPACT_L_MATRIX_H
#define IMPACT_L_MATRIX_H

#include "check.h"
#include "mechanism.h"

/* Stack slots the readers use (the matrix, a row, its entries): the
 * caller reserves them once, luaL_checkstack(L, LIMP_MATRIX_STACK, key),
 * before reading a mechanism. */
#define LIMP_MATRIX_STACK (IMP_MECH_NMAX + 3)

/* The table on top of the stack (field key, what it must be, e.g. "a
 * list of contacts") holds keys 1..n only; else an error naming the key
 * beside the list. */
void limp_matrix_only_list(const limp_check *c, const char *key, const char *what, int n);

/* The list of numbers on top of the stack (of Lua type ty, the value of
 * field key): 1 to IMP_MECH_NMAX finite numbers into out. Pops it and
 * returns its length. */
int limp_matrix_read_list(const limp_check *c, int ty, const char *key, double *out);

/* The number of rows of the matrix on top of the stack (of Lua type ty,
 * the value of field key), which must be a table; leaves it there. */
int limp_matrix_count_rows(const limp_check *c, int ty, const char *key);

/* The matrix on top of the stack (of Lua type ty, the value of field
 * key): rows rows (why: what they are, for the message on a wrong count)
 * of cols finite numbers (one per coordinate, cols <= IMP_MECH_NMAX) into
 * out, row-major. Pops it. */
void limp_matrix_read_rows(const limp_check *c, int ty, const char *key, int rows, int cols,
                           const char *why, double *out);

#endif
