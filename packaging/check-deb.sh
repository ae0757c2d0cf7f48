#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Makes the .deb from a built tree (cpack, no second build), checks its control fields and file
# list, unpacks it into a scratch root and runs both programs from the unpacked /usr/bin.
#   packaging/check-deb.sh [BUILD_DIR]        default: build (the dev preset's tree)
# Needs dpkg-dev and file (./dev.sh setup installs them). Leaves the package in BUILD_DIR/package.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="$(realpath "${1:-$here/build}")"
out="$build_dir/package"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

fail() {
  echo "check-deb: FAILED: $*" >&2
  exit 1
}

rm -rf "$out"
mkdir -p "$out"
if ! (cd "$build_dir" && cpack -G DEB -B "$out" >"$out/cpack.log" 2>&1); then
  cat "$out/cpack.log"
  fail "cpack"
fi
deb="$(ls "$out"/fourfold_*.deb)"
echo "check-deb: built $deb ($(du -h "$deb" | cut -f1))"

# Control fields.
version="$(sed -n 's/^CMAKE_PROJECT_VERSION:[A-Z]*=//p' "$build_dir/CMakeCache.txt")"
field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = fourfold ] || fail "Package is '$(field Package)'"
[ "$(field Version)" = "$version" ] || fail "Version is '$(field Version)', not $version"
[ "$(field Architecture)" = "$(dpkg --print-architecture)" ] || fail "Architecture $(field Architecture)"
[ "$(field Section)" = science ] || fail "Section is '$(field Section)'"
[ -n "$(field Maintainer)" ] || fail "no Maintainer"
[ -n "$(field Description)" ] || fail "no Description"
depends="$(field Depends)"
# Computed by dpkg-shlibdeps from what the binaries link: Qt, QCustomPlot, the C++ runtime.
names="$(tr ',|' '\n\n' <<<"$depends" | sed 's/^ *//; s/ .*//')"
for package in libc6 libstdc++6 libqt6core6 libqt6gui6 libqt6widgets6 libqcustomplot2.1-qt6; do
  grep -qxF "$package" <<<"$names" || fail "Depends lacks $package: $depends"
done
echo "check-deb: Depends: $depends"

# The files are those of the install tree (packaging/install-files.txt), under /usr.
dpkg-deb --fsys-tarfile "$deb" | tar -t | grep -v '/$' | sed 's|^\./usr/||' | sort >"$scratch/files"
grep -v '^#' "$here/packaging/install-files.txt" | grep . | sort >"$scratch/expected"
diff -u "$scratch/expected" "$scratch/files" || fail "package files differ from install-files.txt"

# The dependencies resolve on this system (Debian 12), as `apt-get install ./fourfold_*.deb` would.
apt-get install --simulate -q "$deb" >"$scratch/apt.log" 2>&1 || {
  cat "$scratch/apt.log"
  fail "apt-get cannot install the package"
}

# Unpacked into a scratch root, both programs run from there.
root="$scratch/root"
dpkg-deb -x "$deb" "$root"
bin="$root/usr/bin"
file "$bin/fourfold" "$bin/fourfold-cli" | grep -q 'not stripped' && fail "binaries are not stripped"
if "$bin/fourfold-cli" --version >"$scratch/cli-version" 2>&1; then
  grep -q "$version" "$scratch/cli-version" || fail "fourfold-cli --version: $(cat "$scratch/cli-version")"
else
  "$bin/fourfold-cli" --help | grep -q '^Usage: fourfold-cli' || fail "fourfold-cli --help"
fi
"$bin/fourfold-cli" evaluate "$here/tests/data/golden/article-3d-64gpu/plan.json" >/dev/null ||
  fail "fourfold-cli evaluate"
export QT_QPA_PLATFORM=offscreen HOME="$scratch/home"
[ "$("$bin/fourfold" --version)" = "Fourfold $version" ] || fail "fourfold --version: $("$bin/fourfold" --version)"
"$bin/fourfold" --screenshot "$scratch/window.png" || fail "fourfold --screenshot"
file "$scratch/window.png" | grep -q 'PNG image data, 1600 x 1000' ||
  fail "screenshot is not a 1600 x 1000 PNG: $(file "$scratch/window.png")"
[ "$(stat -c %s "$scratch/window.png")" -gt 20000 ] || fail "screenshot is nearly empty"
echo "check-deb: package fields, files and dependencies as expected; unpacked programs run"
