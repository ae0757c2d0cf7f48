# SPDX-License-Identifier: MIT
# `cpack -G DEB` (or `cpack --preset release`): a Debian package of exactly what
# `cmake --install` installs, with its dependencies computed by dpkg-shlibdeps from the
# libraries the binaries link (needs dpkg-dev). Stripped; the desktop, icon and MIME caches
# are refreshed by the triggers of desktop-file-utils, hicolor and shared-mime-info.
set(FOURFOLD_PACKAGE_MAINTAINER "The Fourfold authors <fourfold@users.noreply.invalid>"
    CACHE STRING "Maintainer field of the .deb")

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME fourfold)
set(CPACK_PACKAGE_VENDOR "The Fourfold authors")
set(CPACK_PACKAGE_CONTACT "${FOURFOLD_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "planner for distributed deep-learning training")
set(CPACK_PACKAGE_DESCRIPTION
    "Fourfold answers, live while you edit a plan, whether a training run fits: memory per GPU \
for every pipeline stage (weights, gradients, optimizer states, activations, overheads) \
against the card's capacity, the global batch, a Gantt chart of the pipeline schedule and a \
map of the parallel groups on the cluster. The package holds the desktop app (fourfold) and \
the command-line tool (fourfold-cli).")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The Simplified Chinese interface needs a CJK font to draw its text, and Qt's own translation
# for the buttons of standard dialogs. WenQuanYi Micro Hei first: the font the project builds and
# tests with, a 1.6 MB download where Noto CJK is 56 MB.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-wqy-microhei | fonts-noto-cjk, qt6-translations-l10n")
include(CPack)
