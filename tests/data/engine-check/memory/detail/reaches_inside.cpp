// SPDX-License-Identifier: MIT
// The memory engine reaching into another engine's internals: engine_includes_fail rejects it.
#include "core/schedule/detail/schedule_gpipe.h"
