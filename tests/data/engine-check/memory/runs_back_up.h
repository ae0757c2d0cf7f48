// SPDX-License-Identifier: MIT
// The memory engine reaching up to performance: engine_includes_fail must reject it.
#pragma once

#include "core/performance/performance.h"
