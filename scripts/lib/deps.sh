# Installs what the workbench needs from Debian's packages, only when
# something is missing. Sourced by scripts/run, scripts/test, scripts/bench.
impact_ensure_deps() {
  local missing=()
  command -v cc >/dev/null || missing+=(gcc)
  command -v make >/dev/null || missing+=(make)
  command -v cmake >/dev/null || missing+=(cmake)
  command -v pkg-config >/dev/null || missing+=(pkg-config)
  command -v lua5.4 >/dev/null || missing+=(lua5.4)
  command -v busted >/dev/null || missing+=(lua-busted)
  command -v gnuplot >/dev/null || missing+=(gnuplot-nox)
  command -v tmux >/dev/null || missing+=(tmux)
  command -v luarocks >/dev/null || missing+=(luarocks)   # the rockspec's test
  if command -v pkg-config >/dev/null; then
    pkg-config --exists lua5.4 || missing+=(liblua5.4-dev)
    pkg-config --exists lapacke || missing+=(liblapacke-dev)
    pkg-config --exists readline || missing+=(libreadline-dev)
  else
    missing+=(liblua5.4-dev liblapacke-dev libreadline-dev)
  fi
  # MuJoCo (impact.mujoco) is optional for the build, installed here so that
  # scripts/run and scripts/test build the bridge; Debian ships no .pc for it
  [ -e /usr/include/mujoco/mujoco.h ] || missing+=(libmujoco-dev)
  if ! command -v lua5.4 >/dev/null || ! lua5.4 -e 'require "cjson"' 2>/dev/null; then
    missing+=(lua-cjson)
  fi
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "impact: installing ${missing[*]}" >&2
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "impact: need root or sudo to install ${missing[*]}" >&2; return 1; }
    sudo="sudo"
  fi
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
}
