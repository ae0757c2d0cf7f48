// SPDX-License-Identifier: GPL-3.0-or-later
// ui/ reaching into the engines' internals: views_only_draw_fails must reject it.
#include "core/memory/detail/memory_state.h"
