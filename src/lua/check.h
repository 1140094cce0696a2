/* Argument checking for the binding. Every error names the function and
 * the field: "solve2d: field 'e' must be in [0, 1], got 1.3". Nested
 * tables extend the prefix ("body1.m"). */
#ifndef IMPACT_LUA_CHECK_H
#define IMPACT_LUA_CHECK_H

#include <lua.h>
#include <lauxlib.h>
#include <stddef.h>

/* A note for a field that the function does not read but another reading
 * of it does (a published model's parameter given to Routh's path): writes
 * what to say after "field 'key' " to buf and returns it, or NULL. */
typedef const char *(*limp_field_note)(void *ud, const char *key, char *buf,
                                      size_t n);

typedef struct limp_check {
    lua_State *L;
    const char *fn;      /* public function name, e.g. "solve2d" */
    const char *prefix;  /* "" (or the Lua side's prefix) at the top */
    const char *key;     /* a sub-table's key: its fields are "key.name" */
    /* The known fields of the table checked (limp_check_known); unset: 0,
     * NULL. Every error raised through the checker reports an unknown field
     * of its table (or of its parents') first: a misspelt field explains
     * the other complaints. */
    int t;                         /* absolute stack index of the table */
    const char *const *known;      /* NULL-terminated field names */
    limp_field_note note;
    void *note_ud;
    const struct limp_check *parent;
} limp_check;

/* The prefix of c's fields ("", "body1.", ...), built only for a message
 * (a long one is cut: that only shortens the message). */
typedef struct { char s[96]; } limp_check_prefix_buf;
const char *limp_check_prefix(const limp_check *c, limp_check_prefix_buf *b);

void limp_check_init(limp_check *c, lua_State *L, const char *fn);
/* A checker for the sub-table at key (prefix "key."). */
void limp_check_sub(limp_check *sub, const limp_check *parent, const char *key);

/* Unknown fields. Every table the API takes is checked against the names
 * its function reads (one NULL-terminated list per function): a key that is
 * not one raises "fn: unknown field 'prefix.key' (did you mean 'name'?)",
 * the nearest known name by case-insensitive edit distance (or the list of
 * known names when none is near), or the note's message for a key that
 * another reading uses. */
/* Attach the table at t (a stack index) and its known names (and note). */
void limp_check_known(limp_check *c, int t, const char *const known[],
                      limp_field_note note, void *note_ud);
/* Raise for an unknown field of the attached table (and of the parents'
 * tables, outermost first); return when there is none. The slow path: one
 * scan of the table, each key against the list. */
void limp_check_unknown(const limp_check *c);
/* The fast path for a function that reads each known field once: nread is
 * the number of known fields it found non-nil. A table with as many keys
 * holds no other key; else limp_check_unknown finds and names it. */
void limp_check_count(const limp_check *c, int nread);
/* The nearest of names[] to key (case-insensitive optimal-alignment edit
 * distance, close enough to be a misspelling), or NULL. */
const char *limp_nearest_name(const char *key, const char *const names[]);
/* core._check_fields(fname, t, known [, prefix [, notes]]): the same check
 * for the Lua side (known: a list of names; notes: {key = message}); it
 * returns the message, or nothing when every field is known. */
void limp_open_check(lua_State *L);
/* core._fields[name] = the list known[] (for the Lua side: sweep checks its
 * varied names against the solver's); the module table is on top. */
void limp_check_publish(lua_State *L, const char *name, const char *const known[]);

/* Raise "fn: field 'prefix.key' <message>". Never returns. */
int limp_check_error(const limp_check *c, const char *key, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* Raise "fn: <message>" (no field). Never returns. */
int limp_check_fail(const limp_check *c, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Raise unless the argument at idx is a table. */
void limp_check_table_arg(const limp_check *c, int idx);

/* Is t[key] non-nil? */
int limp_check_has(const limp_check *c, int t, const char *key);

/* A finite number at t[key]. Absent: def when !required, else an error. */
double limp_check_number(const limp_check *c, int t, const char *key,
                         int required, double def);
/* ... and > 0. */
double limp_check_positive(const limp_check *c, int t, const char *key,
                           int required, double def);
/* ... and in [lo, hi]. */
double limp_check_range(const limp_check *c, int t, const char *key,
                        int required, double def, double lo, double hi);
/* An integer at t[key] in [lo, hi]. */
long long limp_check_integer(const limp_check *c, int t, const char *key,
                             int required, long long def,
                             long long lo, long long hi);
/* A boolean (absent: def). */
int limp_check_boolean(const limp_check *c, int t, const char *key, int def);
/* A string at t[key] among names[] (NULL-terminated); returns its index.
 * Absent: def (an index). */
int limp_check_option(const limp_check *c, int t, const char *key, int def,
                      const char *const names[]);
/* A 3-vector given as {x, y, z} or {x =, y =, z =}. */
void limp_check_vec3(const limp_check *c, int t, const char *key,
                     int required, const double def[3], double out[3]);
/* A 3x3 matrix given as {{..},{..},{..}} (rows) or 9 numbers row-major. */
void limp_check_mat3(const limp_check *c, int t, const char *key, double out[9]);

/* Raise unless every key of the table at idx (the value of field key) is
 * an integer in 1..n or one of names[] (NULL: none): "fn: field 'key' has
 * an unknown entry [4] (what)", or a misspelt name as an unknown field. */
void limp_check_entries(const limp_check *c, const char *key, int idx, lua_Integer n,
                        const char *const names[], const char *what);

/* An angle given as key (radians) or key_deg (degrees), in (lo, hi)
 * radians; def when absent and not required. */
double limp_check_angle(const limp_check *c, int t, const char *key, int required,
                        double def, double lo, double hi);
/* A range {from, to, n} given as key (radians) or key_deg (degrees): from
 * and to in (lo, hi) radians, n an integer in [1, 1e6]; def when absent. */
void limp_check_angle_range(const limp_check *c, int t, const char *key, const double def[3],
                            double lo, double hi, double out[3], int *n);

/* Check a finite value already read (for derived quantities). */
void limp_check_finite(const limp_check *c, const char *key, double v);

/* Friction: "mu" sets both; "mu_s"/"mu_k" override; mu_k > mu_s is an
 * error; all >= 0. Absent everywhere: def (0 = frictionless). */
void limp_check_friction(const limp_check *c, int t, double def,
                         double *mu_s, double *mu_k);

/* The complaint about mu_k > mu_s, aimed at the coefficient the user gave
 * (has_s, has_k: present in the table; has_mu: "mu" is): mu_s when mu_k
 * came from mu, mu_k when mu_s did or both were given. Writes what is
 * wrong to msg ("must ...") and returns the field's name. */
const char *limp_friction_message(char *msg, size_t n, double mu_s, double mu_k,
                                  int has_s, int has_k, int has_mu);

/* Result building: t[key] = v for the table on top of the stack. */
void limp_set_number(lua_State *L, const char *key, double v);
void limp_set_string(lua_State *L, const char *key, const char *v);
void limp_set_boolean(lua_State *L, const char *key, int v);
/* Push a 3-vector as a table with both v[1..3] and v.x, v.y, v.z. */
void limp_push_vec3(lua_State *L, const double v[3]);
/* Fill the table on top of the stack with a tangential 2-vector (the x and
 * z components in 3D) as t.x, t.z and t[1], t[2]. */
void limp_set_xz(lua_State *L, const double v[2]);

#endif
