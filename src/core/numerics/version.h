/* The library's version (IMPACT_VERSION, from CMake). */
#ifndef IMPACT_VERSION_H
#define IMPACT_VERSION_H
#ifndef IMPACT_VERSION
#define IMPACT_VERSION "0.1.0"
#endif
#endif
