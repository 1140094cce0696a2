#!/bin/sh
# CTest luarocks_make: `luarocks make` of the rockspec, from a copy of the
# sources, into a private tree in a temporary directory (removed after),
# then `require "impact"` from that tree under stock lua5.4 and the
# installed impact executable. Exit 77 (skipped) without luarocks.
# Usage: luarocks_check.sh SOURCE_DIR
set -eu
src=$1
command -v luarocks >/dev/null 2>&1 || { echo "luarocks not installed: skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/src"
(cd "$src" && tar cf - CMakeLists.txt impact.pc.in ./*.rockspec LICENSE src lua man) | (cd "$tmp/src" && tar xf -)
tree="$tmp/tree"
(cd "$tmp/src" && HOME="$tmp" luarocks --lua-version=5.4 --tree "$tree" make >"$tmp/log" 2>&1) ||
  { cat "$tmp/log"; exit 1; }
eval "$(HOME="$tmp" luarocks --lua-version=5.4 --tree "$tree" path)"
out=$(lua5.4 -e 'local impact = require "impact"
  local r = impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.3, e = 0.5 }
  print(table.concat({ package.searchpath("impact.core", package.cpath), impact.version, r.mode,
                       string.format("%.6f", r.Py) }, " "))')
echo "$out"
case $out in
  "$tree/lib/lua/5.4/impact/core.so "*" C-reversed 0.556098") ;;
  *) echo "require \"impact\" did not load from $tree"; exit 1 ;;
esac
out=$("$tree/bin/impact" -e 'print(impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.3, e = 0.5 }.mode)')
[ "$out" = "C-reversed" ] || { echo "$tree/bin/impact: $out"; exit 1; }
# Only Lua's files in the tree's Lua directories (no C library there).
extra=$(cd "$tree" && find share/lua lib/lua -type f | grep -v -e '^share/lua/5\.4/impact/' -e '^lib/lua/5\.4/impact/core\.so$' || true)
[ -z "$extra" ] || { echo "unexpected files in the tree: $extra"; exit 1; }
echo "luarocks check passed"
