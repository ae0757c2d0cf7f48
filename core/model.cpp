// SPDX-License-Identifier: MIT
#include "core/model.h"

namespace fourfold::core {

ModelReport analyzeModel(const Plan& /*plan*/) { return {}; }  // placeholder

}  // namespace fourfold::core
