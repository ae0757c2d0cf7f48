// SPDX-License-Identifier: MIT
#include "core/validate.h"

namespace fourfold::core {

std::vector<Diagnostic> validate(const Plan& /*plan*/) { return {}; }  // placeholder

}  // namespace fourfold::core
