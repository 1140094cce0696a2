-- LuaRocks: `luarocks --lua-version=5.4 make` in a checkout builds with
-- CMake and installs the module (impact.core and lua/impact/) and the
-- impact executable into the rocks tree (the man page stays in the rock's
-- directory; the C library is left to `cmake --install`). Needs CMake, a C
-- compiler and Debian's liblua5.4-dev, liblapacke-dev and libreadline-dev
-- (pkg-config finds them).
rockspec_format = "3.0"
package = "impact"
version = "0.1.0-1"
source = {
   url = "git+file://.",   -- build from a checkout with `luarocks make`
}
description = {
   summary = "A Lua-scriptable workbench for rigid-body collisions with friction",
   detailed = [[
Routh's impulse-space method in 2D, Sun & Baruh's model and an exact
Darboux-Keller integration in 3D, the published collision models side by
side, the sliding rod (Painleve), sweeps and plots; a C host with a REPL.
]],
   license = "MIT",
}
dependencies = {
   "lua >= 5.4, < 5.5",
}
build = {
   type = "cmake",
   variables = {
      CMAKE_BUILD_TYPE = "Release",
      CMAKE_INSTALL_PREFIX = "$(PREFIX)",
      IMPACT_INSTALL_LUADIR = "$(LUADIR)",
      IMPACT_INSTALL_CMODDIR = "$(LIBDIR)",
      CMAKE_INSTALL_BINDIR = "$(BINDIR)",
      IMPACT_TESTS = "OFF",
      IMPACT_INSTALL_CLIB = "OFF",
   },
}
