// SPDX-License-Identifier: GPL-3.0-or-later
// ui/ reaching into the engines' internals: views_only_draw_fails must reject it.
#include "core/detail/memory/memory_common.h"
