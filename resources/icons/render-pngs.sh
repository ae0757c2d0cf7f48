#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Renders fourfold.svg to the PNG sizes the desktop icon theme and the window icon use. The PNGs
# are checked in, so building needs no SVG renderer; run this after editing the SVG
# (Debian package librsvg2-bin provides rsvg-convert).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
for size in 16 24 32 48 64 128 256; do
  rsvg-convert --width "$size" --height "$size" fourfold.svg --output "fourfold-$size.png"
done
