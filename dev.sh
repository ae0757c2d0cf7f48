#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Fourfold's one entry point for people and CI on Debian 12.
#   ./dev.sh run [PLAN.json] [app options]   install what is missing, build, start the app
#   ./dev.sh test                            install what is missing, build, run every test
#   ./dev.sh setup                           only install what is missing
#   ./dev.sh build                           install what is missing and build
#   ./dev.sh bench                           build and run the benchmarks
#   ./dev.sh package                         build the release preset and its .deb
# Environment: BUILD_DIR (default: build), BUILD_TYPE (default: RelWithDebInfo).
# Builds use the "dev" preset of CMakePresets.json (warnings are errors); a tree configured
# with another preset or build type is reconfigured.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build_dir="$(realpath -m "${BUILD_DIR:-$here/build}")"
build_type="${BUILD_TYPE:-RelWithDebInfo}"

# Debian 12 packages: compiler and build tools, Qt 6 Widgets/Svg/PrintSupport, QCustomPlot
# (Qt 6 build), nlohmann_json, toml++ (torchtitan's TOML job configs; used header-only, so the
# programs do not need its shared library), Qt Linguist's lrelease/lupdate (qt6-l10n-tools
# alone: the build runs them itself, without qt6-tools-dev's CMake package and its
# Designer/QML/libclang), fonts (WenQuanYi Micro Hei draws the Chinese interface in a 1.6 MB download, Noto CJK would
# be 56 MB), Xvfb for running the GUI without a display, and for the package and its tests:
# dpkg-dev and file (cpack's dependency computation), the desktop-entry, AppStream and MIME
# validators.
packages=(
  cmake ninja-build g++ make
  qt6-base-dev qt6-svg-dev libqcustomplot-dev nlohmann-json3-dev libtomlplusplus-dev
  qt6-l10n-tools qt6-translations-l10n
  fonts-dejavu-core fonts-wqy-microhei xvfb xauth
  dpkg-dev file desktop-file-utils appstream shared-mime-info
)

log() { printf '\033[1mdev.sh:\033[0m %s\n' "$*"; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    log "asking for sudo to run: $*"
    sudo "$@"
  else
    log "need root to run '$*' (and sudo is not installed); run this script as root"
    exit 1
  fi
}

setup() {
  local missing=()
  for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
      missing+=("$package")
    fi
  done
  if [ "${#missing[@]}" -eq 0 ]; then
    log "all ${#packages[@]} required Debian packages are installed"
    return
  fi
  log "installing ${#missing[@]} missing Debian package(s): ${missing[*]}"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -q \
    --no-install-recommends "${missing[@]}"
}

# A cache entry of the configured tree ("" when not configured).
cached() {
  sed -n "s/^$1:[A-Z]*=//p" "$build_dir/CMakeCache.txt" 2>/dev/null || true
}

build() {
  local jobs
  jobs="$(nproc 2>/dev/null || echo 2)"
  if [ ! -f "$build_dir/build.ninja" ] || [ "$(cached FOURFOLD_PRESET)" != dev ] ||
    [ "$(cached CMAKE_BUILD_TYPE)" != "$build_type" ]; then
    log "configuring (preset dev, $build_type) in $build_dir"
    (cd "$here" && cmake --preset dev -B "$build_dir" -DCMAKE_BUILD_TYPE="$build_type")
  fi
  log "building with $jobs jobs"
  cmake --build "$build_dir" -j "$jobs"
}

run_app() {
  local app="$build_dir/fourfold"
  if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] || [ -n "${QT_QPA_PLATFORM:-}" ]; then
    exec "$app" "$@"
  fi
  log "no display found: starting the app inside a virtual X server (xvfb-run)"
  exec xvfb-run -a -s "-screen 0 1600x1000x24" "$app" "$@"
}

run_tests() {
  local jobs
  jobs="$(nproc 2>/dev/null || echo 2)"
  log "running all tests"
  QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}" \
    ctest --test-dir "$build_dir" --output-on-failure -j "$jobs"
}

package() {
  log "building the release preset and its .deb (build-release/)"
  (cd "$here" && cmake --workflow --preset package)
  log "install it with: sudo apt-get install $(ls "$here"/build-release/fourfold_*.deb)"
}

run_benchmarks() {
  cmake --build "$build_dir" --target benchmarks
  local bench
  for bench in "$build_dir"/tests/bench_*; do
    [ -f "$bench" ] && [ -x "$bench" ] || continue
    log "running $(basename "$bench")"
    QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}" "$bench"
  done
}

command="${1:-}"
[ $# -gt 0 ] && shift
case "$command" in
  run) setup; build; run_app "$@" ;;
  test) setup; build; run_tests ;;
  setup) setup ;;
  build) setup; build ;;
  bench) setup; build; run_benchmarks ;;
  package) setup; package ;;
  *)
    sed -n '3,12p' "$0" | sed 's/^# \{0,1\}//'
    [ -z "$command" ] || [ "$command" = "--help" ] || [ "$command" = "-h" ] || exit 2
    ;;
esac
