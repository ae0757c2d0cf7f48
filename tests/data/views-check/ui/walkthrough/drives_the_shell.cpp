// SPDX-License-Identifier: GPL-3.0-or-later
// The walkthrough reaching into the shell instead of WalkthroughHost: views_only_draw_fails
// must reject it.
#include "ui/shell/main_window.h"
