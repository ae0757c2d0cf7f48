// SPDX-License-Identifier: GPL-3.0-or-later
// The limits of the controls' number inputs come from the core's documented ranges
// (core/rules/validate_ranges.h), never from constants of their own, so no control can produce a
// value validate() rejects as out of range.
#pragma once

#include "core/rules/validate_ranges.h"

#include <string_view>

namespace fourfold::ui {

// The documented range of a plan key ("/parallel/tp"). A key without one is a programming
// error: it stops the app at start-up (every control asks while it is built).
[[nodiscard]] const core::KeyRange& documentedRange(std::string_view pointer);

}  // namespace fourfold::ui
