/* Small 3x3 helpers (row-major double[9], vectors double[3]) for the 3D
 * solvers. Plain C, no allocation. */
#ifndef IMPACT_MAT3_H
#define IMPACT_MAT3_H

void imp_mat3_identity(double A[9]);
void imp_mat3_mul(const double A[9], const double B[9], double C[9]);      /* C = A B */
void imp_mat3_mul_bt(const double A[9], const double B[9], double C[9]);   /* C = A B^T */
void imp_mat3_transpose(const double A[9], double T[9]);
void imp_mat3_vec(const double A[9], const double x[3], double y[3]);      /* y = A x */
double imp_mat3_det(const double A[9]);
/* Inverse by cofactors; returns 0 when |det| <= tiny * scale^3 (singular). */
int imp_mat3_inverse(const double A[9], double Ainv[9]);
/* [r]x such that [r]x v = r x v. */
void imp_mat3_cross(const double r[3], double X[9]);
/* R I R^T (rotating a tensor from the body frame to the world frame). */
void imp_mat3_rotate(const double R[9], const double I[9], double out[9]);
/* Rotation matrix of a unit quaternion (w, x, y, z). */
void imp_mat3_from_quat(const double q[4], double R[9]);
/* Elementary rotations by angle a about x and z (active, right-handed). */
void imp_mat3_rot_x(double a, double R[9]);
void imp_mat3_rot_z(double a, double R[9]);
/* Largest |entry| (a scale for tolerances). */
double imp_mat3_maxabs(const double A[9]);

double imp_vec3_dot(const double a[3], const double b[3]);
void imp_vec3_cross(const double a[3], const double b[3], double c[3]);
double imp_vec3_norm(const double a[3]);

#endif
