#!/bin/sh
# CTest install_c_example: installs the build into a temporary prefix,
# builds examples/c/solve2d.c against it with pkg-config (as a C user
# would), runs it and checks its output, and checks the man page and the
# headers. Usage: install_check.sh BUILD_DIR SOURCE_DIR CC [EXTRA_CFLAGS]
set -eu
build=$1 src=$2 cc=$3 extra=${4:-}
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null

# The library, headers and pkg-config file.
pcdir=$(dirname "$(find "$prefix" -name impact.pc | head -n 1)")
[ -f "$pcdir/impact.pc" ] || { echo "no impact.pc under $prefix"; exit 1; }
export PKG_CONFIG_PATH="$pcdir"
flags=$(pkg-config --cflags --libs impact)
echo "pkg-config --cflags --libs impact: $flags"
[ "$(pkg-config --modversion impact)" = "$(sed -n 's/^project(impact VERSION \([0-9.]*\).*/\1/p' "$src/CMakeLists.txt")" ]
for h in impact.h impact2d.h impact3d.h law.h status.h; do
  [ -f "$prefix/include/impact/$h" ] || { echo "missing include/impact/$h"; exit 1; }
done

# The C example, built and run against the install.
# shellcheck disable=SC2086
"$cc" -std=c11 -Wall -Wextra -Werror $extra -o "$prefix/solve2d" "$src/examples/c/solve2d.c" $flags
out=$(ASAN_OPTIONS=detect_leaks=1 "$prefix/solve2d")
echo "$out"
# The expected output is the manual's block after the build command
# (doc/host.md, "The C library"), so the manual cannot drift from the example
# (spec/docs_spec.lua relies on this).
expected=$(awk '/^cc examples\/c\/solve2d\.c/ { cmd = 1; next }
  cmd && /^```$/ { if (++fence == 2) { inblk = 1; next } if (fence == 3) exit }
  inblk { print }' "$src/doc/host.md")
[ -n "$expected" ] || { echo "doc/host.md has no output block after the C example's build command"; exit 1; }
[ "$out" = "$expected" ] || { echo "unexpected output; expected:"; echo "$expected"; exit 1; }

# The man page, where man finds it.
man1="$prefix/share/man/man1/impact.1"
[ -f "$man1" ] || { echo "no $man1"; exit 1; }
grep -q "^\.TH IMPACT 1 \"2026\" \"impact $(pkg-config --modversion impact)\"" "$man1"
if command -v man >/dev/null 2>&1; then
  LC_ALL=C MANWIDTH=80 man -l "$man1" 2>&1 | grep -q "^SYNOPSIS" || { echo "man -l $man1 fails"; exit 1; }
fi
echo "install check passed"
