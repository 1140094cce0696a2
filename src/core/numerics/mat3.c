/* 3x3 matrices and 3-vectors, row-major: products, rotations, cross
 * products for the 3D bodies. */
#include <math.h>
#include <string.h>

#include "mat3.h"

void imp_mat3_identity(double A[9])
{
    memset(A, 0, 9 * sizeof *A);
    A[0] = A[4] = A[8] = 1;
}

void imp_mat3_mul(const double A[9], const double B[9], double C[9])
{
    double T[9];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            T[3 * i + j] = A[3 * i] * B[j] + A[3 * i + 1] * B[3 + j] + A[3 * i + 2] * B[6 + j];
    memcpy(C, T, sizeof T);
}

void imp_mat3_mul_bt(const double A[9], const double B[9], double C[9])
{
    double T[9];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            T[3 * i + j] = A[3 * i] * B[3 * j] + A[3 * i + 1] * B[3 * j + 1] + A[3 * i + 2] * B[3 * j + 2];
    memcpy(C, T, sizeof T);
}

void imp_mat3_transpose(const double A[9], double T[9])
{
    double S[9];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            S[3 * j + i] = A[3 * i + j];
    memcpy(T, S, sizeof S);
}

void imp_mat3_vec(const double A[9], const double x[3], double y[3])
{
    double t[3];
    for (int i = 0; i < 3; i++)
        t[i] = A[3 * i] * x[0] + A[3 * i + 1] * x[1] + A[3 * i + 2] * x[2];
    memcpy(y, t, sizeof t);
}

double imp_mat3_det(const double A[9])
{
    return A[0] * (A[4] * A[8] - A[5] * A[7]) - A[1] * (A[3] * A[8] - A[5] * A[6])
         + A[2] * (A[3] * A[7] - A[4] * A[6]);
}

double imp_mat3_maxabs(const double A[9])
{
    double m = 0;
    for (int i = 0; i < 9; i++)
        if (fabs(A[i]) > m) m = fabs(A[i]);
    return m;
}

int imp_mat3_inverse(const double A[9], double Ainv[9])
{
    double d = imp_mat3_det(A), s = imp_mat3_maxabs(A);
    if (!(fabs(d) > 1e-14 * s * s * s))
        return 0;
    double C[9] = {
        A[4] * A[8] - A[5] * A[7], A[2] * A[7] - A[1] * A[8], A[1] * A[5] - A[2] * A[4],
        A[5] * A[6] - A[3] * A[8], A[0] * A[8] - A[2] * A[6], A[2] * A[3] - A[0] * A[5],
        A[3] * A[7] - A[4] * A[6], A[1] * A[6] - A[0] * A[7], A[0] * A[4] - A[1] * A[3]};
    for (int i = 0; i < 9; i++)
        Ainv[i] = C[i] / d;
    return 1;
}

void imp_mat3_cross(const double r[3], double X[9])
{
    X[0] = 0;     X[1] = -r[2]; X[2] = r[1];
    X[3] = r[2];  X[4] = 0;     X[5] = -r[0];
    X[6] = -r[1]; X[7] = r[0];  X[8] = 0;
}

void imp_mat3_rotate(const double R[9], const double I[9], double out[9])
{
    double T[9];
    imp_mat3_mul(R, I, T);
    imp_mat3_mul_bt(T, R, out);
    /* keep the result exactly symmetric */
    for (int i = 0; i < 3; i++)
        for (int j = i + 1; j < 3; j++)
            out[3 * i + j] = out[3 * j + i] = 0.5 * (out[3 * i + j] + out[3 * j + i]);
}

void imp_mat3_from_quat(const double q[4], double R[9])
{
    double w = q[0], x = q[1], y = q[2], z = q[3];
    R[0] = 1 - 2 * (y * y + z * z); R[1] = 2 * (x * y - w * z);     R[2] = 2 * (x * z + w * y);
    R[3] = 2 * (x * y + w * z);     R[4] = 1 - 2 * (x * x + z * z); R[5] = 2 * (y * z - w * x);
    R[6] = 2 * (x * z - w * y);     R[7] = 2 * (y * z + w * x);     R[8] = 1 - 2 * (x * x + y * y);
}

void imp_mat3_rot_x(double a, double R[9])
{
    double c = cos(a), s = sin(a);
    R[0] = 1; R[1] = 0; R[2] = 0;
    R[3] = 0; R[4] = c; R[5] = -s;
    R[6] = 0; R[7] = s; R[8] = c;
}

void imp_mat3_rot_z(double a, double R[9])
{
    double c = cos(a), s = sin(a);
    R[0] = c; R[1] = -s; R[2] = 0;
    R[3] = s; R[4] = c;  R[5] = 0;
    R[6] = 0; R[7] = 0;  R[8] = 1;
}

double imp_vec3_dot(const double a[3], const double b[3])
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

void imp_vec3_cross(const double a[3], const double b[3], double c[3])
{
    double t[3] = {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    memcpy(c, t, sizeof t);
}

double imp_vec3_norm(const double a[3])
{
    return sqrt(imp_vec3_dot(a, a));
}
